"""Argument checks shared by every backend, so both reject bad input with the same message."""

from __future__ import annotations

from collections.abc import Sequence

from graphproof.graph.store import IntegrityError, InvalidInput, NotFound, SchemaMismatch

MAX_K = 10_000
_SHOWN = 10


def check_k(k: int, name: str = "k", most: int = MAX_K) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= most:
        raise InvalidInput(f"{name} must be an integer from 1 to {most}, got {k!r}")
    return k


def check_text(text: str, name: str) -> str:
    if not isinstance(text, str):
        raise InvalidInput(f"{name} must be a string, got {type(text).__name__}")
    if not text.strip():
        raise InvalidInput(f"{name} is empty; expected some words to search for")
    return text


def check_subgraph_args(entity_ids: Sequence[str], hops: int, limit: int, per_node: int) -> None:
    if isinstance(entity_ids, str) or not all(isinstance(i, str) and i for i in entity_ids):
        raise InvalidInput("entity_ids must be a list of non-empty entity id strings")
    if isinstance(hops, bool) or not isinstance(hops, int) or not 0 <= hops <= 5:
        raise InvalidInput(f"hops must be an integer from 0 to 5, got {hops!r}")
    check_k(limit, "limit")
    check_k(per_node, "per_node")


def check_path_args(source_id: str, target_id: str, max_hops: int, limit: int, most: int) -> None:
    check_text(source_id, "source_id")
    check_text(target_id, "target_id")
    if isinstance(max_hops, bool) or not isinstance(max_hops, int) or not 1 <= max_hops <= most:
        raise InvalidInput(f"max_hops must be an integer from 1 to {most}, got {max_hops!r}")
    check_k(limit, "limit")


def _listing(ids: Sequence[str]) -> str:
    shown = ", ".join(repr(i) for i in list(ids)[:_SHOWN])
    more = f" and {len(ids) - _SHOWN} more" if len(ids) > _SHOWN else ""
    return shown + more


def missing_error(table: str, ids: Sequence[str]) -> IntegrityError:
    """The error for a write that refers to ``ids`` not present in ``table`` (nothing was written)."""
    return IntegrityError(
        f"batch refers to {len(ids)} unknown {table}: {_listing(ids)}; nothing was written "
        f"(write the {table} first)"
    )


def not_found(table: str, ids: Sequence[str]) -> NotFound:
    return NotFound(f"unknown {table}: {_listing(ids)}")


# What changed in each schema version, for the message that asks to rebuild an older store.
SCHEMA_CHANGES = {
    "2": "documents are identified by the absolute path (or URL) of their source, so two files that share a "
    "name (a/README.md, b/README.md) are two documents; stores of schema 1 identified them by file name",
}


def schema_mismatch(location: str, key: str, found: str, expected: str, rebuild: str) -> SchemaMismatch:
    """The error for a store written by another schema or analyzer: what differs, why, and how to rebuild."""
    why = f" ({SCHEMA_CHANGES[expected]})" if key == "schema" and expected in SCHEMA_CHANGES else ""
    return SchemaMismatch(
        f"store {location!r} was written with {key} {found!r}, this version uses {expected!r}{why}; {rebuild}"
    )
