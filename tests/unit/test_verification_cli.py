"""``graphproof verify``, ``eval prover`` and ``eval hallucination`` through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import graphproof.graph.embed
import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.model import Chunk, Document
from graphproof.graph.sqlite_store import SQLiteStore
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from typer.testing import CliRunner

import graphproof.llm
from graphproof.cli import app

RABBITS = "All rabbits are cute.\n\nAn animal is either a rabbit or a squirrel.\n\nAll squirrels are skittish.\n\n" \
          "If something is skittish, then it is not still.\n\nRock is still.\n"  # fmt: skip


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    for name in ("GRAPHPROOF_STORE", "GRAPHPROOF_LLM", "NEO4J_URI"):
        monkeypatch.delenv(name, raising=False)
    # the CLI builds SentenceTransformerEmbedder(settings.embedding_model); these tests use the hashing embedder
    monkeypatch.setattr(graphproof.graph.embed, "SentenceTransformerEmbedder", lambda *_a, **_k: HashingEmbedder())
    return CliRunner()


@pytest.fixture
def chunks(tmp_path: Path) -> Path:
    path = tmp_path / "chunks.txt"
    path.write_text(RABBITS, encoding="utf-8")
    return path


def test_verify_prints_claims_premises_fol_and_the_verdict(runner: CliRunner, chunks: Path) -> None:
    result = runner.invoke(app, ["verify", "-q", "Is Rock cute?", "-a", "Rock is cute. Rock is a squirrel.",
                                 "--chunks", str(chunks)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "proved" in result.stdout and "refuted" in result.stdout and "Cute(rock)" in result.stdout
    assert "Verdict: hallucinated" in result.stdout and "offline method (no LLM)" in result.stdout


def test_verify_json(runner: CliRunner, chunks: Path) -> None:
    result = runner.invoke(app, ["verify", "-q", "Is Rock cute?", "-a", "Rock is cute.", "--chunks", str(chunks),
                                 "--json", "--proof"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["verdict"] == "grounded" and data["method"] == "offline"
    (claim,) = data["claims"]
    assert claim["status"] == "proved" and claim["formula"] == "Cute(rock)"
    assert set(claim["premises"]) == {"c1", "c2", "c3", "c4", "c5"} and "$F" in claim["proof"]


def test_verify_from_store_uses_the_retrieved_chunks_ids(runner: CliRunner, tmp_path: Path) -> None:
    with SQLiteStore(tmp_path / "g.db") as store:
        store.upsert_documents([Document("rabbits", "rabbits.txt")])
        texts = RABBITS.split("\n\n")
        store.upsert_chunks([Chunk(f"rabbits#{i}", "rabbits", i, t.strip()) for i, t in enumerate(texts)])
    url = f"sqlite:///{tmp_path}/g.db"
    result = runner.invoke(app, ["--store", url, "verify", "-q", "Rock still cute squirrels rabbits animal skittish",
                                 "-a", "Rock is cute.", "--from-store", "-k", "5", "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["verdict"] == "grounded"
    assert all(p.startswith("rabbits#") for p in data["claims"][0]["premises"])


def test_verify_needs_exactly_one_source_of_premises(runner: CliRunner, chunks: Path) -> None:
    neither = runner.invoke(app, ["verify", "-q", "Q", "-a", "A"])
    both = runner.invoke(app, ["verify", "-q", "Q", "-a", "A", "--chunks", str(chunks), "--from-store"])
    assert neither.exit_code == 2 and both.exit_code == 2


def test_llm_methods_without_an_llm_fail_clearly(runner: CliRunner, chunks: Path) -> None:
    result = runner.invoke(app, ["verify", "-q", "Q", "-a", "Rock is cute.", "--chunks", str(chunks), "-m", "fol"])
    assert result.exit_code == 1
    assert "needs an LLM" in result.output and "GRAPHPROOF_LLM" in result.output


def test_a_malformed_chunks_file_is_reported(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "c.jsonl"
    bad.write_text('{"id": 1, "text": "x"}\n', encoding="utf-8")
    result = runner.invoke(app, ["verify", "-q", "Q", "-a", "A", "--chunks", str(bad)])
    assert result.exit_code == 1 and "c.jsonl:1" in result.output


def test_eval_hallucination_with_the_llm_judge_from_settings(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    item = {"knowledge": "Rock is still.", "question": "Is Rock still?", "right_answer": "Rock is still.",
            "hallucinated_answer": "Rock is a squirrel."}  # fmt: skip
    data = tmp_path / "qa.jsonl"
    data.write_text(json.dumps(item) + "\n", encoding="utf-8")
    replies = ['{"grounded": true, "reason": "stated"}', '{"grounded": false, "reason": "not stated"}']
    monkeypatch.setattr(graphproof.llm, "chat_model", lambda settings: FakeListChatModel(responses=replies))
    result = runner.invoke(app, ["eval", "hallucination", "--data", str(data), "--method", "baseline", "--json"])
    assert result.exit_code == 0, result.output
    scores = json.loads(result.stdout)
    assert scores["method"] == "baseline" and scores["accuracy"] == 1.0 and scores["f1"] == 1.0
    assert set(scores) >= {"accuracy", "balanced_accuracy", "precision", "recall", "f1", "undecided", "confusion",
                           "p50_ms"}  # fmt: skip


def test_eval_prover_on_folio(runner: CliRunner, shared_data: Path) -> None:
    result = runner.invoke(app, ["eval", "prover", "--data", str(shared_data / "folio" / "folio_dev.jsonl"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["total"] == 102 and data["parsed"] == 102 and data["accuracy"] >= 0.9
    assert {"accuracy", "parsed", "total", "p50_ms"} <= set(data)
    table = runner.invoke(app, ["eval", "prover", "--data", str(shared_data / "folio" / "folio_dev.jsonl")])
    assert "Items parsed only after the documented normaliser" in table.stdout


def test_eval_hallucination_tables(runner: CliRunner, shared_data: Path) -> None:
    data = shared_data / "folio" / "folio_dev.jsonl"
    result = runner.invoke(app, ["eval", "hallucination", "--data", str(data), "--method", "lexical"])
    assert result.exit_code == 0, result.output
    assert "lexical on folio" in result.stdout and "confusion" in result.stdout
    assert "status of the answers" in result.stdout
    offline = runner.invoke(app, ["eval", "hallucination", "--data", str(data), "--limit", "6", "--json"])
    assert offline.exit_code == 0, offline.output
    report = json.loads(offline.stdout)
    assert report["items"] == 6 and report["method"] == "offline"
    confusion = report["confusion"]
    assert sum(confusion[k] for k in ("tp", "fp", "fn", "tn")) == 6, "every item is counted once"
    decided = confusion["tp"] + confusion["tn"]
    assert report["accuracy"] == round(decided / 6, 4)
    statuses = report["statuses"]
    assert sum(sum(row.values()) for row in statuses.values()) == 6
    assert statuses["grounded"]["refuted"] + statuses["grounded"]["unknown"] == confusion["fp"]


def test_the_table_says_why_a_proof_holds_when_it_is_more_than_the_prover_s_yes() -> None:
    from graphproof.verification.grounding import ClaimResult, GroundingReport
    from graphproof.verification.prover import PROVED
    from rich.console import Console

    from graphproof.verifying import report_renderable

    paraphrased = f"{PROVED}; reading 'headquartered' for 'based' (paraphrase)"
    claims = (
        ClaimResult("Rock is cute", "proved", "Cute(rock)", ("c1",), PROVED),
        ClaimResult("Polaris is headquartered in Roseau", "proved", "TplClaim1(tpl_unit)", ("c2",), paraphrased),
        ClaimResult("Rock is a squirrel", "unknown", "Squirrel(rock)", (), "no premise mentions Squirrel"),
    )
    console = Console(record=True, width=240)
    console.print(report_renderable(GroundingReport("offline", "hallucinated", claims)))
    text = console.export_text()
    assert "reading 'headquartered' for 'based' (paraphrase)" in text
    assert "no premise mentions Squirrel" in text
    assert text.count(PROVED) == 1  # a plain proof shows its formula only
