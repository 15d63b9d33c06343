"""A commented plain-text file (a script, a configuration example) is read as the prose of its comments."""

from __future__ import annotations

from graphproof.loaders.sources import text_document
from graphproof.loaders.sources.comments import comment_prose, is_commented

FSTAB = """# /etc/fstab: static file system information.
#--------------------------------------------------------
# The `bsdgroups' option indicates that the file system is to be mounted
# with BSD semantics (files inherit the group ownership of the directory
# in which they live).
UUID=b9ab10f7	/usr/local	ext2	defaults,bsdgroups	0 2
# The `noauto' option indicates that the file system should not be mounted
# with `mount -a'.
/dev/cdrom	/cdrom	iso9660	defaults,noauto,ro,user	0 0
"""


def test_comment_lines_become_paragraphs_set_apart_from_code() -> None:
    assert comment_prose(FSTAB).split("\n") == [
        "/etc/fstab: static file system information.",
        "",
        "The `bsdgroups' option indicates that the file system is to be mounted",
        "with BSD semantics (files inherit the group ownership of the directory",
        "in which they live).",
        "",
        "UUID=b9ab10f7\t/usr/local\text2\tdefaults,bsdgroups\t0 2",
        "",
        "The `noauto' option indicates that the file system should not be mounted",
        "with `mount -a'.",
        "",
        "/dev/cdrom\t/cdrom\tiso9660\tdefaults,noauto,ro,user\t0 0",
        "",
    ]


def test_a_script_after_its_shebang_is_commented_and_keeps_its_code() -> None:
    script = (
        "#!/usr/bin/perl\n\n# This script processes strace -f output.  It displays a graph\n"
        "# of invoked subprocesses.\n\nuse strict;\n#include <stdio.h>\n"
    )
    prose = comment_prose(script)
    assert "This script processes strace -f output.  It displays a graph\nof invoked subprocesses." in prose
    assert prose.startswith("#!/usr/bin/perl\n") and "use strict;\n#include <stdio.h>" in prose


def test_prose_with_a_snippet_or_a_heading_is_kept_as_written() -> None:
    readme = "Chromium for Debian\n\nTo debug it, install the symbols:\n\n# apt update\n# apt install chromium-dbgsym\n"
    heading = "# Installation\n\nRun make.\n\n# Usage\n\nRun frob.\n"
    assert not is_commented(readme) and comment_prose(readme) == readme
    assert not is_commented(heading) and comment_prose(heading) == heading


def test_text_document_reads_a_commented_file_as_prose() -> None:
    document = text_document(FSTAB.encode(), id="mount.fstab", source="/doc/mount.fstab")
    assert "mounted\nwith BSD semantics" in document.text and "# " not in document.text
    assert document.title == "/etc/fstab: static file system information."
