"""Embedders: the real all-MiniLM-L6-v2 (loaded offline from its package) and the hashing embedder."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from graphproof.graph.embed import DEFAULT_MODEL, Embedder, EmbeddingError, HashingEmbedder, SentenceTransformerEmbedder


@pytest.fixture(scope="session")
def minilm() -> Iterator[SentenceTransformerEmbedder]:
    embedder = SentenceTransformerEmbedder()
    assert embedder._model is None, "the model must not load before first use"
    yield embedder


def _cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b)


def test_minilm_loads_offline_and_normalises(minilm: SentenceTransformerEmbedder) -> None:
    vectors = minilm.embed(["The lab is located in Kestrel Harbor.", "Priya builds datasets."])
    assert minilm.name == DEFAULT_MODEL
    assert minilm.dimensions == 384
    assert vectors.shape == (2, 384)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_minilm_similar_sentences_score_higher_than_unrelated(minilm: SentenceTransformerEmbedder) -> None:
    query = minilm.embed_query("Where is the research laboratory located?")
    similar, unrelated = minilm.embed(
        ["The laboratory sits on the old ferry quay of the harbour city.", "I like my pancakes with maple syrup."]
    )
    assert query.shape == (384,)
    assert _cos(query, similar) > _cos(query, unrelated) + 0.1


def test_minilm_token_states_match_embed_in_input_order(
    minilm: SentenceTransformerEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = ["who directed Heat", "a", "which films share a director with the film that starred Tom Hanks in 1994"]
    states = minilm.token_states(texts, batch_size=2)  # batches mix lengths; the order must come back as given
    monkeypatch.setattr(minilm, "bf16", False)  # token states are float32: compare with float32 batches
    vectors = minilm.embed(texts)
    assert len(states) == 3
    for (tokens, sentence), vector, text in zip(states, vectors, texts, strict=True):
        assert tokens.ndim == 2 and tokens.shape[1] == 384 and tokens.shape[0] >= len(text.split()) + 2  # [CLS] … [SEP]
        np.testing.assert_allclose(sentence.numpy(), vector, atol=1e-4)  # the pooled vector is embed()'s row
    assert states[1][0].shape[0] < states[0][0].shape[0] < states[2][0].shape[0]  # padding dropped per text
    assert minilm.token_states([]) == []


def test_minilm_empty_batch_and_bad_input(minilm: SentenceTransformerEmbedder) -> None:
    assert minilm.embed([]).shape == (0, 384)
    with pytest.raises(EmbeddingError, match="single str"):
        minilm.embed("not a list")
    with pytest.raises(EmbeddingError, match="batch_size"):
        minilm.embed(["x"], batch_size=0)


def test_unloadable_model_names_the_model(tmp_path) -> None:
    missing = tmp_path / "no-such-model"
    embedder = SentenceTransformerEmbedder(str(missing))
    with pytest.raises(EmbeddingError, match="no-such-model"):
        embedder.embed(["hello"])


def test_hashing_embedder_is_deterministic_and_lexical() -> None:
    first: Embedder = HashingEmbedder(64)
    second = HashingEmbedder(64)
    texts = ["Aoba Robotics makes sensors", "sensor makers", "a cat sleeps on the sofa"]
    a, b = first.embed(texts), second.embed(texts)
    np.testing.assert_array_equal(a, b)
    assert a.shape == (3, 64) and a.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-6)
    query = first.embed_query("sensors made by robotics companies")
    assert _cos(query, a[0]) > _cos(query, a[2])
    assert first.name == "hashing-64-" + HashingEmbedder(64).analyzer.name


def test_hashing_embedder_handles_cjk_and_empty_text() -> None:
    embedder = HashingEmbedder(128)
    jp = embedder.embed(["青葉ロボティクスは水無瀬市に本社を置く", "水無瀬市の干潟", "pancakes"])
    assert _cos(jp[0], jp[1]) > _cos(jp[0], jp[2])
    empty = embedder.embed_query("the of and")  # only stop words: no tokens
    assert not empty.any()


def test_hashing_embedder_rejects_bad_dimensions() -> None:
    with pytest.raises(EmbeddingError, match="dimensions"):
        HashingEmbedder(1)


def test_batch_embedding_in_bfloat16_stays_within_rounding_of_float32(
    minilm: SentenceTransformerEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = ["The lab is located in Kestrel Harbor.", "LiHua: the rehearsal is on Thursday at 3 PM.\nAdam: great!"]
    monkeypatch.setattr(minilm, "bf16", False)
    exact, query = minilm.embed(texts), minilm.embed_query(texts[0])
    monkeypatch.setattr(minilm, "bf16", True)
    approx = minilm.embed(texts)
    assert approx.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(approx, axis=1), 1.0, atol=1e-5)
    assert not np.array_equal(exact, approx), "bfloat16 autocast was not applied"
    assert min(float(a @ b) for a, b in zip(exact, approx, strict=True)) > 0.999
    np.testing.assert_array_equal(minilm.embed_query(texts[0]), query)  # queries stay float32


def test_bfloat16_by_default_only_where_the_cpu_multiplies_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    for avx512_bf16, amx, expected in ((False, False, False), (True, False, True), (False, True, True)):
        monkeypatch.setattr(torch.cpu, "_is_avx512_bf16_supported", lambda v=avx512_bf16: v, raising=False)
        monkeypatch.setattr(torch.cpu, "_is_amx_tile_supported", lambda v=amx: v, raising=False)
        assert SentenceTransformerEmbedder().uses_bf16() is expected
        assert SentenceTransformerEmbedder(bf16=not expected).uses_bf16() is (not expected)  # a setting wins
    monkeypatch.setenv("GRAPHPROOF_EMBED_BF16", "false")
    from graphproof.components import make_embedder
    from graphproof.settings import load_settings

    assert make_embedder(load_settings()).uses_bf16() is False
