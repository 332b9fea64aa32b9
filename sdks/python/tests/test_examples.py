"""The examples other than example.py (which python-sdk.test.ts runs from an installed wheel), run as written."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.mark.parametrize("name", ["notebook_style.py", "airflow_task.py", "langchain_tool.py"])
def test_example_runs_as_written(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / name), run_name="__main__")
    printed = capsys.readouterr().out
    assert "Done." in printed or "Aurora Laptop 14" in printed
