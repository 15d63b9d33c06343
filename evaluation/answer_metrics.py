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


@lru_cache(maxsize=1)
def _plain_analyzer() -> Analyzer:
    return Analyzer(stem=False, stop_words=())


def token_f1(answer: str, reference: str) -> float:
    """SQuAD-style token F1 over the analyzer's unstemmed terms (0.0 when either side has none)."""
    a, r = Counter(_plain_analyzer().tokens(answer)), Counter(_plain_analyzer().tokens(reference))
    common = sum((a & r).values())
    if not common:
        return 0.0
    precision, recall = common / sum(a.values()), common / sum(r.values())
    return 2 * precision * recall / (precision + recall)


class _Terms:
    """The analyzer as a ``rouge-score`` tokenizer (it calls ``tokenize(text)``)."""

    def tokenize(self, text: str) -> list[str]:
        return _plain_analyzer().tokens(text)


@lru_cache(maxsize=1)
def _rouge() -> Any:
    from rouge_score import rouge_scorer

    return rouge_scorer.RougeScorer(["rougeL"], tokenizer=_Terms())


def rouge_l(answer: str, reference: str) -> float:
    """ROUGE-L F-measure (``rouge-score``) over the analyzer's terms."""
    if not _plain_analyzer().tokens(answer) or not _plain_analyzer().tokens(reference):
        return 0.0
    return float(_rouge().score(reference, answer)["rougeL"].fmeasure)


def key_terms(answer: str, reference: str, analyzer: Analyzer | None = None) -> float:
    """1.0 when every content term of ``reference`` occurs in ``answer``, else 0.0 (0.0 for an empty reference)."""
    analyzer = analyzer or default_analyzer()
    wanted = set(analyzer.tokens(reference))
    return float(bool(wanted) and wanted <= set(analyzer.tokens(answer)))


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
    a_vec, r_vec = embedder.embed([a or " " for a in answers]), embedder.embed([r or " " for r in references])
    sims = np.einsum("ij,ij->i", a_vec, r_vec)
    return [
        AnswerScores(token_f1(a, r), rouge_l(a, r), float(s), key_terms(a, r), len(_plain_analyzer().tokens(a)))
        for a, r, s in zip(answers, references, sims, strict=True)
    ]
