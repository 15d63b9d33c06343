"""The rule-based English → FOL translation and the symbols of the offline method."""

from __future__ import annotations

import numpy as np
import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.verification.claims import is_polarity_only, split_text, strip_polarity
from graphproof.verification.english import EnglishTranslator
from graphproof.verification.fol import parse_formula
from graphproof.verification.symbols import SymbolTable, name_key, phrase_key

PREMISES = [
    "All rabbits are cute.",
    "An animal is either a rabbit or a squirrel.",
    "If something is skittish, then it is not still.",
    "All squirrels are skittish.",
    "Rock is still.",
    "No young person teaches.",
    "Everyone who lost to Iga Swiatek is ranked highly.",
    "Some turtles exist.",
    "James is a student working in the lab.",
    "Bonnie either attends the school or teaches.",
]


def render(sentence: str, texts: list[str] | None = None) -> str | None:
    translator = EnglishTranslator.for_texts(texts or [*PREMISES, sentence])
    node = translator.translate(sentence)
    if node is None:
        return None
    text = SymbolTable().render(node)
    parse_formula(text, lenient=False)  # every rendering is valid NLTK syntax
    return text


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("All rabbits are cute.", "all x.(Rabbit(x) -> Cute(x))"),
        ("An animal is either a rabbit or a squirrel.", "all x.(Rabbit(x) | Squirrel(x))"),
        ("If something is skittish, then it is not still.", "all x.(Skittish(x) -> -Still(x))"),
        ("Rock is still.", "Still(rock)"),
        ("No young person teaches.", "all x.(Young(x) -> -Teach(x))"),
        ("Everyone who lost to Iga Swiatek is ranked highly.", "all x.(LoseToIgaSwiatek(x) -> RankHigh(x))"),
        ("Some turtles exist.", "exists x.Turtl(x)"),
        ("James is a student working in the lab.", "(Student(jame) & WorkInLab(jame))"),
        ("Rock is a turtle or cute.", "(Turtl(rock) | Cute(rock))"),
        ("Rock is neither a turtle nor cute.", "(-Turtl(rock) & -Cute(rock))"),
    ],
)
def test_patterns(sentence: str, expected: str) -> None:
    rendered = render(sentence)
    assert rendered is not None
    # constants are name keys ("james" → "james"); compare modulo the stemmed constant spelling
    assert rendered.replace("james", "jame") == expected


def test_either_or_about_a_named_individual_is_exclusive() -> None:
    rendered = render("Bonnie either attends the school or teaches.")
    assert rendered == "((AttendSchool(bonni) | Teach(bonni)) & -(AttendSchool(bonni) & Teach(bonni)))".replace(
        "bonni", "bonnie"
    )


def test_pronouns_and_definite_descriptions_refer_back_in_a_conditional() -> None:
    # "very" is kept: "very fluffy" and "fluffy" are different conditions (``symbols.DEGREE_WORDS``)
    assert render("If a koala is very fluffy, then the koala is not a quokka.") == "all x.(VeryFluffi(x) -> -Quokka(x))"
    assert render("If an animal barks, then Jane does not like it.") == "all x.(Bark(x) -> -Like(jane, x))"


def test_a_claim_keeps_its_subject_noun_where_a_premise_reads_a_bare_one_as_the_domain() -> None:
    """A premise rule reads a bare generic subject noun as the domain (FOLIO's reading: "If a cartoon character is
    funny, …"); one with a name or a preposition in it says which things ("a design by Max") and stays a
    condition, and a claim keeps every noun: "A design by Max is evocative" is not "everything is evocative"."""
    texts = ["If a cartoon character is funny, then it is popular.", "If a design by Max is timeless, then it is "
             "evocative.", "A design by Max is evocative."]  # fmt: skip
    translator = EnglishTranslator.for_texts(texts)
    bare, named, claim = (translator.translate(t, claim=i == 2) for i, t in enumerate(texts))
    assert SymbolTable().render(bare) == "all x.(Funni(x) -> Popular(x))"  # type: ignore[arg-type]
    assert SymbolTable().render(named) == "all x.((DesignByMax(x) & Timeless(x)) -> Evoc(x))"  # type: ignore[arg-type]
    assert SymbolTable().render(claim) == "all x.(DesignByMax(x) -> Evoc(x))"  # type: ignore[arg-type]


def test_a_noun_with_something_is_a_noun_that_has_it() -> None:
    """"mammals with no teeth" reads as mammals that have no teeth, the way "Platypus have no teeth" reads; a
    name with "with" in it stays one name."""
    texts = ["Platypus have no teeth.", "Platypus are mammals with no teeth.", "Gone with the Wind is a film.",
             "All films with a happy ending are popular."]  # fmt: skip
    have, with_, name, rule = (render(t, texts) for t in texts)
    assert have == "all x.(Platypus(x) -> -Tooth(x))"
    assert with_ == "all x.(Platypus(x) -> (Mammal(x) & -Tooth(x)))"
    assert name == "Film(gone_with_the_wind)"
    assert rule == "all x.((Film(x) & HappiEnd(x)) -> Popular(x))"


def test_either_both_or_neither_is_all_or_none_of_the_two_parts() -> None:
    """"S either both P and Q, or neither P nor Q": the "neither" side says where the "both" side splits."""
    texts = ["Ben is either yellow and ugly or neither yellow nor ugly.",
             "James is either a manager and appears in the company today or neither a manager nor appears in the "
             "company today.",
             "Luke is either both a twin or triplet and develops strong bonds, or he neither is a twin or triplet nor "
             "develops strong bonds."]  # fmt: skip
    ben, james, luke = (render(t, texts) for t in texts)
    assert ben == "((Yellow(ben) & Ugli(ben)) | (-Yellow(ben) & -Ugli(ben)))"
    assert james == (
        "((Manag(james) & AppearInCompaniToday(james)) | (-Manag(james) & -AppearInCompaniToday(james)))"
    )
    assert luke == (
        "(((Twin(luke) | Triplet(luke)) & DevelopStrongBond(luke)) | (-(Twin(luke) | Triplet(luke)) & "
        "-DevelopStrongBond(luke)))"
    )
    # the two sides name different things: the plain exclusive "either … or" reading, as before
    assert render("Ben is either yellow and ugly or neither green nor tall.") == (
        "(((Yellow(ben) & Ugli(ben)) | (-Green(ben) & -Tall(ben))) & -((Yellow(ben) & Ugli(ben)) & (-Green(ben) & "
        "-Tall(ben))))"
    )


def test_a_verbless_either_or_premise_names_the_kinds_of_things_and_is_never_a_claim() -> None:
    """FOLIO's "Either female players at X or male players at X." says every thing of the story is one of the two
    kinds; a claim of that shape would drop its domain, so it has no reading; "Either Tom is happy or …" has verbs
    and is not read this way."""
    texts = ["Either female players at Roland Garros or male players at Roland Garros.",
             "Either Zaha Hadid's design style or Kelly Wearstler's design style.", "Either Tom runs or Ann walks."]
    translator = EnglishTranslator.for_texts(texts)
    players, styles, clauses = texts
    assert render(players, texts) == "all x.(FemalPlayerAtRolandGarro(x) | MalePlayerAtRolandGarro(x))"
    assert render(styles, texts) == "all x.(ZahaHadidDesignStyle(x) | KelliWearstlerDesignStyle(x))"
    assert translator.translate(players, claim=True) is None
    assert render(clauses, texts) is None


def test_sentences_without_a_pattern_give_none() -> None:
    assert render("Either Tom is happy or Ann is sad.") is None
    assert EnglishTranslator().translate("") is None


def test_phrase_keys_normalise_inflection_but_keep_negation_prepositions_modals_and_names() -> None:
    assert phrase_key("performs in school talent shows often") == phrase_key("perform in school talent shows often")
    assert phrase_key("sold more than one million copies") == phrase_key("sells more than one million copies")
    assert phrase_key("flies to LGA") != phrase_key("flies from LGA")
    assert phrase_key("can compose") != phrase_key("compose")
    assert "not" not in phrase_key("wrote Symphony No. 9")
    assert name_key("The Legend of Zelda") == name_key("the Legend of Zelda") == "legend of zelda"


def test_equivalences_link_similar_symbols_but_never_minimal_pairs() -> None:
    table = SymbolTable()
    table.render(EnglishTranslator().translate("Tom flies to LGA airport.") or _fail())
    table.render(EnglishTranslator().translate("Tom flies from LGA airport.") or _fail())
    table.constant("Ken Loach")
    table.constant("Kenneth Loach")
    table.constant("film director")
    table.constant("movie director")
    table.constant("Rome 1960")
    table.constant("Rome 1961")

    def identical(texts: object) -> np.ndarray:  # every text the same vector: similarity 1 for every pair
        return np.ones((len(texts), 4), dtype=np.float32) / 2  # type: ignore[arg-type]

    axioms = [formula for formula, _ in table.equivalences(identical, constant_threshold=0.9, predicate_threshold=0.9)]
    assert not any("FliTo" in a and "FliFrom" in a for a in axioms)
    embedder = HashingEmbedder()
    linked = table.equivalences(lambda t: embedder.embed(list(t)), constant_threshold=0.4, predicate_threshold=0.99)
    # names only by alias, common nouns by similarity, never anything with a number
    assert [formula for formula, _ in linked] == ["(ken_loach = kenneth_loach)", "(film_director = movie_director)"]
    assert not any("rome" in formula for formula in axioms)


def test_modified_nouns_entail_their_heads_and_doing_entails_being_able() -> None:
    table = SymbolTable()
    for sentence in ["Tom is an eastern wild turkey.", "All wild turkeys are birds.", "All birds fly.",
                     "If something can fly, then it has wings."]:  # fmt: skip
        table.render(EnglishTranslator().translate(sentence) or _fail())
    subsumptions = [f for f, _ in table.subsumptions()]
    assert "all x.(EasternWildTurkey(x) -> WildTurkey(x))" in subsumptions
    assert [f for f, _ in table.possibilities()] == ["all x.(Fli(x) -> CanFli(x))"]


def test_a_noun_phrase_entails_itself_with_fewer_modifiers_the_head_kept() -> None:
    table = SymbolTable()
    for sentence in ["Rex is a private Jesuit Catholic research university.", "Ann is a private research university.",
                     "Bo is a Catholic private university.", "Cy is a private Jesuit college.",
                     "Di is a former state research university.", "Ed is a state university."]:  # fmt: skip
        table.render(EnglishTranslator().translate(sentence) or _fail())
    # the phrases with fewer modifiers are entailed when they keep the head noun and the order, and not past "former"
    assert [f for f, _ in table.subsumptions()] == [
        "all x.(PrivatJesuitCatholResearchUniversiti(x) -> PrivatResearchUniversiti(x))"
    ]


def test_claim_splitting() -> None:
    glued = "Arthur's Magazine was a periodical in the 19th century.First for Women is a magazine."
    assert split_text(glued) == [
        "Arthur's Magazine was a periodical in the 19th century.",
        "First for Women is a magazine.",
    ]
    assert split_text("[BG] Strikers are soccer players.") == ["Strikers are soccer players."]
    assert is_polarity_only("Yes.") and not is_polarity_only("Yes, it is.")
    assert strip_polarity("No, only the Grasshopper is a drink.") == "only the Grasshopper is a drink."


def _fail() -> None:
    raise AssertionError("the sentence should translate")


def test_a_list_of_a_kind_names_each_item_as_that_kind() -> None:
    sentence = "A list of residential colleges at Yale: Berkeley College, Pierson College, and Trumbull College."
    out = render(sentence)
    assert out is not None
    for item in ("berkeley_college", "pierson_college", "trumbull_college"):
        assert f"ResidentiCollegAtYale({item})" in out
    assert out.count(" & ") == 2
    # a list holding anything but names is left to the other readings
    assert render("A list of chores: washing the dishes, and cooking.") != (
        "(Chore(washing_the_dishes) & Chore(cooking))"
    )
    # a claim never reads a list this way
    claim = EnglishTranslator.for_texts([sentence]).translate(sentence, claim=True)
    assert claim is None or SymbolTable().render(claim) != out


def test_an_existential_subject_is_a_conjunction_not_an_implication() -> None:
    translator = EnglishTranslator.for_texts(["A private university moved to New Haven."])
    node = translator.translate("A private university moved to New Haven.", claim=True)
    assert node is not None
    out = SymbolTable().render(node)
    assert out.startswith("exists x.(") and "->" not in out and " & " in out
    some = render("Some politician was part of the parliament.")
    assert some is not None and some.startswith("exists x.(") and "->" not in some


def test_when_before_a_bare_ing_word_modifies_the_verb_and_opens_no_clause() -> None:
    sentence = "Every shooter who can jump when shooting is a great shooter."
    assert render(sentence) == "all x.((Shooter(x) & CanJumpShoot(x)) -> GreatShooter(x))"
    conditional = render("Tom is happy when Ann sings.", ["Tom is happy when Ann sings.", "Ann sings."])
    assert conditional is not None and "->" in conditional and "ann" in conditional


def test_a_nor_with_no_negation_before_it_is_not_read_and_goes_is_go() -> None:
    from graphproof.verification.english import _stray_nor

    assert not _stray_nor("He neither runs nor walks.")
    assert not _stray_nor("He does not run, nor does he walk.")
    assert _stray_nor("He is a cook or he is a baker nor a farmer.")
    assert render("Tom is a cook or he is a baker nor a farmer.") is None
    assert phrase_key("goes out") == phrase_key("go out") and phrase_key("does") == phrase_key("do")


def test_a_semicolon_inside_a_parenthesis_with_a_stray_bracket_does_not_end_the_claim() -> None:
    from graphproof.verification.claims import split_text

    text = "Patrice Leconte (] ; born 12 November 1947) is a French film director; he lives in Paris."
    assert split_text(text) == ["Patrice Leconte (] ; born 12 November 1947) is a French film director",
                                "he lives in Paris."]  # fmt: skip


def test_both_is_said_of_each_name_and_a_title_keeps_its_lower_case_words() -> None:
    # "A and B are both X" is X(a) & X(b), not X said of one constant "a_and_b" or a predicate "BothX"
    assert render("Vogue and First for Women are both women's magazines.") == (
        "(WomenMagazin(vogue) & WomenMagazin(first_for_women))"
    )
    assert render("Bob and Ann both play chess.") == "(PlayChess(bob) & PlayChess(ann))"
