// Document frequency of each analyzed term in the RELATED full-text index (each $terms entry is a
// Lucene-escaped single term).
UNWIND $terms AS term
CALL (term) {
  CALL db.index.fulltext.queryRelationships('related_tokens', term) YIELD relationship
  RETURN count(relationship) AS df
}
RETURN term, df
