// Wait (at most $timeout seconds each) until graphproof's own indexes ($names: the constraint-backed,
// full-text and vector indexes this store created) are ONLINE, so a search right after init() or
// after a vector index was created does not hit a populating index. Other indexes in the database
// are not waited for (db.awaitIndexes would wait for every index, the project's or not).
UNWIND $names AS name
CALL db.awaitIndex(name, $timeout)
RETURN count(*) AS waited
