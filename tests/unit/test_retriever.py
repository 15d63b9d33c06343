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
from graphproof.reasoning.path_order import display_order
from graphproof.reasoning.paths import UNSTATED, question_shape
from graphproof.reasoning.retriever import METHODS, Retrieval, RetrievalConfig, RetrievalMemo, Retriever

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


def test_graph_methods_return_weighted_paths_from_linked_entities(store: SQLiteStore) -> None:
    weighted_order = Retriever(store, HashingEmbedder(128), RetrievalConfig(depth=10, order_paths=False))
    result = weighted_order.retrieve(QUESTION, "edge-bm25")
    assert "project heron" in {s.item.id for s in result.seeds}
    assert result.paths
    stated = [any(r.predicate not in UNSTATED for r in p.path.relations) for p in result.paths]
    assert stated == sorted(stated, reverse=True), "paths with a stated edge come first"
    for group in (True, False):  # heaviest first within each group
        weights = [p.weight for p, s in zip(result.paths, stated, strict=True) if s is group]
        assert weights == sorted(weights, reverse=True)
    formatted = [p.format() for p in result.paths]
    assert any("Heron Mk II" in f for f in formatted), formatted[:5]
    for weighted, text in zip(result.paths, formatted, strict=True):  # every edge is written in its direction
        path = weighted.path
        for before, relation, after in zip(path.entities[:-1], path.relations, path.entities[1:], strict=True):
            mark = "—" if relation.predicate == "related_to" else "→" if relation.source_id == before.id else "←"
            assert f"{before.name} {mark} {relation.predicate} {mark} {after.name}" in text


def test_paths_are_listed_in_display_order_with_the_same_weights_and_chunks(store: SQLiteStore) -> None:
    by_weight = Retriever(store, HashingEmbedder(128), RetrievalConfig(depth=10, order_paths=False))
    shown = Retriever(store, HashingEmbedder(128), RetrievalConfig(depth=10))
    for method in ("edge-bm25", "hybrid-rrf"):
        plain, ordered = by_weight.retrieve(QUESTION, method), shown.retrieve(QUESTION, method)
        assert [h.item.id for h in plain.chunks] == [h.item.id for h in ordered.chunks]
        seeds = frozenset(s.item.id for s in plain.seeds)
        shape = question_shape(QUESTION, by_weight.analyzer)
        assert ordered.paths == display_order(plain.paths, shape, seeds, analyzer=by_weight.analyzer)
        assert (plain.paths_order, ordered.paths_order) == ("weight", "display")  # what a page's caption reads
        assert ordered.to_dict()["paths_order"] == "display"
        assert sorted((p.format(), p.weight) for p in ordered.paths) == sorted(
            (p.format(), p.weight) for p in plain.paths
        )
    # the corpus: "Project Heron operates a small fleet of Heron Mk II drones, built by Orrery Systems"
    top = shown.retrieve(QUESTION, "edge-bm25").paths[0].format()
    assert top.startswith("Project Heron → ") and top.endswith("Heron Mk II → built_by → Orrery Systems"), top


def test_hybrid_rrf_fuses_graph_bm25_and_dense_at_half_weight(store: SQLiteStore) -> None:
    # with a dense list the question is linked to entities by vectors too (link_with_vectors None)
    linked = Retriever(store, HashingEmbedder(128), RetrievalConfig(depth=10, link_with_vectors=True))
    graph = [h.item.id for h in linked.retrieve(QUESTION, "edge-bm25").chunks]
    bm25 = [h.item.id for h in linked.retrieve(QUESTION, "bm25").chunks]
    dense = [h.item.id for h in linked.retrieve(QUESTION, "naive").chunks]
    fused = Retriever(store, HashingEmbedder(128), RetrievalConfig(depth=10)).retrieve(QUESTION, "hybrid-rrf")
    assert RetrievalConfig().hybrid_dense_weight == 0.5
    for hit in fused.chunks:
        lists = ((graph, 1.0), (bm25, 1.0), (dense, 0.5))
        expected = sum(w / (60 + lst.index(hit.item.id) + 1) for lst, w in lists if hit.item.id in lst)
        assert hit.score == pytest.approx(expected), hit.item.id


def test_hybrid_graph_weight_scales_the_graph_list(store: SQLiteStore) -> None:
    def fused(weight: float) -> Retrieval:
        config = RetrievalConfig(depth=10, hybrid_graph_weight=weight, hybrid_dense_weight=0.0)
        return Retriever(store, HashingEmbedder(128), config).retrieve(QUESTION, "hybrid-rrf")

    base = Retriever(store, HashingEmbedder(128), RetrievalConfig(depth=10, hybrid_dense_weight=0.0))
    graph = [h.item.id for h in base.retrieve(QUESTION, "edge-bm25").chunks]
    bm25 = [h.item.id for h in base.retrieve(QUESTION, "bm25").chunks]
    for weight in (0.5, 1.5):
        for hit in fused(weight).chunks:
            expected = (weight / (61 + graph.index(hit.item.id)) if hit.item.id in graph else 0.0) + (
                1 / (61 + bm25.index(hit.item.id)) if hit.item.id in bm25 else 0.0
            )
            assert hit.score == pytest.approx(expected), (weight, hit.item.id)
    only_bm25 = [h.item.id for h in fused(0.0).chunks if h.score > 0]
    assert only_bm25 == bm25[: len(only_bm25)], "with weight 0 the graph list adds nothing"
    with pytest.raises(RetrievalError, match="hybrid_graph_weight must be >= 0"):
        RetrievalConfig(hybrid_graph_weight=-1)


def test_a_memo_shares_input_rankings_between_fusion_settings(store: SQLiteStore) -> None:
    calls: list[str] = []

    class Counting:
        """The store, counting full-text chunk and edge searches."""

        def __getattr__(self, name: str) -> object:
            attribute = getattr(store, name)
            if name in ("search_chunks", "search_relations"):

                def counted(*args: object, **kwargs: object) -> object:
                    calls.append(name)
                    return attribute(*args, **kwargs)

                return counted
            return attribute

    configs = [RetrievalConfig(depth=10, rrf_k=k, hybrid_graph_weight=w) for k in (30, 60) for w in (0.5, 1.0)]
    plain = [Retriever(store, HashingEmbedder(128), c).retrieve(QUESTION, "hybrid-rrf") for c in configs]
    memo = RetrievalMemo()
    shared = []
    for config in configs:
        retriever = Retriever(Counting(), HashingEmbedder(128), config)  # type: ignore[arg-type]
        retriever.memo = memo
        shared.append(retriever.retrieve(QUESTION, "hybrid-rrf"))
    assert calls.count("search_chunks") == 1 and calls.count("search_relations") == 1
    for a, b in zip(plain, shared, strict=True):
        assert [(h.item.id, h.score) for h in a.chunks] == [(h.item.id, h.score) for h in b.chunks]
    assert len({tuple(round(h.score, 9) for h in r.chunks) for r in plain}) == len(configs), "each setting counts"
    other = Retriever(Counting(), HashingEmbedder(128), RetrievalConfig(depth=5))  # type: ignore[arg-type]
    other.memo = memo
    other.retrieve(QUESTION, "hybrid-rrf")
    assert calls.count("search_chunks") == 2, "another depth is another ranking: not shared"


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


def test_a_date_written_another_way_finds_the_stamped_chat(tmp_path: Path) -> None:
    from graphproof.graph.model import Document

    texts = {  # no metadata: the day is only in the text, written as the source writes it
        "chat-0427": "Time: 20260427_17:00\nSage: Squats again today: 28 reps, and the breathing drills went well.",
        "chat-0428": "Time: 20260428_17:00\nSage: Squats again today: 28 reps, and the breathing drills went well.",
        "notes-0528": "Notes of May 28, 2026: squats again, 28 reps, breathing drills went well.",
        "notes-0428": "Notes of April 28, 2026: squats again, 28 reps, breathing drills went well.",
    }
    with SQLiteStore(tmp_path / "dates.db") as db:
        db.upsert_documents([Document(id=name, source=f"{name}.txt") for name in texts])
        db.upsert_chunks([Chunk(id=f"{n}#0", document_id=n, ordinal=0, text=t) for n, t in texts.items()])
        retriever = Retriever(db, None, RetrievalConfig(depth=4))
        for question in ("What did Sage say about squats on 2026-04-28?", "Squats on 28 April 2026?"):
            top = [h.item.id for h in retriever.retrieve(question, "bm25").chunks]
            assert top[0].split("#")[0].endswith("0428"), (question, top)
            assert top.index("chat-0428#0") < top.index("chat-0427#0"), (question, top)
            assert top.index("notes-0428#0") < top.index("notes-0528#0"), (question, top)

        def fused(question: str, weight: float) -> dict[str, float]:
            config = RetrievalConfig(depth=4, hybrid_date_weight=weight)
            return {h.item.id: h.score for h in Retriever(db, None, config).retrieve(question, "hybrid-rrf").chunks}

        dated, plain = (fused("What did Sage say about squats on 2026-04-28?", w) for w in (1.0, 0.0))
        gained = {c for c in dated if dated[c] > plain.get(c, 0.0) + 1e-12}
        assert gained == {"chat-0428#0", "notes-0428#0"}, "the named day's list adds to those chunks only"
        undated = "What did Sage say about squats?"
        assert fused(undated, 1.0) == fused(undated, 0.0), "a question that names no day gets no date list"
