// The chunks of one document in reading order.
MATCH (c:Chunk {document_id: $document_id})
RETURN c {.id, .document_id, .ordinal, .text, .hash, .embedding, .metadata} AS chunk
ORDER BY c.ordinal, c.id
