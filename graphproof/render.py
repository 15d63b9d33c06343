"""Console output of the CLI: rich tables for people, plain JSON for scripts.

Every ``*_json`` function returns plain data (``json.dumps``-able); every ``*_table`` returns a
``rich`` renderable. Text from the graph is passed to rich as ``Text`` objects, never as markup,
so brackets in entity names or edge text are shown as they are.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from graphproof.graph.model import Chunk, Entity, Hit, Relation, Stats
from graphproof.loaders.triples import ImportReport

SNIPPET = 160
SHOWN_SKIPPED = 20
# shown above paths listed in display order (``Retrieval.paths_order == "display"``), by ``ask`` and the web page
PATHS_ORDER_CAPTION = (
    "Paths are listed by how well each states what the question asks, those that lead to a name the answer gives "
    "first; the number is the path's weight, which ranks the chunks, so it need not fall down the list."
)


def dumps(data: Any) -> str:
    """JSON for stdout: UTF-8 text kept readable, anything unknown (dates, driver values) as strings."""
    return json.dumps(data, ensure_ascii=False, indent=2, default=str)


def snippet(text: str, width: int = SNIPPET) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


# search hits ------------------------------------------------------------------------------------
def relation_json(hit: Hit[Relation]) -> dict[str, Any]:
    r = hit.item
    return {
        "score": hit.score, "id": r.id, "source": r.source_name or r.source_id, "predicate": r.predicate,
        "target": r.target_name or r.target_id, "source_id": r.source_id, "target_id": r.target_id,
        "keywords": r.keywords, "description": r.description, "text": r.text, "weight": r.weight,
        "origin": r.origin, "source_url": r.source_url, "confidence": r.confidence, "chunk_ids": list(r.chunk_ids),
    }  # fmt: skip


def chunk_json(hit: Hit[Chunk]) -> dict[str, Any]:
    c = hit.item
    return {"score": hit.score, "id": c.id, "document_id": c.document_id, "ordinal": c.ordinal, "text": c.text}


def entity_json(hit: Hit[Entity]) -> dict[str, Any]:
    e = hit.item
    return {"score": hit.score, "id": e.id, "name": e.name, "type": e.type, "description": e.description}


def relations_table(hits: Sequence[Hit[Relation]], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("score", justify="right", no_wrap=True)
    table.add_column("edge")
    table.add_column("text")
    for hit in hits:
        r = hit.item
        edge = Text(f"{r.source_name or r.source_id} -[{r.predicate}]-> {r.target_name or r.target_id}")
        table.add_row(f"{hit.score:.3f}", edge, Text(snippet(r.text)))
    return table


def chunks_table(hits: Sequence[Hit[Chunk]], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    for name in ("score", "chunk", "document", "snippet"):
        table.add_column(name, justify="right" if name == "score" else "left")
    for hit in hits:
        c = hit.item
        table.add_row(f"{hit.score:.3f}", Text(c.id), Text(c.document_id), Text(snippet(c.text)))
    return table


def entities_table(hits: Sequence[Hit[Entity]], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    for name in ("score", "id", "name", "type"):
        table.add_column(name, justify="right" if name == "score" else "left")
    for hit in hits:
        e = hit.item
        table.add_row(f"{hit.score:.3f}", Text(e.id), Text(e.name), Text(e.type))
    return table


# stats, imports, records ------------------------------------------------------------------------
def stats_table(stats: Stats) -> Table:
    table = Table(title=f"{stats.backend} store at {stats.location}", title_justify="left")
    table.add_column("what")
    table.add_column("count", justify="right")
    for name in ("documents", "chunks", "entities", "relations", "mentions"):
        table.add_row(name, str(getattr(stats, name)))
    for origin, count in sorted(stats.relations_by_origin.items()):
        table.add_row(f"  relations ({origin})", str(count))
    return table


def import_summary(report: ImportReport, seconds: float) -> Text:
    text = Text()
    text.append(f"Imported {report.source} ({report.format}) in {seconds:.2f} s\n", style="bold")
    text.append(f"  lines {report.lines:,}  triples {report.triples:,}  skipped {len(report.skipped):,}\n")
    text.append(f"  entities {report.entities:,} ({report.entities_written:,} new or changed)\n")
    text.append(f"  relations {report.relations:,} ({report.relations_written:,} new or changed)")
    return text


def skipped_lines_from(problems: Sequence[tuple[int, str]], shown: int = SHOWN_SKIPPED) -> Text:
    """The first ``shown`` malformed lines with their reasons, and how many more there are."""
    text = Text(f"{len(problems)} malformed line(s):\n", style="yellow")
    for line_no, reason in problems[:shown]:
        text.append(f"  line {line_no}: {reason}\n", style="default")
    if len(problems) > shown:
        text.append(f"  … and {len(problems) - shown} more (--json lists all)\n", style="default")
    return text


def records_table(records: Sequence[Mapping[str, Any]]) -> Table:
    table = Table(title=f"{len(records)} record(s)", title_justify="left")
    columns: list[str] = []
    for record in records:
        columns.extend(key for key in record if key not in columns)
    for column in columns:
        table.add_column(column)
    for record in records:
        table.add_row(*(Text(_cell(record.get(column))) for column in columns))
    return table


def _cell(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)
