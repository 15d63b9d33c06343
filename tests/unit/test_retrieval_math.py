"""RRF, Recall@K, nDCG@K and BM25 re-scoring against hand-computed values and rank_bm25."""

from __future__ import annotations

import math

import pytest
from graphproof.evaluation.retrieval_metrics import ndcg_at_k, recall_at_k
from graphproof.graph.model import TermStats
from graphproof.reasoning.bm25 import BM25Params, bm25_score, idf_lucene
from graphproof.reasoning.fusion import rrf
from rank_bm25 import BM25Okapi


def test_rrf_by_hand() -> None:
    fused = dict(rrf([["a", "b", "c"], ["b", "d"]], k=60))
    assert fused["a"] == pytest.approx(1 / 61)
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["c"] == pytest.approx(1 / 63)
    assert fused["d"] == pytest.approx(1 / 62)
    assert [key for key, _ in rrf([["a", "b", "c"], ["b", "d"]])] == ["b", "a", "d", "c"]


def test_rrf_missing_ranks_contribute_nothing_and_duplicates_count_once() -> None:
    assert rrf([["x", "x", "y"], []], k=0) == [("x", 1.0), ("y", pytest.approx(1 / 3))]


def test_rrf_weights_and_bad_arguments() -> None:
    assert [k for k, _ in rrf([["a"], ["b"]], weights=[1.0, 2.0])] == ["b", "a"]
    with pytest.raises(ValueError, match="weights"):
        rrf([["a"]], weights=[1.0, 2.0])
    with pytest.raises(ValueError, match="k must be"):
        rrf([["a"]], k=-1)


def test_recall_by_hand() -> None:
    assert recall_at_k(["a", "x", "b", "y"], {"a", "b", "c"}, 2) == pytest.approx(1 / 3)
    assert recall_at_k(["a", "x", "b", "y"], {"a", "b", "c"}, 4) == pytest.approx(2 / 3)
    assert recall_at_k(["a", "a", "b"], {"b"}, 2) == 1.0, "duplicates are removed before the cut"


def test_ndcg_by_hand() -> None:
    # relevant at ranks 2 and 4 of 2 relevant items: DCG = 1/log2(3) + 1/log2(5); IDCG = 1 + 1/log2(3)
    expected = (1 / math.log2(3) + 1 / math.log2(5)) / (1 + 1 / math.log2(3))
    assert ndcg_at_k(["x", "a", "y", "b"], {"a", "b"}, 10) == pytest.approx(expected)
    assert ndcg_at_k(["a", "b"], {"a", "b"}, 10) == 1.0
    assert ndcg_at_k(["x", "y"], {"a"}, 10) == 0.0
    # with K smaller than the number of relevant items the ideal ranking is cut at K too
    assert ndcg_at_k(["a"], {"a", "b", "c"}, 1) == 1.0
    with pytest.raises(ValueError, match="undefined"):
        ndcg_at_k(["a"], set(), 10)


CORPUS = [
    ["jazz", "festival", "in", "paris", "with", "wolfgang"],
    ["li", "hua", "likes", "jazz", "and", "jazz", "clubs"],
    ["maintenance", "of", "the", "building", "on", "friday"],
    ["wolfgang", "plays", "saxophone"],
    ["the", "building", "manager", "adam", "smith"],
    ["dinner", "with", "wolfgang", "on", "friday", "night"],
]


@pytest.mark.parametrize(("k1", "b"), [(1.5, 0.75), (1.2, 0.75), (0.9, 0.4)])
def test_bm25_matches_rank_bm25_okapi(k1: float, b: float) -> None:
    reference = BM25Okapi(CORPUS, k1=k1, b=b, epsilon=0.25)
    query = ["jazz", "wolfgang", "saxophone"]
    df = {t: sum(t in doc for doc in CORPUS) for t in query}
    stats = TermStats(len(CORPUS), sum(map(len, CORPUS)) / len(CORPUS), df)
    params = BM25Params(k1, b, "robertson")
    ours = [bm25_score(doc, query, stats, params) for doc in CORPUS]
    assert ours == pytest.approx(list(reference.get_scores(query)), rel=1e-9)


def test_lucene_idf_is_positive_even_for_common_terms() -> None:
    assert idf_lucene(10, 10) > 0
    with pytest.raises(ValueError, match="k1"):
        BM25Params(-1, 0.5)
    with pytest.raises(ValueError, match="idf"):
        BM25Params(1.2, 0.75, "tfidf")
