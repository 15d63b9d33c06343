"""Synonymy from WordNet 3.0: two words are synonyms when they share a synset.

The data are the index files of Princeton WordNet 3.0 as Debian's ``wordnet-base`` package installs
them (``/usr/share/wordnet/index.{noun,verb,adj,adv}``; ``make setup`` installs it). Each line of an
index file is ``lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…``;
only the lemma and its synset offsets are read. Word senses are not disambiguated: "make" and
"create" are synonyms because one sense of each shares a synset. Antonyms never share a synset; they are
read from the data files of the same package (``data.{noun,verb,adj,adv}``): a lexical pointer ``!``
from word *i* of one synset to word *j* of another ("north"/"south", "increase"/"decrease",
"largest"'s "large"/"small"), so that similarity never links a word with its opposite. Noun hypernymy is
read from ``data.noun`` too (pointer ``@``: "novelist" → "writer" → "communicator" → "person"): ``is_a`` says
whether some sense of one noun lies under some sense of another, so "X is a novelist" entails "X is an author"
(the synset {writer, author}).

Without the files the offline method aligns no paraphrase in a sentence template (``verification.templates``:
with no antonyms to veto them, opposites read as close as synonyms in context); ``load_wordnet`` says why it
returned nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache, partial
from pathlib import Path

from graphproof.text.wordnet_files import DEFAULT_WORDNET_DIR, first_senses, read_index

DATA_FILES = ("data.noun", "data.verb", "data.adj", "data.adv")
_POINTER_POS = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
MAX_HYPERNYM_STEPS = 8  # WordNet's noun hierarchy is at most 19 deep; "novelist" reaches "person" in 3


class WordNet:
    """Lemma → synsets, for the synonym test; and the antonym pairs."""

    def __init__(
        self,
        synsets: dict[str, frozenset[str]],
        antonym_pairs: frozenset[tuple[str, str]] = frozenset(),
        hypernyms: dict[str, frozenset[str]] | None = None,
        first_nouns: Callable[[], Mapping[str, str]] | None = None,
    ) -> None:
        self._synsets = synsets
        self._antonyms = antonym_pairs
        self._hypernyms = hypernyms or {}
        self._first_nouns = first_nouns  # read when first asked for: only ``sister_terms(first_only=True)`` needs it
        self._opposites: dict[str, set[str]] | None = None
        self._members: dict[str, list[str]] | None = None
        self._hyponyms: dict[str, list[str]] | None = None

    def __len__(self) -> int:
        return len(self._synsets)

    def synsets(self, phrase: str) -> frozenset[str]:
        """The synsets (``"v:01617210"``) of a lemma or multi-word phrase (``"television receiver"``)."""
        return self._synsets.get("_".join(phrase.casefold().split()), frozenset())

    def synonyms(self, a: str, b: str) -> bool:
        """True when ``a`` and ``b`` (lemmas) differ and share a synset."""
        return a.casefold() != b.casefold() and bool(self.synsets(a) & self.synsets(b))

    def antonyms(self, a: str, b: str) -> bool:
        """True when WordNet marks ``a`` and ``b`` (lemmas or phrases) as antonyms in some sense."""
        return ("_".join(a.casefold().split()), "_".join(b.casefold().split())) in self._antonyms

    def antonyms_of(self, word: str) -> list[str]:
        """The words WordNet marks as antonyms of ``word`` in some sense, sorted ("north" → ["south"])."""
        if self._opposites is None:
            self._opposites = {}
            for a, b in self._antonyms:
                self._opposites.setdefault(a, set()).add(b)
        return sorted(self._opposites.get("_".join(word.casefold().split()), ()))

    def sister_terms(self, noun: str, first_only: bool = False) -> list[str]:
        """Nouns under the same hypernym as some sense of ``noun`` (its first, most frequent sense with
        ``first_only``) and sharing no synset with it, sorted ("city" → "borough", "canton", …, "town"): words of
        the same kind that name something else."""
        if self._members is None or self._hyponyms is None:
            members: dict[str, list[str]] = {}
            for lemma, found in self._synsets.items():
                for synset in found:
                    if synset.startswith("n:"):
                        members.setdefault(synset, []).append(lemma)
            hyponyms: dict[str, list[str]] = {}
            for child, parents in self._hypernyms.items():
                for parent in parents:
                    hyponyms.setdefault(parent, []).append(child)
            self._members, self._hyponyms = members, hyponyms
        own = {s for s in self.synsets(noun) if s.startswith("n:")}
        if first_only:
            first = self._first_nouns() if self._first_nouns is not None else {}
            own &= {first.get("_".join(noun.casefold().split()), "")}
        siblings = {c for s in own for p in self._hypernyms.get(s, ()) for c in self._hyponyms.get(p, ())} - own
        words = {w for s in siblings for w in self._members.get(s, ())}
        return sorted(w for w in words if not self.synsets(w) & own)

    def is_a(self, specific: str, general: str) -> bool:
        """True when a noun sense of ``specific`` lies under a noun sense of ``general`` (lemmas or phrases), at
        most ``MAX_HYPERNYM_STEPS`` hypernym steps up; a word is not its own hypernym."""
        targets = {s for s in self.synsets(general) if s.startswith("n:")}
        if not targets or specific.casefold() == general.casefold():
            return False
        seen: set[str] = set()
        level = {s for s in self.synsets(specific) if s.startswith("n:")}
        for _ in range(MAX_HYPERNYM_STEPS):
            level = {parent for synset in level for parent in self._hypernyms.get(synset, ())} - seen
            if level & targets:
                return True
            seen |= level
        return False


def antonym_pairs(lines_by_pos: dict[str, list[str]]) -> frozenset[tuple[str, str]]:
    """Word pairs joined by an antonym pointer, both ways, from data-file lines (``pos → lines``). A data line
    is ``offset lex_filenum ss_type w_cnt word lex_id … p_cnt [symbol offset pos source/target]… | gloss``;
    the pointer's source/target (4 hex digits) numbers the word in each synset."""
    words: dict[tuple[str, str], list[str]] = {}
    pointers: list[tuple[str, str, str, int]] = []  # (word, target pos, target offset, target word number)
    for pos, lines in lines_by_pos.items():
        for line in lines:
            fields = line.split(" | ", 1)[0].split()
            count = int(fields[3], 16)
            names = [w.casefold().split("(")[0] for w in fields[4 : 4 + 2 * count : 2]]
            words[(pos, fields[0])] = names
            at = 4 + 2 * count
            for k in range(int(fields[at])):
                symbol, offset, target_pos, st = fields[at + 1 + 4 * k : at + 5 + 4 * k]
                source, target = int(st[:2], 16), int(st[2:], 16)
                if symbol == "!" and 0 < source <= len(names):
                    pointers.append((names[source - 1], _POINTER_POS.get(target_pos, target_pos), offset, target))
    pairs: set[tuple[str, str]] = set()
    for word, pos, offset, target in pointers:
        others = words.get((pos, offset), [])
        if 0 < target <= len(others):
            pairs |= {(word, others[target - 1]), (others[target - 1], word)}
    return frozenset(pairs)


def hypernym_map(lines: list[str]) -> dict[str, frozenset[str]]:
    """Noun synset → its hypernym synsets (``"n:09622049"``), from ``data.noun`` lines: the pointers ``@``
    (instance hypernyms ``@i`` are left out: a named individual is no common-noun category)."""
    out: dict[str, frozenset[str]] = {}
    for line in lines:
        fields = line.split(" | ", 1)[0].split()
        at = 4 + 2 * int(fields[3], 16)
        parents = {
            f"n:{fields[at + 2 + 4 * k]}"
            for k in range(int(fields[at]))
            if fields[at + 1 + 4 * k] == "@" and fields[at + 3 + 4 * k] == "n"
        }
        if parents:
            out[f"n:{fields[0]}"] = frozenset(parents)
    return out


def _antonym_lines(directory: Path) -> dict[str, list[str]]:
    """The data-file lines that hold an antonym pointer (antonymy is mutual, so both ends are among them)."""
    out: dict[str, list[str]] = {}
    for name in DATA_FILES:
        path = directory / name
        if path.is_file():
            with path.open(encoding="utf-8", errors="replace") as handle:
                out[name.split(".")[1]] = [ln for ln in handle if not ln.startswith(" ") and " ! " in ln]
    return out


def read_wordnet(directory: Path) -> WordNet:
    """The index files of ``directory`` (module docstring); ``FileNotFoundError`` naming a missing file."""
    synsets = read_index(directory)
    antonyms = antonym_pairs(_antonym_lines(directory))
    hypernyms: dict[str, frozenset[str]] = {}
    if (directory / "data.noun").is_file():
        with (directory / "data.noun").open(encoding="utf-8", errors="replace") as handle:
            hypernyms = hypernym_map([ln for ln in handle if not ln.startswith(" ") and " @ " in ln])
    first = partial(first_senses, directory / "index.noun")  # a second pass over the index, only when asked for
    return WordNet({lemma: frozenset(found) for lemma, found in synsets.items()}, antonyms, hypernyms, first)


@lru_cache(maxsize=4)
def load_wordnet(directory: Path = DEFAULT_WORDNET_DIR) -> WordNet | None:
    """``read_wordnet(directory)`` once per process, or ``None`` when the files are not installed."""
    try:
        return read_wordnet(directory)
    except FileNotFoundError:
        return None
