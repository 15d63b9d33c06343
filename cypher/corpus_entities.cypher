// Rows of the entity full-text index and their mean length in analyzed terms
// (an empty tokens string counts 0 terms: split('', ' ') is [''] in Cypher).
MATCH (e:Entity)
RETURN count(e) AS rows, coalesce(avg(CASE WHEN coalesce(e.tokens, '') = '' THEN 0 ELSE size(split(e.tokens, ' ')) END), 0.0) AS avg_length
