"""Self-evaluation of first reasoning paths: is the answer they give likely wrong, and why.

The seed paper ("Research on improving KGQA efficiency using self-enhancement of reasoning paths")
checks ``path_1st = path_LLM + path_GNN`` twice before answering:

- **eval₁** — the chat model answers the question from the paths (one-shot prompt), then judges
  whether that answer is right;
- **eval₂** — the chat model rewrites the paths as sentences (zero-shot) and judges whether they
  contain what the question needs.

If either says *no*, outside text is brought in (``graphproof.enrichment``). Replies are read strictly:
the verdict is the first word, ``yes`` or ``no``, and the rest of the reply is kept as the reason; any
other first word is an ``LLMJudgeReplyError`` naming the reply.

Without a chat model, ``path_check`` is a labelled deterministic check over the GNN's output
(each test is reported separately, so a benchmark can count what each one catches, as the paper's
Table 2 does):

- ``low_probability`` — the probability mass of the answer set P = Σ pᵢ over the predicted answers
  < ``min_probability`` (a question with several right answers spreads the mass over them, so the top
  answer's own p₁ would flag it);
- ``small_margin`` — p₁ − p₂ < ``min_margin`` when the GNN gives one answer and p₂ is the next entity's
  probability (the model hesitates between two candidates); with several answers the set itself is the
  answer, so there is no margin to test and the check passes;
- ``no_path`` — no reasoning path links a topic entity to the answer;
- ``relation_mismatch`` — with q the question without its topic entities' names ("which films did
  [Walter Lang] direct" → "which films did direct": the name says nothing about the relation asked) and
  s(x) = cos(embed(q), embed(x)), the best s over the relation words of the answer's paths
  (``"directed_by"`` → "directed by"; a 2-hop path's two relations read together) is s_path. The check
  fails when s_path < ``min_relation_similarity``, or — given the graph's relation types ``T`` (for the
  GNN, the ones it was trained on) — when the relation the question reads most like is not on the
  answer's paths by more than ``max_relation_gap``:  max_{t ∈ T} s(t) − s_path > ``max_relation_gap``.
  The relative test is what catches an answer reached through the wrong relation (the director asked
  for, the writer's edge followed) where the absolute similarity of short relation names to a question
  is low for right and wrong answers alike.

Without a GNN, ``retrieval_check`` runs the two tests that need no answer probabilities over the
retrieval's weighted paths: ``no_path`` (no path starts at an entity the question names, ``names_entity``:
not a seed that one of its common words happens to match) and
``relation_mismatch`` (over the relations of those paths, with the question without the names it links, and
the relative test against the graph's relation types when they are given; ``related_to`` edges say nothing
about the relation asked, so they never pass it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from graphproof.graph.model import RELATED_TO, Path, predicate_words
from graphproof.loaders.llm_reply import reply_text, shown
from graphproof.reasoning.errors import ReasoningError

if TYPE_CHECKING:
    from graphproof.reasoning.gnn.reason import GnnAnswer
    from graphproof.reasoning.retriever import Retrieval
    from langchain_core.language_models import BaseChatModel
    from numpy.typing import NDArray

CHECKS = ("low_probability", "small_margin", "no_path", "relation_mismatch")
_VERDICT = re.compile(r"^\W*(yes|no)\b[\s.,:;!-]*(.*)$", re.IGNORECASE | re.DOTALL)

ANSWER_SYSTEM = (
    "You answer questions from knowledge-graph reasoning paths only. Each path is written "
    "'Entity → relation → Entity' (an arrow ← means the edge points the other way). Reply with the answer "
    "entities only, separated by ' | '.\n\nExample\nQuestion: who directed the films written by Ed Wood?\n"
    "Paths:\n- Glen or Glenda → written_by → Ed Wood\n- Glen or Glenda → directed_by → Ed Wood\n"
    "Answer: Ed Wood"
)
JUDGE_ANSWER = (
    "Question: {question}\nReasoning paths:\n{paths}\nAnswer given from these paths: {answer}\n\n"
    "Is this answer right for the question? Reply 'yes' or 'no' as the first word, then one sentence why."
)
VERBALISE = (
    "Rewrite each knowledge-graph path below as one plain English sentence, one per line, adding nothing "
    "the path does not say. An arrow ← means the edge points the other way.\n\nPaths:\n{paths}"
)
JUDGE_SENTENCES = (
    "Question: {question}\nFacts:\n{sentences}\n\nDo these facts contain everything needed to answer the "
    "question? Reply 'yes' or 'no' as the first word, then one sentence why."
)


class LLMJudgeReplyError(ReasoningError):
    """A self-evaluation reply did not start with 'yes' or 'no'."""


@dataclass(frozen=True)
class Judgement:
    """One yes/no judgement: ``ok`` is the verdict (True = the paths are fine), ``reason`` the rest of the reply."""

    check: str
    ok: bool
    reason: str
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SelfEvaluation:
    """The judgements of one question; ``passed`` only when every one of them is ok."""

    judgements: tuple[Judgement, ...]
    method: str  # "llm", "paths" (the GNN's) or "retrieval paths"

    @property
    def passed(self) -> bool:
        return all(j.ok for j in self.judgements)

    @property
    def failed_checks(self) -> list[str]:
        return [j.check for j in self.judgements if not j.ok]

    def as_dict(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "passed": self.passed,
            "judgements": [{"check": j.check, "ok": j.ok, "reason": j.reason, **j.detail} for j in self.judgements],
        }


def parse_verdict(reply: str, what: str) -> tuple[bool, str]:
    """``(True, reason)`` for a reply starting with "yes", ``(False, reason)`` for "no"; else ``LLMJudgeReplyError``."""
    match = _VERDICT.match(reply.strip())
    if match is None:
        raise LLMJudgeReplyError(f"the {what} reply must start with 'yes' or 'no', got {shown(reply)}")
    return match.group(1).casefold() == "yes", " ".join(match.group(2).split())


def _ask(model: BaseChatModel, system: str | None, human: str) -> str:
    from langchain_core.messages import HumanMessage, SystemMessage

    messages = ([SystemMessage(content=system)] if system else []) + [HumanMessage(content=human)]
    return reply_text(model.invoke(messages)).strip()


def _listed(paths: Sequence[str]) -> str:
    return "\n".join(f"- {p}" for p in paths) or "- (no paths)"


def llm_self_evaluation(model: BaseChatModel, question: str, paths: Sequence[str]) -> SelfEvaluation:
    """eval₁ and eval₂ of the module docstring with one chat model; ``paths`` formatted as ``Path.format``."""
    listed = _listed(paths)
    answer = _ask(model, ANSWER_SYSTEM, f"Question: {question}\nPaths:\n{listed}\nAnswer:")
    ok1, why1 = parse_verdict(
        _ask(model, None, JUDGE_ANSWER.format(question=question, paths=listed, answer=answer)), "eval1 (answer) judge"
    )
    sentences = _ask(model, None, VERBALISE.format(paths=listed))
    ok2, why2 = parse_verdict(
        _ask(model, None, JUDGE_SENTENCES.format(question=question, sentences=sentences)), "eval2 (sentences) judge"
    )
    return SelfEvaluation(
        (
            Judgement("eval1_answer", ok1, why1, {"answer": answer}),
            Judgement("eval2_sentences", ok2, why2, {"sentences": sentences}),
        ),
        "llm",
    )


@dataclass(frozen=True)
class PathCheckConfig:
    """Thresholds of ``path_check`` (module docstring); benchmarks choose them on one fold of dev questions."""

    min_probability: float = 0.5
    min_margin: float = 0.1
    min_relation_similarity: float = 0.2
    max_relation_gap: float | None = 0.25  # None: the relative test is left out (chosen by benchmarks.enrichment_gnn)


EmbedFn = Callable[[Sequence[str]], "NDArray[np.float32]"]


def _answer_paths(paths: Sequence[Path], answer_id: str, topic_ids: set[str]) -> list[Path]:
    return [p for p in paths if p.entities[-1].id == answer_id and p.entities[0].id in topic_ids]


def without_names(question: str, names: Sequence[str]) -> str:
    """``question`` with every mention of ``names`` (case-insensitive) and the brackets around them removed; the
    question as written when nothing else would be left."""
    left = question
    for name in sorted({n for n in names if n.strip()}, key=len, reverse=True):
        left = re.sub(rf"\[?{re.escape(name)}\]?", " ", left, flags=re.IGNORECASE)
    return " ".join(left.split()) or question


def _relation_judgement(
    embed: EmbedFn, question: str, relations: Sequence[str], relation_types: Sequence[str], config: PathCheckConfig,
    what: str,
) -> Judgement:  # fmt: skip
    """The ``relation_mismatch`` test (module docstring) of ``question`` (without its names) against the relation
    phrases of the paths (``relations``, not empty), absolute and, given ``relation_types``, relative."""
    types = sorted({predicate_words(t) for t in relation_types}) if config.max_relation_gap is not None else []
    vectors = embed([question, *relations, *types])
    scores = vectors[1:] @ vectors[0]
    at = int(np.argmax(scores[: len(relations)]))
    best, threshold = float(scores[at]), config.min_relation_similarity
    ok = best >= threshold
    reason = f"best question–relation similarity {best:.3f} ({relations[at]!r}; threshold {threshold})"
    detail: dict[str, Any] = {"value": round(best, 6)}
    if types and config.max_relation_gap is not None:
        top = int(np.argmax(scores[len(relations) :]))
        gap = float(scores[len(relations) + top]) - best
        ok = ok and gap <= config.max_relation_gap
        reason += (f"; the question reads most like {types[top]!r} ({best + gap:.3f}), {gap:.3f} above the "
                   f"{what} (at most {config.max_relation_gap})")  # fmt: skip
        detail["gap"] = round(gap, 6)
    return Judgement("relation_mismatch", ok, reason, detail)


def names_entity(question: str, name: str) -> bool:
    """Whether ``question`` names the entity ``name``: its words occur there in a row (case aside), and a one-word
    name is written there capitalised or with a digit. Retrieval also seeds entities a question's common words
    match ("film", "acting", the title "Star!" for "did X star in"); those are not what it asks about."""
    words = re.findall(r"[^\W_]+", name.casefold())
    if not words:
        return False
    for found in re.finditer(r"(?<![^\W_])" + r"[\W_]+".join(map(re.escape, words)) + r"(?![^\W_])", question,
                             re.IGNORECASE):  # fmt: skip
        text = found.group()
        if len(words) > 1 or text[:1].isupper() or any(ch.isdigit() for ch in text):
            return True
    return False


def path_check(
    answer: GnnAnswer,
    embed: EmbedFn | None = None,
    config: PathCheckConfig | None = None,
    relation_types: Sequence[str] = (),
) -> SelfEvaluation:
    """The deterministic self-evaluation of a GNN answer (module docstring); ``embed`` maps texts to unit
    vectors (without it the relation test is left out and says so); ``relation_types`` are the graph's relation
    types for the relative relation test (none: only the absolute one)."""
    config = config or PathCheckConfig()
    judgements: list[Judgement] = []
    if not answer.answers:
        reason = "the GNN gave no answer"
        return SelfEvaluation(tuple(Judgement(c, False, reason) for c in CHECKS), "paths")
    top, p1 = answer.answers[0]
    mass = sum(p for _, p in answer.answers)
    judgements.append(
        Judgement("low_probability", mass >= config.min_probability,
                  f"the {len(answer.answers)} answer(s) have probability {mass:.3f} in all (threshold "
                  f"{config.min_probability})", {"value": round(mass, 6)})
    )  # fmt: skip
    if len(answer.answers) > 1:
        judgements.append(Judgement("small_margin", True, f"{len(answer.answers)} answers: the set is the answer"))
    else:
        p2 = answer.runner_up
        judgements.append(
            Judgement("small_margin", p1 - p2 >= config.min_margin,
                      f"margin over the next candidate {p1 - p2:.3f} (threshold {config.min_margin})",
                      {"value": round(p1 - p2, 6)})
        )  # fmt: skip
    linked = _answer_paths(answer.paths, top.id, {t.id for t in answer.topics})
    judgements.append(
        Judgement("no_path", bool(linked),
                  f"{len(linked)} path(s) link a topic entity to {top.name!r}", {"value": len(linked)})
    )  # fmt: skip
    if embed is None:
        judgements.append(Judgement("relation_mismatch", True, "not checked: no embedder"))
    elif linked:
        relations = sorted({" ".join(predicate_words(r.predicate) for r in p.relations) for p in linked})
        question = without_names(answer.question, [t.name for t in answer.topics])
        judgements.append(_relation_judgement(embed, question, relations, relation_types, config, "answer's relation"))
    else:
        judgements.append(Judgement("relation_mismatch", False, "no path to compare the question's relation with"))
    return SelfEvaluation(tuple(judgements), "paths")


def retrieval_check(
    retrieval: Retrieval, embed: EmbedFn | None = None, config: PathCheckConfig | None = None, top: int = 10,
    relation_types: Sequence[str] = (),
) -> SelfEvaluation:  # fmt: skip
    """The deterministic checks that need no GNN (module docstring), over ``retrieval``'s top paths;
    ``relation_types`` are the graph's relation types for the relative relation test (none: only the absolute
    one)."""
    config = config or PathCheckConfig()
    seeds = {h.item.id for h in retrieval.seeds if names_entity(retrieval.question, h.item.name)}
    linked = [w.path for w in retrieval.paths[:top] if w.path.entities[0].id in seeds]
    judgements = [
        Judgement(
            "no_path", bool(linked), f"{len(linked)} of the top {top} paths start at an entity the question names"
        )
    ]
    stated = sorted(  # a path's relations read together, as path_check reads them: a 2-hop path is not its last hop
        {" ".join(predicate_words(r.predicate) for r in p.relations) for p in linked
         if all(r.predicate != RELATED_TO for r in p.relations)}
    )  # fmt: skip
    if embed is None:
        judgements.append(Judgement("relation_mismatch", True, "not checked: no embedder"))
    elif not stated:
        judgements.append(
            Judgement("relation_mismatch", False, "no path from the question's entities states a relation")
        )
    else:
        question = without_names(retrieval.question, [h.item.name for h in retrieval.seeds])
        judgements.append(_relation_judgement(embed, question, stated, relation_types, config, "paths' relation"))
    return SelfEvaluation(tuple(judgements), "retrieval paths")
