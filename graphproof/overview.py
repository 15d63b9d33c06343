"""Backend-specific overview queries the ``GraphStore`` protocol does not (yet) cover.

``top_entity_ids`` picks the best-connected entities, for views of a graph without a chosen
starting point (``graphproof export html`` with no ``--entity``). SQLite is asked through its
connection, Neo4j through ``cypher``; both order by degree, then by id, so results are stable.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from graphproof.graph.store import GraphStore, StoreError

_SQLITE_TOP_ENTITIES = """
SELECT e.id FROM entities e
LEFT JOIN (
  SELECT id, sum(n) AS degree FROM (
    SELECT source_id AS id, count(*) AS n FROM relations GROUP BY source_id
    UNION ALL
    SELECT target_id AS id, count(*) AS n FROM relations GROUP BY target_id
  ) GROUP BY id
) d ON d.id = e.id
ORDER BY coalesce(d.degree, 0) DESC, e.id LIMIT ?
"""

_NEO4J_TOP_ENTITIES = "MATCH (e:Entity) RETURN e.id AS id ORDER BY COUNT { (e)-[:RELATED]-() } DESC, e.id LIMIT $limit"


def top_entity_ids(store: GraphStore, limit: int) -> list[str]:
    """The ids of the ``limit`` entities with the most relations (ties broken by id)."""
    if store.backend == "neo4j":
        return [str(row["id"]) for row in store.cypher(_NEO4J_TOP_ENTITIES, {"limit": limit})]
    connection: Any = getattr(store, "db", None)
    if store.backend == "sqlite" and connection is not None:
        try:
            return [row[0] for row in connection.execute(_SQLITE_TOP_ENTITIES, (limit,)).fetchall()]
        except sqlite3.Error as exc:
            raise StoreError(f"cannot list entities by degree in {store.location!r}: {exc}") from exc
    raise StoreError(f"the {store.backend!r} backend cannot list entities by degree; name a starting entity instead")
