// Schema: BM25 (Lucene) index over the analyzer's tokens of each edge's text
// (predicate words + keywords + source name + target name + description).
CREATE FULLTEXT INDEX related_tokens IF NOT EXISTS
FOR ()-[r:RELATED]-() ON EACH [r.tokens]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}
