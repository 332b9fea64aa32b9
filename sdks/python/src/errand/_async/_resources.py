"""Tasks, schedules, batches, saved logins, credentials, files, automations, account and webhooks."""

from __future__ import annotations

import base64
from typing import List, Any, Literal, cast

from .._compat import async_monotonic, async_sleep
from .._errors import ErrandTimeoutError
from .._retry import new_idempotency_key
from ..models import (
    Account as AccountInfo,
    AuthContext,
    Automation,
    AutomationFacets,
    AutomationRun,
    AutomationSummary,
    Batch,
    BatchRowsPage,
    CreateBatchBody,
    CreateCredentialBody,
    CreatedWebhook,
    CreateRunBody,
    CreateWebhookBody,
    Credential,
    ErrandFile,
    GetBatchResultsResponse,
    GetWebhookSecretResponse,
    ListWebhookEndpointDeliveriesResponse,
    RecordingList,
    Run,
    RunAutomationBody,
    Schedule,
    SetTaskScheduleBody,
    Task,
    TaskList,
    TestWebhookResponse,
    UpdateCredentialBody,
    UpdateTaskBody,
    Usage,
    Webhook,
)
from ._http import AsyncHttp

BATCH_POLL_SECONDS = 2.0


class AsyncTasks:
    """Saved prompts with their settings. A task is made by its first run (runs.create)."""

    def __init__(self, http: AsyncHttp) -> None:
        self._http = http

    async def list(self, *, page: int | None = None, search: str | None = None, tag: str | None = None) -> TaskList:
        """GET /tasks: a page of 10, newest first; `search` matches words of the prompt."""
        return cast(TaskList, await self._http.request("GET", "/tasks", query={"page": page, "search": search, "tag": tag}))

    async def get(self, task_id: str) -> Task:
        return cast(Task, await self._http.request("GET", f"/tasks/{task_id}"))

    async def update(self, task_id: str, changes: UpdateTaskBody) -> Task:
        """PATCH /tasks/{id}: changes only the fields sent; "" or None clears an optional one."""
        return cast(Task, await self._http.request("PATCH", f"/tasks/{task_id}", body=changes))

    async def delete(self, task_id: str) -> None:
        """DELETE /tasks/{id}: the task and all its runs."""
        await self._http.request("DELETE", f"/tasks/{task_id}")

    async def runs(self, task_id: str) -> List[Run]:
        """GET /tasks/{id}/runs: the task's runs, newest first."""
        return cast("List[Run]", (await self._http.request("GET", f"/tasks/{task_id}/runs"))["runs"])

    async def recordings(self, task_id: str) -> RecordingList:
        """GET /tasks/{id}/recordings: what running the task again replays without the model, newest first."""
        return cast(RecordingList, await self._http.request("GET", f"/tasks/{task_id}/recordings"))

    async def recording_as_playwright(self, task_id: str, version: int, *, form: Literal["node", "spec"] = "node") -> str:
        """GET /tasks/{id}/recordings/{version}/playwright: the recording as a standalone Playwright script (TypeScript),
        for `node <file>`, or with form="spec" a test for `npx playwright test` (save it as `<name>.spec.ts`)."""
        query = "" if form == "node" else f"?form={form}"
        url = self._http.url(f"/tasks/{task_id}/recordings/{version}/playwright{query}")
        return (await self._http.download(url, accept="text/plain")).data.decode("utf-8")

    async def run(self, task_id: str, settings: CreateRunBody | None = None, *, idempotency_key: str | None = None) -> Run:
        """POST /tasks/{id}/runs: runs the task again (replaying its recording when it has one; `mode` says
        "agent" or "replay" to choose), with `settings` when given, else with the task's saved ones."""
        body = settings if settings is not None else _settings_of(await self.get(task_id))
        key = idempotency_key or new_idempotency_key()
        created = await self._http.request("POST", f"/tasks/{task_id}/runs", body=body, idempotency_key=key)
        return cast(Run, await self._http.request("GET", f"/runs/{created['id']}"))


class AsyncSchedules:
    """A task's schedule: when it runs again by itself."""

    def __init__(self, http: AsyncHttp) -> None:
        self._http = http

    async def get(self, task_id: str) -> Schedule:
        return cast(Schedule, await self._http.request("GET", f"/tasks/{task_id}/schedule"))

    async def set(self, task_id: str, schedule: SetTaskScheduleBody) -> Schedule:
        """PUT /tasks/{id}/schedule: `repeat` (hourly, daily, ... or a cron expression) in `time_zone`."""
        return cast(Schedule, await self._http.request("PUT", f"/tasks/{task_id}/schedule", body=schedule))

    async def delete(self, task_id: str) -> None:
        await self._http.request("DELETE", f"/tasks/{task_id}/schedule")

    async def pause(self, task_id: str) -> Schedule:
        return cast(Schedule, await self._http.request("POST", f"/tasks/{task_id}/schedule/pause"))

    async def resume(self, task_id: str) -> Schedule:
        return cast(Schedule, await self._http.request("POST", f"/tasks/{task_id}/schedule/resume"))


class AsyncBatches:
    """A saved task run over rows of its prompt's {{inputs}}, one run per row (docs/adr/0041-batches.md)."""

    def __init__(self, http: AsyncHttp) -> None:
        self._http = http

    async def create(self, task_id: str, batch: CreateBatchBody) -> Batch:
        """POST /tasks/{id}/batches. Sent again with the same `idempotency_key` it answers the first batch."""
        return cast(Batch, await self._http.request("POST", f"/tasks/{task_id}/batches", body=batch))

    async def list(self, *, task_id: str | None = None) -> List[Batch]:
        return cast("List[Batch]", (await self._http.request("GET", "/batches", query={"task_id": task_id}))["batches"])

    async def get(self, batch_id: str) -> Batch:
        return cast(Batch, await self._http.request("GET", f"/batches/{batch_id}"))

    async def rows(self, batch_id: str, *, offset: int | None = None, limit: int | None = None) -> BatchRowsPage:
        query = {"offset": offset, "limit": limit}
        return cast(BatchRowsPage, await self._http.request("GET", f"/batches/{batch_id}/rows", query=query))

    async def results(self, batch_id: str) -> GetBatchResultsResponse:
        """GET /batches/{id}/results: rows by answer fields (JSON answers flattened to dotted names)."""
        answer = await self._http.request("GET", f"/batches/{batch_id}/results", query={"format": "json"})
        return cast(GetBatchResultsResponse, answer)

    async def results_csv(self, batch_id: str) -> str:
        url = self._http.url(f"/batches/{batch_id}/results")
        return (await self._http.download(url, query={"format": "csv"}, accept="text/csv")).data.decode("utf-8")

    async def pause(self, batch_id: str) -> Batch:
        return cast(Batch, await self._http.request("POST", f"/batches/{batch_id}/pause"))

    async def resume(self, batch_id: str) -> Batch:
        return cast(Batch, await self._http.request("POST", f"/batches/{batch_id}/resume"))

    async def cancel(self, batch_id: str) -> Batch:
        return cast(Batch, await self._http.request("POST", f"/batches/{batch_id}/cancel"))

    async def rerun_failed(self, batch_id: str) -> Batch:
        return cast(Batch, await self._http.request("POST", f"/batches/{batch_id}/rerun-failed"))

    async def wait(self, batch_id: str, *, timeout: float | None = None, poll_interval: float = BATCH_POLL_SECONDS) -> Batch:
        """The batch once it is no longer running (finished, cancelled, or paused: `status_reason` says why)."""
        deadline = None if timeout is None else async_monotonic() + timeout
        while True:
            batch = await self.get(batch_id)
            if batch["status"] != "running":
                return batch
            if deadline is not None and async_monotonic() >= deadline:
                raise ErrandTimeoutError(f"The batch had not finished after {timeout} s (it keeps going)")
            await async_sleep(poll_interval)


class AsyncAuthContexts:
    """Saved logins a run can start signed in with (`auth_context_id`). Made in the web app."""

    def __init__(self, http: AsyncHttp) -> None:
        self._http = http

    async def list(self) -> List[AuthContext]:
        return cast("List[AuthContext]", (await self._http.request("GET", "/auth-contexts"))["auth_contexts"])

    async def get(self, auth_context_id: str) -> AuthContext:
        return cast(AuthContext, await self._http.request("GET", f"/auth-contexts/{auth_context_id}"))

    async def delete(self, auth_context_id: str) -> None:
        await self._http.request("DELETE", f"/auth-contexts/{auth_context_id}")


class AsyncCredentials:
    """Logins the agent may type into sites. Write-only: answers never carry the password or TOTP secret."""

    def __init__(self, http: AsyncHttp) -> None:
        self._http = http

    async def list(self) -> List[Credential]:
        return cast("List[Credential]", (await self._http.request("GET", "/credentials"))["credentials"])

    async def get(self, credential_id: str) -> Credential:
        return cast(Credential, await self._http.request("GET", f"/credentials/{credential_id}"))

    async def create(self, credential: CreateCredentialBody) -> Credential:
        return cast(Credential, await self._http.request("POST", "/credentials", body=credential))

    async def update(self, credential_id: str, changes: UpdateCredentialBody) -> Credential:
        return cast(Credential, await self._http.request("PATCH", f"/credentials/{credential_id}", body=changes))

    async def delete(self, credential_id: str) -> None:
        await self._http.request("DELETE", f"/credentials/{credential_id}")


class AsyncFiles:
    """Uploads a run can be given (`files`), and files sites sent during a run (runs.files)."""

    def __init__(self, http: AsyncHttp) -> None:
        self._http = http

    async def upload(self, name: str, data: bytes, *, content_type: str | None = None) -> ErrandFile:
        """POST /files: at most 10 MB; answers the file, whose id a run's `files` names."""
        body: dict[str, Any] = {"name": name, "data": base64.b64encode(data).decode("ascii")}
        if content_type:
            body["content_type"] = content_type
        return cast(ErrandFile, await self._http.request("POST", "/files", body=body))

    async def list(self, *, limit: int | None = None) -> List[ErrandFile]:
        return cast("List[ErrandFile]", (await self._http.request("GET", "/files", query={"limit": limit}))["data"])

    async def get(self, file_id: str) -> ErrandFile:
        return cast(ErrandFile, await self._http.request("GET", f"/files/{file_id}"))

    async def delete(self, file_id: str) -> None:
        await self._http.request("DELETE", f"/files/{file_id}")

    async def content(self, file_id: str) -> bytes:
        return (await self._http.download(self._http.url(f"/files/{file_id}/content"))).data


class AsyncAutomations:
    """The public marketplace of ready-made automations (reading needs no key; running one does)."""

    def __init__(self, http: AsyncHttp) -> None:
        self._http = http

    async def list(
        self, *, search: str | None = None, category: str | None = None, application: str | None = None
    ) -> List[AutomationSummary]:
        query = {"search": search, "category": category, "application": application}
        return cast("List[AutomationSummary]", (await self._http.request("GET", "/automations", query=query))["automations"])

    async def get(self, slug: str) -> Automation:
        return cast(Automation, await self._http.request("GET", f"/automations/{slug}"))

    async def facets(self) -> AutomationFacets:
        return cast(AutomationFacets, await self._http.request("GET", "/automations/facets"))

    async def run(self, slug: str, settings: RunAutomationBody | None = None, *, idempotency_key: str | None = None) -> AutomationRun:
        """POST /automations/{slug}/runs: queues a run with the automation's settings, each one given instead."""
        key = idempotency_key or new_idempotency_key()
        answer = await self._http.request("POST", f"/automations/{slug}/runs", body=settings or {}, idempotency_key=key)
        return cast(AutomationRun, answer)


class AsyncAccount:
    """The account the API key belongs to."""

    def __init__(self, http: AsyncHttp) -> None:
        self._http = http

    async def get(self) -> AccountInfo:
        """GET /account: e-mail and balance."""
        return cast(AccountInfo, await self._http.request("GET", "/account"))

    async def usage(
        self,
        *,
        days: int | None = None,
        time_zone: str | None = None,
        group_by: Literal["member", "api_key", "tag", "failure_kind"] | None = None,
    ) -> Usage:
        """GET /usage: what runs were charged per day over the last `days` (default 30)."""
        query = {"days": days, "time_zone": time_zone, "group_by": group_by}
        return cast(Usage, await self._http.request("GET", "/usage", query=query))

    async def usage_csv(self, *, days: int | None = None, time_zone: str | None = None) -> str:
        """The same rows as CSV text (a header row, RFC 4180)."""
        query = {"days": days, "time_zone": time_zone, "format": "csv"}
        return (await self._http.download(self._http.url("/usage"), query=query, accept="text/csv")).data.decode("utf-8")

    async def webhook_secret(self) -> str:
        """The secret that signs deliveries to a run's webhook_url (for errand.verify_signature)."""
        answer = cast(GetWebhookSecretResponse, await self._http.request("GET", "/account/webhook-secret"))
        return answer["webhook_secret"]

    async def delete(self) -> None:
        """DELETE /account: deletes the account, its personal workspace and everything in it.

        What it made in team workspaces stays there (docs/adr/0040-team-workspaces-outlive-their-members.md).
        Only with the personal key: a named key gets PermissionDeniedError (403). While the account is
        a team workspace's last owner, ErrandError with status 409 whose message names the workspace.
        """
        await self._http.request("DELETE", "/account")


class AsyncWebhooks:
    """Endpoints that get every run's events, each signed with its own secret (docs/api.md, "Webhooks")."""

    def __init__(self, http: AsyncHttp) -> None:
        self._http = http

    async def list(self) -> List[Webhook]:
        return cast("List[Webhook]", (await self._http.request("GET", "/webhooks"))["webhooks"])

    async def create(self, webhook: CreateWebhookBody) -> CreatedWebhook:
        """POST /webhooks: the answer holds the signing `secret`, shown this once."""
        return cast(CreatedWebhook, await self._http.request("POST", "/webhooks", body=webhook))

    async def get(self, webhook_id: str) -> Webhook:
        return cast(Webhook, await self._http.request("GET", f"/webhooks/{webhook_id}"))

    async def delete(self, webhook_id: str) -> None:
        await self._http.request("DELETE", f"/webhooks/{webhook_id}")

    async def test(self, webhook_id: str) -> TestWebhookResponse:
        """POST /webhooks/{id}/test: sends a signed test delivery now and says how the endpoint answered."""
        return cast(TestWebhookResponse, await self._http.request("POST", f"/webhooks/{webhook_id}/test"))

    async def deliveries(self, webhook_id: str) -> ListWebhookEndpointDeliveriesResponse:
        answer = await self._http.request("GET", f"/webhooks/{webhook_id}/deliveries")
        return cast(ListWebhookEndpointDeliveriesResponse, answer)


def _settings_of(task: Task) -> CreateRunBody:
    """A saved task's settings as a run's body (None fields left out)."""
    body: dict[str, Any] = {
        "prompt": task["prompt"],
        "model": task["model"],
        "provider": task["model_provider"],
        "response_format": task["response_format"],
        "session_timeout": task["session_timeout"],
    }
    for name in ("json_schema", "auth_context_id", "webhook_url", "initial_url"):
        value = task.get(name)
        if value is not None:
            body[name] = value
    return cast(CreateRunBody, body)
