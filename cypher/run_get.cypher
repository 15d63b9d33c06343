// The enrichment run $id (no row when there is none).
MATCH (r:EnrichmentRun {id: $id})
RETURN r {.id, .started_at, .finished_at, .status, .sources, .questions, .entity_ids, .relation_ids,
          .batches_done, .errors} AS run
