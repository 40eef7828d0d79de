"""A card designer's extension, as ``lisboa --extension lab_effects`` loads it: a new effect
kind, ``windfall N`` (take N reis from the bank), registered on import. The overlay
tests/data/lab/windfall.lsb gives it to a clergy tile."""

from __future__ import annotations

from typing import Any

from lisboa_core.extend import register_effect


def windfall(state: Any, seat: int, args: dict[str, Any]) -> Any:
    """``windfall N``: the seat gains N reis."""
    player = state.players[seat]
    richer = player.replaced({"reis": player.reis + args["amount"]})
    return state.with_players((*state.players[:seat], richer, *state.players[seat + 1:]))


register_effect("windfall", "windfall <amount:pos>", "take {amount} reis from the bank",
                windfall)
