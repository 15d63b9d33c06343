// All shortest undirected RELATED paths between two distinct entities, at most $max_hops long
// (the search itself is bounded at 6 hops, graph.store.MAX_PATH_HOPS). The length is filtered
// after the search, not in the MATCH's WHERE, so Neo4j never falls back to an exhaustive search.
// Sorted by the entity ids along the path, then the edge ids; at most $limit paths.
MATCH (s:Entity {id: $source_id}), (t:Entity {id: $target_id})
MATCH p = allShortestPaths((s)-[:RELATED*..6]-(t))
WITH p
WHERE length(p) <= $max_hops
WITH p, [n IN nodes(p) | n.id] AS entity_ids, [r IN relationships(p) | r.id] AS relation_ids
ORDER BY entity_ids, relation_ids
LIMIT $limit
RETURN [n IN nodes(p) | n {.id, .name, .type, .description, .embedding}] AS entities,
       [r IN relationships(p) | r {.id, .predicate, .keywords, .description, .weight, .origin, .source_url, .confidence, .created_at,
         .chunk_ids, source_id: startNode(r).id, target_id: endNode(r).id,
         source_name: startNode(r).name, target_name: endNode(r).name}] AS relations
