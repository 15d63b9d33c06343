"""The extractive answer on real prose (issue 10): lemma matches, records of ``Label: value`` lines, lists a
sentence announces, sentences cut short, definition lists, and what a document is about by its name."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path as FilePath

import pytest
from graphproof.graph.analyzer import default_analyzer
from graphproof.graph.model import Chunk, Document, Entity, Hit, Path, Relation
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.answer import (
    RELATION_EVIDENCE,
    SIGNED,
    SIGNED_OFF,
    _abbreviations,
    _acronyms,
    _signed,
    asked_kind,
    extractive_answer,
    holds_kind,
    path_conclusion,
    repeats,
    spaced,
    unsaid,
)
from graphproof.reasoning.paths import WeightedPath
from graphproof.reasoning.retriever import Retrieval
from graphproof.text.documents import document_label
from graphproof.text.spelling_variants import spelling_variants

TEXTS = {
    "quill": (
        "tools/quill/NOTES.txt",
        "Quill notes",
        "The Frobnicator runs on every platform. The Frobnicator is fast.\n"
        "The Frobnicator was written by Ada Quill in a weekend.\n",
    ),
    "record": (
        "pkgs/zephyr/INFO.txt",
        "Package info",
        "Some packages ship a record.\n\nName: Zephyr toolkit\nMaintainer: Ola Berg\nLicence: BSD\n\n"
        "The Zephyr toolkit draws widgets quickly on many screens.\n",
    ),
    "formats": (
        "pkgs/viewer/guide.md",
        "Viewer guide",
        "Formats\n\nThe following two image formats are read by the viewer.\n\n- PNG\n\n- JPEG\n\n"
        "Colour\n\nThe viewer reads images in colour and in grey.\n",
    ),
    "contact": (
        "pkgs/gadget/CONTACT.txt",
        "Contact",
        "Questions\n\nSend patches, questions and ideas to\n\n\tMara Quist <mara@example.org>\n\n"
        "Patches are reviewed weekly.\n",
    ),
    "options": (
        "pkgs/hush/manual.html",
        "Hush manual",
        "The options below change what hush prints.\n- -v\n- --verbose\n- Print every step taken.\n"
        "- -q\n- --quiet\n- Print nothing on the terminal at all.\n",
    ),
    "labeled": (
        "pkgs/hush/hush.txt",
        "hush(1)",
        "OPTIONS\n-------\n-q::\n--quiet::\n\tSuppress unnecessary output messages on stderr.\n\n"
        "-d::\n--debug::\n\tProduce even more unnecessary output messages on stderr.\n",
    ),
    "ziplib": (
        "docs/ziplib1-dev/intro.html",
        "Introduction",
        "- This library is released under the MIT Licence\n\nZiplib is a fast compression library.\n"
        "- Ziplib is small and portable.\n",
    ),
    "glossary": (
        "docs/zorp/glossary.md",
        "Glossary",
        "- ZQL: Zorp Query Language - A language for queries, including Zorpspec.\n"
        "- ETW: Event Tracing for Windows - Traces events in Windows systems.\n"
        "- FFX: First Failure Extract - Dumps produced on error.\n"
        "- Zorpspec: the specification document of ZQL, maintained and updated by the TC77.\n",
    ),
    "steps": (
        "docs/zorpca/README",
        "README",
        "Copy your root certificate to the local/ directory and build your custom package.\n\n"
        "Steps to build your custom package from this example:\n\n"
        "- Check that your root certificate is in PEM format and usable by openssl; for example:\n\n"
        "    $ openssl x509 -text -in Zorp_Root.crt\n\n"
        "- Build the custom package as a normal user.\n",
    ),
    "numlib": (
        "docs/numlib/README",
        "README",
        "This file is part of the Numlib Library.\n\nThe Numlib Library is free software; you can redistribute "
        "it and/or modify it under the terms of the GNU Lesser General Public License.\n\n"
        "Numlib is a library for exact rational arithmetic.\n",
    ),
    "jfif": (
        "docs/jfif/README",
        "README",
        "This distribution contains a release of the JFIF Group's free JFIF software.\n\n"
        "This software is the work of Tom Lane, Guido Vollbeding and other members of the JFIF Group.\n",
    ),
    "gizmo": ("docs/gizmo/README", "README", "Report bugs by mail to the list of the project maintainers.\n"),
    "widget": ("docs/widget/README", "README", "Report bugs by mail to the list of the project maintainers here.\n"),
}


@pytest.fixture
def store(tmp_path: FilePath) -> Iterator[SQLiteStore]:
    s = SQLiteStore(tmp_path / "g.db")
    s.init()
    s.upsert_documents([Document(k, src, title=title, hash=k) for k, (src, title, _) in TEXTS.items()])
    s.upsert_chunks([Chunk(f"{k}#0", k, 0, text, k) for k, (_, _, text) in TEXTS.items()])
    yield s
    s.close()


def _put(store: SQLiteStore, key: str, source: str, text: str, title: str = "README") -> None:
    """One document ``key`` at ``source`` holding one chunk ``key#0`` of ``text``."""
    store.upsert_documents([Document(key, source, title=title, hash=key)])
    store.upsert_chunks([Chunk(f"{key}#0", key, 0, text, key)])


def _ask(store: SQLiteStore, question: str, ids: list[str], sentences: int = 1) -> str:
    chunks = [Hit(c, 1.0) for c in store.chunks([f"{i}#0" for i in ids])]
    return extractive_answer(store, Retrieval("bm25", question, chunks), sentences=sentences).text


def test_a_sentence_covers_a_question_word_with_the_same_lemma(store: SQLiteStore) -> None:
    # "wrote" in the question, "written" in the text: one lemma
    assert "Ada Quill" in _ask(store, "Who wrote the Frobnicator?", ["quill"])


def test_a_field_of_a_record_is_about_what_the_records_first_field_names(store: SQLiteStore) -> None:
    # "Maintainer: Ola Berg" names no toolkit: the record's first field does
    assert "Ola Berg" in _ask(store, "Who is the maintainer of the Zephyr toolkit?", ["record"])


def test_a_sentence_that_announces_a_list_comes_with_its_items(store: SQLiteStore) -> None:
    answer = _ask(store, "Which image formats are read by the viewer?", ["formats"])
    assert "PNG" in answer and "JPEG" in answer


def test_a_unit_that_came_with_the_line_announcing_it_is_not_given_again(store: SQLiteStore) -> None:
    text = "A quote from the manual:\nQuux is a library for parsing quux files.\nMail me about quux."
    _put(store, "quux", "docs/quux/README", text)
    answer = _ask(store, "What does the manual quote say quux is for, and whom to mail?", ["quux"], sentences=3)
    assert answer.count("parsing quux files") == 1 and "Mail me" in answer


def test_a_sentence_comes_with_the_otherwise_that_completes_its_condition(store: SQLiteStore) -> None:
    text = (
        "If QUUX_SIZE is defined during configure, it sets the default buffer size used by quux. "
        "Otherwise, the default is 64 kibibytes. Builds are reproducible."
    )
    _put(store, "size", "docs/quux/INSTALL", text, title="INSTALL")
    assert "64 kibibytes" in _ask(store, "Without QUUX_SIZE, what default buffer size does quux use?", ["size"])


def test_a_unit_with_the_asked_kind_takes_the_question_words_of_the_units_before_it(store: SQLiteStore) -> None:
    text = (
        "Quux can be installed into a custom prefix such as /opt/quux. In that case you will want to tell quux "
        "where the default system include directory of your toolchain is. Use --with-sysinc for it. "
        "Quux prints its version with -V and the default system include directory with the -I flag of quuxinfo. "
        "Bug reports go to the list."
    )
    _put(store, "prefix", "docs/quux/INSTALL", text, title="INSTALL")
    question = "When I install quux into a custom prefix, which option tells it my default system include directory?"
    answer = _ask(store, question, ["prefix"], sentences=2)
    # the option follows the sentence that says what the question asks; it shares none of the question's words
    assert "--with-sysinc" in answer, answer


def test_a_unit_takes_the_question_words_of_the_two_units_before_it(store: SQLiteStore) -> None:
    text = (
        "The optional classes setting specifies which DNS classes Quux should look up. It is read once at start. "
        "The default value of the classes variable is IN,HS. Bug reports go to the list. Quux was written in 1990."
    )
    farther = (
        "The optional classes setting specifies which DNS classes Quux should look up. It is read once at start. "
        "Bug reports go to the list. The default value of the classes variable is IN,HS."
    )
    _put(store, "hes", "docs/quux/README.hesiod", text)
    _put(store, "far", "docs/quux/README.far", farther)
    question = "Which DNS classes does Quux look up by default?"
    # the value comes two sentences after the one that names what is asked; it shares two of its words
    assert _ask(store, question, ["hes"], sentences=1).startswith("The default value of the classes variable")
    # three sentences on, the topic no longer carries over: the sentence with the most question words is given
    assert _ask(store, question, ["far"], sentences=1).startswith("The optional classes setting")


def test_a_sentence_that_opens_with_a_pronoun_comes_after_the_sentence_it_refers_to(store: SQLiteStore) -> None:
    text = (
        "Quux ships a reference manual. To generate the API reference, just run make docs. "
        "It runs quuxdoc and then Sphinx to build the whole manual. Bug reports go to the list."
    )
    _put(store, "docs", "docs/quux/README.rst", text)
    question = "How do I build the quux API reference manual?"
    # "It runs … build … manual" covers the most question words; its "It" is the command the sentence before names
    assert _ask(store, question, ["docs"]) == (
        "To generate the API reference, just run make docs. It runs quuxdoc and then Sphinx to build the whole manual."
    )
    # with that sentence already given, the pronoun's sentence comes alone
    answer = _ask(store, question, ["docs"], sentences=3)
    assert answer.count("just run make docs") == 1, answer


def test_a_pronoun_after_a_sentence_that_adds_no_question_word_comes_alone(store: SQLiteStore) -> None:
    text = "Quux is small. It was written by Ada Quill in a weekend. Bug reports go to the list."
    _put(store, "who", "docs/quux/AUTHORS", text, title="Quux")
    assert _ask(store, "Who wrote Quux?", ["who"]) == "It was written by Ada Quill in a weekend."


def test_a_signature_says_who_wrote_the_notes_it_signs(store: SQLiteStore) -> None:
    notes = (
        "Support of Zorp keyboards\n--------------------------\n\nZorp keyboards need the zorp model.\n"
        "Layouts can be selected as usual.\n\nAnn McLee <ann@example.org>  Thu,  5 Oct 2006 22:51:12 +0200\n"
    )
    _put(store, "zorp", "docs/zorp-data/README.Debian", notes, title="Notes about the Debian zorp-data package")
    assert "Ann McLee" in _ask(store, "Who wrote the zorp-data notes on supporting Zorp keyboards?", ["zorp"])
    # a sentence that says who wrote it still answers first
    _put(store, "zorp2", "docs/zorp/README", f"Zorp was written by Bo Tavm in 2001.\n\n{notes}", title="Zorp")
    assert _ask(store, "Who wrote Zorp?", ["zorp2"]).startswith("Zorp was written by Bo Tavm")


def test_a_sentence_cut_short_comes_with_the_line_that_completes_it(store: SQLiteStore) -> None:
    assert "Mara Quist" in _ask(store, "Where should patches be sent?", ["contact"])


def test_a_sentence_a_displayed_line_cuts_is_given_whole(store: SQLiteStore) -> None:
    text = (
        "Building\n\nUse\n\n        --disable-nls\n\nif you absolutely don't want message handling code.  You will "
        "get English messages.\n\nQuux uses CMake. To start building, you need to run\n\n\tcmake <path to source>\n\n"
        "from a build directory. Then run make.\n\nSee also\n\nwhich tools are shipped.\n"
    )
    _put(store, "nls", "docs/quux/README", text)
    # the best sentence opens with "if": what it goes on with comes first
    assert _ask(store, "What should I use if I absolutely don't want message handling code?", ["nls"]).startswith(
        "Use --disable-nls if you absolutely don't want message handling code."
    )
    # a sentence without an end goes on after the command shown on its own line ("from …")
    assert _ask(store, "What do I need to run to start building?", ["nls"]).startswith(
        "To start building, you need to run cmake <path to source> from a build directory."
    )
    # a heading and a sentence with an end are not part of what follows them
    assert _ask(store, "Which tools are shipped?", ["nls"]).startswith("which tools are shipped.")


def test_a_heading_that_repeats_the_title_is_no_answer(store: SQLiteStore) -> None:
    text = "PyJWT\n=====\n\nTests\n\nYou can run tests after cloning with tox.\n\n# PyJWT\n\nInstall PyJWT with pip.\n"
    _put(store, "jwt", "docs/jwt/README.rst", text, title="PyJWT")
    answer = _ask(store, "How do I run the PyJWT tests?", ["jwt"], sentences=3)
    assert answer.startswith("You can run tests after cloning with tox.")
    assert "PyJWT Install" not in answer and "=====" not in answer and "# PyJWT" not in answer
    assert "Install PyJWT with pip." in answer  # a sentence that names the title still answers


def test_a_definition_list_item_comes_with_the_terms_it_defines(store: SQLiteStore) -> None:
    answer = _ask(store, "Which option makes hush print nothing on the terminal?", ["options"])
    assert answer.startswith("- -q - --quiet - Print nothing")


def test_the_description_of_an_asciidoc_labeled_list_comes_with_its_terms(store: SQLiteStore) -> None:
    """Not the next item's term, which only follows the description ("-d::" after "Suppress …" lent it its words)."""
    answer = _ask(store, "Which option suppresses unnecessary output messages?", ["labeled"])
    assert answer.startswith("-q:: --quiet:: Suppress unnecessary output messages")


def test_a_licence_question_is_answered_by_a_unit_that_names_a_licence(store: SQLiteStore) -> None:
    """A unit naming the library (its rarest word, and the licence's words before it lent) outscores the one naming
    the licence, unless it has to hold one."""
    assert asked_kind("What licence is ziplib distributed under?") == "licence"
    assert asked_kind("Under which license is the manual released?") == "licence"
    _put(store, "lic1", "docs/lic1/README", "Each package has a licence.\n")  # "licence" is commoner than "ziplib"
    _put(store, "lic2", "docs/lic2/README", "The licence file is included.\n")
    answer = _ask(store, "What licence is ziplib distributed under?", ["ziplib"])
    assert answer.startswith("- This library is released under the MIT Licence")
    assert holds_kind("Most of the documentation is licensed under the GFDL.", "licence", "")
    assert not holds_kind("Ziplib is small and portable.", "licence", "")


def test_a_list_item_does_not_go_on_with_the_item_before_it(store: SQLiteStore) -> None:
    """A glossary's entries are side by side: "- ETW: …" lends nothing from "- ZQL: … Zorpspec." before it."""
    answer = _ask(store, "Who maintains Zorpspec?", ["glossary"], sentences=3)
    assert "TC77" in answer
    assert "Event Tracing" not in answer and "First Failure" not in answer


def test_a_unit_that_goes_on_from_a_given_one_is_given_from_where_that_stops(store: SQLiteStore) -> None:
    answer = _ask(store, "How do I check my custom root certificate for the package?", ["steps"], sentences=3)
    assert answer.count("- Check that your root certificate") == 1
    given = ["Steps: - Check that it is in PEM format:"]
    assert unsaid(given, "- Check that it is in PEM format: $ openssl x509") == "$ openssl x509"
    assert unsaid(["- Check that it is in PEM format: $ openssl"], given[0]) == "Steps:"
    assert unsaid(["Read the file"], "the file is short") == "the file is short"  # too short to be the same text
    assert unsaid(["Steps: - Check it now"], "- Check that it works") == "- Check that it works"


def test_a_document_is_called_by_its_title_or_else_its_folder() -> None:
    """The answer's context and the chunk's ``document`` metadata read one rule (``text.documents``)."""
    assert document_label("docs/gizmo/README", "README") == "README gizmo"
    assert document_label("docs/gizmo/FAQ.txt", "") == "gizmo"
    assert document_label("docs/gizmo/README.md", "Gizmo 2") == "Gizmo 2"
    assert document_label("docs/libffi8/html/index.html", "Intro") == "Intro libffi8"  # "html" names nothing
    assert document_label("docs/zstd/zstd.txt", "") == "zstd"


def test_a_sentence_of_the_document_about_the_subject_answers_first(store: SQLiteStore) -> None:
    # both sentences say the same; only the folder of the second says it is about gizmo
    answer = _ask(store, "Where do I report bugs about gizmo?", ["widget", "gizmo"])
    assert answer == "Report bugs by mail to the list of the project maintainers."


def test_the_first_ranked_document_leads_the_answer(store: SQLiteStore) -> None:
    # the second document's sentence covers more of the question ("licence", "use"); retrieval ranked the first higher
    _put(store, "avahoo", "docs/avahoo/README", "Avahoo is a free, LGPL licence mDNS implementation.\n")
    _put(store, "yamlo", "docs/yamlo/README", "Yamlo ships the MIT licence text; you may use it freely.\n")
    question = "Which licence text does Avahoo use?"  # not "licence version": that asks for a number
    ranked = [Hit(c, s) for c, s in zip(store.chunks(["avahoo#0", "yamlo#0"]), (2.0, 1.0), strict=True)]
    answer = extractive_answer(store, Retrieval("bm25", question, ranked), sentences=1).text
    assert answer.startswith("Avahoo is a free, LGPL licence")
    # tied for first, neither document is discounted: the sentence covering more of the question leads
    tied = [Hit(h.item, 1.0) for h in ranked]
    answer = extractive_answer(store, Retrieval("bm25", question, tied), sentences=1).text
    assert answer.startswith("Yamlo ships the MIT licence text")


def test_a_unit_that_quotes_a_given_unit_takes_its_place(store: SQLiteStore) -> None:
    # the second sentence quotes the first whole: given both, the answer would say the same thing twice
    text = (
        "Nettlo is a cryptographic library for toolkits. A quote from the Nettlo manual: Nettlo is a cryptographic "
        "library for toolkits. Mail questions about Nettlo to the nettlo-list.\n"
    )
    _put(store, "nettlo", "docs/nettlo/README", text)
    answer = _ask(store, "Where do I mail questions about the Nettlo cryptographic library?", ["nettlo"], sentences=3)
    assert answer.count("Nettlo is a cryptographic library for toolkits.") == 1
    assert "A quote from the Nettlo manual" in answer and "nettlo-list" in answer
    # a short unit inside a longer one is no repeat of it: "License" is not what "See the License file" says
    assert not repeats("see the license file for details.", "license")
    assert repeats("a quote: nettlo is a library.", "nettlo is a library.")


def test_an_abbreviation_no_chunk_holds_covers_the_words_it_begins(store: SQLiteStore) -> None:
    text = (
        "The zorbhttp module can handle any HTTP request method. "
        "Three types of HTTP Authentication are supported: Digest, Basic and WSSE.\n"
    )
    _put(store, "zorbhttp", "docs/zorbhttp/README", text)
    answer = _ask(store, "What HTTP auth schemes can zorbhttp handle?", ["zorbhttp"])
    assert answer.startswith("Three types of HTTP Authentication"), answer
    # a word some chunk holds is no abbreviation: "zorb" is a name here, so it does not cover "zorbhttp"
    _put(store, "zorb", "docs/zorb/README", "Zorb is a parser. The zorbhttp module is unrelated.\n")
    assert "zorb" not in _abbreviations("What is zorb?", store.term_stats("chunks", ["zorb"]).df, default_analyzer())
    assert _abbreviations("What auth does it use?", {"auth": 0}, default_analyzer()) == {"auth": {"auth"}}
    assert _abbreviations("What is a repository?", {"repository": 0}, default_analyzer()) == {}  # an English word


def test_an_acronym_in_the_text_covers_the_question_words_it_stands_for(store: SQLiteStore) -> None:
    text = (
        "The zorb-shell service is started very early during boot. "
        "The zorb-shell service starts a root shell on VT 9 for the administrator.\n"
    )
    _put(store, "zorbvt", "docs/zorb/README.Debian", text)
    answer = _ask(store, "On which virtual terminal does the zorb shell run?", ["zorbvt"])
    assert "VT 9" in answer, answer
    analyzer = default_analyzer()
    found = _acronyms("On which virtual terminal does the zorb shell run?", analyzer)
    assert found["VT"] == {analyzer.tokens("virtual")[0], analyzer.tokens("terminal")[0]}
    assert "TD" not in found  # "terminal does": a stop word ends a run of question words
    assert "VT" not in _acronyms("Which VT does the virtual terminal use?", analyzer)  # the question writes it
    assert "FS" not in _acronyms("What does FIPS stand for?", analyzer)  # "FIPS" is an acronym, no word of one
    # a text that writes one of the words itself uses the acronym for something else
    question = "What name server software is it built on?"
    assert "NSS" in _acronyms(question, analyzer)
    assert "NSS" not in _acronyms(question, analyzer, "It has an NSS module for the name service.")


def test_a_when_question_is_answered_by_a_time_not_by_a_name_with_digits(store: SQLiteStore) -> None:
    question = "When was the first version of the Zorb priorities written?"
    assert not holds_kind("The new HTTP versions (HTTP3, QUIC) must be supported.", "number", question)
    assert holds_kind("The initial version was created on August 5th 2021.", "number", question)
    assert holds_kind("It was added in v2 of the format.", "number", question)  # a version is a time too
    # a question that asks for a number, not a time, still takes any numeral
    assert holds_kind("It speaks HTTP3.", "number", "Which HTTP version does Zorb speak?")


def test_a_what_is_question_is_answered_by_the_sentence_that_defines_its_subject(store: SQLiteStore) -> None:
    _put(store, "zorbd1", "docs/zorbd/README.Debian", (
        "zorbd is not enabled by default; run systemctl enable zorbd to use it. "
        "zorbd reads its files from /etc/zorbd at start.\n"
    ))  # fmt: skip
    _put(store, "zorbd2", "docs/zorbd/README.Debian", (
        "Enable and use zorbd\n===================\n"
        "zorbd is a small and lean service to configure network interfaces, designed\n"
        "mostly for servers.\n"
    ))  # fmt: skip
    answer = _ask(store, "What is zorbd?", ["zorbd1", "zorbd2"])
    # the definition, though its chunk ranks second, and without the heading's underline
    assert answer == "zorbd is a small and lean service to configure network interfaces, designed mostly for servers."
    assert holds_kind("zorbd is a small service.", "definition", "What is zorbd?")
    assert not holds_kind("zorbd is not enabled by default.", "definition", "What is zorbd?")
    assert holds_kind("A zorbtree is just a folder you can commit to.", "definition", "What is a zorbtree?")


def test_a_question_for_what_a_thing_is_called_is_answered_by_a_name_the_text_gives(store: SQLiteStore) -> None:
    _put(store, "zorbdb", "docs/zorbdb/README.Debian", (
        "The default cluster of zorbdb runs on port 5432. "
        "Installing zorbdb creates a default cluster 'main' with the superuser 'zorb'. "
        "The default cluster can be dropped.\n"
    ))  # fmt: skip
    assert "'main'" in _ask(store, "What is the default cluster of zorbdb called?", ["zorbdb"])
    question = "What is the default cluster called?"
    assert holds_kind("A second cluster called backup runs on 5433.", "name", question)
    assert not holds_kind("The default cluster runs on port 5432.", "name", question)
    assert not holds_kind("Don't drop the default cluster.", "name", question)  # an apostrophe quotes nothing


def test_a_legal_notice_answers_only_a_question_about_licences(store: SQLiteStore) -> None:
    # the licence header and the description cover the same question terms; the header is boilerplate
    assert _ask(store, "What kind of library is Numlib?", ["numlib"]) == (
        "Numlib is a library for exact rational arithmetic."
    )
    assert "Lesser General Public License" in _ask(store, "Under which license is the Numlib library?", ["numlib"])


def test_a_question_that_asks_for_a_person_is_answered_by_a_sentence_that_names_one(store: SQLiteStore) -> None:
    # the first sentence covers more of the question's words; only the second names anyone
    assert _ask(store, "Who wrote the JFIF Group's free JFIF software?", ["jfif"]) == (
        "This software is the work of Tom Lane, Guido Vollbeding and other members of the JFIF Group."
    )


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Who originally wrote GNU Wget?", "person"),
        ("To whom should bug reports be sent?", "person"),
        ("Which person first created GNU Wget?", "person"),
        ("What developers maintain the zlib library?", "person"),
        ("Which program opens a file in the user's preferred application?", ""),
        ("How many bits does the CRC have?", "number"),
        ("Which RFC does JSON-C aim to conform to?", "number"),
        ("When was bc released?", "number"),
        ("How deep may the template stack grow by default?", "number"),
        ("How far is the station from the museum?", "number"),
        ("Which configure flag disables large files?", "option"),
        ("Which file does Ninja look for by default when you run it?", "identifier"),
        ("Which environment variable makes fontconfig read another file?", "identifier"),
        ("What address do I open in a browser?", "identifier"),
        ("What kernel boot parameter turns the names off?", "identifier"),
        ("What does the file utility print?", ""),  # "does …": the question's verb, not a kind of name
        ("When was Zorp first released?", "number"),
        ("When does the agent read the global list?", "number"),
        ("When, in 1995, was Zorp written?", "number"),
        # a "when" clause before the question's own question word asks nothing
        ("When a font server sends a KeepAlive event, how is the client supposed to acknowledge it?", ""),
        ("What is tmux?", "definition"),  # "tmux is a …" answers it
        ("What are extended attributes?", "definition"),
        ("What is the default cluster called?", "name"),  # a participle after the subject: not a definition
        ("What is the name of the default cluster?", ""),  # as often a file's or a command's name
        ("What is the purpose of tmux?", ""),
        # up to two words between "which" / "what" and the noun, none a verb; plural nouns too
        ("From which Zorp version on is the quux tool built?", "number"),
        ("What minimum kernel version does Zorp need?", "number"),
        ("Which Python versions does Zorp run on?", "number"),
        ("Which Zorp core developer wrote the parser?", "person"),
        ("What is the version of Zorp?", ""),  # "is": a question about the version, not one asking for a number
        ("Which parser does version 2 use?", ""),
    ],
)
def test_what_a_question_asks_for_is_read_from_its_wording(question: str, kind: str) -> None:
    assert asked_kind(question) == kind


def test_a_unit_holds_the_kind_asked_only_with_something_the_question_does_not_name() -> None:
    question = "Who originally wrote GNU Wget?"
    assert holds_kind("GNU Wget was written by Hrvoje Niksic.", "person", question)
    assert holds_kind("Send bugs to bug-wget@gnu.org.", "person", question)
    assert not holds_kind("GNU Wget is a free utility.", "person", question)
    # a sentence's first word is capitalised: a stop word there starts no name ("Although IJG's own code …")
    assert not holds_kind("Although IJG's own code does not support TIFF, libtiff does.", "person", question)
    assert not holds_kind("GNU Wget follows links. Since Wget 1.0 it reads proxies.", "person", question)
    # an acronym or a camel-case product name is no part of a person's name; initials and "Mc" are
    assert not holds_kind("Quux exports its API through GObject Introspection.", "person", question)
    assert not holds_kind("Bindings exist for PyYAML Loader classes.", "person", question)
    assert holds_kind("For a description of it, see Brian W. Kernighan.", "person", question)
    assert holds_kind("Copyright (C) 1997-2006 Stephen McCamant.", "person", question)
    # "who" is answered by a body of people too: a committee, a team, a committee's code
    assert holds_kind("The spec is maintained and updated by the TC39.", "person", "Who maintains ECMA-262?")
    assert holds_kind("The Technical Steering Committee decides.", "person", "Who has the final say?")
    chairs = "Who chairs the technical steering committee?"  # the body the question names is no answer
    assert not holds_kind("The Technical Steering Committee decides.", "person", chairs)
    assert not holds_kind("The team decides.", "person", "Who has the final say?")
    assert holds_kind("Use --append to add to the file.", "option", "Which option appends?")
    assert not holds_kind("Options change what it prints.", "option", "Which option appends?")
    # an option named without dashes where the unit calls it one; an option the question names is not the answer
    mounted = "Which fstab option keeps a file system from being mounted by mount -a?"
    assert holds_kind("The `quiet' option says the file system is not mounted with `mount -a'.", "option", mounted)
    assert holds_kind("Set the option 'lazyfs' in the fourth field.", "option", mounted)
    assert not holds_kind("See mount(1) for every mount option, or run `mount -a'.", "option", mounted)
    assert holds_kind("It conforms to RFC 7159.", "number", "Which RFC does JSON-C follow?")
    assert not holds_kind("JSON-C 0.15 follows the RFC.", "number", "Which RFC does JSON-C 0.15 follow?")
    # "How many …" asks for an amount: a numeral of its own, not a standard's or a name's number
    many = "How many ISO 639-1 languages does Quux cover?"
    assert holds_kind("It supports 122 of the 139 languages named in ISO 639-1.", "number", many)
    assert holds_kind("It has 2,048 entries, 10% of them new.", "number", many)
    assert not holds_kind("Tags follow RFC-3066: the ISO 639 tag, then the ISO 3166 code.", "number", many)
    assert not holds_kind("It runs on x86 with utf-8 names.", "number", many)
    variable = "Which environment variable makes fontconfig read another file?"
    assert holds_kind("Set FONTCONFIG_FILE to the file's name.", "identifier", variable)
    assert not holds_kind("The file is read at start-up, e.g. by fc-cache.", "identifier", "Which file is fc-cache?")
    assert not holds_kind("Version 2.13.1 reads it first.", "identifier", variable)  # a version is a number
    units = ("Open http://localhost:631 in a browser.", 'Put "net.ifnames=0" on the kernel command line.',
             "Edit /etc/fonts/local.conf.", "See the file license.terms.", "Run update-mime-database.")  # fmt: skip
    for unit in units:
        assert holds_kind(unit, "identifier", variable), unit


def test_a_persons_name_may_hold_particles_and_hyphenated_given_names() -> None:
    question = "Who created Quux?"
    assert holds_kind("Quux was created by Guido van Rossum in 1991.", "person", question)
    assert holds_kind("It was written by Anna de la Cruz.", "person", question)
    assert holds_kind("Quux was written by Jean-Pierre Dupont.", "person", question)
    assert holds_kind("Quux was written by Jean-loup Dupont.", "person", question)
    # a particle with no name word on both sides joins nothing; a product joined by hyphens is no given name
    assert not holds_kind("Quux follows the work of van der Waals.", "person", question)
    assert not holds_kind("Quux uses Linux-PAM modules.", "person", question)
    assert not holds_kind("Quux uses GTK-Doc comments.", "person", question)


def _two_hop(last_chunks: tuple[str, ...] = ("lab#0",), predicate: str = "located_in") -> WeightedPath:
    priya, lab = Entity.named("Priya Castellan"), Entity.named("Lumen Fen Laboratory")
    harbor = Entity.named("Kestrel Harbor")
    works = Relation(priya.id, lab.id, "works_at", priya.name, lab.name, description="Priya works at the lab.")
    sentence = "It sits on the old ferry quay of Kestrel Harbor."
    located = Relation(lab.id, harbor.id, predicate, lab.name, harbor.name, description=sentence, chunk_ids=last_chunks)
    return WeightedPath(Path((priya, lab, harbor), (works, located)), 1.0)


def test_a_two_hop_question_is_answered_at_the_end_of_its_path() -> None:
    question = "Where is the laboratory that Priya Castellan works at located?"
    retrieval = Retrieval("hybrid-rrf", question, [], [_two_hop()])
    assert path_conclusion(retrieval, "Priya Castellan presented a paper.") == (
        "lab#0", "It sits on the old ferry quay of Kestrel Harbor."
    )
    assert path_conclusion(retrieval, "The lab is in Kestrel Harbor.") is None  # the answer names the end already
    imported = Retrieval("hybrid-rrf", question, [], [_two_hop(())])
    assert path_conclusion(imported, "")[0].startswith(RELATION_EVIDENCE)  # type: ignore[index]
    cooccurring = Retrieval("hybrid-rrf", question, [], [_two_hop(predicate="related_to")])
    assert path_conclusion(cooccurring, "") is None  # an edge that states nothing concludes nothing
    named_end = Retrieval("hybrid-rrf", "Is Priya Castellan's laboratory in Kestrel Harbor?", [], [_two_hop()])
    assert path_conclusion(named_end, "") is None  # the question names the end: nothing new to add
    undescribed = Retrieval("hybrid-rrf", "Where did Priya Castellan give a talk?", [], [_two_hop()])
    assert path_conclusion(undescribed, "") is None  # the question does not ask along "works_at"


@pytest.mark.skipif(not spelling_variants(), reason="WordNet's index files are not installed (make setup does)")
def test_a_sentence_covers_a_question_word_in_its_other_spelling(store: SQLiteStore) -> None:
    text = "Zorblax may be copied freely. Zorblax is released under the MIT license."
    _put(store, "zorb", "docs/zorblax/README", text)
    assert "MIT license" in _ask(store, "Which licence covers Zorblax?", ["zorb"])  # "licence" ~ "license"
    assert "MIT license" in _ask(store, "Which license covers Zorblax?", ["zorb"])


def test_a_hard_wrapped_indented_sentence_is_said_with_single_spaces(store: SQLiteStore) -> None:
    text = (
        "1.2\tWhere does the name Quux come from?\n\n\tOriginally the project was named \n\tHeimdall, after "
        "the watchman \n\tof the Nordic gods.\n\n\t    $ quux  --run\n\t    done\n"
    )
    _put(store, "quux", "docs/quux/FAQ", text, title="Quux FAQ")
    answer = _ask(store, "What was the Quux project originally named?", ["quux"])
    assert "was named Heimdall, after the watchman of the Nordic gods." in answer  # no "named  Heimdall", no tab
    block = "\t    $ quux  --run\n\t    done"
    assert spaced(block) == block  # a displayed block as written
    assert spaced("instances of version \n3.79.1 have this bug") == "instances of version 3.79.1 have this bug"


def test_a_table_of_contents_is_no_answer_and_the_section_it_lists_is(store: SQLiteStore) -> None:
    text = (
        "Quux FAQ\n\n1.8\tCan I alter quux's make behavior?\n1.9\tIs there a quux license?\n"
        "1.10\tLanguage locale support\n\n______\n\n1.9\tIs there a quux license?\n\n"
        "\tNo. The only restriction on the use of quux is the copyright statement.\n"
    )
    _put(store, "faq", "docs/quux/00FAQ", text, title="Quux FAQ")
    answer = _ask(store, "Is there a quux license?", ["faq"], sentences=2)
    assert "The only restriction" in answer and "1.10" not in answer and "make behavior" not in answer


def test_a_when_question_in_the_present_is_answered_by_the_condition_a_unit_states() -> None:
    question = "When does the agent read the global list?"
    assert holds_kind("The list is read by the agent if no local list is available.", "number", question)
    assert holds_kind("The agent reads it at 3 am.", "number", question)
    assert not holds_kind("The agent reads the global list.", "number", question)
    # "When was …?" asks for a time: a condition does not answer it
    assert not holds_kind("It was released if the tests passed.", "number", "When was the agent released?")


def test_a_when_questions_condition_outranks_a_comment_line_with_a_number(store: SQLiteStore) -> None:
    text = (
        "This is the global list of keys. Comment lines are ignored. This file will be read by the agent if no "
        "local list is available. Give the agent a HUP after editing this file.\n\n\n#Serial number: 32D18D\n\n"
        "EA:8D:99:DD:36:AA  S\n"
    )
    _put(store, "keys", "examples/keylist.txt", text, title="keylist.txt")
    answer = _ask(store, "When does the agent read the global list?", ["keys"])
    assert answer == "This file will be read by the agent if no local list is available."


def test_a_unit_is_about_the_heading_of_its_section(store: SQLiteStore) -> None:
    text = (
        "os.hostname()\n\n- Returns: {string}\n\nReturns the host name of the operating system.\n\n"
        "os.loadavg()\n\n- Returns: {number[]}\n\nReturns an array containing the 1, 5, and 15 minute load "
        "averages.\n\nOn Windows, the return value is always [0, 0, 0].\n\n"
        "os.uptime()\n\n- Returns: {integer}\n\nOn Windows, the return value has no fraction.\n"
    )
    _put(store, "os", "api/os.md", text, title="OS")
    _put(store, "win", "api/win.md", "Windows programs return exit codes.", title="Win")  # "windows", "return": common
    # the sentence names neither "os" nor "loadavg": its section's heading does
    assert _ask(store, "What does os.loadavg() return on Windows?", ["os"]) == (
        "On Windows, the return value is always [0, 0, 0]."
    )
    # its heading is not given after it: it was said with it, as what the sentence is about
    answer = _ask(store, "What does os.loadavg() return on Windows?", ["os"], sentences=3)
    assert answer.startswith("On Windows, the return value is always [0, 0, 0].") and "os.loadavg()" not in answer
    assert _ask(store, "What does os.uptime() return on Windows?", ["os"]) == (
        "On Windows, the return value has no fraction."
    )


def test_a_section_number_opening_a_unit_is_no_number_it_states() -> None:
    question = "Which version of the Frob extension does the document describe?"
    assert not holds_kind("2.1. Data Types proposed for a later Frob extension version", "number", question)
    assert not holds_kind("A.1.1 Common Types proposed for a later Frob extension version", "number", question)
    assert holds_kind("The Frob Extension Version 1.2", "number", question)
    assert holds_kind("1.2 is the version of the Frob extension.", "number", question)  # a value, not a number


def test_names_under_an_acknowledgments_heading_did_not_write_the_text(store: SQLiteStore) -> None:
    text = (
        "The Frob Extension\nVersion 1.2\n\nKay Pack\nkay@pack.example\n\n1. Introduction\n\n"
        "The Frob extension lets clients frob windows.\n\n1.2. Acknowledgments\n\n"
        "Eric Anholt <eric@anholt.net>\nOwen Taylor <otaylor@redhat.com>\n\n2. Data Types\n\nFROBID { XID }\n"
    )
    _put(store, "frob", "docs/frob/frobproto.txt", text, title="frobproto.txt")
    answer = _ask(store, "Who wrote the Frob extension?", ["frob"])
    assert "Kay Pack" in answer and "Anholt" not in answer


def test_a_name_over_its_bare_address_on_a_title_page_signs_the_text(store: SQLiteStore) -> None:
    text = (
        "The Zap Extension\nVersion 1.0\n\nAda Quill\nada@quill.example\n\nBo Vance\nbo@vance.example\n"
        "Acme Corporation\n\n1. Introduction\n\nThe Zap extension zaps windows.\n\n2. Acknowledgements\n\n"
        "+ Cy Dunn who designed and implemented a Zap extension last year.\n\n"
        "+ Di Eng whose work on zapping is known.\n"
    )
    _put(store, "zap", "docs/zap/zapproto.txt", text, title="zapproto.txt")
    answer = _ask(store, "Who wrote the Zap extension?", ["zap"], sentences=2)
    assert "Ada Quill" in answer and "Bo Vance" in answer and "Cy Dunn" not in answer


def test_the_names_on_a_title_page_are_its_authors(store: SQLiteStore) -> None:
    text = (
        "Groups in the Zorp System\n\nAda Quill\n\nBo van Vance\n\n   Copyright © 2001 Ada Quill\n\n"
        "Chapter 1. Introduction\n\nThe zorp-passwd package holds the master group file. Please send mail to "
        "<zorp@lists.example> if you have more information about the groups.\n"
    )
    _put(store, "groups", "docs/zorp-passwd/groups.txt", text, title="groups")
    answer = _ask(store, "Who wrote Groups in the Zorp System?", ["groups"], sentences=2)
    assert answer.startswith("Ada Quill") and "Bo van Vance" in answer
    # a status line and an affiliation between the names; the organisation signs nothing
    page = (
        "Zap Saver Extension\n\nQuux Consortium Proposed Standard\n\nCy Dunn\n\nNetwork Zap Devices, Inc\n\n"
        "Di Eng\n\nThe Zap saver extension lets clients blank the screen of a zap server.\n"
    )
    _put(store, "saver", "docs/zap/saver.txt", page, title="saver")
    answer = _ask(store, "Who wrote the Zap saver extension?", ["saver"], sentences=2)
    assert answer.startswith("Cy Dunn") and "Di Eng" in answer


def test_a_record_of_label_value_lines_is_answered_whole(store: SQLiteStore) -> None:
    text = (
        "The following is a list of commands that are deprecated.\n\n"
        "What:   zapctl -s\nWhy:    clashes with the zap dialect of other systems; use --show\n\n"
        "--------------------------\n\n"
        "What:\tfrobtune\nWhy:\tparallel port frobs are probably almost extinct devices\n\n"
        "--------------------------\n"
    )
    _put(store, "deprecated", "docs/zaputils/deprecated.txt", text, title="deprecated")
    answer = _ask(store, "Why is frobtune deprecated?", ["deprecated"])
    assert answer == "What: frobtune Why: parallel port frobs are probably almost extinct devices"
    # the next record's "What:" opens a record of its own
    assert "frobtune" not in _ask(store, "What should I use instead of zapctl -s?", ["deprecated"])


def test_a_heading_is_no_person_however_it_is_capitalised(store: SQLiteStore) -> None:
    text = (
        "Quux for Debian\n\nQuux Package Roadmap\n\nMost systems using Quux should install quux-user.\n\n"
        "Debian-Specific Information\n\nQuux is built against the libzap of the zapfs source package.\n\n"
        " -- Ola Berg <ola@debian.example>, Wed,  2 Nov 2016 23:18:47 -0400\n"
    )
    _put(store, "quuxdeb", "docs/quux/README.Debian", text)
    assert holds_kind("Quux Package Roadmap", "person", "Who maintains the Debian Quux packages?")  # by its capitals
    answer = _ask(store, "Who maintains the Debian Quux packages?", ["quuxdeb"])
    assert answer.startswith("-- Ola Berg")  # a Debian sign-off: its signer maintains the package


def test_only_a_debian_sign_off_says_its_signer_maintains_the_text() -> None:
    assert _signed(" -- Ola Berg <ola@debian.example>, Wed,  2 Nov 2016 23:18:47 -0400").endswith(f"({SIGNED_OFF})")
    assert _signed("Ola Berg <ola@example.org>").endswith(f"({SIGNED})")
    assert _signed(" -- Ola Berg <ola@example.org>").endswith(f"({SIGNED})")  # no date: a plain signature


def test_a_title_page_author_comes_with_the_organisation_under_the_name(store: SQLiteStore) -> None:
    text = (
        "ZAPTEST Extension Protocol\n\nX Consortium Standard\n\nKira Drakovic\n\nUniZap Ltd.\n\n"
        "X Version 11, Release 7.7\n\nVersion 2.2\n\nThe ZAPTEST extension tests a quux server with no user at all.\n"
    )
    _put(store, "zaptest", "docs/zapproto/zaptest.txt", text, title="zaptest.txt")
    answer = _ask(store, "Which company did the author of the ZAPTEST protocol work for?", ["zaptest"])
    assert answer == "Kira Drakovic UniZap Ltd."

