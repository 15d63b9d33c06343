// Delete a document and its chunks with their MENTIONS and pieces; prune the chunks' ids from RELATED edges
// (found through the related_chunk_keys full-text index: $key_queries are OR-queries of the chunks'
// keys, $gone_keys the keys themselves) and delete the edges left with no chunk; then delete the
// entities this touched (mentioned by a deleted chunk or at an end of an edge that cited one) that have no mention and no edge left
// (an entity that still has any relationship, graphproof's or not, is kept).
// Returns no row when the document does not exist.
MATCH (d:Document {id: $document_id})
OPTIONAL MATCH (c:Chunk {document_id: $document_id})
WITH d, collect(c) AS chunks
WITH d, chunks, [c IN chunks | c.id] AS gone
CALL (chunks) {
  UNWIND chunks AS c
  MATCH (c)-[m:MENTIONS]->(e:Entity)
  RETURN count(m) AS mentions, collect(DISTINCT e) AS mentioned
}
CALL (gone) {
  UNWIND $key_queries AS keys
  CALL db.index.fulltext.queryRelationships('related_chunk_keys', keys) YIELD relationship
  WITH DISTINCT relationship AS r
  WHERE any(x IN r.chunk_ids WHERE x IN gone)
  RETURN collect(r) AS cited, collect(DISTINCT startNode(r)) + collect(DISTINCT endNode(r)) AS ends
}
CALL (cited, gone) {
  UNWIND cited AS r
  WITH r, [x IN r.chunk_ids WHERE NOT x IN gone] AS kept
  FOREACH (_ IN CASE WHEN size(kept) > 0 THEN [1] ELSE [] END |
    SET r.chunk_ids = kept,
        r.chunk_keys = trim(reduce(keys = '', k IN [k IN split(r.chunk_keys, ' ') WHERE NOT k IN $gone_keys] | keys + ' ' + k))
  )
  WITH collect(CASE WHEN size(kept) = 0 THEN r END) AS orphaned
  FOREACH (r IN orphaned | DELETE r)
  RETURN size(orphaned) AS relations
}
CALL (chunks) {
  UNWIND chunks AS c
  CALL (c) {
    MATCH (p:Piece)-[:PIECE_OF]->(c)
    DETACH DELETE p
  }
  DETACH DELETE c
}
DETACH DELETE d
WITH size(chunks) AS chunk_count, mentions, relations, mentioned + ends AS touched
CALL (touched) {
  UNWIND touched AS e
  WITH DISTINCT e
  WHERE NOT EXISTS { (e)--() }
  WITH collect(e) AS orphaned
  FOREACH (e IN orphaned | DELETE e)
  RETURN size(orphaned) AS entities
}
RETURN chunk_count AS chunks, mentions, relations, entities
