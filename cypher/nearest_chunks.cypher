// Approximate nearest chunks by cosine (HNSW). The store re-scores these $fetch candidates with
// exact cosine similarity, as the embedded backend computes it, and keeps the best k.
CALL db.index.vector.queryNodes('chunk_embedding', $fetch, $vector)
YIELD node, score
WITH node AS c, score
RETURN c {.id, .document_id, .ordinal, .text, .hash, .embedding, .metadata} AS chunk, score
ORDER BY score DESC, c.id ASC
