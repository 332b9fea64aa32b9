"""Runs a task and prints its status and result.

    ERRAND_API_KEY=<your key> ERRAND_URL=https://errand.example.com python example.py
"""

from errand import Errand

with Errand() as errand:
    run = errand.run("Say you are done", timeout=300)
    print(run.status, run.data)
    print(errand.run_url(run.run))
