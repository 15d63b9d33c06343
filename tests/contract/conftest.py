"""One contract suite, run against every backend.

The embedded SQLite backend always runs. The Neo4j backend runs when ``NEO4J_URI`` is set
(``docker compose up -d``, then ``NEO4J_URI=neo4j://localhost:7687 NEO4J_PASSWORD=graphproof-dev
pytest tests/contract``). It deletes every ``Document``, ``Chunk`` and ``Entity`` node before each
test: point it at a throw-away database.
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
    store.init()
    yield store
    store.close()


@pytest.fixture(params=["sqlite", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    if request.param == "sqlite":
        with SQLiteStore(tmp_path / "contract.db") as sqlite_store:
            yield sqlite_store
        return
    neo4j_store: GraphStore = request.getfixturevalue("neo4j_session_store")
    neo4j_store.cypher("MATCH (n) WHERE n:Document OR n:Chunk OR n:Entity DETACH DELETE n")
    yield neo4j_store


@pytest.fixture
def filled(store: GraphStore) -> GraphStore:
    return fill(store)
