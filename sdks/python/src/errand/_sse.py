"""Server-Sent Events, one line at a time (the text/event-stream format)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class SseEvent:
    event: str
    data: str
    id: str | None


class SseParser:
    """Feed it lines without their line break; it answers an event at each blank line that ends one.

    Lines starting with ":" are comments, such as the server's keepalives.
    """

    def __init__(self) -> None:
        self._event: str | None = None
        self._data: list[str] = []
        self._id: str | None = None

    def feed(self, line: str) -> SseEvent | None:
        line = line.rstrip("\r\n")
        if line == "":
            event = SseEvent(self._event or "message", "\n".join(self._data), self._id) if self._data else None
            self._event, self._data, self._id = None, [], None
            return event
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value
        elif name == "id":
            self._id = value
        return None
