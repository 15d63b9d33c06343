// The ids in $ids that name no Entity (checked before a write that refers to them).
UNWIND $ids AS id
WITH id
WHERE NOT EXISTS { MATCH (:Entity {id: id}) }
RETURN id
ORDER BY id
