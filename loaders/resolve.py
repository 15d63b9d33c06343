"""Entity resolution: extracted names from many chunks become graph entities, relations and mentions.

Names are cleaned (surrounding punctuation and quotes trimmed, whitespace collapsed, a
possessive "'s" stripped) and grouped by an *alias key* (``text.names.alias_key``: the
case-folded name without spaces, hyphens, dots, apostrophes, underscores or middle dots), so
``Li Hua``, ``LiHua`` and ``li-hua`` are one entity. Each group gets

- a display name: a spaced spelling if any ("Li Hua" over "LiHua"), then the most frequent,
  then the first seen;
- an id: the id the store already uses for that alias key (``known``), else
  ``normalize_id(display name)``;
- a type: the most frequent non-empty type (ties: first seen);
- a description: the distinct descriptions joined with " | ", capped in length.

Relations are merged per ``(head id, predicate, tail id)`` (``related_to`` is undirected, so its
endpoints are ordered); weight = the number of distinct supporting chunks.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from graphproof.graph.model import RELATED_TO, Entity, Mention, Relation, normalize_id
from graphproof.loaders.errors import LoaderError
from graphproof.loaders.extract.patterns import FILE_PATH  # a path as the extractor finds it, whole
from graphproof.loaders.types import Extraction
from graphproof.text.names import alias_key as base_alias_key

_TRIM = " \t\r\n\"'`“”‘’„«»「」『』《》〈〉【】()[]{}<>.,;:!?…*_~|/\\-–—・·"
_POSSESSIVE = ("'s", "’s")
_OPTION = re.compile(r"-{1,2}[^\W_][\w.-]*(?:=\S*)?")  # "--append", "-a", "--trace-children=yes"
_PREDICATE_CHARS = re.compile(r"[^\w]+")
# a trademark sign is no part of a name: "Intel(R) Processor Trace" is "Intel Processor Trace", "Foo™" is "Foo"
_TRADEMARK = re.compile(r"[ \t]*(?:\((?:R|TM|r|tm)\)|[®™])")
DESCRIPTION_SEPARATOR = " | "


class ResolutionError(LoaderError):
    """The resolver was given something it cannot use (e.g. a ``known`` map with a blank id)."""


def clean_name(name: str) -> str:
    """A mention as a name: whitespace collapsed, surrounding punctuation/quotes, a possessive "'s" and trademark
    signs ("Intel(R) …", "Foo™") removed.

    ``' “Li Hua’s” '`` → ``"Li Hua"``; a command-line option keeps its leading dashes (``"--append,"`` →
    ``"--append"``: the dashes are how the documents and the questions write it), and a file system path the
    root or home it starts from (``"/etc/foo.conf."`` → ``"/etc/foo.conf"``, ``"~/.fonts.conf.d"``; a closing
    slash is dropped, so a directory written with and without one is one entity); returns ``""`` when nothing is
    left.
    """
    collapsed = " ".join(_TRADEMARK.sub("", unicodedata.normalize("NFC", name)).split())
    option = _OPTION.fullmatch(collapsed.strip(_TRIM.replace("-", "")).rstrip("-"))
    if option is not None:
        return option.group()
    path = FILE_PATH.fullmatch(collapsed.strip(_TRIM.replace("/", "").replace("~", "")).rstrip("/.,;:"))
    if path is not None:
        return path.group()
    text = collapsed.strip(_TRIM)
    if text.endswith(_POSSESSIVE) and len(text) > 2:
        text = text[:-2].strip(_TRIM)
    return text


@lru_cache(maxsize=65536)
def entity_alias_key(name: str) -> str:
    """The key under which spellings merge: ``"Li Hua"``, ``"LiHua"``, ``"li-hua"`` → ``"lihua"``.

    ``text.names.alias_key`` (NFKC, case-folded, without spaces, hyphens, dots, apostrophes,
    underscores or middle dots) of the cleaned name; ``""`` for a name with nothing left. A command-line option
    keeps its leading dashes (``"--json"`` → ``"--json"``): it is not the word it spells ("JSON", the format;
    "mkdir", the command, against ``mount --mkdir``; "The C source" against ``--source``).
    """
    text = clean_name(name)
    key = base_alias_key(text) if text else ""
    dashes = len(text) - len(text.lstrip("-"))
    return f"{text[:dashes]}{key}" if dashes and key else key


def clean_predicate(predicate: str) -> str:
    """``"works at"`` → ``"works_at"``: lower case, runs of non-word characters become ``_``; may be ``""``."""
    return _PREDICATE_CHARS.sub("_", unicodedata.normalize("NFKC", predicate).casefold()).strip("_")


def _join_capped(parts: Iterable[str], cap: int) -> str:
    out: list[str] = []
    size = 0
    for part in parts:
        extra = len(part) + (len(DESCRIPTION_SEPARATOR) if out else 0)
        if size + extra > cap:
            if not out:  # a single over-long description is cut, never dropped
                out.append(part[: max(cap - 1, 0)].rstrip() + "…")
            break
        out.append(part)
        size += extra
    return DESCRIPTION_SEPARATOR.join(out)


def _merge_text(target: dict[str, str], raw: str, memo: dict[str, tuple[str, str]]) -> None:
    """Add ``raw`` (whitespace collapsed) to ``target`` under its case-folded form, unless blank or present."""
    folded = memo.get(raw)
    if folded is None:
        collapsed = " ".join(raw.split())
        folded = memo[raw] = (collapsed.casefold(), collapsed)
    if folded[1]:
        target.setdefault(*folded)


@dataclass(slots=True)
class _Group:
    """Everything seen for one alias key."""

    order: int
    spellings: Counter[str] = field(default_factory=Counter)
    first_seen: dict[str, int] = field(default_factory=dict)
    types: Counter[str] = field(default_factory=Counter)
    type_first: dict[str, int] = field(default_factory=dict)
    descriptions: dict[str, str] = field(default_factory=dict)  # folded -> as written

    def display(self) -> str:
        return min(self.spellings, key=lambda s: (" " not in s, -self.spellings[s], self.first_seen[s]))

    def type(self) -> str:
        if not self.types:
            return ""
        return min(self.types, key=lambda t: (-self.types[t], self.type_first[t]))


@dataclass(slots=True)
class _Edge:
    head: str  # alias keys
    tail: str
    predicate: str
    keywords: dict[str, str] = field(default_factory=dict)
    descriptions: dict[str, str] = field(default_factory=dict)
    chunk_ids: dict[str, None] = field(default_factory=dict)


def known_aliases(entities: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The ``known`` map for ``EntityResolver`` from stored ``(entity id, name)`` pairs.

    Both the id and the name are keyed, so either spelling finds the stored entity; on a clash the
    first pair wins (keep the input order stable for deterministic ids).
    """
    known: dict[str, str] = {}
    for entity_id, name in entities:
        for text in (name, entity_id):
            key = entity_alias_key(text)
            if key:
                known.setdefault(key, entity_id)
    return known


class EntityResolver:
    """Accumulates extractions chunk by chunk; then ``entities()``, ``relations()``, ``mentions()``.

    ``known`` maps alias keys (see ``entity_alias_key``) to entity ids already in the store, so a later
    document's "LiHua" joins the stored "li hua" instead of creating a new node.
    """

    def __init__(
        self,
        known: Mapping[str, str] | None = None,
        *,
        max_description: int = 2000,
        max_entity_description: int = 1000,
        max_keywords: int = 24,
        undirected: Iterable[str] = (RELATED_TO,),
    ) -> None:
        self._known: dict[str, str] = {}
        self.use_known(known or {})
        self.max_description = max_description
        self.max_entity_description = max_entity_description
        self.max_keywords = max_keywords
        self.undirected = frozenset(undirected)
        self._groups: dict[str, _Group] = {}
        self._edges: dict[tuple[str, str, str], _Edge] = {}
        self._mentions: dict[tuple[str, str], None] = {}
        self._errors: list[tuple[str, str]] = []
        self._skipped: list[tuple[str, str]] = []
        self._seen = 0
        self._cleaned: dict[str, tuple[str, str]] = {}

    def use_known(self, known: Mapping[str, str]) -> None:
        """Resolve these alias keys to these stored entity ids (added to any given before).

        ``known`` only decides the ids the results carry, never how names group, so it may be given after
        ``add_all``: an ingest batch resolves once, then looks its names up in the store.
        """
        for key, entity_id in known.items():
            if not isinstance(entity_id, str) or not entity_id.strip():
                raise ResolutionError(f"known entity for alias key {key!r} has a blank id {entity_id!r}")
            self._known[entity_alias_key(key) or key] = entity_id

    # accumulation -------------------------------------------------------------------------------
    def _key(self, name: str) -> tuple[str, str]:
        """``(cleaned name, alias key)`` of a raw name (memoised)."""
        cached = self._cleaned.get(name)
        if cached is None:
            text = clean_name(name)
            cached = self._cleaned[name] = (text, entity_alias_key(text) if text else "")
        return cached

    def _note(self, name: str, type_: str, description: str, noted: dict[tuple[str, str], str]) -> str:
        """Record a mention of ``name`` (each spelling and type counted once per chunk); returns its alias key."""
        memo = noted.get((name, type_))
        if memo is not None and not description:
            return memo
        text, key = self._key(name)
        noted[(name, type_)] = key
        if not key:
            return ""
        group = self._groups.get(key)
        if group is None:
            group = self._groups[key] = _Group(order=len(self._groups))
        if memo is None:
            self._seen += 1
            group.spellings[text] += 1
            group.first_seen.setdefault(text, self._seen)
            type_ = " ".join(type_.split()).casefold()
            if type_:
                group.types[type_] += 1
                group.type_first.setdefault(type_, self._seen)
        description = " ".join(description.split())
        if description:
            group.descriptions.setdefault(description.casefold(), description)
        return key

    def add(self, chunk_id: str, extraction: Extraction) -> None:
        """Fold one chunk's extraction in. A failed extraction is recorded in ``errors()``.

        Spellings and types count once per chunk, however many relations repeat a name.
        """
        if not isinstance(chunk_id, str) or not chunk_id.strip():
            raise ResolutionError(f"chunk id must be a non-empty string, got {chunk_id!r}")
        if extraction.error is not None:
            self._errors.append((chunk_id, extraction.error))
            return
        noted: dict[tuple[str, str], str] = {}
        texts: dict[str, tuple[str, str]] = {}  # description -> (folded, collapsed), shared by a unit's relations
        for entity in extraction.entities:
            key = self._note(entity.name, entity.type, entity.description, noted)
            if key:
                self._mentions[(chunk_id, key)] = None
            else:
                self._skipped.append((chunk_id, f"entity name {entity.name!r} is blank after cleaning"))
        for rel in extraction.relations:
            if not self._key(rel.head)[1] or not self._key(rel.tail)[1]:
                reason = f"relation {rel.head!r} -[{rel.relation}]-> {rel.tail!r} has a blank end"
                self._skipped.append((chunk_id, reason))
                continue
            head = self._note(rel.head, rel.head_type, "", noted)
            tail = self._note(rel.tail, rel.tail_type, "", noted)
            self._mentions[(chunk_id, head)] = None
            self._mentions[(chunk_id, tail)] = None
            if head == tail:
                continue  # a self-loop after merging aliases says nothing
            predicate = clean_predicate(rel.relation) or RELATED_TO
            if predicate in self.undirected and tail < head:
                head, tail = tail, head
            edge = self._edges.get((head, predicate, tail))
            if edge is None:
                edge = self._edges[(head, predicate, tail)] = _Edge(head, tail, predicate)
            edge.chunk_ids[chunk_id] = None
            _merge_text(edge.descriptions, rel.description, texts)
            for keyword in rel.keywords.split(","):
                _merge_text(edge.keywords, keyword, texts)

    def add_all(self, items: Iterable[tuple[str, Extraction]]) -> None:
        """``add`` for each ``(chunk_id, extraction)``."""
        for chunk_id, extraction in items:
            self.add(chunk_id, extraction)

    # results ------------------------------------------------------------------------------------
    def id_of(self, name: str) -> str | None:
        """The entity id ``name`` resolves to (a known id, or one from the names seen so far), else None."""
        key = entity_alias_key(name)
        if not key:
            return None
        if key in self._known:
            return self._known[key]
        group = self._groups.get(key)
        return normalize_id(group.display()) if group else None

    def _names(self) -> dict[str, tuple[str, str]]:
        """alias key -> (entity id, display name)."""
        out = {}
        for key, group in self._groups.items():
            name = group.display()
            out[key] = (self._known.get(key) or normalize_id(name), name)
        return out

    def entities(self) -> list[Entity]:
        """One ``Entity`` per alias group, in first-seen order."""
        names = self._names()
        return [
            Entity(
                id=names[key][0],
                name=names[key][1],
                type=group.type(),
                description=_join_capped(group.descriptions.values(), self.max_entity_description),
            )
            for key, group in self._groups.items()
        ]

    def relations(self) -> list[Relation]:
        """One ``Relation`` per ``(head, predicate, tail)``, in first-seen order; weight = supporting chunks."""
        names = self._names()
        out = []
        for edge in self._edges.values():
            (head_id, head_name), (tail_id, tail_name) = names[edge.head], names[edge.tail]
            out.append(
                Relation(
                    source_id=head_id,
                    target_id=tail_id,
                    predicate=edge.predicate,
                    source_name=head_name,
                    target_name=tail_name,
                    keywords=", ".join(list(edge.keywords.values())[: self.max_keywords]),
                    description=_join_capped(edge.descriptions.values(), self.max_description),
                    weight=float(len(edge.chunk_ids)),
                    chunk_ids=tuple(edge.chunk_ids),
                )
            )
        return out

    def mentions(self) -> list[Mention]:
        """``(:Chunk)-[:MENTIONS]->(:Entity)`` for every entity named in a chunk (as entity or relation end)."""
        names = self._names()
        return [Mention(chunk_id=chunk_id, entity_id=names[key][0]) for chunk_id, key in self._mentions]

    def errors(self) -> list[tuple[str, str]]:
        """``(chunk_id, error)`` of every failed extraction that was added."""
        return list(self._errors)

    def skipped(self) -> list[tuple[str, str]]:
        """``(chunk_id, reason)`` for names or relations that were dropped (blank after cleaning)."""
        return list(self._skipped)
