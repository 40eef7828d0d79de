"""Reading the browser table's socket in tests: the messages a person's client waits for."""

from __future__ import annotations

from typing import Any


def settled(socket: Any) -> dict[str, Any]:
    """The next position at the person's decision (or the end): a bot slower than 0.5 s is
    announced first (a position before it, ``thinking`` messages), which this skips."""
    while True:
        shown = socket.receive_json()
        assert shown["type"] in ("position", "thinking"), shown
        if shown["type"] == "position" and (shown["legal"] or shown["over"]):
            return shown  # type: ignore[no-any-return]
