"""Alias keys: the one rule by which spellings of a name merge ("Li Hua", "LiHua", "li-hua")."""

from __future__ import annotations

import re
import unicodedata

_ALIAS_DROP = re.compile(r"[\s\-‐-―.'’·・_]+")


def alias_key(name: str) -> str:
    """``"Li Hua"``, ``"LiHua"``, ``"li-hua"`` -> ``"lihua"``: the key aliases are merged by."""
    return _ALIAS_DROP.sub("", unicodedata.normalize("NFKC", name).casefold())
