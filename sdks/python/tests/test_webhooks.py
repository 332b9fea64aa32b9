"""verify_signature on a delivery signed by Errand's own webhook signer (python-sdk.test.ts writes it)."""

from __future__ import annotations

import json
import os
import time
from typing import Any

import pytest

from errand import SIGNATURE_HEADER, verify_signature
from errand.webhooks import sign


@pytest.fixture(scope="module")
def delivery() -> dict[str, Any]:
    path = os.environ.get("ERRAND_TEST_SIGNED_DELIVERY")
    if not path:
        pytest.fail("ERRAND_TEST_SIGNED_DELIVERY must name the signed delivery python-sdk.test.ts writes")
    with open(path, encoding="utf-8") as file:
        return dict(json.load(file))


def signed_at(delivery: dict[str, Any]) -> int:
    return int(delivery["header"].split(",")[0].split("=")[1])


def test_accepts_the_servers_signature_on_the_raw_body(delivery: dict[str, Any]) -> None:
    assert delivery["header_name"] == SIGNATURE_HEADER
    # `now` pins the clock: the delivery was signed before pytest started, a while ago on a busy machine.
    now = signed_at(delivery) + 5
    assert verify_signature(delivery["body"].encode("utf-8"), delivery["header"], delivery["secret"], now=now)
    assert verify_signature(delivery["body"], delivery["header"], delivery["secret"], tolerance=60, now=now)


def test_refuses_a_changed_body_another_secret_or_a_missing_header(delivery: dict[str, Any]) -> None:
    now = signed_at(delivery)
    changed = delivery["body"].replace('"success"', '"failed"')
    assert changed != delivery["body"]
    assert not verify_signature(changed, delivery["header"], delivery["secret"], now=now)
    assert not verify_signature(delivery["body"], delivery["header"], "another-secret", now=now)
    assert not verify_signature(delivery["body"], None, delivery["secret"])
    assert not verify_signature(delivery["body"], "v1=abc", delivery["secret"])


def test_refuses_a_signature_outside_the_tolerance_window(delivery: dict[str, Any]) -> None:
    at = signed_at(delivery)
    assert verify_signature(delivery["body"], delivery["header"], delivery["secret"], tolerance=300, now=at + 299)
    assert not verify_signature(delivery["body"], delivery["header"], delivery["secret"], tolerance=300, now=at + 301)
    assert not verify_signature(delivery["body"], delivery["header"], delivery["secret"], tolerance=300, now=at - 301)


def test_sign_makes_the_header_the_server_makes(delivery: dict[str, Any]) -> None:
    assert sign(delivery["body"], delivery["secret"], signed_at(delivery)) == delivery["header"]
    assert verify_signature("{}", sign("{}", "s"), "s", now=time.time())
