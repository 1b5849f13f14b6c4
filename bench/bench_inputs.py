"""What the ways of passing data cost: aucbound.auc on numpy arrays, on pandas Series, on a
DataFrame's column names, and under nan_policy="omit" with 1% of the scores missing, beside
one numpy sort of the scores and scikit-learn's roc_auc_score (when installed).

    python bench/bench_inputs.py [N]

Best of 7 runs each; ratios are to one np.sort of the same scores.
"""

import sys
import warnings

import numpy as np
import pandas as pd

import aucbound
from _timing import best



def main(size: int) -> None:
    rng = np.random.default_rng(0)
    labels = rng.random(size) < 0.3
    scores = rng.normal(size=size) + labels
    frame = pd.DataFrame({"y": labels, "s": scores})
    holes = scores.copy()
    holes[rng.choice(size, size // 100, replace=False)] = np.nan
    warnings.simplefilter("ignore", aucbound.RowsOmittedWarning)
    sort = best(lambda: np.sort(scores))
    cases = {
        "np.sort (reference)": lambda: np.sort(scores),
        "auc(arrays)": lambda: aucbound.auc(labels, scores),
        "auc(Series)": lambda: aucbound.auc(frame["y"], frame["s"]),
        "auc('y', 's', data=frame)": lambda: aucbound.auc("y", "s", data=frame),
        "auc(arrays, nan_policy='omit'), 1% NaN": lambda: aucbound.auc(labels, holes, nan_policy="omit"),
    }
    try:
        from sklearn.metrics import roc_auc_score

        cases["sklearn roc_auc_score(arrays)"] = lambda: roc_auc_score(labels, scores)
    except ImportError:
        pass
    print(f"N = {size:,}, best of 7")
    print(f"{'call':44} {'ms':>8} {'x sort':>8}")
    for name, call in cases.items():
        took = best(call)
        print(f"{name:44} {took * 1e3:8.1f} {took / sort:8.2f}")


if __name__ == "__main__":
    main(int(float(sys.argv[1])) if len(sys.argv) > 1 else 10**6)
