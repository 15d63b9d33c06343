// The entities named by $ids, in the order of $ids (ids that do not exist are skipped).
UNWIND range(0, size($ids) - 1) AS i
MATCH (e:Entity {id: $ids[i]})
RETURN e {.id, .name, .type, .description, .embedding} AS entity
ORDER BY i
