// Rows of the entity full-text index and their mean length in analyzed terms.
MATCH (e:Entity)
RETURN count(e) AS rows, coalesce(avg(size(split(e.tokens, ' '))), 0.0) AS avg_length
