// Upsert documents. Returns how many rows inserted a document or changed one; an unchanged row
// writes nothing. Each row runs in its own subquery, in order, so a batch that repeats an id
// behaves like the same writes made one after another (as the embedded backend does).
UNWIND $rows AS row
CALL (row) {
  OPTIONAL MATCH (old:Document {id: row.id})
  WITH row, old
  WHERE old IS NULL
     OR coalesce(old.source <> row.source, true)
     OR coalesce(old.title <> row.title, true)
     OR coalesce(old.hash <> row.hash, true)
     OR coalesce(old.created_at <> row.created_at, true)
     OR coalesce(old.metadata <> row.metadata, true)
  MERGE (d:Document {id: row.id})
  SET d.source = row.source,
      d.title = row.title,
      d.hash = row.hash,
      d.created_at = row.created_at,
      d.metadata = row.metadata
  RETURN count(d) AS changed
}
RETURN sum(changed) AS changed
