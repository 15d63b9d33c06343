// Wait (at most $timeout seconds) until every index is ONLINE, so a search right after init() or
// after a vector index was created does not hit a populating index.
CALL db.awaitIndexes($timeout)
