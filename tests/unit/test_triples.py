"""Triple import: pipe and JSONL formats, malformed lines, strict mode, batching, idempotency."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from graphproof.graph.model import normalize_id, relation_id
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.loaders.errors import LoaderError, MalformedInput, SourceUnreadable
from graphproof.loaders.triples import Skipped, detect_format, fast_relation_id, import_triples, parse_triples


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    with SQLiteStore(tmp_path / "g.db") as s:
        yield s


def write(path: Path, text: str | bytes) -> Path:
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)
    return path


def test_pipe_file_imports_entities_and_relations(tmp_path: Path, store: SQLiteStore) -> None:
    kb = write(
        tmp_path / "kb.txt",
        "\ufeffKismet|directed_by|William Dieterle\r\n"
        "Kismet|starred_actors|Marlene Dietrich\n"
        "\n"
        "  kismet |release_year| 1944\n"  # same entity as "Kismet" once normalised
        "Kismet|directed_by|William Dieterle\n",  # a repeated triple is one relation
    )
    report = import_triples(store, kb)
    assert (report.format, report.lines, report.triples, report.skipped) == ("pipe", 5, 4, [])
    assert (report.entities, report.relations) == (4, 3)
    assert (report.entities_written, report.relations_written) == (4, 3)
    kismet = store.entities([normalize_id("Kismet")])[0]
    assert kismet.name == "Kismet"  # the first spelling seen
    hits = store.search_relations("who directed Kismet", k=3)
    assert str(hits[0].item) == "Kismet -[directed_by]-> William Dieterle"


def test_repeat_import_writes_nothing_new(tmp_path: Path, store: SQLiteStore) -> None:
    kb = write(tmp_path / "kb.txt", "A|r|B\nB|r|C\n")
    import_triples(store, kb)
    again = import_triples(store, kb)
    assert (again.entities_written, again.relations_written) == (0, 0)
    assert store.stats().relations == 2


def test_malformed_pipe_lines_are_skipped_with_line_numbers(tmp_path: Path, store: SQLiteStore) -> None:
    kb = write(
        tmp_path / "kb.txt",
        b"A|r|B\n"
        b"only|two\n"
        b"A|r|B|extra\n"
        b"A||B\n"
        b" \t|r|B\n"
        b"Caf\xe9|r|B\n"  # Latin-1, not UTF-8
        b"Help!|r|Help",  # punctuation is part of a name; no final newline
    )
    report = import_triples(store, kb)
    assert report.triples == 2
    assert [s.line_no for s in report.skipped] == [2, 3, 4, 5, 6]
    reasons = dict(report.skipped)
    assert "expected 3 fields" in reasons[2] and "found 2" in reasons[2]
    assert "found 4" in reasons[3]
    assert "empty relation" in reasons[4]
    assert reasons[5] == "empty subject"
    assert "invalid UTF-8" in reasons[6] and "0xe9" in reasons[6]
    assert store.stats().relations == 2
    assert {e.id for e in store.entities(["help!", "help"])} == {"help!", "help"}


def test_a_name_the_model_cannot_normalise_is_skipped(
    tmp_path: Path, store: SQLiteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    def picky(name: str) -> str:
        if name == "Bad":
            raise ValueError("nothing left")
        return normalize_id(name)

    monkeypatch.setattr("graphproof.loaders.triples.normalize_id", picky)
    report = import_triples(store, write(tmp_path / "kb.txt", "A|r|B\nA|r|Bad\n"))
    assert report.skipped == [Skipped(2, "object 'Bad' is empty after normalisation (no entity id)")]


def test_strict_mode_rejects_the_file_and_writes_nothing(tmp_path: Path, store: SQLiteStore) -> None:
    kb = write(tmp_path / "kb.txt", "A|r|B\nbroken line\nC|r|D\n")
    with pytest.raises(MalformedInput) as caught:
        import_triples(store, kb, strict=True)
    assert caught.value.problems == [Skipped(2, "expected 3 fields 'subject|relation|object', found 1")]
    assert "kb.txt" in str(caught.value) and "line 2" in str(caught.value)
    stats = store.stats()
    assert (stats.entities, stats.relations) == (0, 0)


def test_jsonl_records_with_aliases_types_and_keywords(tmp_path: Path, store: SQLiteStore) -> None:
    records = [
        {"head": "Rin Hayase", "relation": "works_at", "tail": "Aoba Robotics", "keywords": ["employment", "robotics"],
         "description": "Rin is a roboticist.", "head_type": "Person", "weight": 2},
        {"subject": "Aoba Robotics", "predicate": "headquartered_in", "object": "水無瀬市", "tail_type": "City",
         "head_type": "Organization", "head_description": "Sensor maker."},
    ]  # fmt: skip
    path = write(tmp_path / "t.jsonl", "\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n")
    report = import_triples(store, path)
    assert (report.format, report.triples, report.entities, report.relations) == ("jsonl", 2, 3, 2)
    aoba = store.entities([normalize_id("Aoba Robotics")])[0]
    assert (aoba.type, aoba.description) == ("Organization", "Sensor maker.")  # filled in by the later record
    edge = store.search_relations("roboticist employment", k=1)[0].item
    assert (edge.keywords, edge.weight, edge.description) == ("employment, robotics", 2.0, "Rin is a roboticist.")
    assert store.search_relations("水無瀬", k=1)[0].item.predicate == "headquartered_in"


def test_malformed_jsonl_lines_are_reported(tmp_path: Path, store: SQLiteStore) -> None:
    path = write(
        tmp_path / "t.json",
        '{"head": "A", "relation": "r", "tail": "B"}\n'
        '{"head": "A", "relation": "r"\n'
        '["A", "r", "B"]\n'
        '{"head": "A", "relation": "r", "tail": "B", "wieght": 1}\n'
        '{"head": "A", "relation": "r", "tail": "B", "weight": -1}\n'
        '{"head": "A", "subject": "A", "relation": "r", "tail": "B"}\n'
        '{"head": "A", "relation": "r"}\n'
        '{"head": "  ", "relation": "r", "tail": "B"}\n',
    )
    report = import_triples(store, path)
    reasons = dict(report.skipped)
    assert report.triples == 1 and sorted(reasons) == [2, 3, 4, 5, 6, 7, 8]
    assert reasons[2].startswith("invalid JSON")
    assert "got list" in reasons[3]
    assert "wieght" in reasons[4]
    assert "weight" in reasons[5]
    assert "not both" in reasons[6]
    assert "tail" in reasons[7] and "required" in reasons[7]
    assert "head" in reasons[8] and "at least 1 character" in reasons[8]


def test_format_detection_and_override(tmp_path: Path) -> None:
    assert detect_format("x.jsonl") == "jsonl"
    assert detect_format("x.JSON") == "jsonl"
    assert detect_format("kb.txt") == "pipe"
    assert detect_format("x.json", "pipe") == "pipe"
    with pytest.raises(LoaderError, match="unknown triple format 'csv'"):
        detect_format("x.txt", "csv")
    pipe_in_json = write(tmp_path / "odd.json", "A|r|B\n")
    assert parse_triples(pipe_in_json, "pipe").triples == 1
    assert parse_triples(pipe_in_json).skipped[0].reason.startswith("invalid JSON")


def test_unreadable_file_is_named(tmp_path: Path, store: SQLiteStore) -> None:
    with pytest.raises(SourceUnreadable, match=r"missing\.txt"):
        import_triples(store, tmp_path / "missing.txt")
    with pytest.raises(SourceUnreadable, match="cannot read"):
        import_triples(store, tmp_path)


def test_batches_and_progress_callbacks(tmp_path: Path, store: SQLiteStore) -> None:
    kb = write(tmp_path / "kb.txt", "".join(f"E{i}|next|E{i + 1}\n" for i in range(5)))
    seen_lines: list[int] = []
    batches: list[tuple[str, int, int]] = []
    report = import_triples(
        store, kb, batch_size=2, on_progress=seen_lines.append, on_batch=lambda *a: batches.append(a)
    )
    assert report.relations_written == 5
    assert seen_lines[-1] == 5
    assert batches == [
        ("entities", 2, 6), ("entities", 4, 6), ("entities", 6, 6),
        ("relations", 2, 5), ("relations", 4, 5), ("relations", 5, 5),
    ]  # fmt: skip
    with pytest.raises(LoaderError, match="batch_size"):
        import_triples(store, kb, batch_size=0)


@pytest.mark.parametrize(
    ("source", "predicate", "target"),
    [("kismet", "directed_by", "william dieterle"), ("青葉", "本社", "水無瀬市"), ("a|b", "r\x1f", "")],
)
def test_fast_relation_id_matches_the_model(source: str, predicate: str, target: str) -> None:
    assert fast_relation_id(source, predicate, target) == relation_id(source, predicate, target)
