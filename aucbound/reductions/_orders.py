"""Rankings as orders and as positions: the one place the reductions invert an order.

An order lists the items from the top (order[0] is ranked first); a position gives each
item's place (position[u] = 0 for the top item). The two are inverse permutations.
"""

from __future__ import annotations

import numpy as np

__all__ = ["positions"]


def positions(order):
    """The inverse of a permutation, or of each row of a stack of them: position[..., order[..., i]] = i.

    Read-only int64.

    >>> positions([2, 0, 1]).tolist()
    [1, 2, 0]
    """
    order = np.asarray(order)
    position = np.empty(order.shape, dtype=np.int64)
    places = np.broadcast_to(np.arange(order.shape[-1], dtype=np.int64), order.shape)
    np.put_along_axis(position, order, places, axis=-1)
    position.setflags(write=False)
    return position
