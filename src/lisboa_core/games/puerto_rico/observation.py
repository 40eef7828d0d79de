"""What a Puerto Rico seat sees, as a fixed-length float32 vector for learning agents.

:func:`encode` reads only a :class:`~lisboa_core.views.View`
(:func:`~lisboa_core.games.puerto_rico.views.observe`), so two states that differ only in
what the seat cannot see (the order of the plantation stack, the other seats' VP chips,
the generator) give the same vector. The layout depends on the catalogue and the player
count only; :func:`layout` lists its segments (name, the view field it encodes, length and
meaning). Seats are *relative*: ``players[0]`` is the seat that looks, ``players[1]`` the
next one clockwise, and so on, so one policy can play every seat. Counts are raw numbers
(no scaling); choices are one-hot. Another seat's VP chips, hidden until the game is over
(PR17.1.2), encode as 0 with its ``vp_hidden`` flag set.

Requires numpy (extra ``lisboa_core[rl]``); :mod:`lisboa_core.games.puerto_rico.game`
imports this module only when asked for a vector.

Example::

    from lisboa_core import new_game, observe
    from lisboa_core.games.puerto_rico.observation import encode, observation_size

    state = new_game(players=4, seed=1, game="puerto-rico")
    vector = encode(observe(state, 0))
    assert vector.shape == (observation_size(state),)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from lisboa_core.envs.builder import (
    Layout,
    LayoutBuilder,
    Segment,
    counts,
    multi_hot,
    number,
    numbers,
    one_hot,
    seat_one_hot,
)
from lisboa_core.games.puerto_rico.model import Rules
from lisboa_core.games.puerto_rico.player import PlayerState
from lisboa_core.games.puerto_rico.rules.ops import rules_of
from lisboa_core.games.puerto_rico.stack import STACK
from lisboa_core.games.puerto_rico.state import State
from lisboa_core.games.puerto_rico.views import HIDDEN_VP
from lisboa_core.views import View

__all__ = [
    "NOT_ENCODED",
    "Segment",
    "encode",
    "encode_state",
    "layout",
    "observation_layout",
    "observation_size",
]

NOT_ENCODED: dict[str, str] = {
    "rng": "hidden: a view holds a placeholder for the generator",
    "catalogue": "the same for every state of a game (the layout depends on it)",
}
"""The view fields :func:`encode` leaves out, and why. Every other field of the state and
of each player is encoded (a test checks this); the hidden plantation stack encodes as its
size only."""


def _ids(items: Sequence[Any]) -> dict[Any, int]:
    return {item: i for i, item in enumerate(items)}


@lru_cache(maxsize=16)
def _build(rules: Rules, players: int) -> Layout:
    goods, tiles, buildings = len(rules.goods), len(rules.tiles), len(rules.buildings)
    role_at = _ids([r.id for r in rules.roles])
    roles = len(role_at)
    ship_at = _ids([s.id for s in rules.ships])
    ships = len(ship_at)
    tile_at = rules.tile_index
    kind_at = _ids(sorted(STACK.kinds()))
    ends = _ids(list(rules.board.end))
    b = LayoutBuilder(players)

    # --- the game --------------------------------------------------------------------------
    b.add("round", "state.round", 1, "rounds begun", number(lambda s, v: s.round))
    b.add("governor", "state.governor", players, "one-hot relative seat holding the governor",
          seat_one_hot(lambda s, v: s.governor, players))
    b.add("to_act", "state.pending", players + 1,
          "one-hot relative seat to decide now; last: nobody (game over)",
          seat_one_hot(lambda s, v: s.to_act, players, nobody=True))
    b.add("decision", "state.pending", len(kind_at), "one-hot kind of the decision on top",
          one_hot(lambda s, v: s.pending[-1].kind if s.pending else None, kind_at))
    b.add("stack", "state.pending", len(kind_at), "how many frames of each kind are pending",
          counts(lambda s, v: [f.kind for f in s.pending], kind_at))
    b.add("phase", "state.phase", roles, "one-hot role whose phase is played (none: 0)",
          one_hot(lambda s, v: s.phase, role_at))
    b.add("roles", "state.roles", roles, "1 per role card in play",
          multi_hot(lambda s, v: s.roles, role_at))

    def role_doubloons(s: State, v: int, ones: list[int], at: list[int],
                       values: list[float], base: int) -> None:
        for role, value in zip(s.roles, s.role_doubloons, strict=True):
            if value:
                at.append(base + role_at[role])
                values.append(float(value))

    b.add("role_doubloons", "state.role_doubloons", roles, "doubloons on each role card",
          role_doubloons, reads=("roles", "role_doubloons"))
    width = players + 1

    def role_takers(s: State, v: int, ones: list[int], at: list[int],
                    values: list[float], base: int) -> None:
        for role, taker in zip(s.roles, s.role_takers, strict=True):
            column = players if taker < 0 else (taker - v) % players
            ones.append(base + role_at[role] * width + column)

    b.add("role_takers", "state.role_takers", roles * width,
          "per role card: one-hot relative seat that took it this round; last: nobody",
          role_takers, reads=("roles", "role_takers"))
    b.add("colonist_supply", "state.colonist_supply", 1, "colonists in the supply",
          number(lambda s, v: s.colonist_supply))
    b.add("colonist_ship", "state.colonist_ship", 1, "colonists on the colonist ship",
          number(lambda s, v: s.colonist_ship))
    # Two non-negative values: the adapters declare every value in [0, 1000].
    b.add("vp_supply", "state.vp_supply", 2,
          "VP left in the supply, then VP noted beyond it (PR9.3.5)",
          numbers(lambda s, v: (max(s.vp_supply, 0), max(-s.vp_supply, 0))))
    b.add("goods_supply", "state.goods_supply", goods, "goods in the supply, per good",
          numbers(lambda s, v: s.goods_supply))
    b.add("ships", "state.ships", ships, "1 per cargo ship of the catalogue in play",
          multi_hot(lambda s, v: s.ships, ship_at))

    def ship_loads(s: State, v: int, ones: list[int], at: list[int],
                   values: list[float], base: int) -> None:
        for ship, load in zip(s.ships, s.ship_loads, strict=True):
            if load:
                at.append(base + ship_at[ship])
                values.append(float(load))

    b.add("ship_loads", "state.ship_loads", ships, "goods on each cargo ship", ship_loads,
          reads=("ships", "ship_loads"))

    def ship_goods(s: State, v: int, ones: list[int], at: list[int],
                   values: list[float], base: int) -> None:
        for ship, good in zip(s.ships, s.ship_goods, strict=True):
            if good is not None and 0 <= good < goods:
                ones.append(base + ship_at[ship] * goods + good)

    b.add("ship_goods", "state.ship_goods", ships * goods,
          "per cargo ship: one-hot good it carries (empty: 0)", ship_goods,
          reads=("ships", "ship_goods"))

    def trading_house(s: State, v: int, ones: list[int], at: list[int],
                      values: list[float], base: int) -> None:
        if s.trading_house:
            at.append(base)
            values.append(float(len(s.trading_house)))
            for good in set(s.trading_house):
                at.append(base + 1 + good)
                values.append(float(s.trading_house.count(good)))

    b.add("trading_house", "state.trading_house", 1 + goods,
          "goods in the trading house, then how many of each good", trading_house)
    b.add("face_up", "state.face_up", tiles, "face-up plantations, per island tile kind",
          counts(lambda s, v: s.face_up, tile_at))
    b.add("plantation_stack", "state.plantation_stack", 1,
          "tiles in the hidden plantation stack (its order is hidden)",
          number(lambda s, v: len(s.plantation_stack)))
    b.add("plantation_discards", "state.plantation_discards", tiles,
          "discarded plantations, per island tile kind",
          counts(lambda s, v: s.plantation_discards, tile_at))
    b.add("quarries", "state.quarries", 1, "quarries left in their stack",
          number(lambda s, v: s.quarries))
    b.add("building_supply", "state.building_supply", buildings,
          "copies left on the game board, per building",
          numbers(lambda s, v: s.building_supply))
    b.add("end_reasons", "state.end_reasons", len(ends), "1 per game-end condition met (PR15.1)",
          multi_hot(lambda s, v: s.end_reasons, ends))

    # --- each seat, the viewer first -------------------------------------------------------
    b.seat("doubloons", "players[].doubloons", 1, "doubloons",
           number(lambda p, me: p.doubloons))

    def vp(s: State, seat: int, v: int, ones: list[int], at: list[int],
           values: list[float], base: int) -> None:
        # PR17.1.2: another seat's chips are hidden until the game is over (a view holds
        # HIDDEN_VP for them; a whole state is read as that seat's view would show it).
        p = s.players[seat]
        if p.vp == HIDDEN_VP or (seat != v and s.pending):
            ones.append(base + 1)
        elif p.vp:
            at.append(base)
            values.append(float(p.vp))

    b.seat("vp", "players[].vp", 2,
           "VP chips (0 when hidden), then 1 if hidden from the viewer (PR17.1.2)", vp,
           stateful=True)
    b.seat("goods", "players[].goods", goods, "goods held, per good",
           numbers(lambda p, me: p.goods))
    b.seat("island", "players[].island", tiles, "island tiles, per kind",
           numbers(lambda p, me: p.island))
    b.seat("staffed", "players[].staffed", tiles, "occupied island tiles, per kind",
           numbers(lambda p, me: p.staffed))

    def city(p: PlayerState, me: bool, ones: list[int], at: list[int],
             values: list[float], base: int) -> None:
        for i, c in enumerate(p.city):
            if c >= 0:
                ones.append(base + i)
                if c:
                    at.append(base + buildings + i)
                    values.append(float(c))

    b.seat("city", "players[].city", 2 * buildings,
           "per building: 1 if owned; then per building: colonists on it", city)
    b.seat("san_juan", "players[].san_juan", 1, "colonists waiting in San Juan",
           number(lambda p, me: p.san_juan))
    return b.build()


def _state(state_or_view: State | View) -> State:
    state = state_or_view.state if isinstance(state_or_view, View) else state_or_view
    if not isinstance(state, State):
        raise TypeError(f"expected a Puerto Rico state or view, not {type(state).__name__}")
    return state


def observation_layout(state_or_view: State | View) -> Layout:
    """The :class:`~lisboa_core.envs.builder.Layout` of this game's catalogue and player
    count (what :func:`encode` writes with)."""
    state = _state(state_or_view)
    return _build(rules_of(state), state.player_count)


def layout(state_or_view: State | View) -> tuple[Segment, ...]:
    """The segments of the vector for this game's catalogue and player count.

    :param state_or_view: any state or view of the game.
    """
    return observation_layout(state_or_view).segments


def observation_size(state_or_view: State | View) -> int:
    """The length of :func:`encode`'s vector for this game's catalogue and player count."""
    return observation_layout(state_or_view).size


def encode(view: View, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """What ``view.seat`` sees, as a float32 vector (see :func:`layout`).

    :param view: what the seat may see (:func:`~lisboa_core.games.puerto_rico.views.observe`);
        a whole state is refused, so hidden information cannot leak in by mistake.
    :param out: a float32 array of :func:`observation_size` values to write into (a new one
        when None).
    :raises TypeError: if ``view`` is not a :class:`~lisboa_core.views.View` of a Puerto Rico
        state.
    """
    if not isinstance(view, View):
        raise TypeError(f"encode() takes a View (lisboa_core.observe), not {type(view).__name__}")
    return observation_layout(view).encode(view.state, view.seat, out)


def encode_state(state: State, seat: int,
                 out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """``encode(observe(state, seat))`` without building the view: the other seats' VP
    chips read as hidden until the game is over, the plantation stack by its size only, so
    the vector is the same (a test checks it on random positions)."""
    return observation_layout(state).encode(state, seat, out)
