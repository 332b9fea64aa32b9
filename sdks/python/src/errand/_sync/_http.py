# Generated from ../_async/ by scripts/unasync.py: do not edit.
"""Sends API calls: authentication, JSON, typed errors, timeouts and safe retries."""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Any, Iterator, Mapping

import httpx

from .._compat import sync_sleep
from .._config import API_PREFIX, Config
from .._errors import ErrandConnectionError, ErrandError, ErrandTimeoutError, error_from_answer
from .._result import Download
from .._retry import may_repeat, retry_delay

Query = Mapping[str, "str | int | float | bool | None"]


class Http:
    def __init__(self, config: Config, transport: httpx.BaseTransport | None) -> None:
        self.config = config
        self._client = httpx.Client(transport=transport, timeout=config.timeout, follow_redirects=False)

    def close(self) -> None:
        self._client.close()

    def url(self, path: str) -> str:
        return f"{self.config.base_url}{API_PREFIX}{path}"

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Query | None = None,
        body: Any = None,
        text: tuple[str, str] | None = None,
        idempotency_key: str | None = None,
    ) -> Any:
        """The parsed JSON answer (None for 204). Raises ErrandError and its kinds for error answers.

        `body` is sent as JSON; `text` instead is (content type, text) sent as it is (a YAML suite).
        """
        headers = self.config.headers()
        content = None
        if text is not None:
            headers["content-type"], content = text[0], text[1].encode("utf-8")
        elif body is not None:
            headers["content-type"] = "application/json"
            content = json.dumps(body).encode("utf-8")
        if idempotency_key:
            headers["idempotency-key"] = idempotency_key
        answer = self._send(method, self.url(path), query, headers, content, may_repeat(method, idempotency_key))
        if answer.status_code == 204 or not answer.content:
            return None
        try:
            return answer.json()
        except ValueError:
            # A 2xx that is not JSON: something between us and the server answered (a captive portal, a proxy).
            raise ErrandError(answer.status_code, "invalid_response", "The answer was not JSON: is base_url an Errand server?") from None

    def download(self, url: str, *, query: Query | None = None, accept: str = "*/*", with_key: bool = True) -> Download:
        """Bytes from the API (with the key), or from a link outside it such as a signed screenshot (never with the key)."""
        headers = self.config.headers(accept) if with_key else {"user-agent": self.config.user_agent}
        answer = self._send("GET", url, query, headers, None, True)
        content_type = answer.headers.get("content-type", "application/octet-stream").split(";")[0].strip().lower()
        return Download(answer.content, content_type)

    @contextmanager
    def stream(self, path: str, headers: Mapping[str, str], idle_seconds: float) -> Iterator[httpx.Response]:
        """Opens a streaming answer (Server-Sent Events): no retries; non-2xx answers raise their typed error.

        The timeout covers the wait for the answer's headers; then `idle_seconds` without a byte
        means the connection is gone.
        """
        all_headers = {**self.config.headers("text/event-stream"), **headers}
        timeout = httpx.Timeout(self.config.timeout, read=idle_seconds)
        try:
            with self._client.stream("GET", self.url(path), headers=all_headers, timeout=timeout) as answer:
                if answer.status_code >= 300:
                    answer.read()
                    raise error_from_answer(answer.status_code, answer.reason_phrase, answer.content, answer.headers)
                yield answer
        except httpx.TimeoutException as error:
            raise ErrandTimeoutError("The event stream went quiet") from error
        except httpx.HTTPError as error:
            raise ErrandConnectionError(f"Could not reach the Errand server ({error})") from error

    def _send(
        self, method: str, url: str, query: Query | None, headers: dict[str, str], content: bytes | None, repeatable: bool
    ) -> httpx.Response:
        max_retries = self.config.max_retries if repeatable else 0
        params = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in (query or {}).items() if v is not None}
        retry = 0
        while True:
            failure: Exception
            status: int | None = None
            retry_after: float | None = None
            try:
                answer = self._client.request(method, url, params=params, headers=headers, content=content)
                if answer.status_code < 300:
                    return answer
                failure = error_from_answer(answer.status_code, answer.reason_phrase, answer.content, answer.headers)
                status = answer.status_code
                retry_after = getattr(failure, "retry_after", None) or _seconds(answer.headers.get("retry-after"))
            except httpx.TimeoutException as error:
                failure = ErrandTimeoutError(f"No answer within {self.config.timeout} s")
                failure.__cause__ = error
            except httpx.HTTPError as error:
                failure = ErrandConnectionError(f"Could not reach the Errand server ({error})")
                failure.__cause__ = error
            retry += 1
            delay = retry_delay(status, retry_after, retry) if retry <= max_retries else None
            if delay is None:
                raise failure
            sync_sleep(delay)


def _seconds(value: str | None) -> float | None:
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None
