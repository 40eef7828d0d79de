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

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from lisboa_core.games.puerto_rico.model import Rules
from lisboa_core.games.puerto_rico.rules.ops import rules_of
from lisboa_core.games.puerto_rico.stack import STACK
from lisboa_core.games.puerto_rico.state import State
from lisboa_core.games.puerto_rico.views import HIDDEN_VP
from lisboa_core.views import View

__all__ = ["NOT_ENCODED", "Segment", "encode", "layout", "observation_size"]

NOT_ENCODED: dict[str, str] = {
    "rng": "hidden: a view holds a placeholder for the generator",
    "catalogue": "the same for every state of a game (the layout depends on it)",
}
"""The view fields :func:`encode` leaves out, and why. Every other field of the state and
of each player is encoded (a test checks this); the hidden plantation stack encodes as its
size only."""


@attrs.frozen
class Segment:
    """One stretch of the vector."""

    name: str
    """Where it lies, e.g. ``players[1].goods`` (relative seat 1: the next seat)."""
    source: str
    """The view field it encodes (``state.ships``, ``players[].goods``)."""
    offset: int
    """Index of its first value."""
    size: int
    """How many values."""
    meaning: str
    """What the values are."""


Writer = Callable[[State, int], Sequence[float]]
"""Called as ``write(state, viewer)``; returns exactly the segment's values."""


@attrs.frozen
class _Layout:
    segments: tuple[Segment, ...]
    writers: tuple[Writer, ...]
    size: int


def _onehot(size: int, index: int | None) -> list[float]:
    values = [0.0] * size
    if index is not None and 0 <= index < size:
        values[index] = 1.0
    return values


def _relative(seat: int, viewer: int, players: int) -> int:
    return (seat - viewer) % players


@cache
def _build(rules: Rules, players: int) -> _Layout:
    goods, tiles, buildings = len(rules.goods), len(rules.tiles), len(rules.buildings)
    role_ids = [r.id for r in rules.roles]
    role_at = {r: i for i, r in enumerate(role_ids)}
    ship_at = {s.id: i for i, s in enumerate(rules.ships)}
    tile_at = rules.tile_index
    kinds = sorted(STACK.kinds())
    kind_at = {k: i for i, k in enumerate(kinds)}
    ends = list(rules.board.end)
    segments: list[Segment] = []
    writers: list[Writer] = []
    offset = 0

    def add(name: str, source: str, size: int, meaning: str, write: Writer) -> None:
        nonlocal offset
        segments.append(Segment(name, source, offset, size, meaning))
        writers.append(write)
        offset += size

    def seat_onehot(seat: int | None, extra: bool, viewer: int) -> list[float]:
        if seat is None or seat < 0:
            return _onehot(players + 1, players) if extra else [0.0] * players
        return _onehot(players + extra, _relative(seat, viewer, players))

    def tile_counts(ids: Sequence[str]) -> list[float]:
        values = [0.0] * tiles
        for tile in ids:
            i = tile_at.get(tile)
            if i is not None:
                values[i] += 1.0
        return values

    # --- the game --------------------------------------------------------------------------
    add("round", "state.round", 1, "rounds begun",
        lambda s, v: [float(s.round)])
    add("governor", "state.governor", players, "one-hot relative seat holding the governor",
        lambda s, v: seat_onehot(s.governor, False, v))
    add("to_act", "state.pending", players + 1,
        "one-hot relative seat to decide now; last: nobody (game over)",
        lambda s, v: seat_onehot(s.to_act, True, v))
    add("decision", "state.pending", len(kinds), "one-hot kind of the decision on top",
        lambda s, v: _onehot(len(kinds), kind_at.get(s.pending[-1].kind) if s.pending else None))
    add("stack", "state.pending", len(kinds), "how many frames of each kind are pending",
        lambda s, v: [float(sum(f.kind == k for f in s.pending)) for k in kinds])
    add("phase", "state.phase", len(role_ids), "one-hot role whose phase is played (none: 0)",
        lambda s, v: _onehot(len(role_ids), role_at.get(s.phase)))
    add("roles", "state.roles", len(role_ids), "1 per role card in play",
        lambda s, v: [float(r in s.roles) for r in role_ids])
    add("role_doubloons", "state.role_doubloons", len(role_ids), "doubloons on each role card",
        lambda s, v: _per_role(s.roles, s.role_doubloons, role_at))
    add("role_takers", "state.role_takers", len(role_ids) * (players + 1),
        "per role card: one-hot relative seat that took it this round; last: nobody",
        lambda s, v: _role_takers(s, v, role_at, players))
    add("colonist_supply", "state.colonist_supply", 1, "colonists in the supply",
        lambda s, v: [float(s.colonist_supply)])
    add("colonist_ship", "state.colonist_ship", 1, "colonists on the colonist ship",
        lambda s, v: [float(s.colonist_ship)])
    # Two non-negative values: the adapters declare every value in [0, 1000].
    add("vp_supply", "state.vp_supply", 2,
        "VP left in the supply, then VP noted beyond it (PR9.3.5)",
        lambda s, v: [float(max(s.vp_supply, 0)), float(max(-s.vp_supply, 0))])
    add("goods_supply", "state.goods_supply", goods, "goods in the supply, per good",
        lambda s, v: [float(n) for n in s.goods_supply])
    ships = len(ship_at)
    add("ships", "state.ships", ships, "1 per cargo ship of the catalogue in play",
        lambda s, v: _per_ship(s, ship_at, 1, lambda i: [1.0]))
    add("ship_loads", "state.ship_loads", ships, "goods on each cargo ship",
        lambda s, v: _per_ship(s, ship_at, 1, lambda i: [float(s.ship_loads[i])]))
    add("ship_goods", "state.ship_goods", ships * goods,
        "per cargo ship: one-hot good it carries (empty: 0)",
        lambda s, v: _per_ship(s, ship_at, goods, lambda i: _onehot(goods, s.ship_goods[i])))
    add("trading_house", "state.trading_house", 1 + goods,
        "goods in the trading house, then how many of each good",
        lambda s, v: [float(len(s.trading_house)),
                      *(float(s.trading_house.count(g)) for g in range(goods))])
    add("face_up", "state.face_up", tiles, "face-up plantations, per island tile kind",
        lambda s, v: tile_counts(s.face_up))
    add("plantation_stack", "state.plantation_stack", 1,
        "tiles in the hidden plantation stack (its order is hidden)",
        lambda s, v: [float(len(s.plantation_stack))])
    add("plantation_discards", "state.plantation_discards", tiles,
        "discarded plantations, per island tile kind",
        lambda s, v: tile_counts(s.plantation_discards))
    add("quarries", "state.quarries", 1, "quarries left in their stack",
        lambda s, v: [float(s.quarries)])
    add("building_supply", "state.building_supply", buildings,
        "copies left on the game board, per building",
        lambda s, v: [float(n) for n in s.building_supply])
    add("end_reasons", "state.end_reasons", len(ends), "1 per game-end condition met (PR15.1)",
        lambda s, v: [float(e in s.end_reasons) for e in ends])

    # --- each seat, the viewer first ---------------------------------------------------------
    def of_seat(r: int, read: Callable[[Any], Sequence[float]]) -> Writer:
        return lambda s, v: read(s.players[(v + r) % players])

    for r in range(players):
        me = f"players[{r}]"
        add(f"{me}.doubloons", "players[].doubloons", 1, "doubloons",
            of_seat(r, lambda p: [float(p.doubloons)]))
        add(f"{me}.vp", "players[].vp", 2,
            "VP chips (0 when hidden), then 1 if hidden from the viewer (PR17.1.2)",
            of_seat(r, lambda p: _vp(p.vp)))
        add(f"{me}.goods", "players[].goods", goods, "goods held, per good",
            of_seat(r, lambda p: [float(n) for n in p.goods]))
        add(f"{me}.island", "players[].island", tiles, "island tiles, per kind",
            of_seat(r, lambda p: [float(n) for n in p.island]))
        add(f"{me}.staffed", "players[].staffed", tiles, "occupied island tiles, per kind",
            of_seat(r, lambda p: [float(n) for n in p.staffed]))
        add(f"{me}.city", "players[].city", 2 * buildings,
            "per building: 1 if owned; then per building: colonists on it",
            of_seat(r, lambda p: [*(float(c >= 0) for c in p.city),
                                  *(float(max(c, 0)) for c in p.city)]))
        add(f"{me}.san_juan", "players[].san_juan", 1, "colonists waiting in San Juan",
            of_seat(r, lambda p: [float(p.san_juan)]))
    return _Layout(tuple(segments), tuple(writers), offset)


def _vp(vp: int) -> list[float]:
    return [0.0, 1.0] if vp == HIDDEN_VP else [float(vp), 0.0]


def _per_role(roles: Sequence[str], values: Sequence[int], role_at: dict[str, int]) -> list[float]:
    out = [0.0] * len(role_at)
    for role, value in zip(roles, values, strict=True):
        out[role_at[role]] = float(value)
    return out


def _role_takers(s: State, viewer: int, role_at: dict[str, int], players: int) -> list[float]:
    width = players + 1
    out = [0.0] * (len(role_at) * width)
    for role, taker in zip(s.roles, s.role_takers, strict=True):
        column = players if taker < 0 else _relative(taker, viewer, players)
        out[role_at[role] * width + column] = 1.0
    return out


def _per_ship(s: State, ship_at: dict[str, int], width: int,
              values: Callable[[int], list[float]]) -> list[float]:
    """``values(i)`` of the state's ``i``-th ship at that ship's place in the catalogue."""
    out = [0.0] * (len(ship_at) * width)
    for i, ship in enumerate(s.ships):
        base = ship_at[ship] * width
        out[base:base + width] = values(i)
    return out


def _layout_of(state: State) -> _Layout:
    return _build(rules_of(state), state.player_count)


def _state(state_or_view: State | View) -> State:
    state = state_or_view.state if isinstance(state_or_view, View) else state_or_view
    if not isinstance(state, State):
        raise TypeError(f"expected a Puerto Rico state or view, not {type(state).__name__}")
    return state


def layout(state_or_view: State | View) -> tuple[Segment, ...]:
    """The segments of the vector for this game's catalogue and player count.

    :param state_or_view: any state or view of the game.
    """
    return _layout_of(_state(state_or_view)).segments


def observation_size(state_or_view: State | View) -> int:
    """The length of :func:`encode`'s vector for this game's catalogue and player count."""
    return _layout_of(_state(state_or_view)).size


def encode(view: View) -> npt.NDArray[np.float32]:
    """What ``view.seat`` sees, as a float32 vector (see :func:`layout`).

    :param view: what the seat may see (:func:`~lisboa_core.games.puerto_rico.views.observe`);
        a whole state is refused, so hidden information cannot leak in by mistake.
    :raises TypeError: if ``view`` is not a :class:`~lisboa_core.views.View` of a Puerto Rico
        state.
    """
    if not isinstance(view, View):
        raise TypeError(f"encode() takes a View (lisboa_core.observe), not {type(view).__name__}")
    state = _state(view)
    built = _layout_of(state)
    values: list[float] = []
    for segment, write in zip(built.segments, built.writers, strict=True):
        part = write(state, view.seat)
        if len(part) != segment.size:  # a state the catalogue cannot describe
            raise ValueError(f"{segment.name}: {len(part)} values for {segment.size} places")
        values.extend(part)
    return np.asarray(values, dtype=np.float32)
