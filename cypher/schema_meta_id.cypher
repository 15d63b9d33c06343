// Schema: the single GraphproofMeta node that records the schema version and the analyzer.
CREATE CONSTRAINT graphproof_meta_id IF NOT EXISTS
FOR (m:GraphproofMeta) REQUIRE m.id IS UNIQUE
