// Queue the questions (rows of id, question, reason, enqueued_at) whose id is not queued yet. Each new
// one is numbered from the meta node's question counter (the meta node was locked by write_begin), so
// the queue reads oldest first. Returns how many were added.
UNWIND $rows AS row
CALL (row) {
  OPTIONAL MATCH (old:QueuedQuestion {id: row.id})
  WITH row, old
  WHERE old IS NULL
  MATCH (m:GraphproofMeta {id: 'graphproof'})
  SET m.questions = coalesce(m.questions, 0) + 1
  CREATE (q:QueuedQuestion {id: row.id, question: row.question, reason: row.reason, enqueued_at: row.enqueued_at,
                            seq: m.questions})
  RETURN count(q) AS changed
}
RETURN sum(changed) AS changed
