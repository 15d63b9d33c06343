"""Where a text writes an address: a URL or an e-mail address, as one span whatever its inner words.

The extractor hides these from names and keyphrases ("xi@resolvent.net" is not the concept "resolvent"), and the path
order does not count a name found inside one as given ("Debian" in "guus@debian.org").
"""

from __future__ import annotations

import re

from graphproof.text.names import EMAIL

# a URL ("https://…", "git://…", "www.…") or an e-mail address
ADDRESS = re.compile(rf"\b(?:[a-z][a-z0-9+.-]*://|www\.)\S+|{EMAIL}", re.IGNORECASE)
_CLOSING = ".,;:!?)]}>\"'"  # sentence punctuation and brackets after an address are not part of it


def address_spans(text: str, pattern: re.Pattern[str] = ADDRESS) -> list[tuple[int, int]]:
    """Where ``text`` has what ``pattern`` finds (by default URLs and e-mail addresses), trailing sentence punctuation
    and brackets left out."""
    out = []
    for match in pattern.finditer(text):
        end = match.end()
        while end > match.start() and text[end - 1] in _CLOSING:
            end -= 1
        out.append((match.start(), end))
    return out
