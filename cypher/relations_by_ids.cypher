// The RELATED edges named by $ids, in the order of $ids (ids that do not exist are skipped).
UNWIND range(0, size($ids) - 1) AS i
MATCH ()-[r:RELATED {id: $ids[i]}]->()
RETURN r {.id, .predicate, .keywords, .description, .weight, .origin, .source_url, .confidence, .created_at,
         .chunk_ids, source_id: startNode(r).id, target_id: endNode(r).id,
         source_name: startNode(r).name, target_name: endNode(r).name} AS relation
ORDER BY i
