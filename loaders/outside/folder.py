"""A local folder of saved web pages and text files as a source of outside text.

Every file under the folder is read once per source (in sorted, deterministic order): ``.html``/``.htm``
files with the loaders' main-text extraction, ``.txt`` as plain text, ``.md`` as Markdown and ``.rst`` as
reStructuredText; any of them gzip-compressed (``README.md.gz``), and a project's text files by their
conventional names (``README``, ``NEWS``: ``loaders.sources.detect``), as ``graphproof ingest`` reads them. Other
files, files over the byte cap (never read whole), binary files, pages without text and symbolic links
leading out of the folder are refused with the reason. For a question, the readable pages are ranked
by the question's words they contain, each weighted by its rarity in the folder (idf, the analyzer's
terms), and the best ``limit`` pages that share a word with the question are returned; the others are
reported in one refusal saying how many were passed over (a folder may hold thousands of pages).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path, PurePosixPath

from graphproof.graph.analyzer import default_analyzer
from graphproof.loaders.outside.convert import page_from_bytes
from graphproof.loaders.outside.errors import OutsideTextError, PageRefused
from graphproof.loaders.outside.page import OutsidePage, OutsideResult, Refusal, check_limit, iso_utc, utc_now
from graphproof.loaders.sources.detect import conventional_format, conventional_name, inner_name
from graphproof.loaders.sources.errors import InvalidSource
from graphproof.loaders.sources.read import gunzip

FILE_TYPES: dict[str, str] = {
    ".html": "text/html",
    ".htm": "text/html",
    ".txt": "text/plain",
    ".md": "text/markdown",
    ".rst": "text/x-rst",
}
_CONVENTIONAL_TYPES = {"text": "text/plain", "markdown": "text/markdown"}  # a conventionally named file's formats
DEFAULT_MAX_BYTES = 2_000_000
DEFAULT_MAX_CHARS = 200_000


class FolderSource:
    """The readable files under ``path`` (module docstring) as outside pages, ranked per question.

    ``max_bytes`` caps the size of a file read (bigger files are refused unread), ``max_chars`` the
    characters kept per page (longer text is cut and the page marked ``truncated``). ``now`` is the
    clock for ``fetched_at`` (injectable for tests).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        max_bytes: int = DEFAULT_MAX_BYTES,
        max_chars: int = DEFAULT_MAX_CHARS,
        now: Callable[[], datetime] = utc_now,
    ) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes
        self.max_chars = max_chars
        self._now = now
        self._analyzer = default_analyzer()
        self._cache: tuple[list[tuple[OutsidePage, frozenset[str]]], list[Refusal]] | None = None
        self._df: dict[str, int] = {}

    def pages(self, question: str, limit: int) -> OutsideResult:
        """The ``limit`` pages that best match ``question`` (module docstring), the refused files, and one
        refusal counting the pages passed over. Raises ``OutsideTextError`` when the folder does not exist
        or is not a directory."""
        check_limit(limit)
        read, refused = self._read_all()
        terms = set(self._analyzer.tokens(question))
        idf = {t: math.log(1 + len(read) / df) for t in terms if (df := self._df.get(t, 0))}
        scored = sorted(
            ((sum(idf.get(t, 0.0) for t in words & terms), order) for order, (_, words) in enumerate(read)),
            key=lambda pair: (-pair[0], pair[1]),
        )
        chosen = [read[order][0] for score, order in scored if score > 0][:limit]
        passed_over = len(read) - len(chosen)
        out = list(refused)
        if passed_over:
            out.append(Refusal(self.path.absolute().as_uri(), f"{passed_over} other page(s) passed over: below the "
                               f"best {limit} for this question or sharing no word with it"))  # fmt: skip
        return OutsideResult(pages=chosen, refused=out)

    def _read_all(self) -> tuple[list[tuple[OutsidePage, frozenset[str]]], list[Refusal]]:
        """Every file read once: the readable pages with their terms, and the refusals."""
        if self._cache is not None:
            return self._cache
        if not self.path.exists():
            raise OutsideTextError(f"outside-text folder {str(self.path)!r} does not exist; expected a directory")
        if not self.path.is_dir():
            raise OutsideTextError(f"outside-text folder {str(self.path)!r} is not a directory")
        root = self.path.resolve()
        read: list[tuple[OutsidePage, frozenset[str]]] = []
        refused: list[Refusal] = []
        for file in self._files():
            uri = file.absolute().as_uri()
            try:
                page = self._page(file, uri, root)
            except PageRefused as exc:
                refused.append(exc.refusal())
                continue
            read.append((page, frozenset(self._analyzer.tokens(f"{page.title}\n{page.text}"))))
        for _, words in read:
            for word in words:
                self._df[word] = self._df.get(word, 0) + 1
        self._cache = (read, refused)
        return self._cache

    def _files(self) -> list[Path]:
        """Every file under the folder, sorted by path (directory links are not followed)."""
        found: list[Path] = []
        for directory, subdirs, names in os.walk(self.path):
            subdirs.sort()
            found.extend(Path(directory) / name for name in names)
        return sorted(found, key=lambda file: file.relative_to(self.path).as_posix())

    def _page(self, file: Path, uri: str, root: Path) -> OutsidePage:
        """One file as a page, or ``PageRefused`` saying why it is not used."""
        name = inner_name(file)
        content_type = FILE_TYPES.get(PurePosixPath(name).suffix.lower())
        if content_type is None and not conventional_name(name):
            expected = ", ".join(FILE_TYPES)
            raise PageRefused(
                uri,
                f"unsupported file type {file.suffix or '(none)'!r}; expected one of {expected} (each also as .gz) "
                "or a project's text file by its conventional name (README, NEWS …)",
            )
        if not file.resolve().is_relative_to(root):
            raise PageRefused(uri, "a symbolic link to a file outside the folder")
        try:
            size = file.stat().st_size
            if size > self.max_bytes:
                raise PageRefused(uri, f"file is {size} bytes, over the cap of {self.max_bytes} bytes (not read)")
            with file.open("rb") as handle:
                data = handle.read(self.max_bytes + 1)
        except OSError as exc:
            raise PageRefused(uri, f"cannot read the file: {exc.strerror or exc}") from exc
        if len(data) > self.max_bytes:
            raise PageRefused(uri, f"file grew over the cap of {self.max_bytes} bytes while being read")
        try:
            if name != file.name:
                data = gunzip(data, uri, limit=self.max_bytes)
            if content_type is None:  # README, NEWS …: Markdown or text, told once it is read
                content_type = _CONVENTIONAL_TYPES[conventional_format(data)]
            return page_from_bytes(
                data,
                url=uri,
                content_type=content_type,
                charset=None,
                source_kind="folder",
                fetched_at=iso_utc(self._now()),
                max_chars=self.max_chars,
            )
        except InvalidSource as exc:
            raise PageRefused(uri, exc.reason) from exc
