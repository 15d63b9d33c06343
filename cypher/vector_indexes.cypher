// The graphproof vector indexes that exist, with their dimensions.
SHOW VECTOR INDEXES
YIELD name, state, options
WHERE name IN ['chunk_embedding', 'entity_embedding', 'piece_embedding']
RETURN name, state, options.indexConfig['vector.dimensions'] AS dimensions
