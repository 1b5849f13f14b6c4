"""The multiclass AUC's cost beside sorting its score columns, in one run.

For N cases of k classes (uniform labels, normal scores shifted in each case's own column), times
``np.sort`` of the k columns and :func:`aucbound.multiclass_auc` with the DeLong-type interval
(the point value, the components, their exact covariance), each the best of ``--repeat`` runs,
and prints their ratio; ratios measured side by side are robust to the machine's load, absolute
seconds are not. With ``--bootstrap B`` it also times B stratified resamples; with ``--weights``
the weighted calls too (integer weights 1–4 as frequency weights, the same plus ½ as sampling
weights). The peak memory
traced by tracemalloc (numpy's arrays included) is printed beside N·k·8 bytes, one float64 copy
of the scores.

    python bench/multiclass_speed.py --n 1000000 --k 5
    python bench/multiclass_speed.py --n 1000000 --k 5 --weights
"""

from __future__ import annotations

import argparse
import tracemalloc

import numpy as np

import aucbound
from _timing import best



def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=10**6)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--bootstrap", type=int, default=0, help="also time this many resamples")
    parser.add_argument("--weights", action="store_true", help="also time the weighted calls")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(0)
    labels = rng.integers(0, args.k, args.n)
    scores = rng.normal(size=(args.n, args.k)) + (labels[:, None] == np.arange(args.k))
    columns = [np.ascontiguousarray(scores[:, j]) for j in range(args.k)]
    aucbound.multiclass_auc(labels[:1000], scores[:1000])  # imports and first-call costs out of the timing
    sort = best(lambda: [np.sort(column) for column in columns], args.repeat)
    print(f"N = {args.n:,}, k = {args.k}: np.sort of the {args.k} columns {sort:.3f} s")
    for kind, average in (("hand-till", "macro"), ("ovr", "weighted")):
        took = best(lambda: aucbound.multiclass_auc(labels, scores, kind=kind, average=average, methods=["delong"]),
                    args.repeat)
        print(f"multiclass_auc(kind={kind!r}, average={average!r}, methods=['delong']): {took:.3f} s, "
              f"{took / sort:.2f} × the sort")
    if args.weights:
        counts = rng.integers(1, 5, args.n)
        for weight_kind, weights in (("frequency", counts), ("sampling", counts + 0.5)):
            took = best(lambda: aucbound.multiclass_auc(labels, scores, sample_weight=weights, weight_kind=weight_kind,
                                                        methods=["delong"]), args.repeat)
            print(f"multiclass_auc(..., weight_kind={weight_kind!r}, methods=['delong']): {took:.3f} s, "
                  f"{took / sort:.2f} × the sort")
    tracemalloc.start()
    aucbound.multiclass_auc(labels, scores, methods=["delong"])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"peak traced memory {peak / 2**20:.0f} MiB = {peak / (args.n * args.k * 8):.1f} × N·k·8 bytes")
    if args.bootstrap:
        took = best(lambda: aucbound.multiclass_auc(labels, scores, methods=["bootstrap-percentile"],
                                                    resamples=args.bootstrap, workers=1), 1)
        print(f"with {args.bootstrap} bootstrap resamples (one thread): {took:.3f} s, {took / sort:.1f} × the sort")


if __name__ == "__main__":
    main()
