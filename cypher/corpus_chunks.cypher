// Rows of the chunk full-text index and their mean length in analyzed terms.
MATCH (c:Chunk)
RETURN count(c) AS rows, coalesce(avg(size(split(c.tokens, ' '))), 0.0) AS avg_length
