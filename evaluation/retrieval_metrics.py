"""Retrieval metrics with binary relevance, as the LiHua-World evaluation defines them.

- Recall@K = |relevant ∩ top K| / |relevant|  (the share of a question's evidence items found)
- nDCG@K = DCG@K / IDCG@K, DCG@K = Σ_{i ≤ K, item i relevant} 1 / log2(i + 1), ranks from 1;
  IDCG@K is the DCG of a ranking with all relevant items first (min(|relevant|, K) of them).
Items are deduplicated (first occurrence kept) before cutting at K.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence


def _top(ranked: Sequence[str], k: int) -> list[str]:
    if k < 1:
        raise ValueError(f"K must be >= 1, got {k}")
    return list(dict.fromkeys(ranked))[:k]


def recall_at_k(ranked: Sequence[str], relevant: Collection[str], k: int) -> float:
    if not relevant:
        raise ValueError("recall is undefined for a question with no relevant items")
    return len(set(_top(ranked, k)) & set(relevant)) / len(set(relevant))


def ndcg_at_k(ranked: Sequence[str], relevant: Collection[str], k: int) -> float:
    if not relevant:
        raise ValueError("nDCG is undefined for a question with no relevant items")
    wanted = set(relevant)
    dcg = sum(1 / math.log2(i + 2) for i, item in enumerate(_top(ranked, k)) if item in wanted)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(len(wanted), k)))
    return dcg / ideal
