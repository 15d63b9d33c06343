// Counts of everything in the graph, and of RELATED edges by origin.
CALL () {
  MATCH ()-[r:RELATED]->()
  WITH r.origin AS origin, count(r) AS n
  ORDER BY origin
  RETURN collect([origin, n]) AS origins
}
RETURN COUNT { (:Document) } AS documents,
       COUNT { (:Chunk) } AS chunks,
       COUNT { (:Entity) } AS entities,
       COUNT { ()-[:RELATED]->() } AS relations,
       COUNT { ()-[:MENTIONS]->() } AS mentions,
       origins
