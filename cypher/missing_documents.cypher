// The ids in $ids that name no Document (checked before a write that refers to them).
UNWIND $ids AS id
WITH id
WHERE NOT EXISTS { MATCH (:Document {id: id}) }
RETURN id
ORDER BY id
