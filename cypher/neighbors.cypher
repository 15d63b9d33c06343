// Each entity's RELATED edges in either direction with the entity at the other end, at most
// $per_node per entity: highest weight first, then by edge id (the hub-capping rule). A
// self-loop is seen once as outgoing and once as incoming, as in the embedded backend.
UNWIND $ids AS id
MATCH (n:Entity {id: id})
CALL (n) {
  CALL (n) {
    MATCH (n)-[r:RELATED]->(m:Entity)
    RETURN r, m
    UNION ALL
    MATCH (n)<-[r:RELATED]-(m:Entity)
    RETURN r, m
  }
  WITH r, m
  ORDER BY r.weight DESC, r.id ASC
  LIMIT $per_node
  RETURN r, m
}
RETURN n.id AS from_id,
       r {.id, .predicate, .keywords, .description, .weight, .origin, .source_url, .confidence, .created_at,
         .chunk_ids, source_id: startNode(r).id, target_id: endNode(r).id,
         source_name: startNode(r).name, target_name: endNode(r).name} AS relation,
       m {.id, .name, .type, .description, .embedding} AS neighbour
ORDER BY from_id, r.weight DESC, r.id ASC
