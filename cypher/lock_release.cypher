// Free the lock row.name when row.holder holds it (under the node's write lock, as lock_acquire).
// Returns the holder it had; no row when the lock is free.
UNWIND $rows AS row
MATCH (l:GraphproofLock {name: row.name})
SET l._lock = true
WITH l, l.holder AS holder, coalesce(l.holder = row.holder, false) AS mine
FOREACH (_ IN CASE WHEN mine THEN [1] ELSE [] END | DELETE l)
FOREACH (_ IN CASE WHEN mine THEN [] ELSE [1] END | REMOVE l._lock)
RETURN holder
