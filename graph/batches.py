"""Collapse repeated ids inside one write batch, with the same rules the upserts apply across batches.

A batch may name the same entity twice (two mentions of "Li Hua" in one chunk). Merging here,
before any backend sees the batch, makes a batch mean the same as writing its items one by one:
later values win, except that an empty type/description/embedding does not erase a known one and a
relation's chunk references accumulate.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from graphproof.graph.model import Chunk, Document, Entity, Mention, Relation


def merge_documents(batch: Iterable[Document]) -> list[Document]:
    return list({d.id: d for d in batch}.values())


def merge_chunks(batch: Iterable[Chunk]) -> list[Chunk]:
    out: dict[str, Chunk] = {}
    for chunk in batch:
        seen = out.get(chunk.id)
        if seen is not None and chunk.embedding is None and seen.embedding is not None:
            chunk = replace(chunk, embedding=seen.embedding)
        if seen is not None and chunk.piece_embeddings is None and seen.piece_embeddings is not None:
            chunk = replace(chunk, piece_embeddings=seen.piece_embeddings)
        out[chunk.id] = chunk
    return list(out.values())


def merge_entities(batch: Iterable[Entity]) -> list[Entity]:
    out: dict[str, Entity] = {}
    for entity in batch:
        seen = out.get(entity.id)
        if seen is not None:
            entity = replace(
                entity,
                type=entity.type or seen.type,
                description=entity.description or seen.description,
                embedding=entity.embedding if entity.embedding is not None else seen.embedding,
            )
        out[entity.id] = entity
    return list(out.values())


def merge_relations(batch: Iterable[Relation]) -> list[Relation]:
    out: dict[str, Relation] = {}
    for relation in batch:
        seen = out.get(relation.id)
        if seen is not None and seen.chunk_ids:
            relation = replace(relation, chunk_ids=tuple(dict.fromkeys(seen.chunk_ids + relation.chunk_ids)))
        out[relation.id] = relation
    return list(out.values())


def merge_mentions(batch: Iterable[Mention]) -> list[Mention]:
    return list(dict.fromkeys(batch))
