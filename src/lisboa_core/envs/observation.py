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
    from lisboa_core.envs.observation import encode, observation_size

    state = new_game(players=3, seed=1)
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

from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import GOODS, NEUTRAL, NOBLES, RUBBLE, State
from lisboa_core.games.lisboa.vocabulary import STATE_ACTIONS
from lisboa_core.views import View

__all__ = ["NOT_ENCODED", "Segment", "encode", "layout", "observation_size"]

NOT_ENCODED: dict[str, str] = {
    "rng": "hidden: a view holds a placeholder for the generator",
    "catalogue": "the same for every state of a game (the layout depends on it)",
    "log": "free text for front ends, not part of the position",
}
"""The view fields :func:`encode` leaves out, and why. Every other field of the state and
of each player is encoded (a test checks this)."""


@attrs.frozen
class Segment:
    """One stretch of the vector."""

    name: str
    """Where it lies, e.g. ``players[1].goods`` (relative seat 1: the next seat)."""
    source: str
    """The view field it encodes (``state.prices``, ``players[].goods``)."""
    offset: int
    """Index of its first value."""
    size: int
    """How many values."""
    meaning: str
    """What the values are."""


Writer = Callable[..., object]
"""Called as ``write(state, viewer, out)``; appends ``(index, value)`` pairs to ``out``."""
Reader = Callable[..., Any]


class _Builder:
    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.writers: list[Writer] = []
        self.size = 0

    def add(self, name: str, source: str, size: int, meaning: str, write: Writer) -> None:
        self.segments.append(Segment(name, source, self.size, size, meaning))
        self.writers.append(write)  # indices relative to the segment; encode shifts them
        self.size += size


def _onehot(index: dict[str, int]) -> Callable[[Any], list[tuple[int, float]]]:
    def put(value: Any) -> list[tuple[int, float]]:
        i = index.get(value) if isinstance(value, str) else None
        return [] if i is None else [(i, 1.0)]

    return put


def _ids(items: Sequence[str]) -> dict[str, int]:
    return {item: i for i, item in enumerate(items)}


@attrs.frozen
class _Layout:
    segments: tuple[Segment, ...]
    writers: tuple[Writer, ...]
    size: int
    offsets: npt.NDArray[np.intp] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        offsets = np.fromiter((s.offset for s in self.segments), dtype=np.intp)
        object.__setattr__(self, "offsets", offsets)


def _relative(seat: int, viewer: int, players: int) -> int | None:
    """The seat as seen from ``viewer`` (0 = the viewer), or None for the neutral seat."""
    return None if seat == NEUTRAL else (seat - viewer) % players


def _column(seat: int, viewer: int, players: int) -> int:
    """The relative seat's column, the neutral seat last."""
    rel = _relative(seat, viewer, players)
    return players if rel is None else rel


@cache
def _build(digest: str, players: int) -> _Layout:
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
    b = _Builder()

    def number(read: Reader) -> Writer:
        return lambda s, v, out: out.append((0, float(read(s, v))))

    def numbers(read: Reader) -> Writer:
        return lambda s, v, out: out.extend((i, float(x)) for i, x in enumerate(read(s, v)))

    def many(read: Reader, index: dict[str, int]) -> Writer:
        def write(s: State, v: int, out: list[tuple[int, float]]) -> None:
            for item in read(s, v):
                i = index.get(item)
                if i is not None:
                    out.append((i, 1.0))

        return write

    def one(read: Reader, index: dict[str, int]) -> Writer:
        put = _onehot(index)
        return lambda s, v, out: out.extend(put(read(s, v)))

    def seat_of(read: Reader, extra: int = 0) -> Writer:
        def write(s: State, v: int, out: list[tuple[int, float]]) -> None:
            seat = read(s, v)
            if seat is None:
                if extra:
                    out.append((players, 1.0))
                return
            rel = _relative(seat, v, players)
            out.append((players if rel is None else rel, 1.0))

        return write

    def colours(cubes: Sequence[str]) -> list[int]:
        return [list(cubes).count(c) for c in RUBBLE]

    # --- the game --------------------------------------------------------------------------
    b.add("period", "state.period", 2, "one-hot: period 1, period 2",
          lambda s, v, out: out.append((s.period - 1, 1.0)))
    b.add("turn", "state.turn", 1, "turns completed", number(lambda s, v: s.turn))
    b.add("final_turns", "state.final_turns", 2,
          "1 once the game end is triggered (R16.2); then the turns left",
          numbers(lambda s, v: (0, 0) if s.final_turns is None else (1, s.final_turns)))
    b.add("current", "state.current", players, "one-hot relative seat whose turn it is",
          seat_of(lambda s, v: s.current))
    b.add("start_player", "state.start_player", players, "one-hot relative seat",
          seat_of(lambda s, v: s.start_player))
    b.add("to_act", "state.pending", players + 1,
          "one-hot relative seat to decide now; last: nobody (game over)",
          seat_of(lambda s, v: s.to_act, extra=1))
    b.add("decision", "state.pending", len(kinds), "one-hot kind of the decision on top",
          one(lambda s, v: s.pending[-1].kind if s.pending else None, kinds))
    b.add("stack", "state.pending", len(kinds), "how many frames of each kind are pending",
          lambda s, v, out: out.extend((kinds[f.kind], 1.0) for f in s.pending))
    b.add("options", "state.options", 3, "draft, gold_only_when_stuck, leftmost_slot",
          numbers(lambda s, v: (s.options.draft, s.options.gold_only_when_stuck,
                                s.options.leftmost_slot)))
    for n, noble in enumerate(NOBLES):
        for field in ("offices", "plazas"):
            b.add(f"{field}[{noble}]", f"state.{field}", players + 1,
                  "officials per relative seat; last: neutral (2 players)",
                  lambda s, v, out, n=n, field=field: out.extend(
                      (_column(o, v, players), 1.0) for o in getattr(s, field)[n]))
    b.add("favor_supply", "state.favor_supply", 3, "royal favor tiles left per noble",
          numbers(lambda s, v: s.favor_supply))
    b.add("covered", "state.covered", len(actions), "State actions covered this turn",
          many(lambda s, v: s.covered, actions))
    b.add("treasury", "state.treasury", len(board.treasury), "one-hot treasury space",
          lambda s, v, out: out.append((s.treasury, 1.0)))
    b.add("prices", "state.prices", 4, "price per good (gold, books, cloth, tools)",
          numbers(lambda s, v: s.prices))
    for p in range(len(board.political_display)):
        b.add(f"piles[{p}]", "state.piles", 1 + len(political),
              "cards in the pile, then one-hot top card",
              lambda s, v, out, p=p: (
                  out.append((0, float(len(s.piles[p])))),
                  out.extend((1 + i, 1.0) for i in
                             ([political[s.piles[p][0]]] if s.piles[p] and
                              s.piles[p][0] in political else []))))
    b.add("later_decks", "state.later_decks", 2, "cards in the purple and brown decks",
          numbers(lambda s, v: [len(d) for d in s.later_decks]))
    b.add("shipyard", "state.shipyard", 1 + len(ships), "ships, then one-hot top ship",
          lambda s, v, out: (out.append((0, float(len(s.shipyard)))),
                             out.extend((1 + ships[x], 1.0) for x in s.shipyard[:1])))
    b.add("later_ships", "state.later_ships", 1, "ships still to come (period 2)",
          number(lambda s, v: len(s.later_ships)))
    b.add("decree_deck", "state.decree_deck", 1, "face-down decrees",
          number(lambda s, v: len(s.decree_deck)))
    b.add("decree_display", "state.decree_display", len(decrees), "decrees face up",
          many(lambda s, v: s.decree_display, decrees))
    b.add("clergy_bag", "state.clergy_bag", 1, "tiles in the bag",
          number(lambda s, v: len(s.clergy_bag)))
    for c in range(board.church_gaps):
        b.add(f"church[{c}]", "state.church", len(clergy), "one-hot tile on the clergy space",
              one(lambda s, v, c=c: s.church[c], clergy))
    b.add("cardinal", "state.cardinal", board.church_gaps, "one-hot gap of the cardinal",
          lambda s, v, out: out.append((s.cardinal, 1.0)))
    b.add("church_scoring", "state.church_scoring", players + 1,
          "one-hot relative seat that laid the cardinal down; last: nobody",
          seat_of(lambda s, v: s.church_scoring, extra=1))
    for c in range(len(board.city_spaces)):
        b.add(f"city_display[{c}]", "state.city_display", len(city), "one-hot city tile",
              one(lambda s, v, c=c: s.city_display[c], city))
    b.add("city_stacks", "state.city_stacks", 2, "large and small city tiles left",
          numbers(lambda s, v: [len(x) for x in s.city_stacks]))
    b.add("stores", "state.stores", len(lands) * (players + len(streets)),
          "per land: one-hot relative owner, then one-hot street it faces",
          lambda s, v, out: out.extend(
              pair for land, owner, street in s.stores for pair in (
                  (lands[land] * (players + len(streets)) + (owner - v) % players, 1.0),
                  (lands[land] * (players + len(streets)) + players + streets[street], 1.0))))
    for field, count in (("row_rubble", len(board.row_rubble)),
                         ("column_rubble", len(board.column_rubble)),
                         ("site_rubble", len(sites))):
        b.add(field, f"state.{field}", count * 3, "cubes per place and colour",
              lambda s, v, out, field=field: out.extend(
                  (3 * k + c, float(n)) for k, cubes in enumerate(getattr(s, field))
                  for c, n in enumerate(colours(cubes)) if n))
    b.add("rubble_pile", "state.rubble_pile", 3, "cubes per colour (brown, red, blue)",
          numbers(lambda s, v: colours(s.rubble_pile)))
    width = len(buildings) + len(architects)
    b.add("opened", "state.opened", len(sites) * width,
          "per site: one-hot building opened there, then one-hot architect",
          lambda s, v, out: out.extend(
              pair for site, building, architect in s.opened for pair in (
                  (sites[site] * width + buildings[building], 1.0),
                  (sites[site] * width + len(buildings) + architects[architect], 1.0))))
    for t in range(len(scoring)):
        b.add(f"scoring_tiles[{t}]", "state.scoring_tiles", len(scoring), "one-hot tile",
              one(lambda s, v, t=t: s.scoring_tiles[t], scoring))
    for stack in ("plan_stacks", "building_stacks"):
        index = plans if stack == "plan_stacks" else buildings
        for k, architect in enumerate(("blue", "green")):
            b.add(f"{stack}[{architect}]", f"state.{stack}", 1 + len(index),
                  "size, then one-hot first (available) piece",
                  lambda s, v, out, stack=stack, k=k, index=index: (
                      out.append((0, float(len(getattr(s, stack)[k])))),
                      out.extend((1 + index[x], 1.0) for x in getattr(s, stack)[k][:1]
                                 if x in index)))
    b.add("removed", "state.removed", 1, "pieces out of the game",
          number(lambda s, v: len(s.removed)))
    b.add("rubble_out", "state.rubble_out", 1, "rubble cubes out of the game",
          number(lambda s, v: s.rubble_out))

    # --- each seat, the viewer first ---------------------------------------------------------
    top, bottom = pboard.portfolio_top, pboard.portfolio_bottom
    for r in range(players):
        def seat(s: State, v: int, r: int = r) -> int:
            return (v + r) % players

        me = f"players[{r}]"
        b.add(f"{me}.hand", "players[].hand", 1 + len(political),
              "cards in hand, then multi-hot of those the viewer can see (its own)",
              lambda s, v, out, seat=seat: (
                  out.append((0, float(len(s.players[seat(s, v)].hand)))),
                  out.extend((1 + political[c], 1.0) for c in s.players[seat(s, v)].hand
                             if c in political)))
        for k in range(top):
            b.add(f"{me}.top[{k}]", "players[].top", len(top_cards), "one-hot card or ship",
                  one(lambda s, v, k=k, seat=seat: s.players[seat(s, v)].top[k], top_cards))
        for k in range(bottom):
            b.add(f"{me}.bottom[{k}]", "players[].bottom", len(political), "one-hot card",
                  one(lambda s, v, k=k, seat=seat: s.players[seat(s, v)].bottom[k], political))
        b.add(f"{me}.cargo", "players[].cargo", top * 4, "goods per top slot and good",
              lambda s, v, out, seat=seat: out.extend(
                  (4 * k + GOODS.index(g), 1.0) for k, load in
                  enumerate(s.players[seat(s, v)].cargo) for g in load))
        b.add(f"{me}.sailed", "players[].sailed", top, "crates at sea per top slot",
              numbers(lambda s, v, seat=seat: s.players[seat(s, v)].sailed))
        for field, size, meaning in (
            ("goods", 4, "goods per type"),
            ("rubble", 3, "rubble cubes per colour"),
            ("houses", 3, "houses taken per group"),
        ):
            b.add(f"{me}.{field}", f"players[].{field}", size, meaning,
                  numbers(lambda s, v, field=field, seat=seat:
                          getattr(s.players[seat(s, v)], field)))
        for field in ("reis", "wigs", "influence", "markers", "officials"):
            b.add(f"{me}.{field}", f"players[].{field}", 1, field,
                  number(lambda s, v, field=field, seat=seat:
                         getattr(s.players[seat(s, v)], field)))
        for field, index in (("clergy", clergy), ("favors", favors), ("plans", plans),
                             ("completed", plans), ("decrees", decrees)):
            b.add(f"{me}.{field}", f"players[].{field}", len(index), f"multi-hot {field}",
                  many(lambda s, v, field=field, seat=seat:
                       getattr(s.players[seat(s, v)], field), index))
    return _Layout(tuple(b.segments), tuple(b.writers), b.size)


def _layout_of(state: State) -> _Layout:
    return _build(state.catalogue, state.player_count)


def layout(state_or_view: State | View) -> tuple[Segment, ...]:
    """The segments of the vector for this game's catalogue and player count.

    :param state_or_view: any state or view of the game.
    """
    state = state_or_view.state if isinstance(state_or_view, View) else state_or_view
    return _layout_of(state).segments


def observation_size(state_or_view: State | View) -> int:
    """The length of :func:`encode`'s vector for this game's catalogue and player count."""
    state = state_or_view.state if isinstance(state_or_view, View) else state_or_view
    return _layout_of(state).size


def encode(view: View) -> npt.NDArray[np.float32]:
    """What ``view.seat`` sees, as a float32 vector (see :func:`layout`).

    :param view: what the seat may see (:func:`~lisboa_core.games.lisboa.views.observe`); a whole
    state is
        refused, so hidden information cannot leak in by mistake.
    :raises TypeError: if ``view`` is not a :class:`~lisboa_core.View`.
    """
    if not isinstance(view, View):
        raise TypeError(f"encode() takes a View (lisboa_core.observe), not {type(view).__name__}")
    built = _layout_of(view.state)
    state, seat = view.state, view.seat
    values: list[tuple[int, float]] = []
    ends = [0]
    for write in built.writers:
        write(state, seat, values)
        ends.append(len(values))
    if not values:
        return np.zeros(built.size, dtype=np.float32)
    # Each writer's indices are relative to its segment: shift them all at once, then add
    # up repeated indices (the pending-frame counts) as the vector's values.
    pairs = np.array(values, dtype=np.float64)
    where = pairs[:, 0].astype(np.intp) + np.repeat(built.offsets, np.diff(ends))
    summed = np.bincount(where, weights=pairs[:, 1], minlength=built.size)
    return summed.astype(np.float32)
