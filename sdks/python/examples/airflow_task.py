"""An Airflow task that runs an Errand task and hands its result on (XCom).

With Airflow installed, this file is a DAG: put it in your dags/ folder and set ERRAND_API_KEY
and ERRAND_URL in the workers' environment. Without Airflow, `python airflow_task.py` runs the
task's body once, as Airflow would.
"""

from __future__ import annotations

from typing import Any

from errand import Errand


def fetch_price(**context: Any) -> dict[str, Any]:
    """The task's body: one run, cancelled when it takes longer than the task may; raises when it did not succeed."""
    with Errand() as errand:
        run = errand.run("Say you are done", timeout=600, tags=["airflow"])
    if run.status != "success":
        raise RuntimeError(f"The Errand run {run.id} ended {run.status}: {run.status_reason}")
    return {"run_id": run.id, "result": run.data}


try:
    from airflow.decorators import dag, task  # type: ignore[import]
except ImportError:
    dag = None

if dag is not None:
    import pendulum  # type: ignore[import]

    @dag(schedule="@daily", start_date=pendulum.datetime(2026, 1, 1, tz="UTC"), catchup=False)  # type: ignore[misc]
    def errand_prices() -> None:
        task(fetch_price)()

    errand_prices()

if __name__ == "__main__":
    print(fetch_price())
