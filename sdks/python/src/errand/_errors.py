"""The errors the SDK raises: the API's error answers by kind, and failures to get an answer."""

from __future__ import annotations

import json
from email.utils import parsedate_to_datetime
from datetime import datetime, timezone
from typing import Any


class ErrandError(Exception):
    """An error answer of the API, `{"error": {code, message, fields?}}`.

    `status` is the HTTP status, `code` one of the API's error codes (validation_error,
    unauthorized, not_found...), `message` the server's own words, `fields` the refused fields.
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        fields: list[dict[str, Any]] | None = None,
        request_id: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
        #: The x-request-id of the answer, when the server sent one (quote it when asking for help).
        self.request_id = request_id

    def __str__(self) -> str:
        return f"{self.message} (HTTP {self.status}, {self.code})"


class RateLimitError(ErrandError):
    """429: too many requests per minute (rate_limited) or too many runs waiting (too_many_runs)."""

    def __init__(self, status: int, code: str, message: str, *, retry_after: float | None = None, **extra: Any) -> None:
        super().__init__(status, code, message, **extra)
        #: Seconds from the Retry-After header; None when the server did not say.
        self.retry_after = retry_after


class InsufficientCreditsError(ErrandError):
    """402: no credits or free prompts left for a new run."""


class PermissionDeniedError(ErrandError):
    """403: the key's scope (read, run, manage) or its owner's role in the workspace does not allow the call.

    `message` names what is missing, e.g. "This API key lacks the manage scope".
    """


class ErrandConnectionError(Exception):
    """The server could not be reached, or the connection broke before an answer (after any retries)."""


class ErrandTimeoutError(Exception):
    """A request, or a wait for a run, took longer than allowed. A waited-for run keeps going."""


class ErrandResultError(Exception):
    """A successful run's result is not the JSON asked for: not JSON, or refused by the schema given."""

    def __init__(self, message: str, run: dict[str, Any], errors: Any = None) -> None:
        super().__init__(message)
        self.run = run
        #: What the schema's validation reported.
        self.errors = errors


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a Retry-After header (a number or an HTTP date); None when absent or unreadable."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


def error_from_answer(status: int, reason: str, body: bytes, headers: Any) -> ErrandError:
    """The typed error for a non-2xx answer; tolerates a body that is not the API's JSON shape."""
    error: dict[str, Any] = {}
    try:
        parsed = json.loads(body)
        if isinstance(parsed, dict) and isinstance(parsed.get("error"), dict):
            error = parsed["error"]
    except ValueError:
        pass
    code = error.get("code") if isinstance(error.get("code"), str) else f"http_{status}"
    message = error.get("message") if isinstance(error.get("message"), str) else f"HTTP {status} {reason}".strip()
    extra: dict[str, Any] = {"fields": error.get("fields"), "request_id": headers.get("x-request-id")}
    if status == 429:
        return RateLimitError(status, str(code), str(message), retry_after=parse_retry_after(headers.get("retry-after")), **extra)
    if status == 402 or code == "insufficient_credits":
        return InsufficientCreditsError(status, str(code), str(message), **extra)
    if status == 403:
        return PermissionDeniedError(status, str(code), str(message), **extra)
    return ErrandError(status, str(code), str(message), **extra)
