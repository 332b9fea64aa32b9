"""Settings every client shares: where the server is, the key, timeouts and retries."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ._version import __version__

DEFAULT_BASE_URL = "http://localhost:3000"
API_PREFIX = "/api/v1"


@dataclass(frozen=True)
class Config:
    base_url: str
    api_key: str | None
    timeout: float
    max_retries: int
    user_agent: str

    @staticmethod
    def of(api_key: str | None, base_url: str | None, timeout: float, max_retries: int, user_agent: str | None) -> Config:
        """Arguments first, then ERRAND_API_KEY and ERRAND_URL from the environment."""
        url = base_url or os.environ.get("ERRAND_URL") or DEFAULT_BASE_URL
        return Config(
            base_url=url.rstrip("/"),
            api_key=api_key or os.environ.get("ERRAND_API_KEY") or None,
            timeout=timeout,
            max_retries=max_retries,
            user_agent=user_agent or f"errand-sdk-python/{__version__}",
        )

    def headers(self, accept: str = "application/json") -> dict[str, str]:
        headers = {"accept": accept, "user-agent": self.user_agent}
        if self.api_key:
            headers["x-api-key"] = self.api_key
        return headers
