// Schema: one Document per id (also the index every document lookup uses).
CREATE CONSTRAINT document_id IF NOT EXISTS
FOR (d:Document) REQUIRE d.id IS UNIQUE
