"""What a seat sees of a Tiletum game (TL26), and full states sampled to agree with it.

Tiletum has no private information (TL26.1): every seat sees the same. Hidden from everybody
(TL26.2): the order of the bonus, contract and person decks (a view holds each deck sorted),
the face-down corruption tokens (a view shows :data:`HIDDEN_TOKEN` on the track and holds the
unrevealed values sorted as the tokens aside) and the generator.
"""

from __future__ import annotations

from lisboa_core._args import expect, expect_int
from lisboa_core.core.rng import Rng
from lisboa_core.errors import LisboaError
from lisboa_core.games.tiletum.state import State
from lisboa_core.views import View

__all__ = ["HIDDEN_RNG", "HIDDEN_TOKEN", "determinize", "observe"]

HIDDEN_TOKEN = -1
"""A face-down corruption token on the turn track, in a view."""

HIDDEN_RNG = Rng(0, 0)
"""What a view holds in place of the game's generator."""


def observe(state: State, seat: int) -> View:
    """What ``seat`` may see of ``state`` (TL26.1-TL26.2).

    :raises LisboaError: if there is no such seat.
    """
    expect(state, State, "observe", "state")
    expect_int(seat, "observe", "seat")
    if not 0 <= seat < state.player_count:
        raise LisboaError(f"no seat {seat} in a {state.player_count}-player game")
    hidden = len(state.corruption) - state.revealed
    return View(seat, state.replaced({
        "bonus_deck": tuple(sorted(state.bonus_deck)),
        "contract_deck": tuple(sorted(state.contract_deck)),
        "person_deck": tuple(sorted(state.person_deck)),
        "corruption": (HIDDEN_TOKEN,) * hidden + state.corruption[hidden:],
        "corruption_aside": tuple(sorted((*state.corruption[:hidden],
                                          *state.corruption_aside))),
        "rng": HIDDEN_RNG,
    }))


def determinize(view: View, seed: int = 0) -> State:
    """A playable state the view's seat could not tell from the real one: the decks and the
    face-down corruption tokens shuffled, a new generator.
    ``observe(determinize(view, s), view.seat) == view``."""
    expect(view, View, "determinize", "view")
    expect_int(seed, "determinize", "seed")
    state: State = view.state
    rng = Rng(seed)
    bonus, rng = rng.shuffle(state.bonus_deck)
    contracts, rng = rng.shuffle(state.contract_deck)
    persons, rng = rng.shuffle(state.person_deck)
    hidden = state.corruption.count(HIDDEN_TOKEN)
    tokens, rng = rng.shuffle(state.corruption_aside)
    value, _ = rng.next()
    return state.replaced({
        "bonus_deck": bonus, "contract_deck": contracts, "person_deck": persons,
        "corruption": tokens[:hidden] + state.corruption[hidden:],
        "corruption_aside": tokens[hidden:], "rng": Rng(value),
    })
