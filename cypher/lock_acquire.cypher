// Take the lock row.name for row.holder at row.now when it is free, already the holder's (its since is
// kept), or stale: its heartbeat (epoch seconds) is below row.stale_before_s. The uniqueness constraint
// makes concurrent MERGEs share one lock node; setting _lock first takes that node's write lock (Neo4j's
// documented way to serialise a read-then-write), so a second process reads the holder only after the
// first one's transaction has committed, and two processes never both get the lock.
UNWIND $rows AS row
MERGE (l:GraphproofLock {name: row.name})
ON CREATE SET l.holder = row.holder, l.since = row.now, l.heartbeat = row.now, l.heartbeat_s = row.now_s
SET l._lock = true
WITH l, row,
     coalesce(l.holder = row.holder, false) AS mine,
     coalesce(l.heartbeat_s < row.stale_before_s, true) AS stale
WITH l, row, mine OR stale AS take, stale AND NOT mine AS taken_over
SET l.since = CASE WHEN taken_over THEN row.now ELSE l.since END,
    l.holder = CASE WHEN take THEN row.holder ELSE l.holder END,
    l.heartbeat = CASE WHEN take THEN row.now ELSE l.heartbeat END,
    l.heartbeat_s = CASE WHEN take THEN row.now_s ELSE l.heartbeat_s END
REMOVE l._lock
RETURN take AS acquired, l.holder AS holder, l.since AS since
