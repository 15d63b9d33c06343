"""MetaQA question files and topic-entity linking (exact name, full-text, vector; clear errors)."""

from __future__ import annotations

from pathlib import Path

import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.model import Entity
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.gnn.errors import NoLinkableEntity, QAFormatError, TopicNotFound
from graphproof.reasoning.gnn.linking import link_topics, resolve_topics
from graphproof.reasoning.gnn.qa import parse_qa_line, read_qa, split_examples
from graphproof.reasoning.gnn.synthetic import build_film_store, load_triples


def test_a_metaqa_line_gives_question_topic_and_answers() -> None:
    example = parse_qa_line("what movies did [Temuera Morrison] act in\tOnce Were Warriors|Tracker| River Queen")
    assert example.topics == ("Temuera Morrison",)
    assert example.answers == ("Once Were Warriors", "Tracker", "River Queen")
    assert example.text == "what movies did Temuera Morrison act in"


def test_a_malformed_file_is_rejected_naming_every_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "qa.txt"
    path.write_text("who directed [Kismet]\tWilliam Dieterle\nno tab here\n\nempty answers\t \n", encoding="utf-8")
    with pytest.raises(QAFormatError) as error:
        read_qa(path)
    assert "2 malformed line(s)" in str(error.value)
    assert f"{path}:2" in str(error.value) and "no tab" in str(error.value) and f"{path}:4" in str(error.value)
    with pytest.raises(QAFormatError, match="cannot read"):
        read_qa(tmp_path / "missing.txt")


def test_split_is_seeded_disjoint_and_keeps_file_order(tmp_path: Path) -> None:
    path = tmp_path / "qa.txt"
    path.write_text("".join(f"q{i} [E{i}]\tA{i}\n" for i in range(50)), encoding="utf-8")
    examples = read_qa(path)
    train, test = split_examples(examples, 0.2, seed=3)
    again = split_examples(examples, 0.2, seed=3)
    assert (train, test) == again and len(test) == 10 and len(train) == 40
    assert not {e.question for e in train} & {e.question for e in test}
    assert [e.line_no for e in train] == sorted(e.line_no for e in train)
    assert split_examples(examples, 0.2, seed=4)[1] != test


@pytest.fixture
def store() -> SQLiteStore:
    return build_film_store(SQLiteStore(":memory:"), 10)


def test_bracketed_topics_link_by_exact_name_then_full_text(store: SQLiteStore) -> None:
    [topic] = link_topics(store, "who directed [MOVIE  03]")
    assert topic.entity.id == "movie 03" and topic.method == "exact"
    load_triples(store, [("Zwick, Joel", "directed_by_inverse", "Movie 01")])
    [by_text] = link_topics(store, "what did [Joel Zwick] direct")
    assert by_text.entity.id == "zwick, joel" and by_text.method == "fulltext"


def test_a_question_without_brackets_links_the_longest_name(store: SQLiteStore) -> None:
    topics = link_topics(store, "who directed Movie 03, and when?")
    assert [t.entity.id for t in topics] == ["movie 03"]


def test_vector_linking_uses_entity_embeddings() -> None:
    embedder = HashingEmbedder(64)
    store = SQLiteStore(":memory:")
    vector = tuple(float(x) for x in embedder.embed_query("Grand Budapest Hotel"))
    store.upsert_entities([Entity(id="tt2278388", name="The Grand Budapest Hotel (2014)", embedding=vector)])
    [topic] = link_topics(store, "who directed [Grand Budapest Hotel]", embedder)
    assert topic.entity.id == "tt2278388" and topic.method == "vector" and topic.score > 0.99


def test_unlinkable_questions_and_missing_topics_are_clear_errors(store: SQLiteStore) -> None:
    with pytest.raises(TopicNotFound, match=r"\[Casablanca\]"):
        link_topics(store, "who directed [Casablanca]")
    with pytest.raises(NoLinkableEntity, match="brackets"):
        link_topics(store, "who directed the film about the whale")
    with pytest.raises(TopicNotFound, match="'Casablanca'"):
        resolve_topics(store, ["Movie 01", "Casablanca"])
    assert [t.entity.id for t in resolve_topics(store, ["Movie 01"])] == ["movie 01"]
