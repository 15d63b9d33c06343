"""One contract suite, run against every backend.

The embedded SQLite backend always runs. The Neo4j backend runs when ``NEO4J_URI`` is set
(``docker compose up -d``, then ``NEO4J_URI=neo4j://localhost:7687 NEO4J_PASSWORD=graphproof-dev
pytest tests/contract``). Before each test it resets the database (every node, the vector indexes
and the meta node go); it refuses a database holding nodes it did not create unless
``GRAPHPROOF_TEST_WIPE=1`` is set: point it at a throw-away database.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.graph.store import GraphStore

from tests.contract.graph_fixture import NEO4J_HOWTO, fill


@pytest.fixture(scope="session")
def neo4j_session_store() -> Iterator[GraphStore]:
    uri = os.environ.get("NEO4J_URI")
    if not uri:
        pytest.skip(NEO4J_HOWTO)
    from graphproof.graph.neo4j_store import Neo4jStore

    store = Neo4jStore(
        uri,
        os.environ.get("NEO4J_USER", "neo4j"),
        os.environ.get("NEO4J_PASSWORD", "graphproof-dev"),
        database=os.environ.get("NEO4J_DATABASE") or None,
    )
    _claim_database(store)
    yield store
    store.close()


SUITE_MARKER = "GraphproofContractSuite"  # a node the suite leaves in the database it owns
WIPE_VARIABLE = "GRAPHPROOF_TEST_WIPE"


def _claim_database(store: GraphStore) -> None:
    """Refuse a database holding nodes the suite did not create, unless ``GRAPHPROOF_TEST_WIPE=1``.

    Community Edition has one database: without this check the suite would wipe the user's graph.
    A database the suite has used carries its marker node and is reset freely.
    """
    [row] = store.cypher(
        "OPTIONAL MATCH (m:GraphproofContractSuite) WITH count(m) AS marked "
        "OPTIONAL MATCH (n) WHERE NOT n:GraphproofContractSuite RETURN marked, count(n) AS nodes"
    )
    if not row["marked"] and row["nodes"] and os.environ.get(WIPE_VARIABLE) != "1":
        pytest.exit(
            f"the Neo4j database at {store.location} holds {row['nodes']} nodes the contract suite did not create; "
            f"the suite deletes everything there. Point NEO4J_URI/NEO4J_DATABASE at a throw-away database, "
            f"or set {WIPE_VARIABLE}=1 to wipe this one.",
            returncode=4,
        )
    store.cypher("MERGE (:GraphproofContractSuite {id: 'contract-suite'})")
    _reset(store)


def _reset(store: GraphStore) -> None:
    """Back to an empty graphproof store: every node but the marker, the vector indexes, the meta node."""
    store.cypher("MATCH (n) WHERE NOT n:GraphproofContractSuite DETACH DELETE n")
    store.cypher("DROP INDEX chunk_embedding IF EXISTS")
    store.cypher("DROP INDEX entity_embedding IF EXISTS")
    store.cypher("DROP INDEX piece_embedding IF EXISTS")
    store.init()


@pytest.fixture(params=["sqlite", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    if request.param == "sqlite":
        with SQLiteStore(tmp_path / "contract.db") as sqlite_store:
            yield sqlite_store
        return
    neo4j_store: GraphStore = request.getfixturevalue("neo4j_session_store")
    _reset(neo4j_store)
    yield neo4j_store


@pytest.fixture
def filled(store: GraphStore) -> GraphStore:
    return fill(store)
