// Link chunks to the entities they mention (the chunks and entities were checked to exist first).
// Returns how many links were created; an existing link is left alone. MERGE (under the write
// lock taken by write_begin) never duplicates a link when two ingests run at once.
UNWIND $rows AS row
CALL (row) {
  MATCH (c:Chunk {id: row.chunk_id}), (e:Entity {id: row.entity_id})
  WITH c, e, EXISTS { (c)-[:MENTIONS]->(e) } AS existed
  MERGE (c)-[:MENTIONS]->(e)
  RETURN sum(CASE WHEN existed THEN 0 ELSE 1 END) AS changed
}
RETURN sum(changed) AS changed
