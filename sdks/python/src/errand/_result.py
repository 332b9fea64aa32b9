"""A run's result as data: a pydantic model (v1 or v2) when one is given, else parsed JSON or text."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Generic, Mapping, TypeVar

from ._errors import ErrandResultError
from .models import Run, Step

T = TypeVar("T")

FINAL_STATUSES = ("success", "failed", "error", "cancelled")


def is_final(status: str) -> bool:
    return status in FINAL_STATUSES


@dataclass
class FinishedRun(Generic[T]):
    """An ended run (`run`, as GET /runs/{id} answers it) and its result as `data`.

    `data` is None unless the run succeeded.
    """

    run: Run
    data: T | None

    @property
    def id(self) -> str:
        return self.run["id"]

    @property
    def status(self) -> str:
        return self.run["status"]

    @property
    def status_reason(self) -> str | None:
        return self.run["status_reason"]


@dataclass
class RunEvent:
    """One event of a run's stream: a new step (`type` "step"), or the run as it is now ("run")."""

    type: str
    step: Step | None = None
    run: Run | None = None


@dataclass
class Download:
    """Bytes the API answered with, and their media type."""

    data: bytes
    content_type: str


def is_pydantic_model(schema: Any) -> bool:
    return isinstance(schema, type) and (hasattr(schema, "model_validate") or hasattr(schema, "parse_obj"))


def json_schema_for(schema: Any) -> Any:
    """The JSON schema the agent's answer must follow: a pydantic model's own (v2 or v1), or a dict as given."""
    if schema is None or isinstance(schema, Mapping):
        return schema
    if hasattr(schema, "model_json_schema"):
        return schema.model_json_schema()
    if hasattr(schema, "schema") and callable(schema.schema):
        return schema.schema()
    raise TypeError("schema must be a pydantic model class or a JSON schema (a dict)")


def finished(run: Run, schema: Any = None) -> FinishedRun[Any]:
    """The ended run with its result as data: validated by a pydantic `schema`, parsed for json runs, else text."""
    if run["status"] != "success":
        return FinishedRun(run, None)
    if run["response_format"] != "json":
        return FinishedRun(run, run["result"])
    try:
        parsed = None if run["result"] is None else json.loads(run["result"])
    except ValueError:
        raise ErrandResultError("The run succeeded but its result is not valid JSON", dict(run)) from None
    if not is_pydantic_model(schema):
        return FinishedRun(run, parsed)
    try:
        validated = schema.model_validate(parsed) if hasattr(schema, "model_validate") else schema.parse_obj(parsed)
    except ValueError as error:  # pydantic's ValidationError is a ValueError in v1 and v2
        raise ErrandResultError("The run succeeded but its result does not match the schema", dict(run), error) from error
    return FinishedRun(run, validated)
