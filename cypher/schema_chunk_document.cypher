// Schema: range index for "the chunks of a document" (chunks_of_document, delete_document).
CREATE INDEX chunk_document_id IF NOT EXISTS
FOR (c:Chunk) ON (c.document_id)
