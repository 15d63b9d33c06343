"""``text.spelling_variants``: other spellings of a word from WordNet's synsets ("licence"/"license")."""

from __future__ import annotations

from pathlib import Path

import pytest
from graphproof.text.spelling_variants import (
    are_variants,
    canonical,
    edit_distance,
    read_variants,
    variant_groups,
)


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [("kitten", "sitting", 3), ("licence", "license", 1), ("colour", "color", 1), ("", "abc", 3), ("abc", "abc", 0),
     ("flaw", "lawn", 2), ("analyse", "analyze", 1)],
)  # fmt: skip
def test_edit_distance_is_levenshtein(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b) == distance == edit_distance(b, a)


def test_variants_look_alike_and_are_long_enough() -> None:
    assert are_variants("licence", "license") and are_variants("colour", "color")
    assert not are_variants("car", "cat")  # too short to tell a spelling from another word
    assert not are_variants("flavour", "savour")  # another start
    assert not are_variants("automobile", "motorcar")


def test_groups_join_through_shared_members_and_read_as_their_first_spelling() -> None:
    groups = variant_groups([["colorize", "colourize", "coloured"], ["colourize", "colourise"], ["car", "auto"]])
    assert groups == {"colorize": "colorize", "colourize": "colorize", "colourise": "colorize"}
    assert canonical("Colourise", groups) == "colorize" and canonical("auto", groups) == "auto"


def test_variants_are_read_from_index_files_and_are_empty_without_them(tmp_path: Path) -> None:
    header = "  1 This software and database is being provided to you\n"
    (tmp_path / "index.noun").write_text(
        header + "licence n 1 1 @ 1 0 06549661\nlicense n 2 1 @ 2 0 06549661 00001\npermit n 1 1 @ 1 0 06549661\n",
        encoding="utf-8",
    )
    for name in ("index.verb", "index.adj", "index.adv"):
        (tmp_path / name).write_text(header, encoding="utf-8")
    assert read_variants(tmp_path) == {"licence": "licence", "license": "licence"}
    (tmp_path / "index.adv").unlink()
    assert read_variants(tmp_path) == {}
