"""What one seat may see of a Puerto Rico game (PR17), and full states sampled to agree
with it.

Hidden (PR17.1.2-PR17.1.3): the other seats' VP chips (each :data:`HIDDEN_VP` until the game
is over; the VP left in the supply stays public), the order and contents of the hidden
plantation stack (each tile :data:`HIDDEN_PLANTATION`; its size stays public) and the game's
generator (:data:`HIDDEN_RNG`). Everything else is public (PR17.1.1). A view is the shared
:class:`lisboa_core.views.View` (the seat and the state with those pieces replaced).

Example::

    from lisboa_core import new_game
    from lisboa_core.games.puerto_rico.views import observe

    view = observe(new_game(players=4, seed=1, game="puerto-rico"), 2)
    assert set(view.state.plantation_stack) == {"?plantation"}
"""

from __future__ import annotations

from lisboa_core._args import expect, expect_int
from lisboa_core.core.replace import replace
from lisboa_core.core.rng import Rng
from lisboa_core.errors import LisboaError
from lisboa_core.games.puerto_rico.rules.ops import rules_of
from lisboa_core.games.puerto_rico.state import State
from lisboa_core.views import View

__all__ = ["HIDDEN_PLANTATION", "HIDDEN_RNG", "HIDDEN_VP", "View", "determinize", "observe"]

HIDDEN_VP = -1
"""What a view shows for another seat's VP chips before the game is over."""

HIDDEN_PLANTATION = "?plantation"
"""Placeholder of a tile of the hidden plantation stack."""

HIDDEN_RNG = Rng(0, 0)
"""What a view holds in place of the game's generator."""


def observe(state: State, seat: int) -> View:
    """What ``seat`` may see of ``state`` (PR17.1).

    :raises LisboaError: if there is no such seat.
    """
    expect(state, State, "observe", "state")
    expect_int(seat, "observe", "seat")
    if not 0 <= seat < state.player_count:
        raise LisboaError(f"no seat {seat} in a {state.player_count}-player game")
    over = not state.pending
    players = tuple(
        p if i == seat or over else replace(p, vp=HIDDEN_VP)
        for i, p in enumerate(state.players)
    )
    return View(seat, replace(
        state,
        players=players,
        plantation_stack=(HIDDEN_PLANTATION,) * len(state.plantation_stack),
        rng=HIDDEN_RNG,
    ))


def determinize(view: View, seed: int = 0) -> State:
    """A complete, playable state the view's seat could not tell from the real one: the
    plantations nobody can see, shuffled into the hidden stack; the VP chips of the other
    seats, which add up to what the VP supply has given out, shared among them at random;
    a new generator. ``observe(determinize(view, s), view.seat) == view``.

    :raises LisboaError: if the view cannot come from a real game.
    """
    expect(view, View, "determinize", "view")
    expect_int(seed, "determinize", "seed")
    state: State = view.state
    rules = rules_of(state)
    rng = Rng(seed)
    unseen: list[str] = []
    for t, tile in enumerate(rules.tiles):
        if tile.kind != "plantation":
            continue
        seen = (sum(p.island[t] for p in state.players) + state.face_up.count(tile.id)
                + state.plantation_discards.count(tile.id))
        unseen += [tile.id] * (tile.count - seen)
    if len(unseen) != len(state.plantation_stack):
        raise LisboaError("the view is inconsistent: the hidden stack does not match the "
                          "plantations nobody can see")
    stack, rng = rng.shuffle(unseen)
    players = list(state.players)
    hidden = [i for i, p in enumerate(players) if p.vp == HIDDEN_VP]
    if hidden:
        given = rules.setup_for(state.player_count).vp - state.vp_supply
        left = given - sum(p.vp for p in players if p.vp != HIDDEN_VP)
        if left < 0:
            raise LisboaError("the view is inconsistent: more VP held than given out")
        shares = [0] * len(hidden)
        for _ in range(left):
            pick, rng = rng.below(len(hidden))
            shares[pick] += 1
        for i, share in zip(hidden, shares, strict=True):
            players[i] = replace(players[i], vp=share)
    value, _ = rng.next()
    return replace(state, players=tuple(players), plantation_stack=stack,
                   rng=Rng(value, 1))
