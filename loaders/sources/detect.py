"""Which reader a file needs: by extension, with chat logs told apart from plain ``.txt`` by content."""

from __future__ import annotations

from pathlib import Path

from graphproof.loaders.sources.chat import CHAT_HEADER
from graphproof.loaders.sources.errors import UnknownFormat, UnsupportedFormat
from graphproof.loaders.types import SOURCE_FORMATS, SourceFormat

EXTENSIONS: dict[str, SourceFormat] = {
    ".txt": "text",
    ".text": "text",
    ".md": "markdown",
    ".markdown": "markdown",
    ".rst": "rst",  # reStructuredText
    ".rest": "rst",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".pdf": "pdf",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".zip": "chat",  # a zip of chat logs
}
SNIFF_BYTES = 4096


def check_format(fmt: str) -> SourceFormat | None:
    """``None`` for ``auto``, else ``fmt`` itself; ``UnknownFormat`` for any other name."""
    if fmt == "auto":
        return None
    if fmt not in SOURCE_FORMATS:
        raise UnknownFormat(fmt)
    return fmt  # type: ignore[return-value]  # checked against SOURCE_FORMATS


def looks_like_chat(head: bytes) -> bool:
    """Whether the first non-empty line of ``head`` (a file's first bytes) is a ``Time:`` chat header."""
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff")
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return CHAT_HEADER.match(first) is not None


def detect_format(path: Path, fmt: str = "auto", *, head: bytes | None = None) -> SourceFormat:
    """The format to read ``path`` as: ``fmt`` when given explicitly, else from its extension.

    A ``.txt`` file is a chat log when its first non-empty line matches ``Time: YYYYMMDD_HH:MM``;
    ``head`` (the file's first bytes) saves reading the file again when the caller already has it.
    Raises ``UnknownFormat`` for an invalid ``fmt`` and ``UnsupportedFormat`` for an unknown extension.
    """
    explicit = check_format(fmt)
    if explicit is not None:
        return explicit
    suffix = path.suffix.lower()
    found = EXTENSIONS.get(suffix)
    if found is None:
        known = ", ".join(EXTENSIONS)
        raise UnsupportedFormat(
            str(path),
            f"unsupported file type {suffix or '(no extension)'}: expected one of {known}, or pass an explicit format",
        )
    if found == "text":
        if head is None:
            try:
                with path.open("rb") as handle:
                    head = handle.read(SNIFF_BYTES)
            except OSError:
                return found  # reading it for real reports the error
        if looks_like_chat(head[:SNIFF_BYTES]):
            return "chat"
    return found
