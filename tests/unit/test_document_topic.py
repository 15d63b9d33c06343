"""Issue 10, a document's sentences are about its subject: the subject is linked (``related_to``) to the head of each
relation a sentence states without naming it, so a path leads from the subject to the fact."""

from __future__ import annotations

from graphproof.loaders.extract.patterns import Span
from graphproof.loaders.extract.rule import RuleExtractor, topic_links
from graphproof.loaders.types import ExtractedRelation

_README = (
    "Zorpix\n======\n\nZorpix converts map tiles.\n\n"
    "The cached tiles are stored in /var/cache/zorpix/tiles. Old tiles are removed by the cleaner.\n"
)


def _triples(text: str, metadata: dict[str, str]) -> set[tuple[str, str, str]]:
    extraction = RuleExtractor(workers=1).extract([text], [metadata])[0]
    return {(r.head, r.relation, r.tail) for r in extraction.relations}


def test_a_sentence_that_does_not_name_the_subject_is_linked_to_it_through_its_relation_head() -> None:
    triples = _triples(_README, {"subject": "Zorpix"})
    assert ("cached tiles", "are_stored_in", "/var/cache/zorpix/tiles") in triples  # the fact stays its own edge
    assert ("Zorpix", "related_to", "cached tiles") in triples  # its words inside a path do not name the subject
    assert ("Zorpix", "related_to", "old tiles") in triples
    without = _triples(_README, {"subject": "Quux"})  # another document's subject: linked to the same heads
    assert ("Quux", "related_to", "cached tiles") in without
    assert not any(head == "Zorpix" and tail == "cached tiles" for head, _, tail in without)


def test_a_sentence_that_names_the_subject_is_linked_by_its_own_edges_only() -> None:
    text = "Zorpix\n======\n\nZorpix stores the cached tiles in /var/cache/tiles.\n"
    triples = _triples(text, {"subject": "Zorpix"})
    assert ("Zorpix", "related_to", "cached tiles") not in triples


def test_no_subject_and_chat_messages_give_no_topic_link() -> None:
    text = "The cached tiles are stored in /var/cache/zorpix/tiles."
    assert not any(relation == "related_to" and head == "Zorpix" for head, relation, _ in _triples(text, {}))
    chat = "[10:00] Ann: The cached tiles are stored in /var/cache/tiles."
    triples = _triples(chat, {"speakers": "Ann", "subject": "Zorpix"})
    assert not any(head == "Zorpix" for head, _, _ in triples)


def _relation(head: str, relation: str, tail: str) -> ExtractedRelation:
    return ExtractedRelation(head, relation, tail, "concept", "name", "", f"{head} {relation} {tail}.")


def test_topic_links_take_stated_heads_once_and_skip_co_occurrence() -> None:
    bodies = ["Tiles are kept in a cache.", "Tiles are drawn by the renderer.", "Maps and tiles go together."]
    spans = [[Span(0, 5, "Tiles", "concept")], [Span(0, 5, "Tiles", "concept")], [Span(0, 4, "Maps", "concept")]]
    stated = [
        [_relation("Tiles", "are_kept_in", "cache")],
        [_relation("Tiles", "are_drawn_by", "renderer")],
        [_relation("Maps", "related_to", "tiles")],
    ]
    links = topic_links("Zorpix", bodies, spans, stated)
    assert [(r.head, r.relation, r.tail) for r in links] == [("Zorpix", "related_to", "Tiles")]
    assert links[0].description == "Tiles are_kept_in cache."  # the sentence that first stated something of it
    assert topic_links("", bodies, spans, stated) == []
    # a relation that ends at the subject links nothing more
    assert topic_links("Zorpix", bodies[:1], spans[:1], [[_relation("Tiles", "feed", "Zorpix")]]) == []
    # a unit whose mention is the subject is linked by its own edges
    named = [[Span(0, 6, "zorpix", "name")]]
    assert topic_links("Zorpix", ["zorpix keeps tiles."], named, [[_relation("zorpix", "keeps", "tiles")]]) == []
