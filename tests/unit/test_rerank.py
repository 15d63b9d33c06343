"""``CrossEncoderReranker`` with a real sentence-transformers CrossEncoder: a tiny BERT built here.

No reranker weights can be downloaded on these machines, so the test makes a 1-layer BERT with a
20-word vocabulary and random weights, saves it like a Hugging Face model folder, and loads it by
path; the ranking must follow that model's own scores.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
import torch
from graphproof.graph.model import Chunk
from graphproof.reasoning.errors import RetrievalError
from graphproof.reasoning.rerank import CrossEncoderReranker

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "who", "built", "the", "drones", "orrery", "systems",
         "made", "them", "birds", "sing", "at", "dawn", "jazz", "club", "?"]  # fmt: skip


@pytest.fixture(scope="module")
def tiny_cross_encoder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizer

    folder = tmp_path_factory.mktemp("tiny-cross-encoder")
    (folder / "vocab.txt").write_text("\n".join(VOCAB) + "\n", encoding="utf-8")
    tokenizer = BertTokenizer(str(folder / "vocab.txt"))
    torch.manual_seed(0)
    config = BertConfig(vocab_size=len(VOCAB), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=32, max_position_embeddings=64, num_labels=1,
                        initializer_range=0.5)  # fmt: skip  (wide random weights: scores differ by passage)
    model = BertForSequenceClassification(config)
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


def test_rerank_with_a_local_cross_encoder(tiny_cross_encoder: Path) -> None:
    chunks = [
        Chunk("c1", "d", 0, "birds sing at dawn"),
        Chunk("c2", "d", 1, "orrery systems built the drones"),
        Chunk("c3", "d", 2, "jazz club"),
    ]
    reranker = CrossEncoderReranker(str(tiny_cross_encoder))
    ranked = reranker.rerank("who built the drones ?", chunks)
    assert sorted(h.item.id for h in ranked) == ["c1", "c2", "c3"]
    assert all(a.score >= b.score for a, b in pairwise(ranked))
    again = reranker.rerank("who built the drones ?", list(reversed(chunks)))
    assert [h.item.id for h in again] == [h.item.id for h in ranked], "order does not depend on input order"
    assert [round(h.score, 5) for h in again] == [round(h.score, 5) for h in ranked]
    assert len({round(h.score, 5) for h in ranked}) > 1, "the model's scores, not a constant"
    from sentence_transformers import CrossEncoder

    direct = CrossEncoder(str(tiny_cross_encoder)).predict([("who built the drones ?", c.text) for c in chunks])
    by_model = sorted(zip(direct, chunks, strict=True), key=lambda pair: -pair[0])
    assert [h.item.id for h in ranked] == [c.id for _, c in by_model]
    assert reranker.rerank("anything", []) == []


def test_a_missing_model_is_a_clear_error(tmp_path: Path) -> None:
    reranker = CrossEncoderReranker(str(tmp_path / "no-such-model"))
    with pytest.raises(RetrievalError, match="no-such-model"):
        reranker.rerank("q", [Chunk("c", "d", 0, "text")])
