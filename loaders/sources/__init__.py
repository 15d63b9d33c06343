"""Source readers: files, directories, zips and web pages into ``SourceDocument``s.

One module per format (``text``, ``html_page``, ``pdf``, ``jsonl``, ``chat``, ``chat_zip``), format
detection in ``detect`` and the directory walker in ``read``. Readers of a single document raise
``InvalidSource``; ``read_sources`` and ``read_file`` turn every per-file problem into a
``SourceFailure`` so one bad file never stops the rest. Heavy libraries (trafilatura, pypdf) are
imported only when a file of that format is read.
"""

from __future__ import annotations

from graphproof.loaders.sources.chat import chat_document, parse_chat
from graphproof.loaders.sources.chat_zip import chat_zip_documents
from graphproof.loaders.sources.decode import decode_text
from graphproof.loaders.sources.detect import detect_format
from graphproof.loaders.sources.errors import InvalidSource, UnknownFormat, UnsupportedFormat
from graphproof.loaders.sources.html_page import html_document, html_file_document
from graphproof.loaders.sources.jsonl import JsonlRecord, jsonl_documents
from graphproof.loaders.sources.pdf import pdf_document
from graphproof.loaders.sources.read import canonical_source, read_file, read_sources
from graphproof.loaders.sources.text import text_document

__all__ = [
    "InvalidSource",
    "JsonlRecord",
    "UnknownFormat",
    "UnsupportedFormat",
    "canonical_source",
    "chat_document",
    "chat_zip_documents",
    "decode_text",
    "detect_format",
    "html_document",
    "html_file_document",
    "jsonl_documents",
    "parse_chat",
    "pdf_document",
    "read_file",
    "read_sources",
    "text_document",
]
