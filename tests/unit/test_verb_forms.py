"""``text.verb_forms``: every form of WordNet's one-word verbs, read from Debian's index files."""

from __future__ import annotations

from pathlib import Path

from graphproof.text.verb_forms import read_verb_forms


def test_verb_forms_are_the_lemmas_their_inflections_and_the_irregular_forms(tmp_path: Path) -> None:
    (tmp_path / "index.verb").write_text(
        "  1 This software and database is being provided to you\n"
        "identify v 2 2 @ ~ 2 0 00001 00002\n"
        "transcode v 1 1 @ 1 0 00003\n"
        "set_up v 1 1 @ 1 0 00004\n"
        "go v 1 1 @ 1 0 00005\n",
        encoding="utf-8",
    )
    (tmp_path / "verb.exc").write_text("wrote write\nset_up_ set_up\n", encoding="utf-8")
    forms = read_verb_forms(tmp_path)
    assert {"identify", "identifies", "identified", "transcodes", "transcoding", "wrote"} <= forms
    assert not {"set_up", "go", "this", "software"} & forms  # multi-word, too short, the licence header
    assert read_verb_forms(tmp_path / "missing") == frozenset()
