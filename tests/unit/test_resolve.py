"""Entity resolution: cleaning, alias merging, display names, types, relations, known ids, mentions."""

from __future__ import annotations

import pytest
from graphproof.graph.model import Mention, relation_id
from graphproof.loaders.errors import LoaderError
from graphproof.loaders.resolve import (
    EntityResolver,
    ResolutionError,
    clean_name,
    clean_predicate,
    entity_alias_key,
    known_aliases,
)
from graphproof.loaders.types import ExtractedEntity, ExtractedRelation, Extraction


def ents(*items: tuple[str, str]) -> Extraction:
    return Extraction(entities=tuple(ExtractedEntity(name, type_) for name, type_ in items))


def rel(head: str, relation: str, tail: str, keywords: str = "", description: str = "", **types: str) -> Extraction:
    item = ExtractedRelation(head, relation, tail, keywords=keywords, description=description, **types)
    return Extraction(relations=(item,))


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("  Li   Hua ", "Li Hua"),
        ("“Li Hua’s”", "Li Hua"),
        ("Li Hua's", "Li Hua"),
        ("'Hotel California',", "Hotel California"),
        ("「東京タワー」", "東京タワー"),
        ("(Central Park).", "Central Park"),
        ("C++", "C++"),
        ("...", ""),
        ("--append,", "--append"),  # an option keeps its dashes
        ("(-a)", "-a"),
        ("“--trace-children=yes”.", "--trace-children=yes"),
        ("- foo", "foo"),  # a list dash is not an option
        ("--", ""),
        ("`/etc/hesiod.conf'.", "/etc/hesiod.conf"),  # a path keeps the root it starts from
        ("(/usr/local/share/ca-certificates/)", "/usr/local/share/ca-certificates"),  # with or without a closing /
        ("~/.fonts.conf.d", "~/.fonts.conf.d"),
        ("$HOME/.foo/", "$HOME/.foo"),
        ("and/or", "and/or"),  # no path: nothing to keep
        ("/", ""),
        ("Intel(R) Processor Trace Decoder Library", "Intel Processor Trace Decoder Library"),  # no trademark sign
        ("Foo™ Suite®", "Foo Suite"),
        ("(R)", ""),
    ],
)
def test_clean_name(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean


def test_alias_key_merges_spacing_hyphens_dots_and_case() -> None:
    spellings = ("Li Hua", "LiHua", "li-hua", "L.i. Hua")
    assert {entity_alias_key(name) for name in spellings} == {"lihua"}
    assert entity_alias_key("Chae Song-hwa") == entity_alias_key("ChaeSong-hwa")
    assert entity_alias_key("Li Hua's") == "lihua"
    assert entity_alias_key("Li Wei") != entity_alias_key("Li Hua")
    # a title's own "!" / "?" is lost where a mention is cleaned at a sentence end: the keys still meet
    assert entity_alias_key("Comin' at Ya!") == entity_alias_key("Comin' at Ya") == "cominatya"
    assert entity_alias_key("Why Me?") == entity_alias_key("why me")
    assert entity_alias_key("  ") == ""
    # an option is not the word it spells: "--json" is no JSON, "--mkdir" no mkdir, "-l" no "L"
    assert entity_alias_key("--json,") == "--json" != entity_alias_key("JSON")
    assert entity_alias_key("--mkdir") != entity_alias_key("mkdir") and entity_alias_key("-l") != entity_alias_key("L")
    assert entity_alias_key("--Trace-Children") == entity_alias_key("--trace-children")  # options still merge


def test_clean_predicate() -> None:
    assert clean_predicate("Works At") == "works_at"
    assert clean_predicate("is-located in") == "is_located_in"
    assert clean_predicate("!!") == ""


def test_aliases_merge_into_one_entity_with_spaced_display_name_and_majority_type() -> None:
    resolver = EntityResolver()
    resolver.add("c1", ents(("LiHua", "person")))
    resolver.add("c2", ents(("LiHua", "person")))
    resolver.add("c3", ents(("li-hua", "name")))
    resolver.add("c4", ents(("Li Hua", "person")))
    [entity] = resolver.entities()
    assert entity.name == "Li Hua"  # a spaced spelling is preferred even though "LiHua" is more frequent
    assert entity.id == "li hua"
    assert entity.type == "person"
    assert [(m.chunk_id, m.entity_id) for m in resolver.mentions()] == [
        ("c1", "li hua"),
        ("c2", "li hua"),
        ("c3", "li hua"),
        ("c4", "li hua"),
    ]


def test_display_name_most_frequent_then_first_seen() -> None:
    resolver = EntityResolver()
    resolver.add("c1", ents(("central park", "")))
    resolver.add("c2", ents(("Central Park", "")))
    resolver.add("c3", ents(("Central Park", "")))
    resolver.add("c4", ents(("New-York", ""), ("NEW YORK", "")))
    names = {e.id: e.name for e in resolver.entities()}
    assert names["central park"] == "Central Park"
    assert names["new york"] == "NEW YORK"  # the only spaced spelling
    tie = EntityResolver()
    tie.add("c1", ents(("Jazz Bar", "name"), ("jazz bar", "concept")))
    [entity] = tie.entities()
    assert entity.name == "Jazz Bar" and entity.type == "name"  # ties go to the first seen


def test_spellings_count_once_per_chunk_however_many_relations_repeat_them() -> None:
    resolver = EntityResolver()
    many = Extraction(
        relations=tuple(ExtractedRelation("AdamSmith", "mentions", f"thing {i}") for i in range(5)),
    )
    resolver.add("c1", many)
    resolver.add("c2", ents(("Adam-Smith", "")))
    resolver.add("c3", ents(("Adam-Smith", "")))
    adam = next(e for e in resolver.entities() if e.id.startswith("adam"))
    assert adam.name == "Adam-Smith"


def test_descriptions_distinct_joined_and_capped() -> None:
    resolver = EntityResolver(max_entity_description=60)
    resolver.add("c1", Extraction(entities=(ExtractedEntity("Jazz", "concept", "Jazz is a music genre."),)))
    resolver.add("c2", Extraction(entities=(ExtractedEntity("jazz", "concept", "jazz  is a music genre."),)))
    resolver.add("c3", Extraction(entities=(ExtractedEntity("Jazz", "concept", "Li Hua plays jazz."),)))
    resolver.add("c4", Extraction(entities=(ExtractedEntity("Jazz", "concept", "A long tail " * 10),)))
    [entity] = resolver.entities()
    assert entity.description == "Jazz is a music genre. | Li Hua plays jazz."
    single = EntityResolver(max_entity_description=20)
    single.add("c1", Extraction(entities=(ExtractedEntity("Jazz", "", "x" * 50),)))
    assert single.entities()[0].description == "x" * 19 + "…"


def test_relations_merge_per_triple_with_weight_keywords_descriptions_and_chunks() -> None:
    resolver = EntityResolver()
    first = rel("Adam Smith", "informed", "Li Hua", "maintenance, schedule", "Adam told Li Hua.", head_type="person")
    resolver.add("c1", first)
    resolver.add("c2", rel("AdamSmith", "Informed", "LiHua", "Schedule, building", "Adam told Li Hua again."))
    resolver.add("c2", rel("Adam Smith", "informed", "Li Hua", "schedule", "Adam told Li Hua again."))
    [edge] = resolver.relations()
    assert (edge.source_id, edge.predicate, edge.target_id) == ("adam smith", "informed", "li hua")
    assert (edge.source_name, edge.target_name) == ("Adam Smith", "Li Hua")
    assert edge.keywords == "maintenance, schedule, building"
    assert edge.description == "Adam told Li Hua. | Adam told Li Hua again."
    assert edge.chunk_ids == ("c1", "c2")
    assert edge.weight == 2.0
    assert edge.id == relation_id("adam smith", "informed", "li hua")
    assert "maintenance" in edge.text and "Adam Smith" in edge.text
    assert {e.id: e.type for e in resolver.entities()} == {"adam smith": "person", "li hua": ""}


def test_related_to_is_undirected_and_self_loops_are_dropped() -> None:
    resolver = EntityResolver()
    resolver.add("c1", rel("Li Hua", "related_to", "jazz"))
    resolver.add("c2", rel("jazz", "related to", "Li Hua"))
    resolver.add("c3", rel("LiHua", "mentions", "Li Hua"))
    resolver.add("c4", rel("Li Hua", "likes", "jazz"))
    resolver.add("c5", rel("jazz", "likes", "Li Hua"))
    edges = {(r.source_id, r.predicate, r.target_id): r.weight for r in resolver.relations()}
    assert edges == {
        ("jazz", "related_to", "li hua"): 2.0,
        ("li hua", "likes", "jazz"): 1.0,
        ("jazz", "likes", "li hua"): 1.0,
    }
    assert Mention("c3", "li hua") in resolver.mentions()  # the self-loop's entity is still mentioned


def test_known_ids_from_the_store_win() -> None:
    resolver = EntityResolver(known={"lihua": "li hua", "Central-Park": "central park (nyc)"})
    resolver.add("c9", rel("LiHua", "visited", "CentralPark"))
    ids = {e.name: e.id for e in resolver.entities()}
    assert ids == {"LiHua": "li hua", "CentralPark": "central park (nyc)"}
    [edge] = resolver.relations()
    assert (edge.source_id, edge.target_id) == ("li hua", "central park (nyc)")
    assert resolver.id_of("li-hua") == "li hua"
    assert resolver.id_of("Unknown Person") is None
    with pytest.raises(ResolutionError, match="blank id"):
        EntityResolver(known={"lihua": " "})


def test_known_ids_given_after_the_names_are_the_same_as_given_before() -> None:
    known = {"lihua": "li hua", "Central-Park": "central park (nyc)"}
    before = EntityResolver(known=known)
    before.add("c9", rel("LiHua", "visited", "CentralPark"))
    after = EntityResolver()
    after.add("c9", rel("LiHua", "visited", "CentralPark"))
    assert [e.id for e in after.entities()] == ["lihua", "centralpark"]
    after.use_known(known)
    assert after.entities() == before.entities() and after.relations() == before.relations()
    with pytest.raises(ResolutionError, match="blank id"):
        after.use_known({"x": ""})


def test_known_aliases_from_stored_entities() -> None:
    known = known_aliases([("li hua", "Li Hua"), ("adam smith", "Adam Smith"), ("li  hua", "LI HUA")])
    assert known == {"lihua": "li hua", "adamsmith": "adam smith"}


def test_failed_extractions_and_blank_names_are_reported() -> None:
    resolver = EntityResolver()
    resolver.add("c1", Extraction(error="chunk 0: expected a JSON list of triples, got 'x'"))
    resolver.add("c2", Extraction(entities=(ExtractedEntity("“ ”"),), relations=(ExtractedRelation("...", "r", "B"),)))
    assert resolver.errors() == [("c1", "chunk 0: expected a JSON list of triples, got 'x'")]
    assert [chunk for chunk, _ in resolver.skipped()] == ["c2", "c2"]
    assert resolver.entities() == []  # the other end of a relation that was dropped is not kept either
    assert resolver.relations() == []
    with pytest.raises(ResolutionError, match="chunk id"):
        resolver.add("", Extraction())
    assert issubclass(ResolutionError, LoaderError)


def test_relation_ends_become_entities_and_mentions() -> None:
    resolver = EntityResolver()
    resolver.add("c1", rel("Adam Smith", "mentions", "bench press", head_type="person", tail_type="concept"))
    assert [(e.name, e.type) for e in resolver.entities()] == [("Adam Smith", "person"), ("bench press", "concept")]
    assert resolver.mentions() == [Mention("c1", "adam smith"), Mention("c1", "bench press")]
