// Drop the entity vector index (only when no entity carries an embedding; see drop_chunk_vector).
DROP INDEX entity_embedding IF EXISTS
