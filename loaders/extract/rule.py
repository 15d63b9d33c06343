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
``visited``; "works at" → ``works_at``; a negation gives ``not_…``; where the mentions in between are
only concepts, a verb phrase ending in a preposition is read through them: "plays a leading role in" →
``plays_leading_role_in``, ``phrase_through_concepts``; a lone light verb such as "is"
or "like" does not count, but a copula before an indefinite article states a type: "tmux is a
terminal multiplexer" → ``is_a``; a gap's first word in "-ed" is a verb even when the lexicon does not list
it: "Jim Piddock acted in X" → ``acted_in``), else ``related_to``. Outside chats, mentions written as one list
of three or more ("features A, B and C") are not paired with each other (``_list_members``), and a predicate
stated for one member of a coordination reaches the others of its kind ("maintained by A and B" → both
``is_maintained_by``; ``distributed_predicates``).
Each relation's description is its unit: the
sentence, or for a chat the message as ``"[time] Speaker: message"`` (the chat's ``time`` metadata,
so questions that name a date find it); its keywords are the unit's best keyphrases
(``loaders.extract.keyphrases``).

Real documents (issue 10; plain text only, not chats). A subject pronoun ("It is …", "By default, it looks
for …", "It aims to …") stands for the name the nearest earlier sentence opens with, questions not counted, else
for the document's subject (``_resolve_pronouns``); a document without a title line names itself in its opening
prose ("This is GNU patch, …", "Cscope is a … tool": ``sentence_subject``), else, filed as a README under a folder
it names, by that folder's name (``folder_subject``: ``e2fsprogs/README``), and its subject is a name wherever its
chunks mention it; a demonstrative and a kind noun ("these programs", "this library") are the document's subject
(``_resolve_demonstratives``), not a generic "programs" hub that every README shares; coordinate adjectives
("a portable, cross-compilable, packageable fork of NaCl") modify the noun and are no concepts
(``modifier_words``); command-line options ("--append") and a quoted word before a kind noun (a "libpipeline"
library) are names; a keyphrase
ending in a naming participle ("file named") is not a concept; a definition list written as items ("- -q",
"- --quiet", "- Print nothing.") reads the definition with its term as subject and its imperative as verb
(``defined_terms``); "X is the Y designed by Z" also gives X → designed_by → Z (``_copula_passives``); a
"<Name>-based" mention gives subject → based_on → Name; an FAQ's "Is X Y?" answered "Yes."/"No." gives
X → is / is_not → Y (``answered_questions``); a sentence opening with an imperative sends its object to the
mention after a later "to" ("Send bug reports to Thomas E. Dickey" → bug reports → send_to → Thomas E. Dickey,
``_imperative_targets``) and through each preposition that follows it ("Report security bugs in Node.js via
HackerOne" → security bugs → report_via → HackerOne), as does a verb with no subject of its own ("without first
requesting an allocation from X", "you can send the files to Y"; ``verb_object_targets``); a verb after "you" or
"we" in the words between two mentions is not the first mention's (``between_predicate``); a sentence that opens
with its purpose links the purpose's first mention to what the
imperative after its comma acts on ("To build libc6-dev against your kernel, export LINUX_SOURCE …" → libc6-dev →
export → LINUX_SOURCE, not the nearer "kernel"; ``purpose_imperatives``); a passive's agent followed by a preposition
and a mention completes the same verb
("designed by Igor Pavlov for 7-Zip" → designed_for → 7-Zip, ``_past_agents``); a definition "X is a/an …" gives X
its whole noun phrase, coordinate modifiers left out ("a lightweight and flexible command-line JSON processor" →
is_a → "command-line JSON processor", ``definition_phrase``; so does an apposition "X, a …, …"), and "X is a … Y of
Z" gives X → is_Y_of → Z however far Z is (``_definition_links``); a concept after a determiner keeps the words
between them ("wrote a new ps program" → "new ps program", ``with_modifiers``), and those words are never part of
the verb's predicate; a sentence that says its subject may be used, modified or distributed under a licence gives
subject → is_licensed_under → licence (``license_links``; the document-wide rule gives it to the document's subject,
not always the name the text uses); mentions joined only by a copula state what the subject is ("JPEG is lossy" →
is, "… is not thread-safe" → is_not; ``copula_predicate``); a non-restrictive relative clause ("GSettings, which is
included as part of GLib, …") links its antecedent, and the verb after a closing comma belongs to the clause's
subject, not to the mentions of the clause or aside before it ("Nettle's support for public key algorithms, such as
RSA and ECDSA, depends on the GNU GMP library" → nettle support → depends_on; ``relative_clauses``,
``aside_subjects``); a second verb phrase joined by "and" is the clause subject's, not the first one's object's
("Zorp was developed by Jane Roe and is maintained by the Quux team" → zorp → is_maintained_by → Quux team,
``conjoined_verb_phrases``); a relative clause or "for …ing" on a stated type holds for the typed mention ("Zorpd
is a daemon that implements mDNS" → zorpd → implements → mDNS, ``typed_relatives``); "X is the Y" states a type as
"is a" does; a one-word keyphrase right before a name is its adjective or kind and no concept ("plain C++", "the
library `libgpg-error'", ``_modifies_name``), and a keyphrase's last word in -s before an object is the verb ("the
project provides only …", ``trailing_verb``); paths ("/etc/foo.conf", ``patterns.path_spans``), inline code and
GNU-quoted commands ("`zstd`", "`configure'", ``patterns.code_spans``) and a lone letter after a preposition
("written in C") are names; a name written with its release number ("Tcl 8.6.13") is one name and a version of the
bare name (``version_links``); "The <role> of X is Y" states X → role → Y ("The maintainer of librsvg is …",
``role_links``), and so does "The X <role> is Y" ("The official ISO 15924 maintenance agency is …",
``role_before_links``); a relative clause's verb phrase may be five words besides its relative word and its object's
article ("that have been extracted from the …"). A dash row says what its command does ("- fuser - Identifies
processes …", "pstree - display a tree …": ``_DASH_ROW``, ``_what_it_does``), and the unit's verb is cut from the
front of a keyphrase ("kills processes" → "processes"); a name in apposition to a kind noun is the verb's object too
("installs an executable, xq", "a library called midatrie", "the environment variable BLKID_CONF":
``apposed_links``); WordNet's verb forms are verbs where a verb stands in a gap ("fuser identifies …",
``text.verb_forms``, ``document_verbs``); a parenthetical aside right after a mention is read past ("the system bus
(dbus-daemon --system) is designed to …", ``past_aside``); a listed verb before a preposition ends a keyphrase
("The libblkid reads by default …") and a participle after "be" is no concept ("can be overridden by"). A kind
noun right after a name is part of that name's mention ("the 'msgmerge' program, which prepares …", "the
--disable-nls option": ``with_named_kinds``), a lower-case word that is no English word before a kind noun is a name
("the xgettext program": ``bare_named_kinds``, ``text.english_words``), and the third-person verb after an opening
"The <name> <kind>" is the verb (``with_named_kind_verbs``). A quoted word after the kind of code it is, a
lower-case word ending in a number, an identifier prefix and a dotted module name are names ("the command
'update-ca-certificates -f'", "pcre3", "PCRE2_", "importlib.resources": ``patterns.code_spans``,
``patterns.identifier_spans``), and that kind noun is no word of the verb phrase before it; an infinitive of purpose
after a stated object is the subject's doing ("X uses the hooks of Y to update the JKS keystore /etc/…/cacerts" → X →
update → JKS and → /etc/…/cacerts, not Y → update: ``purpose_infinitives``); the noun of a complex preposition is
no concept ("is discouraged in favor of" names the relation: ``keyphrases._COMPLEX_PREPOSITION``). A participle
clause that opens a sentence is said of the subject after its comma ("When paired with the Tk toolkit, Tcl provides
…" → Tcl → paired_with → Tk: ``fronted_participles``); a relative clause after a parenthetical aside belongs to the
mention before the aside ("popt.pdf (included in this tarball), which is excerpted … from the book …"); set phrases of
manner ("with permission", "in part", "for example") are no part of a verb phrase (``_SET_ADVERBIALS``); a present
participle before a determiner ends a keyphrase and is the verb ("key support using the Mbed TLS backend",
``trailing_verb``); a one-word keyphrase that can only be a verb is no concept ("which computes …", "Make as_HTML
emit …": ``text.verb_forms.verb_only_forms``); a sentence ending in a verb phrase and a colon relates its last mention
to the list items after it ("pip works on: - … - CPython 3.7" → pip → works_on → CPython 3.7, ``listed_links``); a
quoted or code-like name right after a kind noun is of that kind ("the Debian mailing list 'debian-sgml@…'" →
is_a → mailing list, ``kind_appositions``); a passive with no agent is what the document's subject does ("Python 3.8
or later is required", "The following … are supported: A, B and C" → subject → supports → A, B, C;
``agentless_links``).

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
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import pairwise

from graphproof.graph.model import IS_A, RELATED_TO, REQUIRES
from graphproof.loaders.chunking import DOCUMENT_KEY, FOLDER_KEY, OPENING_KEY
from graphproof.loaders.extract.acronyms import STANDS_FOR, acronym_definitions
from graphproof.loaders.extract.errors import ExtractorError
from graphproof.loaders.extract.keyphrases import Keyphraser, Phrase, is_concept, make_keyphraser
from graphproof.loaders.extract.patterns import (
    CODE_KINDS,
    CONCEPT,
    HAS_CJK,
    NAME,
    NUMBER_LABELS,
    PERSON,
    QUANTIFIERS,
    QUANTITY,
    TITLE,
    Span,
    bold_spans,
    cjk_spans,
    code_spans,
    file_spans,
    identifier_spans,
    labelled_number_spans,
    path_spans,
    pattern_spans,
    setting_spans,
    title_spans,
)
from graphproof.loaders.extract.spans import VERSION, NameSpan, People, mask, name_spans
from graphproof.loaders.extract.table_facts import table_links
from graphproof.loaders.resolve import entity_alias_key
from graphproof.loaders.types import ExtractedEntity, ExtractedRelation, Extraction
from graphproof.text.addresses import address_spans
from graphproof.text.chat import chat_messages, humanise, is_chat, speaker_handles
from graphproof.text.english_words import is_bare_name, is_english, known
from graphproof.text.lexicon import (
    ARTICLES,
    AUX,
    FUNCTION,
    LIGHT_VERBS,
    PARTICIPLES,
    PREDICATE_DROP,
    PREPOSITIONS,
    PROSE_VERBS,
    QUALITY_ADJECTIVES,
    RELATIVE,
    STOP,
    VERB_LEMMAS,
    VERBS,
    is_contraction,
)
from graphproof.text.names import EMAIL, NAME_PREFIX
from graphproof.text.person_names import title_page
from graphproof.text.sentences import LIST_MARKER, sentence_pieces
from graphproof.text.verb_forms import verb_forms, verb_only_forms
from graphproof.text.wordnet_files import is_adjective

_CJK_CHAR = re.compile(HAS_CJK.pattern + "+")
_GAP_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_GAP_STOPS = frozenset(".!?;:\n。！？()[]|")
_QUOTED_WORD = re.compile(r"[\"“'‘`][^\W_]+[\"”'’`]")  # a value written in quotes: "no", `yes`, 'auto'
_NEGATIONS = frozenset(("not", "never", "no"))
_SUBJECT_PRONOUNS = frozenset(("you", "we", "they", "i", "he", "she"))  # a clause's own subject, in a gap
COPULAS = frozenset(("is", "are", "was", "were"))
SUBJECT = "subject"  # chunk metadata: the document's subject (set by ``document_subjects`` when not given)
_WRAP = re.compile(r"[ \t]*\n\s*")
MENTIONS = "mentions"


# URLs and e-mail addresses are neither names nor keyphrases ("xi@resolvent.net" is not the concept "resolvent",
# "git clone https://…" not "git clone https"): they are hidden from both (``text.addresses.address_spans``); in a
# document an e-mail or web address is a mention of its own, whole (``address_mentions``).


# "by default" says when, not what: "default" is no concept and no part of a verb phrase ("gzip uses by default the
# LZ77 algorithm" is gzip → uses → LZ77, not gzip → uses_by → default; "default" was a hub that dozens of edges of
# every document went through)
# set phrases of manner inside a verb phrase, no part of the relation: "reads by default", "is excerpted with permission
# from", "is based in part on"
_SET_ADVERBIALS = re.compile(
    r"\b(?:by[ \t]+default|with(?:out)?[ \t]+permission|in[ \t]+part|in[ \t]+turn|for[ \t]+now"
    r"|for[ \t]+(?:example|instance))\b",
    re.IGNORECASE,
)
# "Copyright (C) 1997-2006 Stephen McCamant", "Copyright (c) 2006 by Tavmjong Bah", "Contributed by Stephane Eranian",
# "Original implementation was written by @progrium" (the work's own implementation: the subject's)
_CREDIT = re.compile(
    r"\b[Cc]opyright[ \t]*(?:\([cC]\)|©)?[ \t]*(?:\d{4}(?:[ \t]*[-–,][ \t]*\d{2,4})*[ \t]*,?[ \t]*)+(?:by[ \t]+)?"
    r"|(?:(?:^|(?<=[.,;:!]))[ \t]*(?:[Oo]riginally[ \t]+)?|\b(?:Originally[ \t]+)?(?=[A-Z]))"
    r"(?:(?:[Tt]he[ \t]+)?(?:[Oo]riginal|[Ii]nitial|[Ff]irst)[ \t]+(?:implementation|version|code)[ \t]+was[ \t]+)?"
    r"(?P<verb>[Ww]ritten|[Cc]ontributed|[Dd]eveloped|[Mm]aintained|[Cc]reated|[Dd]esigned|[Aa]uthored)[ \t]+by[ \t]+"
)


def adverbial_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` says "by default" or another set phrase of manner (``_SET_ADVERBIALS``, left out of verb phrases
    too) or opens a credit ("Copyright (C) 1997-2006", "Contributed by": ``credit_links``): hidden from names and
    keyphrases, so that neither "default" nor "copyright" nor a year becomes a hub."""
    credits = [(m.start() + len(m.group()) - len(m.group().lstrip()), m.end()) for m in _CREDIT.finditer(text)]
    return [*(m.span() for m in _SET_ADVERBIALS.finditer(text)), *credits]


_WEB_ADDRESS = re.compile(r"(?:https?://|www\.)[\w-]+(?:\.[\w-]+)+(?:[/?#]\S*)?", re.IGNORECASE)


def address_mentions(text: str, addresses: Sequence[tuple[int, int]]) -> list[Span]:
    """The e-mail addresses and web addresses among ``addresses`` (``address_spans(text)``) as ``name`` spans
    ("bug-grep@gnu.org", "https://gitlab.gnome.org/GNOME/gtk/issues"): in a document, whom to write to and where
    to go ("Who should I email about Nettle?", "Where should I report a bug in GTK?"). Still hidden from names and
    keyphrases, so no part of one becomes a concept. Other schemes ("git://", "file://") name no place to go."""
    return [
        Span(a, b, text[a:b], NAME)
        for a, b in addresses
        if ("@" in text[a:b] and "://" not in text[a:b]) or _WEB_ADDRESS.fullmatch(text, a, b)
    ]


def known_spotter(known: str) -> Callable[[str], list[Span]]:
    """A finder of the names in ``known`` (``|``-separated; chunk metadata ``known``, e.g. the entities an
    enrichment question names): whole-word, case-insensitive, longest first, each found as a ``name`` span
    with the given spelling — so "Kismet was directed by …" yields Kismet even at a sentence start — and with
    its release number when one follows ("Tcl 8.6.13", as the text writes it: ``version_links``). A name inside a
    dotted file name ("debian.vim"), a hyphenated name ("apt-cdrom") or a file system path is part of it ("iso-codes"
    in "/usr/share/iso-codes/json"), not found there."""
    names = sorted({n.strip() for n in known.split("|") if n.strip()}, key=len, reverse=True)
    if not names:
        return lambda text: []
    spelling = {n.casefold(): n for n in names}
    # not inside a dotted file or host name either: "vim" is no name of its own in "debian.vim", nor inside a
    # hyphenated command or package name ("apt" in "apt-cdrom"); a release number after it is part of the mention
    pattern = re.compile(
        r"(?<![\w.-])(?:" + "|".join(re.escape(n) for n in names) + rf")(?:[ \t]+{VERSION.pattern})?(?!\w|[.-]\w)",
        re.IGNORECASE,
    )

    def spot(text: str) -> list[Span]:
        paths = [(p.start, p.end) for p in path_spans(text)]
        return [
            Span(m.start(), m.end(), spelling.get(m.group().casefold(), m.group()), NAME)
            for m in pattern.finditer(text)
            if not any(start <= m.start() and m.end() <= end and (start, end) != m.span() for start, end in paths)
        ]

    return spot


def joined_at_names(text: str, pieces: Sequence[tuple[int, str]], names: Sequence[Span]) -> list[tuple[int, str]]:
    """``pieces`` (``(offset, sentence)`` of ``text``) with two neighbours joined where a known name is cut by
    the split: it runs across the boundary ("That Was Then... This Is Now stars …"), or it ends the first
    piece with its own "!", "?" or "." and the next piece goes on in lower case ("Nativity! stars Martin
    Freeman.", "Are You Scared? was released in 2006."): the punctuation is the title's, not the sentence's."""
    out: list[tuple[int, str]] = []
    for offset, piece in pieces:
        if out:
            start = out[-1][0]
            boundary = start + len(out[-1][1].rstrip())
            crossing = any(n.start < boundary and n.end > offset for n in names)
            ending = any(n.start >= start and n.end == boundary and text[n.end - 1] in "!?.…" for n in names)
            if crossing or (ending and piece.lstrip()[:1].islower()):
                out[-1] = (start, text[start : offset + len(piece)])
                continue
        out.append((offset, piece))
    return out


# Documents: a README's subject, its "Label: value" header fields and its license section --------------------------
_FIELDS = (
    "author|authors|maintainer|maintainers|homepage|home page|website|web site|url|license|licence|copying|copyright|"
    "copyright holder|version|program|name|package|project|contact|e-mail|email|written by|developer|developers|"
    "bug reports|repository|source"
)
FIELD_LABELS = frozenset(_FIELDS.split("|"))
SUBJECT_LABELS = frozenset(("program", "name", "package", "project"))
LICENSE_LABELS = frozenset(("license", "licence", "copying", "licensing"))
IS_LICENSED_UNDER = "is_licensed_under"
_PERSON_LABELS = frozenset(("author", "authors", "maintainer", "maintainers", "written by", "developer"))
_NOT_FIELD_LABELS = frozenset(("q", "a", "note", "notes", "example", "warning", "time", "see", "usage", "nb", "tip"))
_FIELD_LINE = re.compile(
    r"^[ \t]*(?P<label>[A-Za-z][\w'-]*(?:[ \t][\w'-]+){0,2})[ \t]*:[ \t]+(?P<value>\S[^\n]*?)[ \t]*$", re.MULTILINE
)
_ADDRESS = re.compile(r"\b0x[0-9A-Fa-f]+\b")  # a stack trace's "by 0x80482CC: main (a.c:8)" is no field
_FIELD_VALUE_MAX = 80
_FIELD_VALUE_WORDS = 8  # a longer value is a sentence ("Machines: It has been compiled …"), not a field
_LICENSE_HEADING = re.compile(
    r"^[ \t]*#*[ \t]*(?:licen[cs]e|licensing|copying|copyright(?: and licen[cs]e)?)[ \t]*:?[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
_LICENSE_NAME = re.compile(
    r"(?:\b[Tt]he\s+)?(?P<name>(?:(?:[A-Z][\w.+-]*|v?\d[\d.]*)\s+){1,5}[Ll]icen[cs]e"
    r"(?:,?\s+[Vv]ersion\s+\d[\d.]*\d|\s+v\d+(?:\.\d+)*(?!\w|\.\d))?)"
)
_LICENSED_UNDER = re.compile(
    r"\b(?:licen[cs]ed|released|distributed|available|is|are|(?:re)?distribute(?:\s+(?:it|them))?|modif(?:y|ied)"
    r"(?:\s+(?:it|them))?|used|copied)\s+under\s+(?:the\s+)?(?:terms\s+of\s+(?:either\s+)?(?:the\s+)?)?",
    re.IGNORECASE,
)
# "The ASF licenses this file to You under the Apache License": the licensor is no subject of the licence
_LICENSES_TO_YOU = re.compile(
    r"\blicen[cs]es\s+(?:this|the|these)\s+(?:[\w-]+\s+){0,2}?(?:to\s+you\s+)?under\s+(?:the\s+)?"
    r"(?:terms\s+of\s+(?:the\s+)?)?",
    re.IGNORECASE,
)
# an SPDX identifier under a licence heading ("LICENSE: LGPL-2.1-or-later for all code")
_SPDX_LICENSE = re.compile(
    r"(?<![\w.-])(?P<name>(?:L|A)?GPL-[1-3]\.[01](?:-or-later|-only|\+)?|Apache-[12]\.[01]|MPL-[12]\.[01]"
    r"|BSD-[234]-Clause|MIT|ISC|CC0-1\.0|Zlib|Artistic-[12]\.0)(?![\w-])"
)
# a licence named as the subject's adjective: "Avahi is a free, LGPL mDNS/DNS-SD implementation", "an MIT-licensed
# library"; the sentence opens with the subject (or "It"/"This")
_LICENSE_ADJECTIVE = re.compile(
    r"(?m)(?:^|(?<=[.!?]\s))[ \t]*(?P<subject>[^\s.!?][^.!?\n]{0,60}?)[ \t]+(?:is|are)[ \t]+an?[ \t]+"
    r"(?:[\w-]+,?[ \t]+){0,3}?(?P<name>(?:L|A)?GPL(?:-?v?[1-3](?:\.[01])?\+?)?|MIT|BSD|MPL|ISC)(?:-licen[cs]ed)?"
    r"[ \t]+[\w/-]"
)
# a licence in apposition to "the licensing terms for X": "the licensing terms for GTK, the GNU LGPL, allow …"
_LICENSE_APPOSED = re.compile(
    r"\blicen[cs](?:e|ing(?:[ \t]+terms)?)[ \t]+(?:for|of)[ \t]+(?P<subject>[^,.;:!?\n]{1,40}?),[ \t]+(?:the[ \t]+)?"
    r"(?P<name>(?:GNU[ \t]+)?(?:L|A)?GPL(?:-?v?[1-3](?:\.[01])?\+?)?|MIT|BSD|MPL|(?:(?:[A-Z][\w.+-]*|v?\d[\d.]*)[ \t]+)"
    r"{1,5}[Ll]icen[cs]e)[ \t]*[,)]"
)
_PERMITTED_UNDER = re.compile(  # "You may redistribute Quux under the terms of …": the thing is the verb's object
    r"^\W*you\s+(?:may|can|are\s+(?:free|allowed|permitted)\s+to)\s+(?:freely\s+)?"
    r"(?P<verb>use|copy|modify|(?:re)?distribute)\b(?P<object>[^.;:]*?)\s+under\s+(?:the\s+)?"
    r"(?:terms\s+of\s+(?:either\s+)?(?:the\s+)?)?",
    re.IGNORECASE,
)
_OR_LICENSE = re.compile(r",?\s+or\s+(?:under\s+)?(?:the\s+(?:terms\s+of\s+(?:the\s+)?)?)?")
_LICENSE_LOOKAHEAD = 400  # characters after a license heading searched for the license's name
_TITLE_LINE = re.compile(r"^[ \t]*#*[ \t]*(?P<title>[^\n]{1,60}?)[ \t]*:?[ \t]*$")
_VERSION_TAIL = re.compile(r"(?:[\s,(-]+(?:version|release|v)?\s*\d[\w.-]*\)?)+$", re.IGNORECASE)
_SUBJECT_MAX_WORDS = 5
_SUBJECT_SENTENCE_WINDOW = 800  # characters at a document's start searched for "This is X" / "X is a …"
_CAPITALISED_NAME = r"[A-Z][\w+.-]*(?:[ \t]+[A-Z][\w+.-]*){0,2}"  # one to three capitalised words
_THIS_IS = re.compile(r"This[ \t]+is[ \t]+(?P<name>[A-Z][\w+.-]*(?:[ \t]+[\w+.-]+){0,2})[ \t]*[,.]")
# "This is the popt(3) command line option parsing library.": a lower-case name, told by being no English word
_THIS_IS_BARE = re.compile(r"This[ \t]+is[ \t]+(?:the[ \t]+)?(?P<name>[a-z][\w+-]*)(?:\(\d\w*\))?(?:[ \t]+[a-z]|,)")
_NAME_IS_A = re.compile(rf"(?P<name>{_CAPITALISED_NAME})[ \t]+is[ \t]+an?[ \t]")
# "This document describes libxslt, the XSLT C library …": what a page says it is about
_DESCRIBES = re.compile(
    r"This[ \t]+(?:document|file|manual|page|guide|README)[ \t]+(?:describes|documents|covers|explains)[ \t]+"
    rf"(?:the[ \t]+)?(?P<name>{_CAPITALISED_NAME}|[a-z][\w+-]*)(?:\(\d\w*\))?[ \t]*[,.]"
)
_PROBE_MIN = 12
_OVERLAP_PROBE = 60  # characters: a chunk whose start is found in the previous chunk's tail continues its document
_PRONOUN = re.compile(
    r"(?:[A-Z][^\W\d_]*(?:[ \t]+[^\W\d_]+){0,3},[ \t]+)?"  # an opening phrase: "By default, it looks for …"
    r"(?P<pronoun>[Ii]t|This)(?=[ \t]+(?:(?:also|always|then|now|only|still|usually|often|currently|already"
    r"|generally|mostly|fully)[ \t]+)?"
    r"(?P<verb>[^\W\d_]+)\b)"
)
_PRONOUN_VERBS = frozenset(
    ("is", "was", "has", "had", "can", "will", "does", "stands", "comes", "should", "may", "must")
)
ANTECEDENT_SENTENCES = 3  # sentences back a pronoun looks for the name it stands for (questions not counted)
# a third-person verb after "it" ("aims", "implements", "supports"); not a plural noun or a word in -ss/-us/-is
_THIRD_PERSON = re.compile(r"(?<![sui])s$")
# an article, then single words each followed by a comma, then a word that is not "and"/"or"/an article and the
# noun it modifies: "a portable, cross-compilable, installable, packageable fork" (a list of nouns ends in "and"/"or")
_COORDINATE_ADJECTIVES = re.compile(
    r"\b(?:[Aa]n?|[Tt]he)[ \t]+(?P<modifiers>(?:[^\W\d_][\w-]*,[ \t]+)+)"
    r"(?!(?:and|or|an?|the)\b)[^\W\d_][\w-]*[ \t]+[^\W\d_]"
)
_MODIFIER = re.compile(r"[^\W\d_][\w-]*")
# a sentence that opens with a capitalised subject and a finite verb defines what it is about: "Sodium is a
# new … library", "Cscope is designed to …", "Zed has …" (the words before the verb: one to three, capitalised)
_OPENING_SUBJECT = re.compile(
    rf"(?P<subject>{_CAPITALISED_NAME})[ \t]+(?:is|was|has|can|will|does|provides|supports)\b"
)
_LEAD = 8  # characters: the previous sentence's subject starts within this many of its start ("A:  LZMA ...")


def _field_value(value: str) -> str:
    value = re.sub(r"\s*<[^>]*>", "", value)  # "Thomas E. Dickey <dickey@…>" -> the name
    return value.strip().rstrip(".;,").strip()


def _snake(label: str) -> str:
    return re.sub(r"[^\w]+", "_", label.casefold()).strip("_")


# section headings a document may open with that name no subject ("Introduction" / "This is GNU Bash, version 5.2.")
GENERIC_HEADINGS = frozenset((
    "readme", "read me", "introduction", "intro", "overview", "about", "description", "summary", "preface",
    "foreword", "contents", "table of contents", "notes", "general", "general information", "information",
    "background", "welcome", "getting started", "faq", "frequently asked questions",
))  # fmt: skip


# a README.Debian's title names the package and the distribution: "adduser in Debian", "openssl for DEBIAN",
# "openjdk-9 for Debian/Ubuntu" are about adduser, openssl, openjdk-9
_DISTRIBUTION_TAIL = re.compile(r"[ \t]+(?:for|in|on)[ \t]+(?:Debian|Ubuntu)(?:/Ubuntu|[ \t]+GNU/\S+)?$", re.IGNORECASE)
# what a title line says of the document rather than of its subject: "README for GDB", "README:  Tk", "What is
# Libgpg-error", "Frequently Asked Questions about base-files" open it; "Jansson README", "XZ Utils FAQ", "Libidn2
# README -- Introduction information" and a bare "release" close it
_TITLE_OPENING = re.compile(
    r"^(?:README(?:[ \t]*[:–-]+[ \t]*|[ \t]+(?:for|of|about)[ \t]+)|What[ \t]+is[ \t]+|(?:Frequently[ \t]+Asked[ \t]+"
    r"Questions|FAQ)[ \t]+(?:about|on|for)[ \t]+|Welcome[ \t]+to[ \t]+)(?=\S)",
    re.IGNORECASE,
)
# an Emacs mode line ("-*- text -*-") or a release line ("Version 1.0.8 of 13 July 2019") names no subject
_NO_TITLE = re.compile(r"^(?:.*-\*-|(?:version|release|revision)\b)", re.IGNORECASE)
_TITLE_CLOSING = re.compile(
    r"[ \t]+(?:(?:README|FAQ|Frequently[ \t]+Asked[ \t]+Questions)(?:[ \t]*(?:--|[:–-])[ \t]*.*)?|--[ \t].*|release)$",
    re.IGNORECASE,
)


def title_subject(line: str) -> str:
    """A document's subject from its title line ("GNU bc version 1.07:" → "GNU bc", "# libcbor" → "libcbor"),
    or ``""`` when the line does not look like a title (a sentence, too long, no letters) or is a generic heading
    (``GENERIC_HEADINGS``: "Introduction", "README"); a distribution after "for"/"in" is no part of it ("adduser
    in Debian" → "adduser"), nor are the words that say what the document is (``_TITLE_OPENING``,
    ``_TITLE_CLOSING``: "README for libpng", "README:  Tk", "Jansson README", "XZ Utils FAQ", "What is
    Libgpg-error"; "The README" leaves an article, no subject)."""
    match = _TITLE_LINE.match(line)
    if not match:
        return ""
    title = _DISTRIBUTION_TAIL.sub("", _VERSION_TAIL.sub("", match.group("title").strip()))
    title = _TITLE_CLOSING.sub("", _TITLE_OPENING.sub("", title)).strip()
    if _NO_TITLE.match(title):
        return ""
    if not title or title[-1] in ".!?,;" or not any(ch.isalpha() for ch in title):
        return ""
    if len(title.split()) > _SUBJECT_MAX_WORDS or title.casefold() in FIELD_LABELS | GENERIC_HEADINGS | ARTICLES:
        return ""
    return title


SIGNED_BY = "signed_by"
WRITTEN_BY = "written_by"  # a title page lists its authors under the title ("Keith Packard")
EDITED_BY = "edited_by"  # and its editors under an "Edited by" line
WORKS_FOR = "works_for"  # and each author's organisation under the name ("Intel Corporation")


def title_page_names(text: str) -> tuple[str, list[tuple[str, str, list[str]]]]:
    """A document's title (its first line, without heading marks) and the persons its title page lists
    (``text.person_names.title_page``), each with what it did to the document (``written_by``, or ``edited_by`` under
    an "Edited by" line) and the organisations under its name, read from the lines of ``text``, the chunk that opens
    the document: ("Keith Packard", "written_by", ["MIT X Consortium", "Intel Corporation"]) and ("Hideki Hiura",
    "written_by", ["SunSoft, Inc."]) under "X Nonrectangular Window Shape Extension Protocol" / "X.Org Standard"."""
    lines = [" ".join(line.split()) for line in text.split("\n") if line.strip()]
    listed = title_page(lines, 0)
    persons = [
        (lines[k], EDITED_BY if person.editor else WRITTEN_BY, [lines[j] for j in person.affiliations])
        for k, person in sorted(listed.items())
    ]
    return (" ".join(lines[0].strip(" #=*-~").split()) if lines else ""), persons

# a signature: a person's name alone on a line ("Chet Ramey", "/Niels Möller <nisse@…>", "-- Ann Lee"), its e-mail
# address on the line (with the date after it, as Debian signs) or the next one, or a valediction before it ("Happy
# hacking,")
_NAME_WORD = rf"(?:{NAME_PREFIX}?[A-Z][a-zà-ÿ'’-]+|[A-Z]\.)"
_SIGNATURE = re.compile(
    rf"^[ \t]*(?:--[ \t]*|/|-[ \t]+)?(?P<name>{_NAME_WORD}(?:[ \t]+{_NAME_WORD}){{1,2}})[ \t]*"
    r"(?:<(?P<email>[^<>\s@]+@[^<>\s]+)>(?:,?[ \t]+(?:[A-Z][a-z]{2},[ \t]+)?\d{1,2}[ \t]+[A-Z][a-z]{2}[ \t]+\d{4}"
    r"(?:[ \t]+\d{1,2}:\d{2}(?::\d{2})?)?(?:[ \t]+[+-]\d{4})?)?)?[ \t]*$"
)  # a Debian sign-off dates it after the address: "-- Ann Lee <ann@example.org>  Thu,  5 Oct 2006 22:51:12 +0200"
_BARE_EMAIL = re.compile(rf"^[ \t]*<?{EMAIL}>?[ \t]*$")
_VALEDICTION = re.compile(
    r"^[ \t]*(?:happy hacking|cheers|regards|best regards|kind regards|best wishes|thanks|thank you|enjoy|have fun"
    r"|sincerely|good luck|yours)[ \t]*[,!.]*[ \t]*$",
    re.IGNORECASE,
)


def signature_names(text: str) -> list[tuple[str, str]]:
    """``(person, line)`` for each signature in ``text``: a line that holds only a person's name (two or three
    capitalised words, a leading "/" or "--" allowed) after a valediction line ("Happy hacking,"), or standing alone
    between blank lines with its e-mail address on it or on the next line ("Chet Ramey" / "chet.ramey@case.edu" at
    the end of Bash's README). A list of names (an AUTHORS block) is no signature: its lines are not alone."""
    lines = text.split("\n")
    blank = [not line.strip() for line in lines]
    found: list[tuple[str, str]] = []
    for k, line in enumerate(lines):
        signed = _SIGNATURE.match(line)
        if signed is None:
            continue
        before = next((lines[j] for j in range(k - 1, -1, -1) if not blank[j]), "")
        alone_before = k == 0 or blank[k - 1]
        if _VALEDICTION.match(before):
            found.append((signed.group("name"), line.strip()))
            continue
        after = k + 1
        if not signed.group("email") and after < len(lines) and _BARE_EMAIL.match(lines[after]):
            after += 1
        elif not signed.group("email"):
            continue
        if alone_before and (after >= len(lines) or blank[after]):
            found.append((signed.group("name"), " ".join(lines[k:after]).strip()))
    return found


def field_lines(text: str) -> list[tuple[str, str, str]]:
    """``(label, value, line)`` of the ``Label: value`` header fields of ``text``: a line whose label is a known
    field (``FIELD_LABELS``: Author, Maintainer, License, Homepage, …), or any short label in a run of at least
    two such lines ("Program: GNU bc" / "OS: UNIX" / …). "Q:"/"A:", "Note:", chat lines and a stack trace's
    frames ("by 0x80482CC: main") are not fields."""
    found = [
        m
        for m in _FIELD_LINE.finditer(text)
        if m.group("label").casefold() not in _NOT_FIELD_LABELS and not _ADDRESS.search(m.group("label"))
    ]
    out = []
    for i, match in enumerate(found):
        label = " ".join(match.group("label").split())
        value = _field_value(match.group("value"))
        if not value or len(value) > _FIELD_VALUE_MAX or value.endswith(":") or len(value.split()) > _FIELD_VALUE_WORDS:
            continue
        before = found[i - 1] if i else None
        after = found[i + 1] if i + 1 < len(found) else None
        in_run = (before is not None and text.count("\n", before.end(), match.start()) == 1) or (
            after is not None and text.count("\n", match.end(), after.start()) == 1
        )
        if label.casefold() in FIELD_LABELS or in_run:
            out.append((label, value, match.group().strip()))
    return out


def text_subject(text: str) -> str:
    """The subject a chunk names itself: a ``Program:``/``Name:``/``Package:`` field, else ``""``."""
    for label, value, _ in field_lines(text):
        if label.casefold() in SUBJECT_LABELS:
            return _VERSION_TAIL.sub("", value) or value
    return ""


def sentence_subject(text: str) -> str:
    """The subject a document's opening prose names itself by, or ``""``: the first sentence within
    ``_SUBJECT_SENTENCE_WINDOW`` characters that reads "This is <Name>, …" or "<Name> is a/an …" ("This is GNU
    patch, which applies diff files …", "Cscope is a text screen based … tool"); a name of one to three words,
    the first capitalised (after "This is", where "This is free software." names nothing), none a function word;
    or "This is (the) <name> …" with a lower-case name that is no English word ("This is the popt(3) command line
    option parsing library.", ``_bare_name``); or "This document/file/manual/page describes <name>, …" ("This
    document describes libxslt, the XSLT C library …": what "this library" later stands for)."""
    for _, piece in sentence_pieces(text[:_SUBJECT_SENTENCE_WINDOW]):
        sentence = piece.strip()
        match = _THIS_IS.match(sentence) or _NAME_IS_A.match(sentence)
        if match and not any(w.casefold() in FUNCTION for w in match.group("name").split()):
            return match.group("name")
        bare = _THIS_IS_BARE.match(sentence)
        if bare and _bare_name(bare.group("name")):
            return bare.group("name")
        described = _DESCRIBES.match(sentence)
        if described and (described.group("name")[:1].isupper() or _bare_name(described.group("name"))):
            return described.group("name")
    return ""


def _bare_name(word: str) -> bool:
    """Whether a lower-case ``word`` is a name: no English word (``text.english_words``, which must be installed),
    with at least ``BARE_NAME_MIN`` letters ("popt", "xgettext"; not "gcc", an abbreviation as often)."""
    return is_bare_name(word, BARE_NAME_MIN)


def folder_subject(text: str, folder: str) -> str:
    """The name of the folder a README-like document is filed under (metadata ``folder``, ``document_folder``) as
    ``text`` writes it most often, when ``text`` names it as a word ("e2fsprogs" in ``e2fsprogs/README``: "… new
    versions of e2fsprogs …"; "Git", not the "git" of a command line, when prose says "Git" more), not as part of a
    path or file name ("src/main.c" names no subject "src"); else ``""``."""
    if len(folder) < 2:
        return ""
    spellings = Counter(
        m.group() for m in re.finditer(rf"(?<![\w./-]){re.escape(folder)}(?![\w/-]|\.\w)", text, re.IGNORECASE)
    )
    return spellings.most_common(1)[0][0] if spellings else ""


def document_subjects(texts: Sequence[str], metadata: Sequence[Mapping[str, str]]) -> list[str]:
    """The document subject of every chunk: metadata ``subject`` or ``title`` when given; else a field such as
    ``Program: GNU bc``; else, for a chunk that starts a document, its title line (``title_subject``); a chunk
    that continues the one before it (it starts with the previous chunk's overlap, or its ``document`` metadata is
    the previous chunk's) keeps that chunk's subject, none included: the first line of a chunk cut from the middle of
    a page is no title ("(Note that", "Similarly, the decompressor", "Great care"). Chat chunks (``speakers``) have
    none."""
    subjects: list[str] = []
    previous, carried, previous_label = "", "", ""
    for text, meta in zip(texts, metadata, strict=True):
        if is_chat(meta):
            subjects.append("")
            previous, carried, previous_label = "", "", ""
            continue
        given = str(meta.get("subject") or meta.get("title") or "").strip()
        first_line = text.strip().split("\n", 1)[0]
        probe = first_line[:_OVERLAP_PROBE]  # the overlap is the previous chunk's last sentences
        label = str(meta.get(DOCUMENT_KEY, "")).strip()
        continues = (len(probe) >= _PROBE_MIN and probe in previous[-4 * len(text) :]) or (
            bool(label) and label == previous_label
        )
        previous_label = label
        subject = given or text_subject(text) or (carried if continues else title_subject(first_line))
        if not subject and not continues:
            subject = sentence_subject(text)
        if not subject:
            subject = folder_subject(text, str(meta.get(FOLDER_KEY, "")))
        subjects.append(subject)
        previous, carried = text, subject
    return subjects


def _licenses_at(text: str, pos: int) -> list[re.Match[str]]:
    """The licence named at ``pos`` and each alternative "or (the) …" adds: "under the terms of either the GNU
    General Public License or the Artistic License" names two (the reader may take either)."""
    found: list[re.Match[str]] = []
    while name := _LICENSE_NAME.match(text, pos):
        found.append(name)
        alternative = _OR_LICENSE.match(text, name.end())
        if alternative is None:
            break
        pos = alternative.end()
    return found


def _letters(key: str) -> str:
    """An alias key's letters only: "gtk+2" and "gtk" are one name in a licence sentence."""
    return "".join(ch for ch in key if ch.isalpha())


def license_names(text: str, subject: str = "") -> list[tuple[str, str]]:
    """``(license, description)`` stated by ``text``: the license named under a "License" heading ("## License" /
    "The MIT License (MIT)" → "MIT License"; an SPDX identifier, "LICENSE: LGPL-2.1-or-later for all code"), after
    "licensed/released/distributed under (the terms of) the" or "licenses this file to You under the", or as the
    adjective of a sentence about ``subject`` ("Avahi is a free, LGPL mDNS/DNS-SD implementation"), or in apposition
    to the licensing terms for it ("the licensing terms for GTK, the GNU LGPL, allow …")."""
    found: list[tuple[str, str]] = []
    for heading in _LICENSE_HEADING.finditer(text):
        window = text[heading.end() : heading.end() + _LICENSE_LOOKAHEAD]
        named = [m for m in (_LICENSE_NAME.search(window), _SPDX_LICENSE.search(window)) if m]
        if named:
            name = min(named, key=lambda m: m.start())
            stated = " ".join((heading.group() + " " + window[: name.end()]).split())
            found.append((" ".join(name.group("name").split()), stated))
    subject_key = entity_alias_key(subject)
    for adjective in _LICENSE_ADJECTIVE.finditer(text) if subject_key else ():
        opener = adjective.group("subject").strip("`*_ \t")
        if opener in ("It", "This") or entity_alias_key(opener) == subject_key:
            found.append((adjective.group("name"), " ".join(adjective.group().split())))
    for apposed in _LICENSE_APPOSED.finditer(text) if subject_key else ():
        named = _letters(entity_alias_key(apposed.group("subject").strip("`*_ \t")))
        if named in ("it", "this") or named == _letters(subject_key):
            found.append((apposed.group("name"), " ".join(apposed.group().split())))
    for under in (*_LICENSED_UNDER.finditer(text), *_LICENSES_TO_YOU.finditer(text)):
        names = _licenses_at(text, under.end())
        if names:
            line_start = text.rfind("\n", 0, under.start()) + 1
            stated = " ".join(text[line_start : names[-1].end()].split())
            found.extend((" ".join(name.group("name").split()), stated) for name in names)
    return found


def _pronoun(body: str) -> re.Match[str] | None:
    """The subject pronoun a sentence opens with ("It is …", "This provides …", "By default, it looks for …"):
    "it"/"this" before a verb (``_PRONOUN_VERBS``, or a verb of ``VERBS`` in its third-person -s form)."""
    match = _PRONOUN.match(body)
    if match is None:
        return None
    verb = match.group("verb").casefold()
    if verb in _PRONOUN_VERBS or (verb.endswith("s") and verb in VERBS and verb not in LIGHT_VERBS):
        return match
    if match.group("pronoun").casefold() == "it" and verb.isalpha() and _THIRD_PERSON.search(verb):
        return match  # "it" is never a determiner: "It aims to …", "It implements …"
    return None


# an option ends at a space, "=", punctuation, a bracket or a closing quote ("`configure --disable-largefile'")
_OPTION = re.compile(r"(?<![\w\-/.])--?[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*(?=[\s=,;:)\]'\"’”]|[.!?](?:\s|$)|$)")


def option_spans(text: str) -> list[Span]:
    """Command-line options ("--append", "-a", "--trace-children" of "--trace-children=yes") as names: one is
    written as a single token that starts with one or two dashes and a letter, not inside a word or path."""
    return [Span(m.start(), m.end(), m.group(), NAME) for m in _OPTION.finditer(text)]


_ITEM_MARK = re.compile(rf"^[ \t]*{LIST_MARKER}[ \t]+")
TERM_MAX_WORDS = 3  # a list item this short and without a sentence end is a term the next item defines


_FOLLOWING = re.compile(r"^(?:the\s+)?following\s+\w", re.IGNORECASE)


_LISTING_END = re.compile(r"^(?P<phrase>[a-z][a-z \t]{1,40}?)[ \t]*:$")


def _listing_verb(rest: str) -> str:
    """The verb phrase between a sentence's last mention and its closing colon ("works on:", "is supported on:",
    "depends on:"), as a predicate, or ``""``: a known verb form (``document_verbs``) must open it, and nothing but
    words may stand between (no other mention, no number)."""
    found = _LISTING_END.match(rest)
    if found is None:
        return ""
    return between_predicate(f" {found.group('phrase')} ", prose=True, leading=document_verbs())


def listed_links(
    units: Sequence[_Unit],
    unit_spans: Sequence[Sequence[Span]],
    unit_relations: Sequence[Sequence[ExtractedRelation]],
    limit: int,
) -> tuple[list[ExtractedRelation], set[tuple[str, str, str]]]:
    """A sentence that ends in a colon and states a relation to "the following …" ("Pango depends on the following
    libraries:") introduces the list items after it: the relation holds for the name each item opens with
    ("- HarfBuzz for complex text shaping" → Pango → depends_on → HarfBuzz), described by the sentence and the
    item (at most ``limit`` characters). So does one whose last mention a verb phrase and the colon follow ("The
    current version of pip works on: - Windows … - CPython 3.7 …" → pip → works_on → CPython 3.7;
    ``_listing_verb``). With no item marked, the names the next line opens with, run in ("… are no longer
    installed:" / "gifecho, giffilter, gifinto, gifsponge. These were …", ``_run_in_list``), are the items.
    Returns those links and the ``(head, relation, tail)`` of the introducing relations they replace (their tail,
    "following libraries", only stands for the list)."""
    links: list[ExtractedRelation] = []
    replaced: set[tuple[str, str, str]] = set()
    for i, unit in enumerate(units):
        if not unit.body.rstrip().endswith(":") or not unit_spans[i]:
            continue
        last = max(unit_spans[i], key=lambda span: span.end)
        rest = unit.body[last.end :].strip()
        if _FOLLOWING.match(last.name) and rest == ":":
            intro = [r for r in unit_relations[i] if r.relation != RELATED_TO and r.tail == last.name]
        elif (verb := _listing_verb(rest)) and last.type != QUANTITY:  # "The current version of pip works on:"
            intro = [ExtractedRelation(last.name, verb, "", last.type, "", "", unit.description)]
        else:
            continue
        items: list[tuple[Span, _Unit]] = []
        for j in range(i + 1, len(units)):
            mark = _ITEM_MARK.match(units[j].body)
            if not mark:
                break
            before = units[j].body[mark.end() :]
            opening = next((s for s in unit_spans[j] if not before[: s.start - mark.end()].strip("[(*_` \t")), None)
            if opening is not None:
                items.append((opening, units[j]))
        if not items and i + 1 < len(units):  # "… are no longer installed:" / "gifecho, giffilter, gifinto."
            items = [(span, units[i + 1]) for span in _run_in_list(units[i + 1].body, unit_spans[i + 1])]
        if not (intro and items):
            continue
        for relation in intro:
            if relation.tail:
                replaced.add((relation.head, relation.relation, relation.tail))
            for name, item in items:
                description = _cap(f"{unit.description} {item.description}", limit)
                links.append(replace(relation, tail=name.name, tail_type=name.type, description=description))
    return links, replaced


def _run_in_list(body: str, spans: Sequence[Span]) -> list[Span]:
    """The names a unit opens with when it is a list run into a line, not marked as items ("gifecho, giffilter,
    gifinto and gifsponge. These were …"): the mentions from its start joined by commas, "and" or "or" (``_AND_NEXT``)
    up to the first that is not, when there are two or more; else none."""
    ordered = sorted(spans, key=lambda span: span.start)
    if not ordered or body[: ordered[0].start].strip("*_`'\" \t"):
        return []
    run = _coordinated(body, ordered[0], ordered[1:])
    return run if len(run) > 1 else []


def _term(body: str) -> str:
    """The term of a list item that names one ("- --quiet", "- -o file"), else ``""``."""
    mark = _ITEM_MARK.match(body)
    if not mark:
        return ""
    rest = body[mark.end() :].strip()
    if not rest or len(rest.split()) > TERM_MAX_WORDS or rest[-1] in ".!?:;,":
        return ""
    return rest


_INFLECTED = re.compile(r"(?:ing|ed|[^s]s)$")  # a verb form that is no base form ("prints", "printed")
_OBJECT_OPENERS = ARTICLES | frozenset(("all", "every", "each", "no", "nothing", "its", "this", "these", "any"))


def _imperative(text: str) -> str:
    """The verb a definition opens with ("Append the …", "Print nothing", "Use …"), casefolded, or ``""``: its
    first word when that is a known verb (``VERB_LEMMAS``), is followed by an article or determiner (an
    object: "Truncate the file"), or is the base form of a word WordNet knows only as a verb ("Suppress unnecessary
    output", ``text.verb_forms.verb_only_forms``; not "Prints", "Printed"); a name ("Ninja ought to …") is none."""
    words = _GAP_WORD.findall(text[:60])
    if not words or not words[0][:1].isalpha():
        return ""
    first = words[0].casefold()
    if first in VERB_LEMMAS or (len(words) > 1 and words[1].casefold() in _OBJECT_OPENERS):
        return first
    if first in verb_only_forms() and not _INFLECTED.search(first):  # "Suppress unnecessary output"
        return first
    return ""


# an option alone on its line, as a README's list ("--with-afs"), a man page ("-q, --quiet") or an AsciiDoc term
# ("--prefix=<prefix>::") writes it: options after commas or bars, each with its argument; the last one's name is
# the term
_OPTION_NAME = r"--?[A-Za-z][\w-]*"
_OPTION_ARGUMENT = r"(?:[ =](?:[A-Z_]+|<[\w.-]+>|\[[\w.=<>-]+\]))?"
_OPTION_LINE = re.compile(
    rf"^[ \t]*(?:{_OPTION_NAME}{_OPTION_ARGUMENT}[ \t]*[,|][ \t]*)*(?P<option>{_OPTION_NAME}){_OPTION_ARGUMENT}"
    r"[ \t]*(?:::?)?[ \t]*$"
)
# a row of a two-column list: a code-like term (a command, an option, an identifier), a tab, its description
_ROW_TERM = r"(?:-{1,2}[A-Za-z]|[a-z0-9])[\w.+-]*"
_ROW = re.compile(rf"^[ \t]*(?P<term>{_ROW_TERM})[ \t]*\t[ \t]*(?P<rest>[A-Z]\S*.*)$")
_ROW_START = re.compile(rf"^{_ROW_TERM}[ \t]*\t", re.MULTILINE)
# the same list aligned with spaces ("  pttc          A trace test generator"): two or more spaces after a term that
# does not end a sentence, a description that opens with a capitalised word
_SPACED_ROW = re.compile(rf"^[ \t]*(?P<term>{_ROW_TERM})(?<![.,;:]) {{2,}}(?P<rest>[A-Z][a-z ]\S*.*)$")
_SPACED_ROW_START = re.compile(rf"^[ \t]*{_ROW_TERM}(?<![.,;:]) {{2,}}[A-Z][a-z ]", re.MULTILINE)
# a description that is a noun phrase with an indefinite article ("A trace test generator"): what the term is
_INDEFINITE = re.compile(r"^(?:A|An)[ \t]+\w")
# a line (or list item) that names a command and says what it does after a dash, as a man page's NAME line and
# a README's list of tools do: "pstree - display a tree of processes", "- *fuser* - Identifies processes …"
_DASH_ROW = re.compile(
    rf"^[ \t]*(?:{LIST_MARKER}[ \t]+)?[*_`]*(?P<term>{_ROW_TERM})[*_`]*(?:\(\d\w*\))?[ \t]+[-–—][ \t]+(?P<rest>\S.*)$"
)
_DASH_ROW_START = re.compile(rf"^(?:{LIST_MARKER}[ \t]+)?[*_`]*{_ROW_TERM}[*_`]*[ \t]+[-–—][ \t]+\S", re.MULTILINE)
_VERB_ASIDE = re.compile(r"^(?P<verb>[A-Za-z]+)[ \t]+\([^()\n]{1,40}\)")


def table_rows(pieces: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """``pieces`` with a two-column list cut into its rows: a line that starts with a code-like term and a tab
    ("xdg-open<TAB><TAB>Open a file or URL …") or two spaces and a capitalised word begins a row of its own, and
    the indented lines after it (the description wrapped in its column) stay with it. Only the extractor reads
    rows so; the sentence splitter, and so chunk text and answers, are unchanged."""
    out: list[tuple[int, str]] = []
    for offset, piece in pieces:  # a piece is never blank (``sentence_spans``): only a cut can leave a blank part
        patterns = (_ROW_START, _DASH_ROW_START, _SPACED_ROW_START)
        starts = {m.start() for pattern in patterns for m in pattern.finditer(piece)}
        cuts = [0, *sorted(start for start in starts if start), len(piece)]
        out.extend((offset + a, piece[a:b]) for a, b in pairwise(cuts) if piece[a:b].strip())
    return out


def _what_it_does(text: str) -> str:
    """The verb a description of what a command does opens with: an imperative (``_imperative``: "display a tree
    …") or a verb in its third-person form ("Identifies processes …", "kills processes by name": a known verb
    form, or a word in -s that is not in -ss/-us/-is and is not followed by a known verb form), casefolded;
    else ``""``."""
    if verb := _imperative(text):
        return verb
    words = _GAP_WORD.findall(text[:60])
    if not words or not words[0][:1].isalpha():
        return ""
    first = words[0].casefold()
    if first in VERBS and first not in AUX:
        return first
    if len(first) > 3 and _THIRD_PERSON.search(first) and not (len(words) > 1 and words[1].casefold() in VERBS):
        return first
    return ""


def _definition(term: str, rest: str, unit: _Unit, *, row: bool = False, verb: str = "") -> _Unit:
    """``unit`` read as the definition of ``term``: the term is its subject and an imperative it opens with
    (``_imperative``) its verb, lower-cased ("--quiet print nothing"); an aside right after that verb ("Keep
    (don't delete) input files") is left out of what is read, and the unit's description (what an edge quotes)
    is kept."""
    aside = _VERB_ASIDE.match(rest)
    if aside and _imperative(aside.group("verb")):
        rest = aside.group("verb") + rest[aside.end() :]
    verb = verb or _imperative(rest)
    verbs = frozenset([verb]) if verb else frozenset()
    rest = rest[:1].lower() + rest[1:] if verb else rest  # "Print nothing" → "print nothing"; "Ninja can" stays
    return _Unit(unit.speaker, f"{term} {rest}", unit.description, verbs, term if row else "")


def defined_terms(units: Sequence[_Unit]) -> list[_Unit]:
    """A definition list written as items ("- -q", "- --quiet", "- Print nothing."), as an option alone on its
    line with its description on the next ("--with-afs" / "Make find support …"), or as a row of a two-column
    list whose description opens with an imperative ("xdg-open<TAB>Open a file or URL …", see ``table_rows``;
    columns aligned with spaces also with a verb in -s: "  zorpdump   Prints the packets …"): the description is
    read with the (last) term as its subject (``_definition``), so what it says is about the term. A row whose
    description is a noun phrase with "A"/"An" says what the term is ("pttc<spaces>A trace test generator" is
    read "pttc is a trace test generator")."""
    out = list(units)
    for i, unit in enumerate(units):
        row = _ROW.match(unit.body)
        if row and _imperative(row.group("rest")):
            out[i] = _definition(row.group("term"), row.group("rest"), unit, row=True)
            continue
        spaced = _SPACED_ROW.match(unit.body)
        if spaced and (verb := _what_it_does(spaced.group("rest"))):
            out[i] = _definition(spaced.group("term"), spaced.group("rest"), unit, row=True, verb=verb)
            continue
        listed = row or spaced
        if listed and _INDEFINITE.match(rest := listed.group("rest")):  # "pttc  A trace test generator": what it is
            out[i] = _definition(listed.group("term"), f"is {rest[:1].lower()}{rest[1:]}", unit, row=True)
            continue
        dash = _DASH_ROW.match(unit.body)
        if dash and (verb := _what_it_does(dash.group("rest"))):
            out[i] = _definition(dash.group("term"), dash.group("rest"), unit, row=True, verb=verb)
            continue
        if not i:
            continue
        mark = _ITEM_MARK.match(unit.body)
        option = _OPTION_LINE.match(units[i - 1].body)
        term = _term(units[i - 1].body) if mark else (option.group("option") if option else "")
        if not term or _term(unit.body) or _OPTION_LINE.match(unit.body):
            continue
        out[i] = _definition(term, unit.body[mark.end() :] if mark else unit.body.lstrip(), unit)
    return out


_BASED = re.compile(r"^(?P<base>\S+?)-based$", re.IGNORECASE)
BASED_ON = "based_on"


def _based_on(spans: Sequence[Span], relations: Sequence[ExtractedRelation]) -> list[ExtractedRelation]:
    """ "xmltodict is fast (Expat-based)": a "<Name>-based" mention says the sentence's subject is based on Name
    (``subject → based_on → Name``), whatever the words between them."""
    if len(spans) < 2:
        return []
    subject = spans[0]
    out = []
    for relation in relations:
        if relation.head != subject.name:
            continue
        based = _BASED.match(relation.tail)
        if based and relation.relation == RELATED_TO:
            out.append(
                ExtractedRelation(
                    subject.name, BASED_ON, based.group("base"), subject.type, relation.tail_type, relation.keywords,
                    relation.description,
                )
            )  # fmt: skip
    return out


VERSION_OF = "is_version_of"
_VERSIONED = re.compile(rf"(?P<base>.*\S)[ \t]+{VERSION.pattern}")


_NUMBERED_PARTS = frozenset((
    "section", "chapter", "figure", "table", "page", "step", "part", "appendix", "example", "item", "line", "note",
    "volume", "paragraph", "clause", "footnote", "listing", "exercise", "lesson", "article", "annex", "phase", "stage",
))  # fmt: skip


def version_links(spans: Sequence[Span], keywords: str, description: str) -> list[ExtractedRelation]:
    """A name written with its release number ("Tcl 8.6.13", "GTK+ 2.18") is a version of the bare name: "Tcl 8.6.13"
    → is_version_of → Tcl, so "which version of Tcl" reaches the number and "requires Python 3.8" keeps it."""
    out = []
    for span in spans:
        versioned = _VERSIONED.fullmatch(span.name) if span.type in (NAME, PERSON) else None
        base = versioned.group("base") if versioned else ""
        # not "version 1.2" → "version", nor "Section 4.4" → "Section": a numbered part of a text is no release
        if base and base.casefold() not in NUMBER_LABELS and base.casefold() not in _NUMBERED_PARTS:
            out.append(ExtractedRelation(span.name, VERSION_OF, base, span.type, NAME, keywords, description))
    return out


# "The maintainer of librsvg is Federico Mena Quintero.": a role (one to three lower-case words) of a thing, then a
# copula and what fills the role
_ROLE_OF = re.compile(
    r"^\s*(?:the|a|an)[ \t]+(?P<role>[a-z][a-z-]*(?:[ \t]+[a-z][a-z-]*){0,2})[ \t]+of[ \t]+(?P<thing>[^,;:]+?)"
    r"[ \t]+(?:is|are|was|were)[ \t]+(?P<value>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_ARTICLE_ONLY = re.compile(r"(?:(?:the|a|an)[ \t]+)?", re.IGNORECASE)  # "is the MIT license", not "is written by …"


def role_links(body: str, spans: Sequence[Span], keywords: str, description: str) -> list[ExtractedRelation]:
    """"The <role> of <X> is <Y>" states ``X → role → Y``: "The maintainer of librsvg is Federico Mena Quintero" →
    ``librsvg → maintainer → Federico Mena Quintero``; "The default value of the timeout option is 30 seconds" →
    ``timeout option → default_value → 30 seconds``. X is the last mention inside the "of" phrase, Y a mention right
    after the copula (an article between them at most: "is written by …" names no value); a role word that is a verb,
    a preposition or a function word ("the use of …") makes no role."""
    found = _ROLE_OF.match(body)
    if found is None:
        return role_before_links(body, spans, keywords, description)
    role = found.group("role").split()
    if any(w.casefold() in FUNCTION or w.casefold() in PREPOSITIONS or w.casefold() in VERBS for w in role):
        return []
    things = [s for s in spans if s.start >= found.start("thing") and s.end <= found.end("thing")]
    start = found.start("value")
    values = [s for s in spans if s.start >= start and _ARTICLE_ONLY.fullmatch(body[start : s.start])]
    if not things or not values:
        return []
    thing, value = things[-1], values[0]
    predicate = "_".join(w.casefold() for w in role)
    return [ExtractedRelation(thing.name, predicate, value.name, thing.type, value.type, keywords, description)]


_BEFORE_THING = re.compile(r"\s*(?:the|a|an)[ \t]+(?:[a-z][a-z-]*[ \t]+){0,2}", re.IGNORECASE)  # "The official "
_ROLE_THEN_COPULA = re.compile(
    r"[ \t]+(?P<role>[a-z][a-z-]*(?:[ \t]+[a-z][a-z-]*){0,2})[ \t]+(?:is|are|was|were)[ \t]+"
)


def role_before_links(body: str, spans: Sequence[Span], keywords: str, description: str) -> list[ExtractedRelation]:
    """"The <X> <role> is <Y>", the role after the name it belongs to, states ``X → role → Y`` too: "The official
    ISO 15924 maintenance agency is the Unicode Consortium" → ``ISO 15924 → maintenance_agency → Unicode
    Consortium``. X is a name (not a concept) that opens the sentence after an article and at most two lower-case
    words, the role one to three lower-case nouns before the copula, and Y a name right after it (an article between
    them at most); a kind noun ("The Quux library is …") or a verb, preposition or function word makes no role."""
    thing = next((s for s in spans if _BEFORE_THING.fullmatch(body, 0, s.start)), None)
    if thing is None or thing.type == CONCEPT:
        return []
    found = _ROLE_THEN_COPULA.match(body, thing.end)
    if found is None:
        return []
    role = found.group("role").split()
    if any(w in FUNCTION or w in PREPOSITIONS or w in VERBS for w in role) or _KIND_WORD.fullmatch(role[-1]):
        return []
    start = found.end()
    value = next((s for s in spans if s.start >= start and _ARTICLE_ONLY.fullmatch(body[start : s.start])), None)
    if value is None or value.type == CONCEPT:
        return []
    predicate = "_".join(role)
    return [ExtractedRelation(thing.name, predicate, value.name, thing.type, value.type, keywords, description)]


# the roles a person has for a thing ("the git-jump maintainer, Jeff King")
ROLE_NOUNS = frozenset((
    "maintainer", "maintainers", "author", "authors", "developer", "developers", "creator", "creators", "founder",
    "founders", "lead", "leader", "owner", "owners", "packager", "packagers", "designer", "designers",
))  # fmt: skip
# a thing's role right before the person who has it: "the git-jump maintainer, ", "Quux's lead developer, "
_ROLE_BEFORE_PERSON = re.compile(
    r"(?<![\w.+-])(?P<thing>[\w][\w.+-]*?)(?:['’]s)?[ \t]+"
    r"(?P<role>(?:(?:lead|main|original|current|principal|co)[ \t]+)?(?P<noun>[a-z]+))[ \t]*,[ \t]*$"
)
_NAME_LIKE = re.compile(r"[A-Z\d]|\w-\w")  # a capital, a digit or an inner hyphen: "Quux", "git-jump", "gtk2"


def role_appositions(
    body: str, spans: Sequence[Span], keywords: str, description: str
) -> list[ExtractedRelation]:
    """A role apposed to the person who has it states ``thing → role → person``: "cc'd to the git-jump maintainer,
    Jeff King <peff@peff.net>" → ``git-jump → maintainer → Jeff King``; "Quux's lead developer, Ann Lee, …" →
    ``Quux → lead_developer → Ann Lee``. The person is a mention that is no keyphrase, right after the comma; the
    role one or two lower-case words ending in a role noun (``ROLE_NOUNS``) before it; the thing the word before the
    role, written as a name (a capital, a digit or an inner hyphen: not "the project maintainer")."""
    out = []
    for person in spans:
        if person.type == CONCEPT:
            continue
        found = _ROLE_BEFORE_PERSON.search(body, 0, person.start)
        if found is None or found.group("noun") not in ROLE_NOUNS or not _NAME_LIKE.search(found.group("thing")):
            continue
        thing = found.group("thing")
        kind = next((s.type for s in spans if s.name == thing and s.type != CONCEPT), NAME)
        predicate = "_".join(found.group("role").split())
        out.append(ExtractedRelation(thing, predicate, person.name, kind, person.type, keywords, description))
    return out


_KIND_NOUN = (
    r"(?:library|module|package|program|tool|command|utility|file|plugin|extension|function|format|daemon|service|"
    r"project)s?"
)
_KIND_WORD = re.compile(_KIND_NOUN, re.IGNORECASE)
# the kind nouns above and those of settings and the file system: what a code-like name is named as
# ("compiler", "server", "parser", "client" are left out: "a C++17 compiler", "an HTTP server" are for what they name)
_ANY_KIND = (
    rf"(?:{_KIND_NOUN}|(?:variable|option|flag|switch|directory|folder|executable|binary|macro|script|algorithm"
    r"|protocol)s?)"
)
# kind nouns that hold or describe the thing named rather than name it ("a pkg-config file" is a file for pkg-config),
# unless the name is a file or path itself ("the foo.conf file", "the /etc/x directory")
_OF_KIND = re.compile(r"\b(?:file|format|directory|folder)s?$", re.IGNORECASE)


def _names_a_file(name: str) -> bool:
    """Whether ``name`` is a file or path name ("foo.conf", "/etc/x"), which "file" or "directory" may follow."""
    return "/" in name or "." in name
_QUOTED_NAME = re.compile(
    rf"[\"“'‘`](?P<name>[A-Za-z][\w.+-]{{1,40}})[\"”'’](?=[ \t]+{_KIND_NOUN}\b)", re.IGNORECASE
)
_NAMED_KIND = re.compile(rf"\b{_KIND_NOUN}[ \t]+[\"“'‘`](?P<name>[A-Za-z][\w.+-]{{1,40}})[\"”'’]", re.IGNORECASE)


# what joins a kind noun to the name it introduces: a comma or "called"/"named", then an opening quote or none
_APPOSITION = r"(?:,[ \t]+|[ \t]+(?:called|named)[ \t]+)[\"“'‘`]*"
# a word that a kind noun introduces so: "installs an executable, ``xq``, which …", "its dependency, jq", "a library
# called midatrie" (quoted or not; the word ends the phrase)
_APPOSED_NAME = re.compile(
    rf"\b(?:an?|the|its|their|this|one)[ \t]+(?:[\w+-]+[ \t]+){{0,2}}"
    rf"(?:{_KIND_NOUN}|(?:executable|binary|dependenc(?:y|ies)|language|backend|frontend)s?)"
    rf"{_APPOSITION}(?P<name>[A-Za-z][\w.+-]{{0,40}}?)[\"”'’`]*"
    r"(?=[ \t]*(?:[,.;:)\[]|$))",
    re.IGNORECASE,
)
_APPOSED_GAP = re.compile(_APPOSITION, re.IGNORECASE)


_SPACE_GAP = re.compile(r"[ \t]+[\"“'‘`]?")
_KIND_LAST = re.compile(rf"\b{_ANY_KIND}$", re.IGNORECASE)  # a kind noun that a code-like name may follow with no comma
_CODE_LIKE = re.compile(r"[\w.+/-]*[_./][\w.+/-]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+|--?[A-Za-z][\w-]*")


def apposed_links(body: str, spans: Sequence[Span], relations: Sequence[ExtractedRelation]) -> list[ExtractedRelation]:
    """A stated relation whose object is a kind noun that a name follows in apposition (``_APPOSED_NAME``: "installs
    an executable, xq", "a library called midatrie"; or, with no comma, a code-like name after a kind noun: "can be
    overridden by the environment variable BLKID_CONF") again, with that name as its object: the name is what the
    sentence is about, the kind noun only says what it is."""
    after = {}
    for first, second in pairwise(spans):
        if second.type != NAME:
            continue
        if _APPOSED_GAP.fullmatch(body, first.end, second.start) or (
            _SPACE_GAP.fullmatch(body, first.end, second.start)
            and _KIND_LAST.search(first.name)
            and _CODE_LIKE.fullmatch(second.name)
        ):  # "the environment variable BLKID_CONF", "the directory /usr/share/x": a code-like name, no comma
            after[first.name] = second
    links = []
    for relation in relations:
        name = after.get(relation.tail)
        if name is not None and relation.relation != RELATED_TO and name.name != relation.head:
            links.append(replace(relation, tail=name.name, tail_type=name.type))
    return links


def _over_mask(span: Span, body: str) -> bool:
    """Whether ``span``, found in a text where earlier spans were masked (``spans.mask``), took in a masked one:
    the quoted "How do I report an lsof bug" read after "lsof" was taken is no name "How do I report an |||| bug"
    (the inner name stays a mention of its own)."""
    return span.name.count("|") > body[span.start : span.end].count("|")


def quoted_spans(text: str) -> list[Span]:
    """A quoted word that a kind noun follows or comes before names a thing of that kind (a "libpipeline" library,
    the "ls" command, the library `libgpg-error'), whatever its case; a quoted word alone may be a scare quote
    ("real" input) and is not a name. A word a kind noun introduces after a comma or "called" (``_APPOSED_NAME``:
    "an executable, xq,", "a library called midatrie") names one too, quoted or not."""
    patterns = (_QUOTED_NAME, _NAMED_KIND, _APPOSED_NAME)
    found = {m.span("name"): m.group("name") for pattern in patterns for m in pattern.finditer(text)}
    return [Span(start, end, name, NAME) for (start, end), name in sorted(found.items())]


_BARE_NAME_KIND = re.compile(  # "the xgettext program", "a pkgconf-based tool": a lower-case word, then a kind noun
    rf"\b(?i:the|an?|its|their|this|each|our|your)[ \t]+(?P<name>[a-z][a-z0-9.+_-]*[a-z0-9+])"
    rf"(?=[ \t]+(?P<kind>{_ANY_KIND})\b)"
)
BARE_NAME_MIN = 4  # letters: shorter unknown words ("gcc", "ls") are as often abbreviations the lemmas lack


def bare_named_kinds(text: str) -> list[Span]:
    """A lower-case word between an article and a kind noun that is no English word (``text.english_words``) names
    a thing of that kind: "The xgettext program extracts …", "the msgmerge tool" ("the main program", "the compiled
    library" keep their words). Nothing without WordNet's word list, where no word could be told from a name."""
    if not known():
        return []
    out = []
    for match in _BARE_NAME_KIND.finditer(text):
        name = match.group("name")
        if _OF_KIND.search(match.group("kind")) and not _names_a_file(name):
            continue  # "a pkg-config file" is a file for pkg-config (``_OF_KIND``)
        if _bare_name(name):
            out.append(Span(match.start("name"), match.end("name"), name, NAME))
    return out


_YES_NO_QUESTION = re.compile(r"^(?:\d{1,3}[.)]\s*|Q:\s*)?(?P<verb>is|are|was|were)\s+", re.IGNORECASE)
_YES_NO_ANSWER = re.compile(r"^(?:A:\s*)?(?P<answer>yes|no)\b", re.IGNORECASE)
STATE_MAX_WORDS = 3  # "Is zlib thread-safe?": what the question asks of its subject is a short phrase


def answered_questions(units: Sequence[_Unit], spans: Sequence[Sequence[Span]]) -> list[ExtractedRelation]:
    """An FAQ's yes/no question answered in the next sentence states a fact: "Is zlib thread-safe?" / "Yes. …"
    → ``zlib → is → thread-safe``; "No." → ``is_not``. The subject is the question's first mention, right after
    its verb (when one keyphrase took both, "zlib thread-safe", its first word); the state is the rest of the
    question, at most ``STATE_MAX_WORDS`` words."""
    out = []
    for i in range(len(units) - 1):
        body = units[i].body.strip()
        question = _YES_NO_QUESTION.match(body)
        answer = _YES_NO_ANSWER.match(units[i + 1].body.strip())
        if not (question and answer and body.endswith("?") and spans[i]):
            continue
        first = spans[i][0]
        if first.start != question.end():
            continue
        name, kind, state = first.name, first.type, body[first.end : -1].strip()
        if not state and first.type == CONCEPT and len(first.name.split()) > 1:
            name, state = first.name.split(None, 1)  # one keyphrase took both: "zlib thread-safe"
        words = state.split()
        if not words or len(words) > STATE_MAX_WORDS or any(ch in state for ch in ",;:()"):
            continue
        predicate = "is" if answer.group("answer").casefold() == "yes" else "is_not"
        description = f"{units[i].description} {units[i + 1].description}"
        out.append(ExtractedRelation(name, predicate, state, kind, CONCEPT, state, description))
    return out


NAMING_WORDS = frozenset(("named", "called", "titled", "entitled", "labelled", "labeled", "dubbed"))


def modifier_words(body: str) -> set[tuple[int, int]]:
    """Where ``body`` has the coordinate adjectives of a noun phrase, as ``(start, end)``: "a portable,
    cross-compilable, packageable fork" → "portable" and "cross-compilable" (``_COORDINATE_ADJECTIVES``). They
    modify the noun; none is a concept of its own."""
    found: set[tuple[int, int]] = set()
    for match in _COORDINATE_ADJECTIVES.finditer(body):
        found.update(w.span() for w in _MODIFIER.finditer(body, match.start("modifiers"), match.end("modifiers")))
    return found


_OPENING = re.compile(r"[\s\-*>#`'\"“]*(?:(?:[Tt]he|[Aa]n?)\s+)?")


def _opens(body: str, span: Span) -> bool:
    """Whether ``span`` opens the sentence ``body`` (list markers, quotes and an article may come before it)."""
    return _OPENING.fullmatch(body, 0, span.start) is not None


_DEFINES = re.compile(r"[ \t]+(?:is|are)[ \t]+an?[ \t]+|(?P<apposition>,[ \t]+)an?[ \t]+", re.IGNORECASE)
_PHRASE_WORD = re.compile(r"[^\W_][\w'’+#.-]*")
_PHRASE_STOPS = frozenset(",.;:!?()[]\"“”")
DEFINITION_WORDS = 6  # words a defining noun phrase holds at most, its coordinate modifiers included
DEFINITION_LEAD = 3  # further words read before a longer phrase is cut to its last ``DEFINITION_WORDS - 1``


_LY_ADJECTIVES = frozenset((
    "early", "only", "daily", "weekly", "monthly", "yearly", "hourly", "friendly", "likely", "costly", "timely",
    "orderly", "elderly", "lovely", "lonely", "holy", "ugly", "silly", "curly", "jolly",
))  # fmt: skip


def _degree_adverb(word: str) -> bool:
    """An -ly adverb made from an English word ("fully", "highly", "easily"; not "family", "assembly", nor an -ly
    adjective such as "early" or "friendly"): with the word after it, a modifier a noun phrase's name can leave out."""
    if not (word.isalpha() and word.islower() and word.endswith("ly")) or word in _LY_ADJECTIVES:
        return False
    stems = (word[:-2], word[:-1], word[:-3] + "y" if word.endswith("ily") else "")
    return any(len(stem) > 2 and is_english(stem) for stem in stems)


def definition_phrase(body: str, spans: Sequence[Span]) -> Span | None:
    """The noun phrase a definition gives its subject, as one concept: "jq is a lightweight and flexible
    command-line JSON processor." → "command-line JSON processor"; "GnuPG is a complete and free implementation
    of …" → "implementation". The sentence opens with a mention and "is/are a/an"; the phrase runs to a
    punctuation mark, a preposition, a relative word or a participle after a noun ("a 1944 film directed by …"; at
    most ``DEFINITION_WORDS`` words), and modifiers
    joined by "and"/"or" before it ("lightweight and flexible") are left out of its name. The span covers what
    was written from the article's end, so the gap before it reads ``is_a`` and no mention inside it is kept."""
    if not spans or not _opens(body, spans[0]):
        return None
    last = 0  # "The Quux tool is a …": the subject's noun phrase may run over several mentions
    while last + 1 < len(spans) and not body[spans[last].end : spans[last + 1].start].strip():
        last += 1
    opening = _DEFINES.match(body, spans[last].end)
    if not opening or (last and opening.group("apposition")):
        return None
    start = opening.end()
    found: list[re.Match[str]] = []
    joins: list[int] = []  # where a coordinate modifier ends: at "and"/"or", or at a comma after one word
    ended = False  # the phrase ends before the words read run out (else it may go on past them)
    for word in _PHRASE_WORD.finditer(body, start):
        between = body[found[-1].end() if found else start : word.start()]
        lower = word.group().casefold().rstrip(".")
        if between.strip() == "," and found and len(found) - (joins[-1] + 1 if joins else 0) == 1:
            joins.append(len(found) - 1)  # "a new, easy-to-use software library"
        elif any(ch in _PHRASE_STOPS for ch in between):
            ended = True
            break
        if len(found) == DEFINITION_WORDS + DEFINITION_LEAD:
            break
        if lower in PREPOSITIONS or lower in RELATIVE:
            ended = True
            break
        if found and (_past_form(lower) or lower in PARTICIPLES) and not found[-1].group().casefold().endswith("ly"):
            ended = True
            break  # "a 1944 film directed by …": a participle after the noun opens a clause
        if lower in ("and", "or"):
            joins.append(len(found))
        found.append(word)
    else:
        ended = True  # the text ends
    words = [w.group().rstrip(".") for w in found]
    if any(w.casefold() in ARTICLES for w in words):
        return None  # "a cat and a dog": two noun phrases, no one type
    named = words[joins[-1] + 2 :] if joins else words
    if len(named) > 3 and _degree_adverb(named[0]):
        named = named[2:]  # "a fully featured object-relational database …": an adverb and the word it modifies
    if ended and DEFINITION_WORDS - 1 < len(named) <= DEFINITION_WORDS - 1 + DEFINITION_LEAD:
        named = named[-(DEFINITION_WORDS - 1) :]  # a long phrase keeps its head and the modifiers next to it
    if not named or len(named) > DEFINITION_WORDS - 1 or named[0][0].isdigit():
        return None  # "a 1944 film": the year is a fact of its own (``_ends_noun_phrase``), not part of a type
    following = _NEXT_WORD.match(body, found[-1].end())
    if len(named) == 1 and following and (following.group(1) or "").casefold() in PREPOSITIONS:
        return None  # "a library for arbitrary precision arithmetic": the bare head says less than what follows
    end = found[-1].start() + len(words[-1])
    if opening.group("apposition") and not body.startswith(",", end):
        return None  # "Quux, a … processor, reads …": an apposition is closed by a comma
    return Span(start, end, " ".join(named), CONCEPT)


_MODIFIED = re.compile(r"\b(?:[Aa]n?|[Tt]he)[ \t]+((?:[a-z0-9][\w+-]*[ \t]+){1,3})$")


_OBJECT_AFTER = re.compile(r"[ \t]+(?:only|also|a|an|the|its|their|all|some|no|it|them)\b", re.IGNORECASE)
_PREPOSITION_AFTER = re.compile(r"[ \t]+(?:by|with|from|into|in|on|at|for|over|against|through)\b", re.IGNORECASE)
_ARTICLE_AFTER = re.compile(r"[ \t]+(?:a|an|the)\b", re.IGNORECASE)
_DETERMINER_AFTER = re.compile(
    r"[ \t]+(?:a|an|the|all|every|each|its|their|this|these|those|any|some)\b", re.IGNORECASE
)


_IRREGULAR_PARTICIPLES = frozenset((
    "written", "built", "made", "known", "given", "taken", "shown", "found", "sent", "held", "kept", "done", "seen",
    "drawn", "bound", "chosen", "brought", "taught",
))  # fmt: skip


def _participle(word: str) -> bool:
    """A past participle ``VERBS`` lists: "used", "generated", "written" (not "need", "speed": no participles)."""
    regular = len(word) >= 4 and word.endswith("ed") and not word.endswith(("eed", "shed"))
    return word in VERBS and (regular or word in _IRREGULAR_PARTICIPLES)


def trailing_verb(body: str, phrase: Phrase, prose: bool = False) -> str:
    """The last word of a keyphrase when it is the clause's verb, else ``""``: "the *project provides* only a
    pkg-config file", "the *frob utility displays* a tree" — a word in -s before an object's first word that
    ``VERBS`` lists, or any such word (not in -ss, -us, -is) right before an article; in a document (``prose``) a
    listed word before a preposition too ("The *libblkid reads* by default …"), and a past participle before one
    ("the LZ77 *algorithm used* in zip": what follows says where the algorithm is used), and a present participle
    (a WordNet verb form in -ing) before an article or determiner ("key support *using* the Mbed TLS backend", "a
    *keyring including* all keys")."""
    words = phrase.text.split()
    last = words[-1].casefold()
    if prose and len(words) >= 2 and _participle(last) and _PREPOSITION_AFTER.match(body, phrase.end):
        return last  # "the LZ77 *algorithm used* in zip": a participle opening a reduced relative clause
    if (
        prose
        and len(words) >= 2
        and last.endswith("ing")
        and last in verb_forms()
        and _DETERMINER_AFTER.match(body, phrase.end)
    ):
        return last  # "adds ECDSA *key support using* the Mbed TLS backend": a present participle and its object
    if len(words) < 2 or not last.endswith("s") or last.endswith(("ss", "us", "is")):
        return ""
    after = _OBJECT_AFTER.match(body, phrase.end) or (_PREPOSITION_AFTER.match(body, phrase.end) if prose else None)
    listed = last in VERBS and after is not None
    return last if listed or (len(last) > 3 and _ARTICLE_AFTER.match(body, phrase.end)) else ""


_AUX_BEFORE = re.compile(r"\b(?:be|been|being|is|are|was|were)[ \t]+$", re.IGNORECASE)


def _passive_participle(body: str, phrase: Phrase) -> bool:
    """Whether a one-word keyphrase is a verb's participle after a form of "be" ("which can be *overridden* by")."""
    word = phrase.text.casefold()
    return (
        " " not in phrase.text
        and word.endswith(("ed", "en"))
        and word in document_verbs()
        and _AUX_BEFORE.search(body, 0, phrase.start) is not None
    )


def _without_leading_verb(span: Span, verbs: frozenset[str]) -> Span:
    """``span`` less its first word when that is the unit's verb (``_Unit.verbs``): "fuser - kills processes by
    name" reads "kills" then the concept "processes", not the concept "kills processes"."""
    first, _, rest = span.name.partition(" ")
    if not rest or first.casefold() not in verbs:
        return span
    start = span.start + span.name.index(rest, len(first))
    return Span(start, span.end, rest, span.type)


def _without_trailing_verb(phrase: Phrase, verb: str) -> Span:
    """The concept span of a keyphrase, less its trailing verb (``trailing_verb``) if it has one."""
    if not verb:
        return Span(phrase.start, phrase.end, phrase.text, CONCEPT)
    text = phrase.text[: phrase.text.casefold().rindex(verb)].rstrip()
    return Span(phrase.start, phrase.start + len(text), text, CONCEPT)


_BEFORE_NAME = re.compile(r"[ \t]+(?P<quote>[\"“'‘`]?)")


def _modifies_name(body: str, phrase: str, end: int, spans: Sequence[Span]) -> bool:
    """Whether a one-word keyphrase ending at ``end`` stands before the name right after it — an adjective
    ("written in *plain* C++") or the name's kind ("the *library* `libgpg-error'"): the name is the mention, the
    word is no concept of its own."""
    after = _BEFORE_NAME.match(body, end)
    # the name's span starts at its quote (a code span holds it) or just after it (a quoted-name span does not)
    starts = {after.start("quote"), after.end()} if after is not None else set()
    return " " not in phrase and any(s.start in starts and s.type != CONCEPT for s in spans)


def with_modifiers(body: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each concept that a determiner opens taking the lower-case words between them into its
    name: "wrote a new ps [program]" → "new ps program" (the object the sentence names, not a bare head noun);
    not across another mention, a verb, a preposition or "and"/"or"."""
    out: list[Span] = []
    for span in spans:
        match = _MODIFIED.search(body, 0, span.start) if span.type == CONCEPT else None
        previous_end = out[-1].end if out else 0
        if match and match.end() == span.start and match.start(1) >= previous_end:
            words = match.group(1).split()
            if not any(w in VERBS or w in PREPOSITIONS or w in FUNCTION or w in ("and", "or") for w in words):
                span = Span(match.start(1), span.end, " ".join([*words, span.name]), CONCEPT)
        out.append(span)
    return out


# a mention that is only a kind noun, one word may come first: "program", "environment variable"
_KIND_ONLY = re.compile(rf"(?:[\w-]+[ \t]+)?{_ANY_KIND}", re.IGNORECASE)
_NAME_THEN_KIND = re.compile(r"[\"”'’`]*[ \t]+")


def _generic_modifier(kind: str) -> bool:
    """Whether a kind mention's word before its kind noun, if it has one, is an English word ("environment
    variable"), not a name of its own ("gcc compiler")."""
    words = kind.split()
    return len(words) == 1 or is_english(words[0])


def with_named_kinds(body: str, spans: list[Span]) -> list[Span]:
    """``spans`` with a kind noun that follows a name ("the 'msgmerge' program", "the --disable-nls option", "the
    FONTCONFIG_FILE variable") taken into the name's span: the name is what the sentence is about ("…, which prepares
    a message catalog" is said of msgmerge), the kind noun only says what it is, so it is no mention of its own.
    "file", "format" and "directory" only after a file or path name (``_OF_KIND``)."""
    out: list[Span] = []
    for span in spans:
        previous = out[-1] if out else None
        if (
            previous is not None
            and span.type == CONCEPT
            and previous.type != CONCEPT
            and _KIND_ONLY.fullmatch(span.name)
            and _generic_modifier(span.name)
            and _NAME_THEN_KIND.fullmatch(body, previous.end, span.start)
            and (not _OF_KIND.search(span.name) or _names_a_file(previous.name))
        ):
            out[-1] = Span(previous.start, span.end, previous.name, previous.type)
            continue
        out.append(span)
    return out


def with_definition(body: str, spans: list[Span]) -> tuple[list[Span], Span | None]:
    """``spans`` with a definition's noun phrase (``definition_phrase``) in place of the mentions inside it and of
    the subject's other words ("The Quux tool is a …" keeps "Quux"), and that phrase when no plain "is a" joins it to
    the subject (an apposition "Quux, a JSON processor, …", or "Quux tool is a …"), so its ``is_a`` is added."""
    phrase = definition_phrase(body, spans)
    if phrase is None:
        return spans, None
    kept = [s for s in spans if s.end <= phrase.start or s.start >= phrase.end]
    kept = [s for s in kept if s is spans[0] or not spans[0].end <= s.start < phrase.start]  # the subject's own words
    joined = _DEFINES.fullmatch(body, spans[0].end, phrase.start)  # None when the subject's own words come between
    unstated = joined is None or joined.group("apposition") is not None
    return sorted([*kept, phrase], key=lambda s: (s.start, -s.end)), phrase if unstated else None


_NAMED_KIND_SUBJECT = re.compile(  # "The xgettext program extracts …", "The 'msgmerge' tool merges …"
    rf"^[\s\-*>#]*(?i:the)[ \t]+[\"“'‘`]?[\w.+-]+[\"”'’`]?[ \t]+{_ANY_KIND}[ \t]+(?P<verb>[a-z]+)\b"
)


def with_named_kind_verbs(units: Sequence[_Unit]) -> list[_Unit]:
    """``units`` with the word after an opening "the <name> <kind noun>" added to the unit's known verbs when it is
    a verb form in its third-person -s form (``document_verbs``, ``_THIRD_PERSON``): "The xgettext program
    *extracts* translatable strings" reads extracts → translatable strings, not the concept "extracts translatable
    strings"."""
    out = []
    for unit in units:
        found = _NAMED_KIND_SUBJECT.match(unit.body)
        verb = found.group("verb") if found else ""
        if verb and verb in document_verbs() and _THIRD_PERSON.search(verb):
            unit = replace(unit, verbs=unit.verbs | {verb})
        out.append(unit)
    return out


def with_pronoun_verbs(units: Sequence[_Unit]) -> list[_Unit]:
    """``units`` with the verb after a subject pronoun ("It aims to conform to …", ``_pronoun``) added to the
    unit's known verbs: it is read as the predicate's verb, never as a concept."""
    out = []
    for unit in units:
        pronoun = _pronoun(unit.body)
        verb = pronoun.group("verb").casefold() if pronoun else ""
        out.append(replace(unit, verbs=unit.verbs | {verb}) if verb and verb not in VERBS else unit)
    return out


def _names_what_follows(phrase: str) -> bool:
    """A keyphrase that ends in a naming participle ("file named", "tool called") only introduces the name
    after it ("looks for a file named build.ninja"): not a concept of its own, so the verb before it links the
    subject to that name."""
    words = phrase.split()
    return len(words) > 1 and words[-1].casefold() in NAMING_WORDS


_COPULA_GAP = re.compile(
    r"^[\s|]*(?:is|are|was|were)\b(?:[\s|]+(?:a|an|the|also|one|name|kind|type|form|variant|version|of)\b)*[\s|]*$",
    re.IGNORECASE,
)


_IMPERATIVE = re.compile(rf"^[ \t]*(?:{LIST_MARKER}[ \t]+)?(?P<verb>[A-Z][a-z]+)\b")
_DETERMINER = r"(?:the|a|an|all|any|your|its|their|this|these)"  # what may stand between a verb and its object
_OBJECT_GAP = re.compile(rf"^[ \t]+(?:{_DETERMINER}[ \t]+)?$", re.IGNORECASE)
_TO_BEFORE = re.compile(r"\bto[ \t]+(?:(?P<article>the|a|an|your|its|their)[ \t]+)?$")
# a preposition that joins the next mention to an imperative's object, with nothing else between them
_PREPOSITION_BEFORE = re.compile(
    rf"[ \t]+(?P<preposition>to|via|with|using|through|into|onto|on|in|from|at|for|under)[ \t]+"
    rf"(?:(?P<article>{_DETERMINER})[ \t]+)?",
    re.IGNORECASE,
)


_OBJECT_PHRASES = 3  # phrases read after a verb's object: "in Node.js via HackerOne", not a list of a dozen


def _object_targets(
    verb: str, target_object: Span, later: Sequence[Span], free: str, keywords: str, description: str
) -> list[ExtractedRelation]:
    """The mentions a verb's object is sent or put somewhere by, one phrase after the other: each of ``later``
    that only a preposition (and an article or determiner) joins to the one before it, from ``target_object`` on
    ("Report [security bugs] in [Node.js] via [HackerOne]" → security bugs → report_in → Node.js, security bugs →
    report_via → HackerOne). A lower-case keyphrase right after "to" with no article ("… [options] to [select
    files]") is an infinitive's verb and object, not a place: the phrases end there."""
    out, last = [], target_object
    for span in later[:_OBJECT_PHRASES]:
        joined = _PREPOSITION_BEFORE.fullmatch(free, last.end, span.start)
        if joined is None:
            break
        preposition = joined.group("preposition").casefold()
        if preposition == "to" and span.type == CONCEPT and joined.group("article") is None:
            break
        predicate = f"{verb}_{preposition}"
        out.append(
            ExtractedRelation(
                target_object.name, predicate, span.name, target_object.type, span.type, keywords, description
            )
        )
        last = span
    return out


def _imperative_targets(
    body: str, spans: Sequence[Span], free: str, keywords: str, description: str
) -> list[ExtractedRelation]:
    """ "Send bug reports, comments, etc. to Thomas E. Dickey": a sentence that opens with an imperative verb
    (``_imperative``), its object the first mention right after it, and a later "to" right before a mention
    says where the object goes: bug reports → send_to → Thomas E. Dickey ("Set X to Y", "Add X to the list").
    The phrases that follow the object one after the other say the same with any preposition
    (``_object_targets``: "Install [the package] with [apt-get]"). A lower-case keyphrase right after "to" with no
    article ("… options to select a …") is an infinitive's verb and object, not a place."""
    opening = _IMPERATIVE.match(body)
    if opening is None or len(spans) < 2:
        return []
    verb = _imperative(body[opening.start("verb") :])
    after = [s for s in spans if s.start >= opening.end()]  # the verb itself may have been read as a concept
    if not verb or len(after) < 2 or not _OBJECT_GAP.match(free[opening.end() : after[0].start]):
        return []
    target_object = after[0]
    if is_adjective(verb) and not free[opening.end() : target_object.start].strip():
        out = []  # "Complete documentation on popt": an adjective before its noun, no verb without a determiner
    else:
        out = _object_targets(verb, target_object, after[1:], free, keywords, description)
    if any(r.relation == f"{verb}_to" for r in out):
        return out
    for span in after[1:]:
        to = _TO_BEFORE.search(free, target_object.end, span.start)
        if to is None:
            continue
        if span.type == CONCEPT and to.group("article") is None:
            return out  # "Use mawk to process files", "… options to select a …": an infinitive, not a place
        head, tail = target_object, span
        sent = ExtractedRelation(head.name, f"{verb}_to", tail.name, head.type, tail.type, keywords, description)
        return [*out, sent]
    return out


# a verb that has no subject of its own before its object: a gerund after a preposition ("without first requesting
# [an allocation]"), a base form after a modal, "to" or the reader ("you can request [an allocation]", "to send
# [reports]", "you need [the stylesheets] in [version 1.69.1]")
_GERUND_LEAD = r"(?:without|by|after|before|when|while|for|on|upon)"
_ADVERB_GAP = r"(?:[\s*_]+(?:[a-z]+ly|first|then|also|just|only)[*_]*)?[\s*_]+"  # "without *first* requesting"
_BASE_LEAD = r"(?:can|could|may|might|should|must|will|would|to|please|you|we)"
_VERB_BEFORE_OBJECT = re.compile(
    rf"(?<![\w-])(?:(?P<gerund_lead>{_GERUND_LEAD}){_ADVERB_GAP}(?P<gerund>[a-z]+ing)"
    rf"|(?P<base_lead>{_BASE_LEAD}){_ADVERB_GAP}(?P<base>[a-z]+))\s+(?:{_DETERMINER}\s+)?$",
    re.IGNORECASE,
)
_NO_OBJECT_VERBS = COPULAS | frozenset(("have", "has", "having", "being", "do", "doing", "get", "getting"))


def verb_object_targets(
    spans: Sequence[Span], free: str, keywords: str, description: str
) -> list[ExtractedRelation]:
    """ "… without first requesting [an allocation] from [base-passwd@packages.debian.org]": a verb with no
    subject of its own right before a mention (``_VERB_BEFORE_OBJECT``: a gerund after a preposition, a base form
    after a modal or "to", any form WordNet lists, ``text.verb_forms``; or a known verb's base form after "you" or
    "we"), and the phrases after that object (``_object_targets``): allocation → requesting_from →
    base-passwd@packages.debian.org. A negated verb ("should not send") is not read."""
    out = []
    for k, target_object in enumerate(spans[:-1]):
        lead = _VERB_BEFORE_OBJECT.search(free, max(0, target_object.start - 60), target_object.start)
        if lead is None:
            continue
        verb = (lead.group("gerund") or lead.group("base")).casefold()
        if verb in _NO_OBJECT_VERBS or not (verb in VERBS or verb in verb_forms()):
            continue
        if lead.group("base") and _INFLECTED.search(verb) and verb not in VERB_LEMMAS:
            continue  # "to [files]" after "can" is a base form, never "prints" or "printed"
        if (lead.group("base_lead") or "").casefold() in ("you", "we") and verb not in VERB_LEMMAS:
            continue  # "you need [X]": a known verb's base form, not "we met [X]" in the past
        out.extend(_object_targets(verb, target_object, spans[k + 1 :], free, keywords, description))
    return out


AGENT_PREPOSITIONS = frozenset(("for", "in", "at", "with", "on", "from", "under", "as", "into", "during"))


def _past_agents(
    spans: Sequence[Span], free: str, relations: Sequence[ExtractedRelation], keywords: str, description: str
) -> list[ExtractedRelation]:
    """ "the algorithm designed by Igor Pavlov for 7-Zip": a passive with its agent ("designed_by") goes on
    past the agent to a preposition and a mention, which completes the same verb: also algorithm →
    designed_for → 7-Zip ("written by X in C" → written_in, "developed by X at Y" → developed_at)."""
    out = []
    for first, (agent, after) in zip(spans, pairwise(spans[1:]), strict=False):
        preposition = free[agent.end : after.start].strip().casefold()
        if preposition not in AGENT_PREPOSITIONS:
            continue
        for relation in relations:
            if relation.head == first.name and relation.tail == agent.name and relation.relation.endswith("_by"):
                predicate = f"{relation.relation.removesuffix('_by')}_{preposition}"
                out.append(
                    ExtractedRelation(first.name, predicate, after.name, first.type, after.type, keywords, description)
                )
                break
    return out


_DEFINITION_GAP = re.compile(
    r"[ \t]+(?:is|are)[ \t]+an?[ \t]+[^.;:!?()\[\]|\n]{1,80}?[ \t]+(?:of|for|to|from|on|in|by|with)(?:[ \t]+the)?[ \t]+"
)
DEFINITION_REACH = 4  # mentions after the subject that "X is a Y of Z" looks at for its Z


def _definition_links(
    body: str, spans: Sequence[Span], read: Mapping[tuple[int, int], str], keywords: str, description: str
) -> list[ExtractedRelation]:
    """ "X is a [modifiers] Y of Z" states X → is_Y_of → Z (``phrase_through_concepts`` read over the gap:
    "GnuPG is a complete and free implementation of the OpenPGP standard" → ``is_implementation_of``) even where
    the nearer pairs have used up ``max_pairs``. X opens the sentence; Z is among the ``DEFINITION_REACH``
    mentions after it; a pair already read with a stated relation is left as it is."""
    if not spans or not _opens(body, spans[0]):
        return []
    subject = spans[0]
    for index in range(1, min(len(spans), DEFINITION_REACH + 1)):
        tail = spans[index]
        gap = body[subject.end : tail.start]
        if not _DEFINITION_GAP.fullmatch(gap):
            continue
        if read.get((0, index), RELATED_TO) != RELATED_TO:
            return []
        predicate = phrase_through_concepts(gap)
        if not predicate or predicate == IS_A:
            return []
        return [ExtractedRelation(subject.name, predicate, tail.name, subject.type, tail.type, keywords, description)]
    return []


_PLURAL_COPULA = re.compile(r"[ \t]+are[ \t]+(?:all[ \t]+|both[ \t]+)?")


def _singular(word: str) -> str:
    """The singular of a regular English plural ("processors" → "processor", "libraries" → "library")."""
    lower = word.casefold()
    if lower.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if lower.endswith(("ses", "xes", "ches", "shes", "zes")):
        return word[:-2]
    return word[:-1]


def _phrase_words(body: str, position: int, clause_ends: bool = False) -> tuple[list[str], int]:
    """The words of the noun phrase written from ``position`` and where it ends: up to punctuation, a preposition or
    a relative word (with ``clause_ends``, also a participle after its first word, "a tool maintained by …", and a
    word that ends the sentence); no words when it holds an article, "and"/"or" or more than ``DEFINITION_WORDS``
    words, so is no one noun phrase."""
    words: list[str] = []
    for word in _PHRASE_WORD.finditer(body, position):
        lower = word.group().casefold().rstrip(".")
        if any(ch in _PHRASE_STOPS for ch in body[position : word.start()]) or lower in PREPOSITIONS | RELATIVE:
            break
        if clause_ends and words and (_past_form(lower) or lower in PARTICIPLES):
            break
        if len(words) == DEFINITION_WORDS or lower in ARTICLES or lower in ("and", "or"):
            return [], position
        words.append(word.group().rstrip("."))
        position = word.end()
        if clause_ends and word.group().endswith("."):
            break
    return words, position


def plural_definitions(
    body: str, spans: Sequence[Span], keywords: str, description: str
) -> list[ExtractedRelation]:
    """"Quux and Zorp are command-line JSON processors." → each → ``is_a`` → "command-line JSON processor": the
    plural of "X is a …" for the mentions coordinated at the sentence's start, when what follows "are" is a noun
    phrase (no article, at most ``DEFINITION_WORDS`` words, up to punctuation, a preposition or a relative word)
    whose last word is a regular plural (not "are fast": an adjective states no type)."""
    runs = [run for run in coordinations(body, spans) if run[0] == 0 and len(run) >= 2]
    if not runs or not _opens(body, spans[0]):
        return []
    run = runs[0]
    copula = _PLURAL_COPULA.match(body, spans[run[-1]].end)
    if copula is None:
        return []
    words, _ = _phrase_words(body, copula.end())
    if not words or words[0][0].isdigit():
        return []
    last = words[-1]
    if not last.endswith("s") or last.endswith("ss") or last.casefold() in QUALITY_ADJECTIVES or len(last) < 4:
        return []
    phrase = " ".join([*words[:-1], _singular(last)])
    return [
        ExtractedRelation(spans[i].name, IS_A, phrase, spans[i].type, CONCEPT, keywords, description) for i in run
    ]


_CREDIT_OPENING = re.compile(r"[`'\"“@]{1,2}")
_CREDIT_HEAD_GAP = 60  # characters: a name this close before the credit is what it credits ("X11::Protocol, version …")


def credit_links(
    body: str, spans: Sequence[Span], subject: str, keywords: str, description: str
) -> list[ExtractedRelation]:
    """Who a copyright line or a credit with no subject of its own names: "X11::Protocol, version 0.56 Copyright (C)
    1997-2006 Stephen McCamant." → X11::Protocol → ``copyright_by`` → Stephen McCamant; "Contributed by Stephane
    Eranian" → the document's ``subject`` → ``contributed_by`` → Stephane Eranian. The person is the mention right after
    the years (or "by"); what a copyright credits is the name (not a keyphrase) that ends within ``_CREDIT_HEAD_GAP``
    characters before it in the same sentence, else the document's subject; a "Written by …" that opens a sentence or
    a line credits the subject; with no subject, nothing."""
    out: list[ExtractedRelation] = []
    for credit in _CREDIT.finditer(body):
        opening = _CREDIT_OPENING.match(body, credit.end())  # "by `@progrium <…>`_": the handle's marks
        start = opening.end() if opening else credit.end()
        handle = opening is not None and "@" in opening.group()  # "@progrium" is a name, whatever its case
        person = next((s for s in spans if s.start == start and (s.type != CONCEPT or handle)), None)
        if person is None:
            continue
        person_type = NAME if person.type == CONCEPT else person.type
        verb = credit.group("verb")
        before = [] if verb else [
            s for s in spans
            if s.type != CONCEPT and s.end <= credit.start() and credit.start() - s.end <= _CREDIT_HEAD_GAP
            and s.name.split()[0].casefold() not in NUMBER_LABELS  # "X, version 0.56 Copyright …" credits X
        ]  # "Written by …" has no subject of its own: it opens a sentence or a line
        head_name, head_type = (before[-1].name, before[-1].type) if before else (subject, NAME)
        if not head_name or entity_alias_key(head_name) == entity_alias_key(person.name):
            continue
        predicate = f"{verb.casefold()}_by" if verb else "copyright_by"
        out.append(ExtractedRelation(head_name, predicate, person.name, head_type, person_type, keywords, description))
    return out


# what a reader is asked to send: "bugs", "bug reports", "questions, comments and patches", "problems/bugs/comments"
_FEEDBACK_NOUN = (
    r"(?:(?:bug|problem|issue|feature)[ \t]+(?:reports?|requests?)|bugs?|problems?|questions?|comments?|suggestions?"
    r"|patch(?:es)?|feedback|issues?)"
)
_FEEDBACK = rf"{_FEEDBACK_NOUN}(?:(?:[ \t]*[,/][ \t]*(?:and[ \t]+|or[ \t]+)?|[ \t]+(?:and|or)[ \t]+){_FEEDBACK_NOUN})*"
# "Please report bugs to …", "Send questions and comments about X to …", "Bugs should be reported to …"
_REPORT = re.compile(
    rf"\b(?P<verb>report|send|mail|e-?mail|direct|submit|address|forward)(?:[ \t]+(?:any|all|your|the))?[ \t]+"
    rf"(?P<object>{_FEEDBACK})\b(?P<middle>[^.;:!?]{{0,80}}?)\b(?:to|at)[ \t]+(?:(?:me|us)[ \t]*,?[ \t]+)?"
    rf"|\b(?P<passive_object>{_FEEDBACK})\b(?P<passive_middle>[^.;:!?]{{0,60}}?)"
    rf"[ \t]+(?:should|must|can|may)[ \t]+be[ \t]+"
    rf"(?P<passive_verb>reported|sent|mailed|e-?mailed|directed|submitted|addressed|forwarded)[ \t]+(?:to|at)[ \t]+",
    re.IGNORECASE,
)
_REPORT_VERBS = {"reported": "report", "sent": "send", "mailed": "mail", "emailed": "email", "e-mailed": "email"}


def report_links(
    body: str, spans: Sequence[Span], subject: str, keywords: str, description: str
) -> list[ExtractedRelation]:
    """Where a document asks its reader to send bugs, questions or patches, as a relation of what they are about:
    "Please report any problems/bugs/comments by sending email to krb5-bugs@mit.edu." → Kerberos →
    ``report_problems_to`` → krb5-bugs@mit.edu (not only a generic "comments" → … edge that every README shares).
    What the feedback is about is the name (not a keyphrase) between the feedback and "to" ("bug reports about mawk"),
    else the document's ``subject``; the recipient is the mention right after "to"/"at" (an e-mail address, a person,
    a name)."""
    out: list[ExtractedRelation] = []
    for match in _REPORT.finditer(body):
        passive = match.group("passive_object") is not None
        middle = "passive_middle" if passive else "middle"
        target = next((s for s in spans if s.start == match.end() and s.type != CONCEPT), None)
        if target is None:
            continue
        about = [
            s for s in spans if match.start(middle) <= s.start and s.end <= match.end(middle) and s.type != CONCEPT
        ]
        head_name, head_type = (about[0].name, about[0].type) if about else (subject, NAME)
        if not head_name or entity_alias_key(head_name) == entity_alias_key(target.name):
            continue
        verb = (match.group("passive_verb") if passive else match.group("verb")).casefold()
        nouns = match.group("passive_object" if passive else "object")
        noun = re.split(r"[ \t]*[,/][ \t]*|[ \t]+(?:and|or)[ \t]+", nouns)[0]
        predicate = _snake(f"{_REPORT_VERBS.get(verb, verb)} {noun.casefold()} to")
        out.append(ExtractedRelation(head_name, predicate, target.name, head_type, target.type, keywords, description))
    return out


_THIS_IS_OPENING = re.compile(r"[\s\-*>#]*This[ \t]+is[ \t]+(?:(?:the|an?)[ \t]+)?[\"“'‘`]*")
# after the name: a closing quote, a manual section ("popt(3)"), then an apposition's article or a space
_AFTER_THIS_IS_NAME = re.compile(
    r"[\"”'’`]*(?:\(\d\w*\))?(?:,[ \t]+(?:the|an?)[ \t]+|[ \t]+[-–—][ \t]+(?:[Tt]he|[Aa]n?)[ \t]+|[ \t]+)"
)


def this_is_definitions(
    body: str, spans: Sequence[Span], keywords: str, description: str
) -> tuple[list[ExtractedRelation], tuple[int, int]]:
    """A document that introduces itself names its kind: "This is the popt(3) command line option parsing
    library." → popt → ``is_a`` → "command line option parsing library"; "This is GNU Make, a program for
    controlling builds." → "program"; "This is librsvg - A small library to render …" → "small library"; "This is
    the Zlib compression library." → "compression library" (a kind noun that ``with_named_kinds`` took into the
    name's span is read from the text). The name is the first mention, right after "This is (the/a)"; the noun phrase
    runs to punctuation, a preposition, a relative word or a participle (at most ``DEFINITION_WORDS`` words, no
    article, "and" or "or"), and its last word is no quality adjective. "This"
    may be the name's own mention (``_resolve_pronouns`` reads it as the document's subject). Also returns where the
    noun phrase is written, so that the mentions inside it are not read as the name's objects too."""
    none: tuple[list[ExtractedRelation], tuple[int, int]] = [], (0, 0)
    opening = _THIS_IS_OPENING.match(body)
    if opening is None or not spans or spans[0].type == CONCEPT:
        return none
    name = spans[0]
    if name.start != opening.end() and body[name.start : name.end] != "This":
        return none
    written = re.compile(re.escape(name.name), re.IGNORECASE).match(body, opening.end())
    if written is None:
        return none
    after = _AFTER_THIS_IS_NAME.match(body, written.end())
    if after is None:
        return none
    words, position = _phrase_words(body, after.end(), clause_ends=True)
    if not words or words[0][0].isdigit() or words[-1].casefold() in QUALITY_ADJECTIVES | FUNCTION:
        return none
    phrase = " ".join(words)
    if entity_alias_key(phrase) == entity_alias_key(name.name):
        return none
    link = ExtractedRelation(name.name, IS_A, phrase, name.type, CONCEPT, keywords, description)
    return [link], (after.end(), position)


def license_links(
    body: str, spans: Sequence[Span], keywords: str, description: str
) -> list[ExtractedRelation]:
    """The sentence's subject → ``is_licensed_under`` → the licence it names after "distributed / modified / used
    … under (the terms of) the …": "The GNU MPFR Library is free software; you can redistribute it and/or modify
    it under the terms of the GNU Lesser General Public License …", "[GnuPG:] It can be freely used, modified and
    distributed under the terms of the GNU General Public License" (the subject is the mention that opens the
    sentence, a pronoun's antecedent included). The document-wide rule (``license_names``) gives the licence to
    the document's subject, which is not always the name the text uses ("The GNU Privacy Guard" / "GnuPG"). A
    permission to the reader ("You may redistribute Quux under the terms of …") licenses what it lets them use."""
    permitted = _PERMITTED_UNDER.match(body)
    under = permitted or _LICENSED_UNDER.search(body)
    names = _licenses_at(body, under.end()) if under else []
    if not under or not names or not spans:
        return []
    if permitted is not None:  # "You may redistribute Quux under …": the first mention the verb takes
        subject = next((s for s in spans if permitted.start("object") <= s.start < permitted.end("object")), None)
    else:
        subject = spans[0] if _opens(body, spans[0]) else None
    limit = permitted.end("object") if permitted is not None else under.start()
    if subject is None or subject.start >= limit:
        return []
    license_names = [" ".join(name.group("name").split()) for name in names]
    return [
        ExtractedRelation(subject.name, IS_LICENSED_UNDER, license_name, subject.type, NAME, keywords, description)
        for license_name in license_names
        if entity_alias_key(subject.name) != entity_alias_key(license_name)
    ]


def _copula_passives(
    spans: Sequence[Span], free: str, relations: Sequence[ExtractedRelation], keywords: str, description: str
) -> list[ExtractedRelation]:
    """ "X is the Y designed by Z" also states X → designed_by → Z: a passive relation ("…_by") of a concept Y
    that the sentence's first mention X is (only a copula, articles and "the name/kind/type of" between
    them, ``_COPULA_GAP``) holds for X too."""
    if len(spans) < 3:
        return []
    subject = spans[0]
    out = []
    for relation in relations:
        passive = relation.relation.endswith("_by") or relation.relation.rpartition("_")[2] in AGENT_PREPOSITIONS
        if not passive or relation.head_type != CONCEPT:
            continue
        concept = next((s for s in spans[1:] if s.name == relation.head), None)
        if concept is None or not _COPULA_GAP.match(free[subject.end : concept.start]):
            continue
        if relation.tail != subject.name:
            out.append(
                ExtractedRelation(
                    subject.name, relation.relation, relation.tail, subject.type, relation.tail_type, keywords,
                    description,
                )
            )  # fmt: skip
    return out


_REQUIRED_GAP = re.compile(
    r"^[ \t]+(?:is|are)[ \t]+(?:also[ \t]+)?(?:required|needed|necessary)[ \t]+"
    r"(?:to[ \t]+(?:build|compile|run|use|install|test)|for(?:[ \t]+(?:building|compiling|running|using|installing))?)"
    r"[ \t]+(?:the[ \t]+)?$",
    re.IGNORECASE,
)


def required_links(
    spans: Sequence[Span], free: str, keywords: str, description: str
) -> list[ExtractedRelation]:
    """"A C++17 compiler is required to build Quux" states Quux → requires → compiler: the active reading of a
    requirement written in the passive (the thing built, run or used needs the mention before "is required")."""
    out = []
    for head, tail in pairwise(spans):
        if _REQUIRED_GAP.match(free[head.end : tail.start]):
            out.append(ExtractedRelation(tail.name, REQUIRES, head.name, tail.type, head.type, keywords, description))
    return out


# a need told to the reader, of what the document is about: "You must have Ghostscript installed to …", "To build it
# you will need CMake", "You have to install jq first", "Ghostscript must be installed", "Building requires Meson"; an
# opening purpose other than building, installing, running or using ("To verify the signature, you will need the
# public key") is a need of that task, not of the subject, and a need the reader may have is no need of the subject
# ("If you need to install a Python application …"; "If building from git, you will need autoconf" is one)
_READER_NEEDS = re.compile(
    r"^[\s\-*>#]*(?:(?:(?:to|before)[ \t]+(?:build|compile|install|use|run|test|using|building|compiling|installing"
    r"|running)|for)\b[^,.;:!?\n]{0,60}?,?[ \t]+|(?:if|when)\b[^,.;:!?\n]{1,60}?,[ \t]+)?you[ \t]+"
    r"(?:(?:will|would|may|might|must|should|also|first|still|'ll|’ll)[ \t]*)*"
    r"(?:(?P<need>need|require)[ \t]+(?:to[ \t]+(?:have|install|use)[ \t]+)?|(?:have|need)[ \t]+to[ \t]+"
    r"(?:have|install|use)[ \t]+|(?P<have>have)[ \t]+)"
    r"(?:(?:its|their)[ \t]+(?:dependency|dependencies|prerequisites?),?[ \t]+)?(?:(?:the|a|an|some)[ \t]+)?[\"“'‘`]*"
    r"|^[\s\-*>#]*(?:building|compiling|installing|running|using|testing)(?:[ \t]+(?:it|this))?[ \t]+requires[ \t]+"
    r"(?:(?:the|a|an)[ \t]+)?[\"“'‘`]*",
    re.IGNORECASE,
)
_MUST_BE_INSTALLED = re.compile(  # matched at a mention's end
    r"[\"”'’`]*[ \t]+(?:must|needs[ \t]+to|has[ \t]+to|should)[ \t]+be[ \t]+(?:installed|available|present)\b",
    re.IGNORECASE,
)
_HAVE_INSTALLED = re.compile(r"[\"”'’`]*[ \t]+(?:installed|available|present)\b", re.IGNORECASE)
# "zlib is also required." / "On Linux, zlib is also required, even when …": needed, by nothing named (matched at
# a mention's end); "… is required by X" / "to build X" are X's needs (``_REQUIRED_GAP``)
_IS_REQUIRED = re.compile(
    r"[\"”'’`]*[ \t]+(?:is|are)[ \t]+(?:also[ \t]+)?(?:required|needed)"
    r"(?=[ \t]*(?:[,.;:!(]|$)|[ \t]+(?:even|as[ \t]+well|too)\b)",
    re.IGNORECASE,
)
_OPENING_CONDITION = re.compile(r"^[\s\-*>#]*(?:on|for|with|under|in)[ \t]+[^,.;:!?\n]{1,40},[ \t]*$", re.IGNORECASE)
_AND_NEXT = re.compile(r"^[\"”'’`]*(?:,[ \t]*|[ \t]+)(?:(?:and|or)[ \t]+)?(?:(?:the|a|an)[ \t]+)?[\"“'‘`]*$")


def _coordinated(body: str, first: Span, following: Sequence[Span], joins: re.Pattern[str] = _AND_NEXT) -> list[Span]:
    """``first`` and the mentions of ``following`` (those after it, in order) that ``joins`` matches the gap before,
    up to the first it does not: "CMake and a C compiler", "gcc, make or clang"."""
    run = [first]
    for span in following:
        if not joins.match(body[run[-1].end : span.start]):
            break
        run.append(span)
    return run


def reader_requirements(
    body: str, spans: Sequence[Span], subject: str, keywords: str, description: str
) -> list[ExtractedRelation]:
    """What the reader is told to have, as the document's ``subject`` → ``requires`` → it: "You must have
    Ghostscript installed to produce PDF output" (in groff's README) → groff → requires → Ghostscript; "To build it
    you will need CMake and a C compiler" → both; "Ghostscript must be installed", "Building requires Meson". "You
    have X" only with "installed" / "available" after X ("you have the option to …" needs nothing). "X is also
    required" at a sentence's start, or after an opening condition ("On Linux, zlib is also required, even when …")."""
    if not subject or not spans:
        return []
    needed: list[Span] = []
    told = _READER_NEEDS.match(body)
    if told is not None:
        opened = len(body[: told.end()].rstrip("\"“'‘`"))  # a quoted name's span may hold its opening quote
        first = next((s for s in spans if opened <= s.start <= told.end()), None)
        if first is not None and (not told.group("have") or _HAVE_INSTALLED.match(body, first.end)):
            needed += _coordinated(body, first, spans[spans.index(first) + 1 :])  # "CMake and a C compiler"
    elif _opens(body, spans[0]) and _MUST_BE_INSTALLED.match(body, spans[0].end):
        needed.append(spans[0])
    else:
        needed += [
            s for s in spans[:2]
            if (_opens(body, s) or _OPENING_CONDITION.match(body, 0, s.start)) and _IS_REQUIRED.match(body, s.end)
        ]  # fmt: skip
    key = entity_alias_key(subject)
    return [
        ExtractedRelation(subject, REQUIRES, s.name, NAME, s.type, keywords, description)
        for s in needed
        if entity_alias_key(s.name) != key
    ]


# What a document tells its reader to do: an imperative that opens the sentence, after an opening clause or not
# ("Use --disable-nls if …", "To use the UTF-8 flavour, compile libstemmer_utf8.c …", "Please run …"), or a verb
# the reader is its subject of ("You can set OPENSSL_PREFIX …", "you should run …"); the verb is group "verb".
_INSTRUCTION = re.compile(
    r"^[\s\-*>#]*(?P<lead>(?:to|if|when|once|after|before|unless|on|for|in|with|during)\b[^,.;:!?\n]{1,80}?,[ \t]+)?"
    r"(?P<reader>please[ \t]+|you[ \t]+(?:(?:can|could|may|might|must|should|will|would|also|then|just|first|now|"
    r"'ll|’ll)[ \t]+)*(?:(?:need|have|want)[ \t]+to[ \t]+)?)?(?P<verb>[A-Za-z]+)\b",
    re.IGNORECASE,
)
# verbs a reader is told that say nothing of what they act on ("Note the …", "Let X be …", "Feel free …"), and
# those ``reader_requirements`` reads ("you need X")
_NO_INSTRUCTION = _NO_OBJECT_VERBS | frozenset(
    ("note", "let", "thank", "feel", "mind", "need", "require", "want", "tell", "ask", "can", "will", "be")
)  # "tell Net-SSLeay where …": its object is who is told
# between coordinated objects: a comma or "and"/"or" ("--with-foo and --with-bar"), not a bare space ("the
# --no-sandbox command line argument" is one thing)
_OBJECT_AND = re.compile(
    r"^[\"”'’`]*(?:,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or)[ \t]+)(?:(?:the|a|an)[ \t]+)?[\"“'‘`]*$"
)
_OBJECT_AFTER_VERB = re.compile(rf"^[ \t]+(?:(?P<determiner>{_DETERMINER})[ \t]+)?[\"“'‘`]*$", re.IGNORECASE)


def reader_instructions(
    body: str, spans: Sequence[Span], subject: str, keywords: str, description: str
) -> list[ExtractedRelation]:
    """What a document about ``subject`` tells its reader to do with a thing, as ``subject`` → ``you_<verb>`` → the
    thing: "Use --disable-nls if you absolutely don't want to have messages handling code." in gettext's README →
    GNU gettext → ``you_use`` → --disable-nls; "To do this, use the --with-system-includedir and --with-system-libdir
    configure flags" → both; "You can run corepack enable …" → ``you_run``. The verb (``_INSTRUCTION``) opens the
    sentence or follows an opening clause, and is followed by its object: the mention right after it (an article
    between), with the mentions coordinated after that. The verb is a known one (``VERB_LEMMAS``), one WordNet lists
    only as a verb ("edit", "unpack"), or a base form WordNet lists as a verb too with an article before the object
    ("Set the …", not "Man pages" or a table's "size Double …"); never an inflected form. The reader, not the
    subject, does it: hence ``you_``; the subject itself is no object."""
    if not subject or not spans:
        return []
    told = _INSTRUCTION.match(body)
    if told is None:
        return []
    verb = told.group("verb").casefold()
    if not (told.group("lead") or told.group("reader") or told.group("verb")[0].isupper()):
        return []  # a line that opens with a lower-case word is a row or code ("order  Int  Order …"), no sentence
    first = next((s for s in spans if s.start >= told.end()), None)
    gap = None if first is None else _OBJECT_AFTER_VERB.match(body[told.end() : first.start])
    if first is None or gap is None or verb in _NO_INSTRUCTION:
        return []
    if is_adjective(verb) and gap.group("determiner") is None and first.type == CONCEPT:
        return []  # "Complete documentation on popt is …": an adjective before its noun (not "Set DEBUG=1")
    if verb not in VERB_LEMMAS and (
        _INFLECTED.search(verb)  # "creates", "creating"
        or (verb not in verb_only_forms() and (gap.group("determiner") is None or verb not in verb_forms()))
    ):  # "Set the …", "Edit config.mk", not "Man pages" or a table's "size Double …"
        return []
    # "use the --with-system-includedir and --with-system-libdir"
    objects = _coordinated(body, first, spans[spans.index(first) + 1 :], _OBJECT_AND)
    key = entity_alias_key(subject)
    return [
        ExtractedRelation(subject, f"you_{verb}", s.name, NAME, s.type, keywords, description)
        for s in objects
        if entity_alias_key(s.name) != key
    ]


# "X is supported", "Y are not provided": a passive with no agent in a document says what its subject does (the
# verb's active form, ``does_not_…`` when negated). Matched right after the clause's subject; the clause must end
# there (a stop, a comma, a colon before a list, a parenthesis), so "SSL is not supported on Windows" or "… is
# provided by libfoo" states nothing of the subject.
_AGENTLESS_VERBS = {"supported": "support", "provided": "provide", "included": "include", "shipped": "ship",
                    "bundled": "bundle", "required": "require", "needed": "require",
                    "installed": "install"}  # fmt: skip
_AGENTLESS = re.compile(
    r"[\"”'’`]*(?:[ \t]+(?:or|and)[ \t]+(?:later|newer|above|higher|greater))?[ \t]+(?:is|are)[ \t]+"
    r"(?:(?:also|now|currently|fully|only|officially|still|already|well)[ \t]+)*"
    r"(?:(?P<neg>not[ \t]+)|(?P<stale>no[ \t]+longer[ \t]+))?"
    r"(?:(?:yet|currently|officially|fully)[ \t]+)?(?P<verb>" + "|".join(_AGENTLESS_VERBS) + r")"
    r"[ \t]*(?P<end>[.;!(]|,|:|$)",
    re.IGNORECASE,
)


def topic_links(
    subject: str, bodies: Sequence[str], spans: Sequence[Sequence[Span]], stated: Sequence[Sequence[ExtractedRelation]]
) -> list[ExtractedRelation]:
    """``subject`` ``related_to`` the head of each relation a sentence of its document states without naming it
    ("Where does iso-codes put its JSON data files?" is answered by "The JSON data files are stored in
    /usr/share/iso-codes/json." in iso-codes' README: subject — ``related_to`` — files → ``are_stored_in`` → …).
    Co-occurrence in one document, so ``related_to``, which states nothing: the fact stays the sentence's own edge,
    and the link is the path from the document's subject to it. ``bodies``, ``spans`` and ``stated`` are the chunk's
    units, their mentions and their relations; a unit that names the subject (a mention or its words) is linked by
    its own edges, and each head is linked once, with the sentence that first stated something of it."""
    key = entity_alias_key(subject)
    if not key:
        return []
    named = re.compile(rf"(?<![\w/.@-]){re.escape(subject)}(?![\w/@-]|\.\w)", re.IGNORECASE)  # not in a path
    out: list[ExtractedRelation] = []
    linked: set[str] = {key}
    for body, found, relations in zip(bodies, spans, stated, strict=True):
        if named.search(body) or any(entity_alias_key(s.name) == key for s in found):
            continue
        for relation in relations:
            head = entity_alias_key(relation.head)
            if relation.relation in (RELATED_TO, MENTIONS) or head in linked or entity_alias_key(relation.tail) == key:
                continue
            linked.add(head)
            out.append(
                ExtractedRelation(subject, RELATED_TO, relation.head, NAME, relation.head_type, relation.keywords,
                                  relation.description)
            )  # fmt: skip
    return out


def agentless_links(
    body: str, spans: Sequence[Span], subject: str, keywords: str, description: str
) -> list[ExtractedRelation]:
    """What a passive with no agent says its document's ``subject`` does (``_AGENTLESS``): "Windows and macOS are
    supported." → subject → ``supports`` → Windows, macOS; "Python 3.8 or later is required." → ``requires``; "A
    pkg-config file is not provided." → ``does_not_provide``; "The quux tool is no longer installed." →
    ``no_longer_installs``; "The following types of HTTP authentication are
    supported: Digest, Basic and WSSE" → ``supports`` → each listed name (the list after the colon, when the clause
    opens with "the following" or its subject is a kind, not a name). The clause's subject is the mention right before
    the verb, with the mentions coordinated before it, and it opens the sentence (or follows an opening condition: "On
    Linux, zlib is needed."). With no subject, or a clause that goes on after the verb ("is supported on Windows", "is
    provided by …"), nothing."""
    if not subject or not spans:
        return []
    key = entity_alias_key(subject)
    out: list[ExtractedRelation] = []
    for match in _AGENTLESS.finditer(body):
        before = [s for s in spans if s.end <= match.start()]
        if not before or before[-1].end != match.start():
            continue
        kind = before[-1].type == CONCEPT  # "Three compression methods are supported: …": a kind, then its members
        following = _FOLLOWING.match(before[0].name) is not None and _opens(body, before[0])  # "The following …"
        listed = match.group("end") == ":" and (kind or following)
        if listed:
            objects = [s for s in spans if s.start >= match.end()]
        else:
            objects = [before[-1]]
            for span in reversed(before[:-1]):  # "Linux and FreeBSD are supported"
                if not _AND_NEXT.match(body[span.end : objects[0].start]):
                    break
                objects.insert(0, span)
            opening = objects[0]
            if not (_opens(body, opening) or _OPENING_CONDITION.match(body, 0, opening.start)):
                continue
            if match.group("end") == ":":  # "X is required: …" introduces what follows, not X alone
                continue
        verb = _AGENTLESS_VERBS[match.group("verb").casefold()]
        if match.group("neg"):
            predicate = f"does_not_{verb}"
        else:
            predicate = f"no_longer_{verb}s" if match.group("stale") else f"{verb}s"
        out += [
            ExtractedRelation(subject, predicate, s.name, NAME, s.type, keywords, description)
            for s in objects
            if entity_alias_key(s.name) != key
        ]
    return out


def _resolve_pronouns(units: Sequence[_Unit], unit_spans: list[list[Span]], subject: str = "") -> list[list[Span]]:
    """A sentence's subject pronoun ("It is the name of …", "By default, it looks for …"; ``_pronoun``) stands
    for the subject of the nearest of the ``ANTECEDENT_SENTENCES`` sentences before it that opens with a name
    (a ``name`` or ``title`` mention at the sentence's start, or a capitalised subject before a finite verb,
    ``_OPENING_SUBJECT``: "Sodium is a new … library"): "Ninja joins a sea of build systems. Its goal is
    speed. It is born from …" — the sentence between opens with no name, so "It" is Ninja. Questions are not
    counted ("Cscope is designed to answer questions like: Where is …? What …? It has been released …"), and
    where no sentence of the window opens with a subject the pronoun stands for the document's ``subject``
    (``document_subjects``), when it has one. A "we" that opens a sentence before a verb stands for the document's
    subject too ("We do not use Github for bug reporting": its authors speak for it)."""
    out = [list(spans) for spans in unit_spans]
    for i in range(len(units)):
        pronoun = _pronoun(units[i].body)
        if not pronoun:
            continue
        start, end = pronoun.span("pronoun")
        if any(s.start < end for s in out[i]):
            continue
        antecedent, looked, back = None, 0, i - 1
        while back >= 0 and looked < ANTECEDENT_SENTENCES:
            body = units[back].body.strip()
            back -= 1
            if body.endswith("?"):
                continue
            looked += 1
            lead = min((s for s in out[back + 1] if s.start <= _LEAD), key=lambda s: s.start, default=None)
            if lead is not None:
                antecedent = (lead.name, lead.type) if lead.type in (NAME, TITLE) else ("", "")
                break
            opening = _OPENING_SUBJECT.match(body)
            if opening and opening.group("subject").split()[0].casefold() not in FUNCTION:
                antecedent = (opening.group("subject"), NAME)
                break
        if antecedent is None and subject:
            antecedent = (subject, NAME)
        if antecedent and antecedent[0]:
            out[i].append(Span(start, end, *antecedent))
    if subject:  # "We do not use Github for bug reporting": the document's authors speak for what it is about
        for i, unit in enumerate(units):
            we = _WE.search(unit.body)
            if we and we.group("verb").casefold() in VERBS and we.group("verb").casefold() not in LIGHT_VERBS:
                start, end = we.span("pronoun")
                if not any(s.start < end for s in out[i]):
                    out[i].append(Span(start, end, subject, NAME))
    return out


# "We recommend pipx", "… note that we do not use Github": "we" opening a clause, before a verb (not "we are")
_WE = re.compile(
    r"(?:^[\s\-*>#]*|[,;][ \t]+|\b(?:that|and|but|so)[ \t]+)(?P<pronoun>[Ww]e)[ \t]+"
    r"(?:(?:do[ \t]+not|don['’]t|also|currently|now|only|still|strongly|highly|no[ \t]+longer)[ \t]+)?"
    r"(?P<verb>[a-z]+)\b"
)


# "this library", "these programs": a kind noun after a demonstrative, in a document, is the thing the document is
# about ("In case of bugs in these programs, please contact Ted Ts'o" in e2fsprogs' README); "this document",
# "this file", "this version" are not, and are left alone
DEMONSTRATIVE_KINDS = frozenset((
    "library", "libraries", "package", "packages", "program", "programs", "code", "software", "project",
    "module", "modules", "tool", "tools", "utility", "utilities", "application", "daemon", "extension",
    "plugin", "driver", "toolkit", "framework", "implementation", "suite",
))  # fmt: skip
DEMONSTRATIVE_SUBJECT_WORDS = 2
_DEMONSTRATIVE = re.compile(r"\b(?:[Tt]his|[Tt]hese)[ \t]+(?P<kind>[a-z]+)\b")


def _resolve_demonstratives(
    units: Sequence[_Unit], unit_spans: list[list[Span]], subject: str = ""
) -> list[list[Span]]:
    """A demonstrative and a kind noun of ``DEMONSTRATIVE_KINDS`` ("this library", "these programs") stand for the
    document's ``subject`` (``document_subjects``) when that is a name of one or two words ("e2fsprogs", "GNU make"; not
    a title such as "Frequently Asked Questions"), unless a mention already covers them."""
    words = subject.split()
    if not words or len(words) > DEMONSTRATIVE_SUBJECT_WORDS or any(w.casefold() in FUNCTION for w in words):
        return unit_spans
    out = [list(spans) for spans in unit_spans]
    for unit, spans in zip(units, out, strict=True):
        for match in _DEMONSTRATIVE.finditer(unit.body):
            if match.group("kind") not in DEMONSTRATIVE_KINDS:
                continue
            if any(s.start < match.end() and match.start() < s.end for s in spans):
                continue
            spans.append(Span(match.start(), match.end(), subject, NAME))
    return out


def _start_methods() -> list[str]:
    import multiprocessing

    return multiprocessing.get_all_start_methods()


@dataclass(frozen=True, slots=True)
class _Unit:
    speaker: str | None
    body: str
    description: str
    verbs: frozenset[str] = frozenset()  # words known to be verbs here (a definition's imperative: "append")
    term: str = ""  # a two-column row's term, which opens the body: a name ("xdg-open"), whatever its case


def _with_term(unit: _Unit, spans: list[Span]) -> list[Span]:
    """``spans`` with the unit's row term (``_Unit.term``, at the start of its body) as a name, unless a span
    already starts there."""
    if not unit.term or any(span.start == 0 for span in spans):
        return spans
    return [Span(0, len(unit.term), unit.term, NAME), *spans]


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


QUANTIFIER_NOUNS = frozenset(("minimum", "maximum", "total"))  # "a minimum of 10 minutes": the quantity is the object
_POSSESSION = frozenset(("has", "have", "had"))
_TRAILING_QUANTIFIER = re.compile(rf"\b(?:{QUANTIFIERS})\s*$", re.IGNORECASE)


def _past_form(word: str) -> bool:
    """A word in "-ed" of at least five letters that is no function word: right after a mention ("Jim Piddock
    acted in …", "… which Woody Allen helmed"), a past tense or participle, whether or not ``VERBS`` lists it."""
    return len(word) >= 5 and word.endswith("ed") and word not in FUNCTION


_DETERMINERS = ARTICLES | frozenset(["this", "these", "those", "my", "your", "his", "her", "our", "their", "its"])
# words of a document's sentence that say how many of the object there are, not what the verb does
_QUANTITY_WORDS = frozenset(("many", "several", "some", "most", "all", "both", "few", "various", "multiple"))


def between_predicate(
    gap: str,
    quantity: bool = False,
    verbs: frozenset[str] = frozenset(),
    prose: bool = False,
    leading: frozenset[str] = frozenset(),
) -> str:
    """The verb phrase written between two mentions ("visited", "works_at", "not_invite"), or ``""``.

    A quantifier before the second mention is not part of it: "takes a minimum of [10 minutes]" → ``takes``,
    "has over [30,000 source files]" → ``has`` (a light verb alone names a relation only to a ``quantity``).
    ``verbs`` are words known to be verbs where the gap was written, besides ``VERBS``; the first word of a gap
    with no comma is a verb too when it ends in "-ed" (``_past_form``). Words after a determiner that follows the
    verb modify the object, not the verb ("wrote a new ps [program]" → ``wrote``, not ``wrote_new_ps``), unless
    the gap ends in a preposition ("plays a leading role in" names the relation with them). ``leading`` are words
    that can be verbs (``text.verb_forms``: "identifies", "transcodes"): one is the verb where a verb stands, as the
    gap's first word or after an auxiliary, a relative word, "to", a negation or an adverb ("[fuser] identifies
    [processes]", "[Quux], which wraps [libfoo]"), not elsewhere ("[Quux]'s config file [zorp]")."""
    if len(" ".join(gap.split())) > 60 or any(ch in _GAP_STOPS for ch in gap):
        return ""
    gap = _TRAILING_QUANTIFIER.sub("", gap)
    gap = _TRAILING_KIND.sub("", gap)  # "triggered with the command ['update-ca-certificates -f']": the object's kind
    gap = _QUOTED_WORD.sub(" ", gap) if prose else gap  # 'defaults to "no", disabling': a quoted value, no negation
    words = [w.casefold() for w in _GAP_WORD.findall(_SET_ADVERBIALS.sub(" ", gap))]  # "reads by default" -> reads
    # "was originally written by": a -ly adverb between the verbs is not part of the predicate
    words = [  # but "operate independently of" keeps it: with the preposition it names the relation
        w for i, w in enumerate(words)
        if not (w.endswith("ly") and len(w) > 5 and w not in VERBS and words[i + 1 : i + 2] != ["of"])
    ]
    if len(words) > 2 and words[0] in COPULAS and words[1] in ("a", "an") and {"and", "or"} & set(words):
        last = max(i for i, w in enumerate(words) if w in ("and", "or"))
        rest = words[last + 2 :]  # "is a complete and free [implementation]" -> is_a; "… implementation of" ->
        if not rest or any(w not in PREPOSITIONS for w in rest):  # is_implementation_of: modifiers name no relation
            words = words[:2] + rest
    # in a document (``prose``): "[routines] that have been extracted from the [V8 engine]": in a relative clause the
    # relative word and the object's article do not count against the verb phrase's length
    relative = prose and bool(words) and words[0] in RELATIVE
    counted = len(words) - relative - (relative and len(words) > 1 and words[-1] in ARTICLES)
    # "has been built and tested with the [gcc compiler]": a second participle joined by "and" and the object's
    # article are no words of the relation's own ("built_with"), so they do not count against its length
    joined = [i for i, w in enumerate(words[1:-1], 1) if w == "and" and _past_form(words[i + 1])]
    if prose and joined and not relative:
        counted -= 2 + (words[-1] in ARTICLES)
    if prose and len(words) > 1 and words[0] in ("and", "or") and words[1] in ARTICLES:
        return ""  # "[January 2020] and the release of [Setuptools 45]": a noun after the article, no verb
    conjunctions = [i for i, w in enumerate(words) if w in ("and", "but", "or")] if prose else []
    after = words[conjunctions[-1] + 1 :] if conjunctions else []
    if conjunctions and not any(
        w in VERBS or w in verbs or w in PREPOSITIONS or w.endswith("ing") or _past_form(w) for w in after
    ):  # "[Requires-Python] is not honored and (invalid) [versions] can be installed": a new clause's subject
        return ""
    # "is no longer supported by", "no longer supports": "no longer" is one adverb of time, the words a stale
    # fact is stated with; it names the relation ("no_longer_supports") and does not count against its length
    stale = {i for i in range(1, len(words)) if words[i] == "longer" and words[i - 1] in ("no", "any")}
    counted -= 2 * len(stale)
    if not words or counted > 5:
        return ""
    if len(words) == 2 and words[0] in COPULAS and words[1] in ("a", "an"):
        return IS_A  # "tmux is a terminal multiplexer": a stated type, not co-occurrence
    for index, word in enumerate(words):
        if (
            word in VERBS
            or word in verbs
            or (index == 0 and "," not in gap and _past_form(word))
            or (word in leading and (index == 0 or _verb_stands_after(words[index - 1])))
        ):
            if prose and _SUBJECT_PRONOUNS & set(words[:index]) and not RELATIVE & set(words[:index]):
                return ""  # "[the build fails], you should write to [Debian]": the verb's subject is another's
            negated = any(w in _NEGATIONS or w.endswith(("n't", "n’t")) for w in words[:index])
            no_longer = any(i < index for i in stale) and not any(
                w in _NEGATIONS - {"no"} or w.endswith(("n't", "n’t")) for w in words[:index]
            )
            phrase = words[index:]
            if phrase[-1] not in PREPOSITIONS:  # "wrote a new ps [program]" -> wrote: what follows the article
                cuts = _DETERMINERS | _QUANTITY_WORDS if prose else _DETERMINERS  # "include many [modules]"
                ends = [i for i, w in enumerate(phrase) if i and w in cuts]  # is the object's, not the verb's
                phrase = phrase[: ends[0]] if ends else phrase
            if (
                len(phrase) > 2
                and phrase[-1] not in PREPOSITIONS | VERBS | _PREPOSITION_IDIOMS
                and phrase[-2] in PREPOSITIONS - {"to"}
            ):
                phrase = phrase[:-1]  # "written in plain [C++]" -> written_in: the word modifies the object
            kept = [w for w in phrase if w not in PREDICATE_DROP and not is_contraction(w)]
            if "and" in kept[1:]:  # "written and maintained by" -> "written_by": the first verb, the last preposition
                first = kept[: kept.index("and")]
                kept = first + ([kept[-1]] if kept[-1] in PREPOSITIONS and kept[-1] not in first else [])
            kept = kept[:4] + (kept[-1:] if len(kept) > 4 and kept[-1] in PREPOSITIONS else [])  # "…_part_of"
            light = all(w in LIGHT_VERBS for w in kept) and not set(kept) & verbs  # a definition's "Keep …" is
            if light and not (quantity and set(kept) <= _POSSESSION):  # its verb (``defined_terms``)
                return ""
            return ("no_longer_" if no_longer else "not_" if negated else "") + "_".join(kept)
    return ""


# the kind of code the second mention is, written before it ("… with the command ['update-ca-certificates -f']")
_TRAILING_KIND = re.compile(rf"\b(?:the|a|an|this|that)[ \t]+{CODE_KINDS}[ \t]*['\"‘“`]?[ \t]*$", re.IGNORECASE)
_ASIDE = re.compile(r"[ \t]*\([^()\n]{1,80}\)")  # "(dbus-daemon --system)", "(or version)"
_ASIDE_CLOSE = re.compile(r"[\"'”’`]*\)")
_ASIDE_OPEN = re.compile(r"\([\"'“‘`]*$")


def past_aside(free: str, head: Span) -> int | None:
    """Where the verb phrase after mention ``head`` resumes past a parenthetical aside, or ``None`` when none
    follows it: "the system bus (dbus-daemon --system) is designed …" reads "is designed …" after the aside, and the
    aside's own name, alone in it, is followed by the same phrase ("(libtasn1.*) is licensed under …"). ``free`` is
    the unit's text with its mentions masked."""
    if aside := _ASIDE.match(free, head.end):
        return aside.end()
    if _ASIDE_OPEN.search(free, max(0, head.start - 3), head.start) and (close := _ASIDE_CLOSE.match(free, head.end)):
        return close.end()
    return None


@cache
def document_verbs() -> frozenset[str]:
    """What can be a verb in a document's gap (``between_predicate``'s ``leading``): WordNet's verb forms
    (``text.verb_forms``) less the stop words ("please contact" reads "contact", "like" stays a preposition)."""
    return verb_forms() - STOP


_BEFORE_VERB = AUX | RELATIVE | _NEGATIONS | frozenset(("to", "also", "then", "only", "now", "still", "just"))


def _verb_stands_after(word: str) -> bool:
    """Whether a verb can follow ``word`` ("can", "which", "to", "not", "also", "quickly")."""
    return word in _BEFORE_VERB or (word.endswith("ly") and len(word) > 4)


# words that make an idiom with the preposition before them ("uses by default", "as much"), not the object's adjective
_PREPOSITION_IDIOMS = frozenset(
    ("default", "least", "most", "much", "well", "general", "particular", "example", "addition", "which", "order")
)

_COPULA_ONLY = re.compile(
    r"[ \t]+(?:is|are|was|were)(?P<negation>[ \t]+not)?(?:[ \t]+(?:also|always|fully|completely|entirely|now|still))?"
    r"(?P<coordinated>[ \t]+[a-z][\w-]*(?:[ \t]*,[ \t]*[a-z][\w-]*)*,?[ \t]+(?:and|or))?[ \t]+",
    re.IGNORECASE,
)


_COPULA_THE = re.compile(r"[ \t]+(?:is|are|was|were)[ \t]+(?:also[ \t]+)?the[ \t]+(?:[a-z][\w-]*[ \t]+){0,2}")


def _opens_clause(free: str, start: int) -> bool:
    """Whether a mention at ``start`` is its clause's subject: no preposition or verb stands between it and the
    clause's start ("The settings API is …" yes; "… used by GNOME applications is …" no). ``free`` has the
    mentions masked."""
    stop = max(free.rfind(ch, 0, start) for ch in ",;:()")
    words = [w.casefold() for w in _GAP_WORD.findall(free[stop + 1 : start])]
    return not any(w in PREPOSITIONS or w in VERBS for w in words)


def copula_predicate(text: str, free: str, head: Span, tail: Span) -> str | None:
    """``is`` (``is_not``) for mentions joined only by a copula: "JPEG is lossy" → JPEG → is → lossy, "The codec
    is fast and lossless" → codec → is → lossless (the words coordinated before the tail are no predicate),
    "libfoo is not thread-safe" → is_not. ``None`` when the gap is no copula (other rules read it), ``""`` when it
    is one but states nothing of these two: the head is not its clause's subject ("… used by GNOME applications
    is GSettings"), the tail's noun phrase goes on, or a verb follows the tail ("Zstd is fast and gzip is slow":
    gzip is the subject of another clause). ``free`` is ``text`` with the mentions masked."""
    match = _COPULA_ONLY.fullmatch(free[head.end : tail.start])
    if match is None:
        return None
    if not _opens_clause(free, head.start) or not _ends_noun_phrase(text, tail.end) or _starts_clause(text, tail.end):
        return ""
    return "is_not" if match.group("negation") else "is"


_RELATIVE_OPEN = re.compile(r"[\"”'’]?[ \t]*,[ \t]*(?:which|who)[ \t]+", re.IGNORECASE)  # after "LCS", too
_CLAUSE_STOP = re.compile(r"[,;:.!?()\[\]\n]")


# "To build libc6-dev against your kernel, export …", "In order to generate the API reference, just run …"
_PURPOSE = re.compile(
    r"^[^\w]*(?:in[ \t]+order[ \t]+)?to[ \t]+(?P<purpose>[a-z]+)\b(?P<clause>[^,;:.]*),[ \t]*"
    r"(?:(?:just|simply|then|first|please|you[ \t]+(?:can|should|must|need[ \t]+to|have[ \t]+to))[ \t]+)?"
    r"(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)
# between the imperative and its object: a preposition ("link with -lquux"), an article or determiner, and a kind
# noun of one or two words ("export the environment variable LINUX_SOURCE")
_PURPOSE_GAP = re.compile(
    r"^[ \t]+(?:(?P<preposition>with|to|in|into|on|from|at|for|against)[ \t]+)?"
    rf"(?:{_DETERMINER}[ \t]+)?(?P<kind>(?:[a-z][a-z-]*[ \t]+){{0,2}})$",
    re.IGNORECASE,
)
_NOT_IMPERATIVE = frozenset(("you", "we", "it", "they", "one", "there", "users", "people"))


def purpose_imperatives(
    body: str, free: str, spans: Sequence[Span]
) -> tuple[dict[tuple[int, int], str], set[tuple[int, int]]]:
    """What a sentence that opens with its purpose says to do for it, and the pairs that reading misleads.

    "To build libc6-dev against your particular kernel, export the environment variable LINUX_SOURCE …": the
    imperative after the comma (a lower-case word that is no function word or pronoun) acts on the first mention
    after it — a name right after a keyphrase
    ("the environment variable LINUX_SOURCE") being that keyphrase's name — for the first mention of the purpose
    clause, the thing it is done for: libc6-dev → export → LINUX_SOURCE, not the nearest mention before the verb
    ("particular kernel → export → …", returned as misread). ``free`` is ``body`` with the mentions masked; pairs
    are span indices."""
    opened = _PURPOSE.match(body)
    verb = opened.group("verb") if opened else ""
    if opened is None or not verb.islower() or verb in FUNCTION or verb in _NOT_IMPERATIVE:
        return {}, set()  # a lower-case word right after the purpose's comma is its imperative ("link with …")
    clause = [i for i, s in enumerate(spans) if opened.end("purpose") <= s.start and s.end <= opened.end("clause")]
    after = [i for i, s in enumerate(spans) if s.start >= opened.end("verb")]
    gap = _PURPOSE_GAP.match(free[opened.end("verb") : spans[after[0]].start]) if clause and after else None
    if gap is None or set(gap.group("kind").split()) & FUNCTION:
        return {}, set()  # "export the environment variable LINUX_SOURCE", not "run make install as root"
    target = after[0]
    if (
        spans[target].type == CONCEPT
        and len(after) > 1
        and spans[after[1]].type != CONCEPT
        and not free[spans[target].end : spans[after[1]].start].strip(" \t")
    ):
        target = after[1]  # "the environment variable LINUX_SOURCE": the variable is the name
    head = clause[0]
    misread = {(i, j) for i in clause for j in after if j <= target} | {(i, target) for i in after if i < target}
    misread.discard((head, target))
    preposition = gap.group("preposition")
    return {(head, target): f"{verb}_{preposition.casefold()}" if preposition else verb}, misread


# "… uses the hooks of the ca-certificates package to update the JKS keystore …": an infinitive of purpose after a
# stated object, then its own object (a determiner and up to two modifiers before it)
_TO_PURPOSE = re.compile(
    rf"[ \t]*,?[ \t]+(?:in[ \t]+order[ \t]+)?to[ \t]+(?P<verb>[a-z]+)[ \t]+(?:{_DETERMINER}[ \t]+)?"
    r"(?:[a-z][\w-]*[ \t]+){0,2}$"
)
_OF_OBJECT = re.compile(rf"[ \t]+of[ \t]+(?:{_DETERMINER}[ \t]+)?")
# a mention apposed to the one before it through its kind noun: "the JKS keystore /etc/ssl/certs/java/cacerts"
_KIND_APPOSITION = re.compile(r"[ \t]+[a-z][\w-]*[ \t]+$")


def purpose_infinitives(
    free: str, spans: Sequence[Span], read: Mapping[tuple[int, int], str]
) -> tuple[dict[tuple[int, int], str], set[tuple[int, int]]]:
    """What a clause's subject does through an infinitive of purpose after its stated object.

    "This package uses the hooks of the ca-certificates package to update the JKS keystore /etc/ssl/certs/java/cacerts"
    → package → update → JKS, and → update → /etc/ssl/certs/java/cacerts, the name the keystore is given right after
    its kind noun (``_KIND_APPOSITION``): the subject of "uses" is the one that updates, not the hooks' package (which
    stays ``related_to``). The infinitive is a verb (WordNet's verb forms, no function word) and its object the first
    mention after it, with at most a determiner and two words between; the stated object runs on through "of"
    ("the hooks of the ca-certificates package"). ``free`` is the text with the mentions masked;
    ``read`` the predicates read so far; pairs are span indices, and only a pair still ``related_to`` is given. The
    pairs from the object's mentions to the infinitive's object are returned as misread (the package does not
    update the keystore; its user does)."""
    out: dict[tuple[int, int], str] = {}
    misread: set[tuple[int, int]] = set()
    for (i, j), predicate in read.items():
        if predicate in (RELATED_TO, IS_A) or i >= j:
            continue
        end = j  # the object's last mention: "the hooks of the ca-certificates package"
        while end + 1 < len(spans) and _OF_OBJECT.fullmatch(free[spans[end].end : spans[end + 1].start]):
            end += 1
        after = [k for k in range(end + 1, len(spans)) if spans[k].start >= spans[end].end]
        if not after:
            continue
        purpose = _TO_PURPOSE.match(free[spans[end].end : spans[after[0]].start])
        verb = purpose.group("verb") if purpose else ""
        if not verb or verb in FUNCTION or verb not in verb_forms() or spans[after[0]].type == QUANTITY:
            continue
        targets = [after[0]]
        if (
            len(after) > 1
            and spans[after[1]].type != CONCEPT
            and _KIND_APPOSITION.fullmatch(free[spans[after[0]].end : spans[after[1]].start])
        ):
            targets.append(after[1])
        for k in targets:
            if read.get((i, k), RELATED_TO) == RELATED_TO:
                out[(i, k)] = verb
                misread |= {(m, k) for m in range(j, end + 1)}
    return out, misread


def kind_appositions(body: str, spans: Sequence[Span]) -> list[tuple[int, int]]:
    """``(kind, name)`` span index pairs where a name stands right after a kind noun phrase as its apposition: "the
    Debian mailing list 'debian-sgml@lists.debian.org'", "the file `jvm.cfg'", "the keyring debian-archive-keyring.gpg".
    The name is quoted, or written as code (``_CODE_LIKE``: a path, a dotted or underscored word, an option) or as an
    e-mail address, so that "the library Foo" — often a list or a new phrase — is not read; the name is a kind's
    name, never a number or a person. (``apposed_links`` gives such a name the kind noun's stated relations.)"""
    pairs = []
    for i in range(len(spans) - 1):
        kind, name = spans[i], spans[i + 1]
        if kind.type != CONCEPT or name.type in (CONCEPT, QUANTITY, PERSON):
            continue
        gap = _SPACE_GAP.fullmatch(body, kind.end, name.start)
        if gap is None or not gap.group():
            continue
        quoted = gap.group().strip() != "" or body[name.start : name.start + 1] in "\"“'‘`"  # the span may hold it
        if name.name.startswith("-") and not _KIND_LAST.search(kind.name):
            continue  # "git log -p", "sudo dpkg -i": a command's option, not the name of a kind ("the option -p")
        if quoted or _CODE_LIKE.fullmatch(name.name) or "@" in name.name:
            pairs.append((i, i + 1))
    return pairs


# a sentence that opens with a participle clause before its subject: "When paired with the Tk toolkit, Tcl provides
# …", "Built on libuv, Node runs …" (a subordinator, the participle and its preposition, the clause up to its comma)
_FRONTED_PARTICIPLE = re.compile(
    r"^[^\w]*(?:(?:when|if|once|unless|while|though|although|after|before)[ \t]+)?(?P<participle>[a-z]+)[ \t]+"
    r"(?P<preposition>with|by|from|on|in|into|against|for|under|as|to|through|via|over)[ \t]+(?P<clause>[^,;:.]*),"
    rf"[ \t]*(?:{_DETERMINER}[ \t]+)?$",
    re.IGNORECASE,
)


def fronted_participles(
    body: str, free: str, spans: Sequence[Span]
) -> tuple[dict[tuple[int, int], str], set[tuple[int, int]]]:
    """What a participle clause that opens a sentence says of the sentence's subject, and the pairs read backwards.

    "When paired with the Tk toolkit, Tcl provides the fastest … way": the clause's participle is said of the subject
    after its comma (Tcl → paired_with → Tk), the first mention in the clause being its object. The participle is a
    past form (a WordNet verb form ending in -ed, or an irregular participle: "built", "written"), a preposition
    follows it, a mention (after at most a determiner) opens the main clause right after the comma, and a verb follows
    that mention ("Tcl provides"), so "When compared with X, the results …" with no mention there is not read. The
    pairs from the clause's mentions to the subject (read across the comma) are returned as misread. ``free`` is
    ``body`` with the mentions masked; pairs are span indices."""
    # the subject: the mention the clause's comma (and a determiner) leads to
    found = next(((i, m) for i, s in enumerate(spans) if (m := _FRONTED_PARTICIPLE.match(free, 0, s.start))), None)
    if found is None:
        return {}, set()
    subject, opened = found
    participle = opened.group("participle").casefold()
    if not (participle in _IRREGULAR_PARTICIPLES or (participle.endswith("ed") and participle in verb_forms())):
        return {}, set()
    clause = [
        i for i, span in enumerate(spans) if opened.start("clause") <= span.start and span.end <= opened.end("clause")
    ]
    word = (_NEXT_WORD.match(free, spans[subject].end).group(1) or "").casefold()  # type: ignore[union-attr]
    if not clause or not (word in AUX or (word not in FUNCTION and word in verb_forms())):
        return {}, set()
    predicate = f"{participle}_{opened.group('preposition').casefold()}"
    return {(subject, clause[0]): predicate}, {(i, subject) for i in clause}


def relative_clauses(
    body: str, free: str, spans: Sequence[Span], verbs: frozenset[str] = frozenset()
) -> tuple[dict[tuple[int, int], str], set[tuple[int, int]]]:
    """Predicates that a non-restrictive relative clause gives its antecedent, and the pairs it misleads.

    "GSettings, which is included as part of GLib, stores …": the clause's verb phrase links the mention before
    ", which" / ", who" to the first mention inside the clause (GSettings → is_included_as_part_of → GLib); where
    the clause closes with a comma and a verb follows, that verb's predicate belongs to the antecedent too
    ("Avahi, which implements mDNS, is a daemon" → Avahi → is_a → daemon), and the pairs from a mention inside the
    clause across its closing comma (mDNS → is_a → daemon) are returned as misread. ``free`` is ``body`` with the
    mentions masked; pairs are span indices."""
    stated: dict[tuple[int, int], str] = {}
    misread: set[tuple[int, int]] = set()
    for i, head in enumerate(spans):
        opened = _RELATIVE_OPEN.match(body, head.end)
        if opened is None and (resume := past_aside(free, head)) is not None:
            opened = _RELATIVE_OPEN.match(body, resume)  # "popt.pdf (included in this tarball), which is …"
        if opened is None:
            continue
        stop = _CLAUSE_STOP.search(body, opened.end())
        end = stop.start() if stop else len(body)
        inside = [j for j in range(i + 1, len(spans)) if spans[j].start >= opened.end() and spans[j].end <= end]
        if inside:
            j = inside[0]
            gap = free[opened.end() : spans[j].start]
            first = (_NEXT_WORD.match(gap).group(1) or "").casefold()  # type: ignore[union-attr]
            # the word after ", which" is the clause's verb ("which computes"), listed in VERBS or not
            clause_verbs = verbs | {first} if first and first not in FUNCTION else verbs
            predicate = between_predicate(" " + gap, spans[j].type == QUANTITY, clause_verbs)
            if predicate:
                stated[(i, j)] = predicate
        if stop is None or stop.group() != ",":
            continue
        k = next((k for k in range(i + 1, len(spans)) if spans[k].start > end), None)
        first = _NEXT_WORD.match(body, stop.end()).group(1) or ""  # type: ignore[union-attr]
        if k is None or first.casefold() not in VERBS:
            continue
        predicate = between_predicate(free[stop.end() : spans[k].start], spans[k].type == QUANTITY, verbs)
        if predicate == IS_A and not _ends_noun_phrase(body, spans[k].end):
            predicate = ""
        if predicate:
            stated[(i, k)] = predicate
            misread.update((j, k) for j in inside)
    return stated, misread


_AFTER_ASIDE = re.compile(r"[ \t]*,[ \t]*(?P<verb>[^\W\d_]+)")


def aside_subjects(
    text: str, free: str, spans: Sequence[Span], predicates: Mapping[tuple[int, int], str]
) -> tuple[dict[tuple[int, int], str], set[tuple[int, int]]]:
    """Predicates read from the last mention of an aside that belong to the clause's subject, and those misread.

    "Nettle's support for public key algorithms, such as RSA and ECDSA, depends on the GNU GMP library": the verb
    after the aside's closing comma is the subject's (nettle support → depends_on → GNU GMP), not the aside's
    mentions' (RSA and ECDSA → depends_on → GNU GMP are returned as misread: the head and the members of its
    coordination). A pair counts when its gap is a comma and then a verb, and an earlier mention opens the clause
    (``_opens_clause``) with a comma between it and the pair's head; ``free`` is ``text`` with the mentions masked,
    pairs are span indices."""
    stated: dict[tuple[int, int], str] = {}
    misread: set[tuple[int, int]] = set()
    runs = {i: run for run in coordinations(text, spans) for i in run}
    for (k, m), predicate in predicates.items():
        if predicate == RELATED_TO:
            continue
        after = _AFTER_ASIDE.match(free, spans[k].end)
        if after is None or after.group("verb").casefold() not in VERBS:
            continue
        subject = next((i for i in range(k) if _opens_clause(free, spans[i].start)), None)
        if subject is None or "," not in free[spans[subject].end : spans[k].start]:
            continue
        stated[(subject, m)] = predicate
        misread.update((j, m) for j in runs.get(k, [k]) if j != subject)
    return stated, misread


_CONJOINED_VP = re.compile(
    r"[ \t]*,?[ \t]*and[ \t]+(?:(?:also|only|then|now|still|later|[a-z]+ly)[ \t]+)?(?P<verb>[a-z]+)\b"
)
_SENTENCE_STOP = re.compile(r"[.!?;:\n]")


def conjoined_verb_phrases(
    text: str, free: str, spans: Sequence[Span], predicates: Mapping[tuple[int, int], str], verbs: frozenset[str]
) -> tuple[dict[tuple[int, int], str], set[tuple[int, int]]]:
    """Predicates of a second verb phrase joined by "and", which belong to the clause's subject, and the pairs they
    mislead.

    "Zorp was developed by Jane Roe and is maintained by the Quux team": the words between Jane Roe and the Quux
    team are the second verb phrase of Zorp, so zorp → is_maintained_by → Quux team, and Jane Roe →
    is_maintained_by → Quux team is returned as misread; likewise "reads the file and writes a report to standard
    output", "is written in C++ and relies on OpenGL", "is stable and documented in RFC 8878". A pair counts when
    its gap opens with "and" (after an optional comma and adverb) and then a verb or auxiliary, and an earlier
    mention of the same sentence opens the clause (``_opens_clause``) and states a predicate to a mention before the
    "and" — it is the subject both verb phrases share. ``free`` is ``text`` with the mentions masked; pairs are span
    indices."""
    stated: dict[tuple[int, int], str] = {}
    misread: set[tuple[int, int]] = set()
    for j in range(2, len(spans)):
        before, tail = spans[j - 1], spans[j]
        opened = _CONJOINED_VP.match(free, before.end)
        if opened is None or opened.end() > tail.start:
            continue
        verb = opened.group("verb")
        if verb not in VERBS and verb not in verbs and verb not in AUX and not _past_form(verb):
            continue
        stop = max((m.end() for m in _SENTENCE_STOP.finditer(text, 0, before.end)), default=0)
        subject = next(
            (
                s for s in range(j - 1)
                if spans[s].start >= stop
                and _opens_clause(free, spans[s].start)
                and any(predicates.get((s, k), RELATED_TO) != RELATED_TO for k in range(s + 1, j))
            ),
            None,
        )
        if subject is None:
            continue
        predicate = between_predicate(" " + free[opened.start("verb") : tail.start], tail.type == QUANTITY, verbs)
        if predicate == IS_A and not _ends_noun_phrase(text, tail.end):
            predicate = ""
        if predicate:
            stated[(subject, j)] = predicate
            misread.add((j - 1, j))
    return stated, misread


_RESTRICTIVE_OPEN = re.compile(r"[ \t]+(?:that|which|who|for(?=[ \t]+[a-z]+ing\b))[ \t]+", re.IGNORECASE)


def typed_relatives(
    free: str, spans: Sequence[Span], predicates: Mapping[tuple[int, int], str]
) -> dict[tuple[int, int], str]:
    """Predicates that a relative clause on a stated type gives the typed mention: "Zorpd is a daemon that implements
    the mDNS protocol" → zorpd → implements → mDNS, beside daemon → implements → mDNS (what the daemon does, Zorpd
    does); "Jansson is a C library for encoding … JSON data" likewise. A pair (type, object) counts when its gap
    opens with "that", "which", "who" or "for" and a verb in -ing, and the type is the tail of an ``is_a`` pair;
    ``free`` has the mentions masked, pairs are span indices."""
    typed_by: dict[int, list[int]] = {}  # type mention -> the mentions stated to be of it
    for (i, k), link in predicates.items():
        if link == IS_A:
            typed_by.setdefault(k, []).append(i)
    stated: dict[tuple[int, int], str] = {}
    for (k, j), predicate in predicates.items():
        if predicate in (RELATED_TO, IS_A) or k not in typed_by or not _RESTRICTIVE_OPEN.match(free, spans[k].end):
            continue
        for i in typed_by[k]:
            stated.setdefault((i, j), predicate)
    return stated


_POSSESSIVE = re.compile(r"['’]s\b")


def phrase_through_concepts(gap: str, verbs: frozenset[str] = frozenset()) -> str:
    """The relation phrase of a gap whose only mentions are concepts, or ``""``: ReVerb's pattern V W* P
    (Fader et al., 2011, "Identifying Relations for Open Information Extraction") — a verb, then any words,
    ending in a preposition just before the second mention — read with the concept's words in it, so
    "Bob plays a leading role in [Road Kill]" → ``plays_leading_role_in`` and "… took the director's chair for
    [X]" → ``took_director_chair_for`` rather than a ``related_to`` beside an edge to the concept. A gap that
    does not end in a preposition says nothing about the second mention and gives ``""``."""
    gap = _POSSESSIVE.sub("", gap)
    words = [w.casefold() for w in _GAP_WORD.findall(gap)]
    while words and words[-1] in ARTICLES:  # "… the roof of the [City Hall]"
        gap = gap[: gap.casefold().rindex(words.pop())]
    if not words or words[-1] not in PREPOSITIONS or words[0] in ARTICLES:  # the phrase starts at its verb
        return ""
    predicate = between_predicate(gap, verbs=verbs)
    return predicate if predicate.endswith("_" + words[-1]) else ""


_NEXT_WORD = re.compile(r"\s*([^\W\d_]+|\d+)?")


def _ends_noun_phrase(text: str, end: int) -> bool:
    """Whether the noun phrase ends at ``end``: what follows is no word, or a preposition, conjunction or
    verb ("a terminal multiplexer that ...", "a library for ...") rather than more of the noun phrase."""
    word = (_NEXT_WORD.match(text, end).group(1) or "").casefold()  # type: ignore[union-attr]
    return not word or word in PREPOSITIONS or word in VERBS or word in ("and", "or", "that", "which", "who")


_LIST_GAP = re.compile(r"\s*(?:,\s*(?:(?:and|or)\s+)?|(?:and|or)\s+)", re.IGNORECASE)
LIST_MIN = 3  # mentions joined by commas and a last "and"/"or" that make a list


def coordinations(text: str, spans: Sequence[Span]) -> list[list[int]]:
    """Runs of at least two mentions of ``text`` joined only by a comma, "and" or "or" ("Björn Esser and Zack
    Weinberg", "Tom Lane, Guido Vollbeding, Philip Gladstone"), as lists of span indices in order."""
    runs: list[list[int]] = []
    start = 0
    for index in range(1, len(spans) + 1):
        joined = index < len(spans) and _LIST_GAP.fullmatch(text[spans[index - 1].end : spans[index].start])
        if not joined:
            if index - start >= 2:
                runs.append(list(range(start, index)))
            start = index
    return runs


def _list_members(text: str, spans: Sequence[Span]) -> dict[int, int]:
    """``span index → list number`` for the mentions of ``text`` written as one list of at least ``LIST_MIN``
    ("Stoker features Mia Wasikowska, Nicole Kidman and Matthew Goode"): mentions in a row with only a comma,
    "and" or "or" between them. Two names joined by "and" alone are no list: they often act together."""
    return {i: run[0] for run in coordinations(text, spans) if len(run) >= LIST_MIN for i in run}


_CONJUNCTION = re.compile(r"\b(?:and|or)\b", re.IGNORECASE)
# words that open a verb's object right after a word ending in "-s"/"-ed" (``_starts_clause``); not ``_OBJECT_OPENERS``,
# the words after an imperative, which this name once replaced for every use
_CLAUSE_OBJECT_OPENERS = frozenset(("the", "a", "an", "it", "its", "this", "these", "those", "them", "his", "her",
                                    "their"))


def _starts_clause(text: str, end: int) -> bool:
    """Whether a verb follows ``end``: a word of ``VERBS``, or one in -s/-ed before an object ("maintains it")."""
    first = _NEXT_WORD.match(text, end)
    word = (first.group(1) or "").casefold()  # type: ignore[union-attr]
    if word in VERBS:
        return True
    following = (_NEXT_WORD.match(text, first.end()).group(1) or "").casefold()  # type: ignore[union-attr]
    return word.endswith(("s", "ed")) and following in _CLAUSE_OBJECT_OPENERS


def distributed_predicates(
    text: str, spans: Sequence[Span], predicates: Mapping[tuple[int, int], str]
) -> dict[tuple[int, int], str]:
    """Pairs (head, tail) that a stated predicate reaches through a coordination ("maintained by Björn Esser and
    Zack Weinberg": libxcrypt → is_maintained_by → Zack Weinberg as well), with that predicate.

    ``predicates`` maps the pairs read from the text to their predicates. A predicate from a mention before a
    coordination to its first member reaches every member, unless a verb follows the last member (the "and" then
    joins two clauses: "… by Ann and Bob wrote the rest", ``_starts_clause``); a predicate from its last member to a
    mention after it reaches every member ("Ann, Bob and Cy maintain X") unless a predicate also ends at its first
    member (then the run spans two clauses: "written by Ann and Bob wrote the preface"). A coordination ends in
    "and" or "or" before its last member: commas alone join no coordination ("Directed by Ann Lee, Heat found a
    wide audience": Ann Lee found nothing). Only members of the
    type of the member the predicate reaches are reached ("install Oniguruma or clone it": the concept "clone" is
    no second library). ``related_to`` reaches nothing."""
    out: dict[tuple[int, int], str] = {}
    stated = {pair: p for pair, p in predicates.items() if p != RELATED_TO}
    for run in coordinations(text, spans):
        first, last = run[0], run[-1]
        if not _CONJUNCTION.search(text[spans[run[-2]].end : spans[last].start]):
            continue  # commas alone: "Directed by Ann Lee, Heat found a wide audience" is no coordination
        clause = _starts_clause(text, spans[last].end)
        governed = any(j == first and i < first for i, j in stated)
        for (i, j), predicate in stated.items():
            if j == first and i < first and not clause:
                out.update({(i, m): predicate for m in run[1:] if spans[m].type == spans[first].type})
            elif i == last and j > last and not governed:
                out.update({(m, j): predicate for m in run[:-1] if spans[m].type == spans[last].type})
    return out


_OWN = re.compile(r"[ \t]+(?:very[ \t]+)?own[ \t]+", re.IGNORECASE)


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
        subjects = document_subjects(texts, metadata)
        metadata = [
            {**m, SUBJECT: s} if s and m.get(SUBJECT) != s else m for m, s in zip(metadata, subjects, strict=True)
        ]
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
        subject = str(metadata.get(SUBJECT, "")).strip() if not handles else ""
        known = known_spotter("|".join((str(metadata.get("known", "")), subject)))  # the document names itself
        if handles:
            units = chat_units(text, handles, self.max_description, str(metadata.get("time", "")).strip())
        else:  # a sentence wrapped over lines is read as one line; a known name is never cut
            pieces = table_rows(joined_at_names(text, sentence_pieces(text), known(text)))
            units = [_Unit(None, _WRAP.sub(" ", s), _cap(s, self.max_description)) for _, s in pieces]
            units = with_named_kind_verbs(with_pronoun_verbs(defined_terms(units)))
        if not units:
            return Extraction()
        people = People(handles)
        seen_mid: set[str] = set()
        spotted = [_with_term(u, known(u.body)) for u in units]
        addresses = [address_spans(unit.body) for unit in units]
        if not handles:  # in a document an e-mail or web address is whom to write to or where to go: one name, whole
            spotted = [
                sorted([*found, *address_mentions(u.body, a)], key=lambda s: s.start)
                for u, found, a in zip(units, spotted, addresses, strict=True)
            ]
        hidden_spans = [
            [*a, *adverbial_spans(u.body), *((k.start, k.end) for k in found)]
            for u, a, found in zip(units, addresses, spotted, strict=True)
        ]
        found = [
            self._spans(mask(u.body, hidden), seen_mid, prose=not handles)
            for u, hidden in zip(units, hidden_spans, strict=True)
        ]
        found = [
            ([s for s in spans if not _over_mask(s, u.body)], names)
            for u, (spans, names) in zip(units, found, strict=True)
        ]
        unit_spans = [
            known_here + self._accept(spans, names, people, seen_mid)
            for known_here, (spans, names) in zip(spotted, found, strict=True)
        ]
        if not handles:
            unit_spans = _resolve_demonstratives(units, _resolve_pronouns(units, unit_spans, subject), subject)
        masked = [
            mask(u.body, [*((s.start, s.end) for s in spans), *hidden])
            for u, spans, hidden in zip(units, unit_spans, hidden_spans, strict=True)
        ]
        phrases = self.keyphraser.unit_phrases([u.body for u in units], masked, prose=not handles)
        entities: dict[str, ExtractedEntity] = {}
        relations: list[ExtractedRelation] = []
        ordered_spans: list[list[Span]] = []
        by_unit: list[list[ExtractedRelation]] = []
        for unit, spans, unit_phrases in zip(units, unit_spans, phrases.units, strict=True):
            not_concepts = modifier_words(unit.body) if not handles else set()
            concepts = [
                p
                for p in unit_phrases
                if p.start >= 0
                and is_concept(p, phrases.frequency)
                and p.text.casefold() not in QUANTIFIER_NOUNS
                and not _names_what_follows(p.text)
                and p.text.casefold() not in unit.verbs  # the unit's verb ("Truncate the file") is no concept
                and (handles or p.text.casefold() not in PROSE_VERBS)  # nor a document's "covers", "links"
                and (handles or " " in p.text or p.text.casefold() not in verb_only_forms())  # "which *computes* …"
                and (p.start, p.end) not in not_concepts
                and not _modifies_name(unit.body, p.text, p.end, spans)
                and (handles or not _passive_participle(unit.body, p))  # "can be *overridden* by …" is a verb
            ]
            kept = concepts[: self.max_concepts]
            trailing = [trailing_verb(unit.body, p, prose=not handles) for p in kept]
            spans = spans + [
                _without_leading_verb(_without_trailing_verb(p, v), unit.verbs)
                for p, v in zip(kept, trailing, strict=True)
            ]
            if any(trailing):  # the verb cut from a keyphrase is the unit's verb, listed in VERBS or not
                unit = replace(unit, verbs=unit.verbs | {v for v in trailing if v})
            ordered = self._distinct(sorted(spans, key=lambda s: (s.start, -s.end)), unit.speaker)
            defined = None  # a definition's type that no plain "is a" joins to its subject
            if not handles:
                ordered, defined = with_definition(unit.body, ordered)
                ordered = with_named_kinds(unit.body, with_modifiers(unit.body, ordered))
            ordered_spans.append(ordered)
            description = unit.description
            if unit.speaker:
                entities.setdefault(entity_alias_key(unit.speaker), ExtractedEntity(unit.speaker, PERSON, description))
            for span in ordered:
                entities.setdefault(entity_alias_key(span.name), ExtractedEntity(span.name, span.type, description))
            keywords = ", ".join(p.text for p in unit_phrases[: self.max_keywords])
            unit_relations = self._relations(unit, ordered, keywords, description)
            if defined is not None:  # "Quux, a JSON processor, …", "The Quux tool is a …": Quux is what it names
                head = ordered[0]
                unit_relations = [r for r in unit_relations if (r.head, r.tail) != (head.name, defined.name)]
                unit_relations.append(
                    ExtractedRelation(head.name, IS_A, defined.name, head.type, CONCEPT, keywords, description)
                )
            if not handles:
                unit_relations += apposed_links(unit.body, ordered, unit_relations)
                stated_pairs = {(r.head, r.tail) for r in unit_relations if r.relation != RELATED_TO}
                credits = credit_links(unit.body, ordered, subject, keywords, description)
                credits += reader_requirements(unit.body, ordered, subject, keywords, description)
                credits += agentless_links(unit.body, ordered, subject, keywords, description)
                if not unit.term:  # a row's description ("-q  Suppress output") defines its term, not the reader's task
                    credits += reader_instructions(unit.body, ordered, subject, keywords, description)
                for link in credits + report_links(unit.body, ordered, subject, keywords, description):
                    if (link.head, link.tail) not in stated_pairs:  # the document's subject may be no mention here
                        entities.setdefault(entity_alias_key(link.head), ExtractedEntity(link.head, NAME, description))
                        unit_relations.append(link)
                kinds, (start, end) = this_is_definitions(unit.body, ordered, keywords, description)
                for link in kinds:  # the phrase's own words are no objects of the name ("is libfoo, the …")
                    inside = {entity_alias_key(s.name) for s in ordered if start <= s.start and s.end <= end}
                    inside.add(entity_alias_key(link.tail))
                    entities.setdefault(entity_alias_key(link.tail), ExtractedEntity(link.tail, CONCEPT, description))
                    unit_relations = [
                        r for r in unit_relations
                        if not (r.head == link.head and entity_alias_key(r.tail) in inside)
                    ]
                    unit_relations.append(link)
            plural = [] if handles else plural_definitions(unit.body, ordered, keywords, description)
            if plural:  # "Quux and Zorp are libraries": is_a → library, not also is → libraries
                typed = {(r.head, entity_alias_key(r.tail)) for r in plural}
                unit_relations = [
                    r for r in unit_relations
                    if not (r.relation == "is" and (r.head, entity_alias_key(_singular(r.tail))) in typed)
                ]
            relations.extend(unit_relations)
            by_unit.append(unit_relations)
            if not handles:
                stated = {(r.head, r.relation, r.tail) for r in unit_relations}
                for link in plural:
                    entities.setdefault(entity_alias_key(link.tail), ExtractedEntity(link.tail, CONCEPT, description))
                    relations.append(link)
                for link in license_links(unit.body, ordered, keywords, description):
                    if (link.head, link.relation, link.tail) in stated:
                        continue
                    entities.setdefault(entity_alias_key(link.tail), ExtractedEntity(link.tail, NAME, description))
                    relations.append(link)
                for link in [
                    *role_links(unit.body, ordered, keywords, description),
                    *role_appositions(unit.body, ordered, keywords, description),
                ]:
                    if (link.head, link.relation, link.tail) not in stated:
                        entities.setdefault(entity_alias_key(link.head), ExtractedEntity(link.head, NAME, description))
                        relations.append(link)
                for link in version_links(ordered, keywords, description):
                    entities.setdefault(entity_alias_key(link.tail), ExtractedEntity(link.tail, NAME, description))
                    relations.append(link)
                for acronym, expansion in acronym_definitions(unit.body):  # "ICU: International Components for …"
                    kind = NAME if expansion[0].isupper() else CONCEPT
                    entities.setdefault(entity_alias_key(acronym), ExtractedEntity(acronym, NAME, description))
                    entities.setdefault(entity_alias_key(expansion), ExtractedEntity(expansion, kind, description))
                    relations.append(
                        ExtractedRelation(acronym, STANDS_FOR, expansion, NAME, kind, keywords, description)
                    )
            for based in _based_on(ordered, unit_relations):
                entities.setdefault(
                    entity_alias_key(based.tail), ExtractedEntity(based.tail, based.tail_type, description)
                )
                relations.append(based)
        if not handles:
            links, replaced = listed_links(units, ordered_spans, by_unit, self.max_description)
            if links:
                relations = [r for r in relations if (r.head, r.relation, r.tail) not in replaced] + links
            for answered in answered_questions(units, ordered_spans):
                for name, kind in ((answered.head, answered.head_type), (answered.tail, CONCEPT)):
                    entities.setdefault(entity_alias_key(name), ExtractedEntity(name, kind, answered.description))
                relations.append(answered)
        if not handles:
            row_entities, row_links = table_links(text, metadata, self.max_description)
            for entity in row_entities:
                entities.setdefault(entity_alias_key(entity.name), entity)
            relations.extend(row_links)
        if subject:
            self._document_relations(text, subject, entities, relations)
        if subject and not handles:
            for link in topic_links(subject, [u.body for u in units], ordered_spans, by_unit):
                entities.setdefault(entity_alias_key(subject), ExtractedEntity(subject, NAME, link.description))
                relations.append(link)
        if not handles and str(metadata.get(OPENING_KEY, "")).strip():
            self._title_page_relations(text, entities, relations)
        return Extraction(entities=tuple(entities.values()), relations=tuple(relations))

    def _document_relations(
        self, text: str, subject: str, entities: dict[str, ExtractedEntity], relations: list[ExtractedRelation]
    ) -> None:
        """``subject → label → value`` for the chunk's header fields, ``subject → is_licensed_under → license``."""
        stated: list[tuple[str, str, str, str]] = []  # (predicate, value, value type, description)
        subject_key = entity_alias_key(subject)
        for label, value, line in field_lines(text):
            lower = label.casefold()
            if lower in SUBJECT_LABELS and entity_alias_key(_VERSION_TAIL.sub("", value) or value) == subject_key:
                continue
            if entity_alias_key(label) == subject_key:
                continue  # "lsof: can't lstat /dev/fd/3": the program's own message, no field of it
            predicate = IS_LICENSED_UNDER if lower in LICENSE_LABELS else _snake(label)
            stated.append((predicate, value, PERSON if lower in _PERSON_LABELS else NAME, line))
        stated.extend((IS_LICENSED_UNDER, name, NAME, line) for name, line in license_names(text, subject))
        stated.extend((SIGNED_BY, name, PERSON, line) for name, line in signature_names(text))
        seen: set[tuple[str, str]] = set()
        for predicate, value, kind, line in stated:
            key = entity_alias_key(value)
            if not key or key == subject_key or (predicate, key) in seen:
                continue
            seen.add((predicate, key))
            description = _cap(f"{subject}: {line}", self.max_description)
            entities.setdefault(subject_key, ExtractedEntity(subject, NAME, description))
            entities.setdefault(key, ExtractedEntity(value, kind, description))
            keywords = predicate.replace("_", " ")
            relations.append(ExtractedRelation(subject, predicate, value, NAME, kind, keywords, description))

    def _title_page_relations(
        self, text: str, entities: dict[str, ExtractedEntity], relations: list[ExtractedRelation]
    ) -> None:
        """``title → written_by → person`` for each author the title page of ``text`` (a chunk that opens its document)
        lists under the title (``title_page_names``): what they wrote is the document the title names, whatever its
        subject (``edited_by`` for the editors listed under an "Edited by" line); and ``person → works_for →
        organisation`` for the organisations listed under the person's name."""
        title, authors = title_page_names(text)
        if not authors or not title:
            return
        listed = "; ".join(", ".join([name, *places]) for name, _, places in authors)
        description = _cap(f"{title}: {listed}", self.max_description)
        entities.setdefault(entity_alias_key(title), ExtractedEntity(title, NAME, description))
        for name, role, places in authors:
            entities.setdefault(entity_alias_key(name), ExtractedEntity(name, PERSON, description))
            keywords = role.replace("_", " ")
            relations.append(ExtractedRelation(title, role, name, NAME, PERSON, keywords, description))
            for place in places:  # the organisation under an author's name: where the author wrote it
                entities.setdefault(entity_alias_key(place), ExtractedEntity(place, NAME, description))
                relations.append(ExtractedRelation(name, WORKS_FOR, place, PERSON, NAME, "works for", description))

    # steps ----------------------------------------------------------------------------------------
    @staticmethod
    def _spans(body: str, seen_mid: set[str], *, prose: bool = True) -> tuple[list[Span], list[NameSpan]]:
        """Pattern, title and CJK spans, plus capitalised-name candidates, of one unit (``prose``: a document's, where
        a lower-case name before its kind noun is read too)."""
        titles = title_spans(body)
        titles += code_spans(mask(body, ((s.start, s.end) for s in titles)))  # "`zstd`", "`configure'"
        titles += bold_spans(mask(body, ((s.start, s.end) for s in titles)))  # "* **apt-key** as …"
        titles += path_spans(mask(body, ((s.start, s.end) for s in titles)))  # "/etc/foo.conf" whole
        titles += file_spans(mask(body, ((s.start, s.end) for s in titles)))  # "build.ninja" whole, not "build"
        titles += setting_spans(mask(body, ((s.start, s.end) for s in titles)))  # "net.ifnames=0" whole
        titles += identifier_spans(mask(body, ((s.start, s.end) for s in titles)))  # "idn2_to_ascii_8z" whole
        titles += option_spans(mask(body, ((s.start, s.end) for s in titles)))  # "--append", "-a"
        if prose:
            titles += labelled_number_spans(mask(body, ((s.start, s.end) for s in titles)))  # "port 5353"
        titles += quoted_spans(mask(body, ((s.start, s.end) for s in titles)))  # a "libfoo" library
        if prose:
            titles += bare_named_kinds(mask(body, ((s.start, s.end) for s in titles)))  # the xgettext program
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

    def _relations(self, unit: _Unit, spans: list[Span], keywords: str, description: str) -> list[ExtractedRelation]:
        out = []
        if unit.speaker:
            for span in spans[: self.max_speaker_edges]:
                out.append(
                    ExtractedRelation(unit.speaker, MENTIONS, span.name, PERSON, span.type, keywords, description)
                )
        lists = {} if unit.speaker else _list_members(unit.body, spans)
        pairs = sorted(
            (spans[j].start - spans[i].end, i, j)
            for i in range(len(spans))
            for j in range(i + 1, len(spans))
            if not (i in lists and lists[i] == lists.get(j))  # members of one list are not related by it
        )[: self.max_pairs]
        body = unit.body
        if not unit.speaker:  # "is a portable, installable, packageable fork" reads as "is a packageable fork"
            body = mask(body, (m.span("modifiers") for m in _COORDINATE_ADJECTIVES.finditer(body)), " ")
        free = mask(body, ((s.start, s.end) for s in spans))  # a gap holding another mention has no verb
        verbs = unit.verbs if unit.speaker else unit.verbs | PROSE_VERBS  # "X links against Y" in a document
        leading = frozenset() if unit.speaker else document_verbs()  # "X identifies Y" in a document
        read: dict[tuple[int, int], str] = {}
        for _, i, j in sorted(pairs, key=lambda p: (p[1], p[2])):
            head, tail = spans[i], spans[j]
            gap = free[head.end : tail.start]
            if _OWN.fullmatch(gap) and unit.body[head.start : head.end].endswith(("'s", "’s")):
                gap = ""  # "[man-db's] own [source code]": the second mention is the first one's; "own" is no verb
            copula = None if unit.speaker else copula_predicate(unit.body, free, head, tail)
            predicate = (
                between_predicate(gap, tail.type == QUANTITY, verbs, prose=not unit.speaker, leading=leading)
                if copula is None
                else copula
            )
            resume = None if predicate or unit.speaker else past_aside(free, head)
            if resume is not None and resume < tail.start:  # "The C library (libtasn1.*) is licensed under …"
                predicate = between_predicate(
                    free[resume : tail.start], tail.type == QUANTITY, verbs, prose=True, leading=leading
                )
            if (
                not predicate
                and tail.type == CONCEPT
                and _COPULA_THE.fullmatch(gap)
                and _opens_clause(free, head.start)
            ):
                predicate = IS_A  # "GLib is the low-level core library …": a stated type, as with "is a"
            inside = [s.type for s in spans if s.start >= head.end and s.end <= tail.start]
            through = copula is None and inside and set(inside) == {CONCEPT}
            if not predicate and through and CONCEPT not in (head.type, tail.type):
                predicate = phrase_through_concepts(body[head.end : tail.start], verbs)
            predicate = predicate or RELATED_TO
            if predicate == IS_A and not _ends_noun_phrase(unit.body, tail.end):
                predicate = RELATED_TO  # "Kismet is a 1944 film": the mention only modifies the type
            read[(i, j)] = predicate
        if not unit.speaker:  # "maintained by A and B": the predicate reaches B too
            stated, misread = relative_clauses(unit.body, free, spans, verbs)
            read |= {pair: RELATED_TO for pair in misread if pair in read}
            read |= stated  # the clause's own verb phrase, not one read across its commas
            stated, misread = fronted_participles(unit.body, free, spans)
            for pair in misread:  # read across the comma, backwards: the clause's object is no agent
                read.pop(pair, None)
            read |= stated  # "When paired with the Tk toolkit, Tcl provides …": Tcl → paired_with → Tk
            stated, misread = purpose_imperatives(unit.body, free, spans)
            read |= {pair: RELATED_TO for pair in misread if pair in read}
            read |= stated  # "To build libc6-dev …, export LINUX_SOURCE": libc6-dev → export → LINUX_SOURCE
            for pair, predicate in distributed_predicates(unit.body, spans, read).items():
                if read.get(pair, RELATED_TO) == RELATED_TO:
                    read[pair] = predicate
            stated, misread = aside_subjects(unit.body, free, spans, read)
            read |= {pair: RELATED_TO for pair in misread}
            read |= {pair: p for pair, p in stated.items() if read.get(pair, RELATED_TO) == RELATED_TO}
            stated, misread = conjoined_verb_phrases(unit.body, free, spans, read, verbs)
            read |= {pair: RELATED_TO for pair in misread}
            read |= stated
            stated, misread = purpose_infinitives(free, spans, read)
            read |= {pair: RELATED_TO for pair in misread if pair in read}
            read |= stated  # "X uses the hooks of Y to update Z": X → update → Z, not Y → update → Z
            typed = typed_relatives(free, spans, read)
            read |= {pair: p for pair, p in typed.items() if read.get(pair, RELATED_TO) == RELATED_TO}
            for i, j in kind_appositions(unit.body, spans):
                if read.get((i, j), RELATED_TO) == RELATED_TO and (j, i) not in read:
                    read.pop((i, j), None)
                    read[(j, i)] = IS_A  # "the Debian mailing list 'debian-sgml@…'": the address is a mailing list
        for (i, j), predicate in read.items():
            head, tail = spans[i], spans[j]
            out.append(ExtractedRelation(head.name, predicate, tail.name, head.type, tail.type, keywords, description))
        if not unit.speaker:  # the real-document rules (module docstring): not in chat messages
            out.extend(_definition_links(body, spans, read, keywords, description))
            out.extend(_imperative_targets(unit.body, spans, free, keywords, description))
            out.extend(verb_object_targets(spans, free, keywords, description))
            out.extend(_past_agents(spans, free, out, keywords, description))
        out.extend(_copula_passives(spans, free, out, keywords, description))
        if not unit.speaker:
            out.extend(required_links(spans, free, keywords, description))
        return out
