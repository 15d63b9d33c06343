// Schema: one QueuedQuestion per id (a hash of the question's normalised text).
CREATE CONSTRAINT queued_question_id IF NOT EXISTS
FOR (q:QueuedQuestion) REQUIRE q.id IS UNIQUE
