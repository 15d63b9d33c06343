"""``graphproof demo`` end to end: a fresh store from the bundled corpus, searches, answers and a page, offline."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest
from typer.testing import CliRunner

from graphproof.cli import app


@pytest.fixture(scope="module")
def demo_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, Any]]]:
    """One ``demo --json`` run in a fresh working directory (the real embedder: slow, so shared)."""
    folder = tmp_path_factory.mktemp("demo")
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(app, ["demo", "--json"])
        assert result.exit_code == 0, result.output
        yield folder, json.loads(result.stdout)
    finally:
        os.chdir(cwd)


def test_demo_ingests_the_corpus_through_the_loaders(demo_run: tuple[Path, dict[str, Any]]) -> None:
    folder, out = demo_run
    assert out["stats"]["entities"] > 30 and out["stats"]["relations"] > 60
    assert out["ingest"]["added"] == 6 and out["ingest"]["skipped"] == [] and out["ingest"]["extraction_errors"] == []
    assert out["stats"]["documents"] == 6 and out["stats"]["chunks"] >= 6 and out["stats"]["mentions"] > 50
    assert out["import"]["skipped"] == []
    assert Path(out["store"]) == folder / ".graphproof" / "demo" / "graph.db"


def test_demo_searches_and_answers(demo_run: tuple[Path, dict[str, Any]]) -> None:
    _, out = demo_run
    top = out["edges"][0]
    assert (top["source"], top["predicate"], top["target"]) == ("Priya Castellan", "works_at", "Lumen Fen Laboratory")
    assert any("Priya Castellan" in c["text"] for c in out["chunks"])
    answers = {a["question"]: a for a in out["answers"]}
    drones = answers["Who built the Heron Mk II drones used by Project Heron?"]
    assert "Orrery Systems" in drones["answer"] and drones["method"] == "hybrid-rrf"
    # the question's two hops, each stated relation in its direction
    assert drones["paths"][0] == "Project Heron → operates_small_fleet_of → Heron Mk II → built_by → Orrery Systems"
    # "operates(_small_fleet_of)" is Project Heron's edge, whichever end a path walks it from
    operates = [p for p in drones["paths"] if "operates" in p]
    walked_back = [p for p in operates if "Project Heron → operates" not in p]
    assert operates and all("← operates" in p and "← Project Heron" in p for p in walked_back)
    lab = answers["Where is the laboratory that Priya Castellan works at located?"]
    assert "Kestrel Harbor" in lab["answer"]  # at the end of the two-hop path, in a sentence no question word is in
    assert lab["paths"][0] == "Priya Castellan → works_at → Lumen Fen Laboratory → located_in → Kestrel Harbor"
    pod = answers["Which sensor pod do the drones carry, and who makes it?"]
    assert "Wren-3" in pod["answer"] and "Aoba Robotics" in pod["answer"]


def test_demo_page(demo_run: tuple[Path, dict[str, Any]]) -> None:
    folder, out = demo_run
    page = Path(out["page"]["path"])
    assert page == folder / ".graphproof" / "demo" / "subgraph.html"
    html = page.read_text(encoding="utf-8")
    assert "Priya Castellan" in html and "Kestrel Harbor" in html
    assert out["page"]["entities"] > 10


def test_demo_replaces_an_old_demo_store(demo_run: tuple[Path, dict[str, Any]]) -> None:
    folder, first = demo_run
    again = CliRunner().invoke(app, ["demo", "--out", str(folder / ".graphproof" / "demo")])
    assert again.exit_code == 0, again.output
    assert "Subgraph page:" in again.stdout and "works_at" in again.stdout and "Orrery Systems" in again.stdout
    stats = json.loads(CliRunner().invoke(app, ["--store", f"sqlite:///{first['store']}", "stats", "--json"]).stdout)
    assert stats == first["stats"] | {"location": ANY}, "a fresh store each time: the same graph, not a doubled one"
