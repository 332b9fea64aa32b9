"""Generated code keeps to its source: models.py to the OpenAPI document, _sync/ (generated at build time) to the async client."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import errand._async

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def test_models_are_up_to_date() -> None:
    checked = subprocess.run([sys.executable, str(SCRIPTS / "generate_models.py"), "--check"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def _public(cls: type) -> set[str]:
    return {name for name in vars(cls) if not name.startswith("_")}


def test_sync_client_has_the_async_surface() -> None:
    """Each class of _async/ has its sync twin (without "Async") with the same public methods."""
    for module in pkgutil.iter_modules(errand._async.__path__):
        async_module = importlib.import_module(f"errand._async.{module.name}")
        sync_module = importlib.import_module(f"errand._sync.{module.name}")
        for name, cls in inspect.getmembers(async_module, inspect.isclass):
            if cls.__module__ == async_module.__name__:
                assert _public(getattr(sync_module, name.removeprefix("Async"))) == _public(cls), name


def test_models_name_the_answers_people_hold() -> None:
    from errand import models

    assert set(models.Run.__annotations__) >= {"id", "task_id", "status", "result", "response_format", "verification", "json_schema"}
    assert "NotRequired" in str(models.Run.__annotations__["json_schema"])
    assert "NotRequired" not in str(models.CreateRunBody.__annotations__["prompt"])
    assert models.GetRunResponse is models.Run
