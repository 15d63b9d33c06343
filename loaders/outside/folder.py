"""A local folder of saved web pages and text files as a source of outside text.

Every file under the folder is considered, in sorted (deterministic) order: ``.html``/``.htm`` files
are read with the loaders' main-text extraction, ``.txt`` as plain text and ``.md`` as Markdown.
Other files, files over the byte cap (never read whole), binary files, pages without text,
symbolic links leading out of the folder and files past ``limit`` are refused with the reason. A
folder source returns its pages whatever the question; ranking them is the enrichment step's job.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from graphproof.loaders.outside.convert import page_from_bytes
from graphproof.loaders.outside.errors import OutsideTextError, PageRefused
from graphproof.loaders.outside.page import OutsidePage, OutsideResult, Refusal, check_limit, iso_utc, utc_now
from graphproof.loaders.sources.errors import InvalidSource

FILE_TYPES: dict[str, str] = {
    ".html": "text/html",
    ".htm": "text/html",
    ".txt": "text/plain",
    ".md": "text/markdown",
}
DEFAULT_MAX_BYTES = 2_000_000
DEFAULT_MAX_CHARS = 200_000


class FolderSource:
    """The ``.html``, ``.htm``, ``.txt`` and ``.md`` files under ``path`` as outside pages.

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

    def pages(self, question: str, limit: int) -> OutsideResult:
        """At most ``limit`` pages of the folder, in path order, and a refusal for every other file.

        ``question`` is not used to filter: every readable file is a candidate. Raises
        ``OutsideTextError`` when the folder does not exist or is not a directory.
        """
        check_limit(limit)
        if not self.path.exists():
            raise OutsideTextError(f"outside-text folder {str(self.path)!r} does not exist; expected a directory")
        if not self.path.is_dir():
            raise OutsideTextError(f"outside-text folder {str(self.path)!r} is not a directory")
        root = self.path.resolve()
        pages: list[OutsidePage] = []
        refused: list[Refusal] = []
        for file in self._files():
            uri = file.absolute().as_uri()
            if len(pages) >= limit:
                refused.append(Refusal(uri, f"not read: the limit of {limit} page(s) was reached"))
                continue
            try:
                pages.append(self._page(file, uri, root))
            except PageRefused as exc:
                refused.append(exc.refusal())
        return OutsideResult(pages=pages, refused=refused)

    def _files(self) -> list[Path]:
        """Every file under the folder, sorted by path (directory links are not followed)."""
        found: list[Path] = []
        for directory, subdirs, names in os.walk(self.path):
            subdirs.sort()
            found.extend(Path(directory) / name for name in names)
        return sorted(found, key=lambda file: file.relative_to(self.path).as_posix())

    def _page(self, file: Path, uri: str, root: Path) -> OutsidePage:
        """One file as a page, or ``PageRefused`` saying why it is not used."""
        content_type = FILE_TYPES.get(file.suffix.lower())
        if content_type is None:
            expected = ", ".join(FILE_TYPES)
            raise PageRefused(uri, f"unsupported file type {file.suffix or '(none)'!r}; expected one of {expected}")
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
