"""Every statement in the ``cypher`` package, checked by Neo4j's own parser and semantic analyser.

``tests/cypher_lint/lint.mjs`` runs ``@neo4j-cypher/language-support`` (pinned) over all statements
in one Node process. CI installs it with ``cd tests/cypher_lint && npm ci --no-audit --no-fund``;
without Node or that install the lint tests skip and say so. The structural checks (one statement
per file, values only as ``$parameters``, loadable by ``query(name)``) need no Node.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from graphproof import cypher

LINT_DIR = Path(__file__).resolve().parents[1] / "cypher_lint"
CYPHER_DIR = Path(cypher.__file__).resolve().parent

# Deliberately broken statements: the lint must report each (proves the check can fail).
BROKEN: dict[str, tuple[str, list[str], str]] = {
    "broken_syntax": ("MATCH (e:Entity {id: $id} RETURN e", ["id"], "Invalid input"),
    "broken_variable": ("MATCH (e:Entity {id: $id}) RETURN f.name AS name", ["id"], "Variable `f` not defined"),
    "broken_procedure": (
        "CALL db.index.fulltext.queryNodez('chunk_tokens', $q) YIELD node RETURN node",
        ["q"],
        "Procedure db.index.fulltext.queryNodez is not present in the database",
    ),
    "broken_parameter": ("MATCH (e:Entity {id: $id}) RETURN e.name AS name", [], "Parameter $id is not defined"),
}

# String literals the statements may contain: index names and fixed configuration, never data.
ALLOWED_LITERALS = {
    "",
    " ",  # the separator of the analyzer's tokens, a property of the schema
    "chunk_embedding",
    "entity_embedding",
    "piece_embedding",
    "chunk_tokens",
    "entity_tokens",
    "related_tokens",
    "related_chunk_keys",
    "cosine",
    "whitespace",
    "graphproof",
    "vector.dimensions",
}
_TOKENS = re.compile(
    r"""//[^\n]*|/\*.*?\*/|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`[^`]*`|(;)""",
    re.DOTALL,
)
_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")


def _code(text: str) -> str:
    """``text`` with comments removed and string literals / quoted names blanked (keeps ``;``)."""

    def keep(match: re.Match[str]) -> str:
        token = match.group(0)
        if token.startswith("//") or token.startswith("/*"):
            return " "
        return token if token == ";" else "_"

    return _TOKENS.sub(keep, text)


def _literals(text: str) -> list[str]:
    without_comments = re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.DOTALL)
    return [m.group(0)[1:-1] for m in re.finditer(r"'(?:\\.|[^'\\])*'|\"(?:\\.|[^\"\\])*\"", without_comments)]


def _parameters(text: str) -> list[str]:
    return sorted(set(_PARAM.findall(_code(text))))


def _statements() -> dict[str, str]:
    return {name: cypher.query(name) for name in cypher.names()}


@pytest.fixture(scope="session")
def lint_results() -> dict[str, dict[str, Any]]:
    """Lint every statement plus the deliberately broken ones in one Node process."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Cypher lint needs Node.js (`node` is not on PATH); CI installs it")
    if not (LINT_DIR / "node_modules" / "@neo4j-cypher" / "language-support").is_dir():
        pytest.skip(
            "Cypher lint needs @neo4j-cypher/language-support: run "
            "`cd tests/cypher_lint && npm ci --no-audit --no-fund`"
        )
    items = [{"name": name, "query": text, "parameters": _parameters(text)} for name, text in _statements().items()]
    items += [{"name": name, "query": q, "parameters": params} for name, (q, params, _) in BROKEN.items()]
    done = subprocess.run(
        [node, str(LINT_DIR / "lint.mjs")],
        input=json.dumps(items),
        capture_output=True,
        text=True,
        cwd=LINT_DIR,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"lint.mjs failed ({done.returncode}): {done.stderr[-2000:]}"
    results = {r["name"]: r for r in json.loads(done.stdout)}
    assert set(results) == {item["name"] for item in items}
    return results


def test_every_statement_passes_neo4j_lint(lint_results: dict[str, dict[str, Any]]) -> None:
    problems = [
        f"cypher/{name}.cypher:{e['line']}:{e['column']}: {e['message']}"
        for name in cypher.names()
        for e in lint_results[name]["errors"]
    ]
    assert not problems, "Neo4j's Cypher front end rejects:\n" + "\n".join(problems)


def test_neo4j_parser_sees_one_statement_per_file(lint_results: dict[str, dict[str, Any]]) -> None:
    counts = {name: lint_results[name]["statements"] for name in cypher.names()}
    assert {name: n for name, n in counts.items() if n != 1} == {}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_lint_reports_broken_statements(lint_results: dict[str, dict[str, Any]], name: str) -> None:
    expected = BROKEN[name][2]
    messages = [e["message"] for e in lint_results[name]["errors"]]
    assert any(expected in m for m in messages), f"{name}: expected an error containing {expected!r}, got {messages}"


# structural checks (no Node needed) -----------------------------------------------------------
def test_every_file_is_one_statement_loadable_by_name() -> None:
    files = sorted(p.stem for p in CYPHER_DIR.glob("*.cypher"))
    assert files == cypher.names()
    assert len(files) >= 30
    for name in files:
        text = cypher.query(name)
        assert text == (CYPHER_DIR / f"{name}.cypher").read_text(encoding="utf-8").strip()
        parts = [part for part in _code(text).split(";") if part.strip()]
        assert len(parts) == 1, f"cypher/{name}.cypher holds {len(parts)} statements; expected one"


def test_statements_take_values_only_as_parameters() -> None:
    for name, text in _statements().items():
        code = _code(text)
        assert "$" not in _PARAM.sub("", code), f"cypher/{name}.cypher has a '$' that is not a $parameter"
        assert not re.search(r"%[sdr(]|\{\d*\}", code), f"cypher/{name}.cypher has a format placeholder"
        unexpected = [lit for lit in _literals(text) if lit not in ALLOWED_LITERALS]
        assert not unexpected, f"cypher/{name}.cypher embeds literal values {unexpected}; pass them as $parameters"


def test_writes_are_unwind_batches() -> None:
    writes = [name for name in cypher.names() if name.startswith("upsert_")]
    assert writes == [
        "upsert_chunks",
        "upsert_documents",
        "upsert_entities",
        "upsert_mentions",
        "upsert_relations",
    ]
    for name in writes:
        assert _code(cypher.query(name)).lstrip().startswith("UNWIND $rows AS row"), name


def test_query_errors_name_the_file() -> None:
    with pytest.raises(cypher.CypherNotFound, match=r"cypher/no_such_statement\.cypher"):
        cypher.query("no_such_statement")
    with pytest.raises(ValueError, match="lower-case identifier"):
        cypher.query("../graph/store")
    assert cypher.query("stats") is cypher.query("stats")  # cached


def test_comment_and_literal_stripping_is_sound() -> None:
    text = "// a; comment $nope\nMATCH (n {name: 'x;y'}) RETURN n.`odd;name` AS v, $p AS p;\n"
    assert _parameters(text) == ["p"]
    assert len([p for p in _code(text).split(";") if p.strip()]) == 1
    assert _literals(text) == ["x;y"]
