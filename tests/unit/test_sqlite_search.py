"""MaxScore top-k must return exactly what FTS5's own bm25() ranking returns."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from graphproof.graph import sqlite_schema
from graphproof.graph.sqlite_search import FtsSearcher, fts5_bm25, fts5_idf

TINY = [
    "jazz festival paris",
    "jazz jazz club tokyo",
    "film star ingrid bergman",
    "paris film festival jazz night music",
    "tokyo tower",
]


def _db(docs: list[str]) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    for statement in sqlite_schema.STATEMENTS:
        db.execute(statement)
    db.executemany(
        "INSERT INTO relations(id, source_id, target_id, predicate, tokens) VALUES (?, 'a', 'b', 'p', ?)",
        [(f"r{i}", text) for i, text in enumerate(docs)],
    )
    db.execute(sqlite_schema.index_new_rows("relations"), (0,))
    return db


def test_python_formula_equals_fts5_bm25_on_a_tiny_corpus() -> None:
    db = _db(TINY)
    avgdl = sum(len(t.split()) for t in TINY) / len(TINY)
    for query in (["jazz"], ["jazz", "pari"], ["tokyo", "film", "night"]):
        df = {t: sum(t in d.split() for d in TINY) for t in query}
        idf = {t: fts5_idf(len(TINY), n) for t, n in df.items() if n}
        expected = db.execute(
            "SELECT rowid, -bm25(relations_fts) FROM relations_fts WHERE relations_fts MATCH ?",
            (" OR ".join(f'"{t}"' for t in query),),
        ).fetchall()
        assert expected, query
        for rowid, score in expected:
            assert fts5_bm25(TINY[rowid - 1].split(), idf, avgdl) == pytest.approx(score, rel=1e-9, abs=1e-12)


def test_idf_floor_matches_fts5() -> None:
    assert fts5_idf(10, 9) == 1e-6  # a term in most rows has non-positive idf, replaced like FTS5 does
    assert fts5_idf(10, 1) > fts5_idf(10, 3) > 0


def test_maxscore_top_k_equals_fts5_ranking_on_a_skewed_corpus() -> None:
    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(400)]
    weights = [1 / (i + 1) for i in range(len(vocab))]  # Zipf: a few terms are in most rows
    docs = [" ".join(rng.choices(vocab, weights, k=rng.randint(3, 12))) for _ in range(3000)]
    db = _db(docs)
    searcher = FtsSearcher(db, "relations", budget=300)
    paths = {"fast": 0, "fallback": 0}
    original = searcher._fts_rank

    def counting(terms: list[str], k: int) -> list[tuple[int, float]]:
        paths["fallback"] += 1
        return original(terms, k)

    searcher._fts_rank = counting  # type: ignore[method-assign]
    for _ in range(300):
        query = rng.sample(vocab[:5], rng.randint(0, 2)) + rng.sample(vocab[5:], rng.randint(1, 3))
        k = rng.choice([1, 5, 10])
        before = paths["fallback"]
        got = searcher.top(query, k)
        paths["fast"] += paths["fallback"] == before
        want = original(query, k)
        assert [round(s, 9) for _, s in got] == [round(s, 9) for _, s in want], query
        assert {r for r, s in got if s > want[-1][1] + 1e-9} == {r for r, s in want if s > want[-1][1] + 1e-9}
    assert paths["fast"] > 100 and paths["fallback"] > 0, paths


def test_statistics_follow_writes_from_another_connection(tmp_path: Path) -> None:
    path = str(tmp_path / "s.db")
    writer = sqlite3.connect(path, isolation_level=None)
    for statement in sqlite_schema.STATEMENTS:
        writer.execute(statement)
    reader = sqlite3.connect(path)
    searcher = FtsSearcher(reader, "relations")
    assert searcher.top(["jazz"], 5) == []
    writer.execute(
        "INSERT INTO relations(id, source_id, target_id, predicate, tokens) VALUES ('r1', 'a', 'b', 'p', 'jazz')"
    )
    writer.execute(sqlite_schema.index_new_rows("relations"), (0,))
    assert [rowid for rowid, _ in searcher.top(["jazz"], 5)] == [1]
