// Approximate nearest pieces of chunks by cosine (HNSW), each with its chunk. The store re-scores these $fetch
// candidates with exact cosine similarity, as the embedded backend computes it, and scores a chunk by its best
// piece.
CALL db.index.vector.queryNodes('piece_embedding', $fetch, $vector)
YIELD node, score
MATCH (node)-[:PIECE_OF]->(c:Chunk)
RETURN c {.id, .document_id, .ordinal, .text, .hash, .embedding, .metadata} AS chunk, node.embedding AS embedding,
       score
ORDER BY score DESC, c.id ASC, node.ordinal ASC
