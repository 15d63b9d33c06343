// Upsert RELATED edges (the entities and chunks were checked to exist first). A new id creates
// the edge between its source and target; an existing id keeps its endpoints and predicate and
// takes the row's properties when any of them differ. chunk_ids is always the union of the
// stored list and the row's list. Returns how many rows inserted or changed an edge (growing
// chunk_ids alone does not count, as in the embedded backend). chunk_keys (row.chunk_keys[i] is
// the key of row.chunk_ids[i]) grows with chunk_ids: the related_chunk_keys index finds the edge by it.
UNWIND $rows AS row
CALL (row) {
  OPTIONAL MATCH ()-[old:RELATED {id: row.id}]->()
  WITH row, old,
       old IS NULL
       OR coalesce(old.keywords <> row.keywords, true)
       OR coalesce(old.description <> row.description, true)
       OR coalesce(old.text <> row.text, true)
       OR coalesce(old.weight <> row.weight, true)
       OR coalesce(old.origin <> row.origin, true)
       OR NOT coalesce(old.source_url = row.source_url, old.source_url IS NULL AND row.source_url IS NULL)
       OR NOT coalesce(old.confidence = row.confidence, old.confidence IS NULL AND row.confidence IS NULL)
       OR NOT coalesce(old.created_at = row.created_at, old.created_at IS NULL AND row.created_at IS NULL)
       AS changed
  MATCH (s:Entity {id: row.source_id}), (t:Entity {id: row.target_id})
  FOREACH (_ IN CASE WHEN old IS NULL THEN [1] ELSE [] END |
    CREATE (s)-[:RELATED {id: row.id, predicate: row.predicate}]->(t)
  )
  WITH row, changed
  MATCH ()-[r:RELATED {id: row.id}]->()
  FOREACH (_ IN CASE WHEN changed THEN [1] ELSE [] END |
    SET r.keywords = row.keywords,
        r.description = row.description,
        r.text = row.text,
        r.tokens = row.tokens,
        r.weight = row.weight,
        r.origin = row.origin,
        r.source_url = row.source_url,
        r.confidence = row.confidence,
        r.created_at = row.created_at
  )
  WITH r, row, changed, [i IN range(0, size(row.chunk_ids) - 1) WHERE NOT row.chunk_ids[i] IN coalesce(r.chunk_ids, [])] AS added
  FOREACH (_ IN CASE WHEN size(added) > 0 THEN [1] ELSE [] END |
    SET r.chunk_ids = coalesce(r.chunk_ids, []) + [i IN added | row.chunk_ids[i]],
        r.chunk_keys = trim(reduce(keys = coalesce(r.chunk_keys, ''), i IN added | keys + ' ' + row.chunk_keys[i]))
  )
  RETURN CASE WHEN changed THEN 1 ELSE 0 END AS changed
}
RETURN sum(changed) AS changed
