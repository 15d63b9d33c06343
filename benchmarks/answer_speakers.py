"""Extractive answers on LiHua-World questions that name a chat participant, with the name rewritten.

    python -m benchmarks.answer_speakers [--out DIR] [--full-year]

The extractive answer prefers the messages of the participant a question names (``reasoning.answer``:
``SPEAKER_WEIGHT``, ``text.chat.named_speaker``). This tries to break that rule. Every single-evidence dev question
(Jan-Jun by default) that names a participant of its gold conversation is asked three ways with hybrid-rrf:

- ``original``: as written;
- ``name_form``: the name written another way: a handle as words ("LiHua" -> "Li Hua", "JakeWatson" -> "Jake
  Watson") and words or a first name as the handle ("Li Hua", "Jake" -> "LiHua", "JakeWatson");
- ``speaker_swapped``: the name replaced by another participant of the same conversation (the first other one in
  its ``speakers`` list), written as words.

For each it prints the share of answers that hold the reference's key terms (``evaluation.answer_metrics.key_terms``;
not meaningful after a swap, which changes what is asked) and the share whose first quoted message was written by
the participant the question now names. A rule that reads who is asked about keeps both figures under
``name_form`` and follows the new name under ``speaker_swapped``; one keyed to a surface form of the names does not.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from graphproof.evaluation.answer_metrics import key_terms
from graphproof.evaluation.retrieval import QAItem, lihua_store, load_questions
from graphproof.loaders.sources import read_sources
from graphproof.loaders.types import SourceDocument
from graphproof.text.chat import humanise, name_forms, named_speaker, speaker_handles

from benchmarks._common import data_file
from graphproof.components import make_embedder, make_rag
from graphproof.settings import load_settings

VARIANTS = ("original", "name_form", "speaker_swapped")


def name_in(question: str, handle: str) -> re.Match[str] | None:
    """Where ``question`` names ``handle``: the handle, its words, or its first word (whole words, any case)."""
    forms = name_forms(handle)
    return re.search(rf"\b(?:{'|'.join(re.escape(f) for f in forms)})(?=\W|$)", question, re.IGNORECASE)


def rewritten(question: str, handle: str, variant: str, others: list[str]) -> tuple[str, str] | None:
    """``(question, the handle it now names)`` for ``variant``, or None when it cannot be made."""
    found = name_in(question, handle)
    if found is None:
        return None
    if variant == "original":
        return question, handle
    if variant == "name_form":
        written = found.group()
        other = humanise(handle) if written.casefold() == handle.casefold() else handle
        if other.casefold() == written.casefold():
            return None
        return question[: found.start()] + other + question[found.end() :], handle
    swap = next((o for o in others if o != handle), None)
    if swap is None:
        return None
    return question[: found.start()] + humanise(swap) + question[found.end() :], swap


def naming_questions(zip_path: Path, questions: list[QAItem]) -> list[tuple[QAItem, str, list[str]]]:
    """``(question, the participant it names, the participants of its gold conversations)`` for every
    single-evidence question of ``questions`` that names a participant of its gold conversation."""
    speakers: dict[str, list[str]] = {}
    for item in read_sources([zip_path], "chat"):
        if isinstance(item, SourceDocument) and item.metadata.get("time"):
            speakers[str(item.metadata["time"])] = speaker_handles(str(item.metadata.get("speakers", "")))
    cases = []
    for question in questions:
        handles = [h for t in question.times for h in speakers.get(t, [])]
        handle = named_speaker(question.question, handles) if question.type == "Single" else None
        if handle is not None:
            cases.append((question, handle, list(dict.fromkeys(handles))))
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(".graphproof") / "eval", help="Where evaluation stores live.")
    parser.add_argument("--full-year", action="store_true", help="All dev questions (Jan-Jun by default).")
    args = parser.parse_args()
    half = not args.full_year
    zip_path, qa = data_file("lihua-world", "LiHuaWorld.zip"), data_file("lihua-world", "qa_dev.json")
    settings = load_settings()
    embedder = make_embedder(settings)
    store = lihua_store(zip_path.parent, half, args.out, embedder)
    rag = make_rag(store, settings, use_llm=False, embedder=embedder)
    cases = naming_questions(zip_path, load_questions(qa, half))
    print(f"\n### Answers to questions that name a participant ({len(cases)} single-evidence questions, "
          f"{'Jan-Jun' if half else 'full year'}, hybrid-rrf)\n")  # fmt: skip
    print("| variant | questions | key terms in the answer | first message by the named participant |")
    print("|---|---:|---:|---:|")
    with store:
        for variant in VARIANTS:
            asked = terms = by_named = 0
            for question, handle, others in cases:
                made = rewritten(question.question, handle, variant, others)
                if made is None:
                    continue
                text, named = made
                answer = rag.ask(text, method="hybrid-rrf", k=5).answer
                asked += 1
                terms += key_terms(answer.text, question.answer) > 0
                first = answer.evidence[0][1] if answer.evidence else ""
                by_named += bool(re.match(rf"\[[^\]]*\]\s*{re.escape(named)}:", first))
            n = max(asked, 1)
            print(f"| {variant} | {asked} | {terms / n:.3f} | {by_named / n:.3f} |")


if __name__ == "__main__":
    main()
