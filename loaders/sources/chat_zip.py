"""Chat logs inside a ``.zip`` archive (e.g. LiHua-World's ``LiHuaWorld.zip``).

Members ending ``.txt`` are read in name order, one conversation each, with document id
``<zip id>/<member name>``. Directories, other members and hidden members (a path component
starting with ``.``, or macOS ``__MACOSX`` folders) are ignored. Unsafe members are rejected one by
one with the reason, and the others still load: a path that escapes the archive (a ``..``
component, an absolute path or drive letter), a symbolic link, an encrypted member, or one larger
than ``MAX_MEMBER_BYTES`` uncompressed. A file that is not a readable zip is one failure.
Nothing is ever extracted to disk.
"""

from __future__ import annotations

import io
import re
import stat
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path

from graphproof.loaders.sources.chat import chat_document
from graphproof.loaders.sources.errors import InvalidSource, describe
from graphproof.loaders.types import SourceDocument, SourceFailure

MAX_MEMBER_BYTES = 64 * 1024 * 1024
_DRIVE = re.compile(r"^[A-Za-z]:")


def unsafe_member_reason(info: zipfile.ZipInfo) -> str | None:
    """Why a zip member must not be read, or ``None`` when it is safe."""
    name = info.filename.replace("\\", "/")
    if "\x00" in name:
        return "unsafe member name (NUL byte)"
    if name.startswith("/") or _DRIVE.match(name):
        return "unsafe member path (absolute path); expected a path relative to the archive"
    if ".." in name.split("/"):
        return "unsafe member path ('..' escapes the archive); expected a path relative to the archive"
    if stat.S_ISLNK(info.external_attr >> 16):
        return "symbolic link member; only regular files are read"
    if info.flag_bits & 0x1:
        return "encrypted member; password-protected archives are not supported"
    if info.file_size > MAX_MEMBER_BYTES:
        return f"member too large ({info.file_size} bytes uncompressed; the limit is {MAX_MEMBER_BYTES})"
    return None


def _hidden(name: str) -> bool:
    return any(part.startswith(".") or part == "__MACOSX" for part in name.replace("\\", "/").split("/") if part)


def chat_zip_documents(archive: Path | bytes, *, id: str, source: str) -> Iterator[SourceDocument | SourceFailure]:
    """The conversations in a zip of chat logs, and a failure for each member that cannot be read."""
    try:
        zf = zipfile.ZipFile(io.BytesIO(archive) if isinstance(archive, bytes) else archive)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        yield SourceFailure(source, f"not a readable zip archive ({describe(exc)})")
        return
    with zf:
        for info in sorted(zf.infolist(), key=lambda member: member.filename):
            name = info.filename
            if info.is_dir():
                continue
            member_source = f"{source}/{name}"
            reason = unsafe_member_reason(info)
            if reason is not None:
                yield SourceFailure(member_source, reason)
                continue
            if _hidden(name) or not name.lower().endswith(".txt"):
                continue
            try:
                data = zf.read(info)
            except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, zlib.error, EOFError) as exc:
                yield SourceFailure(member_source, f"cannot read the zip member ({describe(exc)})")
                continue
            try:
                yield chat_document(data, id=f"{id}/{name}", source=member_source)
            except InvalidSource as exc:
                yield exc.failure()
