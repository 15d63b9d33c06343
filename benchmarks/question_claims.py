"""How much of its question each claim built from a bare answer keeps (``verification.question_claims``).

    python -m benchmarks.question_claims [--show N]

A bare answer is checked as the claims it makes with its question ("Which bzip2 option keeps the input files?" +
"-k" → "-k keeps the input files" and "-k is a bzip2 option"). A claim that leaves out a word of the question says
less than the answer does — "the base is Cheltenham" for "Where is the base of one of the three main British
intelligence agencies?" — and proving it proves the wrong thing. For each set of questions this prints, over the
bare answers (an answer that is a sentence is its own claim), how many got claims, how many got none (then they are
unknown), and how many got claims that together leave out a content word of the question: a word that is no function
word (``text.lexicon.FUNCTION``), no wh-word, no number, and none of "many", "much", "kind", "type", "sort", "name",
"else", "one" (a question's own scaffolding), compared by lemma. A word before the question's clause ("Musician Allie
Goertz wrote a song about Milhouse, who Matt Groening named after who?") counts too, though the builder leaves such a
statement out on purpose: the asker takes it as given. So the count is an upper bound on loss, to be compared between
versions, not a rate of wrong claims.

Sets: HaluEval dev with its right answers and with its hallucinated answers (``../shared/data/halueval``), and the
questions of every real-document set (``benchmarks/realdocs_*.json``) with a made-up name as the answer — those
questions were written for retrieval, never for the claim builder. ``--show N`` prints N HaluEval examples (the
real-document questions are never printed: most of those sets are kept unseen).
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from pathlib import Path

from graphproof.evaluation.hallucination_data import load_halueval
from graphproof.text.lexicon import FUNCTION
from graphproof.verification.english import EnglishTranslator
from graphproof.verification.question_claims import WH, ClaimBuilder
from graphproof.verification.templates import lemma

from benchmarks._common import data_file

SCAFFOLDING = frozenset(("many", "much", "kind", "type", "sort", "name", "names", "else", "one"))
PLACEHOLDER = "Zorblat Quennix"  # a made-up name, in no question
REALDOC_SETS = Path(__file__).parent


def _words(text: str) -> set[str]:
    return {lemma(w.casefold()) for w in re.findall(r"[^\W_]+", text)}


def left_out(builder: ClaimBuilder, question: str, answer: str) -> list[str] | None:
    """The question's content words that no claim built from ``question`` and ``answer`` holds; ``None`` when no
    claim was built. An answer that is a sentence is its own claim and is not counted here (``tally``)."""
    claims = [c for c in builder.claims(question, answer) if c.text]
    if not claims:
        return None
    said = " ".join([c.text for c in claims] + [t for c in claims if c.comparison for t in c.comparison.others])
    asked = {w for w in _words(question) if w not in FUNCTION | WH | SCAFFOLDING and not w.isdigit()}
    return sorted(asked - _words(said))


def tally(pairs: Sequence[tuple[str, str]], show: int = 0) -> dict[str, int]:
    builder = ClaimBuilder(EnglishTranslator())
    counts = {"questions": 0, "built": 0, "none": 0, "leave_out": 0}
    for question, answer in pairs:
        if any(c.source == "answer" for c in builder.claims(question, answer)):
            continue  # a sentence: its claims are what it says, whatever the question asked
        counts["questions"] += 1
        missing = left_out(builder, question, answer)
        if missing is None:
            counts["none"] += 1
            continue
        counts["built"] += 1
        if missing:
            counts["leave_out"] += 1
            if show > 0:
                show -= 1
                claims = [c.text for c in builder.claims(question, answer)]
                print(f"- {question.strip()} + {answer!r} → {claims}; left out: {', '.join(missing)}")
    return counts


def realdoc_questions() -> list[str]:
    out: list[str] = []
    for path in sorted(REALDOC_SETS.glob("realdocs_*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "questions" in data:
            out += [q["question"] for q in data["questions"]]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--show", type=int, default=0, help="Print N HaluEval answers whose claims leave words out.")
    args = parser.parse_args()
    cases = load_halueval(data_file("halueval", "qa_dev.jsonl"))
    sets = {
        "HaluEval dev, right answers": [(c.question, c.answer) for c in cases if not c.hallucinated],
        "HaluEval dev, hallucinated answers": [(c.question, c.answer) for c in cases if c.hallucinated],
        "real-document questions, a made-up name as answer": [(q, PLACEHOLDER) for q in realdoc_questions()],
    }
    rows = []
    for name, pairs in sets.items():
        counts = tally(pairs, args.show if name.startswith("HaluEval") else 0)
        rows.append((name, counts))
    print("\n| questions | bare answers | claims built | none built | claims leave out a question word |")
    print("|---|---:|---:|---:|---:|")
    for name, c in rows:
        print(f"| {name} | {c['questions']} | {c['built']} | {c['none']} | {c['leave_out']} |")


if __name__ == "__main__":
    main()
