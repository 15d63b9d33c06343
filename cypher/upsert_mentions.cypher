// Link chunks to the entities they mention (the chunks and entities were checked to exist first).
// Returns how many links were created; an existing link is left alone.
UNWIND $rows AS row
CALL (row) {
  MATCH (c:Chunk {id: row.chunk_id}), (e:Entity {id: row.entity_id})
  WHERE NOT EXISTS { (c)-[:MENTIONS]->(e) }
  CREATE (c)-[:MENTIONS]->(e)
  RETURN count(*) AS changed
}
RETURN sum(changed) AS changed
