"""What a Tiletum seat sees, as a fixed-length float32 vector for learning agents.

:func:`encode` reads only a :class:`~lisboa_core.views.View`
(:func:`~lisboa_core.games.tiletum.views.observe`), so two states that differ only in what
nobody can see (the generator: decks and face-down tokens are drawn at chance steps) give
the same vector.
The layout depends on the catalogue and the player count only; :func:`layout` lists its
segments (name, the view field it encodes, length and meaning), written with the shared
:mod:`lisboa_core.envs.builder`. Seats are *relative*: ``players[0]`` is the seat that
looks, ``players[1]`` the next one clockwise. Counts are raw numbers; places are one-hot.

Requires numpy (extra ``lisboa_core[rl]``); :mod:`lisboa_core.games.tiletum.game` imports
this module only when asked for a vector.

Example::

    from lisboa_core import new_game, observe
    from lisboa_core.games.tiletum.observation import encode, observation_size

    state = new_game(players=3, seed=1, game="tiletum")
    assert encode(observe(state, 0)).shape == (observation_size(state),)
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
    Writer,
    number,
    numbers,
    one_hot,
)
from lisboa_core.games.tiletum.language import ACTIONS as AREA_ACTIONS
from lisboa_core.games.tiletum.model import Rules
from lisboa_core.games.tiletum.player import PlayerState
from lisboa_core.games.tiletum.rules.ops import ACTIONS, rules_of
from lisboa_core.games.tiletum.setup import new_state
from lisboa_core.games.tiletum.stack import STACK
from lisboa_core.games.tiletum.state import State
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

_TILE_KINDS = ("person", "contract", "coat", "assistant")

NOT_ENCODED: dict[str, str] = {
    "rng": "hidden: a view holds a placeholder for the generator",
    "catalogue": "the same for every state of a game (the layout depends on it)",
    "bag": "the dice not drawn yet (which die comes out is decided at a chance step)",
    "revealed": "how many corruption tokens were turned over (they show face up)",
    "corruption_aside": "the tokens set aside at setup (TL2), the same all game",
}
"""The view fields :func:`encode` leaves out, and why."""


def _ids(items: Sequence[Any]) -> dict[Any, int]:
    return {item: i for i, item in enumerate(items)}


@lru_cache(maxsize=16)
def _build(rules: Rules, players: int) -> Layout:
    probe = new_state(rules, players, 0)  # the lengths of every field (fixed per count)
    me = probe.players[0]
    spaces = _ids(rules.spaces)
    persons = _ids(sorted({p.person for p in rules.persons}))
    kinds = _ids(sorted(STACK.kinds()))
    area_actions = _ids(AREA_ACTIONS)
    actions = _ids(ACTIONS)
    towns = _ids([t.id for t in rules.towns])
    fairs = _ids([f.id for f in rules.fairs])
    colours = [c for c, _ in rules.dice]
    tile_kinds = _ids(_TILE_KINDS)
    kind_of = rules.kind_of
    b = LayoutBuilder(players)

    def tile_kind(read: Any) -> Writer:
        """One-hot kind of a tile (person, contract, coat, assistant); '' is no tile."""
        def write(s: State, v: int, ones: list[int], at: list[int], values: list[float],
                  base: int) -> None:
            tile = read(s)
            if tile:
                ones.append(base + tile_kinds[kind_of(tile)])
        return write

    b.add("round", "state.round", 4, "one-hot round", one_hot(lambda s, v: s.round - 1,
                                                              _ids(range(4))))
    b.add("cycle", "state.cycle", 4, "one-hot cycle of the round",
          one_hot(lambda s, v: s.cycle, _ids(range(4))))
    b.add("wheel", "state.wheel", 6, "one-hot position of the wheel",
          one_hot(lambda s, v: s.wheel, _ids(range(6))))
    for i in range(len(probe.area_actions)):
        b.add(f"area_actions[{i}]", "state.area_actions", len(area_actions),
              "one-hot action the area offers (TL27.1: the variant moves them)",
              one_hot(lambda s, v, i=i: s.area_actions[i], area_actions))
    for i in range(len(probe.area_dice)):
        def dice(s: State, v: int, ones: list[int], at: list[int], values: list[float],
                 base: int, i: int = i) -> None:
            found = [0] * (len(colours) + 6)
            for die in s.area_dice[i]:
                colour = die[:2]
                for c, known in enumerate(colours):
                    if known == colour:
                        found[c] += 1
                value = die[2:]
                if value in _FACES:
                    found[len(colours) + _FACES[value]] += 1
            for k, n in enumerate(found):
                if n:
                    at.append(base + k)
                    values.append(float(n))
        b.add(f"area_dice[{i}]", "state.area_dice", len(colours) + 6,
              "dice on the area: per colour, then per value 1-6", dice)
    bonus_places: list[tuple[str, str, Any]] = [(f"area_bonus[{i}]", "state.area_bonus",
                     lambda s, i=i: s.area_bonus[i]) for i in range(len(probe.area_bonus))]
    bonus_places.append(("king_bonus", "state.king_bonus", lambda s: s.king_bonus))
    bonus_places += [(f"map_bonus[{i}]", "state.map_bonus", lambda s, i=i: s.map_bonus[i])
                     for i in range(len(probe.map_bonus))]
    for name, source, read in bonus_places:
        b.add(name, source, 4, "one-hot kind of the bonus tile there (none: 0)",
              tile_kind(read))
    contract_vp = {t: contract.vp for t, tile in rules.extra["tile"].items()
                   if (contract := rules.extra["contract"].get(tile.holds)) is not None}
    for i in range(len(probe.contract_display)):
        b.add(f"contract_display[{i}]", "state.contract_display", 4,
              "one-hot kind of the tile shown", tile_kind(lambda s, i=i: s.contract_display[i]))
        b.add(f"contract_display[{i}].vp", "state.contract_display", 1,
              "VP of the contract it holds (none: 0)",
              number(lambda s, v, i=i: contract_vp.get(s.contract_display[i], 0)))
    person_of = {t: persons[p.person] for t, p in rules.extra["person"].items()}
    for i in range(len(probe.person_display)):
        b.add(f"person_display[{i}]", "state.person_display", len(persons),
              "one-hot person shown there", one_hot(
                  lambda s, v, i=i: person_of.get(s.person_display[i]), _ids(range(len(persons)))))
    for deck in ("contract_deck", "person_deck", "bonus_deck"):
        b.add(deck, f"state.{deck}", 1, "tiles left in the deck (its order is drawn)",
              number(lambda s, v, deck=deck: len(getattr(s, deck))))
    for i in range(len(probe.corruption)):
        b.add(f"corruption[{i}]", "state.corruption", 4,
              "one-hot token: face down, then its value 0-2",
              one_hot(lambda s, v, i=i: s.corruption[i] + 1, _ids(range(4))))
    for i in range(len(probe.fair_towns)):
        b.add(f"fair_towns[{i}]", "state.fair_towns", len(towns), "one-hot town of the fair",
              one_hot(lambda s, v, i=i: s.fair_towns[i], towns))
    for i in range(len(probe.fair_tiles)):
        b.add(f"fair_tiles[{i}]", "state.fair_tiles", len(fairs), "one-hot fair tile",
              one_hot(lambda s, v, i=i: s.fair_tiles[i], fairs))
    costs = rules.extra["cost"]
    for i in range(len(probe.costs)):
        b.add(f"costs[{i}]", "state.costs", 3, "the cathedral site's cost: stone, VP, closed",
              numbers(lambda s, v, i=i: (costs[s.costs[i]].stone, costs[s.costs[i]].vp,
                                         costs[s.costs[i]].closed)))
        b.add(f"cathedral_left[{i}]", "state.cathedral_left", 1,
              "pillars still to place on that site",
              number(lambda s, v, i=i: s.cathedral_left[i]))

    def top_frame(s: State, v: int, ones: list[int], at: list[int], values: list[float],
                  base: int) -> None:
        if not s.pending:
            return
        top = s.pending[-1]
        ones.append(base + kinds[top.kind])
        if top.kind == "action":
            ones.append(base + len(kinds) + actions[top.data[0]])
            if top.data[1]:
                at.append(base + len(kinds) + len(actions))
                values.append(float(top.data[1]))
        if top.seat >= 0:
            # 1 + the deciding seat's offset from the observer, 0 when nobody decides:
            # the declared observation space has no negative values.
            at.append(base + len(kinds) + len(actions) + 1)
            values.append(float(1 + (top.seat - v) % players))

    b.add("decision", "state.pending", len(kinds) + len(actions) + 2,
          "one-hot kind of the decision on top; one-hot action (an action decision) and its "
          "strength; 1 + the deciding seat relative to the viewer (nobody: 0)", top_frame)

    # --- each seat, the viewer first -------------------------------------------------------
    b.seat("vp", "players[].vp", 1, "VP", number(lambda p, me: p.vp))
    b.seat("resources", "players[].resources", len(me.resources), "resources per kind",
           numbers(lambda p, me: p.resources))
    b.seat("posts", "players[].posts", 1, "trading posts in the supply",
           number(lambda p, me: p.posts))
    b.seat("pillars", "players[].pillars", 1, "pillars in the supply",
           number(lambda p, me: p.pillars))
    b.seat("merchant", "players[].merchant", len(spaces), "one-hot space of the merchant",
           one_hot(lambda p, me: p.merchant, spaces))
    b.seat("architect", "players[].architect", len(spaces), "one-hot space of the architect",
           one_hot(lambda p, me: p.architect, spaces))
    b.seat("roofs", "players[].roofs", len(me.roofs), "1 per roof holding a trading post",
           numbers(lambda p, me: p.roofs))
    b.seat("coats", "players[].coats", len(me.coats), "1 per coat space filled",
           numbers(lambda p, me: [bool(c) for c in p.coats]))
    rooms = sum(len(r) for r in me.rooms)
    b.seat("rooms", "players[].rooms", rooms, "1 per room (building, floor) with a person",
           numbers(lambda p, me: [bool(t) for floors in p.rooms for t in floors]))

    def warehouse(p: PlayerState, me_: bool, ones: list[int], at: list[int],
                  values: list[float], base: int) -> None:
        found = [0] * len(tile_kinds)
        for tile in p.warehouse:
            found[tile_kinds[kind_of(tile)]] += 1
        for k, n in enumerate(found):
            if n:
                at.append(base + k)
                values.append(float(n))

    b.seat("warehouse", "players[].warehouse", len(tile_kinds),
           "warehouse tiles per kind (person, contract, coat, assistant)", warehouse)
    b.seat("contracts", "players[].contracts", 1, "contracts taken",
           number(lambda p, me: len(p.contracts)))
    b.seat("dice", "players[].dice", 1, "dice held", number(lambda p, me: len(p.dice)))
    b.seat("cathedral_tiles", "players[].cathedral_tiles", 1, "cathedral tiles",
           number(lambda p, me: sum(p.cathedral_tiles)))
    b.seat("contributed", "players[].contributed", len(me.contributed), "contributed",
           numbers(lambda p, me: p.contributed))
    b.seat("bonus_ap", "players[].bonus_ap", len(me.bonus_ap), "bonus action points",
           numbers(lambda p, me: p.bonus_ap))
    posts, pillars, king = len(probe.posts), len(probe.pillars), len(probe.king)

    def posts_of(s: State, seat: int, v: int, ones: list[int], at: list[int],
                 values: list[float], base: int) -> None:
        for i, x in enumerate(s.posts):
            if x == seat:
                ones.append(base + i)

    def pillars_of(s: State, seat: int, v: int, ones: list[int], at: list[int],
                   values: list[float], base: int) -> None:
        for i, stack in enumerate(s.pillars):
            if seat in stack:
                ones.append(base + i)

    def king_of(s: State, seat: int, v: int, ones: list[int], at: list[int],
                values: list[float], base: int) -> None:
        for space, stack in enumerate(s.king):
            if seat in stack:
                ones.append(base + space)
                depth = stack.index(seat)
                if depth:
                    at.append(base + king)
                    values.append(float(depth))
                return

    def order_of(s: State, seat: int, v: int, ones: list[int], at: list[int],
                 values: list[float], base: int) -> None:
        turn = s.order.index(seat)
        if turn:
            at.append(base)
            values.append(float(turn))

    b.seat("posts_placed", "state.posts", posts, "1 per town holding its trading post",
           posts_of, stateful=True)
    b.seat("pillars_placed", "state.pillars", pillars,
           "1 per cathedral site holding its pillar", pillars_of, stateful=True)
    b.seat("king", "state.king", king + 1,
           "one-hot space of its king piece, then its place in that stack", king_of,
           stateful=True)
    b.seat("order", "state.order", 1, "its place in the turn order", order_of,
           stateful=True)
    return b.build()


_FACES = {str(v): v - 1 for v in range(1, 7)}


def observation_layout(state_or_view: State | View) -> Layout:
    """The :class:`~lisboa_core.envs.builder.Layout` of this game's catalogue and player
    count (what :func:`encode` writes with)."""
    state: State = state_or_view.state if isinstance(state_or_view, View) else state_or_view
    return _build(rules_of(state), state.player_count)


def layout(state_or_view: State | View) -> tuple[Segment, ...]:
    """The segments of the vector for this game's catalogue and player count."""
    return observation_layout(state_or_view).segments


def observation_size(state_or_view: State | View) -> int:
    """The length of :func:`encode`'s vector for this catalogue and player count."""
    return observation_layout(state_or_view).size


def encode(view: View, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """What ``view.seat`` sees as a float32 vector of :func:`observation_size` values
    (written into ``out`` when given).

    :raises TypeError: if ``view`` is not a :class:`~lisboa_core.views.View`.
    """
    if not isinstance(view, View):
        raise TypeError(f"encode() takes a View (lisboa_core.observe), not {type(view).__name__}")
    return observation_layout(view).encode(view.state, view.seat, out)


def encode_state(state: State, seat: int,
                 out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """``encode(observe(state, seat))`` without building the view (nothing but the
    generator is hidden in Tiletum, and the vector does not read it)."""
    return observation_layout(state).encode(state, seat, out)
