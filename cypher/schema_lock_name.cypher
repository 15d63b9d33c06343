// Schema: one GraphproofLock per lock name, so processes that MERGE the same lock at once share one node.
CREATE CONSTRAINT graphproof_lock_name IF NOT EXISTS
FOR (l:GraphproofLock) REQUIRE l.name IS UNIQUE
