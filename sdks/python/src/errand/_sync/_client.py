# Generated from ../_async/ by scripts/unasync.py: do not edit.
"""The client: its resources, and `run`, which runs a prompt and answers the ended run with its data."""

from __future__ import annotations

from types import TracebackType
from typing import Any, Callable, Mapping, TypeVar, cast, overload

import httpx

from .._config import Config
from .._errors import ErrandTimeoutError
from .._result import FinishedRun, finished, json_schema_for
from .._retry import new_idempotency_key
from ..models import CreateRunBody, Step
from ._http import Http
from ._resources import (
    Account,
    AuthContexts,
    Automations,
    Batches,
    Credentials,
    Files,
    Schedules,
    Tasks,
    Webhooks,
)
from ._evaluations import Evaluations
from ._runs import Runs, settings_without_none
from ._workspaces import Workspaces

M = TypeVar("M")


class Errand:
    """The Errand API client.

    `api_key` and `base_url` default to the ERRAND_API_KEY and ERRAND_URL environment variables
    (else http://localhost:3000). `timeout` bounds each request (seconds); reads and creations are
    retried up to `max_retries` times after a network error, a timeout, 408, 5xx, or a 429 whose
    Retry-After is at most 10 s. `transport` is an httpx transport to send through (tests, proxies).
    """

    def __init__(
        self,
        api_key: str | None = None,
        *,
        base_url: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 2,
        user_agent: str | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        config = Config.of(api_key, base_url, timeout, max_retries, user_agent)
        self.base_url = config.base_url
        self._http = Http(config, transport)
        self.runs = Runs(self._http)
        self.tasks = Tasks(self._http)
        self.schedules = Schedules(self._http)
        self.batches = Batches(self._http)
        self.auth_contexts = AuthContexts(self._http)
        self.credentials = Credentials(self._http)
        self.files = Files(self._http)
        self.automations = Automations(self._http)
        self.account = Account(self._http)
        self.webhooks = Webhooks(self._http)
        self.evaluations = Evaluations(self._http)
        self.workspaces = Workspaces(self._http)

    def close(self) -> None:
        """Closes the client's connections."""
        self._http.close()

    def __enter__(self) -> Errand:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()

    def run_url(self, run: Mapping[str, Any]) -> str:
        """The run's page in the web app."""
        return f"{self.base_url}/tasks/{run['task_id']}/task-runs/{run['id']}"

    @overload
    def run(
        self,
        prompt: str,
        *,
        schema: type[M],
        timeout: float | None = None,
        on_step: Callable[[Step], Any] | None = None,
        idempotency_key: str | None = None,
        **settings: Any,
    ) -> FinishedRun[M]: ...

    @overload
    def run(
        self,
        prompt: str,
        *,
        schema: Mapping[str, Any] | None = None,
        timeout: float | None = None,
        on_step: Callable[[Step], Any] | None = None,
        idempotency_key: str | None = None,
        **settings: Any,
    ) -> FinishedRun[Any]: ...

    def run(
        self,
        prompt: str,
        *,
        schema: Any = None,
        timeout: float | None = None,
        on_step: Callable[[Step], Any] | None = None,
        idempotency_key: str | None = None,
        **settings: Any,
    ) -> FinishedRun[Any]:
        """Runs a prompt and answers the ended run (whatever its status) with its result as `data`.

        With `schema` (a pydantic model class, v1 or v2, or a JSON schema dict) the run asks for
        JSON following it, and `data` is the validated model instance (or the parsed dict). Other
        keyword arguments are the run's settings (initial_url, mode, files, max_steps, ...).
        After `timeout` seconds the run is cancelled and ErrandTimeoutError raised.
        """
        body = settings_without_none(settings)
        body["prompt"] = prompt
        if schema is not None:
            body.setdefault("json_schema", json_schema_for(schema))
            body["response_format"] = "json"
        created = self.runs.start(cast(CreateRunBody, body), idempotency_key=idempotency_key or new_idempotency_key())
        try:
            ended = self.runs.wait(created["id"], timeout=timeout, on_step=on_step)
        except ErrandTimeoutError:
            # Nobody waits for it any more: do not let it spend the account's time and credits.
            self._cancel_quietly(created["id"])
            raise
        return finished(ended, schema)

    def _cancel_quietly(self, run_id: str) -> None:
        try:
            self.runs.cancel(run_id)
        except Exception:  # noqa: BLE001 - the timeout is what the caller needs to hear about
            pass
