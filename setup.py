"""The one compiled module: the bootstrap's resampling loop and the passes over sorted scores
of the AUC, the ROC curve and DeLong's components (aucbound/empirical/_resample.c).

Everything else is in pyproject.toml. The extension needs only a C99 compiler and the
Python headers (no numpy headers). It is optional: where it does not compile (no C
compiler, no Python headers) the build goes on without it, the bootstrap draws the
identical stream with numpy (see aucbound/empirical/_resampling.py), and the AUC, the ROC
curve and the components come out the same, to the bit, from numpy (aucbound/empirical/_auc.py,
_roc.py, _delong.py, _compare.py).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("aucbound.empirical._resample", ["aucbound/empirical/_resample.c"], optional=True)])
