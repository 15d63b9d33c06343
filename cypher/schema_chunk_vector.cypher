// Schema: cosine vector index over chunk embeddings. Created lazily by the store on the first
// write that carries chunk embeddings: $dimensions is that write's embedding size, an integer
// validated in Python (Neo4j evaluates parameters inside OPTIONS).
CREATE VECTOR INDEX chunk_embedding IF NOT EXISTS
FOR (c:Chunk) ON (c.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
