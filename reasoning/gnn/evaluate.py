"""KGQA evaluation of a trained reasoner on a question file: Hit@1, Hits, F1 and time per question.

Each question goes through the full inference path (link, export, encode, score), timed end to end.
A question that cannot be answered (no linkable entity, topic not in the store, empty subgraph)
counts as a miss and is tallied by reason.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from graphproof.reasoning.gnn.dataset import NullProgress, Progress, answer_ids
from graphproof.reasoning.gnn.errors import CheckpointMismatch, GnnError
from graphproof.reasoning.gnn.metrics import KgqaReport, predicted_set, score_question, tied_at_top
from graphproof.reasoning.gnn.qa import QAExample
from graphproof.reasoning.gnn.reason import GnnReasoner


def evaluate(reasoner: GnnReasoner, examples: Sequence[QAExample], progress: Progress | None = None) -> KgqaReport:
    """Scores of ``reasoner`` on ``examples`` (``CheckpointMismatch`` is raised, not counted as a miss)."""
    progress = progress or NullProgress()
    progress.start("evaluating", len(examples))
    report = KgqaReport()
    for example in examples:
        progress.advance()
        gold = answer_ids(example)
        started = time.perf_counter()
        try:
            prediction = reasoner.predict(example.question)
        except CheckpointMismatch:
            raise
        except GnnError as exc:
            report.fail(type(exc).__name__)
            continue
        ranked = prediction.ranked_ids()
        elapsed = (time.perf_counter() - started) * 1000
        seeds = {prediction.graph.entities[i].id for i in prediction.graph.seeds}
        report.covered += any(e.id in gold and e.id not in seeds for e in prediction.graph.entities)
        top1 = ranked[0][0] if ranked else None
        report.add(score_question(top1, predicted_set(ranked), gold, tied_at_top(ranked)), elapsed)
    return report
