"""The ask pipeline object: one call from question to answer, claims and timings, built from objects."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from importlib.resources import as_file, files
from pathlib import Path

import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.loaders.extract.rule import RuleExtractor
from graphproof.loaders.ingest import ingest
from graphproof.loaders.sources import read_sources
from graphproof.reasoning.answer import Answer
from graphproof.reasoning.errors import ReasoningError
from graphproof.reasoning.paths import WeightedPath
from graphproof.reasoning.retriever import Retrieval, RetrievalConfig, Retriever
from graphproof.verification.lexical import LexicalVerifier

from graphproof.rag import ExtractiveAnswerer, GraphRAG

QUESTION = "Who built the Heron Mk II drones used by Project Heron?"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SQLiteStore]:
    db = SQLiteStore(tmp_path_factory.mktemp("rag") / "demo.db")
    with as_file(files("graphproof") / "demo_corpus") as folder:
        ingest(db, read_sources(sorted(Path(folder).glob("*.md"))), RuleExtractor(), HashingEmbedder(128))
    yield db
    db.close()


@pytest.fixture
def rag(store: SQLiteStore) -> GraphRAG:
    retriever = Retriever(store, HashingEmbedder(128), RetrievalConfig(depth=10))
    return GraphRAG(store, retriever, ExtractiveAnswerer(store), LexicalVerifier())


def test_ask_returns_the_whole_story_as_plain_data(rag: GraphRAG) -> None:
    result = rag.ask(QUESTION, k=3)
    data = result.to_dict()
    assert data["question"] == QUESTION and data["method"] == "hybrid-rrf"
    assert len(data["chunks"]) == 3 and [c["rank"] for c in data["chunks"]] == [1, 2, 3]
    assert data["chunks"][0]["source"].endswith(".md")
    assert "Orrery" in data["answer"], data["answer"]
    for path in data["paths"]:
        assert len(path["entities"]) == len(path["relations"]) + 1 == len(path["chunk_ids"]) + 1
    assert data["claims"] == [] and data["verification"] is None and data["gnn"] is None
    assert {"retrieve_ms", "answer_ms", "total_ms"} <= data["timings"].keys()


def test_verify_lists_each_claim_with_its_status(rag: GraphRAG) -> None:
    data = rag.ask(QUESTION, method="bm25", verify=True).to_dict()
    assert data["claims"], "an extractive answer quotes the chunks, so its claims are checked"
    assert [c["status"] for c in data["claims"]] == ["proved"] * len(data["claims"])
    assert "verify_ms" in data["timings"]


def test_an_extractive_answer_is_checked_unit_by_unit_and_any_other_as_written() -> None:
    from graphproof.rag import checked_text

    heading = Answer("Quux 1.2 Quux parses logs.", "extractive", [("c1", "Quux 1.2"), ("c1", "Quux parses logs.")])
    assert checked_text(heading) == "Quux 1.2\n\nQuux parses logs."  # a heading does not run into the next unit
    assert checked_text(Answer("Quux 1.2 Quux parses logs.", "llm")) == "Quux 1.2 Quux parses logs."


def test_a_follow_up_is_rewritten_and_the_history_reaches_the_answerer(store: SQLiteStore) -> None:
    seen: dict[str, object] = {}

    def rewrite(question: str, history: Sequence[tuple[str, str]]) -> str:
        seen["history"] = list(history)
        return f"{question} Heron Mk II drones"

    def answerer(retrieval: Retrieval, history: Sequence[tuple[str, str]] = ()) -> Answer:
        seen["query"], seen["answer_history"] = retrieval.question, list(history)
        return Answer("Orrery Robotics", "scripted")

    rag = GraphRAG(store, Retriever(store), answerer, rewriter=rewrite)
    turns = [("What is Project Heron?", "A drone survey.")]
    result = rag.ask("Who built them?", method="bm25", history=turns)
    assert seen == {"history": turns, "query": "Who built them? Heron Mk II drones", "answer_history": turns}
    assert result.to_dict()["query"] == "Who built them? Heron Mk II drones"
    standalone = rag.ask("Who built the Heron Mk II drones?", method="bm25")
    assert standalone.query == "Who built the Heron Mk II drones?", "no history: the question is used as it is"


def test_missing_parts_and_unknown_methods_are_named(store: SQLiteStore) -> None:
    bare = GraphRAG(store, Retriever(store), ExtractiveAnswerer(store))
    with pytest.raises(ReasoningError, match="unknown method 'magic'"):
        bare.ask(QUESTION, method="magic")
    with pytest.raises(ReasoningError, match="reasoner"):
        bare.ask(QUESTION, method="gnn")
    with pytest.raises(ReasoningError, match="verifier"):
        bare.ask(QUESTION, method="bm25", verify=True)
    with pytest.raises(ReasoningError, match="k must be a positive integer"):
        bare.ask(QUESTION, method="bm25", k=0)


def test_an_extractive_answer_gives_a_repeated_sentence_once(store: SQLiteStore) -> None:
    from graphproof.graph.model import Chunk, Hit
    from graphproof.reasoning.answer import extractive_answer

    same = "Orrery Systems built the Heron Mk II drones."
    chunks = [Hit(Chunk(f"x#{i}", "x", i, f"{same} Filler {i}."), 1.0) for i in range(3)]
    answer = extractive_answer(store, Retrieval("bm25", QUESTION, chunks))
    assert answer.text.count(same) == 1 and len(answer.evidence) == len({e[1] for e in answer.evidence})


def test_the_paths_that_lead_to_what_the_answer_names_are_listed_first(store: SQLiteStore) -> None:
    question = "Which sensor pod do the drones carry, and who makes it?"
    unit = "It is made by Aoba Robotics."

    def answerer(retrieval: Retrieval, history: Sequence[tuple[str, str]] = ()) -> Answer:
        return Answer(f"{unit} Orrery Systems builds drones.", "extractive", [("c", unit), ("d", "Orrery Systems.")])

    def listed(order_paths: bool) -> tuple[list[WeightedPath], list[WeightedPath]]:
        retriever = Retriever(store, HashingEmbedder(128), RetrievalConfig(depth=10, order_paths=order_paths))
        asked = GraphRAG(store, retriever, answerer).ask(question, k=50).retrieval.paths
        return asked, retriever.retrieve(question, "hybrid-rrf").paths

    shown, display = listed(True)
    moved = [p for p in display if "Aoba Robotics" in [e.name for e in p.path.entities]
             and any(r.predicate != "related_to" for r in p.path.relations)]  # fmt: skip
    assert moved and display[0] not in moved  # the display order alone puts another path first
    # the rest keep their order, paths to "Orrery Systems" (the second unit: context) among them
    assert shown == moved + [p for p in display if p not in moved]
    weighted, plain = listed(False)
    assert weighted == plain  # listed by weight, the list is left as the retriever made it
