"""Structured events: what a move changed, as plain data a front end can show.

The implementation lives in ``lisboa_core.games.lisboa.events``;
this module is its public face.
"""

from lisboa_core.games.lisboa.events import (
    EVENT_KINDS,
    CountChanged,
    Event,
    GameEnded,
    MovePlayed,
    PeriodStarted,
    PiecesMoved,
    TurnStarted,
    apply_with_events,
    event_from_dict,
    events_between,
)

__all__ = [
    "EVENT_KINDS",
    "CountChanged",
    "Event",
    "GameEnded",
    "MovePlayed",
    "PeriodStarted",
    "PiecesMoved",
    "TurnStarted",
    "apply_with_events",
    "event_from_dict",
    "events_between",
]
