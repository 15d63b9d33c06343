"""``graphproof gnn train | eval | paths`` on a synthetic film graph (hashing embedder, so it runs in seconds)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.reasoning.gnn.synthetic import film_triples, one_hop_questions, qa_lines
from typer.testing import CliRunner

import graphproof.cli_gnn as cli_gnn
from graphproof.cli import app


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[CliRunner, str, Path]:
    for name in ("GRAPHPROOF_STORE", "GRAPHPROOF_EMBEDDING_MODEL", "GRAPHPROOF_LLM", "NEO4J_URI"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(cli_gnn, "_embedder", lambda device="cpu": HashingEmbedder(256))
    runner = CliRunner()
    store = f"sqlite:///{tmp_path}/g.db"
    kb = tmp_path / "kb.txt"
    kb.write_text("".join(f"{s}|{p}|{o}\n" for s, p, o in film_triples(30)), encoding="utf-8")
    assert runner.invoke(app, ["--store", store, "import-triples", str(kb)]).exit_code == 0
    (tmp_path / "train.txt").write_text(qa_lines(one_hop_questions(range(20))), encoding="utf-8")
    (tmp_path / "test.txt").write_text(qa_lines(one_hop_questions(range(20, 30))), encoding="utf-8")
    return runner, store, tmp_path


def test_train_eval_and_paths_from_the_cli(env: tuple[CliRunner, str, Path]) -> None:
    runner, store, folder = env
    ckpt = folder / "model.pt"
    args = ["--store", store, "gnn", "train", "--qa", str(folder / "train.txt"), "--hops", "1", "--epochs", "40",
            "--lr", "5e-3", "--batch-size", "4", "--patience", "6", "--out", str(ckpt)]  # fmt: skip
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    trained = json.loads(result.stdout)
    assert trained["checkpoint"] == str(ckpt) and ckpt.is_file()
    assert trained["used_for_training"] == 54 and trained["best_val_hit1"] == 1.0

    result = runner.invoke(
        app, ["--store", store, "gnn", "eval", "--qa", str(folder / "test.txt"), "--ckpt", str(ckpt), "--json"]
    )
    assert result.exit_code == 0, result.output
    scores = json.loads(result.stdout)
    assert scores["questions"] == 30 and scores["hit1"] == 1.0 and scores["hits"] == 1.0 and scores["f1"] > 0.9
    assert scores["p50_ms"] > 0

    table = runner.invoke(app, ["--store", store, "gnn", "eval", "--qa", str(folder / "test.txt"), "--ckpt", str(ckpt)])
    assert table.exit_code == 0 and "Hit@1" in table.stdout and "1.0000" in table.stdout

    result = runner.invoke(
        app, ["--store", store, "gnn", "paths", "who directed [Movie 25]", "--ckpt", str(ckpt), "--json"]
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["answers"][0]["name"] == "Director M"
    assert out["paths"][0] == "Movie 25 → directed_by → Director M" and out["path_1st"] == out["paths"]

    text = runner.invoke(app, ["--store", store, "gnn", "paths", "when was [Movie 25] released", "--ckpt", str(ckpt)])
    assert text.exit_code == 0 and "Movie 25 → release_year → 1990" in text.stdout


def test_bad_inputs_exit_1_with_a_message(env: tuple[CliRunner, str, Path]) -> None:
    runner, store, folder = env
    missing = runner.invoke(
        app, ["--store", store, "gnn", "paths", "who directed [Movie 01]", "--ckpt", str(folder / "no.pt")]
    )
    assert missing.exit_code == 1 and "does not exist" in missing.output and "Traceback" not in missing.output
    bad_qa = folder / "bad.txt"
    bad_qa.write_text("a question without answers\n", encoding="utf-8")
    result = runner.invoke(app, ["--store", store, "gnn", "train", "--qa", str(bad_qa), "--out", str(folder / "m.pt")])
    assert result.exit_code == 1 and "bad.txt:1" in result.output
    empty = f"sqlite:///{folder}/empty.db"
    assert runner.invoke(app, ["--store", empty, "init"]).exit_code == 0
    result = runner.invoke(
        app, ["--store", empty, "gnn", "train", "--qa", str(folder / "train.txt"), "--out", str(folder / "m.pt")]
    )
    assert result.exit_code == 1 and "none of the" in result.output and not (folder / "m.pt").exists()


def test_paths_with_llm_relation_paths_merge_into_path_1st(
    env: tuple[CliRunner, str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from langchain_core.language_models import FakeListChatModel

    import graphproof.llm

    runner, store, folder = env
    ckpt = folder / "model.pt"
    train = ["--store", store, "gnn", "train", "--qa", str(folder / "train.txt"), "--hops", "1", "--epochs", "3",
             "--lr", "5e-3", "--batch-size", "4", "--out", str(ckpt)]  # fmt: skip
    assert runner.invoke(app, train).exit_code == 0
    replies = ['{"paths": [["written_by"]]}'] * 2
    monkeypatch.setattr(graphproof.llm, "chat_model", lambda settings: FakeListChatModel(responses=replies))
    args = [
        "--store",
        store,
        "gnn",
        "paths",
        "who wrote the script of [Movie 25]",
        "--ckpt",
        str(ckpt),
        "--llm",
        "-k",
        "1",
    ]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["llm_paths"] == ["Movie 25 → written_by → Writer 5"]
    assert out["path_1st"] == list(dict.fromkeys(out["paths"] + out["llm_paths"]))
    # the GNN half fails (no linkable entity in the store), the LLM half still answers, and the note says why
    from graphproof.graph.model import Entity
    from graphproof.graph.sqlite_store import SQLiteStore

    with SQLiteStore(f"{folder}/g.db") as direct:
        direct.upsert_entities([Entity.named("Zork")])
    result = runner.invoke(app, ["--store", store, "gnn", "paths", "who wrote [Zork]", "--ckpt", str(ckpt), "--llm"])
    assert result.exit_code == 0, result.output
    assert "GNN reasoning unavailable" in result.output and "no edges" in result.output


def test_ask_method_gnn_answers_with_paths_and_needs_a_model(
    env: tuple[CliRunner, str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import graphproof.graph.embed

    monkeypatch.setattr(graphproof.graph.embed, "SentenceTransformerEmbedder", lambda *a, **k: HashingEmbedder(256))
    monkeypatch.delenv("GRAPHPROOF_GNN_CHECKPOINT", raising=False)
    runner, store, folder = env
    ckpt = folder / "model.pt"
    train = ["--store", store, "gnn", "train", "--qa", str(folder / "train.txt"), "--hops", "1", "--epochs", "40",
             "--lr", "5e-3", "--batch-size", "4", "--patience", "6", "--out", str(ckpt)]  # fmt: skip
    assert runner.invoke(app, train).exit_code == 0
    ask = ["--store", store, "ask", "who directed [Movie 25]", "--method", "gnn", "--no-llm", "--json"]
    result = runner.invoke(app, [*ask, "--ckpt", str(ckpt)])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["gnn"]["answers"][0]["name"] == "Director M"
    assert out["gnn"]["paths"][0] == "Movie 25 → directed_by → Director M"
    assert out["method"] == "gnn" and "GNN answers come with chunk evidence from hybrid-rrf" in out["notes"]
    # the GNN is explicit: without a checkpoint, or with a broken one, ask says so and fails (exit 1)
    missing = runner.invoke(app, ask)
    assert missing.exit_code == 1 and "needs a checkpoint" in missing.stderr
    broken = folder / "broken.pt"
    broken.write_bytes(b"not a checkpoint")
    bad = runner.invoke(app, [*ask, "--ckpt", str(broken)])
    assert bad.exit_code == 1 and "broken.pt" in bad.stderr and "Traceback" not in bad.output
    # a hybrid method never runs the GNN, even with a checkpoint configured
    monkeypatch.setenv("GRAPHPROOF_GNN_CHECKPOINT", str(ckpt))
    hybrid = json.loads(runner.invoke(app, [*ask[:5], "hybrid-rrf", "--no-llm", "--json"]).stdout)
    assert hybrid["gnn"] is None
