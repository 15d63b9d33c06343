"""A topic entity answers its own question only along a self-loop (a film and its tag merged by name).

MetaQA's ``Hotel|has_tags|hotel`` becomes the edge ``hotel → hotel``: "which words describe [Hotel]"
has the topic itself as its answer. Every other topic entity stays out of the answers.
"""

from __future__ import annotations

import pytest
import torch
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.gnn.dataset import prepare_questions
from graphproof.reasoning.gnn.encoder import EncodedQuestion
from graphproof.reasoning.gnn.evaluate import evaluate
from graphproof.reasoning.gnn.export import ExportConfig, SubgraphExporter, looped, to_data
from graphproof.reasoning.gnn.model import ModelConfig, ReaRev, collate
from graphproof.reasoning.gnn.paths import format_paths, shortest_paths
from graphproof.reasoning.gnn.qa import QAExample
from graphproof.reasoning.gnn.reason import GnnReasoner
from graphproof.reasoning.gnn.synthetic import build_film_store, film, load_triples
from graphproof.reasoning.gnn.train import TrainConfig, train_reasoner
from graphproof.reasoning.gnn.vocab import RelationVocab
from torch_geometric.data import Data

VOCAB = RelationVocab.of(["directed_by", "has_tags", "release_year", "written_by"])


def _tag(i: int) -> str:
    """Every fifth film is tagged with its own title (one entity, a self-loop); the others with a tag."""
    return film(i) if i % 5 == 0 else f"tag {i % 3}"


@pytest.fixture(scope="module")
def store() -> SQLiteStore:
    films = build_film_store(SQLiteStore(":memory:"), 30)
    load_triples(films, [(film(i), "has_tags", _tag(i)) for i in range(30)])
    return films


def _questions(films: range) -> list[QAExample]:
    return [QAExample(f"which words describe [{film(i)}]", (_tag(i),)) for i in films]


def test_a_self_looped_topic_is_a_target_and_covered(store: SQLiteStore) -> None:
    graph = SubgraphExporter(store, ExportConfig(hops=1)).export(["movie 05"])
    assert looped(graph.src, graph.dst) == {0} and graph.answerable_seeds() == {0}
    data, _ = to_data(graph, VOCAB, answers={"movie 05"})
    assert data.y[0] == 1.0 and data.y.sum() == 1.0
    plain = SubgraphExporter(store, ExportConfig(hops=1)).export(["movie 06"])
    assert plain.answerable_seeds() == set()
    data, _ = to_data(plain, VOCAB, answers={"movie 06", "tag 0"})
    assert data.y[0] == 0.0 and data.y.sum() == 1.0  # a topic without a self-loop is never a target
    prepared = prepare_questions(store, SubgraphExporter(store, ExportConfig(hops=1)), _questions(range(5, 7)))
    assert [p.covered for p in prepared.items] == [True, True]
    assert format_paths(shortest_paths(graph, 0, 0)) == ["Movie 05 → has_tags → Movie 05"]


def test_the_model_masks_topics_unless_they_have_a_self_loop() -> None:
    torch.manual_seed(0)
    model = ReaRev(ModelConfig(input_dim=6, hidden=8, num_layers=2), torch.randn(4, 6))
    chain = Data(num_nodes=3, edge_index=torch.tensor([[0, 1, 1, 2], [1, 2, 0, 1]]),
                 edge_type=torch.tensor([0, 1, 2, 3]), seed_mask=torch.tensor([True, False, False]))  # fmt: skip
    loop = Data(num_nodes=2, edge_index=torch.tensor([[0, 0, 0, 1], [0, 1, 0, 0]]),
                edge_type=torch.tensor([0, 1, 2, 3]), seed_mask=torch.tensor([True, False]))  # fmt: skip
    q = EncodedQuestion(torch.randn(4, 6), torch.randn(6))
    probs = model(collate([chain, loop], [q, q])).exp()
    assert probs[0] == 0  # no self-loop: the topic is never an answer
    assert probs[3] > 0 and torch.allclose(probs[3:].sum(), torch.tensor(1.0))


def test_the_model_learns_topics_that_answer_themselves(store: SQLiteStore) -> None:
    torch.set_num_threads(1)
    embedder = HashingEmbedder(256)
    config = TrainConfig(epochs=40, patience=6, lr=5e-3, batch_size=4, seed=0)
    checkpoint, report = train_reasoner(store, _questions(range(20)), embedder, ExportConfig(hops=1),
                                        {"hidden": 32}, config)  # fmt: skip
    assert report.train_coverage == 1.0
    reasoner = GnnReasoner(checkpoint, store, embedder)
    held_out = evaluate(reasoner, _questions(range(20, 30))).as_dict()
    assert held_out["answer_coverage"] == 1.0 and held_out["hit1"] == 1.0
    answer = reasoner.reason("which words describe [Movie 25]", k=1)
    assert [e.name for e, _ in answer.answers] == ["Movie 25"]
    assert answer.formatted == ["Movie 25 → has_tags → Movie 25"]
