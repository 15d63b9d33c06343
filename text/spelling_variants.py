"""Spelling variants from WordNet 3.0: "licence"/"license", "colour"/"color", "analyse"/"analyze".

WordNet lists a word's other spellings as members of the same synset. Two one-word, all-letter lemmas of one synset
are taken as spellings of one word when they are at least ``MIN_LENGTH`` letters long, share their first
``SAME_START`` letters and are at most ``MAX_EDITS`` edits apart (Levenshtein distance); synonyms that look alike
pass too ("eager"/"eagre", "oversize"/"oversized"), which is harmless where the set is used: deciding whether a
sentence covers a question's word. Each group of variants is read as one word, its alphabetically first member
(``canonical``).

The files are Debian's ``wordnet-base`` (``/usr/share/wordnet/index.{noun,verb,adj,adv}``, ``make setup`` installs
them); without them there are no variants and every word is its own spelling.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from graphproof.text.wordnet_files import DEFAULT_WORDNET_DIR, read_index

MIN_LENGTH = 5
SAME_START = 3
MAX_EDITS = 2


def edit_distance(a: str, b: str) -> int:
    """The Levenshtein distance of ``a`` and ``b``: the fewest insertions, deletions and substitutions."""
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def are_variants(a: str, b: str) -> bool:
    """Whether two lemmas of one synset look like spellings of one word (module docstring)."""
    return (
        a != b
        and min(len(a), len(b)) >= MIN_LENGTH
        and a[:SAME_START] == b[:SAME_START]
        and abs(len(a) - len(b)) <= MAX_EDITS
        and edit_distance(a, b) <= MAX_EDITS
    )


def variant_groups(synsets: Iterable[Iterable[str]]) -> dict[str, str]:
    """Each word that has a variant in some synset → its group's canonical spelling (the alphabetically first);
    groups join through shared members ("colorize" ~ "colourize" ~ "colourise")."""
    parent: dict[str, str] = {}

    def root(word: str) -> str:
        while parent.setdefault(word, word) != word:
            parent[word] = parent[parent[word]]
            word = parent[word]
        return word

    for members in synsets:
        words = sorted(set(members))
        for i, a in enumerate(words):
            for b in words[i + 1 :]:
                if are_variants(a, b):
                    ra, rb = root(a), root(b)
                    if ra != rb:
                        parent[max(ra, rb)] = min(ra, rb)
    return {word: root(word) for word in list(parent)}


def read_variants(directory: Path) -> dict[str, str]:
    """``variant_groups`` of the synsets in ``directory``'s index files; empty when a file is missing."""
    try:
        synsets = read_index(directory)
    except FileNotFoundError:
        return {}
    members: dict[str, set[str]] = {}
    for lemma, found in synsets.items():
        if lemma.isalpha():
            for synset in found:
                members.setdefault(synset, set()).add(lemma)
    return variant_groups(members.values())


@cache
def spelling_variants(directory: Path = DEFAULT_WORDNET_DIR) -> Mapping[str, str]:
    """``read_variants(directory)``, read once per process."""
    return read_variants(directory)


def canonical(word: str, variants: Mapping[str, str] | None = None) -> str:
    """The spelling ``word`` (casefolded) is read as: its variant group's first member, else itself."""
    folded = word.casefold()
    return (spelling_variants() if variants is None else variants).get(folded, folded)
