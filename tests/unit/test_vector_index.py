"""The embedded backend's exact vector search, checked against a brute-force reference."""

from __future__ import annotations

import numpy as np
import pytest
from graphproof.graph.vectors import VectorIndex, best_of, from_blob, to_blob


def _reference(rows: list[tuple[str, np.ndarray]], query: np.ndarray, k: int) -> list[tuple[str, float]]:
    """Cosine of every row, a key's best row, sorted by score then key."""
    best: dict[str, float] = {}
    for key, vector in rows:
        score = float(np.dot(vector, query) / (np.linalg.norm(vector) * np.linalg.norm(query)))
        best[key] = max(score, best.get(key, -2.0))
    return sorted(best.items(), key=lambda kv: (-kv[1], kv[0]))[:k]


@pytest.mark.parametrize("seed", range(5))
def test_a_key_with_several_rows_scores_its_best_row(seed: int) -> None:
    rng = np.random.default_rng(seed)
    keys = sorted(f"c{rng.integers(0, 12):02d}" for _ in range(40))
    rows = [(key, rng.normal(size=8).astype(np.float32)) for key in keys]
    index = VectorIndex()
    index.load((key, to_blob(vector)) for key, vector in rows)  # type: ignore[misc]
    query = rng.normal(size=8).astype(np.float32)
    for k in (1, 3, 50):
        found = index.search(query, k)
        expected = _reference(rows, query, k)
        assert [key for key, _ in found] == [key for key, _ in expected]
        assert [score for _, score in found] == pytest.approx([score for _, score in expected], abs=1e-5)


def test_best_of_merges_rankings_by_the_best_score_of_each_key() -> None:
    own = [("a", 0.9), ("b", 0.5), ("c", 0.4)]
    pieces = [("c", 0.95), ("b", 0.2), ("d", 0.5)]
    assert best_of(own, pieces, k=3) == [("c", 0.95), ("a", 0.9), ("b", 0.5)]
    assert [key for key, _ in best_of(own, pieces, k=10)] == ["c", "a", "b", "d"]  # b and d tie at 0.5: by key
    assert best_of([], [], k=3) == []


def test_a_stored_vector_reads_back_as_the_python_floats_of_its_float32_values() -> None:
    vector = [0.1, -2.5, 3.0, 1e-7]
    read = from_blob(to_blob(vector))
    assert isinstance(read, tuple) and all(type(x) is float for x in read)
    assert read == tuple(float(x) for x in np.asarray(vector, dtype=np.float32))
    assert from_blob(None) is None
