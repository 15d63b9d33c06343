"""Synonymy from WordNet 3.0: two words are synonyms when they share a synset.

The data are the index files of Princeton WordNet 3.0 as Debian's ``wordnet-base`` package installs
them (``/usr/share/wordnet/index.{noun,verb,adj,adv}``; ``make setup`` installs it). Each line of an
index file is ``lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…``;
only the lemma and its synset offsets are read. Word senses are not disambiguated: "make" and
"create" are synonyms because one sense of each shares a synset. Antonyms never share a synset.

Without the files the offline method aligns paraphrases by embedding similarity only
(``verification.templates``); ``load_wordnet`` says why it returned nothing.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

DEFAULT_WORDNET_DIR = Path("/usr/share/wordnet")
POS_FILES = ("index.noun", "index.verb", "index.adj", "index.adv")


class WordNet:
    """Lemma → synsets, for the synonym test."""

    def __init__(self, synsets: dict[str, frozenset[str]]) -> None:
        self._synsets = synsets

    def __len__(self) -> int:
        return len(self._synsets)

    def synsets(self, phrase: str) -> frozenset[str]:
        """The synsets (``"v:01617210"``) of a lemma or multi-word phrase (``"television receiver"``)."""
        return self._synsets.get("_".join(phrase.casefold().split()), frozenset())

    def synonyms(self, a: str, b: str) -> bool:
        """True when ``a`` and ``b`` (lemmas) differ and share a synset."""
        return a.casefold() != b.casefold() and bool(self.synsets(a) & self.synsets(b))


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


def read_wordnet(directory: Path) -> WordNet:
    """The index files of ``directory`` (module docstring); ``FileNotFoundError`` naming a missing file."""
    synsets: dict[str, set[str]] = {}
    for name in POS_FILES:
        path = directory / name
        if not path.is_file():
            raise FileNotFoundError(
                f"{path} is missing: expected WordNet 3.0 index files (Debian: apt install wordnet-base)"
            )
        with path.open(encoding="utf-8", errors="replace") as handle:
            for line in handle:
                parsed = parse_index_line(line)
                if parsed is not None:
                    synsets.setdefault(parsed[0], set()).update(parsed[1])
    return WordNet({lemma: frozenset(found) for lemma, found in synsets.items()})


@lru_cache(maxsize=4)
def load_wordnet(directory: Path = DEFAULT_WORDNET_DIR) -> WordNet | None:
    """``read_wordnet(directory)`` once per process, or ``None`` when the files are not installed."""
    try:
        return read_wordnet(directory)
    except FileNotFoundError:
        return None
