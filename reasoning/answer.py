"""Answers from retrieved evidence: extractive without an LLM, generated with one.

The extractive answer is the evidence sentences (in a chat, whole messages with speaker and time) that
share the most question terms (weighted by their idf in the chunk index), best first; it quotes the
user's own text and never invents. With a LangChain chat model, the answer is generated from the top
chunks and the weighted paths (prompt in ``reasoning/prompts/answer.md``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from typing import TYPE_CHECKING

from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.graph.model import Chunk
from graphproof.graph.store import GraphStore
from graphproof.reasoning.errors import ReasoningError
from graphproof.reasoning.retriever import Retrieval
from graphproof.text.chat import chat_messages, speaker_handles
from graphproof.text.sentences import split_sentences, unwrap

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

OTHER_DOCUMENT = 1.0  # share of the best score a sentence of another document needs to join the answer


@dataclass(frozen=True)
class Answer:
    text: str
    method: str  # "extractive" or "llm"
    evidence: list[tuple[str, str]] = field(default_factory=list)  # (chunk id, sentence or chunk text)

    def to_dict(self) -> dict[str, object]:
        return {"text": self.text, "method": self.method, "evidence": [list(e) for e in self.evidence]}


def extractive_answer(store: GraphStore, retrieval: Retrieval, sentences: int = 3, chunks: int = 5,
                      analyzer: Analyzer | None = None, messages: int = 1) -> Answer:  # fmt: skip
    """The ``sentences`` evidence units (``messages`` when the best is a chat message) from the top
    ``chunks`` that best cover the question's terms.

    A unit is a sentence, or in a chat (a chunk with ``speakers`` metadata) a whole message quoted as
    ``[time] Handle: message`` — who said it and when are part of what a message states ("Who proposed
    …?", "… on 20260507?"); a message is some three sentences long, so a chat answer is one message
    by default, about as long as three sentences. A unit scores the idf of the question terms it contains, divided by
    ``1 + 0.1 · rank`` of its chunk. A unit that asks something (an FAQ's "Is zlib thread-safe?"; in a
    chat, a message with a question in it) comes with the unit after it, which answers it. A unit that
    occurs in several chunks (chunk overlap, quoted messages) is given once. The answer keeps to the
    document of its best unit: a unit of another document joins only when it scores at least
    ``OTHER_DOCUMENT`` times the best — as well as it — (so "Who wrote Git?" is not answered with who
    wrote libffi).
    """
    analyzer = analyzer or default_analyzer()
    terms = analyzer.query_terms(retrieval.question)
    if not terms or not retrieval.chunks:
        return Answer("No evidence was found for this question.", "extractive")
    stats = store.term_stats("chunks", terms)
    idf = {t: math.log(1 + (stats.rows - n + 0.5) / (n + 0.5)) for t, n in stats.df.items()}
    scored: list[tuple[float, int, str, str, str]] = []
    chats = set()
    for rank, hit in enumerate(retrieval.chunks[:chunks]):
        found, chat = answer_units(hit.item), bool(hit.item.metadata.get("speakers"))
        if chat:
            chats.add(hit.item.id)
        for index, unit in enumerate(found):
            covered = set(analyzer.tokens(unit)) & idf.keys()
            if covered:
                score = sum(idf[t] for t in covered) / (1 + 0.1 * rank)
                scored.append((score, rank, hit.item.id, _answered(found, index, chat), hit.item.document_id))
    if not scored:
        return Answer("The retrieved evidence shares no words with the question.", "extractive")
    best: list[tuple[float, int, str, str, str]] = []
    seen: set[str] = set()
    for item in sorted(scored, key=lambda s: (-s[0], s[1])):
        key = " ".join(item[3].casefold().split())
        if key in seen or (best and item[4] != best[0][4] and item[0] < OTHER_DOCUMENT * best[0][0]):
            continue
        seen.add(key)
        best.append(item)
        if len(best) == (messages if best[0][2] in chats else sentences):
            break
    return Answer(" ".join(s[3] for s in best), "extractive", [(s[2], s[3]) for s in best])


def answer_units(chunk: Chunk) -> list[str]:
    """A chunk's units: its chat messages as ``[time] Handle: message`` when it is a chat (``speakers``
    metadata), else its sentences."""
    handles = speaker_handles(str(chunk.metadata.get("speakers", "")))
    if not handles:
        return split_sentences(unwrap(chunk.text).replace("**", ""))
    time = str(chunk.metadata.get("time", "")).strip()
    stamp = f"[{time}] " if time else ""
    return [
        stamp + (f"{m.handle}: " if m.handle else "") + " ".join(m.body.split())
        for m in chat_messages(chunk.text, handles)
    ]


def _answered(found: Sequence[str], index: int, chat: bool = False) -> str:
    """The unit at ``index``; a question in the text (an FAQ's "Is zlib thread-safe?") comes with the
    unit that follows it, which is its answer ("Yes. …"). In a chat, a message that asks anything
    ("Hope you're well. When's a good time to come by? Thanks!") comes with the reply after it."""
    unit = found[index]
    asks = "?" in unit if chat else unit.rstrip().endswith("?")
    if asks and index + 1 < len(found) and not found[index + 1].rstrip().endswith("?"):
        return f"{unit} {found[index + 1]}"
    return unit


def llm_answer(
    model: BaseChatModel, retrieval: Retrieval, chunks: int = 5, paths: int = 10,
    history: Sequence[tuple[str, str]] = (),
) -> Answer:  # fmt: skip
    """An answer generated by ``model`` from the top chunks and paths (and earlier turns); errors name the call."""
    template = (files("graphproof.reasoning") / "prompts" / "answer.md").read_text(encoding="utf-8")
    top = retrieval.chunks[:chunks]
    prompt = template.format(
        question=retrieval.question,
        history="\n".join(f"Q: {q}\nA: {a}" for q, a in history) or "(none)",
        paths="\n".join(f"- {p.format()}" for p in retrieval.paths[:paths]) or "(none)",
        chunks="\n\n".join(f"[{i}] ({h.item.id})\n{h.item.text}" for i, h in enumerate(top, start=1)) or "(none)",
    )
    try:
        reply = model.invoke(prompt)
    except Exception as exc:  # a provider error of any kind: report it with the cause attached
        raise ReasoningError(f"the chat model failed to answer {retrieval.question!r}: {exc}") from exc
    text = reply.content if isinstance(reply.content, str) else str(reply.content)
    return Answer(text.strip(), "llm", [(h.item.id, h.item.text) for h in top])
