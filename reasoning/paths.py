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

An edge that only records co-occurrence (``related_to``) with a one-word concept — a lone lower-case
noun such as "name" or "license", too general to be what a fact is about — scores ``cooccurrence``
times its edge score, so a stated relation ("git → was_given_by → Linus Torvalds") outranks "git →
related_to → name" of the same score, while co-occurring names and specific keyphrases ("Wren-3
sensor pod from Aoba Robotics") keep their full score. A two-edge path never bridges documents
through a concept: when the middle entity is a concept and the two edges cite no document in
common, the path is not made (Zstandard's licence is not PyYAML's "MIT" because both READMEs
mention a licence).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from graphproof.graph.model import CONCEPT, RELATED_TO, Entity, Hit, Path, Relation, document_of_chunk
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
    cooccurrence: float = 0.5


def _documents(relation: Relation) -> set[str]:
    return {document_of_chunk(c) for c in relation.chunk_ids}


def _lower_case(name: str) -> bool:
    return name == name.casefold() and any(c.isalpha() for c in name)


def is_concept(entity: Entity) -> bool:
    """A lower-case keyphrase ("license", "maintenance work"), as opposed to a name."""
    return entity.type == CONCEPT or _lower_case(entity.name)


def bridges_documents(first: Relation, middle: Entity, second: Relation) -> bool:
    """True when ``first`` and ``second`` meet only at a concept and cite no document in common."""
    return is_concept(middle) and not (_documents(first) & _documents(second))


def edge_factor(relation: Relation, config: PathWeighting) -> float:
    """``config.cooccurrence`` for a ``related_to`` edge with a one-word concept at either end, else 1."""
    if relation.predicate != RELATED_TO:
        return 1.0
    ends = (relation.source_name or relation.source_id, relation.target_name or relation.target_id)
    return config.cooccurrence if any(_lower_case(name) and len(name.split()) == 1 for name in ends) else 1.0


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
    scores = {h.item.id: h.score * edge_factor(h.item, config) for h in edges}
    entities: dict[str, Entity] = {}
    for hit in edges:
        r = hit.item
        entities.setdefault(r.source_id, Entity(r.source_id, r.source_name or r.source_id))
        entities.setdefault(r.target_id, Entity(r.target_id, r.target_name or r.target_id))
    out: list[WeightedPath] = [
        WeightedPath(Path((entities[h.item.source_id], entities[h.item.target_id]), (h.item,)), scores[h.item.id])
        for h in edges
    ]
    if not seeds or not edges:
        return _distinct(sorted(out, key=lambda p: -p.weight))[: config.max_paths]
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
                if bridges_documents(first, middle, relation):
                    continue
                _, end = _oriented(relation, middle.id, entities)
                weight = (scores.get(first.id, 0.0) + scores[relation.id]) * boost[sid] / 2
                out.append(WeightedPath(Path((entities[sid], middle, end), (first, relation)), weight))
    out.sort(key=lambda p: (-p.weight, p.path.entity_ids))
    return _distinct(out)[: config.max_paths]


def _distinct(paths: list[WeightedPath]) -> list[WeightedPath]:
    """The first (heaviest) of the paths over the same edges, whichever end they were walked from."""
    seen: set[frozenset[str]] = set()
    out = []
    for weighted in paths:
        key = frozenset(r.id for r in weighted.path.relations)
        if key not in seen:
            seen.add(key)
            out.append(weighted)
    return out


def chunk_scores(paths: Sequence[WeightedPath], support: float = 0.1) -> dict[str, float]:
    """Chunk id -> the best weight of a path citing it plus ``support`` x the other paths' weights."""
    weights: dict[str, list[float]] = {}
    for weighted in paths:
        cited = {c for r in weighted.path.relations for c in r.chunk_ids}
        for chunk_id in cited:
            weights.setdefault(chunk_id, []).append(weighted.weight)
    return {c: max(w) + support * (sum(w) - max(w)) for c, w in weights.items()}
