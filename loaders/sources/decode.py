"""Bytes to text for the text-based readers, with clear per-file errors.

Policy: text must be UTF-8 (a UTF-8 byte-order mark is dropped; a UTF-16 file with a byte-order
mark is decoded too). Invalid UTF-8 is *not* repaired: the file is rejected with the byte offset and
line of the first bad byte, because silently replacing characters would index mojibake and hide
the problem. Empty (or whitespace-only) files and binary content (NUL bytes, or mostly control
characters) are rejected as well. Line endings are normalised to ``\\n``.
"""

from __future__ import annotations

import codecs
import re
from pathlib import PurePosixPath

from graphproof.loaders.sources.errors import InvalidSource

SNIFF_BYTES = 8192
BINARY_CONTROL_RATIO = 0.10
_CONTROL = frozenset(range(0x20)) - {0x09, 0x0A, 0x0C, 0x0D, 0x08, 0x1B} | {0x7F}
_CONTROL_CHARS = re.compile(r"[\x00-\x07\x0b\x0e-\x1a\x1c-\x1f\x7f]")
_NEWLINES = re.compile(r"\r\n?")


def _control_ratio(sample: bytes) -> float:
    return sum(1 for byte in sample if byte in _CONTROL) / max(1, len(sample))


def reject_binary(data: bytes, source: str) -> None:
    """Raise ``InvalidSource`` when the first bytes of ``data`` hold NUL bytes or mostly control bytes."""
    sample = data[:SNIFF_BYTES]
    if b"\x00" in sample or _control_ratio(sample) > BINARY_CONTROL_RATIO:
        raise InvalidSource(source, "binary content (NUL or control bytes), expected UTF-8 text")


def decode_text(data: bytes, source: str, *, fallback_encoding: str | None = None) -> str:
    """Decode ``data`` as UTF-8 text or raise ``InvalidSource`` saying why it is not text.

    ``fallback_encoding`` (e.g. an HTML page's declared charset) is tried when UTF-8 fails.
    """
    if not data.strip():
        raise InvalidSource(source, "empty file (no text)")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            reason = f"invalid UTF-16 at byte {exc.start} (the file starts with a UTF-16 byte-order mark)"
            raise InvalidSource(source, reason) from exc
    else:
        reject_binary(data, source)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            text = _fallback(data, fallback_encoding)
            if text is None:
                line = data.count(b"\n", 0, exc.start) + 1
                raise InvalidSource(
                    source,
                    f"invalid UTF-8 at byte {exc.start} (line {line}); expected UTF-8 text (re-save the file as UTF-8)",
                ) from exc
    if len(_CONTROL_CHARS.findall(text[:SNIFF_BYTES])) > BINARY_CONTROL_RATIO * min(len(text), SNIFF_BYTES):
        raise InvalidSource(source, "binary content (control characters), expected text")
    text = _NEWLINES.sub("\n", text)
    if not text.strip():
        raise InvalidSource(source, "empty file (no text)")
    return text


def _fallback(data: bytes, encoding: str | None) -> str | None:
    if not encoding:
        return None
    try:
        return data.decode(encoding)
    except (LookupError, UnicodeDecodeError):
        return None


def stem_title(name: str) -> str:
    """A fallback title: the last path component of ``name`` without its extension."""
    stem = PurePosixPath(name.replace("\\", "/")).stem
    return stem or name
