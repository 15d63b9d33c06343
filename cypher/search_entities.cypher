// BM25 (Lucene) search over entity name tokens (see search_relations for $query and $fetch).
CALL db.index.fulltext.queryNodes('entity_tokens', $query, {limit: $fetch})
YIELD node, score
WITH node AS e, score
RETURN e {.id, .name, .type, .description, .embedding} AS entity, score
ORDER BY score DESC, e.id ASC
LIMIT $k
