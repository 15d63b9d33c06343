"""The offline method (no LLM): rule-based readings, canonical symbols and Prover9, end to end."""

from __future__ import annotations

import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.verification.english import EnglishTranslator
from graphproof.verification.frames import FrameReader
from graphproof.verification.grounding import ClaimResult, Passage, verdict_of
from graphproof.verification.lexical import LexicalVerifier
from graphproof.verification.offline import OFFLINE_NOTE, OfflineVerifier

RABBITS = [
    Passage("c1", "All rabbits are cute. An animal is either a rabbit or a squirrel."),
    Passage("c2", "If something is skittish, then it is not still. All squirrels are skittish."),
    Passage("c3", "Rock is still."),
]
MAGAZINES = [
    Passage(
        "k1",
        "Arthur's Magazine (1844–1846) was an American literary periodical published in Philadelphia in the 19th "
        "century.First for Women is a woman's magazine published by Bauer Media Group in the USA.",
    )
]


@pytest.fixture(scope="module")
def verifier() -> OfflineVerifier:
    return OfflineVerifier(HashingEmbedder(), constant_threshold=0.9, predicate_threshold=0.95)


def test_a_claim_proved_by_a_chain_of_rules_names_its_chunks(verifier: OfflineVerifier) -> None:
    report = verifier.check("Is Rock cute?", RABBITS, "Rock is cute.")
    assert report.verdict == "grounded" and report.note == OFFLINE_NOTE
    (claim,) = report.claims
    assert claim.status == "proved" and claim.formula == "Cute(rock)"
    assert set(claim.premises) == {"c1", "c2", "c3"}
    assert "Cute(rock)" in claim.proof


def test_a_contradicted_claim_is_refuted_and_the_answer_hallucinated(verifier: OfflineVerifier) -> None:
    report = verifier.check("Is Rock cute?", RABBITS, "Rock is cute. Rock is a squirrel.")
    assert [c.status for c in report.claims] == ["proved", "refuted"]
    assert report.verdict == "hallucinated"


FOUNDED = [Passage("k1", "Arthur's Magazine was started in 1844. First for Women was started in 1989.")]
QUESTION = "Which magazine was started first, Arthur's Magazine or First for Women?"


def test_an_unsupported_claim_is_unknown_and_says_which_symbols_are_missing(verifier: OfflineVerifier) -> None:
    report = verifier.check("Who publishes First for Women?", MAGAZINES, "First for Women is published by Hearst.")
    (claim,) = report.claims
    assert report.verdict == "hallucinated" and claim.status == "unknown"
    assert "no premise mentions" in claim.reason and "hearst" in claim.reason


def test_a_comparison_is_proved_from_the_two_founding_years_whatever_the_answer_form(
    verifier: OfflineVerifier,
) -> None:
    for answer in ("Arthur's Magazine was started first.", "Arthur's Magazine"):
        report = verifier.check(QUESTION, FOUNDED, answer)
        assert report.verdict == "grounded", (answer, report.claims)
        assert "Before(v1, v2)" in report.claims[0].formula and report.claims[0].premises == ("k1",)
    for answer in ("First for Women", "First for Women was started first."):
        wrong = verifier.check(QUESTION, FOUNDED, answer)
        assert wrong.verdict == "hallucinated" and wrong.claims[0].status == "refuted", (answer, wrong.claims)
        assert wrong.claims[0].reason.startswith("contradicted by k1")


def test_a_bare_name_is_not_proved_by_being_named_in_the_chunks_or_the_question(verifier: OfflineVerifier) -> None:
    """The old naming reading proved any name written in the context; without the founding years nothing follows."""
    report = verifier.check(QUESTION, MAGAZINES, "First for Women")
    assert report.verdict == "hallucinated" and report.claims[0].status != "proved"
    assert verifier.check(QUESTION, MAGAZINES, "Arthur's Magazine").claims[0].status != "proved"


def test_a_claim_is_proved_only_when_all_of_it_is_entailed(verifier: OfflineVerifier) -> None:
    chunks = [Passage("c1", "Marie Curie won the Nobel Prize in Physics in 1903.")]
    question = "Which prize did Marie Curie win?"
    wrong = verifier.check(question, chunks, "Marie Curie won the Nobel Prize in Chemistry in 1911.")
    assert wrong.verdict == "hallucinated" and wrong.claims[0].status != "proved"
    assert verifier.check(question, chunks, "Marie Curie won the Nobel Prize.").verdict == "grounded"
    changed_year = verifier.check(question, chunks, "Marie Curie won the Nobel Prize in Physics in 1904.")
    assert changed_year.claims[0].status == "refuted"


def test_an_explicit_negation_refutes_the_positive_claim(verifier: OfflineVerifier) -> None:
    chunks = [Passage("c1", "Alice Brown does not own a car.")]
    report = verifier.check("Does Alice Brown own a car?", chunks, "Alice Brown owns a car.")
    assert report.verdict == "hallucinated" and report.claims[0].status == "refuted"
    assert "contradicted by c1" in report.claims[0].reason
    assert verifier.check("Does Alice Brown own a car?", chunks, "yes").claims[0].status == "refuted"
    assert verifier.check("Does Alice Brown own a car?", chunks, "no").verdict == "grounded"


def test_a_changed_date_is_refuted_and_the_stated_one_proved_in_any_form(verifier: OfflineVerifier) -> None:
    chunks = [Passage("c1", 'Allison Beth "Allie" Goertz (born March 2, 1991) is an American musician.')]
    question = "When was Allie Goertz born?"
    assert verifier.check(question, chunks, "March 2, 1991").verdict == "grounded"
    assert verifier.check(question, chunks, "Allie Goertz was born in 1991.").verdict == "grounded"
    for answer in ("March 3, 1991", "Allie Goertz was born on March 2, 1992."):
        report = verifier.check(question, chunks, answer)
        assert report.claims[0].status == "refuted", (answer, report.claims)


def test_yes_no_answers_are_the_question_as_a_statement(verifier: OfflineVerifier) -> None:
    chunks = [Passage("c1", "Alice is an American singer. Bob is an American actor.")]
    assert verifier.check("Are Alice and Bob both American?", chunks, "yes").verdict == "grounded"
    assert verifier.check("Are Alice and Bob both American?", chunks, "No.").verdict == "hallucinated"
    assert verifier.check("Are Alice and Bob both American?", chunks, "Yes, they are.").verdict == "grounded"
    report = verifier.check("Are Alice and Bob both American?", chunks, "No, Bob is an American actor.")
    assert [(c.claim, c.status) for c in report.claims] == [
        ("Alice and Bob are both American", "refuted"),  # the "No" is a claim, not a word to drop
        ("Bob is an American actor", "proved"),
    ]
    report = verifier.check("Who is American?", chunks, "No other singer is American.")
    assert report.claims[0].claim == "No other singer is American"  # a determiner, not an answer's "no"


def test_a_voice_change_is_proved_and_a_swapped_name_is_not(verifier: OfflineVerifier) -> None:
    chunks = [Passage("c1", "The company was founded by John Smith in 1990. Mary Jones joined it later.")]
    for answer in ("John Smith founded the company.", "John Smith"):
        assert verifier.check("Who founded the company?", chunks, answer).verdict == "grounded", answer
    assert verifier.check("Who founded the company?", chunks, "Mary Jones").verdict == "hallucinated"


def test_a_bare_answer_with_no_fillable_slot_is_unknown_and_says_why(verifier: OfflineVerifier) -> None:
    report = verifier.check("", MAGAZINES, "Arthur's Magazine")
    assert report.verdict == "hallucinated" and report.claims[0].status == "unknown"
    assert "could not be read" in report.claims[0].reason


def test_negated_sentences_are_not_read_as_positive_facts(verifier: OfflineVerifier) -> None:
    chunks = [Passage("c1", "Adam Smith did not invite Li Hua.")]
    report = verifier.check("Who did Adam invite?", chunks, "Adam Smith invited Li Hua.")
    assert report.verdict == "hallucinated" and report.claims[0].status == "refuted"


def test_verdict_rule() -> None:
    proved, unknown, error = (ClaimResult("a", "proved"), ClaimResult("b", "unknown"), ClaimResult("c", "error"))
    assert verdict_of([proved]) == "grounded"
    assert verdict_of([proved, unknown, error]) == "hallucinated"
    assert verdict_of([proved, error]) == "undecided"
    assert verdict_of([]) == "undecided"


def test_lexical_baseline_flags_new_content_words_only() -> None:
    lexical = LexicalVerifier()
    assert lexical.check("Which magazine?", MAGAZINES, "Arthur's Magazine").verdict == "grounded"
    question = "Which magazine was started first?"
    assert lexical.check(question, MAGAZINES, "First for Women was started first.").verdict == "grounded"
    flagged = lexical.check("Which magazine?", MAGAZINES, "Hot Rod Magazine")
    assert flagged.verdict == "hallucinated" and "hot, rod" in flagged.claims[0].reason
    assert lexical.check("Is it?", MAGAZINES, "Yes").verdict == "grounded"


def test_a_comparison_over_something_that_is_not_an_event_is_unknown_not_an_error(verifier: OfflineVerifier) -> None:
    chunks = [Passage("c1", "Glenn Hughes is an English bassist. Ross Lynch is an American bassist.")]
    report = verifier.check("Who is more famous, Glenn Hughes or Ross Lynch?", chunks, "Glenn Hughes is more famous.")
    assert report.claims[0].status == "unknown" and "comparison" in report.claims[0].reason


def test_a_conditional_claim_is_read_as_a_rule_not_as_a_clause_about_if_yuri(verifier: OfflineVerifier) -> None:
    """"If Yuri is not an American basketball player, then Yuri is a basketball player" is a rule: the chunks say
    Yuri is no basketball player (so not an American one), so it is refuted. Read as one clause whose subject is
    "If Yuri" it was a negative atom the same chunks proved."""
    chunks = [Passage("p1", "All basketball players are tall. If someone is tall, they wear large shoes."),
              Passage("p2", "Yuri does not wear large shoes.")]  # fmt: skip
    claim = "If Yuri is not an American basketball player, then Yuri is a basketball player."
    report = verifier.check("", chunks, claim)
    assert [c.status for c in report.claims] == ["refuted"], report.claims
    assert "If" not in (report.claims[0].formula or "") and "if_yuri" not in (report.claims[0].formula or "")


def test_a_name_that_adds_a_description_or_a_larger_place_is_not_an_alias(verifier: OfflineVerifier) -> None:
    from graphproof.verification.symbols import _adds_only_names

    assert _adds_only_names({"goertz"}, "Allie Goertz")
    assert _adds_only_names({"onate"}, "Juan de Onate")
    assert not _adds_only_names({"steyr", "mannlicher"}, "Austrian firm Steyr Mannlicher")
    assert not _adds_only_names({"england"}, "London, England")
    chunks = [Passage("c1", "Steyr Mannlicher is based in Steyr.")]
    report = verifier.check("", chunks, "The Austrian firm Steyr Mannlicher is based in Steyr.")
    assert report.verdict == "hallucinated"
    assert verifier.check("", chunks, "Steyr Mannlicher is based in Steyr.").verdict == "grounded"


def test_a_plain_a_n_is_p_premise_keeps_its_noun_and_an_only_claim_is_not_read(verifier: OfflineVerifier) -> None:
    """FOLIO's domain reading ("An animal is either a rabbit or a squirrel": everything is one) is kept for
    disjunctions and rules; "A grasshopper is a drink." would otherwise make everything a drink."""
    chunks = [Passage("c1", "A grasshopper is a sweet drink. Tom is a farmer.")]
    assert verifier.check("", chunks, "Tom is a sweet drink.").verdict == "hallucinated"
    assert verifier.check("", chunks, "Only Tom is a farmer.").verdict == "hallucinated"
    assert verifier.check("", chunks, "Tom is a farmer.").verdict == "grounded"


def test_a_fronted_phrase_is_a_role_of_the_event_and_a_year_before_a_comma_is_a_year(
    verifier: OfflineVerifier,
) -> None:
    from graphproof.verification.values import find_values

    assert [f.value.kind for f in find_values("In 2007, he won.")] == ["year"]
    assert [f.value.kind for f in find_values("It cost 2,007,000 dollars.")] == ["number"]
    chunks = [Passage("c1", "Dora Vance is a singer. In 2007, she was inducted into the Hall of Fame.")]
    assert verifier.check("", chunks, "Dora Vance was inducted into the Hall of Fame.").verdict == "grounded"
    assert verifier.check("", chunks, "Dora Vance was inducted into the Hall of Fame in 2007.").verdict == "grounded"
    changed = verifier.check("", chunks, "Dora Vance was inducted into the Hall of Fame in 2009.")
    assert [c.status for c in changed.claims] == ["refuted"]


def test_a_place_with_its_region_is_not_the_region_and_a_longer_predicate_is_not_a_shorter_one() -> None:
    from graphproof.verification.frames import _places_joined

    assert _places_joined(["He", "lived", "in", "London", ",", "England"]) == ["He", "lived", "in", "London,England"]
    listed = ["He", "met", "Tom", ",", "Ann", "and", "Bob"]  # a list of names stays a list
    assert _places_joined(listed) == listed
    places = ["He", "lived", "in", "Paris", ",", "Tokyo", "and", "Rome"]
    assert _places_joined(places) == places
    from graphproof.verification.symbols import Symbol, SymbolTable

    table = SymbolTable()
    longer = Symbol("SpendLifeInLondonEngland", "pred", 1, ["spent his life in London England"])
    shorter = Symbol("SpendLifeInEngland", "pred", 1, ["spent his life in England"])
    assert table._minimal_pair(longer, shorter)
    assert not table._minimal_pair(
        Symbol("WriteNovel", "pred", 1, ["wrote novels"]), Symbol("AuthorNovel", "pred", 1, ["authored novels"])
    )


def test_a_stray_bracket_in_a_parenthesis_and_a_list_of_nouns_are_read(verifier: OfflineVerifier) -> None:
    # Wikipedia leads keep the "]" of a stripped pronunciation: "(] ; born …)" is still one parenthesis, and
    # "a French film director, actor, and screenwriter" says each of the three
    chunks = [Passage("c1", "Patrice Leconte (] ; born 12 November 1947) is a French film director, actor, comic "
                            "strip writer, and screenwriter.Simon Wincer (born 1943 in Sydney) is an Australian film "
                            "director and film producer.")]  # fmt: skip
    question = "Are both Simon Wincer and Patrice Leconte film directors?"
    assert verifier.check(question, chunks, "yes").verdict == "grounded"
    assert verifier.check(question, chunks, "no").claims[0].status == "refuted"
    assert verifier.check("", chunks, "Patrice Leconte was born in 1947.").verdict == "grounded"
    assert verifier.check("", chunks, "Patrice Leconte was born in 1948.").claims[0].status == "refuted"
    assert verifier.check("", chunks, "Patrice Leconte is a screenwriter.").verdict == "grounded"
    assert verifier.check("", chunks, "Patrice Leconte is a comic strip artist.").verdict != "grounded"


def test_a_list_of_adjectives_or_of_what_a_noun_is_part_of_is_not_a_list_of_nouns(verifier: OfflineVerifier) -> None:
    text = ("The flag is red, white and blue. Rex is a large, heavy, and slow animal. Ann is a member of Oxfam, "
            "Unicef, and the Red Cross. Tom is not a doctor, lawyer and teacher.")
    chunks = [Passage("c1", text)]
    for answer in ("The flag is red.", "Rex is a large animal.", "Ann is a Unicef.", "Tom is a lawyer."):
        assert verifier.check("", chunks, answer).verdict != "grounded", answer
    # "former" may hold for every noun of the list: Bob is not said to be a coach, nor Sam a manager
    former = [Passage("c2", "Bob is a former footballer, coach and manager. Sam is a former footballer and manager.")]
    for answer in ("Bob is a coach.", "Bob is a manager.", "Sam is a manager."):
        assert verifier.check("", former, answer).verdict != "grounded", answer
    own_article = [Passage("c3", "Sam is a former footballer and a manager.")]
    assert verifier.check("", own_article, "Sam is a manager.").verdict == "grounded"


def test_an_older_alternative_named_with_between_is_decided_from_birth_dates(verifier: OfflineVerifier) -> None:
    text = ("Kim Antonie Lode Clijsters (] ; born 8 June 1983) is a Belgian former professional tennis player."
            "Mary Pierce (born 15 January 1975) is a French retired tennis professional.")
    chunks = [Passage("c1", text)]
    question = "Between two tennis players Kim Clijsters and Mary Pierce, who is older?"
    assert verifier.check(question, chunks, "Mary Pierce").verdict == "grounded"
    assert verifier.check(question, chunks, "Kim Clijsters").claims[0].status == "refuted"
    for answer in ("Mary Pierce is eight years older.", "Kim Clijsters is two years younger.",
                   "Mary Pierce is much older."):  # how much is not read, so it is never proved
        assert verifier.check(question, chunks, answer).verdict != "grounded", answer


CULKIN = [Passage("k1", "Rory Culkin is an American actor. He was born in 1989 in New York City.")]


def test_a_claim_opening_with_a_pronoun_is_read_about_the_one_referent_the_chunks_give_it(
    verifier: OfflineVerifier,
) -> None:
    """"He" in the answer is whom "He" is in the chunks, when that is one subject; with two, it is unread."""
    proved = verifier.check("When was Rory Culkin born?", CULKIN, "He was born in 1989.")
    assert proved.claims[0].status == "proved"
    assert "rory_culkin" in proved.claims[0].formula
    assert verifier.check("", CULKIN, "He was born in 1975.").verdict != "grounded"
    two = [Passage("k1", CULKIN[0].text + " Tom Lane is a programmer. He was born in 1960 in Boston.")]
    unread = verifier.check("", two, "He was born in 1989.").claims[0]
    assert unread.status == "unknown" and "could not be read" in unread.reason


def test_the_kind_just_said_of_a_subject_refers_back_to_it(verifier: OfflineVerifier) -> None:
    """"The band" after "Lit is an American rock band" is Lit; "the singer" there is no one the chunks name."""
    band = [Passage("k1", "Lit is an American rock band, formed in 1995. The band recorded Zephyr Road in 1997.")]
    question = "Which band recorded Zephyr Road?"
    assert verifier.check(question, band, "Lit").claims[0].status == "proved"
    assert verifier.check(question, band, "Blink").verdict != "grounded"
    singer = [Passage("k1", "Lit is an American rock band, formed in 1995. The singer recorded Zephyr Road in 1997.")]
    assert verifier.check(question, singer, "Lit").verdict != "grounded"
    other = [Passage("k1", "Lit is an American rock band. Blink is a band too. The band recorded Zephyr Road.")]
    assert verifier.check(question, other, "Lit").verdict != "grounded"
    # an answer that opens with "The band" is read about the band the chunks mean, and also as written
    reworded = verifier.check("", band, "The band produced Zephyr Road in 1997.").claims[0]
    assert reworded.status == "unknown" and "Agent(e, lit)" in reworded.formula
    assert verifier.check("", band, "The band recorded Zephyr Road in 1999.").claims[0].status == "refuted"


def test_a_title_with_a_verb_in_it_is_no_verb_of_the_clause(verifier: OfflineVerifier) -> None:
    """"Has" in "Love Has Come for You" is part of the title, not the verb after the described subject."""
    chunks = [Passage("k1", "Polaris produced Love Has Come for You. Polaris was founded in 1944.")]
    question = "When was the company that produced Love Has Come for You founded?"
    assert verifier.check(question, chunks, "1944").claims[0].status == "proved"
    assert verifier.check(question, chunks, "1950").verdict != "grounded"


def test_a_coordinated_object_is_read_member_by_member(verifier: OfflineVerifier) -> None:
    # "hosted A and B" says it hosted each; "the Summer and Winter Olympics" shares its head noun; a comma list
    # closed by "and" is a list; each member of a claim's coordination must be proved on its own
    chunks = [Passage("c1", "Beijing hosted the 2008 Summer Olympics and the 2008 Summer Paralympics. Beijing has "
                            "hosted both the Summer and Winter Olympics. Montana includes the cities of Butte, "
                            "Helena, and Missoula.")]  # fmt: skip
    for answer in (
        "Beijing has hosted both the 2008 Summer Olympics and a winter olympics.",
        "Beijing hosted the Summer Olympics.",
        "Montana includes the city of Helena.",
        "Montana includes the cities of Missoula and Butte.",
    ):
        assert verifier.check("", chunks, answer).verdict == "grounded", answer
    for answer in (
        "Beijing hosted the 2008 Summer Olympics and the 2010 Winter Olympics.",
        "Beijing hosted the Summer Games and the 2008 Summer Olympics.",
        "Montana includes the cities of Butte and Boise.",
    ):
        assert verifier.check("", chunks, answer).verdict == "hallucinated", answer


def test_coordinated_values_stay_one_event_so_another_value_is_refuted(verifier: OfflineVerifier) -> None:
    chunks = [Passage("c1", "The festival was held in 1990 and 1994.")]
    assert verifier.check("", chunks, "The festival was held in 1994.").verdict == "grounded"
    assert [c.status for c in verifier.check("", chunks, "The festival was held in 1992.").claims] == ["refuted"]


def test_a_claim_about_an_indefinite_subject_needs_one_individual_with_every_property(
    verifier: OfflineVerifier,
) -> None:
    chunks = [Passage("c1", "Yale University is a private research university. Yale University moved to New Haven "
                            "in 1716. Brown University is a public university.")]  # fmt: skip
    proved = verifier.check("", chunks, "A private research university moved to New Haven.")
    assert proved.verdict == "grounded"
    assert proved.claims[0].formula.startswith("exists x1.")
    for answer in ("A public university moved to New Haven.", "A private research university moved to Boston."):
        report = verifier.check("", chunks, answer)
        assert report.verdict == "hallucinated", answer
        assert "x1" not in report.claims[0].reason  # a bound variable is not a symbol "no premise mentions"


def test_a_list_is_made_of_names_or_values_closed_by_and() -> None:
    from graphproof.verification.frames import _conjuncts, _listed

    def words(text: str) -> list[str]:
        return text.split(" ")

    assert _listed(words("met Tom , Ann , and Bob")) == words("met Tom and Ann , and Bob")
    assert _listed(words("met Tom , the baker , and Bob")) == words("met Tom , the baker , and Bob")  # apposition
    assert _listed(words("In VALUE0 , Smith , Jones and Brown"))[2] == ","  # a value and names: not one list
    shared = [["the", "Summer", "Olympics"], ["Winter", "Olympics"]]
    assert _conjuncts(words("the Summer and Winter Olympics")) == shared
    assert _conjuncts(words("France and the United Kingdom")) == [["France"], ["the", "United", "Kingdom"]]
    assert _conjuncts(words("and Bob")) == [["and", "Bob"]]


def test_a_relation_set_apart_by_before_after_over_under_is_not_proved_by_the_other(
    verifier: OfflineVerifier,
) -> None:
    # the analyzer drops these prepositions as stop words; the predicate keys keep them
    from graphproof.verification.symbols import phrase_key

    assert phrase_key("founded before the war") != phrase_key("founded after the war")
    assert phrase_key("sold over 300") != phrase_key("sold under 300")
    assert phrase_key("voted against the bill") != phrase_key("voted the bill")
    chunks = [Passage("c1", "The company was founded before the war. The senator voted against the bill.")]
    assert verifier.check("", chunks, "The company was founded before the war.").verdict == "grounded"
    for answer in ("The company was founded after the war.", "The senator voted the bill."):
        assert verifier.check("", chunks, answer).verdict == "hallucinated", answer


def test_a_place_written_with_its_region_places_the_subject_in_each_part(verifier: OfflineVerifier) -> None:
    chunks = [Passage("c1", "Boston College is a research university located in Chestnut Hill, Massachusetts. "
                            "Lee was not born in Paris, Texas.")]  # fmt: skip
    for place in ("Chestnut Hill", "Massachusetts", "Chestnut Hill, Massachusetts"):
        assert verifier.check("", chunks, f"Boston College is located in {place}.").verdict == "grounded", place
    assert verifier.check("", chunks, "Boston College is located in Boston.").verdict == "hallucinated"
    assert verifier.check("", chunks, "Boston College is located in Chestnut Hill, Ohio.").verdict == "hallucinated"
    # a negation says nothing of the region: "not born in Paris, Texas" is no "not born in Texas"
    assert verifier.check("", chunks, "Lee was born in Texas.").claims[0].status == "unknown"


def test_a_span_of_two_full_dates_after_a_name_is_a_life_for_who_was_born_first(verifier: OfflineVerifier) -> None:
    text = ("Odysseas Elytis (Greek: Οδυσσέας Ελύτης ; 2 November 1911 – 18 March 1996) was a Greek poet. "
            "Cornel Ronald West (born June 2, 1953) is an American philosopher.")  # fmt: skip
    chunks = [Passage("c1", text)]
    question = "Who was born first, Odysseas Elytis or Cornel West?"
    assert verifier.check(question, chunks, "Odysseas Elytis").verdict == "grounded"
    assert verifier.check(question, chunks, "Cornel West").claims[0].status == "refuted"
    years = [Passage("c1", "Arthur's Magazine (1844–1846) was a periodical. Ann Lee (born 1850) is a poet.")]
    older = verifier.check("Who was born first, Arthur's Magazine or Ann Lee?", years, "Arthur's Magazine")
    assert older.verdict == "hallucinated"  # a span of years is when a thing ran, not a life


def test_a_claim_that_restates_whole_chunk_sentences_word_for_word_is_proved_by_quotation(
    verifier: OfflineVerifier,
) -> None:
    from graphproof.verification.claims import sentences_of
    from graphproof.verification.quotation import quoted_sentences

    text = "Intro\n=====\n\nQuux parses logs.\n\n- fast\n\nIt is false that the earth is flat."
    sentences = sentences_of(text, "c1")
    assert quoted_sentences("Quux parses logs. - fast", sentences)  # two whole sentences, joined by the answer
    assert quoted_sentences("the earth is flat", sentences) is None  # a part of a sentence is no quotation
    assert quoted_sentences("Quux parses many logs.", sentences) is None  # a word added
    chunks = [Passage("c1", "Quux README\n===========\n\nThe quux package ships the qx and qy tools for logs.\n\n"
                            "Release notes for 2.18\n\nRelease notes for 2.16")]  # fmt: skip
    answer = "The quux package ships the qx and qy tools for logs. ----------- Release notes for 2.18"
    report = verifier.check("What does quux ship?", chunks, answer)
    assert [c.status for c in report.claims] == ["proved", "proved"], report.claims
    assert all(c.premises == ("c1",) for c in report.claims)
    changed = verifier.check("What does quux ship?", chunks, "The quux package ships the qx tool for logs.")
    assert changed.verdict == "hallucinated"  # a dropped word is no quotation


def test_readings_that_contradict_each_other_are_set_aside_not_left_to_prove_anything(
    verifier: OfflineVerifier,
) -> None:
    # two sentences of a chunk that contradict each other would make every claim "inconsistent"
    chunks = [Passage("c1", "Quux is a parser.\n\nQuux is not a parser.\n\nDora Vance was born in 1970.")]
    report = verifier.check("", chunks, "Dora Vance was born in 1970.")
    assert report.verdict == "grounded", report.claims
    assert report.details["set_aside"], report.details
    assert verifier.check("", chunks, "Dora Vance was born in 1971.").claims[0].status == "refuted"


def test_values_are_kept_apart_from_the_claims_values_only() -> None:
    from graphproof.verification.frames_fol import FrameRenderer
    from graphproof.verification.symbols import SymbolTable
    from graphproof.verification.values import find_values

    renderer = FrameRenderer(SymbolTable())
    for found in find_values("In 1990, 1991, 1992 and 1993 it grew."):
        renderer.arg(found.value)
    every = [a for a in renderer.value_axioms(order=False) if "!=" in a]
    assert len(every) == 6  # all pairs of four values
    focused = [a for a in renderer.value_axioms(order=False, focus={"v_1990"}) if "!=" in a]
    assert sorted(focused) == ["(v_1990 != v_1991)", "(v_1990 != v_1992)", "(v_1990 != v_1993)"]


FILM = [
    Passage(
        "k1",
        "Quill Harbor is a 2015 British mystery film directed by Dana Reyes, written by Omar Lindqvist and starring "
        "Ines Tallon and Pavel Orr.",
    )
]


def test_participles_after_a_by_phrase_are_about_what_the_first_is_about_not_about_its_agent(
    verifier: OfflineVerifier,
) -> None:
    proved = {
        ("Who directed Quill Harbor?", "Dana Reyes"),
        ("Who wrote Quill Harbor?", "Omar Lindqvist"),
        ("Who wrote Quill Harbor?", "Omar Lindqvist wrote Quill Harbor."),
    }
    for question, answer in proved:
        assert verifier.check(question, FILM, answer).verdict == "grounded", answer
    for question, answer in (
        ("Who wrote Dana Reyes?", "Omar Lindqvist"),  # the second participle is not about the first one's agent
        ("Who wrote Quill Harbor?", "Dana Reyes"),
        ("Who directed Quill Harbor?", "Omar Lindqvist"),
    ):
        assert verifier.check(question, FILM, answer).verdict == "hallucinated", answer



def test_a_film_starring_someone_is_a_film_they_starred_in(verifier: OfflineVerifier) -> None:
    for answer in ("Ines Tallon", "Pavel Orr", "Pavel Orr starred in Quill Harbor."):
        assert verifier.check("Which actor starred in Quill Harbor?", FILM, answer).verdict == "grounded", answer
    for answer in ("Dana Reyes", "Omar Lindqvist", "Ines Tallon directed Quill Harbor."):
        assert verifier.check("Which actor starred in Quill Harbor?", FILM, answer).verdict == "hallucinated", answer
    negated = [Passage("k", "Quill Harbor is a film not starring Ines Tallon.")]
    assert verifier.check("Who starred in Quill Harbor?", negated, "Ines Tallon").verdict != "grounded"

def test_a_kind_of_place_named_by_its_of_phrase_is_that_place(verifier: OfflineVerifier) -> None:
    text = "Boston College is a university located in the affluent village of Chestnut Hill, Massachusetts."
    chunks = [Passage("k", text)]
    question = "Where is Boston College located?"
    assert [c.status for c in verifier.check(question, chunks, "Chestnut Hill").claims] == ["proved"]
    assert [c.status for c in verifier.check(question, chunks, "Massachusetts").claims] == ["proved"]  # its region
    assert [c.status for c in verifier.check(question, chunks, "Newton").claims] == ["unknown"]
    # a negated frame places nothing
    negated = [Passage("k", "The museum is not located in the city of Paris.")]
    assert verifier.check("Where is the museum located?", negated, "Paris").verdict != "grounded"



def test_a_site_in_a_place_is_located_there_a_character_is_not(verifier: OfflineVerifier) -> None:
    question = "What city is the Bar Center located in?"
    chunks = [Passage("k", "The Bar Center is the largest private hospital in Boston, Massachusetts.")]
    assert [c.status for c in verifier.check(question, chunks, "Boston").claims] == ["proved"]
    assert [c.status for c in verifier.check(question, chunks, "Massachusetts").claims] == ["proved"]
    assert verifier.check(question, chunks, "Chicago").verdict == "hallucinated"
    character = [Passage("k", "Bart is a character in The Simpsons.")]
    assert verifier.check("Where is Bart located?", character, "The Simpsons").verdict == "hallucinated"
    negated = [Passage("k", "The Bar Center is not a hospital in Boston.")]
    assert verifier.check(question, negated, "Boston").verdict == "hallucinated"


def test_a_nationality_asked_with_of_is_the_adjective_said_of_each_name(verifier: OfflineVerifier) -> None:
    question = "Ann Lee and Bob Ray, is of which nationality?"
    both = [Passage("k", "Ann Lee is an English designer. Bob Ray is an English musician.")]
    assert verifier.check(question, both, "English").verdict == "grounded"
    one = [Passage("k", "Ann Lee is an English designer. Bob Ray is a French musician.")]
    assert verifier.check(question, one, "English").verdict == "hallucinated"

def test_both_is_said_of_each_coordinated_name_a_title_included(verifier: OfflineVerifier) -> None:
    # "A and B are both X" is X(a) & X(b); a title's lower-case word ("First for Women") stays inside its name
    chunks = [Passage("c1", "Vogue is a women's magazine. First for Women is a women's magazine. Wired is a "
                            "technology magazine.")]  # fmt: skip
    question = "Are Vogue and First for Women both women's magazines?"
    assert verifier.check(question, chunks, "yes").verdict == "grounded"
    assert verifier.check("", chunks, "Vogue and First for Women are both women's magazines.").verdict == "grounded"
    assert verifier.check("", chunks, "Vogue and Wired are both women's magazines.").verdict == "hallucinated"


def test_a_verb_phrase_after_and_is_about_the_clause_subject_and_a_shared_noun_about_each_name(
    verifier: OfflineVerifier,
) -> None:
    signed = [
        Passage(
            "k",
            "After the retirement of Ada Vance, the Gulls signed free agents Bo Lind and Cy Marr, and acquired "
            "Di Roe from the Owls in a trade.",
        )
    ]
    question = "Who did the Gulls sign?"
    for answer in (
        "The Gulls signed free agents Cy Marr and Bo Lind.",  # either order; "free agents" is said of both
        "The Gulls acquired Di Roe from the Owls.",  # the second verb phrase is the Gulls', not Cy Marr's
    ):
        assert verifier.check(question, signed, answer).verdict == "grounded", answer
    for answer in ("Cy Marr acquired Di Roe.", "The Gulls signed free agents Di Roe.", "The Owls acquired Di Roe."):
        assert verifier.check(question, signed, answer).verdict == "hallucinated", answer


def test_a_title_is_one_name_whatever_words_it_holds() -> None:
    texts = [
        "A Place in the Sun is the second studio album by the rock band Lit.",
        '"I Still Haven\'t Found What I\'m Looking For" is a song by the rock band U2.',
        "Mary Lee was born in Young and grew up in Ballina.",
    ]
    reader = FrameReader(EnglishTranslator.for_texts(texts))
    album, song, mary = (reader.read(t) for t in texts)
    assert album is not None and album[0].subject == "Place in Sun" and album[0].predicate == "second studio album"
    assert song is not None and not song[0].negated  # the title's "Haven't" negates nothing
    assert song[0].subject == "I Still Havent Found What Im Looking For"
    # a verb phrase after "and" in a passive clause is the subject's too
    assert mary is not None and [(f.predicate, f.roles) for f in mary] == [
        ("born", (("theme", "Mary Lee"), ("in", "Young"))),
        ("grew up", (("agent", "Mary Lee"), ("in", "Ballina"))),
    ]

def test_where_a_site_is_answered_with_its_place_is_located_there(verifier: OfflineVerifier) -> None:
    chunks = [Passage("k", "The Bar Center is the largest private hospital in Boston, Massachusetts.")]
    report = verifier.check("Where is the Bar Center?", chunks, "Boston")
    assert [(c.claim, c.status) for c in report.claims] == [("the Bar Center is in Boston", "proved")]
    assert verifier.check("Where is the Bar Center?", chunks, "Chicago").verdict == "hallucinated"
    said = [Passage("k", "The Bar Center is not in Chicago.")]
    assert [c.status for c in verifier.check("Where is the Bar Center?", said, "Chicago").claims] == ["refuted"]


def test_a_name_known_as_another_between_commas_is_one_individual(verifier: OfflineVerifier) -> None:
    chunks = [
        Passage("k1", "Lee Jun-fan, known professionally as Bruce Lee, was an actor."),
        Passage("k2", "Kato was portrayed by Bruce Lee in the series."),
    ]
    for answer in ("Lee Jun-fan portrayed Kato in the series.", "Lee Jun-fan was an actor.", "Bruce Lee was an actor."):
        assert verifier.check("Who played Kato?", chunks, answer).verdict == "grounded", answer
    for answer in ("Kato portrayed Lee Jun-fan in the series.", "Lee Jun-fan was a singer."):
        assert verifier.check("Who played Kato?", chunks, answer).verdict == "hallucinated", answer


def test_a_classification_into_kinds_is_not_every_kind_at_once(verifier: OfflineVerifier) -> None:
    chunks = [
        Passage("p1", "Learning algorithms can be categorized as supervised learning, unsupervised learning, and "
                      "reinforcement learning."),
        Passage("p2", "Reinforcement learning is not used to train the model."),
        Passage("p3", "The model is trained with learning algorithms."),
    ]  # fmt: skip
    report = verifier.check("", chunks, "Supervised learning is used to train the model.")
    assert [c.status for c in report.claims] != ["refuted"]  # nothing here says the model is not trained so


def test_predicates_that_name_different_people_are_never_linked_by_their_vectors() -> None:
    text = "Hot Feet is a musical that was choreographed by Maurice Hines. He is the brother of Gregory Hines."
    chunks = [Passage("k", text)]
    close = OfflineVerifier(HashingEmbedder(), constant_threshold=0.5, predicate_threshold=0.5)
    claim = "Hot Feet is a musical that was choreographed by Gregory Hines."
    assert close.check("Who choreographed Hot Feet?", chunks, claim).verdict == "hallucinated"


def test_what_is_in_a_place_is_in_the_region_the_text_writes_it_with(verifier: OfflineVerifier) -> None:
    chunks = [
        Passage("k1", "Rose Park is a historical urban park in the old district of Istanbul, Turkey."),
        Passage("k2", "Zog Lyceum is one of the remaining open Greek schools in Istanbul."),
    ]
    question = "Which country are Rose Park and Zog Lyceum located in?"
    report = verifier.check(question, chunks, "Turkey")
    assert [(c.claim, c.status) for c in report.claims] == [
        ("Rose Park and Zog Lyceum are located in Turkey", "proved")
    ]
    for answer in ("Greece", "Zog Lyceum is located in Greece.", "Istanbul is located in Zog Lyceum."):
        assert verifier.check(question, chunks, answer).verdict == "hallucinated", answer
    for answer in ("Zog Lyceum is a Greek school.", "Zog Lyceum is a remaining open Greek school in Istanbul."):
        assert verifier.check("What is Zog Lyceum?", chunks, answer).verdict == "grounded", answer  # one of them
    assert verifier.check("What is Zog Lyceum?", chunks, "Zog Lyceum is a Turkish school.").verdict == "hallucinated"


AIXAM = [Passage("k1", "Polaris purchased Aixam in 2013. Polaris is based in Roseau, Minnesota.")]


def test_an_individual_the_question_describes_is_some_one_of_whom_both_clauses_hold(verifier: OfflineVerifier) -> None:
    question = "Where is the company that purchased Aixam based?"
    report = verifier.check(question, AIXAM, "Roseau, Minnesota")
    assert report.verdict == "grounded"
    assert report.claims[0].formula.startswith("exists x1.") and "Agent(e, x1)" in report.claims[0].formula
    assert "Polaris" not in report.claims[0].claim  # proved through the bridge the chunks state, not by naming it
    for answer in ("Paris", "The company that purchased Aixam is based in Paris."):
        assert verifier.check(question, AIXAM, answer).verdict == "hallucinated", answer
    other = [Passage("k1", "Polaris purchased Aixam in 2013. Bombardier is based in Roseau, Minnesota.")]
    assert verifier.check(question, other, "Roseau, Minnesota").verdict == "hallucinated"  # no one individual
    for claim in ("The company that never purchased Aixam is based in Roseau, Minnesota.",
                  "The company that Aixam purchased is based in Roseau, Minnesota.",
                  "The first company that purchased Aixam is based in Roseau, Minnesota."):  # fmt: skip
        assert verifier.check("", AIXAM, claim).verdict == "hallucinated", claim


def test_a_described_individual_may_be_the_relative_clause_object_and_a_modified_head_is_claimed(
    verifier: OfflineVerifier,
) -> None:
    chunks = [Passage("k1", "Koularo lies in Mali. Mali has a population of 1 million.")]
    report = verifier.check("", chunks, "The country that Koularo lies in has a population of 1 million.")
    assert report.verdict == "grounded" and "RoleIn(e, x1)" in report.claims[0].formula
    river = [Passage("k1", "Koularo lies on the Niger. The Niger flows in Mali.")]
    question = "In which country does the river that Koularo lies on flow?"  # the subject runs past "lies on"
    report = verifier.check(question, river, "Mali")
    assert report.claims[0].claim == "the river that Koularo lies on does flow in Mali"
    assert report.verdict == "grounded"
    assert verifier.check(question, river, "Niger").verdict == "hallucinated"
    band = [Passage("k1", "Lit wrote Hello. Lit is a British rock band. Lit was formed in 1995.")]
    question = "In what year was the American rock band that wrote Hello formed?"
    report = verifier.check(question, band, "1995")
    assert report.verdict == "hallucinated"  # the chunks never say Lit is American
    assert "AmericanRockBand" in report.claims[0].reason
    band = [Passage("k1", "Lit wrote Hello. Lit is an American rock band. Lit was formed in 1995.")]
    assert verifier.check(question, band, "1995").verdict == "grounded"


def test_a_premise_is_read_without_its_trailing_participle_and_an_apposition_is_a_clause_of_its_own(
    verifier: OfflineVerifier,
) -> None:
    chunks = [Passage("k1", "Zeta Review is a journal published by Elsevier, encompassing biology, physics, and "
                            "clinical science.")]  # fmt: skip
    assert verifier.check("", chunks, "Zeta Review was published by Elsevier.").verdict == "grounded"
    for answer in ("Zeta Review is clinical science.", "Zeta Review was published by Elsevier encompassing biology."):
        assert verifier.check("", chunks, answer).verdict == "hallucinated", answer  # the list is no more of it
    chunks = [Passage("k1", "Kurt Weill was born in Dessau, the capital of Anhalt, in 1900. Peter Asher, a British "
                            "guitarist, produced the album.")]  # fmt: skip
    for answer in ("Kurt Weill was born in Dessau in 1900.", "Dessau is the capital of Anhalt.",
                   "Peter Asher produced the album.", "Peter Asher is a British guitarist."):  # fmt: skip
        assert verifier.check("", chunks, answer).verdict == "grounded", answer
    for answer in ("Kurt Weill was born in Anhalt in 1901.", "Peter Asher is an American guitarist."):
        assert verifier.check("", chunks, answer).verdict == "hallucinated", answer


@pytest.mark.parametrize(
    ("chunk", "unsupported", "supported"),
    [
        ("Zeta Review is a journal about biology, physics, and chemistry.", "Zeta Review is chemistry.",
         "Zeta Review is a journal."),
        ("Zeta Review is a journal published by Elsevier, known for biology and physics.", "Zeta Review is physics.",
         "Zeta Review was published by Elsevier."),
        ("Tom Hanks is the brother of Bob Hope, who founded Zeta Corp.", "Tom Hanks founded Zeta Corp.",
         "Tom Hanks is the brother of Bob Hope."),
        ("Tom Hanks was allegedly born in Boston.", "Tom Hanks was born in Boston.", None),
        ("Tom Hanks is a member of the band that formed in 1990.", "Tom Hanks formed in 1990.", None),
        ("Tom Hanks is older than Ann Lee but younger than Bob Hope.", "Tom Hanks is older than Bob Hope.", None),
        ("Tom Hanks, born in 1956, is an American actor.", "Tom Hanks was born in 1957.",
         "Tom Hanks is an American actor."),
        ("Tom Hanks is an actor, producer, and director, born in Concord.", "Tom Hanks is a producer in Concord.",
         "Tom Hanks was born in Concord."),
        ("Tom Hanks is an actor, producer, and director, born in Concord.", "Tom Hanks was born in Boston.",
         "Tom Hanks is a director."),
    ],
)  # fmt: skip
def test_a_list_inside_a_phrase_a_relative_after_a_name_and_a_hedge_prove_nothing_they_do_not_say(
    verifier: OfflineVerifier, chunk: str, unsupported: str, supported: str | None
) -> None:
    chunks = [Passage("k1", chunk)]
    assert verifier.check("", chunks, unsupported).verdict == "hallucinated"
    if supported is not None:
        assert verifier.check("", chunks, supported).verdict == "grounded"
