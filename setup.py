"""The one compiled module: the bootstrap's resampling loop (aucbound/empirical/_resample.c).

Everything else is in pyproject.toml. The extension needs only a C99 compiler and the
Python headers (no numpy headers).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("aucbound.empirical._resample", ["aucbound/empirical/_resample.c"])])
