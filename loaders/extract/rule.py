"""The offline extractor: entities from names, patterns and keyphrases; relations from co-occurrence.

Units. Plain text is cut into sentences (``.!?…`` + space, ``。！？``, newlines). A chat chunk
(metadata ``speakers``, comma-separated handles) is cut into messages (``Speaker: text`` lines;
``Time:`` lines skipped); each message is one unit.

Entity types (``patterns.ENTITY_TYPES``):

- ``person``: chat speakers (handles humanised: "AdamSmith" → "Adam Smith"), names that match a
  speaker ("Li Hua", or a speaker's unique first name "Adam" → "Adam Smith"), names after a title
  ("Mr Smith") and Japanese/Korean names before an honorific (李華さん, 민수씨);
- ``name``: other runs of capitalised words ("Central Park", "Li Hua's" → "Li Hua", "Room 302"),
  capitalised words mid-sentence, Kanji/Katakana runs (東京タワー, 山田太郎) and Hangul nouns;
- ``title``: quoted titles (“…”, "…", '…', ‘…’, 『…』, short 「…」, 《…》);
- ``date`` ("March 3", "2026-01-05", "next Monday", "3月3日"), ``time`` ("10:00", "5 PM", "午後3時"),
  ``quantity`` ("5 km", "$20", "3 hours", "10%", "3時間"); relative words ("tomorrow") are not
  entities, they stay in the descriptions;
- ``concept``: lower-case keyphrases of the unit ("maintenance work", "native plants"), at most
  ``max_concepts`` per unit.

Relations. The speaker of a message ``mentions`` every entity in it (at most
``max_speaker_edges``). Entities co-occurring in a unit are paired, nearest pairs first, at most
``max_pairs`` per unit, head = the earlier one; the predicate is the verb phrase written between
them when there is one and no other mention sits in between ("Adam Smith visited Central Park" →
``visited``; "works at" → ``works_at``; a negation gives ``not_…``; a lone light verb such as "is"
or "like" does not count, but a copula before an indefinite article states a type: "tmux is a
terminal multiplexer" → ``is_a``), else ``related_to``. Each relation's description is its unit: the
sentence, or for a chat the message as ``"[time] Speaker: message"`` (the chat's ``time`` metadata,
so questions that name a date find it); its keywords are the unit's best keyphrases
(``loaders.extract.keyphrases``).

Speed: on LiHua-World (442 conversations, 5,897 messages) about 1 s for the whole corpus on one
core (~5,000–7,000 messages/s); the YAKE keyword method takes ~10 s there. Chunks are independent, so a
call with at least ``parallel_min`` chunks is split over ``workers`` forked processes where the platform
forks (Linux; elsewhere it runs in one process). The children only run this module's pure-Python text work,
never torch, so forking a parent that has loaded a model is safe; and unlike spawned processes, forked ones
need no ``if __name__ == "__main__"`` guard in the caller's script or notebook. The result is the same as
one process's, in the same order.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from graphproof.graph.model import RELATED_TO
from graphproof.loaders.extract.errors import ExtractorError
from graphproof.loaders.extract.keyphrases import Keyphraser, is_concept, make_keyphraser
from graphproof.loaders.extract.patterns import (
    CONCEPT,
    HAS_CJK,
    NAME,
    PERSON,
    Span,
    cjk_spans,
    pattern_spans,
    title_spans,
)
from graphproof.loaders.extract.spans import NameSpan, People, humanise, mask, name_spans
from graphproof.loaders.resolve import entity_alias_key
from graphproof.loaders.types import ExtractedEntity, ExtractedRelation, Extraction
from graphproof.text.chat import chat_messages, speaker_handles
from graphproof.text.lexicon import LIGHT_VERBS, PREDICATE_DROP, PREPOSITIONS, VERBS, is_contraction
from graphproof.text.sentences import sentence_pieces

_CJK_CHAR = re.compile(HAS_CJK.pattern + "+")
_GAP_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_GAP_STOPS = frozenset(".!?;:\n。！？()[]|")
_NEGATIONS = frozenset(("not", "never", "no"))
COPULAS = frozenset(("is", "are", "was", "were"))
IS_A = "is_a"
MENTIONS = "mentions"


# URLs and e-mail addresses are neither names nor keyphrases ("xi@resolvent.net" is not the concept "resolvent",
# "git clone https://…" not "git clone https"): they are hidden from both.
_ADDRESS = re.compile(r"\b(?:[a-z][a-z0-9+.-]*://|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.IGNORECASE)


def address_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` has URLs and e-mail addresses (trailing sentence punctuation and brackets left out)."""
    out = []
    for match in _ADDRESS.finditer(text):
        end = match.end()
        while end > match.start() and text[end - 1] in ".,;:!?)]}>\"'":
            end -= 1
        out.append((match.start(), end))
    return out


def known_spotter(known: str) -> Callable[[str], list[Span]]:
    """A finder of the names in ``known`` (``|``-separated; chunk metadata ``known``, e.g. the entities an
    enrichment question names): whole-word, case-insensitive, longest first, each found as a ``name`` span
    with the given spelling — so "Kismet was directed by …" yields Kismet even at a sentence start."""
    names = sorted({n.strip() for n in known.split("|") if n.strip()}, key=len, reverse=True)
    if not names:
        return lambda text: []
    spelling = {n.casefold(): n for n in names}
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\w)", re.IGNORECASE)
    return lambda text: [
        Span(m.start(), m.end(), spelling.get(m.group().casefold(), m.group()), NAME) for m in pattern.finditer(text)
    ]


def _start_methods() -> list[str]:
    import multiprocessing

    return multiprocessing.get_all_start_methods()


@dataclass(frozen=True, slots=True)
class _Unit:
    speaker: str | None
    body: str
    description: str


def _cap(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def chat_units(text: str, handles: Sequence[str], limit: int, time: str = "") -> list[_Unit]:
    """Messages of a chat chunk (``text.chat.chat_messages``), speakers humanised.

    A message's description is ``"[time] Speaker: message"`` (the time only when the chat has one).
    """
    units = []
    for message in chat_messages(text, handles):
        speaker = humanise(message.handle) if message.handle else None
        described = f"{speaker}: {message.body}" if speaker else message.body
        described = f"[{time}] {described}" if time else described
        units.append(_Unit(speaker, message.body, _cap(described, limit)))
    return units


def _supported(word: str, seen_mid: set[str]) -> bool:
    """A lone sentence-initial capitalised word is a name if it is capitalised mid-sentence elsewhere,
    an acronym ("NASA") or camel-cased ("WhatsApp")."""
    return word.casefold() in seen_mid or (word.isupper() and len(word) > 1) or not word[1:].islower()


def between_predicate(gap: str) -> str:
    """The verb phrase written between two mentions ("visited", "works_at", "not_invite"), or ``""``."""
    if len(gap) > 60 or any(ch in _GAP_STOPS for ch in gap):
        return ""
    words = [w.casefold() for w in _GAP_WORD.findall(gap)]
    # "was originally written by": a -ly adverb between the verbs is not part of the predicate
    words = [w for w in words if not (w.endswith("ly") and len(w) > 5 and w not in VERBS)]
    if not words or len(words) > 5:
        return ""
    if len(words) == 2 and words[0] in COPULAS and words[1] in ("a", "an"):
        return IS_A  # "tmux is a terminal multiplexer": a stated type, not co-occurrence
    for index, word in enumerate(words):
        if word in VERBS:
            negated = any(w in _NEGATIONS or w.endswith(("n't", "n’t")) for w in words[:index])
            kept = [w for w in words[index:] if w not in PREDICATE_DROP and not is_contraction(w)]
            if "and" in kept[1:]:  # "written and maintained by" -> "written_by": the first verb, the last preposition
                first = kept[: kept.index("and")]
                kept = first + ([kept[-1]] if kept[-1] in PREPOSITIONS and kept[-1] not in first else [])
            kept = kept[:4]
            if all(w in LIGHT_VERBS for w in kept):
                return ""
            return ("not_" if negated else "") + "_".join(kept)
    return ""


_NEXT_WORD = re.compile(r"\s*([^\W\d_]+|\d+)?")


def _ends_noun_phrase(text: str, end: int) -> bool:
    """Whether the noun phrase ends at ``end``: what follows is no word, or a preposition, conjunction or
    verb ("a terminal multiplexer that ...", "a library for ...") rather than more of the noun phrase."""
    word = (_NEXT_WORD.match(text, end).group(1) or "").casefold()  # type: ignore[union-attr]
    return not word or word in PREPOSITIONS or word in VERBS or word in ("and", "or", "that", "which", "who")


class RuleExtractor:
    """Deterministic, offline extraction (no model); see the module docstring for what it finds.

    ``keywords`` chooses the keyphrase method: ``"stopword"`` (default, fast) or ``"yake"`` (once per
    chunk). Caps: ``max_pairs`` co-occurrence pairs and ``max_speaker_edges`` speaker edges per unit,
    ``max_concepts`` concept entities and ``max_keywords`` keywords per unit, ``max_description``
    characters per description.
    """

    name = "rule"

    def __init__(
        self,
        *,
        keywords: str = "stopword",
        max_pairs: int = 8,
        max_speaker_edges: int = 8,
        max_concepts: int = 3,
        max_keywords: int = 5,
        max_description: int = 1000,
        workers: int | None = None,
        parallel_min: int = 2000,
    ) -> None:
        self.keyphraser: Keyphraser = make_keyphraser(keywords)
        self.max_pairs = max_pairs
        self.max_speaker_edges = max_speaker_edges
        self.max_concepts = max_concepts
        self.max_keywords = max_keywords
        self.max_description = max_description
        if workers is not None and workers < 1:
            raise ExtractorError(f"workers must be a positive number of processes, got {workers}")
        self.workers = workers if workers is not None else min(4, os.cpu_count() or 1)
        self.parallel_min = parallel_min

    def extract(self, texts: Sequence[str], metadata: Sequence[Mapping[str, str]]) -> list[Extraction]:
        """One ``Extraction`` per text; ``metadata[i]`` is text i's chunk metadata (``speakers`` for chats)."""
        if len(texts) != len(metadata):
            raise ExtractorError(f"rule extractor got {len(texts)} texts but {len(metadata)} metadata mappings")
        if self.workers > 1 and len(texts) >= self.parallel_min and "fork" in _start_methods():
            return self._extract_in_processes(texts, metadata)
        return self._extract_slice(texts, metadata, 0)

    def _extract_slice(
        self, texts: Sequence[str], metadata: Sequence[Mapping[str, str]], offset: int
    ) -> list[Extraction]:
        pairs = zip(texts, metadata, strict=True)
        return [self.extract_one(text, meta, offset + index) for index, (text, meta) in enumerate(pairs)]

    def _extract_in_processes(self, texts: Sequence[str], metadata: Sequence[Mapping[str, str]]) -> list[Extraction]:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        size = -(-len(texts) // (self.workers * 4))  # four slices a worker: an uneven slice does not idle the rest
        starts = range(0, len(texts), size)
        serial = RuleExtractor(
            keywords=self.keyphraser.name, max_pairs=self.max_pairs, max_speaker_edges=self.max_speaker_edges,
            max_concepts=self.max_concepts, max_keywords=self.max_keywords, max_description=self.max_description,
            workers=1,
        )  # fmt: skip
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=self.workers, mp_context=context) as pool:
            slices = [(list(texts[a : a + size]), [dict(m) for m in metadata[a : a + size]], a) for a in starts]
            futures = [pool.submit(serial._extract_slice, *piece) for piece in slices]
            return [extraction for future in futures for extraction in future.result()]

    def extract_one(self, text: str, metadata: Mapping[str, str] | None = None, index: int = 0) -> Extraction:
        """Entities and relations of one chunk text."""
        if not isinstance(text, str):
            raise ExtractorError(f"chunk {index}: expected text as str, got {type(text).__name__}")
        metadata = metadata or {}
        handles = speaker_handles(str(metadata.get("speakers", "")))
        if handles:
            units = chat_units(text, handles, self.max_description, str(metadata.get("time", "")).strip())
        else:
            units = [_Unit(None, s, _cap(s, self.max_description)) for _, s in sentence_pieces(text)]
        if not units:
            return Extraction()
        people = People(handles)
        seen_mid: set[str] = set()
        known = known_spotter(str(metadata.get("known", "")))
        spotted = [known(unit.body) for unit in units]
        addresses = [address_spans(unit.body) for unit in units]
        hidden_spans = [[*a, *((k.start, k.end) for k in found)] for a, found in zip(addresses, spotted, strict=True)]
        found = [self._spans(mask(u.body, hidden), seen_mid) for u, hidden in zip(units, hidden_spans, strict=True)]
        unit_spans = [
            known_here + self._accept(spans, names, people, seen_mid)
            for known_here, (spans, names) in zip(spotted, found, strict=True)
        ]
        masked = [
            mask(u.body, [*((s.start, s.end) for s in spans), *hidden])
            for u, spans, hidden in zip(units, unit_spans, hidden_spans, strict=True)
        ]
        phrases = self.keyphraser.unit_phrases([u.body for u in units], masked)
        entities: dict[str, ExtractedEntity] = {}
        relations: list[ExtractedRelation] = []
        for unit, spans, unit_phrases in zip(units, unit_spans, phrases.units, strict=True):
            concepts = [p for p in unit_phrases if p.start >= 0 and is_concept(p, phrases.frequency)]
            spans = spans + [Span(p.start, p.end, p.text, CONCEPT) for p in concepts[: self.max_concepts]]
            ordered = self._distinct(sorted(spans, key=lambda s: (s.start, -s.end)), unit.speaker)
            description = unit.description
            if unit.speaker:
                entities.setdefault(entity_alias_key(unit.speaker), ExtractedEntity(unit.speaker, PERSON, description))
            for span in ordered:
                entities.setdefault(entity_alias_key(span.name), ExtractedEntity(span.name, span.type, description))
            keywords = ", ".join(p.text for p in unit_phrases[: self.max_keywords])
            relations.extend(self._relations(unit, ordered, keywords, description))
        return Extraction(entities=tuple(entities.values()), relations=tuple(relations))

    # steps ----------------------------------------------------------------------------------------
    @staticmethod
    def _spans(body: str, seen_mid: set[str]) -> tuple[list[Span], list[NameSpan]]:
        """Pattern, title and CJK spans, plus capitalised-name candidates, of one unit."""
        titles = title_spans(body)
        taken = mask(body, ((s.start, s.end) for s in titles))
        spans = titles + pattern_spans(taken)
        taken = mask(body, ((s.start, s.end) for s in spans))
        has_cjk = HAS_CJK.search(taken) is not None
        if has_cjk:
            cjk = cjk_spans(taken)
            spans += cjk
            taken = _CJK_CHAR.sub(lambda m: "|" * len(m.group()), mask(taken, ((s.start, s.end) for s in cjk)))
        names = name_spans(taken, seen_mid)
        if has_cjk:  # Japanese and Korean do not capitalise sentence starts: a capitalised word is a name
            names = [NameSpan(n.start, n.end, n.name, n.type) for n in names]
        return spans, names

    @staticmethod
    def _accept(spans: list[Span], names: list[NameSpan], people: People, seen_mid: set[str]) -> list[Span]:
        """Keep supported names (a lone sentence-initial word needs support) and mark participants."""
        out = list(spans)
        for name in names:
            speaker = people.lookup(name.name) if people else None
            if name.initial_single and speaker is None and not _supported(name.name, seen_mid):
                continue
            if speaker is not None:
                out.append(Span(name.start, name.end, speaker, PERSON))
            else:
                out.append(Span(name.start, name.end, name.name, name.type))
        return out

    @staticmethod
    def _distinct(spans: list[Span], speaker: str | None) -> list[Span]:
        """First mention of each alias key, dropping overlaps and the speaker's own name."""
        seen = {entity_alias_key(speaker)} if speaker else set()
        out: list[Span] = []
        last_end = -1
        for span in spans:
            key = entity_alias_key(span.name)
            if not key or key in seen or span.start < last_end:
                continue
            seen.add(key)
            out.append(span)
            last_end = span.end
        return out

    def _relations(
        self, unit: _Unit, spans: list[Span], keywords: str, description: str
    ) -> list[ExtractedRelation]:
        out = []
        if unit.speaker:
            for span in spans[: self.max_speaker_edges]:
                out.append(
                    ExtractedRelation(unit.speaker, MENTIONS, span.name, PERSON, span.type, keywords, description)
                )
        pairs = sorted(
            ((spans[j].start - spans[i].end, i, j) for i in range(len(spans)) for j in range(i + 1, len(spans))),
        )[: self.max_pairs]
        free = mask(unit.body, ((s.start, s.end) for s in spans))  # a gap holding another mention has no verb
        for _, i, j in sorted(pairs, key=lambda p: (p[1], p[2])):
            head, tail = spans[i], spans[j]
            predicate = between_predicate(free[head.end : tail.start]) or RELATED_TO
            if predicate == IS_A and not _ends_noun_phrase(unit.body, tail.end):
                predicate = RELATED_TO  # "Kismet is a 1944 film": the mention only modifies the type
            out.append(
                ExtractedRelation(head.name, predicate, tail.name, head.type, tail.type, keywords, description)
            )
        return out
