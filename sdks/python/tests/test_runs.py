"""Runs against the real server: create, wait, errand.run with a model, limits, cancel, screenshots, files,
the HAR, trace and bundle downloads, and messages to a running agent."""

from __future__ import annotations

import asyncio
import io
import zipfile
from typing import Any

import pytest

from errand import AsyncErrand, Errand, ErrandError, ErrandResultError, ErrandTimeoutError

LAPTOP = {"name": "Aurora Laptop 14", "price": 1299}
PNG, JPEG = b"\x89PNG", b"\xff\xd8\xff"


def test_creates_a_text_run_waits_for_it_and_reads_the_answer(errand: Errand) -> None:
    run = errand.runs.create({"prompt": "Say you are done"})
    assert run["status"] == "pending" and run["response_format"] == "text"
    ended = errand.runs.wait(run["id"])
    assert (ended["id"], ended["status"], ended["result"]) == (run["id"], "success", "Done.")
    assert errand.run_url(ended) == f"{errand.base_url}/tasks/{run['task_id']}/task-runs/{run['id']}"


def test_run_answers_the_ended_run_with_its_text(errand: Errand) -> None:
    run = errand.run("Say you are done, please")
    assert (run.status, run.data) == ("success", "Done.")


def test_run_with_a_pydantic_model_sends_its_schema_and_gives_the_validated_object(errand: Errand) -> None:
    pydantic = pytest.importorskip("pydantic")

    class Product(pydantic.BaseModel):  # type: ignore[name-defined,misc]
        name: str
        price: float

    run = errand.run("Read the laptop's name and price [py:json]", schema=Product)
    assert run.run["response_format"] == "json"
    assert run.run.get("json_schema", {})["properties"]["price"]["type"] == "number"
    assert isinstance(run.data, Product)
    assert (run.data.name, run.data.price) == (LAPTOP["name"], LAPTOP["price"])


def test_run_with_a_json_schema_gives_the_dict_and_a_refusing_model_raises(errand: Errand) -> None:
    schema = {"type": "object", "properties": {"name": {"type": "string"}, "price": {"type": "number"}}}
    assert errand.run("Read the laptop's name and price [py:json]", schema=schema).data == LAPTOP

    pydantic = pytest.importorskip("pydantic")

    class Wrong(pydantic.BaseModel):  # type: ignore[name-defined,misc]
        name: str
        colour: str

    # The agent is given a looser JSON schema, so that the run succeeds and the model's check refuses it.
    with pytest.raises(ErrandResultError) as raised:
        errand.run("Read the laptop's name and price [py:json]", schema=Wrong, json_schema={"type": "object"})
    assert raised.value.run["status"] == "success"
    assert "colour" in str(raised.value.errors)


def test_a_failed_run_answers_with_its_reason_and_no_data(errand: Errand) -> None:
    run = errand.run("Open the page that is not there [py:fail]")
    assert (run.status, run.data) == ("failed", None)
    assert "There is no such page." in (run.status_reason or "")


def test_limits_change_while_a_run_goes_on_and_it_stops_at_its_step_limit(errand: Errand) -> None:
    run = errand.runs.create({"prompt": "Keep waiting [py:slow]", "max_steps": 40, "on_limit": "stop"})
    assert errand.runs.set_limits(run["id"], {"max_steps": 1}) == {"max_cost_usd": None, "max_steps": 1, "on_limit": "stop"}
    ended = errand.runs.wait(run["id"])
    assert ended["status"] == "failed"
    assert ended["status_reason"] == "Stopped: reached its step limit of 1 step"


def test_a_run_that_outlasts_its_timeout_is_cancelled(errand: Errand) -> None:
    with pytest.raises(ErrandTimeoutError):
        errand.run("Keep waiting [py:slow]", timeout=0.5)
    latest = errand.runs.list(limit=1)[0]
    assert errand.runs.wait(latest["id"])["status"] == "cancelled"
    with pytest.raises(ErrandError) as raised:
        errand.runs.cancel(latest["id"])
    assert raised.value.status == 409


def test_screenshots_come_through_their_signed_link(errand: Errand) -> None:
    run = errand.run("Read the news page [py:steps]")
    assert run.status == "success"
    step = [s for s in errand.runs.steps(run.id) if s["has_screenshot"]][-1]
    assert errand.runs.screenshot_url(step["id"], type="steps")["signed_url"].startswith("http")
    image = errand.runs.screenshot(step["id"], type="steps")
    assert image.content_type in ("image/png", "image/jpeg")
    assert image.data.startswith((PNG, JPEG))
    # A run's screenshot is its latest step's.
    assert errand.runs.screenshot(run.id).data.startswith((PNG, JPEG))
    with pytest.raises(ErrandError) as raised:
        errand.runs.screenshot_url("00000000-0000-4000-8000-000000000000", type="steps")
    assert raised.value.status == 404


def test_a_run_given_an_upload_lists_it_among_its_files(errand: Errand) -> None:
    upload = errand.files.upload("note.txt", b"hello from python", content_type="text/plain")
    run = errand.run("Say you are done", files=[upload["id"]])
    assert run.status == "success"
    files = errand.runs.files(run.id)
    assert [(f["id"], f["origin"]) for f in files][:1] == [(upload["id"], "upload")]


def test_a_run_downloads_its_har_trace_and_bundle(errand: Errand, sites_url: str) -> None:
    run = errand.run("Read the news page [py:steps]")
    assert run.status == "success"
    har = errand.runs.har(run.id)
    assert har["log"]["version"] == "1.2"
    assert any(entry["request"]["url"].startswith(f"{sites_url}/news") for entry in har["log"]["entries"])
    trace = errand.runs.trace(run.id)
    assert (trace["run_id"], trace["status"]) == (run.id, "success")
    assert [step["number"] for step in trace["steps"]] == [step["number"] for step in errand.runs.steps(run.id)]
    bundle = errand.runs.bundle(run.id)
    assert bundle.content_type == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(bundle.data)).namelist()
    assert {"run.json", "steps.json", "network.har", "trace.json"} <= set(names)
    assert any(name.startswith("screenshots/") for name in names)

    async def the_async_client() -> tuple[Any, ...]:
        async with AsyncErrand() as client:
            har, trace, bundle = await asyncio.gather(client.runs.har(run.id), client.runs.trace(run.id), client.runs.bundle(run.id))
            return har["log"]["version"], trace["run_id"], bundle.data[:4]

    assert asyncio.run(the_async_client()) == ("1.2", run.id, b"PK\x03\x04")
    with pytest.raises(ErrandError) as raised:
        errand.runs.har("00000000-0000-4000-8000-000000000000")
    assert raised.value.status == 404


def test_a_message_reaches_the_running_agent_which_acknowledges_it_in_a_step(errand: Errand) -> None:
    run = errand.runs.create({"prompt": "Wait for word from me [py:message]", "max_steps": 30})
    sent = errand.runs.send_message(run["id"], "Also take the rating.")
    assert (sent["task_run_id"], sent["text"], sent["read_in_step"]) == (run["id"], "Also take the rating.", None)
    ended = errand.runs.wait(run["id"])
    assert (ended["status"], ended["result"]) == ("success", "As asked: Also take the rating.")
    [listed] = errand.runs.messages(run["id"])
    assert (listed["id"], listed["text"]) == (sent["id"], "Also take the rating.")
    step = next(s for s in errand.runs.steps(run["id"]) if s["number"] == listed["read_in_step"])
    assert (step.get("extracted_content") or "").startswith("Read your message: Also take the rating.")
    with pytest.raises(ErrandError) as raised:
        errand.runs.send_message(run["id"], "One more thing")
    assert raised.value.status == 409
    assert "can no longer read messages" in raised.value.message

    async def the_async_client() -> list[str]:
        async with AsyncErrand() as client:
            return [message["text"] for message in await client.runs.messages(run["id"])]

    assert asyncio.run(the_async_client()) == ["Also take the rating."]


def test_the_async_client_has_the_same_surface() -> None:
    async def scenario() -> tuple[Any, ...]:
        async with AsyncErrand() as errand:
            run = await errand.run("Say you are done")
            steps = await errand.runs.steps(run.id)
            events = [event async for event in errand.runs.stream(run.id)]
            account = await errand.account.get()
            return run.status, run.data, len(steps), events[-1].run and events[-1].run["status"], "@" in account["email"]

    assert asyncio.run(scenario()) == ("success", "Done.", 1, "success", True)


def test_checks_verify_the_answer_and_a_failed_check_fails_the_run(errand: Errand) -> None:
    schema = {"type": "object", "properties": {"name": {"type": "string"}, "price": {"type": "number"}}}
    passing = errand.run(
        "Read the laptop's name and price [py:json]",
        schema=schema,
        checks={"assertions": [{"kind": "range", "path": "price", "min": 1000, "max": 2000}]},
    )
    assert passing.status == "success"
    verified = passing.run["verification"]
    assert verified is not None and verified["verdict"] == "pass"

    failing = errand.run(
        "Read the laptop's name and price [py:json]",
        schema=schema,
        checks={"assertions": [{"kind": "pattern", "path": "name", "pattern": "^Zephyr"}]},
    )
    assert (failing.status, failing.data) == ("failed", None)
    verification = failing.run["verification"]
    assert verification is not None and verification["verdict"] == "fail"
    assert [check["passed"] for check in verification["checks"] if check["kind"] == "pattern"] == [False]
