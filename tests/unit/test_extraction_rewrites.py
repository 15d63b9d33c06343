"""The rewrite benchmark's test of whether a triple states a fact (``benchmarks.extraction_rewrites.states``)."""

from __future__ import annotations

from benchmarks.extraction_rewrites import FACTS, Fact, states

AUTHOR = Fact("author", "Quux", "Ann Lee", ("written", "wrote"), (), either_way=True)
PROPERTY = Fact("property", "Quux", "thread-safe", ("is",), ())
NOT_PROPERTY = Fact("negated property", "Quux", "thread-safe", ("is",), (), negated=True)
TYPE = Fact("type", "Quux", "JSON processor", ("is_a",), ())


def test_a_triple_states_a_fact_by_its_ends_and_a_relation_word() -> None:
    assert states(AUTHOR, ("Quux", "was_written_by", "Ann Lee"))
    assert states(AUTHOR, ("Ann Lee", "wrote", "Quux"))  # either end first for an active/passive relation
    assert not states(AUTHOR, ("Quux", "related_to", "Ann Lee"))  # co-occurrence states nothing
    assert not states(AUTHOR, ("Quux", "was_read_by", "Ann Lee"))
    assert not states(AUTHOR, ("Quux", "was_written_by", "Ann Leeds"))  # whole words only
    assert states(TYPE, ("Quux", "is_a", "command-line JSON processor"))
    assert not states(PROPERTY, ("thread-safe", "is", "Quux"))  # one way only unless the fact says either


def test_polarity_is_part_of_the_fact() -> None:
    assert states(PROPERTY, ("Quux", "is", "thread-safe"))
    assert not states(PROPERTY, ("Quux", "is_not", "thread-safe"))
    assert states(NOT_PROPERTY, ("Quux", "is_not", "thread-safe"))
    assert not states(NOT_PROPERTY, ("Quux", "is", "thread-safe"))


def test_every_fact_has_forms_and_relation_words() -> None:
    assert all(f.forms and f.relation and f.first and f.second for f in FACTS)
    assert len({f.name for f in FACTS}) == len(FACTS)
