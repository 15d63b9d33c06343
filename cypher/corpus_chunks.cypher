// Rows of the chunk full-text index and their mean length in analyzed terms
// (an empty tokens string counts 0 terms: split('', ' ') is [''] in Cypher).
MATCH (c:Chunk)
RETURN count(c) AS rows, coalesce(avg(CASE WHEN coalesce(c.tokens, '') = '' THEN 0 ELSE size(split(c.tokens, ' ')) END), 0.0) AS avg_length
