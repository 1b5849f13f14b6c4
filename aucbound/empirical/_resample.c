/*
 * The package's compiled passes: the stratified bootstrap's inner loop (see _bootstrap.py),
 * 2mn·Â* for a block of resamples; the AUC's split and merge (see _auc.py, below), the ROC
 * curve's merge (_roc.py), and the structural components in the order of the items
 * (_delong.py, _compare.py).
 *
 * twice_u(lower, upper, n, seed_words, out)
 *
 *   lower, upper  int64 buffers of length m: for the i-th smallest positive, L_i and
 *                 L_i + E_i, the negatives below it and below or tied with it
 *                 (0 <= L_i <= L_i + E_i <= n)
 *   n             the number of negatives
 *   seed_words    four uint64 words, SeedSequence.generate_state(4, np.uint64)
 *   out           a writable int64 buffer; one value per resample
 *
 * Each resample draws n indices into the sorted negatives, then m indices into the sorted
 * positives, uniformly with replacement. With C[k] the number of negative draws among the
 * k smallest negatives and w_i the number of draws of positive i,
 *
 *     2mn·Â* = Σ_i w_i (C[L_i] + C[L_i + E_i])
 *
 * (a pair counts 2 when the positive is above, 1 when tied): one counting pass and one
 * cumulative sum over the negatives, one counting pass and one sequential sum over the
 * positives, with no sort.
 *
 * Random numbers: PCG64 (O'Neill 2014, XSL-RR 128/64), seeded from the four words exactly
 * as numpy.random.PCG64 seeds itself from a SeedSequence, so its 64-bit outputs are
 * numpy's PCG64.random_raw(). Each output gives two 32-bit words, the low half first (as
 * numpy's own 32-bit draws). A word x gives the index floor(x·bound / 2^32) unless the low
 * 32 bits of x·bound fall below (2^32 − bound) mod bound, in which case the next word is
 * taken instead (Lemire 2019, ACM TOMACS 29): exactly uniform. A bound of 1 draws no word.
 * This is numpy's own Generator(PCG64(seed)).integers(0, bound, dtype=np.uint32), call
 * after call, so the pure-numpy path of _bootstrap.py replays it. The GIL is released while
 * the resamples are drawn, so blocks run in parallel threads.
 *
 * The AUC's linear passes (see _auc.py, which has an exact numpy fallback for each):
 *
 * split(scores, mask, pos, neg) -> first
 *
 *   scores        float64 or int64 buffer of length N (int64 values are converted to float64,
 *                 exactly within +-2^53)
 *   mask          bool buffer of length N, true for a positive
 *   pos, neg      writable float64 buffers of at least m + 1 and n + 1 items (one spare
 *                 slot each: every score is stored in both, and only one pointer moves)
 *   first         the index of the first float64 score that is not finite (NaN or +-inf),
 *                 or of the first int64 score beyond +-2^53 (which float64 may round), or
 *                 -1; the scores are split, in order, all the same
 *
 * counts(pos, neg, below_weight, tied_weight, pos_out, neg_out) -> (sum_below, sum_tied)
 *
 *   pos, neg      float64 buffers, each sorted ascending, no NaN
 *   pos_out       None, or a writable int64 buffer of length m: for the i-th smallest
 *                 positive, below_weight * L_i + tied_weight * E_i, with L_i and E_i the
 *                 negatives below it and tied with it (weights from 0 to 1024)
 *   neg_out       None, or a writable int64 buffer of length n: for the j-th smallest
 *                 negative, below_weight * A_j + tied_weight * F_j, with A_j and F_j the
 *                 positives above it and tied with it
 *                 (either output may instead be a float64 buffer, both of one type: then
 *                 each count is stored less the mean of its class's counts, T/m or T/n
 *                 with T = below_weight * sum_below + tied_weight * sum_tied, as
 *                 (double)count - (q + r/count) with q, r = divmod(T, count): what numpy
 *                 gives for an int64 array minus Python's q + r/count)
 *   sum_below     sum_i L_i = sum_j A_j, exactly (a Python integer)
 *   sum_tied      sum_i E_i = sum_j F_j, exactly: 2U = 2 sum_below + sum_tied
 *
 * levels(pos, neg, values, pos_counts, neg_counts) -> K
 *
 *   pos, neg      float64 buffers, each sorted ascending, no NaN
 *   values        writable float64 buffer of at least m + n items: the K distinct scores of
 *                 both classes, ascending (-0.0 and 0.0 are one level)
 *   pos_counts, neg_counts
 *                 writable int64 buffers of at least m + n items: the positives and the
 *                 negatives at each level
 *
 * Each is one pass over the arrays, in order: the two classes are merged as in a merge
 * sort, one level of tied scores at a time; a long run of equal or smaller scores is
 * crossed by doubling steps and a binary search (galloping, as in Timsort), so that heavily
 * tied scores cost O(levels · log N) where nothing is written per item. The GIL is released.
 *
 * curve(pos, neg, values, tp, fp, thresholds) -> (K, 2U)
 *
 *   the levels' merge, writing the ROC curve from the top as _roc.py builds it: values
 *   (m + n items) gets the K levels; tp, fp (int64) and thresholds (float64, or None), of
 *   m + n + 1 items each, get the curve's K + 1 points in their last K + 1 items (+inf and
 *   0, 0 first; -inf and m, n last; between, the midpoints of consecutive levels from the
 *   top and the counts above them); 2U is summed on the way.
 *
 * The structural components in the order of the items (see _delong.py, _compare.py):
 *
 * order_keys(scores, mask, m, keys, out) -> None, True or False
 *
 *   scores        float64 buffer of length N, finite, or int64 within +-2^53; mask: bool,
 *                 true for a positive; m the number of positives
 *   keys, out     writable uint64 and int64 buffers of length N
 *   With u the score's bits as an unsigned integer in the order of the doubles (2^63 plus
 *   or minus the magnitude's bits), lo the least u and s the trailing zero bits every
 *   u - lo shares: when (u - lo) >> s takes at most min(N, 2^22) values (integers, ratings),
 *   each item's count, 2L + E for a positive and 2A + F for a negative, is written to out
 *   by two counting passes, and None is returned. Otherwise keys[k] = (u - lo) >> shift in
 *   the high bits, then the class, then k (the fewest low bits dropped that make it fit),
 *   and the result says whether no bit was dropped (equal high bits, equal scores).
 *
 * ranked_counts(scores, mask, m, keys, exact, out)
 *
 *   keys sorted ascending (numpy's sort of those of order_keys): one pass over them counts
 *   each run of equal high bits (a run of tied scores; when not exact, a run of two or more
 *   is first sorted by the scores themselves) and writes each item's count at out[k].
 *
 * paired_sums(a, b, mask) -> ((Σa, Σb, Σa², Σb², Σab) over the positives, the same over
 *                             the negatives), or None
 *
 *   a, b          int64 buffers of counts (>= 0), mask as above: the sums, exactly, in
 *                 128 bits; None when 128 bits might not hold them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* --- 128-bit arithmetic, native where the compiler has it -------------------------------- */

typedef struct {
    uint64_t hi, lo;
} u128;

static inline uint64_t mul_high(uint64_t a, uint64_t b)
{
#if defined(__SIZEOF_INT128__)
    return (uint64_t)(((unsigned __int128)a * b) >> 64);
#else
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
#endif
}

static inline u128 add128(u128 a, u128 b)
{
    u128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo);
    return r;
}

static inline u128 mul128(u128 a, u128 b)
{
    u128 r;
    r.lo = a.lo * b.lo;
    r.hi = mul_high(a.lo, b.lo) + a.hi * b.lo + a.lo * b.hi;
    return r;
}

/* --- PCG64, as numpy's ------------------------------------------------------------------- */

typedef struct {
    u128 state, increment;
    uint32_t half;  /* the high half of the last 64-bit output, not yet used */
    int has_half;
} pcg64;

static const u128 PCG_MULTIPLIER = {2549297995355413924ULL, 4865540595714422341ULL};

static inline void pcg64_step(pcg64 *g)
{
    g->state = add128(mul128(g->state, PCG_MULTIPLIER), g->increment);
}

static inline uint64_t pcg64_next64(pcg64 *g)
{
    pcg64_step(g);
    uint64_t folded = g->state.hi ^ g->state.lo;
    unsigned rotation = (unsigned)(g->state.hi >> 58);
    return (folded >> rotation) | (folded << ((64u - rotation) & 63u));
}

/* numpy's pcg64_set_seed(state, words, words + 2): initstate = words[0:2], initseq = words[2:4] */
static void pcg64_seed(pcg64 *g, const uint64_t words[4])
{
    u128 start = {words[0], words[1]};
    g->increment.hi = (words[2] << 1) | (words[3] >> 63);
    g->increment.lo = (words[3] << 1) | 1u;
    g->state.hi = g->state.lo = 0;
    pcg64_step(g);
    g->state = add128(g->state, start);
    pcg64_step(g);
    g->has_half = 0;
    g->half = 0;
}

static inline uint32_t pcg64_next32(pcg64 *g)
{
    if (g->has_half) {
        g->has_half = 0;
        return g->half;
    }
    uint64_t word = pcg64_next64(g);
    g->half = (uint32_t)(word >> 32);
    g->has_half = 1;
    return (uint32_t)word;
}

/* an integer uniform on [0, bound), 1 <= bound < 2^32 (Lemire's multiply-and-reject) */
static inline uint32_t uniform_index(pcg64 *g, uint32_t bound)
{
    if (bound == 1)  /* as numpy's Generator.integers: one choice draws no word */
        return 0;
    uint64_t product = (uint64_t)pcg64_next32(g) * bound;
    uint32_t low = (uint32_t)product;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(0u - bound) % bound;
        while (low < threshold) {
            product = (uint64_t)pcg64_next32(g) * bound;
            low = (uint32_t)product;
        }
    }
    return (uint32_t)(product >> 32);
}

/* --- the resamples ----------------------------------------------------------------------- */

static void draw_block(pcg64 *g, const int64_t *lower, const int64_t *upper, uint32_t m, uint32_t n,
                       uint32_t *below, uint32_t *weight, int64_t *out, Py_ssize_t count)
{
    for (Py_ssize_t r = 0; r < count; r++) {
        /* below[k] = negative draws among the k smallest negatives */
        memset(below, 0, ((size_t)n + 1) * sizeof(uint32_t));
        for (uint32_t t = 0; t < n; t++)
            below[uniform_index(g, n) + 1]++;
        for (uint32_t k = 1; k <= n; k++)
            below[k] += below[k - 1];
        memset(weight, 0, (size_t)m * sizeof(uint32_t));
        for (uint32_t t = 0; t < m; t++)
            weight[uniform_index(g, m)]++;
        uint64_t total = 0;
        for (uint32_t i = 0; i < m; i++)
            total += (uint64_t)weight[i] * ((uint64_t)below[lower[i]] + below[upper[i]]);
        out[r] = (int64_t)total;
    }
}

static int int64_buffer(Py_buffer *view, const char *name)
{
    if (view->len % (Py_ssize_t)sizeof(int64_t) != 0) {
        PyErr_Format(PyExc_ValueError, "`%s` must be a buffer of int64, but has %zd bytes", name, view->len);
        return 0;
    }
    return 1;
}

static PyObject *twice_u(PyObject *module, PyObject *args)
{
    Py_buffer lower, upper, seed, out;
    Py_ssize_t n_size;
    PyObject *result = NULL;
    (void)module;
    if (!PyArg_ParseTuple(args, "y*y*ny*w*", &lower, &upper, &n_size, &seed, &out))
        return NULL;
    Py_ssize_t m_size = lower.len / (Py_ssize_t)sizeof(int64_t);
    Py_ssize_t count = out.len / (Py_ssize_t)sizeof(int64_t);
    const int64_t *low = lower.buf, *high = upper.buf;
    uint32_t *below = NULL, *weight = NULL;
    if (!int64_buffer(&lower, "lower") || !int64_buffer(&upper, "upper") || !int64_buffer(&out, "out"))
        goto done;
    if (upper.len != lower.len) {
        PyErr_SetString(PyExc_ValueError, "`lower` and `upper` must have the same length");
        goto done;
    }
    if (seed.len != 4 * (Py_ssize_t)sizeof(uint64_t)) {
        PyErr_Format(PyExc_ValueError, "`seed_words` must be four uint64 words, but has %zd bytes", seed.len);
        goto done;
    }
    if (m_size < 1 || m_size > (Py_ssize_t)UINT32_MAX - 1 || n_size < 1 || n_size > (Py_ssize_t)UINT32_MAX - 1) {
        PyErr_Format(PyExc_ValueError, "each class must hold 1 to 2^32 - 2 items, but got m = %zd, n = %zd",
                     m_size, n_size);
        goto done;
    }
    for (Py_ssize_t i = 0; i < m_size; i++) {
        if (low[i] < 0 || low[i] > high[i] || high[i] > n_size) {
            PyErr_Format(PyExc_ValueError, "placements must satisfy 0 <= lower <= upper <= n, but item %zd has %lld, %lld",
                         i, (long long)low[i], (long long)high[i]);
            goto done;
        }
    }
    below = malloc(((size_t)n_size + 1) * sizeof(uint32_t));
    weight = malloc((size_t)m_size * sizeof(uint32_t));
    if (below == NULL || weight == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    pcg64 generator;
    pcg64_seed(&generator, (const uint64_t *)seed.buf);
    Py_BEGIN_ALLOW_THREADS
    draw_block(&generator, low, high, (uint32_t)m_size, (uint32_t)n_size, below, weight, (int64_t *)out.buf, count);
    Py_END_ALLOW_THREADS
    result = Py_None;
    Py_INCREF(result);
done:
    free(below);
    free(weight);
    PyBuffer_Release(&lower);
    PyBuffer_Release(&upper);
    PyBuffer_Release(&seed);
    PyBuffer_Release(&out);
    return result;
}

/* --- the AUC's linear passes -------------------------------------------------------------- */

/* A C-contiguous buffer of `name` whose items are `itemsize` bytes of one of the struct
 * codes in `codes`, in native byte order ('@' or '=' allowed before it); writable if asked. */
static int typed_buffer(PyObject *object, Py_buffer *view, const char *name, Py_ssize_t itemsize, const char *codes,
                        int writable)
{
    int flags = PyBUF_FORMAT | PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(object, view, flags) != 0)
        return 0;
    const char *format = view->format ? view->format : "B";
    if (*format == '=' || *format == '@')
        format++;
    if (view->itemsize != itemsize || format[0] == '\0' || format[1] != '\0' || strchr(codes, format[0]) == NULL) {
        PyErr_Format(PyExc_TypeError, "`%s` must be a contiguous buffer of %zd-byte items of type '%s', but has format '%s'",
                     name, itemsize, codes, view->format ? view->format : "B");
        PyBuffer_Release(view);
        return 0;
    }
    return 1;
}

/* The scores' split, in order, into the positives' and the negatives' (as doubles), with
 * *first the index of the first score for which BAD holds, or -1. Every score is stored in
 * both buffers and only one index moves, so the loop has no branch; BAD is tested again, one
 * score at a time, only when some score has it. */
#define SPLIT(NAME, TYPE, BAD)                                                                    \
    static void NAME(const TYPE *scores, const uint8_t *mask, Py_ssize_t size, double *pos,      \
                     double *neg, Py_ssize_t *first)                                              \
    {                                                                                             \
        Py_ssize_t i = 0, j = 0;                                                                  \
        int bad = 0;                                                                              \
        for (Py_ssize_t k = 0; k < size; k++) {                                                   \
            TYPE value = scores[k];                                                               \
            double x = (double)value;                                                             \
            Py_ssize_t positive = mask[k] != 0;                                                   \
            pos[i] = x;                                                                           \
            neg[j] = x;                                                                           \
            i += positive;                                                                        \
            j += 1 - positive;                                                                    \
            bad |= BAD(value);                                                                    \
        }                                                                                         \
        *first = -1;                                                                              \
        for (Py_ssize_t k = 0; bad && k < size; k++) {                                            \
            if (BAD(scores[k])) {                                                                 \
                *first = k;                                                                       \
                break;                                                                            \
            }                                                                                     \
        }                                                                                         \
    }

#define EXACT_INTEGERS (INT64_C(1) << 53)
#define NOT_FINITE(x) (!((x) - (x) == 0.0)) /* NaN and +-inf */
#define BEYOND_EXACT(x) (((x) > EXACT_INTEGERS) | ((x) < -EXACT_INTEGERS)) /* float64 may round */
SPLIT(split_float, double, NOT_FINITE)
SPLIT(split_int, int64_t, BEYOND_EXACT)

static PyObject *split(PyObject *module, PyObject *args)
{
    PyObject *scores_object, *mask_object, *pos_object, *neg_object;
    Py_buffer scores, mask, pos, neg;
    (void)module;
    if (!PyArg_ParseTuple(args, "OOOO", &scores_object, &mask_object, &pos_object, &neg_object))
        return NULL;
    if (!typed_buffer(scores_object, &scores, "scores", 8, "dlq", 0))
        return NULL;
    int is_float = scores.format != NULL && strchr(scores.format, 'd') != NULL;
    PyObject *result = NULL;
    int have_mask = 0, have_pos = 0, have_neg = 0;
    if (!(have_mask = typed_buffer(mask_object, &mask, "mask", 1, "?", 0)))
        goto done;
    if (!(have_pos = typed_buffer(pos_object, &pos, "pos", 8, "d", 1)))
        goto done;
    if (!(have_neg = typed_buffer(neg_object, &neg, "neg", 8, "d", 1)))
        goto done;
    Py_ssize_t size = scores.len / 8;
    if (mask.len != size) {
        PyErr_Format(PyExc_ValueError, "`mask` must hold one item per score (%zd), but has %zd", size, mask.len);
        goto done;
    }
    const uint8_t *flags = mask.buf;
    Py_ssize_t m = 0;
    for (Py_ssize_t k = 0; k < size; k++)
        m += flags[k] != 0;
    if (pos.len / 8 < m + 1 || neg.len / 8 < size - m + 1) {
        PyErr_Format(PyExc_ValueError, "`pos` and `neg` must hold at least m + 1 = %zd and n + 1 = %zd items, but hold %zd and %zd",
                     m + 1, size - m + 1, pos.len / 8, neg.len / 8);
        goto done;
    }
    Py_ssize_t first = -1;
    Py_BEGIN_ALLOW_THREADS
    if (is_float)
        split_float(scores.buf, flags, size, pos.buf, neg.buf, &first);
    else
        split_int(scores.buf, flags, size, pos.buf, neg.buf, &first);
    Py_END_ALLOW_THREADS
    result = PyLong_FromSsize_t(first);
done:
    PyBuffer_Release(&scores);
    if (have_mask)
        PyBuffer_Release(&mask);
    if (have_pos)
        PyBuffer_Release(&pos);
    if (have_neg)
        PyBuffer_Release(&neg);
    return result;
}

/* The first index t >= from (or size) at which a[t] < x (skip_less) or a[t] <= x (skip_at_most)
 * fails, in a sorted `a`: a few steps one by one (runs are short in continuous scores), then
 * doubling steps and a binary search, so that a run of r tied scores costs O(log r). */
#define SKIP(NAME, HOLDS)                                                                 \
    static inline Py_ssize_t NAME(const double *a, Py_ssize_t from, Py_ssize_t size, double x) \
    {                                                                                     \
        Py_ssize_t t = from;                                                              \
        for (int probe = 0; probe < 4; probe++, t++)                                      \
            if (t >= size || !(HOLDS(a[t], x)))                                           \
                return t;                                                                 \
        Py_ssize_t low = t, step = 4, high; /* a[low - 1] holds */                        \
        for (;;) {                                                                        \
            high = low + step;                                                            \
            if (high >= size) {                                                           \
                high = size;                                                              \
                break;                                                                    \
            }                                                                             \
            if (!(HOLDS(a[high - 1], x)))                                                 \
                break;                                                                    \
            low = high;                                                                   \
            step *= 2;                                                                    \
        }                                                                                 \
        while (low < high) { /* the answer is in [low, high] */                           \
            Py_ssize_t middle = low + (high - low) / 2;                                   \
            if (HOLDS(a[middle], x))                                                      \
                low = middle + 1;                                                         \
            else                                                                          \
                high = middle;                                                            \
        }                                                                                 \
        return low;                                                                       \
    }

#define LESS(a, b) ((a) < (b))
#define AT_MOST(a, b) ((a) <= (b))
SKIP(skip_less, LESS)
SKIP(skip_at_most, AT_MOST)

/* One level of tied scores at a time: the positives [i, i2) at the score x, the negatives
 * [low, j) strictly between the previous positive level and x, and [j, k) tied with x. */
static void count_pass(const double *pos, Py_ssize_t m, const double *neg, Py_ssize_t n, int64_t below_weight,
                       int64_t tied_weight, int64_t *pos_out, int64_t *neg_out, uint64_t *sum_below,
                       uint64_t *sum_tied)
{
    Py_ssize_t i = 0, j = 0;
    uint64_t below_total = 0, tied_total = 0;
    while (i < m) {
        double x = pos[i];
        Py_ssize_t low = j;
        j = skip_less(neg, j, n, x);
        if (neg_out != NULL) {
            int64_t value = below_weight * (int64_t)(m - i);
            for (Py_ssize_t t = low; t < j; t++)
                neg_out[t] = value;
        }
        Py_ssize_t k = skip_at_most(neg, j, n, x); /* neg[j] >= x: [j, k) are the ties */
        Py_ssize_t i2 = skip_at_most(pos, i + 1, m, x);
        below_total += (uint64_t)(i2 - i) * (uint64_t)j;
        tied_total += (uint64_t)(i2 - i) * (uint64_t)(k - j);
        if (pos_out != NULL) {
            int64_t value = below_weight * (int64_t)j + tied_weight * (int64_t)(k - j);
            for (Py_ssize_t t = i; t < i2; t++)
                pos_out[t] = value;
        }
        if (neg_out != NULL) {
            int64_t value = below_weight * (int64_t)(m - i2) + tied_weight * (int64_t)(i2 - i);
            for (Py_ssize_t t = j; t < k; t++)
                neg_out[t] = value;
        }
        i = i2;
        j = k;
    }
    if (neg_out != NULL) {
        for (Py_ssize_t t = j; t < n; t++)
            neg_out[t] = 0;
    }
    *sum_below = below_total;
    *sum_tied = tied_total;
}

/* total/count as Python computes q + r/count with q, r = divmod(total, count): each term
 * exact in a double (q, r < 2^53), so the one division and the one addition round alike. */
static double exact_mean(uint64_t total, uint64_t count)
{
    return (double)(total / count) + (double)(total % count) / (double)count;
}

/* The int64 counts in `buffer` replaced, in place, by (double)count - mean. */
static void center(void *buffer, Py_ssize_t size, double mean)
{
    unsigned char *bytes = buffer;
    for (Py_ssize_t t = 0; t < size; t++) {
        int64_t count;
        memcpy(&count, bytes + 8 * t, 8);
        double deviation = (double)count - mean;
        memcpy(bytes + 8 * t, &deviation, 8);
    }
}

/* An output buffer of `length` items, None, int64 or float64: its struct code, 'n' for None. */
static int optional_output(PyObject *object, Py_buffer *view, const char *name, Py_ssize_t length, char *code)
{
    *code = 'n';
    if (object == Py_None)
        return 1;
    if (!typed_buffer(object, view, name, 8, "lqd", 1))
        return 0;
    if (view->len / 8 != length) {
        PyErr_Format(PyExc_ValueError, "`%s` must hold %zd items, but holds %zd", name, length, view->len / 8);
        PyBuffer_Release(view);
        return 0;
    }
    *code = strchr(view->format, 'd') != NULL ? 'd' : 'q';
    return 1;
}

static PyObject *counts(PyObject *module, PyObject *args)
{
    PyObject *pos_object, *neg_object, *pos_out_object, *neg_out_object;
    long long below_weight, tied_weight;
    Py_buffer pos, neg, pos_out, neg_out;
    char pos_code = 'n', neg_code = 'n';
    (void)module;
    if (!PyArg_ParseTuple(args, "OOLLOO", &pos_object, &neg_object, &below_weight, &tied_weight, &pos_out_object,
                          &neg_out_object))
        return NULL;
    if (below_weight < 0 || below_weight > 1024 || tied_weight < 0 || tied_weight > 1024) {
        PyErr_SetString(PyExc_ValueError, "the weights must be integers from 0 to 1024");
        return NULL;
    }
    if (!typed_buffer(pos_object, &pos, "pos", 8, "d", 0))
        return NULL;
    if (!typed_buffer(neg_object, &neg, "neg", 8, "d", 0)) {
        PyBuffer_Release(&pos);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t m = pos.len / 8, n = neg.len / 8;
    /* the sums are at most m·n; a centred output's total T at most max(weights)·m·n */
    if (m > 0 && (uint64_t)n > UINT64_MAX / (uint64_t)m) {
        PyErr_Format(PyExc_ValueError, "m·n must stay below 2^64, but m = %zd and n = %zd", m, n);
        goto done;
    }
    if (!optional_output(pos_out_object, &pos_out, "pos_out", m, &pos_code))
        goto done;
    if (!optional_output(neg_out_object, &neg_out, "neg_out", n, &neg_code))
        goto done;
    if (pos_code != 'n' && neg_code != 'n' && pos_code != neg_code) {
        PyErr_SetString(PyExc_TypeError, "`pos_out` and `neg_out` must be of one type, int64 or float64");
        goto done;
    }
    uint64_t heavier = (uint64_t)(below_weight > tied_weight ? below_weight : tied_weight);
    if ((pos_code == 'd' || neg_code == 'd') && heavier > 1 && (uint64_t)m * (uint64_t)n > UINT64_MAX / heavier) {
        PyErr_Format(PyExc_ValueError, "%llu·m·n must stay below 2^64 for centred counts, but m = %zd and n = %zd",
                     (unsigned long long)heavier, m, n);
        goto done;
    }
    uint64_t sum_below, sum_tied;
    Py_BEGIN_ALLOW_THREADS
    count_pass(pos.buf, m, neg.buf, n, (int64_t)below_weight, (int64_t)tied_weight,
               pos_code != 'n' ? (int64_t *)pos_out.buf : NULL, neg_code != 'n' ? (int64_t *)neg_out.buf : NULL,
               &sum_below, &sum_tied);
    uint64_t total = (uint64_t)below_weight * sum_below + (uint64_t)tied_weight * sum_tied;
    if (pos_code == 'd' && m > 0)
        center(pos_out.buf, m, exact_mean(total, (uint64_t)m));
    if (neg_code == 'd' && n > 0)
        center(neg_out.buf, n, exact_mean(total, (uint64_t)n));
    Py_END_ALLOW_THREADS
    result = Py_BuildValue("(KK)", (unsigned long long)sum_below, (unsigned long long)sum_tied);
done:
    if (pos_code != 'n')
        PyBuffer_Release(&pos_out);
    if (neg_code != 'n')
        PyBuffer_Release(&neg_out);
    PyBuffer_Release(&pos);
    PyBuffer_Release(&neg);
    return result;
}

static Py_ssize_t level_pass(const double *pos, Py_ssize_t m, const double *neg, Py_ssize_t n, double *values,
                             int64_t *pos_counts, int64_t *neg_counts)
{
    Py_ssize_t i = 0, j = 0, level = 0;
    while (i < m || j < n) {
        double x = i < m && (j >= n || pos[i] <= neg[j]) ? pos[i] : neg[j];
        Py_ssize_t i2 = skip_at_most(pos, i, m, x), j2 = skip_at_most(neg, j, n, x);
        values[level] = x;
        pos_counts[level] = (int64_t)(i2 - i);
        neg_counts[level] = (int64_t)(j2 - j);
        level++;
        i = i2;
        j = j2;
    }
    return level;
}

static PyObject *levels(PyObject *module, PyObject *args)
{
    PyObject *objects[5];
    Py_buffer views[5];
    static const char *names[5] = {"pos", "neg", "values", "pos_counts", "neg_counts"};
    static const char *codes[5] = {"d", "d", "d", "lq", "lq"};
    PyObject *result = NULL;
    int held = 0;
    (void)module;
    if (!PyArg_ParseTuple(args, "OOOOO", &objects[0], &objects[1], &objects[2], &objects[3], &objects[4]))
        return NULL;
    for (; held < 5; held++)
        if (!typed_buffer(objects[held], &views[held], names[held], 8, codes[held], held >= 2))
            goto done;
    Py_ssize_t m = views[0].len / 8, n = views[1].len / 8;
    for (int k = 2; k < 5; k++) {
        if (views[k].len / 8 < m + n) {
            PyErr_Format(PyExc_ValueError, "`%s` must hold at least m + n = %zd items, but holds %zd", names[k], m + n,
                         views[k].len / 8);
            goto done;
        }
    }
    Py_ssize_t count;
    Py_BEGIN_ALLOW_THREADS
    count = level_pass(views[0].buf, m, views[1].buf, n, views[2].buf, views[3].buf, views[4].buf);
    Py_END_ALLOW_THREADS
    result = PyLong_FromSsize_t(count);
done:
    for (int k = 0; k < held; k++)
        PyBuffer_Release(&views[k]);
    return result;
}

/* --- the ROC curve ------------------------------------------------------------------------ */

/* The threshold between the levels a < b, as _roc.py's _midpoints: (a + b)/2, or a/2 + b/2
 * where a + b overflows, or b where the midpoint rounds down to a. */
static inline double midpoint(double a, double b)
{
    double middle = (a + b) / 2;
    if (middle - middle != 0.0) /* infinite: a + b overflowed */
        middle = a / 2 + b / 2;
    return middle <= a ? b : middle;
}

/* The levels of the sorted classes as level_pass finds them, written for the curve from the
 * top: with K levels and N = m + n, item N of each buffer is the point at -inf (tp = m,
 * fp = n), and item N - 1 - k the point whose threshold lies between level k and the next
 * (+inf above the top level): tp and fp count the positives and the negatives above level k.
 * values[k] is level k. Returns K; *twice_u is 2U = sum over levels of pos_k (2 neg_below_k +
 * neg_k). Returns -1 where a class is out of order or holds a NaN, so that no item is at most
 * the next level (the pass would not move; the buffers hold at most N levels). */
static Py_ssize_t curve_pass(const double *pos, Py_ssize_t m, const double *neg, Py_ssize_t n, double *values,
                             int64_t *tp, int64_t *fp, double *thresholds, uint64_t *twice_u)
{
    Py_ssize_t size = m + n, i = 0, j = 0, level = 0;
    uint64_t total = 0;
    tp[size] = (int64_t)m;
    fp[size] = (int64_t)n;
    if (thresholds != NULL)
        thresholds[size] = -INFINITY;
    while (i < m || j < n) {
        double x = i < m && (j >= n || pos[i] <= neg[j]) ? pos[i] : neg[j];
        Py_ssize_t i2 = skip_at_most(pos, i, m, x), j2 = skip_at_most(neg, j, n, x);
        if (i2 == i && j2 == j) /* a NaN, or classes out of order: no score is at most x */
            return -1;
        total += (uint64_t)(i2 - i) * (uint64_t)(j + j2);
        if (thresholds != NULL && level > 0)
            thresholds[size - level] = midpoint(values[level - 1], x);
        values[level] = x;
        tp[size - 1 - level] = (int64_t)(m - i2);
        fp[size - 1 - level] = (int64_t)(n - j2);
        level++;
        i = i2;
        j = j2;
    }
    if (thresholds != NULL)
        thresholds[size - level] = INFINITY;
    *twice_u = total;
    return level;
}

static PyObject *curve(PyObject *module, PyObject *args)
{
    PyObject *objects[6];
    Py_buffer views[6];
    static const char *names[6] = {"pos", "neg", "values", "tp", "fp", "thresholds"};
    static const char *codes[6] = {"d", "d", "d", "lq", "lq", "d"};
    PyObject *result = NULL;
    int held = 0;
    (void)module;
    if (!PyArg_ParseTuple(args, "OOOOOO", &objects[0], &objects[1], &objects[2], &objects[3], &objects[4], &objects[5]))
        return NULL;
    int with_thresholds = objects[5] != Py_None;
    for (; held < 5 + with_thresholds; held++)
        if (!typed_buffer(objects[held], &views[held], names[held], 8, codes[held], held >= 2))
            goto done;
    Py_ssize_t m = views[0].len / 8, n = views[1].len / 8;
    for (int k = 2; k < held; k++) {
        Py_ssize_t needed = m + n + (k > 2); /* a point more than there can be levels */
        if (views[k].len / 8 != needed) {
            PyErr_Format(PyExc_ValueError, "`%s` must hold %zd items, but holds %zd", names[k], needed, views[k].len / 8);
            goto done;
        }
    }
    if (m > 0 && (uint64_t)n > UINT64_MAX / 2 / (uint64_t)m) {
        PyErr_Format(PyExc_ValueError, "2·m·n must stay below 2^64, but m = %zd and n = %zd", m, n);
        goto done;
    }
    Py_ssize_t count;
    uint64_t twice;
    Py_BEGIN_ALLOW_THREADS
    count = curve_pass(views[0].buf, m, views[1].buf, n, views[2].buf, views[3].buf, views[4].buf,
                       with_thresholds ? views[5].buf : NULL, &twice);
    Py_END_ALLOW_THREADS
    if (count < 0)
        PyErr_SetString(PyExc_ValueError, "`pos` and `neg` must each be sorted, with no NaN");
    else
        result = Py_BuildValue("(nK)", count, (unsigned long long)twice);
done:
    for (int k = 0; k < held; k++)
        PyBuffer_Release(&views[k]);
    return result;
}

/* --- the structural components in the order of the items ------------------------------- */

/* The bit length of x (0 for 0). */
static int bit_length(uint64_t x)
{
    int length = 0;
    while (x) {
        length++;
        x >>= 1;
    }
    return length;
}

/* The trailing zero bits of x (64 for 0). */
static int trailing_zeros(uint64_t x)
{
    int zeros = 0;
    if (x == 0)
        return 64;
    while (!(x & 1)) {
        zeros++;
        x >>= 1;
    }
    return zeros;
}

/* The bits of x as an unsigned integer in the order of the doubles: 2^63 plus or minus the
 * magnitude's bits, so that -0.0 and +0.0 are one value and the trailing zero bits of the
 * magnitudes (integers, binary fractions) stay trailing zeros on either side of zero. */
static inline uint64_t order_bits(double x)
{
    uint64_t bits;
    memcpy(&bits, &x, 8);
    uint64_t magnitude = bits & ~(UINT64_C(1) << 63);
    return (bits >> 63) ? (UINT64_C(1) << 63) - magnitude : (UINT64_C(1) << 63) + magnitude;
}

/* A score column: float64, or int64 within +-2^53 (each exact as a double). */
typedef struct {
    const void *data;
    int is_int;
} column;

static inline double score_at(column scores, Py_ssize_t k)
{
    return scores.is_int ? (double)((const int64_t *)scores.data)[k] : ((const double *)scores.data)[k];
}

/* The bits that number the items 0 .. size - 1 (at least one). */
static int index_bits(Py_ssize_t size)
{
    int bits = bit_length(size > 1 ? (uint64_t)(size - 1) : 0);
    return bits > 0 ? bits : 1;
}

/* The most distinct bucket values the counting path takes (one int64 table of twice this many). */
#define MAX_BUCKETS (INT64_C(1) << 22)

/* Scores of few distinct values: their order bits less the least, shifted right by their
 * common trailing zeros, take at most `buckets` values, and each item's count is a function of
 * its bucket and class; two passes count each class per bucket and write each item's count
 * (no sort). Returns -1 when the table cannot be had. */
static int count_buckets(column scores, const uint8_t *mask, Py_ssize_t size, int64_t m, uint64_t lo, int shift,
                         int64_t buckets, int64_t *out)
{
    int64_t *table = PyMem_RawCalloc(2 * (size_t)buckets, sizeof(int64_t)); /* [bucket][negative, positive] */
    if (table == NULL)
        return -1;
    for (Py_ssize_t k = 0; k < size; k++)
        table[2 * ((order_bits(score_at(scores, k)) - lo) >> shift) + (mask[k] != 0)]++;
    int64_t pos_below = 0, neg_below = 0;
    for (int64_t b = 0; b < buckets; b++) { /* the counts become 2A + F and 2L + E */
        int64_t neg_in = table[2 * b], pos_in = table[2 * b + 1];
        table[2 * b] = 2 * (m - pos_below) - pos_in;
        table[2 * b + 1] = 2 * neg_below + neg_in;
        pos_below += pos_in;
        neg_below += neg_in;
    }
    for (Py_ssize_t k = 0; k < size; k++)
        out[k] = table[2 * ((order_bits(score_at(scores, k)) - lo) >> shift) + (mask[k] != 0)];
    PyMem_RawFree(table);
    return 0;
}

/* Either the counts of scores of few distinct values straight into `out` (count_buckets:
 * returns 2), or keys[k] = ((u_k - lo) >> shift) << (bits + 1) | positive_k << bits | k
 * (u the order bits of the score, lo the least), with the fewest low bits of u - lo dropped
 * that make the keys fit: returns 1 when nothing is lost (equal high bits, equal scores), else
 * 0; -1 when memory fails. */
static int fill_keys(column scores, const uint8_t *mask, Py_ssize_t size, int64_t m, uint64_t *keys, int64_t *out)
{
    int bits = index_bits(size);
    uint64_t lo = UINT64_MAX, hi = 0, differ = 0, first = size ? order_bits(score_at(scores, 0)) : 0;
    for (Py_ssize_t k = 0; k < size; k++) {
        uint64_t u = order_bits(score_at(scores, k));
        lo = u < lo ? u : lo;
        hi = u > hi ? u : hi;
        differ |= u ^ first;
    }
    if (size == 0)
        return 2;
    if (scores.is_int) { /* an integer beyond +-2^53, which a double may round, is refused */
        const int64_t *values = scores.data;
        int beyond = 0;
        for (Py_ssize_t k = 0; k < size; k++)
            beyond |= BEYOND_EXACT(values[k]);
        if (beyond)
            return -2;
    }
    int common = trailing_zeros(differ); /* every u - lo ends in this many zero bits */
    uint64_t levels = common == 64 ? 1 : ((hi - lo) >> common) + 1;
    if (levels <= (uint64_t)size && levels <= (uint64_t)MAX_BUCKETS)
        return count_buckets(scores, mask, size, m, lo, common == 64 ? 0 : common, (int64_t)levels, out) ? -1 : 2;
    int room = 63 - bits, span = bit_length(hi - lo);
    int shift = span > room ? span - room : 0;
    for (Py_ssize_t k = 0; k < size; k++)
        keys[k] = ((order_bits(score_at(scores, k)) - lo) >> shift) << (bits + 1) | (uint64_t)(mask[k] != 0) << bits
                  | (uint64_t)k;
    return shift <= common;
}

/* The scores (float64, finite, or int64 within +-2^53), the mask (bool) and, writable, the
 * keys (uint64) and the counts (int64), all of one length. */
static int item_buffers(PyObject *const *objects, Py_buffer *views, int writable_from, Py_ssize_t *size)
{
    static const char *names[4] = {"scores", "mask", "keys", "out"};
    static const char *codes[4] = {"dlq", "?", "LQ", "lq"};
    static const Py_ssize_t sizes[4] = {8, 1, 8, 8};
    for (int k = 0; k < 4; k++) {
        if (!typed_buffer(objects[k], &views[k], names[k], sizes[k], codes[k], k >= writable_from)) {
            while (k--)
                PyBuffer_Release(&views[k]);
            return 0;
        }
    }
    *size = views[0].len / 8;
    for (int k = 1; k < 4; k++) {
        if (views[k].len / sizes[k] != *size) {
            PyErr_Format(PyExc_ValueError, "`%s` must hold one item per score (%zd), but holds %zd", names[k], *size,
                         views[k].len / sizes[k]);
            for (int j = 0; j < 4; j++)
                PyBuffer_Release(&views[j]);
            return 0;
        }
    }
    return 1;
}

static PyObject *order_keys(PyObject *module, PyObject *args)
{
    PyObject *objects[4];
    Py_buffer views[4];
    Py_ssize_t size, m;
    (void)module;
    if (!PyArg_ParseTuple(args, "OOnOO", &objects[0], &objects[1], &m, &objects[2], &objects[3]))
        return NULL;
    if (!item_buffers(objects, views, 2, &size))
        return NULL;
    PyObject *result = NULL;
    if (m < 0 || m > size) {
        PyErr_Format(PyExc_ValueError, "`m` must be the number of positives, but is %zd of %zd", m, size);
        goto done;
    }
    int outcome;
    column scores = {views[0].buf, strchr(views[0].format, 'd') == NULL};
    Py_BEGIN_ALLOW_THREADS
    outcome = fill_keys(scores, views[1].buf, size, (int64_t)m, views[2].buf, views[3].buf);
    Py_END_ALLOW_THREADS
    if (outcome == -2) {
        PyErr_SetString(PyExc_ValueError, "`scores` must lie within +-2^53 when they are integers");
    } else if (outcome < 0) {
        PyErr_NoMemory();
    } else if (outcome == 2) {
        result = Py_None;
        Py_INCREF(result);
    } else {
        result = PyBool_FromLong(outcome);
    }
done:
    for (int k = 0; k < 4; k++)
        PyBuffer_Release(&views[k]);
    return result;
}

typedef struct {
    double value;
    uint64_t key;
} scored;

static int by_value(const void *a, const void *b)
{
    double x = ((const scored *)a)->value, y = ((const scored *)b)->value;
    return (x > y) - (x < y);
}

typedef struct {
    int64_t m;
    int bits;                     /* the index bits of the keys; the class bit is above them */
    int64_t pos_below, neg_below; /* the positives and the negatives below the group at hand */
    int64_t *out;
} ranking;

/* One group of tied items (`count` keys, every `stride`-th uint64 from `first`): 2L + E for
 * each positive, 2A + F for each negative, written at each item's index. */
static inline void rank_group(ranking *r, const uint64_t *first, Py_ssize_t count, Py_ssize_t stride)
{
    uint64_t index = (UINT64_C(1) << r->bits) - 1;
    if (count == 1) { /* most groups of continuous scores: no loop, no branch */
        int64_t positive = (int64_t)(first[0] >> r->bits) & 1;
        r->out[first[0] & index] = positive ? 2 * r->neg_below : 2 * (r->m - r->pos_below);
        r->pos_below += positive;
        r->neg_below += 1 - positive;
        return;
    }
    int64_t pos_in = 0;
    for (Py_ssize_t t = 0; t < count; t++)
        pos_in += (int64_t)(first[t * stride] >> r->bits) & 1;
    int64_t neg_in = (int64_t)count - pos_in;
    int64_t positive = 2 * r->neg_below + neg_in, negative = 2 * (r->m - r->pos_below) - pos_in;
    for (Py_ssize_t t = 0; t < count; t++) {
        uint64_t key = first[t * stride];
        r->out[key & index] = (key >> r->bits) & 1 ? positive : negative;
    }
    r->pos_below += pos_in;
    r->neg_below += neg_in;
}

#if defined(__GNUC__)
#define PREFETCH_WRITE(address) __builtin_prefetch((address), 1)
#else
#define PREFETCH_WRITE(address) ((void)0)
#endif
/* How far ahead the pass asks for the memory of the item it will write (the writes go all over
 * the output: asking early hides most of their wait, about twice as fast as not asking, at 64
 * to 128 ahead). */
#define AHEAD 64

/* The pass over the sorted keys: runs of equal score bits are groups of tied scores when the
 * keys are exact; otherwise a run of two or more is sorted by the scores themselves and split
 * where they differ. Returns -1 when the scratch space cannot be had. */
static int rank_pass(const uint64_t *keys, column scores, Py_ssize_t size, int64_t m, int exact, int64_t *out)
{
    Py_ssize_t capacity = 0;
    int bits = index_bits(size);
    uint64_t index = (UINT64_C(1) << bits) - 1;
    scored *scratch = NULL;
    ranking r = {m, bits, 0, 0, out};
    Py_ssize_t t = 0;
    while (t < size) {
        if (t + AHEAD < size)
            PREFETCH_WRITE(out + (keys[t + AHEAD] & index));
        uint64_t high = keys[t] >> (bits + 1);
        Py_ssize_t end = t + 1;
        while (end < size && keys[end] >> (bits + 1) == high)
            end++;
        if (exact || end - t == 1) {
            rank_group(&r, keys + t, end - t, 1);
            t = end;
            continue;
        }
        Py_ssize_t count = end - t;
        if (count > capacity) {
            capacity = 2 * count;
            PyMem_RawFree(scratch);
            scratch = PyMem_RawMalloc((size_t)capacity * sizeof(scored));
            if (scratch == NULL)
                return -1;
        }
        for (Py_ssize_t s = 0; s < count; s++) {
            scratch[s].value = score_at(scores, (Py_ssize_t)(keys[t + s] & index));
            scratch[s].key = keys[t + s];
        }
        qsort(scratch, (size_t)count, sizeof(scored), by_value);
        for (Py_ssize_t s = 0; s < count;) {
            Py_ssize_t s2 = s + 1;
            while (s2 < count && scratch[s2].value == scratch[s].value)
                s2++;
            rank_group(&r, &scratch[s].key, s2 - s, sizeof(scored) / sizeof(uint64_t));
            s = s2;
        }
        t = end;
    }
    PyMem_RawFree(scratch);
    return 0;
}

static PyObject *ranked_counts(PyObject *module, PyObject *args)
{
    PyObject *objects[4];
    Py_buffer views[4];
    Py_ssize_t size, m;
    int exact;
    (void)module;
    if (!PyArg_ParseTuple(args, "OOnOpO", &objects[0], &objects[1], &m, &objects[2], &exact, &objects[3]))
        return NULL;
    if (!item_buffers(objects, views, 3, &size))
        return NULL;
    PyObject *result = NULL;
    if (m < 0 || m > size) {
        PyErr_Format(PyExc_ValueError, "`m` must be the number of positives, but is %zd of %zd", m, size);
        goto done;
    }
    int failed;
    column scores = {views[0].buf, strchr(views[0].format, 'd') == NULL};
    Py_BEGIN_ALLOW_THREADS
    failed = rank_pass(views[2].buf, scores, size, (int64_t)m, exact, views[3].buf);
    Py_END_ALLOW_THREADS
    if (failed) {
        PyErr_NoMemory();
        goto done;
    }
    result = Py_None;
    Py_INCREF(result);
done:
    for (int k = 0; k < 4; k++)
        PyBuffer_Release(&views[k]);
    return result;
}

/* A 128-bit unsigned total as a Python integer. */
static PyObject *long_from_u128(u128 x)
{
    PyObject *high = PyLong_FromUnsignedLongLong(x.hi), *low = PyLong_FromUnsignedLongLong(x.lo);
    PyObject *shift = PyLong_FromLong(64), *shifted = NULL, *total = NULL;
    if (high != NULL && low != NULL && shift != NULL && (shifted = PyNumber_Lshift(high, shift)) != NULL)
        total = PyNumber_Add(shifted, low);
    Py_XDECREF(high);
    Py_XDECREF(low);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    return total;
}

static inline u128 product128(uint64_t a, uint64_t b)
{
    u128 r = {mul_high(a, b), a * b};
    return r;
}

/* The sums of a, b, a², b² and ab over each class, exactly: sums[5 * positive + s]. With
 * counts below 2^c, each product is below 2^(2c), and blocks of 2^(64 - 2c) items (at most
 * 2^20) are summed in 64 bits (over every item and over the positives, in registers), then
 * added in 128; counts of 2^32 or more (classes beyond 2^31 items) go through 128-bit
 * products, one item at a time. Returns 1 for a negative count, 2
 * when the sums might not fit in 128 bits (counts beyond 2^48 in billions of items). */
static int sum_pass(const int64_t *a, const int64_t *b, const uint8_t *mask, Py_ssize_t size, u128 *sums)
{
    int64_t high = 0, low = 0;
    for (Py_ssize_t k = 0; k < size; k++) {
        high = a[k] > high ? a[k] : high;
        high = b[k] > high ? b[k] : high;
        low = a[k] < low ? a[k] : low;
        low = b[k] < low ? b[k] : low;
    }
    if (low < 0)
        return 1;
    int bits = bit_length((uint64_t)high), block_bits = 64 - 2 * bits;
    if (2 * bits + bit_length((uint64_t)size) > 128)
        return 2; /* 128 bits might not hold the sums of products */
    block_bits = block_bits > 20 ? 20 : block_bits;
    if (block_bits <= 0) { /* counts of 2^32 or more: 128-bit products, one item at a time */
        for (Py_ssize_t k = 0; k < size; k++) {
            uint64_t x = (uint64_t)a[k], y = (uint64_t)b[k];
            u128 terms[5] = {{0, x}, {0, y}, product128(x, x), product128(y, y), product128(x, y)};
            u128 *into = sums + 5 * (mask[k] != 0);
            for (int s = 0; s < 5; s++)
                into[s] = add128(into[s], terms[s]);
        }
        return 0;
    }
    Py_ssize_t length = (Py_ssize_t)1 << block_bits;
    for (Py_ssize_t start = 0; start < size; start += length) {
        Py_ssize_t end = size - start > length ? start + length : size;
        /* in registers: the sums over every item and over the positives (the negatives' are the difference) */
        uint64_t all_x = 0, all_y = 0, all_xx = 0, all_yy = 0, all_xy = 0;
        uint64_t pos_x = 0, pos_y = 0, pos_xx = 0, pos_yy = 0, pos_xy = 0;
        for (Py_ssize_t k = start; k < end; k++) {
            uint64_t x = (uint64_t)a[k], y = (uint64_t)b[k], keep = (uint64_t)0 - (uint64_t)(mask[k] != 0);
            uint64_t xx = x * x, yy = y * y, xy = x * y;
            all_x += x;
            all_y += y;
            all_xx += xx;
            all_yy += yy;
            all_xy += xy;
            pos_x += x & keep;
            pos_y += y & keep;
            pos_xx += xx & keep;
            pos_yy += yy & keep;
            pos_xy += xy & keep;
        }
        uint64_t block[10] = {all_x - pos_x, all_y - pos_y, all_xx - pos_xx, all_yy - pos_yy, all_xy - pos_xy,
                              pos_x, pos_y, pos_xx, pos_yy, pos_xy};
        for (int s = 0; s < 10; s++) {
            u128 term = {0, block[s]};
            sums[s] = add128(sums[s], term);
        }
    }
    return 0;
}

static PyObject *paired_sums(PyObject *module, PyObject *args)
{
    PyObject *objects[3];
    Py_buffer views[3];
    static const char *names[3] = {"a", "b", "mask"};
    static const char *codes[3] = {"lq", "lq", "?"};
    static const Py_ssize_t sizes[3] = {8, 8, 1};
    PyObject *result = NULL;
    int held = 0;
    (void)module;
    if (!PyArg_ParseTuple(args, "OOO", &objects[0], &objects[1], &objects[2]))
        return NULL;
    for (; held < 3; held++)
        if (!typed_buffer(objects[held], &views[held], names[held], sizes[held], codes[held], 0))
            goto done;
    Py_ssize_t size = views[0].len / 8;
    if (views[1].len / 8 != size || views[2].len != size) {
        PyErr_Format(PyExc_ValueError, "`a`, `b` and `mask` must be as long, but hold %zd, %zd and %zd items", size,
                     views[1].len / 8, views[2].len);
        goto done;
    }
    u128 sums[10];
    memset(sums, 0, sizeof(sums));
    int outcome;
    Py_BEGIN_ALLOW_THREADS
    outcome = sum_pass(views[0].buf, views[1].buf, views[2].buf, size, sums);
    Py_END_ALLOW_THREADS
    if (outcome == 1) {
        PyErr_SetString(PyExc_ValueError, "`a` and `b` must hold counts (integers >= 0)");
        goto done;
    }
    if (outcome == 2) {
        result = Py_None;
        Py_INCREF(result);
        goto done;
    }
    PyObject *totals[10] = {NULL};
    int ok = 1;
    for (int s = 0; s < 10; s++)
        ok &= (totals[s] = long_from_u128(sums[s])) != NULL;
    if (ok) {
        PyObject *negatives = PyTuple_Pack(5, totals[0], totals[1], totals[2], totals[3], totals[4]);
        PyObject *positives = PyTuple_Pack(5, totals[5], totals[6], totals[7], totals[8], totals[9]);
        if (negatives != NULL && positives != NULL)
            result = PyTuple_Pack(2, positives, negatives);
        Py_XDECREF(negatives);
        Py_XDECREF(positives);
    }
    for (int s = 0; s < 10; s++)
        Py_XDECREF(totals[s]);
done:
    for (int k = 0; k < held; k++)
        PyBuffer_Release(&views[k]);
    return result;
}

static PyMethodDef methods[] = {
    {"twice_u", twice_u, METH_VARARGS,
     "twice_u(lower, upper, n, seed_words, out): 2mn·Â* of len(out) stratified resamples, into out."},
    {"split", split, METH_VARARGS,
     "split(scores, mask, pos, neg): the scores of the positives and the negatives, in order, as float64; "
     "returns the index of the first non-finite float (or int beyond 2^53), or -1."},
    {"counts", counts, METH_VARARGS,
     "counts(pos, neg, below_weight, tied_weight, pos_out, neg_out): each sorted class's counts of the other, "
     "by one merge (float64 outputs: less their mean); returns (sum_below, sum_tied)."},
    {"levels", levels, METH_VARARGS,
     "levels(pos, neg, values, pos_counts, neg_counts): the distinct scores of two sorted classes and each "
     "class's count at each; returns their number."},
    {"curve", curve, METH_VARARGS,
     "curve(pos, neg, values, tp, fp, thresholds): the ROC curve of two sorted classes by one merge: K levels into "
     "values[:K] (of m + n), the curve's K + 1 points (thresholds may be None) into the last K + 1 items of tp, fp "
     "and thresholds (of m + n + 1); returns (K, 2U)."},
    {"order_keys", order_keys, METH_VARARGS,
     "order_keys(scores, mask, m, keys, out): for scores of few distinct values, each item's count (2L + E for a "
     "positive, 2A + F for a negative) straight into out (returns None); else uint64 keys: the order of each "
     "score (high bits), its class and its index (low bits): returns whether equal high bits mean equal scores."},
    {"ranked_counts", ranked_counts, METH_VARARGS,
     "ranked_counts(scores, mask, m, keys, exact, out): from the sorted keys, each item's count into out."},
    {"paired_sums", paired_sums, METH_VARARGS,
     "paired_sums(a, b, mask): ((sum a, sum b, sum a*a, sum b*b, sum a*b) over the positives, the same over the "
     "negatives), exactly, for two int64 arrays of counts; None when 128 bits might not hold them."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_resample", "The stratified bootstrap's resampling loop and the AUC's linear passes (see _resampling.py, _auc.py).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__resample(void)
{
    return PyModule_Create(&module);
}
