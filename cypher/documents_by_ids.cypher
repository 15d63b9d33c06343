// The documents named by $ids, in the order of $ids (ids that do not exist are skipped).
UNWIND range(0, size($ids) - 1) AS i
MATCH (d:Document {id: $ids[i]})
RETURN d {.id, .source, .title, .hash, .created_at, .metadata} AS document
ORDER BY i
