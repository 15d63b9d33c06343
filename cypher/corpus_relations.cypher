// Rows of the RELATED full-text index and their mean length in analyzed terms.
MATCH ()-[r:RELATED]->()
RETURN count(r) AS rows, coalesce(avg(size(split(r.tokens, ' '))), 0.0) AS avg_length
