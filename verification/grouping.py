"""Step 2 of the method: group texts with similar meaning by embedding similarity.

'一階述語論理を用いた RAG におけるハルシネーション判定手法の検討' groups the one-fact sentences of
the chunks and of the answer so that one translation sees every wording of a concept and gives
it one symbol. We embed with the configured model (all-MiniLM-L6-v2 by default; any
``graph.embed.Embedder``) and cluster by average-link agglomeration on cosine similarity: the two
groups with the highest mean pairwise similarity merge while that mean is at least ``threshold``.
Average link (rather than single link) keeps a chain of loosely similar sentences from collapsing
into one group. The offline method uses the same clustering for its symbols.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from graphproof.graph.embed import Embedder
from graphproof.verification.defaults import DEFAULT_THRESHOLD
from numpy.typing import NDArray


def _check_threshold(threshold: float) -> float:
    if not -1.0 <= threshold <= 1.0:
        raise ValueError(f"the similarity threshold must be within [-1, 1], got {threshold!r}")
    return float(threshold)


def cluster_vectors(vectors: NDArray[np.float32], threshold: float = DEFAULT_THRESHOLD) -> list[int]:
    """A cluster label per row of unit-length ``vectors`` (labels numbered by first row, from 0)."""
    threshold = _check_threshold(threshold)
    count = int(vectors.shape[0])
    if count == 0:
        return []
    similarity = (vectors @ vectors.T).astype(np.float64)
    np.fill_diagonal(similarity, -np.inf)
    sizes = np.ones(count)
    alive = np.ones(count, dtype=bool)
    members: list[list[int]] = [[i] for i in range(count)]
    while alive.sum() > 1:
        masked = np.where(alive[:, None] & alive[None, :], similarity, -np.inf)
        flat = int(np.argmax(masked))
        a, b = divmod(flat, count)
        if masked[a, b] < threshold:
            break
        a, b = min(a, b), max(a, b)
        merged = (sizes[a] * similarity[a] + sizes[b] * similarity[b]) / (sizes[a] + sizes[b])
        similarity[a], similarity[:, a] = merged, merged
        similarity[a, a] = -np.inf
        sizes[a] += sizes[b]
        alive[b] = False
        similarity[b, :], similarity[:, b] = -np.inf, -np.inf
        members[a].extend(members[b])
        members[b] = []
    labels = [0] * count
    order = sorted((min(group), group) for group in members if group)
    for label, (_, group) in enumerate(order):
        for index in group:
            labels[index] = label
    return labels


def group_texts(texts: Sequence[str], embedder: Embedder, threshold: float = DEFAULT_THRESHOLD) -> list[list[int]]:
    """Indices of ``texts`` grouped by meaning: each group lists its members in input order."""
    if not texts:
        return []
    labels = cluster_vectors(embedder.embed(list(texts)), threshold)
    groups: dict[int, list[int]] = {}
    for index, label in enumerate(labels):
        groups.setdefault(label, []).append(index)
    return [groups[label] for label in sorted(groups)]
