"""Real-document check (issue 10): right document, answer and top path on Debian's /usr/share/doc.

    python -m benchmarks.realdocs [--set benchmarks/realdocs_set.json] [--method hybrid-rrf] [--json]
                                  [--store-dir DIR] [--paraphrased] [--verify]
    python -m benchmarks.realdocs --pool RUN.json [RUN.json ...] [--json]

Copies the documents the set names into a folder (``.gz`` decompressed; a file without a readable
extension is given ``.txt``), checks that every answer pattern matches its document's own text (and
stops with the list of misses otherwise), ingests the folder into a fresh embedded SQLite store with
the public API (rule extractor, the packaged all-MiniLM-L6-v2), and asks every question. A document
that is not on this machine skips its questions, named, with the count of skipped questions.

Prints, per question: whether the top chunk comes from the question's document, whether the
answer contains the fact (one of ``answer_patterns`` matches it), whether the top path states the
fact (an edge that is not ``related_to``, an entity naming the subject and another naming the object,
see ``path_states_fact``), the top path and the answer (both truncated); then the three shares
against the targets (right document first >= 0.95, answer has the fact >= 0.90, top path states the
fact >= 0.70) with the p50 ask latency, why each top path does or does not state the fact (``path_miss``: the order,
retrieval, or extraction, by what the store holds), where the fact is when the answer lacks it (``answer_miss``: in
the top chunk, so the answer chose the wrong part of it; in a lower returned chunk; in no returned chunk; and for a
fact in a returned chunk, where the first of the answer's twelve best units that states it ranks: ``fact_unit``), and
the entity names that the first paths of the most questions go through (generic hubs such as "name" or "license" show
up there). ``--json`` prints one JSON object instead. ``--store-dir`` keeps the copied documents and the store in DIR
(an unchanged document is not ingested again on a later run); by default both live in a temporary folder that is
removed.

Five sets: ``realdocs_set.json`` (20 questions over 14 documents), ``realdocs_holdout.json`` (15
questions over 10 other documents, written before the path fit of ``reasoning.paths``; its failures were
read on 2026-11-25 to make the extractor's pronoun and subject rules, so it is no longer unseen),
``realdocs_holdout2.json`` (15 questions over 10 further documents, written before those rules; its answer
misses were read later that day for the legal-notice weight of ``reasoning.answer``) and
``realdocs_holdout3.json`` (15 questions over 10 further documents, written blind to the system; its failures
were read on 2026-11-26 for the copula, relative-clause, keyphrase and "Otherwise" rules, so it is no longer unseen)
and ``realdocs_holdout4.json`` (15 questions over 10 further documents, written blind on 2026-11-26 before holdout3
was read, kept for measuring only: ``--set benchmarks/realdocs_holdout4.json``) and ``realdocs_holdout5.json`` (15
questions over 10 further documents, written blind on 2026-11-26 by a helper that was told to word questions as a
user would, not as the document does; its Pango failure was read on 2026-11-26 for the "the following …" list
rule, so it is no longer unseen) and ``realdocs_holdout6.json`` (20 questions over 7 further documents, written
blind on 2026-11-26 after that rule; its failures, and holdout4's, were read in session 18 for the extractor's
conjoined-verb, relative-clause, code-span and version rules, so neither is unseen now) and
``realdocs_holdout7.json`` (20 questions over 8 further documents, written blind by a helper in session 18 before
those rules) and ``realdocs_holdout8.json`` (20 questions over 9 further documents, written blind by a helper in
session 19 before it was run): both were measured blind first, and their failures read in session 20 for the
dash-row, apposed-name, WordNet-verb, aside and role-before-name rules of the extractor, so neither is unseen now;
and ``realdocs_holdout9.json`` (20 questions over 9 further documents, written blind by a helper in session 20 before
those rules were measured on it; measured blind at 1.00 / 0.90 / 0.45, then its failures read in session 21 for the
name-before-kind-noun rule, so it is not unseen now), ``realdocs_holdout10.json`` (20 questions over 9 further
documents, written blind by a helper in session 21 before it was run; measured blind at 1.00 / 0.75 / 0.30, read in
session 22), ``realdocs_holdout11.json`` (20 questions over 10 further documents, written blind by a helper in
session 22 before it was run; measured blind at 1.00 / 0.85 / 0.15, read in session 23),
``realdocs_holdout12.json`` (20 questions over 10 further documents, written blind by a helper in session 23 before it
was run; its questions and answer patterns were seen in the helper's report, its results were not read) and
``realdocs_holdout13.json`` (20 questions over 10 further documents, written by a helper in session 23 that reported
only counts, so its questions were never seen by the session that measures it), ``realdocs_holdout14.json`` (20
questions over 10 further documents, written the same way by a helper in session 25 before it was run) and
``realdocs_holdout15.json`` (20 questions over 10 further documents, written the same way in session 26) and
``realdocs_holdout16.json`` (20 questions over 10 further documents, written the same way in session 28 and measured
at 1.00 / 0.55 / 0.10 before that session's changes were run on it) and ``realdocs_holdout17.json`` (20 questions
over 10 further documents, written the same way in session 29 and measured once on that session's start and end code)
and ``realdocs_holdout18.json`` (20 questions over 10 further documents, written the same way in session 30, measured
once on that session's start and end code) and ``realdocs_holdout19.json`` (20 questions over 10 further documents,
written the same way in session 33, measured once on that session's start and end code) and
``realdocs_holdout20.json`` (20 questions over 10 further documents, written blind by a helper in session 34 before it
was run, measured at 1.00 / 0.75 / 0.10 on that session's start code, then its failures read in that session for the
address rule of ``reasoning.path_order`` and the quoted-code, package-number, purpose-infinitive, dotted-name and
complex-preposition rules of the extractor, so it is not unseen) and ``realdocs_holdout21.json`` (20 questions over 10
further documents, written in session 34 by a helper that reported only counts, measured once on that session's start
and end code) and ``realdocs_holdout22.json`` and ``realdocs_holdout23.json`` (20 questions over 10 further documents
each, written in session 36 by a helper that reported only counts; few unused README-like files were left, so some of
their documents are commented example configurations and scripts under ``examples/``). holdout22 was measured at 1.00 /
0.60 / 0.00 on that session's start code, then its failures were read for the commented-file loader
(``loaders.sources.comments``), so it is not unseen; holdout23 was measured on that session's start and end code.
The failures of holdout12,
holdout13 and holdout14 were read in session 33 (for the pronoun and signature rules of ``reasoning.answer`` and the
purpose, package-name, role and sign-off rules of the extractor), so they are no longer unseen. Report all of them; a
change that only moves the sets it was made from does not generalise.

``--verify`` also checks every answer as ``ask --verify`` does (the offline method against the top chunks) and prints
how many answers it calls grounded, the claims proved (by quotation) / refuted / unknown, and the seconds per check;
the "p50 ask ms" row then leaves the check's time out.

``--pool`` reads the ``--json`` output of earlier runs (one file per set, as many sets as given) and prints their pooled
figures: the three shares, ``path_miss``, ``answer_miss`` and ``fact_unit`` summed, and the shares by question kind
(the set's ``kind``) and by document kind (``document_kind``: Debian's ``README.Debian`` notes, Markdown, HTML,
reStructuredText, ``.txt``, other conventionally named files such as ``README`` or ``NEWS``, and everything else) —
where the extractor or the answer is weakest. Pool the sets that were read and those never read apart: together they
say less than either.

``--paraphrased`` is a perturbation test of the question's wording: it asks each question of the four read sets
(main, holdout, holdout2, holdout3) in other words (``realdocs_paraphrases.json``, written on 2026-11-26: other verbs
and nouns, synonyms for the answering sentence's words, names, options and numbers kept), scored the same way.
"""

from __future__ import annotations

import argparse
import gzip
import html
import json
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from benchmarks._common import ROOT, percentile, print_table

DEFAULT_SET = ROOT / "benchmarks" / "realdocs_set.json"
TARGETS = {"document": 0.95, "answer": 0.90, "path": 0.70}
FIELDS = ("question", "document", "answer_patterns", "path_terms", "kind")
GENERIC_RELATION = "related_to"
HUB_PATHS = 3  # an entity is counted once per question whose first HUB_PATHS paths name it
_SPACES = re.compile(r"\s+")
_BLOCK_TAG = re.compile(r"</?(?:p|br|div|dd|dt|dl|li|ul|ol|h[1-6]|pre|tr|td|th|table|hr|section|blockquote)\b[^>]*>",
                        re.IGNORECASE)  # fmt: skip
_INVISIBLE = re.compile(r"<(script|style|head)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]*>")


# ---------------------------------------------------------------- scoring (pure functions)


def squash(text: str) -> str:
    """``text`` with every run of whitespace (line breaks included) made one space."""
    return _SPACES.sub(" ", text).strip()


def answer_has_fact(answer: str | None, patterns: Sequence[str]) -> bool:
    """Whether any of ``patterns`` (case-insensitive regexes) occurs in ``answer``, whitespace collapsed."""
    if not answer:
        return False
    text = squash(answer)
    return any(re.search(p, text, re.IGNORECASE) for p in patterns)


def _alternatives(value: str | Sequence[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def _names(term: str, name: str) -> bool:
    """Whether entity ``name`` mentions ``term`` as a whole word or phrase (case-insensitive)."""
    pattern = r"(?<!\w)" + re.escape(squash(term)) + r"(?!\w)"
    return re.search(pattern, squash(name), re.IGNORECASE) is not None


def path_states_fact(path: Mapping[str, Any] | None, terms: Mapping[str, Any]) -> bool:
    """Whether a path (``AskResult.to_dict()["paths"][i]``) states the fact ``terms`` describes.

    It does when at least one of its relations is not ``related_to`` (co-occurrence states nothing),
    one entity names a ``subject`` alternative and a different entity names an ``object_any``
    alternative, and, where ``via_any`` is given (two-hop questions), some entity names a ``via_any``
    alternative too. Names match as whole words, case-insensitively.
    """
    if not path:
        return False
    relations = [str(r) for r in path.get("relations") or []]
    if not any(r.strip().lower() != GENERIC_RELATION for r in relations):
        return False
    entities = [str(e) for e in path.get("entities") or []]
    subjects = _alternatives(terms.get("subject"))
    objects = _alternatives(terms.get("object_any"))
    vias = _alternatives(terms.get("via_any"))
    subject_at = {i for i, e in enumerate(entities) if any(_names(s, e) for s in subjects)}
    object_at = {i for i, e in enumerate(entities) if any(_names(o, e) for o in objects)}
    if not any(s != o for s in subject_at for o in object_at):
        return False
    return not vias or any(_names(v, e) for v in vias for e in entities)


PATH_MISSES = ("top", "lower", "edge_unlisted", "no_stated_edge", "no_subject", "no_object")
ENTITY_HITS = 25  # entities the store's entity search returns per subject or object term (``path_miss``)


def path_miss(store: Any, paths: Sequence[Mapping[str, Any]], terms: Mapping[str, Any]) -> str:
    """Why the top path does or does not state the fact (one of ``PATH_MISSES``): it does (``top``); a later path of
    ``paths`` does (``lower``: the order is at fault); none does, yet the store holds an edge that is not
    ``related_to`` between an entity naming the subject and one naming the object (``edge_unlisted``: retrieval left
    it out); both kinds of entity exist but no such edge joins them (``no_stated_edge``); or no entity names the
    subject (``no_subject``) or the object (``no_object``): extraction is at fault. Entities are found with the store's
    entity search (the first ``ENTITY_HITS`` per term) and kept when their name holds the term as a whole word."""
    ranks = [k for k, p in enumerate(paths) if path_states_fact(p, terms)]
    if ranks:
        return "top" if ranks[0] == 0 else "lower"

    def named(field: str) -> set[str]:
        found = set()
        for term in _alternatives(terms.get(field)):
            found |= {h.item.id for h in store.search_entities(term, k=ENTITY_HITS) if _names(term, h.item.name)}
        return found

    subjects, objects = named("subject"), named("object_any")
    if not subjects:
        return "no_subject"
    if not objects:
        return "no_object"
    for _, relation, neighbour in store.neighbors(sorted(subjects), per_node=1000):
        if neighbour.id in objects and relation.predicate.strip().lower() != GENERIC_RELATION:
            return "edge_unlisted"
    return "no_stated_edge"


ANSWER_MISSES = ("answered", "top_chunk", "lower_chunk", "not_retrieved")
ANSWER_MISS_LABELS = {
    "answered": "the answer has it",
    "top_chunk": "the top chunk states it (answer selection)",
    "lower_chunk": "a lower returned chunk states it (chunk order or answer selection)",
    "not_retrieved": "no returned chunk states it (retrieval)",
}


def answer_miss(answer: str | None, chunks: Sequence[Mapping[str, Any]], patterns: Sequence[str]) -> str:
    """Where the fact is when the answer lacks it (one of ``ANSWER_MISSES``): the answer has it (``answered``); the
    top-ranked chunk states it, so the answer chose the wrong part of it (``top_chunk``); a lower returned chunk does
    (``lower_chunk``: the answer leads with the wrong chunk, or chunk order is at fault); no returned chunk does
    (``not_retrieved``: retrieval). A chunk states the fact when one of ``patterns`` matches its text as
    ``answer_has_fact`` matches an answer."""
    if answer_has_fact(answer, patterns):
        return "answered"
    ranked = sorted(chunks, key=lambda c: c.get("rank", 0))
    holding = [k for k, c in enumerate(ranked) if answer_has_fact(c.get("text"), patterns)]
    if not holding:
        return "not_retrieved"
    return "top_chunk" if holding[0] == 0 else "lower_chunk"


UNITS_RANKED = 12  # answer units ranked, when the answer misses a fact a returned chunk states, to see how near it came
UNIT_RANKS = ("4th", "5th-6th", "7th-12th", "later")


def fact_unit(units: Sequence[str], patterns: Sequence[str]) -> str:
    """Where the first of ``units`` (the answer's best units, best first: ``extractive_answer(…, sentences=12)``)
    that states the fact ranks, as one of ``UNIT_RANKS`` ("later": none of them does). Asked only when the answer (its
    first three units) misses the fact, so the first unit to state it is the fourth or later."""
    rank = next((i for i, text in enumerate(units, 1) if answer_has_fact(text, patterns)), None)
    if rank is None:
        return "later"
    return "4th" if rank <= 4 else "5th-6th" if rank <= 6 else "7th-12th" if rank <= UNITS_RANKED else "later"


def right_document_first(chunks: Sequence[Mapping[str, Any]], document: str) -> bool:
    """Whether the top-ranked chunk's ``source`` is ``document`` (chunks as in ``AskResult.to_dict()``)."""
    if not chunks:
        return False
    top = min(chunks, key=lambda c: c.get("rank", 0))
    return top.get("source") == document


SHARE_FIELDS = {"document": "document_first", "answer": "answer_fact", "path": "path_fact"}  # share → row field
SHARE_LABELS = {"document": "right document ranked first", "answer": "answer contains the fact",
                "path": "top path states the fact"}  # fmt: skip


def shares_of(rows: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """The three shares (``SHARE_FIELDS``) of ``rows`` (at least one)."""
    return {key: sum(bool(r[field]) for r in rows) / len(rows) for key, field in SHARE_FIELDS.items()}


def miss_counts(rows: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, int]]:
    """``path_misses``, ``answer_misses`` and ``fact_units``: how many of ``rows`` have each value."""
    return {
        "path_misses": {kind: sum(r.get("path_miss") == kind for r in rows) for kind in PATH_MISSES},
        "answer_misses": {kind: sum(r.get("answer_miss") == kind for r in rows) for kind in ANSWER_MISSES},
        "fact_units": {rank: sum(r.get("fact_unit") == rank for r in rows) for rank in UNIT_RANKS},
    }


DOCUMENT_KINDS = ("README.Debian", "markdown", "html", "rst", "txt", "conventional name", "other")


def document_kind(document: str) -> str:
    """The kind of a set's document (one of ``DOCUMENT_KINDS``) by its name, ``.gz`` dropped: Debian's notes
    (``README.Debian``), a known extension's format (``.md`` → markdown, ``.html`` → html, ``.rst`` → rst, ``.txt`` →
    txt), another conventionally named file (``README``, ``NEWS``, ``FAQ``: ``loaders.sources.detect.DOC_NAMES``), or
    ``other`` (source files, examples, …)."""
    from graphproof.loaders.sources.detect import EXTENSIONS, conventional_name, inner_name

    name = inner_name(Path(PurePosixPath(document).name))
    if name.casefold().startswith("readme.debian"):
        return "README.Debian"
    suffix = PurePosixPath(name).suffix.lower()
    if suffix in (".txt", ".text"):
        return "txt"
    found = EXTENSIONS.get(suffix)
    if found in ("markdown", "html", "rst"):
        return found
    return "conventional name" if conventional_name(name) else "other"


def question_kind(kind: str) -> str:
    """A set's question ``kind`` as pooled: the sets write a yes/no question's kind "yesno", "yes-no" or "yes/no"."""
    return "yes/no" if re.sub(r"[\s/-]", "", kind.casefold()) == "yesno" else kind


def pool(runs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The pooled figures of several runs' ``--json`` outputs (``run``): questions, the three shares, the miss counts
    summed, and the shares by question kind and by ``document_kind``, each with its question count."""
    rows = [row for out in runs for row in out["rows"]]
    if not rows:
        raise ValueError("no questions to pool: every run given has an empty rows list")

    def shares(group: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        return {"questions": len(group), **shares_of(group)}

    def by(key: Any, order: Sequence[str] = ()) -> dict[str, dict[str, Any]]:
        groups: dict[str, list[Mapping[str, Any]]] = {}
        for row in rows:
            groups.setdefault(key(row), []).append(row)
        rank = {name: i for i, name in enumerate(order)}  # the given order, else the most questions first
        ordered = sorted(groups.items(), key=lambda kv: (rank.get(kv[0], len(rank)), -len(kv[1]), kv[0]))
        return {name: shares(group) for name, group in ordered}

    return {
        "runs": len(runs), **shares(rows), **miss_counts(rows),
        "by_question_kind": by(lambda r: question_kind(str(r.get("kind") or "?"))),
        "by_document_kind": by(lambda r: document_kind(str(r["document"])), DOCUMENT_KINDS),
    }  # fmt: skip


def load_runs(paths: Sequence[Path]) -> list[dict[str, Any]]:
    """The ``--json`` outputs in ``paths``; exits naming a file that is not one."""
    runs = []
    for path in paths:
        try:
            out = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            sys.exit(f"{path}: not readable as the JSON output of a realdocs run ({exc})")
        if not isinstance(out, dict) or not isinstance(out.get("rows"), list):
            sys.exit(f"{path}: expected the JSON object `--json` prints, with a rows list")
        runs.append(out)
    return runs


def share_rows(shares: Mapping[str, float]) -> list[tuple[str, str, str, str]]:
    """The summary table's rows: each share against its target."""
    return [(label, f"{shares[key]:.2f}", f">= {TARGETS[key]:.2f}", "yes" if shares[key] >= TARGETS[key] else "no")
            for key, label in SHARE_LABELS.items()]  # fmt: skip


def print_misses(out: Mapping[str, Any]) -> None:
    """The ``path_miss`` and ``answer_miss`` tables of a run's or a pool's counts (``miss_counts``)."""
    misses = out["path_misses"]
    print_table("Why the top path does or does not state the fact (``path_miss``)", [
        ("the top path states it", str(misses["top"]), "-", "-"),
        ("a later path states it (order)", str(misses["lower"]), "-", "-"),
        ("a stated subject-object edge the paths leave out (retrieval)", str(misses["edge_unlisted"]), "-", "-"),
        ("no stated edge between subject and object entities (extraction)", str(misses["no_stated_edge"]), "-", "-"),
        ("no entity names the subject / the object (extraction)",
         f"{misses['no_subject']} / {misses['no_object']}", "-", "-"),
    ])  # fmt: skip
    answered = out["answer_misses"]
    ranks = out["fact_units"]
    near = (f"of those in a returned chunk, the first of the answer's best {UNITS_RANKED} units to state it ranks "
            f"{' / '.join(UNIT_RANKS)}", " / ".join(str(ranks[r]) for r in UNIT_RANKS), "-", "-")  # fmt: skip
    rows = [(label, str(answered[kind]), "-", "-") for kind, label in ANSWER_MISS_LABELS.items()]
    print_table("Where the fact is when the answer lacks it (``answer_miss``)", [*rows, near])


def print_pool(pooled: Mapping[str, Any]) -> None:
    print(f"## Real documents, {pooled['runs']} runs pooled ({pooled['questions']} questions)")
    print_table("Summary", share_rows(pooled))
    print_misses(pooled)
    for key, title in (("by_question_kind", "question kind"), ("by_document_kind", "document kind")):
        print(f"\n### By {title}\n")
        print(f"| {title} | questions | right document first | answer has the fact | top path states it |")
        print("|---|---:|---:|---:|---:|")
        for name, group in pooled[key].items():
            print(f"| {name} | {group['questions']} | {group['document']:.2f} | {group['answer']:.2f} | "
                  f"{group['path']:.2f} |")  # fmt: skip


# ---------------------------------------------------------------- the set and its documents


def load_set(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    questions = data["questions"] if isinstance(data, dict) else data
    for i, q in enumerate(questions, 1):
        missing = [f for f in FIELDS if f not in q]
        if missing:
            sys.exit(f"{path}: question {i} lacks {', '.join(missing)}")
    return questions


PARAPHRASES = Path(__file__).with_name("realdocs_paraphrases.json")


def paraphrased(questions: list[dict[str, Any]], path: Path = PARAPHRASES) -> list[dict[str, Any]]:
    """``questions`` asked in other words (``realdocs_paraphrases.json``: the original text → its paraphrase);
    everything else, what a right answer and a right path contain, stays. Stops naming the questions that have
    no paraphrase."""
    table = json.loads(path.read_text(encoding="utf-8"))["paraphrases"]
    lacking = [q["question"] for q in questions if q["question"] not in table]
    if lacking:
        sys.exit(f"{path}: no paraphrase for {len(lacking)} question(s), e.g. {lacking[0]!r}")
    return [{**q, "question": table[q["question"]], "original": q["question"]} for q in questions]


def read_document(path: Path) -> str:
    """The text of a document as stored (``.gz`` decompressed), decoded as UTF-8 with replacement."""
    data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    return data.decode("utf-8", errors="replace")


def document_text(path: Path) -> str:
    """The readable text of a document, whitespace collapsed: HTML tags dropped and entities unescaped."""
    text = read_document(path)
    plain = path.name.removesuffix(".gz")
    if plain.lower().endswith((".html", ".htm", ".xhtml")):
        text = _TAG.sub("", _BLOCK_TAG.sub("\n", _INVISIBLE.sub(" ", text)))
        text = html.unescape(text)
    return squash(text)


def pattern_misses(questions: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every answer pattern that does not match its own (present) document's text, as messages."""
    texts: dict[str, str] = {}
    misses = []
    for q in questions:
        doc = Path(q["document"])
        if not doc.is_file():
            continue
        if q["document"] not in texts:
            texts[q["document"]] = document_text(doc)
        for pattern in q["answer_patterns"]:
            if not re.search(pattern, texts[q["document"]], re.IGNORECASE):
                misses.append(f"{q['question']!r}: /{pattern}/ does not match {q['document']}")
    return misses


def copy_name(document: str) -> str:
    """Where a document lands in the copy folder: its path under /usr/share/doc, ``.gz`` dropped, its name kept
    when the readers take it as it is (``README``, ``README.Debian``, ``faq.txt``, ``README.rst``: as a user who
    ingests the file gets it), else ``.txt`` added (``keys.example`` → ``keys.example.txt``)."""
    from graphproof.loaders.sources.detect import readable_name

    rel = document.removeprefix("/usr/share/doc/").lstrip("/").removesuffix(".gz")
    return rel if readable_name(PurePosixPath(rel).name) else rel + ".txt"


def copy_documents(documents: Iterable[str], folder: Path) -> tuple[dict[str, str], list[str]]:
    """Copy (decompressing) each present document into ``folder``.

    Returns the map from each copy's canonical path to its original path, and the missing documents.
    """
    copies, missing = {}, []
    for document in documents:
        source = Path(document)
        if not source.is_file():
            missing.append(document)
            continue
        target = folder / copy_name(document)
        target.parent.mkdir(parents=True, exist_ok=True)
        data = gzip.decompress(source.read_bytes()) if source.suffix == ".gz" else source.read_bytes()
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
        copies[target.resolve().as_posix()] = document
    return copies, missing


# ---------------------------------------------------------------- running


def clip(text: str | None, width: int) -> str:
    text = squash(text or "")
    text = text if len(text) <= width else text[: width - 1] + "…"
    return text.replace("|", "\\|")


def run(questions: list[dict[str, Any]], workdir: Path, method: str, verify: bool = False) -> dict[str, Any]:
    from graphproof.reasoning.answer import extractive_answer

    import graphproof
    from graphproof.components import make_embedder
    from graphproof.settings import load_settings

    documents = list(dict.fromkeys(q["document"] for q in questions))
    folder = workdir / "docs"
    copies, missing = copy_documents(documents, folder)
    for document in missing:
        print(f"skipped: {document} is not on this machine", file=sys.stderr)
    asked = [q for q in questions if q["document"] not in missing]
    skipped = len(questions) - len(asked)
    if skipped:
        print(f"skipped {skipped} of {len(questions)} questions ({len(missing)} documents missing)", file=sys.stderr)
    if not asked:
        sys.exit("no document of the set is on this machine: nothing to ask")
    embedder = make_embedder(load_settings())
    store = graphproof.open_store(f"sqlite:///{(workdir / 'realdocs.db').as_posix()}")
    rows, entity_counts = [], Counter()
    try:
        start = time.perf_counter()
        report = graphproof.ingest(store, [folder], embedder=embedder).to_dict()
        ingest_s = time.perf_counter() - start
        stats = store.stats()
        for q in asked:
            start = time.perf_counter()
            asked_result = graphproof.ask(store, q["question"], method=method, embedder=embedder, verify=verify)
            result = asked_result.to_dict()
            ms = (time.perf_counter() - start) * 1000 - result["timings"].get("verify_ms", 0.0)
            chunks = [{**c, "source": copies.get(c.get("source") or "", c.get("source"))} for c in result["chunks"]]
            top_path = result["paths"][0] if result["paths"] else None
            entity_counts.update({e.lower() for p in result["paths"][:HUB_PATHS] for e in p.get("entities", [])})
            rows.append({
                "question": q["question"], "kind": q["kind"], "document": q["document"],
                "top_source": chunks[0]["source"] if chunks else None,
                "document_first": right_document_first(chunks, q["document"]),
                "answer_fact": answer_has_fact(result["answer"], q["answer_patterns"]),
                "path_fact": path_states_fact(top_path, q["path_terms"]),
                "path_miss": path_miss(store, result["paths"], q["path_terms"]),
                "answer_miss": answer_miss(result["answer"], result["chunks"], q["answer_patterns"]),
                "fact_unit": None,
                "top_path": top_path["text"] if top_path else None,
                "answer": result["answer"], "answer_method": result["answer_method"], "ms": round(ms, 1),
            })  # fmt: skip
            if rows[-1]["answer_miss"] in ("top_chunk", "lower_chunk"):
                ranked = extractive_answer(store, asked_result.retrieval, sentences=UNITS_RANKED).evidence
                rows[-1]["fact_unit"] = fact_unit([text for _, text in ranked], q["answer_patterns"])
            if verify:
                claims = result["claims"]
                rows[-1]["verified"] = {
                    "verdict": (result["verification"] or {}).get("verdict"),
                    "claims": Counter(c["status"] for c in claims),
                    "quoted": sum(c["reason"].startswith("quoted") for c in claims),
                    "verify_ms": round(result["timings"].get("verify_ms", 0.0), 1),
                }
    finally:
        store.close()
    n = len(rows)
    return {
        "method": method, "questions": n, "skipped": skipped, "missing_documents": missing,
        "documents": len(copies), "ingest": {"seconds": round(ingest_s, 1), "added": report.get("added"),
                                             "unchanged": report.get("unchanged"),
                                             "unreadable": report.get("skipped"),
                                             "chunks": stats.chunks, "entities": stats.entities,
                                             "relations": stats.relations},
        "shares": shares_of(rows), "targets": TARGETS, "p50_ms": round(percentile([r["ms"] for r in rows], 50), 1),
        "top_path_entities": entity_counts.most_common(15), "rows": rows, **miss_counts(rows),
        "verified": verified_summary(rows) if verify else None,
    }  # fmt: skip


def verified_summary(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """``--verify``: how many answers the offline method calls grounded, its claims by status (and how many were proved
    by quotation), and the p50 / mean seconds of a check."""
    checked = [r["verified"] for r in rows]
    claims = sum((Counter(v["claims"]) for v in checked), Counter())
    seconds = [v["verify_ms"] / 1000 for v in checked]
    return {
        "grounded": sum(v["verdict"] == "grounded" for v in checked), "answers": len(checked),
        "claims": dict(claims), "quoted": sum(v["quoted"] for v in checked),
        "p50_s": round(percentile(seconds, 50), 2), "mean_s": round(sum(seconds) / max(len(seconds), 1), 2),
    }  # fmt: skip


def print_report(out: dict[str, Any]) -> None:
    ing = out["ingest"]
    skipped = f", {out['skipped']} skipped" if out["skipped"] else ""
    print(f"## Real documents ({out['documents']} documents, {out['questions']} questions, "
          f"method {out['method']}{skipped})")  # fmt: skip
    print(f"\ningest {ing['seconds']} s ({ing['added']} added, {ing['unchanged']} unchanged): {ing['chunks']} chunks, "
          f"{ing['entities']} entities, {ing['relations']} relations\n")  # fmt: skip
    for document in out["missing_documents"]:
        print(f"skipped (not on this machine): {document}\n")
    for failure in ing["unreadable"] or []:
        print(f"unreadable: {failure['source']}: {failure['reason']}\n")
    print("| # | kind | question | doc 1st | answer | path | top path | answer text |")
    print("|---:|---|---|---|---|---|---|---|")
    mark = {True: "yes", False: "**no**"}
    for i, r in enumerate(out["rows"], 1):
        print(f"| {i} | {r['kind']} | {clip(r['question'], 70)} | {mark[r['document_first']]} | "
              f"{mark[r['answer_fact']]} | {mark[r['path_fact']]} | {clip(r['top_path'], 90)} | "
              f"{clip(r['answer'], 100)} |")  # fmt: skip
    wrong = [r for r in out["rows"] if not r["document_first"]]
    if wrong:
        print("\nTop chunk from another document: " + "; ".join(
            f"{clip(r['question'], 50)} → {r['top_source']}" for r in wrong))  # fmt: skip
    rows = [*share_rows(out["shares"]), ("p50 ask ms", f"{out['p50_ms']}", "-", "-")]
    print_table(f"Summary ({out['questions']} questions)", rows)
    print_misses(out)
    print(f"\n### Entities most common on the top paths (questions whose first {HUB_PATHS} paths name them)\n")
    print("| entity | questions |")
    print("|---|---:|")
    for name, count in out["top_path_entities"]:
        print(f"| {clip(name, 60)} | {count} |")
    verified = out.get("verified")
    if verified:
        claims = verified["claims"]
        print_table("ask --verify (offline method)", [
            ("answers grounded", f"{verified['grounded']} / {verified['answers']}", "-", "-"),
            ("claims proved (by quotation) / refuted / unknown",
             f"{claims.get('proved', 0)} ({verified['quoted']}) / {claims.get('refuted', 0)} / "
             f"{claims.get('unknown', 0)}", "-", "-"),
            ("verify s p50 / mean", f"{verified['p50_s']} / {verified['mean_s']}", "-", "-"),
        ])  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", type=Path, default=DEFAULT_SET, help="the check set (JSON)")
    parser.add_argument("--method", default="hybrid-rrf", help="retrieval method passed to graphproof.ask")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--store-dir", type=Path, help="keep the copied documents and the store here")
    parser.add_argument(
        "--paraphrased", action="store_true", help="ask each question in other words (realdocs_paraphrases.json)"
    )
    parser.add_argument(
        "--verify", action="store_true", help="also check every answer with the offline method (ask --verify)"
    )
    parser.add_argument(
        "--pool", type=Path, nargs="+", metavar="RUN.json",
        help="pool the --json outputs of earlier runs and print their figures by question and document kind",
    )  # fmt: skip
    args = parser.parse_args()
    if args.pool:
        try:
            pooled = pool(load_runs(args.pool))
        except ValueError as exc:
            sys.exit(f"--pool: {exc}")
        if args.json:
            print(json.dumps(pooled, indent=2, ensure_ascii=False))
        else:
            print_pool(pooled)
        return
    questions = load_set(args.set)
    if args.paraphrased:
        questions = paraphrased(questions)
    misses = pattern_misses(questions)
    if misses:
        sys.exit("answer patterns that do not match their document:\n  " + "\n  ".join(misses))
    if args.store_dir:
        args.store_dir.mkdir(parents=True, exist_ok=True)
        out = run(questions, args.store_dir, args.method, args.verify)
    else:
        with tempfile.TemporaryDirectory(prefix="realdocs-") as tmp:
            out = run(questions, Path(tmp), args.method, args.verify)
    if args.json:
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        print_report(out)


if __name__ == "__main__":
    main()
