"""Which reader a file needs: by extension, with chat logs told apart from plain ``.txt`` by content.

A compressed file (``README.md.gz``) is read by the name it has inside (``README.md``; ``loaders.sources.read``
decompresses it). A file with no known extension whose name is one of the conventional names of a project's text
files (``README``, ``NEWS``, ``INSTALL``, ``FAQ``, ``README.Debian``, ``changelog.Debian`` …: ``DOC_NAMES``), also
as the first or last word of a longer name (lsof's ``00FAQ``, ``descore.README``, ``v2.38-ReleaseNotes``,
``ChangeLog-2013``, ``README_MISSING_SYSCALL_OR_IOCTL``), is text, and Markdown when its first bytes show
Markdown's own markup (a heading and a badge or two links: ``looks_like_markdown``) — Debian's
``/usr/share/doc/jq/README`` is Markdown with no ``.md``.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

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
COMPRESSED = ".gz"
# conventional names of a project's text files, read as text whatever follows the first dot ("README.Debian")
DOC_NAMES = frozenset((
    "readme", "news", "install", "faq", "todo", "authors", "changes", "changelog", "copying", "license", "licence",
    "copyright", "thanks", "hacking", "contributing", "bugs", "notes", "maintainers", "credits", "history", "porting",
    "usage", "security", "code_of_conduct", "releasenotes", "release-notes", "upgrading", "problems", "quickstart",
    "quickref",
))  # fmt: skip
# the words of a file's name: "00FAQ" → FAQ, "v2.38-ReleaseNotes" → ReleaseNotes
_NAME_WORD = re.compile(r"[A-Za-z]{2,}")
_MD_HEADING = re.compile(r"^(?:#{1,6}[ \t]+\S|[^\n]*\S[ \t]*\n(?:=+|-+)[ \t]*$)", re.MULTILINE)
_MD_BADGE = re.compile(r"\[!\[[^\]\n]*\]\([^)\s]+\)")
_MD_LINK = re.compile(r"\[[^\]\n]+\]\(https?://[^)\s]+\)")
MD_LINKS = 2  # inline links that, with a heading, make a text Markdown


def inner_name(path: Path) -> str:
    """The name a file has once decompressed: ``README.md.gz`` → ``README.md``."""
    name = path.name
    return name[: -len(COMPRESSED)] if name.lower().endswith(COMPRESSED) and len(name) > len(COMPRESSED) else name


def looks_like_markdown(head: bytes) -> bool:
    """Whether a text's first bytes show Markdown's own markup: a heading (``# …`` or an underlined line) and a
    badge (``[![…](…)]``) or ``MD_LINKS`` inline links (``[text](https://…)``)."""
    text = head.decode("utf-8", errors="replace")
    if not _MD_HEADING.search(text):
        return False
    return bool(_MD_BADGE.search(text)) or len(_MD_LINK.findall(text)) >= MD_LINKS


# what a conventional name never is, whatever its stem says ("README.docx", "NEWS.png"): binary formats
_NOT_TEXT = frozenset((
    ".doc", ".docx", ".odt", ".rtf", ".xls", ".xlsx", ".ods", ".ppt", ".pptx", ".png", ".jpg", ".jpeg", ".gif",
    ".svg", ".webp", ".ico", ".bz2", ".xz", ".zst", ".tar", ".tgz", ".7z", ".exe", ".dll", ".so", ".a", ".o",
    ".bin", ".class", ".jar", ".pyc",
))  # fmt: skip


def conventional_name(name: str) -> bool:
    """Whether ``name`` (decompressed) is a project's conventional text file: ``DOC_NAMES`` before its first dot,
    or as the first or last word of the name ("00FAQ", "descore.README", "v2.38-ReleaseNotes"), and no binary
    format's extension after its last dot ("README.Debian" is, "README.docx" and "faq-logo.png" are not)."""
    if PurePosixPath(name).suffix.lower() in _NOT_TEXT:
        return False
    if name.split(".", 1)[0].casefold() in DOC_NAMES:
        return True
    words = [w.casefold() for w in _NAME_WORD.findall(name)]
    return bool(words) and (words[0] in DOC_NAMES or words[-1] in DOC_NAMES)


def conventional_format(head: bytes) -> SourceFormat:
    """The format of a conventionally named file (``conventional_name``) from its first bytes: Markdown when they
    show Markdown's own markup (``looks_like_markdown``), else text."""
    return "markdown" if head and looks_like_markdown(head[:SNIFF_BYTES]) else "text"


def readable_name(name: str) -> bool:
    """Whether a file called ``name`` is read without an explicit format: a known extension (``EXTENSIONS``),
    or a conventional name (``DOC_NAMES``), either gzip-compressed or not."""
    plain = inner_name(Path(name))
    return PurePosixPath(plain).suffix.lower() in EXTENSIONS or conventional_name(plain)


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
    name = inner_name(path)
    suffix = PurePosixPath(name).suffix.lower()
    found = EXTENSIONS.get(suffix)
    if found is None and conventional_name(name):
        if head is None and name == path.name:  # a compressed file is sniffed by its reader, decompressed
            head = _head(path)
        return conventional_format(head or b"")
    if found is None:
        known = ", ".join(EXTENSIONS)
        raise UnsupportedFormat(
            str(path),
            f"unsupported file type {suffix or '(no extension)'}: expected one of {known} (each also gzip-compressed, "
            "with .gz after it), a project's text file by its conventional name (README, NEWS, INSTALL …), or pass "
            "an explicit format",
        )
    if found == "text":
        if head is None:
            head = _head(path)
        if head and looks_like_chat(head[:SNIFF_BYTES]):
            return "chat"
    return found


def _head(path: Path) -> bytes:
    """A file's first ``SNIFF_BYTES``; none when it cannot be read (reading it for real reports the error)."""
    try:
        with path.open("rb") as handle:
            return handle.read(SNIFF_BYTES)
    except OSError:
        return b""
