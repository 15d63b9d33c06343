// The ids of one document's chunks (through the chunk_document_id index).
MATCH (c:Chunk {document_id: $document_id})
RETURN c.id AS id
