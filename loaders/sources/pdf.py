"""PDF files, read with ``pypdf``.

Each page's text is extracted and pages are joined by blank lines. A PDF that cannot be opened
with an empty password (encrypted for a user password), and a PDF with no extractable text (only
images, e.g. a scan that was never OCR'd), are per-file failures with those reasons.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from graphproof.loaders.sources.decode import stem_title
from graphproof.loaders.sources.errors import InvalidSource, describe
from graphproof.loaders.types import SourceDocument

if TYPE_CHECKING:
    from pypdf import PdfReader


def pdf_document(data: bytes, *, id: str, source: str) -> SourceDocument:
    """The text of a PDF as one document; ``metadata["pages"]`` is its page count.

    Raises ``InvalidSource`` for an empty or corrupt file, a password-protected PDF, or a PDF
    without a text layer.
    """
    if not data.strip():
        raise InvalidSource(source, "empty file (no PDF content)")
    from pypdf import PasswordType, PdfReader  # slow to import: only when a PDF is read
    from pypdf.errors import DependencyError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            try:
                opened = reader.decrypt("")
            except DependencyError as exc:
                raise InvalidSource(source, f"encrypted PDF that pypdf cannot decrypt here ({exc})") from exc
            if opened == PasswordType.NOT_DECRYPTED:
                raise InvalidSource(
                    source, "encrypted PDF: it needs a password to open (only PDFs readable without one are supported)"
                )
        pages = list(reader.pages)
    except InvalidSource:
        raise
    except Exception as exc:  # pypdf raises many types for corrupt files
        raise InvalidSource(source, f"not a readable PDF ({describe(exc)})") from exc

    texts: list[str] = []
    for page in pages:
        try:
            texts.append((page.extract_text() or "").strip())
        except Exception:  # one unreadable page must not lose the others
            texts.append("")
    text = "\n\n".join(t for t in texts if t)
    if not text:
        raise InvalidSource(
            source,
            f"no extractable text in {len(pages)} page(s): an image-only or scanned PDF? (run OCR on it first)",
        )
    return SourceDocument(
        id=id,
        source=source,
        title=_title(reader) or stem_title(id),
        text=text,
        format="pdf",
        metadata={"pages": str(len(pages))},
    )


def _title(reader: PdfReader) -> str:
    try:
        title = reader.metadata.title if reader.metadata else None
    except Exception:
        return ""
    return " ".join(str(title).split()) if title else ""
