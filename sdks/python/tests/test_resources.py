"""Each resource against the real server: tasks, recordings, schedules, batches, saved logins,
credentials, files, automations, account and usage, webhooks, evaluations, workspaces and named keys."""

from __future__ import annotations

import os

import pytest

from errand import Errand, ErrandError, ErrandTimeoutError, EvaluationDetail, PermissionDeniedError, Run
from errand.models import EvaluationCase

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


def test_an_evaluation_from_yaml_runs_its_cases_and_reports_them(errand: Errand, sites_url: str) -> None:
    suite = f"""
name: Python shop
cases:
  - name: Laptop
    prompt: Give the laptop's name and price as JSON.
    start_url: {sites_url}/shop
    output_schema: {{ type: object, properties: {{ name: {{ type: string }}, price: {{ type: number }} }} }}
    expected: {{ price: 1299 }}
  - name: Missing
    prompt: Find the page that is not there [py:fail]
    start_url: {sites_url}/shop
    expected: Done.
"""
    made = errand.evaluations.create(yaml=suite, models=["model-a"], idempotency_key="py-eval")
    assert (made["name"], made["models"], made["total_cells"]) == ("Python shop", ["model-a"], 2)
    # The same key again: the first evaluation, nothing started twice.
    assert errand.evaluations.create(yaml=suite, idempotency_key="py-eval")["id"] == made["id"]
    readings: list[EvaluationDetail] = []
    ended = errand.evaluations.wait(made["id"], poll_interval=0.3, on_progress=readings.append)
    assert (ended["status"], ended["counts"]["done"]) == ("finished", 2) and readings[-1] == ended

    report = errand.evaluations.report(made["id"])
    assert (report["models"][0]["passed"], report["models"][0]["success_rate"]) == (1, 0.5)
    assert [(c["case_index"], c["status"], c["passed"]) for c in report["cells"]] == [(0, "success", True), (1, "failed", False)]
    csv = errand.evaluations.report_csv(made["id"]).strip().splitlines()
    assert csv[0].startswith("case,case_name,model,state,run_id,status,passed") and len(csv) == 3
    assert errand.runs.get(report["cells"][0]["run_id"] or "")["evaluation_id"] == made["id"]

    link = errand.evaluations.share(made["id"])["url"]
    assert "/shared/evaluations/" in link and errand.evaluations.get(made["id"])["shared"] is True
    assert errand.evaluations.unshare(made["id"])["url"] is None
    assert made["id"] in [e["id"] for e in errand.evaluations.list()]


def test_an_evaluation_from_a_dict_is_cancelled_and_deleted(errand: Errand, sites_url: str) -> None:
    case: EvaluationCase = {"prompt": "Wait a while [py:slow]", "start_url": f"{sites_url}/news", "max_steps": 30}
    made = errand.evaluations.create({"suite": {"name": "Python slow", "cases": [case, case], "concurrency": 1}, "models": ["model-b"]})
    assert (made["models"], made["total_cases"]) == (["model-b"], 2)
    with pytest.raises(ErrandTimeoutError):
        errand.evaluations.wait(made["id"], timeout=0)
    cancelled = errand.evaluations.cancel(made["id"])
    assert cancelled["status"] == "cancelled"
    # One case at a time: the second had not started, and never will.
    assert (cancelled["counts"]["waiting"], cancelled["counts"]["running"]) == (0, 0) and cancelled["counts"]["skipped"] >= 1
    errand.evaluations.delete(made["id"])
    with pytest.raises(ErrandError) as raised:
        errand.evaluations.get(made["id"])
    assert raised.value.status == 404


def test_workspaces_are_listed_and_created(errand: Errand) -> None:
    [personal] = errand.workspaces.list()
    assert (personal["kind"], personal["role"]) == ("personal", "owner")
    team = errand.workspaces.create("Python team")
    assert (team["name"], team["kind"], team["role"]) == ("Python team", "team", "owner")
    # A key acts in its own workspace: the team is not among the key's.
    assert [w["id"] for w in errand.workspaces.list()] == [personal["id"]]
    assert "@" in errand.workspaces.members(personal["id"])[0]["email"]


def test_a_workspace_sets_its_recording_retention_and_default_allowed_domains(errand: Errand) -> None:
    [personal] = errand.workspaces.list()
    changed = errand.workspaces.update(personal["id"], {"recording_retention_days": 30, "default_allowed_domains": ["example.com"]})
    assert (changed["recording_retention_days"], changed["default_allowed_domains"]) == (30, ["example.com"])
    with pytest.raises(ErrandError) as raised:
        errand.workspaces.update(personal["id"], {"recording_retention_days": 0})
    assert raised.value.status == 400
    assert [field["path"] for field in raised.value.fields or []] == ["recording_retention_days"]
    # A field left out keeps its value; None removes each limit.
    assert errand.workspaces.update(personal["id"], {"default_allowed_domains": None})["recording_retention_days"] == 30
    cleared = errand.workspaces.update(personal["id"], {"recording_retention_days": None})
    assert (cleared["recording_retention_days"], cleared["default_allowed_domains"]) == (None, None)


def test_a_named_key_does_what_its_scope_allows_and_is_refused_the_rest(errand: Errand) -> None:
    made = errand.workspaces.create_api_key({"name": "Python reader", "scopes": ["read"]})
    assert made["secret"] and made["scopes"] == ["read"]
    assert "Python reader" in [k["name"] for k in errand.workspaces.api_keys()]
    assert "secret" not in errand.workspaces.api_keys()[0]
    audit = errand.workspaces.audit_events(action="api_key.created")
    assert [e["action"] for e in audit["audit_events"]][:1] == ["api_key.created"]

    with Errand(made["secret"], base_url=errand.base_url) as reader:
        assert [w["role"] for w in reader.workspaces.list()] == ["owner"]
        with pytest.raises(PermissionDeniedError) as raised:
            reader.workspaces.audit_events()
        assert (raised.value.status, raised.value.message) == (403, "This API key lacks the manage scope")
        with pytest.raises(PermissionDeniedError) as refused:
            reader.runs.create({"prompt": "Say you are done"})
        assert refused.value.message == "This API key lacks the run scope"
        errand.workspaces.revoke_api_key(made["id"])
        assert "Python reader" not in [k["name"] for k in errand.workspaces.api_keys()]
        with pytest.raises(ErrandError) as revoked:
            reader.workspaces.list()
        assert revoked.value.status == 401


def test_the_account_is_deleted_with_its_personal_key_and_not_a_named_one(errand: Errand) -> None:
    # A throwaway account of its own (python-sdk.test.ts signs it up): the session's stays.
    key = os.environ.get("ERRAND_TEST_THROWAWAY_KEY")
    if not key:
        pytest.fail("ERRAND_TEST_THROWAWAY_KEY must name a second account's key (npm test's python-sdk.test.ts sets it)")
    with Errand(key, base_url=errand.base_url) as owner:
        named = owner.workspaces.create_api_key({"name": "Python manager", "scopes": ["read", "run", "manage"]})
        with Errand(named["secret"], base_url=errand.base_url) as manager:
            with pytest.raises(PermissionDeniedError) as refused:
                manager.account.delete()
            assert refused.value.status == 403
        assert owner.account.get()["email"]
        owner.account.delete()
        with pytest.raises(ErrandError) as gone:
            owner.account.get()
        assert gone.value.status == 401
    assert errand.account.get()["email"]
