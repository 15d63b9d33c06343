// Drop the piece vector index. The store does this only when no piece carries an embedding any
// more and a write brings embeddings of another size (an index over no vectors has nothing to keep).
DROP INDEX piece_embedding IF EXISTS
