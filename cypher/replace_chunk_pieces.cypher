// Replace the pieces of chunks (Chunk.piece_embeddings): each row's pieces are its chunk's piece vectors in
// order ([] for none). A chunk whose stored pieces are the same is left as it is. Returns the ids of the
// chunks whose pieces changed (the chunks were written first, in the same transaction).
UNWIND $rows AS row
MATCH (c:Chunk {id: row.id})
CALL (c, row) {
  OPTIONAL MATCH (old:Piece)-[:PIECE_OF]->(c)
  WITH c, row, old
  ORDER BY old.ordinal
  WITH c, row, collect(old) AS olds, collect(old.embedding) AS stored
  WHERE stored <> row.pieces
  FOREACH (p IN olds | DETACH DELETE p)
  FOREACH (i IN range(0, size(row.pieces) - 1) |
    CREATE (:Piece {chunk_id: c.id, ordinal: i, embedding: row.pieces[i]})-[:PIECE_OF]->(c)
  )
  RETURN true AS replaced
}
RETURN collect(c.id) AS renewed
