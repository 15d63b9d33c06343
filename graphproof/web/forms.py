"""Request bodies for the write endpoints: read with a size cap, parsed by Starlette's form parsers.

Starlette's ``FormParser``/``MultiPartParser`` (python-multipart underneath) read the body from a stream;
the stream given them stops with ``BodyError(413)`` as soon as ``limit`` bytes have come, whatever the
Content-Length says, so a chunked upload cannot grow past it either.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import AsyncGenerator
from dataclasses import dataclass
from typing import Any


class BodyError(Exception):
    """A body that is too large (``status`` 413) or not the expected form (400)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


@dataclass(frozen=True)
class Upload:
    field: str
    filename: str
    data: bytes


def size_text(n: int) -> str:
    return f"{n / (1 << 20):.3g} MiB" if n >= 1 << 20 else f"{n / 1024:.3g} KiB"


async def capped(request: Any, limit: int) -> AsyncGenerator[bytes, None]:
    """The request body's chunks, or ``BodyError(413)`` as soon as they pass ``limit`` bytes."""
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyError(413, f"upload too large: more than {size_text(limit)} (the limit of this server)")
        yield chunk


async def read_form(request: Any, limit: int, max_fields: int = 50) -> dict[str, str]:
    """An ``application/x-www-form-urlencoded`` form's fields (the last value of a repeated name)."""
    from starlette.formparsers import FormParser

    if not request.headers.get("content-type", "").lower().startswith("application/x-www-form-urlencoded"):
        raise BodyError(400, "expected a url-encoded form (Content-Type application/x-www-form-urlencoded)")
    try:
        form = await FormParser(request.headers, capped(request, limit), max_fields=max_fields).parse()
    except UnicodeDecodeError as exc:
        raise BodyError(400, f"the form is not UTF-8 url-encoded fields ({exc})") from exc
    return {k: str(v) for k, v in form.multi_items()}


async def read_uploads(request: Any, limit: int, max_files: int) -> list[Upload]:
    """The parts of a ``multipart/form-data`` body: field name, file name ('' for a plain field) and bytes."""
    from starlette.datastructures import UploadFile
    from starlette.formparsers import MultiPartException, MultiPartParser

    content_type = request.headers.get("content-type", "")
    if not content_type.lower().startswith("multipart/form-data") or "boundary=" not in content_type:
        raise BodyError(400, "expected a multipart/form-data upload (a form with enctype=multipart/form-data)")
    parser = MultiPartParser(request.headers, capped(request, limit), max_files=max_files, max_fields=50)
    try:
        form = await parser.parse()
    except MultiPartException as exc:
        raise BodyError(400, f"the upload could not be read: {exc.message}") from exc
    uploads = []
    try:
        for field, value in form.multi_items():
            if isinstance(value, UploadFile):
                uploads.append(Upload(field, value.filename or "", await value.read()))
            else:
                uploads.append(Upload(field, "", value.encode("utf-8")))
    finally:
        await form.close()
    return uploads


UNSAFE = re.compile(r"[^\w.\- ]+")


def safe_filename(name: str) -> str:
    """The last path segment of an uploaded file's name, with only letters, digits, ``.``, ``-``, ``_`` and
    spaces; ``BodyError(400)`` for a name that is empty or hidden after that."""
    base = unicodedata.normalize("NFC", name.replace("\\", "/").rsplit("/", 1)[-1]).strip()
    clean = UNSAFE.sub("_", base)[:120].strip()
    if not clean or clean.startswith(".") or not clean.strip("._- "):
        raise BodyError(400, f"unusable file name {name!r}: name the file with letters or digits")
    return clean
