// BM25 (Lucene) search over chunk tokens (see search_relations for $query and $fetch).
CALL db.index.fulltext.queryNodes('chunk_tokens', $query, {limit: $fetch})
YIELD node, score
WITH node AS c, score
RETURN c {.id, .document_id, .ordinal, .text, .hash, .embedding, .metadata} AS chunk, score
ORDER BY score DESC, c.id ASC
LIMIT $k
