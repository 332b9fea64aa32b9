"""Fixtures for the tests against a running Errand server (ERRAND_URL, ERRAND_API_KEY), as
python-sdk.test.ts starts it: the real server, worker and Chromium, with the fake model, and a
fresh account (some tests expect its lists to start empty)."""

from __future__ import annotations

import os
from typing import Iterator

import pytest

from errand import Errand


@pytest.fixture(scope="session")
def errand() -> Iterator[Errand]:
    if not os.environ.get("ERRAND_URL") or not os.environ.get("ERRAND_API_KEY"):
        pytest.fail("ERRAND_URL and ERRAND_API_KEY must name a running server and a key (npm test's python-sdk.test.ts sets them)")
    with Errand() as client:
        yield client


@pytest.fixture(scope="session")
def sites_url() -> str:
    """The fixture pages of packages/testkit (the news page, the shop), as python-sdk.test.ts serves them."""
    url = os.environ.get("ERRAND_TEST_SITES_URL")
    if not url:
        pytest.fail("ERRAND_TEST_SITES_URL must name the fixture pages (npm test's python-sdk.test.ts sets it)")
    return url
