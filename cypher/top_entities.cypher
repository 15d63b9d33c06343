// The best-connected entities (RELATED edges in both directions), ties broken by id.
MATCH (e:Entity)
RETURN e.id AS id
ORDER BY COUNT { (e)-[:RELATED]-() } DESC, e.id
LIMIT $limit
