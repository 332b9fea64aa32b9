"""The build's one step before setuptools collects the package: the sync client (src/errand/_sync/)
is generated from the async one, never committed (docs/adr/0046-python-sdk.md). An sdist carries
the generated files and not the script, so building a wheel from it skips this step."""

import runpy
from pathlib import Path

from setuptools import setup

UNASYNC = Path(__file__).resolve().parent / "scripts" / "unasync.py"
if UNASYNC.exists():
    runpy.run_path(str(UNASYNC))["write"]()

setup()
