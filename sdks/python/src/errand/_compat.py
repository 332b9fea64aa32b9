"""Sleeping, for the async code and for the sync code generated from it (scripts/unasync.py)."""

from __future__ import annotations

import asyncio
import time


async def async_sleep(seconds: float) -> None:
    await asyncio.sleep(seconds)


def sync_sleep(seconds: float) -> None:
    time.sleep(seconds)


def async_monotonic() -> float:
    return time.monotonic()


sync_monotonic = async_monotonic
