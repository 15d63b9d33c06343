// All shortest undirected RELATED paths between two distinct entities, at most 6 hop(s) long
// (one file per max_hops 1..6: a variable-length bound cannot be a parameter, and filtering the
// length after an unbounded search would search up to graph.store.MAX_PATH_HOPS for nothing).
// At most $cap paths are enumerated (graph.traversal.ENUMERATION_CAP, as the embedded backend),
// then sorted by the entity ids along the path and the edge ids; at most $limit are returned.
MATCH (s:Entity {id: $source_id}), (t:Entity {id: $target_id})
MATCH p = allShortestPaths((s)-[:RELATED*..6]-(t))
WITH p
LIMIT $cap
WITH p, [n IN nodes(p) | n.id] AS entity_ids, [r IN relationships(p) | r.id] AS relation_ids
ORDER BY entity_ids, relation_ids
LIMIT $limit
RETURN [n IN nodes(p) | n {.id, .name, .type, .description, .embedding}] AS entities,
       [r IN relationships(p) | r {.id, .predicate, .keywords, .description, .weight, .origin, .source_url, .confidence, .created_at,
         .chunk_ids, source_id: startNode(r).id, target_id: endNode(r).id,
         source_name: startNode(r).name, target_name: endNode(r).name}] AS relations
