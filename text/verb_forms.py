"""English verb forms from WordNet 3.0: which words can be a verb ("identifies", "transcoded", "kills").

``lexicon.VERBS`` lists the forms of some 220 verbs that chats and documents use most. Documents use many more
("fuser identifies processes", "libfoo wraps the C API"), so the document extractor also reads, where a verb can
only stand, the forms of every one-word verb of WordNet 3.0: the lemmas of Debian's ``wordnet-base``
(``/usr/share/wordnet/index.verb``, the first field of each line that does not start with a space), their regular
inflections (``lexicon.inflections``), and the irregular forms ``verb.exc`` lists ("wrote write", "ran run").
Many of these words are nouns too ("print", "file"), so this set says what *can* be a verb, not what is one.

Without the files the set is empty and ``lexicon.VERBS`` alone decides; ``make setup`` installs them.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from graphproof.text.lexicon import inflections
from graphproof.text.wordnet_files import DEFAULT_WORDNET_DIR, index_lemmas

MIN_LEMMA = 3  # shorter lemmas ("be", "do", "go") are in ``lexicon.VERBS`` already; WordNet's others are noise


def read_verb_forms(directory: Path) -> frozenset[str]:
    """Every form of every one-word, all-letter verb lemma in ``directory``'s ``index.verb`` and ``verb.exc``
    (module docstring); empty when ``index.verb`` is not there."""
    index = directory / "index.verb"
    if not index.is_file():
        return frozenset()
    forms: set[str] = set()
    for lemma in index_lemmas(index):
        if len(lemma) >= MIN_LEMMA and lemma.isalpha():
            forms |= inflections(lemma)
    exceptions = directory / "verb.exc"
    if exceptions.is_file():
        for line in exceptions.read_text(encoding="utf-8", errors="replace").splitlines():
            form, *lemmas = line.split()
            if form.isalpha() and any(lemma.isalpha() for lemma in lemmas):
                forms.add(form)
    return frozenset(forms)


@cache
def verb_forms(directory: Path = DEFAULT_WORDNET_DIR) -> frozenset[str]:
    """``read_verb_forms(directory)``, read once per process."""
    return read_verb_forms(directory)
