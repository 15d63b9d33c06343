// The MENTIONS links of the chunks named by $ids.
UNWIND $ids AS id
MATCH (c:Chunk {id: id})-[:MENTIONS]->(e:Entity)
RETURN c.id AS chunk_id, e.id AS entity_id
ORDER BY chunk_id, entity_id
