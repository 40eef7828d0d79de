"""The turn (R3): setup decisions, the action choice, taking a card, upkeep, period change
and the end of the game's rounds (R15, R16.1-R16.2)."""

from __future__ import annotations

from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.specs import EMPTY, Many
from lisboa_core.core.stack import BOTTOM, push
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules.effects import emit, run_effect
from lisboa_core.games.lisboa.rules.portfolio import dock, start_tuck
from lisboa_core.games.lisboa.rules.visits import start_sponsor, start_visit
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_ClergyTile: Final = m.ClergyTile
_Decree: Final = m.Decree
_PoliticalCard: Final = m.PoliticalCard

__all__: list[str] = []


# --- setup decisions -------------------------------------------------------------------


def _keep_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("keep", (tile,)) for tile in frame.data)


def _keep(state: State, frame: Frame, move: Move | None) -> State:
    """R2.2.3: keep one of the two drawn tiles, return the other; A41: an immediate effect
    resolves now, in seat order."""
    assert move is not None
    tile = str(move.args[0])
    other = next(t for t in frame.data if t != tile)
    bag, rng = state.rng.shuffle((*state.clergy_bag, other))
    state = replace(state, clergy_bag=bag, rng=rng)
    state = ops.update(state, frame.seat, clergy=(*state.players[frame.seat].clergy, tile))
    return resolve_taken(state, frame.seat, tile)


def resolve_taken(state: State, seat: int, tile: str) -> State:
    """Run a just-taken clergy tile's ``on taken`` effects (R8.5.3, R17.2.9)."""
    behaviour = ops.component(ops.rules_of(state), tile).behaviour  # type: ignore[union-attr]
    for trig in reversed(behaviour.triggers):
        if trig.event == "taken":
            state = run_effect(state, seat, trig.effect)
    return state


def _fill_church(state: State, frame: Frame, move: Move | None) -> State:
    """R2.4.7 / R3.8.4: fill empty clergy spaces from the bag."""
    church = list(state.church)
    bag = state.clergy_bag
    for i, tile in enumerate(church):
        if tile is None and bag:
            church[i], bag = bag[0], bag[1:]
    return replace(state, church=tuple(church), clergy_bag=bag)


# --- the turn --------------------------------------------------------------------------


def _start_turn(state: State, frame: Frame, move: Move | None) -> State:
    """R3.2 step 1 (dock), the seat's ``on turn-start`` triggers, then the action choice."""
    state = replace(state, current=frame.seat)
    state = push(dock(state, frame.seat), Frame("turn", frame.seat))
    return emit(state, frame.seat, "turn-start")


def _turn_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    hand = state.players[frame.seat].hand
    rules = ops.rules_of(state)
    tucks = tuple(Move("tuck", (c,)) for c in hand)
    court = tuple(
        Move("sponsor" if ops.typed(rules, c, _PoliticalCard).type == "treasury" else "visit",
             (c,))
        for c in hand
    )
    golds = tuple(Move("gold", (c,)) for c in hand)
    # A11 alternative: Get 1 gold only when no action can be completed (R3.6).
    if state.options.gold_only_when_stuck and any(STACK.completes(state, a) for a in tucks + court):
        golds = ()
    return tucks + court + golds


def _turn(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    seat = frame.seat
    card = str(move.args[0])
    p = state.players[seat]
    state = ops.update(state, seat, hand=tuple(c for c in p.hand if c != card))
    state = push(state, Frame("end-turn", seat), Frame("take-card", seat))
    if "turn-end" in ops.rules_of(state).heard:  # only then, so other games' stacks keep
        state = push(state, Frame("turn-ended", seat))  # their shape (and digests)
    if move.kind == "gold":  # R3.4: the card leaves the game
        return ops.gain_goods(ops.remove_from_game(state, card), seat, "gold", 1)[0]
    if move.kind == "visit":  # R3.5.2
        return start_visit(state, seat, card)
    if move.kind == "sponsor":  # R3.5.3
        return start_sponsor(state, seat, card)
    return start_tuck(state, seat, card)  # R3.5.1


def _take_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    tops = tuple(Move("take", (pile[0],)) for pile in state.piles if pile)
    return tops or (Move("take-none"),)  # A12


def _take(state: State, frame: Frame, move: Move | None) -> State:
    """R3.7: take a face-up card; the pile's next card is face up (R3.8 step 2)."""
    assert move is not None
    if move.kind == "take-none":
        return state
    card = str(move.args[0])
    piles = tuple(pile[1:] if pile and pile[0] == card else pile for pile in state.piles)
    state = replace(state, piles=piles)
    return ops.update(state, frame.seat, hand=(*state.players[frame.seat].hand, card))


def _refill_city(state: State) -> State:
    board = ops.board_of(ops.rules_of(state))
    display = list(state.city_display)
    large, small = state.city_stacks
    for i, (_colour, size) in enumerate(board.city_spaces):
        if display[i] is None:
            if size == "large" and large:
                display[i], large = large[0], large[1:]
            elif size == "small" and small:
                display[i], small = small[0], small[1:]
    return replace(state, city_display=tuple(display), city_stacks=(large, small))


def refill_decrees(state: State) -> State:
    """Refill the decree display (R3.8 step 5), removing 2-player cards (R2.6.2)."""
    rules = ops.rules_of(state)
    target = ops.board_of(rules).decree_display
    display = list(state.decree_display)
    deck = state.decree_deck
    while deck and len(display) < target:
        card, deck = deck[0], deck[1:]
        decree = ops.component(rules, card)
        if state.player_count == 2 and isinstance(decree, _Decree) and decree.two_player_removal:
            state = ops.remove_from_game(state, card)  # R2.6.2
            continue
        display.append(card)
    return replace(state, decree_display=tuple(display), decree_deck=deck)


def _end_turn(state: State, frame: Frame, move: Move | None) -> State:
    """R3.8 upkeep, in order; then the period or game-end checks and the next turn."""
    seat = frame.seat
    if state.church_scoring is not None:
        # R3.8 step 1 / R14.4: church scoring from the triggering seat clockwise, then the
        # cardinal stands up and the upkeep goes on.
        first = state.church_scoring
        order = [(first + i) % state.player_count for i in range(state.player_count)]
        frames = [Frame("church", s, ()) for s in reversed(order) if state.players[s].clergy]
        return push(replace(state, church_scoring=None), frame, *frames)
    state = _refill_city(state)
    state = _fill_church(state, frame, None)
    state = refill_decrees(state)
    state = replace(state, covered=(), turn=state.turn + 1)
    nxt = (seat + 1) % state.player_count
    if state.final_turns is not None:
        if state.final_turns <= 1:
            return replace(state, final_turns=0)  # R16.2: the game is over
        state = replace(state, final_turns=state.final_turns - 1)
    elif state.period == 1 and _period_one_ends(state):
        return _period_change(state, _period_trigger(state, seat), nxt)
    elif state.period == 2 and _game_end_triggered(state):
        # R16.2: finish this round, then one more full round.
        rest_of_round = (state.start_player - nxt) % state.player_count
        state = replace(state, final_turns=rest_of_round + state.player_count)
    return push(state, Frame("start-turn", nxt))


def _period_one_ends(state: State) -> bool:
    """R15.1: someone has 2 sets, or 3 of the 4 display piles are empty (the board's
    ``period-end-sets`` and ``period-end-piles``)."""
    board = ops.board_of(ops.rules_of(state))
    return (
        any(p.sets >= board.period_end_sets for p in state.players)
        or sum(not p for p in state.piles) >= board.period_end_piles
    )


def _period_trigger(state: State, active: int) -> int:
    """R15.5: the seat that completed a 2nd rubble set, the first in time (the active seat
    acts before its followers, who follow clockwise from its left); otherwise the active
    seat (the pile trigger comes later, when it takes a card)."""
    n = state.player_count
    needed = ops.board_of(ops.rules_of(state)).period_end_sets
    for seat in ((active + i) % n for i in range(n)):
        if state.players[seat].sets >= needed:
            return seat
    return active


def _game_end_triggered(state: State) -> bool:
    """R16.1 (A33: a state check): 4 sets, or 3 of the 4 brown piles empty (the board's
    ``game-end-sets`` and ``game-end-piles``)."""
    board = ops.board_of(ops.rules_of(state))
    return (
        any(p.sets >= board.game_end_sets for p in state.players)
        or sum(not p for p in state.piles) >= board.game_end_piles
    )


def _period_change(state: State, triggering: int, nxt: int) -> State:
    """R15.3: the steps of the change of period, the discards as decisions."""
    rules = ops.rules_of(state)
    leftovers = tuple(c for pile in state.piles for c in pile)
    state = ops.remove_from_game(state, *leftovers)
    state = replace(state, piles=((),) * len(state.piles), period=2)  # step 0
    for seat, p in enumerate(state.players):  # step 1
        per_set = ops.board_of(rules).set_wigs + (ops.modifier(state, seat, "set-wigs") or 0)
        state = ops.add_wigs(state, seat, per_set * p.sets)
    state = ops.remove_from_game(state, *state.shipyard)
    state = replace(state, shipyard=state.later_ships, later_ships=())  # step 2
    frames = [Frame("start-turn", nxt), Frame("period-setup", triggering)]
    order = [(triggering + i) % state.player_count for i in range(state.player_count)]
    frames += [Frame("period-discard", seat, ()) for seat in reversed(order)]  # step 3
    return push(state, *frames)


def _discard_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    hand = state.players[frame.seat].hand
    return (*(Move("discard", (c,)) for c in hand), Move("done"))


def _discard(state: State, frame: Frame, move: Move | None) -> State:
    """R15.3 step 3: discard any cards; one noble reward per noble (penalties ignored)."""
    assert move is not None
    if move.kind == "done":
        return state
    seat = frame.seat
    card_id = str(move.args[0])
    rewarded: tuple[str, ...] = frame.data
    p = state.players[seat]
    state = ops.update(state, seat, hand=tuple(c for c in p.hand if c != card_id))
    state = ops.remove_from_game(state, card_id)
    card = ops.typed(ops.rules_of(state), card_id, _PoliticalCard)
    gives = card.reward is not None and card.type not in rewarded
    state = push(
        state, Frame("period-discard", seat, (*rewarded, card.type) if gives else rewarded)
    )
    if card.reward is not None and gives:
        state = run_effect(state, seat, card.reward)
    return state


def _period_setup(state: State, frame: Frame, move: Move | None) -> State:
    """R15.3 steps 4-6: purple hands up to 5, brown piles, refills."""
    rules = ops.rules_of(state)
    purple, brown = state.later_decks
    for seat in range(state.player_count):
        p = state.players[seat]
        need = max(0, 5 - len(p.hand))
        state = ops.update(state, seat, hand=(*p.hand, *purple[:need]))
        purple = purple[need:]
    rng = state.rng
    piles = []
    for card_type in ops.board_of(rules).political_display:
        cards = tuple(c for c in brown if ops.typed(rules, c, _PoliticalCard).type == card_type)
        pile, rng = rng.shuffle(cards)
        piles.append(pile)
    state = ops.remove_from_game(state, *purple)  # R15.3.4: the rest of the purple deck
    state = replace(state, piles=tuple(piles), later_decks=((), ()), rng=rng)
    state = _fill_church(state, frame, None)
    return refill_decrees(state)


def _church_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    chosen: tuple[str, ...] = frame.data
    held = [t for t in state.players[frame.seat].clergy if t not in chosen]
    gives = tuple(Move("give", (t,)) for t in held)
    return (*gives, Move("done")) if chosen else (*gives, Move("pass"))


def _church(state: State, frame: Frame, move: Move | None) -> State:
    """R14.4: give up one or more clergy tiles for their wigs, then Gain Influence once."""
    assert move is not None
    seat, chosen = frame.seat, frame.data
    if move.kind == "give":
        return push(state, Frame("church", seat, (*chosen, str(move.args[0]))))
    if move.kind == "pass":
        return state
    rules = ops.rules_of(state)
    wigs = sum(ops.typed(rules, t, _ClergyTile).wigs for t in chosen)
    p = state.players[seat]
    state = ops.update(state, seat, clergy=tuple(t for t in p.clergy if t not in chosen))
    state = ops.remove_from_game(state, *chosen)
    state = ops.add_wigs(state, seat, wigs)
    return ops.gain_influence(state, seat, ops.influence_total(state, seat))


STACK.register(
    "church", _church, _church_moves, checkpoint=True, data=Many("clergy"),
    under=frozenset({"church", "end-turn"}), lookahead=True,
)
# The tiles drawn at setup wait in their keep decision (R2.7).
STACK.register(
    "keep-clergy", _keep, _keep_moves, checkpoint=True, data=Many("clergy"),
    holds=lambda frame: frame.data, under=frozenset({"fill-church", "keep-clergy"}), lookahead=True,
)
STACK.register("fill-church", _fill_church, data=EMPTY, under=frozenset({"start-turn"}))
STACK.register("start-turn", _start_turn, data=EMPTY, under=frozenset({BOTTOM}))
STACK.register(
    "turn", _turn, _turn_moves, checkpoint=True, data=EMPTY,
    under=frozenset({BOTTOM}), lookahead=True,
)
# Taking a card ends the action (R3.7): nothing after it can be blocked, so no lookahead.
STACK.register(
    "take-card", _take, _take_moves, checkpoint=True, lookahead=False, data=EMPTY,
    under=frozenset({"end-turn"}),
)
STACK.register("end-turn", _end_turn, data=EMPTY, under=frozenset({BOTTOM}))


def _turn_ended(state: State, frame: Frame, move: Move | None) -> State:
    """The action is over: the seat's ``on turn-end`` triggers, before the card (R3.7)."""
    return emit(state, frame.seat, "turn-end")


STACK.register("turn-ended", _turn_ended, data=EMPTY, under=frozenset({"take-card"}))
STACK.register(
    "period-discard", _discard, _discard_moves, checkpoint=True,
    data=Many("card_type"), under=frozenset({"period-setup", "period-discard"}), lookahead=True,
)
STACK.register("period-setup", _period_setup, data=EMPTY, under=frozenset({"start-turn"}))
