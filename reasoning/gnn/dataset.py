"""Question sets made ready for the model: topic entities linked, subgraphs exported once, answers marked.

Training and evaluation export every question's subgraph once (before the epochs) and keep only
ids and predicates in memory (``CompactGraph``); the relation vocabulary is read off the exports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from graphproof.graph.embed import Embedder
from graphproof.graph.model import normalize_id
from graphproof.graph.store import GraphStore
from graphproof.reasoning.gnn.errors import GnnError, NoLinkableEntity, TopicNotFound
from graphproof.reasoning.gnn.export import CompactGraph, ExportedGraph, SubgraphExporter
from graphproof.reasoning.gnn.linking import link_topics
from graphproof.reasoning.gnn.qa import QAExample
from graphproof.reasoning.gnn.vocab import RelationVocab

SKIP_NO_ENTITY = "no linkable entity"
SKIP_TOPIC_MISSING = "topic entity not in the store"
SKIP_EMPTY = "empty subgraph"
EXPORT_ROUND = 256  # questions exported together (one neighbors() query per hop for all of them)


class Progress(Protocol):
    """What long steps report to (the CLI draws a progress bar; ``NullProgress`` ignores it)."""

    def start(self, stage: str, total: int) -> None: ...

    def advance(self, n: int = 1) -> None: ...

    def log(self, message: str) -> None: ...


class NullProgress:
    def start(self, stage: str, total: int) -> None:
        return None

    def advance(self, n: int = 1) -> None:
        return None

    def log(self, message: str) -> None:
        return None


def answer_ids(example: QAExample) -> set[str]:
    out = set()
    for name in example.answers:
        try:
            out.add(normalize_id(name))
        except ValueError:
            continue
    return out


@dataclass
class PreparedQuestion:
    """A question with its exported subgraph; ``covered`` says a gold answer is in it (besides the topics)."""

    example: QAExample
    graph: CompactGraph
    answers: set[str]
    covered: bool


@dataclass
class PreparedSet:
    items: list[PreparedQuestion] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return len(self.items) + sum(self.skipped.values())

    @property
    def coverage(self) -> float:
        """Share of all questions (skipped ones included) whose subgraph holds a gold answer."""
        return sum(p.covered for p in self.items) / self.total if self.total else 0.0

    def predicates(self) -> set[str]:
        return {p for item in self.items for p in item.graph.predicates}

    def vocab(self) -> RelationVocab:
        return RelationVocab.of(self.predicates())


def prepare_questions(
    store: GraphStore,
    exporter: SubgraphExporter,
    examples: Sequence[QAExample],
    embedder: Embedder | None = None,
    progress: Progress | None = None,
    stage: str = "exporting subgraphs",
) -> PreparedSet:
    """Link and export every question; questions that cannot be used are counted by reason, not raised."""
    progress = progress or NullProgress()
    progress.start(stage, len(examples))
    out = PreparedSet()

    def skip(key: str) -> None:
        out.skipped[key] = out.skipped.get(key, 0) + 1

    for start in range(0, len(examples), EXPORT_ROUND):
        linked: list[tuple[QAExample, list[str]]] = []
        for example in examples[start : start + EXPORT_ROUND]:
            try:
                linked.append((example, [t.entity.id for t in link_topics(store, example.question, embedder)]))
            except TopicNotFound:
                skip(SKIP_TOPIC_MISSING)
            except NoLinkableEntity:
                skip(SKIP_NO_ENTITY)
            except GnnError as exc:
                skip(type(exc).__name__)
        # one neighbors() query per hop for the whole round (SubgraphExporter.export_many)
        graphs = exporter.export_many([seeds for _, seeds in linked])
        progress.advance(min(EXPORT_ROUND, len(examples) - start))
        for (example, _), graph in zip(linked, graphs, strict=True):
            if isinstance(graph, TopicNotFound):
                skip(SKIP_TOPIC_MISSING)
                continue
            if graph.relations:
                out.items.append(_prepared(example, graph))
            else:
                skip(SKIP_EMPTY)
    return out


def _prepared(example: QAExample, graph: ExportedGraph) -> PreparedQuestion:
    gold = answer_ids(example)
    seeds = {graph.entities[i].id for i in graph.seeds}
    covered = any(e.id in gold and e.id not in seeds for e in graph.entities)
    return PreparedQuestion(example, CompactGraph.of(graph), gold, covered)
