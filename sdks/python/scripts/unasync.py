"""Writes src/errand/_sync/ from src/errand/_async/: the sync client is the async one without async.

Run `python3 sdks/python/scripts/unasync.py` after changing _async/; `--check` exits 1 when the
committed _sync/ differs (tests/test_generated.py runs it), so the two clients keep one surface.
"""

from __future__ import annotations

import re
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


def main() -> int:
    check = "--check" in sys.argv
    stale = []
    TARGET.mkdir(exist_ok=True)
    for source in sorted(SOURCE.glob("*.py")):
        target = TARGET / source.name
        text = convert(source.read_text(encoding="utf-8"))
        if check:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                stale.append(str(target))
        else:
            target.write_text(text, encoding="utf-8")
    if stale:
        print(f"Out of date (run python3 sdks/python/scripts/unasync.py): {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
