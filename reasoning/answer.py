"""Answers from retrieved evidence: extractive without an LLM, generated with one.

The extractive answer is the evidence sentences (in a chat, whole messages with speaker and time) that
share the most question terms (weighted by their idf in the chunk index), best first; it quotes the
user's own text and never invents. With a LangChain chat model, the answer is generated from the top
chunks and the weighted paths (prompt in ``reasoning/prompts/answer.md``).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from typing import TYPE_CHECKING

from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.graph.model import Chunk
from graphproof.graph.store import GraphStore
from graphproof.loaders.chunking import table_header_of
from graphproof.reasoning.errors import ReasoningError
from graphproof.reasoning.paths import (
    HOW_MUCH,
    LICENSE_NAME,
    NOUN_MODIFIERS,
    NUMBER_NOUNS,
    PERSON_NOUNS,
    UNSTATED,
    WeightedPath,
    by_weight,
    content_keys,
    is_stated,
    names_in_question,
    question_shape,
    word_key,
    words,
)
from graphproof.reasoning.retriever import Retrieval
from graphproof.text.chat import chat_messages, humanise, is_chat, named_speaker, speaker_handles
from graphproof.text.contents import contents_spans
from graphproof.text.documents import document_label
from graphproof.text.english_words import is_english
from graphproof.text.headings import heading_spans
from graphproof.text.lexicon import PARTICIPLES, PREPOSITIONS, RELATIVE
from graphproof.text.names import EMAIL, NAME_PREFIX
from graphproof.text.person_names import NOT_NAMES, name_word, title_page, without_name_particles
from graphproof.text.sentences import LIST_MARKER, sentence_spans, split_sentences, unwrap
from graphproof.text.spelling_variants import canonical
from graphproof.text.tables import TableRow, cells_of, is_rule, tables

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

OTHER_DOCUMENT = 1.0  # share of the best score a sentence of another document needs to join the answer
# A unit of a document other than the first-ranked one counts this share of its score (not in chats). Set, not tuned:
# the other shares of this module are halves too. Issue 10, session 29, ``benchmarks.realdocs`` on the read and
# paraphrased sets (answer holds the fact): 261 -> 263 of 280 (+2 / -0: the Avahi and GNU Nettle questions, both of
# the even-numbered half; 0, 0.5 and 0.75 give the same), the blind sets unchanged. Session 28 left it out for that
# one-sided gain; it is kept because retrieval's first document was the right one for 379 of the 380 questions.
OTHER_DOCUMENT_WEIGHT = 0.5
# In a chat, a message also scores this share of the question-term idf that the CONTEXT_MESSAGES messages before
# it cover and it does not: a reply carries on what was just said ("When is it?" ... "It's on Thursday at 3 PM").
# And when the question names a participant of the retrieved chats as its subject ("What does Jake think …",
# "in Merrick's opinion"; not "Who asks Emily …?", which asks for a person), a message someone else wrote counts
# SPEAKER_WEIGHT of its score: what a person thinks, suggests or plans is in their own messages, while the
# message that names the topic best is often the other side's question about it. Chosen together on the
# LiHua-World single-evidence questions of July-December (grid 0/0.25/0.5/0.75/1 context weight x 1/0.75/0.5/0.25
# speaker weight x 1/2/3 messages; key terms in the answer 0.521 at 0.25/1/3 -> 0.574 at 0.75/0.5/3; the context
# weight alone at 0.75 gives 0.511) and reported on January-June (0.460 -> 0.508).
CONTEXT_WEIGHT = 0.75
CONTEXT_MESSAGES = 3
# In a document, a unit also scores CONTEXT_WEIGHT times the question-term idf that the CONTEXT_UNITS units before
# it cover and it does not: an answer often comes a sentence or two after the one that names the topic ("The optional
# classes setting specifies which DNS classes Hesiod should do lookups in." … "The default value of the classes
# variable is `IN,HS'."). When the question asks for a kind of thing (``asked_kind``), only a unit holding one adds
# it. Issue 10, session 28, ``benchmarks.realdocs`` (the answer holds the fact): the window chosen on the even-numbered
# questions of the read sets (1: 97 of 108, 2: 101, 3: 99, 4: 100; before, only a unit holding the asked kind, one
# unit back: 97) and reported on the odd ones, 101 -> 104 of 107 (the weight is the chat one, not tuned).
CONTEXT_UNITS = 2
SPEAKER_WEIGHT = 0.5
# A legal notice (a licence header, a warranty disclaimer, a copyright line) answers only a question about
# licences, copyright or warranty; to any other question it counts this share of its score. Set, not tuned:
# a notice must cover twice the question's idf to win over plain text ("What kind of library is GNU MP?" —
# "The GNU MP Library is free software; you can redistribute it …" and "GNU MP is a library for arbitrary
# precision arithmetic …" cover the same terms).
LEGAL_WEIGHT = 0.5
_LEGAL_NOTICE = re.compile(
    r"\bfree software\b.*\b(?:redistribute|modify)\b|\bredistribute\s+it\b|\bwithout\s+any\s+warranty\b"
    r"|\bno\s+warranty\b|\bmerchantability\b|\ball\s+rights\s+reserved\b|\bcopyright\s+(?:\(c\)|©|\d{4})"
    r"|^\W*this\s+(?:file|program|library)\s+is\s+part\s+of\b|\bunder\s+the\s+terms\s+of\b|\bno\s+liability\b"
    r"|\bpermission\s+(?:is\s+)?(?:hereby\s+|not\s+)?granted\b|\bshould\s+have\s+received\s+(?:a\s+)?cop(?:y|ies)\s+of\b"
    r"|\bgeneral\s+public\s+licen[cs]e\b",
    re.IGNORECASE,
)
# What a question asks for, by its wording, and whether a unit holds something of that kind that the question does
# not already name: a person ("Who wrote …?": two capitalised words in a row, or an e-mail address), a number ("How
# many …?", "Which version …?", "Which RFC …?"), a command-line option ("Which option …?"). A unit with nothing of
# the kind asked for counts this share of its score. Set, not tuned (as LEGAL_WEIGHT).
KIND_WEIGHT = 0.5
# In a chat, only a number is looked for (a message's own time and handle left out: ``_STAMP``); names there are
# single words that any sentence start looks like. Chosen on LiHua-World's 190 July-December single-evidence
# questions (grid 1 / 0.75 / 0.5 / 0.25: key terms in the answer 0.500 / 0.511 / 0.521 / 0.516) and reported on
# January-June (hybrid-rrf 0.429 -> 0.460).
CHAT_KIND_WEIGHT = 0.5
_STAMP = re.compile(r"\[[^\]]*\]\s*(?:[^\s:][^:\n]{0,40}:\s*)?")
_ASKS_PERSON = re.compile(
    rf"^\W*(?:\w+\s+)?(?:who|whom|whose)\b|\b(?:which|what)\s+{NOUN_MODIFIERS}(?:{PERSON_NOUNS})s?\b",
    re.IGNORECASE,
)
_WH_WORD = r"(?:how|what|which|who|whom|whose|where|why)"
# "when" asks for a time unless it opens a clause that the question's own question word follows ("When a font server
# sends a KeepAlive event, how is the client supposed to acknowledge it?")
_ASKS_NUMBER = re.compile(
    rf"\b(?:{HOW_MUCH}|(?:what|which)\s+{NOUN_MODIFIERS}(?:{NUMBER_NOUNS})s?)\b"
    rf"|^\W*when\b(?![^?]*,\s*{_WH_WORD}\b)",
    re.IGNORECASE,
)
# a section or step number opening a unit, before a capitalised word ("2.1. Data Types …", "A.1.1 Common Types",
# "3) Run make"): it numbers the unit and states no value ("1.2 is the version" does)
_SECTION_NUMBER = re.compile(r"^\s*(?:[A-Z]\.)?\d{1,3}(?:\.\d{1,3})*[.)]?(?=\s+[A-Z])")
# "When does gpg-agent read …?" asks for a time or for the condition it happens under ("… if no local trustlist is
# available"); "When was …?" / "When did …?" ask for a time
_ASKS_CONDITION = re.compile(r"^\W*when\s+(?:do|does|is|are|can|could|should|will|would|must|may)\b", re.IGNORECASE)
_CONDITION = re.compile(r"\b(?:if|when|whenever|unless|once|until|as\s+soon\s+as)\b", re.IGNORECASE)
_ASKS_AMOUNT = re.compile(rf"\b{HOW_MUCH}\b", re.IGNORECASE)
_ASKS_TIME = re.compile(r"^\W*when\b", re.IGNORECASE)
# a name with digits written after its letters ("HTTP3", "x86", "utf8", "libidn2"); not a version ("v2", "v1.2")
_NAME_WITH_DIGITS = re.compile(r"(?!v\d)(?:[A-Za-z][\w+-]*?[A-Za-z]\d+|[A-Za-z]\d+(?:[A-Za-z][\w-]*)?)", re.IGNORECASE)
# an amount: a numeral of its own ("122", "2,048", "3.5", "10%"), not part of a name ("RFC-3066", "x86", "utf-8") nor
# the number of a standard written in capitals before it ("ISO 639", "RFC 3066")
_AMOUNT = re.compile(r"(?<![\w.,/-])(?<![A-Z]{2}[ \t])(?<![A-Z]{3}[ \t])(?P<n>\d+(?:[.,]\d+)*)%?(?![\w/-]|[.,]\d)")
_ASKS_OPTION = re.compile(r"\b(?:what|which)\s+(?:[\w-]+\s+){0,2}(?:option|flag|switch)s?\b", re.IGNORECASE)
# "Which file …", "What command …", "Which environment variable …", "What address …": the answer is a name written as
# code — a path, a URL, a file name, an identifier with "_", "=" or an inner hyphen, a quoted or back-quoted word.
_ASKS_IDENTIFIER = re.compile(
    r"\b(?:what|which)\s+(?:(?!(?:do|does|did|is|are|was|were|can|could|should|would|will|must|has|have)\b)[\w-]+\s+)"
    r"{0,2}(?:command|executable|function|variable|file|filename|directory|folder|path|address|url|parameter"
    r"|package)s?\b",
    re.IGNORECASE,
)
_IDENTIFIER = re.compile(
    r"\b[a-z][\w+.-]*://\S+|\blocalhost(?::\d+)?|(?<![\w/])~?/[\w.@+-]+(?:/[\w.@+*-]*)*"
    r"|\b(?=[\w-]*[A-Za-z])[\w-]{2,}\.[A-Za-z]{1,5}\b(?!\.\w)|\b\w+_\w+\b|\S+=\S*"
    r"|`[^`'\s]+[`']|\"[^\"\s]+\"|'[^'\s]+'"
)
# A lower-case word with inner hyphens names a command or a package ("update-mime-database", "sh-utils", "xterm-r6",
# "libsasl2-modules") when it has a digit, opens with "lib", or has three parts or a part of one or two letters, and
# no part is a particle ("to", "of", "the", "up", "in" …): not an English compound ("start-up", "built-in",
# "well-known", "up-to-date", "state-of-the-art"). ``_code_word`` reads it so.
_HYPHENATED = re.compile(r"(?<![\w-])[a-z][a-z\d]*(?:-[a-z\d]+)+(?![\w-])")
_COMPOUND_PARTICLES = frozenset({"up", "in", "on", "of", "to", "by", "at", "the", "and", "or", "out", "off", "re"})
_EMAIL = re.compile(EMAIL)
_OTHERWISE = re.compile(r"^\W*(?:otherwise|else|if\s+not|if\s+so|in\s+that\s+case|in\s+this\s+case)\b", re.IGNORECASE)
_OPTION = re.compile(r"(?:^|[\s(`'\"“])--?[A-Za-z][\w-]*")
# an option named without dashes where the text says it is one: "The `noauto' option", "the option 'bsdgroups'"
_NAMED_OPTION = re.compile(
    r"[`'\"“‘](?P<a>[\w.+-]+)[`'\"”’][ \t]+options?\b|\boptions?[ \t]+[`'\"“‘](?P<b>[\w.+-]+)[`'\"”’]", re.IGNORECASE
)
_NAME_WORD = re.compile(r"[^\W\d_][\w'’.-]*")
_LEGAL_QUESTION = re.compile(
    r"\b(?:licen[cs]\w*|copyright\w*|warrant\w*|copying|redistribut\w*|gpl|lgpl|agpl|mit|bsd|apache|patent\w*"
    r"|legal\w*|terms|free\s+software|public\s+domain|open\s+source)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Answer:
    text: str
    method: str  # "extractive" or "llm"
    # (chunk id, sentence or chunk text); an imported triple's description is cited as "relation:<its id>"
    evidence: list[tuple[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {"text": self.text, "method": self.method, "evidence": [list(e) for e in self.evidence]}


def extractive_answer(store: GraphStore, retrieval: Retrieval, sentences: int = 3, chunks: int = 5,
                      analyzer: Analyzer | None = None, messages: int = 1) -> Answer:  # fmt: skip
    """The ``sentences`` evidence units (``messages`` when the best is a chat message) from the top
    ``chunks`` that best cover the question's terms.

    A unit is a sentence, or in a chat (a chunk with ``speakers`` metadata) a whole message quoted as ``[time]
    Handle: message`` — who said it and when are part of what a message states ("Who proposed …?", "… on
    20260507?"); a message is some three sentences long, so a chat answer is one message by default, about as long
    as three sentences. A unit scores the idf of the question terms it covers, divided by ``1 + 0.1 · rank`` of its
    chunk, and by two (``LEGAL_WEIGHT``) for a legal notice — a licence header, a warranty disclaimer, a copyright
    line — unless the question asks about such things, and by two (``KIND_WEIGHT``, ``CHAT_KIND_WEIGHT``) when the
    question asks for a person, a number or an option (``asked_kind``) and the unit holds none it does not already
    name (in a chat, only a number counts); a chat message adds ``CONTEXT_WEIGHT`` times the idf of the question
    terms the ``CONTEXT_MESSAGES`` messages before it say (their text, not who wrote them or when) and it does not
    cover (a reply goes on with what was asked), and counts half (``SPEAKER_WEIGHT``) when the question names a chat
    participant (``named_speaker``) who did not write it, unless the question asks who. In a document, a unit adds
    ``CONTEXT_WEIGHT`` times the idf of the question terms the ``CONTEXT_UNITS`` units before it cover and it does
    not ("… you will want to define the default system includedir …" then "Use --with-system-includedir …"; not a
    table's row, which does not go on with the row above it, and a list item only from units that are no items:
    "- ETW: …" does not go on with "- ECMA: … ECMA-262."), and ``CONTEXT_WEIGHT`` times the idf of the question
    terms only the heading of its section names (``text.headings``: "On Windows, the return value is always [0, 0,
    0]." under "os.loadavg()"), once it covers one of its own; when the question asks for a kind of thing
    (``asked_kind``), only a unit that holds one (``holds_kind``) does; a unit that
    opens with a pronoun ("It runs mkapiref.py and then run Sphinx to build the entire document.") comes after the
    sentence before it when that sentence covers question terms it does not ("To generate API reference, just run make
    html."): the pronoun refers to what that sentence names (``_refers_back``;
    not when that sentence was given already). A signature ("Denis Barbier <barbier@debian.org>  Thu,  5 Oct 2006 …")
    says its signer wrote the text: it covers "wrote" and "author" (``_signed``).
    It covers a term it contains (a chat message also its writer's handle as words: "Li Hua" for "LiHua"), a term
    whose word has the same lemma as one of its words (``reasoning.paths.word_key``: "wrote" is covered by
    "written"; not in chat messages, where it matched common verbs of other messages: LiHua-World single-evidence
    answers holding the reference's key terms fell 0.451 -> 0.443 full year, 0.397 -> 0.381 Jan–Jun, with it), a
    term the question abbreviates with a word no chunk holds ("auth" covers "Authentication", ``_abbreviations``;
    not in chat messages either), and — once it covers one term of its own — the terms of what it is about without
    naming it (``_contexts``): its document's title, and in a record of ``Label: value`` lines the record's first
    field ("Author: …" under "Program: GNU bc"). A unit that asks something (an FAQ's "Is zlib
    thread-safe?"; in a chat, a message with a question in it) comes with the unit after it, which answers it; one
    that leads into what follows comes with that too (``_answered``: a list it announces, the line an unfinished
    sentence goes on in, the terms a definition list item defines). A unit that occurs in several chunks (chunk overlap,
    quoted messages) or already came with another unit (a list item after the line announcing it) is given once, and one
    that quotes a given unit whole (``repeats``: "A quote from the manual: Nettle is …" after "Nettle is …") takes that
    unit's place, while in a document one that goes on from where a given unit stops, or leads into one, is given
    without the words already said (``unsaid``); a unit that is only the document's title (its heading: "PyJWT",
    "# libusb", "jq ==") states nothing and is not given. Outside a chat, a unit of a document other than the one
    retrieval ranked first (or tied for first) counts ``OTHER_DOCUMENT_WEIGHT`` of its score: the ranking read whole
    chunks, their graph and their vectors, a unit only its own words ("What licence does Avahi use?" is not answered
    with PyYAML's "PyYAML is released under the MIT license", which covers "licence" and "use" as Avahi's own sentence
    covers "Avahi" and "licence"). The answer keeps to the document of its best unit: a unit of another document joins
    only when it scores at least ``OTHER_DOCUMENT`` times the best — as well as it — (so "Who wrote Git?" is not
    answered with who wrote libffi).
    """
    analyzer = analyzer or default_analyzer()
    terms = analyzer.query_terms(retrieval.question)
    if not terms or not retrieval.chunks:
        return Answer("No evidence was found for this question.", "extractive")
    stats = store.term_stats("chunks", terms)
    idf = {t: math.log(1 + (stats.rows - n + 0.5) / (n + 0.5)) for t, n in stats.df.items()}
    by_key = _terms_by_key(retrieval.question, idf.keys(), analyzer)
    short = _abbreviations(retrieval.question, stats.df, analyzer)
    top = retrieval.chunks[:chunks]
    documents = store.documents(list(dict.fromkeys(h.item.document_id for h in top)))
    titles = {d.id: document_label(d.source, d.title) for d in documents}
    headings = {d.id: d.title for d in documents}
    # (score, chunk rank, chunk id, unit as given, document id, antecedent, its section's heading, the unit itself
    # when it is a heading)
    scored: list[tuple[float, int, str, str, str, str, str, str]] = []
    chats = set()
    legal = bool(_LEGAL_QUESTION.search(retrieval.question))
    kind = asked_kind(retrieval.question)
    everyone = [h for hit in top for h in speaker_handles(str(hit.item.metadata.get("speakers", "")))]
    speaker = named_speaker(retrieval.question, everyone) if kind != "person" else None
    for rank, hit in enumerate(top):
        chat = is_chat(hit.item.metadata)
        read_rows = [] if chat else table_rows(hit.item)
        authored = _authored_units(hit.item, None if chat else read_rows)
        found, written_by = [unit for _, unit, _ in authored], [handle for handle, _, _ in authored]
        rows = [not chat and cells_of(unit) is not None for unit in found]  # a table's row, read as its cells
        if chat:
            chats.add(hit.item.id)
        title = titles.get(hit.item.document_id, "")
        contexts = [""] * len(found) if chat else _contexts(found, title, read_rows)
        # a unit is about its section's heading too ("os.loadavg()" / "On Windows, … always [0, 0, 0].")
        sections = [""] * len(found) if chat else _section_headings(hit.item, found)
        # a message covers its writer's name as the handle and as words: "LiHua" and "Li Hua" alike
        # the acronyms of question words this chunk never writes ("VT" for "virtual terminal")
        abbreviations = {} if chat else short | _acronyms(retrieval.question, analyzer, _unit_text(hit.item))
        lemmas = {} if chat else by_key
        listed = {} if chat else title_page(found, hit.item.ordinal)
        authors = {k for k, person in listed.items() if not person.editor}
        own = [
            _covered(f"{unit} {humanise(handle)}" if handle else _signed(unit, section, k in authors), idf.keys(),
                     lemmas, analyzer, abbreviations)
            for k, (unit, handle, section) in enumerate(zip(found, written_by, sections, strict=True))
        ]  # fmt: skip
        said = [_covered(body, idf.keys(), {}, analyzer) for _, _, body in authored] if chat else own
        heading = headings.get(hit.item.document_id, "")
        for index in range(len(found)):
            if not chat and _is_title(found[index], heading):
                continue  # a heading that repeats the document's title states nothing
            covered, weight, antecedent = set(own[index]), 0.0, ""
            if covered:
                covered |= _covered(contexts[index], idf.keys(), by_key, analyzer, abbreviations)
            # the terms only its section's heading names count ``CONTEXT_WEIGHT``: a heading says less of what a unit
            # is about than the unit's own words do ("comparison of … dependency resolvers" over every unit below it)
            headed = (
                _covered(sections[index], idf.keys(), by_key, analyzer, abbreviations) - covered if covered else set()
            )
            if chat:
                before = set().union(*said[max(0, index - CONTEXT_MESSAGES) : index]) - covered
                weight = CONTEXT_WEIGHT * math.fsum(idf[t] for t in before)  # fsum: the same in any set order
            elif index and (not kind or holds_kind(found[index], kind, retrieval.question)) and not rows[index]:
                # a list's items are entries side by side: an item goes on with the line that announces the list,
                # not with the item before it ("- ETW: Event Tracing …" after "- ECMA: … including ECMA-262.")
                in_list = _ITEM.match(found[index]) is not None
                window = [
                    j for j in range(max(0, index - CONTEXT_UNITS), index) if not (in_list and _ITEM.match(found[j]))
                ]
                before = set().union(*(own[j] for j in window)) - covered - headed
                weight = CONTEXT_WEIGHT * math.fsum(idf[t] for t in before)  # "… you will want to define …" / "Use …"
                if own[index - 1] - covered and _refers_back(found, index):
                    antecedent = found[index - 1]  # "To generate API reference, just run make html." / "It runs …"
            weight += CONTEXT_WEIGHT * math.fsum(idf[t] for t in headed)
            if covered or weight:
                score = (math.fsum(idf[t] for t in covered) + weight) / (1 + 0.1 * rank)
                answered = _answered(found, index, chat)
                if index in listed and listed[index].affiliations:  # a title page's person with its organisations
                    answered = " ".join([found[index], *(found[j] for j in listed[index].affiliations)])
                if not chat and not legal and _LEGAL_NOTICE.search(found[index]):
                    score *= LEGAL_WEIGHT
                unit_heading = found[index].strip() if found[index].strip() in sections else ""
                if (
                    not chat
                    and kind
                    and not _holds_asked(answered, kind, retrieval.question, unit_heading, index in listed)
                ):
                    score *= KIND_WEIGHT
                if chat and kind == "number" and not holds_kind(_STAMP.sub(" ", answered), kind, retrieval.question):
                    score *= CHAT_KIND_WEIGHT
                if chat and speaker is not None and written_by[index] != speaker:
                    score *= SPEAKER_WEIGHT
                scored.append((score, rank, hit.item.id, answered, hit.item.document_id, antecedent, sections[index],
                               unit_heading))  # fmt: skip
    if not scored:
        return Answer("The retrieved evidence shares no words with the question.", "extractive")
    best: list[tuple[float, int, str, str, str, str, str, str]] = []
    seen: set[str] = set()
    if top[0].item.id not in chats:  # in documents, the first-ranked document's units lead (ties: all of them)
        first = {h.item.document_id for h in top if h.score >= top[0].score}
        scored = [(s[0] * (1.0 if s[4] in first else OTHER_DOCUMENT_WEIGHT), *s[1:]) for s in scored]
    for item in sorted(scored, key=lambda s: (-s[0], s[1])):
        before = " ".join(item[5].casefold().split())
        if before and not any(before in chosen for chosen in seen):  # the sentence its opening pronoun refers to
            item = (*item[:3], f"{item[5]} {item[3]}", *item[4:])
        key = " ".join(item[3].casefold().split())
        if any(key in chosen for chosen in seen):  # given already, alone or with the unit that announced it
            continue
        if item[7] and any(chosen[2] == item[2] and chosen[6] == item[7] for chosen in best):
            continue  # the heading of a section a given unit is in: said with that unit, as what it is about
        if best and item[4] != best[0][4] and item[0] < OTHER_DOCUMENT * best[0][0]:
            continue
        within = [i for i, chosen in enumerate(best) if repeats(key, " ".join(chosen[3].casefold().split()))]
        seen.add(key)
        if within:  # in the first repeated unit's place, with its score: the answer's lead is unchanged
            best[within[0]] = (best[within[0]][0], *item[1:])
            for i in reversed(within[1:]):
                del best[i]
            continue
        text = item[3] if item[2] in chats else unsaid([chosen[3] for chosen in best], item[3])
        if not text:
            continue
        if text != item[3].strip():  # "… from this example: - Check that …" given, then "- Check that …: $ openssl …"
            item = (*item[:3], text, *item[4:])
        best.append(item)
        if len(best) == (messages if best[0][2] in chats else sentences):
            break
    evidence = [(s[2], s[3]) for s in best]
    conclusion = None if best[0][2] in chats else path_conclusion(retrieval, " ".join(s[3] for s in best))
    if conclusion is not None:
        evidence.append(conclusion)
    return Answer(" ".join(spaced(text) for _, text in evidence), "extractive", evidence)


def spaced(unit: str) -> str:
    """``unit`` as an answer says it: prose with its wrapping's spaces, line breaks and indenting tabs squashed
    ("was named  Heimdall", "enabled with the \\tHASSETLOCALE definition", "instances of version \\n3.79.1" in a
    hard-wrapped, indented text); a unit with an indented line after its first (a displayed command, a code block)
    as written."""
    lines = unit.strip().split("\n")
    return unit if any(line[:1].isspace() for line in lines[1:]) else " ".join(unit.split())


def repeats(unit: str, given: str) -> bool:
    """Whether ``unit`` mostly repeats ``given`` (both casefolded, whitespace squashed): it holds it, as whole
    words, and ``given`` is at least half of it."""
    return 2 * len(given) >= len(unit) and re.search(r"(?<!\w)" + re.escape(given) + r"(?!\w)", unit) is not None


SAID_CHARS = 12  # the shortest overlap of a unit with a given one that counts as said already


def unsaid(given: Sequence[str], unit: str) -> str:
    """``unit`` without an opening that one of ``given`` ends with and without an ending that one of them opens with
    (whitespace squashed; at least ``SAID_CHARS`` characters, cut where ``unit`` has a space): a unit that goes on
    from where a given one stops ("- Check that your root CA is in PEM format …: $ openssl x509 …" after "Steps to
    build …: - Check that your root CA is in PEM format …:"), or that leads into one ("Steps to build …: - Check
    that …" after "- Check that … $ openssl …"), is not said twice."""
    words = list(re.finditer(r"\S+", unit))
    if not given or not words:
        return unit.strip()
    texts = [" ".join(text.split()) for text in given]
    squashed = " ".join(word.group() for word in words)
    starts = list(itertools.accumulate((len(word.group()) + 1 for word in words[:-1]), initial=0))  # in ``squashed``
    ends = [start + len(word.group()) for start, word in zip(starts, words, strict=True)]
    # the longest opening of k words a given unit ends with (all of them only where a space follows the last)
    whole = len(words) if words[-1].end() < len(unit) else len(words) - 1
    said = next((k for k in range(whole, 0, -1) if _overlaps(squashed[: ends[k - 1]], texts, _ends)), 0)
    # the longest ending, from word j on, that a given unit opens with; not before that opening (from the first word
    # only where a space comes before it)
    lead = said or (0 if words[0].start() else 1)
    goes_on = next((j for j in range(lead, len(words)) if _overlaps(squashed[starts[j] :], texts, _opens_with)), None)
    begin = words[said - 1].end() if said else 0
    return unit[begin : len(unit) if goes_on is None else words[goes_on].start()].strip()


def _ends(text: str, part: str) -> bool:
    return text.endswith(" " + part)


def _opens_with(text: str, part: str) -> bool:
    return text.startswith(part + " ")


def _overlaps(part: str, texts: Sequence[str], where: Callable[[str, str], bool]) -> bool:
    """Whether ``part`` (at least ``SAID_CHARS`` long) is one of ``texts`` whole or sits in one as ``where`` says."""
    return len(part) >= SAID_CHARS and any(text == part or where(text, part) for text in texts)


PATH_ANSWER_PATHS = 3  # the paths read for a conclusion the evidence sentences lack
RELATION_EVIDENCE = "relation:"  # evidence cited by an edge that cites no chunk (a triple imported as is)


def heaviest_stated(paths: Sequence[WeightedPath]) -> list[WeightedPath]:
    """The paths with a stated edge (not only ``related_to`` / ``mentions``), heaviest first (ties by their entity
    ids), whatever order they are listed in: the order ``weight_paths`` gives them, before ``display_order``."""
    return sorted((p for p in paths if any(is_stated(r) for r in p.path.relations)), key=by_weight)


def path_conclusion(retrieval: Retrieval, answer: str) -> tuple[str, str] | None:
    """``(chunk id, sentence)`` stating the last edge of the first two-edge path among the ``PATH_ANSWER_PATHS``
    heaviest that state something (``heaviest_stated``: by weight, not in the order shown) that starts at a thing
    the question names and ends at one it does not, when ``answer`` does not name that end; else ``None``. A two-hop
    question ("Where is the laboratory that Priya Castellan works at located?") is answered at the end of its path
    ("Priya Castellan → works_at → Lumen Fen Laboratory → located_in → Kestrel Harbor"), in a sentence that shares
    no word with the question ("It … sits on the old ferry quay of Kestrel Harbor"), so term overlap alone never
    picks it. The question must describe the first hop in its own words (a content word of "works_at" that no entity
    of the path is named by), name neither the middle (it describes it: "the laboratory that …") nor the end, and
    both edges must state something (not ``related_to``, not a chat's ``mentions``): a one-hop question gets no
    sentence from a path it did not ask along."""
    shape = question_shape(retrieval.question)
    for weighted in heaviest_stated(retrieval.paths)[:PATH_ANSWER_PATHS]:
        path = weighted.path
        if len(path) != 2:
            continue
        first, last, end = path.relations[0], path.relations[-1], path.entities[-1]
        if UNSTATED & {first.predicate, last.predicate} or not last.description.strip():
            continue
        named = content_keys(" ".join(e.name for e in path.entities))  # "is_gnu_grep" names, it does not relate
        if not (content_keys(first.predicate) - named) & shape.keys:  # the question describes the first hop
            continue
        start, middle = path.entities[0], path.entities[1]
        if names_in_question(end.name, shape) or names_in_question(middle.name, shape):
            continue
        if not names_in_question(start.name, shape):
            continue
        if end.name.casefold() in answer.casefold():
            return None
        cited = last.chunk_ids[0] if last.chunk_ids else f"{RELATION_EVIDENCE}{last.id}"  # an imported triple
        return cited, " ".join(last.description.split())
    return None


# A "Label: value" line of a record ("Author: Ada Lovelace", "Copying: GNU GPL version 2", "What:\ttunelp"); not a
# one-letter turn ("Q: …", "A: …") nor a question.
_FIELD = re.compile(r"^(?P<label>[A-Z][\w.'’-]+(?:[ \t][\w.'’()-]+){0,3})[ \t]*[:：][ \t]*\S(?!.*\?\s*$)")
RECORD_MIN = 2  # consecutive field lines that make a record


def _code_word(word: str) -> bool:
    """Whether a hyphenated lower-case ``word`` (``_HYPHENATED``) reads as a command or package name."""
    parts = word.split("-")
    if any(ch.isdigit() for ch in word) or parts[0].startswith("lib"):
        return True
    if any(p in _COMPOUND_PARTICLES for p in parts):
        return False
    return len(parts) > 2 or any(len(p) <= 2 for p in parts)


def asked_kind(question: str) -> str:
    """``person``, ``number``, ``option``, ``identifier``, ``licence``, ``name``, ``definition`` or ``""``: what
    ``question`` asks for, by its wording. A "when" question asks for a number (a time; ``holds_kind`` also takes a
    condition for "When does …?"), unless its "when" opens a clause that a question word follows ("When a server sends
    X, how is …?")."""
    if _ASKS_OPTION.search(question):
        return "option"
    if _ASKS_LICENCE.search(question):
        return "licence"
    if _ASKS_IDENTIFIER.search(question):
        return "identifier"
    if _ASKS_PERSON.search(question):
        return "person"
    if _ASKS_NUMBER.search(question):
        return "number"
    if _ASKS_NAME.search(question):
        return "name"
    if _defined_subject(question):
        return "definition"
    return ""


# "What licence is libxslt distributed under?", "Under which license …", "How is X licensed?" (as ``paths._WANTS``)
_ASKS_LICENCE = re.compile(
    r"^\W*(?:which|what)\s+(?:\S+\s+)?licen[cs]e|\bunder\s+(?:which|what)\b.*\blicen[cs]e|^\W*how\s+is\b.*\blicen[cs]ed\b",
    re.IGNORECASE,
)
# a unit that says under what something is released, whatever the licence's name ("… licensed under the GFDL")
_UNDER_LICENCE = re.compile(
    r"\b(?:licen[cs]ed|released|distributed|available|covered|provided)\s+under\b|\blicen[cs]e\s*:", re.IGNORECASE
)
# "What is the default cluster called?": a name, quoted or after "called" ("What is the name of …?" is not read so: the
# name it asks for is as often a file or a command, which ``_GIVEN_NAME`` does not find)
_ASKS_NAME = re.compile(r"^\W*what\s+(?:is|are|was|were)\s+(?:\S+\s+){1,5}?(?:called|named)\s*\?", re.IGNORECASE)
# a name as the text gives one: quoted ("a default cluster 'main'") or after "called" / "named"
_GIVEN_NAME = re.compile(
    r"(?<![\w'])'(?P<a>[^'\s]{1,40})'(?![\w'])|\"(?P<b>[^\"\s]{1,40})\"|[`‘“](?P<c>[^`'’”\s]{1,40})[`'’”]"
    r"|\b(?:called|named)\s+(?P<d>[\w.+-]+)",
    re.IGNORECASE,
)


# "What is networkd?", "What are extended attributes?": a short subject with no preposition and no participle after it
# ("What is the default cluster called?" and "What is the purpose of X?" ask for something else)
_ASKS_DEFINITION = re.compile(
    r"^\W*what\s+(?:is|are)\s+(?:(?:an?|the)\s+)?(?P<subject>[^\s?]+(?:\s+[^\s?]+){0,3})\s*\?\s*$", re.IGNORECASE
)


def _defined_subject(question: str) -> str:
    """The subject a "What is X?" question asks to define, or ``""``."""
    match = _ASKS_DEFINITION.match(question)
    if not match:
        return ""
    subject = match.group("subject")
    last = subject.split()[-1].casefold()
    if any(w.casefold() in PREPOSITIONS for w in subject.split()) or last.endswith("ed") or last in _NOT_DEFINED:
        return ""
    return subject


_NOT_DEFINED = PARTICIPLES | {"meant"}  # a participle ends a question that asks how X is known, not what X is


def _holds_asked(unit: str, kind: str, question: str, heading: str, listed: bool) -> bool:
    """``holds_kind`` for a document's unit; a section ``heading`` holds no person however it is capitalised ("Kerberos
    Package Roadmap", "Debian-Specific Information"), unless it is a person a title page lists (``listed``: an author
    or an editor) or gives an e-mail address."""
    if kind == "person" and heading and not listed:
        return _EMAIL.search(unit) is not None
    return holds_kind(unit, kind, question)


# a body of people that a "who" question may be answered with: a capitalised name ending in a word for a body ("the
# Technical Steering Committee", "the Debian Security Team", "Ecma International" is a name pair already) or a
# committee's code ("TC39")
_BODY = re.compile(
    r"\b(?:[A-Z][\w.&'’-]*[ \t]+){1,5}(?:Committee|Team|Group|Foundation|Board|Council|Consortium|Society|Association|"
    r"Working[ \t]+Group|Task[ \t]+Force)\b|\bTC[ \t-]?\d+\b"
)


def holds_kind(unit: str, kind: str, question: str) -> bool:
    """Whether ``unit`` holds something of ``kind`` (``asked_kind``) that ``question`` does not already name."""
    if kind == "number":
        if _ASKS_CONDITION.search(question) and _CONDITION.search(unit):
            return True
        if _ASKS_AMOUNT.search(question):  # "How many languages …": a numeral, not "RFC-3066" or "ISO 639"
            return any(m.group("n") not in question for m in _AMOUNT.finditer(unit))
        tokens = re.findall(r"\S*\d\S*", _SECTION_NUMBER.sub("", unit))
        if _ASKS_TIME.search(question):  # a time is no name with digits in it ("HTTP3", "x86", "mdns4")
            tokens = [t for t in tokens if not _NAME_WITH_DIGITS.fullmatch(t.strip("()[],.;:!?\"'`"))]
        return any(token not in question for token in tokens)
    if kind == "name":  # "… create a default cluster 'main' …" for "What is the default cluster called?"
        given = [next(g for g in m.groups() if g) for m in _GIVEN_NAME.finditer(unit)]
        return any(name.casefold() not in question.casefold() for name in given)
    if kind == "definition":  # "networkd is a small and lean service …" for "What is networkd?"
        subject = re.escape(_defined_subject(question)).replace("\\ ", r"\s+")
        adverb = r"(?:(?:just|simply|really|\w+ly)\s+)?"
        defines = rf"(?<![\w-]){subject}(?![\w-])\W{{0,2}}\s+(?:is|are)\s+{adverb}(?:an?|one)\s"
        return re.search(defines, unit, re.I) is not None  # "A subtree is just a subdirectory …" too
    if kind == "licence":  # "- This library is released under the MIT Licence" for "What licence is …?"
        return LICENSE_NAME.search(unit) is not None or _UNDER_LICENCE.search(unit) is not None
    if kind == "option":  # a dashed option, or a word the unit calls an option ("The `noauto' option …")
        named = [m.group("a") or m.group("b") for m in _NAMED_OPTION.finditer(unit)]
        dashed = [m.group().strip(" (`'\"“") for m in _OPTION.finditer(unit)]
        return any(option not in question for option in dashed + named)
    if kind == "identifier":
        found = [m.group().strip("`'\"") for m in _IDENTIFIER.finditer(unit)]
        found += [m.group() for m in _HYPHENATED.finditer(unit) if _code_word(m.group())]
        return any(name not in question for name in found)
    if kind == "person":
        if _EMAIL.search(unit):
            return True
        if any(body.casefold() not in question.casefold() for body in _BODY.findall(unit)):
            return True  # "… maintained and updated by the TC39", "the Technical Steering Committee": who, as a body
        asked = {w.casefold().strip(".'’") for w in _NAME_WORD.findall(question)}
        names = without_name_particles(_NAME_WORD.findall(unit))
        return any(
            name_word(a) and name_word(b) and a.casefold().strip(".'’") not in asked
            and b.casefold().strip(".'’") not in asked and a.casefold() not in NOT_NAMES
            and b.casefold() not in NOT_NAMES
            for a, b in itertools.pairwise(names)
        )  # fmt: skip
    return True


def _is_title(unit: str, title: str) -> bool:
    """Whether ``unit`` is the document's ``title`` alone (a heading: "PyJWT", "# libusb"), whatever its case and
    heading marks."""
    return bool(title) and " ".join(unit.strip("#=*-_ \t").split()).casefold() == " ".join(title.split()).casefold()


def _terms_by_key(question: str, terms: Iterable[str], analyzer: Analyzer) -> dict[str, set[str]]:
    """The question's terms by the lemma key of the word each comes from (``word_key`` of its spelling,
    ``text.spelling_variants.canonical``: "licence" and "license" have one key)."""
    wanted = set(terms)
    out: dict[str, set[str]] = {}
    for word in words(question):
        stems = analyzer.tokens(word)
        if len(stems) == 1 and stems[0] in wanted:
            out.setdefault(word_key(canonical(word)), set()).add(stems[0])
    return out


ABBREVIATION_LETTERS = (4, 6)  # "auth", "config", "repo"; shorter ones ("env", "dir") begin too many words


def _abbreviations(question: str, df: Mapping[str, int], analyzer: Analyzer) -> dict[str, set[str]]:
    """The question's words that may abbreviate a word of the text, with the term each gives: all letters, of
    ``ABBREVIATION_LETTERS`` length, no English word (``text.english_words``) and in no chunk (``df`` 0) — a name the
    documents use ("mawk", "lzma") is in some chunk, so it abbreviates nothing ("What HTTP auth schemes …?")."""
    low, high = ABBREVIATION_LETTERS
    out: dict[str, set[str]] = {}
    for word in words(question):
        lower, stems = word.casefold(), analyzer.tokens(word)
        unseen = len(stems) == 1 and df.get(stems[0], 1) == 0
        if unseen and lower.isalpha() and low <= len(lower) <= high and not is_english(lower):
            out.setdefault(lower, set()).add(stems[0])
    return out


ACRONYM_WORDS = (2, 4)  # "virtual terminal" → "VT", "Certificate Revocation List" → "CRL"


def _acronyms(question: str, analyzer: Analyzer, text: str = "") -> dict[str, set[str]]:
    """The acronyms a run of the question's words may be written as in ``text``, with the terms of those words: the
    words' initials in capitals, for runs of ``ACRONYM_WORDS`` adjacent words that each give a term ("On which
    virtual terminal does the debug shell run?" → "VT" for "virtual terminal"; "The debug-shell service starts a root
    shell on VT 9" covers it). Runs of question words only: a stop word or punctuation between two words ends one,
    and so does a word that is an acronym itself ("FIPS"). No run whose words ``text`` writes: a text that writes
    "name" does not use "NSS" for "name server software"."""
    low, high = ACRONYM_WORDS
    written = {w.casefold() for w in words(text)}
    out: dict[str, set[str]] = {}
    run: list[tuple[str, str, str]] = []  # (initial, term, word) of the current run of adjacent content words

    def close() -> None:
        for size in range(low, high + 1):
            for first in range(len(run) - size + 1):
                part = run[first : first + size]
                if not any(word.casefold() in written for _, _, word in part):
                    out.setdefault("".join(initial for initial, _, _ in part), set()).update(t for _, t, _ in part)
        run.clear()

    last_end = 0
    for match in re.finditer(r"[^\W\d_]+", question):
        word = match.group()
        stems = analyzer.tokens(word)
        spelt = len(stems) == 1 and (word.islower() or word.istitle())  # "FIPS" is an acronym itself, no word
        if question[last_end : match.start()].strip() or not spelt:
            close()
        if spelt:
            run.append((word[0].upper(), stems[0], word))
        last_end = match.end()
    close()
    return {acronym: terms for acronym, terms in out.items() if acronym not in question}


def _covered(
    text: str,
    terms: Iterable[str],
    by_key: dict[str, set[str]],
    analyzer: Analyzer,
    short: Mapping[str, set[str]] | None = None,
) -> set[str]:
    """The question terms ``text`` covers: those it contains, those a word of it shares a lemma with (in either
    spelling: "licensed" covers "licence"), those of the abbreviations in ``short`` (``_abbreviations``: lower-case
    keys) that begin a longer word of it ("auth" covers "Authentication"), and those of the acronyms in ``short``
    (``_acronyms``: capital keys) it writes as a word of its own, digits after it or not ("VT" and "VT9" cover
    "virtual terminal")."""
    if not text:
        return set()
    covered = set(analyzer.tokens(text)) & set(terms)
    if by_key or short:
        for written in set(words(text)):
            word = written.casefold()
            covered |= by_key.get(word_key(canonical(word)), set())
            for key, found in (short or {}).items():
                if key[0].isupper():
                    if written.rstrip("0123456789") == key:
                        covered |= found
                elif len(word) > len(key) and word.startswith(key):
                    covered |= found
    return covered


# a signature: a name of one to three capitalised words and an e-mail address, in angle brackets or bare, opening a
# line ("Denis Barbier <barbier@debian.org>  Thu,  5 Oct 2006 22:51:12 +0200", " -- Ann Lee <ann@example.org>", a
# title page's "Eric Anholt\n eric@anholt.net")
_SIGNATURE = re.compile(rf"^[ \t]*(?:--[ \t]*)?(?:{NAME_PREFIX}?[A-Z][\w'’.-]*[ \t]+){{1,3}}(?:<{EMAIL}>|{EMAIL}\b)")
SIGNED = "written by its author"  # what a signature says of the text it signs
# a Debian maintainer's sign-off: "--", the name and the address in angle brackets, the date after them (the trailer of
# a Debian changelog entry, README.Debian and NEWS.Debian); its signer also maintains the package the text is about
_DEBIAN_SIGN_OFF = re.compile(rf"^[ \t]*--[ \t]*(?:{NAME_PREFIX}?[A-Z][\w'’.-]*[ \t]+){{1,3}}<{EMAIL}>[ \t,]+\S")
SIGNED_OFF = "written by its author, who maintains it"  # what a Debian sign-off says


_THANKS = re.compile(r"\b(?:acknowledge?ments?|thanks|thank\s+you)\b", re.IGNORECASE)


def _signed(unit: str, section: str = "", author: bool = False) -> str:
    """``unit`` with what it says when it is a signature (``_SIGNATURE``) or an ``author`` line of a title page
    (``title_page``): that its signer wrote the text (``SIGNED``), so it covers "wrote" and "author" in
    "Who wrote the notes on …?". Not under a ``section`` heading that thanks ("1.2. Acknowledgments"): the names
    listed there helped, they did not write it."""
    signs = author or _SIGNATURE.match(unit) is not None
    if not signs or _THANKS.search(section):
        return unit
    return f"{unit} ({SIGNED_OFF if _DEBIAN_SIGN_OFF.match(unit) else SIGNED})"


CAPTION_CHARS = 600  # characters before a table read for its caption: a long sentence, not the section above it


def table_rows(chunk: Chunk) -> list[tuple[str, str, str]]:
    """``(row as written, row as read, header)`` for each row of the tables of ``chunk`` (``text.tables``; a chunk
    that starts inside a table has its header in its metadata: ``loaders.chunking.table_header_of``), in order:
    the row's text with whitespace squashed, as a sentence of the chunk holds it; its cells joined by `` | `` (a
    cell wrapped over lines whole, no box-drawing bars or padding); and its table's header cells joined by spaces,
    after the sentence right before the table, which says what its rows are (``_caption``: "Reserved uids:"). A
    header row of a table with rows is read as ``""``: it is no unit of its own, only its rows' context."""
    text = chunk.text
    out = []
    for table in tables(text, table_header_of(chunk.metadata)):
        caption = _caption(text[: table.start])
        header = " ".join((caption, *table.header)).strip() if table.header else ""
        if table.header_row is not None and table.rows:  # a header says nothing of its own: its rows' context
            out.append((_written(text, table.header_row), "", ""))
        out += [(_written(text, row), " | ".join(c for c in row.cells if c), header) for row in table.rows]
    return out


def _caption(before: str) -> str:
    """The sentence right before a table (``before`` is the text before it), which says what its rows are ("The
    valuemask argument must be the bitwise OR of the symbols listed in the Mask column …", "Reserved uids:"), or
    ``""`` when a table's row or rule or nothing comes before it."""
    sentences = split_sentences(unwrap(before[-CAPTION_CHARS:]))
    last = sentences[-1] if sentences else ""
    return "" if not last or cells_of(last) or is_rule(last) else last


def _written(text: str, row: TableRow) -> str:
    return " ".join(text[row.start : row.end].replace("**", "").split())


def _contexts(found: Sequence[str], title: str = "", rows: Sequence[tuple[str, str, str]] = ()) -> list[str]:
    """What each unit is about without naming it: its document's ``title``; for a field of a record (a run
    of at least ``RECORD_MIN`` ``Label: value`` units) the record's first field, which names what the record
    describes ("Program: GNU bc" for "Author: Philip A. Nelson"); for a row of a table (``rows``, see
    ``table_rows``: the rows in order, each given to the first unit after the last that reads as the row) the
    table's header, which says what its cells are ("uid name description" for "64001 | mysql | mysql-server")."""
    contexts = [title] * len(found)
    for index, k in _in_order(found, [read for _, read, _ in rows]):
        contexts[index] = f"{title} {rows[k][2]}".strip()
    index = 0
    while index < len(found):
        end = index
        while end < len(found) and _FIELD.match(found[end]):
            end += 1
        if end - index >= RECORD_MIN:
            for field_index in range(index + 1, end):
                contexts[field_index] = f"{title} {found[index]}"
        index = max(end, index + 1)
    return contexts


def answer_units(chunk: Chunk) -> list[str]:
    """A chunk's units: its chat messages as ``[time] Handle: message`` when it is a chat (``speakers``
    metadata), else its sentences."""
    return [unit for _, unit, _ in _authored_units(chunk)]


def _in_order(units: Sequence[str], wanted: Sequence[str]) -> list[tuple[int, int]]:
    """``(index in units, index in wanted)`` for each of ``wanted`` (in order) that some unit equals: the first
    such unit after the last one matched. ``""`` matches nothing."""
    out = []
    at = 0
    for k, text in enumerate(wanted):
        index = next((i for i in range(at, len(units)) if units[i] == text), None) if text else None
        if index is not None:
            out.append((index, k))
            at = index + 1
    return out


def _unit_text(chunk: Chunk) -> str:
    """The text a document chunk's units are cut from (``_authored_units``) and found in (``_section_headings``):
    hard-wrapped lines joined, bold markers dropped."""
    return unwrap(chunk.text).replace("**", "")


def _section_headings(chunk: Chunk, found: Sequence[str]) -> list[str]:
    """For each of a document chunk's units ``found`` (in order), the heading of the section of the chunk it is in
    (``text.headings.heading_spans``), or ``""`` before the chunk's first heading."""
    text = _unit_text(chunk)
    spans = heading_spans(text)
    out, at = [], 0
    for unit in found:
        where = text.find(unit, at)
        if where >= 0:  # a table's row reads as its cells, not as written: it stays where the unit before it was
            at = where
        out.append(next((text[a:b].strip() for a, b in reversed(spans) if b <= at), ""))
    return out


def _authored_units(
    chunk: Chunk, rows: Sequence[tuple[str, str, str]] | None = None
) -> list[tuple[str | None, str, str]]:
    """``(handle of who wrote it, unit, what it says)`` for each of a chunk's units (``answer_units``): the handle is
    None outside a chat, and what a unit says is the unit without its time and handle (the unit itself outside a
    chat). A row of a table is its cells joined by `` | `` (``table_rows``, or ``rows`` when the caller has them);
    its header row and rule lines are no units, nor are the entries of a table of contents (``contents_spans``)."""
    handles = speaker_handles(str(chunk.metadata.get("speakers", "")))
    if not handles:
        text = _unit_text(chunk)
        contents = contents_spans(text)
        sentences = [text[a:b] for a, b in sentence_spans(text) if not any(s <= a < e for s, e in contents)]
        rows = table_rows(chunk) if rows is None else rows
        squashed = [" ".join(sentence.split()) for sentence in sentences]
        for index, k in _in_order(squashed, [written for written, _, _ in rows]):
            sentences[index] = rows[k][1]  # a table's row reads as its cells (``table_rows``)
        return [(None, s, s) for s in sentences if any(c.isalnum() for c in s)]  # no header, no rule line
    time = str(chunk.metadata.get("time", "")).strip()
    stamp = f"[{time}] " if time else ""
    units = []
    for message in chat_messages(chunk.text, handles):
        body = " ".join(message.body.split())
        units.append((message.handle, stamp + (f"{message.handle}: " if message.handle else "") + body, body))
    return units


_ITEM = re.compile(rf"^{LIST_MARKER}\s+\S")
_BARE_YES_NO = re.compile(r"^\W*(?:yes|no)\W*$", re.IGNORECASE)
_ANNOUNCES = re.compile(r"\b(?:the\s+following|as\s+follows)\b|:$", re.IGNORECASE)
# A sentence cut short: it ends in a colon or a preposition ("Send bug reports to", "Contact:"); its object is
# the next line.
_UNFINISHED = re.compile(r"(?:[:：]|\b(?:to|by|at|from|with|of|for|in|on|via|under))$", re.IGNORECASE)
TERM_WORDS = 3  # a list item this short without a sentence end is a term a following item defines
LIST_ITEMS = 10  # list items an announcing unit brings along at most


# words that go on with a sentence, never open one in lower case: "… --disable-nls / if you absolutely don't …"
_GOES_ON = PREPOSITIONS | RELATIVE | frozenset(
    ("if", "and", "or", "but", "so", "then", "because", "unless", "until", "while", "when", "where", "whereas",
     "as", "instead", "since", "than", "whenever", "wherever", "whether", "to")
)  # fmt: skip


def _open(unit: str) -> bool:
    """Whether ``unit`` has no sentence end and is no list item: a sentence may go on after it."""
    text = unit.rstrip()
    return bool(text) and not _ITEM.match(text) and not text.endswith((".", "!", "?", ":", ";"))


def _goes_on(unit: str) -> bool:
    words = unit.split()
    return bool(words) and words[0] in _GOES_ON


def _sentence_span(found: Sequence[str], index: int) -> tuple[int, int]:
    """The units, first and last, of the sentence the unit at ``index`` is part of when a line displayed on its
    own (a command, an option) cut it in three: the sentence's start and the displayed line have no sentence end
    and are no list items, and the rest opens with a lower-case word that never opens a sentence
    (``_GOES_ON``): "Use" / "--disable-nls" / "if you absolutely don't want …"; "you need to run" /
    "cmake <path>" / "from a build directory.". A heading before a lower-case line is two units, not three, and
    is left alone. Else ``(index, index)``."""
    for first in range(index - 2, index + 1):
        last = first + 2
        if (
            first >= 0 and last < len(found) and _open(found[first]) and _open(found[first + 1])
            and _goes_on(found[last]) and not _goes_on(found[first + 1])
        ):  # fmt: skip
            return first, last
    return index, index


def _term_item(unit: str) -> bool:
    text = unit.rstrip()
    return bool(_ITEM.match(text)) and len(text.split()) <= TERM_WORDS + 1 and not text.endswith((".", "!", "?"))


# a term line of an AsciiDoc labeled list, as a man page's options are written ("-q::", "--quiet::",
# "--prefix=<prefix>::"): the unit after the term lines defines them
_LABEL_TERM = re.compile(r"^[ \t]*\S(?:[^\n]{0,60}\S)?(?:::+|;;)[ \t]*$")


def _label_term(unit: str) -> bool:
    return _LABEL_TERM.match(unit) is not None


def _terms_before(found: Sequence[str], index: int, is_term: Callable[[str], bool]) -> int:
    """Where the run of terms (at most ``TERM_WORDS``) right before ``found[index]`` starts; ``index`` if none."""
    first = index
    while first > 0 and index - first < TERM_WORDS and is_term(found[first - 1]):
        first -= 1
    return first


# A sentence that opens with one of these refers back to the sentence before it ("It runs mkapiref.py and then run
# Sphinx …" after "To generate API reference, just run make html.").
_BACK_REFERENCES = frozenset(("it", "its", "they", "their", "he", "she", "his", "her"))


def _refers_back(found: Sequence[str], index: int) -> bool:
    """Whether the unit at ``index`` opens with a pronoun (``_BACK_REFERENCES``) right after a sentence: the unit
    before it is no list item and ends with a full stop or an exclamation mark."""
    words = found[index].split()
    if not index or not words or words[0].casefold() not in _BACK_REFERENCES:
        return False
    before = found[index - 1].rstrip()
    return not _ITEM.match(before) and before.endswith((".", "!"))


def _answered(found: Sequence[str], index: int, chat: bool = False) -> str:
    """The unit at ``index`` with what it needs to be read on its own.

    A question in the text (an FAQ's "Is zlib thread-safe?") comes with the unit that follows it, which is
    its answer ("Yes. …"), and with one more when that unit is a bare "Yes." or "No." (the reason follows it; so
    does a unit that holds a question and its bare answer, as a table row "| Is it …? | | No." does);
    in a chat, a message that asks anything ("Hope you're well. When's a good time to
    come by? Thanks!") comes with the reply after it. Outside a chat, a unit that announces a list ("The
    following formats are supported.", "…:") comes with the list items that start right after it or one
    unit later (at most ``LIST_ITEMS``); a unit cut short (it ends in a colon or a preposition: "Send bug
    reports to") comes with the next unit, which completes it, unless that is a table's row (a line that announces
    a table, "Reserved uids:", is its rows' context: ``table_rows``); and a list item that follows short items
    without a sentence end (a definition list: "- -q", "- --quiet", "- Print nothing.") comes after those
    terms, which it defines, as does the unit after the term lines of an AsciiDoc labeled list ("-q::", "--quiet::",
    "Suppress unnecessary output messages on stderr."; ``_LABEL_TERM``); a unit whose condition the next one
    completes ("Otherwise, …", "If not, …") comes with that one; and a sentence a line displayed on its own cut in
    three ("Use" / "--disable-nls" / "if you …") is given whole, whichever of its parts was chosen
    (``_sentence_span``).
    """
    unit = found[index]
    asks = "?" in unit if chat else unit.rstrip().endswith("?")
    if asks and index + 1 < len(found) and not found[index + 1].rstrip().endswith("?"):
        reply = found[index + 1]
        if not chat and _BARE_YES_NO.match(reply) and index + 2 < len(found):
            return f"{unit} {reply} {found[index + 2]}"  # "No." and why not
        return f"{unit} {reply}"
    if not chat and "?" in unit and _BARE_YES_NO.match(unit.rsplit("?", 1)[1]) and index + 1 < len(found):
        return f"{unit} {found[index + 1]}"  # a question and its bare "No." in one unit (an FAQ table's row)
    if chat:
        return unit
    begin, end = _sentence_span(found, index)
    parts = list(found[begin : end + 1])
    if _ITEM.match(unit) and not _term_item(unit):
        parts = [*found[_terms_before(found, index, _term_item) : index], unit]
    elif index and not _label_term(unit) and _label_term(found[index - 1]):
        parts = [*found[_terms_before(found, index, _label_term) : index], unit]  # "-q::" "--quiet::" "Suppress …"
    record = _record(found, index)
    if record is not None:
        return " ".join(found[record[0] : record[1] + 1])
    stripped = found[end].rstrip()
    following = found[end + 1 : end + 3]
    start = next((i for i, u in enumerate(following) if _ITEM.match(u)), None)
    if _ANNOUNCES.search(stripped) and start is not None:
        items = end + 1 + start
        last = items
        while last < len(found) and last - items < LIST_ITEMS and _ITEM.match(found[last]):
            last += 1
        parts.extend(found[end + 1 : last])
    elif _UNFINISHED.search(stripped) and following and not following[0].rstrip().endswith("?"):
        if not cells_of(following[0]):  # a line announcing a table ("Reserved uids:") is its rows' context
            parts.append(following[0])
    elif following and _OTHERWISE.match(following[0]):
        parts.append(following[0])  # "If DEFAULT_ARG_SIZE is defined, … Otherwise, the default is 128 kibibytes."
    return " ".join(parts)


RECORD_FIELDS = 6  # fields a record read as one unit holds at most


def _label(unit: str) -> str | None:
    """The label of a field line (``_FIELD``), casefolded; ``None`` for any other unit."""
    match = _FIELD.match(unit)
    return match.group("label").casefold() if match else None


def _record(found: Sequence[str], index: int) -> tuple[int, int] | None:
    """The first and last position of the record the unit at ``index`` is a field of, or ``None`` when it is no field
    line (``_FIELD``), stands alone, or its record has more than ``RECORD_FIELDS`` fields. The line that separates two
    records ("-----") is no unit, so the label that opens a run of field units opens each of its records: in "What:
    pg(1)" / "Why: use less(1)" / "What: tunelp" / "Why: parallel port printers are probably almost extinct devices",
    each "What:" starts one. A field's value answers what its record's other fields name."""
    if _label(found[index]) is None:
        return None
    start = index
    while start > 0 and _label(found[start - 1]) is not None:
        start -= 1
    opener = _label(found[start])
    first = max(j for j in range(start, index + 1) if _label(found[j]) == opener)
    last = index
    while last + 1 < len(found) and _label(found[last + 1]) not in (None, opener):
        last += 1
    if last == first or last - first >= RECORD_FIELDS:
        return None
    return first, last


def llm_answer(
    model: BaseChatModel, retrieval: Retrieval, chunks: int = 5, paths: int = 10,
    history: Sequence[tuple[str, str]] = (),
) -> Answer:  # fmt: skip
    """An answer generated by ``model`` from the top chunks and paths (and earlier turns); errors name the call."""
    template = (files("graphproof.reasoning") / "prompts" / "answer.md").read_text(encoding="utf-8")
    top = retrieval.chunks[:chunks]
    prompt = template.format(
        question=retrieval.question,
        history="\n".join(f"Q: {q}\nA: {a}" for q, a in history) or "(none)",
        paths="\n".join(f"- {p.format()}" for p in retrieval.paths[:paths]) or "(none)",
        chunks="\n\n".join(f"[{i}] ({h.item.id})\n{h.item.text}" for i, h in enumerate(top, start=1)) or "(none)",
    )
    try:
        reply = model.invoke(prompt)
    except Exception as exc:  # a provider error of any kind: report it with the cause attached
        raise ReasoningError(f"the chat model failed to answer {retrieval.question!r}: {exc}") from exc
    text = reply.content if isinstance(reply.content, str) else str(reply.content)
    return Answer(text.strip(), "llm", [(h.item.id, h.item.text) for h in top])
