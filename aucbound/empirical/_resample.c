/*
 * The stratified bootstrap's inner loop (see _bootstrap.py): 2mn·Â* for a block of resamples.
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
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

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

static PyMethodDef methods[] = {
    {"twice_u", twice_u, METH_VARARGS,
     "twice_u(lower, upper, n, seed_words, out): 2mn·Â* of len(out) stratified resamples, into out."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_resample", "The stratified bootstrap's resampling loop (see bootstrap.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__resample(void)
{
    return PyModule_Create(&module);
}
