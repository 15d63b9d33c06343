"""Retrieval methods, each selectable by name, over any ``GraphStore``.

| method          | what ranks the chunks |
|-----------------|-----------------------|
| ``naive``       | vector search over chunk embeddings |
| ``bm25``        | BM25 over chunk text through the store's full-text index |
| ``bm25-dense``  | ``bm25`` and ``naive`` fused by RRF |
| ``graph-vector``| MiniRAG-style: link entities, score edges near them by embedding similarity, weight paths |
| ``edge-bm25``   | the same graph retrieval, edges scored by BM25 over edge text (the store's index) |
| ``chunk-bm25``  | the same graph retrieval, edges scored by BM25 over the chunks their endpoints hold |
| ``hybrid-rrf``  | ``edge-bm25``, ``bm25``, the chunks of days the question names (and ``naive``) by weighted RRF |
| ``hybrid-rerank``| the union of ``hybrid-rrf``'s inputs re-scored by a cross-encoder |

Every method returns the ranked chunks, the weighted paths it used (graph methods) and timings.
A ``RetrievalMemo`` given to retrievers that differ only in their fusion settings (``rrf_k`` and the hybrid
weights) lets them share each question's input rankings, so a grid of fusion settings costs one retrieval
per question (``evaluation.retrieval.two_fold`` uses it while tuning, never while timing).
With ``BM25Params`` set, BM25 scores from the index are re-computed in process with those k1/b
over the candidates the index returned, using the index's corpus statistics.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar

import numpy as np
from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.graph.embed import Embedder
from graphproof.graph.model import Chunk, Entity, Hit, Relation
from graphproof.graph.store import GraphStore
from graphproof.reasoning.bm25 import BM25Params, bm25_score
from graphproof.reasoning.errors import RetrievalError
from graphproof.reasoning.fusion import DEFAULT_RRF_K, rrf
from graphproof.reasoning.linking import link_entities
from graphproof.reasoning.path_order import display_order
from graphproof.reasoning.paths import (
    PathWeighting,
    QuestionShape,
    WeightedPath,
    chunk_scores,
    question_shape,
    weight_paths,
)
from graphproof.reasoning.rerank import Reranker

METHODS: tuple[str, ...] = (
    "naive", "bm25", "bm25-dense", "graph-vector", "edge-bm25", "chunk-bm25", "hybrid-rrf", "hybrid-rerank",
)  # fmt: skip
GRAPH_METHODS = frozenset({"graph-vector", "edge-bm25", "chunk-bm25"})
NEEDS_EMBEDDER = frozenset({"naive", "bm25-dense", "graph-vector", "hybrid-rerank"})
_T = TypeVar("_T")


@dataclass(frozen=True)
class RetrievalConfig:
    depth: int = 30
    edge_candidates: int = 100
    seeds: int = 5
    link_min_similarity: float = 0.35
    # entity linking also by name embeddings: True, False, or None = only for methods that embed the question
    # anyway (naive, bm25-dense, graph-vector, hybrid-rerank, hybrid-rrf with a dense weight), so the lexical
    # methods never load a model (measured: same quality for hybrid-rrf, see ARCHITECTURE.md)
    link_with_vectors: bool | None = None
    rrf_k: int = DEFAULT_RRF_K
    hybrid_graph_weight: float = 1.0  # the graph (edge-bm25) list's RRF weight in hybrid-rrf; bm25's is 1
    # the dense list's (``dense_chunks``: a chunk scores its best piece vector) RRF weight in hybrid-rrf; chosen
    # on the real-document check sets (as written and paraphrased) over 0, and reported on their unseen holdouts
    # and on LiHua-World's folds (benchmarks/results/retrieval.md, sixteenth session)
    hybrid_dense_weight: float = 0.5
    hybrid_date_weight: float = 1.0  # the list of chunks stamped with a day the question names (none: no list)
    bm25: BM25Params | None = None
    paths: PathWeighting = field(default_factory=PathWeighting)
    # list the paths by ``reasoning.path_order.display_order`` (does a path state what is asked?) instead of by
    # weight; the weights and so the chunks are the same either way
    order_paths: bool = True

    def __post_init__(self) -> None:
        for name in ("hybrid_graph_weight", "hybrid_dense_weight", "hybrid_date_weight"):
            if getattr(self, name) < 0:
                raise RetrievalError(f"RetrievalConfig.{name} must be >= 0, got {getattr(self, name)}")

    def without_fusion(self) -> RetrievalConfig:
        """This config with the fusion settings blanked: what the input rankings of a question depend on."""
        return replace(self, rrf_k=0, hybrid_graph_weight=0.0, hybrid_dense_weight=0.0, hybrid_date_weight=0.0)


@dataclass
class Retrieval:
    """One method's answer to one question."""

    method: str
    question: str
    chunks: list[Hit[Chunk]]
    paths: list[WeightedPath] = field(default_factory=list)
    seeds: list[Hit[Entity]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    ms: float = 0.0
    # how ``paths`` are listed: "weight" (falling path weight) or "display" (``reasoning.path_order.display_order``:
    # does the path state what is asked? Its weights then need not fall down the list)
    paths_order: Literal["weight", "display"] = "weight"

    def to_dict(self, k: int | None = None) -> dict[str, object]:
        """Plain data: the top ``k`` chunks (all when None) and paths, the linked entities, notes and time."""
        return {
            "method": self.method, "question": self.question, "ms": round(self.ms, 1),
            "chunks": [{"rank": i, "score": h.score, "id": h.item.id, "document_id": h.item.document_id,
                        "text": h.item.text} for i, h in enumerate(self.chunks[:k], start=1)],
            "paths": [{"text": p.format(), "weight": p.weight} for p in self.paths[:k]],
            "paths_order": self.paths_order,
            "entities": [{"id": s.item.id, "name": s.item.name, "score": s.score} for s in self.seeds],
            "notes": list(self.notes),
        }  # fmt: skip


FUSED_METHODS = frozenset({"bm25-dense", "hybrid-rrf"})


class RetrievalMemo:
    """Input rankings kept per (part, question, linking, config without fusion settings), shared by retrievers.

    Only for evaluation grids: a memoised ranking costs nothing, so timings taken through it mean nothing.
    """

    def __init__(self) -> None:
        self._kept: dict[tuple[object, ...], object] = {}

    def get(self, key: tuple[object, ...], compute: Callable[[], object]) -> object:
        if key not in self._kept:
            self._kept[key] = compute()
        return self._kept[key]

    def clear(self) -> None:
        self._kept.clear()


class Retriever:
    """Runs the retrieval methods against one store (``memo``: see ``RetrievalMemo``)."""

    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder | None = None,
        config: RetrievalConfig | None = None,
        reranker: Reranker | None = None,
        analyzer: Analyzer | None = None,
    ) -> None:
        self.store, self.embedder, self.reranker = store, embedder, reranker
        self.config = config or RetrievalConfig()
        self.analyzer = analyzer or default_analyzer()
        self.memo: RetrievalMemo | None = None
        self._methods: dict[str, Callable[[_Query], Retrieval]] = {
            "naive": self._naive, "bm25": self._bm25, "bm25-dense": self._bm25_dense,
            "graph-vector": self._graph_vector, "edge-bm25": self._edge_bm25, "chunk-bm25": self._chunk_bm25,
            "hybrid-rrf": self._hybrid_rrf, "hybrid-rerank": self._hybrid_rerank,
        }  # fmt: skip

    def retrieve(self, question: str, method: str = "hybrid-rrf") -> Retrieval:
        if method not in self._methods:
            raise RetrievalError(f"unknown retrieval method {method!r}; expected one of {', '.join(METHODS)}")
        if method in NEEDS_EMBEDDER and self.embedder is None:
            raise RetrievalError(f"method {method!r} needs an embedder (vector search); none was given")
        if method == "hybrid-rerank" and self.reranker is None:
            raise RetrievalError(
                "method 'hybrid-rerank' needs a cross-encoder: pass reranker= (e.g. a CrossEncoderReranker over a "
                "sentence-transformers CrossEncoder model name or path)"
            )
        if not question.strip():
            raise RetrievalError("the question is empty; expected some words")
        start = time.perf_counter()
        query = _Query(question, self, self._links_by_vector(method))
        if self.memo is None or method in FUSED_METHODS:  # fused methods memoise their inputs themselves
            result = self._methods[method](query)
        else:
            kept = self._memo(f"method:{method}", query, lambda: self._methods[method](query))
            result = replace(kept, notes=list(kept.notes))  # the memo's copy stays as it was
        if self.config.order_paths and len(result.paths) > 1:
            seeds = frozenset(s.item.id for s in result.seeds)
            shown = display_order(result.paths, query.shape, seeds, analyzer=self.analyzer)
            result = replace(result, paths=shown, paths_order="display")
        result.ms = (time.perf_counter() - start) * 1000
        return result

    def _memo(self, part: str, query: _Query, compute: Callable[[], _T]) -> _T:
        if self.memo is None:
            return compute()
        key = (part, query.text, query.link_by_vector, self.config.without_fusion())
        return self.memo.get(key, compute)  # type: ignore[return-value]

    def _links_by_vector(self, method: str) -> bool:
        if self.embedder is None:
            return False
        if self.config.link_with_vectors is not None:
            return self.config.link_with_vectors
        return method in NEEDS_EMBEDDER or (method == "hybrid-rrf" and self.config.hybrid_dense_weight > 0)

    # building blocks --------------------------------------------------------------------------
    def _rescored(self, kind: str, query: _Query, hits: Sequence[Hit[object]], text: Callable[[object], str]) -> list:
        if self.config.bm25 is None or not hits:
            return list(hits)
        terms = query.terms
        stats = self.store.term_stats(kind, terms)  # type: ignore[arg-type]
        scored = [
            Hit(h.item, bm25_score(self.analyzer.tokens(text(h.item)), terms, stats, self.config.bm25)) for h in hits
        ]
        return sorted(scored, key=lambda h: -h.score)

    def bm25_chunks(self, query: _Query) -> list[Hit[Chunk]]:
        hits = self.store.search_chunks(query.text, k=self.config.depth)
        return self._rescored("chunks", query, hits, lambda c: c.text)  # type: ignore[attr-defined]

    def dense_chunks(self, query: _Query) -> list[Hit[Chunk]]:
        return self.store.nearest_chunks(query.vector, k=self.config.depth)

    def dated_chunks(self, query: _Query) -> list[Hit[Chunk]]:
        """The chunks that carry a day the question names (``Analyzer.dates``: "on 2026-04-28", "on April 28,
        2026"), found through the chunk index by the day's ``YYYYMMDD`` term, which chat stamps and date metadata
        give; none when the question names no day."""
        days = self.analyzer.dates(query.text)
        return self.store.search_chunks(" ".join(days), k=self.config.depth) if days else []

    def bm25_edges(self, query: _Query) -> list[Hit[Relation]]:
        hits = self.store.search_relations(query.text, k=self.config.edge_candidates)
        return self._rescored("relations", query, hits, lambda r: r.text)  # type: ignore[attr-defined]

    def _graph(self, query: _Query, method: str, edges: list[Hit[Relation]], notes: list[str]) -> Retrieval:
        paths = weight_paths(self.store, query.seeds, edges, self.config.paths, query.shape)
        scores = chunk_scores(paths, self.config.paths.support)
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[: self.config.depth]
        chunks = {c.id: c for c in self.store.chunks([c for c, _ in ranked])}
        hits = [Hit(chunks[c], s) for c, s in ranked if c in chunks]
        if not edges:
            notes.append("no edge matched the question")
        return Retrieval(method, query.text, hits, paths, query.seeds, notes)

    @staticmethod
    def _fuse(
        method: str,
        query: _Query,
        lists: Sequence[Sequence[Hit[Chunk]]],
        k: int,
        depth: int,
        weights: Sequence[float] | None = None,
    ) -> Retrieval:
        by_id = {h.item.id: h.item for hits in lists for h in hits}
        fused = rrf([[h.item.id for h in hits] for hits in lists], k=k, weights=weights)[:depth]
        return Retrieval(method, query.text, [Hit(by_id[c], s) for c, s in fused])

    # methods ----------------------------------------------------------------------------------
    def _naive(self, q: _Query) -> Retrieval:
        return Retrieval("naive", q.text, self.dense_chunks(q))

    def _bm25(self, q: _Query) -> Retrieval:
        return Retrieval("bm25", q.text, self.bm25_chunks(q))

    def _bm25_dense(self, q: _Query) -> Retrieval:
        lists = [self._memo("chunks:bm25", q, lambda: self.bm25_chunks(q)),
                 self._memo("chunks:dense", q, lambda: self.dense_chunks(q))]  # fmt: skip
        return self._fuse("bm25-dense", q, lists, self.config.rrf_k, self.config.depth)

    def _edge_bm25(self, q: _Query) -> Retrieval:
        return self._graph(q, "edge-bm25", self.bm25_edges(q), [])

    def _chunk_bm25(self, q: _Query) -> Retrieval:
        """Edges scored by the BM25 of the chunks their endpoint entities hold (mentions)."""
        chunk_hits = self.bm25_chunks(q)
        chunk_score = {h.item.id: h.score for h in chunk_hits}
        entity_score: dict[str, float] = {}
        for mention in self.store.mentions_of_chunks(list(chunk_score)):
            entity_score[mention.entity_id] = max(
                entity_score.get(mention.entity_id, 0.0), chunk_score[mention.chunk_id]
            )
        candidates = {h.item.id: h.item for h in self.bm25_edges(q)}
        scored = [
            Hit(r, (entity_score.get(r.source_id, 0.0) + entity_score.get(r.target_id, 0.0)) / 2)
            for r in candidates.values()
        ]
        edges = sorted((h for h in scored if h.score > 0), key=lambda h: (-h.score, h.item.id))
        return self._graph(q, "chunk-bm25", edges, [])

    def _graph_vector(self, q: _Query) -> Retrieval:
        """Edges near the linked entities scored by cosine similarity of the edge's embedding to the question.

        An edge's embedding is the normalised mean of its endpoints' name embeddings and the embedding of
        the first chunk it cites (embedding every edge's text at ingest would cost ~3x the whole ingest).
        """
        notes: list[str] = []
        seeds = q.seeds
        if not seeds:
            notes.append("no entity of the question was found in the graph")
            return Retrieval("graph-vector", q.text, [], [], [], notes)
        sub = self.store.subgraph([s.item.id for s in seeds], hops=1, per_node=self.config.paths.per_node)
        vectors = {e.id: e.embedding for e in sub.entities if e.embedding is not None}
        cited = {r.chunk_ids[0] for r in sub.relations if r.chunk_ids}
        chunk_vectors = {c.id: c.embedding for c in self.store.chunks(sorted(cited)) if c.embedding is not None}
        query = np.asarray(q.vector, dtype=np.float32)
        scored = []
        for r in sub.relations:
            parts = [vectors.get(r.source_id), vectors.get(r.target_id)]
            parts.append(chunk_vectors.get(r.chunk_ids[0]) if r.chunk_ids else None)
            present = [np.asarray(p, dtype=np.float32) for p in parts if p is not None]
            if present:
                mean = np.mean(present, axis=0)
                norm = float(np.linalg.norm(mean))
                if norm > 0:
                    scored.append(Hit(r, float(mean @ query) / norm))
        scored.sort(key=lambda h: (-h.score, h.item.id))
        return self._graph(q, "graph-vector", scored[: self.config.edge_candidates], notes)

    def _hybrid_rrf(self, q: _Query) -> Retrieval:
        """Weighted RRF of the graph (edge-bm25) ranking, plain BM25, the chunks of the days the question
        names (``dated_chunks``) and the dense ranking (``hybrid_dense_weight``; none without an embedder).

        Whole-conversation MiniLM vectors ranked far below BM25 on LiHua-World (naive Recall@10 0.75 vs 0.93 on
        the full year) and fusing them lowered nDCG@10 (0.819 -> 0.790), so the dense list was off by default.
        A chunk now also scores its best piece (``loaders.pieces``: a chat's messages): naive nDCG@10 full year
        0.597 -> 0.726, and the dense list at half weight raised hybrid-rrf in both folds.
        """
        graph = self._memo("graph:edge-bm25", q, lambda: self._edge_bm25(q))
        lists = [graph.chunks, self._memo("chunks:bm25", q, lambda: self.bm25_chunks(q))]
        weights = [self.config.hybrid_graph_weight, 1.0]
        if self.config.hybrid_dense_weight > 0 and self.embedder is not None:
            lists.append(self._memo("chunks:dense", q, lambda: self.dense_chunks(q)))
            weights.append(self.config.hybrid_dense_weight)
        if self.config.hybrid_date_weight > 0:
            lists.append(self._memo("chunks:dated", q, lambda: self.dated_chunks(q)))
            weights.append(self.config.hybrid_date_weight)
        fused = self._fuse("hybrid-rrf", q, lists, self.config.rrf_k, self.config.depth, weights)
        return replace(fused, paths=graph.paths, seeds=graph.seeds, notes=list(graph.notes))

    def _hybrid_rerank(self, q: _Query) -> Retrieval:
        assert self.reranker is not None
        graph = self._edge_bm25(q)
        pool = {h.item.id: h.item for hits in (graph.chunks, self.bm25_chunks(q), self.dense_chunks(q)) for h in hits}
        ranked = self.reranker.rerank(q.text, list(pool.values()))[: self.config.depth]
        return Retrieval("hybrid-rerank", q.text, ranked, graph.paths, graph.seeds, graph.notes)


class _Query:
    """A question with its analysed terms, embedding and linked entities, each computed once."""

    def __init__(self, text: str, retriever: Retriever, link_by_vector: bool = True) -> None:
        self.text, self._retriever, self.link_by_vector = text, retriever, link_by_vector
        self._terms: list[str] | None = None
        self._vector: Sequence[float] | None = None
        self._seeds: list[Hit[Entity]] | None = None
        self._shape: QuestionShape | None = None

    @property
    def shape(self) -> QuestionShape:
        """What path weighting reads in the question (``reasoning.paths.question_shape``)."""
        if self._shape is None:
            self._shape = question_shape(self.text, self._retriever.analyzer)
        return self._shape

    @property
    def terms(self) -> list[str]:
        if self._terms is None:
            self._terms = self._retriever.analyzer.query_terms(self.text)
        return self._terms

    @property
    def vector(self) -> Sequence[float]:
        if self._vector is None:
            embedder = self._retriever.embedder
            if embedder is None:
                raise RetrievalError("this method needs an embedder")
            self._vector = [float(x) for x in embedder.embed_query(self.text)]
        return self._vector

    @property
    def seeds(self) -> list[Hit[Entity]]:
        if self._seeds is None:
            vector = self.vector if self.link_by_vector else None
            config = self._retriever.config
            self._seeds = link_entities(
                self._retriever.store, self.text, vector, config.seeds, self._retriever.analyzer,
                min_similarity=config.link_min_similarity,
            )  # fmt: skip
        return self._seeds
