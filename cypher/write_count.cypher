// How many graphproof write transactions have committed (the meta node's counter; 0 before any),
// and the meta node's random epoch, so a re-created meta node never matches a cached count.
OPTIONAL MATCH (m:GraphproofMeta {id: 'graphproof'})
RETURN m.epoch AS epoch, coalesce(m.writes, 0) AS writes
