"""WordNet 3.0's index files as Debian's ``wordnet-base`` installs them: where they are and how a line reads.

Each line of ``index.{noun,verb,adj,adv}`` is ``lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt
synset_offset…``; lines that start with a space are the licence header. The readers of WordNet data share this
module: ``verification.wordnet`` (synonyms, antonyms, hypernyms), ``text.verb_forms`` (verb forms) and
``text.spelling_variants`` (other spellings).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

DEFAULT_WORDNET_DIR = Path("/usr/share/wordnet")
INDEX_FILES = ("index.noun", "index.verb", "index.adj", "index.adv")


def parse_index_line(line: str) -> tuple[str, list[str]] | None:
    """``(lemma, ["n:06277280", …])`` from one index line; ``None`` for the licence header and blank lines."""
    if not line or line.startswith(" "):
        return None
    fields = line.split()
    if len(fields) < 6:
        return None
    try:
        count, pointers = int(fields[2]), int(fields[3])
    except ValueError:
        return None
    offsets = fields[6 + pointers : 6 + pointers + count]
    if len(offsets) != count or not all(o.isdigit() for o in offsets):
        raise ValueError(f"not a WordNet index line (expected {count} synset offsets): {line[:80]!r}")
    return fields[0], [f"{fields[1]}:{offset}" for offset in offsets]


@cache
def index_lemmas(path: Path) -> Mapping[str, frozenset[str]]:
    """Lemma → its synsets (``"v:01617210"``) in the index file at ``path``, read once per process: the verb forms,
    the English words, the spelling variants and the verifier's synonyms all read the same files."""
    synsets: dict[str, set[str]] = {}
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            parsed = parse_index_line(line)
            if parsed is not None:
                synsets.setdefault(parsed[0], set()).update(parsed[1])
    return MappingProxyType({lemma: frozenset(found) for lemma, found in synsets.items()})


def read_index(directory: Path) -> dict[str, set[str]]:
    """Lemma → its synsets over the four index files of ``directory``; ``FileNotFoundError`` naming a missing file."""
    synsets: dict[str, set[str]] = {}
    for name in INDEX_FILES:
        path = directory / name
        if not path.is_file():
            raise FileNotFoundError(
                f"{path} is missing: expected WordNet 3.0 index files (Debian: apt install wordnet-base)"
            )
        for lemma, found in index_lemmas(path).items():
            synsets.setdefault(lemma, set()).update(found)
    return synsets


@cache
def first_senses(path: Path) -> Mapping[str, str]:
    """Lemma → its first (most frequent) synset in the index file at ``path``: an index line lists a lemma's synsets
    by how often the sense occurs in WordNet's tagged texts."""
    first: dict[str, str] = {}
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            parsed = parse_index_line(line)
            if parsed is not None and parsed[1]:
                first.setdefault(parsed[0], parsed[1][0])
    return MappingProxyType(first)


PROPER_ADJECTIVE_ENDINGS = ("an", "ese", "ish", "ch", "ic", "i")  # "American", "Japanese", "British", "French", "Iraqi"


@cache
def _adjectives(directory: Path) -> Mapping[str, frozenset[str]]:
    """The lemmas of ``directory``'s ``index.adj``; none when the file is missing."""
    path = directory / "index.adj"
    return index_lemmas(path) if path.is_file() else MappingProxyType({})


def is_adjective(word: str, directory: Path = DEFAULT_WORDNET_DIR) -> bool:
    """Whether WordNet's ``index.adj`` lists ``word`` (casefolded): "complete", "free", "clean"; never without
    WordNet's files."""
    return word.casefold() in _adjectives(directory)


def proper_adjective(word: str, directory: Path = DEFAULT_WORDNET_DIR) -> bool:
    """Whether ``word`` is a capitalised adjective of nationality or origin ("American", "Japanese", "British",
    "French", "Iraqi"): such an ending (``PROPER_ADJECTIVE_ENDINGS``), and WordNet's ``index.adj`` lists it
    ("Corman", "Zeffirelli" are names). Never without WordNet's files."""
    if not (word[:1].isupper() and word[1:].islower() and word.endswith(PROPER_ADJECTIVE_ENDINGS)):
        return False
    return word.casefold() in _adjectives(directory)
