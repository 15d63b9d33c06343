"""The frozen text encoder of the reasoner: questions to token and sentence vectors, relation text to vectors.

ReaRev encodes the question with a pre-trained language model and derives its instructions from the
token states; relation embeddings come from the relation text through the same encoder. Here the
encoder is the project's sentence-transformer (all-MiniLM-L6-v2 by default), kept frozen (fine-tuning
it is too slow on a CPU), so questions can be encoded once before training.

With a ``SentenceTransformerEmbedder`` the token states are the transformer's contextual outputs and
the sentence vector is the model's own pooled, normalised embedding. Any other ``Embedder`` (the
``HashingEmbedder`` of the tests) gets one vector per word and the embedder's sentence vector.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from graphproof.graph.embed import Embedder, SentenceTransformerEmbedder

if TYPE_CHECKING:
    from torch import Tensor

_WORD = re.compile(r"\w+")
DEFAULT_BATCH = 64


@dataclass(frozen=True)
class EncodedQuestion:
    """``tokens``: ``[T, D]`` token vectors; ``sentence``: ``[D]`` unit-length sentence vector."""

    tokens: Tensor
    sentence: Tensor


class QuestionEncoder:
    """Encodes questions and relation texts with a frozen ``Embedder``."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._words: dict[str, Tensor] = {}

    @property
    def name(self) -> str:
        return self.embedder.name

    @property
    def dimensions(self) -> int:
        return self.embedder.dimensions

    def encode(self, questions: Sequence[str], batch_size: int = DEFAULT_BATCH) -> list[EncodedQuestion]:
        """One ``EncodedQuestion`` per question, in order."""
        if not questions:
            return []
        if isinstance(self.embedder, SentenceTransformerEmbedder):
            return self._transformer(questions, batch_size)
        return self._words_and_sentence(questions)

    def encode_texts(self, texts: Sequence[str]) -> Tensor:
        """``[len(texts), D]`` sentence vectors (relation text)."""
        import torch

        return torch.from_numpy(self.embedder.embed(list(texts))).float()

    def _transformer(self, questions: Sequence[str], batch_size: int) -> list[EncodedQuestion]:
        assert isinstance(self.embedder, SentenceTransformerEmbedder)
        states = self.embedder.token_states(list(questions), batch_size=batch_size)
        return [EncodedQuestion(tokens, sentence) for tokens, sentence in states]

    def _words_and_sentence(self, questions: Sequence[str]) -> list[EncodedQuestion]:
        import torch

        sentences = torch.from_numpy(self.embedder.embed(list(questions))).float()
        words = [_WORD.findall(q.casefold()) or [q] for q in questions]
        new = sorted({w for ws in words for w in ws if w not in self._words})
        if new:
            for word, vector in zip(new, torch.from_numpy(self.embedder.embed(new)).float(), strict=True):
                if len(self._words) < 200_000:
                    self._words[word] = vector
        out = []
        for ws, sentence in zip(words, sentences, strict=True):
            rows = [self._words[w] if w in self._words else torch.from_numpy(self.embedder.embed([w])[0]) for w in ws]
            out.append(EncodedQuestion(torch.stack(rows), sentence))
        return out
