"""Path weighting on real-document shapes: generic co-occurrence edges, document bridges, edge direction,
and the extractive answer keeping to one document."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from graphproof.graph.model import Chunk, Document, Entity, Hit, Relation, chunk_id, document_of_chunk
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.answer import extractive_answer
from graphproof.reasoning.paths import PathWeighting, bridges_documents, chunk_scores, edge_factor, weight_paths
from graphproof.reasoning.retriever import Retrieval

DOCS = [
    Document("zstd", "zstd/README.md", "Zstandard", hash="h1"),
    Document("yaml", "yaml/README.md", "PyYAML", hash="h2"),
]
CHUNKS = [
    Chunk("zstd#0", "zstd", 0, "Zstandard is dual-licensed under BSD and GPLv2. Its license file is LICENSE.", "c1"),
    Chunk("yaml#0", "yaml", 0, "PyYAML is released under the MIT license. PyYAML is a YAML parser.", "c2"),
]
ENTITIES = [
    Entity.named("Zstandard", "name"),
    Entity.named("license", "concept"),
    Entity.named("MIT", "name"),
    Entity.named("PyYAML", "name"),
    Entity.named("BSD", "name"),
]
RELATIONS = [
    Relation("zstandard", "license", "related_to", "Zstandard", "license", chunk_ids=("zstd#0",)),
    Relation("license", "mit", "related_to", "license", "MIT", chunk_ids=("yaml#0",)),
    Relation("pyyaml", "mit", "is_released_under", "PyYAML", "MIT", chunk_ids=("yaml#0",)),
    Relation("zstandard", "bsd", "is_dual_licensed_under", "Zstandard", "BSD", chunk_ids=("zstd#0",)),
]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    db = SQLiteStore(tmp_path / "docs.db")
    db.upsert_documents(DOCS)
    db.upsert_chunks(CHUNKS)
    db.upsert_entities(ENTITIES)
    db.upsert_relations(RELATIONS)
    yield db
    db.close()


def test_chunk_ids_name_their_document() -> None:
    assert chunk_id("docs/a.md", 3) == "docs/a.md#3" and document_of_chunk("docs/a.md#3") == "docs/a.md"
    assert document_of_chunk("c1") == "c1" and document_of_chunk("a#b") == "a#b"


def test_only_co_occurrence_with_a_one_word_concept_is_discounted() -> None:
    config = PathWeighting(cooccurrence=0.5)
    generic, named, specific, stated = (
        Relation("git", "name", "related_to", "git", "name"),
        Relation("wren-3", "aoba robotics", "related_to", "Wren-3", "Aoba Robotics"),
        Relation("wren-3", "sensor pod", "related_to", "Wren-3", "sensor pod"),
        Relation("git", "name", "was_given_by", "git", "name"),
    )
    assert edge_factor(generic, config) == 0.5
    assert edge_factor(named, config) == edge_factor(specific, config) == edge_factor(stated, config) == 1.0


def test_a_concept_never_bridges_two_documents(store: SQLiteStore) -> None:
    first, second = RELATIONS[0], RELATIONS[1]
    assert bridges_documents(first, ENTITIES[1], second)
    assert not bridges_documents(first, ENTITIES[1], RELATIONS[0])  # same document
    assert not bridges_documents(RELATIONS[2], ENTITIES[2], RELATIONS[1])  # meets at a name
    seeds = [Hit(store.entities(["zstandard"])[0], 1.0)]
    edges = [Hit(r, 1.0) for r in RELATIONS]
    paths = weight_paths(store, seeds, edges)
    texts = [p.format() for p in paths]
    assert not any("Zstandard" in t and "MIT" in t for t in texts), texts
    assert texts[0] == "Zstandard → is_dual_licensed_under → BSD", texts  # the stated relation first


def test_a_path_that_states_something_is_listed_before_heavier_co_occurrence(store: SQLiteStore) -> None:
    seeds = [Hit(store.entities(["zstandard"])[0], 1.0)]
    cooccurring = Relation("zstandard", "pyyaml", "related_to", "Zstandard", "PyYAML", chunk_ids=("zstd#0",))
    edges = [Hit(cooccurring, 9.0), Hit(RELATIONS[3], 1.0)]  # the co-occurrence edge scores far higher
    paths = weight_paths(store, seeds, edges)
    assert paths[0].path.relations[0].predicate == "is_dual_licensed_under"
    heavier = [p for p in paths if p.path.relations[0].predicate == "related_to"]
    assert heavier and all(p.weight > paths[0].weight for p in heavier), "the weights are unchanged"
    assert chunk_scores(paths) == chunk_scores(sorted(paths, key=lambda p: -p.weight)), "and so the chunk scores"


def test_edges_walked_backwards_are_written_backwards(store: SQLiteStore) -> None:
    seeds = [Hit(store.entities(["mit"])[0], 1.0)]
    paths = weight_paths(store, seeds, [Hit(RELATIONS[2], 1.0)])
    assert "MIT ← is_released_under ← PyYAML" in [p.format() for p in paths]


def test_the_extractive_answer_keeps_to_the_best_sentences_document(store: SQLiteStore) -> None:
    chunks = [Hit(c, 1.0) for c in store.chunks(["zstd#0", "yaml#0"])]
    answer = extractive_answer(store, Retrieval("bm25", "What license is Zstandard released under?", chunks))
    assert answer.text.startswith("Zstandard is dual-licensed under BSD and GPLv2.")
    assert "MIT" not in answer.text and {e[0] for e in answer.evidence} == {"zstd#0"}


def test_a_question_in_the_evidence_comes_with_its_answer(store: SQLiteStore) -> None:
    text = "Is zlib thread-safe?\nYes. However any library routines that zlib uses must be too."
    faq = Chunk("faq#0", "faq", 0, text, "c3")
    answer = extractive_answer(store, Retrieval("bm25", "Is zlib thread-safe?", [Hit(faq, 1.0)]))
    assert answer.text.startswith("Is zlib thread-safe? Yes.")
    # a bare "No." brings the sentence that says why
    text = "Can Valgrind attach to a running program?\nNo.\nIts environment differs too much.\nWhat is Memcheck?"
    faq = Chunk("faq#1", "faq", 1, text, "c4")
    answer = extractive_answer(store, Retrieval("bm25", "Can Valgrind attach to a running program?", [Hit(faq, 1.0)]))
    assert answer.text.startswith("Can Valgrind attach to a running program? No. Its environment differs too much.")
    row = "| 5.4. | Can Valgrind attach to a running program? | | No.\nIts environment differs too much.\nWhat else?"
    faq = Chunk("faq#2", "faq", 2, row, "c5")
    answer = extractive_answer(store, Retrieval("bm25", "Can Valgrind attach to a running program?", [Hit(faq, 1.0)]))
    assert "No. Its environment differs too much." in answer.text


def test_a_paths_entities_carry_the_types_the_store_gives(store: SQLiteStore) -> None:
    ghost = Relation("pyyaml", "yaml spec", "is_based_on", "PyYAML", "YAML spec", chunk_ids=("yaml#0",))
    paths = weight_paths(store, [], [Hit(RELATIONS[1], 1.0), Hit(ghost, 1.0)])  # no seeds: each edge alone
    types = {e.id: e.type for p in paths for e in p.path.entities}
    assert types["license"] == "concept" and types["mit"] == types["pyyaml"] == "name"
    assert types["yaml spec"] == "", "an end the store does not hold keeps its edge's name, untyped"
    seeded = weight_paths(store, [Hit(store.entities(["zstandard"])[0], 1.0)], [Hit(r, 1.0) for r in RELATIONS])
    assert {e.type for p in seeded for e in p.path.entities} == {"name", "concept"}
