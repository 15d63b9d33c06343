// The ids in $ids that name no RELATED edge (a run writes only the relations that are not stored yet).
UNWIND $ids AS id
WITH id
WHERE NOT EXISTS { MATCH ()-[:RELATED {id: id}]->() }
RETURN id
ORDER BY id
