"""The sentence-template reading: whole sentences as predicates over their values, aligned word by word."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.text.wordnet_files import parse_index_line
from graphproof.verification.grounding import Passage
from graphproof.verification.offline import OfflineVerifier
from graphproof.verification.templates import (
    TemplateRenderer,
    Token,
    align,
    best_alignment,
    comparable,
    read_template,
)
from graphproof.verification.wordnet import WordNet, load_wordnet, read_wordnet

SOONI = (
    "Sooni Taraporevala (born 1957) is an Indian screenwriter, photographer and filmmaker who is best known as "
    'the screenwriter of "Mississippi Masala" and Oscar-nominated "Salaam Bombay" (1988).'
)
KNOWLEDGE = [
    Passage("k1", SOONI + " She lives in Mumbai."),
    Passage("k2", "Korea under Japanese rule ended at the conclusion of World War II in 1945."),
]
# a tiny WordNet: three synsets, as read from index lines
SYNONYMS = WordNet(
    {
        "make": frozenset({"v:1"}),
        "create": frozenset({"v:1"}),
        "tv": frozenset({"n:2"}),
        "television": frozenset({"n:2"}),
        "end": frozenset({"v:3"}),
        "finish": frozenset({"v:3"}),
    }
)


def _never_similar(texts: list[str] | tuple[str, ...]) -> np.ndarray:
    """Orthogonal unit vectors: no two different texts are similar (only synonyms can align)."""
    return np.eye(len(texts), max(len(texts), 1), dtype=np.float32)


@pytest.fixture(scope="module")
def verifier() -> OfflineVerifier:
    return OfflineVerifier(
        HashingEmbedder(), constant_threshold=0.9, predicate_threshold=0.95, synonyms=SYNONYMS.synonyms
    )


def test_a_template_keeps_every_word_and_takes_values_and_negation_out() -> None:
    template = read_template(SOONI)
    assert template is not None and not template.negated
    assert [v.key for v in template.values] == ["1957", "1988"]
    assert template.key.startswith("sooni taraporevala born # be indian screenwriter")
    denied = read_template("Sooni Taraporevala didn't live in Mumbai.")
    stated = read_template("Sooni Taraporevala lived in Mumbai.")
    assert denied is not None and stated is not None
    assert denied.negated and denied.key == stated.key == "sooni taraporevala live in mumbai"
    assert not read_template("It is not only cheap but also fast.").negated  # type: ignore[union-attr]
    assert read_template("1957") is None


def test_alignment_refuses_an_extra_word_a_swapped_name_or_a_value_of_another_kind() -> None:
    premise = read_template("Carol Lawrence was born in 1932 in Melrose Park.")
    assert premise is not None
    for text in (
        "Carol Lawrence was born in 1932 in Melrose Park, Illinois.",  # an added clause
        "Carol Lawrence was born in 1932 in Oak Park.",  # another name
        "Carol Lawrence was born on March 5, 1932 in Melrose Park.",  # a date where a year was
    ):
        claim = read_template(text)
        assert claim is not None and align(claim, premise, _never_similar, 0.9, SYNONYMS.synonyms) is None, text
    same = read_template("Carol Lawrence was born in 1950 in Melrose Park.")
    assert same is not None
    found = align(same, premise, _never_similar, 0.9, SYNONYMS.synonyms)
    assert found is not None and found.order == (0,) and found.replaced == ()


def test_synonyms_align_and_unrelated_words_do_not() -> None:
    premise = read_template("The show was created for TV by Matt Groening.")
    claim = read_template("The show was made for television by Matt Groening.")
    other = read_template("The show was sold for television by Matt Groening.")
    assert premise is not None and claim is not None and other is not None
    found = align(claim, premise, _never_similar, 0.9, SYNONYMS.synonyms)
    assert found is not None and set(found.replaced) == {("made", "created"), ("television", "TV")}
    assert align(other, premise, _never_similar, 0.9, SYNONYMS.synonyms) is None
    assert align(claim, premise, _never_similar, 0.9, None) is None  # no WordNet, no similar embedding


def test_a_proof_through_a_paraphrase_says_which_words_it_read_as_which(verifier: OfflineVerifier) -> None:
    chunks = [Passage("c1", "The show was created for TV by Matt Groening.")]
    report = verifier.check("", chunks, "The show was made for television by Matt Groening.")
    (claim,) = report.claims
    assert claim.status == "proved" and claim.premises == ("c1",)
    assert claim.reason.endswith("; reading 'made' for 'created', 'television' for 'TV' (paraphrase)"), claim.reason
    same = verifier.check("", chunks, "The show was created for TV by Matt Groening.").claims[0]
    assert same.status == "proved" and "paraphrase" not in same.reason


def test_synonyms_are_looked_up_as_written_when_the_lemma_is_another_word() -> None:
    """simplemma reads the adverb "later" as "late"; WordNet lists "later" ~ "subsequently" as written."""
    adverbs = WordNet({"later": frozenset({"r:1"}), "subsequently": frozenset({"r:1"}), "late": frozenset({"a:2"})})
    premise = read_template("The band later moved to Albany.")
    claim = read_template("The band subsequently moved to Albany.")
    earlier = read_template("The band earlier moved to Albany.")
    assert premise is not None and claim is not None and earlier is not None
    assert premise.tokens[1].key == "late"  # the lemma alone would not match
    found = align(claim, premise, _never_similar, 0.9, adverbs.synonyms)
    assert found is not None and found.replaced == (("subsequently", "later"),)
    assert align(earlier, premise, _never_similar, 0.9, adverbs.synonyms) is None


def test_closures_fix_values_only_for_a_template_written_once() -> None:
    renderer = TemplateRenderer(lambda v: v.symbol)
    once = read_template("Arthur's Magazine was published from 1844 to 1846.")
    twice_a = read_template("He was born in 1950.")
    twice_b = read_template("He was born in 1960.")
    assert once is not None and twice_a is not None and twice_b is not None
    for template in (once, twice_a, twice_b):
        renderer.premise(template)
    assert renderer.closures([once]) == [
        "all x.(Tpl1(x, v_1846) -> (x = v_1844))",
        "all x.(Tpl1(v_1844, x) -> (x = v_1846))",
    ]
    assert renderer.closures([twice_a, twice_b]) == []
    claim = read_template("Arthur's Magazine was published from 1844 to 1850.")
    assert claim is not None
    alignment = best_alignment(claim, [twice_a, once], _never_similar, 0.9)
    assert alignment is not None and alignment.premise is once
    goal, axiom = renderer.claim(claim, alignment)
    assert goal == "TplClaim1(v_1844, v_1850)"
    assert axiom == "all x1. all x2.(TplClaim1(x1, x2) <-> Tpl1(x1, x2))"


def test_a_restated_sentence_is_proved_a_changed_value_or_negation_refuted(verifier: OfflineVerifier) -> None:
    proved = verifier.check("", KNOWLEDGE, SOONI)
    assert proved.verdict == "grounded", proved.claims
    changed = verifier.check("", KNOWLEDGE, SOONI.replace("1957", "1967"))
    (claim,) = changed.claims
    assert claim.status == "refuted" and claim.reason.startswith("contradicted by k1: 'Sooni Taraporevala (born 1957)")
    denied = verifier.check("", KNOWLEDGE, "Sooni Taraporevala does not live in Mumbai.")
    assert [c.status for c in denied.claims] == ["refuted"], denied.claims
    synonym = verifier.check(
        "", KNOWLEDGE, "Korea under Japanese rule finished at the conclusion of World War II in 1945."
    )
    assert synonym.verdict == "grounded", synonym.claims
    added = verifier.check(
        "", KNOWLEDGE, "Korea under Japanese rule ended at the conclusion of World War II in 1945 in Seoul."
    )
    assert added.verdict == "hallucinated" and added.claims[0].status == "unknown"


def test_wordnet_index_lines_and_files(tmp_path: Path) -> None:
    line = "create v 6 4 @ ~ $ + 6 3 01617210 01753806 01685331 02476385 01640225 01621573  \n"
    assert parse_index_line(line) == ("create", [f"v:{o}" for o in line.split()[-6:]])
    assert parse_index_line("  1 This software and database is being provided\n") is None
    with pytest.raises(ValueError, match="synset offsets"):
        parse_index_line("create v 3 0 3 0 01617210\n")
    with pytest.raises(FileNotFoundError, match=r"index\.noun"):
        read_wordnet(tmp_path)
    assert load_wordnet(tmp_path) is None
    for name, body in {
        "index.noun": "television n 1 0 1 0 06277280  \ntv n 1 0 1 0 06277280  \n",
        "index.verb": "make v 2 0 2 0 01617210 00000001  \ncreate v 1 0 1 0 01617210  \n",
        "index.adj": "",
        "index.adv": "",
    }.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    wordnet = read_wordnet(tmp_path)
    assert wordnet.synonyms("TV", "television") and wordnet.synonyms("make", "create")
    assert not wordnet.synonyms("make", "television") and not wordnet.synonyms("make", "make")


def test_an_answer_quoting_a_hard_wrapped_chunk_sentence_is_proved(verifier: OfflineVerifier) -> None:
    chunk = [Passage("t1", "libffi is not completely thread-safe. However, many parts are,\nand if you follow some "
                     "simple rules, you can use it safely in a\nmulti-threaded program.")]  # fmt: skip
    answer = "However, many parts are, and if you follow some simple rules, you can use it safely in a multi-threaded"
    answer += " program."
    report = verifier.check("Is libffi thread-safe?", chunk, answer)
    assert report.verdict == "grounded", report.claims
    denied = verifier.check("Is libffi thread-safe?", chunk, "libffi is completely thread-safe.")
    assert [c.status for c in denied.claims] == ["refuted"]


def _no_antonyms(a: str, b: str) -> bool:
    """An antonym list that holds no pair: vectors may align runs, and nothing vetoes them."""
    return False


def _always_similar(texts: list[str] | tuple[str, ...]) -> np.ndarray:
    """One unit vector for every text: any two texts read as paraphrases (only antonyms can stop them)."""
    return np.ones((len(texts), 1), dtype=np.float32)


def test_antonyms_are_read_from_the_data_files_and_never_align(tmp_path: Path) -> None:
    for name in ("index.noun", "index.verb", "index.adj", "index.adv"):
        (tmp_path / name).write_text("", encoding="utf-8")
    # WordNet 3.0's lines for "increase"/"decrease" (verb) and "north"/"south" (noun), pointers cut to the antonyms
    (tmp_path / "data.verb").write_text(
        "00156601 30 v 01 increase 0 001 ! 00151689 v 0101 01 + 08 00 | become bigger\n"
        "00151689 30 v 01 decrease 1 001 ! 00156601 v 0101 01 + 08 00 | decrease in size\n",
        encoding="utf-8",
    )
    (tmp_path / "data.noun").write_text(
        "08558155 15 n 02 north 0 due_north 0 001 ! 08558963 n 0101 | the region\n"
        "08558963 15 n 02 south 0 due_south 0 001 ! 08558155 n 0101 | the region\n",
        encoding="utf-8",
    )
    wordnet = read_wordnet(tmp_path)
    assert wordnet.antonyms("increase", "decrease") and wordnet.antonyms("South", "north")
    assert wordnet.antonyms_of("North") == ["south"] and wordnet.antonyms_of("west") == []
    assert not wordnet.antonyms("due_north", "south") and not wordnet.antonyms("north", "north")
    premise = read_template("Prices increased in the north of Spain in 2010.")
    for text in ("Prices decreased in the north of Spain in 2010.", "Prices increased in the south of Spain in 2010."):
        claim = read_template(text)
        assert premise is not None and claim is not None
        assert align(claim, premise, _always_similar, 0.9, None, wordnet.antonyms) is None, text
        assert align(claim, premise, _always_similar, 0.9, None, _no_antonyms) is not None, text  # the veto stops it
        assert align(claim, premise, _always_similar, 0.9, None, None) is None, text  # no veto at hand: no vectors
    from graphproof.verification.symbols import Symbol, SymbolTable

    table = SymbolTable(antonyms=wordnet.antonyms)
    north = Symbol("LiveNorthOfBoston", "pred", 1, ["lives north of Boston"])
    south = Symbol("LiveSouthOfBoston", "pred", 1, ["lives south of Boston"])
    assert table._minimal_pair(north, south) and not SymbolTable()._minimal_pair(north, south)


@pytest.mark.parametrize(
    ("written", "relation"),
    [
        ("It costs below US $300 to take the test.", "<"),
        ("It costs less than $300 to take the test.", "<"),
        ("It costs more than 300 dollars to take the test.", ">"),
        ("It costs at least $300 to take the test.", ">="),
        ("It costs no more than $300 to take the test.", "<="),
    ],
)
def test_a_bound_leaves_the_words_and_bounds_the_slot(written: str, relation: str) -> None:
    template = read_template(written)
    currency = "US $" if "US" in written else "$"
    exact = read_template(f"It costs {currency}205 to take the test.")
    assert template is not None and exact is not None
    assert template.bounds == (relation,) and [v.key for v in template.values] == ["300"]
    assert not template.negated  # "no more than" is a bound, not a negation
    if "dollars" not in written:
        assert template.key == exact.key
    assert read_template("The band lived under the 3 bridges.").bounds == ("",)  # type: ignore[union-attr]
    assert read_template("It costs more than 1990 ways.").bounds == ("",)  # type: ignore[union-attr]  # a year


def test_a_bounded_claim_is_decided_by_the_order_of_the_numbers(verifier: OfflineVerifier) -> None:
    chunk = [Passage("c1", "It costs US $205 to take the GRE test.")]
    expected = {
        "It cost below US $300 to take the GRE test.": "proved",
        "It costs more than US $100 to take the GRE test.": "proved",
        "It costs at most US $205 to take the GRE test.": "proved",
        "It does not cost more than US $300 to take the GRE test.": "proved",
        "It costs less than US $200 to take the GRE test.": "refuted",
        "It costs more than US $300 to take the GRE test.": "refuted",
        "It costs at least US $206 to take the GRE test.": "refuted",
    }
    for answer, status in expected.items():
        report = verifier.check("", chunk, answer)
        assert [c.status for c in report.claims] == [status], (answer, report.claims)
    bounded = [Passage("c1", "The exam fee is more than $300.")]
    assert verifier.check("", bounded, "The exam fee is more than $200.").claims[0].status == "proved"
    for unknown in ("The exam fee is more than $400.", "The exam fee is $350.", "The exam fee is less than $250."):
        assert verifier.check("", bounded, unknown).claims[0].status == "unknown", unknown


def test_a_bounded_premise_fixes_no_value() -> None:
    renderer = TemplateRenderer(lambda v: v.symbol)
    bounded = read_template("The fee is more than $300.")
    assert bounded is not None
    assert renderer.premise(bounded) == "exists y1.(Tpl1(y1) & Less(n_300, y1))"
    assert renderer.closures([bounded]) == [] and renderer.bounded_premise


MEMBER = "Ann Lee was a member of the Prussian State Parliament."


def _noun_wordnet(directory: Path, index_noun: str, data_noun: str) -> WordNet:
    """A WordNet of nouns only, from index and data lines as WordNet 3.0 writes them."""
    for name, body in {"index.noun": index_noun, "index.verb": "", "index.adj": "", "index.adv": ""}.items():
        (directory / name).write_text(body, encoding="utf-8")
    (directory / "data.noun").write_text(data_noun, encoding="utf-8")
    return read_wordnet(directory)


def test_noun_hypernyms_are_read_from_the_data_file_and_entail_the_general_noun(tmp_path: Path) -> None:
    # WordNet 3.0's lines for novelist → writer/author → person, pointers cut; "+" and "~i" pointers are not hypernyms
    wordnet = _noun_wordnet(
        tmp_path,
        "novelist n 1 0 1 0 10363573  \nwriter n 1 0 1 0 10794014  \nauthor n 1 0 1 0 10794014  \n"
        "person n 1 0 1 0 00007846  \nsaga n 1 0 1 0 06367879  \nhuman n 1 0 1 0 02472293  \n"
        "mammal n 1 0 1 0 01861778  \nmember n 1 0 1 0 09999001  \npart n 1 0 1 0 09999002  \n",
        "10363573 18 n 01 novelist 0 002 @ 10794014 n 0000 + 06367879 n 0101 | someone who writes novels\n"
        "10794014 18 n 02 writer 0 author 0 002 @ 00007846 n 0000 ~i 10363573 n 0000 | writes professionally\n"
        "02472293 05 n 01 human 0 001 @ 01861778 n 0000 | a person\n"
        "09999001 05 n 01 member 0 001 @ 09999002 n 0000 | one of a group\n",
    )
    assert wordnet.is_a("novelist", "author") and wordnet.is_a("novelist", "person")
    assert wordnet.is_a("Writer", "person")
    assert not wordnet.is_a("author", "novelist") and not wordnet.is_a("novelist", "novelist")
    assert not wordnet.is_a("novelist", "saga") and not wordnet.is_a("writer", "author")  # synonyms, not hypernyms
    verifier = OfflineVerifier(HashingEmbedder(), synonyms=wordnet.synonyms, hypernyms=wordnet.is_a)
    expected = {
        ("Ann Lee is an American novelist.", "Ann Lee is an author."): "proved",
        ("Ann Lee is a novelist.", "Ann Lee is a person."): "proved",
        ("Ann Lee is an author.", "Ann Lee is a novelist."): "unknown",  # never downwards
        ("Ann Lee is not a novelist.", "Ann Lee is an author."): "unknown",
        ("Ann Lee is a former novelist.", "Ann Lee is an author."): "unknown",
        ("Ann Lee is a novelist.", "Bo Chen is an author."): "unknown",
        ("Ann Lee is a Novelist.", "Ann Lee is an author."): "unknown",  # a capitalised head names something
        (MEMBER, "Ann Lee was part of the Prussian State Parliament."): "proved",  # MemberOf(x, y) -> PartOf(x, y)
        ("Ann Lee was a part of the Prussian State Parliament.", MEMBER): "unknown",
        (MEMBER, "Ann Lee was part of the Nazi Reichstag."): "unknown",
    }
    for (chunk, answer), status in expected.items():
        report = verifier.check("", [Passage("c1", chunk)], answer)
        assert [c.status for c in report.claims] == [status], (chunk, answer, report.claims)
    alone = verifier.check("", [Passage("c1", "Every human has teeth.")], "Every human is a mammal.")
    (claim,) = alone.claims  # the taxonomy alone proves it: no chunk takes part, so it is not grounded in them
    assert claim.status == "unknown" and "background axioms alone" in claim.reason, claim
    plain = OfflineVerifier(HashingEmbedder(), synonyms=wordnet.synonyms)
    report = plain.check("", [Passage("c1", "Ann Lee is an American novelist.")], "Ann Lee is an author.")
    assert report.claims[0].status == "unknown"  # the hypernym is what proves it


def test_sister_terms_share_a_hypernym_and_no_synset(tmp_path: Path) -> None:
    # "city" has two senses, the first listed first; "municipality" shares the first
    wordnet = _noun_wordnet(
        tmp_path,
        "city n 2 0 2 0 00000002 00000009  \ntown n 1 0 1 0 00000001  \nvillage n 1 0 1 0 00000003  \n"
        "municipality n 1 0 1 0 00000002  \nmetropolis n 1 0 1 0 00000010  \n",
        "00000002 15 n 02 city 0 municipality 0 001 @ 00000005 n 0000 | a large town\n"
        "00000001 15 n 01 town 0 001 @ 00000005 n 0000 | a small city\n"
        "00000003 15 n 01 village 0 001 @ 00000005 n 0000 | a small town\n"
        "00000009 15 n 01 city 0 001 @ 00000006 n 0000 | the people of a city\n"
        "00000010 15 n 01 metropolis 0 001 @ 00000006 n 0000 | a large city's people\n",
    )
    assert wordnet.sister_terms("City") == ["metropolis", "town", "village"]  # a synonym is no sister
    assert wordnet.sister_terms("city", first_only=True) == ["town", "village"]
    assert wordnet.sister_terms("village") == ["city", "municipality", "town"]
    assert wordnet.sister_terms("hamlet") == []


def _recording(seen: list[str]) -> Callable[[Sequence[str]], np.ndarray]:
    def embed(texts: Sequence[str]) -> np.ndarray:
        seen.extend(texts)
        return _always_similar(list(texts))

    return embed


def test_runs_that_differ_in_function_words_are_not_compared_by_their_vectors() -> None:
    def run(text: str) -> tuple[Token, ...]:
        return tuple(Token(w, w) for w in text.split())

    assert comparable(run("known as"), run("called")) and comparable(run("headquartered"), run("based"))
    assert comparable(run("made up"), run("consists")) and comparable(run("known for"), run("famous for"))
    for left, right in (("before", "after"), ("over", "under"), ("many", "numerous"), ("is", "was"),
                        ("known for", "known against"), ("native of", "born in")):  # fmt: skip
        assert not comparable(run(left), run(right)), (left, right)
    premise = read_template("The company was founded before the war.")
    claim = read_template("The company was founded after the war.")
    assert premise is not None and claim is not None
    assert align(claim, premise, _always_similar, 0.9, None, _no_antonyms) is None  # however close the vectors


def test_a_replaced_run_is_embedded_with_the_words_around_it() -> None:
    premise = read_template('"Touch" is a song by British girl group Little Mix.')
    claim = read_template('"Touch" is a track by British girl group Little Mix.')
    assert premise is not None and claim is not None
    seen: list[str] = []
    found = align(claim, premise, _recording(seen), 0.9, None, _no_antonyms)
    assert found is not None and found.replaced == (("track", "song"),)
    # three words either side, as written, articles left out as the template leaves them out
    assert seen == ["Touch is track by British girl", "Touch is song by British girl"]
    assert align(claim, premise, _never_similar, 0.9, None, _no_antonyms) is None  # the windows differ: cosine decides


def test_the_installed_wordnet_knows_the_hypernyms_the_answers_rely_on() -> None:
    wordnet = load_wordnet()
    if wordnet is None:
        pytest.skip("WordNet 3.0 is not installed (Debian: apt install wordnet-base)")
    known = (("novelist", "author"), ("poet", "writer"), ("actor", "person"), ("magazine", "publication"))
    for specific, general in known:
        assert wordnet.is_a(specific, general), (specific, general)
    assert not wordnet.is_a("author", "novelist") and not wordnet.is_a("actor", "magazine")
