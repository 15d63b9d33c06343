"""The enrichment loop: questions whose reasoning paths look weak → outside text → triples in the graph.

For each question of a run (``Enricher.run``):

1. *Self-evaluation* decides whether the question needs outside text (``reasoning.self_eval``): with a
   chat model the paper's eval₁ and eval₂ over the first paths, else the deterministic checks (the
   GNN's when a checkpoint is loaded, else the retrieval paths' ones; the outcome says which ran).
   ``force=True`` enriches every question (a scheduled run over a questions file).
2. *Outside text* from the configured source (``loaders.outside``): a folder of saved pages, a URL
   list, or a search provider; every page not used is reported with its reason.
3. *Triples*: pages cut into fixed-length pieces, ranked by similarity to the question, the best
   kept, triples extracted and checked (``loaders.enrichment``; the question's linked entities and the
   page's title are given to the extractor as known names, so "Kismet was directed by …" finds Kismet
   at a sentence start), names resolved to stored entities; with ``topic_edges_only`` (the default)
   only triples with one end at an entity the question names are kept (``g_rag`` is linked to the
   question entity, as in the paper). Every triple left out is counted as rejected with its reason.
4. *Write-back*: one batch per question through ``GraphStore.add_run_batch`` — atomic, idempotent
   (a batch already written by this run is skipped, a fact the graph already has is not claimed
   again), recorded on the run so ``undo_run`` removes exactly what the run added.
5. *Second paths*: ``path_2nd`` = shortest paths (≤ 2 hops) in the enriched graph from the
   question's linked entities to the entities of the new triples that use at least one new edge,
   stated relations before co-occurrence and shorter before longer;
   ``path_final`` = ``path_1st`` + ``path_2nd``.

Questions whose self-evaluation failed but that got no triple are queued in the store for a later run
(a run without a questions file takes the queue); questions that got triples leave the queue.

A run holds the store's ``"enrichment"`` lock (refreshed after every question; a killed run's lock
goes stale after ``stale_after_s``), so two runs never overlap; a run id given again resumes the run,
skipping the questions whose batches it already wrote.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from graphproof.errors import GraphproofError
from graphproof.graph.model import RELATED_TO, Entity, Path, Relation, content_hash
from graphproof.graph.runs import question_id
from graphproof.loaders.enrichment import (
    AlignedTriple,
    EmbedFn,
    EnrichmentRecords,
    Rejected,
    align_records,
    enrichment_records,
    entity_roles,
    fixed_pieces,
    rank_pieces,
    sample_type_profile,
)
from graphproof.loaders.ingest import known_entity_ids
from graphproof.loaders.relation_types import Aligner, Weights
from graphproof.loaders.resolve import clean_name, entity_alias_key
from graphproof.reasoning.self_eval import SelfEvaluation, without_names

if TYPE_CHECKING:
    from graphproof.graph.store import GraphStore
    from graphproof.loaders.outside import OutsideSource
    from graphproof.loaders.types import Extractor

LOCK = "enrichment"
Evaluate = Callable[[str], "SelfEvaluation | None"]
Link = Callable[[str], "list[Entity]"]


class EnrichmentError(GraphproofError):
    """An enrichment run cannot start or continue (another run holds the lock, an unknown run id …)."""


class EnrichmentLocked(EnrichmentError):
    """Another enrichment run holds the store's lock."""


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class EnrichOptions:
    """Piece size and overlap (words), pieces kept per question, their minimum similarity, pages per question;
    ``align`` maps extracted predicates onto the graph's relation types with ``align_weights``
    (``loaders.relation_types``); ``align=False`` writes every predicate as extracted."""

    piece_size: int = 120
    overlap: int = 20
    keep: int = 8
    min_score: float = 0.2
    max_pages: int = 10
    stale_after_s: float = 900.0
    path_hops: int = 2
    topic_edges_only: bool = True
    align: bool = True
    align_weights: Weights = field(default_factory=Weights)


@dataclass
class QuestionOutcome:
    """What enrichment did for one question."""

    question: str
    evaluation: SelfEvaluation | None
    enriched: bool
    pages: list[str] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    pieces_kept: int = 0
    relations_added: int = 0
    entities_added: int = 0
    skipped_existing: int = 0
    rejected: list[Rejected] = field(default_factory=list)
    path_2nd: list[Path] = field(default_factory=list)
    note: str = ""
    alignments: list[AlignedTriple] = field(default_factory=list)

    @property
    def aligned(self) -> int:
        """Triples written with one of the graph's relation types."""
        return sum(a.alignment is not None for a in self.alignments)

    @property
    def free_text(self) -> int:
        """Triples the aligner looked at and left with their extracted predicate."""
        return sum(a.alignment is None for a in self.alignments)

    def as_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "self_evaluation": None if self.evaluation is None else self.evaluation.as_dict(),
            "enriched": self.enriched,
            "note": self.note,
            "pages": self.pages,
            "refused": [{"source": s, "reason": r} for s, r in self.refused],
            "pieces_kept": self.pieces_kept,
            "relations_added": self.relations_added,
            "entities_added": self.entities_added,
            "already_in_graph": self.skipped_existing,
            "rejected": [{"source": r.url, "triple": r.triple, "reason": r.reason} for r in self.rejected],
            "aligned": self.aligned,
            "free_text": self.free_text,
            "alignments": [_alignment_dict(a) for a in self.alignments if a.alignment is not None],
            "path_2nd": [_path_dict(p) for p in self.path_2nd],
        }


def _alignment_dict(item: AlignedTriple) -> dict[str, Any]:
    r, a = item.extracted, item.alignment
    assert a is not None  # only aligned triples are listed
    return {"extracted": f"{r.source_name} -[{r.predicate}]-> {r.target_name}", "type": a.type,
            "reversed": a.reversed, "score": round(a.score, 4)}  # fmt: skip


def _path_dict(path: Path) -> dict[str, Any]:
    return {
        "text": path.format(),
        "edges": [
            {"predicate": r.predicate, "origin": r.origin, "source_url": r.source_url, "chunk_ids": list(r.chunk_ids)}
            for r in path.relations
        ],
    }


@dataclass
class RunReport:
    """One run: its id, what each question got, totals, errors and time."""

    run_id: str
    status: str
    outcomes: list[QuestionOutcome]
    errors: list[str]
    seconds: float
    resumed: bool = False

    @property
    def relations_added(self) -> int:
        return sum(o.relations_added for o in self.outcomes)

    @property
    def aligned(self) -> int:
        return sum(o.aligned for o in self.outcomes)

    @property
    def free_text(self) -> int:
        return sum(o.free_text for o in self.outcomes)

    def as_dict(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "status": self.status,
            "resumed": self.resumed,
            "questions": len(self.outcomes),
            "enriched": sum(o.enriched for o in self.outcomes),
            "relations_added": self.relations_added,
            "entities_added": sum(o.entities_added for o in self.outcomes),
            "aligned": self.aligned,
            "free_text": self.free_text,
            "errors": self.errors,
            "seconds": round(self.seconds, 3),
            "outcomes": [o.as_dict() for o in self.outcomes],
        }


class Enricher:
    """Runs the loop of the module docstring over one store.

    ``embed`` maps texts to unit vectors (the packaged MiniLM in production); ``evaluate`` is the
    self-evaluation of a question (None: every question is enriched); ``link`` gives the question's
    entities for ``path_2nd``; ``clock`` returns ISO-8601 UTC times (tests pass a fixed one).
    """

    def __init__(
        self,
        store: GraphStore,
        source: OutsideSource,
        extractor: Extractor,
        embed: EmbedFn,
        *,
        evaluate: Evaluate | None = None,
        link: Link | None = None,
        options: EnrichOptions | None = None,
        clock: Callable[[], str] = utc_now,
        holder: str | None = None,
    ) -> None:
        self.store, self.source, self.extractor, self.embed = store, source, extractor, embed
        self.evaluate, self.link = evaluate, link
        self.options = options or EnrichOptions()
        self.clock = clock
        self.holder = holder or f"enrichment-{uuid.uuid4().hex[:12]}"
        self._aligner: Aligner | None = None

    # a run ----------------------------------------------------------------------------------------
    def run(
        self,
        questions: Sequence[str],
        sources: Sequence[str],
        *,
        run_id: str | None = None,
        resume: bool = False,
        force: bool = False,
    ) -> RunReport:
        """Enrich for ``questions`` under the lock, as a new run (``run_id`` names it; else one is made), or with
        ``resume`` as the continuation of the unfinished run ``run_id``."""
        if resume and run_id is None:
            raise EnrichmentError("resuming needs the id of the run to resume")
        started = time.perf_counter()
        lock = self.store.acquire_lock(LOCK, self.holder, self.clock(), self.options.stale_after_s)
        if not lock.acquired:
            raise EnrichmentLocked(
                f"another enrichment run holds the store's lock ({lock.holder}, since {lock.since}); "
                "wait for it to finish, or for the lock to go stale if that run was killed"
            )
        try:
            if resume:
                self._check_resumable(run_id)  # type: ignore[arg-type]
            run_id = run_id or f"run-{self.clock().replace(':', '').replace('-', '')}-{uuid.uuid4().hex[:6]}"
            self.store.begin_run(run_id, self.clock(), list(sources), list(questions), resume=resume)
            self._aligner = None  # the type profile is sampled again for each run
            done = set(self.store.get_run(run_id).batches_done)
            outcomes: list[QuestionOutcome] = []
            errors: list[str] = []
            status = "finished"
            try:
                for question in questions:
                    key = batch_key(question)
                    if key in done:
                        outcomes.append(QuestionOutcome(question, None, False, note="already done by this run"))
                        continue
                    outcomes.append(self.enrich_question(run_id, question, key, force=force))
                    self.store.heartbeat_lock(LOCK, self.holder, self.clock())
            except Exception as exc:
                status = "failed"
                errors.append(f"{type(exc).__name__}: {exc}")
                self.store.finish_run(run_id, self.clock(), status, errors)
                raise
            # the run record keeps the triples that failed a check; those a selection rule left out stay in the outcomes
            errors += [f"{o.question!r}: {r.url}: {r.triple}: {r.reason}"
                       for o in outcomes for r in o.rejected if r.invalid]  # fmt: skip
            self.store.finish_run(run_id, self.clock(), status, errors)
            self._update_queue(outcomes)
            return RunReport(run_id, status, outcomes, errors, time.perf_counter() - started, resume)
        finally:
            self.store.release_lock(LOCK, self.holder)

    def _update_queue(self, outcomes: Sequence[QuestionOutcome]) -> None:
        """Questions whose self-evaluation failed and that got no triple stay queued for a later run;
        questions that got triples leave the queue."""
        weak = [o.question for o in outcomes
                if o.evaluation is not None and not o.evaluation.passed and not o.relations_added]  # fmt: skip
        if weak:
            self.store.enqueue_questions([(q, "self-evaluation failed and the run added no triple") for q in weak])
        done = {o.question for o in outcomes if o.relations_added}
        if done:
            self.store.dequeue_questions([question_id(q) for q in sorted(done)])

    def _check_resumable(self, run_id: str) -> None:
        """``EnrichmentError`` unless ``run_id`` names a running or failed run."""
        from graphproof.graph.store import NotFound

        try:
            run = self.store.get_run(run_id)
        except NotFound as exc:
            raise EnrichmentError(
                f"no enrichment run {run_id!r} to resume (graphproof enrich runs lists them)"
            ) from exc
        if run.status not in ("running", "failed"):
            raise EnrichmentError(f"run {run_id!r} is {run.status}; only a running or failed run can be resumed")

    # one question ---------------------------------------------------------------------------------
    def enrich_question(self, run_id: str, question: str, key: str, *, force: bool = False) -> QuestionOutcome:
        """Self-evaluate, fetch, extract and write one question's batch (module docstring, steps 1-5)."""
        evaluation = self.evaluate(question) if self.evaluate is not None else None
        if evaluation is not None and evaluation.passed and not force:
            return QuestionOutcome(question, evaluation, False, note="self-evaluation passed: no outside text needed")
        found = self.source.pages(question, self.options.max_pages)
        outcome = QuestionOutcome(question, evaluation, True, refused=[(r.url, r.reason) for r in found.refused])
        pieces = [
            piece
            for page in found.pages
            for piece in fixed_pieces(page.text, page.url, self.options.piece_size, self.options.overlap, page.title)
        ]
        kept = rank_pieces(question, pieces, self.embed, self.options.keep, self.options.min_score)
        outcome.pages = sorted({p.url for p in kept})
        outcome.pieces_kept = len(kept)
        topics = self.link(question) if self.link is not None else []
        known = [{"known": "|".join([*(e.name for e in topics), p.title])} for p in kept]
        extractions = self.extractor.extract([p.text for p in kept], known) if kept else []
        records = enrichment_records(kept, extractions, self.clock(), self._resolver(extractions))
        if topics and self.options.topic_edges_only:
            records = records.touching({e.id for e in topics})
        outcome.rejected = records.rejected
        if self.options.align:
            records, outcome.alignments = self.align(records, without_names(question, [e.name for e in topics]))
        report = self.store.add_run_batch(run_id, key, records.entities, records.relations)
        outcome.relations_added = len(report.created_relation_ids)
        outcome.entities_added = len(report.created_entity_ids)
        outcome.skipped_existing = report.skipped_existing
        created = set(report.created_relation_ids)
        outcome.path_2nd = self.second_paths(topics, [r for r in records.relations if r.id in created])
        return outcome

    def aligner(self) -> Aligner:
        """The aligner over the store's type profile (sampled on first use in a run)."""
        if self._aligner is None:
            self._aligner = Aligner(sample_type_profile(self.store), self.embed, self.options.align_weights)
        return self._aligner

    def align(self, records: EnrichmentRecords, question: str = "") -> tuple[EnrichmentRecords, list[AlignedTriple]]:
        """``records`` with predicates aligned to the graph's relation types (``loaders.enrichment.align_records``);
        ``question`` (without the names it links) is what they were found for."""
        aligner = self.aligner()
        if not aligner.profile.types or not records.relations:
            return records, []
        ids = sorted({e for r in records.relations for e in (r.source_id, r.target_id)})
        types = {e.id: e.type for e in records.entities}
        types |= {e.id: e.type for e in self.store.entities(ids) if e.type}
        return align_records(records, aligner, types, entity_roles(self.store, ids), question)

    def _resolver(self, extractions: Sequence[Any]) -> Callable[[str], str | None]:
        names = {clean_name(n) for e in extractions for r in e.relations for n in (r.head, r.tail)}
        candidates = [Entity.named(n) for n in names if n and any(ch.isalnum() for ch in n)]
        known = {entity_alias_key(k) or k: v for k, v in known_entity_ids(self.store, candidates).items()}
        return lambda name: known.get(entity_alias_key(name))

    def second_paths(self, topics: Sequence[Entity], added: Sequence[Relation]) -> list[Path]:
        """``path_2nd``: paths from the question's entities (``topics``) to the new triples' entities through
        a new edge."""
        if not added:
            return []
        new_edges = {r.id for r in added}
        ends = list(dict.fromkeys(e for r in added for e in (r.source_id, r.target_id)))
        out: list[Path] = []
        for topic in topics:
            for end in ends:
                if end == topic.id:
                    continue
                for path in self.store.shortest_paths(topic.id, end, max_hops=self.options.path_hops, limit=3):
                    if any(r.id in new_edges for r in path.relations):
                        out.append(path)
        seen: set[tuple[str, ...]] = set()
        distinct = []
        # stated relations before co-occurrence, shorter before longer
        for path in sorted(out, key=lambda p: (sum(r.predicate == RELATED_TO for r in p.relations), len(p))):
            ids = tuple(r.id for r in path.relations)
            if ids not in seen:
                seen.add(ids)
                distinct.append(path)
        return distinct


def batch_key(question: str) -> str:
    """A question's batch key within a run: the same question is written once per run."""
    return "q:" + content_hash(" ".join(question.casefold().split()))[:24]
