"""Whether a lower-case word is an English word: WordNet 3.0's lemmas, any part of speech, with their inflections.

Used where a word's being *no* English word is the evidence: in "the xgettext program", "the msgmerge tool" the word
before the kind noun is a name, while in "the main program", "the compiled library" it is a modifier. The lemmas
are those of Debian's ``wordnet-base`` (``text.wordnet_files``); an inflected form counts through its lemma
(``lexicon.inflections``, nouns' plurals included), and a hyphenated word is English when every part is
("command-line", "built-in"). Without the files nothing is known to be English, so ``known()`` is false and callers
must not read a word's absence as a name.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from graphproof.text.lexicon import FUNCTION, PREPOSITIONS, VERBS, inflections
from graphproof.text.wordnet_files import DEFAULT_WORDNET_DIR, INDEX_FILES, index_lemmas


def read_words(directory: Path) -> frozenset[str]:
    """Every one-word lemma of ``directory``'s four index files, with its regular inflections; empty without them."""
    words: set[str] = set()
    for name in INDEX_FILES:
        path = directory / name
        if path.is_file():
            for lemma in index_lemmas(path):
                if "_" not in lemma:
                    words |= inflections(lemma) | {lemma + "er", lemma + "est", lemma + "ly"}
    return frozenset(words)


@cache
def _default_words() -> frozenset[str]:
    return read_words(DEFAULT_WORDNET_DIR)


def known(words: frozenset[str] | None = None) -> bool:
    """Whether there is a word list to ask at all (WordNet's files are installed)."""
    return bool(_default_words() if words is None else words)


def is_bare_name(word: str, min_letters: int) -> bool:
    """Whether a lower-case ``word`` is a name because it is no English word ("popt", "xgettext", "zlib"): the word
    list must be installed (``known``) and the word have at least ``min_letters`` letters (shorter unknown words,
    "gcc", "ls", are as often abbreviations the lemmas lack)."""
    return known() and sum(ch.isalpha() for ch in word) >= min_letters and not is_english(word)


def is_english(word: str, words: frozenset[str] | None = None) -> bool:
    """Whether ``word`` (any case) is an English word or an inflection of one, or every part of a hyphenated one."""
    table = _default_words() if words is None else words
    lower = word.casefold()
    if lower in table or lower in FUNCTION or lower in PREPOSITIONS or lower in VERBS:
        return True
    parts = lower.split("-")
    return len(parts) > 1 and all(p and (p in table or p in FUNCTION or p in PREPOSITIONS) for p in parts)
