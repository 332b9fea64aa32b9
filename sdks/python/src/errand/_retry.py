"""When a failed request is sent again, and after how long.

Only calls that cannot do something twice are retried: reads, and creations sent with an
Idempotency-Key (the server then creates once and answers a repeat with the first answer).
"""

from __future__ import annotations

import random
import secrets

#: Answers worth another try: the server was busy, restarting, or briefly unreachable through a proxy.
RETRYABLE_STATUSES = frozenset({408, 429, 500, 502, 503, 504})
#: A Retry-After longer than this is not waited out: the error goes to the caller, who knows better.
MAX_RETRY_AFTER_SECONDS = 10.0
BASE_DELAY_SECONDS = 0.5
MAX_DELAY_SECONDS = 8.0


def may_repeat(method: str, idempotency_key: str | None) -> bool:
    return method in ("GET", "HEAD") or idempotency_key is not None


def retry_delay(status: int | None, retry_after: float | None, retry: int) -> float | None:
    """Seconds to wait before retry number `retry` (1-based), or None to give up.

    `status` is None for a network error or a timeout.
    """
    if status is not None:
        if status not in RETRYABLE_STATUSES:
            return None
        if retry_after is not None:
            return retry_after if retry_after <= MAX_RETRY_AFTER_SECONDS else None
        # A 429 that names no time is a limit that lasts (too many runs waiting): trying soon would not help.
        if status == 429:
            return None
    # Exponential with jitter, so that many clients retrying together do not arrive together.
    ceiling = min(MAX_DELAY_SECONDS, BASE_DELAY_SECONDS * 2.0 ** (retry - 1))
    return ceiling / 2 + random.random() * ceiling / 2


def new_idempotency_key() -> str:
    return f"sdk-{secrets.token_hex(16)}"
