"""The offline method (no LLM): rule-based readings, canonical symbols and Prover9, end to end."""

from __future__ import annotations

import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.verification.grounding import ClaimResult, Passage, verdict_of
from graphproof.verification.lexical import LexicalVerifier
from graphproof.verification.offline import OFFLINE_NOTE, OfflineVerifier

RABBITS = [
    Passage("c1", "All rabbits are cute. An animal is either a rabbit or a squirrel."),
    Passage("c2", "If something is skittish, then it is not still. All squirrels are skittish."),
    Passage("c3", "Rock is still."),
]
MAGAZINES = [
    Passage(
        "k1",
        "Arthur's Magazine (1844–1846) was an American literary periodical published in Philadelphia in the 19th "
        "century.First for Women is a woman's magazine published by Bauer Media Group in the USA.",
    )
]


@pytest.fixture(scope="module")
def verifier() -> OfflineVerifier:
    return OfflineVerifier(HashingEmbedder(), constant_threshold=0.9, predicate_threshold=0.95)


def test_a_claim_proved_by_a_chain_of_rules_names_its_chunks(verifier: OfflineVerifier) -> None:
    report = verifier.check("Is Rock cute?", RABBITS, "Rock is cute.")
    assert report.verdict == "grounded" and report.note == OFFLINE_NOTE
    (claim,) = report.claims
    assert claim.status == "proved" and claim.formula == "Cute(rock)"
    assert set(claim.premises) == {"c1", "c2", "c3"}
    assert "Cute(rock)" in claim.proof


def test_a_contradicted_claim_is_refuted_and_the_answer_hallucinated(verifier: OfflineVerifier) -> None:
    report = verifier.check("Is Rock cute?", RABBITS, "Rock is cute. Rock is a squirrel.")
    assert [c.status for c in report.claims] == ["proved", "refuted"]
    assert report.verdict == "hallucinated"


def test_an_unsupported_claim_is_unknown_and_says_which_symbols_are_missing(verifier: OfflineVerifier) -> None:
    report = verifier.check("Which magazine was started first?", MAGAZINES, "First for Women was started first.")
    (claim,) = report.claims
    assert report.verdict == "hallucinated" and claim.status == "unknown"
    assert "no premise mentions" in claim.reason


def test_a_bare_name_is_grounded_when_the_chunks_name_it(verifier: OfflineVerifier) -> None:
    grounded = verifier.check("Which magazine was started first?", MAGAZINES, "Arthur's Magazine")
    assert grounded.verdict == "grounded" and grounded.claims[0].premises == ("k1",)
    invented = verifier.check("Which magazine was started first?", MAGAZINES, "Hot Rod Magazine")
    assert invented.verdict == "hallucinated"


def test_a_bare_yes_states_no_claim_and_is_undecided(verifier: OfflineVerifier) -> None:
    report = verifier.check("Are both magazines?", MAGAZINES, "Yes.")
    assert report.verdict == "undecided" and report.claims == ()


def test_negated_extractor_triples_are_not_read_as_positive_facts(verifier: OfflineVerifier) -> None:
    chunks = [Passage("c1", "Adam Smith did not invite Li Hua.")]
    report = verifier.check("Who did Adam invite?", chunks, "Adam Smith invited Li Hua.")
    assert report.verdict == "hallucinated"


def test_verdict_rule() -> None:
    proved, unknown, error = (ClaimResult("a", "proved"), ClaimResult("b", "unknown"), ClaimResult("c", "error"))
    assert verdict_of([proved]) == "grounded"
    assert verdict_of([proved, unknown, error]) == "hallucinated"
    assert verdict_of([proved, error]) == "undecided"
    assert verdict_of([]) == "undecided"


def test_lexical_baseline_flags_new_content_words_only() -> None:
    lexical = LexicalVerifier()
    assert lexical.check("Which magazine?", MAGAZINES, "Arthur's Magazine").verdict == "grounded"
    question = "Which magazine was started first?"
    assert lexical.check(question, MAGAZINES, "First for Women was started first.").verdict == "grounded"
    flagged = lexical.check("Which magazine?", MAGAZINES, "Hot Rod Magazine")
    assert flagged.verdict == "hallucinated" and "hot, rod" in flagged.claims[0].reason
    assert lexical.check("Is it?", MAGAZINES, "Yes").verdict == "grounded"
