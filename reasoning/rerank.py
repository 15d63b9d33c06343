"""Cross-encoder re-ranking with any sentence-transformers ``CrossEncoder`` (a model name or path).

No reranker weights can be fetched on the project's machines; configure a local model path
(``GRAPHPROOF_RERANKER``). The model is loaded on first use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from graphproof.graph.model import Chunk, Hit
from graphproof.reasoning.errors import RetrievalError

if TYPE_CHECKING:
    from sentence_transformers import CrossEncoder


class Reranker(Protocol):
    def rerank(self, question: str, chunks: Sequence[Chunk]) -> list[Hit[Chunk]]: ...


class CrossEncoderReranker:
    """Scores (question, chunk text) pairs with a cross-encoder; best first, ties by chunk id."""

    def __init__(self, model: str, device: str = "cpu", batch_size: int = 32, max_length: int = 512) -> None:
        self.model_name, self.device, self.batch_size, self.max_length = model, device, batch_size, max_length
        self._model: CrossEncoder | None = None

    def _load(self) -> CrossEncoder:
        if self._model is None:
            from sentence_transformers import CrossEncoder

            try:
                self._model = CrossEncoder(self.model_name, device=self.device, max_length=self.max_length,
                                           local_files_only=True)  # fmt: skip
            except (OSError, ValueError) as exc:
                raise RetrievalError(f"cannot load the cross-encoder {self.model_name!r}: {exc}") from exc
        return self._model

    def rerank(self, question: str, chunks: Sequence[Chunk]) -> list[Hit[Chunk]]:
        if not chunks:
            return []
        scores = self._load().predict([(question, c.text) for c in chunks], batch_size=self.batch_size,
                                      show_progress_bar=False)  # fmt: skip
        ranked = sorted(zip(chunks, scores, strict=True), key=lambda pair: (-float(pair[1]), pair[0].id))
        return [Hit(chunk, float(score)) for chunk, score in ranked]
