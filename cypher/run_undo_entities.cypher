// Delete the entities an undone run created (row.id) that nothing uses any more; an entity that still
// has any relationship (a RELATED edge, a MENTIONS link, graphproof's or not) is kept, as delete_document
// keeps it. Deleting a node also takes it out of the entity full-text and vector indexes.
UNWIND $rows AS row
MATCH (e:Entity {id: row.id})
WITH e, EXISTS { (e)--() } AS used
FOREACH (_ IN CASE WHEN used THEN [] ELSE [1] END | DELETE e)
RETURN count(CASE WHEN used THEN null ELSE 1 END) AS removed, count(CASE WHEN used THEN 1 END) AS kept
