"""Perturbed HaluEval variants: labels, what each generator changes, determinism, and the real data."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from graphproof.evaluation.errors import DatasetError
from graphproof.evaluation.hallucination_data import GroundingCase, HaluEvalItem
from graphproof.evaluation.perturb import (
    GENERATORS,
    HELD_OUT,
    VARIANTS,
    PerturbedSet,
    change_word,
    context_sentences,
    entity_spans,
    negate,
    paraphrase,
    perturbed_cases,
    phrase_ok,
    right_sentence,
    sentence_ok,
    swap_entity,
    wrong_phrase,
)
from graphproof.text.lexicon import NUMBER_WORDS
from graphproof.verification.claims import unglue
from graphproof.verification.wordnet import load_wordnet

REAL_DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "halueval" / "qa_dev.jsonl"

MAGAZINES = HaluEvalItem(
    knowledge=(
        "Arthur's Magazine (1844–1846) was an American literary periodical published in Philadelphia in the 19th "
        "century.First for Women is a woman's magazine published by Bauer Media Group in the USA."
    ),
    question="Which magazine was started first Arthur's Magazine or First for Women?",
    right_answer="Arthur's Magazine",
    hallucinated_answer="First for Women was started first.",
)
MILHOUSE = HaluEvalItem(
    knowledge=(
        'Milhouse Mussolini van Houten is a fictional character featured in the animated television series "The '
        'Simpsons", voiced by Pamela Hayden, and created by Matt Groening who named the character after President '
        "Richard Nixon's middle name."
    ),
    question='Matt Groening named the "The Simpsons" character Milhouse after who?',
    right_answer="President Richard Nixon",
    hallucinated_answer="Milhouse was named after a famous musician.",
)
BAND = HaluEvalItem(
    knowledge=(
        "The Wolfhounds are an indie pop band formed in Romford in 1985 by Dave Callahan and Paul Clark. "
        "Dave Callahan won the Mercury Prize with the band in 1990. The band has four members."
    ),
    question="Are The Wolfhounds and Hole both American bands?",
    right_answer="no",
    hallucinated_answer="Yes, both are American bands.",
)
ITEMS = [MAGAZINES, MILHOUSE, BAND]


def write_items(path: Path, items: list[HaluEvalItem]) -> Path:
    path.write_text("\n".join(json.dumps(item.model_dump()) for item in items) + "\n", encoding="utf-8")
    return path


def by_label(cases: list[GroundingCase]) -> tuple[GroundingCase, GroundingCase]:
    assert len(cases) == 2
    right = next(c for c in cases if not c.hallucinated)
    wrong = next(c for c in cases if c.hallucinated)
    return right, wrong


def test_glued_sentences_are_split_and_short_ones_dropped() -> None:
    assert "century. First for Women" in unglue(MAGAZINES.knowledge)
    sentences = context_sentences(MAGAZINES.knowledge)
    assert sentences[1] == "First for Women is a woman's magazine published by Bauer Media Group in the USA."
    assert all(s in MAGAZINES.knowledge for s in sentences)
    assert context_sentences("Too short here. This one has at least five words.") == [
        "This one has at least five words."
    ]


def test_sentence_right_fills_the_wh_slot_and_pairs_the_original_hallucination() -> None:
    right, wrong = by_label(GENERATORS["sentence_right"](1, MAGAZINES))
    assert right.answer == "Arthur's Magazine was started first."
    assert wrong.answer == MAGAZINES.hallucinated_answer
    assert right.id == "perturb-sentence_right-1-right" and wrong.id == "perturb-sentence_right-1-wrong"
    assert right.passages[0].id == "knowledge-1" and right.passages[0].text == MAGAZINES.knowledge
    assert right.question == MAGAZINES.question


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        ("Who directed a film that included Sarah Manninen?", "Martha Coolidge", "Martha Coolidge directed"),
        ("What is the capital of France?", "Paris", "The capital of France is Paris."),
        ("When was Ada Lovelace born?", "10 December 1815", "Ada Lovelace was born on 10 December 1815."),
        ("Are Jane and Elle both women's magazines?", "yes", "Jane and Elle are both women's magazines."),
        ("Are Jane and Elle both women's magazines?", "no", "Jane and Elle are not both women's magazines."),
        ("The series first aired in what year?", "2006", "The series first aired in 2006."),
    ],
)
def test_right_sentence_templates(question: str, answer: str, expected: str) -> None:
    made = right_sentence(question, answer, "Jane and Elle are magazines.")
    assert made is not None and made.startswith(expected)


def test_right_sentence_gives_none_rather_than_a_generic_sentence() -> None:
    assert right_sentence("Tell me something", "Paris", "") is None
    item = MAGAZINES.model_copy(update={"question": "Tell me something", "right_answer": "Paris"})
    assert GENERATORS["sentence_right"](7, item) == []


def test_phrase_wrong_cuts_the_hallucination_to_the_slot_phrase() -> None:
    right, wrong = by_label(GENERATORS["phrase_wrong"](2, MILHOUSE))
    assert wrong.answer == "a famous musician"
    assert right.answer == MILHOUSE.right_answer
    assert wrong_phrase(MAGAZINES.question, "Arthur's Magazine", MAGAZINES.hallucinated_answer, "") == (
        "First for Women"
    )
    assert wrong_phrase(BAND.question, "no", BAND.hallucinated_answer, "") == "yes"


def test_both_pairs_a_right_sentence_with_a_wrong_phrase() -> None:
    right, wrong = by_label(GENERATORS["both"](1, MAGAZINES))
    assert right.answer == "Arthur's Magazine was started first."
    assert wrong.answer == "First for Women"


def test_number_changed_changes_exactly_one_number() -> None:
    right, wrong = by_label(GENERATORS["number_changed"](3, BAND))
    assert right.answer in BAND.knowledge
    numbers_right = re.findall(r"\d+", right.answer)
    numbers_wrong = re.findall(r"\d+", wrong.answer)
    assert len(numbers_right) == len(numbers_wrong)
    changed = [(a, b) for a, b in zip(numbers_right, numbers_wrong, strict=True) if a != b]
    assert len(changed) == 1
    old, new = changed[0]
    if len(old) == 4:  # a year moves by 1..30
        assert 1 <= abs(int(new) - int(old)) <= 30
    assert re.sub(r"\d+", "#", right.answer) == re.sub(r"\d+", "#", wrong.answer)


def test_negated_inserts_a_negation_with_the_right_grammar() -> None:
    right, wrong = by_label(GENERATORS["negated"](2, MILHOUSE))
    assert right.answer in MILHOUSE.knowledge
    assert wrong.answer.startswith("Milhouse Mussolini van Houten is not a fictional character")
    assert negate("Dave Callahan won the Mercury Prize with the band in 1990.") == (
        "Dave Callahan did not win the Mercury Prize with the band in 1990."
    )
    assert negate("The band has four members in total.") == "The band does not have four members in total."
    assert negate("The band has won four awards in total.") == "The band has not won four awards in total."
    assert negate("The band is not famous at all today.") is None  # already negated: skipped


def test_entity_swapped_takes_the_new_name_from_the_same_context() -> None:
    right, wrong = by_label(GENERATORS["entity_swapped"](1, MAGAZINES))
    assert right.answer in MAGAZINES.knowledge and wrong.answer != right.answer
    names = {name for sentence in context_sentences(MAGAZINES.knowledge) for _, _, name in entity_spans(sentence)}
    added = [name for name in names if name in wrong.answer and name not in right.answer]
    assert added, wrong.answer  # the new name is one of the context's names, absent from the sentence


def test_entity_swapped_never_swaps_in_a_name_the_context_gives_as_the_same_one() -> None:
    knowledge = "Lee Jun-fan (1940 - 1973), known professionally as Bruce Lee, was an actor. Keye Luke was an actor."
    sentence = "In the series Kato was portrayed by Bruce Lee."
    for seed in range(20):
        swapped = swap_entity(sentence, knowledge, random.Random(seed))
        assert swapped is None or "Lee Jun-fan" not in swapped, swapped


def test_paraphrase_differs_and_its_wrong_side_is_changed() -> None:
    item = BAND.model_copy(update={"knowledge": "Dave Callahan founded The Wolfhounds in 1985 in Romford."})
    right, wrong = by_label(GENERATORS["paraphrase"](4, item))
    assert right.answer == "The Wolfhounds was founded by Dave Callahan in 1985 in Romford."
    assert wrong.answer != right.answer
    assert " not " in wrong.answer or re.sub(r"\d", "", wrong.answer) == re.sub(r"\d", "", right.answer)
    assert paraphrase("The Wolfhounds was founded by Dave Callahan in 1985.") == (
        "Dave Callahan founded The Wolfhounds in 1985."
    )
    assert paraphrase("The film is located in a small town.") == "The movie is situated in a small town."
    assert paraphrase("Nothing here can be reworded at all.") is None
    # "started" becomes "founded" only in the passive: an intransitive start founds nothing
    assert paraphrase("The magazine was started in 1959.") == "The magazine was founded in 1959."
    assert paraphrase("He started from the seventh position.") is None
    # nor a synonym that breaks its phrase: "better known as", "five years later"
    assert paraphrase("Mary Turner, better known as Kathleen Turner, acts.") is None
    assert paraphrase("It was re-recorded five years later.") is None
    assert paraphrase("The band, also known as TB, formed.") == "The band, also called TB, formed."
    other = BAND.model_copy(update={"knowledge": "The company released 3 albums in Romford."})
    right, wrong = by_label(GENERATORS["paraphrase_other"](4, other))  # the second table, held out
    assert right.answer == "The firm issued 3 albums in Romford." and wrong.answer != right.answer
    assert "paraphrase_other" in HELD_OUT and GENERATORS["paraphrase"](4, other) == []  # not in the first table


def test_added_clause_appends_unsupported_content() -> None:
    right, wrong = by_label(GENERATORS["added_clause"](3, BAND))
    assert right.answer in BAND.knowledge
    assert wrong.answer.startswith(right.answer[:-1] + ", ")
    clause = wrong.answer[len(right.answer) - 1 :]
    assert not any(w.strip(",.") in BAND.knowledge for w in clause.split() if w[:1].isupper() or w[:1].isdigit())


def test_word_changed_makes_one_word_its_antonym_or_a_sister_term() -> None:
    wordnet = load_wordnet()
    if wordnet is None:
        pytest.skip("WordNet 3.0 is not installed (Debian: apt install wordnet-base)")
    assert change_word("It lies north of Boston.", random.Random(0)) == "It lies south of Boston."
    assert change_word("The band has four members.", random.Random(0)) != "The band has heptad members."
    assert change_word("It is by Nixon.", random.Random(0)) is None  # nothing but names and short words
    for line, item in enumerate(ITEMS, start=1):
        right, wrong = by_label(GENERATORS["word_changed"](line, item))
        assert right.answer in unglue(item.knowledge)
        before, after = right.answer.split(), wrong.answer.split()
        changed = [(a.strip(",."), b.strip(",.")) for a, b in zip(before, after, strict=True) if a != b]
        assert len(changed) == 1, (right.answer, wrong.answer)
        old, new = changed[0]
        assert new in wordnet.antonyms_of(old) or new in wordnet.sister_terms(old, first_only=True), changed
        assert new not in NUMBER_WORDS


def test_generators_are_deterministic(tmp_path: Path) -> None:
    for variant in VARIANTS:
        for line, item in enumerate(ITEMS, start=1):
            assert GENERATORS[variant](line, item) == GENERATORS[variant](line, item)
    path = write_items(tmp_path / "qa.jsonl", ITEMS)
    assert perturbed_cases(path) == perturbed_cases(path)


def test_perturbed_cases_counts_tries_and_drops(tmp_path: Path) -> None:
    path = write_items(tmp_path / "qa.jsonl", ITEMS)
    sets = perturbed_cases(path)
    assert tuple(sets) == VARIANTS
    for variant, made in sets.items():
        assert isinstance(made, PerturbedSet) and made.variant == variant and made.description
        assert made.items_tried == len(ITEMS)
        assert len(made.cases) == 2 * (made.items_tried - made.dropped)
        assert all(c.id.startswith(f"perturb-{variant}-") for c in made.cases)
        assert sum(c.hallucinated for c in made.cases) == len(made.cases) // 2
    assert set(perturbed_cases(path, ["negated"])) == {"negated"}


def test_unknown_variant_names_it_and_lists_the_valid_ones(tmp_path: Path) -> None:
    path = write_items(tmp_path / "qa.jsonl", ITEMS)
    with pytest.raises(DatasetError, match=r"'shuffled'.*sentence_right.*added_clause"):
        perturbed_cases(path, ["negated", "shuffled"])


def test_sanity_checks() -> None:
    assert sentence_ok("A fine sentence.", "Another sentence.")
    assert not sentence_ok("Same sentence.", "Same sentence.")
    assert not sentence_ok("Doubled  space here.")
    assert not sentence_ok('Unbalanced "quote here.')
    assert not sentence_ok("No final punctuation")
    assert phrase_ok("a famous musician", "Milhouse was named after a famous musician.")
    assert not phrase_ok("(open", None)
    assert not phrase_ok("First for Women", "First for Women.")


def test_real_data_gives_both_classes_for_every_variant() -> None:
    if not REAL_DATA.is_file():
        pytest.skip(f"HaluEval data not found at {REAL_DATA} (expected ../shared/data/halueval/qa_dev.jsonl)")
    sets = perturbed_cases(REAL_DATA)
    for variant, made in sets.items():
        assert made.items_tried == 250
        assert len(made.cases) >= 100, variant
        if variant not in {"sentence_right", "phrase_wrong", "both"}:  # those keep HaluEval's own answers
            assert all(sentence_ok(c.answer) for c in made.cases), variant
        ids = [c.id for c in made.cases]
        assert len(ids) == len(set(ids))
