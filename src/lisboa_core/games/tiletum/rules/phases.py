"""The round (TL3-TL5, TL17-TL19): preparation with the dice roll, the three cycles of
corruption and turns, the king phase, the fair, the cleanup and the end of the game."""

from __future__ import annotations

from lisboa_core.core.chance import CHANCE
from lisboa_core.core.moves import Move
from lisboa_core.core.stack import BOTTOM, push
from lisboa_core.games.tiletum.rules.draws import corrupt, draws, face_down
from lisboa_core.games.tiletum.rules.ops import (
    add_vp,
    ahead_order,
    can_gain,
    king_space,
    rules_of,
    set_player,
)
from lisboa_core.games.tiletum.rules.turn import area_of
from lisboa_core.games.tiletum.stack import STACK, register
from lisboa_core.games.tiletum.state import Frame, State

__all__ = ["corrupt", "fair_count", "fair_value", "king_reset", "roll_outcomes", "round_frames"]

CYCLES = 3
"""Cycles per action phase (TL5.1)."""
ROUNDS = 4
"""Rounds per game (TL3.1)."""


def round_frames(state: State) -> State:
    """The frames of a round (TL3.1): preparation, three cycles of corruption then one turn
    per seat in turn order, the king phase, the fair, the cleanup (TL3.2: not in round 4)."""
    frames = [Frame("prepare", -1)]
    for cycle in range(1, CYCLES + 1):
        frames.append(Frame("corrupt", CHANCE, (cycle,)))
        frames += [Frame("turn", seat) for seat in state.order]
    frames += [Frame("king-phase", -1), Frame("fair", -1), Frame("cleanup", -1)]
    return push(state, *reversed(frames))


def roll_outcomes(state: State, frame: Frame) -> tuple[tuple[Move, float], ...]:
    """TL4.1, TL26.4: the outcomes of one die drawn from the bag at random and rolled,
    ``roll CV`` (colour id ``C``, value ``V``), each with its probability: the colour's share
    of the bag times 1/6.

    The round's dice are a sequence of such single-die chance steps (8 / 11 / 14 of them),
    not one step: the joint outcome of 14 dice from a bag of 20 is far too many outcomes to
    list. Drawing the dice one at a time without putting any back, each rolled as drawn,
    gives the same distribution as drawing them all and rolling them together."""
    bag = state.bag
    size = len(bag)
    outcomes = []
    for colour in sorted(set(bag)):
        share = bag.count(colour) / size / 6
        outcomes += [(Move("roll", (f"{colour}{value}",)), share) for value in range(1, 7)]
    return tuple(outcomes)


def _prepare(state: State, frame: Frame, move: Move | None) -> State:
    """TL4.1: the round's dice drawn and rolled, one chance step per die."""
    count = rules_of(state).setup_for(state.player_count).dice_rolled
    return push(state, *(Frame("roll", CHANCE, (k, count)) for k in range(count, 0, -1)))


def _roll(state: State, frame: Frame, move: Move | None) -> State:
    """TL4.1-TL4.2: the die drawn and rolled, put in the area the wheel's section of its
    value faces."""
    assert move is not None
    die = str(move.args[0])
    bag = list(state.bag)
    bag.remove(die[:2])
    areas = [list(a) for a in state.area_dice]
    areas[area_of(state, int(die[2:]))].append(die)
    return state.replaced({"bag": tuple(bag),
                           "area_dice": tuple(tuple(sorted(a)) for a in areas)})


def king_reset(king: tuple[tuple[int, ...], ...], start: int) -> tuple[tuple[int, ...], ...]:
    """TL17.5: markers on red spaces to the start space, above those there, the marker
    furthest left ending on top."""
    moved = tuple(seat for index in range(start, -1, -1) for seat in king[index])
    return (*(((),) * start), moved, *king[start + 1 :])


def _king_phase(state: State, frame: Frame, move: Move | None) -> State:
    """TL17.1: the leader takes or discards the king bonus tile (round 4: or 4 VP); then
    the scoring (TL17.2) and the turn order (TL17.3) follow as an automatic step."""
    state = push(state, Frame("king-score", -1))
    leader = ahead_order(state)[0]
    return push(state, Frame("king-bonus", leader))


def _king_bonus_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    moves = []
    if can_gain(state, frame.seat, state.king_bonus):
        moves.append(Move("king-bonus", ("take",)))
    if state.round == ROUNDS:
        moves.append(Move("king-bonus", ("vp",)))
    return (*moves, Move("king-bonus", ("discard",)))


def _king_bonus(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    choice = move.args[0]
    if choice == "vp":
        return add_vp(state, frame.seat, rules_of(state).king_last_vp)
    if choice == "take":
        from lisboa_core.core.replace import replace

        p = state.players[frame.seat]
        state = set_player(state, frame.seat, replace(p, warehouse=(*p.warehouse,
                                                                    state.king_bonus)))
    return state.replaced({"king_bonus": ""})


def _king_score(state: State, frame: Frame, move: Move | None) -> State:
    """TL17.2-TL17.5: king-track VP, the new turn order, the king fair, the reset."""
    rules = rules_of(state)
    for seat in range(state.player_count):
        state = add_vp(state, seat, rules.king_values[king_space(state, seat)])
    state = state.replaced({"order": tuple(ahead_order(state))})
    fair = rules.extra["fair"][state.fair_tiles[state.round - 1]]
    if fair.counts[0] == "king":  # TL17.4, TL18.6
        value = fair_value(state)
        for seat in _participants(state):
            state = add_vp(state, seat, value)
            state = add_vp(state, seat, rules.king_values[king_space(state, seat)])
    return state.replaced({"king": king_reset(state.king, rules.king_start)})


def fair_value(state: State) -> int:
    """TL18.3: the round's printed fair value plus the fair tile's VP."""
    rules = rules_of(state)
    fair = rules.extra["fair"][state.fair_tiles[state.round - 1]]
    return int(rules.fair_vp[state.round - 1]) + int(fair.vp)


def _participants(state: State) -> list[int]:
    """TL18.2: a trading post in the fair town, or the merchant there."""
    rules = rules_of(state)
    town = rules.extra["town"][state.fair_towns[state.round - 1]]
    index = rules.extra["post_index"]
    return [seat for seat, p in enumerate(state.players)
            if p.merchant == town.id or any(state.posts[index[i]] == seat for i in town.posts)]


def fair_count(state: State, seat: int, what: str) -> int:
    """TL24.1: what a fair tile counts for ``seat``."""
    rules = rules_of(state)
    p = state.players[seat]
    if what == "posts":
        return state.posts.count(seat)
    if what == "pillars":
        return sum(stack.count(seat) for stack in state.pillars)
    if what == "contracts":
        return len(p.contracts)
    if what == "cathedral-tiles":
        return len(p.cathedral_tiles)
    if what == "coats":
        return sum(1 for c in p.coats if c)
    if what == "upper-persons":
        return sum(1 for rooms in p.rooms for floor, t in enumerate(rooms) if t and floor >= 1)
    if what == "full-buildings":
        return sum(1 for i, b in enumerate(rules.buildings) if all(p.rooms[i]))
    raise ValueError(f"unknown fair count {what!r}")


def _fair(state: State, frame: Frame, move: Move | None) -> State:
    """TL18.2-TL18.6: each participant gains the base value per set or item counted."""
    rules = rules_of(state)
    fair = rules.extra["fair"][state.fair_tiles[state.round - 1]]
    kind, *what = fair.counts
    if kind == "king":
        return state  # scored in the king phase (TL18.6)
    value = fair_value(state)
    for seat in _participants(state):
        times = min(fair_count(state, seat, w) for w in what)
        state = add_vp(state, seat, value * times)
    return state


def _cleanup(state: State, frame: Frame, move: Move | None) -> State:
    """TL19: new bonus tiles on empty area and king spaces (each a draw, drawn first in the
    next round), the corruption tokens face down again, every die back in the bag, the
    wheel turned one area; then the next round. After round 4 nothing is pending: the game
    is over (TL3.2, TL20.1)."""
    if state.round >= ROUNDS:
        return state
    empty = [("area_bonus", i) for i, tile in enumerate(state.area_bonus) if not tile]
    if not state.king_bonus:
        empty.append(("king_bonus", -1))
    bag = sorted((*state.bag, *(d[:2] for dice in state.area_dice for d in dice),
                  *(d[:2] for p in state.players for d in p.dice)))
    from lisboa_core.core.replace import replace

    players = tuple(replace(p, dice=()) for p in state.players)
    state = state.replaced({
        **face_down(state), "bag": tuple(bag), "area_dice": ((),) * 6, "players": players,
        "wheel": (state.wheel + 1) % 6, "round": state.round + 1, "cycle": 0,
    })
    return draws(round_frames(state), "bonus_deck", empty)


register("prepare", _prepare)
STACK.register_chance("roll", _roll, roll_outcomes)
register("king-phase", _king_phase)
register("king-bonus", _king_bonus, _king_bonus_moves)
register("king-score", _king_score)
register("fair", _fair)
STACK.register("cleanup", _cleanup, under=frozenset({BOTTOM}))
