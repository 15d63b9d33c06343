// BM25 (Lucene) search over RELATED edge tokens. $query is built from the analyzer's query terms,
// each escaped for Lucene syntax; $fetch >= $k so that ties at the cut are broken by id.
CALL db.index.fulltext.queryRelationships('related_tokens', $query, {limit: $fetch})
YIELD relationship, score
WITH relationship AS r, score
RETURN r {.id, .predicate, .keywords, .description, .weight, .origin, .source_url, .confidence, .created_at,
         .chunk_ids, source_id: startNode(r).id, target_id: endNode(r).id,
         source_name: startNode(r).name, target_name: endNode(r).name} AS relation,
       score
ORDER BY score DESC, r.id ASC
LIMIT $k
