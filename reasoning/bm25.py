"""In-process BM25 re-scoring with explicit parameters, over candidates a full-text index returned.

The stores rank with their own BM25 (SQLite FTS5: k1 1.2, b 0.75; Neo4j/Lucene: k1 1.2, b 0.75,
idf ln(1 + (N - n + 0.5)/(n + 0.5))). The BM25 path-weighting paper used k1 = 1.5, b = 0.75; this
module re-scores candidates with any k1/b, using the *corpus* statistics the store reports
(``GraphStore.term_stats``), so scores do not depend on which candidates were fetched.

Scoring functions are chosen by name (``SCORERS``) and checked against ``rank_bm25`` in the tests.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from graphproof.graph.model import TermStats

Idf = Callable[[int, int], float]


def idf_robertson(rows: int, df: int) -> float:
    """Robertson-Spärck Jones idf as in BM25Okapi/FTS5: ln((N - n + 0.5) / (n + 0.5)) (may be <= 0)."""
    return math.log((rows - df + 0.5) / (df + 0.5))


def idf_lucene(rows: int, df: int) -> float:
    """Lucene's idf: ln(1 + (N - n + 0.5) / (n + 0.5)), always positive."""
    return math.log(1 + (rows - df + 0.5) / (df + 0.5))


SCORERS: dict[str, Idf] = {"robertson": idf_robertson, "lucene": idf_lucene}


@dataclass(frozen=True)
class BM25Params:
    k1: float = 1.5
    b: float = 0.75
    idf: str = "lucene"

    def __post_init__(self) -> None:
        if self.k1 < 0 or not 0 <= self.b <= 1:
            raise ValueError(f"BM25 needs k1 >= 0 and 0 <= b <= 1, got k1={self.k1}, b={self.b}")
        if self.idf not in SCORERS:
            raise ValueError(f"unknown idf {self.idf!r}; expected one of {sorted(SCORERS)}")


def bm25_score(doc_terms: Sequence[str], query_terms: Sequence[str], stats: TermStats, params: BM25Params) -> float:
    """Σ_t idf(t) · tf (k1 + 1) / (tf + k1 (1 - b + b · |d| / avgdl)) over the distinct query terms."""
    idf = SCORERS[params.idf]
    counts = Counter(doc_terms)
    length = len(doc_terms)
    norm = params.k1 * (1 - params.b + params.b * length / stats.avg_length) if stats.avg_length else params.k1
    score = 0.0
    for term in dict.fromkeys(query_terms):
        tf = counts.get(term, 0)
        if tf:
            score += idf(stats.rows, stats.df.get(term, 0)) * tf * (params.k1 + 1) / (tf + norm)
    return score
