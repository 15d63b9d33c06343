// Mark a run finished or failed at row.finished_at; row.errors are added to the run's earlier errors.
UNWIND $rows AS row
MATCH (r:EnrichmentRun {id: row.id})
SET r.status = row.status,
    r.finished_at = row.finished_at,
    r.errors = coalesce(r.errors, []) + row.errors
RETURN count(r) AS changed
