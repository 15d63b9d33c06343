"""What flows through ingestion: source documents, chunk drafts, extracted entities and relations.

Sources (``loaders.sources``) read files into ``SourceDocument``; the chunker
(``loaders.chunking``) cuts them into ``ChunkDraft``; an extractor (``loaders.extract``) turns
each chunk into ``Extraction``; resolution (``loaders.resolve``) merges names into graph entities;
``loaders.ingest`` writes everything to a ``GraphStore``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

SourceFormat = Literal["text", "markdown", "rst", "html", "pdf", "jsonl", "chat"]
SOURCE_FORMATS: tuple[str, ...] = ("text", "markdown", "rst", "html", "pdf", "jsonl", "chat")


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One ``Speaker: message`` line of a chat log."""

    speaker: str
    text: str


@dataclass(frozen=True, slots=True)
class SourceDocument:
    """A readable source: its stable id, where it came from, and its text.

    ``id`` is stable across runs for the same source (e.g. derived from the path relative to the
    ingested root, or the JSONL record's ``id``, or ``zip-name/member``), so re-ingesting finds the
    previous version. ``metadata`` holds searchable, citable extras; a chat has ``time``
    (``YYYYMMDD_HH:MM`` as in its header) and ``speakers`` (comma-separated, first-seen order).
    """

    id: str
    source: str
    title: str
    text: str
    format: SourceFormat
    metadata: Mapping[str, str] = field(default_factory=dict)
    messages: tuple[ChatMessage, ...] = ()


@dataclass(frozen=True, slots=True)
class SourceFailure:
    """A source that could not be read, with the reason (e.g. "binary content in a .txt file")."""

    source: str
    reason: str


@dataclass(frozen=True, slots=True)
class ChunkDraft:
    """A chunk before it has a store id: position in its document, text and metadata."""

    ordinal: int
    text: str
    metadata: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ExtractedEntity:
    name: str
    type: str = ""
    description: str = ""


@dataclass(frozen=True, slots=True)
class ExtractedRelation:
    """A typed triple plus the MiniRAG/LightRAG edge fields."""

    head: str
    relation: str
    tail: str
    head_type: str = ""
    tail_type: str = ""
    keywords: str = ""
    description: str = ""


@dataclass(frozen=True, slots=True)
class Extraction:
    """What one chunk yielded. ``error`` is set (and the lists empty) when extraction failed."""

    entities: tuple[ExtractedEntity, ...] = ()
    relations: tuple[ExtractedRelation, ...] = ()
    error: str | None = None


class Extractor(Protocol):
    """Turns chunk texts into entities and relations. ``metadata`` is the chunk's (e.g. chat speakers)."""

    name: str

    def extract(self, texts: Sequence[str], metadata: Sequence[Mapping[str, str]]) -> list[Extraction]: ...
