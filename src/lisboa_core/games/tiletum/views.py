"""What a seat sees of a Tiletum game (TL26), and full states sampled to agree with it.

Tiletum has no private information (TL26.1): every seat sees the same. Nothing in the state
is hidden from anybody either (TL26.2): a deck is held sorted (its order is not part of the
state: a draw is a chance step) and a face-down corruption token holds
:data:`HIDDEN_TOKEN` until the chance step that turns it up. Only the generator that the
drivers sample chance steps from is hidden, so that a bot cannot foresee them.
"""

from __future__ import annotations

from lisboa_core._args import expect, expect_int
from lisboa_core.core.rng import Rng
from lisboa_core.errors import LisboaError
from lisboa_core.games.tiletum.rules.draws import FACE_DOWN
from lisboa_core.games.tiletum.state import State
from lisboa_core.views import View

__all__ = ["HIDDEN_RNG", "HIDDEN_TOKEN", "determinize", "observe"]

HIDDEN_TOKEN = FACE_DOWN
"""A face-down corruption token on the turn track (in a state and in a view alike)."""

HIDDEN_RNG = Rng(0, 0)
"""What a view holds in place of the game's generator."""


def observe(state: State, seat: int) -> View:
    """What ``seat`` may see of ``state`` (TL26.1-TL26.2): all of it but the generator.

    :raises LisboaError: if there is no such seat.
    """
    expect(state, State, "observe", "state")
    expect_int(seat, "observe", "seat")
    if not 0 <= seat < state.player_count:
        raise LisboaError(f"no seat {seat} in a {state.player_count}-player game")
    return View(seat, state.replaced({"rng": HIDDEN_RNG}))


def determinize(view: View, seed: int = 0) -> State:
    """A playable state the view's seat could not tell from the real one: the view's state
    with a new generator. ``observe(determinize(view, s), view.seat) == view``."""
    expect(view, View, "determinize", "view")
    expect_int(seed, "determinize", "seed")
    state: State = view.state
    value, _ = Rng(seed).next()
    return state.replaced({"rng": Rng(value)})
