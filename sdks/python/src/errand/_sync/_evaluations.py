# Generated from ../_async/ by scripts/unasync.py: do not edit.
"""Evaluations: a suite of cases run against one or more models, compared side by side (docs/evaluations.md)."""

from __future__ import annotations

from typing import Any, Callable, List, Sequence, cast

from .._compat import sync_monotonic, sync_sleep
from .._errors import ErrandTimeoutError
from .._retry import new_idempotency_key
from ..models import CreateEvaluationBody, Evaluation, EvaluationDetail, EvaluationReport, EvaluationShare, EvaluationShareLink
from ._http import Http

EVALUATION_POLL_SECONDS = 2.0


class Evaluations:
    """Each case x model is an ordinary run of one task, `Evaluation: <suite name>` (docs/adr/0044-evaluations.md)."""

    def __init__(self, http: Http) -> None:
        self._http = http

    def create(
        self,
        evaluation: CreateEvaluationBody | None = None,
        *,
        yaml: str | None = None,
        models: Sequence[str] | None = None,
        idempotency_key: str | None = None,
    ) -> EvaluationDetail:
        """POST /evaluations: `{"suite": ..., "models"?: [...]}`, or the suite as YAML text (`yaml=`).

        `models` given here win over the suite's (and the body's). Sent again with the same
        `idempotency_key` it answers the first evaluation and starts nothing; one is made up when
        not given, so that a retry after a lost answer starts nothing twice.
        """
        if (evaluation is None) == (yaml is None):
            raise ValueError("Give the evaluation as a dict or as yaml=, not both")
        key = idempotency_key or new_idempotency_key()
        if yaml is not None:
            query = {"models": ",".join(models)} if models else None
            answer = self._http.request("POST", "/evaluations", query=query, text=("application/yaml", yaml), idempotency_key=key)
        else:
            body: dict[str, Any] = dict(cast("dict[str, Any]", evaluation))
            if models:
                body["models"] = list(models)
            answer = self._http.request("POST", "/evaluations", body=body, idempotency_key=key)
        return cast(EvaluationDetail, answer)

    def list(self) -> List[Evaluation]:
        """GET /evaluations: the workspace's evaluations, newest first."""
        return cast("List[Evaluation]", (self._http.request("GET", "/evaluations"))["evaluations"])

    def get(self, evaluation_id: str) -> EvaluationDetail:
        """GET /evaluations/{id}: its progress, its suite and its report so far."""
        return cast(EvaluationDetail, self._http.request("GET", f"/evaluations/{evaluation_id}"))

    def cancel(self, evaluation_id: str) -> EvaluationDetail:
        """POST /evaluations/{id}/cancel: cases not started are skipped, pending runs cancelled."""
        return cast(EvaluationDetail, self._http.request("POST", f"/evaluations/{evaluation_id}/cancel"))

    def delete(self, evaluation_id: str) -> None:
        """DELETE /evaluations/{id}: the evaluation and its report go; its runs stay."""
        self._http.request("DELETE", f"/evaluations/{evaluation_id}")

    def report(self, evaluation_id: str) -> EvaluationReport:
        """GET /evaluations/{id}/report: per model, and per case x model."""
        answer = self._http.request("GET", f"/evaluations/{evaluation_id}/report", query={"format": "json"})
        return cast(EvaluationReport, answer)

    def report_csv(self, evaluation_id: str) -> str:
        """The report as CSV text: one line per case x model."""
        url = self._http.url(f"/evaluations/{evaluation_id}/report")
        return (self._http.download(url, query={"format": "csv"}, accept="text/csv")).data.decode("utf-8")

    def share(self, evaluation_id: str) -> EvaluationShareLink:
        """POST /evaluations/{id}/share: a link anyone can open to see the report."""
        return cast(EvaluationShareLink, self._http.request("POST", f"/evaluations/{evaluation_id}/share"))

    def unshare(self, evaluation_id: str) -> EvaluationShare:
        """DELETE /evaluations/{id}/share: the link stops working."""
        return cast(EvaluationShare, self._http.request("DELETE", f"/evaluations/{evaluation_id}/share"))

    def wait(
        self,
        evaluation_id: str,
        *,
        timeout: float | None = None,
        poll_interval: float = EVALUATION_POLL_SECONDS,
        on_progress: Callable[[EvaluationDetail], Any] | None = None,
    ) -> EvaluationDetail:
        """The evaluation once it is finished or cancelled; `on_progress` gets each reading.

        After `timeout` seconds ErrandTimeoutError is raised; the evaluation keeps going.
        """
        deadline = None if timeout is None else sync_monotonic() + timeout
        while True:
            evaluation = self.get(evaluation_id)
            if on_progress is not None:
                on_progress(evaluation)
            if evaluation["status"] != "running":
                return evaluation
            if deadline is not None and sync_monotonic() >= deadline:
                raise ErrandTimeoutError(f"The evaluation had not finished after {timeout} s (it keeps going)")
            sync_sleep(poll_interval)
