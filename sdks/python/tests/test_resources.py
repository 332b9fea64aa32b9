"""Each resource against the real server: tasks, recordings, schedules, batches, saved logins,
credentials, files, automations, account and usage, webhooks."""

from __future__ import annotations

import pytest

from errand import Errand, ErrandError, Run

MISSING = "00000000-0000-4000-8000-000000000000"


@pytest.fixture(scope="module")
def finished_run(errand: Errand) -> Run:
    return errand.runs.wait(errand.runs.create({"prompt": "Say you are done for {{shop}}"})["id"])


def test_tasks_list_get_update_run_again_and_delete(errand: Errand, finished_run: Run) -> None:
    task_id = finished_run["task_id"]
    page = errand.tasks.list(search="shop")
    assert task_id in [t["id"] for t in page["tasks"]]
    task = errand.tasks.update(task_id, {"tags": ["python"]})
    assert task["tags"] == ["python"] and errand.tasks.get(task_id)["tags"] == ["python"]
    again = errand.tasks.run(task_id, {"prompt": "Say you are done", "mode": "agent"})
    assert (again["task_id"], again["number"]) == (task_id, 2)
    assert errand.runs.wait(again["id"])["status"] == "success"
    assert [r["id"] for r in errand.tasks.runs(task_id)][:1] == [again["id"]]
    assert isinstance(errand.tasks.recordings(task_id)["recordings"], list)

    throwaway = errand.runs.create({"prompt": "Say you are done, then be deleted"})
    errand.runs.wait(throwaway["id"])
    errand.tasks.delete(throwaway["task_id"])
    with pytest.raises(ErrandError) as raised:
        errand.tasks.get(throwaway["task_id"])
    assert raised.value.status == 404


def test_a_schedule_is_set_paused_resumed_and_removed(errand: Errand, finished_run: Run) -> None:
    task_id = finished_run["task_id"]
    schedule = errand.schedules.set(task_id, {"repeat": {"kind": "daily", "time": "09:30"}, "time_zone": "Europe/Madrid"})
    assert (schedule["task_id"], schedule["time_zone"], schedule["paused"]) == (task_id, "Europe/Madrid", False)
    assert errand.schedules.pause(task_id)["paused"] is True
    assert errand.schedules.resume(task_id)["paused"] is False
    assert errand.schedules.get(task_id)["id"] == schedule["id"]
    errand.schedules.delete(task_id)
    with pytest.raises(ErrandError) as raised:
        errand.schedules.get(task_id)
    assert raised.value.status == 404


def test_a_batch_runs_each_row_and_gives_its_results(errand: Errand, finished_run: Run) -> None:
    batch = errand.batches.create(finished_run["task_id"], {"rows": [{"shop": "Lidl"}, {"shop": "Aldi"}], "concurrency": 2})
    assert (batch["total_rows"], batch["inputs"]) == (2, ["shop"])
    ended = errand.batches.wait(batch["id"], poll_interval=0.3)
    assert ended["status"] == "finished"
    assert errand.batches.rows(batch["id"])["total"] == 2
    assert len(errand.batches.results(batch["id"])["rows"]) == 2
    assert errand.batches.results_csv(batch["id"]).count("\n") >= 2
    assert batch["id"] in [b["id"] for b in errand.batches.list(task_id=finished_run["task_id"])]


def test_saved_logins_are_listed_and_a_missing_one_is_a_404(errand: Errand) -> None:
    assert errand.auth_contexts.list() == []
    with pytest.raises(ErrandError) as raised:
        errand.auth_contexts.get(MISSING)
    assert raised.value.status == 404


def test_credentials_are_write_only(errand: Errand) -> None:
    made = errand.credentials.create(
        {"name": "shop-login", "domains": ["shop.example.com"], "username": "ana@example.com", "password": "s3cret-pass"}
    )
    assert "s3cret-pass" not in str(made) and "password" not in made
    assert errand.credentials.update(made["id"], {"password": "an0ther-pass"})["id"] == made["id"]
    assert "an0ther-pass" not in str(errand.credentials.get(made["id"]))
    assert [c["name"] for c in errand.credentials.list()] == ["shop-login"]
    errand.credentials.delete(made["id"])
    assert errand.credentials.list() == []


def test_files_are_uploaded_read_listed_and_deleted(errand: Errand) -> None:
    data = bytes(range(256))
    made = errand.files.upload("bytes.bin", data)
    assert (made["name"], made["size"]) == ("bytes.bin", 256)
    assert errand.files.content(made["id"]) == data
    assert errand.files.get(made["id"])["id"] == made["id"]
    assert made["id"] in [f["id"] for f in errand.files.list(limit=100)]
    errand.files.delete(made["id"])
    with pytest.raises(ErrandError):
        errand.files.get(made["id"])


def test_the_marketplace_is_read(errand: Errand) -> None:
    automations = errand.automations.list()
    facets = errand.automations.facets()
    assert facets["total"] == len(automations)
    if automations:
        assert errand.automations.get(automations[0]["slug"])["slug"] == automations[0]["slug"]
    with pytest.raises(ErrandError) as raised:
        errand.automations.get("no-such-automation")
    assert raised.value.status == 404


def test_account_usage_and_webhook_secret(errand: Errand, finished_run: Run) -> None:
    assert "@" in errand.account.get()["email"]
    usage = errand.account.usage(days=7, group_by="tag")
    assert usage["days"] == 7
    assert errand.account.usage_csv(days=7).splitlines()[0].startswith("date")
    assert len(errand.account.webhook_secret()) >= 16


def test_webhooks_are_created_listed_read_and_deleted(errand: Errand) -> None:
    made = errand.webhooks.create({"url": "https://hooks.example.com/errand", "events": ["run.finished"], "description": "python"})
    assert made["secret"]
    assert errand.webhooks.get(made["id"])["url"] == "https://hooks.example.com/errand"
    assert "secret" not in errand.webhooks.get(made["id"])
    assert [w["id"] for w in errand.webhooks.list()] == [made["id"]]
    assert isinstance(errand.webhooks.deliveries(made["id"])["deliveries"], list)
    errand.webhooks.delete(made["id"])
    assert errand.webhooks.list() == []
