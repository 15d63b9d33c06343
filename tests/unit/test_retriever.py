"""Every retrieval method on a small fixture graph: the bundled demo corpus, ingested for real."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.resources import as_file, files
from pathlib import Path

import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.model import Chunk, Hit
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.loaders.extract.rule import RuleExtractor
from graphproof.loaders.ingest import ingest
from graphproof.loaders.sources import read_sources
from graphproof.reasoning.answer import extractive_answer, llm_answer
from graphproof.reasoning.bm25 import BM25Params
from graphproof.reasoning.errors import RetrievalError
from graphproof.reasoning.retriever import METHODS, RetrievalConfig, Retriever

QUESTION = "Who built the Heron Mk II drones used by Project Heron?"


def short(item_id: str) -> str:
    """A document or chunk id without the folder: documents are identified by their absolute path."""
    return item_id.rsplit("/", 1)[-1]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SQLiteStore]:
    db = SQLiteStore(tmp_path_factory.mktemp("retrieval") / "demo.db")
    with as_file(files("graphproof") / "demo_corpus") as folder:
        docs = sorted(Path(folder).glob("*.md"))
        report = ingest(db, read_sources(docs), RuleExtractor(), HashingEmbedder(128))
    assert report.added == 6
    yield db
    db.close()


class KeywordReranker:
    """A stand-in cross-encoder: scores a chunk by how often it says 'Orrery'."""

    def rerank(self, question: str, chunks: list[Chunk]) -> list[Hit[Chunk]]:
        scored = [Hit(c, float(c.text.count("Orrery"))) for c in chunks]
        return sorted(scored, key=lambda h: (-h.score, h.item.id))


@pytest.fixture(scope="module")
def retriever(store: SQLiteStore) -> Retriever:
    return Retriever(store, HashingEmbedder(128), RetrievalConfig(depth=10), KeywordReranker())


@pytest.mark.parametrize("method", METHODS)
def test_every_method_returns_ranked_chunks(retriever: Retriever, method: str) -> None:
    result = retriever.retrieve(QUESTION, method)
    assert result.method == method and result.chunks
    assert all(a.score >= b.score for a, b in zip(result.chunks, result.chunks[1:], strict=False))
    assert len({h.item.id for h in result.chunks}) == len(result.chunks)
    assert result.ms > 0


@pytest.mark.parametrize("method", [m for m in METHODS if m != "hybrid-rerank"])
@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What happened at the symposium?", "brackwater-symposium-2025.md#0"),
        ("Which sensor pod do the drones carry, and who makes it?", "project-heron.md#0"),
    ],
)
def test_every_method_ranks_the_right_chunk_first(
    retriever: Retriever, method: str, question: str, expected: str
) -> None:
    top = [short(h.item.id) for h in retriever.retrieve(question, method).chunks[:3]]
    assert top[0] == expected, (method, top)


def test_lexical_methods_find_the_project_document(retriever: Retriever) -> None:
    for method in ("bm25", "edge-bm25", "hybrid-rrf"):
        top = [short(h.item.document_id) for h in retriever.retrieve(QUESTION, method).chunks[:3]]
        assert "project-heron.md" in top, (method, top)


def test_graph_methods_return_weighted_paths_from_linked_entities(retriever: Retriever) -> None:
    result = retriever.retrieve(QUESTION, "edge-bm25")
    assert "project heron" in {s.item.id for s in result.seeds}
    assert result.paths and all(a.weight >= b.weight for a, b in zip(result.paths, result.paths[1:], strict=False))
    formatted = [p.format() for p in result.paths]
    assert any("Heron Mk II" in f for f in formatted), formatted[:5]
    for weighted, text in zip(result.paths, formatted, strict=True):  # every edge is written in its direction
        path = weighted.path
        for before, relation, after in zip(path.entities[:-1], path.relations, path.entities[1:], strict=True):
            mark = "—" if relation.predicate == "related_to" else "→" if relation.source_id == before.id else "←"
            assert f"{before.name} {mark} {relation.predicate} {mark} {after.name}" in text


def test_hybrid_rrf_fuses_graph_and_bm25(retriever: Retriever) -> None:
    graph = [h.item.id for h in retriever.retrieve(QUESTION, "edge-bm25").chunks]
    bm25 = [h.item.id for h in retriever.retrieve(QUESTION, "bm25").chunks]
    fused = retriever.retrieve(QUESTION, "hybrid-rrf")
    first = fused.chunks[0]
    expected = sum(1 / (60 + lst.index(first.item.id) + 1) for lst in (graph, bm25) if first.item.id in lst)
    assert first.score == pytest.approx(expected)


def test_rerank_uses_the_configured_cross_encoder(retriever: Retriever) -> None:
    result = retriever.retrieve(QUESTION, "hybrid-rerank")
    counts = [h.item.text.count("Orrery") for h in result.chunks]
    assert counts == sorted(counts, reverse=True), "the whole list follows the cross-encoder's scores"
    assert [h.score for h in result.chunks] == [float(c) for c in counts]
    candidates = {h.item.id for m in ("hybrid-rrf", "naive") for h in retriever.retrieve(QUESTION, m).chunks}
    assert {h.item.id for h in result.chunks} <= candidates, "it re-ranks the fused candidates, it adds none"


def test_in_process_bm25_rescoring_changes_scores_not_membership(store: SQLiteStore) -> None:
    native = Retriever(store, None, RetrievalConfig(depth=10)).retrieve(QUESTION, "bm25")
    rescored = Retriever(store, None, RetrievalConfig(depth=10, bm25=BM25Params(1.5, 0.75))).retrieve(QUESTION, "bm25")
    assert {h.item.id for h in native.chunks} == {h.item.id for h in rescored.chunks}
    assert [h.score for h in native.chunks] != [h.score for h in rescored.chunks]


def test_bad_requests(store: SQLiteStore, retriever: Retriever) -> None:
    with pytest.raises(RetrievalError, match="unknown retrieval method"):
        retriever.retrieve(QUESTION, "magic")
    with pytest.raises(RetrievalError, match="empty"):
        retriever.retrieve("  ", "bm25")
    with pytest.raises(RetrievalError, match="embedder"):
        Retriever(store).retrieve(QUESTION, "naive")
    with pytest.raises(RetrievalError, match="needs a cross-encoder: pass reranker="):
        Retriever(store, HashingEmbedder(128)).retrieve(QUESTION, "hybrid-rerank")


def test_graph_vector_says_when_no_entity_is_linked(store: SQLiteStore) -> None:
    strict = Retriever(store, HashingEmbedder(128), RetrievalConfig(link_min_similarity=0.99))
    result = strict.retrieve("zzzz qqqq", "graph-vector")
    assert result.seeds == [] and result.chunks == []
    assert result.notes == ["no entity of the question was found in the graph"]


def test_extractive_answer_quotes_the_evidence(store: SQLiteStore, retriever: Retriever) -> None:
    result = retriever.retrieve(QUESTION, "hybrid-rrf")
    answer = extractive_answer(store, result)
    assert answer.method == "extractive" and "Orrery Systems" in answer.text
    for chunk_id, sentence in answer.evidence:
        text = " ".join(store.chunks([chunk_id])[0].text.replace("**", "").split())
        assert " ".join(sentence.split()) in text


def test_llm_answer_with_a_scripted_model(retriever: Retriever) -> None:
    from langchain_core.language_models.fake_chat_models import FakeListChatModel

    model = FakeListChatModel(responses=["Orrery Systems built them [1]."])
    answer = llm_answer(model, retriever.retrieve(QUESTION, "hybrid-rrf"))
    assert (answer.method, answer.text) == ("llm", "Orrery Systems built them [1].")
