"""``graphproof ask`` and ``graphproof eval retrieval`` from the command line, on small fixtures."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from graphproof.cli import app

CHATS = {
    "LiHua-World/week1/20260105_1000.txt": "Time: 20260105_10:00\nAdamSmith: Hi Li Hua, the building maintenance "
    "is on Friday.\nLiHua: Thanks Adam, mornings are best for me.\n",
    "LiHua-World/week1/20260106_1800.txt": "Time: 20260106_18:00\nWolfgangSchulz: Li Hua, shall we play Viva la "
    "Vida by Coldplay on Sunday?\nLiHua: Yes, great song!\n",
    "LiHua-World/week30/20260720_0900.txt": "Time: 20260720_09:00\nJenniferMoore: Li Hua, bench press next week?\n"
    "LiHua: Sure, I'll warm up properly.\n",
}
QA = {
    "0": {"question": "When is the building maintenance that Adam Smith mentioned?", "answer": "Friday",
          "evidence": "20260105_10:00", "type": "Single"},
    "1": {"question": "Which Coldplay song did Wolfgang suggest, and did Li Hua plan a bench press session?",
          "answer": "Viva la Vida; yes", "evidence": "20260106_18:00<and>20260720_09:00", "type": "Multi"},
    "2": {"question": "What is Li Hua's favourite colour?", "answer": "unknown", "evidence": "N/A", "type": "Null"},
}  # fmt: skip


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "lihua-world"
    folder.mkdir()
    with zipfile.ZipFile(folder / "LiHuaWorld.zip", "w") as archive:
        for name, text in CHATS.items():
            archive.writestr(name, text)
    (folder / "qa_dev.json").write_text(json.dumps(QA), encoding="utf-8")
    return folder


def test_eval_retrieval_json(data: Path, tmp_path: Path) -> None:
    args = ["eval", "retrieval", "--data", str(data), "--out", str(tmp_path / "eval"), "--json",
            "--methods", "bm25", "--methods", "edge-bm25", "--methods", "hybrid-rrf", "--methods", "naive"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["questions"] == 2 and out["k"] == 10
    for method in ("bm25", "edge-bm25", "hybrid-rrf", "naive"):
        scores = out["methods"][method]
        assert set(scores) >= {"recall", "ndcg", "p50_ms"}
        # 3 conversations and K = 10: every method finds every evidence conversation
        assert scores["recall"] == 1.0
    assert out["methods"]["bm25"]["by_type"]["Multi"]["questions"] == 1
    half = CliRunner().invoke(app, [*args[:-8], "--half-year", "--methods", "bm25"])
    assert half.exit_code == 0, half.output
    assert json.loads(half.stdout)["questions"] == 1, "only the question whose evidence is all in Jan-Jun"


def test_eval_retrieval_rejects_unknown_methods(data: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["eval", "retrieval", "--data", str(data), "--methods", "magic"])
    assert result.exit_code == 2 and "magic" in result.output


def test_ask_json(data: Path, tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/g.db"
    runner = CliRunner()
    ingested = runner.invoke(app, ["--store", store, "ingest", "--no-embed", str(data / "LiHuaWorld.zip")])
    assert ingested.exit_code == 0, ingested.output
    result = runner.invoke(app, ["--store", store, "ask", "When is the building maintenance?", "--method", "edge-bm25",
                                 "--no-llm", "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["chunks"][0]["metadata"]["time"] == "20260105_10:00"
    assert out["chunks"][0]["source"].endswith("20260105_1000.txt")
    top = out["paths"][0]
    assert " → " in top["text"] and len(top["entities"]) == len(top["relations"]) + 1
    assert all(ids for ids in top["chunk_ids"]), "every edge of a path names the chunks that support it"
    assert out["answer_method"] == "extractive" and "maintenance" in out["answer"]
    assert out["claims"] == [] and out["verification"] is None
    assert {"retrieve_ms", "answer_ms", "total_ms"} <= out["timings"].keys()
    bad = runner.invoke(app, ["--store", store, "ask", "x", "--method", "magic"])
    assert bad.exit_code == 2 and "unknown method 'magic'" in bad.output


def test_ask_verify_checks_the_answer_against_the_retrieved_chunks(data: Path, tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/g.db"
    runner = CliRunner()
    assert runner.invoke(app, ["--store", store, "ingest", "--no-embed", str(data / "LiHuaWorld.zip")]).exit_code == 0
    result = runner.invoke(app, ["--store", store, "ask", "When is the building maintenance?", "--method", "bm25",
                                 "--no-llm", "--verify", "--verify-method", "lexical", "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    verification = out["verification"]
    assert verification["claims"], "the extractive answer's claims are listed"
    assert [c["status"] for c in out["claims"]] == [c["status"] for c in verification["claims"]]
    assert verification["verdict"] == "grounded", "an extractive answer quotes the chunks, so it is grounded"


def test_eval_retrieval_two_folds_tunes_on_one_half_and_reports_the_other(data: Path, tmp_path: Path) -> None:
    args = ["eval", "retrieval", "--data", str(data), "--out", str(tmp_path / "eval"), "--json", "--folds", "2",
            "--methods", "bm25", "--methods", "hybrid-rrf"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["folds"][0]["fold"] == 2 and out["folds"][0]["tuned_on"] == 1
    assert out["folds"][1]["fold"] == 1 and out["folds"][1]["tuned_on"] == 2
    # the two non-Null questions: the first (position 0) is fold 1, the second fold 2
    assert out["folds"][0]["methods"]["bm25"]["by_type"] == {"Multi": {"questions": 1, "recall": 1.0, "ndcg": 1.0}}
    assert set(out["folds"][1]["methods"]["hybrid-rrf"]["chosen"]) == set(out["grid"])
    assert out["mean"]["bm25"]["recall"] == 1.0 and out["select"] == "one-se"
    best = CliRunner().invoke(app, [*args, "--select", "best"])
    assert best.exit_code == 0, best.output
    assert json.loads(best.stdout)["select"] == "best"
    wrong = CliRunner().invoke(app, [*args, "--select", "luck"])
    assert wrong.exit_code == 2 and "unknown rule 'luck'" in wrong.output


def test_fold_split_and_grid() -> None:
    from graphproof.evaluation.retrieval import QAItem, fold_split, grid_configs
    from graphproof.reasoning.retriever import RetrievalConfig

    items = [QAItem(question=f"q{i}", answer="a", evidence="20260105_10:00", type="Single") for i in range(5)]
    first, second = fold_split(items)
    assert [q.question for q in first] == ["q0", "q2", "q4"] and [q.question for q in second] == ["q1", "q3"]
    configs = grid_configs(RetrievalConfig(), {"rrf_k": (60, 30), "link_with_vectors": (None, False)})
    assert [(c.rrf_k, c.link_with_vectors) for c in configs] == [(60, None), (60, False), (30, None), (30, False)]
    assert configs[0] == RetrievalConfig(), "the defaults come first, so a tie keeps them"


def test_two_fold_tunes_through_the_memo_and_reports_without_it() -> None:
    from graphproof.evaluation.retrieval import QAItem, two_fold
    from graphproof.reasoning.retriever import RetrievalConfig

    seen: list[object] = []

    class Recording:
        """A retriever that notes whether a memo was on for each question it answered."""

        def __init__(self, config: RetrievalConfig) -> None:
            self.config, self.memo, self.store = config, None, self

        def documents(self, ids: list[str]) -> list[object]:
            return []

        def retrieve(self, question: str, method: str) -> object:
            from graphproof.reasoning.retriever import Retrieval

            seen.append((question, self.memo is not None))
            return Retrieval(method, question, [], ms=1.0)

    items = [QAItem(question=f"q{i}", answer="a", evidence="20260105_10:00", type="Single") for i in range(4)]
    results = two_fold(Recording, items, ["bm25"], grid={"rrf_k": (60, 30)})  # type: ignore[arg-type]
    assert [r.fold for r in results] == [2, 1]
    tuning = [q for q, memo in seen if memo]
    reported = [q for q, memo in seen if not memo]
    assert sorted(set(tuning)) == sorted(set(reported)) == ["q0", "q1", "q2", "q3"]
    assert len(reported) == 4, "each question is reported once, retrieved afresh"


def test_one_se_choice_keeps_the_defaults_unless_a_setting_is_clearly_better() -> None:
    from graphproof.evaluation.errors import EvaluationError
    from graphproof.evaluation.retrieval import one_se_choice

    defaults = [0.5, 0.6, 0.7, 0.8]
    noisy = [0.9, 0.2, 0.9, 0.7]  # mean 0.675 > 0.65, but the per-question gains scatter: within one SE
    clear = [0.6, 0.7, 0.8, 0.9]  # +0.1 on every question
    assert one_se_choice([defaults, noisy]) == 0
    assert one_se_choice([defaults, noisy, clear]) == 2
    assert one_se_choice([clear, defaults]) == 0, "the defaults win outright"
    assert one_se_choice([defaults, defaults]) == 0, "a tie keeps the defaults"
    with pytest.raises(EvaluationError, match="same questions"):
        one_se_choice([defaults, [0.1]])


def test_rewrite_dates_writes_each_day_every_way() -> None:
    from graphproof.evaluation.errors import EvaluationError
    from graphproof.evaluation.retrieval import rewrite_dates
    from graphproof.graph.analyzer import default_analyzer

    question = "What did Adam say on 20260428 and as of 2026-05-02?"
    forms = {form: rewrite_dates(question, form) for form in ("compact", "iso", "written", "day-first", "none")}
    assert forms == {
        "compact": "What did Adam say on 20260428 and as of 20260502?",
        "iso": "What did Adam say on 2026-04-28 and as of 2026-05-02?",
        "written": "What did Adam say on April 28, 2026 and as of May 2, 2026?",
        "day-first": "What did Adam say on 28 April 2026 and as of 2 May 2026?",
        "none": "What did Adam say and?",
    }
    for form in ("compact", "iso", "written", "day-first"):  # the analyzer reads every written form as the same days
        assert default_analyzer().dates(forms[form]) == ["20260428", "20260502"], form
    assert rewrite_dates("No day in 2026 here.", "iso") == "No day in 2026 here."
    with pytest.raises(EvaluationError, match="unknown date form"):
        rewrite_dates(question, "roman")


def test_eval_answers_scores_the_systems_own_answers(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GRAPHPROOF_LLM", raising=False)
    args = ["eval", "answers", "--data", str(data), "--out", str(tmp_path / "eval"), "--json",
            "--methods", "bm25", "--methods", "hybrid-rrf"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["items"] == 2 and out["judge"] is False
    for method in ("bm25", "hybrid-rrf"):
        block = out["methods"][method]
        assert set(block) == {"all", "single", "multi"}
        assert set(block["all"]) >= {"token_f1", "rouge_l", "similarity", "key_terms", "n"}
        # the maintenance chat says "Friday", so the extractive answer carries the reference's key term
        assert block["single"]["key_terms"] == 1.0 and block["single"]["n"] == 1


def test_eval_multiturn_needs_a_model_and_runs_with_one(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from langchain_core.language_models.fake_chat_models import FakeListChatModel

    import graphproof.llm

    monkeypatch.delenv("GRAPHPROOF_LLM", raising=False)
    base = ["eval", "multiturn", "--data", str(data), "--out", str(tmp_path / "eval"), "--turns", "2"]
    missing = CliRunner().invoke(app, base)
    assert missing.exit_code == 1 and "needs an LLM" in missing.stderr
    # one model plays composer, judge and question generator, in that order: the first answer is judged 5
    model = FakeListChatModel(responses=["Friday.", "Right.\n[RESULT] 5"])
    monkeypatch.setattr(graphproof.llm, "chat_model", lambda settings: model)
    for mode in ("qa", "mqa"):
        result = CliRunner().invoke(app, [*base, "--mode", mode, "--json", "--limit", "1"])
        assert result.exit_code == 0, result.output
        out = json.loads(result.stdout)
        assert (out["items"], out["finished"], out["wscore"], out["lscore"], out["mscore"]) == (1, 1, 5.0, 1.0, 5.0)
        assert out["items_detail"][0]["turns"][0]["composed"] == "Friday."


def test_chat_answers_follow_ups_and_keeps_the_history(data: Path, tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/g.db"
    runner = CliRunner()
    assert runner.invoke(app, ["--store", store, "ingest", "--no-embed", str(data / "LiHuaWorld.zip")]).exit_code == 0
    saved = tmp_path / "history.json"
    first = runner.invoke(app, ["--store", store, "chat", "--method", "bm25", "--history", str(saved)],
                          input="When is the building maintenance?\n\n")  # fmt: skip
    assert first.exit_code == 0, first.output
    assert "maintenance" in first.stdout
    again = runner.invoke(app, ["--store", store, "chat", "--method", "bm25", "--history", str(saved)],
                          input="And who mentioned it?\n")  # fmt: skip
    assert again.exit_code == 0, again.output
    history = json.loads(saved.read_text(encoding="utf-8"))
    assert [q for q, _ in history] == ["When is the building maintenance?", "And who mentioned it?"]
    assert "Adam" in history[1][1], "the follow-up is retrieved with the earlier question"
