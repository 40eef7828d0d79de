"""The settler phase (PR4): face-up plantations, quarries, the hacienda's hidden tile, the
construction hut, the hospice's colonist and the refill of the face-up plantations."""

from __future__ import annotations

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.stack import push
from lisboa_core.games.puerto_rico.model import Role, Rules
from lisboa_core.games.puerto_rico.player import PlayerState
from lisboa_core.games.puerto_rico.rules.ops import (
    allows,
    occupied_sum,
    order_from,
    privilege,
    rules_of,
    set_player,
    take_colonist,
    with_item,
)
from lisboa_core.games.puerto_rico.stack import STACK
from lisboa_core.games.puerto_rico.state import Frame, State

__all__ = ["draw_plantation", "start"]

_PASS = Move("pass")
_HACIENDA = Move("hacienda")
_YES = Move("yes")
_NO = Move("no")


def start(state: State, seat: int, role: Role) -> State:
    """PR4.1.1: from the settler, each player in turn; then the refill (PR4.3)."""
    seats = order_from(seat, state.player_count)
    return push(state, Frame("settler-end", -1),
                *(Frame("settle-turn", s, (int(s == seat), 0)) for s in reversed(seats)))


def _quarry_index(rules: Rules) -> int:
    return next(i for i, t in enumerate(rules.tiles) if t.kind == "quarry")


def _may_quarry(state: State, rules: Rules, p: PlayerState, holder: int) -> bool:
    """PR4.1.2-PR4.1.3, PR13.3: the settler's privilege or an occupied construction hut,
    while quarries are left (PR4.1.6)."""
    if state.quarries <= 0:
        return False
    return bool(holder and privilege(rules, state.phase, "take-quarry")) or allows(
        rules, p.city, "take-quarry")


def _may_draw(state: State, rules: Rules, p: PlayerState) -> bool:
    """PR13.2.1, PR13.2.3: an occupied hacienda, an empty island space and a tile in the
    hidden stack or the discards."""
    return occupied_sum(rules.b_draw, p.city) > 0 and bool(
        state.plantation_stack or state.plantation_discards)


def _options(state: State, frame: Frame) -> tuple[Move, ...]:
    rules = rules_of(state)
    p = state.players[frame.seat]
    holder, drawn = frame.data
    if sum(p.island) >= rules.mat.island:  # PR4.1.5
        return ()
    moves: list[Move] = []
    if not drawn and _may_draw(state, rules, p):
        moves.append(_HACIENDA)
    seen: set[str] = set()
    for tile in state.face_up:  # PR4.1.1, PR4.4.1
        if tile not in seen:
            seen.add(tile)
            moves.append(Move("take", (rules.tiles[rules.tile_index[tile]].word,)))
    if _may_quarry(state, rules, p, holder):
        moves.append(Move("take", (rules.tiles[_quarry_index(rules)].word,)))
    return tuple(moves)


def _turn(state: State, frame: Frame, move: Move | None) -> State:
    """A player with a tile to take decides; one without is skipped (PR0.3.1)."""
    if not _options(state, frame):
        return state
    return push(state, Frame("settle", frame.seat, frame.data))


def _settle_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return (*_options(state, frame), _PASS)


def draw_plantation(state: State) -> tuple[State, str | None]:
    """The top tile of the hidden stack, the discards shuffled into a new stack first if it
    is empty (PR13.2.3, reconstructed after PR4.3.2); ``None`` when both are empty."""
    stack = state.plantation_stack
    if not stack:
        if not state.plantation_discards:
            return state, None
        stack, rng = state.rng.shuffle(state.plantation_discards)
        state = replace(state, plantation_discards=(), rng=rng)
    return replace(state, plantation_stack=stack[1:]), stack[0]


def _place_tile(state: State, seat: int, tile: int) -> State:
    p = state.players[seat]
    return set_player(state, seat, replace(p, island=with_item(p.island, tile, p.island[tile] + 1)))


def _settle(state: State, frame: Frame, move: Move | None) -> State:
    """PR4.1: a face-up plantation, a quarry (settler or construction hut), or first the
    hacienda's hidden tile, which must be placed (PR13.2.1-PR13.2.2)."""
    assert move is not None
    if move.kind == "pass":
        return state
    rules = rules_of(state)
    seat = frame.seat
    holder, _ = frame.data
    if move.kind == "hacienda":
        state, drawn = draw_plantation(state)
        assert drawn is not None
        state = _place_tile(state, seat, rules.tile_index[drawn])
        return push(state, Frame("settle-turn", seat, (holder, 1)))  # PR13.2.1: then as usual
    word = str(move.args[0])
    tile = next(i for i, t in enumerate(rules.tiles) if t.word == word)
    if rules.tiles[tile].kind == "quarry":
        state = replace(state, quarries=state.quarries - 1)
    else:
        face_up = list(state.face_up)
        face_up.remove(rules.tiles[tile].id)
        state = replace(state, face_up=tuple(face_up))
    state = _place_tile(state, seat, tile)
    p = state.players[seat]
    if occupied_sum(rules.b_staff_tile, p.city) > 0 and (
            state.colonist_supply > 0 or state.colonist_ship > 0):
        return push(state, Frame("hospice", seat, (tile,)))  # PR13.5.1
    return state


def _hospice_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return (_YES, _NO)


def _hospice(state: State, frame: Frame, move: Move | None) -> State:
    """PR13.5: a colonist from the supply, else the ship, on the tile just taken."""
    assert move is not None
    if move.kind == "no":
        return state
    state, found = take_colonist(state)
    if not found:
        return state
    tile = frame.data[0]
    p = state.players[frame.seat]
    return set_player(state, frame.seat,
                      replace(p, staffed=with_item(p.staffed, tile, p.staffed[tile] + 1)))


def _settler_end(state: State, frame: Frame, move: Move | None) -> State:
    """PR4.3: the face-up plantations nobody took go to the discards; N + 1 new ones are
    turned up, the discards shuffled into a new stack when the stack runs short."""
    rules = rules_of(state)
    need = rules.setup_for(state.player_count).face_up
    discards = state.plantation_discards + state.face_up
    stack = state.plantation_stack
    turned = stack[:need]
    stack = stack[need:]
    rng = state.rng
    if len(turned) < need and discards:  # PR4.3.2
        stack, rng = rng.shuffle(discards)
        discards = ()
        more = need - len(turned)
        turned, stack = turned + stack[:more], stack[more:]
    return replace(state, face_up=turned, plantation_stack=stack,  # PR4.3.3: as many as there are
                   plantation_discards=discards, rng=rng)


STACK.register("settle-turn", _turn, under=frozenset({"settle-turn", "settler-end"}))
STACK.register("settle", _settle, _settle_moves, checkpoint=True)
STACK.register("hospice", _hospice, _hospice_moves, checkpoint=True)
STACK.register("settler-end", _settler_end)
