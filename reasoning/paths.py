"""MiniRAG-style path weighting: scored edges near the question's entities become weighted paths,
and the paths decide which chunks to read.

Given edge scores (BM25 over edge text, embedding similarity, or chunk BM25 — the retrieval
method decides) and linked seed entities:

1. every scored edge is a path of its own, weighted by its score;
2. a scored edge that touches a seed, or is one hop from one, lies on a path from that seed; that
   path's weight is the sum of the scores of its scored edges times ``1 + seed_boost · s`` where s
   is the seed's linking score normalised to (0, 1], divided by the path length: edges the question's
   own entities reach are worth more, and shorter reasoning chains more than longer ones;
3. a chunk's score is the largest weight among the paths whose edges cite it, plus ``support`` times
   the sum of the others (a chunk several good paths agree on ranks above one cited by a single path).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from graphproof.graph.model import Entity, Hit, Path, Relation
from graphproof.graph.store import GraphStore


@dataclass(frozen=True)
class WeightedPath:
    path: Path
    weight: float

    def format(self) -> str:
        return self.path.format()


@dataclass(frozen=True)
class PathWeighting:
    seed_boost: float = 1.0
    support: float = 0.1
    per_node: int = 50
    max_paths: int = 50


def _oriented(relation: Relation, start: str, entities: Mapping[str, Entity]) -> tuple[Entity, Entity]:
    other = relation.target_id if relation.source_id == start else relation.source_id
    return entities[start], entities[other]


def weight_paths(
    store: GraphStore,
    seeds: Sequence[Hit[Entity]],
    edges: Sequence[Hit[Relation]],
    config: PathWeighting | None = None,
) -> list[WeightedPath]:
    """Weighted paths, best first: each scored edge alone, and seed paths through scored edges."""
    config = config or PathWeighting()
    scores = {h.item.id: h.score for h in edges}
    entities: dict[str, Entity] = {}
    for hit in edges:
        r = hit.item
        entities.setdefault(r.source_id, Entity(r.source_id, r.source_name or r.source_id))
        entities.setdefault(r.target_id, Entity(r.target_id, r.target_name or r.target_id))
    out: list[WeightedPath] = [
        WeightedPath(Path((entities[h.item.source_id], entities[h.item.target_id]), (h.item,)), h.score) for h in edges
    ]
    if not seeds or not edges:
        return sorted(out, key=lambda p: -p.weight)[: config.max_paths]
    top = max(s.score for s in seeds)
    boost = {s.item.id: 1 + config.seed_boost * s.score / top for s in seeds}
    for seed in seeds:
        entities.setdefault(seed.item.id, seed.item)
    touching = {e: [h.item for h in edges if e in (h.item.source_id, h.item.target_id)] for e in entities}
    for seed in seeds:
        sid = seed.item.id
        for relation in touching.get(sid, []):
            start, end = _oriented(relation, sid, entities)
            out.append(WeightedPath(Path((start, end), (relation,)), scores[relation.id] * boost[sid]))
        for _, first, middle in store.neighbors([sid], per_node=config.per_node):
            entities.setdefault(middle.id, middle)
            for relation in touching.get(middle.id, []):
                if relation.id == first.id or sid in (relation.source_id, relation.target_id):
                    continue
                _, end = _oriented(relation, middle.id, entities)
                weight = (scores.get(first.id, 0.0) + scores[relation.id]) * boost[sid] / 2
                out.append(WeightedPath(Path((entities[sid], middle, end), (first, relation)), weight))
    out.sort(key=lambda p: (-p.weight, p.path.entity_ids))
    return out[: config.max_paths]


def chunk_scores(paths: Sequence[WeightedPath], support: float = 0.1) -> dict[str, float]:
    """Chunk id -> the best weight of a path citing it plus ``support`` x the other paths' weights."""
    weights: dict[str, list[float]] = {}
    for weighted in paths:
        cited = {c for r in weighted.path.relations for c in r.chunk_ids}
        for chunk_id in cited:
            weights.setdefault(chunk_id, []).append(weighted.weight)
    return {c: max(w) + support * (sum(w) - max(w)) for c, w in weights.items()}
