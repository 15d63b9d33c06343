// Documents ordered by id, each with its number of chunks.
MATCH (d:Document)
RETURN d {.id, .source, .title, .hash, .created_at, .metadata} AS document,
       COUNT { (:Chunk)-[:PART_OF]->(d) } AS chunks
ORDER BY d.id
LIMIT $limit
