"""Checkpoints: round trip, and clear refusals of other versions, encoders and relation vocabularies."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.gnn import checkpoint as ckpt_module
from graphproof.reasoning.gnn.checkpoint import load_checkpoint, save_checkpoint
from graphproof.reasoning.gnn.errors import (
    CheckpointError,
    CheckpointMismatch,
    EmptySubgraph,
    NoLinkableEntity,
    TopicNotFound,
)
from graphproof.reasoning.gnn.export import ExportConfig
from graphproof.reasoning.gnn.reason import GnnReasoner
from graphproof.reasoning.gnn.synthetic import build_film_store, load_triples, one_hop_questions
from graphproof.reasoning.gnn.train import TrainConfig, train_reasoner


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, SQLiteStore, HashingEmbedder]:
    torch.set_num_threads(1)
    store = build_film_store(SQLiteStore(":memory:"), 20)
    embedder = HashingEmbedder(32)
    config = TrainConfig(epochs=3, lr=5e-3, batch_size=4)
    checkpoint, _ = train_reasoner(
        store, one_hop_questions(range(12)), embedder, ExportConfig(hops=1), {"hidden": 16}, config
    )
    path = save_checkpoint(checkpoint, tmp_path_factory.mktemp("ckpt") / "sub" / "rearev.pt")
    return path, store, embedder


def test_round_trip_gives_the_same_predictions(trained: tuple[Path, SQLiteStore, HashingEmbedder]) -> None:
    path, store, embedder = trained
    loaded = load_checkpoint(path)
    assert loaded.vocab.predicates == ("directed_by", "release_year", "written_by")
    assert loaded.export == ExportConfig(hops=1) and loaded.encoder_name == embedder.name
    assert loaded.summary["train"]["relations"] == list(loaded.vocab.predicates)
    first = GnnReasoner.load(path, store, embedder).predict("who directed [Movie 15]").ranked
    second = GnnReasoner(load_checkpoint(path), store, embedder).predict("who directed [Movie 15]").ranked
    assert first == second and len(first) == 3


def test_missing_damaged_and_foreign_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(CheckpointError, match="does not exist"):
        load_checkpoint(tmp_path / "none.pt")
    junk = tmp_path / "junk.pt"
    junk.write_bytes(b"not a checkpoint")
    with pytest.raises(CheckpointError, match="cannot read"):
        load_checkpoint(junk)
    foreign = tmp_path / "foreign.pt"
    torch.save({"weights": torch.zeros(2)}, foreign)
    with pytest.raises(CheckpointError, match="not a graphproof ReaRev checkpoint"):
        load_checkpoint(foreign)


def test_another_model_version_is_refused(trained: tuple[Path, SQLiteStore, HashingEmbedder], tmp_path: Path) -> None:
    path, _, _ = trained
    payload = torch.load(path, weights_only=True)
    payload["version"] = ckpt_module.MODEL_VERSION + 1
    other = tmp_path / "future.pt"
    torch.save(payload, other)
    with pytest.raises(CheckpointMismatch, match=r"model version 2.*retrain"):
        load_checkpoint(other)


def test_another_encoder_is_refused(trained: tuple[Path, SQLiteStore, HashingEmbedder]) -> None:
    path, store, _ = trained
    with pytest.raises(CheckpointMismatch, match="encoder 'hashing-32"):
        GnnReasoner.load(path, store, HashingEmbedder(64))


def test_a_store_with_another_relation_vocabulary_is_refused(
    trained: tuple[Path, SQLiteStore, HashingEmbedder],
) -> None:
    path, _, embedder = trained
    other = SQLiteStore(":memory:")
    load_triples(other, [("Ada Lovelace", "born_in", "London"), ("London", "capital_of", "England")])
    reasoner = GnnReasoner.load(path, other, embedder)
    with pytest.raises(CheckpointMismatch, match=r"born_in.*relation vocabulary.*graphproof gnn train"):
        reasoner.reason("where was [Ada Lovelace] born")


def test_bad_questions_get_clear_errors(trained: tuple[Path, SQLiteStore, HashingEmbedder]) -> None:
    path, store, embedder = trained
    reasoner = GnnReasoner.load(path, store, embedder)
    with pytest.raises(NoLinkableEntity):
        reasoner.reason("who directed the film about the whale")
    with pytest.raises(TopicNotFound, match="Casablanca"):
        reasoner.reason("who directed [Casablanca]")
    with pytest.raises(TopicNotFound, match="'Casablanca'"):
        reasoner.reason("who directed it", topic_entities=["Casablanca"])
    from graphproof.graph.model import Entity

    store.upsert_entities([Entity.named("Unrelated Thing")])
    with pytest.raises(EmptySubgraph, match="unrelated thing"):
        reasoner.reason("who directed [Unrelated Thing]")
