"""The claim-loss count of ``benchmarks.question_claims``: which question words a bare answer's claims leave out."""

from __future__ import annotations

from graphproof.verification.english import EnglishTranslator
from graphproof.verification.question_claims import ClaimBuilder

from benchmarks.question_claims import left_out, tally


def test_a_claim_that_keeps_the_whole_question_leaves_nothing_out() -> None:
    builder = ClaimBuilder(EnglishTranslator())
    assert left_out(builder, "Where is the base of one of the three main agencies?", "Cheltenham") == []
    assert left_out(builder, "Which bzip2 option keeps the input files?", "-k") == []
    # a statement before the question's clause is left out of the claim on purpose, and counted
    assert left_out(builder, "Lit recorded an album, but what is their best known song?", "X Y") == [
        "album", "light", "record",  # "Lit" by lemma
    ]  # fmt: skip


def test_sentences_are_not_counted_as_bare_answers() -> None:
    counts = tally([("Who founded the company?", "Mary Jones founded the company in 1990."), ("Who founded it?", "")])
    assert counts["questions"] == 1
