"""The Neo4j backend's pure helpers: rows, record conversion, Lucene escaping, error mapping.

Nothing here talks to a server. Writes send plain dicts (``UNWIND $rows AS row``); reads return
Cypher map projections that are turned back into ``graph.model`` types. The conversions mirror the
embedded backend exactly: embeddings round-trip through float32 (as SQLite's blobs do) and are
validated with the same message, metadata is stored as sorted JSON, weights and confidences are
floats, a relation's ``chunk_ids`` come back sorted, entity names are indexed with their alias key.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, cast
from urllib.parse import urlsplit, urlunsplit

from graphproof.graph.analyzer import Analyzer
from graphproof.graph.model import (
    Chunk,
    Document,
    EnrichmentRun,
    Entity,
    Mention,
    QueuedQuestion,
    Relation,
    edge_parts,
    edge_text,
)
from graphproof.graph.model import Path as GraphPath
from graphproof.graph.store import ConnectionFailed, InvalidInput, QueryFailed, StoreError
from graphproof.graph.vectors import VectorIndex, from_blob, to_blob
from neo4j.exceptions import (
    AuthError,
    ConnectionAcquisitionTimeoutError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
)
from neo4j.graph import Node, Path, Relationship
from neo4j.spatial import Point

T = TypeVar("T")

MAX_VECTOR_DIMENSIONS = 4096  # Neo4j 5 vector indexes accept 1..4096 dimensions

_LUCENE_SPECIAL = frozenset('+-&|!(){}[]^"~*?:\\/')
_LUCENE_OPERATORS = frozenset({"AND", "OR", "NOT", "TO"})


# errors -------------------------------------------------------------------------------------------
def display_uri(uri: str) -> str:
    """``uri`` for messages: any ``user:password@`` part is cut out."""
    try:
        parts = urlsplit(uri)
    except ValueError:
        return uri.rpartition("@")[2]
    if "@" not in parts.netloc:
        return uri
    return urlunsplit(parts._replace(netloc=parts.netloc.rpartition("@")[2]))


_CONNECTION_ERRORS = (ServiceUnavailable, SessionExpired, ConnectionAcquisitionTimeoutError)


def driver_error(exc: Exception, what: str, location: str, user: str) -> StoreError:
    """The graphproof error for a driver or server error (the caller raises it ``from exc``).

    Unreachable server or refused credentials -> ``ConnectionFailed`` (never showing the password);
    anything the server or driver rejected -> ``QueryFailed`` with Neo4j's code and message.
    """
    if isinstance(exc, _CONNECTION_ERRORS):
        return ConnectionFailed(f"cannot reach Neo4j at {location} during {what}: {exc}")
    if isinstance(exc, AuthError):
        return ConnectionFailed(f"Neo4j at {location} refused the credentials of user {user!r}: {exc.message or exc}")
    if isinstance(exc, Neo4jError):
        return QueryFailed(f"Neo4j {what} failed on {location}: {exc.code}: {exc.message or exc}")
    return QueryFailed(f"Neo4j driver error during {what} on {location}: {exc}")


# Lucene -------------------------------------------------------------------------------------------
def lucene_escape(term: str) -> str:
    """One term made literal for Lucene's query parser.

    Every special character (``+ - & | ! ( ) { } [ ] ^ " ~ * ? : \\ /``) and any whitespace gets a
    backslash; a term that reads as an operator (``AND``, ``OR``, ``NOT``, ``TO``, in any case) is
    quoted, which makes it a one-term phrase, i.e. that term.
    """
    escaped = "".join("\\" + ch if ch in _LUCENE_SPECIAL or ch.isspace() else ch for ch in term)
    if term.upper() in _LUCENE_OPERATORS:
        return f'"{escaped}"'
    return escaped


def lucene_query(terms: Iterable[str]) -> str:
    """The analyzer's query terms, each escaped, joined by ``OR`` (like the embedded FTS5 match)."""
    return " OR ".join(lucene_escape(term) for term in terms if term)


# vectors ------------------------------------------------------------------------------------------
def stored_vector(values: Sequence[float] | None, owner: str) -> list[float] | None:
    """An embedding as it is stored: validated like the embedded backend, rounded through float32.

    Raises ``InvalidInput`` ("embedding of 'c1': an embedding must be a non-empty 1-d sequence of
    finite numbers") for the same inputs, with the same message, as the embedded backend.
    """
    try:
        vector = from_blob(to_blob(values))
    except ValueError as exc:
        raise InvalidInput(f"embedding of {owner!r}: {exc}") from exc
    return None if vector is None else list(vector)


def vector_dimensions(value: object, what: str = "embedding dimensions") -> int:
    """The one gate for a vector index dimension: an ``int`` from 1 to 4096, or ``InvalidInput``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_VECTOR_DIMENSIONS:
        raise InvalidInput(f"{what} must be an integer from 1 to {MAX_VECTOR_DIMENSIONS}, got {value!r}")
    return value


def exact_top(
    candidates: Iterable[tuple[str, Sequence[float]]], vector: Sequence[float], k: int
) -> list[tuple[str, float]]:
    """The best ``k`` ids of ``(id, embedding)`` candidates by exact cosine, as the embedded backend ranks; an id
    with several embeddings (a chunk's pieces) scores its best.

    Uses the embedded backend's own ``VectorIndex`` (float32, ties by id), so an approximate
    neighbour list from the HNSW index gets the same scores and order as an exact search.
    """
    exact = VectorIndex()
    exact.load((key, cast(bytes, to_blob(embedding))) for key, embedding in sorted(candidates, key=lambda c: c[0]))
    return exact.search(vector, k)


def piece_rows(chunks: Sequence[Chunk]) -> list[dict[str, Any]]:
    """One row per chunk that carries ``piece_embeddings`` (``[]``: it has none): its id and piece vectors."""
    return [
        {"id": c.id, "pieces": [stored_vector(v, f"piece {i} of chunk {c.id!r}") for i, v in enumerate(vectors)]}
        for c in chunks if (vectors := c.piece_embeddings) is not None
    ]  # fmt: skip


def batch_dimensions(rows: Sequence[Mapping[str, Any]], what: str) -> int | None:
    """The embedding size shared by every row that has one (``None`` when no row has one)."""
    sizes = sorted({len(row["embedding"]) for row in rows if row.get("embedding") is not None})
    if not sizes:
        return None
    if len(sizes) > 1:
        raise InvalidInput(f"{what} embeddings in one batch must have one size, got sizes {sizes}")
    return vector_dimensions(sizes[0], f"{what} embedding size")


# rows sent to Cypher ------------------------------------------------------------------------------
def _metadata(values: Mapping[str, str]) -> str:
    return json.dumps(dict(values), sort_keys=True)


def document_row(doc: Document) -> dict[str, Any]:
    return {
        "id": doc.id, "source": doc.source, "title": doc.title, "hash": doc.hash,
        "created_at": doc.created_at, "metadata": _metadata(doc.metadata),
    }  # fmt: skip


def chunk_row(chunk: Chunk, analyzer: Analyzer) -> dict[str, Any]:
    return {
        "id": chunk.id, "document_id": chunk.document_id, "ordinal": int(chunk.ordinal), "text": chunk.text,
        "hash": chunk.hash, "embedding": stored_vector(chunk.embedding, chunk.id),
        "metadata": _metadata(chunk.metadata), "tokens": analyzer.chunk_text(chunk.text, chunk.metadata),
    }  # fmt: skip


def entity_row(entity: Entity, analyzer: Analyzer) -> dict[str, Any]:
    return {
        "id": entity.id, "name": entity.name, "type": entity.type, "description": entity.description,
        "embedding": stored_vector(entity.embedding, entity.id), "tokens": analyzer.entity_text(entity.name),
    }  # fmt: skip


def relation_row(relation: Relation, names: Mapping[str, str], analyzer: Analyzer) -> dict[str, Any]:
    """The row for one edge; ``names`` are the *stored* entity names (edge text is built from them)."""
    source, target = names[relation.source_id], names[relation.target_id]
    return {
        "id": relation.id, "source_id": relation.source_id, "target_id": relation.target_id,
        "predicate": relation.predicate, "keywords": relation.keywords, "description": relation.description,
        "text": edge_text(relation, source, target), "weight": float(relation.weight),
        "tokens": analyzer.index_parts(edge_parts(relation, source, target)),
        "origin": relation.origin, "source_url": relation.source_url,
        "confidence": None if relation.confidence is None else float(relation.confidence),
        "created_at": relation.created_at, "chunk_ids": sorted(set(relation.chunk_ids)),
        "chunk_keys": [chunk_key(c) for c in sorted(set(relation.chunk_ids))],
    }  # fmt: skip


def chunk_key(chunk_id: str) -> str:
    """A chunk id as one whitespace-free, Lucene-safe term (hex SHA-1) for the related_chunk_keys index."""
    return "k" + hashlib.sha1(chunk_id.encode("utf-8", "surrogatepass"), usedforsecurity=False).hexdigest()


def chunk_key_queries(chunk_ids: Sequence[str], clauses: int = 1024) -> list[str]:
    """OR-queries of the chunks' keys, at most ``clauses`` terms each (Lucene's clause limit)."""
    keys = [chunk_key(c) for c in chunk_ids]
    return [" OR ".join(part) for part in batches(keys, clauses)]


def not_utf8(exc: UnicodeEncodeError, table: str | None) -> InvalidInput:
    """The embedded backend's error for a batch whose text cannot be encoded as UTF-8."""
    around = exc.object[max(exc.start - 20, 0) : exc.end + 20]
    return InvalidInput(
        f"batch for {table or 'the store'} holds text that is not valid UTF-8 "
        f"({exc.reason} at {around!r}); nothing was written"
    )


def mention_row(mention: Mention) -> dict[str, Any]:
    return {"chunk_id": mention.chunk_id, "entity_id": mention.entity_id}


def batches(rows: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    """``rows`` in consecutive slices of at most ``size``."""
    for start in range(0, len(rows), size):
        yield rows[start : start + size]


# records -> model ---------------------------------------------------------------------------------
def _vector(values: Sequence[float] | None) -> tuple[float, ...] | None:
    return None if values is None else tuple(float(v) for v in values)


def to_document(m: Mapping[str, Any]) -> Document:
    return Document(
        id=m["id"], source=m["source"], title=m.get("title") or "", hash=m.get("hash") or "",
        created_at=m.get("created_at") or "", metadata=json.loads(m.get("metadata") or "{}"),
    )  # fmt: skip


def to_chunk(m: Mapping[str, Any]) -> Chunk:
    return Chunk(
        id=m["id"], document_id=m["document_id"], ordinal=int(m["ordinal"]), text=m["text"],
        hash=m.get("hash") or "", embedding=_vector(m.get("embedding")),
        metadata=json.loads(m.get("metadata") or "{}"),
    )  # fmt: skip


def to_entity(m: Mapping[str, Any]) -> Entity:
    return Entity(
        id=m["id"], name=m["name"], type=m.get("type") or "", description=m.get("description") or "",
        embedding=_vector(m.get("embedding")),
    )  # fmt: skip


def to_relation(m: Mapping[str, Any]) -> Relation:
    confidence = m.get("confidence")
    return Relation(
        id=m["id"], source_id=m["source_id"], target_id=m["target_id"], predicate=m["predicate"],
        source_name=m.get("source_name") or "", target_name=m.get("target_name") or "",
        keywords=m.get("keywords") or "", description=m.get("description") or "",
        weight=float(m["weight"]) if m.get("weight") is not None else 1.0,
        chunk_ids=tuple(sorted(m.get("chunk_ids") or ())), origin=m.get("origin") or "ingest",
        source_url=m.get("source_url"), confidence=None if confidence is None else float(confidence),
        created_at=m.get("created_at"),
    )  # fmt: skip


def _id_set(values: Sequence[str] | None) -> tuple[str, ...]:
    return tuple(sorted(set(values or ())))


def to_run(m: Mapping[str, Any]) -> EnrichmentRun:
    """A run node's projection; the created ids and batch keys come back sorted and distinct, as the
    embedded backend's (an id re-created by a later batch after a delete is listed once)."""
    return EnrichmentRun(
        id=m["id"], started_at=m["started_at"], finished_at=m.get("finished_at"), status=m["status"],
        sources=tuple(m.get("sources") or ()), questions=tuple(m.get("questions") or ()),
        entity_ids=_id_set(m.get("entity_ids")), relation_ids=_id_set(m.get("relation_ids")),
        batches_done=_id_set(m.get("batches_done")), errors=tuple(m.get("errors") or ()),
    )  # fmt: skip


def to_queued(m: Mapping[str, Any]) -> QueuedQuestion:
    return QueuedQuestion(
        id=m["id"], question=m["question"], reason=m.get("reason") or "", enqueued_at=m.get("enqueued_at")
    )


def lock_row(name: str, holder: str, now: str | None = None, now_s: float | None = None) -> dict[str, Any]:
    """The row of a lock statement (``lock_acquire`` adds ``stale_before_s``)."""
    return {"name": name, "holder": holder, "now": now, "now_s": now_s}


def to_path(m: Mapping[str, Any]) -> GraphPath:
    return GraphPath(
        entities=tuple(to_entity(e) for e in m["entities"]),
        relations=tuple(to_relation(r) for r in m["relations"]),
    )


# arbitrary Cypher results -> plain Python ---------------------------------------------------------
def plain(value: Any) -> Any:
    """A driver value as plain, JSON-friendly Python.

    Nodes become ``{"element_id", "labels", "properties"}``, relationships
    ``{"element_id", "type", "start", "end", "properties"}`` (``start``/``end`` are element ids),
    paths ``{"nodes", "relationships"}``; temporal values become ISO-8601 strings, points
    ``{"srid", "coordinates"}``; lists and maps are converted element by element.
    """
    if isinstance(value, Node):
        return {"element_id": value.element_id, "labels": sorted(value.labels), "properties": plain(dict(value))}
    if isinstance(value, Relationship):
        return {
            "element_id": value.element_id, "type": value.type,
            "start": value.start_node.element_id if value.start_node is not None else None,
            "end": value.end_node.element_id if value.end_node is not None else None,
            "properties": plain(dict(value)),
        }  # fmt: skip
    if isinstance(value, Path):
        return {"nodes": [plain(n) for n in value.nodes], "relationships": [plain(r) for r in value.relationships]}
    if isinstance(value, Point):
        return {"srid": value.srid, "coordinates": [float(c) for c in value]}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    iso = getattr(value, "iso_format", None)
    if callable(iso):
        return iso()
    return value
