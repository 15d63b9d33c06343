"""Step 1 of the method without an LLM: cut chunks and answers into sentences ("claims").

Sentences come from ``text.sentences.split_sentences`` (the ingestion splitter: ``.!?…`` +
space + capital, CJK ``。！？``, newlines, pysbd for doubtful boundaries), after four repairs:

- sentences glued without a space, as in concatenated Wikipedia leads
  ("…in the 19th century.First for Women is…"), are separated first;
- hard-wrapped lines of one paragraph are joined (``text.sentences.unwrap``), as the extractive answer
  joins them, so an answer quoting a wrapped sentence meets the same sentence in the chunk;
- bracketed tags such as FOLIO's ``[BG]`` (background knowledge) are dropped;
- a rule line ("------", "=====": a Markdown or reST heading's underline) ends a sentence, so an answer that
  joins a sentence and the next unit it quotes with a space still meets the chunk's sentences.

Then ``;`` ends a claim too, and a sentence of only a yes/no word carries no claim of its own
(``is_polarity_only``): the method does not rewrite the question into a statement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphproof.text.sentences import split_sentences, unwrap

_GLUED = re.compile(r"(?<=[a-z0-9)\]\"”’])([.!?])(?=[A-Z][a-z])")
_GLUED_CAPS = re.compile(r"(?<=[A-Za-z-][A-Z])([.!?])(?=[A-Z][a-z])")  # "…label head El-P.Jaime Meline…"
_GLUED_QUOTE = re.compile(r"(?<=[a-z0-9)])([.!?])(?=[\"“][A-Z])")  # "…in 2017.\"New Rules\" is…"
_TAG = re.compile(r"^\s*\[[A-Z]{1,4}\]\s*")
_RULE = re.compile(r"(?:^|(?<=\s))([-=_*~#])\1{3,}(?=\s|$)")  # "------", "=====": a heading's underline or a rule
_POLARITY = re.compile(r"^\W*(yes|no|true|false|correct|incorrect|はい|いいえ)\W*$", re.IGNORECASE)
_LEADING_POLARITY = re.compile(r"^\s*(yes|no)\s*[,.;:!]\s*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of a passage (``origin`` = its chunk id) or of the answer (``origin`` = ``"answer"``)."""

    text: str
    origin: str
    index: int


def unglue(text: str) -> str:
    """Insert the missing space in ``"century.First"``, ``"El-P.Jaime"`` and ``'2017."New'`` (a sentence end
    glued to the next sentence, as in concatenated Wikipedia leads)."""
    return _GLUED_QUOTE.sub(r"\1 ", _GLUED_CAPS.sub(r"\1 ", _GLUED.sub(r"\1 ", text)))


def _semicolon_parts(sentence: str) -> list[str]:
    """``sentence`` cut at each ``;`` outside brackets ("(born X; July 9, 1964)" stays whole). A closing bracket
    closes only its own kind: the stray "]" of a stripped pronunciation ("Patrice Leconte (] ; born …)") is
    not the end of the parenthesis."""
    parts: list[str] = []
    open_: list[str] = []
    start = 0
    for match in re.finditer(r"[()\[\]]|\s*;\s+", sentence):
        mark = match.group()
        if mark in "([":
            open_.append(mark)
        elif mark in ")]":
            if open_ and open_[-1] == {")": "(", "]": "["}[mark]:
                open_.pop()
        elif not open_:
            parts.append(sentence[start : match.start()])
            start = match.end()
    parts.append(sentence[start:])
    return parts


def split_text(text: str) -> list[str]:
    """The sentences of ``text`` (see the module docstring), trimmed, without tags, never empty."""
    out: list[str] = []
    for sentence in split_sentences(unwrap(unglue(_RULE.sub("\n\n", text)))):
        for part in _semicolon_parts(_TAG.sub("", sentence)):
            part = part.strip()
            if part and any(ch.isalnum() for ch in part):
                out.append(part)
    return out


def is_polarity_only(sentence: str) -> bool:
    """True for a bare "yes", "No.", "true": an answer sentence that states nothing by itself."""
    return _POLARITY.match(sentence) is not None


def strip_polarity(sentence: str) -> str:
    """``"No, only X is Y."`` → ``"only X is Y."``: a leading yes/no is not part of the claim."""
    return _LEADING_POLARITY.sub("", sentence, count=1)


def sentences_of(text: str, origin: str) -> list[Sentence]:
    """``split_text`` as ``Sentence`` records of one origin."""
    return [Sentence(s, origin, i) for i, s in enumerate(split_text(text))]
