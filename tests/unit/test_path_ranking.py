"""Path ranking by fit to the question: among edges of one sentence (same description, so the same edge
BM25), the stated edge whose predicate and far end answer the question comes first (``reasoning.paths``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from graphproof.graph.model import Chunk, Document, Entity, Hit, Relation
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.paths import (
    FILE,
    KIND,
    LICENSE,
    OPTION,
    PERSON_LIKE,
    QUANTITY_LIKE,
    YES_NO,
    Fit,
    PathWeighting,
    content_keys,
    edge_fit,
    fits_answer,
    question_shape,
    weight_paths,
    word_key,
)

SENTENCE = "Zork is a text adventure; see the Zork manual. Zork was first written by Tim Anderson in 1977."
DOCS = [Document("zork", "zork/README", "Zork", hash="h1")]
CHUNKS = [Chunk("zork#0", "zork", 0, SENTENCE, "c1")]
ENTITIES = [
    Entity.named("Zork", "name"),
    Entity.named("text adventure", "concept"),
    Entity.named("Zork manual", "name"),
    Entity.named("Tim Anderson", "name"),
    Entity.named("MIT", "name"),
    Entity.named("License", "name"),
    Entity.named("1977", "quantity"),
    Entity.named("dungeon", "concept"),
]


def edge(source: str, predicate: str, target: str) -> Relation:
    return Relation(
        source.casefold(), target.casefold(), predicate, source, target, description=SENTENCE, chunk_ids=("zork#0",)
    )


IS_A = edge("Zork", "is_a", "text adventure")
SEE = edge("Zork manual", "see", "Zork")
WRITTEN = edge("Zork", "was_first_written_by", "Tim Anderson")
USES = edge("Zork", "uses", "dungeon")
LICENSED = edge("Zork", "is_licensed_under", "MIT")
CO_LICENSE = edge("Zork", "related_to", "License")
IN_YEAR = edge("Tim Anderson", "wrote_it_in", "1977")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    db = SQLiteStore(tmp_path / "zork.db")
    db.upsert_documents(DOCS)
    db.upsert_chunks(CHUNKS)
    db.upsert_entities(ENTITIES)
    db.upsert_relations([IS_A, SEE, WRITTEN, USES, LICENSED, CO_LICENSE, IN_YEAR])
    yield db
    db.close()


def seed(store: SQLiteStore, entity_id: str = "zork") -> list[Hit[Entity]]:
    return [Hit(store.entities([entity_id])[0], 1.0)]


def top(store: SQLiteStore, question: str | None, edges: list[Hit[Relation]], **config: float) -> str:
    shape = question_shape(question) if question else None
    return weight_paths(store, seed(store), edges, PathWeighting(**config), shape)[0].format()


@pytest.mark.parametrize(
    ("question", "wants"),
    [
        ("Who originally wrote Zork?", PERSON_LIKE),
        ("How many rooms does Zork have?", QUANTITY_LIKE),
        ("How long does the timetest step take?", QUANTITY_LIKE),
        ("When did Adam visit the museum?", QUANTITY_LIKE),
        ("Which person came up with the Zork parser?", PERSON_LIKE),  # as "who" (``answer.asked_kind`` alike)
        ("What developers maintain Zork?", PERSON_LIKE),
        ("What version of Zork is this?", QUANTITY_LIKE),
        ("Which port does the Zork server listen on?", QUANTITY_LIKE),
        ("What sort of program is Zork?", KIND),  # X's own is_a edge, as for "What is X?"
        ("What kind of game is Zork?", KIND),
        ("What kind of data does Zork store?", None),  # not "what kind of Y is X": no is_a edge asked for
        ("How deep may the template stack grow?", QUANTITY_LIKE),
        ("What is Zork?", KIND),
        ("What are text adventures?", KIND),
        ("Which option makes it trace child processes?", OPTION),
        ("Which file does the tool read by default?", FILE),
        ("What license is Zork released under?", LICENSE),
        ("Under which license is Zork distributed?", LICENSE),
        ("Is Zork thread-safe?", YES_NO),
        ("Does Zork support brace expressions?", YES_NO),
        ("Which library does Zork use for parsing?", None),
        ("What is the name of the restaurant Li Hua went to?", None),
    ],
)
def test_question_shape_says_what_the_question_asks_for(question: str, wants: str | None) -> None:
    assert question_shape(question).wants == wants


def test_word_keys_join_inflections_and_agent_nouns() -> None:
    assert word_key("wrote") == word_key("written") == word_key("writes") == word_key("author") == word_key("write")
    assert word_key("designed") == word_key("designer") and word_key("licensed") == word_key("license")
    assert word_key("wrote") != word_key("rote")
    assert content_keys("was_first_written_by") == {word_key("write"), word_key("first")}
    assert content_keys("is_a") == frozenset()  # light verbs and stop words say nothing on their own


def fits(name: str, wants: str | None) -> bool:
    return fits_answer(Entity.named(name), wants)


def test_answer_kinds_read_the_far_end_name() -> None:
    assert fits("Tim Anderson", PERSON_LIKE) and fits("Philip A. Nelson", PERSON_LIKE)
    assert not fits("GNU", PERSON_LIKE) and not fits("text adventure", PERSON_LIKE)
    assert fits("10 minutes", QUANTITY_LIKE) and fits("three times", QUANTITY_LIKE)
    assert not fits("minimum", QUANTITY_LIKE)
    assert fits("MIT", LICENSE) and fits("GNU General Public License", LICENSE) and not fits("License", LICENSE)
    assert fits("--append", OPTION) and fits("trace-children", OPTION) and not fits("output file", OPTION)
    assert fits("build.ninja", FILE) and not fits("file named build", FILE)
    assert not fits("Tim Anderson", None)


def test_what_is_x_puts_xs_is_a_edge_first(store: SQLiteStore) -> None:
    edges = [Hit(SEE, 10.0), Hit(IS_A, 8.0), Hit(USES, 8.0)]
    assert top(store, None, edges) == "Zork ← see ← Zork manual"  # edge BM25 alone: the sentence's words
    assert top(store, "What is Zork?", edges) == "Zork → is_a → text adventure"


def test_who_wrote_x_puts_the_writing_edge_to_a_person_first(store: SQLiteStore) -> None:
    edges = [Hit(USES, 14.0), Hit(WRITTEN, 11.0), Hit(SEE, 13.0)]
    assert top(store, None, edges) == "Zork → uses → dungeon"
    assert top(store, "Who originally wrote Zork?", edges) == "Zork → was_first_written_by → Tim Anderson"
    assert top(store, "Who is the author of Zork?", edges) == "Zork → was_first_written_by → Tim Anderson"
    off = {"verb_boost": 0.0, "answer_boost": 0.0, "link_boost": 0.0}
    assert top(store, "Who originally wrote Zork?", edges, **off) == "Zork → uses → dungeon"


def test_a_stated_licence_beats_co_occurrence_with_the_word_license(store: SQLiteStore) -> None:
    edges = [Hit(CO_LICENSE, 9.0), Hit(LICENSED, 9.0)]
    assert top(store, "What license is Zork released under?", edges) == "Zork → is_licensed_under → MIT"
    paths = weight_paths(store, seed(store), edges, None, question_shape("What license is Zork released under?"))
    weights = {p.format(): p.weight for p in paths}
    assert weights["Zork → is_licensed_under → MIT"] == pytest.approx(2 * weights["Zork — related_to — License"])


def test_co_occurrence_alone_never_fits() -> None:
    shape = question_shape("What license is Zork released under?")
    assert edge_fit(CO_LICENSE, shape) == Fit()
    assert edge_fit(LICENSED, shape) == Fit(verb=True, answer=True)  # "license" + a licence name


def test_a_speakers_mentions_edge_states_nothing() -> None:
    said = Relation("adam smith", "rent", "mentions", "Adam Smith", "rent", chunk_ids=("chat#0",))
    assert edge_fit(said, question_shape("Who mentioned the rent?")) == Fit()


def test_the_answer_end_must_be_unnamed_and_of_the_wanted_kind() -> None:
    assert edge_fit(WRITTEN, question_shape("Who first wrote Zork?")) == Fit(verb=True, answer=True)
    assert edge_fit(WRITTEN, question_shape("Did Tim Anderson write Zork?")) == Fit(verb=True, link=True)
    assert edge_fit(IN_YEAR, question_shape("When was Zork written?")) == Fit(verb=True)  # no end is named
    assert edge_fit(IN_YEAR, question_shape("When did Tim Anderson write it?")) == Fit(verb=True, answer=True)
    assert edge_fit(IS_A, question_shape("What is Zork?")) == Fit(answer=True)
    assert edge_fit(SEE, question_shape("What is Zork?")) == Fit()  # "Zork manual" and "Zork": one thing


def test_a_link_joins_two_things_the_question_names() -> None:
    operates = Relation("project heron", "heron mk ii", "operates", "Project Heron", "Heron Mk II")
    shape = question_shape("Who built the Heron Mk II drones used by Project Heron?")
    assert edge_fit(operates, shape) == Fit(link=True)
    assert edge_fit(LICENSED, question_shape("Is Zork licensed under MIT?")) == Fit(verb=True, link=True)
    assert edge_fit(USES, question_shape("Is Zork licensed under MIT?")) == Fit()


def test_a_two_edge_path_across_documents_keeps_the_unfitted_scores(store: SQLiteStore) -> None:
    shape = question_shape("Who first wrote Zork?")
    here = Relation("tim anderson", "dungeon", "wrote", "Tim Anderson", "dungeon", chunk_ids=("zork#0",))
    there = Relation("tim anderson", "dungeon", "wrote", "Tim Anderson", "dungeon", chunk_ids=("other#0",))
    for second, factor in ((here, 2.0), (there, 1.0)):  # WRITTEN fits twice over (verb + answer), ``second`` once
        paths = weight_paths(store, seed(store), [Hit(WRITTEN, 4.0), Hit(second, 2.0)], None, shape)
        weights = {p.format(): p.weight for p in paths}
        both = "Zork → was_first_written_by → Tim Anderson → wrote → dungeon"
        assert weights[both] == pytest.approx((4.0 * factor + 2.0 * (1.5 if factor > 1 else 1.0)) * 2 / 2)


def test_without_a_question_the_weights_are_unchanged(store: SQLiteStore) -> None:
    edges = [Hit(SEE, 10.0), Hit(IS_A, 8.0), Hit(WRITTEN, 8.0)]
    plain = weight_paths(store, seed(store), edges)
    off = PathWeighting(verb_boost=0.0, answer_boost=0.0, link_boost=0.0)
    unfitted = weight_paths(store, seed(store), edges, off, question_shape("What is Zork?"))
    assert [(p.format(), p.weight) for p in plain] == [(p.format(), p.weight) for p in unfitted]


def test_a_question_about_what_something_needs_fits_a_requires_edge_whatever_its_verb() -> None:
    from graphproof.reasoning.paths import content_keys, question_shape

    requires = content_keys("requires")
    for question in (
        "Which program has to be installed before yq can be used?",
        "What does Quux depend on?",
        "Which libraries are needed to build Quux?",
    ):
        assert requires <= question_shape(question).keys, question
    assert not requires & question_shape("Which program does Quux install?").keys
