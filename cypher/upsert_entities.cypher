// Upsert entities. The name (and its tokens) always follows the newest write; an empty type or
// description and a null embedding keep the stored value. Returns how many rows inserted or
// changed an entity.
UNWIND $rows AS row
CALL (row) {
  OPTIONAL MATCH (old:Entity {id: row.id})
  WITH row, old
  WHERE old IS NULL
     OR coalesce(old.name <> row.name, true)
     OR (row.type <> '' AND coalesce(old.type <> row.type, true))
     OR (row.description <> '' AND coalesce(old.description <> row.description, true))
     OR (row.embedding IS NOT NULL AND coalesce(old.embedding <> row.embedding, true))
  MERGE (e:Entity {id: row.id})
  SET e.name = row.name,
      e.tokens = row.tokens,
      e.type = CASE WHEN row.type <> '' THEN row.type ELSE coalesce(e.type, '') END,
      e.description = CASE WHEN row.description <> '' THEN row.description ELSE coalesce(e.description, '') END,
      e.embedding = coalesce(row.embedding, e.embedding)
  RETURN count(e) AS changed
}
RETURN sum(changed) AS changed
