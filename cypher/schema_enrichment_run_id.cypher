// Schema: one EnrichmentRun per run id (a run and the ids of what it created, as list properties).
CREATE CONSTRAINT enrichment_run_id IF NOT EXISTS
FOR (r:EnrichmentRun) REQUIRE r.id IS UNIQUE
