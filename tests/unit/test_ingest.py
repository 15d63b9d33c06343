"""Incremental, idempotent ingestion through the real loaders into the embedded store."""

from __future__ import annotations

import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.graph.store import StoreError
from graphproof.loaders.chunking import OPENING_KEY
from graphproof.loaders.extract.rule import RuleExtractor
from graphproof.loaders.ingest import IngestOptions, IngestReport, ingest
from graphproof.loaders.sources import read_sources
from graphproof.loaders.types import Extraction

CHAT_A = """Time: 20260105_10:00
AdamSmith: Hi Li Hua! The building maintenance is scheduled for Friday morning.
LiHua: Thanks Adam! I will be at the Central Park jazz festival with Wolfgang then.
"""
CHAT_B = """Time: 20260106_18:30
WolfgangSchulz: Li Hua, are we still going to the Central Park jazz festival?
LiHua: Yes! I bought two tickets for $40 yesterday.
"""
NOTE = "# Notes\n\nWolfgang Schulz plays the saxophone in the Riverside Quartet.\n"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "20260105_1000.txt").write_text(CHAT_A, encoding="utf-8")
    (root / "20260106_1830.txt").write_text(CHAT_B, encoding="utf-8")
    (root / "notes.md").write_text(NOTE, encoding="utf-8")
    return root


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    return SQLiteStore(tmp_path / "g.db")


def doc_id(path: Path) -> str:
    """A file's document id: its canonical (absolute, resolved) path."""
    return path.resolve().as_posix()


def run(store: SQLiteStore, root: Path, options: IngestOptions | None = None) -> IngestReport:
    return ingest(store, read_sources([root]), RuleExtractor(), HashingEmbedder(64), options)


def test_ingest_writes_documents_chunks_entities_relations_and_embeddings(store: SQLiteStore, corpus: Path) -> None:
    report = run(store, corpus)
    assert (report.documents, report.added, report.unchanged, report.skipped) == (3, 3, 0, 0)
    stats = store.stats()
    assert (stats.documents, stats.chunks) == (3, 3)
    assert stats.entities > 5 and stats.relations > 5 and stats.mentions > 5
    chat_id = doc_id(corpus / "20260105_1000.txt")
    chat = store.documents([chat_id])[0]
    assert chat.metadata["time"] == "20260105_10:00" and "AdamSmith" in chat.metadata["speakers"]
    [chunk] = store.chunks_of_document(chat_id)
    assert chunk.id == f"{chat_id}#0" and chunk.embedding is not None and len(chunk.embedding) == 64
    assert store.nearest_entities(HashingEmbedder(64).embed_query("Li Hua"), k=1)[0].item.id == "li hua"
    assert set(report.timings) == {"parse", "chunk", "extract", "embed", "write"}


def test_aliases_across_documents_become_one_entity(store: SQLiteStore, corpus: Path) -> None:
    run(store, corpus)
    # "Li Hua" (in text), speaker "LiHua", and "WolfgangSchulz" / "Wolfgang Schulz" merge
    assert store.search_entities("LiHua", k=1)[0].item.id == "li hua"
    names = {h.item.id for h in store.search_entities("Li Hua", k=10)}
    assert "li hua" in names and "lihua" not in names
    assert "wolfgang schulz" in {h.item.id for h in store.search_entities("Wolfgang Schulz", k=10)}
    assert not store.entities(["wolfgangschulz"])


def test_reingesting_unchanged_sources_writes_nothing(store: SQLiteStore, corpus: Path) -> None:
    run(store, corpus)
    before = store.stats()
    data_version = store.db.execute("PRAGMA data_version").fetchone()[0]
    changes = store.db.total_changes
    report = run(store, corpus)
    assert (report.unchanged, report.added, report.replaced, report.chunks, report.relations) == (3, 0, 0, 0, 0)
    assert store.stats() == before
    assert store.db.total_changes == changes, "not a single row was written"
    assert store.db.execute("PRAGMA data_version").fetchone()[0] == data_version


def test_a_changed_source_replaces_exactly_its_own_part(store: SQLiteStore, corpus: Path) -> None:
    run(store, corpus)
    festival = store.search_relations("saxophone Riverside Quartet", k=1)[0].item
    (corpus / "notes.md").write_text("# Notes\n\nWolfgang Schulz now plays the cello in the Harbour Trio.\n")
    report = run(store, corpus)
    assert (report.replaced, report.unchanged) == (1, 2)
    assert store.relations([festival.id]) == [], "the relation only the old note supported is gone"
    assert store.search_relations("cello Harbour Trio", k=1)[0].item.chunk_ids == (f"{doc_id(corpus / 'notes.md')}#0",)
    assert store.search_relations("jazz festival Central Park", k=1), "the chats' relations are untouched"
    assert store.stats().documents == 3


def test_delete_document_then_reingest(store: SQLiteStore, corpus: Path) -> None:
    run(store, corpus)
    full = store.stats()
    assert store.delete_document(doc_id(corpus / "notes.md")).found
    assert store.stats().documents == 2
    assert run(store, corpus).added == 1
    assert store.stats() == full


def test_bad_sources_are_reported_per_file_and_the_rest_lands(store: SQLiteStore, corpus: Path) -> None:
    (corpus / "empty.txt").write_bytes(b"")
    (corpus / "binary.txt").write_bytes(b"\x00\x01\x02PK\x03\x04" * 50)
    (corpus / "latin1.md").write_bytes("caf\xe9 au lait".encode("latin-1"))
    (corpus / "broken-chat.txt").write_text("Time: yesterday\nBob: hi\n")
    with zipfile.ZipFile(corpus / "chats.zip", "w") as archive:
        archive.writestr("../evil.txt", CHAT_A)
        archive.writestr("week1/20260107_0900.txt", CHAT_A.replace("20260105_10:00", "20260107_09:00"))
    report = run(store, corpus)
    failed = {Path(f.source).name: f.reason for f in report.failures}
    assert {"empty.txt", "binary.txt", "latin1.md"} <= set(failed)
    assert any("evil" in source for source in failed), failed
    assert "UTF-8" in failed["latin1.md"]
    # the two chats, the note, the zip's good member, and broken-chat.txt: its first line is no chat
    # header, so it is read as plain text (an explicit --format chat would reject it)
    assert report.added == 5
    assert store.documents([f"{doc_id(corpus / 'chats.zip')}/week1/20260107_0900.txt"])


class FailingExtractor:
    """Fails on chunks that mention 'saxophone', like an LLM reply that never parses."""

    name = "failing"

    def extract(self, texts: Sequence[str], metadata: Sequence[Mapping[str, str]]) -> list[Extraction]:
        rule = RuleExtractor().extract(texts, metadata)
        return [Extraction(error="expected a JSON list of triples") if "saxophone" in t else r
                for t, r in zip(texts, rule, strict=True)]  # fmt: skip


def test_extraction_errors_are_reported_not_dropped(store: SQLiteStore, corpus: Path) -> None:
    report = ingest(store, read_sources([corpus]), FailingExtractor(), None)
    note_chunk = f"{doc_id(corpus / 'notes.md')}#0"
    assert report.extraction_errors == [(note_chunk, "expected a JSON list of triples")]
    assert report.skipped == 1
    assert store.chunks([note_chunk]), "the chunk itself is still stored and searchable"


def test_a_failing_write_leaves_no_half_written_document(store: SQLiteStore, corpus: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    def boom(batch: object) -> int:
        raise StoreError("disk full")

    monkeypatch.setattr(store, "upsert_relations", boom)
    with pytest.raises(StoreError, match="disk full"):
        run(store, corpus)
    stats = store.stats()
    assert (stats.documents, stats.chunks, stats.mentions) == (0, 0, 0)


def test_small_batches_give_the_same_graph(tmp_path: Path, corpus: Path) -> None:
    one = SQLiteStore(tmp_path / "one.db")
    many = SQLiteStore(tmp_path / "many.db")
    run(one, corpus)
    run(many, corpus, IngestOptions(batch_documents=1))
    a, b = one.stats(), many.stats()
    assert (a.documents, a.chunks, a.entities, a.relations, a.mentions) == (
        b.documents, b.chunks, b.entities, b.relations, b.mentions)  # fmt: skip


def test_two_files_with_the_same_name_are_two_documents(store: SQLiteStore, tmp_path: Path) -> None:
    first = tmp_path / "a" / "README.md"
    second = tmp_path / "b" / "README.md"
    for path, text in (
        (first, "# A\n\nAda Quill founded Orrery Systems.\n"),
        (second, "# B\n\nRin Hayase builds drones.\n"),
    ):
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
    assert ingest(store, read_sources([first]), RuleExtractor(), None).added == 1
    again = ingest(store, read_sources([second]), RuleExtractor(), None)
    assert (again.added, again.replaced) == (1, 0), "the second README is a new document, not a new version"
    assert {d.id for d in store.documents([doc_id(first), doc_id(second)])} == {doc_id(first), doc_id(second)}
    assert store.search_chunks("Ada Quill Orrery", k=1) and store.search_chunks("Rin Hayase drones", k=1)
    first.write_text("# A\n\nAda Quill sold Orrery Systems.\n", encoding="utf-8")
    changed = ingest(store, read_sources([first]), RuleExtractor(), None)
    assert (changed.replaced, store.stats().documents) == (1, 2), "only a newer version of the same file replaces it"


def test_a_readme_is_about_the_folder_it_is_filed_under(store: SQLiteStore, tmp_path: Path) -> None:
    folder = tmp_path / "docs" / "e2fsprogs"
    folder.mkdir(parents=True)
    (folder / "README").write_text(
        "This is the new version of the second extended file system management programs.\n\n"
        "From time to time, I release new versions of e2fsprogs.\n\n"
        "In case of bugs in these programs, please contact Ted Ts'o at tytso@mit.edu.\n",
        encoding="utf-8",
    )
    run(store, tmp_path / "docs")
    hits = store.search_relations("contact Ted", k=20)
    relations = [h.item for h in hits if h.item.predicate == "contact"]
    assert relations, "the sentence about whom to contact gave no 'contact' relation"
    heads = {e.name for e in store.entities([r.source_id for r in relations])}
    assert heads == {"e2fsprogs"}  # "these programs" are the programs the README is filed under


class _Recording(RuleExtractor):
    """The rule extractor, keeping what it was told of each chunk."""

    def __init__(self) -> None:
        super().__init__(workers=1)
        self.told: list[Mapping[str, str]] = []

    def extract(self, texts: Sequence[str], metadata: Sequence[Mapping[str, str]]) -> list[Extraction]:
        self.told.extend(metadata)
        return super().extract(texts, metadata)


def test_the_authors_on_the_title_page_of_a_document_are_its_writers(store: SQLiteStore, tmp_path: Path) -> None:
    folder = tmp_path / "docs" / "zapproto"
    folder.mkdir(parents=True)
    opening = "Quux Window Zap Extension Protocol\n\nX.Org Standard\n\nKay Packton\n\nQuux X Consortium\n\n"
    body = "".join(f"The Zap request number {i} moves window {i} of the quux server to the front.\n" for i in range(60))
    (folder / "zapproto.txt").write_text(opening + body, encoding="utf-8")
    extractor = _Recording()
    options = IngestOptions(target_tokens=200, overlap_tokens=0)
    report = ingest(store, read_sources([tmp_path / "docs"]), extractor, HashingEmbedder(64), options)
    # only the chunk that opens the document is told so: a later one's short lines are no title page
    assert report.chunks > 1 and [m.get(OPENING_KEY) for m in extractor.told] == ["yes"] + [None] * (report.chunks - 1)
    written = [h.item for h in store.search_relations("written by", k=50) if h.item.predicate == "written_by"]
    assert len(written) == 1
    names = {e.id: e.name for e in store.entities([written[0].source_id, written[0].target_id])}
    assert (names[written[0].source_id], names[written[0].target_id]) == (
        "Quux Window Zap Extension Protocol", "Kay Packton"
    )
    assert list(written[0].chunk_ids) == [f"{doc_id(folder / 'zapproto.txt')}#0"]
