// Record row.holder's heartbeat on the lock row.name when it holds it (under the node's write lock, as
// lock_acquire). Returns the current holder; no row when the lock is free.
UNWIND $rows AS row
MATCH (l:GraphproofLock {name: row.name})
SET l._lock = true
WITH l, row, coalesce(l.holder = row.holder, false) AS mine
SET l.heartbeat = CASE WHEN mine THEN row.now ELSE l.heartbeat END,
    l.heartbeat_s = CASE WHEN mine THEN row.now_s ELSE l.heartbeat_s END
REMOVE l._lock
RETURN l.holder AS holder
