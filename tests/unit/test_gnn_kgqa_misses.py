"""The KGQA benchmark's miss dump (``--misses``): one JSON line per question whose top answer is not gold."""

from __future__ import annotations

import json
from pathlib import Path

import torch
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.gnn.export import ExportConfig
from graphproof.reasoning.gnn.qa import QAExample
from graphproof.reasoning.gnn.reason import GnnReasoner
from graphproof.reasoning.gnn.synthetic import build_film_store, one_hop_questions
from graphproof.reasoning.gnn.train import TrainConfig, train_reasoner

from benchmarks.kgqa import write_misses


def test_misses_name_the_prediction_the_gold_answers_and_their_relations(tmp_path: Path) -> None:
    torch.set_num_threads(1)
    store, embedder = build_film_store(SQLiteStore(":memory:"), 30), HashingEmbedder(256)
    config = TrainConfig(epochs=40, patience=6, lr=5e-3, batch_size=4, seed=0)
    checkpoint, _ = train_reasoner(store, one_hop_questions(range(20)), embedder, ExportConfig(hops=1),
                                   {"hidden": 32}, config)  # fmt: skip
    reasoner = GnnReasoner(checkpoint, store, embedder)
    questions = [
        QAExample("who directed [Movie 24]", ("Director M",)),  # answered right: not a miss
        QAExample("who directed [Movie 25]", ("Writer 5",)),  # gold is the writer: a miss
        QAExample("who directed [Movie 25]", ("Movie 99",)),  # gold not in the subgraph
        QAExample("who directed [Nobody]", ("Director A",)),  # topic not in the store
    ]
    path = tmp_path / "misses.jsonl"
    kinds = ["decided", "off_path", "off_path", "unseen"]
    assert write_misses(reasoner, questions, path, kinds) == 3
    writer, absent, failed = (json.loads(line) for line in path.read_text().splitlines())
    assert [writer["data_decides"], absent["data_decides"], failed["data_decides"]] == kinds[1:]
    assert writer["question"] == "who directed [Movie 25]" and writer["topics"] == ["movie 25"]
    assert writer["predicted"] == "director m" and writer["predicted_relations"] == ["directed_by"]
    assert writer["gold"] == ["writer 5"] and writer["gold_relations"] == ["written_by"]
    assert writer["gold_in_subgraph"] and writer["gold_rank"] >= 1 and writer["gold_p"] < writer["predicted_p"]
    assert not absent["gold_in_subgraph"] and absent["gold_rank"] is None and absent["gold_relations"] == []
    assert failed["error"] == "TopicNotFound"
