"""Writes src/errand/_sync/ from src/errand/_async/: the sync client is the async one without async.

The sync client is generated, never committed (docs/adr/0046-python-sdk.md): setup.py runs this
before setuptools collects the package, python-sdk.test.ts before pytest and mypy. Run
`python3 sdks/python/scripts/unasync.py` after changing _async/ to use the sources directly.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "errand"
SOURCE, TARGET = PACKAGE / "_async", PACKAGE / "_sync"

REPLACEMENTS = [
    (r"\basync def ", "def "),
    (r"\bawait ", ""),
    (r"\basync for ", "for "),
    (r"\basync with ", "with "),
    (r"\basynccontextmanager\b", "contextmanager"),
    (r"\baiter_lines\b", "iter_lines"),
    (r"\baread\b", "read"),
    (r"\baclose\b", "close"),
    (r"\b__aenter__\b", "__enter__"),
    (r"\b__aexit__\b", "__exit__"),
    (r"\basync_(sleep|monotonic)\b", r"sync_\1"),
    (r"\bAsync([A-Z]\w*)", r"\1"),
]


def convert(text: str) -> str:
    for pattern, replacement in REPLACEMENTS:
        text = re.sub(pattern, replacement, text)
    return f"# Generated from ../_async/ by scripts/unasync.py: do not edit.\n{text}"


def write() -> None:
    """Writes _sync/ afresh, so a module removed from _async/ does not linger in it."""
    shutil.rmtree(TARGET, ignore_errors=True)
    TARGET.mkdir()
    for source in sorted(SOURCE.glob("*.py")):
        (TARGET / source.name).write_text(convert(source.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    write()
    sys.exit(0)
