"""Enrichment runs: recorded, written batch by batch (atomic, idempotent), undone exactly; the lock; the queue."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from graphproof.graph.model import Entity, Mention, Relation
from graphproof.graph.store import GraphStore, IntegrityError, InvalidInput, NotFound

from tests.contract.graph_fixture import ENTITIES, RELATIONS, snapshot

START = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)


def at(seconds: float) -> str:
    """An ISO-8601 UTC time ``seconds`` after the start of the test day."""
    return (START + timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")


def fact(source: str, predicate: str, target: str, url: str = "https://example.org/casablanca") -> Relation:
    return Relation(
        source, target, predicate, description=f"{source} {predicate} {target}", origin="enrichment",
        source_url=url, confidence=0.9, created_at=at(0),
    )  # fmt: skip


CASABLANCA = Entity.named("Casablanca", "film")
BOGART = Entity.named("Humphrey Bogart", "person")
BERGMAN_IN = fact("ingrid bergman", "starred_in", "casablanca")
BOGART_IN = fact("humphrey bogart", "starred_in", "casablanca")


def begin(store: GraphStore, run_id: str, started: float = 0.0) -> None:
    store.begin_run(run_id, at(started), ["https://example.org/casablanca"], ["Who starred in Casablanca?"])


# recording runs -----------------------------------------------------------------------------------
def test_runs_are_recorded_and_listed_newest_first(store: GraphStore) -> None:
    begin(store, "run-a", 0)
    begin(store, "run-b", 60)
    assert [r.id for r in store.list_runs()] == ["run-b", "run-a"]
    assert [r.id for r in store.list_runs(limit=1)] == ["run-b"]
    run = store.get_run("run-a")
    assert (run.status, run.started_at, run.finished_at) == ("running", at(0), None)
    assert (run.sources, run.questions) == (("https://example.org/casablanca",), ("Who starred in Casablanca?",))
    assert (run.entity_ids, run.relation_ids, run.batches_done, run.errors, run.triples_added) == ((), (), (), (), 0)
    store.finish_run("run-a", at(30), "finished", ["page https://example.org/x: 404"])
    run = store.get_run("run-a")
    assert (run.status, run.finished_at, run.errors) == ("finished", at(30), ("page https://example.org/x: 404",))


def test_unknown_run_is_not_found_by_name(store: GraphStore) -> None:
    with pytest.raises(NotFound, match="run-nope"):
        store.get_run("run-nope")
    with pytest.raises(NotFound, match="run-nope"):
        store.finish_run("run-nope", at(1), "finished", [])
    with pytest.raises(NotFound, match="run-nope"):
        store.add_run_batch("run-nope", "q1", [CASABLANCA], [])
    with pytest.raises(NotFound, match="run-nope"):
        store.undo_run("run-nope")
    with pytest.raises(NotFound, match="run-nope"):
        store.begin_run("run-nope", at(0), [], [], resume=True)


def test_a_run_id_is_used_once_unless_an_unfinished_run_is_resumed(store: GraphStore) -> None:
    begin(store, "run-a")
    with pytest.raises(IntegrityError, match="run-a"):
        begin(store, "run-a", 10)
    store.begin_run("run-a", at(20), ["https://example.org/more"], ["Who starred in Casablanca?"], resume=True)
    run = store.get_run("run-a")
    assert (run.status, run.started_at) == ("running", at(0)), "a resumed run keeps its start"
    assert run.sources == ("https://example.org/casablanca", "https://example.org/more")
    store.finish_run("run-a", at(30), "failed", ["TimeoutError: search"])
    store.begin_run("run-a", at(40), [], [], resume=True)
    run = store.get_run("run-a")
    assert (run.status, run.finished_at, run.errors) == ("running", None, ("TimeoutError: search",))
    store.finish_run("run-a", at(50), "finished", [])
    with pytest.raises(IntegrityError, match="finished"):
        store.begin_run("run-a", at(60), [], [], resume=True)
    assert store.get_run("run-a").status == "finished"


def test_finish_checks_status_and_that_the_run_is_running(store: GraphStore) -> None:
    begin(store, "run-a")
    with pytest.raises(InvalidInput, match="status"):
        store.finish_run("run-a", at(1), "done", [])
    with pytest.raises(InvalidInput, match="finished_at"):
        store.finish_run("run-a", at(1).replace("T", " at "), "finished", [])
    store.finish_run("run-a", at(1), "finished", [])
    with pytest.raises(InvalidInput, match="only a running run"):
        store.finish_run("run-a", at(2), "failed", ["late"])
    assert store.get_run("run-a").errors == ()


# batches ------------------------------------------------------------------------------------------
def test_a_batch_writes_only_ids_not_stored_yet(filled: GraphStore) -> None:
    begin(filled, "run-a")
    paris_again = Entity.named("Paris", "capital")  # stored by the ingest
    stored_edge = RELATIONS[4]  # kismet -[starred_actors]-> ingrid bergman, ingested
    same_edge = fact(stored_edge.source_id, stored_edge.predicate, stored_edge.target_id)
    assert same_edge.id == stored_edge.id
    report = filled.add_run_batch("run-a", "q1", [CASABLANCA, paris_again], [BERGMAN_IN, same_edge])
    assert report.created_entity_ids == ("casablanca",)
    assert report.created_relation_ids == (BERGMAN_IN.id,)
    assert (report.skipped_existing, report.already_done) == (2, False)
    assert filled.entities(["paris"])[0].type == "city", "a stored entity is left untouched"
    assert filled.relations([stored_edge.id])[0].origin == "ingest", "a stored relation is left untouched"
    [written] = filled.relations([BERGMAN_IN.id])
    assert (written.origin, written.source_url, written.confidence) == ("enrichment", BERGMAN_IN.source_url, 0.9)
    assert filled.stats().relations_by_origin == {"enrichment": 1, "ingest": 6}
    assert [h.item.id for h in filled.search_relations("starred in Casablanca", k=1)] == [BERGMAN_IN.id]
    run = filled.get_run("run-a")
    assert (run.entity_ids, run.relation_ids, run.batches_done, run.triples_added) == (
        ("casablanca",), (BERGMAN_IN.id,), ("q1",), 1,
    )  # fmt: skip


def test_a_batch_key_is_written_once_and_the_same_facts_again_add_nothing(filled: GraphStore) -> None:
    begin(filled, "run-a")
    filled.add_run_batch("run-a", "q1", [CASABLANCA], [BERGMAN_IN])
    after_first = snapshot(filled)
    again = filled.add_run_batch("run-a", "q1", [CASABLANCA, BOGART], [BERGMAN_IN, BOGART_IN])
    assert (again.already_done, again.created_entity_ids, again.created_relation_ids) == (True, (), ())
    assert filled.entities(["humphrey bogart"]) == [], "a batch already done writes nothing, whatever it holds"
    assert filled.get_run("run-a").batches_done == ("q1",)
    begin(filled, "run-b", 60)
    second = filled.add_run_batch("run-b", "q1", [CASABLANCA], [BERGMAN_IN])
    assert (second.created_entity_ids, second.created_relation_ids, second.skipped_existing) == ((), (), 2)
    assert snapshot(filled) == after_first
    assert filled.get_run("run-b").triples_added == 0
    assert filled.get_run("run-a").relation_ids == (BERGMAN_IN.id,)


def test_a_batch_with_a_dangling_endpoint_writes_nothing(filled: GraphStore) -> None:
    begin(filled, "run-a")
    before = snapshot(filled)
    lost = fact("casablanca", "filmed_in", "atlantis")
    with pytest.raises(IntegrityError, match="atlantis"):
        filled.add_run_batch("run-a", "q1", [CASABLANCA], [BERGMAN_IN, lost])
    assert snapshot(filled) == before
    assert filled.entities(["casablanca"]) == []
    run = filled.get_run("run-a")
    assert (run.entity_ids, run.relation_ids, run.batches_done) == ((), (), ())
    assert filled.add_run_batch("run-a", "q1", [CASABLANCA], [BERGMAN_IN]).created_relation_ids == (BERGMAN_IN.id,)


def test_a_relation_that_is_not_an_enrichment_is_refused(filled: GraphStore) -> None:
    begin(filled, "run-a")
    before = snapshot(filled)
    ingest_edge = Relation("ingrid bergman", "casablanca", "starred_in")
    with pytest.raises(InvalidInput, match=ingest_edge.id):
        filled.add_run_batch("run-a", "q1", [CASABLANCA], [BERGMAN_IN, ingest_edge])
    assert snapshot(filled) == before
    assert filled.get_run("run-a").batches_done == ()


def test_only_a_running_run_takes_batches(filled: GraphStore) -> None:
    begin(filled, "run-a")
    filled.finish_run("run-a", at(10), "finished", [])
    with pytest.raises(InvalidInput, match="run-a"):
        filled.add_run_batch("run-a", "q1", [CASABLANCA], [BERGMAN_IN])
    assert filled.entities(["casablanca"]) == []


# undo ---------------------------------------------------------------------------------------------
def test_undo_removes_exactly_what_the_run_added(filled: GraphStore) -> None:
    before = snapshot(filled)
    begin(filled, "run-a")
    filled.add_run_batch("run-a", "q1", [CASABLANCA, BOGART], [BERGMAN_IN, BOGART_IN])
    filled.add_run_batch("run-a", "q2", [], [fact("wolfgang", "likes", "paris")])
    filled.finish_run("run-a", at(10), "finished", [])
    assert {h.item.id for h in filled.search_relations("Casablanca")} == {BERGMAN_IN.id, BOGART_IN.id}
    assert [h.item.id for h in filled.search_entities("Humphrey Bogart", k=1)] == ["humphrey bogart"]
    report = filled.undo_run("run-a")
    assert (report.relations_removed, report.entities_removed, report.entities_kept) == (3, 2, 0)
    assert snapshot(filled) == before
    assert filled.entities(["casablanca", "humphrey bogart"]) == []
    assert filled.search_entities("Humphrey Bogart") == []
    assert filled.search_relations("Casablanca") == []
    assert filled.get_run("run-a").status == "undone"


def test_undo_keeps_other_runs_facts_and_entities_used_elsewhere(filled: GraphStore) -> None:
    ingested = (filled.entities([e.id for e in ENTITIES]), filled.relations([r.id for r in RELATIONS]))
    begin(filled, "run-a")
    filled.add_run_batch("run-a", "q1", [CASABLANCA, BOGART, Entity.named("Jazz Club", "place")], [BOGART_IN])
    begin(filled, "run-b", 60)
    rick = Entity.named("Rick Blaine", "character")
    rick_in = fact("rick blaine", "character_in", "casablanca")
    filled.add_run_batch("run-b", "q1", [rick, CASABLANCA], [rick_in, BOGART_IN])
    filled.upsert_mentions([Mention("c1", "jazz club")])  # an ingest now mentions run-a's entity
    report = filled.undo_run("run-a")
    assert (report.relations_removed, report.entities_removed, report.entities_kept) == (1, 1, 2)
    assert filled.entities(["humphrey bogart"]) == []
    assert [e.id for e in filled.entities(["casablanca", "jazz club", "rick blaine"])] == [
        "casablanca", "jazz club", "rick blaine",
    ]  # fmt: skip
    assert [r.id for r in filled.relations([rick_in.id, BOGART_IN.id])] == [rick_in.id]
    assert (filled.entities([e.id for e in ENTITIES]), filled.relations([r.id for r in RELATIONS])) == ingested
    assert filled.get_run("run-b").status == "running"


def test_undo_keeps_a_relation_an_ingest_has_written_since(filled: GraphStore) -> None:
    begin(filled, "run-a")
    filled.add_run_batch("run-a", "q1", [CASABLANCA], [BERGMAN_IN])
    ingested = Relation("ingrid bergman", "casablanca", "starred_in", chunk_ids=("c3",))
    filled.upsert_relations([ingested])
    report = filled.undo_run("run-a")
    assert (report.relations_removed, report.relations_kept, report.entities_kept) == (0, 1, 1)
    assert filled.relations([ingested.id])[0].origin == "ingest"


def test_undoing_twice_is_refused(filled: GraphStore) -> None:
    begin(filled, "run-a")
    filled.add_run_batch("run-a", "q1", [CASABLANCA], [BERGMAN_IN])
    filled.undo_run("run-a")
    after = snapshot(filled)
    with pytest.raises(InvalidInput, match="already undone"):
        filled.undo_run("run-a")
    with pytest.raises(InvalidInput, match="undone"):
        filled.add_run_batch("run-a", "q2", [CASABLANCA], [BERGMAN_IN])
    assert snapshot(filled) == after


# the lock -----------------------------------------------------------------------------------------
def test_lock_is_refused_while_fresh_and_taken_over_when_stale(store: GraphStore) -> None:
    first = store.acquire_lock("enrichment", "run-a", at(0), 60)
    assert (first.acquired, first.holder, first.since) == (True, "run-a", at(0))
    refused = store.acquire_lock("enrichment", "run-b", at(30), 60)
    assert (refused.acquired, refused.holder, refused.since) == (False, "run-a", at(0))
    store.heartbeat_lock("enrichment", "run-a", at(50))
    assert not store.acquire_lock("enrichment", "run-b", at(100), 60).acquired, "a heartbeat keeps it fresh"
    assert store.acquire_lock("other", "run-b", at(100), 60).acquired, "locks are independent by name"
    taken = store.acquire_lock("enrichment", "run-b", at(111), 60)
    assert (taken.acquired, taken.holder, taken.since) == (True, "run-b", at(111))
    with pytest.raises(InvalidInput, match="run-b"):
        store.heartbeat_lock("enrichment", "run-a", at(112))
    again = store.acquire_lock("enrichment", "run-b", at(120), 60)
    assert (again.acquired, again.since) == (True, at(111)), "the holder acquiring again keeps its since"


def test_only_the_holder_releases_the_lock(store: GraphStore) -> None:
    store.acquire_lock("enrichment", "run-a", at(0), 60)
    with pytest.raises(InvalidInput, match="run-a"):
        store.release_lock("enrichment", "run-b")
    assert not store.acquire_lock("enrichment", "run-b", at(1), 60).acquired
    store.release_lock("enrichment", "run-a")
    store.release_lock("enrichment", "run-a")  # a free lock stays free
    with pytest.raises(InvalidInput, match="not held"):
        store.heartbeat_lock("enrichment", "run-a", at(2))
    assert store.acquire_lock("enrichment", "run-b", at(2), 60).acquired


def test_lock_arguments_are_checked(store: GraphStore) -> None:
    with pytest.raises(InvalidInput, match="now"):
        store.acquire_lock("enrichment", "run-a", "yesterday", 60)
    with pytest.raises(InvalidInput, match="stale_after_s"):
        store.acquire_lock("enrichment", "run-a", at(0), 0)
    with pytest.raises(InvalidInput, match="holder"):
        store.acquire_lock("enrichment", " ", at(0), 60)
    assert store.acquire_lock("enrichment", "run-b", at(0), 60).acquired, "a refused call took nothing"


# the question queue -------------------------------------------------------------------------------
def test_queue_deduplicates_by_normalised_text_and_dequeues(store: GraphStore) -> None:
    added = store.enqueue_questions(
        [("Who directed Kismet?", "no path"), ("  who directed   KISMET? ", "again"), ("Where is Paris?", "no fact")],
        enqueued_at=at(0),
    )
    assert added == 2
    assert store.enqueue_questions([("WHO DIRECTED KISMET?", "later")]) == 0
    queued = store.queued_questions(10)
    assert [(q.question, q.reason, q.enqueued_at) for q in queued] == [
        ("Who directed Kismet?", "no path", at(0)), ("Where is Paris?", "no fact", at(0)),
    ]  # fmt: skip
    assert [q.id for q in store.queued_questions(1)] == [queued[0].id]
    assert store.dequeue_questions([queued[0].id, "no-such-id"]) == 1
    assert [q.question for q in store.queued_questions(10)] == ["Where is Paris?"]
    assert store.enqueue_questions([("Who directed Kismet?", "failed again")]) == 1
    assert [q.question for q in store.queued_questions(10)] == ["Where is Paris?", "Who directed Kismet?"]
    with pytest.raises(InvalidInput, match="empty"):
        store.enqueue_questions([("   ", "blank")])


# the embedded backend only ------------------------------------------------------------------------
def test_a_read_only_store_written_before_runs_reads_no_runs(store: GraphStore, tmp_path: object) -> None:
    from graphproof.graph.sqlite_store import SQLiteStore

    if not isinstance(store, SQLiteStore):
        pytest.skip("only the embedded backend has read-only stores from before the run tables")
    begin(store, "run-a")
    store.close()
    with sqlite3.connect(store.path) as db:
        for table in ("enrichment_runs", "run_items", "run_batches", "locks", "question_queue"):
            db.execute(f"DROP TABLE {table}")
    with SQLiteStore(store.path, read_only=True) as old:
        assert (old.list_runs(), old.queued_questions()) == ([], [])
        with pytest.raises(NotFound, match="run-a"):
            old.get_run("run-a")
    with SQLiteStore(store.path) as reopened:
        assert reopened.list_runs() == [], "a writable open adds the tables to an older store"
        begin(reopened, "run-a")
        assert [r.id for r in reopened.list_runs()] == ["run-a"]
