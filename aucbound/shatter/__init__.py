"""Combinatorics of bipartite ranking (Agarwal et al. 2005, §4; Agarwal & Roth 2005, §4–5).

``rank_matrices``: bipartite rank matrices and the realizability tests of Thm 4.3;
``counting``: ψ(m, n) exactly for any size, by brute force for small ones, and its bounds;
``arrangements``: face counts of hyperplane arrangements (Buck; Cover, beyond the paper);
``classes``: function classes with their bounds on r(F, m, n), s(F̂, N), s(F̃, N), the
constants of Agarwal & Roth's Thm 1 and the rank dimension; ``measured``: the rank
matrices and sign patterns a class really realizes on given points.

Never imports :mod:`aucbound.bounds` (imports point one way: bounds → shatter).
"""

from .arrangements import (
    arrangement_faces,
    central_arrangement_faces,
    log_arrangement_faces,
    log_central_arrangement_faces,
    log_relaxed_faces,
)
from .classes import Finite, FunctionClass, Line, Linear, Polynomial, polynomial_dimension
from .counting import (
    count_realizable_bruteforce,
    enumerate_realizable,
    log_matrix_count,
    log_psi,
    log_psi_lower_bound,
    log_psi_upper_bound,
    matrix_count,
    psi,
    psi_lower_bound,
    psi_report,
    psi_upper_bound,
)
from .measured import realized_rank_matrices, realized_sign_patterns
from .rank_matrices import forbidden_submatrices, is_realizable, rank_matrix

__all__ = [
    "Finite",
    "FunctionClass",
    "Line",
    "Linear",
    "Polynomial",
    "arrangement_faces",
    "central_arrangement_faces",
    "count_realizable_bruteforce",
    "enumerate_realizable",
    "forbidden_submatrices",
    "is_realizable",
    "log_arrangement_faces",
    "log_central_arrangement_faces",
    "log_matrix_count",
    "log_psi",
    "log_psi_lower_bound",
    "log_psi_upper_bound",
    "log_relaxed_faces",
    "matrix_count",
    "polynomial_dimension",
    "psi",
    "psi_lower_bound",
    "psi_report",
    "psi_upper_bound",
    "rank_matrix",
    "realized_rank_matrices",
    "realized_sign_patterns",
]
