// Record a new enrichment run with empty id lists, or set a resumed one running again with its merged
// sources and questions (the store checked first which of the two is allowed). Returns how many rows.
UNWIND $rows AS row
MERGE (r:EnrichmentRun {id: row.id})
ON CREATE SET r.started_at = row.started_at, r.entity_ids = [], r.relation_ids = [], r.batches_done = [],
              r.errors = []
SET r.status = row.status,
    r.finished_at = null,
    r.sources = row.sources,
    r.questions = row.questions
RETURN count(r) AS changed
