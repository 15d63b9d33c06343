// Schema: cosine vector index over the vectors of chunks' pieces (a chat's messages, a long text's sentence
// runs). Created lazily by the store on the first write that carries piece embeddings: $dimensions is that
// write's embedding size, an integer validated in Python (Neo4j evaluates parameters inside OPTIONS).
CREATE VECTOR INDEX piece_embedding IF NOT EXISTS
FOR (p:Piece) ON (p.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
