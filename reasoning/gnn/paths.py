"""Reasoning paths: shortest paths inside an exported subgraph, formatted as the LLM reads them.

The paper turns the GNN's prediction into a reasoning path by a breadth-first search from the
question entity to the predicted answer, and feeds it as ``Entity → relation → Entity → …``.
Edges are walked in either direction; the relation is always printed with its own name.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from graphproof.graph.model import Path, Relation
from graphproof.reasoning.gnn.export import ExportedGraph

ENUMERATION_CAP = 1000


def _adjacency(graph: ExportedGraph) -> list[list[tuple[int, int]]]:
    adj: list[list[tuple[int, int]]] = [[] for _ in graph.entities]
    for k, (s, d) in enumerate(zip(graph.src, graph.dst, strict=True)):
        adj[s].append((d, k))
        if s != d:
            adj[d].append((s, k))
    return adj


def shortest_paths(graph: ExportedGraph, source: int, target: int, limit: int = 3) -> list[Path]:
    """Up to ``limit`` shortest paths from entity ``source`` to ``target`` (indices into ``graph.entities``).

    All shortest paths are enumerated (at most ``ENUMERATION_CAP``), sorted by their entity ids and
    relation ids, and the first ``limit`` returned, so the result is deterministic. Empty when the
    two are not connected.
    """
    if source == target:
        return [Path(entities=(graph.entities[source],), relations=())]
    adj = _adjacency(graph)
    dist = {source: 0}
    parents: dict[int, list[tuple[int, int]]] = {source: []}
    queue = deque([source])
    while queue:
        node = queue.popleft()
        if target in dist and dist[node] >= dist[target]:
            break
        for neighbour, edge in adj[node]:
            if neighbour not in dist:
                dist[neighbour] = dist[node] + 1
                parents[neighbour] = [(node, edge)]
                queue.append(neighbour)
            elif dist[neighbour] == dist[node] + 1:
                parents[neighbour].append((node, edge))
    if target not in dist:
        return []
    walks: list[list[tuple[int, int]]] = []

    def back(node: int, tail: list[tuple[int, int]]) -> None:
        if len(walks) >= ENUMERATION_CAP:
            return
        if node == source:
            walks.append(list(reversed(tail)))
            return
        for prev, edge in parents[node]:
            back(prev, [*tail, (node, edge)])

    back(target, [])
    paths = [
        Path(entities=(graph.entities[source], *(graph.entities[n] for n, _ in walk)),
             relations=tuple(graph.relations[e] for _, e in walk))
        for walk in walks
    ]  # fmt: skip
    paths.sort(key=lambda p: (p.entity_ids, tuple(r.id for r in p.relations)))
    return paths[:limit]


def path_key(path: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return path.entity_ids, tuple(r.id for r in path.relations)


def merge_paths(*groups: Iterable[Path]) -> list[Path]:
    """The paths of all groups in order, each distinct path once (``path_1st`` = GNN paths + LLM paths)."""
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    out: list[Path] = []
    for group in groups:
        for path in group:
            key = path_key(path)
            if key not in seen:
                seen.add(key)
                out.append(path)
    return out


def format_paths(paths: Sequence[Path]) -> list[str]:
    """``["Kismet → directed_by → William Dieterle", …]``, duplicates of the same text removed."""
    return list(dict.fromkeys(p.format("→") for p in paths))


def relation_names(path: Path) -> tuple[str, ...]:
    return tuple(r.predicate for r in path.relations)


def relations_of(paths: Sequence[Path]) -> list[Relation]:
    return list({r.id: r for p in paths for r in p.relations}.values())
