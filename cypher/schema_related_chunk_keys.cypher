// Full-text index over each RELATED edge's chunk keys (one key per cited chunk, see
// graph.neo4j_rows.chunk_key), so delete_document finds the edges citing a document's chunks
// through the index instead of reading every edge.
CREATE FULLTEXT INDEX related_chunk_keys IF NOT EXISTS
FOR ()-[r:RELATED]-() ON EACH [r.chunk_keys]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}
