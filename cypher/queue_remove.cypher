// Remove the queued questions named by the rows' ids; returns how many were removed.
UNWIND $rows AS row
MATCH (q:QueuedQuestion {id: row.id})
DELETE q
RETURN count(*) AS changed
