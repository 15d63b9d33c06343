// Schema: one RELATED edge per id (relationship property uniqueness, Community Edition since 5.7).
CREATE CONSTRAINT related_id IF NOT EXISTS
FOR ()-[r:RELATED]-() REQUIRE r.id IS UNIQUE
