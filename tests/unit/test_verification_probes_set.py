"""The hand-written reading probes of ``benchmarks.verification --probes``: well-formed, both labels, no repeats,
and a malformed line named with its file and line number."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.verification import PROBES, probe_cases


def test_the_probe_set_is_well_formed_with_both_labels_and_no_repeats() -> None:
    cases = probe_cases()
    assert len(cases) == 137
    entailed = [c for c in cases if not c.hallucinated]
    assert 10 <= len(entailed) < len(cases)  # mostly claims a careless reading would prove
    pairs = [(c.passages[0].text, c.answer) for c in cases]
    assert len(set(pairs)) == len(pairs)
    assert all(len(c.passages) == 1 for c in cases)
    assert sum(bool(c.question) for c in cases) == 24  # the claim an answer makes with its question
    assert PROBES.name == "verification_probes.jsonl"


def test_a_malformed_probe_line_names_its_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "probes.jsonl"
    path.write_text('{"chunk": "A is B.", "claim": "A is B.", "entailed": true}\n{"chunk": "A", "claim": "B"}\n')
    with pytest.raises(SystemExit, match=r"probes\.jsonl:2: expected chunk, claim and a true/false entailed"):
        probe_cases(path)
