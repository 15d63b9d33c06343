// Record a written batch on its run: append the ids the batch created and the batch's key. The run's
// lists are the record of what it added (what undo_run removes).
UNWIND $rows AS row
MATCH (r:EnrichmentRun {id: row.id})
SET r.entity_ids = coalesce(r.entity_ids, []) + row.entity_ids,
    r.relation_ids = coalesce(r.relation_ids, []) + row.relation_ids,
    r.batches_done = coalesce(r.batches_done, []) + [row.batch_key]
RETURN count(r) AS changed
