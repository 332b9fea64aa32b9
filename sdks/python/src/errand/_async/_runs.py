"""Runs: create one from a prompt, read it and its steps, follow it live, wait for it, cancel it."""

from __future__ import annotations

import json
from typing import Dict, List, Any, AsyncIterator, Callable, Literal, Mapping, cast

from .._compat import async_monotonic, async_sleep
from .._errors import ErrandConnectionError, ErrandError, ErrandTimeoutError
from .._result import Download, RunEvent, is_final
from .._retry import new_idempotency_key
from .._sse import SseParser
from ..models import (
    AnswerRunApprovalResponse,
    CreatedRun,
    CreateRunBody,
    ErrandFile,
    GetRunRecordingResponse,
    GetRunTraceResponse,
    ListRecentRunsResponseRuns,
    Run,
    RunLimits,
    ScreenshotUrl,
    SendRunMessageResponse,
    SetRunLimitsBody,
    Step,
)
from ._http import AsyncHttp

#: The server sends a keepalive every 15 s: this long without a byte means the connection is gone.
IDLE_SECONDS = 45.0
#: Reconnections in a row that bring nothing new before falling back to polling.
MAX_EMPTY_RECONNECTS = 3
RECONNECT_DELAY_SECONDS = 0.5
#: Two reads per poll: every 2 s stays well under the default limit of 120 API requests a minute.
DEFAULT_POLL_SECONDS = 2.0


class AsyncRuns:
    def __init__(self, http: AsyncHttp) -> None:
        self._http = http

    async def create(self, body: CreateRunBody, *, idempotency_key: str | None = None) -> Run:
        """POST /runs, then the run read back. Retried safely: an Idempotency-Key is generated when none is given."""
        created = await self.start(body, idempotency_key=idempotency_key)
        return await self.get(created["id"])

    async def start(self, body: CreateRunBody, *, idempotency_key: str | None = None) -> CreatedRun:
        """POST /runs without reading the run back: its id, task, status and time limit, as soon as it is queued."""
        key = idempotency_key or new_idempotency_key()
        return cast(CreatedRun, await self._http.request("POST", "/runs", body=body, idempotency_key=key))

    async def get(self, run_id: str) -> Run:
        """GET /runs/{id}: the run with its status and result."""
        return cast(Run, await self._http.request("GET", f"/runs/{run_id}"))

    async def steps(self, run_id: str) -> List[Step]:
        """GET /runs/{id}/steps: the run's steps so far, oldest first."""
        return cast("List[Step]", (await self._http.request("GET", f"/runs/{run_id}/steps"))["steps"])

    async def recording(self, run_id: str) -> GetRunRecordingResponse:
        """GET /runs/{id}/recording: the run's session recording, every tab as rrweb events with step markers.

        An ErrandError (404) says why there is none: turned off, still running, or older than recordings.
        """
        return cast(GetRunRecordingResponse, await self._http.request("GET", f"/runs/{run_id}/recording"))

    async def har(self, run_id: str) -> Dict[str, Any]:
        """GET /runs/{id}/har: the run's requests and responses as HAR 1.2 (its `log`), cookies, credentials and secrets removed."""
        answer = await self._http.download(self._http.url(f"/runs/{run_id}/har"), accept="application/json")
        return cast("Dict[str, Any]", json.loads(answer.data))

    async def trace(self, run_id: str) -> GetRunTraceResponse:
        """GET /runs/{id}/trace: the run's spans, and each step's time split into model, browser and waiting."""
        return cast(GetRunTraceResponse, await self._http.request("GET", f"/runs/{run_id}/trace"))

    async def bundle(self, run_id: str) -> Download:
        """GET /runs/{id}/bundle: a ZIP of the run, its steps, screenshots, HAR, trace and recording (when it has one)."""
        return await self._http.download(self._http.url(f"/runs/{run_id}/bundle"), accept="application/zip")

    async def send_message(self, run_id: str, text: str) -> SendRunMessageResponse:
        """POST /runs/{id}/messages: tells the running agent something; it reads it before its next step, whose record says so.

        A 409 ErrandError when the run has already ended. Never sent twice: a retry could tell the agent twice.
        """
        body = {"text": text}
        return cast(SendRunMessageResponse, await self._http.request("POST", f"/runs/{run_id}/messages", body=body))

    async def messages(self, run_id: str) -> List[SendRunMessageResponse]:
        """GET /runs/{id}/messages: the messages sent to the run's agent, oldest first, each with the step that read it."""
        answer = await self._http.request("GET", f"/runs/{run_id}/messages")
        return cast("List[SendRunMessageResponse]", answer["messages"])

    async def list(self, *, limit: int | None = None, failure_kind: List[str] | None = None) -> List[ListRecentRunsResponseRuns]:
        """GET /runs: your latest runs across tasks, newest first."""
        kinds = ",".join(failure_kind) if failure_kind else None
        answer = await self._http.request("GET", "/runs", query={"limit": limit, "failure_kind": kinds})
        return cast("List[ListRecentRunsResponseRuns]", answer["runs"])

    async def files(self, run_id: str) -> List[ErrandFile]:
        """GET /runs/{id}/files: the uploads the run was given, then the files sites sent during it."""
        return cast("List[ErrandFile]", (await self._http.request("GET", f"/runs/{run_id}/files"))["data"])

    async def cancel(self, run_id: str) -> Run:
        """POST /runs/{id}/cancel: stops a pending run (a 409 ErrandError when it had already ended)."""
        return cast(Run, await self._http.request("POST", f"/runs/{run_id}/cancel"))

    async def set_limits(self, run_id: str, limits: SetRunLimitsBody) -> RunLimits:
        """PATCH /runs/{id}/limits: a pending run's cost and step limits (None removes one)."""
        return cast(RunLimits, await self._http.request("PATCH", f"/runs/{run_id}/limits", body=limits))

    async def approve(self, run_id: str, note: str | None = None) -> AnswerRunApprovalResponse:
        """POST /runs/{id}/approval: the action the run waits on (needs_approval) goes ahead (a 409 ErrandError when none waits)."""
        body = {"decision": "approve", **({"note": note} if note else {})}
        return cast(AnswerRunApprovalResponse, await self._http.request("POST", f"/runs/{run_id}/approval", body=body))

    async def deny(self, run_id: str, note: str | None = None) -> AnswerRunApprovalResponse:
        """POST /runs/{id}/approval with deny: the agent does not do it and reads the note in its next step."""
        body = {"decision": "deny", **({"note": note} if note else {})}
        return cast(AnswerRunApprovalResponse, await self._http.request("POST", f"/runs/{run_id}/approval", body=body))

    async def screenshot_url(self, id: str, *, type: Literal["runs", "steps"] = "runs") -> ScreenshotUrl:
        """GET /{type}/{id}/screenshot: a signed link (valid 10 minutes, no key needed) to a run's latest or a step's screenshot."""
        return cast(ScreenshotUrl, await self._http.request("GET", f"/{type}/{id}/screenshot"))

    async def screenshot(self, id: str, *, type: Literal["runs", "steps"] = "runs") -> Download:
        """The screenshot's image, read through its signed link: the API key goes only to the API."""
        link = (await self.screenshot_url(id, type=type))["signed_url"]
        return await self._http.download(link, with_key=False)

    async def stream(self, run_id: str, *, poll_interval: float = DEFAULT_POLL_SECONDS) -> AsyncIterator[RunEvent]:
        """The run's steps, each once and in order, and its updates; the ended run comes last.

        Listens to GET /runs/{id}/events; a dropped connection is resumed with Last-Event-ID (the
        last step received); when the stream cannot be had (a proxy that refuses event streams, a
        5xx) the run is polled every `poll_interval` seconds instead. Access errors (401, 404) raise.
        """
        last_step = 0
        empty_reconnects = 0
        while True:
            progressed = False
            headers = {"last-event-id": str(last_step)} if last_step else {}
            try:
                async with self._http.stream(f"/runs/{run_id}/events", headers, IDLE_SECONDS) as answer:
                    parser = SseParser()
                    async for line in answer.aiter_lines():
                        event = parser.feed(line)
                        if event is None:
                            continue
                        if event.event == "step":
                            step = cast(Step, json.loads(event.data))
                            if step["number"] <= last_step:
                                continue
                            last_step, progressed = step["number"], True
                            yield RunEvent("step", step=step)
                        elif event.event == "run":
                            run = cast(Run, json.loads(event.data))
                            yield RunEvent("run", run=run)
                            if is_final(run["status"]):
                                return
            except ErrandError as error:
                if _is_access_error(error):
                    raise
                break  # no stream to be had: poll
            except (ErrandConnectionError, ErrandTimeoutError):
                pass  # the connection broke: resume below
            empty_reconnects = 0 if progressed else empty_reconnects + 1
            if empty_reconnects > MAX_EMPTY_RECONNECTS:
                break
            await async_sleep(RECONNECT_DELAY_SECONDS * empty_reconnects)
        async for polled in self._poll(run_id, last_step, poll_interval):
            yield polled

    async def wait(
        self,
        run_id: str,
        *,
        timeout: float | None = None,
        on_step: Callable[[Step], Any] | None = None,
        poll_interval: float = DEFAULT_POLL_SECONDS,
    ) -> Run:
        """The run once it has ended (any final status); `on_step` sees each step as it happens.

        After `timeout` seconds ErrandTimeoutError is raised; the run keeps going.
        """
        deadline = None if timeout is None else async_monotonic() + timeout
        async for event in self.stream(run_id, poll_interval=poll_interval):
            if event.step is not None and on_step is not None:
                on_step(event.step)
            if event.run is not None and is_final(event.run["status"]):
                return event.run
            if deadline is not None and async_monotonic() > deadline:
                raise ErrandTimeoutError(f"The run had not ended after {timeout} s (it keeps going; cancel it if you need to)")
        raise ErrandConnectionError("The run's stream ended before the run did")

    async def _poll(self, run_id: str, after_step: int, interval: float) -> AsyncIterator[RunEvent]:
        """The fallback: reads the run, then its steps, every `interval` seconds; yields what is new."""
        last_step, last_run = after_step, ""
        while True:
            # The run first: when it has ended, the steps read after it are all there are.
            run = await self.get(run_id)
            for step in await self.steps(run_id):
                if step["number"] > last_step:
                    last_step = step["number"]
                    yield RunEvent("step", step=step)
            seen = json.dumps(run, sort_keys=True)
            if seen != last_run:
                last_run = seen
                yield RunEvent("run", run=run)
            if is_final(run["status"]):
                return
            await async_sleep(interval)


def _is_access_error(error: ErrandError) -> bool:
    """Errors no retry or fallback can fix: the key, the run's owner, the run's existence."""
    return 400 <= error.status < 500 and error.status not in (408, 429)


def settings_without_none(settings: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in settings.items() if value is not None}
