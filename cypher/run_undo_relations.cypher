// Delete the RELATED edges of an undone run (row.id) that still have the run's origin (row.origin);
// an edge an ingest has written since has another origin and is kept. Edges already gone are not counted.
// Deleting an edge also takes it out of the related_tokens and related_chunk_keys full-text indexes.
UNWIND $rows AS row
MATCH ()-[r:RELATED {id: row.id}]->()
WITH r, coalesce(r.origin = row.origin, false) AS ours
FOREACH (_ IN CASE WHEN ours THEN [1] ELSE [] END | DELETE r)
RETURN count(CASE WHEN ours THEN 1 END) AS removed, count(CASE WHEN ours THEN null ELSE 1 END) AS kept
