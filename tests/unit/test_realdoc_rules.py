"""Issue 10, rule extractor on real prose: a subject pronoun after an opening phrase or a sentence without a
name, a keyphrase that only introduces a name ("a file named …"), and "X is the Y designed by Z"."""

from __future__ import annotations

import pytest
from graphproof.loaders.extract.patterns import Span, code_spans
from graphproof.loaders.extract.rule import (
    RuleExtractor,
    _imperative,
    _names_what_follows,
    _pronoun,
    between_predicate,
    past_aside,
    table_rows,
)
from graphproof.text.verb_forms import verb_forms


def _triples(text: str, subject: str = "") -> set[tuple[str, str, str]]:
    extraction = RuleExtractor(workers=1).extract([text], [{"subject": subject} if subject else {}])[0]
    return {(r.head, r.relation, r.tail) for r in extraction.relations}


def test_a_subject_pronoun_is_found_after_an_opening_phrase() -> None:
    assert _pronoun("In practice, it reads every file.") is not None
    assert _pronoun("It is small.") is not None
    assert _pronoun("it was late") is not None
    assert _pronoun("In practice, it the reads.") is None  # no verb after the pronoun
    assert _pronoun("Items are sold here.") is None


def test_a_lower_case_it_after_an_opening_phrase_stands_for_the_last_named_subject() -> None:
    text = "We ship Quarkle to many teams. Quarkle parses logs. Usually, it reads a file called quarkle.conf first."
    assert ("Quarkle", "reads", "file") in _triples(text)


def test_a_pronoun_looks_past_a_sentence_that_opens_with_no_name() -> None:
    text = (
        "Many people use Zanzibar Search. Zanzibar Search indexes mail. Its main goal is speed. "
        "It supports Quokka Storage."
    )
    assert ("Zanzibar Search", "supports", "Quokka Storage") in _triples(text)


def test_a_keyphrase_ending_in_a_naming_participle_is_not_a_concept() -> None:
    assert _names_what_follows("file named")
    assert _names_what_follows("small tool called")
    assert not _names_what_follows("named")
    assert not _names_what_follows("file name")


def test_what_the_subject_is_takes_the_passive_relation_too() -> None:
    text = "We like Brindle. Brindle is a parsing library written by Ada Quill in Oslo."
    triples = _triples(text)
    assert ("Brindle", "written_by", "Ada Quill") in triples
    # only through a copula: "uses a library written by" says nothing of who wrote Brindle
    other = _triples("We like Brindle. Brindle uses a parsing library written by Ada Quill in Oslo.")
    assert ("Brindle", "written_by", "Ada Quill") not in other


def test_command_line_options_are_names() -> None:
    from graphproof.loaders.extract.rule import option_spans

    found = [s.name for s in option_spans("Pass -v or --dry-run=yes, not e-mail nor /usr/x-y nor -5 or -- alone.")]
    assert found == ["-v", "--dry-run"]
    quoted = [s.name for s in option_spans("Use `configure --disable-largefile' or \"--quiet\" here.")]
    assert quoted == ["--disable-largefile", "--quiet"]  # an option ends at a closing quote too


def test_a_definition_list_item_is_about_the_term_before_it() -> None:
    text = "Options of zed:\n- -z\n- --zero\n- Truncate the backup archive before writing.\n- others\n- Zed works too."
    triples = _triples(text)
    assert ("--zero", "truncate", "backup archive") in triples  # "Truncate" read as the definition's verb
    assert not any(h == "others" and r != "related_to" for h, r, _ in triples)  # "Zed works": no imperative


def test_a_definition_opening_with_a_light_verb_and_an_aside_states_its_verb() -> None:
    text = "Options:\n- -k --keep\n- Keep (don't delete) input files during compression.\n- -m\n- Make a copy."
    triples = _triples(text)
    assert ("--keep", "keep", "input files") in triples  # "keep" alone is a light verb; here it is the definition's
    assert not any(r == "keeps" for _, r, _ in _triples("We use Zorp. Zorp keeps input files."))  # light in prose


def test_a_two_column_row_defines_its_term_by_an_imperative() -> None:
    text = (
        "The following tools are included:\n\n"
        "zq-menu\tInstall desktop menu items\n"
        "zq-open\t\tOpen a file or URL in the user's preferred application\n"
        "zq-mail\t\tSend mail using the preferred composer, and wrap\n\t\t\tlong lines as needed\n"
        "zq-stat\t\tStatistics of the run\n"
    )
    triples = _triples(text)
    assert ("zq-menu", "install", "desktop menu items") in triples
    assert ("zq-open", "open", "file") in triples  # a row whose line runs on into the next row's is cut at the tab
    assert any(h == "zq-mail" and r == "send" for h, r, _ in triples)
    assert not any(h == "zq-stat" and r != "related_to" for h, r, _ in triples)  # no imperative: no definition
    assert table_rows([(0, "a\tb c d")]) == [(0, "a\tb c d")]  # one row alone is left as it is
    rows = table_rows([(10, "Tools:\nzq-a\tOpen it\nzq-b\tSend it\n\t\tand more")])
    assert rows == [(10, "Tools:\n"), (17, "zq-a\tOpen it\n"), (30, "zq-b\tSend it\n\t\tand more")]


def test_a_name_based_mention_states_what_the_subject_is_based_on() -> None:
    text = "We like Quillet. Quillet is small (Lua-based) and quick."
    assert ("Quillet", "based_on", "Lua") in _triples(text)


def test_a_quoted_word_before_a_kind_noun_is_a_name() -> None:
    from graphproof.loaders.extract.rule import quoted_spans

    assert [s.name for s in quoted_spans('It calls the "frobnik" tool and a ‘qlib’ library.')] == ["frobnik", "qlib"]
    assert quoted_spans("The “fast” path and the 'slow' one.") == []  # scare quotes name nothing
    triples = _triples('We like Brindle. Brindle sorts data quickly, using the special "qsortx" library.')
    assert any(t == "qsortx" and r != "related_to" for _, r, t in triples)


def test_a_yes_no_question_answered_in_the_next_sentence_states_a_fact() -> None:
    assert ("Frobz Web", "is_not", "free") in _triples(
        "Q: Is Frobz Web free?\nA: No, it costs money. We like Frobz Web."
    )
    assert ("quux", "is", "portable") in _triples("4. Is quux portable?\n\nYes. It builds on most systems.")
    # no answer after it: nothing is stated
    assert not any(r in ("is", "is_not") for _, r, _ in _triples("Is quux portable? Maybe one day it will be."))


def test_a_name_that_opens_with_a_number_is_a_name() -> None:
    from graphproof.loaders.extract.spans import name_spans

    names = {n.name for n in name_spans("It was designed for 7-Zip and 3Com, not for 3D files or 64-bit ones.", set())}
    assert {"7-Zip", "3Com"} <= names
    assert not names & {"3D", "64-bit"}


def test_a_passive_goes_on_past_its_agent_to_a_preposition() -> None:
    text = "LZMA is the name of the compression algorithm designed by Igor Pavlov for 7-Zip."
    triples = _triples(text)
    assert ("compression algorithm", "designed_for", "7-Zip") in triples
    assert ("LZMA", "designed_for", "7-Zip") in triples  # what the subject is takes it too
    assert ("LZMA", "designed_by", "Igor Pavlov") in triples
    # no agent before it: the preposition is not read as the verb's
    assert not any(r == "designed_for" for _, r, _ in _triples("Igor Pavlov likes 7-Zip for Windows Vista."))


def test_an_imperative_sends_its_object_to_what_follows_to() -> None:
    sent = _triples("Send bug reports, comments, questions, etc. to \n\n\tThomas E. Dickey <dickey@example.net>\n")
    assert ("bug reports", "send_to", "Thomas E. Dickey") in sent
    assert ("file", "send_to", "mailing list") in _triples("Send the file to the mailing list.")
    # "to" before a bare keyphrase opens an infinitive ("to select a …"), not a place
    assert not any(
        r in ("use_to", "send_to", "sends_to")
        for _, r, _ in _triples("Use the Quux options to select a cross-compiler.")
    )
    # not an imperative: a sentence that opens with a name
    assert not any(
        r in ("use_to", "send_to", "sends_to") for _, r, _ in _triples("Frobz sends bug reports to Thomas Dickey.")
    )


def test_an_imperative_sends_its_object_through_each_phrase_that_follows_it() -> None:
    reported = _triples("Report security bugs in Zorpix via HackerOne.")
    assert {("security bugs", "report_in", "Zorpix"), ("security bugs", "report_via", "HackerOne")} <= reported
    assert ("package", "install_with", "apt-get") in _triples("Install the package with apt-get.")
    # an adjective with no determiner after it opens a noun phrase, not an imperative
    assert not any(r.startswith("complete_") for _, r, _ in _triples("Complete documentation on popt is in popt.pdf."))
    # the phrases end where something other than a preposition comes between two mentions
    assert not any(
        r.startswith("report_") and t == "HackerOne"
        for _, r, t in _triples("Report security bugs in Zorpix quickly, HackerOne helps.")
    )


def test_a_verb_with_no_subject_of_its_own_sends_its_object_where_the_phrases_after_it_say() -> None:
    text = (
        "You may not use any uids in the 60000-64999 range without *first*\n"
        "requesting an allocation from base-passwd@packages.debian.org and waiting for confirmation."
    )
    assert ("allocation", "requesting_from", "base-passwd@packages.debian.org") in _triples(text)
    assert ("files", "send_to", "Debian") in _triples("You can then send the files to Debian.")
    needed = _triples("To regenerate them you need the docbook-xsl stylesheets in version 1.69.1 or newer.")
    assert ("docbook-xsl stylesheets", "need_in", "version 1.69.1") in needed
    assert not any(r.startswith("met_") for _, r, _ in _triples("We met Ann Lee with Bob Stone in Paris."))
    # a negated verb states nothing of the kind
    assert not any(r.endswith("send_to") for _, r, _ in _triples("You should not send the files to Debian."))
    # a verb with its own subject is read as before: the subject, not the object, leads
    assert not any(h == "files" and r != "related_to" for h, r, _ in _triples("Zorpix sends the files to Debian."))


def test_a_verb_after_a_clause_s_own_subject_pronoun_is_not_the_earlier_mention_s() -> None:
    # "you" is who writes: "build fails" is not the subject of "write to"
    assert between_predicate(", you should write to the", prose=True) == ""
    assert between_predicate(", which you can install with", prose=True) == "install_with"  # the relative's object
    assert between_predicate(" should write to the", prose=True) == "write_to"


def test_a_third_person_verb_before_a_determiner_ends_a_keyphrase() -> None:
    from graphproof.loaders.extract.keyphrases import candidates

    found = [" ".join(words) for _, _, words in candidates("here: man-db performs this search quickly")]
    assert "man-db" in found and "man-db performs" not in found
    plain = [" ".join(words) for _, _, words in candidates("here: man-db performs, then stops")]
    assert "man-db performs" in plain  # no determiner after it: it may be a plural noun, and stays


def test_an_adverb_made_from_a_word_ends_a_keyphrase_in_a_document() -> None:
    from graphproof.loaders.extract.keyphrases import candidates

    def phrases(text: str, prose: bool = True) -> list[str]:
        return [" ".join(words) for _, _, words in candidates(text, prose=prose)]

    found = phrases("The quux debian package specifically defaults to Zorp.")
    assert "quux debian package" in found and not any("specifically" in p or "defaults" in p for p in found)
    assert phrases("The server mostly runs on Zorp.")[0] == "server"
    # an -ly noun is no adverb ("family" is not "fami" + "ly"), and an adverb opening a run stays for the rules after
    assert "font family" in phrases("It ships the font family.")
    assert "highly optimized code" in phrases("Quux provides highly optimized code.")
    assert "server mostly runs" in phrases("The server mostly runs on Zorp.", prose=False)  # chats keep their rules
    assert ("chromium debian package", "defaults_to", "DuckDuckGo") in _triples(
        "The chromium debian package specifically defaults to DuckDuckGo.", "Quux"
    )


def test_it_before_any_third_person_verb_is_a_subject_pronoun() -> None:
    # "this" only before a verb the lexicon knows: "This process is slow" opens with a determiner
    sentences = ("It aims to go.", "It implements X.", "This process is slow.", "It bus.")
    assert [_pronoun(s) is not None for s in sentences] == [True, True, False, False]


@pytest.mark.parametrize(
    ("text", "triple"),
    [  # a verb the lexicon lacks, after "it", is the predicate's verb, not a concept
        (
            "We ship Zorbix. Zorbix implements a reference counting model. It aims to conform to RFC 9999.",
            ("Zorbix", "aims_to_conform_to", "RFC 9999"),
        ),
        (  # a capitalised subject before a finite verb is an antecedent; questions are not counted
            "Quibble is designed to answer questions like:\n\nWhere is this variable used?\nWhat calls this "
            "function?\nWhere is this file?\nWho reads this?\n\nIt has been released by The Zeta Trust as Open Source.",
            ("Quibble", "has_been_released_by", "Zeta Trust"),
        ),
    ],
)
def test_a_pronoun_finds_its_antecedent(text: str, triple: tuple[str, str, str]) -> None:
    assert triple in _triples(text)
    # a sentence that opens with a function word names no subject
    assert not any(h == "The" for h, _, _ in _triples("The tool is small. It has been released by Zeta Trust."))


def test_a_pronoun_with_no_subject_nearby_stands_for_the_document_subject() -> None:
    text = "Many things happen here.\nNothing is named.\nIt has been released by The Zeta Trust."
    extraction = RuleExtractor(workers=1).extract([text], [{"subject": "Quibble"}])[0]
    triples = {(r.head, r.relation, r.tail) for r in extraction.relations}
    assert ("Quibble", "has_been_released_by", "Zeta Trust") in triples
    assert not any(r.head == "Quibble" for r in RuleExtractor(workers=1).extract([text], [{}])[0].relations)


def test_coordinate_adjectives_modify_the_noun_and_are_no_concepts() -> None:
    from graphproof.loaders.extract.rule import modifier_words

    body = "It is a portable, cross-compilable, packageable fork of Quux."
    assert {body[a:b] for a, b in modifier_words(body)} == {"portable", "cross-compilable"}
    assert modifier_words("They keep a cat, a dog and a bird.") == set()
    assert modifier_words("It has a cat, dog, and bird food.") == set()  # a list of nouns ends in "and"
    triples = _triples("Sodiax is a crypto library. It is a portable, cross-compilable, packageable fork of Quux.")
    assert ("Sodiax", "is_packageable_fork_of", "Quux") in triples
    assert not any("portable" in (h, t) for h, _, t in triples)


def test_a_definition_gives_its_subject_the_whole_noun_phrase_without_coordinate_modifiers() -> None:
    from graphproof.loaders.extract.rule import Span, definition_phrase

    def phrase(body: str) -> str | None:
        found = definition_phrase(body, [Span(0, body.index(" "), body.split()[0], "name")])
        return found.name if found else None

    assert phrase("Quux is a lightweight and flexible command-line JSON processor.") == "command-line JSON processor"
    assert phrase("Quux is a new, easy-to-use software library for encryption.") == "software library"
    assert phrase("Quux is a C library, written in C.") == "C library"  # a comma after two words ends it
    assert phrase("Quux is a parsing library written by Ada Quill.") == "parsing library"  # a participle ends it
    assert phrase("Quux is a terminal multiplexer that splits windows.") == "terminal multiplexer"
    assert phrase("Quux is a library for arbitrary precision arithmetic.") is None  # the bare head says little
    assert phrase("Quux is a 1944 film.") is None  # the year is a fact of its own
    assert phrase("Quux is a cat and a dog.") is None
    assert phrase("We think Quux is a tool.") is None  # the subject must open the sentence
    assert phrase("Quux is the default.") is None  # "the" identifies, it does not define
    # a longer phrase keeps its head: an adverb and the word it modifies go first, then the words farthest from it
    assert phrase("Quux is a fully featured object-relational database management system.") == (
        "object-relational database management system"
    )
    assert phrase("Quux is a small fast portable embeddable scripting language runtime.") == (
        "portable embeddable scripting language runtime"
    )
    assert phrase("Quux is a family photo album manager tool.") == "family photo album manager tool"  # no adverb
    assert phrase("Quux is a one two three four five six seven eight nine ten") is None  # no end: the head unknown
    triples = _triples("Quux is a lightweight and flexible command-line JSON processor.")
    assert ("Quux", "is_a", "command-line JSON processor") in triples
    assert not any("lightweight" in (h, t) or t == "JSON" for h, _, t in triples)


def test_x_is_a_y_of_z_is_read_past_the_coordinate_modifiers_and_the_pair_cap() -> None:
    text = "Quibble is a complete and free implementation of the Zorp standard as defined by RFC4880 (also PGP)."
    triples = _triples(text)
    assert ("Quibble", "is_implementation_of", "Zorp") in triples
    assert ("Zorp", "defined_by", "RFC4880") in triples
    assert ("Quibble", "is_complete", "implementation") not in triples
    # without the copula and article it is no definition
    assert not any(r == "is_implementation_of" for _, r, _ in _triples("Quibble ships an implementation of Zorp."))


def test_software_verbs_and_language_names_make_stated_relations() -> None:
    assert ("Quibble", "requires", "C++11") in _triples("We like Quibble. Quibble requires a C++11 compiler.")
    from graphproof.loaders.extract.spans import name_spans

    names = [s.name for s in name_spans("It is written in C# and Gtk+, not in a+b.", set())]
    assert "C#" in names and "Gtk+" in names and not any("+b" in n for n in names)


def test_the_words_after_the_article_belong_to_the_object_not_the_verb() -> None:
    from graphproof.loaders.extract.rule import between_predicate

    assert between_predicate(" wrote a new ps ") == "wrote"
    assert between_predicate(" checks a 32 bit ") == "checks"
    assert between_predicate(" plays a leading role in ") == "plays_leading_role_in"  # a preposition ends it
    triples = _triples("Starting in 1997, Albert Cahalan wrote a new ps program for the package.")
    assert ("Albert Cahalan", "wrote", "new ps program") in triples  # the object keeps its modifiers
    assert not any(r.startswith("wrote_") for _, r, _ in triples)


def test_a_licence_sentence_licenses_the_name_it_opens_with_or_its_pronoun_stands_for() -> None:
    text = (
        "We like Quibble. Quibble is Free Software (it respects your freedom). It\n"
        "  can be freely used, modified and distributed under the terms of the\n  GNU General Public License."
    )
    extraction = RuleExtractor(workers=1).extract([text], [{"subject": "The Quibble Guard"}])[0]
    triples = {(r.head, r.relation, r.tail) for r in extraction.relations}
    assert ("Quibble", "is_licensed_under", "GNU General Public License") in triples
    assert "GNU General Public License" in {e.name for e in extraction.entities}
    mpfr = _triples(
        "The GNU Zorp Library is free software; you can redistribute it and/or modify it under the terms "
        "of the GNU Lesser General Public License as published by the Free Software Foundation."
    )
    assert ("GNU Zorp Library", "is_licensed_under", "GNU Lesser General Public License") in mpfr
    # a licence named without "under" licenses nothing here
    assert not any(r == "is_licensed_under" for _, r, _ in _triples("Quibble reads the GNU General Public License."))


def test_bits_and_bytes_are_units() -> None:
    triples = _triples("For the gzip format, gunzip checks a 32 bit CRC.")
    assert ("gunzip", "checks", "32 bit") in triples
    assert not any(r.startswith("checks_") for _, r, _ in triples)


def test_an_apposition_defines_the_name_it_follows() -> None:
    triples = _triples("We use Quux. Quux, a lightweight and flexible command-line JSON processor, reads stdin.")
    assert ("Quux", "is_a", "command-line JSON processor") in triples
    assert not any(r.startswith("reads") and t == "command-line JSON processor" for _, r, t in triples)
    # an apposition is closed by a comma; a list of names is none
    assert not any(r == "is_a" for _, r, _ in _triples("We use Quux. Quux, a tool for JSON."))
    assert not any(r == "is_a" for _, r, _ in _triples("We use Quux, Zorp and Blip every day."))


def test_a_definition_whose_subject_is_a_noun_phrase_defines_its_name() -> None:
    triples = _triples("We use Quux. The Quux tool is a lightweight and flexible command-line JSON processor.")
    assert ("Quux", "is_a", "command-line JSON processor") in triples
    assert not any(t in ("lightweight", "flexible command-line") for _, _, t in triples)


def test_a_copula_alone_states_what_its_subject_is() -> None:
    assert ("Quarkle", "is", "lossless") in _triples("We use Quarkle. Quarkle is lossless.")
    assert ("Quarkle", "is_not", "thread-safe") in _triples("We use Quarkle. Quarkle is not thread-safe.")
    coordinated = _triples("The Quarkle codec is fast and lossless.")
    assert ("codec", "is", "lossless") in coordinated
    assert not any(r.startswith("is_fast") for _, r, _ in coordinated)


def test_a_copula_before_another_clause_or_after_a_modifier_states_nothing() -> None:
    assert not any(r.startswith("is") for _, r, _ in _triples("We use Quarkle. Quarkle is fast and Zlorb is slow."))
    assert ("API", "is", "GSettings") in _triples("The settings API is GSettings.")
    triples = _triples("The wrapper API used by Gtk+ and GNOME applications is GSettings.")
    assert not any(r == "is" for _, r, _ in triples)  # "applications" is in the subject's modifier


def test_a_relative_clause_links_its_antecedent() -> None:
    triples = _triples("GSettings, which is included as part of GLib, stores settings.")
    assert ("GSettings", "is_included_as_part_of", "GLib") in triples
    triples = _triples("We use Avahi. Avahi, which implements Multicast DNS, is a daemon.")
    assert ("Avahi", "implements", "Multicast DNS") in triples
    assert ("Avahi", "is_a", "daemon") in triples
    assert ("Multicast DNS", "is_a", "daemon") not in triples  # the clause's mention is not the main subject
    triples = _triples("Tom Lane, who wrote libjpeg, lives in Pittsburgh.")
    assert ("Tom Lane", "lives_in", "Pittsburgh") in triples
    assert ("Tom Lane", "wrote", "libjpeg") in triples


def test_a_finite_verb_inside_a_run_of_words_ends_the_subject() -> None:
    assert ("nss-mdns", "contacts", "avahi-daemon") in _triples("nss-mdns contacts avahi-daemon.")
    triples = _triples("nss-mdns tries to contact avahi-daemon for lookups.")
    assert ("nss-mdns", "tries_to_contact", "avahi-daemon") in triples


def test_a_verb_right_before_a_name_ends_a_lower_case_subject() -> None:
    """A lower-case project name and a verb followed by a name were one concept ("quux supports")."""
    assert ("quux", "supports", "Linux") in _triples("quux supports Linux and Windows.")
    assert ("libffi", "requires", "GCC") in _triples("libffi requires GCC.")
    # a capitalised word too short to be a mention ("C", "Qt") ends the subject the same way
    triples = _triples("XMLSec library provides C based implementation for major XML Security standards.")
    assert ("XMLSec", "provides_c_based", "implementation") in triples
    assert not any("library provides" in (head, tail) for head, _, tail in triples)


def test_consists_of_renamed_and_supersedes_are_verbs() -> None:
    assert ("toolkit", "consists_of", "parser") in _triples("The toolkit consists of a parser and a compiler.")
    assert ("libfoo", "was_renamed_to", "libbar") in _triples("libfoo was renamed to libbar in 2010.")
    assert ("quux", "supersedes", "Zorp") in _triples("quux supersedes Zorp.")


def test_a_word_may_hold_digits_after_its_first_letter() -> None:
    triples = _triples("The installed C library libidn2 is dual-licensed under LGPLv3+.")
    assert ("libidn2", "is_dual_licensed_under", "LGPLv3+") in triples  # a lower-case word ending in a number: a name
    # a keyphrase keeps a digit inside a word too
    assert ("library", "is_built_with", "v2a3b compiler") in _triples("The library is built with the v2a3b compiler.")


def test_stands_for_names_what_an_abbreviation_means() -> None:
    assert ("FFI", "stands_for", "Foreign Function Interface") in _triples("FFI stands for Foreign Function Interface.")
    assert ("group name", "stands_for", "Dialup IP") in _triples('The group\'s name stands for "Dialup IP".')


def test_the_verb_after_an_aside_belongs_to_the_clause_subject() -> None:
    text = "Nettle's support for public key algorithms, such as RSA and ECDSA, depends on the GNU GMP library."
    triples = _triples(text)
    assert ("nettle support", "depends_on", "GNU GMP") in triples
    assert not {("RSA", "depends_on", "GNU GMP"), ("ECDSA", "depends_on", "GNU GMP")} & triples


def test_a_verb_after_a_modal_is_no_part_of_a_concept() -> None:
    extraction = RuleExtractor(workers=1).extract(["xsltproc can operate independently of desktops."], [{}])[0]
    assert "operate independently" not in {e.name for e in extraction.entities}


def test_an_ing_verb_after_a_preposition_heads_a_clause_not_a_concept() -> None:
    text = (
        "nss-mdns tries to contact a running avahi-daemon for resolving host names and addresses and making use of"
        " its superior record cacheing."
    )
    extraction = RuleExtractor(workers=1).extract([text], [{}])[0]
    names = {e.name for e in extraction.entities}
    assert not {"resolving host names", "making use"} & names
    assert "running avahi-daemon" in names, "after an article the -ing word stays an adjective"
    assert ("nss-mdns", "tries_to_contact", "running avahi-daemon") in _triples(text)


def test_an_adverb_before_of_stays_in_the_predicate() -> None:
    assert between_predicate(" can operate independently of ") == "operate_independently_of"
    assert between_predicate(" was originally written by ") == "was_written_by"


def test_prose_keeps_a_quality_adjective_inside_a_noun_phrase() -> None:
    triples = _triples("Use configure --disable-largefile to disable large file support.")
    assert ("--disable-largefile", "disable", "large file support") in triples
    extraction = RuleExtractor(workers=1).extract(["The file is large."], [{}])[0]
    assert "large" not in {e.name for e in extraction.entities}  # an adjective ends no noun phrase


def test_chat_messages_still_drop_quality_adjectives() -> None:
    meta = {"speakers": "AdamSmith, LiHua"}
    text = "AdamSmith: I bought a large coffee maker today.\nLiHua: Nice!"
    extraction = RuleExtractor(workers=1).extract([text], [meta])[0]
    names = {e.name for e in extraction.entities}
    assert "coffee maker" in names and "large coffee maker" not in names


def test_a_permission_to_the_reader_licenses_what_it_lets_them_use() -> None:
    text = "We use Quux. You may redistribute Quux under the terms of the GNU General Public License."
    assert ("Quux", "is_licensed_under", "GNU General Public License") in _triples(text)
    text = "You can use and modify Quux under the terms of the MIT License."
    assert ("Quux", "is_licensed_under", "MIT License") in _triples(text)


def test_a_passive_requirement_is_read_as_what_requires_what() -> None:
    assert ("Quux", "requires", "python") in _triples("We use Quux. Python is needed for building Quux.")
    assert ("Quux", "requires", "compiler") in _triples("We use Quux. A C++17 compiler is required to build Quux.")


def test_a_preposition_is_no_concept_in_prose() -> None:
    assert ("Quux", "run_without", "Zorp") in _triples("We use Quux. Quux can run without Zorp.")


def test_words_as_often_nouns_are_verbs_between_two_mentions_of_a_document() -> None:
    assert ("FFI", "means", "Foreign Function Interface") in _triples("FFI means Foreign Function Interface.")
    assert ("Quux", "links_against", "libfoo") in _triples("We use Quux. Quux links against libfoo.")
    extraction = RuleExtractor(workers=1).extract(["We use Quux. The MIT License covers Quux."], [{}])[0]
    assert "covers" not in {e.name for e in extraction.entities}


def test_an_option_alone_on_its_line_is_the_subject_of_the_description_below_it() -> None:
    text = "Special configure options:\n\n--with-zorp\n  Enable support for Zorp archives.\n"
    assert ("--with-zorp", "enable_support_for", "Zorp") in _triples(text)
    assert not any(h == "--with-zorp" for h, _, _ in _triples("--with-zorp\n--without-zorp\n"))


def test_an_asciidoc_or_man_page_option_term_is_the_subject_of_the_description_below_it() -> None:
    asciidoc = "OPTIONS\n-------\n\n-q::\n--quiet::\n\tSuppress unnecessary output messages on stderr.\n"
    assert ("--quiet", "suppress", "unnecessary output") in _triples(asciidoc)
    argument = "-P <prefix>::\n--prefix=<prefix>::\n\tSpecify the path in the repository to the subtree.\n"
    assert ("--prefix", "specify", "path") in _triples(argument)  # the term is the option's name, not its argument
    man = "  -v, --verbose\n      Print each file name as it is processed.\n"
    assert ("--verbose", "print_each", "file name") in _triples(man)
    assert _imperative("Suppress unnecessary output") == "suppress"  # WordNet knows "suppress" only as a verb
    assert _imperative("Suppresses output") == _imperative("Suppressed output") == ""  # no base form
    assert _imperative("Output is suppressed") == ""  # "output" is a noun too


def test_a_plural_definition_types_every_coordinated_subject() -> None:
    triples = _triples("We use Quux and Zorp. Quux and Zorp are command-line JSON processors.")
    assert {("Quux", "is_a", "command-line JSON processor"), ("Zorp", "is_a", "command-line JSON processor")} <= triples
    assert not any(r == "is_a" for _, r, _ in _triples("We use Quux and Zorp. Quux and Zorp are thread-safe."))
    assert not any(r == "is" for _, r, _ in _triples("Ann Lee, Bob Stone and Cy Park are libraries."))


def test_a_code_identifier_is_one_name_not_its_words() -> None:
    text = "The API has idn2_to_ascii_8z for converting data. The function gcry_md_open creates a hash context."
    names = {e.name for e in RuleExtractor(workers=1).extract([text], [{}])[0].entities}
    assert {"idn2_to_ascii_8z", "gcry_md_open"} <= names
    assert not names & {"idn2", "ascii", "gcry"}, "the words between the underscores are no mentions"
    assert ("gcry_md_open", "creates", "hash context") in _triples(text)
    freetype = _triples("FT_Init_FreeType creates a new library instance.")
    assert ("FT_Init_FreeType", "creates", "new library instance") in freetype
    # not inside a path
    in_path = RuleExtractor(workers=1).extract(["See /usr/lib_dir/x for it."], [{}])[0].entities
    assert "lib_dir" not in {e.name for e in in_path}


def test_a_package_name_with_a_digit_is_one_name_not_its_words() -> None:
    from graphproof.loaders.extract.patterns import identifier_spans

    text = "Install libc6-dev and python3-pip, or libgtk2.0-0 with gcc-12."
    assert [s.name for s in identifier_spans(text)] == ["libc6-dev", "python3-pip", "libgtk2.0-0", "gcc-12"]
    # hyphenated words without a digit, numbers, paths and options are not package names
    assert identifier_spans("A well-known 64-bit command-line tool; see /usr/lib/libc6-dev and --with-gcc-5.") == []
    names = {e.name for e in RuleExtractor(workers=1).extract([text], [{}])[0].entities}
    assert {"libc6-dev", "python3-pip"} <= names and not names & {"libc6", "dev", "python3"}


def test_an_e_mail_address_in_a_document_is_one_name() -> None:
    text = "Questions and suggestions go to nisse@lysator.liu.se."
    names = {e.name for e in RuleExtractor(workers=1).extract([text], [{}])[0].entities}
    assert "nisse@lysator.liu.se" in names and "lysator" not in names
    assert ("suggestions", "go_to", "nisse@lysator.liu.se") in _triples(text)
    in_chat = RuleExtractor(workers=1).extract(["LiHua: mail me at li@example.org"], [{"speakers": "LiHua"}])[0]
    assert "li@example.org" not in {e.name for e in in_chat.entities}, "chats keep addresses hidden"
    in_url = RuleExtractor(workers=1).extract(["Clone https://example.org/a@b.git first."], [{}])[0]
    at_names = [e.name for e in in_url.entities if "@" in e.name]
    assert at_names == ["https://example.org/a@b.git"], "an @ inside a URL makes no address: the URL is the name"


def test_a_relation_to_the_following_list_holds_for_each_item() -> None:
    text = (
        "Quarkle is a log parser.\n\n"
        "To build the optional viewer, Quarkle depends on the following libraries:\n\n"
        "- [ZorbLib](https://zorblib.example.org) for drawing,\n"
        "- FlimFlam for fonts\n"
        "- *libsnarf* for sound\n\n"
        "Quarkle uses the following notation: dates are written as days.\n"
    )
    triples = _triples(text)
    assert {("Quarkle", "depends_on", name) for name in ("ZorbLib", "FlimFlam", "libsnarf")} <= triples
    assert not any(t[2].startswith("following") for t in triples if t[1] == "depends_on"), "the list stands in"
    extraction = RuleExtractor(workers=1).extract([text], [{}])[0]
    [link] = [r for r in extraction.relations if r.tail == "FlimFlam" and r.relation == "depends_on"]
    assert "depends on the following libraries" in link.description and "FlimFlam for fonts" in link.description
    # a colon not followed by list items, or a list after a sentence that is not about "the following", is no list
    other = "Quarkle is built from the quarkle-doc repository:\n\n- ZorbLib manual\n- offline documentation\n"
    assert not any(t[1] == "is_built_from" and t[2] in ("ZorbLib", "offline documentation") for t in _triples(other))
    assert ("Quarkle", "uses", "following notation") in triples, "no list after it: the relation stays as written"


def test_a_second_verb_phrase_joined_by_and_belongs_to_the_clause_subject() -> None:
    triples = _triples("Zorp was developed by Jane Roe and is maintained by the Quux team.")
    assert ("zorp", "is_maintained_by", "Quux") in triples
    assert ("Jane Roe", "is_maintained_by", "Quux") not in triples, "the object of the first verb is no subject"
    triples = _triples("Zorp reads the configuration file and writes a report to standard output.")
    assert ("zorp", "writes_report_to", "standard output") in triples
    assert ("configuration file", "writes_report_to", "standard output") not in triples
    assert ("format", "documented_in", "RFC9999") in _triples("The format is stable and documented in RFC9999.")
    # two clauses, each with its own subject, are not one subject's verb phrases
    triples = _triples("Zorp was written by Jane Roe and Quux is maintained by John Doe.")
    assert not any(t[0] == "zorp" and t[1] == "is_maintained_by" for t in triples)


def test_an_adjective_or_kind_noun_before_a_name_is_no_concept_of_its_own() -> None:
    triples = _triples("Frobnik is written in plain C++ and relies on OpenGL.")
    assert {("frobnik", "is_written_in", "C++"), ("frobnik", "relies_on", "OpenGL")} <= triples
    assert ("Frobnik", "depends_on", "libbar") in _triples(
        "Frobnik depends on the library `libbar', which must be installed before Frobnik can be built."
    )
    assert ("frobnik", "uses", "libbar") in _triples('Frobnik uses the library "libbar" for parsing.')


def test_a_lone_letter_after_a_preposition_is_a_language_name_not_an_initial() -> None:
    assert ("frobnik", "is_written_in", "C") in _triples("Frobnik is written in C and relies on OpenGL ES.")
    assert not any(t[2] == "A" for t in _triples("Frobnik was written by John A. Smith in Boston."))
    # a period that ends the sentence, the line or the text is no initial's
    assert ("frobnik", "is_written_in", "C") in _triples("Frobnik is written in C.")
    assert ("frobnik", "is_written_in", "C") in _triples("Frobnik is written in C. It runs on Linux.")
    from graphproof.loaders.extract.spans import name_spans

    assert [s.name for s in name_spans("It is written in C", set())] == ["C"]  # the text ends: no period
    assert [s.name for s in name_spans("Thanks to work by C. Smith.", set())] == ["C. Smith"]


def test_a_relative_clause_after_a_quoted_name_and_on_a_stated_type() -> None:
    triples = _triples('Frobnik includes other functions such as "LCS", which computes the longest common subsequence.')
    assert ("LCS", "computes", "longest common subsequence") in triples  # "computes" is in no verb list
    triples = _triples("Zorpd is a daemon that implements the mDNS protocol and ships with a client library.")
    assert {("Zorpd", "is_a", "daemon"), ("Zorpd", "implements", "mDNS")} <= triples
    assert ("Jansson", "encoding_decoding", "JSON") in _triples(
        "Jansson is a C library for encoding, decoding and manipulating JSON data."
    )
    assert ("quuxlib", "is_a", "core library") in _triples("Quuxlib is the core library that forms the basis.")


def test_a_verb_read_into_a_keyphrase_is_the_predicate_and_paths_are_names() -> None:
    provides = _triples("Currently the project provides only a pkg-config file.")
    assert ("project", "provides", "pkg-config file") in provides
    assert ("Frob", "displays", "tree") in _triples("The Frob utility displays a tree of processes.")
    assert ("default configuration file", "is", "/etc/frobnik.conf") in _triples(
        "The default configuration file is /etc/frobnik.conf."
    )


def test_a_name_in_a_namespace_is_one_name() -> None:
    from graphproof.loaders.extract.patterns import identifier_spans

    assert [s.name for s in identifier_spans("X11::Protocol, std::vector and idn2_to_ascii_8z; Foo::Bar_baz")] == [
        "X11::Protocol", "std::vector", "idn2_to_ascii_8z", "Foo::Bar_baz"
    ]  # fmt: skip
    assert ("X11::Protocol", "was_written_by", "Stephen McCamant") in _triples(
        "X11::Protocol was written by Stephen McCamant.", "Quarkle"
    )


def test_a_relative_path_is_a_name_and_words_joined_by_slashes_are_not() -> None:
    from graphproof.loaders.extract.patterns import path_spans

    def paths(text: str) -> list[str]:
        return [s.name for s in path_spans(text)]

    assert paths("Read debian/README.source, run ./configure, then see ../lib and src/lib/frob.c.") == [
        "debian/README.source", "./configure", "../lib", "src/lib/frob.c"
    ]  # fmt: skip
    assert paths("It links x86_64-linux-gnu/libfrob.so.1 and reads debian/patches/series.") == [
        "x86_64-linux-gnu/libfrob.so.1", "debian/patches/series"
    ]  # fmt: skip
    assert paths("and/or, TCP/IP, GNU/Linux, 24/7, mDNS/DNS-SD, read/write/execute, docs/") == []
    text = "Frob reads its settings from conf/frob.ini."
    assert ("Frob", "reads_settings_from", "conf/frob.ini") in _triples(text, "Frob")


def test_a_word_after_the_last_preposition_modifies_the_object_unless_it_makes_an_idiom() -> None:
    assert between_predicate(" is written in plain ") == "is_written_in"
    assert between_predicate(" works well with ") == "works_well_with"
    assert between_predicate(" uses by default ") == "uses"  # "by default" says when, not what (no idiom)
    assert between_predicate(" tries to contact ") == "tries_to_contact"  # "to" before a verb is no preposition


def test_inline_code_and_gnu_quoted_commands_are_names() -> None:
    assert [s.name for s in code_spans("Use `zstd` or `configure' here; ```block``` is no name.")] == [
        "zstd",
        "configure",
    ]
    assert code_spans("run `a b c d e f` first") == [], "a longer snippet is code, not a name"
    assert ("make", "is_a", "default build tool") in _triples("`make` is the default build tool.")


def test_a_name_with_its_release_number_is_a_version_of_the_bare_name() -> None:
    triples = _triples("Frobnik requires Python 3.8 and runs on Linux.")
    assert {("frobnik", "requires", "Python 3.8"), ("Python 3.8", "is_version_of", "Python")} <= triples
    assert ("Tcl 8.6.13", "is_version_of", "Tcl") in _triples("This is the Tcl 8.6.13 source distribution.")
    assert not any(t[1] == "is_version_of" for t in _triples("Frobnik 2 was released in Room 302."))
    # a numbered part of a text is no release of it
    parts = _triples("Details are in Section 4.4 of the manual, and Frobnik is shown in Figure 3.")
    assert not any(t[1] == "is_version_of" for t in parts), parts


def test_the_role_of_a_thing_is_what_fills_it() -> None:
    assert ("Quillet", "maintainer", "Ada Quill") in _triples("The maintainer of Quillet is Ada Quill.")
    assert ("Zork", "author", "Tim Anderson") in _triples("The author of Zork is Tim Anderson.")
    assert ("timeout", "default_value", "30 seconds") in _triples(  # the option named "timeout"
        "The default value of the timeout option is 30 seconds."
    )
    # a role word that is a verb, preposition or function word makes no role; nor does a value far after the copula
    for text in ("The use of Quillet is not advised for Ada Quill.", "The rest of Zork is written by Tim Anderson."):
        assert not any(r in {"use", "rest"} for _, r, _ in _triples(text)), text
    late = _triples("The maintainer of Quillet is, as of this year, Ada Quill.")
    assert not any(r == "maintainer" for _, r, _ in late)


def test_the_verb_after_used_to_is_part_of_the_predicate() -> None:
    assert ("FONTCONFIG_FILE", "is_used_to_override", "default configuration file") in _triples(
        "FONTCONFIG_FILE is used to override the default configuration file."
    )
    triples = _triples("Zorp is designed to replace the old sendmail daemon.")
    assert ("zorp", "is_designed_to_replace", "old sendmail daemon") in triples
    assert not any(t in {"override", "replace"} for _, _, t in triples)


def test_a_relative_clause_with_a_perfect_passive_relates_its_antecedent() -> None:
    triples = _triples("The library consists of routines that have been extracted from the V8 JavaScript engine.")
    assert ("routines", "have_been_extracted_from", "V8 JavaScript") in triples
    assert between_predicate(" that have been extracted from the ") == ""  # chats keep the five-word limit
    assert between_predicate(" that have been extracted from the ", prose=True) == "have_been_extracted_from"


def test_a_dash_row_says_what_its_command_does() -> None:
    text = (
        "A package of small utilities.\n\n- fuser - Identifies processes using files or sockets\n\n"
        "- killall - kills processes by name\n\npstree - display a tree of processes\n\nUse gzip - it is fast.\n"
    )
    triples = _triples(text)
    assert ("fuser", "identifies", "processes using files") in triples  # a third-person verb, capitalised
    assert ("killall", "kills", "processes") in triples  # the verb is not part of the concept after it
    assert ("pstree", "display", "tree") in triples  # a man page's NAME line: an imperative
    assert not any(h == "gzip" and r != "related_to" for h, r, _ in triples)  # no verb opens "it is fast"


def test_a_name_in_apposition_to_a_kind_noun_is_the_verb_s_object_too() -> None:
    triples = _triples("We like Zorp. Zorp installs an executable, ``xq``, which converts logs.")
    assert {("Zorp", "installs", "executable"), ("Zorp", "installs", "xq"), ("xq", "converts", "logs")} <= triples
    assert ("Zorp", "ships", "frob") in _triples("We like Zorp. Zorp ships a tool called frob.")
    assert not any(t == "parser" for _, _, t in _triples("We like Zorp. Zorp uses the parser, which is fast."))


def test_an_option_after_a_command_is_no_name_of_the_command_as_a_kind() -> None:
    from graphproof.loaders.extract.rule import kind_appositions

    # "git log -p": the command's option, not "-p is a git log"
    body = "Try git log -p now."
    spans = [Span(4, 11, "git log", "concept"), Span(12, 14, "-p", "name")]
    assert kind_appositions(body, spans) == []
    assert not any(r == "is_a" for _, r, _ in _triples("Also zorp log -p --color works.\n"))
    # after a kind noun an option is the kind's name
    named = "Pass the debug option --trace here."
    spans = [Span(9, 21, "debug option", "concept"), Span(22, 29, "--trace", "name")]
    assert kind_appositions(named, spans) == [(0, 1)]


@pytest.mark.skipif(not verb_forms(), reason="WordNet's index.verb is not installed (make setup installs it)")
def test_a_wordnet_verb_is_read_where_a_verb_stands() -> None:
    assert ("Zorp", "identifies", "Quux") in _triples("We like Zorp. Zorp identifies Quux.")  # not in VERBS
    assert between_predicate(" identifies ", leading=verb_forms()) == "identifies"
    assert between_predicate(" which quickly identifies ", leading=verb_forms(), prose=True) == "identifies"
    assert between_predicate(" identifies ") == ""  # without WordNet's forms
    assert between_predicate("'s config file ", leading=verb_forms()) == ""  # "file" is no verb after a noun


def test_a_parenthetical_aside_after_a_mention_is_read_past() -> None:
    text = (
        "On Unix systems, the system bus (dbus-daemon --system) is designed to be a security boundary between "
        "users with different privileges."
    )
    assert ("system bus", "is_designed_to_be", "security boundary") in _triples(text)
    assert ("Zorp", "uses", "Frob") in _triples("We like Zorp. Zorp (the old one) uses Frob.")
    free = "|||| (||||||) is fast"
    assert past_aside(free, Span(0, 4, "Zorp", "name")) == len("|||| (||||||)")
    assert past_aside("(|||) is", Span(1, 4, "Quux", "name")) == len("(|||)")  # the aside's own name
    assert past_aside("|||| is", Span(0, 4, "Zorp", "name")) is None


def test_a_role_written_after_its_name_links_the_name_to_the_value() -> None:
    triples = _triples("The official ISO 15924 maintenance agency is the Unicode Consortium.")
    assert ("ISO 15924", "maintenance_agency", "Unicode Consortium") in triples
    assert not any(r == "library" for _, r, _ in _triples("The Quux library is Zorp."))  # a kind noun is no role


def test_the_copula_gap_pattern_does_not_backtrack_without_end_on_masked_mentions() -> None:
    from graphproof.loaders.extract.rule import _COPULA_GAP

    assert _COPULA_GAP.match(" is " + "|" * 40 + " x") is None  # exponential before: 20 pipes took 0.3 s, 40 ~days
    assert _COPULA_GAP.match(" is the || of ")


BLKID = "The libblkid reads by default /etc/blkid.conf which can be overridden by the environment variable BLKID_CONF."


def test_a_listed_verb_before_a_preposition_ends_a_keyphrase_in_a_document() -> None:
    assert ("libblkid", "reads", "/etc/blkid.conf") in _triples(BLKID)  # "reads" before "by default" is the verb
    assert not any(t == "gcc" for _, _, t in _triples("We like Zorp. Zorp uses the GNU gcc compiler."))  # not code


@pytest.mark.skipif(not verb_forms(), reason="WordNet's index.verb is not installed (make setup installs it)")
def test_a_code_like_name_after_a_kind_noun_and_a_passive_participle_are_read_in_a_document() -> None:
    triples = _triples(BLKID)
    assert ("/etc/blkid.conf", "be_overridden_by", "BLKID_CONF") in triples  # the variable's name, not only its kind
    assert not any(t == "overridden" for _, _, t in triples)  # a participle after "be" (WordNet's form) is no concept


def test_a_kind_noun_after_a_name_is_part_of_that_mention_not_a_mention_of_its_own() -> None:
    triples = _triples("GNU gettext provides the 'msgmerge' program, which prepares a message catalog.")
    assert ("msgmerge", "prepares", "message catalog") in triples
    assert not any("program" in (head, tail) for head, _, tail in triples)
    assert ("--disable-nls", "build_without", "native language support") in _triples(
        "Use the --disable-nls option to build without native language support."
    )
    assert ("FONTCONFIG_FILE", "overrides", "default configuration file") in _triples(
        "The FONTCONFIG_FILE environment variable overrides the default configuration file."
    )


@pytest.mark.skipif(not verb_forms(), reason="WordNet's index files are not installed (make setup installs them)")
def test_a_lower_case_word_that_is_no_english_word_before_a_kind_noun_is_a_name() -> None:
    from graphproof.loaders.extract.rule import bare_named_kinds
    from graphproof.text.english_words import is_english

    assert not is_english("xgettext") and is_english("compiled") and is_english("command-line")
    assert [s.name for s in bare_named_kinds("The xgettext program and the main program")] == ["xgettext"]
    assert bare_named_kinds("the compiled library, the build system, a gcc tool") == []  # words, or too short
    assert ("xgettext", "extracts", "translatable strings") in _triples(
        "The xgettext program extracts translatable strings from source files."
    )
    assert ("main program", "reads", "configuration file") in _triples("The main program reads the configuration file.")


def test_a_path_is_one_name_with_its_root_even_when_it_holds_the_documents_subject() -> None:
    text = "Zorpfile is a package. All its data files are stored in the directory \"/usr/share/zorpfile/json\"."
    extraction = RuleExtractor(workers=1).extract([text], [{"subject": "zorpfile"}])[0]
    names = {e.name for e in extraction.entities}
    assert "/usr/share/zorpfile/json" in names and "/usr/share" not in names  # not cut at the subject's name
    assert ("data files", "are_stored_in", "/usr/share/zorpfile/json") in {
        (r.head, r.relation, r.tail) for r in extraction.relations
    }


def test_a_two_column_list_aligned_with_spaces_says_what_each_term_is_or_does() -> None:
    text = (
        "Contents\n--------\n\n  zorptc        A trace test generator\n\n"
        "  zorpdump      Prints the packets of a trace\n\n"
        "It ends here.  Then more prose follows on the next line\nand wraps  Over two lines.\n"
    )
    triples = _triples(text)
    assert ("zorptc", "is_a", "trace test generator") in triples
    assert ("zorpdump", "prints", "packets") in triples
    # a sentence end before two spaces is no term, and prose keeps its sentences
    assert not any(head in {"here", "wraps"} for head, _, _ in triples)


def test_a_demonstrative_and_a_kind_noun_stand_for_the_document_subject() -> None:
    text = "Many tools exist.\nIn case of bugs in these programs, please contact Ted Ts'o at tytso@mit.edu."
    extract = RuleExtractor(workers=1).extract
    triples = {(r.head, r.relation, r.tail) for r in extract([text], [{"subject": "e2fsprogs"}])[0].relations}
    assert ("e2fsprogs", "contact", "Ted Ts'o") in triples
    assert not any(h == "programs" for h, _, _ in triples)  # no generic "programs" hub any more
    # no subject, or one that is a title rather than a name: the phrase stays what it was
    for metadata in ({}, {"subject": "Frequently Asked Questions"}):
        triples = {(r.head, r.relation, r.tail) for r in extract([text], [metadata])[0].relations}
        assert ("programs", "contact", "Ted Ts'o") in triples
    # "this document" is the README itself, not what it is about
    triples = {(r.head, r.relation, r.tail) for r in extract(["This document describes Zorp."], [{"subject": "Quux"}])[
        0
    ].relations}
    assert not any("Quux" in (h, t) for h, r, t in triples if r != "related_to")  # it states nothing of Quux


def test_a_readme_filed_under_a_folder_that_it_names_is_about_that_folder() -> None:
    from graphproof.loaders.chunking import FOLDER_KEY
    from graphproof.loaders.extract.rule import document_subjects, folder_subject

    text = "This is the new version of the file system programs.\nI release new versions of E2fsprogs often."
    assert folder_subject(text, "e2fsprogs") == "E2fsprogs"  # as the text writes it
    assert folder_subject(text, "libpopt0") == ""  # a folder the text never names is no subject
    assert folder_subject("See e2fsprogs.conf for details.", "e2fsprogs") == ""  # part of a file name
    assert folder_subject("The sources are in src/ and src/main.c.", "src") == ""  # part of a path
    assert document_subjects([text], [{FOLDER_KEY: "e2fsprogs"}]) == ["E2fsprogs"]
    assert document_subjects([text], [{FOLDER_KEY: "e2fsprogs", "subject": "Given"}]) == ["Given"]



def test_a_setting_is_one_name_and_a_known_name_is_not_found_inside_a_file_name() -> None:
    from graphproof.loaders.extract.patterns import setting_spans

    text = "Add net.ifnames=0 to the kernel command line, set LANG=C, or pass -Dgtk_doc=true. If x == y, stop."
    assert [s.name for s in setting_spans(text)] == ["net.ifnames=0", "LANG=C", "-Dgtk_doc=true"]
    names = {e.name for e in RuleExtractor(workers=1).extract([text], [{}])[0].entities}
    assert {"net.ifnames=0", "LANG=C", "-Dgtk_doc=true"} <= names and not {"net", "ifnames", "Dgtk"} & names
    # the document's subject "vim" is no mention inside "debian.vim", which stays one file name
    extraction = RuleExtractor(workers=1).extract(
        ["Modelines are disabled by default in debian.vim for security reasons."], [{"subject": "vim"}]
    )[0]
    triples = {(r.head, r.relation, r.tail) for r in extraction.relations}
    assert ("modelines", "are_disabled_in", "debian.vim") in triples


def test_either_of_two_licences_licenses_the_subject_under_each() -> None:
    text = (
        "This library is free software; you may distribute under the terms of either the GNU General Public "
        "License or the Artistic License, as specified in the Perl README file."
    )
    triples = _triples(text, "Quux::Zorp")
    assert ("Quux::Zorp", "is_licensed_under", "GNU General Public License") in triples
    assert ("Quux::Zorp", "is_licensed_under", "Artistic License") in triples
    entities = RuleExtractor(workers=1).extract([text], [{"subject": "Quux::Zorp"}])[0].entities
    assert "either" not in {e.name.casefold() for e in entities}  # a function word, no concept
    # "or" that joins no second licence adds nothing
    one = _triples("Quux is released under the MIT License or so I am told.")
    assert {t for _, r, t in one if r == "is_licensed_under"} == {"MIT License"}


def test_this_is_a_name_and_a_noun_phrase_gives_the_name_its_kind() -> None:
    cases = {
        "This is the zorpq(3) command line option parsing library. It is small.": (
            "zorpq", "command line option parsing library"
        ),
        "This is GNU Quux, a program for controlling builds.": ("GNU Quux", "program"),
        "This is the Quux compression library.": ("Quux", "compression library"),
        "This is zorpq - A small library to render images.": ("zorpq", "small library"),
    }  # fmt: skip
    for text, (name, kind) in cases.items():
        triples = _triples(text, name)
        assert (name, "is_a", kind) in triples, text
        assert not any(h == name and r.startswith("is_") and r != "is_a" for h, r, _ in triples), text
    # nothing after the name, or no name: no kind
    for text in ("This is GNU Quux.", "This is free software.", "This is Quux, maintained by Ann Lee."):
        assert not any(r == "is_a" for _, r, _ in _triples(text, "Quux")), text


def test_this_is_the_and_a_lower_case_name_that_is_no_english_word_names_the_subject() -> None:
    from graphproof.loaders.extract.rule import sentence_subject
    from graphproof.text.english_words import known

    if not known():
        pytest.skip("WordNet's word list (Debian's wordnet-base) is not installed")
    assert sentence_subject("This is the zorpq(3) command line option parsing library. It is small.") == "zorpq"
    assert sentence_subject("This is zorpq, a tool.") == "zorpq"
    for text in ("This is the main program.", "This is free software.", "This is where it goes."):
        assert sentence_subject(text) == "", text


def test_a_page_that_says_what_it_describes_names_the_subject_this_library_stands_for() -> None:
    from graphproof.loaders.extract.rule import sentence_subject
    from graphproof.text.english_words import known

    if not known():
        pytest.skip("WordNet's word list (Debian's wordnet-base) is not installed")
    opening = "This document describes zorpq, the Zorp C library developed for GNOME."
    assert sentence_subject(opening) == "zorpq"
    assert sentence_subject("This manual describes Zorp Tools. It is long.") == "Zorp Tools"
    triples = _triples(f"{opening}\n- This library is released under the MIT Licence\n")
    assert ("zorpq", "is_released_under", "MIT Licence") in triples
    # what follows "describes" is no name: an English word ("the setup, maintenance …", "how the library maps …")
    for text in ("This document describes the setup, maintenance and use.", "This manual describes both."):
        assert sentence_subject(text) == "", text


def test_by_default_is_no_object_and_no_part_of_the_verb() -> None:
    extraction = RuleExtractor(workers=1).extract(
        ["Quux currently uses by default the LZ77 algorithm. Compression is enabled by default in Zorp."],
        [{"subject": "Quux"}],
    )[0]
    triples = {(r.head, r.relation, r.tail) for r in extraction.relations}
    assert ("Quux", "uses", "LZ77") in triples
    assert ("compression", "is_enabled_in", "Zorp") in triples
    assert "default" not in {e.name.casefold() for e in extraction.entities}
    assert not any("default" in r or t.casefold() == "default" for _, r, t in triples)


def test_a_copyright_line_or_a_credit_names_who_made_the_name_before_it_or_the_subject() -> None:
    extract = RuleExtractor(workers=1).extract
    text = (
        "ZorpQuux, version 0.56 Copyright (C) 1997-2006 Ann McLee.\n"
        "Characters from Arev fonts, Copyright (c) 2006 by Bo Tavm: U+01BA\n"
        "Contributed by Cy Eran <cy@example.org>"
    )
    extraction = extract([text], [{"subject": "Zorplib"}])[0]
    triples = {(r.head, r.relation, r.tail) for r in extraction.relations}
    assert ("ZorpQuux", "copyright_by", "Ann McLee") in triples  # the name before it, not "version"
    assert ("Arev", "copyright_by", "Bo Tavm") in triples
    assert ("Zorplib", "contributed_by", "Cy Eran") in triples  # no subject of its own: the document's
    names = {e.name.casefold() for e in extraction.entities}
    assert not {"copyright", "1997", "2006"} & names  # the credit's own words are no mentions
    # the work's original implementation is the subject's; a handle is a name whatever its case
    handle = "Original implementation was written by `@zorpq <https://example.org/zorpq>`_."
    assert ("Zorplib", "written_by", "zorpq") in _triples(handle, "Zorplib")
    # no document subject and no name before it: nothing is credited
    assert not any(r == "written_by" for _, r, _ in _triples("Written by Cy Eran, with comments."))


def test_a_request_for_bug_reports_names_what_they_are_about_and_where_they_go() -> None:
    text = (
        "Please report any problems/bugs/comments by sending email to zorp-bugs@example.org.\n"
        "Bugs should be reported to Ann Lee.\n"
        "Send questions, bug reports, and feature requests to me, Bo Tavm <bo@example.org>.\n"
        "Please send bug reports about Quibble to Cy Eran."
    )
    triples = _triples(text, "Zorp")
    assert ("Zorp", "report_problems_to", "zorp-bugs@example.org") in triples
    assert ("Zorp", "report_bugs_to", "Ann Lee") in triples
    assert ("Zorp", "send_questions_to", "Bo Tavm") in triples
    assert ("Quibble", "send_bug_reports_to", "Cy Eran") in triples  # the name the reports are about
    # no document subject: nothing to say the reports are about
    assert not any(r == "report_bugs_to" for _, r, _ in _triples("Report bugs to bug-zorp@example.org."))


def test_a_number_with_the_word_that_names_it_is_one_mention() -> None:
    from graphproof.loaders.extract.patterns import labelled_number_spans

    text = (
        "Allow UDP traffic to 224.0.0.251 on port 5353. Since version 197 udev names links; it needs Linux "
        "kernel ≥ 3.15 and zlib 1.0.4 or later. See bug #1234, page 1.2 and the GPL version 2 or version 3."
    )
    names = [s.name for s in labelled_number_spans(text)]
    assert names == ["port 5353", "version 197", "kernel 3.15", "zlib 1.0.4", "bug 1234"]
    assert ("server", "listens_on", "port 8080") in _triples("The server listens on port 8080.", "Quarkle")
    # a labelled release number is no version of its label: no "version 1.2.3 → is_version_of → version"
    triples = _triples("It was fixed in version 1.2.3 of Quarkle.", "Quarkle")
    assert ("Quarkle", "was_fixed_in", "version 1.2.3") in triples
    assert not any(t == "version" for _, _, t in triples)
    # a Debian revision ends a dotted number; a "v" alone names a release
    added = _triples("The lemon package was added in version 2.8.12-2.")
    assert ("lemon package", "was_added_in", "version 2.8.12-2") in added
    assert [s.name for s in labelled_number_spans("Starting with v14.17.0, use v8 or version 3-4 times.")] == [
        "v14.17.0"
    ]


def test_a_web_address_in_a_document_is_where_to_go() -> None:
    text = "Quarkle is a log parser.\n\nPlease report bugs at https://gitlab.example.org/quarkle/issues.\n"
    assert ("bugs", "report_at", "https://gitlab.example.org/quarkle/issues") in _triples(text)


def test_a_data_size_is_a_quantity() -> None:
    from graphproof.loaders.extract.patterns import QUANTITY, pattern_spans

    assert [(s.name, s.type) for s in pattern_spans("The default is 128 kibibytes.")] == [("128 kibibytes", QUANTITY)]


def test_a_share_of_a_counted_whole_is_a_quantity_and_it_currently_stands_for_the_subject() -> None:
    text = "Quarkle is a library for fonts. It currently supports 122 of the 139 languages named in ISO 639-1."
    assert ("Quarkle", "supports", "122 of the 139 languages") in _triples(text, "Quarkle")


def test_a_licence_given_to_you_as_an_spdx_identifier_or_as_the_subjects_adjective() -> None:
    text = 'The ASF licenses this file to You under the Apache License, Version 2.0 (the "License").'
    assert ("Quarkle", "is_licensed_under", "Apache License, Version 2.0") in _triples(text, "Quarkle")
    assert not any(h == "ASF" and r == "is_licensed_under" for h, r, _ in _triples(text, "Quarkle"))
    text = "AUTHOR:\n        Ann McLee\n\nLICENSE:\n        LGPL-2.1-or-later for all code, exceptions noted below\n"
    assert ("Quarkle", "is_licensed_under", "LGPL-2.1-or-later") in _triples(text, "Quarkle")
    text = "Quarkle is a free, LGPL mDNS implementation."
    assert ("Quarkle", "is_licensed_under", "LGPL") in _triples(text, "Quarkle")
    assert ("Quarkle", "is_licensed_under", "MIT") in _triples("It is an MIT-licensed parser.", "Quarkle")
    # a sentence about another name licenses nothing of the subject's
    assert not any(r == "is_licensed_under" for _, r, _ in _triples("Zorp is a GPL program.", "Quarkle"))


def test_a_licence_in_apposition_to_the_subjects_licensing_terms_or_after_is_under_licenses_it() -> None:
    text = "However, the licensing terms for Quarkle, the GNU LGPL, allow it to be used by all developers."
    assert ("Quarkle+", "is_licensed_under", "GNU LGPL") in _triples(text, "Quarkle+")
    text = "This code is under the Apache Licence v2."  # "is under", and a version written "v2"
    assert ("Quarkle", "is_licensed_under", "Apache Licence v2") in _triples(text, "Quarkle")
    assert not any(r == "is_licensed_under" for _, r, _ in _triples("Quarkle is under active development.", "Q"))
    text = "The license of Zorp, the MIT License, applies."  # another name's licence
    assert not any(r == "is_licensed_under" for _, r, _ in _triples(text, "Quarkle"))


def test_two_participles_joined_by_and_name_the_relation_with_the_first() -> None:
    assert between_predicate(" has been built and tested with the ", prose=True) == "has_been_built_with"
    assert between_predicate(" is developed and maintained by the ", prose=True) == "is_developed_by"
    assert between_predicate(" has been built and tested with a lot of the ", prose=True) == ""  # too long still
    text = "Quarkle has been built and tested with the gcc compiler."
    assert ("Quarkle", "has_been_built_with", "gcc compiler") in _triples(text, "Quarkle")


def test_what_the_reader_is_told_to_have_is_required_by_the_subject() -> None:
    cases = {
        "You must have Ghostscript installed to produce PDF output.": {"Ghostscript"},
        "To build it you will need CMake and Meson.": {"CMake", "Meson"},
        "Ghostscript must be installed before using the PDF device.": {"ghostscript"},
        "Building requires Meson.": {"Meson"},
        "If you want PDF, you need the gs tool.": {"gs tool"},
        "Before using ``Quarkle``, you also have to install its dependency, ``zq``.": {"zq"},
        "You have the option to use Zorp.": set(),  # "have" without "installed" needs nothing
        "To verify the signature, you will need the Zorp key.": set(),  # a need of another task
        "If you need to install a Zorp application, use pipx.": set(),  # a need the reader may have
        "If building from git, you will need Autoconf.": {"Autoconf"},
        "On Linux, Zlib is also required, even when Zorp is built without TLS.": {"Zlib"},
        "For all sources, you need `zq' for PDF output.": {"zq"},  # a name in GNU quotes
        "Zlib is required by Zorp.": set(),  # Zorp's need
        "Zorp is fast.": set(),
    }
    for text, wanted in cases.items():
        found = {t for h, r, t in _triples(text, "Quarkle") if h == "Quarkle" and r == "requires"}
        assert found == wanted, text


def test_a_participle_after_a_named_kind_opens_a_reduced_relative_clause() -> None:
    text = "Quarkle uses the LZ77 algorithm used in zip (the archiver)."
    triples = _triples(text, "Quarkle")
    assert {("Quarkle", "uses", "LZ77"), ("LZ77", "used_in", "zip")} <= triples
    assert ("HTTP", "defined_in", "RFC 2616") in _triples("Quarkle speaks the HTTP protocol defined in RFC 2616.", "Q")
    assert not any("need" in r for _, r, _ in _triples("The need for speed is clear in Quarkle.", "Quarkle"))


def test_a_signature_names_who_signed_the_document() -> None:
    from graphproof.loaders.extract.rule import signature_names

    text = "Quarkle is a library.\n\nHappy hacking,\n/Ann McLee <ann@example.org>\n"
    assert ("Quarkle", "signed_by", "Ann McLee") in _triples(text, "Quarkle")
    assert signature_names("Thanks for reading.\n\nBo Tavm\nbo.tavm@example.org\n\nCopying is permitted.") == [
        ("Bo Tavm", "Bo Tavm bo.tavm@example.org")
    ]
    # a list of authors, a heading, a name with no address: no signatures
    assert signature_names("AUTHORS\n\nAnn Lee <ann@x.org>\nBob Ray <bob@x.org>\n") == []
    assert signature_names("Intro text.\n\nGetting Started\n\nRun it.\n") == []
    assert signature_names("Notes.\n\nDaniel Veillard\n\n$Id$\n") == []
    # a Debian sign-off: the date after the address, with or without a comma
    debian = "Notes.\n\n -- Ann McLee <ann@example.org>, Fri,  8 May 2020 12:11:12 -0400\n"
    assert signature_names(debian) == [("Ann McLee", "-- Ann McLee <ann@example.org>, Fri,  8 May 2020 12:11:12 -0400")]
    assert signature_names("Notes.\n\nBo Tavm <bo@x.org>  Thu,  5 Oct 2006 22:51:12 +0200\n")[0][0] == "Bo Tavm"
    assert signature_names("Notes.\n\nBo Tavm <bo@x.org> wrote this on Thu, 5 Oct 2006\n") == []


def test_we_before_a_verb_speaks_for_the_documents_subject() -> None:
    text = "Please read the page for bug reporting instructions and note that we do not use Github for bug reports."
    assert ("Quarkle", "not_use", "Github") in _triples(text, "Quarkle")
    assert ("Quarkle", "provide", "Zorp") in _triples("Quarkle is a library. We provide Zorp with it.", "Quarkle")
    assert not any(h == "Quarkle" for h, _, _ in _triples("We are happy to help Zorp.", "Quarkle"))
    assert not any(h.casefold() == "we" for h, _, _ in _triples("Quux is a library. We provide Zorp.", ""))


def test_a_generic_heading_is_no_subject_the_sentence_under_it_names_one() -> None:
    from graphproof.loaders.extract.rule import document_subjects, title_subject

    assert title_subject("Introduction") == "" and title_subject("README") == ""
    assert title_subject("# libcbor") == "libcbor"
    assert title_subject("adduser in Debian") == "adduser" and title_subject("openssl for DEBIAN") == "openssl"
    assert title_subject("openjdk-9 for Debian/Ubuntu") == "openjdk-9"
    text = "Introduction\n============\n\nThis is GNU Quarkle, version 5.2. Quarkle is a shell.\n"
    assert document_subjects([text], [{}]) == ["GNU Quarkle"]


@pytest.mark.parametrize(
    ("line", "subject"),
    [
        ("README:  Zorp", "Zorp"),
        ("README for Quarkle release 13.2", "Quarkle"),
        ("README for libzorp", "libzorp"),
        ("Libquux README -- Introduction information", "Libquux"),
        ("Zorpson README", "Zorpson"),
        ("Quux Utils FAQ", "Quux Utils"),
        ("What is Libzorp-error", "Libzorp-error"),
        ("Frequently Asked Questions about zorp-files", "zorp-files"),
        ("FAQ", ""),
        ("The README", ""),
        ("-*- text -*-", ""),  # an Emacs mode line
        ("Version 1.0.8 of 13 July 2019", ""),
    ],
)
def test_what_a_title_says_of_the_document_is_no_part_of_its_subject(line: str, subject: str) -> None:
    from graphproof.loaders.extract.rule import title_subject

    assert title_subject(line) == subject


def test_a_chunk_of_the_same_document_keeps_its_subject_and_its_first_line_is_no_title() -> None:
    from graphproof.loaders.extract.rule import document_subjects

    first = "Zorp\n====\n\nZorp is a frobnicator for quux files.\n"
    middle = "(Note that\nthe cache is kept.) It reads quux files."  # cut from the middle of the page
    label = {"document": "Zorp manual zorp"}
    assert document_subjects([first, middle], [label, label]) == ["Zorp", "Zorp"]
    # another document's chunk is read on its own
    other = {"document": "Quux notes quux"}
    assert document_subjects([first, "Quux Tools\n\nQuux Tools are small."], [label, other]) == ["Zorp", "Quux Tools"]
    # a page whose first chunk has no subject gives none to the rest either, not their first lines
    assert document_subjects(["Some text here.", middle], [label, label]) == ["", ""]


def test_a_known_name_keeps_the_release_number_written_after_it() -> None:
    from graphproof.loaders.extract.rule import known_spotter

    spot = known_spotter("Zorp|Quux")
    assert [s.name for s in spot("This is the Zorp 8.6.13 source. Use zorp or Quux v2.1, not debian.zorp.")] == [
        "Zorp 8.6.13", "Zorp", "Quux v2.1",
    ]  # fmt: skip
    text = "This is the Zorp 8.6.13 source distribution."
    extraction = RuleExtractor(workers=1).extract([text], [{"subject": "Zorp"}])
    triples = {(r.head, r.relation, r.tail) for r in extraction[0].relations}
    assert ("Zorp 8.6.13", "is_version_of", "Zorp") in triples  # the subject known does not cut the versioned name


def test_a_bold_list_term_or_code_word_is_a_name_and_the_subject_is_no_part_of_a_hyphenated_name() -> None:
    from graphproof.loaders.extract.patterns import bold_spans

    text = "* **apt-cdrom** to use removable media\n* **Zorp Tool** for files\n\nThis is **not** it. Get **libfoo-dev**"
    assert [s.name for s in bold_spans(text)] == ["apt-cdrom", "Zorp Tool", "libfoo-dev"]
    extraction = RuleExtractor(workers=1).extract([f"APT is a package manager.\n\n{text}"], [{"subject": "APT"}])[0]
    names = {e.name for e in extraction.entities}
    assert {"apt-cdrom", "libfoo-dev"} <= names and "not" not in names
    assert ("apt-cdrom", "use", "removable media") in {(r.head, r.relation, r.tail) for r in extraction.relations}


def test_an_imperative_after_its_purpose_acts_for_the_purposes_object() -> None:
    kernel = "To build Quux against your particular kernel, export the environment variable QUUX_SOURCE, set to it."
    triples = _triples(kernel)
    assert ("Quux", "export", "QUUX_SOURCE") in triples
    # the kind noun before the name may be no mention of its own; a preposition in the gap stops the reading
    assert ("libc6-dev", "export", "LINUX_SOURCE") in _triples(
        "To build libc6-dev against your particular kernel, export the environment variable LINUX_SOURCE, set to it."
    )
    assert not any(r == "run" for _, r, _ in _triples("To install Zorp, run make install as root."))
    # the nearest mention before the verb is not what it is done for
    assert not any(h == "particular kernel" and r != "related_to" for h, r, _ in triples), triples
    assert ("Quux", "link_with", "-lquux") in _triples("To use Quux in a project, you should link with -lquux.")
    # a subject after the comma is no imperative: its own verb reads as before
    user = _triples("To see the Zorp logs, the user must open /var/log/zorp.")
    assert not any(r in ("the", "open") and h == "Zorp" for h, r, _ in user), user
    assert ("Zorp", "related_to", "Quux") in _triples("To Zorp, Quux is a friend.")


def test_a_role_apposed_to_a_person_says_whose_role_it_is() -> None:
    text = "Bugs go to the list, and cc'd to the git-jump maintainer, Jeff King <peff@example.org>."
    assert ("git-jump", "maintainer", "Jeff King") in _triples(text)
    assert ("Quux", "lead_developer", "Ann Lee") in _triples("Quux's lead developer, Ann Lee, wrote it.")
    # a role of no named thing, or a word that is no role, says nothing of whose it is
    assert not any(r == "maintainer" for _, r, _ in _triples("The project maintainer, Ann Lee, wrote it."))
    assert not any(r == "translators" for _, r, _ in _triples("Thanks to the GNOME translators, Ann Lee did it."))


def test_a_double_backquoted_literal_is_one_name() -> None:
    from graphproof.loaders.extract.patterns import code_spans

    text = "To generate the reference, just run ``make html``. It runs ``mkapiref.py`` and `zstd`."
    assert [s.name for s in code_spans(text)] == ["make html", "mkapiref.py", "zstd"]
    assert code_spans("```python\nprint(1)```") == []


def test_a_quoted_word_after_its_code_kind_is_one_name_and_the_kind_is_no_part_of_the_verb() -> None:
    from graphproof.loaders.extract.patterns import code_spans

    text = "A full rescan can be started with the command 'zorpctl --rescan' if needed."
    assert [s.name for s in code_spans(text)] == ["zorpctl --rescan"]
    assert ("full rescan", "be_started_with", "zorpctl --rescan") in _triples(text)
    assert [s.name for s in code_spans('Edit the file "quux.conf" or the variable ‘QUUX_HOME’.')] == [
        "quux.conf", "QUUX_HOME",
    ]  # fmt: skip
    # lower-case quoted words that no kind noun announces are scare quotes, not names
    assert code_spans("This is a 'simple' tool for 'power users'.") == []
    # the kind noun of the second mention is no word of the predicate: five words of verb phrase at most
    assert between_predicate(" can be triggered with the command ", prose=True) == "be_triggered_with"
    assert between_predicate(" can be triggered with the ", prose=True) == "be_triggered_with"


def test_a_lower_case_word_ending_in_a_number_and_an_identifier_prefix_are_names() -> None:
    from graphproof.loaders.extract.patterns import identifier_spans

    names = [s.name for s in identifier_spans("Old builds use quux3 or tclsh8.6, and ext4 is needed.")]
    assert names == ["quux3", "tclsh8.6", "ext4"]
    # not a number with a unit, a one-letter word, part of a path or an option, nor a version's dotted tail
    assert identifier_spans("It takes 10km, x86 and /usr/lib/quux3 or --quux3, 2nd place.") == []
    assert [s.name for s in identifier_spans("Functions are prefixed with QUUX2_, so they do not clash.")] == ["QUUX2_"]
    assert ("libquux-posix", "are_prefixed_with", "QUUX2_") in _triples(
        "The names of functions in libquux-posix are prefixed with QUUX2_, so they do not clash with libc."
    )


def test_an_infinitive_of_purpose_after_a_stated_object_is_the_subjects_doing() -> None:
    text = "Each night, Zorpd uses the hooks of the quux package to refresh the XYZ store /var/lib/zorpd/store.db."
    triples = _triples(text)
    assert ("Zorpd", "refresh", "XYZ") in triples
    assert ("Zorpd", "refresh", "/var/lib/zorpd/store.db") in triples  # named right after its kind noun
    # the package whose hooks are used does not refresh the store
    assert not any(h in ("quux", "hooks") and r == "refresh" for h, r, _ in triples), triples
    # no infinitive, or a function word after "to", reads nothing new
    assert not any(r == "refresh" for _, r, _ in _triples("Zorpd uses the quux package with the XYZ store."))
    assert not any(h == "Zorpd" and t == "Quux" for h, _, t in _triples("Zorpd talks to the cli to the Quux API."))


def test_a_dotted_module_name_is_one_name_and_a_complex_preposition_names_the_relation() -> None:
    from graphproof.loaders.extract.keyphrases import candidates
    from graphproof.loaders.extract.patterns import identifier_spans

    assert [s.name for s in identifier_spans("Call zorp.config or zorp_util.load_all, then os.path.")] == [
        "zorp.config", "zorp_util.load_all", "os.path",
    ]  # fmt: skip
    # not a URL's or an address's part, nor one-letter parts ("e.g."), nor a capitalised word after a full stop
    assert identifier_spans("See https://zorp.example/a.b or ann@zorp.example, e.g. now.Then go.") == []
    triples = _triples("Use of quuxlib is discouraged in favor of zorp.resources and zorp.metadata.")
    assert ("quuxlib", "is_discouraged_in_favor_of", "zorp.resources") in triples
    assert not any("favor" in (h, t) for h, _, t in triples), triples  # "favor" is no concept
    # in a chat message, and where the noun is no part of a complex preposition, the keyphrases are as before
    assert [w for _, _, w in candidates("We voted in favor of zorp.", prose=True)] == [["voted"], ["zorp"]]
    assert [w for _, _, w in candidates("We voted in favor of zorp.")] == [["voted"], ["favor"], ["zorp"]]
    assert [w for _, _, w in candidates("Do me a favor and vote.", prose=True)] == [["favor"], ["vote"]]
