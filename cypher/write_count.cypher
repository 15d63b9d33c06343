// How many graphproof write transactions have committed (the meta node's counter; 0 before any).
OPTIONAL MATCH (m:GraphproofMeta {id: 'graphproof'})
RETURN coalesce(m.writes, 0) AS writes
