"""The prose of a commented plain-text file: a script's or a configuration example's ``#`` comments as paragraphs.

An example configuration (``/etc/fstab``, ``gpgconf.conf``) or a script (a Perl or shell program under a package's
``examples/``) says what it says in comment blocks, one sentence wrapped over several ``#`` lines:

    # The `bsdgroups' option indicates that the file system is to be mounted
    # with BSD semantics (files inherit the group ownership of the directory
    # in which they live).
    UUID=…	/usr/local	ext2	defaults,bsdgroups	0 2

Kept as written, every line opens with "#", so a sentence is cut at each line and the next code line runs into it.
``comment_prose`` takes the marker off each comment line, makes a bare "#" line (or a ruled one, "#-----") a
paragraph break and sets code lines apart from comments with a blank line, so the sentence reads whole and alone.
A file is taken as commented when it opens with a comment (or a shebang) and two or more comment lines follow each
other (``MIN_RUN``); a README that shows a configuration snippet or a root prompt ("# apt update") inside its
prose, or a plain-text file that writes a Markdown-style heading ("# Installation") before its paragraph, is kept
as written. A shebang ("#!/usr/bin/perl")
and C preprocessor lines ("#include", "#define": no space after the "#") are code, not comments.
"""

from __future__ import annotations

import re

_COMMENT = re.compile(r"^[ \t]*#+(?:[ \t]|$)(?P<text>.*)$")
_RULE = re.compile(r"^[ \t]*#[-=*#_~+.:\t ]*$")  # a ruled line: "#-----------", "#=====", "# * * *"
MIN_RUN = 2  # consecutive comment lines that make a file a commented one


def is_commented(text: str) -> bool:
    """Whether ``text`` opens with a ``#`` comment or a shebang and holds a run of at least ``MIN_RUN`` consecutive
    ``#`` comment lines (a README that shows a configuration snippet or a root prompt "# apt update" inside its prose
    is not a commented file)."""
    first = next((line for line in text.split("\n") if line.strip()), "")
    if not (_COMMENT.match(first) or first.startswith("#!")):
        return False
    run = 0
    for line in text.split("\n"):
        run = run + 1 if _COMMENT.match(line) else 0
        if run >= MIN_RUN:
            return True
    return False


def comment_prose(text: str) -> str:
    """``text`` with its ``#`` comments as prose paragraphs (module docstring); unchanged when not commented."""
    if not is_commented(text):
        return text
    out: list[str] = []
    previous: str | None = None  # "comment", "code" or "blank"
    for line in text.split("\n"):
        ruled = _RULE.match(line)
        found = ruled or _COMMENT.match(line)
        if found:
            body = "" if ruled else found.group("text").strip()
            kind = "comment" if body else "blank"
            if kind == "comment" and previous == "code":
                out.append("")
            out.append(body)
        elif line.strip():
            kind = "code"
            if previous == "comment":
                out.append("")
            out.append(line)
        else:
            kind = "blank"
            out.append("")
        previous = kind
    return "\n".join(out)
