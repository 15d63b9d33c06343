"""The lexical shortcut, as a baseline: an answer is hallucinated when any of its content words is
absent from the context and the question.

Content words are the answer's lower-cased word tokens (``\\w+``) minus a short list of function
words (articles, common prepositions, forms of "be", "and"/"or", "it"/"this"/"that") and the
polarity words "yes"/"no"; no stemming. A bare "yes" or "no" therefore has no content word and is
grounded. It proves nothing: on HaluEval it works because hallucinated answers tend to introduce
new words; on FOLIO, where the words overlap whatever the label, it cannot tell.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence

from graphproof.text.lexicon import LEXICAL_FUNCTION_WORDS as FUNCTION_WORDS
from graphproof.verification.claims import split_text
from graphproof.verification.grounding import ClaimResult, GroundingReport, Passage, verdict_of

LEXICAL_NOTE = "lexical baseline: no proof; a claim passes when every content word occurs in the context or question"
_WORD = re.compile(r"\w+")


def content_words(text: str) -> list[str]:
    """The content words of ``text`` in order (see the module docstring)."""
    return [w for w in _WORD.findall(text.casefold()) if w not in FUNCTION_WORDS]


class LexicalVerifier:
    """The lexical baseline as a grounding method."""

    name = "lexical"

    def check(self, question: str, passages: Sequence[Passage], answer: str) -> GroundingReport:
        started = time.perf_counter()
        known = set(content_words(question))
        for passage in passages:
            known.update(content_words(passage.text))
        claims = []
        for sentence in split_text(answer) or [answer]:
            absent = [w for w in dict.fromkeys(content_words(sentence)) if w not in known]
            claims.append(
                ClaimResult(
                    claim=sentence,
                    status="unknown" if absent else "proved",
                    reason=f"absent from the context and question: {', '.join(absent)}"
                    if absent
                    else "every content word occurs in the context or question",
                )
            )
        verdict = verdict_of(claims) if claims else "grounded"
        return GroundingReport(self.name, verdict, tuple(claims), LEXICAL_NOTE, time.perf_counter() - started)
