// Up to $limit enrichment runs, newest first (by started_at, then id descending, as the embedded backend).
MATCH (r:EnrichmentRun)
RETURN r {.id, .started_at, .finished_at, .status, .sources, .questions, .entity_ids, .relation_ids,
          .batches_done, .errors} AS run
ORDER BY r.started_at DESC, r.id DESC
LIMIT $limit
