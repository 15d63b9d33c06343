"""The bundled demo corpus: valid triples, typed entities, documents of the intended size."""

from __future__ import annotations

import re
from importlib.resources import as_file, files

from graphproof.loaders.triples import parse_triples

from graphproof.demo import demo_corpus_files

CORPUS = files("graphproof") / "demo_corpus"


def test_triples_parse_strictly_with_types_and_descriptions() -> None:
    with as_file(CORPUS / "triples.jsonl") as path:
        parsed = parse_triples(path)
    assert parsed.skipped == []
    assert 60 <= len(parsed.relations) <= 100
    assert all(e.type for e in parsed.entities.values())
    assert all(r.keywords and r.description for r in parsed.relations.values())
    assert any(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", e.name) for e in parsed.entities.values())


def test_multi_hop_chain_is_in_the_graph() -> None:
    with as_file(CORPUS / "triples.jsonl") as path:
        keys = set(parse_triples(path).relations)
    chain = [
        ("priya castellan", "works_at", "lumen fen laboratory"),
        ("lumen fen laboratory", "located_in", "kestrel harbor"),
        ("kestrel harbor", "located_in", "valdoria"),
    ]
    assert all(step in keys for step in chain)


def test_documents_are_short_markdown_and_one_has_japanese() -> None:
    documents = [name for name in demo_corpus_files() if name.endswith(".md")]
    assert len(documents) == 6
    texts = {name: (CORPUS / name).read_text(encoding="utf-8") for name in documents}
    for name, text in texts.items():
        assert text.startswith("# "), name
        assert 150 <= len(text.split()) <= 400, name
    assert any("水無瀬市" in text for text in texts.values())
