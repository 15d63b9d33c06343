"""Careless input and hostile environments give one clear line and the documented exit code."""

from __future__ import annotations

import json
import re
import socket
import sqlite3
from pathlib import Path

import pytest
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.graph.store import SchemaMismatch, UnsupportedOperation
from typer.testing import CliRunner

from graphproof.cli import app


def plain(text: str) -> str:
    """Output without rich's box drawing and line wrapping, for assertions that must not depend on width."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_two_files_with_the_same_name_are_both_kept(runner: CliRunner, tmp_path: Path) -> None:
    for folder, text in (("a", "Ada Quill founded Orrery Systems."), ("b", "Rin Hayase builds drones in Kestrel.")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "README.md").write_text(f"# Readme\n\n{text}\n", encoding="utf-8")
    store = f"sqlite:///{tmp_path}/g.db"
    first = runner.invoke(app, ["--store", store, "ingest", "--no-embed", "--json", str(tmp_path / "a" / "README.md")])
    second = runner.invoke(app, ["--store", store, "ingest", "--no-embed", "--json", str(tmp_path / "b" / "README.md")])
    assert json.loads(first.stdout)["added"] == 1
    assert (json.loads(second.stdout)["added"], json.loads(second.stdout)["replaced"]) == (1, 0)
    listed = json.loads(runner.invoke(app, ["--store", store, "documents", "--json"]).stdout)
    assert [Path(d["id"]).parent.name for d in listed] == ["a", "b"] and all(d["chunks"] == 1 for d in listed)


def test_a_store_under_a_file_is_one_line_not_a_traceback(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "file.txt").write_text("not a folder", encoding="utf-8")
    doc = tmp_path / "doc.md"
    doc.write_text("# D\n\nText.\n", encoding="utf-8")
    result = runner.invoke(app, ["--store", f"sqlite:///{tmp_path}/file.txt/g.db", "ingest", "--no-embed", str(doc)])
    assert result.exit_code == 1
    assert "cannot open SQLite store" in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_read_only_store_can_be_queried_and_refuses_writes(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    doc = tmp_path / "doc.md"
    doc.write_text("# D\n\nAda Quill founded Orrery Systems in Valdoria.\n", encoding="utf-8")
    assert runner.invoke(app, ["--store", f"sqlite:///{path}", "ingest", "--no-embed", str(doc)]).exit_code == 0
    before = path.read_bytes()
    stats = runner.invoke(app, ["--store", f"sqlite:///{path}", "stats", "--json"])
    search = runner.invoke(app, ["--store", f"sqlite:///{path}", "search", "chunks", "Orrery", "--json"])
    assert stats.exit_code == 0 and json.loads(stats.stdout)["documents"] == 1
    assert search.exit_code == 0 and json.loads(search.stdout)
    assert path.read_bytes() == before, "read commands write nothing"
    with SQLiteStore(path, read_only=True) as store, pytest.raises(UnsupportedOperation, match="read-only"):
        store.delete_document(doc.resolve().as_posix())


def test_an_older_schema_says_what_changed(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    SQLiteStore(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
    with pytest.raises(SchemaMismatch, match="absolute path") as info:
        SQLiteStore(path)
    assert "re-create the store" in str(info.value)


def test_an_unreachable_neo4j_is_one_line_naming_the_uri(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again when the block ends: nothing listens there
    monkeypatch.setenv("GRAPHPROOF_NEO4J_TIMEOUT", "2")
    result = runner.invoke(app, ["--store", f"bolt://127.0.0.1:{port}", "stats"])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and f"bolt://127.0.0.1:{port}" in lines[0] and "within 2 s" in lines[0]
    assert "docker compose up -d" in lines[0]


def test_an_ingest_where_every_input_was_skipped_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    result = runner.invoke(app, ["--store", f"sqlite:///{tmp_path}/g.db", "ingest", "--no-embed", str(tmp_path)])
    assert result.exit_code == 1 and "nothing was ingested" in result.stderr


def test_ingest_reports_one_line_per_stage_when_stderr_is_not_a_terminal(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "doc.md").write_text("# D\n\nAda Quill founded Orrery Systems in Valdoria.\n", encoding="utf-8")
    result = runner.invoke(app, ["--store", f"sqlite:///{tmp_path}/g.db", "ingest", "--no-embed", str(tmp_path)])
    assert result.exit_code == 0, result.output
    stages = [line.split(":")[0] for line in result.stderr.splitlines() if re.match(r"^\w+: \d+ \w+ in ", line)]
    assert stages == ["chunk", "extract", "embed", "write"]


def test_errors_read_the_same_in_a_narrow_terminal(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / ("a-rather-long-folder-name-" * 3) / "missing.txt"
    result = runner.invoke(app, ["import-triples", str(missing)], env={"COLUMNS": "40"})
    assert result.exit_code == 2 and "does not exist" in plain(result.output)


def test_version_and_unknown_methods(runner: CliRunner, tmp_path: Path) -> None:
    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0 and version.stdout.startswith("graphproof ")
    unknown = runner.invoke(app, ["--store", f"sqlite:///{tmp_path}/g.db", "ask", "q", "--method", "magic"])
    assert unknown.exit_code == 2
