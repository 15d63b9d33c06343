// Schema: BM25 (Lucene) index over the analyzer's tokens of each chunk's text. The tokens are
// already normalised, stemmed and CJK-bigrammed by graph.analyzer, so Lucene only splits on spaces.
CREATE FULLTEXT INDEX chunk_tokens IF NOT EXISTS
FOR (c:Chunk) ON EACH [c.tokens]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}
