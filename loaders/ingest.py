"""Incremental, idempotent ingestion: sources -> chunks -> extraction -> resolution -> store.

For each batch of documents:

1. **hash** every document (format, title, text, metadata). A document whose stored hash is the
   same is *unchanged* and nothing is written for it; one whose hash differs is *replaced*: its old
   chunks, mentions and the relations only it supported are deleted first.
2. **chunk** (``loaders.chunking``) and give chunks stable ids ``<document id>#<ordinal>``.
3. **extract** entities and relations with the chosen extractor; a chunk whose extraction failed is
   reported, never silently dropped.
4. **resolve** names into entities (``loaders.resolve``), joining names already in the store
   (exact id, or an alias found through the entity index) and merging descriptions, keywords and
   chunk references with the stored relations.
5. **embed** new chunks (each also piece by piece: a chat's messages, a long text's sentence runs,
   ``loaders.pieces``; a chat's own vector is the mean of its pieces') and entities that have no embedding
   yet, in batches.
6. **write** documents, chunks, entities, relations and mentions. If a write fails, the batch's
   documents are deleted again, so no document is left half-written, and the error is raised.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from graphproof.graph.embed import Embedder
from graphproof.graph.model import Chunk, Document, Entity, Mention, Relation, chunk_id, content_hash
from graphproof.graph.store import GraphStore
from graphproof.loaders.chunking import CHAT_MAX_TOKENS, FOLDER_KEY, OPENING_KEY, chunk_document
from graphproof.loaders.errors import LoaderError
from graphproof.loaders.pieces import (
    PIECE_CONTEXT,
    PIECE_MESSAGES,
    chat_vector,
    check_settings,
    chunk_pieces,
)
from graphproof.loaders.resolve import EntityResolver
from graphproof.loaders.types import Extraction, Extractor, SourceDocument, SourceFailure
from graphproof.text.chat import is_chat
from graphproof.text.documents import document_folder
from graphproof.text.names import alias_key

STAGES = ("parse", "chunk", "extract", "embed", "write")
DESCRIPTION_CAP = 2000
KEYWORD_CAP = 24


@dataclass(frozen=True)
class IngestOptions:
    target_tokens: int = 256
    overlap_tokens: int = 32
    chat_max_tokens: int = CHAT_MAX_TOKENS
    batch_documents: int = 64
    embed_batch_size: int = 32  # CPU: batches of like length pad less; 32 embedded the full year 10% faster than 64
    # also embed each chunk piece by piece (``loaders.pieces``): better vector search, more text to embed
    pieces: bool = True
    piece_messages: int = PIECE_MESSAGES  # messages a chat piece reads, its own last (more: slower ingest)
    piece_context: int | None = PIECE_CONTEXT  # characters it reads from the end of those before its own (None: all)

    def __post_init__(self) -> None:
        names = ("IngestOptions.piece_messages", "IngestOptions.piece_context")
        check_settings(self.piece_messages, self.piece_context, names)


@dataclass
class IngestReport:
    """What an ingestion run did; ``timings`` are seconds per stage."""

    documents: int = 0
    added: int = 0
    replaced: int = 0
    unchanged: int = 0
    chunks: int = 0
    entities: int = 0
    relations: int = 0
    mentions: int = 0
    failures: list[SourceFailure] = field(default_factory=list)
    extraction_errors: list[tuple[str, str]] = field(default_factory=list)
    dropped: list[tuple[str, str]] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=lambda: dict.fromkeys(STAGES, 0.0))

    @property
    def skipped(self) -> int:
        """Sources that could not be read plus chunks whose extraction failed."""
        return len(self.failures) + len(self.extraction_errors)

    def to_dict(self) -> dict[str, object]:
        return self.as_dict()

    def as_dict(self) -> dict[str, object]:
        return {
            "documents": self.documents, "added": self.added, "replaced": self.replaced,
            "unchanged": self.unchanged, "chunks": self.chunks, "entities": self.entities,
            "relations": self.relations, "mentions": self.mentions,
            "skipped": [{"source": f.source, "reason": f.reason} for f in self.failures],
            "extraction_errors": [{"chunk": c, "error": e} for c, e in self.extraction_errors],
            "dropped": [{"chunk": c, "reason": r} for c, r in self.dropped],
            "timings": {k: round(v, 3) for k, v in self.timings.items()},
        }  # fmt: skip


def document_hash(doc: SourceDocument) -> str:
    """The content hash that decides whether a source changed."""
    return content_hash(doc.format, doc.title, doc.text, json.dumps(dict(doc.metadata), sort_keys=True))


def _told(chunk: Chunk, folder: str) -> Mapping[str, str]:
    """What the extractor is told of ``chunk`` besides its stored metadata: the ``folder`` that names its document's
    subject, and whether it opens its document (``OPENING_KEY``); neither is stored."""
    told = dict(chunk.metadata)
    if folder:
        told[FOLDER_KEY] = folder
    if chunk.ordinal == 0:
        told[OPENING_KEY] = "yes"
    return told


def _join(parts: Iterable[str], sep: str, cap: int) -> str:
    out: dict[str, str] = {}
    for text in parts:
        for piece in text.split(sep) if text else ():
            piece = piece.strip()
            if piece:
                out.setdefault(piece.casefold(), piece)
    return sep.join(out.values())[:cap]


class Ingestor:
    """Writes sources into a store; one instance per run (it accumulates the report)."""

    def __init__(
        self,
        store: GraphStore,
        extractor: Extractor,
        embedder: Embedder | None = None,
        options: IngestOptions | None = None,
        on_stage: Callable[[str, float, int], None] | None = None,
    ) -> None:
        self.store, self.extractor, self.embedder = store, extractor, embedder
        self.options = options or IngestOptions()
        self.report = IngestReport()
        self.on_stage = on_stage

    def run(
        self,
        sources: Iterable[SourceDocument | SourceFailure],
        on_document: Callable[[SourceDocument | SourceFailure], None] | None = None,
    ) -> IngestReport:
        batch: list[SourceDocument] = []
        for item in self._timed_sources(sources):
            if on_document is not None:
                on_document(item)
            if isinstance(item, SourceFailure):
                self.report.failures.append(item)
                continue
            self.report.documents += 1
            batch.append(item)
            if len(batch) >= self.options.batch_documents:
                self._batch(batch)
                batch = []
        if batch:
            self._batch(batch)
        return self.report

    def _timed_sources(
        self, sources: Iterable[SourceDocument | SourceFailure]
    ) -> Iterator[SourceDocument | SourceFailure]:
        iterator = iter(sources)
        while True:
            start = time.perf_counter()
            try:
                item = next(iterator)
            except StopIteration:
                self.report.timings["parse"] += time.perf_counter() - start
                return
            self.report.timings["parse"] += time.perf_counter() - start
            yield item

    def _tick(self, stage: str, start: float, items: int) -> float:
        """Add the stage's time to the report and tell ``on_stage`` (stage, seconds, items it handled)."""
        now = time.perf_counter()
        self.report.timings[stage] += now - start
        if self.on_stage is not None:
            self.on_stage(stage, now - start, items)
        return now

    def _batch(self, docs: list[SourceDocument]) -> None:
        docs = list({d.id: d for d in docs}.values())
        stored = {d.id: d.hash for d in self.store.documents([d.id for d in docs])}
        todo: list[tuple[SourceDocument, str]] = []
        for doc in docs:
            digest = document_hash(doc)
            if stored.get(doc.id) == digest:
                self.report.unchanged += 1
            else:
                todo.append((doc, digest))
        if not todo:
            return
        start = time.perf_counter()
        chunks: list[Chunk] = []
        for doc, _ in todo:
            drafts = chunk_document(doc, self.options.target_tokens, self.options.overlap_tokens,
                                    chat_max_tokens=self.options.chat_max_tokens)  # fmt: skip
            chunks.extend(
                Chunk(chunk_id(doc.id, d.ordinal), doc.id, d.ordinal, d.text, content_hash(d.text), metadata=d.metadata)
                for d in drafts
            )
        start = self._tick("chunk", start, len(chunks))
        folders = {doc.id: document_folder(doc.id) for doc, _ in todo}  # told to the extractor, not stored
        told = [_told(c, folders[c.document_id]) for c in chunks]
        extractions = self.extractor.extract([c.text for c in chunks], told)
        entities, relations, mentions = self._resolve(chunks, extractions)
        start = self._tick("extract", start, len(relations))
        chunks, entities = self._embed(chunks, entities)
        start = self._tick("embed", start, len(chunks) + len(entities) if self.embedder is not None else 0)
        self._write(todo, stored, chunks, entities, relations, mentions)
        self._tick("write", start, len(chunks) + len(entities) + len(relations) + len(mentions))

    def _resolve(
        self, chunks: Sequence[Chunk], extractions: Sequence[Extraction]
    ) -> tuple[list[Entity], list[Relation], list[Mention]]:
        if len(extractions) != len(chunks):
            raise LoaderError(
                f"extractor {self.extractor.name!r} returned {len(extractions)} results for {len(chunks)} chunks"
            )
        resolver = EntityResolver()
        resolver.add_all(zip((c.id for c in chunks), extractions, strict=True))
        resolver.use_known(self._known(resolver.entities()))
        self.report.extraction_errors.extend(resolver.errors())
        self.report.dropped.extend(resolver.skipped())
        entities = self._merge_entities(resolver.entities())
        relations = self._merge_relations(resolver.relations())
        return entities, relations, resolver.mentions()

    def _known(self, entities: Sequence[Entity]) -> dict[str, str]:
        return known_entity_ids(self.store, entities)

    def _merge_entities(self, entities: list[Entity]) -> list[Entity]:
        stored = {e.id: e for e in self.store.entities([e.id for e in entities])}
        out = []
        for entity in entities:
            old = stored.get(entity.id)
            if old is not None:
                entity = replace(
                    entity,
                    name=old.name,
                    type=old.type or entity.type,
                    description=_join([old.description, entity.description], " | ", DESCRIPTION_CAP),
                    embedding=old.embedding,
                )
            out.append(entity)
        return out

    def _merge_relations(self, relations: list[Relation]) -> list[Relation]:
        stored = {r.id: r for r in self.store.relations([r.id for r in relations])}
        out = []
        for rel in relations:
            old = stored.get(rel.id)
            if old is not None:
                chunk_ids = tuple(dict.fromkeys(old.chunk_ids + rel.chunk_ids))
                keywords = _join([old.keywords, rel.keywords], ", ", 10_000).split(", ")[:KEYWORD_CAP]
                rel = replace(
                    rel,
                    keywords=", ".join(keywords),
                    description=_join([old.description, rel.description], " | ", DESCRIPTION_CAP),
                    chunk_ids=chunk_ids,
                    weight=float(len(chunk_ids)) or rel.weight,
                )
            out.append(rel)
        return out

    def _embed(self, chunks: list[Chunk], entities: list[Entity]) -> tuple[list[Chunk], list[Entity]]:
        if self.embedder is None:
            return chunks, entities
        size = self.options.embed_batch_size
        if chunks:
            chunks = list(chunks)
            pieces = [chunk_pieces(c, self.options.piece_messages, self.options.piece_context) if self.options.pieces
                      else [] for c in chunks]  # fmt: skip
            # a chat with pieces gets their mean as its own vector (``loaders.pieces.chat_vector``), not its text's
            whole = [
                i for i, (c, ps) in enumerate(zip(chunks, pieces, strict=True)) if not (ps and is_chat(c.metadata))
            ]
            vectors = self.embedder.embed([chunks[i].text for i in whole] + [p for ps in pieces for p in ps],
                                          batch_size=size)  # fmt: skip
            own = dict(zip(whole, vectors[: len(whole)], strict=True))
            at = len(whole)
            for i, (c, ps) in enumerate(zip(chunks, pieces, strict=True)):
                rows = vectors[at : at + len(ps)]
                at += len(ps)
                vector = own[i] if i in own else chat_vector(rows)
                chunks[i] = replace(c, embedding=tuple(map(float, vector)),
                                    piece_embeddings=tuple(tuple(map(float, r)) for r in rows))  # fmt: skip
        missing = [i for i, e in enumerate(entities) if e.embedding is None]
        if missing:
            vectors = self.embedder.embed([entities[i].name for i in missing], batch_size=size)
            for i, vector in zip(missing, vectors, strict=True):
                entities[i] = replace(entities[i], embedding=tuple(map(float, vector)))
        return chunks, entities

    def _write(
        self,
        todo: list[tuple[SourceDocument, str]],
        stored: dict[str, str],
        chunks: list[Chunk],
        entities: list[Entity],
        relations: list[Relation],
        mentions: list[Mention],
    ) -> None:
        for doc, _ in todo:
            if doc.id in stored:
                self.store.delete_document(doc.id)
        documents = [
            Document(doc.id, doc.source, doc.title, digest, time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                     dict(doc.metadata))
            for doc, digest in todo
        ]  # fmt: skip
        try:
            self.store.upsert_documents(documents)
            self.store.upsert_chunks(chunks)
            self.store.upsert_entities(entities)
            self.store.upsert_relations(relations)
            self.store.upsert_mentions(mentions)
        except BaseException:
            for doc in documents:
                self.store.delete_document(doc.id)
            raise
        self.report.added += sum(doc.id not in stored for doc, _ in todo)
        self.report.replaced += sum(doc.id in stored for doc, _ in todo)
        self.report.chunks += len(chunks)
        self.report.entities += len(entities)
        self.report.relations += len(relations)
        self.report.mentions += len(mentions)


def known_entity_ids(store: GraphStore, entities: Sequence[Entity]) -> dict[str, str]:
    """alias key -> stored entity id, for the names among ``entities`` that ``store`` already has (by id, else
    by a full-text hit with the same alias key), so new mentions join the stored entity."""
    known = {alias_key(e.name): e.id for e in store.entities([e.id for e in entities])}
    for entity in entities:
        key = alias_key(entity.name)
        if key in known or not key:
            continue
        for hit in store.search_entities(entity.name, k=3):
            if alias_key(hit.item.name) == key or alias_key(hit.item.id) == key:
                known[key] = hit.item.id
                break
    return known


def ingest(
    store: GraphStore,
    sources: Iterable[SourceDocument | SourceFailure],
    extractor: Extractor,
    embedder: Embedder | None = None,
    options: IngestOptions | None = None,
    on_document: Callable[[SourceDocument | SourceFailure], None] | None = None,
    on_stage: Callable[[str, float, int], None] | None = None,
) -> IngestReport:
    """Ingest ``sources`` into ``store``; see the module docstring. ``on_stage(stage, seconds, items)`` is
    called as each stage of each batch ends (chunk: chunks, extract: relations, embed: vectors, write: rows)."""
    return Ingestor(store, extractor, embedder, options, on_stage).run(sources, on_document)
