"""Self-evaluation of reasoning paths: the LLM's two checks with scripted chat models, and the path checks."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from graphproof.graph.model import Entity, Path, Relation
from graphproof.reasoning.gnn.reason import GnnAnswer
from graphproof.reasoning.self_eval import (
    LLMJudgeReplyError,
    PathCheckConfig,
    llm_self_evaluation,
    parse_verdict,
    path_check,
    without_names,
)
from langchain_core.language_models.fake_chat_models import FakeListChatModel

MOVIE, DIRECTOR, WRITER = (
    Entity("kismet", "Kismet"),
    Entity("w dieterle", "William Dieterle"),
    Entity("e k", "Ed Knoblock"),
)
DIRECTED = Path((MOVIE, DIRECTOR), (Relation("kismet", "w dieterle", "directed_by"),))
WRITTEN = Path((MOVIE, WRITER), (Relation("kismet", "e k", "written_by"),))
QUESTION = "who directed Kismet"


def _answer(answers: list[tuple[Entity, float]], paths: list[Path], runner_up: float = 0.0) -> GnnAnswer:
    return GnnAnswer(QUESTION, [MOVIE], answers, paths, [p.format() for p in paths], [], 1.0, runner_up)


def _embed(texts: Sequence[str]) -> np.ndarray:
    """Unit vectors by a toy rule: 'direct' words along x, 'writ' words along y, anything else along z."""
    rows = [[1.0, 0, 0] if "direct" in t else [0, 1.0, 0] if "writ" in t else [0, 0, 1.0] for t in texts]
    return np.array(rows, dtype=np.float32)


def test_verdicts_are_read_strictly_and_keep_the_reason() -> None:
    assert parse_verdict("Yes. The path states the director.", "judge") == (True, "The path states the director.")
    assert parse_verdict("no - the paths name the writer only", "judge") == (False, "the paths name the writer only")
    for reply in ("Maybe.", "The answer is yes", "", "Yesterday it was"):
        with pytest.raises(LLMJudgeReplyError, match="must start with 'yes' or 'no'"):
            parse_verdict(reply, "eval1 judge")


def test_the_llm_checks_answer_from_paths_then_judge_and_verbalise_then_judge() -> None:
    model = FakeListChatModel(
        responses=["Ed Knoblock", "No, Ed Knoblock wrote Kismet; the question asks for the director.",
                   "Kismet was written by Ed Knoblock.", "no: only the writer is given"]
    )  # fmt: skip
    result = llm_self_evaluation(model, QUESTION, [WRITTEN.format()])
    assert not result.passed and result.method == "llm"
    assert result.failed_checks == ["eval1_answer", "eval2_sentences"]
    first, second = result.judgements
    assert first.detail["answer"] == "Ed Knoblock" and first.reason.startswith("Ed Knoblock wrote Kismet")
    assert (
        second.detail["sentences"] == "Kismet was written by Ed Knoblock."
        and second.reason == "only the writer is given"
    )
    good = FakeListChatModel(responses=["William Dieterle", "Yes.", "Kismet was directed by William Dieterle.", "yes"])
    assert llm_self_evaluation(good, QUESTION, [DIRECTED.format()]).passed
    broken = FakeListChatModel(responses=["William Dieterle", "I think so", "x", "yes"])
    with pytest.raises(LLMJudgeReplyError, match="eval1"):
        llm_self_evaluation(broken, QUESTION, [DIRECTED.format()])


def test_path_checks_pass_a_confident_linked_answer_of_the_asked_relation() -> None:
    result = path_check(_answer([(DIRECTOR, 0.9)], [DIRECTED], runner_up=0.05), _embed)
    assert result.passed, result.as_dict()


def test_an_answer_set_is_judged_by_its_mass_not_its_top_answer() -> None:
    config = PathCheckConfig(min_probability=0.5, min_margin=0.1, min_relation_similarity=0.5)
    both = path_check(_answer([(DIRECTOR, 0.35), (WRITER, 0.35)], [DIRECTED]), _embed, config)
    assert both.passed, both.as_dict()  # two answers of 0.35: the set holds 0.7, no margin between its members
    assert both.judgements[0].detail["value"] == 0.7 and "the set is the answer" in both.judgements[1].reason
    thin = path_check(_answer([(DIRECTOR, 0.2), (WRITER, 0.2)], [DIRECTED]), _embed, config)
    assert thin.failed_checks == ["low_probability"]


def test_each_path_check_catches_its_own_weakness() -> None:
    config = PathCheckConfig(min_probability=0.5, min_margin=0.1, min_relation_similarity=0.5)
    unsure = path_check(_answer([(DIRECTOR, 0.4)], [DIRECTED], runner_up=0.35), _embed, config)
    assert unsure.failed_checks == ["low_probability", "small_margin"]
    unlinked = path_check(_answer([(DIRECTOR, 0.9)], []), _embed, config)
    assert unlinked.failed_checks == ["no_path", "relation_mismatch"]
    wrong_relation = path_check(_answer([(WRITER, 0.9)], [WRITTEN]), _embed, config)
    assert wrong_relation.failed_checks == ["relation_mismatch"]
    assert wrong_relation.as_dict()["judgements"][3]["value"] == 0.0
    nothing = path_check(_answer([], []), _embed, config)
    assert nothing.failed_checks == ["low_probability", "small_margin", "no_path", "relation_mismatch"]
    no_embedder = path_check(_answer([(WRITER, 0.9)], [WRITTEN]), None, config)
    assert no_embedder.passed and "no embedder" in no_embedder.judgements[3].reason


def test_the_retrieval_check_needs_a_stated_relation_from_a_named_entity() -> None:
    from graphproof.graph.model import Hit
    from graphproof.reasoning.paths import WeightedPath
    from graphproof.reasoning.retriever import Retrieval
    from graphproof.reasoning.self_eval import retrieval_check

    cooccur = Path((MOVIE, WRITER), (Relation("kismet", "e k", "related_to"),))
    seeds = [Hit(MOVIE, 1.0)]
    good = Retrieval("edge-bm25", QUESTION, [], [WeightedPath(DIRECTED, 2.0)], seeds)
    assert retrieval_check(good, _embed).passed
    vague = Retrieval("edge-bm25", QUESTION, [], [WeightedPath(cooccur, 2.0)], seeds)
    assert retrieval_check(vague, _embed).failed_checks == ["relation_mismatch"]
    unlinked = Retrieval("edge-bm25", QUESTION, [], [WeightedPath(DIRECTED, 2.0)], [])
    assert retrieval_check(unlinked, _embed).failed_checks == ["no_path", "relation_mismatch"]
    wrong = Retrieval("edge-bm25", QUESTION, [], [WeightedPath(WRITTEN, 2.0)], seeds)
    assert retrieval_check(wrong, _embed, PathCheckConfig(min_relation_similarity=0.5)).failed_checks == [
        "relation_mismatch"
    ]


def _graded_embed(texts: Sequence[str]) -> np.ndarray:
    """A question about directing reads 0.3 like 'directed by', 0.1 like 'written by' (both low in absolute
    terms); a text naming Kismet leans towards 'written by' (so the topic's name must not be embedded)."""
    rows = []
    for t in texts:
        if t == "directed by":
            rows.append([1.0, 0, 0])
        elif t == "written by":
            rows.append([0, 1.0, 0])
        elif "Kismet" in t:
            rows.append([0.1, 0.5, 0.86])
        else:
            rows.append([0.3, 0.1, 0.95])
    vectors = np.array(rows, dtype=np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def test_the_relative_relation_test_flags_an_answer_reached_through_another_relation_type() -> None:
    config = PathCheckConfig(min_probability=0.1, min_margin=0.0, min_relation_similarity=0.0, max_relation_gap=0.1)
    types = ["directed_by", "written_by"]
    through_writer = path_check(_answer([(WRITER, 0.9)], [WRITTEN]), _graded_embed, config, relation_types=types)
    assert through_writer.failed_checks == ["relation_mismatch"]
    judgement = through_writer.judgements[-1]
    assert "reads most like 'directed by'" in judgement.reason and judgement.detail["gap"] > 0.1
    through_director = path_check(_answer([(DIRECTOR, 0.9)], [DIRECTED]), _graded_embed, config, relation_types=types)
    assert through_director.passed and through_director.judgements[-1].detail["gap"] == pytest.approx(0.0, abs=1e-6)
    # without the graph's types, or with the relative test switched off, only the absolute threshold applies
    assert path_check(_answer([(WRITER, 0.9)], [WRITTEN]), _graded_embed, config).passed
    off = PathCheckConfig(0.1, 0.0, 0.0, max_relation_gap=None)
    assert path_check(_answer([(WRITER, 0.9)], [WRITTEN]), _graded_embed, off, relation_types=types).passed


def test_the_topic_name_is_left_out_of_the_question_before_comparing_relations() -> None:
    assert without_names("which films did [Walter Lang] direct", ["Walter Lang"]) == "which films did direct"
    assert without_names("who directed kismet", ["Kismet"]) == "who directed"
    assert without_names("Kismet", ["Kismet"]) == "Kismet"  # nothing would be left: the question as written


def test_the_retrieval_check_compares_the_paths_relation_with_the_relation_the_question_reads_like() -> None:
    from graphproof.graph.model import Hit
    from graphproof.reasoning.paths import WeightedPath
    from graphproof.reasoning.retriever import Retrieval
    from graphproof.reasoning.self_eval import retrieval_check

    seeds = [Hit(MOVIE, 1.0)]
    written_only = Retrieval("edge-bm25", QUESTION, [], [WeightedPath(WRITTEN, 2.0)], seeds)
    lenient = PathCheckConfig(min_relation_similarity=0.0, max_relation_gap=0.25)
    # the absolute test alone passes a question about directing answered from the writer's edge ...
    assert retrieval_check(written_only, _embed, lenient).passed
    # ... the graph's relation types show the question reads like another one it has
    judged = retrieval_check(written_only, _embed, lenient, relation_types=["directed_by", "written_by"])
    assert judged.failed_checks == ["relation_mismatch"] and "directed by" in judged.judgements[1].reason
    right = Retrieval("edge-bm25", QUESTION, [], [WeightedPath(DIRECTED, 2.0)], seeds)
    assert retrieval_check(right, _embed, lenient, relation_types=["directed_by", "written_by"]).passed


@pytest.mark.parametrize(
    ("question", "name", "named"),
    [
        ("who directed Kismet", "Kismet", True),
        ("what movies did Javier Pereira act in", "javier pereira", True),
        ("who stars in 2001: A Space Odyssey", "2001: A Space Odyssey", True),
        ("what films did Cynthia Myers star in", "Star!", False),  # a common word of the question, not a title
        ("what films did Cynthia Myers star in", "film", False),
        ("who directed Kismetic", "Kismet", False),
    ],
)
def test_a_question_names_an_entity_only_with_its_words_in_a_row(question: str, name: str, named: bool) -> None:
    from graphproof.reasoning.self_eval import names_entity

    assert names_entity(question, name) is named


def test_the_retrieval_check_ignores_seeds_the_question_does_not_name() -> None:
    from graphproof.graph.model import Hit
    from graphproof.reasoning.paths import WeightedPath
    from graphproof.reasoning.retriever import Retrieval
    from graphproof.reasoning.self_eval import retrieval_check

    star = Entity("star", "Star!")
    elsewhere = Path((star, DIRECTOR), (Relation("star", "w dieterle", "directed_by"),))
    asked = "who directed the film Cynthia Myers stars in"
    fuzzy = Retrieval("edge-bm25", asked, [], [WeightedPath(elsewhere, 2.0)], [Hit(star, 1.0)])
    assert retrieval_check(fuzzy, _embed).failed_checks == ["no_path", "relation_mismatch"]
