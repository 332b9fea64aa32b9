"""Following a run live over Server-Sent Events: in order, resumed after a dropped connection, polled without a stream."""

from __future__ import annotations

import re
from typing import Any, Iterator

import httpx

from errand import Errand, RunEvent

STEPS_PROMPT = "Read the news page [py:steps]"
EVENTS = re.compile(r"/runs/[^/]+/events$")


def whole_run(errand: Errand, run_id: str, events: list[RunEvent]) -> None:
    """The stream's steps are the run's steps, in order, each once; the ended run comes last."""
    streamed = [e.step["id"] for e in events if e.step is not None]
    recorded = errand.runs.steps(run_id)
    assert len(recorded) >= 4
    assert streamed == [s["id"] for s in recorded]
    assert events[-1].run is not None and events[-1].run["status"] == "success"


def test_stream_yields_each_step_as_it_happens_then_the_ended_run(errand: Errand) -> None:
    run = errand.runs.create({"prompt": STEPS_PROMPT})
    events = list(errand.runs.stream(run["id"]))
    whole_run(errand, run["id"], events)
    first_step = next(i for i, e in enumerate(events) if e.step is not None)
    assert any(e.run is not None and e.run["status"] == "pending" for e in events[first_step:])


class CutAfterFirstStep(httpx.SyncByteStream):
    """The first event stream breaks right after its first step, as a proxy or a network would cut it."""

    def __init__(self, inner: httpx.SyncByteStream) -> None:
        self.inner = inner

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.inner:
            yield chunk
            if b"event: step" in chunk:
                raise httpx.ReadError("connection reset")

    def close(self) -> None:
        self.inner.close()


class Cutting(httpx.HTTPTransport):
    def __init__(self) -> None:
        super().__init__()
        self.last_event_ids: list[str | None] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        answer = super().handle_request(request)
        if not EVENTS.search(request.url.path):
            return answer
        self.last_event_ids.append(request.headers.get("last-event-id"))
        if len(self.last_event_ids) > 1:
            return answer
        stream: Any = answer.stream
        return httpx.Response(answer.status_code, headers=answer.headers, stream=CutAfterFirstStep(stream), extensions=answer.extensions)


def test_a_dropped_stream_resumes_with_last_event_id_and_no_step_twice() -> None:
    cutting = Cutting()
    with Errand(transport=cutting) as errand:
        run = errand.runs.create({"prompt": STEPS_PROMPT})
        events = list(errand.runs.stream(run["id"]))
        whole_run(errand, run["id"], events)
    assert cutting.last_event_ids[0] is None
    assert int(cutting.last_event_ids[1] or 0) >= 1


class NoStreams(httpx.HTTPTransport):
    def __init__(self) -> None:
        super().__init__()
        self.refused = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if not EVENTS.search(request.url.path):
            return super().handle_request(request)
        self.refused += 1
        return httpx.Response(503, json={"error": {"code": "unavailable", "message": "no event streams here"}})


def test_without_a_stream_the_run_is_polled_with_the_same_steps_and_ending() -> None:
    refusing = NoStreams()
    with Errand(transport=refusing) as errand:
        run = errand.runs.create({"prompt": STEPS_PROMPT})
        seen: list[int] = []
        ended = errand.runs.wait(run["id"], poll_interval=0.2, on_step=lambda step: seen.append(step["number"]))
        assert ended["status"] == "success"
        assert seen == [s["number"] for s in errand.runs.steps(run["id"])]
    assert refusing.refused == 1
