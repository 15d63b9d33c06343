"""Checks and rules shared by both backends for enrichment runs, the named lock and the question queue.

Both backends call these before they touch their database, so they refuse the same input with the
same message and decide the same way (which items of a batch are new, when a lock is stale, how a
question is de-duplicated). Times are ISO-8601 strings the caller passes in; nothing here reads the
clock.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from graphproof.graph.batches import merge_entities, merge_relations
from graphproof.graph.model import (
    FINISHED_STATUSES,
    RESUMABLE_STATUSES,
    EnrichmentRun,
    Entity,
    Relation,
    content_hash,
    normalize_id,
)
from graphproof.graph.store import IntegrityError, InvalidInput, NotFound
from graphproof.graph.store_checks import missing_error

ENRICHMENT = "enrichment"  # the only origin a run's relations may have
QUESTION_ID_LENGTH = 16


def check_name(value: str, what: str) -> str:
    """``value`` if it is a non-blank string, else ``InvalidInput`` naming ``what``."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{what} must be a non-empty string, got {value!r}")
    return value


def check_texts(values: Sequence[str], what: str) -> tuple[str, ...]:
    """``values`` as a tuple of strings (a lone string is refused: it would be read letter by letter)."""
    if isinstance(values, str) or not all(isinstance(v, str) for v in values):
        raise InvalidInput(f"{what} must be a list of strings, got {values!r}")
    return tuple(values)


def seconds(timestamp: str, what: str) -> float:
    """An ISO-8601 time (``2026-01-05T10:00:00Z``; no offset means UTC) as seconds since the epoch."""
    check_name(timestamp, what)
    try:
        moment = datetime.fromisoformat(timestamp)
    except ValueError as exc:
        raise InvalidInput(
            f"{what} must be an ISO-8601 time such as '2026-01-05T10:00:00Z', got {timestamp!r}"
        ) from exc
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def stale_before(now: str, stale_after_s: float) -> float:
    """The heartbeat (in epoch seconds) below which a lock is stale at ``now``."""
    if (
        isinstance(stale_after_s, bool)
        or not isinstance(stale_after_s, int | float)
        or not (math.isfinite(stale_after_s) and stale_after_s > 0)
    ):
        raise InvalidInput(f"stale_after_s must be a positive number of seconds, got {stale_after_s!r}")
    return seconds(now, "now") - float(stale_after_s)


def check_holder(name: str, holder: str, current: str | None, action: str) -> None:
    """``InvalidInput`` unless ``holder`` is the ``current`` holder of the lock ``name``."""
    if current is None:
        raise InvalidInput(f"lock {name!r} is not held by anyone; {holder!r} must acquire it before it can {action} it")
    if current != holder:
        raise InvalidInput(f"lock {name!r} is held by {current!r}, not {holder!r}; only its holder can {action} it")


def check_finish(status: str, errors: Sequence[str]) -> tuple[str, ...]:
    if status not in FINISHED_STATUSES:
        raise InvalidInput(f"status must be one of {FINISHED_STATUSES}, got {status!r}")
    return check_texts(errors, "errors")


def unknown_run(run_id: str, location: str) -> NotFound:
    return NotFound(f"unknown enrichment run {run_id!r} in store {location!r}")


def check_begin(existing: EnrichmentRun | None, run_id: str, resume: bool, location: str) -> None:
    """Whether ``begin_run`` may go on: a new id, or with ``resume`` a running or failed run."""
    if existing is None:
        if resume:
            raise unknown_run(run_id, location)
        return
    if not resume:
        raise IntegrityError(
            f"enrichment run {run_id!r} already exists ({existing.status}); use a new run id, or pass "
            "resume=True to resume it when it is running or failed"
        )
    if existing.status not in RESUMABLE_STATUSES:
        raise IntegrityError(
            f"enrichment run {run_id!r} is {existing.status}; only a run that is one of {RESUMABLE_STATUSES} "
            "can be resumed"
        )


def merged(old: Sequence[str], new: Sequence[str]) -> list[str]:
    """``old`` followed by the items of ``new`` it does not hold yet (a resumed run's sources/questions)."""
    return list(dict.fromkeys([*old, *new]))


def check_running(run: EnrichmentRun, action: str) -> None:
    if run.status != "running":
        raise InvalidInput(f"enrichment run {run.id!r} is {run.status}; only a running run can {action}")


def check_undo(run: EnrichmentRun) -> None:
    if run.status == "undone":
        raise InvalidInput(f"enrichment run {run.id!r} was already undone; there is nothing left to remove")


@dataclass(frozen=True, slots=True)
class RunBatch:
    """A run's batch after merging repeated ids and checking origins (nothing is known about the store yet)."""

    entities: list[Entity]
    relations: list[Relation]

    @property
    def endpoint_ids(self) -> list[str]:
        return sorted({r.source_id for r in self.relations} | {r.target_id for r in self.relations})

    @property
    def chunk_ids(self) -> set[str]:
        return {c for r in self.relations for c in r.chunk_ids}

    def check_endpoints(self, stored: Iterable[str]) -> None:
        """``IntegrityError`` naming the endpoints that are neither ``stored`` nor entities of this batch."""
        known = set(stored) | {e.id for e in self.entities}
        unknown = [i for i in self.endpoint_ids if i not in known]
        if unknown:
            raise missing_error("entities", unknown)


def run_batch(run_id: str, batch_key: str, entities: Sequence[Entity], relations: Sequence[Relation]) -> RunBatch:
    """Check ``add_run_batch``'s arguments: names, item types, and that every relation is an enrichment."""
    check_name(run_id, "run_id")
    check_name(batch_key, "batch_key")
    if isinstance(entities, str | Entity) or not all(isinstance(e, Entity) for e in entities):
        raise InvalidInput("entities must be a list of Entity")
    if isinstance(relations, str | Relation) or not all(isinstance(r, Relation) for r in relations):
        raise InvalidInput("relations must be a list of Relation")
    for relation in relations:
        if relation.origin != ENRICHMENT:
            raise InvalidInput(
                f"relation {relation} ({relation.id}) has origin {relation.origin!r}; a run writes only "
                f"relations with origin {ENRICHMENT!r}"
            )
    return RunBatch(merge_entities(entities), merge_relations(relations))


def question_id(question: str) -> str:
    """The queue id of a question: a hash of its normalised text (case, width and spacing do not count)."""
    try:
        key = normalize_id(question)
    except ValueError as exc:
        raise InvalidInput(f"question {question!r} is empty; expected the text of a question") from exc
    return content_hash(key)[:QUESTION_ID_LENGTH]


def queue_items(items: Sequence[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """``(id, question, reason)`` for each new question, the first of repeated ones kept."""
    if isinstance(items, str):
        raise InvalidInput("items must be a list of (question, reason) pairs, got a string")
    out: dict[str, tuple[str, str, str]] = {}
    for item in items:
        if not (isinstance(item, tuple | list) and len(item) == 2 and all(isinstance(v, str) for v in item)):
            raise InvalidInput(f"each queued item must be a (question, reason) pair of strings, got {item!r}")
        question, reason = item
        out.setdefault(question_id(question), (question_id(question), question.strip(), reason))
    return list(out.values())


def check_ids(ids: Sequence[str], what: str) -> list[str]:
    """Distinct, in order; refuses a lone string (it would be read letter by letter)."""
    if isinstance(ids, str) or not all(isinstance(i, str) for i in ids):
        raise InvalidInput(f"{what} must be a list of id strings, got {ids!r}")
    return list(dict.fromkeys(ids))
