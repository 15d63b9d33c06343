// Approximate nearest entities by cosine (HNSW); re-scored exactly by the store (see nearest_chunks).
CALL db.index.vector.queryNodes('entity_embedding', $fetch, $vector)
YIELD node, score
WITH node AS e, score
RETURN e {.id, .name, .type, .description, .embedding} AS entity, score
ORDER BY score DESC, e.id ASC
