"""ReaRev layers and model on a tiny synthetic film graph: shapes, masking, and it must learn the answers."""

from __future__ import annotations

import pytest
import torch
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.gnn.encoder import EncodedQuestion, QuestionEncoder
from graphproof.reasoning.gnn.evaluate import evaluate
from graphproof.reasoning.gnn.export import ExportConfig
from graphproof.reasoning.gnn.layers import ReaRevConv, RelationInit
from graphproof.reasoning.gnn.model import ModelConfig, ReaRev, collate, group_log_softmax, kl_loss
from graphproof.reasoning.gnn.reason import GnnReasoner
from graphproof.reasoning.gnn.supervision import hop_targets, path_depths
from graphproof.reasoning.gnn.synthetic import build_film_store, one_hop_questions, two_hop_questions
from graphproof.reasoning.gnn.train import TrainConfig, train_reasoner
from torch_geometric.data import Data

FAST = TrainConfig(epochs=40, patience=6, lr=5e-3, batch_size=4, seed=0)


def _graph() -> Data:
    # 0 -r0-> 1 -r1-> 2, plus inverses (relation ids 2 and 3)
    return Data(
        num_nodes=3,
        edge_index=torch.tensor([[0, 1, 1, 2], [1, 2, 0, 1]]),
        edge_type=torch.tensor([0, 1, 2, 3]),
        seed_mask=torch.tensor([True, False, False]),
        y=torch.tensor([0.0, 0.0, 1.0]),
    )


def test_relation_init_sums_incident_relations_per_direction() -> None:
    layer = RelationInit(4)
    relation = torch.eye(4)
    with torch.no_grad():
        layer.lin.weight.copy_(torch.eye(4))
        layer.lin.bias.zero_()
    g = _graph()
    h = layer(g.edge_index, g.edge_type, relation, 3)
    assert h.tolist() == [[0, 0, 1, 0], [1, 0, 0, 1], [0, 1, 0, 0]]
    layer.reset_parameters()
    assert not torch.equal(layer.lin.weight, torch.eye(4))


def test_rearev_conv_sends_messages_only_from_likely_entities() -> None:
    torch.manual_seed(0)
    conv = ReaRevConv(8, num_instructions=2)
    g = _graph()
    x = torch.zeros(3, 8)
    p = torch.tensor([1.0, 0.0, 0.0])  # only entity 0 may send
    out = conv(
        x, p, g.edge_index, g.edge_type, torch.randn(4, 8), torch.rand(1, 2, 8), torch.zeros(3, dtype=torch.long), 2
    )
    assert out.shape == (3, 8)
    aggregated = conv.propagate(
        g.edge_index, x=x, p=p.unsqueeze(-1), graph=torch.zeros(3, 1, dtype=torch.long),
        rel=conv.rel_lin(torch.randn(4, 8))[g.edge_type], instructions=torch.rand(1, 2, 8),
        inverse=(g.edge_type >= 2).long(),
    )  # fmt: skip
    assert aggregated.shape == (3, 2 * 2 * 8)
    assert aggregated[0].abs().sum() == 0 and aggregated[2].abs().sum() == 0  # nothing reaches 0 or 2
    assert aggregated[1, :16].abs().sum() > 0 and aggregated[1, 16:].abs().sum() == 0  # forward slot only


def test_model_outputs_a_distribution_per_graph_without_the_topic() -> None:
    torch.manual_seed(0)
    model = ReaRev(ModelConfig(input_dim=6, hidden=8, num_layers=2), torch.randn(4, 6))
    q = EncodedQuestion(torch.randn(5, 6), torch.randn(6))
    batch = collate([_graph(), _graph()], [q, EncodedQuestion(torch.randn(3, 6), torch.randn(6))])
    log_p = model(batch)
    probs = log_p.exp()
    assert torch.allclose(probs[:3].sum(), torch.tensor(1.0)) and torch.allclose(probs[3:].sum(), torch.tensor(1.0))
    assert probs[0] == 0 and probs[3] == 0  # topic entities are never answers
    assert len(model.layer_outputs(batch)) == 4  # T = 2 iterations × L = 2 layers
    loss = kl_loss(log_p, batch.graph.y, batch.graph.batch, 2)
    loss.backward()
    assert loss.item() > 0 and model.question_proj.weight.grad is not None


def test_group_log_softmax_and_hop_targets() -> None:
    logits = torch.tensor([1.0, 2.0, float("-inf"), 0.0])
    batch = torch.tensor([0, 0, 0, 1])
    probs = group_log_softmax(logits, batch, 2).exp()
    assert torch.allclose(probs, torch.tensor([0.2689, 0.7311, 0.0, 1.0]), atol=1e-4)
    depth = path_depths(4, [0, 1, 0], [1, 2, 3], seeds=[0], answers=[2])
    assert depth.tolist() == [0, 1, 2, -1]
    assert hop_targets(depth, torch.zeros(4, dtype=torch.long), 1, 1).tolist() == [0, 1, 0, 0]
    assert hop_targets(depth, torch.zeros(4, dtype=torch.long), 1, 3).tolist() == [0, 0, 1, 0]


@pytest.fixture(scope="module")
def films() -> SQLiteStore:
    return build_film_store(SQLiteStore(":memory:"), 30)


@pytest.fixture(scope="module")
def embedder() -> HashingEmbedder:
    return HashingEmbedder(256)


def test_the_model_learns_one_hop_questions_and_answers_held_out_films(
    films: SQLiteStore, embedder: HashingEmbedder
) -> None:
    torch.set_num_threads(1)
    checkpoint, report = train_reasoner(
        films, one_hop_questions(range(20)), embedder, ExportConfig(hops=1), {"hidden": 32}, FAST
    )
    assert report.relations == ["directed_by", "release_year", "written_by"]
    assert report.train_coverage == 1.0 and report.best_val_hit1 == 1.0
    held_out = evaluate(GnnReasoner(checkpoint, films, embedder), one_hop_questions(range(20, 30))).as_dict()
    assert held_out["questions"] == 30 and held_out["hit1"] == 1.0 and held_out["hits"] == 1.0


def test_the_model_learns_two_hop_questions(films: SQLiteStore, embedder: HashingEmbedder) -> None:
    checkpoint, _ = train_reasoner(
        films, two_hop_questions(range(20)), embedder, ExportConfig(hops=2), {"hidden": 32}, FAST
    )
    reasoner = GnnReasoner(checkpoint, films, embedder)
    held_out = evaluate(reasoner, two_hop_questions(range(20, 30))).as_dict()
    assert held_out["hit1"] == 1.0 and held_out["f1"] >= 0.9
    answer = reasoner.reason("which movies share a director with [Movie 25]", k=1)
    assert [e.name for e, _ in answer.answers] == ["Movie 24"]
    assert answer.formatted == ["Movie 25 → directed_by → Director M ← directed_by ← Movie 24"]


def test_training_is_deterministic_with_a_seed(films: SQLiteStore, embedder: HashingEmbedder) -> None:
    config = TrainConfig(epochs=2, patience=5, lr=5e-3, batch_size=4, seed=7)
    first, _ = train_reasoner(
        films, one_hop_questions(range(10)), embedder, ExportConfig(hops=1), {"hidden": 16}, config
    )
    second, _ = train_reasoner(
        films, one_hop_questions(range(10)), embedder, ExportConfig(hops=1), {"hidden": 16}, config
    )
    for (name, a), (_, b) in zip(first.model.state_dict().items(), second.model.state_dict().items(), strict=True):
        assert torch.equal(a, b), name


def test_encoder_gives_token_and_sentence_vectors(embedder: HashingEmbedder) -> None:
    [encoded] = QuestionEncoder(embedder).encode(["who directed Movie 03"])
    assert encoded.tokens.shape == (4, 256) and encoded.sentence.shape == (256,)
    assert torch.allclose(encoded.sentence.norm(), torch.tensor(1.0))


def test_edges_from_entities_with_zero_probability_are_skipped_exactly() -> None:
    torch.manual_seed(1)
    conv = ReaRevConv(8, num_instructions=2)
    g = _graph()
    x, relation, instructions = torch.randn(3, 8), torch.randn(4, 8), torch.rand(1, 2, 8)
    batch = torch.zeros(3, dtype=torch.long)
    p = torch.tensor([0.7, 0.3, 0.0])  # entity 2 sends nothing
    full = conv(x, p, g.edge_index, g.edge_type, relation, instructions, batch, 2)
    # with a vanishing but non-zero probability nothing is skipped, and the result is the same
    unpruned = conv(x, torch.tensor([0.7, 0.3, 1e-30]), g.edge_index, g.edge_type, relation, instructions, batch, 2)
    assert torch.allclose(full, unpruned)
    alone = conv(x, torch.zeros(3), g.edge_index, g.edge_type, relation, instructions, batch, 2)
    # no sender at all: every message slot is zero, so only the self term W_l [h ‖ 0 … 0] remains
    assert alone.shape == (3, 8)
    self_term = torch.relu(conv.update_lin(torch.cat([x, torch.zeros(3, 2 * 2 * 8)], dim=-1)))
    assert torch.allclose(alone, self_term)
    assert not torch.allclose(full, self_term)  # with senders, messages do change the states


def test_the_time_budget_stops_training(films: SQLiteStore, embedder: HashingEmbedder) -> None:
    config = TrainConfig(epochs=50, patience=50, lr=5e-3, batch_size=4, time_budget_s=0.0)
    _, report = train_reasoner(
        films, one_hop_questions(range(10)), embedder, ExportConfig(hops=1), {"hidden": 16}, config
    )
    assert report.epochs_run == 0 and report.history == []
