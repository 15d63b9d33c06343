// Whether any chunk or entity carries an embedding (a search over no vectors finds nothing).
RETURN EXISTS { MATCH (c:Chunk) WHERE c.embedding IS NOT NULL } AS chunks,
       EXISTS { MATCH (e:Entity) WHERE e.embedding IS NOT NULL } AS entities
