// Drop the chunk vector index. The store does this only when no chunk carries an embedding any
// more and a write brings embeddings of another size (an index over no vectors has nothing to keep).
DROP INDEX chunk_embedding IF EXISTS
