"""``graphproof demo`` end to end: a fresh store from the bundled corpus, a search and a page, offline."""

from __future__ import annotations

import json
from pathlib import Path
from unittest.mock import ANY

import pytest
from typer.testing import CliRunner

from graphproof.cli import app


@pytest.fixture
def demo_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_demo_json(demo_dir: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["demo", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)

    assert out["stats"]["entities"] > 30 and out["stats"]["relations"] > 60
    assert out["ingest"]["added"] == 6 and out["ingest"]["skipped"] == [] and out["ingest"]["extraction_errors"] == []
    assert out["stats"]["documents"] == 6 and out["stats"]["chunks"] >= 6 and out["stats"]["mentions"] > 50
    assert out["import"]["skipped"] == []
    assert Path(out["store"]) == demo_dir / ".graphproof" / "demo" / "graph.db"

    top = out["edges"][0]
    assert (top["source"], top["predicate"], top["target"]) == ("Priya Castellan", "works_at", "Lumen Fen Laboratory")
    assert any("Priya Castellan" in c["text"] for c in out["chunks"])

    page = Path(out["page"]["path"])
    assert page == demo_dir / ".graphproof" / "demo" / "subgraph.html"
    html = page.read_text(encoding="utf-8")
    assert "Priya Castellan" in html and "Kestrel Harbor" in html
    assert out["page"]["entities"] > 10


def test_demo_replaces_an_old_demo_store(demo_dir: Path) -> None:
    runner = CliRunner()
    out = demo_dir / "d"
    first = runner.invoke(app, ["demo", "--out", str(out), "--json"])
    second = runner.invoke(app, ["demo", "--out", str(out), "--json"])
    assert first.exit_code == second.exit_code == 0, second.output
    # a fresh store each time: every entity and relation is written again
    assert json.loads(second.stdout)["ingest"]["added"] == 6
    assert json.loads(second.stdout)["stats"] == json.loads(first.stdout)["stats"] | {"location": ANY}
    table = runner.invoke(app, ["demo", "--out", str(out)])
    assert "Subgraph page:" in table.stdout and "works_at" in table.stdout
