// The schema version and analyzer this database was first written with (recorded on first init).
MERGE (m:GraphproofMeta {id: 'graphproof'})
ON CREATE SET m.schema = $schema, m.analyzer = $analyzer, m.epoch = randomUUID(), m.writes = 0
RETURN m.schema AS schema, m.analyzer AS analyzer
