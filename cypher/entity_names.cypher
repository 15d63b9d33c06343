// The stored name of each entity in $ids that exists (edge text is built from stored names).
UNWIND $ids AS id
MATCH (e:Entity {id: id})
RETURN e.id AS id, e.name AS name
