"""The real-document check set (issue 10) and the scoring helpers of ``benchmarks.realdocs``.

The schema and the pure scoring functions need nothing outside the project; the check that every
answer pattern matches its document's text reads /usr/share/doc and skips, naming the file, where a
document is not on this machine.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from benchmarks.realdocs import (
    DEFAULT_SET,
    FIELDS,
    answer_has_fact,
    answer_miss,
    copy_documents,
    copy_name,
    document_kind,
    document_text,
    fact_unit,
    load_runs,
    path_states_fact,
    pattern_misses,
    pool,
    right_document_first,
)

SET = json.loads(DEFAULT_SET.read_text(encoding="utf-8"))
QUESTIONS = SET["questions"]
FORBIDDEN = ("/git/", "/zstd/", "/gzip/", "python3-yaml", "pyyaml", "libsodium", "libffi")


# ---------------------------------------------------------------- the set file


def test_set_has_twenty_complete_questions() -> None:
    assert len(QUESTIONS) == 20
    for q in QUESTIONS:
        assert set(FIELDS) <= set(q), q
        assert isinstance(q["question"], str) and q["question"].strip().endswith("?")
        assert q["document"].startswith("/usr/share/doc/")
        assert isinstance(q["answer_patterns"], list) and 1 <= len(q["answer_patterns"]) <= 3
        terms = q["path_terms"]
        assert set(terms) <= {"subject", "object_any", "via_any"}
        subjects = [terms["subject"]] if isinstance(terms["subject"], str) else terms["subject"]
        assert subjects and all(isinstance(s, str) and s for s in subjects)
        assert terms["object_any"] and all(isinstance(o, str) and o for o in terms["object_any"])
        assert all(isinstance(v, str) and v for v in terms.get("via_any", []))
    assert len({q["question"] for q in QUESTIONS}) == len(QUESTIONS)


def test_patterns_compile() -> None:
    for q in QUESTIONS:
        for pattern in q["answer_patterns"]:
            re.compile(pattern, re.IGNORECASE)


def test_documents_and_kinds_are_spread() -> None:
    documents = Counter(q["document"] for q in QUESTIONS)
    assert len(documents) >= 8
    assert max(documents.values()) <= 3
    kinds = Counter(q["kind"] for q in QUESTIONS)
    assert {"who", "license", "what", "option", "yesno", "number", "two-hop"} <= set(kinds)
    assert max(kinds.values()) <= 6
    assert all("via_any" in q["path_terms"] for q in QUESTIONS if q["kind"] == "two-hop")


def test_documents_are_real_prose_and_not_the_issues_own() -> None:
    names = [q["document"].lower() for q in QUESTIONS]
    assert not [n for n in names if any(f in n for f in FORBIDDEN)]
    assert not [n for n in names if Path(n).name.startswith(("copyright", "changelog"))]
    plain = {n.removesuffix(".gz") for n in names}
    assert sum(n.endswith(".html") for n in plain) >= 2
    assert sum(n.endswith(".md") for n in plain) >= 2
    assert any(not n.endswith((".html", ".md")) for n in plain)


def test_every_pattern_matches_its_document() -> None:
    absent = sorted({q["document"] for q in QUESTIONS if not Path(q["document"]).is_file()})
    if absent:
        pytest.skip(f"documents not on this machine: {', '.join(absent)}")
    assert pattern_misses(QUESTIONS) == []


# ---------------------------------------------------------------- answer_has_fact


def test_answer_has_fact() -> None:
    patterns = [r"Hrvoje Niksic", r"licensed under the MIT license"]
    assert answer_has_fact("Wget was originally written and mainained by Hrvoje Niksic.", patterns)
    assert answer_has_fact("wget was written by HRVOJE NIKSIC", patterns)  # case-insensitive
    assert answer_has_fact("JsonCpp is licensed under the\n    MIT license, or public domain", patterns)  # wrapped
    assert not answer_has_fact("Wget uses the GNU Autoconf.", patterns)
    assert not answer_has_fact("", patterns)
    assert not answer_has_fact(None, patterns)
    assert not answer_has_fact("Hrvoje Niksic", [])


def test_answer_has_fact_yes_no_needs_the_word() -> None:
    patterns = [r"thread-safe\? Yes\b", r"\bYes\. However any library routines"]
    assert answer_has_fact("Is zlib thread-safe?\n\n    Yes.  However any library routines that zlib uses", patterns)
    assert not answer_has_fact("Is zlib thread-safe? However any library routines must also be thread-safe.", patterns)


# ---------------------------------------------------------------- path_states_fact


def path(entities: list[str], relations: list[str]) -> dict[str, object]:
    return {"text": " ".join(entities), "weight": 1.0, "entities": entities, "relations": relations,
            "chunk_ids": [["c1"]] * len(relations)}  # fmt: skip


LICENSE = {"subject": "zstd", "object_any": ["BSD", "GPLv2"]}


def test_path_states_fact() -> None:
    assert path_states_fact(path(["zstd", "BSD"], ["is_licensed_under"]), LICENSE)
    assert path_states_fact(path(["Zstandard zstd", "dual BSD license"], ["released_under"]), LICENSE)
    assert path_states_fact(path(["BSD", "zstd"], ["covers"]), LICENSE)  # either direction
    # one stating edge is enough, even with a related_to hop beside it
    assert path_states_fact(path(["zstd", "BSD", "Facebook"], ["licensed_under", "related_to"]), LICENSE)


def test_path_states_fact_false_cases() -> None:
    assert not path_states_fact(path(["zstd", "license", "BSD"], ["related_to", "related_to"]), LICENSE)
    assert not path_states_fact(path(["zstd", "name"], ["licensed_under"]), LICENSE)  # no object
    assert not path_states_fact(path(["gzip", "GPLv2"], ["licensed_under"]), LICENSE)  # no subject
    assert not path_states_fact(path(["zstdlib", "BSDish"], ["licensed_under"]), LICENSE)  # whole words only
    assert not path_states_fact(path(["zstd BSD"], []), LICENSE)  # one entity cannot be both ends
    assert not path_states_fact(None, LICENSE)
    assert not path_states_fact({}, LICENSE)


def test_path_states_fact_subject_alternatives_and_via() -> None:
    terms = {"subject": ["mawk", "bug reports"], "object_any": ["Thomas E. Dickey"]}
    assert path_states_fact(path(["bug reports", "Thomas E. Dickey"], ["send_to"]), terms)
    two_hop = {"subject": "Ninja", "via_any": ["Chromium"], "object_any": ["30,000"]}
    good = path(["Ninja", "Chromium browser project", "over 30,000 source files"], ["born_from", "has"])
    assert path_states_fact(good, two_hop)
    assert not path_states_fact(path(["Ninja", "30,000 source files"], ["has"]), two_hop)  # skips the join
    assert not path_states_fact(path(["Ninja", "build.ninja"], ["looks_for"]),
                                {"subject": "Ninja", "object_any": ["30,000"]})  # fmt: skip


# ---------------------------------------------------------------- right_document_first


def test_right_document_first() -> None:
    doc = "/usr/share/doc/tmux/README"
    chunks = [{"rank": 1, "source": doc}, {"rank": 2, "source": "/usr/share/doc/wget/README"}]
    assert right_document_first(chunks, doc)
    assert right_document_first(list(reversed(chunks)), doc)  # by rank, not list order
    assert not right_document_first(chunks, "/usr/share/doc/wget/README")
    assert not right_document_first([], doc)
    assert not right_document_first([{"rank": 1, "source": None}], doc)


def test_answer_miss_says_where_the_fact_is_when_the_answer_lacks_it() -> None:
    patterns = [r"\bzlib\b"]
    chunks = [
        {"rank": 2, "text": "Build it with zlib installed."},
        {"rank": 1, "text": "The library compresses data."},
        {"rank": 3, "text": "It links against zlib."},
    ]
    assert answer_miss("It needs zlib.", chunks, patterns) == "answered"
    assert answer_miss("The library compresses data.", chunks, patterns) == "lower_chunk"  # by rank, not list order
    assert answer_miss("The library compresses data.", chunks[:1] + chunks[2:], patterns) == "top_chunk"
    assert answer_miss("The library compresses data.", chunks[1:2], patterns) == "not_retrieved"
    assert answer_miss(None, [], patterns) == "not_retrieved"


def test_fact_unit_says_how_near_the_answer_came_to_the_unit_that_states_the_fact() -> None:
    patterns = [r"\bzlib\b"]
    units = ["It compresses.", "It is fast.", "It is small.", "It links against zlib.", "zlib is needed."]
    assert fact_unit(units, patterns) == "4th"
    assert fact_unit([*units[:3], "Not yet.", "Nor here.", *units[3:]], patterns) == "5th-6th"
    assert fact_unit(units[:3] + ["x."] * 5 + units[3:], patterns) == "7th-12th"
    assert fact_unit(units[:3] + ["x."] * 9 + units[3:], patterns) == "later"  # the 13th: beyond those ranked
    assert fact_unit(units[:3], patterns) == "later"


def test_document_kind_sorts_a_sets_documents_by_name() -> None:
    assert document_kind("/usr/share/doc/udev/README.Debian.gz") == "README.Debian"
    assert document_kind("/usr/share/doc/jq/README.md") == "markdown"
    assert document_kind("/usr/share/doc/x/manual.html") == "html"
    assert document_kind("/usr/share/doc/x/intro.rst.gz") == "rst"
    assert document_kind("/usr/share/doc/x/faq.txt") == "txt"
    assert document_kind("/usr/share/doc/tmux/README") == "conventional name"
    assert document_kind("/usr/share/doc/x/NEWS.gz") == "conventional name"
    assert document_kind("/usr/share/doc/x/examples/keys.example") == "other"


def _row(kind: str, document: str, *, answer: bool, path: bool, path_miss: str = "top") -> dict[str, object]:
    return {
        "kind": kind, "document": document, "document_first": True, "answer_fact": answer, "path_fact": path,
        "path_miss": path_miss if not path else "top", "answer_miss": "answered" if answer else "top_chunk",
        "fact_unit": None if answer else "4th",
    }  # fmt: skip


def test_pool_sums_runs_and_splits_them_by_question_and_document_kind() -> None:
    first = {"rows": [
        _row("who", "/d/a/README.Debian", answer=True, path=True),
        _row("how", "/d/a/README.Debian", answer=False, path=False, path_miss="no_object"),
    ]}  # fmt: skip
    second = {"rows": [
        _row("who", "/d/b/README.md", answer=True, path=False, path_miss="no_stated_edge"),
        _row("yes-no", "/d/b/README.md", answer=True, path=False, path_miss="lower"),
        _row("yesno", "/d/c/NEWS", answer=True, path=True),
    ]}  # fmt: skip
    pooled = pool([first, second])
    assert (pooled["runs"], pooled["questions"]) == (2, 5)
    assert (pooled["answer"], pooled["path"]) == (4 / 5, 2 / 5)
    assert pooled["path_misses"] == {
        "top": 2, "lower": 1, "edge_unlisted": 0, "no_stated_edge": 1, "no_subject": 0, "no_object": 1,
    }  # fmt: skip
    assert pooled["answer_misses"]["top_chunk"] == 1 and pooled["fact_units"]["4th"] == 1
    who = pooled["by_question_kind"]["who"]
    assert (who["questions"], who["answer"], who["path"]) == (2, 1.0, 0.5)
    assert pooled["by_question_kind"]["yes/no"]["questions"] == 2  # "yes-no" and "yesno" are one kind
    documents = pooled["by_document_kind"]
    assert list(documents) == ["README.Debian", "markdown", "conventional name"]  # DOCUMENT_KINDS' order
    assert (documents["README.Debian"]["questions"], documents["README.Debian"]["answer"]) == (2, 0.5)
    with pytest.raises(ValueError, match="no questions"):
        pool([{"rows": []}])


def test_load_runs_names_a_file_that_is_no_runs_json_output(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"rows": []}), encoding="utf-8")
    assert load_runs([good]) == [{"rows": []}]
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"bad\.json: expected the JSON object"):
        load_runs([bad])
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"broken\.json: not readable"):
        load_runs([broken])


# ---------------------------------------------------------------- copying documents


def test_copy_name_keeps_a_name_the_readers_take() -> None:
    assert copy_name("/usr/share/doc/tmux/README") == "tmux/README"  # a conventional name is read as it is
    assert copy_name("/usr/share/doc/udev/README.Debian.gz") == "udev/README.Debian"
    assert copy_name("/usr/share/doc/xz-utils/faq.txt.gz") == "xz-utils/faq.txt"
    assert copy_name("/usr/share/doc/python3-xmltodict/README.md.gz") == "python3-xmltodict/README.md"
    assert copy_name("/usr/share/doc/valgrind/html/faq.html") == "valgrind/html/faq.html"
    assert copy_name("/usr/share/doc/yq/README.rst.gz") == "yq/README.rst"  # read as reStructuredText
    assert copy_name("/usr/share/doc/foo/notes.org") == "foo/notes.org"  # "notes" is a conventional name
    assert copy_name("/usr/share/doc/foo/keys.example") == "foo/keys.example.txt"


def test_copy_documents_decompresses_and_reports_missing(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "notes.md.gz").write_bytes(gzip.compress(b"# Notes\n\nfoo is licensed under the MIT license.\n"))
    (src / "page.html").write_text("<p>Run <code>ninja</code>; it reads <code>build.ninja</code>.</p>")
    missing = str(src / "absent.txt")
    copies, absent = copy_documents([str(src / "notes.md.gz"), str(src / "page.html"), missing], tmp_path / "out")
    assert absent == [missing]
    assert sorted(copies.values()) == [str(src / "notes.md.gz"), str(src / "page.html")]
    assert all(Path(p).is_file() for p in copies)
    assert document_text(src / "notes.md.gz") == "# Notes foo is licensed under the MIT license."
    assert document_text(src / "page.html") == "Run ninja; it reads build.ninja."


def test_pattern_misses_names_a_pattern_that_is_not_in_its_document(tmp_path: Path) -> None:
    doc = tmp_path / "README"
    doc.write_text("GNU bc\nAuthor: Philip A. Nelson\n")
    questions = [{"question": "Who wrote bc?", "document": str(doc), "answer_patterns": ["Philip A\\. Nelson", "Knuth"],
                  "path_terms": {"subject": "bc", "object_any": ["Nelson"]}, "kind": "who"}]  # fmt: skip
    misses = pattern_misses(questions)
    assert len(misses) == 1 and "Knuth" in misses[0] and str(doc) in misses[0]
    gone = [{**questions[0], "document": str(tmp_path / "gone")}]
    assert pattern_misses(gone) == []  # an absent document is skipped by the benchmark, not a miss


def test_the_holdout_sets_load_and_share_no_document_with_each_other_or_the_main_set() -> None:
    from benchmarks.realdocs import load_set

    names = ("realdocs_set", "realdocs_holdout", "realdocs_holdout2", "realdocs_holdout3", "realdocs_holdout4",
             "realdocs_holdout5", "realdocs_holdout6", "realdocs_holdout7", "realdocs_holdout8",
             "realdocs_holdout9", "realdocs_holdout10", "realdocs_holdout11", "realdocs_holdout12",
             "realdocs_holdout13", "realdocs_holdout14", "realdocs_holdout15", "realdocs_holdout16",
             "realdocs_holdout17", "realdocs_holdout18", "realdocs_holdout19", "realdocs_holdout20",
             "realdocs_holdout21", "realdocs_holdout22", "realdocs_holdout23")  # fmt: skip
    documents = {n: {q["document"] for q in load_set(DEFAULT_SET.parent / f"{n}.json")} for n in names}
    for name in names[3:6]:
        assert len(load_set(DEFAULT_SET.parent / f"{name}.json")) == 15
    assert len(load_set(DEFAULT_SET.parent / "realdocs_holdout6.json")) == 20
    assert len(load_set(DEFAULT_SET.parent / "realdocs_holdout7.json")) == 20
    assert len(load_set(DEFAULT_SET.parent / "realdocs_holdout8.json")) == 20
    assert len(load_set(DEFAULT_SET.parent / "realdocs_holdout9.json")) == 20
    for name in names[10:]:
        assert len(load_set(DEFAULT_SET.parent / f"{name}.json")) == 20
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not documents[a] & documents[b], (a, b)


def test_every_read_question_has_a_paraphrase_that_keeps_what_is_scored(tmp_path: Path) -> None:
    from benchmarks.realdocs import load_set, paraphrased

    read = [q for n in ("realdocs_set", "realdocs_holdout", "realdocs_holdout2", "realdocs_holdout3")
            for q in load_set(DEFAULT_SET.parent / f"{n}.json")]  # fmt: skip
    asked = paraphrased(read)
    assert len(asked) == len(read) == 65
    for original, other in zip(read, asked, strict=True):
        assert other["question"] != original["question"] and other["original"] == original["question"]
        assert {k: v for k, v in other.items() if k not in ("question", "original")} == {
            k: v for k, v in original.items() if k != "question"
        }
    table = tmp_path / "paraphrases.json"
    table.write_text('{"paraphrases": {}}')
    with pytest.raises(SystemExit, match="no paraphrase for 65"):
        paraphrased(read, table)


def test_the_verify_summary_counts_grounded_answers_and_claims_by_status() -> None:
    from collections import Counter

    from benchmarks.realdocs import verified_summary

    rows = [
        {"verified": {"verdict": "grounded", "claims": Counter(proved=2), "quoted": 1, "verify_ms": 1000.0}},
        {"verified": {"verdict": "hallucinated", "claims": Counter(proved=1, unknown=1), "quoted": 0,
                      "verify_ms": 3000.0}},
    ]
    summary = verified_summary(rows)
    assert summary["grounded"] == 1 and summary["answers"] == 2 and summary["quoted"] == 1
    assert summary["claims"] == {"proved": 3, "unknown": 1} and summary["mean_s"] == 2.0


def test_path_miss_says_whether_order_retrieval_or_extraction_failed(tmp_path: Path) -> None:
    from graphproof.graph.model import Entity, Relation

    import graphproof
    from benchmarks.realdocs import path_miss

    store = graphproof.open_store(f"sqlite:///{(tmp_path / 'g.db').as_posix()}")
    try:
        git, linus, name, junio = (Entity.named(n) for n in ("git", "Linus Torvalds", "name", "Junio Hamano"))
        store.upsert_entities([git, linus, name, junio])
        store.upsert_relations([
            Relation(git.id, linus.id, "was_written_by", git.name, linus.name),
            Relation(git.id, name.id, "related_to", git.name, name.name),
            Relation(git.id, junio.id, "related_to", git.name, junio.name),
        ])  # fmt: skip
        terms = {"subject": "git", "object_any": ["Linus Torvalds", "Linus"]}
        stated = {"entities": ["git", "Linus Torvalds"], "relations": ["was_written_by"]}
        vague = {"entities": ["git", "name"], "relations": ["related_to"]}
        assert path_miss(store, [stated, vague], terms) == "top"
        assert path_miss(store, [vague, stated], terms) == "lower"
        assert path_miss(store, [vague], terms) == "edge_unlisted"  # the store states it, the paths do not
        assert path_miss(store, [vague], {"subject": "git", "object_any": "Junio Hamano"}) == "no_stated_edge"
        assert path_miss(store, [vague], {"subject": "git", "object_any": "Petr Baudis"}) == "no_object"
        assert path_miss(store, [vague], {"subject": "mercurial", "object_any": "Linus"}) == "no_subject"
    finally:
        store.close()
