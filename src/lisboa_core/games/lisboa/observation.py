"""What a seat sees, as a fixed-length float32 vector for learning agents.

:func:`encode` reads only a :class:`~lisboa_core.View`
(:func:`~lisboa_core.games.lisboa.views.observe`), so
two states that differ only in what the seat cannot see give the same vector. The layout
depends on the catalogue and the player count only; :func:`layout` lists its segments
(name, the view field it encodes, length and meaning) and the docs page is generated from
it. Seats are *relative*: ``players[0]`` is the seat that looks, ``players[1]`` the next
one clockwise, and so on, so one policy can play every seat. Counts are raw numbers (no
scaling); choices are one-hot, sets multi-hot. Hidden pieces (placeholders) encode as
nothing, only their count.

Requires numpy (extra ``lisboa_core[rl]``).

Example::

    from lisboa_core import new_game, observe
    from lisboa_core.games.lisboa.observation import encode, observation_size

    state = new_game(players=3, seed=1)
    vector = encode(observe(state, 0))
    assert vector.shape == (observation_size(state),)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from lisboa_core.envs.builder import (
    Layout,
    LayoutBuilder,
    Segment,
    Writer,
    counts,
    multi_hot,
    number,
    numbers,
    one_hot,
    seat_one_hot,
)
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import GOODS, NEUTRAL, NOBLES, RUBBLE, PlayerState, State
from lisboa_core.games.lisboa.vocabulary import STATE_ACTIONS
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
    "log": "free text for front ends, not part of the position",
}
"""The view fields :func:`encode` leaves out, and why. Every other field of the state and
of each player is encoded (a test checks this)."""


def _ids(items: Any) -> dict[Any, int]:
    return {item: i for i, item in enumerate(items)}


def _column(seat: int, viewer: int, players: int) -> int:
    """The relative seat's column, the neutral seat last."""
    return players if seat == NEUTRAL else (seat - viewer) % players


def _colours(cubes: Any) -> list[int]:
    return [cubes.count(c) for c in RUBBLE]


@lru_cache(maxsize=16)
def _build(digest: str, players: int) -> Layout:
    rules: Rules = ops._RULES[digest]
    board, pboard = rules.board, rules.player_board
    political = _ids([c.id for c in rules.political])
    ships = _ids([s.id for s in rules.ships])
    top_cards = _ids([*political, *ships])
    clergy = _ids([t.id for t in rules.clergy])
    decrees = _ids([d.id for d in rules.decrees])
    plans = _ids([p.id for p in rules.plans])
    lands = _ids([land.id for land in rules.lands])
    sites = _ids([s.id for s in rules.sites])
    buildings = _ids([b.id for b in rules.of_kind("building")])
    city = _ids([c.id for c in rules.of_kind("city")])
    scoring = _ids([t.id for t in rules.of_kind("scoring")])
    streets = _ids([colour for colour, _good in board.streets])
    kinds = _ids(sorted(STACK.kinds()))
    architects = _ids(sorted({p.architect for p in rules.plans}))
    actions = _ids(list(STATE_ACTIONS))
    favors = _ids(list(NOBLES))
    b = LayoutBuilder(players)

    def at(index: int) -> Writer:
        """1 at ``index`` of the segment, always (the one-hot of a number)."""
        def write(s: State, v: int, ones: list[int], at_: list[int], values: list[float],
                  base: int) -> None:
            ones.append(base + index)
        return write

    # --- the game --------------------------------------------------------------------------
    b.add("period", "state.period", 2, "one-hot: period 1, period 2",
          one_hot(lambda s, v: s.period - 1, {0: 0, 1: 1}))
    b.add("turn", "state.turn", 1, "turns completed", number(lambda s, v: s.turn))
    b.add("final_turns", "state.final_turns", 2,
          "1 once the game end is triggered (R16.2); then the turns left",
          numbers(lambda s, v: (0, 0) if s.final_turns is None else (1, s.final_turns)))
    b.add("current", "state.current", players, "one-hot relative seat whose turn it is",
          seat_one_hot(lambda s, v: s.current, players))
    b.add("start_player", "state.start_player", players, "one-hot relative seat",
          seat_one_hot(lambda s, v: s.start_player, players))
    b.add("to_act", "state.pending", players + 1,
          "one-hot relative seat to decide now; last: nobody (game over)",
          seat_one_hot(lambda s, v: s.to_act, players, nobody=True))
    b.add("decision", "state.pending", len(kinds), "one-hot kind of the decision on top",
          one_hot(lambda s, v: s.pending[-1].kind if s.pending else None, kinds))
    b.add("stack", "state.pending", len(kinds), "how many frames of each kind are pending",
          counts(lambda s, v: [f.kind for f in s.pending], kinds))
    b.add("options", "state.options", 3, "draft, gold_only_when_stuck, leftmost_slot",
          numbers(lambda s, v: (s.options.draft, s.options.gold_only_when_stuck,
                                s.options.leftmost_slot)))
    for n in range(len(NOBLES)):
        for field in ("offices", "plazas"):
            def officials(s: State, v: int, ones: list[int], at_: list[int],
                          values: list[float], base: int, n: int = n,
                          field: str = field) -> None:
                found = [0] * (players + 1)
                for seat in getattr(s, field)[n]:
                    found[_column(seat, v, players)] += 1
                for column, count in enumerate(found):
                    if count:
                        at_.append(base + column)
                        values.append(float(count))
            b.add(f"{field}[{NOBLES[n]}]", f"state.{field}", players + 1,
                  "officials per relative seat; last: neutral (2 players)", officials)
    b.add("favor_supply", "state.favor_supply", 3, "royal favor tiles left per noble",
          numbers(lambda s, v: s.favor_supply))
    b.add("covered", "state.covered", len(actions), "State actions covered this turn",
          multi_hot(lambda s, v: s.covered, actions))
    b.add("treasury", "state.treasury", len(board.treasury), "one-hot treasury space",
          one_hot(lambda s, v: s.treasury, _ids(range(len(board.treasury)))))
    b.add("prices", "state.prices", 4, "price per good (gold, books, cloth, tools)",
          numbers(lambda s, v: s.prices))
    for p in range(len(board.political_display)):
        b.add(f"piles[{p}]", "state.piles", 1 + len(political),
              "cards in the pile, then one-hot top card",
              _size_and_top(lambda s, v, p=p: s.piles[p], political))
    b.add("later_decks", "state.later_decks", 2, "cards in the purple and brown decks",
          numbers(lambda s, v: [len(d) for d in s.later_decks]))
    b.add("shipyard", "state.shipyard", 1 + len(ships), "ships, then one-hot top ship",
          _size_and_top(lambda s, v: s.shipyard, ships))
    b.add("later_ships", "state.later_ships", 1, "ships still to come (period 2)",
          number(lambda s, v: len(s.later_ships)))
    b.add("decree_deck", "state.decree_deck", 1, "face-down decrees",
          number(lambda s, v: len(s.decree_deck)))
    b.add("decree_display", "state.decree_display", len(decrees), "decrees face up",
          multi_hot(lambda s, v: s.decree_display, decrees))
    b.add("clergy_bag", "state.clergy_bag", 1, "tiles in the bag",
          number(lambda s, v: len(s.clergy_bag)))
    for c in range(board.church_gaps):
        b.add(f"church[{c}]", "state.church", len(clergy), "one-hot tile on the clergy space",
              one_hot(lambda s, v, c=c: s.church[c], clergy))
    b.add("cardinal", "state.cardinal", board.church_gaps, "one-hot gap of the cardinal",
          one_hot(lambda s, v: s.cardinal, _ids(range(board.church_gaps))))
    b.add("church_scoring", "state.church_scoring", players + 1,
          "one-hot relative seat that laid the cardinal down; last: nobody",
          seat_one_hot(lambda s, v: s.church_scoring, players, nobody=True))
    for c in range(len(board.city_spaces)):
        b.add(f"city_display[{c}]", "state.city_display", len(city), "one-hot city tile",
              one_hot(lambda s, v, c=c: s.city_display[c], city))
    b.add("city_stacks", "state.city_stacks", 2, "large and small city tiles left",
          numbers(lambda s, v: [len(x) for x in s.city_stacks]))
    width = players + len(streets)

    def stores(s: State, v: int, ones: list[int], at_: list[int], values: list[float],
               base: int) -> None:
        for land, owner, street in s.stores:
            start = base + lands[land] * width
            ones.append(start + (owner - v) % players)
            ones.append(start + players + streets[street])

    b.add("stores", "state.stores", len(lands) * width,
          "per land: one-hot relative owner, then one-hot street it faces", stores)
    for field, count in (("row_rubble", len(board.row_rubble)),
                         ("column_rubble", len(board.column_rubble)),
                         ("site_rubble", len(sites))):
        b.add(field, f"state.{field}", count * 3, "cubes per place and colour",
              numbers(lambda s, v, field=field: [
                  n for cubes in getattr(s, field) for n in _colours(cubes)]))
    b.add("rubble_pile", "state.rubble_pile", 3, "cubes per colour (brown, red, blue)",
          numbers(lambda s, v: _colours(s.rubble_pile)))
    site_width = len(buildings) + len(architects)

    def opened(s: State, v: int, ones: list[int], at_: list[int], values: list[float],
               base: int) -> None:
        for site, building, architect in s.opened:
            start = base + sites[site] * site_width
            ones.append(start + buildings[building])
            ones.append(start + len(buildings) + architects[architect])

    b.add("opened", "state.opened", len(sites) * site_width,
          "per site: one-hot building opened there, then one-hot architect", opened)
    for t in range(len(scoring)):
        b.add(f"scoring_tiles[{t}]", "state.scoring_tiles", len(scoring), "one-hot tile",
              one_hot(lambda s, v, t=t: s.scoring_tiles[t], scoring))
    for stack in ("plan_stacks", "building_stacks"):
        index = plans if stack == "plan_stacks" else buildings
        for k, architect in enumerate(("blue", "green")):
            b.add(f"{stack}[{architect}]", f"state.{stack}", 1 + len(index),
                  "size, then one-hot first (available) piece",
                  _size_and_top(lambda s, v, stack=stack, k=k: getattr(s, stack)[k], index))
    b.add("removed", "state.removed", 1, "pieces out of the game",
          number(lambda s, v: len(s.removed)))
    b.add("rubble_out", "state.rubble_out", 1, "rubble cubes out of the game",
          number(lambda s, v: s.rubble_out))

    # --- each seat, the viewer first -------------------------------------------------------
    top, bottom = pboard.portfolio_top, pboard.portfolio_bottom

    def hand(p: PlayerState, me: bool, ones: list[int], at_: list[int],
             values: list[float], base: int) -> None:
        if p.hand:
            at_.append(base)
            values.append(float(len(p.hand)))
        if me:  # another seat's hand is hidden: its size only (a view holds placeholders)
            for card in p.hand:
                i = political.get(card)
                if i is not None:
                    ones.append(base + 1 + i)

    b.seat("hand", "players[].hand", 1 + len(political),
           "cards in hand, then multi-hot of those the viewer can see (its own)", hand)
    for k in range(top):
        b.seat(f"top[{k}]", "players[].top", len(top_cards), "one-hot card or ship",
               one_hot(lambda p, me, k=k: p.top[k], top_cards))
    for k in range(bottom):
        b.seat(f"bottom[{k}]", "players[].bottom", len(political), "one-hot card",
               one_hot(lambda p, me, k=k: p.bottom[k], political))

    def cargo(p: PlayerState, me: bool, ones: list[int], at_: list[int],
              values: list[float], base: int) -> None:
        for k, load in enumerate(p.cargo):
            for g in set(load):
                at_.append(base + 4 * k + GOODS.index(g))
                values.append(float(load.count(g)))

    b.seat("cargo", "players[].cargo", top * 4, "goods per top slot and good", cargo)
    b.seat("sailed", "players[].sailed", top, "crates at sea per top slot",
           numbers(lambda p, me: p.sailed))
    for field, size, meaning in (
        ("goods", 4, "goods per type"),
        ("rubble", 3, "rubble cubes per colour"),
        ("houses", 3, "houses taken per group"),
    ):
        b.seat(field, f"players[].{field}", size, meaning,
               numbers(lambda p, me, field=field: getattr(p, field)))
    for field in ("reis", "wigs", "influence", "markers", "officials"):
        b.seat(field, f"players[].{field}", 1, field,
               number(lambda p, me, field=field: getattr(p, field)))
    for field, index in (("clergy", clergy), ("favors", favors), ("plans", plans),
                         ("completed", plans), ("decrees", decrees)):
        b.seat(field, f"players[].{field}", len(index), f"multi-hot {field}",
               multi_hot(lambda p, me, field=field: getattr(p, field), index))
    return b.build()


def _size_and_top(read: Any, index: dict[Any, int]) -> Writer:
    """The size of a stack, then one-hot its first piece (nothing for a hidden one)."""
    get = index.get

    def write(s: State, v: int, ones: list[int], at: list[int], values: list[float],
              base: int) -> None:
        items = read(s, v)
        if items:
            at.append(base)
            values.append(float(len(items)))
            i = get(items[0])
            if i is not None:
                ones.append(base + 1 + i)

    return write


def observation_layout(state_or_view: State | View) -> Layout:
    """The :class:`~lisboa_core.envs.builder.Layout` of this game's catalogue and player
    count (what :func:`encode` writes with)."""
    state = state_or_view.state if isinstance(state_or_view, View) else state_or_view
    return _build(state.catalogue, state.player_count)


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

    :param view: what the seat may see (:func:`~lisboa_core.games.lisboa.views.observe`); a
        whole state is refused, so hidden information cannot leak in by mistake.
    :param out: a float32 array of :func:`observation_size` values to write into (a new one
        when None).
    :raises TypeError: if ``view`` is not a :class:`~lisboa_core.View`.
    """
    if not isinstance(view, View):
        raise TypeError(f"encode() takes a View (lisboa_core.observe), not {type(view).__name__}")
    return observation_layout(view.state).encode(view.state, view.seat, out)


def encode_state(state: State, seat: int,
                 out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """``encode(observe(state, seat))`` without building the view: the writers read only
    what ``seat`` may see (another seat's hand by its size), so the vector is the same (a
    test checks it on random positions)."""
    return observation_layout(state).encode(state, seat, out)
