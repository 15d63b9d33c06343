"""What a document is called, from its path and title: the one rule the chunker (chunk metadata ``document``) and
the extractive answer (a sentence's context) share."""

from __future__ import annotations

from pathlib import PurePosixPath

# File names and folders that name no subject: "coreutils/README" is about coreutils, "libffi8/html/x.html" libffi8
GENERIC_STEMS = frozenset([
    "readme", "index", "install", "news", "faq", "changes", "changelog", "todo", "copying", "authors", "thanks",
    "hacking", "contributing", "notice", "license", "licence", "usage", "manual", "intro", "introduction",
    "overview", "about", "help", "guide",
])  # fmt: skip
GENERIC_FOLDERS = frozenset(["html", "htm", "doc", "docs", "documentation", "manual", "text", "txt", "md", "examples"])


def document_label(source: str, title: str) -> str:
    """What a document at ``source`` (a path) with ``title`` is called: its title, and when its file name names no
    subject (``README``, ``index.html``, ``FAQ``) the nearest folder that does ("README coreutils" for
    ``…/coreutils/README.gz``); the file's stem when there is no title."""
    path = PurePosixPath(source.replace("\\", "/"))
    stem = path.name.split(".", 1)[0]
    label = " ".join(title.split())
    if not generic_name(path.name):
        return label or stem
    folder = document_folder(source)
    if not folder or folder.casefold() in label.casefold().split():
        return label or folder
    return f"{label} {folder}" if label else folder


def document_folder(source: str) -> str:
    """The folder that names what a document at ``source`` is about when its file name names nothing (``README``,
    ``index.html``, ``FAQ``: ``GENERIC_STEMS``): the nearest folder that is not itself generic ("coreutils" for
    ``…/coreutils/README.gz``, "libffi8" for ``…/libffi8/html/index.html``); ``""`` for any other file name."""
    path = PurePosixPath(source.replace("\\", "/"))
    if not generic_name(path.name):
        return ""
    return next((p.name for p in path.parents if p.name and p.name.casefold() not in GENERIC_FOLDERS), "")


def generic_name(name: str) -> bool:
    """Whether a file ``name`` names no subject: its stem is one of ``GENERIC_STEMS``, after any leading digits
    that only sort it first (lsof's ``00FAQ``, ``00README``)."""
    return name.split(".", 1)[0].lstrip("0123456789_-").casefold() in GENERIC_STEMS
