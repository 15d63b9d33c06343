"""The CLI against an SQLite store in tmp_path: exit codes, JSON output, errors without tracebacks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from graphproof.cli import app, parse_params

KB = "Kismet|directed_by|William Dieterle\nKismet|starred_actors|Marlene Dietrich\nKismet|release_year|1944\n"


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    for name in ("GRAPHPROOF_STORE", "NEO4J_URI", "NEO4J_PASSWORD", "NEO4J_DATABASE"):
        monkeypatch.delenv(name, raising=False)
    return CliRunner()


@pytest.fixture
def store_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/g.db"


@pytest.fixture
def loaded(runner: CliRunner, store_url: str, tmp_path: Path) -> str:
    kb = tmp_path / "kb.txt"
    kb.write_text(KB, encoding="utf-8")
    result = runner.invoke(app, ["--store", store_url, "import-triples", str(kb)])
    assert result.exit_code == 0, result.output
    return store_url


def test_init_creates_the_store(runner: CliRunner, store_url: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["--store", store_url, "init"])
    assert result.exit_code == 0, result.output
    assert "Initialised the sqlite store" in result.stdout
    assert (tmp_path / "g.db").is_file()


def test_import_triples_prints_a_summary(runner: CliRunner, store_url: str, tmp_path: Path) -> None:
    kb = tmp_path / "kb.txt"
    kb.write_text(KB, encoding="utf-8")
    result = runner.invoke(app, ["--store", store_url, "import-triples", str(kb), "--batch-size", "2"])
    assert result.exit_code == 0, result.output
    assert "triples 3" in result.stdout and "entities 4" in result.stdout


def test_import_reports_malformed_lines(runner: CliRunner, store_url: str, tmp_path: Path) -> None:
    kb = tmp_path / "kb.txt"
    kb.write_bytes(KB.encode() + b"broken\n" + b"A||B\n" + "".join(f"bad{i}\n" for i in range(25)).encode())
    result = runner.invoke(app, ["--store", store_url, "import-triples", str(kb)])
    assert result.exit_code == 0, result.output
    assert "27 malformed line(s)" in result.stdout
    assert "line 4: expected 3 fields" in result.stdout and "line 5: empty relation" in result.stdout
    assert "and 7 more" in result.stdout
    as_json = runner.invoke(app, ["--store", store_url, "import-triples", str(kb), "--json"])
    report = json.loads(as_json.stdout)
    assert len(report["skipped"]) == 27
    assert report["skipped"][0]["line"] == 4 and "expected 3 fields" in report["skipped"][0]["reason"]
    assert report["relations_written"] == 0  # the same triples again


def test_strict_import_exits_1_and_writes_nothing(runner: CliRunner, store_url: str, tmp_path: Path) -> None:
    kb = tmp_path / "kb.txt"
    kb.write_text(KB + "broken line\n", encoding="utf-8")
    result = runner.invoke(app, ["--store", store_url, "import-triples", str(kb), "--strict"])
    assert result.exit_code == 1
    assert "line 4: expected 3 fields" in result.stderr
    assert "nothing was written" in result.stderr
    assert "Traceback" not in result.output
    stats = json.loads(runner.invoke(app, ["--store", store_url, "stats", "--json"]).stdout)
    assert (stats["entities"], stats["relations"]) == (0, 0)


def test_import_of_a_missing_file_is_a_usage_error(runner: CliRunner, store_url: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["--store", store_url, "import-triples", str(tmp_path / "nope.txt")])
    assert result.exit_code == 2
    assert "does not exist" in result.output


def test_stats_json(runner: CliRunner, loaded: str) -> None:
    result = runner.invoke(app, ["--store", loaded, "stats", "--json"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    assert (stats["backend"], stats["entities"], stats["relations"]) == ("sqlite", 4, 3)
    table = runner.invoke(app, ["--store", loaded, "stats"])
    assert "relations" in table.stdout and "3" in table.stdout


def test_search_edges_json_and_table(runner: CliRunner, loaded: str) -> None:
    result = runner.invoke(app, ["--store", loaded, "search", "edges", "who directed Kismet", "-k", "2", "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found["kind"] == "edges" and len(found["hits"]) == 2
    top = found["hits"][0]
    assert (top["source"], top["predicate"], top["target"]) == ("Kismet", "directed_by", "William Dieterle")
    assert top["score"] > found["hits"][1]["score"]
    table = runner.invoke(app, ["--store", loaded, "search", "edges", "directed"])
    assert "-[directed_by]->" in table.stdout


def test_search_entities_and_empty_results(runner: CliRunner, loaded: str) -> None:
    result = runner.invoke(app, ["--store", loaded, "search", "entities", "dietrich", "--json"])
    assert [h["name"] for h in json.loads(result.stdout)["hits"]] == ["Marlene Dietrich"]
    none = runner.invoke(app, ["--store", loaded, "search", "chunks", "anything"])
    assert none.exit_code == 0 and "No chunks match" in none.stdout
    bad_kind = runner.invoke(app, ["--store", loaded, "search", "paths", "x"])
    assert bad_kind.exit_code == 2


def test_cypher_on_sqlite_exits_1_naming_neo4j(runner: CliRunner, loaded: str) -> None:
    result = runner.invoke(app, ["--store", loaded, "cypher", "MATCH (n) RETURN n", "--param", "k=1"])
    assert result.exit_code == 1
    assert "Neo4j" in result.stderr
    assert "Traceback" not in result.output


def test_cypher_params_parse_json_values() -> None:
    assert parse_params(["n=3", "xs=[1, 2]", "name=Kismet", "flag=true", "s=\"7\"", "e="]) == {
        "n": 3, "xs": [1, 2], "name": "Kismet", "flag": True, "s": "7", "e": "",
    }  # fmt: skip


def test_cypher_bad_param_is_a_usage_error(runner: CliRunner, loaded: str) -> None:
    result = runner.invoke(app, ["--store", loaded, "cypher", "RETURN 1", "--param", "no-equals"])
    assert result.exit_code == 2
    assert "NAME=VALUE" in result.output


def test_export_html_is_self_contained(runner: CliRunner, loaded: str, tmp_path: Path) -> None:
    out = tmp_path / "page" / "graph.html"
    result = runner.invoke(app, ["--store", loaded, "export", "html", str(out), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["entities"], summary["relations"]) == (4, 3)
    page = out.read_text(encoding="utf-8")
    for name in ("Kismet", "William Dieterle", "Marlene Dietrich", "directed_by"):
        assert name in page
    external = re.findall(r"<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)\s*=\s*[\"']?(?:https?:)?//", page, re.I)
    assert external == []


def test_export_around_an_entity_and_unknown_entity(runner: CliRunner, loaded: str, tmp_path: Path) -> None:
    out = tmp_path / "k.html"
    result = runner.invoke(app, ["--store", loaded, "export", "html", str(out), "--entity", "kismet", "--hops", "0"])
    assert result.exit_code == 0, result.output
    assert "1 entities, 0 relations" in result.stdout
    missing = runner.invoke(app, ["--store", loaded, "export", "html", str(out), "--entity", "Casablanca"])
    assert missing.exit_code == 1
    assert "unknown entity 'Casablanca'" in missing.stderr


def test_bad_store_url_exits_1_with_a_message(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--store", "mysql://localhost/x", "stats"])
    assert result.exit_code == 1
    assert "invalid store URL 'mysql://localhost/x'" in result.stderr
    assert "sqlite:///" in result.stderr
    assert "Traceback" not in result.output


def test_missing_store_is_not_created_by_read_commands(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["--store", f"sqlite:///{tmp_path}/absent.db", "stats"])
    assert result.exit_code == 1
    assert "no graphproof store" in result.stderr
    assert not (tmp_path / "absent.db").exists()


def test_store_url_from_the_environment(runner: CliRunner, loaded: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAPHPROOF_STORE", loaded)
    result = runner.invoke(app, ["stats", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["relations"] == 3


def test_ingest_delete_and_strict(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.md").write_text("# A\n\nAda Quill founded Orrery Systems in Valdoria.\n", encoding="utf-8")
    (root / "bad.txt").write_bytes(b"\xff\xfe\x00\x00garbage\x00" * 10)
    store = f"sqlite:///{tmp_path}/g.db"
    runner = CliRunner()
    result = runner.invoke(app, ["--store", store, "ingest", "--no-embed", "--json", str(root)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["added"] == 1 and [Path(s["source"]).name for s in report["skipped"]] == ["bad.txt"]
    strict = runner.invoke(app, ["--store", store, "ingest", "--no-embed", "--strict", str(root)])
    assert strict.exit_code == 1 and "skipped" in strict.output
    again = json.loads(
        runner.invoke(app, ["--store", store, "ingest", "--no-embed", "--json", str(root / "a.md")]).stdout
    )
    assert again["unchanged"] == 1 and again["relations"] == 0
    deleted = runner.invoke(app, ["--store", store, "delete", str(root / "a.md"), "--json"])
    assert deleted.exit_code == 0 and json.loads(deleted.stdout)["chunks"] == 1, "delete takes the source path"
    gone = runner.invoke(app, ["--store", store, "delete", (root / "a.md").resolve().as_posix()])
    assert gone.exit_code == 1 and "no document with id or source" in gone.stderr


def test_ingest_with_llm_extractor_needs_a_configured_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GRAPHPROOF_LLM", raising=False)
    (tmp_path / "a.md").write_text("# A\n\nText.\n", encoding="utf-8")
    store = f"sqlite:///{tmp_path}/g.db"
    args = ["--store", store, "ingest", "--no-embed", "--extractor", "llm", str(tmp_path / "a.md")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1 and "GRAPHPROOF_LLM" in result.output
