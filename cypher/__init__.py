"""graphproof: cypher layer. One Neo4j 5 Cypher statement per ``<name>.cypher`` file in this package.

``query(name)`` returns a statement's text as a ``LiteralString`` (the type the ``neo4j`` driver asks
for), so a query is never assembled from user text: every value goes in as a ``$parameter``, and every
write sends its rows as one ``UNWIND $rows AS row`` batch. Index and constraint names are constants
inside the files. Every file is checked by Neo4j's own parser and semantic analyser
(``tests/unit/test_cypher_lint.py``).
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import LiteralString, cast

SUFFIX = ".cypher"
_NAME = re.compile(r"[a-z][a-z0-9_]*")


class CypherNotFound(LookupError):
    """No ``cypher/<name>.cypher`` file exists for the requested statement."""


def _folder() -> resources.abc.Traversable:
    return resources.files(__name__)


@cache
def names() -> list[str]:
    """The names of every statement in the package, sorted (``"upsert_chunks"``, …)."""
    found = (entry.name for entry in _folder().iterdir() if entry.is_file() and entry.name.endswith(SUFFIX))
    return sorted(name.removesuffix(SUFFIX) for name in found)


@cache
def query(name: str) -> LiteralString:
    """The text of ``cypher/<name>.cypher`` (read once, then cached).

    Raises ``CypherNotFound`` naming the file when there is no such statement, and ``ValueError``
    when ``name`` is not a plain lower-case identifier (a name is never a path).
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ValueError(f"a Cypher statement name is a lower-case identifier like 'upsert_chunks', got {name!r}")
    entry = _folder() / f"{name}{SUFFIX}"
    if not entry.is_file():
        raise CypherNotFound(
            f"no Cypher statement {name!r}: cypher/{name}{SUFFIX} is not in the cypher package "
            f"(known: {', '.join(names())})"
        )
    text = entry.read_text(encoding="utf-8").strip()
    if not text:
        raise CypherNotFound(f"cypher/{name}{SUFFIX} is empty; expected one Cypher statement")
    return cast(LiteralString, text)
