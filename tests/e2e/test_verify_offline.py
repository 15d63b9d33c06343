"""The offline grounding check with the real all-MiniLM-L6-v2 on the public data: the issue's targets.

Slow (the real embedder, hundreds of Prover9 runs): one embedder for the session.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from graphproof.evaluation.hallucination import evaluate_method
from graphproof.evaluation.hallucination_data import load_folio_cases, load_halueval
from graphproof.graph.embed import SentenceTransformerEmbedder
from graphproof.verification.grounding import Passage
from graphproof.verification.offline import OfflineVerifier
from typer.testing import CliRunner

from graphproof.cli import app

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def minilm() -> SentenceTransformerEmbedder:
    embedder = SentenceTransformerEmbedder()
    embedder.embed(["warm up"])
    return embedder


@pytest.fixture(scope="session")
def offline(minilm: SentenceTransformerEmbedder) -> OfflineVerifier:
    return OfflineVerifier(minilm)


def test_folio_balanced_accuracy_target_without_false_proofs(offline: OfflineVerifier, shared_data: Path) -> None:
    result = evaluate_method(offline, load_folio_cases(shared_data / "folio" / "folio_dev.jsonl"), "folio")
    assert result.scores.balanced_accuracy >= 0.65
    assert result.scores.confusion.fn <= 2  # a wrong proof (grounded but False/Uncertain) is rare


def test_halueval_targets_on_the_first_200_items(offline: OfflineVerifier, shared_data: Path) -> None:
    cases = load_halueval(shared_data / "halueval" / "qa_dev.jsonl")[:200]
    result = evaluate_method(offline, cases, "halueval")
    assert result.scores.f1 >= 0.92 and result.scores.precision >= 0.97


def test_aliases_are_linked_by_the_embedding_clustering(offline: OfflineVerifier) -> None:
    chunks = [Passage("k1", "Kenneth Charles Loach (born 17 June 1936) is an English director of television.")]
    grounded = offline.check("Who directed it?", chunks, "Kenneth Loach")
    assert grounded.verdict == "grounded"
    assert any("=" in axiom for axiom in grounded.details["axioms"])


def test_verify_command_with_the_real_model(tmp_path: Path) -> None:
    chunks = tmp_path / "chunks.jsonl"
    lines = [{"id": "n1", "text": "All students are humans."}, {"id": "n2", "text": "Rose is a student."}]
    chunks.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    result = CliRunner().invoke(app, ["verify", "-q", "Is Rose human?", "-a", "Rose is a human.",
                                      "--chunks", str(chunks), "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["verdict"] == "grounded" and data["claims"][0]["premises"] == ["n1", "n2"]
