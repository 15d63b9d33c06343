"""The entailment judgments of ``benchmarks.verification --entailment`` (issue 9): the file's schema, and that
each judgment names the HaluEval dev item at its index (skipped, naming the file, where the data is absent)."""

from __future__ import annotations

import json

import pytest

from benchmarks._common import DATA
from benchmarks.verification import ENTAILED, ENTAILMENT

JUDGED = [json.loads(line) for line in ENTAILMENT.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_item_is_judged_once_with_the_known_labels() -> None:
    assert [j["index"] for j in JUDGED] == list(range(len(JUDGED))) and len(JUDGED) == 80
    for judgment in JUDGED:
        assert judgment["right_entailed"] in ENTAILED, judgment
        assert judgment["hallucinated_contradicted"] in ("yes", "no"), judgment
        assert judgment["kind"] in ("bridge", "comparison", "yesno"), judgment
        assert judgment["right_claim"].strip() and judgment["why"].strip(), judgment


def test_each_judgment_names_the_dev_item_at_its_index() -> None:
    path = DATA / "halueval" / "qa_dev.jsonl"
    if not path.exists():
        pytest.skip(f"HaluEval dev data not found: {path}")
    items = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    for judgment in JUDGED:
        assert items[judgment["index"]]["question"] == judgment["question"], judgment["index"]
