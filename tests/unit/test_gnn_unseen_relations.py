"""Relations a model was not trained on: read by their text (the default) or left out, never silently."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.model import Entity, Relation
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.gnn.checkpoint import load_checkpoint, save_checkpoint
from graphproof.reasoning.gnn.errors import CheckpointMismatch, GnnError
from graphproof.reasoning.gnn.export import ExportConfig
from graphproof.reasoning.gnn.model import collate
from graphproof.reasoning.gnn.reason import GnnReasoner
from graphproof.reasoning.gnn.synthetic import build_film_store, one_hop_questions
from graphproof.reasoning.gnn.train import TrainConfig, train_reasoner
from graphproof.reasoning.gnn.vocab import RelationVocab


def test_an_opened_vocabulary_appends_unseen_predicates_after_the_trained_ones() -> None:
    vocab = RelationVocab(("directed_by", "written_by"))
    opened = vocab.with_unseen(["written_by", "was_helmed_by", "appears_in", "was_helmed_by"])
    assert opened.predicates == vocab.predicates and opened.unseen == ("appears_in", "was_helmed_by")
    assert opened.size == 4 and len(opened) == 8
    assert [opened.index[p] for p in ("directed_by", "written_by", "appears_in", "was_helmed_by")] == [0, 1, 2, 3]
    assert opened.texts()[:4] == ["directed by", "written by", "appears in", "was helmed by"]
    assert opened.texts()[6] == "inverse of appears in" and opened.name(7) == "was_helmed_by⁻¹"
    assert opened.inverse(2) == 6 and vocab.with_unseen(["directed_by"]) == vocab
    with pytest.raises(ValueError, match="unseen"):
        RelationVocab(("directed_by",), ("directed_by",))
    with pytest.raises(ValueError, match="unseen"):
        RelationVocab(("directed_by",), ("b", "a"))


def _enrichment(source: str, target: str, predicate: str) -> Relation:
    return Relation(source.casefold(), target.casefold(), predicate, source, target, origin="enrichment",
                    source_url="file:///pages/a.html", confidence=0.9, created_at="2026-11-25T00:00:00Z")  # fmt: skip


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, HashingEmbedder]:
    torch.set_num_threads(1)
    store = build_film_store(SQLiteStore(":memory:"), 20)
    embedder = HashingEmbedder(32)
    checkpoint, _ = train_reasoner(store, one_hop_questions(range(12)), embedder, ExportConfig(hops=1),
                                   {"hidden": 16}, TrainConfig(epochs=3, lr=5e-3, batch_size=4))  # fmt: skip
    return save_checkpoint(checkpoint, tmp_path_factory.mktemp("ckpt") / "rearev.pt"), embedder


def test_the_trained_embeddings_passed_explicitly_give_the_same_scores(trained: tuple[Path, HashingEmbedder]) -> None:
    path, embedder = trained
    reasoner = GnnReasoner.load(path, build_film_store(SQLiteStore(":memory:"), 20), embedder)
    graph = reasoner.exporter.export(["movie 15"])
    from graphproof.reasoning.gnn.export import to_data

    data, _ = to_data(graph, reasoner.checkpoint.vocab)
    batch = collate([data], reasoner.encoder.encode(["who directed Movie 15"]))
    model = reasoner.model
    assert torch.equal(model(batch), model(batch, model.relation_text.clone()))
    with pytest.raises(ValueError, match="relation_text"):
        model(batch, model.relation_text[:3])


def test_an_enrichment_edge_with_a_new_predicate_is_read_by_its_text_or_left_out(
    trained: tuple[Path, HashingEmbedder],
) -> None:
    path, embedder = trained
    store = build_film_store(SQLiteStore(":memory:"), 20)
    store.upsert_entities([Entity.named("Ann Other")])
    store.upsert_relations([_enrichment("Movie 15", "Ann Other", "was_helmed_by")])
    read = GnnReasoner.load(path, store, embedder).predict("who directed [Movie 15]")
    assert "ann other" in {i for i, _ in read.ranked_ids()}
    assert any("read by their text: was_helmed_by" in w for w in read.warnings)
    dropped = GnnReasoner.load(path, store, embedder, unseen_relations="drop").predict("who directed [Movie 15]")
    # left out, the edge no longer carries messages: Ann Other is an isolated node of the subgraph
    assert dict(dropped.ranked_ids()).get("ann other") != dict(read.ranked_ids())["ann other"]
    assert any("left out: was_helmed_by" in w for w in dropped.warnings)
    with pytest.raises(GnnError, match="unseen_relations"):
        GnnReasoner(load_checkpoint(path), store, embedder, unseen_relations="guess")  # type: ignore[arg-type]


def test_a_topic_known_only_through_enrichment_is_answered_but_a_foreign_graph_is_refused(
    trained: tuple[Path, HashingEmbedder],
) -> None:
    path, embedder = trained
    store = build_film_store(SQLiteStore(":memory:"), 20)
    store.upsert_entities([Entity.named("Movie 99"), Entity.named("Ann Other")])
    store.upsert_relations([_enrichment("Movie 99", "Ann Other", "was_helmed_by")])
    prediction = GnnReasoner.load(path, store, embedder).predict("who directed [Movie 99]")
    assert [i for i, _ in prediction.ranked_ids()] == ["ann other"]
    with pytest.raises(CheckpointMismatch, match="was_helmed_by"):
        GnnReasoner.load(path, store, embedder, unseen_relations="drop").predict("who directed [Movie 99]")
    store.upsert_entities([Entity.named("Movie 98")])
    store.upsert_relations([Relation("movie 98", "ann other", "was_helmed_by", "Movie 98", "Ann Other")])
    with pytest.raises(CheckpointMismatch, match="relation vocabulary"):
        GnnReasoner.load(path, store, embedder).predict("who directed [Movie 98]")
