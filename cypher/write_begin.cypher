// The first statement of every graphproof write transaction: take the meta node's write lock and
// count the write. Holding that lock until commit serialises graphproof's writers, so the
// check-then-create steps of the upserts (unknown ids, OPTIONAL MATCH then CREATE) never race a
// concurrent ingest; the counter (with the meta node's random epoch, new whenever the node is
// re-created) tells every process that its cached term statistics are stale.
MERGE (m:GraphproofMeta {id: 'graphproof'})
ON CREATE SET m.epoch = randomUUID()
SET m.writes = coalesce(m.writes, 0) + 1
RETURN m.writes AS writes
