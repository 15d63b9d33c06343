// Schema: BM25 (Lucene) index over the analyzer's tokens of each entity's name.
CREATE FULLTEXT INDEX entity_tokens IF NOT EXISTS
FOR (e:Entity) ON EACH [e.tokens]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}
