"""Validation scores that pick the best epoch: Hit@1, F1, the gold probability mass and the KL loss."""

from __future__ import annotations

import math

import pytest
import torch
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.gnn import train as train_module
from graphproof.reasoning.gnn.export import ExportConfig
from graphproof.reasoning.gnn.synthetic import build_film_store, one_hop_questions
from graphproof.reasoning.gnn.train import TrainConfig, ValidationScores, train_reasoner, validation_scores
from torch_geometric.data import Data


def _graph(node_ids: list[str], gold: list[str]) -> Data:
    data = Data(num_nodes=len(node_ids))
    data.node_ids = node_ids
    data.y = torch.tensor([1.0 if i in gold else 0.0 for i in node_ids])
    return data


def test_validation_scores_by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    graphs = [_graph(["t", "a", "b"], ["a"]), _graph(["t", "a", "b", "c"], ["a", "b"])]
    probs = [torch.tensor([0.0, 0.6, 0.4]), torch.tensor([0.0, 0.1, 0.2, 0.7])]
    monkeypatch.setattr(train_module, "predict_batched", lambda model, g, q: probs)
    data = train_module._Tensors(graphs, [None, None], [{"a"}, {"a", "b"}])  # type: ignore[list-item]
    scores = validation_scores(None, data, total=3)  # type: ignore[arg-type]  # a third question had no subgraph
    assert scores.hit1 == pytest.approx(1 / 3)
    assert scores.f1 == pytest.approx((2 / 3 + 0.8) / 3)  # predicted sets (to 0.95): {a, b} and {c, b, a}
    assert scores.mass == pytest.approx((0.6 + 0.3) / 3)
    kl_first = -math.log(0.6)
    kl_second = -math.log(2) - (math.log(0.1) + math.log(0.2)) / 2
    assert scores.loss == pytest.approx((kl_first + kl_second) / 2)


def test_each_selection_ranks_epochs_by_its_own_score() -> None:
    lucky = ValidationScores(hit1=0.98, f1=0.97, mass=0.90, loss=0.30)  # one more near-tie fell the right way
    fitted = ValidationScores(hit1=0.97, f1=0.97, mass=0.95, loss=0.20)
    assert lucky.key("hit1") > fitted.key("hit1")
    assert fitted.key("mass") > lucky.key("mass") and fitted.key("loss") > lucky.key("loss")
    with pytest.raises(ValueError, match="select"):
        TrainConfig(select="accuracy")  # type: ignore[arg-type]


@pytest.mark.parametrize("select", ["mass", "loss"])
def test_training_selects_on_the_chosen_score(select: str) -> None:
    torch.set_num_threads(1)
    films = build_film_store(SQLiteStore(":memory:"), 30)
    config = TrainConfig(epochs=6, patience=6, lr=5e-3, batch_size=4, seed=0, select=select)  # type: ignore[arg-type]
    _, report = train_reasoner(films, one_hop_questions(range(20)), HashingEmbedder(64), ExportConfig(hops=1),
                               {"hidden": 16}, config)  # fmt: skip
    history = report.history
    assert len(history) == 6 and {"val_mass", "val_loss"} <= set(history[0])
    best = (max if select == "mass" else min)(history, key=lambda h: h[f"val_{select}"])
    assert report.best_epoch == best["epoch"] and report.best_val_hit1 == best["val_hit1"]
