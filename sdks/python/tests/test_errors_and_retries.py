"""Typed errors from the real server, and retries against a tiny loopback server that answers as told."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterator

import pytest

from errand import Errand, ErrandConnectionError, ErrandError, ErrandTimeoutError, RateLimitError

MISSING = "00000000-0000-4000-8000-000000000000"


def test_a_missing_run_is_a_404_with_the_servers_message(errand: Errand) -> None:
    with pytest.raises(ErrandError) as raised:
        errand.runs.get(MISSING)
    assert raised.value.status == 404
    assert raised.value.code == "not_found"
    assert raised.value.message


def test_a_wrong_key_is_a_401(errand: Errand) -> None:
    with Errand("not-a-key", base_url=errand.base_url) as stranger:
        with pytest.raises(ErrandError) as raised:
            stranger.account.get()
    assert raised.value.status == 401


def test_a_refused_body_names_its_fields(errand: Errand) -> None:
    with pytest.raises(ErrandError) as raised:
        errand.runs.create({"prompt": ""})
    assert raised.value.status == 400
    assert raised.value.code == "validation_error"
    assert any(field["path"] == "prompt" for field in raised.value.fields or [])


class Script:
    """What the loopback server answers, in order, and what it was sent."""

    def __init__(self) -> None:
        self.answers: list[tuple[int, dict[str, str], Any]] = []
        self.requests: list[dict[str, str]] = []


@pytest.fixture()
def scripted() -> Iterator[tuple[Script, str]]:
    script = Script()

    class Handler(BaseHTTPRequestHandler):
        def answer(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            self.rfile.read(length)
            script.requests.append({"method": self.command, "path": self.path, **{k.lower(): v for k, v in self.headers.items()}})
            status, headers, body = script.answers.pop(0) if script.answers else (500, {}, {"error": {"code": "x", "message": "none left"}})
            data = json.dumps(body).encode()
            self.send_response(status)
            for name, value in {"content-type": "application/json", **headers}.items():
                self.send_header(name, value)
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = answer

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield script, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_read_answered_503_then_200_is_retried_after_retry_after(scripted: tuple[Script, str]) -> None:
    script, url = scripted
    busy = {"error": {"code": "unavailable", "message": "The server is restarting"}}
    script.answers = [(503, {"retry-after": "0"}, busy), (200, {}, {"id": "r", "status": "success"})]
    with Errand("k", base_url=url) as errand:
        assert dict(errand.runs.get("r")) == {"id": "r", "status": "success"}
    assert [r["path"] for r in script.requests] == ["/api/v1/runs/r", "/api/v1/runs/r"]
    assert script.requests[0]["x-api-key"] == "k"


def test_a_creation_is_retried_with_the_same_idempotency_key(scripted: tuple[Script, str]) -> None:
    script, url = scripted
    created = {"id": "r", "task_id": "t", "status": "pending", "time_limit": 60, "time_limit_note": None}
    script.answers = [(502, {"retry-after": "0"}, {}), (201, {}, created)]
    with Errand("k", base_url=url) as errand:
        assert errand.runs.start({"prompt": "x"})["id"] == "r"
    keys = [r["idempotency-key"] for r in script.requests]
    assert len(keys) == 2 and keys[0] == keys[1] and keys[0].startswith("sdk-")


def test_a_call_that_may_not_repeat_is_sent_once(scripted: tuple[Script, str]) -> None:
    script, url = scripted
    script.answers = [(503, {"retry-after": "0"}, {"error": {"code": "unavailable", "message": "busy"}})]
    with Errand("k", base_url=url) as errand, pytest.raises(ErrandError) as raised:
        errand.runs.cancel("r")
    assert raised.value.status == 503 and raised.value.message == "busy"
    assert len(script.requests) == 1


def test_a_long_retry_after_goes_to_the_caller(scripted: tuple[Script, str]) -> None:
    script, url = scripted
    script.answers = [(429, {"retry-after": "60"}, {"error": {"code": "rate_limited", "message": "Too many requests"}})]
    with Errand("k", base_url=url) as errand, pytest.raises(RateLimitError) as raised:
        errand.account.get()
    assert raised.value.retry_after == 60
    assert raised.value.message == "Too many requests"
    assert len(script.requests) == 1


def test_retries_stop_after_max_retries(scripted: tuple[Script, str]) -> None:
    script, url = scripted
    script.answers = [(500, {"retry-after": "0"}, {})] * 5
    with Errand("k", base_url=url, max_retries=1) as errand, pytest.raises(ErrandError) as raised:
        errand.account.get()
    assert raised.value.status == 500 and raised.value.code == "http_500"
    assert len(script.requests) == 2


def test_no_server_is_a_connection_error_and_a_silent_one_a_timeout() -> None:
    with Errand("k", base_url="http://127.0.0.1:9", max_retries=0) as errand, pytest.raises(ErrandConnectionError):
        errand.account.get()
    silent = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)  # accepts, never answers
    try:
        url = f"http://127.0.0.1:{silent.server_address[1]}"
        with Errand("k", base_url=url, timeout=0.2, max_retries=0) as errand, pytest.raises(ErrandTimeoutError):
            errand.account.get()
    finally:
        silent.server_close()


def test_the_key_and_url_come_from_the_environment(monkeypatch: pytest.MonkeyPatch, scripted: tuple[Script, str]) -> None:
    script, url = scripted
    monkeypatch.setenv("ERRAND_URL", url + "/")
    monkeypatch.setenv("ERRAND_API_KEY", "from-env")
    script.answers = [(200, {}, {"email": "a@b.c"})]
    with Errand() as errand:
        assert errand.base_url == url
        errand.account.get()
    assert script.requests[0]["x-api-key"] == "from-env"
