"""Alias keys: the one rule by which spellings of a name merge ("Li Hua", "LiHua", "li-hua"); and the shapes of a
person's name and e-mail address as the text writes them."""

from __future__ import annotations

import re
import unicodedata

# what may come before a second capital in a person's name: "McCamant", "MacLeod", "O'Brien", "D'Amato"
NAME_PREFIX = r"(?:Mc|Mac|O['’]|D['’])"
# an e-mail address as written in a README, a signature or an answer: "bug-grep@gnu.org", "nisse@lysator.liu.se"
EMAIL = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_ALIAS_DROP = re.compile(r"[\s\-‐-―.'’·・_!?]+")


def alias_key(name: str) -> str:
    """``"Li Hua"``, ``"LiHua"``, ``"li-hua"`` -> ``"lihua"``: the key aliases are merged by. Exclamation and
    question marks do not tell names apart either: a title's own "!" or "?" ("Nativity!", "Why Me?") is lost
    where a mention is cleaned at a sentence end, and the mention must still find the stored title."""
    return _ALIAS_DROP.sub("", unicodedata.normalize("NFKC", name).casefold())
