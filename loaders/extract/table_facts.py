"""A table's rows read as facts: the row's key cell, the column's header as the predicate, the cell as the object.

A table with a header (``text.tables``) says, in each row, what each column holds for the thing the row's key
cell names (``text.tables.key_column``): the registry row ``64001 | mysql | mysql-server`` under
``uid | name | description`` says that mysql's uid is 64001 and its description mysql-server; the row
``UNIXCONN | --enable-unix-transport | Enables the UNIX Domain Socket based transport`` under
``#define | configure flag | Description`` says that UNIXCONN's configure flag is --enable-unix-transport. So a
row gives one edge per other column: ``key → <header as a predicate> → cell``. The sentence rules read a row as a
run of names and relate them only by co-occurrence (``related_to``), which states nothing.

A cell longer than ``MAX_CELL_WORDS`` words is a description, not a name, and makes no entity; it stays in the
edge's description (the whole row, each cell after its header: what the edge's text index reads), so the edge
is found by what the row says. Empty cells and placeholders ("-", "n/a") state nothing. A header cell of more
than ``text.tables.HEADER_WORDS`` words, or without a letter, names no predicate.

A chunk may start inside a table whose header an earlier chunk holds: the chunker writes that header into the
chunk's metadata (``loaders.chunking.TABLE_HEADER_KEY``, cells joined by `` | ``) and the rows at the chunk's
start are read under it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from graphproof.loaders.chunking import table_header_of
from graphproof.loaders.extract.patterns import NAME, QUANTITY
from graphproof.loaders.types import ExtractedEntity, ExtractedRelation
from graphproof.text.tables import HEADER_WORDS, is_number, key_column, tables

__all__ = ["MAX_CELL_WORDS", "predicate_of", "table_links"]

MAX_CELL_WORDS = 6  # words: a longer cell is a description, not a name
_PLACEHOLDERS = frozenset({"-", "--", "—", "–", "n/a", "na", "none", "?", "…", "...", "x"})
_WORD = re.compile(r"[^\W_]+")


def predicate_of(header: str) -> str:
    """``header`` as a predicate: its words casefolded and joined by ``_`` ("configure flag" → ``configure_flag``,
    "#define" → ``define``); ``""`` when it has no word of letters or more than ``HEADER_WORDS`` words."""
    words = [w.casefold() for w in _WORD.findall(header)]
    if not words or len(words) > HEADER_WORDS or not any(any(c.isalpha() for c in w) for w in words):
        return ""
    return "_".join(words)


def _states(cell: str) -> bool:
    return bool(cell) and cell.casefold() not in _PLACEHOLDERS and any(c.isalnum() for c in cell)


def table_links(
    text: str, metadata: Mapping[str, str] | None = None, max_description: int = 400
) -> tuple[list[ExtractedEntity], list[ExtractedRelation]]:
    """The entities and edges the tables of a chunk ``text`` state (module docstring); ``metadata`` may hold
    ``loaders.chunking.TABLE_HEADER_KEY``. Each edge's description is its row, each cell after its header, cut to
    ``max_description`` characters; its keywords the row's headers."""
    found = tables(text, table_header_of(metadata or {}))
    entities: dict[str, ExtractedEntity] = {}
    relations: list[ExtractedRelation] = []
    for table in found:
        if not table.header or not table.rows:
            continue
        predicates = [predicate_of(h) for h in table.header]
        key = key_column(table)
        keywords = ", ".join(h for h in table.header if h)
        for row in table.rows:
            head = row.cells[key]
            if not _states(head) or len(head.split()) > MAX_CELL_WORDS:
                continue
            described = "; ".join(f"{h}: {c}" if h else c for h, c in zip(table.header, row.cells, strict=True) if c)
            description = described[:max_description]
            for column, (predicate, cell) in enumerate(zip(predicates, row.cells, strict=True)):
                if column == key or not predicate or not _states(cell) or len(cell.split()) > MAX_CELL_WORDS:
                    continue
                if cell.casefold() == head.casefold():
                    continue  # "netplan | netplan": a thing is not its own description
                kind = QUANTITY if is_number(cell) else NAME
                entities.setdefault(head.casefold(), ExtractedEntity(head, NAME, description))
                entities.setdefault(cell.casefold(), ExtractedEntity(cell, kind, description))
                relations.append(ExtractedRelation(head, predicate, cell, NAME, kind, keywords, description))
    return list(entities.values()), relations
