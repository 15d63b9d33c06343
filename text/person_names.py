"""A person's name as a line or a pair of words shows it: the words a name is made of, a line that is only a name, and
the authors a document's title page lists under its title."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from graphproof.text.lexicon import BREAK, CONNECTORS, STARTERS
from graphproof.text.names import NAME_PREFIX

_NAME_PREFIX = re.compile(rf"^{NAME_PREFIX}(?=[A-Z])")  # "McCamant", "O'Brien" (``text.names``)


def name_word(word: str) -> bool:
    """Whether ``word`` can be part of a person's name: an initial ("W.") or a capitalised word with no other capital
    or digit ("Federico", "Möller", "McCamant", "Jean-loup"), or capitalised words joined by hyphens ("Jean-Pierre",
    "Hans-Peter"); not an acronym or a camel-case product name ("GNU", "API", "GObject", "PyYAML", "Linux-PAM"),
    which the two-capitalised-words test read as a person before."""
    bare = _NAME_PREFIX.sub("", word.rstrip(".'’"))
    if len(bare) == 1:
        return bare.isupper()
    if bare[:1].isupper() and not any(ch.isupper() or ch.isdigit() for ch in bare[1:]):
        return True
    parts = bare.split("-")
    return len(parts) > 1 and all(len(part) > 1 and name_word(part) for part in parts)


# lower-case particles inside a person's name: "Guido van Rossum", "Anna de la Cruz", "Ludwig von Mises"
_NAME_PARTICLES = CONNECTORS - {"of", "the"}
_MAX_PARTICLES = 2


def without_name_particles(words: Sequence[str]) -> list[str]:
    """``words`` with the particles (``_NAME_PARTICLES``, as many as ``_MAX_PARTICLES``, written lower-case) that
    stand between two words of a name left out, so that the name's words are adjacent: "Guido van Rossum" → Guido,
    Rossum. Particles anywhere else stay ("the work of van der Waals")."""
    out: list[str] = []
    i = 0
    while i < len(words):
        j = i
        while j < len(words) and j - i < _MAX_PARTICLES and words[j] in _NAME_PARTICLES:
            j += 1
        if j > i and out and name_word(out[-1]) and j < len(words) and name_word(words[j]):
            i = j  # skip the particles: the next word continues the name
            continue
        out.append(words[i])
        i += 1
    return out


# Capitalised words that start no name: function words and interjections (``BREAK``: "Although IJG's own code …"),
# and words capitalised only because they start a sentence ("See", "Note").
NOT_NAMES = BREAK | STARTERS | {"note"}

NAME_LINE_WORDS = (2, 3)  # words of a line that is only a person's name, particles aside ("Anna de la Cruz")
TITLE_PAGE_UNITS = 12  # units a title page holds at most after its title
TITLE_WORDS = 12  # words a title line holds at most
# words of an organisation's or a document's name, never of a person's: "Network Computing Devices, Inc", "MIT X
# Consortium", "Proposed Standard"
_ORGANISATION = frozenset((
    "inc", "corp", "corporation", "company", "ltd", "limited", "gmbh", "llc", "consortium", "foundation",
    "university", "institute", "laboratory", "laboratories", "labs", "group", "project", "team", "systems",
    "devices", "standard", "draft", "version", "release", "edition", "chapter", "section", "contents", "center",
    "centre", "division", "department", "research", "agency", "association", "society", "council", "college",
    "school", "academy",
))  # fmt: skip


def name_line(unit: str) -> bool:
    """Whether ``unit`` is only a person's name: two or three name words (``name_word``; particles left out), none a
    word that starts no name ("See Also") or names an organisation ("Digital Equipment Corporation")."""
    words = without_name_particles(unit.strip().split())
    low, high = NAME_LINE_WORDS
    return low <= len(words) <= high and all(
        name_word(w) and w[-1:].isalpha() and w.casefold() not in NOT_NAMES | _ORGANISATION for w in words
    )


# a company's name ends in its legal form's abbreviation, whose dot ends no sentence: "UniSoft Ltd.", "SunSoft, Inc."
_LEGAL_FORM_END = re.compile(r"\b(?:Inc|Ltd|Corp|Co|Pty|GmbH|S\.A|B\.V)\.$")
# words of an organisation's name that no document's status or part has ("X Consortium Standard", "Version 1.1")
_DOCUMENT_WORDS = frozenset(("standard", "draft", "version", "release", "edition", "chapter", "section", "contents"))
_COMPANY = _ORGANISATION - _DOCUMENT_WORDS


def title_line(unit: str) -> bool:
    """A line of a title page: at most ``TITLE_WORDS`` words and no sentence end (a company's "Ltd." ends none)."""
    text = unit.strip()
    if not text or len(text.split()) > TITLE_WORDS:
        return False
    return not text.endswith((".", "!", "?", ":", ";")) or _LEGAL_FORM_END.search(text) is not None


def affiliation_line(unit: str) -> bool:
    """Whether ``unit``, a line of a title page, names an organisation: a word of a company's, university's or
    consortium's name ("UniSoft Ltd.", "MIT X Consortium", "Network Computing Devices, Inc") and none of a document's
    status ("X Consortium Standard", "Proposed Standard")."""
    words = {w.strip(".,;()").casefold() for w in unit.split()}
    return title_line(unit) and bool(words & _COMPANY) and not words & _DOCUMENT_WORDS


# a title page line that makes the names under it editors, not authors: "Edited by" / "Keith Packard"
_EDITED_BY = re.compile(r"^\s*(?:edited|compiled|revised)\s+by\s*:?\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Listed:
    """A person a title page lists: the positions of the organisations under the name, and whether the person is an
    editor (listed under an "Edited by" line), who did not write the text."""

    affiliations: tuple[int, ...] = ()
    editor: bool = False


def title_page(found: Sequence[str], ordinal: int) -> dict[int, Listed]:
    """The positions in ``found`` (the units or lines of a document's chunk ``ordinal``) of the persons a title page
    lists (``Listed``). The document's first unit is a title (at most ``TITLE_WORDS`` words, no sentence end), and the
    lines after it up to the first sentence (or ``TITLE_PAGE_UNITS`` units) that are only a person's name each
    (``name_line``) are its authors, or its editors after an "Edited by" line; the organisations listed right under a
    name (``affiliation_line``) are where that person worked: "Users and Groups in the Debian System" / "Joey Hess" /
    "Colin Watson"; "XTEST Extension Protocol" / "X Consortium Standard" / "Kieron Drake" / "UniSoft Ltd."; "MIT-SHM
    (The MIT Shared Memory Extension)" / … / "Jonathan Corbet" / … / "Edited by" / "Keith Packard" / "MIT X
    Consortium"."""
    if ordinal != 0 or not found or not title_line(found[0]):
        return {}
    names: dict[int, list[int]] = {}
    editors: set[int] = set()
    person, editing = None, False
    for k in range(1, min(len(found), TITLE_PAGE_UNITS + 1)):
        if _EDITED_BY.match(found[k]):
            person, editing = None, True
            continue
        if not title_line(found[k]):
            break
        if name_line(found[k]):
            person = k
            names[k] = []
            if editing:
                editors.add(k)
        elif person is not None and affiliation_line(found[k]):
            names[person].append(k)
        else:
            person = None
    return {k: Listed(tuple(places), k in editors) for k, places in names.items()}
