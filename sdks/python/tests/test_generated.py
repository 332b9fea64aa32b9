"""The committed generated code matches its source: models.py the OpenAPI document (_sync/ is generated at build time)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def test_models_are_up_to_date() -> None:
    checked = subprocess.run([sys.executable, str(SCRIPTS / "generate_models.py"), "--check"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_models_name_the_answers_people_hold() -> None:
    from errand import models

    assert set(models.Run.__annotations__) >= {"id", "task_id", "status", "result", "response_format", "verification", "json_schema"}
    assert "NotRequired" in str(models.Run.__annotations__["json_schema"])
    assert "NotRequired" not in str(models.CreateRunBody.__annotations__["prompt"])
    assert models.GetRunResponse is models.Run
