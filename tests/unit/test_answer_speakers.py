"""The speaker-name rewrites of ``benchmarks.answer_speakers``: other spellings of one name, or another person."""

from __future__ import annotations

from benchmarks.answer_speakers import name_in, rewritten

OTHERS = ["LiHua", "JakeWatson", "Thrall"]


def test_a_name_is_found_as_handle_words_or_first_name() -> None:
    assert name_in("What does LiHua think?", "LiHua") is not None
    assert name_in("What are Jake's go-to snacks?", "JakeWatson").group() == "Jake"  # type: ignore[union-attr]
    assert name_in("What does Jake Watson think?", "JakeWatson").group() == "Jake Watson"  # type: ignore[union-attr]
    assert name_in("What does Jakes think?", "JakeWatson") is None


def test_name_form_writes_the_same_person_another_way() -> None:
    assert rewritten("What does LiHua think?", "LiHua", "name_form", OTHERS) == ("What does Li Hua think?", "LiHua")
    assert rewritten("What does Li Hua think?", "LiHua", "name_form", OTHERS) == ("What does LiHua think?", "LiHua")
    assert rewritten("What are Jake's snacks?", "JakeWatson", "name_form", OTHERS) == (
        "What are JakeWatson's snacks?", "JakeWatson")  # fmt: skip
    assert rewritten("What does Thrall say?", "Thrall", "name_form", OTHERS) is None  # one form only


def test_speaker_swapped_names_another_participant_as_words() -> None:
    made = rewritten("What does LiHua think of the garden?", "LiHua", "speaker_swapped", OTHERS)
    assert made == ("What does Jake Watson think of the garden?", "JakeWatson")
    assert rewritten("What does Thrall say?", "Thrall", "speaker_swapped", ["Thrall"]) is None
    assert rewritten("What does Ann say?", "Thrall", "original", OTHERS) is None  # the name is not in the question
