// Up to $limit queued questions, oldest first.
MATCH (q:QueuedQuestion)
RETURN q {.id, .question, .reason, .enqueued_at} AS item
ORDER BY q.seq, q.id
LIMIT $limit
