"""The offline rule extractor: entities, types, relations, chats, CJK, caps, determinism."""

from __future__ import annotations

import pytest
from graphproof.graph.analyzer import default_analyzer
from graphproof.loaders.extract import ExtractorError, make_extractor
from graphproof.loaders.extract.patterns import pattern_spans, title_spans
from graphproof.loaders.extract.rule import (
    RuleExtractor,
    between_predicate,
    joined_at_names,
    known_spotter,
    phrase_through_concepts,
)
from graphproof.loaders.extract.spans import humanise
from graphproof.loaders.resolve import EntityResolver
from graphproof.loaders.types import Extraction
from graphproof.text.sentences import sentence_pieces
from rank_bm25 import BM25Okapi

MAINTENANCE_CHAT = (
    "Time: 20260121_10:00\n"
    "AdamSmith: Hi Li Hua! Just wanted to let you know that there will be some maintenance work in the "
    "building soon. Can you let me know if there are any times you'd prefer to avoid? Thanks!\n"
    "LiHua: Hey Adam! Thanks for the heads up. Mornings are usually best for me, so it would be great to "
    "avoid those if possible. Let me know the schedule when you have it!\n"
)
DINNER_CHAT = (
    "Time: 20260123_17:00\n"
    "WolfgangSchulz: Hey Li Hua, do you want to go out for dinner tonight? There's a new Italian place downtown.\n"
    "LiHua: Sure, dinner sounds great! Let's meet at 7 PM.\n"
)
WORKOUT_CHAT = (
    "Time: 20260206_16:00\n"
    "LiHua: Jennifer, my arms are sore after the bench press. How do I prevent muscle soreness?\n"
    "JenniferMoore: Stretch after the workout and drink plenty of water. Foam rolling helps too!\n"
)


def entities(extraction: Extraction) -> dict[str, str]:
    return {e.name: e.type for e in extraction.entities}


def triples(extraction: Extraction) -> set[tuple[str, str, str]]:
    return {(r.head, r.relation, r.tail) for r in extraction.relations}


@pytest.fixture(scope="module")
def rule() -> RuleExtractor:
    return RuleExtractor()


def test_prose_sentence_entities_types_and_verb_predicate(rule: RuleExtractor) -> None:
    ex = rule.extract_one("Adam Smith visited Central Park on March 3 with Li Hua's sister. The trip took 3 hours.")
    found = entities(ex)
    assert found["Adam Smith"] == "name"
    assert found["Central Park"] == "name"
    assert found["Li Hua"] == "name"  # possessive stripped
    assert found["March 3"] == "date"
    assert found["3 hours"] == "quantity"
    assert found["sister"] == "concept"
    assert "The" not in found and "Li Hua's" not in found
    assert ("Adam Smith", "visited", "Central Park") in triples(ex)
    assert ("trip", "took", "3 hours") in triples(ex)
    visited = next(r for r in ex.relations if r.relation == "visited")
    assert visited.description.startswith("Adam Smith visited Central Park on March 3")
    assert "sister" in visited.keywords


def test_prose_relation_names_and_concepts_without_leading_verbs(rule: RuleExtractor) -> None:
    ex = rule.extract_one("Marie Curie was born in Warsaw in 1867. The Curies discovered polonium and radium.")
    assert ("Marie Curie", "was_born_in", "Warsaw") in triples(ex)
    found = entities(ex)
    assert found["1867"] == "date"
    assert found["polonium"] == "concept" and "discovered polonium" not in found and "born" not in found


def test_sentence_initial_stop_words_and_greetings_are_not_names(rule: RuleExtractor) -> None:
    found = entities(rule.extract_one("Thanks Jennifer! The weather is nice. I think Hey is a greeting. Sounds good."))
    assert "Jennifer" in found
    assert not {"Thanks", "The", "I", "Hey", "Sounds", "Thanks Jennifer"} & set(found)


def test_lone_sentence_initial_word_needs_support_elsewhere(rule: RuleExtractor) -> None:
    assert "Oslo" not in entities(rule.extract_one("Oslo is cold."))
    assert "Oslo" in entities(rule.extract_one("Oslo is cold. We flew to Oslo in May."))
    assert "NASA" in entities(rule.extract_one("NASA launched it."))  # acronyms stand on their own


def test_multi_word_names_connectors_numbers_and_titles_before_names(rule: RuleExtractor) -> None:
    found = entities(
        rule.extract_one("We saw the Statue of Liberty, then Room 302, then Mother's Day cards with Mr. Brown.")
    )
    assert "Statue of Liberty" in found
    assert "Room 302" in found
    assert "Mother's Day" in found
    assert found["Brown"] == "person"


def test_quoted_titles_in_several_quote_styles() -> None:
    text = "I read “The Old Man and the Sea”, watched 『千と千尋の神隠し』 and \"Hotel California\" is on; it's 'fine'."
    names = {s.name for s in title_spans(text)}
    assert names == {"The Old Man and the Sea", "千と千尋の神隠し", "Hotel California"}  # 'fine': scare quotes
    assert [s.name for s in title_spans("彼は「はい」と言って『ノルウェイの森』を読んだ。")] == ["ノルウェイの森"]


def test_dates_times_and_quantities() -> None:
    text = "On March 3, 2026 at 10:00 (or 5 PM next Monday, 2026-01-05) I ran 5 km in 3 hours for $20, 10% off."
    found = {(s.name, s.type) for s in pattern_spans(text)}
    assert {
        ("March 3, 2026", "date"),
        ("10:00", "time"),
        ("5 PM", "time"),
        ("next Monday", "date"),
        ("2026-01-05", "date"),
        ("5 km", "quantity"),
        ("3 hours", "quantity"),
        ("$20", "quantity"),
        ("10%", "quantity"),
    } <= found
    assert ("8 pm", "time") in {(s.name, s.type) for s in pattern_spans("We start at 8 pm.")}
    # a word that says which days count stays inside the quantity: "6 business days", not "business"
    within = {(s.name, s.type) for s in pattern_spans("Expect a reply within 6 business days or 3 working weeks.")}
    assert {("6 business days", "quantity"), ("3 working weeks", "quantity")} <= within


def test_chat_speakers_mentions_time_prefixed_descriptions_and_first_names(rule: RuleExtractor) -> None:
    ex = rule.extract_one(MAINTENANCE_CHAT, {"speakers": "AdamSmith, LiHua", "time": "20260121_10:00"})
    found = entities(ex)
    assert found["Adam Smith"] == "person" and found["Li Hua"] == "person"
    assert found["maintenance work"] == "concept"
    got = triples(ex)
    assert ("Adam Smith", "mentions", "Li Hua") in got
    assert ("Adam Smith", "mentions", "maintenance work") in got
    assert ("Li Hua", "mentions", "Adam Smith") in got  # "Hey Adam!" is the participant Adam Smith
    assert not any(h == t for h, _, t in got)
    edge = next(r for r in ex.relations if r.tail == "maintenance work")
    assert edge.description.startswith("[20260121_10:00] Adam Smith: Hi Li Hua! Just wanted to let you know")
    assert "maintenance work" in edge.keywords
    assert not any("Time" in e.name for e in ex.entities)


def test_chat_continuation_lines_join_the_previous_message(rule: RuleExtractor) -> None:
    text = "Time: 20260301_09:00\nLiHua: Recipe ideas:\n- Greek yogurt with honey\nAdamSmith: Nice!"
    ex = rule.extract_one(text, {"speakers": "LiHua,AdamSmith"})
    edge = next(r for r in ex.relations if r.head == "Li Hua")
    assert "Greek yogurt with honey" in edge.description


def test_japanese_text_yields_names_and_honorific_persons(rule: RuleExtractor) -> None:
    ex = rule.extract_one("東京タワーで李華さんは山田太郎とジャズを聴いた。")
    found = entities(ex)
    assert found == {"東京タワー": "name", "李華": "person", "山田太郎": "name", "ジャズ": "name"}
    assert ("東京タワー", "related_to", "李華") in triples(ex)
    assert all(r.description == "東京タワーで李華さんは山田太郎とジャズを聴いた。" for r in ex.relations)


def test_japanese_dates_times_and_latin_names_inside_cjk(rule: RuleExtractor) -> None:
    found = entities(rule.extract_one("3月3日の午後3時にAliceとPythonを3時間勉強した。"))
    assert found["3月3日"] == "date"
    assert found["午後3時"] == "time"
    assert found["3時間"] == "quantity"
    assert found["Alice"] == "name" and found["Python"] == "name"  # no capitalised sentence starts in Japanese


def test_korean_particles_and_honorifics(rule: RuleExtractor) -> None:
    found = entities(rule.extract_one("민수씨는 서울에서 커피를 마셨다."))
    assert found == {"민수": "person", "서울": "name", "커피": "name"}


def test_pairs_are_capped_per_sentence() -> None:
    names = " with ".join(f"Person{chr(65 + i)} Smith" for i in range(12))
    ex = RuleExtractor(max_pairs=8).extract_one(f"We met {names} yesterday.")
    assert len(ex.entities) == 12
    assert len(ex.relations) == 8


STOKER = "Stoker features Mia Wasikowska, Nicole Kidman and Matthew Goode."


def test_members_of_one_list_are_not_related_to_each_other(rule: RuleExtractor) -> None:
    """"Stoker features A, B and C": each member goes with Stoker, not with the other members (they are the
    sentence's list, it says nothing of them together); two names joined by "and" alone are no list."""
    ex = rule.extract([STOKER], [{"known": "Stoker"}])[0]
    pairs = {(r.head, r.tail) for r in ex.relations}
    cast = ("Mia Wasikowska", "Nicole Kidman", "Matthew Goode")
    assert {("Stoker", name) for name in cast} <= pairs
    assert not any(a in cast and b in cast for a, b in pairs)
    pair = rule.extract_one("Mia Wasikowska and Nicole Kidman met in Sydney.")
    assert ("Mia Wasikowska", "Nicole Kidman") in {(r.head, r.tail) for r in pair.relations}
    chat = rule.extract_one("Adam: I saw Mia Wasikowska, Nicole Kidman and Matthew Goode", {"speakers": "Adam"})
    assert ("Mia Wasikowska", "Nicole Kidman") in {(r.head, r.tail) for r in chat.relations}  # chats keep them


def _triples(rule: RuleExtractor, text: str) -> set[tuple[str, str, str]]:
    return {(r.head, r.relation, r.tail) for r in rule.extract_one(text).relations}


def test_a_stated_predicate_reaches_every_member_of_a_coordination(rule: RuleExtractor) -> None:
    """"maintained by A and B" states the relation for B as well, not a co-occurrence; a predicate from the
    last member of a coordinated subject reaches the other members."""
    maintainers = _triples(rule, "libxcrypt is currently maintained by Björn Esser and Zack Weinberg.")
    assert {("libxcrypt", "is_maintained_by", "Björn Esser"), ("libxcrypt", "is_maintained_by", "Zack Weinberg")} <= (
        maintainers
    )
    supported = _triples(rule, "GnuPG supports RSA, DSA and ElGamal.")
    assert {("GnuPG", "supports", name) for name in ("RSA", "DSA", "ElGamal")} <= supported
    visits = _triples(rule, "Alice Brown visited Paris and London in May.")
    assert ("Alice Brown", "visited", "London") in visits


def test_a_coordination_that_spans_two_clauses_or_kinds_keeps_co_occurrence(rule: RuleExtractor) -> None:
    """"and" before a verb joins two clauses, so the second name is no agent of the first verb; commas alone
    join no coordination (an opening participle phrase); a member of another kind (a concept after "or") is not
    reached either."""
    clauses = _triples(rule, "Git was created by Linus Torvalds and Junio Hamano maintains it.")
    assert ("git", "was_created_by", "Linus Torvalds") in clauses
    assert ("git", "was_created_by", "Junio Hamano") not in clauses
    preface = _triples(rule, "The book was written by Ann Lee and Bob Stone wrote the preface.")
    assert ("book", "was_written_by", "Bob Stone") not in preface
    assert ("Ann Lee", "wrote", "preface") not in preface
    opener = rule.extract([("Directed by Ann Lee, Heat found a wide audience.")], [{"known": "Heat"}])[0]
    assert all(r.relation == "related_to" for r in opener.relations if r.head == "Ann Lee")
    kinds = rule.extract_one("To get regexp support you'll also need to install Oniguruma or clone it.")
    assert all(r.relation == "related_to" for r in kinds.relations if r.tail != "Oniguruma")


def test_a_past_form_after_a_mention_is_its_verb(rule: RuleExtractor) -> None:
    """A verb the lexicon does not list is read as one by its "-ed" right after the first mention, so the
    relation says what was done ("acted_in", not ``related_to``); not across a comma."""
    ex = rule.extract(["Jim Piddock acted in See This Movie. Ann Todd, excited about Gilda, called Li Hua."],
                      [{"known": "See This Movie|Gilda"}])[0]  # fmt: skip
    relations = {(r.head, r.tail): r.relation for r in ex.relations}
    assert relations[("Jim Piddock", "See This Movie")] == "acted_in"
    assert relations[("Ann Todd", "Gilda")] == "related_to"


def test_extraction_is_deterministic_and_batch_checks_lengths(rule: RuleExtractor) -> None:
    texts = [MAINTENANCE_CHAT, "Adam Smith visited Central Park."]
    metas = [{"speakers": "AdamSmith,LiHua"}, {}]
    assert rule.extract(texts, metas) == rule.extract(texts, metas)
    assert rule.extract(["", "   "], [{}, {}]) == [Extraction(), Extraction()]
    with pytest.raises(ExtractorError, match="2 texts but 1 metadata"):
        rule.extract(texts, metas[:1])
    with pytest.raises(ExtractorError, match="chunk 0: expected text as str"):
        rule.extract_one(b"bytes")  # type: ignore[arg-type]


def test_helpers_humanise_split_and_predicate() -> None:
    assert humanise("AdamSmith") == "Adam Smith"
    assert humanise("ChaeSong-hwa") == "Chae Song-hwa"
    assert humanise("McDonald") == "McDonald"
    assert [s for _, s in sentence_pieces("Mr. Smith came. He left! 次。終わり")] == [
        "Mr. Smith came.",
        "He left!",
        "次。",
        "終わり",
    ]
    assert between_predicate(" works at ") == "works_at"
    assert between_predicate(" didn't invite ") == "not_invite"
    assert between_predicate(" and ") == ""
    assert between_predicate(" is ") == ""  # too light to name a relation
    assert between_predicate(" is the manager of ") == "is_manager_of"
    assert between_predicate(" went home. Then ") == ""


def test_yake_keyword_method_finds_chunk_keywords() -> None:
    ex = RuleExtractor(keywords="yake").extract_one(MAINTENANCE_CHAT, {"speakers": "AdamSmith,LiHua"})
    assert any("maintenance" in r.keywords for r in ex.relations)
    with pytest.raises(ValueError, match="unknown keyword method 'tfidf'"):
        RuleExtractor(keywords="tfidf")


def test_make_extractor_by_name() -> None:
    assert make_extractor("rule").name == "rule"
    with pytest.raises(ExtractorError, match=r"needs a chat model \(the model argument.*ollama:qwen3:8b"):
        make_extractor("llm")
    with pytest.raises(ExtractorError, match="unknown extractor 'spacy'"):
        make_extractor("spacy")


def test_bm25_over_edge_text_finds_the_right_conversation(rule: RuleExtractor) -> None:
    chats = {
        "maintenance#0": (MAINTENANCE_CHAT, "AdamSmith,LiHua"),
        "dinner#0": (DINNER_CHAT, "WolfgangSchulz,LiHua"),
        "workout#0": (WORKOUT_CHAT, "LiHua,JenniferMoore"),
    }
    resolver = EntityResolver()
    for chunk_id, (text, speakers) in chats.items():
        resolver.add(chunk_id, rule.extract_one(text, {"speakers": speakers, "time": text[6:20]}))
    relations = resolver.relations()
    analyzer = default_analyzer()
    bm25 = BM25Okapi([analyzer.tokens(r.text) for r in relations])

    def best_chunk(question: str) -> str:
        scores = bm25.get_scores(analyzer.tokens(question))
        return relations[max(range(len(relations)), key=lambda i: scores[i])].chunk_ids[0]

    assert best_chunk("Did Adam Smith send a message to Li Hua about the upcoming building maintenance schedule?") == (
        "maintenance#0"
    )
    assert best_chunk("Did Li Hua agree to go out for dinner when Wolfgang asked him?") == "dinner#0"
    assert best_chunk("Did Li Hua ask Jennifer how to prevent muscle soreness after the bench press?") == "workout#0"


def test_extraction_in_processes_equals_one_process() -> None:
    texts = [f"Li Hua met Adam Smith at Central Park on March {i % 28 + 1}. They talked about yoga." for i in range(40)]
    texts += ["", "Rin Hayase designed the Wren-3 for Aoba Robotics."]
    metadata = [{} for _ in texts]
    serial = RuleExtractor(workers=1).extract(texts, metadata)
    parallel = RuleExtractor(workers=2, parallel_min=10).extract(texts, metadata)
    assert parallel == serial and len(parallel) == len(texts)
    with pytest.raises(ExtractorError, match="positive number of processes"):
        RuleExtractor(workers=0)


def test_a_web_or_email_address_is_only_a_whole_name() -> None:
    text = "The PyYAML module was written by Kirill Simonov <xi@resolvent.net>. "
    text += "Run git clone https://github.com/yaml/x.git now, or git clone git://example.org/y.git."
    extraction = RuleExtractor(workers=1).extract_one(text)
    names = {e.name for e in extraction.entities}
    assert "Kirill Simonov" in names and "PyYAML" in names and "xi@resolvent.net" in names
    assert "https://github.com/yaml/x.git" in names  # a web address: where to go
    parts = [n for n in names if n not in ("xi@resolvent.net", "https://github.com/yaml/x.git")]
    assert not any("resolvent" in n or "https" in n or "github" in n.casefold() or "example" in n for n in parts), names
    chat = RuleExtractor(workers=1).extract_one("LiHua: see https://example.org/a", {"speakers": "LiHua"})
    assert not any("example" in e.name for e in chat.entities), "chats keep addresses hidden"


def test_known_names_are_found_even_at_a_sentence_start() -> None:
    text = "Kismet was directed by William Dieterle. KISMET came out in 1944."
    plain = RuleExtractor(workers=1).extract_one(text)
    assert "Kismet" not in {e.name for e in plain.entities}  # a lone sentence-initial word needs support
    known = RuleExtractor(workers=1).extract_one(text, {"known": "Kismet|Casablanca"})
    triples = {(r.head, r.relation, r.tail) for r in known.relations}
    assert ("Kismet", "was_directed_by", "William Dieterle") in triples
    assert ("Kismet", "came_out_in", "1944") in triples  # the known spelling, whatever the case written


def test_stated_relations_in_documentation_prose(rule: RuleExtractor) -> None:
    """Sentences as README and FAQ files write them: a stated type, an adverb, two coordinated verbs,
    a reduced relative clause, a middle initial, an adjectival participle."""
    ex = rule.extract_one(
        "tmux is a terminal multiplexer. Wget was originally written and maintained by Hrvoje Niksic."
    )
    assert ("tmux", "is_a", "terminal multiplexer") in triples(ex)
    film = triples(rule.extract_one("Kismet is a 1944 film."))
    assert all(p != "is_a" for _, p, _ in film)  # the year modifies the type, it is not the type
    assert ("wget", "was_written_by", "Hrvoje Niksic") in triples(ex)
    assert "originally written" not in entities(ex)
    ex = rule.extract_one("It is the name of the compression algorithm designed by Igor Pavlov.")
    assert ("compression algorithm", "designed_by", "Igor Pavlov") in triples(ex)
    ex = rule.extract_one("GNU bc was written by Philip A. Nelson. LZMA2 is an updated version of LZMA.")
    assert ("GNU", "was_written_by", "Philip A. Nelson") in triples(ex)
    assert ("LZMA2", "is_a", "updated version") in triples(ex)
    assert "family business" in entities(rule.extract_one("The family business was sold."))  # a noun in -ly


def test_between_predicate_reads_types_adverbs_and_coordination() -> None:
    assert between_predicate(" is a ") == "is_a"
    assert between_predicate(" are an ") == "is_a"
    assert between_predicate(" is the ") == ""  # identity, not a type
    assert between_predicate(" was originally written by ") == "was_written_by"
    assert between_predicate(" was written and maintained by ") == "was_written_by"
    assert between_predicate(" reads and writes ") == "reads"


def test_a_verb_phrase_is_read_through_concepts_up_to_a_preposition(rule: RuleExtractor) -> None:
    """ReVerb's V W* P: the concept inside the phrase is part of the relation, not its object."""
    lead = triples(rule.extract_one("Bob Morley plays a leading role in Road Kill."))
    assert ("Bob Morley", "plays_leading_role_in", "Road Kill") in lead
    assert ("Bob Morley", "related_to", "Road Kill") not in lead
    chair = triples(rule.extract_one("Bob Morley took the director's chair for Road Kill."))
    assert ("Bob Morley", "took_director_chair_for", "Road Kill") in chair
    assert phrase_through_concepts(" sent the report to ") == "sent_report_to"
    assert phrase_through_concepts(" plays a leading role in the ") == "plays_leading_role_in"  # article dropped
    # no preposition before the second mention, or no verb: the phrase says nothing about it
    assert phrase_through_concepts(" praised the leading role and ") == ""
    assert phrase_through_concepts(" a leading role in ") == ""
    # another name in between still blocks the reading: only concepts are read through
    mixed = triples(rule.extract_one("Bob Morley met Ann Lee about a leading role in Road Kill."))
    assert not any(h == "Bob Morley" and t == "Road Kill" and r != "related_to" for h, r, t in mixed)


def test_a_known_title_with_its_own_punctuation_is_not_cut_into_sentences(rule: RuleExtractor) -> None:
    released = triples(rule.extract_one("Are You Scared? was released in 2006.", {"known": "Are You Scared?"}))
    assert ("Are You Scared?", "was_released_in", "2006") in released
    across = rule.extract_one("That Was Then... This Is Now stars Emilio Estevez.",
                              {"known": "That Was Then... This Is Now"})  # fmt: skip
    assert ("That Was Then... This Is Now", "Emilio Estevez") in {(h, t) for h, _, t in triples(across)}
    # without the known name the split stands, and a capitalised next sentence is a sentence of its own
    plain = triples(rule.extract_one("Are You Scared? was released in 2006."))
    assert not any(h == "Are You Scared?" for h, _, _ in plain)
    pieces = [(0, "I love Nativity!"), (17, "It was great.")]
    text = "I love Nativity! It was great."
    assert joined_at_names(text, pieces, known_spotter("Nativity!")(text)) == pieces
    short = "Nativity! stars Ann."
    joined = joined_at_names(short, [(0, "Nativity!"), (10, "stars Ann.")], known_spotter("Nativity!")(short))
    assert joined == [(0, short)]


def test_given_names_that_are_function_words_and_name_particles() -> None:
    from graphproof.loaders.extract.spans import name_spans

    def names(text: str) -> list[str]:
        return [n.name for n in name_spans(text, set())]

    assert names("The screenplay was written by Don McKellar.") == ["Don McKellar"]
    assert names("The cast includes Will Arnett.") == ["Will Arnett"]
    assert names("It was directed by Nelson Pereira dos Santos.") == ["Nelson Pereira dos Santos"]
    # not before a capitalised word, or at the start of a question, the word stays a function word
    assert names("He said that Will was late.") == []
    assert "Will Arnett" not in names("Will Arnett star in it?")
    assert names("Can Bob Jones help? He can.") == ["Bob Jones"]
    # at the start of a statement it opens the name
    assert names("Will Arnett acted in it.") == ["Will Arnett"]
    assert names("Will Arnett acted in it. Did he?") == ["Will Arnett"]
    # a capitalised particle that ends a name is a surname; a trailing "of" / "the" is not kept
    assert names("The screenplay was written by Marina de Van.") == ["Marina de Van"]
    assert names("Mary Poppins starred Dick Van Dyke.") == ["Mary Poppins", "Dick Van Dyke"]
    assert names("They met the Rothschilds of.") == ["Rothschilds"]
