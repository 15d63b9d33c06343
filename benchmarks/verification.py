"""Verification benchmark: the prover on FOLIO's gold FOL, and hallucination detection on HaluEval and FOLIO.

    python -m benchmarks.verification [--methods offline,lexical] [--limit N] [--json]
    python -m benchmarks.verification --perturb [--methods offline,lexical]
    python -m benchmarks.verification --folds 2
    python -m benchmarks.verification --entailment [--methods offline,lexical]
    python -m benchmarks.verification --probes [--methods offline,lexical]

``--folds 2`` chooses the offline method's thresholds (constant, predicate, event; and the paraphrase
threshold of the template reading) on one half of the dev items (even positions) and reports the
other half (odd), then the reverse, and prints both folds and their mean — for FOLIO premises →
conclusion and for the mean balanced accuracy over the perturbation variants (``evaluation.perturb.HELD_OUT``,
a second synonym table, is left out of the choice and reported beside it).

``--perturb`` checks the methods on the variants of ``evaluation.perturb`` (HaluEval dev rewritten:
right answers as sentences, wrong ones as bare phrases, a number changed, a negation inserted, an
entity swapped, a paraphrase, an added clause, a word made its WordNet antonym or a sister term, a paraphrase
from a second synonym table) and prints, per variant and method, P/R/F1, balanced
accuracy, how many claims were proved / refuted / unknown, the share of wrong answers refuted and of
right answers proved, then each method's minimum balanced
accuracy across the variants and the original HaluEval. Issue 9's targets: every variant ≥ 0.85
for offline, offline's minimum ≥ lexical's + 0.10.

``--entailment`` reads ``benchmarks/halueval_entailment.jsonl``: for the first 80 HaluEval dev items, whether
the knowledge text alone entails the claim the right answer makes with the question ("yes" / "partial" / "no")
and whether it contradicts the hallucinated answer's claim. The judgments were written by a helper agent told to
use only the text (strict: a comparison needs both values; a bridge step only world knowledge gives is "no"), and
read by hand in part (session 24). It prints, per method, the right answers proved / refuted / unknown by
judgment, the hallucinated ones refuted / proved / unknown by judgment, and the ceiling of a checker that proves
only what the text entails and flags every other answer: balanced accuracy (entailed share + 1) / 2.

``--probes`` reads ``benchmarks/verification_probes.jsonl``: 137 hand-written chunk → claim pairs, each marked whether
the chunk entails the claim, that try to break a reading — a list inside a phrase, a relative clause after a name or
after a verb's prepositional phrase, a hedge ("allegedly"), a contrast ("older than A but younger than B"), an
apposition, a participle after a comma, roles swapped, a fronted phrase before a comma, a described individual ("the
company that bought Aixam") and its negated or swapped forms; 24 of them give a question and a bare, yes/no or sentence
answer, so the claim is the one the answer makes with the question. They were written in session 35 while the readings
they test were fixed, so they are a regression table, not unseen data. It prints, per method, the entailed claims
proved and the others proved (each of those is an unsound proof).

Prints, as Markdown tables: Prover9 accuracy on FOLIO (target ≥ 0.90 on the items that parse,
p50 < 50 ms per decision); for each method and data set accuracy, balanced accuracy, precision,
recall of hallucinations, F1, the undecided share, the confusion matrix, p50 per check and the
failure kinds with one example each. Targets for the offline method: HaluEval F1 ≥ 0.92 with
precision ≥ 0.97; FOLIO balanced accuracy ≥ 0.65. The LLM methods (fol, fol-no-grouping,
baseline) run only when GRAPHPROOF_LLM is set.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from graphproof.evaluation.hallucination import HallucinationEvaluation, evaluate_method
from graphproof.evaluation.hallucination_data import load_cases
from graphproof.evaluation.prover import evaluate_prover

from benchmarks._common import data_file, print_table
from graphproof.components import make_verifier
from graphproof.settings import load_settings

TARGETS: dict[tuple[str, str], list[tuple[str, float]]] = {
    ("offline", "halueval"): [("f1", 0.92), ("precision", 0.97)],
    ("offline", "folio"): [("balanced_accuracy", 0.65)],
}


def prover_rows() -> tuple[list[tuple[str, str, str, str]], dict[str, Any]]:
    result = evaluate_prover(data_file("folio", "folio_dev.jsonl"))
    rows = [
        ("items / parsed", f"{result.total} / {result.parsed}", "-", "-"),
        ("accuracy (parsed)", f"{result.accuracy:.3f}", "≥ 0.90", "yes" if result.accuracy >= 0.9 else "NO"),
        ("p50 ms per decision", f"{result.p50_ms:.1f}", "< 50", "yes" if result.p50_ms < 50 else "NO"),
        ("repaired by the normaliser", str(sum(1 for r in result.results if r.fixes)), "-", "-"),
    ]
    return rows, result.as_dict()


def hallucination_rows(result: HallucinationEvaluation) -> list[tuple[str, str, str, str]]:
    s = result.scores.as_dict()
    targets = dict(TARGETS.get((result.method, result.data), []))
    rows = []
    for key in ("accuracy", "balanced_accuracy", "precision", "recall", "f1", "undecided"):
        target = targets.get(key)
        verdict = "-" if target is None else ("yes" if s[key] >= target else "NO")
        rows.append((key, f"{s[key]:.3f}", f"≥ {target}" if target is not None else "-", verdict))
    c = result.scores.confusion
    rows.append(("confusion tp / fp / fn / tn", f"{c.tp} / {c.fp} / {c.fn} / {c.tn}", "-", "-"))
    rows.append(("p50 ms per check", f"{result.p50_ms:.1f}", "-", "-"))
    for kind, examples in result.failure_kinds.items():
        example = examples[0]
        rows.append((f"failure: {kind}", str(len(examples)), "-", f"e.g. {example['answer'][:60]!r}"))
    return rows


def perturbation_table(methods: list[str], settings: object, limit: int | None) -> dict[str, Any]:
    """The ``--perturb`` table (module docstring); returns the figures."""
    from collections import Counter

    from graphproof.evaluation.hallucination_data import load_halueval
    from graphproof.evaluation.perturb import VARIANTS, perturbed_cases

    path = data_file("halueval", "qa_dev.jsonl")
    sets = perturbed_cases(path)
    variants: dict[str, tuple[list[Any], int]] = {"original": (load_halueval(path)[:limit], 0)}
    variants |= {v: (list(sets[v].cases)[:limit], sets[v].dropped) for v in VARIANTS}
    print("\n### Perturbation benchmark (HaluEval dev)\n")
    print("| variant | cases | dropped | method | P | R | F1 | balanced acc. | proved / refuted / unknown claims | "
          "wrong answers refuted | right answers proved |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---|---:|---:|")
    out: dict[str, Any] = {}
    minimum: dict[str, float] = {}
    for method in methods:
        checker = make_verifier(method, settings)  # type: ignore[arg-type]
        for variant, (cases, dropped) in variants.items():
            result = evaluate_method(checker, cases, variant)
            sc = result.scores
            counts = Counter(c.status for o in result.outcomes if o.report for c in o.report.claims)
            statuses = result.status_confusion()
            wrong, right = statuses["hallucinated"], statuses["grounded"]
            refuted = wrong["refuted"] / max(sum(wrong.values()), 1)
            proved = right["proved"] / max(sum(right.values()), 1)
            print(
                f"| {variant} | {len(cases)} | {dropped} | {method} | {sc.precision:.3f} | {sc.recall:.3f} | "
                f"{sc.f1:.3f} | {sc.balanced_accuracy:.3f} | "
                f"{counts['proved']} / {counts['refuted']} / {counts['unknown']} | {refuted:.3f} | {proved:.3f} |"
            )
            out[f"{method}/{variant}"] = {**sc.as_dict(), "claims": dict(counts), "cases": len(cases),
                                          "statuses": statuses}  # fmt: skip
            minimum[method] = min(minimum.get(method, 1.0), sc.balanced_accuracy)
    print("\n| method | minimum balanced accuracy across variants |\n|---|---:|")
    for method, value in minimum.items():
        print(f"| {method} | {value:.3f} |")
    out["minimum"] = minimum
    return out


ENTAILMENT = Path(__file__).with_name("halueval_entailment.jsonl")
ENTAILED = ("yes", "partial", "no")


def entailment_table(methods: list[str], settings: object) -> dict[str, Any]:
    """The ``--entailment`` table (module docstring); returns the figures."""
    from collections import Counter

    from graphproof.evaluation.hallucination_data import load_halueval

    judged = [json.loads(line) for line in ENTAILMENT.read_text(encoding="utf-8").splitlines() if line.strip()]
    cases = load_halueval(data_file("halueval", "qa_dev.jsonl"))
    pairs = []
    for judgment in judged:
        right, wrong = cases[2 * judgment["index"]], cases[2 * judgment["index"] + 1]
        if right.question != judgment["question"]:
            raise SystemExit(f"{ENTAILMENT}: item {judgment['index']} is not {judgment['question']!r} in the data")
        pairs.append((judgment, right, wrong))
    entailed = sum(j["right_entailed"] == "yes" for j, _, _ in pairs) / len(pairs)
    print(f"\n### HaluEval dev, first {len(pairs)} items, by what the knowledge text entails\n")
    print(f"Right answers the text entails: {entailed:.3f}; a checker that proves only what the text entails and "
          f"flags every other answer reaches balanced accuracy at most {(entailed + 1) / 2:.3f}.\n")  # fmt: skip
    print("| method | answers | judgment | cases | proved | refuted | unknown |")
    print("|---|---|---|---:|---:|---:|---:|")
    out: dict[str, Any] = {"entailed_share": entailed, "ceiling": (entailed + 1) / 2}
    for method in methods:
        checker = make_verifier(method, settings)  # type: ignore[arg-type]
        right = evaluate_method(checker, [r for _, r, _ in pairs], "entailment-right").outcomes
        wrong = evaluate_method(checker, [w for _, _, w in pairs], "entailment-wrong").outcomes
        groups = [("right", f"entailed: {label}", [o for (j, _, _), o in zip(pairs, right, strict=True)
                                                    if j["right_entailed"] == label]) for label in ENTAILED]
        groups += [("hallucinated", f"contradicted: {label}", [o for (j, _, _), o in zip(pairs, wrong, strict=True)
                                                               if j["hallucinated_contradicted"] == label])
                   for label in ("yes", "no")]  # fmt: skip
        for answers, label, outcomes in groups:
            counts = Counter(o.status for o in outcomes)
            print(f"| {method} | {answers} | {label} | {len(outcomes)} | {counts['proved']} | {counts['refuted']} | "
                  f"{counts['unknown'] + counts['undecided']} |")  # fmt: skip
            out[f"{method}/{answers}/{label}"] = {"cases": len(outcomes), **counts}
    return out


PROBES = Path(__file__).with_name("verification_probes.jsonl")


def probe_cases(path: Path = PROBES) -> list[Any]:
    """The ``--probes`` pairs as grounding cases (the chunk is the one passage; a probe with a question checks the
    claim its answer makes with it)."""
    from graphproof.evaluation.hallucination_data import GroundingCase
    from graphproof.verification.grounding import Passage

    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        record = json.loads(line)
        if not {"chunk", "claim", "entailed"} <= record.keys() or not isinstance(record["entailed"], bool):
            raise SystemExit(f"{path}:{number}: expected chunk, claim and a true/false entailed")
        question = record.get("question", "")
        if not isinstance(question, str):
            raise SystemExit(f"{path}:{number}: expected the question as a string")
        cases.append(GroundingCase(f"probe-{number}", question, (Passage(f"probe-{number}", record["chunk"]),),
                                   record["claim"], not record["entailed"]))  # fmt: skip
    return cases


def probe_table(methods: list[str], settings: object) -> dict[str, Any]:
    """The ``--probes`` table (module docstring); returns the figures."""
    cases = probe_cases()
    entailed = [c for c in cases if not c.hallucinated]
    print(f"\n### Hand-written reading probes ({len(cases)} pairs, {len(entailed)} entailed)\n")
    print("| method | entailed claims proved | other claims proved (unsound) | balanced accuracy |")
    print("|---|---:|---:|---:|")
    out: dict[str, Any] = {}
    for method in methods:
        checker = make_verifier(method, settings)  # type: ignore[arg-type]
        outcomes = evaluate_method(checker, cases, "probes").outcomes
        right = sum(o.status == "proved" for o in outcomes if not o.case.hallucinated)
        wrong = [o.case.answer for o in outcomes if o.case.hallucinated and o.status == "proved"]
        accuracy = _balanced_accuracy(list(outcomes))
        print(f"| {method} | {right} / {len(entailed)} | {len(wrong)} / {len(cases) - len(entailed)} | "
              f"{accuracy:.3f} |")  # fmt: skip
        out[method] = {"entailed_proved": right, "unsound": wrong, "balanced_accuracy": accuracy}
    return out


FOLIO_GRID = [
    {"constant_threshold": c, "predicate_threshold": p, "event_threshold": e}
    for c in (0.8, 0.85, 0.9)
    for p in (0.85, 0.9, 0.95)
    for e in (0.75, 0.8, 0.85)
]
PARAPHRASE_GRID = [{"paraphrase_threshold": t} for t in (0.85, 0.9, 0.93, 0.95, 0.97)]  # cosines of runs in context


def _balanced_accuracy(outcomes: list[Any]) -> float:
    from graphproof.evaluation.hallucination_metrics import scores

    return scores([o.case.hallucinated for o in outcomes], [o.flagged for o in outcomes]).balanced_accuracy


def _fold_scores(outcomes: list[Any], fold: int) -> float:
    """Balanced accuracy of the outcomes of one fold: even (0) or odd (1) positions."""
    return _balanced_accuracy([o for i, o in enumerate(outcomes) if i % 2 == fold])


def _two_folds(title: str, runs: list[tuple[dict[str, float], list[Any]]]) -> dict[str, Any]:
    """Choose on one fold, report the other, both ways; ``runs`` = (setting, outcomes in dev order)."""
    print(f"\n### {title}: 2 folds (tune on one half, report the other)\n")
    print("| reported fold | setting chosen on the other fold | BA on tuning fold | BA on reported fold |")
    print("|---|---|---:|---:|")
    reported = []
    for fold in (0, 1):
        tune = 1 - fold
        setting, outcomes = max(runs, key=lambda run: _fold_scores(run[1], tune))
        on_tune, on_report = _fold_scores(outcomes, tune), _fold_scores(outcomes, fold)
        reported.append(on_report)
        name = "even" if fold == 0 else "odd"
        print(f"| {name} | {setting} | {on_tune:.3f} | {on_report:.3f} |")
    mean = sum(reported) / 2
    print(f"| **mean** | | | **{mean:.3f}** |")
    return {"folds": reported, "mean": mean}


def mean_ba(outcomes: dict[str, list[Any]], fold: int) -> float:
    """Mean over the variants of the balanced accuracy on one fold of item pairs (a right and a wrong answer
    to one item come as a pair, and a pair stays in one fold)."""
    folds = ([o for i, o in enumerate(found) if (i // 2) % 2 == fold] for found in outcomes.values())
    values = [_balanced_accuracy(fold_outcomes) for fold_outcomes in folds]
    return sum(values) / len(values)


def fold_tables(settings: Any) -> dict[str, Any]:
    """The ``--folds 2`` tables (module docstring)."""
    from graphproof.evaluation.hallucination_data import load_folio_cases
    from graphproof.evaluation.perturb import HELD_OUT, VARIANTS, perturbed_cases
    from graphproof.verification.offline import OfflineVerifier
    from graphproof.verification.wordnet import load_wordnet

    from graphproof.components import make_embedder

    embedder = make_embedder(settings)
    wordnet = load_wordnet(Path(settings.wordnet_dir))
    synonyms = wordnet.synonyms if wordnet else None
    antonyms = wordnet.antonyms if wordnet else None
    hypernyms = wordnet.is_a if wordnet else None
    out: dict[str, Any] = {}
    folio = load_folio_cases(data_file("folio", "folio_dev.jsonl"))
    runs = []
    for setting in FOLIO_GRID:
        checker = OfflineVerifier(
            embedder, synonyms=synonyms, antonyms=antonyms, hypernyms=hypernyms, **setting  # type: ignore[arg-type]
        )
        runs.append((setting, list(evaluate_method(checker, folio, "folio").outcomes)))
    out["folio"] = _two_folds("FOLIO premises → conclusion, offline", runs)
    sets = perturbed_cases(data_file("halueval", "qa_dev.jsonl"))
    by_variant = {v: list(sets[v].cases) for v in VARIANTS if v not in HELD_OUT}
    per_setting: list[tuple[dict[str, float], dict[str, list[Any]], dict[str, list[Any]]]] = []
    for setting in PARAPHRASE_GRID:
        checker = OfflineVerifier(embedder, synonyms=synonyms, antonyms=antonyms, hypernyms=hypernyms, **setting)
        tuned = {v: list(evaluate_method(checker, c, v).outcomes) for v, c in by_variant.items()}
        held = {v: list(evaluate_method(checker, list(sets[v].cases), v).outcomes) for v in HELD_OUT}
        per_setting.append((setting, tuned, held))
    print("\n### Perturbation variants, offline: 2 folds of the item pairs (mean balanced accuracy over variants)\n")
    print(f"Held out from the choice: {', '.join(HELD_OUT)} (balanced accuracy on the reported fold, last columns).\n")
    print("| reported fold | setting chosen on the other fold | mean BA on tuning fold | mean BA on reported fold | "
          + " | ".join(f"{v} BA" for v in HELD_OUT) + " |")  # fmt: skip
    print("|---|---|---:|---:|" + "---:|" * len(HELD_OUT))
    reported, held_out = [], []
    for fold in (0, 1):
        setting, outcomes, held = max(per_setting, key=lambda run: mean_ba(run[1], 1 - fold))
        reported.append(mean_ba(outcomes, fold))
        held_out.append([mean_ba({v: held[v]}, fold) for v in HELD_OUT])
        print(f"| {'even' if fold == 0 else 'odd'} pairs | {setting} | {mean_ba(outcomes, 1 - fold):.3f} | "
              f"{reported[-1]:.3f} | " + " | ".join(f"{x:.3f}" for x in held_out[-1]) + " |")  # fmt: skip
    means = [sum(fold[i] for fold in held_out) / 2 for i in range(len(HELD_OUT))]
    print(f"| **mean** | | | **{sum(reported) / 2:.3f}** | " + " | ".join(f"**{x:.3f}**" for x in means) + " |")
    out["perturb"] = {"folds": reported, "mean": sum(reported) / 2, "held_out": dict(zip(HELD_OUT, means, strict=True))}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--methods", default="offline,lexical", help="Comma-separated grounding methods.")
    parser.add_argument("--limit", type=int, default=None, help="Only the first N cases of each data set.")
    parser.add_argument("--json", action="store_true", help="Print one JSON document instead of tables.")
    parser.add_argument("--perturb", action="store_true", help="Only the perturbation benchmark (see above).")
    parser.add_argument("--folds", type=int, choices=[2], default=None, help="Only the 2-fold tables (see above).")
    parser.add_argument("--entailment", action="store_true", help="Only the entailment-judged table (see above).")
    parser.add_argument("--probes", action="store_true", help="Only the hand-written reading probes (see above).")
    args = parser.parse_args()
    settings = load_settings()
    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    if not settings.llm:
        skipped = [m for m in methods if m in ("fol", "fol-no-grouping", "baseline")]
        methods = [m for m in methods if m not in skipped]
        for method in skipped:
            print(f"skipping {method}: it needs an LLM (set GRAPHPROOF_LLM)", file=sys.stderr)
    out: dict[str, Any] = {}
    if args.folds:
        fold_tables(settings)
        return
    if args.perturb:
        perturbation_table(methods, settings, args.limit)
        return
    if args.entailment:
        entailment_table(methods, settings)
        return
    if args.probes:
        probe_table(methods, settings)
        return
    rows, out["prover"] = prover_rows()
    if not args.json:
        print_table("Prover9 on FOLIO gold FOL", rows)
    data = {"halueval": data_file("halueval", "qa_dev.jsonl"), "folio": data_file("folio", "folio_dev.jsonl")}
    for method in methods:
        checker = make_verifier(method, settings)
        for name, path in data.items():
            cases = load_cases(path, name)[: args.limit]
            result = evaluate_method(checker, cases, name)
            out[f"{method}/{name}"] = result.as_dict(examples=1)
            if not args.json:
                print_table(f"{method} on {name} ({len(cases)} cases)", hallucination_rows(result))
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
