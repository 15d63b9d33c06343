// The chunks named by $ids, in the order of $ids (ids that do not exist are skipped).
UNWIND range(0, size($ids) - 1) AS i
MATCH (c:Chunk {id: $ids[i]})
RETURN c {.id, .document_id, .ordinal, .text, .hash, .embedding, .metadata} AS chunk
ORDER BY i
