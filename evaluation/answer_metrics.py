"""Answer metrics that need no LLM: token F1, ROUGE-L, embedding similarity, key terms.

All compare an answer with a reference answer through the project's analyzer, so every language it
tokenizes (CJK as character bigrams) is scored the same way:

- ``token_f1``: F1 of the bags of terms (no stemming, no stop words), as SQuAD's F1:
  :math:`P = |A ∩ R| / |A|,\\ R_c = |A ∩ R| / |R|,\\ F_1 = 2 P R_c / (P + R_c)` with multiset intersection;
- ``rouge_l``: ROUGE-L F-measure (longest common subsequence) from Google's ``rouge-score`` package,
  over the same terms;
- ``similarity``: cosine similarity of the two texts' sentence embeddings (all-MiniLM-L6-v2 by default);
- ``key_terms``: 1.0 when every content term of the reference (stemmed, stop words dropped) occurs in
  the answer, else 0.0 — "does the answer state what the reference states". A long answer can reach
  it by quoting much, so reports also give the answer's length.

Both texts are compared with words written together in camel case spaced (``text.chat.split_joined_words``): a
chat quotes its speakers by handle ("AdamSmith: …") while references name them either way ("Adam Smith",
"LiHua"), and a name is the same name in either form. On LiHua-World (hybrid-rrf extractive answers,
single-evidence questions, the same answers) this moves key terms 0.508 -> 0.571 Jan–Jun and 0.579 -> 0.589
July–December. Without it the score followed the name's spelling: quoting the handles as words instead moved the
same figures to 0.556 and 0.511, as the two halves' references spell names differently.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.graph.embed import Embedder
from graphproof.text.chat import split_joined_words


@lru_cache(maxsize=1)
def _plain_analyzer() -> Analyzer:
    return Analyzer(stem=False, stop_words=())


def _terms(text: str, analyzer: Analyzer) -> list[str]:
    return analyzer.tokens(split_joined_words(text))


def token_f1(answer: str, reference: str) -> float:
    """SQuAD-style token F1 over the analyzer's unstemmed terms (0.0 when either side has none)."""
    a, r = Counter(_terms(answer, _plain_analyzer())), Counter(_terms(reference, _plain_analyzer()))
    common = sum((a & r).values())
    if not common:
        return 0.0
    precision, recall = common / sum(a.values()), common / sum(r.values())
    return 2 * precision * recall / (precision + recall)


class _Terms:
    """The analyzer as a ``rouge-score`` tokenizer (it calls ``tokenize(text)``)."""

    def tokenize(self, text: str) -> list[str]:
        return _terms(text, _plain_analyzer())


@lru_cache(maxsize=1)
def _rouge() -> Any:
    from rouge_score import rouge_scorer

    return rouge_scorer.RougeScorer(["rougeL"], tokenizer=_Terms())


def rouge_l(answer: str, reference: str) -> float:
    """ROUGE-L F-measure (``rouge-score``) over the analyzer's terms."""
    if not _terms(answer, _plain_analyzer()) or not _terms(reference, _plain_analyzer()):
        return 0.0
    return float(_rouge().score(reference, answer)["rougeL"].fmeasure)


def key_terms(answer: str, reference: str, analyzer: Analyzer | None = None) -> float:
    """1.0 when every content term of ``reference`` occurs in ``answer``, else 0.0 (0.0 for an empty reference)."""
    analyzer = analyzer or default_analyzer()
    wanted = set(_terms(reference, analyzer))
    return float(bool(wanted) and wanted <= set(_terms(answer, analyzer)))


@dataclass(frozen=True)
class AnswerScores:
    token_f1: float
    rouge_l: float
    similarity: float
    key_terms: float
    answer_terms: int

    def to_dict(self) -> dict[str, float]:
        return {"token_f1": self.token_f1, "rouge_l": self.rouge_l, "similarity": self.similarity,
                "key_terms": self.key_terms, "answer_terms": float(self.answer_terms)}  # fmt: skip


def score_answers(answers: Sequence[str], references: Sequence[str], embedder: Embedder) -> list[AnswerScores]:
    """Every metric for each (answer, reference) pair; embeddings are computed in two batches."""
    if len(answers) != len(references):
        raise ValueError(f"{len(answers)} answers but {len(references)} references; expected one each")
    if not answers:
        return []
    a_vec = embedder.embed([split_joined_words(a) or " " for a in answers])
    r_vec = embedder.embed([split_joined_words(r) or " " for r in references])
    sims = np.einsum("ij,ij->i", a_vec, r_vec)
    return [
        AnswerScores(token_f1(a, r), rouge_l(a, r), float(s), key_terms(a, r), len(_terms(a, _plain_analyzer())))
        for a, r, s in zip(answers, references, sims, strict=True)
    ]
