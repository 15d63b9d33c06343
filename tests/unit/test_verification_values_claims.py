"""Values (numbers, years, dates) and the claims a bare answer makes about its question."""

from __future__ import annotations

import pytest
from graphproof.text.wordnet_files import DEFAULT_WORDNET_DIR
from graphproof.verification.english import EnglishTranslator
from graphproof.verification.question_claims import ClaimBuilder
from graphproof.verification.values import Value, before, find_values, less, year_of


def keys(text: str) -> list[tuple[str, str]]:
    return [(f.value.kind, f.value.key) for f in find_values(text)]


def test_dates_written_three_ways_are_one_value_and_give_their_year() -> None:
    assert (
        keys("born March 2, 1991") == keys("born 2 March 1991") == keys("born 1991-03-02") == [("date", "1991-03-02")]
    )
    assert year_of(Value("date", "1991-03-02")) == Value("year", "1991")
    assert keys("(1844–1846)") == [("year", "1844"), ("year", "1846")]
    assert keys("1,200 people, 3.5 km, two albums, the 19th century") == [
        ("number", "1200"), ("number", "3.5"), ("number", "2"), ("number", "19")
    ]  # fmt: skip
    assert keys("the 1990s") == []  # a decade is not a year


def test_time_values_are_ordered_only_when_they_do_not_overlap() -> None:
    day, year = Value("date", "1991-03-02"), Value("year", "1991")
    assert before(Value("year", "1844"), Value("year", "1989")) is True
    assert before(Value("year", "1989"), Value("year", "1844")) is False
    assert before(day, year) is None and before(day, Value("year", "1992")) is True
    assert less(Value("number", "3"), Value("number", "12")) is True and less(day, year) is None
    assert Value("date", "1991-03-02").symbol == "v_1991_03_02" and Value("number", "3.5").symbol == "n_3_5"


@pytest.fixture(scope="module")
def builder() -> ClaimBuilder:
    return ClaimBuilder(EnglishTranslator.for_texts(["x"]))


@pytest.mark.parametrize(
    ("question", "answer", "claim"),
    [
        ("Which magazine was started first, Arthur's Magazine or First for Women?", "Arthur's Magazine",
         "Arthur's Magazine was started first"),
        ("Who founded the company?", "John Smith", "John Smith founded the company"),
        ("When was Allie Goertz born?", "March 2, 1991", "Allie Goertz was born in March 2, 1991"),
        ("What is the capital of France?", "Paris", "the capital of France is Paris"),
        ("Where was Obama born?", "Hawaii", "Obama was born in Hawaii"),
        ("Musician Allie Goertz wrote a song about Milhouse, who Matt Groening named after who?",
         "President Richard Nixon", "Matt Groening named Milhouse after President Richard Nixon"),
        ("The series first aired in what year?", "2006", "The series first aired in 2006"),
        ("Are Alice and Bob both American?", "yes", "Alice and Bob are both American"),
        ("Are both Alice Brown and Bob Gray film directors?", "yes",
         "Alice Brown and Bob Gray are both film directors"),
        ("Are both dogs and cats mammals?", "yes", "dogs and cats are both mammals"),
        ("Did both Carl Boese and Franco Zeffirelli direct films?", "yes",
         "Carl Boese and Franco Zeffirelli did direct films"),
        ("Are Jane and First for Women both women's magazines?", "yes",
         "Jane and First for Women are both women's magazines"),
        ("Are both Ann Lee and Bob Ray American?", "yes", "Ann Lee and Bob Ray are both American"),
        ("Is Paris French?", "yes", "Paris is French"),
        ("What year was the winner of the 2016 Marrakesh ePrix born?", "1988",
         "the winner of the 2016 Marrakesh ePrix was born in 1988"),
        ("Where is the company that purchased Aixam based in?", "Roseau",
         "the company that purchased Aixam is based in Roseau"),
        ("Where did the form of music played by Die Band originate?", "Ohio",
         "the form of music played by Die Band did originate in Ohio"),
        ("In which stadium do the teams owned by Myra Kraft's husband play?", "Gillette Stadium",
         "the teams owned by Myra Kraft's husband do play in Gillette Stadium"),
        ("What city are the two hospitals located in?", "Boston", "the two hospitals are located in Boston"),
        ("Which band has more members, Saint Motel or Curve?", "Saint Motel", "Saint Motel has more members"),
        ("What does the band release?", "albums", "the band does release albums"),
        # the part after the last comma opens with its verb or "and": its subject comes before the comma
        ("Gulhane Park and Zografeion Lyceum, are located in which country?", "Turkey",
         "Gulhane Park and Zografeion Lyceum are located in Turkey"),
        ("After the retirement of Jeff Hornacek, the Jazz signed John Starks, and who?", "Danny Manning",
         "the Jazz signed John Starks and Danny Manning"),
        # a capitalised answer with a verb-like word is a name, not a sentence; an -ing word before a noun modifies it
        ("Which song did Lit record?", "My Own Worst Enemy", "Lit did record My Own Worst Enemy"),
        # a statement the asker takes as given, then "but" and the question: only the question's clause is claimed
        ("Vogue and Wired are both magazines but which one is owned by Conde Nast?", "Wired",
         "Wired is owned by Conde Nast"),
        ("Ann and Bob both sing, but who was born first?", "Ann", "Ann was born first"),
        ("Ann Lee and Bob Ray, is of which nationality?", "English", "Ann Lee and Bob Ray is English"),
        ("Which band was founded first, Hole, the rock band that Ann Lee led, or The Wolfhounds?", "The Wolfhounds",
         "The Wolfhounds was founded first"),
        # a subject with a relative clause runs past the clause's own verb
        ("In which country does the river that Koularo lies on flow?", "Mali",
         "the river that Koularo lies on does flow in Mali"),
        # a name or a nationality is said of what it names
        ("What is the name of the Los Angeles resident who directed Doctor Strange?", "Scott Derrickson",
         "Scott Derrickson is the Los Angeles resident who directed Doctor Strange"),
        ("What is the nationality of the singer who wrote Early Work?", "American",
         "the singer who wrote Early Work is American"),
        # with do-support, "who" is the object when a verb follows the subject; the object comes before the verb's
        # first prepositional phrase, or last; "who" with no verb after is the subject
        ("Who did the tennis player ranked first defeat in the 2017 Barcelona Open?", "Dominic Thiem",
         "the tennis player ranked first did defeat Dominic Thiem in the 2017 Barcelona Open"),
        ("Whom did Mary Lee marry in 1990?", "John Smith", "Mary Lee did marry John Smith in 1990"),
        ("Who did the band sign with?", "Epitaph Records", "the band did sign with Epitaph Records"),
        ("What did Mary Lee name her dog?", "Rex", "Mary Lee did name her dog Rex"),
        # a lower-case name or a possessive phrase is the subject before a do-support question's verb; the asked
        # object goes after the verb, after its own preposition when another phrase follows, or after an
        # infinitive with no object of its own
        ("What file does tmux read at start?", "tmux.conf", "tmux does read tmux.conf at start"),
        ("Which option does gzip use to keep the input file?", "-k", "gzip does use -k to keep the input file"),
        ("When did glibc drop support for it?", "2.26", "glibc did drop support for it in 2.26"),
        ("What does mawk stand for?", "Mike's awk", "mawk does stand for Mike's awk"),
        ("What does Zstd's training mode produce?", "a dictionary", "Zstd's training mode does produce a dictionary"),
        ("Which file does Ninja look for by default when you run it?", "build.ninja",
         "Ninja does look for build.ninja by default when you run it"),
        ("Which packages do I need to install so that SASL works?", "sasl2-bin",
         "I do need to install sasl2-bin so that SASL works"),
        ("Which version do I need to regenerate the manual pages?", "1.79",
         "I do need 1.79 to regenerate the manual pages"),
        ("Who did the dishes?", "Bob Hope", "Bob Hope did the dishes"),
        ("Who was The Hobbit written by?", "J. R. R. Tolkien", "The Hobbit was written by J. R. R. Tolkien"),
        ("Where was The Messenger shot?", "Wales", "The Messenger was shot in Wales"),
        # a comma inside the clause does not end it: a date's year, a region after its place, a verb after an
        # adverb, a coordinated participle
        ("Gelatine was an airship piloted on September 19, 1905 by a pioneer aviator and what?", "barnstormer",
         "Gelatine was an airship piloted on September 19, 1905 by a pioneer aviator and barnstormer"),
        ("Hot Coffee, Mississippi shares a zipcode with a city of what population?", "2,586",
         "Hot Coffee, Mississippi shares a zipcode with a city of 2,586"),
        ("Benji is a drama film written, co-produced and directed by who?", "Brandon Camp",
         "Benji is a drama film written co-produced and directed by Brandon Camp"),
        # a wh-phrase in an apposition, or a place asked with "in which" after a name, is said of that name
        ("The Pantanal is a truck made by Troller Especiais S/A, a maker of vehicles in which country, from 2006?",
         "Brazil", "Troller Especiais S/A is a maker of vehicles in Brazil"),
        ("DeVito attended Nauset Regional High School located in North Eastham, in which state?", "Massachusetts",
         "North Eastham is in Massachusetts"),
        # "how much money" answered with a sum in its own unit; "who else"; a repeated article; a statement
        # before the question's sentence is kept in front, and only the question's sentence is filled
        ("Emma Kenney's film earned how much money?", "$268 million", "Emma Kenney's film earned $268 million"),
        ("How much money did the film earn?", "$268 million", "the film did earn $268 million"),
        ("How much money did the film earn?", "268 million", "the film did earn 268 million money"),
        ("Jonas Hummels is the brother of a footballer who plays for Germany, and who else?", "Bayern Munich",
         "Jonas Hummels is the brother of a footballer who plays for Germany and Bayern Munich"),
        ("Who else starred in the film?", "Bob Hope", "Bob Hope starred in the film"),
        ("What year did the the composer die?", "1950", "the composer did die in 1950"),
        ("Pauline Henry was the vocalist of a cover song. Which album was this song from?", "The Joshua Tree",
         "Pauline Henry was the vocalist of a cover song. this song was from The Joshua Tree"),
    ],
)  # fmt: skip
def test_a_bare_answer_fills_the_question_slot(builder: ClaimBuilder, question: str, answer: str, claim: str) -> None:
    (built,) = builder.claims(question, answer)
    assert built.text == claim and built.source == "question+answer" and not built.negated


@pytest.mark.parametrize(
    ("question", "answer", "claims"),
    [
        # the kind the question asks for, when it says more than a bare noun, is claimed of the answer too
        ("Which publishing company has published Bizarre?", "Dennis Publishing",
         ["Dennis Publishing has published Bizarre", "Dennis Publishing is a publishing company"]),
        ("What male actor starred in The Messenger?", "Robert Sheehan",
         ["Robert Sheehan starred in The Messenger", "Robert Sheehan is a male actor"]),
        # a verb no list names ("cast"), known to WordNet, before the name it takes
        ("Which 20th Century Fox film cast Zazie Beetz as Domino?", "Deadpool 2",
         ["Deadpool 2 cast Zazie Beetz as Domino", "Deadpool 2 is a 20th Century Fox film"]),
        ("Abraham Weinberg was a suspect in the killing of which Irish-American hitman?", "Vincent Coll",
         ["Abraham Weinberg was a suspect in the killing of Vincent Coll", "Vincent Coll is an Irish-American hitman"]),
        ("Which genus of moth in the world's largest country contains only one species?", "Crambidae",
         ["Crambidae contains only one species", "Crambidae is a genus of moth in the world's largest country"]),
        ("It helped the career of which young performer, and American actress?", "Carol Lawrence",
         ["It helped the career of Carol Lawrence", "Carol Lawrence is a young performer, and American actress"]),
        ("Mackenzie Davis appeared in which 2013 Canadian film directed by whom?", "Michael Dowse",
         ["Mackenzie Davis appeared in which 2013 Canadian film directed by Michael Dowse"]),
        ("Jess Weixler starred in which comedy-horror film directed by Mitchell Lichtenstein?", "Teeth",
         ["Jess Weixler starred in Teeth directed by Mitchell Lichtenstein", "Teeth is a comedy-horror film"]),
        # a bare noun, a time or place, a kind of something, a possessive, a choice: nothing more is claimed
        ("Which band has more members, Saint Motel or Curve?", "Saint Motel", ["Saint Motel has more members"]),
        ("Iqaluit Airport is based out of what country?", "Canada", ["Iqaluit Airport is based out of Canada"]),
        ("Jane's Addiction and Weeping Willows, play which genre of music?", "rock",
         ["Jane's Addiction and Weeping Willows play rock"]),
        ("The Penetrator was modified from a helicopter produced by what nation's military?", "United States",
         ["The Penetrator was modified from a helicopter produced by United States"]),
        ("What man, also known as Imi, created a self-defense system?", "Emrich Lichtenfeld",
         ["Emrich Lichtenfeld known as Imi, created a self-defense system"]),
        # a copula with no verb after its subject keeps the whole subject, not its first noun
        ("Where is the base of one of the three main British intelligence agencies?", "Cheltenham",
         ["the base of one of the three main British intelligence agencies is in Cheltenham"]),
        ("What nationality is the actress who played Trudy in the sitcom The Single Guy?", "American",
         ["the actress who played Trudy in the sitcom The Single Guy is American"]),
        ("What genre of music is the solo artist that contributed to Real Damage a variant of?", "synth-pop",
         ["the solo artist that contributed to Real Damage is a variant of synth-pop"]),
        ("What area is the species of spruce found in Rensselaer native to?", "North America",
         ["the species of spruce found in Rensselaer is native to North America"]),
        ("What retailer is the second-largest in the United States?", "Target",
         ["Target is the second-largest in the United States"]),
        # "how many" and "how far": the answer is the number, "many" and "far" go
        ("The largest ship of the class had how many gross register tons?", "56,551",
         ["The largest ship of the class had 56,551 gross register tons"]),
        ("The newspaper serves the town how far north of Manchester?", "19 mi",
         ["The newspaper serves the town 19 mi north of Manchester"]),
        ("How many stores are in the shopping centre?", "440", ["there are 440 stores in the shopping centre"]),
        ("The railway was built to use what kind of track?", "standard gauge track",
         ["The railway was built to use standard gauge track"]),
        ("Lit recorded an album in 1995, but what's their best known song?", "My Own Worst Enemy",
         ["their best known song is My Own Worst Enemy"]),
        # a list of names runs over its commas; "has" with an object is the verb, not an auxiliary
        ("Fast Cars, Danger, Fire and Knives includes guest appearances from which rapper?", "Jaime Meline",
         ["Fast Cars, Danger, Fire and Knives includes guest appearances from Jaime Meline"]),
        ("Alamgir joined Meesha Shafi, Strings, Ali Azmat and Shahzad Hasan as a judge on which show?", "Music Icons",
         ["Alamgir joined Meesha Shafi, Strings, Ali Azmat and Shahzad Hasan as a judge on Music Icons"]),
        ("Which album was this song from?", "The Joshua Tree", ["this song was from The Joshua Tree"]),
        ("What state has a Disney resort that Djuan Rivers was a manager at?", "Hawaii",
         ["Hawaii has a Disney resort that Djuan Rivers was a manager at"]),
    ],
)  # fmt: skip
def test_a_bare_answer_claims_all_the_question_asks(
    builder: ClaimBuilder, question: str, answer: str, claims: list[str]
) -> None:
    assert [c.text for c in builder.claims(question, answer)] == claims


def test_sentences_are_claims_as_written_and_no_negates_the_question(builder: ClaimBuilder) -> None:
    (sentence,) = builder.claims("Who founded the company?", "Mary Jones founded the company in 1990.")
    assert sentence.text == "Mary Jones founded the company in 1990" and sentence.source == "answer"
    (no,) = builder.claims("Does Alice own a car?", "No.")
    assert no.negated and no.text == "Alice does own a car"
    (unfilled,) = builder.claims("Tell me about magazines", "Arthur's Magazine")
    assert unfilled.text == "" and "no slot" in unfilled.why


def test_a_comparison_names_the_alternatives_whatever_the_answer_form(builder: ClaimBuilder) -> None:
    question = "Which magazine was started first, Arthur's Magazine or First for Women?"
    for answer in ("First for Women", "First for Women was started first."):
        (claim,) = builder.claims(question, answer)
        assert claim.comparison is not None and claim.comparison.relation == "Before"
        assert claim.comparison.winner == "First for Women was started"
        assert claim.comparison.others == ("Arthur's Magazine was started",)
    (older,) = builder.claims("Who is older, Alice or Bob?", "Alice")
    assert older.comparison is not None and older.comparison.winner == "Alice was born"


def test_between_two_names_is_a_choice_of_alternatives(builder: ClaimBuilder) -> None:
    (older,) = builder.claims("Between two tennis players Kim Clijsters and Mary Pierce, who is older?", "Mary Pierce")
    assert older.text == "Mary Pierce is older"
    assert older.comparison is not None and older.comparison.relation == "Before"
    assert older.comparison.winner == "Mary Pierce was born"
    assert older.comparison.others == ("Kim Clijsters was born",)
    (plain,) = builder.claims("Between meals, what does Alice eat?", "fruit")  # no names to choose between
    assert plain.comparison is None


def test_a_comparison_alternative_replaces_the_winner_as_a_word_only(builder: ClaimBuilder) -> None:
    (built,) = builder.claims("Which team has won more titles, A or B?", "A")
    assert built.comparison is not None and built.comparison.others == ("B has won titles",)


@pytest.mark.parametrize(
    ("question", "answer", "claim", "winner", "others"),
    [
        ("Which director is American, Mark L. Lester or Ken Loach?", "Mark L. Lester", "Mark L. Lester is American",
         None, None),
        ("Which was halted by a natural disaster, Camlaren Mine or Barton Mine?", "Barton Mine",
         "Barton Mine was halted by a natural disaster", None, None),
        ("Which city is Kent's county town, Maidstone or Dover?", "Maidstone", "Maidstone is Kent's county town",
         None, None),
        ("Which city is Kent located in, Maidstone or Dover?", "Maidstone", "Kent is located in Maidstone",
         None, None),
        ("Which was available first the No Card or the Octopus card?", "Octopus card",
         "Octopus card was available first", "Octopus card was available", ("No Card was available",)),
        ("Which was released second, Charley and the Angel or Planes?", "Planes", "Planes was released second",
         "Planes was released", ("Charley and the Angel was released",)),
        ("Was Beyond the Gates of Splendor or Jesus Camp released first?", "Beyond the Gates of Splendor",
         "Beyond the Gates of Splendor was released first", "Beyond the Gates of Splendor was released",
         ("Jesus Camp was released",)),
        ("Is Paris or Lyon the capital of France?", "Paris", "Paris is the capital of France", None, None),
    ],
)  # fmt: skip
def test_a_choice_between_named_alternatives_puts_the_answer_in_the_wh_phrase_place(
    builder: ClaimBuilder, question: str, answer: str, claim: str, winner: str | None, others: tuple[str] | None
) -> None:
    """The alternatives may close the question ("…, A or B", "the A or the B") or be its subject ("Was A or B …"); a
    wh-phrase right before "is/was/has …" is then the subject unless a preposition is left at the end."""
    (built,) = builder.claims(question, answer)
    assert built.text == claim and built.source == "question+answer"
    if winner is None:
        assert built.comparison is None
    else:
        assert built.comparison is not None and built.comparison.winner == winner
        assert built.comparison.others == others
    if built.comparison is not None:  # an answer that is neither alternative makes no comparison
        assert all(c.comparison is None for c in builder.claims(question, "Lisbon"))


def test_an_answer_that_is_neither_alternative_of_a_yes_no_form_choice_is_no_claim(builder: ClaimBuilder) -> None:
    (built,) = builder.claims("Was Beyond the Gates of Splendor or Jesus Camp released first?", "Titanic")
    assert built.text == "" and "neither of the question's alternatives" in built.why


def test_only_the_first_answer_sentence_fills_the_question_slot(builder: ClaimBuilder) -> None:
    first, second = builder.claims("What license is Jansson released under?", "MIT; see LICENSE for details.")
    assert first.text == "Jansson is released under MIT" and first.source == "question+answer"
    assert second.text == "see LICENSE for details" and second.source == "answer"
    (yes,) = builder.claims("Is zlib thread-safe?", "Is zlib thread-safe? Yes.")  # the quoted FAQ question: no claim
    assert yes.text == "zlib is thread-safe" and not yes.negated


@pytest.mark.skipif(not (DEFAULT_WORDNET_DIR / "index.adj").is_file(), reason="WordNet's index.adj is not installed")
def test_a_nationality_after_the_second_name_is_said_of_both_and_a_name_ending_alike_is_not(
    builder: ClaimBuilder,
) -> None:
    for question, claim in (
        ("Are both The New Pornographers and Kings of Leon American rock bands?",
         "The New Pornographers and Kings of Leon are both American rock bands"),
        ("Were both Joseph Roth and Cid Corman authors?", "Joseph Roth and Cid Corman were both authors"),
    ):  # fmt: skip
        (built,) = builder.claims(question, "yes")
        assert built.text == claim
