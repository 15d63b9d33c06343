"""Read files and directories into ``SourceDocument``s, reporting what could not be read.

Document ids are stable and unique: a file (given directly or found under a given directory) is
identified by its canonical path — absolute, symbolic links resolved, ``/``-separated — so two files
that share a name (``a/README.md``, ``b/README.md``) are two documents, and ingesting the same file
again, from any working directory, replaces exactly that document; a JSONL record by its ``id``; a chat
inside a zip by ``<zip id>/<member>``. A document's ``source`` is the same canonical path. A document
whose id was already produced in the same call is reported as a duplicate instead of being yielded twice.
"""

from __future__ import annotations

import gzip
import io
import os
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from graphproof.loaders.sources.chat import chat_document
from graphproof.loaders.sources.chat_zip import chat_zip_documents
from graphproof.loaders.sources.detect import check_format, detect_format, inner_name
from graphproof.loaders.sources.errors import InvalidSource, describe
from graphproof.loaders.sources.html_page import html_file_document
from graphproof.loaders.sources.jsonl import jsonl_documents
from graphproof.loaders.sources.pdf import pdf_document
from graphproof.loaders.sources.text import text_document
from graphproof.loaders.types import SourceDocument, SourceFailure, SourceFormat

Item = SourceDocument | SourceFailure
_Reader = Callable[[bytes, str, str], Iterable[Item]]

_READERS: dict[SourceFormat, _Reader] = {
    "text": lambda data, id, source: [text_document(data, id=id, source=source, fmt="text")],
    "markdown": lambda data, id, source: [text_document(data, id=id, source=source, fmt="markdown")],
    "rst": lambda data, id, source: [text_document(data, id=id, source=source, fmt="rst")],
    "html": lambda data, id, source: [html_file_document(data, id=id, source=source)],
    "pdf": lambda data, id, source: [pdf_document(data, id=id, source=source)],
    "jsonl": lambda data, id, source: jsonl_documents(data, source=source),
    "chat": lambda data, id, source: [chat_document(data, id=id, source=source)],
}


MAX_DECOMPRESSED = 64 * 1024 * 1024  # bytes a compressed file may hold: more is refused, unread


def gunzip(data: bytes, source: str, limit: int | None = None) -> bytes:
    """The decompressed bytes of a gzip file (``README.gz``); ``InvalidSource`` when it is no gzip data or holds
    more than ``limit`` bytes (``MAX_DECOMPRESSED``: a small file that inflates without end is refused)."""
    cap = MAX_DECOMPRESSED if limit is None else limit
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            out = stream.read(cap + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise InvalidSource(source, f"not readable as gzip-compressed data ({describe(exc)})") from exc
    if len(out) > cap:
        raise InvalidSource(source, f"decompresses to more than {cap} bytes (not read)")
    return out


def read_file(path: Path, *, id: str | None = None, fmt: str = "auto") -> Iterator[Item]:
    """The documents of one file (several for JSONL and zips), or failures saying why not.

    ``id`` defaults to the file's canonical path. Never raises for a bad file; ``UnknownFormat`` (at
    once) for a bad ``fmt``.
    """
    check_format(fmt)
    path = Path(path)
    return _read_file(path, id or canonical_source(path), fmt)


def canonical_source(path: Path) -> str:
    """A file's identity as a source: its absolute path with symbolic links resolved, ``/``-separated."""
    try:
        if path.is_symlink() and not path.exists():  # a broken link: name the link, not its missing target
            return path.absolute().as_posix()
        return path.resolve().as_posix()
    except (OSError, RuntimeError):  # a symlink loop: keep the absolute path as given
        return path.absolute().as_posix()


def _read_file(path: Path, doc_id: str, fmt: str) -> Iterator[Item]:
    source = canonical_source(path)
    try:
        try:
            regular = path.is_file()
        except OSError as exc:
            raise InvalidSource(source, f"cannot read: {exc.strerror or describe(exc)}") from exc
        if not regular:
            if path.is_symlink() and not path.exists():
                reason = "broken symbolic link"
            else:
                reason = "not a regular file" if path.exists() else "no such file"
            raise InvalidSource(source, f"cannot read: {reason}")
        if path.suffix.lower() == ".zip" and detect_format(path, fmt) == "chat":
            yield from chat_zip_documents(path, id=doc_id, source=source)
            return
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise InvalidSource(source, f"cannot read: {exc.strerror or describe(exc)}") from exc
        if inner_name(path) != path.name:
            data = gunzip(data, source)
        kind = detect_format(path, fmt, head=data[:4096])
        yield from _READERS[kind](data, doc_id, source)
    except InvalidSource as exc:
        yield exc.failure()
    except Exception as exc:  # a reader bug or library failure must not stop the other files
        yield SourceFailure(source, f"unexpected error while reading: {describe(exc)}")


def _walk(root: Path) -> tuple[list[tuple[Path, str]], list[SourceFailure]]:
    """Non-hidden files under ``root`` with ``/``-separated relative paths (sorted by them), and failures.

    A failure is a folder that could not be listed (e.g. no permission).
    """
    found: list[tuple[Path, str]] = []
    unlisted: list[SourceFailure] = []

    def report(exc: OSError) -> None:
        unlisted.append(SourceFailure(str(exc.filename or root), f"cannot list the folder: {exc.strerror or exc}"))

    for folder, dirs, files in os.walk(root, onerror=report, followlinks=False):
        dirs[:] = [name for name in dirs if not name.startswith(".")]
        for name in files:
            if not name.startswith("."):
                path = Path(folder) / name
                found.append((path, path.relative_to(root).as_posix()))  # sorted by this, read by canonical path
    return sorted(found, key=lambda item: item[1]), sorted(unlisted, key=lambda failure: failure.source)


def _read_all(paths: Sequence[Path], fmt: str) -> Iterator[Item]:
    seen: dict[str, str] = {}
    for given in paths:
        root = Path(given)
        if root.is_dir():
            files, unlisted = _walk(root)
            yield from unlisted
        elif root.exists() or root.is_symlink():
            files = [(root, root.name)]
        else:
            yield SourceFailure(str(root), "cannot read: no such file or directory")
            continue
        for path, _relative in files:
            for item in _read_file(path, canonical_source(path), fmt):
                if isinstance(item, SourceDocument):
                    if item.id in seen:
                        reason = f"duplicate document id {item.id!r} (already read from {seen[item.id]}); skipped"
                        yield SourceFailure(item.source, reason)
                        continue
                    seen[item.id] = item.source
                yield item


def read_sources(paths: Sequence[Path], fmt: str = "auto") -> Iterator[SourceDocument | SourceFailure]:
    """Documents and failures from files and directories, in a deterministic order.

    Paths are taken in the order given; directories are walked recursively in sorted order of the
    relative path, skipping hidden files and directories (and not following symlinked directories).
    ``fmt`` is ``auto`` (by extension; ``.txt`` chat logs by their ``Time:`` header) or one of
    ``SOURCE_FORMATS`` applied to every file. An invalid ``fmt`` raises ``UnknownFormat`` at once;
    a file that cannot be read becomes a ``SourceFailure`` and the others are still read.
    """
    check_format(fmt)
    return _read_all(list(paths), fmt)
