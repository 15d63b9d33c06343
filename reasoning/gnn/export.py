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

from collections.abc import Collection, Sequence
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


class SubgraphExporter:
    """Exports capped k-hop subgraphs from ``store`` (see the module docstring for the rule)."""

    def __init__(self, store: GraphStore, config: ExportConfig | None = None) -> None:
        self.store = store
        self.config = config or ExportConfig()
        self._hubs: set[str] = set()

    def export(self, seed_ids: Sequence[str]) -> ExportedGraph:
        """The subgraph around ``seed_ids`` (entity ids); ``TopicNotFound`` names seeds the store lacks."""
        cfg = self.config
        wanted = list(dict.fromkeys(seed_ids))
        found = {e.id: e for e in self.store.entities(wanted)}
        missing = [i for i in wanted if i not in found]
        if missing:
            raise TopicNotFound(
                f"topic entity id(s) {', '.join(map(repr, missing))} not in the store ({self.store.location})"
            )
        graph = ExportedGraph(entities=[found[i] for i in wanted], seeds=list(range(len(wanted))))
        index = graph.position()
        seen_relations: set[str] = set()
        frontier = list(wanted)
        for hop in range(cfg.hops):
            query = frontier if hop == 0 else [i for i in frontier if i not in self._hubs]
            if not query:
                break
            cap = cfg.seed_per_node if hop == 0 else cfg.per_node
            grouped: dict[str, list[tuple[Relation, Entity]]] = {}
            for from_id, relation, neighbour in self.store.neighbors(query, cap + 1):
                grouped.setdefault(from_id, []).append((relation, neighbour))
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
