"""Checking the `errand-signature` header of a webhook delivery Errand sent.

The header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the webhook's
secret (or the account's, for a run's webhook_url); docs/api.md, "Webhooks".
"""

from __future__ import annotations

import hashlib
import hmac
import time

#: The header that carries the signature.
SIGNATURE_HEADER = "errand-signature"


def verify_signature(body: bytes | str, header: str | None, secret: str, tolerance: float = 300, *, now: float | None = None) -> bool:
    """True when `header` signs `body` (the raw bytes received, before any JSON parsing) with `secret`.

    A signature older or newer than `tolerance` seconds is refused, so that a captured delivery
    cannot be replayed later.
    """
    if not header:
        return False
    parts = dict(part.split("=", 1) for part in header.split(",") if "=" in part)
    timestamp, given = parts.get("t", ""), parts.get("v1", "")
    if not timestamp.isdigit() or not given:
        return False
    current = time.time() if now is None else now
    if abs(current - int(timestamp)) > tolerance:
        return False
    raw = body.encode("utf-8") if isinstance(body, str) else body
    expected = hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + raw, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, given)


def sign(body: bytes | str, secret: str, timestamp: int | None = None) -> str:
    """The header Errand would send for `body`: for testing a receiver of yours."""
    raw = body.encode("utf-8") if isinstance(body, str) else body
    t = int(time.time()) if timestamp is None else timestamp
    mac = hmac.new(secret.encode("utf-8"), str(t).encode("ascii") + b"." + raw, hashlib.sha256).hexdigest()
    return f"t={t},v1={mac}"
