"""English verb forms from WordNet 3.0: which words can be a verb ("identifies", "transcoded", "kills").

``lexicon.VERBS`` lists the forms of some 220 verbs that chats and documents use most. Documents use many more
("fuser identifies processes", "libfoo wraps the C API"), so the document extractor also reads, where a verb can
only stand, the forms of every one-word verb of WordNet 3.0: the lemmas of Debian's ``wordnet-base``
(``/usr/share/wordnet/index.verb``, the first field of each line that does not start with a space), their regular
inflections (``lexicon.inflections``), and the irregular forms ``verb.exc`` lists ("wrote write", "ran run").
Many of these words are nouns too ("print", "file"), so this set says what *can* be a verb, not what is one.

``verb_only_forms`` are those that can be nothing else: no noun, a noun's plural, adjective or adverb of WordNet
("computes", "emit", "configure"; not "build", "runs", "using"). A one-word keyphrase of a document that is one is no
concept (``loaders.extract.rule``).

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


def _noun_forms(lemma: str) -> set[str]:
    """A noun lemma with its regular plurals ("file" → "files", "class" → "classes", "library" → "libraries")."""
    forms = {lemma, lemma + "s", lemma + "es"}
    if lemma.endswith("y") and len(lemma) > 2 and lemma[-2] not in "aeiou":
        forms.add(lemma[:-1] + "ies")
    return forms


def read_verb_only_forms(directory: Path) -> frozenset[str]:
    """The verb forms of ``directory`` (``read_verb_forms``) that are no noun, adjective or adverb: not a lemma of
    ``index.noun``, ``index.adj`` or ``index.adv``, nor a noun's plural ("computes", "emit", "installs"; not "build",
    "runs", "using", which WordNet lists as nouns too). Empty without ``index.verb``; without the other index files
    nothing is known to be a noun, so the set is empty then too rather than over-full."""
    forms = read_verb_forms(directory)
    others = [directory / name for name in ("index.noun", "index.adj", "index.adv")]
    if not forms or not all(path.is_file() for path in others):
        return frozenset()
    not_verbs: set[str] = set()
    for lemma in index_lemmas(others[0]):
        not_verbs |= _noun_forms(lemma)
    for path in others[1:]:
        not_verbs.update(index_lemmas(path))
    return forms - not_verbs


@cache
def verb_only_forms(directory: Path = DEFAULT_WORDNET_DIR) -> frozenset[str]:
    """``read_verb_only_forms(directory)``, read once per process."""
    return read_verb_only_forms(directory)
