"""Combinatorics of bipartite ranking (Agarwal et al. 2005, §4; Agarwal & Roth 2005, §4–5).

Bipartite rank matrices and the realizability tests of Thm 4.3; ψ(m, n) exactly for any
size, by brute force for small ones, and its bounds; face counts of hyperplane
arrangements (Buck; Cover, beyond the paper); function classes with their bounds on
r(F, m, n), s(F̂, N), s(F̃, N), s(F̄, N), the constants of Agarwal & Roth's Thm 1 and the
rank dimension; the rank matrices and sign patterns a class really realizes on given
points; rank-shattering and the consistent-hypothesis linear program (Def 6, Thm 9).

Never imports :mod:`aucbound.bounds` (imports point one way: bounds → shatter).
"""

from ._arrangements import (
    arrangement_faces,
    central_arrangement_faces,
    log_arrangement_faces,
    log_central_arrangement_faces,
    log_relaxed_faces,
)
from ._classes import CLASSES, Finite, FunctionClass, Line, Linear, Polynomial, RankGrowth, polynomial_dimension
from ._counting import (
    MAX_TABLE_COST,
    MAX_TABLE_PAIRS,
    check_bruteforce,
    count_realizable_bruteforce,
    enumerate_realizable,
    exact_cost,
    log_matrix_count,
    log_psi,
    log_psi_lower_bound,
    log_psi_upper_bound,
    matrix_count,
    psi,
    psi_cost,
    psi_lower_bound,
    psi_report,
    psi_table,
    psi_upper_bound,
)
from ._measured import MAX_MEASURE_WORK, measure_work, point_dimension, realized_rank_matrices, realized_sign_patterns
from ._rank_dimension import consistent_linear_ranker, rank_shatters
from ._rank_matrices import forbidden_submatrices, is_realizable, rank_matrix
from ._results import ConsistentRanker, CountBound, MeasuredCount, PsiReport, ShatterBound

__all__ = [
    "ConsistentRanker",
    "CountBound",
    "MeasuredCount",
    "PsiReport",
    "ShatterBound",
    "CLASSES",
    "Finite",
    "FunctionClass",
    "Line",
    "Linear",
    "Polynomial",
    "RankGrowth",
    "arrangement_faces",
    "central_arrangement_faces",
    "consistent_linear_ranker",
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
    "psi_table",
    "psi_upper_bound",
    "rank_matrix",
    "rank_shatters",
    "realized_rank_matrices",
    "realized_sign_patterns",
    "MAX_MEASURE_WORK",
    "MAX_TABLE_COST",
    "MAX_TABLE_PAIRS",
    "measure_work",
    "point_dimension",
    "check_bruteforce",
    "exact_cost",
    "psi_cost",
]
