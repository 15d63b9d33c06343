"""Export a subgraph as a self-contained HTML page for inspection in a browser.

The page is rendered with ``neo4j-viz``, whose template inlines its whole JavaScript/CSS bundle
and fonts (checked with neo4j-viz 1.11: no external script, link or font URL), so the file works
offline. Node captions are entity names, relationship captions are predicates, and the entity
description / edge text are node and relationship properties shown when an item is clicked. All
text goes into the page as JSON inside an inert ``<script type="application/json">`` block with
``<`` escaped (neo4j-viz does this), and our caption is HTML-escaped.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from string import Template
from typing import Any

from graphproof.errors import ExportError
from graphproof.graph.model import Entity, Relation, Subgraph, normalize_id
from graphproof.graph.store import GraphStore

DEFAULT_HOPS = 1
DEFAULT_LIMIT = 300
OVERVIEW_SEEDS = 20
_CAPTION_TEMPLATE = "subgraph_caption.html"
# Distinct colours for entity types (assigned in sorted type order, repeating past the end).
PALETTE = (
    "#4C8EDA", "#F16667", "#57C7E3", "#F79767", "#8DCC93", "#C990C0", "#FFC454", "#D9C8AE",
    "#6DCE9E", "#ECB5C9", "#A5ABB6", "#68BDF6", "#FF756E", "#DE9BF9", "#FB95AF", "#B2D36E",
)  # fmt: skip


@dataclass(frozen=True)
class ExportResult:
    """What was written: the page and the size of the subgraph it shows."""

    path: Path
    entities: int
    relations: int
    truncated: bool

    def as_dict(self) -> dict[str, object]:
        return {
            "path": str(self.path),
            "entities": self.entities,
            "relations": self.relations,
            "truncated": self.truncated,
        }


def select_subgraph(
    store: GraphStore, names: list[str] | None = None, hops: int = DEFAULT_HOPS, limit: int = DEFAULT_LIMIT
) -> Subgraph:
    """The subgraph to show: around the named entities, else the whole graph when it has at most
    ``limit`` entities, else around the best-connected entities (capped at ``limit`` entities)."""
    if names:
        ids: list[str] = []
        for name in names:
            try:
                ids.append(normalize_id(name))
            except ValueError as exc:
                raise ExportError(f"--entity {name!r}: {exc}") from exc
        found = {e.id for e in store.entities(ids)}
        missing = [name for name, i in zip(names, ids, strict=True) if i not in found]
        if missing:
            raise ExportError(
                f"unknown entit{'y' if len(missing) == 1 else 'ies'} {', '.join(map(repr, missing))} in "
                f"{store.location}; find names with `graphproof search entities TEXT`"
            )
        return store.subgraph(ids, hops=hops, limit=limit)
    total = store.stats().entities
    if total == 0:
        raise ExportError(f"the store at {store.location} has no entities to show; import some triples first")
    if total <= limit:
        return store.subgraph(store.top_entities(limit), hops=1, limit=limit)
    return store.subgraph(store.top_entities(min(OVERVIEW_SEEDS, limit)), hops=hops, limit=limit)


def _node_properties(entity: Entity, degree: int) -> dict[str, Any]:
    return {"name": entity.name, "id": entity.id, "type": entity.type or "—",
            "description": entity.description, "degree": degree}  # fmt: skip


def _relation_properties(relation: Relation) -> dict[str, Any]:
    props: dict[str, Any] = {
        "predicate": relation.predicate,
        "keywords": relation.keywords,
        "description": relation.description,
        "text": relation.text,
        "weight": relation.weight,
        "origin": relation.origin,
    }
    if relation.source_url:
        props["source_url"] = relation.source_url
    if relation.confidence is not None:
        props["confidence"] = relation.confidence
    return props


def _caption(title: str, subgraph: Subgraph) -> str:
    template = Template((files("graphproof") / "templates" / _CAPTION_TEMPLATE).read_text(encoding="utf-8"))
    summary = f"{len(subgraph.entities)} entities, {len(subgraph.relations)} relations"
    if subgraph.truncated:
        summary += " (truncated: caps on entities or edges per node cut some off)"
    return template.substitute(title=html.escape(title), summary=html.escape(summary))


def render_html(subgraph: Subgraph, title: str = "graphproof subgraph") -> str:
    """A self-contained HTML page showing ``subgraph`` (no external URLs)."""
    from neo4j_viz import Node, Relationship, VisualizationGraph  # heavy; only when exporting

    degree: dict[str, int] = {e.id: 0 for e in subgraph.entities}
    for relation in subgraph.relations:
        degree[relation.source_id] = degree.get(relation.source_id, 0) + 1
        degree[relation.target_id] = degree.get(relation.target_id, 0) + 1
    seeds = set(subgraph.seeds)
    types = sorted({e.type for e in subgraph.entities})
    color = {t: PALETTE[i % len(PALETTE)] for i, t in enumerate(types)}
    nodes = [
        Node(id=e.id, caption=e.name, size=36 if e.id in seeds else 24, color=color[e.type],
             properties=_node_properties(e, degree[e.id]))
        for e in subgraph.entities
    ]  # fmt: skip
    relationships = [
        Relationship(id=r.id, source=r.source_id, target=r.target_id, caption=r.predicate,
                     properties=_relation_properties(r))
        for r in subgraph.relations
    ]  # fmt: skip
    graph = VisualizationGraph(nodes=nodes, relationships=relationships)
    page: str = graph.render(height="100vh", width="100%", theme="light", on_dangling="none").data
    page = page.replace("<title>neo4j-viz</title>", f"<title>{html.escape(title)}</title>", 1)
    return page.replace("<body>", "<body>\n" + _caption(title, subgraph), 1)


def export_html(
    store: GraphStore,
    out: str | Path,
    names: list[str] | None = None,
    hops: int = DEFAULT_HOPS,
    limit: int = DEFAULT_LIMIT,
    title: str | None = None,
) -> ExportResult:
    """Select a subgraph (see ``select_subgraph``), render it and write the page to ``out``."""
    subgraph = select_subgraph(store, names, hops, limit)
    label = title or ("graphproof: " + ", ".join(names) if names else "graphproof: best-connected entities")
    page = render_html(subgraph, label)
    path = Path(out)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise ExportError(f"cannot write the HTML page to {str(path)!r}: {exc.strerror or exc}") from exc
    return ExportResult(path=path.resolve(), entities=len(subgraph.entities), relations=len(subgraph.relations),
                        truncated=subgraph.truncated)  # fmt: skip
