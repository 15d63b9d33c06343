"""A non-learned baseline: BFS from the topic entities, ranked by relation-text similarity to the question.

Over the same exported subgraph as the GNN, every entity at the subgraph's full depth (``hops``
steps from the nearest topic entity, or the deepest level reached) scores the best mean cosine
similarity between the question and the relation texts along a shortest path to it:

    score(e) = max over BFS parents (e', r) of (score(e') · (d − 1) + cos(q, text(r))) / d

The top entity is the Hit@1 guess; all entities tied with it form the predicted set.
"""

from __future__ import annotations

from collections import deque

import numpy as np
from graphproof.graph.embed import Embedder
from graphproof.graph.model import predicate_words
from graphproof.reasoning.gnn.export import ExportedGraph

TIE = 1e-6


class RelationSimilarityBaseline:
    """Ranks the entities of an ``ExportedGraph`` for a question (see the module docstring)."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._predicates: dict[str, np.ndarray] = {}

    def _similarities(self, question: np.ndarray, predicates: list[str]) -> dict[str, float]:
        new = sorted({p for p in predicates if p not in self._predicates})
        if new:
            for p, v in zip(new, self.embedder.embed([predicate_words(p) or p for p in new]), strict=True):
                self._predicates[p] = v
        return {p: float(self._predicates[p] @ question) for p in set(predicates)}

    def rank(self, question: str, graph: ExportedGraph, hops: int) -> list[tuple[str, float]]:
        """``(entity id, score)`` of the candidates, best first (ties by id)."""
        sims = self._similarities(self.embedder.embed_query(question), [r.predicate for r in graph.relations])
        adj: list[list[tuple[int, float]]] = [[] for _ in graph.entities]
        for rel, s, d in zip(graph.relations, graph.src, graph.dst, strict=True):
            adj[s].append((d, sims[rel.predicate]))
            adj[d].append((s, sims[rel.predicate]))
        dist = dict.fromkeys(graph.seeds, 0)
        score = dict.fromkeys(graph.seeds, 0.0)
        queue = deque(graph.seeds)
        while queue:
            node = queue.popleft()
            for neighbour, sim in adj[node]:
                depth = dist[node] + 1
                if neighbour not in dist:
                    dist[neighbour] = depth
                    queue.append(neighbour)
                if dist[neighbour] == depth:
                    value = (score[node] * (depth - 1) + sim) / depth
                    score[neighbour] = max(score.get(neighbour, value), value)
        if len(dist) <= len(graph.seeds):
            return []
        depth = min(hops, max(dist.values()))
        ranked = [(graph.entities[n].id, s) for n, s in score.items() if dist[n] == depth]
        ranked.sort(key=lambda item: (-item[1], item[0]))
        return ranked

    @staticmethod
    def predicted(ranked: list[tuple[str, float]]) -> list[str]:
        """The top entity and every entity tied with it."""
        if not ranked:
            return []
        top = ranked[0][1]
        return [i for i, s in ranked if s >= top - TIE]
