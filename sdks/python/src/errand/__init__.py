"""Errand's Python client: describe a web task in plain language, and an AI agent carries it out in a browser.

    from errand import Errand

    errand = Errand()  # ERRAND_API_KEY and ERRAND_URL from the environment
    run = errand.run("Find the price of the Aurora Laptop 14", initial_url="https://shop.example.com")
    print(run.status, run.data)
"""

from ._async._client import AsyncErrand
from ._errors import (
    ErrandConnectionError,
    ErrandError,
    ErrandResultError,
    ErrandTimeoutError,
    InsufficientCreditsError,
    PermissionDeniedError,
    RateLimitError,
)
from ._result import Download, FinishedRun, RunEvent
from ._sync._client import Errand
from ._version import __version__
from .models import CreatedRun, CreateRunBody, ErrandFile, Evaluation, EvaluationDetail, Run, Step, Task, Workspace
from .webhooks import SIGNATURE_HEADER, verify_signature

__all__ = [
    "AsyncErrand",
    "CreateRunBody",
    "CreatedRun",
    "Download",
    "Errand",
    "ErrandConnectionError",
    "ErrandError",
    "ErrandFile",
    "ErrandResultError",
    "ErrandTimeoutError",
    "Evaluation",
    "EvaluationDetail",
    "FinishedRun",
    "InsufficientCreditsError",
    "PermissionDeniedError",
    "RateLimitError",
    "Run",
    "RunEvent",
    "SIGNATURE_HEADER",
    "Step",
    "Task",
    "Workspace",
    "__version__",
    "verify_signature",
]
