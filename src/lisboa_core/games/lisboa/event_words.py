"""How the browser table says the counts and places of Lisboa's events
(:attr:`Game.event_words <lisboa_core.games.Game.event_words>`): ``Final turns left: 1 (was
2).``, ``Seat 2 gains 1 house in the left group (now 1).``, ``King's plaza: in seat 1's
official.``"""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["EVENT_WORDS"]

EVENT_WORDS = MappingProxyType({
    # counts
    "reis": "reis", "wigs": "wigs", "influence": "influence", "markers": "markers",
    "officials": "officials in storage", "treasury": "treasury space",
    "cardinal": "cardinal's gap", "church-scoring": "church scorings",
    "final-turns": "final turns left", "rubble-pile": "cubes in the rubble pile",
    "rubble-out": "rubble cubes out of the game",
    "goods.*": "{rest}", "rubble.*": "{rest} rubble cubes",
    "houses.*": "houses in the {rest} group",
    "prices.*": "price of {rest}", "favors.*": "royal favors of {rest} left",
    # places
    "hand": "hand", "portfolio": "portfolio", "cargo": "cargo", "clergy": "clergy tiles",
    "favors": "royal favors", "plans": "plans", "completed": "completed plans",
    "decrees": "decrees", "stores": "stores downtown", "decree-display": "decree display",
    "shipyard": "shipyard", "church": "church", "city-display": "city display",
    "opened": "public buildings opened", "removed": "pieces out of the game",
    "office.*": "{rest}'s office", "plaza.*": "{rest}'s plaza", "pile.*": "political pile {rest}",
    "plan-stack.*": "{rest} plan stack", "building-stack.*": "{rest} building stack",
})
"""Lisboa's counts and places in words (see :attr:`lisboa_core.games.Game.event_words`)."""
