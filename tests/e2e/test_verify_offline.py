"""The offline grounding check with the real all-MiniLM-L6-v2 on the public data: the issue's targets.

Slow (the real embedder, hundreds of Prover9 runs): one embedder for the session.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from graphproof.evaluation.hallucination import evaluate_method
from graphproof.evaluation.hallucination_data import load_folio_cases, load_halueval
from graphproof.graph.embed import SentenceTransformerEmbedder
from graphproof.verification.grounding import Passage
from graphproof.verification.offline import OfflineVerifier
from graphproof.verification.wordnet import load_wordnet
from typer.testing import CliRunner

from graphproof.cli import app

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def minilm() -> SentenceTransformerEmbedder:
    embedder = SentenceTransformerEmbedder()
    embedder.embed(["warm up"])
    return embedder


@pytest.fixture(scope="session")
def offline(minilm: SentenceTransformerEmbedder) -> OfflineVerifier:
    return OfflineVerifier(minilm)


def test_folio_balanced_accuracy_target_without_false_proofs(offline: OfflineVerifier, shared_data: Path) -> None:
    result = evaluate_method(offline, load_folio_cases(shared_data / "folio" / "folio_dev.jsonl"), "folio")
    assert result.scores.balanced_accuracy >= 0.70  # measured 0.722 (issue 9's target, 0.75 on 2 folds: not met)
    assert result.scores.confusion.fn == 0  # no wrong proof: a False or Uncertain conclusion is never grounded


def test_halueval_hallucinations_are_almost_never_proved(offline: OfflineVerifier, shared_data: Path) -> None:
    """With claims built from question + answer and all-of proofs, a wrong answer is next to never proved;
    most right answers are not proved either (unknown) — the reader's coverage is the open part of issue 9."""
    cases = load_halueval(shared_data / "halueval" / "qa_dev.jsonl")[:200]
    result = evaluate_method(offline, cases, "halueval")
    proved_wrong = [
        o.case.id for o in result.outcomes if o.case.hallucinated and o.report and o.report.verdict == "grounded"
    ]
    # the one "hallucinated" answer proved is true: "Cornel West is younger than Elytis." to "Who was born first,
    # Odysseas Elytis or Cornel West?", and the knowledge gives 2 November 1911 and June 2, 1953
    assert proved_wrong in ([], ["halueval-86-hallucinated"]), proved_wrong
    proved_right = sum(
        1 for o in result.outcomes if not o.case.hallucinated and o.report and o.report.verdict == "grounded"
    )
    assert proved_right >= 4  # 4 of 200; a reading that proved one through a 14-word "name" alias was wrong


@pytest.mark.parametrize("variant", ["number_changed", "negated", "entity_swapped", "added_clause"])
def test_restated_context_sentences_are_proved_and_their_changes_caught(
    offline: OfflineVerifier, shared_data: Path, variant: str
) -> None:
    """Perturbation variants (d), (e), (f), (h) on the first 60 cases: a verbatim context sentence is proved
    by the template reading; a changed number or a negation is refuted, a swapped name or an added clause unknown."""
    from graphproof.evaluation.perturb import perturbed_cases

    cases = list(perturbed_cases(shared_data / "halueval" / "qa_dev.jsonl", [variant])[variant].cases)[:60]
    result = evaluate_method(offline, cases, variant)
    assert result.scores.balanced_accuracy >= 0.95  # measured 0.988-0.998 on all cases of each variant
    statuses = result.status_confusion()["hallucinated"]
    if variant in ("number_changed", "negated"):
        assert statuses["refuted"] >= 0.8 * sum(statuses.values())


@pytest.mark.parametrize(
    ("chunk", "answer"),
    [
        ("The United States won medals in Tokyo.", "The United States won the most medals in Tokyo."),
        ("Tom visits Paris.", "Tom often visits Paris."),
        ("Tom often visits Paris.", "Tom visits Paris."),
        ("Tom won the race.", "Tom almost won the race."),
        ("Anna is a former senator.", "Anna is a senator."),
        ("The Legend of Zelda sold one million copies.", "The Legend of Zelda sold more than one million copies."),
    ],
)
def test_a_word_of_degree_frequency_or_a_privative_modifier_is_never_dropped(
    offline: OfflineVerifier, chunk: str, answer: str
) -> None:
    """"the most", "often", "almost", "former", "more than": a claim that adds or drops one is not proved (the
    embedding rates "most medals"/"medals" and "often visits"/"visits" alike, so they are never merged)."""
    report = offline.check("", [Passage(id="c1", text=chunk)], answer)
    assert [c.status for c in report.claims] != ["proved"]
    assert report.verdict == "hallucinated"
    same = offline.check("", [Passage(id="c1", text=answer)], answer)  # the sentence itself still proves it
    assert same.verdict == "grounded"


@pytest.fixture(scope="session")
def offline_wordnet(minilm: SentenceTransformerEmbedder) -> OfflineVerifier:
    """The offline method as ``verify`` builds it: with WordNet's synonyms, antonyms and hypernyms."""
    wordnet = load_wordnet()
    if wordnet is None:
        pytest.skip("WordNet 3.0 is not installed (Debian: apt install wordnet-base)")
    return OfflineVerifier(minilm, synonyms=wordnet.synonyms, antonyms=wordnet.antonyms, hypernyms=wordnet.is_a)


@pytest.mark.parametrize(
    ("variant", "floor"),
    [("paraphrase", 0.88), ("paraphrase_other", 0.85), ("word_changed", 0.95)],
)
def test_paraphrases_are_proved_and_a_word_of_the_same_kind_is_not(
    offline_wordnet: OfflineVerifier, shared_data: Path, variant: str, floor: float
) -> None:
    """Perturbation variants (g), its held-out synonym table, and a word made its antonym or a sister term, first 60
    cases: measured 0.917, 0.883 and 0.983 (all cases: 0.912, 0.903, 0.971). No wrong paraphrase is proved."""
    from graphproof.evaluation.perturb import perturbed_cases

    cases = list(perturbed_cases(shared_data / "halueval" / "qa_dev.jsonl", [variant])[variant].cases)[:60]
    result = evaluate_method(offline_wordnet, cases, variant)
    assert result.scores.balanced_accuracy >= floor
    if variant != "word_changed":
        assert result.status_confusion()["hallucinated"]["proved"] == 0


@pytest.mark.parametrize(
    ("chunk", "answer", "status"),
    [
        ("Polaris is based in Roseau, Minnesota, USA.", "Polaris is headquartered in Roseau, Minnesota, USA.",
         "proved"),
        ("Polaris is based in Roseau, Minnesota, USA.", "Polaris is bankrupt in Roseau, Minnesota, USA.", "unknown"),
        ("The bridge lies north of the Suncook River.", "The bridge lies south of the Suncook River.", "unknown"),
        ("The company was founded before the war.", "The company was founded after the war.", "unknown"),
    ],
)  # fmt: skip
def test_a_replaced_word_is_judged_in_its_sentence(minilm: SentenceTransformerEmbedder,
                                                   offline_wordnet: OfflineVerifier, chunk: str, answer: str,
                                                   status: str) -> None:  # fmt: skip
    """MiniLM reads "headquartered" far from "based" alone (0.60); with the words around them the runs read 0.975,
    and "bankrupt" there 0.834. An antonym never aligns, however close (WordNet), nor another function word."""
    report = offline_wordnet.check("", [Passage("c1", chunk)], answer)
    assert [c.status for c in report.claims] == [status], report.claims
    if status == "proved":  # without WordNet's antonyms to veto them, no run is aligned by its vector
        without = OfflineVerifier(minilm).check("", [Passage("c1", chunk)], answer)
        assert [c.status for c in without.claims] == ["unknown"], without.claims


def test_a_shortened_name_is_the_full_name(offline: OfflineVerifier) -> None:
    chunks = [Passage("k1", "Kenneth Charles Loach (born 17 June 1936) is an English director of television.")]
    grounded = offline.check("When was Kenneth Loach born?", chunks, "17 June 1936")
    assert grounded.verdict == "grounded", grounded.claims
    assert "(kenneth_loach = kenneth_charles_loach)" in grounded.details["axioms"]


def test_verify_command_with_the_real_model(tmp_path: Path) -> None:
    chunks = tmp_path / "chunks.jsonl"
    lines = [{"id": "n1", "text": "All students are humans."}, {"id": "n2", "text": "Rose is a student."}]
    chunks.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    result = CliRunner().invoke(app, ["verify", "-q", "Is Rose human?", "-a", "Rose is a human.",
                                      "--chunks", str(chunks), "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["verdict"] == "grounded" and data["claims"][0]["premises"] == ["n1", "n2"]
