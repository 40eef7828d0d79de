"""How the browser table says the counts and places of Tiletum's events
(:attr:`Game.event_words <lisboa_core.games.Game.event_words>`): ``You gain 2 stone (now
3).``"""

from __future__ import annotations

from types import MappingProxyType

from lisboa_core.games.tiletum.model import RESOURCES

__all__ = ["EVENT_WORDS"]

EVENT_WORDS = MappingProxyType({
    "vp": "victory points", "resources[]": "{item:" + "|".join(RESOURCES) + "}",
    "posts": "trading posts in the supply", "pillars": "pillars in the supply",
    "round": "Round {after} begins.", "cycle": "Cycle {after} of the action phase.",
    "wheel": "The action wheel turns to {after}.",
    "revealed": "The corruption tokens revealed this round: {after}.",
    "corruption[] to -1": "A corruption token is turned face down.",
    "corruption[] from -1": "A corruption token of {after} is revealed on the turn track.",
    "corruption[]": "A corruption token of {after} lies on the turn track.",
    "corruption_aside": "corruption tokens not yet turned up",
    "warehouse": "warehouse", "contracts": "contracts", "dice": "dice taken",
    "contract_display": "contract display", "person_display": "person display",
    "contract_deck": "contract deck", "person_deck": "person deck", "bonus_deck": "bonus deck",
})
"""Tiletum's counts and places in words (see :attr:`lisboa_core.games.Game.event_words`)."""
