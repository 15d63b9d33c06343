"""Pattern-found mentions: dates, times, quantities, quoted titles, and CJK noun runs.

Each finder returns ``Span``s with character offsets into the text it was given. The rule
extractor runs the pattern finders first and masks what they found, so a date's "March" or a
time's "PM" is not read again as a capitalised name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphproof.graph.model import CONCEPT
from graphproof.text.english_words import is_bare_name, is_english
from graphproof.text.lexicon import (
    JA_HONORIFICS,
    KO_HONORIFICS,
    KO_PARTICLES,
    KO_PREDICATE_ENDINGS,
    MONTHS_FULL,
    MONTHS_SHORT,
    NUMBER_WORDS,
    STOP,
    UNITS,
    WEEKDAYS,
)

# Entity types the rule extractor assigns (documented in ``loaders.extract.rule``).
PERSON = "person"
NAME = "name"
TITLE = "title"
DATE = "date"
TIME = "time"
QUANTITY = "quantity"
ENTITY_TYPES: tuple[str, ...] = (PERSON, NAME, CONCEPT, TITLE, DATE, TIME, QUANTITY)


@dataclass(frozen=True, slots=True)
class Span:
    """A mention: ``text[start:end]`` is where it was written, ``name`` what it is called."""

    start: int
    end: int
    name: str
    type: str


def _alt(words: tuple[str, ...] | list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_MONTH = rf"(?:{_alt(MONTHS_FULL)}|(?:{_alt(MONTHS_SHORT)})\.?)"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?:1[89]|20)\d{2}"
_WEEKDAY = rf"(?:(?:[Nn]ext|[Tt]his|[Ll]ast|[Ee]very)\s+)?(?:{_alt(WEEKDAYS)})s?"
_UNIT_ALT = _alt(UNITS)
_UNIT_QUALIFIER = r"(?:business|working|calendar|consecutive)"  # "within 6 business days": the days are still the unit
_NUMBER = r"\d+(?:[.,]\d+)*(?:\s?[-–]\s?\d+(?:[.,]\d+)?)?"
_CJK_DIGIT = r"[0-9０-９一二三四五六七八九十百千万〇]"
_ANY_DIGIT = re.compile(_CJK_DIGIT + r"|\d")

QUANTIFIERS = (
    r"(?:a\s+|the\s+)?(?:minimum|maximum|total)\s+of|over|around|about|approximately|nearly|almost|roughly"
    r"|at\s+least|at\s+most|more\s+than|less\s+than|fewer\s+than|up\s+to"
)  # words before a number that say how much, not what: "takes a minimum of 10 minutes", "has over 30,000 files"
_COUNTED_NOUN = r"(?:\s+[a-z][a-z-]+)?\s+[a-z][a-z-]*[a-rt-z]s\b"  # "source files", "times" (a plural noun)
_COUNT = re.compile(
    rf"\b(?:{QUANTIFIERS})\s+(?P<n>\d+(?:[.,]\d+)*(?:{_COUNTED_NOUN})?)|(?<![\w.,])(?P<t>\d{{1,3}}(?:,\d{{3}})+)(?![\w,])"
    rf"|(?<![\w.,])(?P<p>\d+\s+(?:out\s+)?of\s+(?:the\s+)?\d+(?:{_COUNTED_NOUN}))",  # "122 of the 139 languages"
    re.IGNORECASE,
)

# Order matters: earlier patterns win overlaps (a date's day number is not also a quantity).
_PATTERNS: tuple[tuple[str, re.Pattern[str], bool], ...] = (  # (type, pattern, needs a digit)
    (DATE, re.compile(rf"\b{_YEAR}[-/.](?:1[0-2]|0?[1-9])[-/.](?:[12]\d|3[01]|0?[1-9])\b"), True),
    (DATE, re.compile(r"\b(?:[12]\d|3[01]|0?[1-9])/(?:[12]\d|3[01]|0?[1-9])/(?:\d{4}|\d{2})\b"), True),
    (DATE, re.compile(rf"\b{_MONTH}\s+{_DAY}(?:,?\s+{_YEAR})?\b"), True),
    (DATE, re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR})?\b"), True),
    (DATE, re.compile(rf"\b{_MONTH}\s+{_YEAR}\b"), True),
    (DATE, re.compile(rf"(?:{_CJK_DIGIT}+年\s?)?{_CJK_DIGIT}{{1,2}}月(?:\s?{_CJK_DIGIT}{{1,3}}日)?"), True),
    (DATE, re.compile(r"(?:\d{4}년\s?)?\d{1,2}월(?:\s?\d{1,2}일)?"), True),
    (DATE, re.compile(r"[月火水木金土日]曜日?"), False),
    (TIME, re.compile(r"\b(?:[01]?\d|2[0-3]):[0-5]\d(?:\s?[AaPp]\.?[Mm]\b\.?)?"), True),
    (TIME, re.compile(r"\b(?:1[0-2]|0?[1-9])\s?[AaPp]\.?[Mm]\b\.?"), True),
    (TIME, re.compile(rf"(?:午前|午後)?{_CJK_DIGIT}{{1,2}}時(?!間)(?:{_CJK_DIGIT}{{1,2}}分|半)?"), True),
    (TIME, re.compile(r"(?:(?:오전|오후)\s?)?\d{1,2}시(?!간)(?:\s?\d{1,2}분)?"), True),
    (DATE, re.compile(rf"\b{_WEEKDAY}\b"), False),
    (DATE, re.compile(rf"\b(?:{_alt([m for m in MONTHS_FULL if m != 'May'])})\b"), False),
    (QUANTITY, re.compile(r"[$€£¥₩]\s?\d+(?:[.,]\d+)*(?:\s?(?:[kKmM]\b|million\b|billion\b|thousand\b))?"), True),
    (QUANTITY, re.compile(r"\b\d+(?:[.,]\d+)?\s?(?:%|％|percent\b)"), True),
    (QUANTITY, re.compile(rf"\b{_NUMBER}\s?(?:{_UNIT_QUALIFIER}\s+)?(?:{_UNIT_ALT})\b", re.IGNORECASE), True),
    (QUANTITY, re.compile(rf"\b(?:{_alt(NUMBER_WORDS)})\s(?:{_UNIT_ALT})\b", re.IGNORECASE), False),
    (
        QUANTITY,
        re.compile(
            rf"{_CJK_DIGIT}+(?:\.\d+)?\s?(?:キロ|メートル|グラム|時間|分間|秒|日間|週間|か月|ヶ月|年間|人|個|本|枚|冊|回|"
            r"杯|歳|階|円|ドル|元|km|kg|시간|분|명|개|번|살|층|원)"
        ),
        True,
    ),
    (DATE, re.compile(rf"\b{_YEAR}\b"), True),
)

_KANJI = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff々〆ヶ"
_KATAKANA = r"\u30a1-\u30fa\u30fc-\u30fe\u31f0-\u31ff\uff66-\uff9f"
_JA_RUN = re.compile(rf"[{_KANJI}{_KATAKANA}][{_KANJI}{_KATAKANA}\u30fb]*")
_KANJI_ONLY = re.compile(rf"[{_KANJI}]+")
_HANGUL_WORD = re.compile(r"[\uac00-\ud7af]+")
_KANJI_HONORIFICS = tuple(h for h in JA_HONORIFICS if _KANJI_ONLY.fullmatch(h))
_CJK_MAX_RUN = 10  # longer Han runs are Chinese clauses, not names (Chinese needs a segmenter or the LLM)
HAS_CJK = re.compile(rf"[{_KANJI}{_KATAKANA}\u3040-\u309f\uac00-\ud7af]")

_TITLE_QUOTES = re.compile(
    r"“(?P<a>[^”\n]{1,80})”|\"(?P<b>[^\"\n]{1,80})\"|『(?P<c>[^』\n]{1,60})』|「(?P<d>[^」\n]{1,30})」"
    r"|《(?P<e>[^》\n]{1,60})》|‘(?P<f>[^’\n]{2,60})’|(?<![\w'])'(?P<g>[^'\n]{2,60})'(?!\w)"
)
_TITLE_MAX_WORDS = 8
_HIRAGANA_ONLY = re.compile(r"[\u3040-\u309f\s、。！？!?ー〜]+")


def pattern_spans(text: str) -> list[Span]:
    """Dates, times and quantities in ``text``, non-overlapping, in text order.

    A quantity is a number with a unit ("10 minutes", "5 km", "$20", "10%"), a number after a quantifier
    (``QUANTIFIERS``: "over 30,000 source files" → "30,000 source files", "at least 3 times"), a number
    with thousands separators ("30,000") or a share of a counted whole ("122 of the 139 languages")."""
    taken: list[tuple[int, int]] = []
    spans: list[Span] = []
    digits = _ANY_DIGIT.search(text) is not None
    for kind, pattern, needs_digit in _PATTERNS:
        if needs_digit and not digits:
            continue
        for match in pattern.finditer(text):
            start, end = match.span()
            while end > start and text[end - 1].isspace():
                end -= 1
            if end <= start or any(start < e and s < end for s, e in taken):
                continue
            if kind == TIME and text[end - 1] == "." and text.count(".", start, end) == 1:
                end -= 1  # "8 pm." ends a sentence; "8 p.m." keeps its dots
            name = " ".join(text[start:end].split())
            if kind == DATE and name.isdigit() and len(name) != 4:
                continue
            taken.append((start, end))
            spans.append(Span(start, end, name, kind))
    if digits:  # a count after a quantifier ("over 30,000 source files") or with thousands separators ("30,000")
        for match in _COUNT.finditer(text):
            group = next(g for g in ("n", "t", "p") if match.group(g))
            start, end = match.span(group)
            if not any(start < e and s < end for s, e in taken):
                taken.append((start, end))
                spans.append(Span(start, end, " ".join(text[start:end].split()), QUANTITY))
    spans.sort(key=lambda s: s.start)
    return spans


_FILE_NAME = re.compile(r"(?<![\w./@-])\.?[A-Za-z0-9_][\w+-]*(?:\.[\w+-]+)*\.[A-Za-z][A-Za-z0-9]{0,5}(?![\w/@-]|\.\w)")
_NOT_FILE = re.compile(r"(?:[a-z]\.){1,3}[a-z]?|(?:e\.g|i\.e|etc|vs|cf)\b.*", re.IGNORECASE)


def file_spans(text: str) -> list[Span]:
    """Dotted file names ("build.ninja", "config.h", "README.md", "file.tar.gz") as ``name`` spans, whole.

    A name has a stem of at least two characters and an extension of one to six letters or digits
    (starting with a letter); "e.g.", "i.e." and initials ("U.S.") are not file names.
    """
    spans = []
    for match in _FILE_NAME.finditer(text):
        name = match.group()
        stem = name.lstrip(".").split(".")[0]
        if len(stem) < 2 or _NOT_FILE.fullmatch(name) or not any(ch.isalpha() for ch in stem):
            continue
        spans.append(Span(match.start(), match.end(), name, NAME))
    return spans


# an absolute, home or variable-rooted path ("/etc/foo.conf", "~/.config/foo/", "$XDG_CONFIG_HOME/foo"), not a URL's
FILE_PATH = re.compile(
    r"(?<![\w:/.~$%-])(?:~|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)?/[A-Za-z0-9_.+-]+(?:/[A-Za-z0-9_.+-]+)*/?"
)


# a relative path: "./configure", "../lib", "debian/README.source", "src/lib/frob.c", "doc/man/"
RELATIVE_PATH = re.compile(r"(?<![\w:/.~$%@-])(?:\.{1,2}/)?[A-Za-z0-9_+-][A-Za-z0-9_.+-]*(?:/[A-Za-z0-9_.+-]+)*/?")
_EXTENSION = re.compile(r"[^./]\.[A-Za-z][A-Za-z0-9]{0,5}(?:\.\d+)*$")  # "README.source", "libfoo.so.1"


def _relative_path(name: str) -> bool:
    """Whether ``name`` (a ``RELATIVE_PATH`` match) reads as a path rather than words joined by slashes ("and/or",
    "TCP/IP", "GNU/Linux", "24/7", "read/write/execute"): it opens with "./" or "../", ends in a file name with an
    extension ("debian/README.source"), or has three parts or more not all English words ("debian/patches/series");
    no part is a bare number."""
    parts = [p for p in name.split("/") if p not in ("", ".", "..")]
    if "/" not in name or not parts or any(p.isdigit() for p in parts):
        return False
    if name.startswith(("./", "../")) or (len(parts) > 1 and _EXTENSION.search(parts[-1])):
        return True
    return len(parts) > 2 and not all(p.isalpha() and is_english(p) for p in parts)  # not "read/write/execute"


def path_spans(text: str) -> list[Span]:
    """File system paths ("/etc/frobnik.conf", "~/.fonts.conf.d", "$HOME/.foo/"; relative ones as ``_relative_path``
    tells them: "./configure", "debian/README.source") as ``name`` spans, whole, less a sentence's closing period; a
    lone "/" or a word pair such as "and/or" is none."""
    if "/" not in text:  # every path holds one; most sentences do not (a relative path is tried at every word)
        return []
    spans = []
    for match in FILE_PATH.finditer(text):
        name = match.group().rstrip(".")
        if sum(ch.isalpha() for ch in name) < 2:
            continue
        spans.append(Span(match.start(), match.start() + len(name), name, NAME))
    for match in RELATIVE_PATH.finditer(text):
        name = match.group().rstrip(".")
        if not _relative_path(name) or sum(ch.isalpha() for ch in name) < 2:
            continue
        if any(s.start < match.start() + len(name) and match.start() < s.end for s in spans):
            continue
        spans.append(Span(match.start(), match.start() + len(name), name, NAME))
    return sorted(spans, key=lambda s: s.start)


# a code identifier written with underscores ("idn2_to_ascii_8z", "DEFAULT_ARG_SIZE", "FT_Init_FreeType"), or a prefix
# of such identifiers ending in one ("PCRE2_", "XML_"), not inside a path, an option or a longer word
_IDENTIFIER = re.compile(r"(?<![\w./@$-])[A-Za-z][A-Za-z0-9]*(?:(?:_+[A-Za-z0-9]+)+_*|_+)(?![\w/@-])")


# a name in a namespace: a Perl or Ruby module ("X11::Protocol", "Locale::gettext"), a C++ or Rust path ("std::vector")
_NAMESPACED = re.compile(r"(?<![\w:$@%-])[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)+(?![\w-]|::)")


# a package name: lower-case words and numbers joined by hyphens, with a digit in it ("libc6-dev", "python3-pip",
# "libgtk2.0-0", "gcc-12"), or one lower-case word that ends in a number ("pcre3", "libxml2", "tclsh8.6"); not inside
# a path, an option or a longer word, less a sentence's closing period
_PACKAGE = re.compile(
    r"(?<![\w./@$-])(?=[a-z0-9+.-]*\d)[a-z][a-z0-9+]*(?:\.[a-z0-9+]+)*(?:-[a-z0-9+]+(?:\.[a-z0-9+]+)*)+(?![\w/@-])"
    r"|(?<![\w./@$-])[a-z]{2,}\d+(?:\.\d+)*[a-z]?(?![\w/@-]|\.\w)"
)


# a dotted module or attribute name, lower-case, each part two characters or more ("importlib.resources", "os.path",
# "pkg_resources.resource_filename"); not inside a path, a URL or an address, nor a sentence's closing period
_DOTTED = re.compile(r"(?<![\w./@$:-])[a-z_][a-z0-9_]+(?:\.[a-z_][a-z0-9_]+)+(?![\w/@-]|\.\w)")


def identifier_spans(text: str) -> list[Span]:
    """Code identifiers joined by underscores ("json_object_get", "DEFAULT_ARG_SIZE") or by "::" ("X11::Protocol",
    "Algorithm::DiffOld"), and package names with a digit joined by hyphens ("libc6-dev", ``_PACKAGE``) as ``name``
    spans, whole: the words between are no mentions of their own ("ascii" in "idn2_to_ascii_8z", "Protocol" in
    "X11::Protocol", "libc6" in "libc6-dev"); so are dotted module names ("importlib.resources", ``_DOTTED``)."""
    found = [Span(m.start(), m.end(), m.group(), NAME) for m in _NAMESPACED.finditer(text)]
    for pattern in (_DOTTED, _IDENTIFIER, _PACKAGE):
        found += [
            Span(m.start(), m.end(), m.group(), NAME) for m in pattern.finditer(text)
            if not any(s.start <= m.start() < s.end for s in found)
        ]  # fmt: skip
    return sorted(found, key=lambda s: s.start)


# a setting written as name=value ("net.ifnames=0", "LANG=C", "-Dgtk_doc=true"): a kernel parameter, a variable, a
# meson or C define; not inside a path, an option or a longer word, less a sentence's closing period
_SETTING = re.compile(r"(?<![\w./@$:=-])(?:-D)?[A-Za-z][\w]*(?:\.[A-Za-z_]\w*)*=[^\s,;:()\[\]'\"`<>=]+")


def setting_spans(text: str) -> list[Span]:
    """``name=value`` settings ("net.ifnames=0", "LANG=C") as ``name`` spans, whole: "net" and "ifnames" are no
    mentions of their own."""
    spans = []
    for match in _SETTING.finditer(text):
        name = match.group().rstrip(".")
        if not name.endswith("="):
            spans.append(Span(match.start(), match.start() + len(name), name, NAME))
    return spans


# a number named by the lower-case noun before it ("port 5353", "version 197", "kernel ≥ 3.15", "bug #1234") or a
# lower-case program name before its dotted release number ("zlib 1.0.4"); a one-digit version ("version 2 of the
# License") and an IPv4 address ("224.0.0.251") are not read
NUMBER_LABELS = ("port", "version", "release", "revision", "kernel", "bug", "issue", "rfc")
_NUMBER_START = r"(?<![\w./@$:=-])"  # not inside a path, address, setting or longer word
_NUMBER_END = r"(?![\w/@-]|\.\d|\.[A-Za-z])"  # nor running on into one, or into a further dotted part
_LABELLED_NUMBER = re.compile(
    rf"{_NUMBER_START}(?P<label>(?:{_alt(NUMBER_LABELS)})|[a-z][a-z0-9]*[a-z])[ \t]+(?:(?:≥|>=|>|≤|<=)[ \t]*)?#?"
    rf"(?P<number>v?\d+(?:\.\d+)+[a-z]?(?:-\d+(?:\.\d+)*)?|v?\d+[a-z]?){_NUMBER_END}"
)  # a dotted number may end in a Debian revision: "version 2.8.12-2"
_BARE_VERSION = re.compile(rf"{_NUMBER_START}v\d+(?:\.\d+){{1,3}}{_NUMBER_END}")  # "v14.17.0"
LABEL_NAME_MIN = 3  # letters of a lower-case name before its release number ("zlib 1.0.4", "gcc 4.8")
_IPV4 = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")


def labelled_number_spans(text: str) -> list[Span]:
    """Numbers that name a thing, as ``name`` spans with the word that says what they number: "allow UDP traffic
    on port 5353" → "port 5353", "Since version 197" → "version 197", "Linux kernel ≥ 3.15" → "kernel 3.15",
    "use zlib 1.0.4 or later" → "zlib 1.0.4" (a lower-case word before a dotted release number), "added in
    version 2.8.12-2" → "version 2.8.12-2" (a Debian revision after the dotted number); and a dotted release number
    written with a "v" and no label ("Starting with v14.17.0").

    A bare number is not a mention of its own; with its label it can take part in a relation ("listens on →
    port 8080"). A version of one digit ("version 2 of the License", "version 3") would be the same entity in every
    document and is not read, nor an IPv4 address, nor a label that is an English word before a dotted number
    that no label names ("page 1.2"; ``text.english_words``)."""
    spans = []
    for match in _LABELLED_NUMBER.finditer(text):
        label, number = match.group("label"), match.group("number")
        dotted = "." in number
        if _IPV4.fullmatch(number):
            continue
        if label not in NUMBER_LABELS:
            if not dotted or not is_bare_name(label, LABEL_NAME_MIN):
                continue
        elif not dotted and len(number.lstrip("v")) < 2 and label in ("version", "release", "revision"):
            continue
        spans.append(Span(match.start(), match.end(), f"{label} {number}", NAME))  # "kernel 3.15", no "≥" or "#"
    taken = [(s.start, s.end) for s in spans]
    for match in _BARE_VERSION.finditer(text):  # "Starting with v14.17.0": a release named by its "v" alone
        if not any(a <= match.start() < b for a, b in taken):
            spans.append(Span(match.start(), match.end(), match.group(), NAME))
    return sorted(spans, key=lambda s: s.start)


# Markdown inline code (`zstd`, `make`), reStructuredText's and Markdown's double-quoted inline literals (``make
# html``) and the GNU manuals' `quoting' of commands and files
_CODE = re.compile(
    r"(?<!`)``(?!`)(?P<literal>[^`\n]{1,40}?)``(?!`)|(?<!`)`(?!`)(?P<name>[^`'\n]{1,40}?)(?:`(?!`)|'(?![\w]))"
)
_CODE_MAX_WORDS = 3


# a quoted word or two right after the kind of code it is: "the command 'update-ca-certificates -f'", "the file
# "jvm.cfg"", "the variable ‘LANG’" (lower-case quoted words elsewhere are scare quotes, ``title_spans``)
CODE_KINDS = (
    r"(?:command|program|tool|utility|script|executable|option|flag|switch|file|directory|folder|package|module"
    r"|variable|function|setting|parameter|key)s?"
)
_KIND_QUOTED = re.compile(
    rf"\b{CODE_KINDS}[ \t]+(?:called[ \t]+|named[ \t]+)?"
    r"(?:'(?P<a>[^'\n]{1,40}?)'(?!\w)|\"(?P<b>[^\"\n]{1,40}?)\"|‘(?P<c>[^’\n]{1,40}?)’|“(?P<d>[^”\n]{1,40}?)”)",
    re.IGNORECASE,
)


def code_spans(text: str) -> list[Span]:
    """Inline code and GNU-style quoted commands ("`zstd`", "``make html``", "`configure'") as ``name`` spans, whole and
    whatever their case: a document writes so the command, file or identifier it names; so is a quoted word after
    the kind of code it is ("the command 'update-ca-certificates -f'", ``_KIND_QUOTED``). Longer snippets (more than
    ``_CODE_MAX_WORDS`` words) are code, not names."""
    spans = []
    for match in _CODE.finditer(text):
        name = (match.group("literal") or match.group("name") or "").strip()
        if name and any(ch.isalnum() for ch in name) and len(name.split()) <= _CODE_MAX_WORDS:
            spans.append(Span(match.start(), match.end(), name, NAME))  # the quotes too, as with titles
    for match in _KIND_QUOTED.finditer(text):
        group = next(g for g in ("a", "b", "c", "d") if match.group(g) is not None)
        name = match.group(group).strip()
        start, end = match.start(group) - 1, match.end(group) + 1  # the quotes too
        if (
            any(ch.isalnum() for ch in name) and len(name.split()) <= _CODE_MAX_WORDS
            and not any(s.start < end and start < s.end for s in spans)
        ):  # fmt: skip
            spans.append(Span(start, end, name, NAME))
    return sorted(spans, key=lambda s: s.start)


# a Markdown list item's bold term ("* **apt-key** as an interface to manage authentication keys"), or a bold word
# written as code (a hyphen, a digit, an underscore or a dot inside: "**libfoo-dev**"); bold prose ("**not**",
# "**Note:**") is emphasis, not a name
_BOLD_ITEM = re.compile(
    r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(?:\*\*|__)(?P<name>[^*_\s][^*\n]{0,40}?)(?:\*\*|__)", re.MULTILINE
)
_BOLD_CODE = re.compile(r"(?<![*\w])\*\*(?P<name>[A-Za-z][\w.+-]*[-_.\d][\w.+-]*)\*\*(?![*\w])")


def bold_spans(text: str) -> list[Span]:
    """Markdown bold terms that name something, as ``name`` spans without their marks: a list item's leading bold
    term ("* **apt-cache** for querying …", at most ``_CODE_MAX_WORDS`` words) and a bold word written as code
    ("**libfoo-dev**"). Bold prose is emphasis and is not read."""
    spans: dict[int, Span] = {}
    for pattern in (_BOLD_ITEM, _BOLD_CODE):
        for match in pattern.finditer(text):
            name = match.group("name").strip().rstrip(":")
            if name and len(name.split()) <= _CODE_MAX_WORDS and any(ch.isalnum() for ch in name):
                start = match.start("name")
                spans.setdefault(start, Span(start, start + len(name), name, NAME))
    return sorted(spans.values(), key=lambda s: s.start)


def title_spans(text: str) -> list[Span]:
    """Quoted titles: “…”, "…", '…', ‘…’, 『…』, 「…」 (short), 《…》. Quoted sentences are not titles."""
    spans = []
    for match in _TITLE_QUOTES.finditer(text):
        inner = next(g for g in match.groups() if g is not None).strip()
        if not inner or not any(ch.isalnum() for ch in inner) or inner[-1] in ".!?。！？,;:":
            continue
        if len(inner.split()) > _TITLE_MAX_WORDS or inner.casefold() in STOP:
            continue
        if inner == inner.lower() and not HAS_CJK.search(inner):  # "scare quotes", not a title
            continue
        if _HIRAGANA_ONLY.fullmatch(inner):  # 「はい」 quotes speech, not a title
            continue
        spans.append(Span(match.start(), match.end(), inner, TITLE))
    return spans


def cjk_spans(text: str) -> list[Span]:
    """Japanese runs of Kanji and Katakana, and Korean Hangul words, as names.

    A run followed by an honorific (さん, 様, 先生, 씨, 님 …) is a person and the honorific is
    not part of the name. A lone Kanji is a verb or adjective stem more often than a name and is
    skipped, as are Korean predicates (words ending like a verb).
    """
    spans: list[Span] = []
    for match in _JA_RUN.finditer(text):
        start, end = match.span()
        run = match.group().rstrip("\u30fb")
        end = start + len(run)
        kind = NAME
        for honorific in _KANJI_HONORIFICS:
            if run.endswith(honorific) and len(run) > len(honorific):
                run, end, kind = run[: -len(honorific)], end - len(honorific), PERSON
                break
        if kind == NAME and text.startswith(JA_HONORIFICS, end):
            kind = PERSON
        if len(run) > _CJK_MAX_RUN or run.strip("ー") == "":
            continue
        if len(run) < 2 and kind != PERSON:
            continue
        spans.append(Span(start, end, run, kind))
    for match in _HANGUL_WORD.finditer(text):
        word, start = match.group(), match.start()
        for particle in KO_PARTICLES:
            if word.endswith(particle) and len(word) - len(particle) >= 2:
                word = word[: -len(particle)]
                break
        kind = NAME
        for honorific in KO_HONORIFICS:
            if word.endswith(honorific) and len(word) > len(honorific):
                word, kind = word[: -len(honorific)], PERSON
                break
        if kind == NAME and (len(word) < 2 or word.endswith(KO_PREDICATE_ENDINGS)):
            continue
        spans.append(Span(start, start + len(word), word, kind))
    spans.sort(key=lambda s: s.start)
    return spans
