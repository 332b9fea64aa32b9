"""A consumer of the SDK with deliberate mistakes: mypy --strict must report each line commented as a mistake
and nothing else (python-sdk.test.ts). Never run, only type-checked."""

from __future__ import annotations

from errand import AsyncErrand, Errand, ErrandError, Run, verify_signature


def correct(errand: Errand) -> str:
    run: Run = errand.runs.create({"prompt": "Say you are done", "initial_url": "https://shop.example.com"})
    ended = errand.runs.wait(run["id"], timeout=60)
    try:
        errand.runs.cancel(ended["id"])
    except ErrandError as error:
        return f"{error.status} {error.message}"
    return ended["status"]


async def correct_async(errand: AsyncErrand) -> int:
    steps = await errand.runs.steps("run-id")
    return len(steps)


def mistakes(errand: Errand) -> None:
    errand.runs.create({"promt": "a typo in a key"})  # mistake
    errand.runs.get(42)  # mistake
    run = errand.runs.get("run-id")
    seconds: int = run["status"]  # mistake
    run["no_such_field"]  # mistake
    errand.runs.create({"prompt": "x", "response_format": "yaml"})  # mistake
    errand.files.upload("a.txt", "not bytes")  # mistake
    verify_signature(b"{}", "t=1,v1=00", secret=None)  # mistake
    errand.workspaces.create_api_key({"name": "ci", "scopes": ["write"]})  # mistake
    errand.evaluations.create({"suite": {"name": "s", "cases": [{"start_url": "https://shop.example.com"}]}})  # mistake


async def async_mistakes(errand: AsyncErrand) -> None:
    run: Run = errand.runs.get("run-id")  # mistake
    print(run, seconds_of(await errand.account.get()))


def seconds_of(account: object) -> int:
    return 0
