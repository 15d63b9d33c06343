// Whether any chunk, entity or piece of a chunk carries an embedding (a search over no vectors finds nothing).
RETURN EXISTS { MATCH (c:Chunk) WHERE c.embedding IS NOT NULL } AS chunks,
       EXISTS { MATCH (e:Entity) WHERE e.embedding IS NOT NULL } AS entities,
       EXISTS { MATCH (p:Piece) WHERE p.embedding IS NOT NULL } AS pieces
