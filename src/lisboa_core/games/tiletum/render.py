"""Tiletum as text: the round, the wheel with its dice, the king track, the displays, the
fair schedule and each seat's board (a state or a view), every row labelled in words and
every component named as the cards print it, with its id in brackets where a move names
it by id."""

from __future__ import annotations

from typing import Any

from lisboa_core.dsl.phrases import counted
from lisboa_core.games.tiletum.model import RESOURCES, Rules
from lisboa_core.games.tiletum.move_words import name_of, space_text, tile_label
from lisboa_core.games.tiletum.rules.ops import ACTIONS, rules_of
from lisboa_core.games.tiletum.state import State

__all__ = ["render_text"]


def _listed(items: list[str], empty: str = "none") -> str:
    return ", ".join(items) if items else empty


def _tiles(rules: Rules, tiles: tuple[str, ...], empty: str = "none") -> str:
    """Tiles by short name and id; an empty slot is ``empty``."""
    return _listed([f"{tile_label(rules, t)} ({t})" if t else "empty" for t in tiles], empty)


def _die(rules: Rules, die: str) -> str:
    return f"{name_of(rules, die[:-1])} {die[-1:]}"


def _seats(seats: tuple[int, ...]) -> str:
    said = [str(s) for s in seats]
    head = "seat " if len(said) == 1 else "seats "
    return head + (said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1])


def _corruption(state: State) -> str:
    hidden = len(state.corruption) - state.revealed
    shown = [str(v) for v in state.corruption[hidden:]]
    return (f"corruption on the turn track: {counted(len(state.corruption), 'tokens')}, "
            f"{hidden} face down; revealed: {_listed(shown)}")


def _king(state: State, rules: Rules) -> str:
    stacks = [f"{_seats(stack)} on space {i} ({rules.king_values[i]:+d} VP"
              + (", the last on top)" if len(stack) > 1 else ")")
              for i, stack in enumerate(state.king) if stack]
    bonus = _tiles(rules, (state.king_bonus,)) if state.king_bonus else "none"
    return f"king track: {'; '.join(stacks) or 'no markers'}; king bonus tile: {bonus}"


def _posts(state: State, rules: Rules) -> str:
    built = [f"seat {s} in {name_of(rules, p.town)} ({p.id})"
             for p, s in zip(rules.posts, state.posts, strict=True) if s >= 0]
    return "trading posts built: " + _listed(built)


def _pillars(state: State, rules: Rules) -> str:
    built = [f"{_seats(s)} in the cathedral of {name_of(rules, c.town)} ({c.id})"
             for c, s in zip(rules.cathedrals, state.pillars, strict=True) if s]
    return "pillars in cathedrals: " + _listed(built)


def _seat_lines(state: State, rules: Rules, seat: int) -> list[str]:
    p = state.players[seat]
    res = ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, p.resources, strict=True) if n)
    rooms = "; ".join(
        f"{b.id} {_tiles(rules, floors, 'no rooms')}"
        for b, floors in zip(rules.buildings, p.rooms, strict=False) if floors)
    coats = _listed([f"{b.id} {tile_label(rules, t)} ({t})"
                     for b, t in zip(rules.buildings, p.coats, strict=False) if t])
    bonus = _listed([f"{a} +{n}" for a, n in zip(ACTIONS, p.bonus_ap, strict=False) if n])
    return [
        f"seat {seat}: {p.vp} VP; {res or 'no resources'}; merchant in "
        f"{space_text(rules, p.merchant)}, architect in {space_text(rules, p.architect)}; "
        f"in the supply {counted(p.posts, 'trading posts')} and "
        f"{counted(p.pillars, 'pillars')}",
        f"  dice taken: {_listed([_die(rules, d) for d in p.dice])}; "
        f"warehouse: {_tiles(rules, p.warehouse, 'empty')}; "
        f"contracts fulfilled: {len(p.contracts)}; cathedral tiles: "
        f"{len(p.cathedral_tiles)}",
        f"  rooms: {rooms}",
        f"  coats of arms placed: {coats}; bonus AP: {bonus}",
    ]


def render_text(state_or_view: Any) -> str:
    """The position as text, one topic a line, then one block per seat."""
    state: State = getattr(state_or_view, "state", state_or_view)
    rules = rules_of(state)
    top = state.pending[-1] if state.pending else None
    lines = [
        f"Tiletum, {state.player_count} players, round {state.round}, cycle {state.cycle}; "
        f"turn order: seats {' '.join(map(str, state.order))}",
        "to act: " + (f"{f'seat {top.seat}' if top.seat >= 0 else 'chance'} ({top.kind}"
                      + (f" {top.data[0]}, {top.data[1]} AP" if top.kind == "action" else "")
                      + ")" if top else "nobody (game over)"),
        "action wheel:",
    ]
    for a, action in enumerate(state.area_actions):
        value = (a - state.wheel) % 6 + 1
        dice = _listed([_die(rules, d) for d in state.area_dice[a]])
        bonus = _tiles(rules, (state.area_bonus[a],)) if state.area_bonus[a] else "none"
        lines.append(f"  area {a + 1} ({action}): value {value}, {7 - value} AP; "
                     f"dice: {dice}; bonus tile: {bonus}")
    fairs = [f"{name_of(rules, t)} ({t}) with fair tile {f}"
             for t, f in zip(state.fair_towns, state.fair_tiles, strict=True)]
    lines += [
        _corruption(state),
        _king(state, rules),
        "fairs, round by round: " + _listed(fairs),
        f"person display: {_tiles(rules, state.person_display)} "
        f"({counted(len(state.person_deck), 'tiles')} in the deck)",
        f"contract display: {_tiles(rules, state.contract_display)} "
        f"({counted(len(state.contract_deck), 'tiles')} in the deck)",
        _posts(state, rules),
        _pillars(state, rules),
    ]
    for seat in range(len(state.players)):
        lines += _seat_lines(state, rules, seat)
    return "\n".join(lines)
