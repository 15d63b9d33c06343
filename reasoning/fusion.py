"""Reciprocal Rank Fusion (Cormack, Clarke & Büttcher, SIGIR 2009).

score(d) = Σ_lists 1 / (k + rank_list(d)), ranks starting at 1; a list that does not contain d
contributes 0. k = 60 by default, as in the paper.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

DEFAULT_RRF_K = 60


def rrf(
    rankings: Sequence[Sequence[K]], k: int = DEFAULT_RRF_K, weights: Sequence[float] | None = None
) -> list[tuple[K, float]]:
    """Fuse ranked lists of ids; best first, ties broken by first appearance across the lists.

    ``weights`` (one per list, default 1) scale each list's contribution. Duplicates inside one list
    count at their first (best) rank only.
    """
    if k < 0:
        raise ValueError(f"RRF k must be >= 0, got {k}")
    if weights is not None and len(weights) != len(rankings):
        raise ValueError(f"got {len(weights)} weights for {len(rankings)} rankings")
    scores: dict[K, float] = {}
    for index, ranking in enumerate(rankings):
        weight = 1.0 if weights is None else weights[index]
        seen: set[K] = set()
        for rank, key in enumerate(ranking, start=1):
            if key in seen:
                continue
            seen.add(key)
            scores[key] = scores.get(key, 0.0) + weight / (k + rank)
    order = {key: i for i, key in enumerate(scores)}
    return sorted(scores.items(), key=lambda item: (-item[1], order[item[0]]))
