// Upsert chunks and their PART_OF edge. A null embedding keeps the stored one. Returns how many
// rows inserted or changed a chunk, and their ids (the documents were checked to exist first).
UNWIND $rows AS row
CALL (row) {
  OPTIONAL MATCH (old:Chunk {id: row.id})
  WITH row, old
  WHERE old IS NULL
     OR coalesce(old.document_id <> row.document_id, true)
     OR coalesce(old.ordinal <> row.ordinal, true)
     OR coalesce(old.text <> row.text, true)
     OR coalesce(old.hash <> row.hash, true)
     OR coalesce(old.metadata <> row.metadata, true)
     OR (row.embedding IS NOT NULL AND coalesce(old.embedding <> row.embedding, true))
  MATCH (d:Document {id: row.document_id})
  MERGE (c:Chunk {id: row.id})
  SET c.document_id = row.document_id,
      c.ordinal = row.ordinal,
      c.text = row.text,
      c.hash = row.hash,
      c.metadata = row.metadata,
      c.tokens = row.tokens,
      c.embedding = coalesce(row.embedding, c.embedding)
  WITH c, d
  CALL (c, d) {
    MATCH (c)-[stale:PART_OF]->(other:Document)
    WHERE other <> d
    DELETE stale
  }
  MERGE (c)-[:PART_OF]->(d)
  RETURN count(c) AS changed, collect(c.id) AS ids
}
RETURN sum(changed) AS changed, reduce(acc = [], part IN collect(ids) | acc + part) AS ids
