"""AUC and its intervals from real scores and labels."""

from .auc import auc, auc_from_groups

__all__ = ["auc", "auc_from_groups"]
