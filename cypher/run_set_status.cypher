// Set a run's status (undo_run marks it undone; its id lists stay as the record of what it had added).
UNWIND $rows AS row
MATCH (r:EnrichmentRun {id: row.id})
SET r.status = row.status
RETURN count(r) AS changed
