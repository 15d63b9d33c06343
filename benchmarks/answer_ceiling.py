"""What an extractive answer can reach on LiHua-World: how often the gold conversation states the reference.

    python -m benchmarks.answer_ceiling

For each single-evidence dev question (Jan-Jun, then the full year) the conversations its evidence names
are read from ``../shared/data/lihua-world/LiHuaWorld.zip`` and compared with the reference answer by
``evaluation.answer_metrics.key_terms`` (every content term of the reference occurs): the share of
questions whose gold conversations hold all the key terms, and whose single message (quoted as
``[time] Handle: message``, as the extractive answer quotes it) does — the ceiling of an answer that quotes
one message (issue 13's key-terms measure).
"""

from __future__ import annotations

from graphproof.evaluation.answer_metrics import key_terms
from graphproof.evaluation.retrieval import load_questions
from graphproof.loaders.sources import read_sources
from graphproof.loaders.types import SourceDocument
from graphproof.text.chat import chat_messages, speaker_handles

from benchmarks._common import data_file, print_table


def main() -> None:
    zip_path, qa = data_file("lihua-world", "LiHuaWorld.zip"), data_file("lihua-world", "qa_dev.json")
    chats: dict[str, SourceDocument] = {}
    for item in read_sources([zip_path], "chat"):
        if isinstance(item, SourceDocument) and item.metadata.get("time"):
            chats[str(item.metadata["time"])] = item
    for half, label in ((True, "Jan-Jun"), (False, "full year")):
        single = [q for q in load_questions(qa, half) if q.type == "Single"]
        whole = line = missing = 0
        for question in single:
            found = [chats[t] for t in question.times if t in chats]
            missing += len(found) < len(question.times)
            whole += bool(found) and key_terms("\n".join(c.text for c in found), question.answer)
            messages = [  # as the extractive answer quotes them: "[time] Handle: message"
                f"[{c.metadata.get('time', '')}] {m.handle or ''}: {m.body}"
                for c in found for m in chat_messages(c.text, speaker_handles(str(c.metadata.get("speakers", ""))))
            ]  # fmt: skip
            line += any(key_terms(m, question.answer) for m in messages)
        n = max(len(single), 1)
        print_table(f"LiHua-World {label}: single-evidence questions whose gold conversation states the reference", [
            ("questions", str(len(single)), "-", "-"),
            ("… whose evidence names a conversation not in the archive", str(missing), "-", "-"),
            ("gold conversations hold every key term of the reference", f"{whole / n:.3f}", "-", "-"),
            ("one message of them does (the one-message ceiling)", f"{line / n:.3f}", "-", "-"),
        ])  # fmt: skip


if __name__ == "__main__":
    main()
