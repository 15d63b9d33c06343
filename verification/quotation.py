"""A claim that restates whole chunk sentences word for word: the *quotation* reading.

An extractive answer quotes its chunks, but not always in the chunk's own sentence boundaries: it joins the units
it quotes with spaces, so a Markdown heading's underline or a list item without a full stop runs into the next
sentence ("… users and groups. ------ We have been planning …"), and that run is one claim that no single chunk
sentence is. Such a claim still says nothing the chunk does not: its words, in order, are exactly the words of
consecutive whole sentences of one chunk. That is the identity inference P ⊢ P, with P the conjunction of those
sentences; it is given to the prover as one propositional atom per quotation (``offline``). The atom is opaque (no
other premise can speak of it), so it is decided from its own premise alone, and tried only after the claim's frame,
logic and template readings: a chunk sentence that contradicts the claim's content refutes it first.

Words are ``\\w+`` runs compared case-sensitively; punctuation and markup between them are not compared, so
"1.2" and "1 2" read alike, but a changed, added, dropped or reordered word (a number, a negation, a name)
breaks the match. A claim must begin at a sentence start and end at a sentence end of the chunk: a part of a
sentence is no quotation ("It is false that the earth is flat." does not quote "the earth is flat").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from graphproof.verification.claims import Sentence

_WORD = re.compile(r"\w+")


def words_of(text: str) -> tuple[str, ...]:
    """The ``\\w+`` runs of ``text``, in order."""
    return tuple(_WORD.findall(text))


def quoted_sentences(claim: str, sentences: Sequence[Sentence]) -> list[Sentence] | None:
    """The consecutive sentences of one origin whose words are exactly ``claim``'s, or ``None``."""
    wanted = words_of(claim)
    if not wanted:
        return None
    for start, first in enumerate(sentences):
        got: list[str] = []
        for end in range(start, len(sentences)):
            sentence = sentences[end]
            if sentence.origin != first.origin:
                break
            got += words_of(sentence.text)
            if tuple(got) == wanted:
                return list(sentences[start : end + 1])
            if len(got) >= len(wanted) or tuple(got) != wanted[: len(got)]:
                break
    return None
