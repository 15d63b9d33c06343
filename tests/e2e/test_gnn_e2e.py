"""GNN reasoning end to end with the real encoder (all-MiniLM-L6-v2), and subgraph coverage on MetaQA."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.loaders.triples import import_triples
from graphproof.reasoning.gnn.dataset import prepare_questions
from graphproof.reasoning.gnn.export import ExportConfig, SubgraphExporter
from graphproof.reasoning.gnn.qa import read_qa
from graphproof.reasoning.gnn.synthetic import film_triples, one_hop_questions, qa_lines
from typer.testing import CliRunner

from graphproof.cli import app

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
pytestmark = pytest.mark.slow


def test_train_eval_paths_with_the_sentence_transformer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("GRAPHPROOF_STORE", "GRAPHPROOF_EMBEDDING_MODEL", "GRAPHPROOF_LLM", "NEO4J_URI"):
        monkeypatch.delenv(name, raising=False)
    runner = CliRunner()
    store = f"sqlite:///{tmp_path}/films.db"
    kb = tmp_path / "kb.txt"
    kb.write_text("".join(f"{s}|{p}|{o}\n" for s, p, o in film_triples(30)), encoding="utf-8")
    (tmp_path / "train.txt").write_text(qa_lines(one_hop_questions(range(20))), encoding="utf-8")
    (tmp_path / "test.txt").write_text(qa_lines(one_hop_questions(range(20, 30))), encoding="utf-8")
    ckpt = tmp_path / "rearev.pt"
    assert runner.invoke(app, ["--store", store, "import-triples", str(kb)]).exit_code == 0
    train = ["--store", store, "gnn", "train", "--qa", str(tmp_path / "train.txt"), "--hops", "1", "--epochs", "30",
             "--lr", "5e-3", "--batch-size", "4", "--patience", "5", "--out", str(ckpt), "--json"]  # fmt: skip
    result = runner.invoke(app, train)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["relations"] == ["directed_by", "release_year", "written_by"]
    result = runner.invoke(
        app, ["--store", store, "gnn", "eval", "--qa", str(tmp_path / "test.txt"), "--ckpt", str(ckpt), "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["hit1"] == 1.0
    result = runner.invoke(
        app, ["--store", store, "gnn", "paths", "who was the director of [Movie 27]", "--ckpt", str(ckpt), "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["paths"][0] == "Movie 27 → directed_by → Director N"


@pytest.fixture(scope="module")
def metaqa(tmp_path_factory: pytest.TempPathFactory) -> SQLiteStore:
    if not (DATA / "metaqa" / "kb.txt").is_file():
        pytest.skip(f"MetaQA not found at {DATA / 'metaqa'} (expected ../shared/data beside the project)")
    store = SQLiteStore(tmp_path_factory.mktemp("metaqa") / "metaqa.db")
    import_triples(store, DATA / "metaqa" / "kb.txt")
    return store


@pytest.mark.parametrize("hops", [2, 3])
def test_metaqa_subgraphs_hold_the_answers(metaqa: SQLiteStore, hops: int) -> None:
    questions = read_qa(DATA / "metaqa" / f"qa_dev_{hops}hop.txt")[::60]
    prepared = prepare_questions(
        metaqa, SubgraphExporter(metaqa, ExportConfig(hops=hops, per_node=60, limit=1000)), questions
    )
    assert not prepared.skipped
    assert prepared.coverage >= 0.97
    assert statistics.median(len(p.graph.node_ids) for p in prepared.items) <= 1000
