"""The library API of GNN reasoning: answers and reasoning paths for one question.

``GnnReasoner.load(ckpt, store, embedder).reason(question)`` links the topic entities, exports
their subgraph, scores every entity with ReaRev and returns the predicted answers with the
shortest subgraph paths from the topic entities to each, formatted ``Entity → relation → Entity``.
Every failure is a ``GnnError`` with a message naming the input (no linkable entity, a topic not in
the store, an empty subgraph, a checkpoint of another version, encoder or relation vocabulary), so
a caller with other methods (``graphproof ask``) can fall back and say why.

Relations the model was not trained on (free-text predicates an enrichment run wrote, say) are read by
their text (``unseen_relations="text"``, the default: ReaRev sees a relation only through the encoder's
embedding of its words, ``RelationVocab.with_unseen``) or left out (``"drop"``); either way the
prediction's warnings name them. They are read only where the subgraph extends the graph the model was
trained on: it holds a trained relation, or an edge an enrichment run added (``origin="enrichment"``).
A subgraph with neither comes from another graph and is refused (``CheckpointMismatch``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any, Literal

import torch
from graphproof.graph.embed import Embedder
from graphproof.graph.model import Entity, Path
from graphproof.graph.store import GraphStore
from graphproof.reasoning.gnn.checkpoint import Checkpoint, load_checkpoint
from graphproof.reasoning.gnn.device import resolve_device
from graphproof.reasoning.gnn.encoder import QuestionEncoder
from graphproof.reasoning.gnn.errors import GnnError, LLMReplyError
from graphproof.reasoning.gnn.export import ExportedGraph, SubgraphExporter, to_data
from graphproof.reasoning.gnn.linking import LinkedTopic, link_topics, resolve_topics
from graphproof.reasoning.gnn.metrics import predicted_set
from graphproof.reasoning.gnn.model import collate
from graphproof.reasoning.gnn.paths import format_paths, merge_paths, shortest_paths
from graphproof.reasoning.gnn.qa import plain_question
from graphproof.reasoning.gnn.rog import llm_relation_paths
from graphproof.reasoning.gnn.vocab import RelationVocab

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

DEFAULT_K = 3
PATHS_PER_ANSWER = 3
UnseenRelations = Literal["text", "drop"]


@dataclass
class Prediction:
    """The scored subgraph of one question: ``ranked`` holds (entity index, probability), best first."""

    topics: list[LinkedTopic]
    graph: ExportedGraph
    ranked: list[tuple[int, float]]
    warnings: list[str] = field(default_factory=list)

    def ranked_ids(self) -> list[tuple[str, float]]:
        return [(self.graph.entities[i].id, p) for i, p in self.ranked]


@dataclass(frozen=True)
class GnnAnswer:
    """Predicted answers (entity, probability), their reasoning paths and those paths as the LLM reads them."""

    question: str
    topics: list[Entity]
    answers: list[tuple[Entity, float]]
    paths: list[Path]
    formatted: list[str]
    warnings: list[str]
    elapsed_ms: float
    runner_up: float = 0.0  # the best probability of an entity outside ``answers`` (0 when none)

    def as_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "topics": [{"id": e.id, "name": e.name} for e in self.topics],
            "answers": [{"id": e.id, "name": e.name, "score": round(s, 6)} for e, s in self.answers],
            "paths": self.formatted,
            "warnings": self.warnings,
            "elapsed_ms": round(self.elapsed_ms, 2),
        }


class GnnReasoner:
    """A trained ReaRev model bound to a store and the encoder it was trained with."""

    def __init__(
        self,
        checkpoint: Checkpoint,
        store: GraphStore,
        embedder: Embedder,
        source: str = "<memory>",
        device: str = "auto",
        unseen_relations: UnseenRelations = "text",
    ) -> None:
        if unseen_relations not in ("text", "drop"):
            raise GnnError(f"unseen_relations must be 'text' or 'drop', got {unseen_relations!r}")
        checkpoint.check_encoder(embedder, source)
        self.unseen_relations = unseen_relations
        self._unseen_text: dict[str, torch.Tensor] = {}
        self.device = resolve_device(device)
        self.checkpoint = checkpoint
        self.store = store
        self.embedder = embedder
        self.encoder = QuestionEncoder(embedder)
        self.exporter = SubgraphExporter(store, checkpoint.export)
        self.model = checkpoint.model.to(self.device).eval()

    @classmethod
    def load(
        cls,
        path: str | FsPath,
        store: GraphStore,
        embedder: Embedder,
        device: str = "auto",
        unseen_relations: UnseenRelations = "text",
    ) -> GnnReasoner:
        """Load a checkpoint (saved on any device) onto ``device`` (``auto``: CUDA when available).

        ``CheckpointError``/``CheckpointMismatch`` say what is wrong with it; ``DeviceUnavailable``
        that ``cuda`` was asked for on a machine without it.
        """
        return cls(load_checkpoint(path), store, embedder, str(path), device, unseen_relations)

    def topics(self, question: str, topic_entities: Sequence[str] | None = None) -> list[LinkedTopic]:
        if topic_entities:
            return resolve_topics(self.store, topic_entities)
        return link_topics(self.store, question, self.embedder)

    @torch.no_grad()
    def predict(self, question: str, topic_entities: Sequence[str] | None = None) -> Prediction:
        """Link, export, encode and score: every entity of the question's subgraph with its probability."""
        topics = self.topics(question, topic_entities)
        self.exporter.clear()  # the store may have changed since the last question
        graph = self.exporter.export([t.entity.id for t in topics])
        vocab = self.checkpoint.vocab
        unknown = vocab.unknown([r.predicate for r in graph.relations])
        if unknown and self.unseen_relations == "text" and _extends_trained_graph(graph, vocab):
            vocab = vocab.with_unseen(unknown)
        data, _ = to_data(graph, vocab)
        warnings = [
            f"{t.mention!r} was linked to {t.entity.name!r} by {t.method} search (score {t.score:.3f})"
            for t in topics if t.method in ("fulltext", "vector")
        ]  # fmt: skip
        if unknown:
            done = "read by their text" if self.unseen_relations == "text" else "left out"
            warnings.append(f"edges with relations the model was not trained on were {done}: {', '.join(unknown[:10])}")
        encoded = self.encoder.encode([plain_question(question)])
        texts = self._relation_text(vocab) if vocab.unseen else None
        probs = self.model(collate([data], encoded, self.device), texts).exp().cpu()
        order = torch.argsort(probs, descending=True, stable=True).tolist()
        ranked = [(i, float(probs[i])) for i in order if float(probs[i]) > 0.0]
        return Prediction(topics, graph, ranked, warnings)

    def _relation_text(self, vocab: RelationVocab) -> torch.Tensor:
        """The model's relation embeddings with those of ``vocab.unseen`` inserted (forward, then inverse)."""
        trained, r = self.model.relation_text, self.checkpoint.vocab.size
        texts = vocab.texts()
        unseen = texts[r : vocab.size] + texts[vocab.size + r :]  # their forward texts, then their inverse texts
        missing = [t for t in unseen if t not in self._unseen_text]
        if missing:
            self._unseen_text.update(zip(missing, self.encoder.encode_texts(missing), strict=True))
        vectors = torch.stack([self._unseen_text[t] for t in unseen]).to(trained)
        u = len(vocab.unseen)
        return torch.cat([trained[:r], vectors[:u], trained[r:], vectors[u:]])

    def reason(
        self,
        question: str,
        topic_entities: Sequence[str] | None = None,
        k: int = DEFAULT_K,
        paths_per_answer: int = PATHS_PER_ANSWER,
    ) -> GnnAnswer:
        """At most ``k`` answers (the NSM predicted set, cut to ``k``) and their shortest paths from the topics."""
        started = time.perf_counter()
        prediction = self.predict(question, topic_entities)
        keep = set(predicted_set(prediction.ranked_ids())[: max(k, 1)])
        chosen = [(i, p) for i, p in prediction.ranked if prediction.graph.entities[i].id in keep]
        runner_up = next((p for i, p in prediction.ranked if prediction.graph.entities[i].id not in keep), 0.0)
        paths: list[Path] = []
        for index, _ in chosen:
            for seed in prediction.graph.seeds:
                paths.extend(shortest_paths(prediction.graph, seed, index, paths_per_answer))
        paths = merge_paths(paths)
        return GnnAnswer(
            question=question,
            topics=[t.entity for t in prediction.topics],
            answers=[(prediction.graph.entities[i], p) for i, p in chosen],
            paths=paths,
            formatted=format_paths(paths),
            warnings=prediction.warnings,
            elapsed_ms=(time.perf_counter() - started) * 1000,
            runner_up=runner_up,
        )


@dataclass(frozen=True)
class ReasoningPaths:
    """``path_1st``: the GNN's paths and the LLM relation paths, deduplicated, GNN first.

    ``answer`` is the GNN's answer (None when it was not asked or failed; ``warnings`` then say why).
    """

    answer: GnnAnswer | None
    gnn: list[Path]
    llm: list[Path]
    merged: list[Path]
    formatted: list[str]
    warnings: list[str]


def path_1st(
    answer: GnnAnswer | None,
    llm_paths: Sequence[Path] = (),
    warnings: Sequence[str] = (),
) -> ReasoningPaths:
    """Merge the two path sets of the paper; either may be missing (``answer=None`` when the GNN failed)."""
    gnn = list(answer.paths) if answer is not None else []
    merged = merge_paths(gnn, llm_paths)
    notes = [*(answer.warnings if answer is not None else []), *warnings]
    return ReasoningPaths(answer, gnn, list(llm_paths), merged, format_paths(merged), notes)


def reasoning_paths(
    question: str,
    store: GraphStore,
    reasoner: GnnReasoner | None = None,
    chat_model: BaseChatModel | None = None,
    topic_entities: Sequence[str] | None = None,
    k: int = DEFAULT_K,
) -> ReasoningPaths:
    """Both path sets for a question, each optional; a failing half is reported in ``warnings``, not raised.

    Raises ``GnnError`` only when neither half could produce paths and both failed.
    """
    answer: GnnAnswer | None = None
    notes: list[str] = []
    errors: list[GnnError | LLMReplyError] = []
    if reasoner is not None:
        try:
            answer = reasoner.reason(question, topic_entities, k)
        except GnnError as exc:
            errors.append(exc)
            notes.append(f"GNN reasoning unavailable: {exc}")
    llm: list[Path] = []
    if chat_model is not None:
        try:
            if answer is not None:
                topics = answer.topics
            else:
                linked = resolve_topics(store, topic_entities) if topic_entities else link_topics(store, question)
                topics = [t.entity for t in linked]
            for topic in topics:
                llm.extend(llm_relation_paths(chat_model, plain_question(question), topic, store))
        except (GnnError, LLMReplyError) as exc:
            errors.append(exc)
            notes.append(f"LLM relation paths unavailable: {exc}")
    if errors and len(errors) == (reasoner is not None) + (chat_model is not None):
        raise errors[0]
    return path_1st(answer, llm, notes)


def _extends_trained_graph(graph: ExportedGraph, vocab: RelationVocab) -> bool:
    """The subgraph holds a relation the model was trained on or one an enrichment run added (module docstring)."""
    return any(r.predicate in vocab.index or r.origin == "enrichment" for r in graph.relations)
