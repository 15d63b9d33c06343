"""Question subgraphs exported from a ``GraphStore`` as PyG ``Data``.

The expansion is breadth-first from the topic entities, ``hops`` steps, through
``GraphStore.neighbors`` (edges in both directions), with a deterministic capping rule:

- A *seed* keeps at most ``seed_per_node`` of its edges, in the store's order (highest weight,
  then relation id), so a hub topic (a genre, a year) is sampled, not dropped.
- Any other entity with more than ``per_node`` edges is a *hub*: it stays in the subgraph as a
  leaf but is never expanded (a language linked to 10,000 films says nothing about any of them,
  and expanding it would cost more than the rest of the subgraph). Hubs are remembered per
  exporter, so they are queried once; the result is the same whether they were queried or not.
- Each hop expands its frontier lowest-degree first (ties by id) and adds entities until
  ``limit`` is reached, so the specific neighbourhood fills the budget before anything generic.

``to_data`` turns an ``ExportedGraph`` into ``Data`` with ``edge_index`` holding every edge twice:
``s → o`` with relation id ``r`` and ``o → s`` with ``r + R`` (the inverse), as ReaRev reasons
along both directions.
"""

from __future__ import annotations

from collections.abc import Collection, Generator, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from graphproof.graph.model import Entity, Relation
from graphproof.graph.store import GraphStore
from graphproof.reasoning.gnn.errors import CheckpointMismatch, EmptySubgraph, TopicNotFound
from graphproof.reasoning.gnn.vocab import RelationVocab

if TYPE_CHECKING:
    from torch_geometric.data import Data


@dataclass(frozen=True)
class ExportConfig:
    """Caps of a question subgraph. Defaults: 2 hops, hubs above 100 edges, 200 seed edges, 2,000 entities."""

    hops: int = 2
    per_node: int = 100
    seed_per_node: int = 200
    limit: int = 2000

    def __post_init__(self) -> None:
        for name in ("hops", "per_node", "seed_per_node", "limit"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"ExportConfig.{name} must be a positive integer, got {value!r}")

    def as_dict(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExportConfig:
        return cls(**{k: int(data[k]) for k in ("hops", "per_node", "seed_per_node", "limit")})


@dataclass
class ExportedGraph:
    """Entities (seeds first, then in the order reached) and the store relations among them."""

    entities: list[Entity]
    seeds: list[int]
    relations: list[Relation] = field(default_factory=list)
    src: list[int] = field(default_factory=list)
    dst: list[int] = field(default_factory=list)
    truncated: bool = False

    @property
    def node_ids(self) -> list[str]:
        return [e.id for e in self.entities]

    def position(self) -> dict[str, int]:
        return {e.id: i for i, e in enumerate(self.entities)}


Neighbours = list[tuple[Relation, Entity]]
NEIGHBOR_BATCH = 1000  # entity ids per neighbors() query
CACHE_ENTITIES = 200_000  # neighbour lists kept per exporter before the cache starts over
CACHE_GRAPHS = 4096  # finished subgraphs kept per exporter (one per distinct topic set)


class SubgraphExporter:
    """Exports capped k-hop subgraphs from ``store`` (see the module docstring for the rule).

    ``export_many`` exports many questions' subgraphs hop by hop together: each hop sends one
    ``neighbors`` query (per ``NEIGHBOR_BATCH`` ids) for the union of every question's frontier,
    instead of one per question. Neighbour lists are cached per entity and finished subgraphs per
    topic set, so questions about the same topic entity cost one export. The store must not change
    while an exporter is in use (build a new one after writes); results are the same as ``export``'s.
    """

    def __init__(self, store: GraphStore, config: ExportConfig | None = None) -> None:
        self.store = store
        self.config = config or ExportConfig()
        self._hubs: set[str] = set()
        self._neighbours: dict[str, tuple[int, Neighbours]] = {}  # id -> (per_node asked, rows)
        self._graphs: dict[tuple[str, ...], ExportedGraph] = {}
        self.queries = 0  # neighbors() calls sent to the store (for benchmarks)

    def clear(self) -> None:
        """Forget the cached neighbour lists, subgraphs and hubs (after the store was written to)."""
        self._hubs.clear()
        self._neighbours.clear()
        self._graphs.clear()

    def export(self, seed_ids: Sequence[str]) -> ExportedGraph:
        """The subgraph around ``seed_ids`` (entity ids); ``TopicNotFound`` names seeds the store lacks."""
        result = self.export_many([seed_ids])[0]
        if isinstance(result, Exception):
            raise result
        return result

    def export_many(self, seed_lists: Sequence[Sequence[str]]) -> list[ExportedGraph | TopicNotFound]:
        """``export`` for every seed list, in order; a list naming unknown seeds gives its ``TopicNotFound``."""
        wanted = [tuple(dict.fromkeys(seeds)) for seeds in seed_lists]
        done = {w: self._graphs[w] for w in wanted if w in self._graphs}
        todo = list(dict.fromkeys(w for w in wanted if w not in done))
        found = {e.id: e for e in self.store.entities(sorted({i for w in todo for i in w}))} if todo else {}
        errors: dict[tuple[str, ...], TopicNotFound] = {}
        walks = {}
        for seeds in todo:
            missing = [i for i in seeds if i not in found]
            if missing:
                errors[seeds] = TopicNotFound(
                    f"topic entity id(s) {', '.join(map(repr, missing))} not in the store ({self.store.location})"
                )
            else:
                walks[seeds] = self._walk([found[i] for i in seeds])
        requests = {seeds: next(walk) for seeds, walk in walks.items()}
        while requests:
            by_cap: dict[int, set[str]] = {}
            for ids, per_node in requests.values():
                by_cap.setdefault(per_node, set()).update(ids)
            rows = {per_node: self._fetch(sorted(ids), per_node) for per_node, ids in by_cap.items()}
            following = {}
            for seeds, (ids, per_node) in requests.items():
                try:
                    following[seeds] = walks[seeds].send({i: rows[per_node][i] for i in ids})
                except StopIteration as finished:
                    done[seeds] = finished.value
                    self._remember(seeds, finished.value)
            requests = following
        return [errors[w] if w in errors else done[w] for w in wanted]

    def _remember(self, seeds: tuple[str, ...], graph: ExportedGraph) -> None:
        if len(self._graphs) >= CACHE_GRAPHS:
            self._graphs.clear()
        self._graphs[seeds] = graph

    def _fetch(self, ids: Sequence[str], per_node: int) -> dict[str, Neighbours]:
        """Each entity's first ``per_node`` edges in the store's order, from the cache where it suffices."""
        out: dict[str, Neighbours] = {}
        todo: list[str] = []
        for i in ids:
            cached = self._neighbours.get(i)
            if cached is not None and (cached[0] >= per_node or len(cached[1]) < cached[0]):
                out[i] = cached[1][:per_node]
            else:
                todo.append(i)
        for start in range(0, len(todo), NEIGHBOR_BATCH):
            part = todo[start : start + NEIGHBOR_BATCH]
            grouped: dict[str, Neighbours] = {i: [] for i in part}
            self.queries += 1
            for from_id, relation, neighbour in self.store.neighbors(part, per_node):
                grouped[from_id].append((relation, neighbour))
            if len(self._neighbours) + len(grouped) > CACHE_ENTITIES:
                self._neighbours.clear()
            for i, found in grouped.items():
                self._neighbours[i] = (per_node, found)
                out[i] = found
        return out

    def _walk(self, seeds: list[Entity]) -> Generator[tuple[list[str], int], dict[str, Neighbours], ExportedGraph]:
        """The expansion of one subgraph; yields ``(ids, per_node)`` and is sent each id's neighbours."""
        cfg = self.config
        graph = ExportedGraph(entities=list(seeds), seeds=list(range(len(seeds))))
        index = graph.position()
        seen_relations: set[str] = set()
        frontier = [e.id for e in seeds]
        for hop in range(cfg.hops):
            query = frontier if hop == 0 else [i for i in frontier if i not in self._hubs]
            if not query:
                break
            cap = cfg.seed_per_node if hop == 0 else cfg.per_node
            answered = yield query, cap + 1
            grouped = {i: answered[i] for i in query if answered.get(i)}
            next_frontier: list[str] = []
            for from_id in sorted(grouped, key=lambda i: (len(grouped[i]), i)):
                rows = grouped[from_id]
                if len(rows) > cap:
                    graph.truncated = True
                    if hop > 0:
                        self._hubs.add(from_id)
                        continue
                    rows = rows[:cap]
                for relation, neighbour in rows:
                    if neighbour.id not in index:
                        if len(graph.entities) >= cfg.limit:
                            graph.truncated = True
                            continue
                        index[neighbour.id] = len(graph.entities)
                        graph.entities.append(neighbour)
                        next_frontier.append(neighbour.id)
                    if relation.id not in seen_relations:
                        seen_relations.add(relation.id)
                        graph.relations.append(relation)
                        graph.src.append(index[relation.source_id])
                        graph.dst.append(index[relation.target_id])
            frontier = next_frontier
        return graph


@dataclass
class CompactGraph:
    """An ``ExportedGraph`` without store objects (ids and predicates only): what training keeps in memory."""

    node_ids: list[str]
    seeds: list[int]
    src: list[int]
    dst: list[int]
    predicates: list[str]

    @classmethod
    def of(cls, graph: ExportedGraph) -> CompactGraph:
        return cls(graph.node_ids, list(graph.seeds), list(graph.src), list(graph.dst),
                   [r.predicate for r in graph.relations])  # fmt: skip


def to_data(
    graph: ExportedGraph | CompactGraph,
    vocab: RelationVocab,
    answers: Collection[str] | None = None,
) -> tuple[Data, list[str]]:
    """``(Data, unknown predicates)``: the graph with relation ids from ``vocab`` and inverse edges.

    ``Data`` fields: ``num_nodes``; ``edge_index`` ``[2, 2E]`` (``s → o`` then ``o → s``);
    ``edge_type`` ``[2E]`` (``r`` then ``r + R``); ``seed_mask`` ``[N]``; ``y`` ``[N]`` (1.0 on gold
    answers other than the topic entities, when ``answers`` holds entity ids); ``node_ids``. An
    ``ExportedGraph`` also gives ``node_text`` (entity names), ``relation_text`` (the text of every
    relation id) and ``edge_relations`` (the store relations of the ``E`` forward edges). Edges whose predicate the
    vocabulary lacks are dropped and their predicates returned. Raises ``EmptySubgraph`` when the
    graph has no edges and ``CheckpointMismatch`` when none of its predicates is in the vocabulary.
    """
    import torch
    from torch_geometric.data import Data

    full = isinstance(graph, ExportedGraph)
    node_ids = graph.node_ids
    predicates = [r.predicate for r in graph.relations] if full else graph.predicates
    seeds_text = ", ".join(repr(node_ids[i]) for i in graph.seeds)
    if not predicates:
        raise EmptySubgraph(
            f"the subgraph around {seeds_text} has no edges: the topic entities are not related to anything in "
            "the store, so there is nothing to reason over"
        )
    unknown = vocab.unknown(predicates)
    keep = [k for k, p in enumerate(predicates) if p in vocab.index]
    if not keep:
        shown = ", ".join(vocab.predicates[:8]) + (", …" if vocab.size > 8 else "")
        raise CheckpointMismatch(
            f"none of the relations around {seeds_text} ({', '.join(unknown[:8])}) is in the model's relation "
            f"vocabulary ({shown}): the checkpoint was trained on another graph; retrain it with "
            "`graphproof gnn train` on this store"
        )
    src = torch.tensor([graph.src[k] for k in keep], dtype=torch.long)
    dst = torch.tensor([graph.dst[k] for k in keep], dtype=torch.long)
    rel = torch.tensor([vocab.index[predicates[k]] for k in keep], dtype=torch.long)
    n = len(node_ids)
    seed_mask = torch.zeros(n, dtype=torch.bool)
    seed_mask[graph.seeds] = True
    data = Data(
        num_nodes=n,
        edge_index=torch.stack([torch.cat([src, dst]), torch.cat([dst, src])]),
        edge_type=torch.cat([rel, rel + vocab.size]),
        seed_mask=seed_mask,
    )
    data.node_ids = node_ids
    if answers is not None:
        gold = set(answers)
        data.y = torch.tensor([1.0 if i in gold else 0.0 for i in node_ids])
        data.y[seed_mask] = 0.0  # a topic entity is never predicted, so it is no training target either
    if full:
        data.node_text = [e.name for e in graph.entities]
        data.relation_text = vocab.texts()
        data.edge_relations = [graph.relations[k] for k in keep]
    return data, unknown
