// Document frequency of each analyzed term in a node full-text index ($index is chunk_tokens or
// entity_tokens; each $terms entry is a Lucene-escaped single term).
UNWIND $terms AS term
CALL (term) {
  CALL db.index.fulltext.queryNodes($index, term) YIELD node
  RETURN count(node) AS df
}
RETURN term, df
