// The ids in $ids that name no Chunk (checked before a write that refers to them).
UNWIND $ids AS id
WITH id
WHERE NOT EXISTS { MATCH (:Chunk {id: id}) }
RETURN id
ORDER BY id
