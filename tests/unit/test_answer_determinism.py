"""The extractive answer is the same in every process: its unit scores do not depend on set iteration order.

Python salts string hashes per process (``PYTHONHASHSEED``), so two equal sets of question terms can iterate in
different orders, and a float sum over them can differ in its last bit; two sentences that cover the same terms then
tied one way in one process and the other way in the next (the real-document IJG answer flipped from run to run on
one unchanged store). The child below answers one question over such a tie under twelve hash seeds.
"""

from __future__ import annotations

import os
import subprocess
import sys

CHILD = r"""
import tempfile
from pathlib import Path
from graphproof.graph.model import Chunk, Document, Hit
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.answer import extractive_answer
from graphproof.reasoning.retriever import Retrieval
WORDS = "alpha beta gamma delta epsilon zeta eta theta iota kappa".split()
# one sentence covers the terms itself, the other through its document's title: equal sets, built differently
TEXT = "The software is here. " + " ".join([WORDS[0].capitalize(), *WORDS[1:]]) + " software."
with tempfile.TemporaryDirectory() as folder:
    store = SQLiteStore(Path(folder) / "g.db")
    store.init()
    store.upsert_documents([Document("doc", "docs/a.txt", title=" ".join(WORDS), hash="h")]
                           + [Document(f"o{i}", f"docs/o{i}.txt", hash=f"h{i}") for i in range(10)])
    others = [" ".join(["filler", *WORDS[: i + 1]]) for i in range(10)]  # each term gets its own idf
    store.upsert_chunks([Chunk("doc#0", "doc", 0, TEXT, "c")]
                        + [Chunk(f"o{i}#0", f"o{i}", 0, text, f"c{i}") for i, text in enumerate(others)])
    hits = [Hit(c, 1.0) for c in store.chunks(["doc#0"])]
    print(extractive_answer(store, Retrieval("bm25", " ".join(WORDS) + " software?", hits), sentences=1).text)
    store.close()
"""


def test_the_extractive_answer_does_not_depend_on_the_hash_seed() -> None:
    answers = set()
    for seed in range(1, 13):
        env = {**os.environ, "PYTHONHASHSEED": str(seed)}
        done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        answers.add(done.stdout.strip())
    assert len(answers) == 1, answers
