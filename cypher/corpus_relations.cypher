// Rows of the RELATED full-text index and their mean length in analyzed terms
// (an empty tokens string counts 0 terms: split('', ' ') is [''] in Cypher).
MATCH ()-[r:RELATED]->()
RETURN count(r) AS rows, coalesce(avg(CASE WHEN coalesce(r.tokens, '') = '' THEN 0 ELSE size(split(r.tokens, ' ')) END), 0.0) AS avg_length
