"""Backend-independent graph walks built on ``GraphStore.neighbors``: capped k-hop subgraphs and
all shortest paths by bidirectional breadth-first search.

Both backends can use these (the embedded one always does); the capping rule lives in
``neighbors``: at most ``per_node`` edges per entity, highest weight first, then by relation id,
so hub entities (a language linked to 10,000 films) cannot blow a walk up and results are
deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from graphproof.graph.model import Entity, Path, Relation, Subgraph

NeighborFn = Callable[[Sequence[str], int], list[tuple[str, Relation, Entity]]]
EntitiesFn = Callable[[Sequence[str]], list[Entity]]

UNCAPPED = 1_000_000


def expand_subgraph(
    neighbors: NeighborFn,
    entities: EntitiesFn,
    seeds: Sequence[str],
    hops: int,
    limit: int,
    per_node: int,
) -> Subgraph:
    """Breadth-first expansion from ``seeds``; stops adding entities once ``limit`` is reached.

    Every relation between two kept entities that the walk saw is returned. ``truncated`` is true
    when the entity limit or a per-node cap cut something off.
    """
    found = {e.id: e for e in entities(list(dict.fromkeys(seeds)))}
    kept: dict[str, Entity] = dict(found)
    relations: dict[str, Relation] = {}
    truncated = False
    frontier = sorted(found)
    for _ in range(hops):
        if not frontier:
            break
        rows = neighbors(frontier, per_node + 1)
        per_from: dict[str, int] = {}
        next_frontier: list[str] = []
        for from_id, relation, neighbour in rows:
            count = per_from.get(from_id, 0) + 1
            per_from[from_id] = count
            if count > per_node:
                truncated = True
                continue
            if neighbour.id not in kept:
                if len(kept) >= limit:
                    truncated = True
                    continue
                kept[neighbour.id] = neighbour
                next_frontier.append(neighbour.id)
            relations[relation.id] = relation
        frontier = next_frontier
    ordered = tuple(sorted(relations.values(), key=lambda r: r.id))
    return Subgraph(
        entities=tuple(kept[i] for i in sorted(kept)),
        relations=ordered,
        seeds=tuple(sorted(found)),
        truncated=truncated,
    )


def _layer(
    neighbors: NeighborFn,
    frontier: list[str],
    dist: dict[str, int],
    parents: dict[str, list[tuple[str, Relation]]],
    depth: int,
    nodes: dict[str, Entity],
) -> list[str]:
    new: list[str] = []
    for from_id, relation, neighbour in neighbors(frontier, UNCAPPED):
        nodes.setdefault(neighbour.id, neighbour)
        seen = dist.get(neighbour.id)
        if seen is None:
            dist[neighbour.id] = depth
            parents[neighbour.id] = [(from_id, relation)]
            new.append(neighbour.id)
        elif seen == depth:
            parents[neighbour.id].append((from_id, relation))
    return sorted(new)


ENUMERATION_CAP = 10_000


def _walks(
    node: str, parents: dict[str, list[tuple[str, Relation]]], cap: int = ENUMERATION_CAP
) -> list[list[tuple[str, Relation | None]]]:
    """Every walk from the BFS root to ``node`` as ``[(root, None), …, (node, rel)]`` (at most ``cap``)."""
    if not parents.get(node):
        return [[(node, None)]]
    out: list[list[tuple[str, Relation | None]]] = []
    for prev, relation in sorted(parents[node], key=lambda p: (p[0], p[1].id)):
        for walk in _walks(prev, parents, cap):
            out.append([*walk, (node, relation)])
            if len(out) >= cap:
                return out
    return out


def all_shortest_paths(
    neighbors: NeighborFn,
    entities: EntitiesFn,
    source_id: str,
    target_id: str,
    max_hops: int,
    limit: int,
) -> list[Path]:
    """All shortest undirected paths between two entities (at most ``limit``), sorted by entity ids.

    Bidirectional BFS that always expands the smaller frontier; a layer is finished before the
    meeting nodes are read, so every shortest path is found exactly once. Paths are enumerated
    (up to ``ENUMERATION_CAP``), sorted, and only then cut to ``limit``, so ``limit=n`` gives the
    first n of the full sorted list. Raises ``KeyError`` with
    the missing ids when an endpoint does not exist.
    """
    nodes = {e.id: e for e in entities([source_id, target_id])}
    missing = [i for i in (source_id, target_id) if i not in nodes]
    if missing:
        raise KeyError(missing)
    if source_id == target_id:
        return [Path(entities=(nodes[source_id],), relations=())]
    dist_s, dist_t = {source_id: 0}, {target_id: 0}
    par_s: dict[str, list[tuple[str, Relation]]] = {source_id: []}
    par_t: dict[str, list[tuple[str, Relation]]] = {target_id: []}
    front_s, front_t = [source_id], [target_id]
    depth_s = depth_t = 0
    meeting: list[str] = []
    while front_s and front_t and depth_s + depth_t < max_hops:
        if len(front_s) <= len(front_t):
            depth_s += 1
            front_s = _layer(neighbors, front_s, dist_s, par_s, depth_s, nodes)
            layer, other = front_s, dist_t
        else:
            depth_t += 1
            front_t = _layer(neighbors, front_t, dist_t, par_t, depth_t, nodes)
            layer, other = front_t, dist_s
        hits = [n for n in layer if n in other]
        if hits:
            best = min(dist_s[n] + dist_t[n] for n in hits)
            meeting = [n for n in hits if dist_s[n] + dist_t[n] == best]
            break
    paths: list[Path] = []
    for node in meeting:
        for left in _walks(node, par_s):
            for right in _walks(node, par_t):
                if len(paths) >= ENUMERATION_CAP:
                    break
                ids = [n for n, _ in left] + [n for n, _ in reversed(right[:-1])]
                rels = [r for _, r in left[1:]] + [r for _, r in reversed(right[1:])]
                paths.append(
                    Path(
                        entities=tuple(nodes[i] for i in ids),
                        relations=tuple(r for r in rels if r is not None),
                    )
                )
    paths.sort(key=lambda p: (p.entity_ids, tuple(r.id for r in p.relations)))
    return paths[:limit]
