"""Graphs drawn with NVL through ``neo4j-viz``, as ``export html`` draws them, but cheap per page.

``VisualizationGraph.render()`` returns a 4.4 MB page (the whole NVL bundle inlined) and takes 40-100 ms,
too much for every Ask page. So the bundle is taken once from one rendered page: its module script and
its styles are served by the app (``/nvl/viz.js``, ``/nvl/viz.css``, cached by the browser), and each
graph is a small document for an ``<iframe srcdoc>``: the same inert ``<script type="application/json"
id="neo4j-viz-data">`` block neo4j-viz writes (nodes and relationships serialised by neo4j-viz's own
``Node``/``Relationship``, ``<`` escaped), the container the bundle looks for, and the two assets.
Everything is local; no inline script runs, so the app's Content-Security-Policy keeps ``script-src 'self'``.

``load_bundle()`` is None when neo4j-viz is not importable or its page is not of the expected shape;
the pages then draw on a plain canvas (``static/graph.js``).
"""

from __future__ import annotations

import functools
import html
import json
import re
from dataclasses import dataclass
from typing import Any

CONTAINER = re.compile(r'<div id="(neo4j-viz-[0-9A-Za-z_-]+)"')
DATA_BLOCK = re.compile(r'<script type="application/json" id="neo4j-viz-data">(.*?)</script>', re.S)
MODULE_SCRIPT = re.compile(r"<script type=\"module\"[^>]*>(.*?)</script>", re.S)
STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
# Colours from export.PALETTE: the question's entities (seeds), and the rest.
SEED, OTHER = "#F79767", "#4C8EDA"


@dataclass(frozen=True)
class Bundle:
    """The NVL page's script and styles (served once), and the render settings of its data block."""

    version: str
    container_id: str  # the id the script looks for (neo4j-viz writes a fresh one into each page)
    script: str
    style: str
    settings: dict[str, Any]

    def frame(self, nodes: list[dict[str, Any]], edges: list[dict[str, Any]], height: str = "100vh") -> str:
        """The document of one graph's ``<iframe srcdoc>``: ``nodes`` are ``{id, label, seed?, ...}``, ``edges``
        ``{id?, from, to, label, ...}`` (further keys become the properties shown when an item is clicked)."""
        from neo4j_viz import Node, Relationship

        viz_nodes = [
            Node(id=n["id"], caption=n["label"], color=SEED if n.get("seed") else OTHER,
                 properties=n.get("properties", {})).to_dict()  # no size: with sizes NVL 1.11 fits the view off-centre
            for n in nodes
        ]  # fmt: skip
        viz_rels = [
            Relationship(id=e.get("id") or f"e{i}", source=e["from"], target=e["to"], caption=e["label"],
                         properties=e.get("properties", {})).to_dict()
            for i, e in enumerate(edges)
        ]  # fmt: skip
        data = {**self.settings, "nodes": viz_nodes, "relationships": viz_rels, "width": "100%", "height": height}
        block = json.dumps(data).replace("<", "\\u003c")  # as neo4j-viz does: no "</script>" can appear
        v = html.escape(self.version, quote=True)
        return (
            '<!doctype html><html lang="en" class="light"><head><meta charset="utf-8">'
            f'<link rel="stylesheet" href="/nvl/viz.css?v={v}">'
            f'<script type="application/json" id="neo4j-viz-data">{block}</script>'
            f'<script type="module" src="/nvl/viz.js?v={v}"></script></head>'
            f'<body style="margin:0"><div id="{self.container_id}"></div></body></html>'
        )


def split_page(page: str, version: str) -> Bundle | None:
    """The bundle of a page rendered by neo4j-viz: one module script, its styles, its data block's settings."""
    scripts, data, container = MODULE_SCRIPT.findall(page), DATA_BLOCK.search(page), CONTAINER.search(page)
    if len(scripts) != 1 or data is None or container is None or container.group(1) not in scripts[0]:
        return None
    settings = json.loads(data.group(1))
    for key in ("nodes", "relationships", "width", "height"):
        settings.pop(key, None)
    return Bundle(version, container.group(1), scripts[0], "\n".join(STYLE.findall(page)), settings)


@functools.cache
def load_bundle() -> Bundle | None:
    """The installed neo4j-viz's bundle (rendered once per process), or None without a usable neo4j-viz."""
    try:
        from importlib.metadata import version

        from neo4j_viz import VisualizationGraph
    except ImportError:
        return None
    rendered = VisualizationGraph(nodes=[], relationships=[]).render(
        width="100%", height="340px", theme="light", on_dangling="none", show_layout_button=False
    )
    return split_page(rendered.data, version("neo4j-viz"))
