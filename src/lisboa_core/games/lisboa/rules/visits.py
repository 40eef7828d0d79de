"""Visiting a Noble and following (R9), and Sponsor an Event (R11).

Decisions (frame kind: moves):

- ``visit-option``: ``state-action ACTION`` or ``skip`` (R9.1 step 4)
- ``visit-pay``: ``pay-reis N`` - how much of an influence cost to pay in reis (R9.5)
- ``follow``: ``follow ACTION`` or ``pass`` (R9.6)

The lookahead hints of these decisions are in :mod:`.visit_hints`.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.specs import EMPTY, Fixed
from lisboa_core.core.stack import first_datum, push
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops, payment
from lisboa_core.games.lisboa.rules.effects import emit, run_effect
from lisboa_core.games.lisboa.rules.payment import dead
from lisboa_core.games.lisboa.stack import ACTION_FLOOR, STACK
from lisboa_core.games.lisboa.state import NOBLES, Frame, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_Do: Final = m.Do
_PoliticalCard: Final = m.PoliticalCard

__all__ = ["influence_cost", "noble_of", "start_sponsor", "start_visit"]


def noble_of(state: State, noble_key: str) -> m.Noble:
    """The catalogue entry of a noble (``manuel``...)."""
    return ops.nobles_of(ops.rules_of(state))[NOBLES.index(noble_key)]


def influence_cost(state: State, seat: int, noble_key: str, follow: bool) -> int:
    """R9.4: treasury modifier + other colours' officials in the office, minus reductions."""
    if follow and ops.modifier(state, seat, "follow-cost") is None:
        return 0  # R17.2.2: following costs no influence
    board = ops.board_of(ops.rules_of(state))
    office = state.offices[NOBLES.index(noble_key)]
    base = board.treasury[state.treasury].modifier + sum(1 for s in office if s != seat)
    reduction = ops.modifier(state, seat, "visit-cost", noble=noble_key) or 0
    return max(0, base + reduction)


# --- visit, follow, sponsor --------------------------------------------------------------


def start_visit(state: State, seat: int, card_id: str) -> State:
    """R9.1: the card goes to the court, then cost, optional state action, noble action,
    follows, and the card is discarded (R9.3)."""
    card = ops.typed(ops.rules_of(state), card_id, _PoliticalCard)
    noble = noble_of(state, card.type)
    state = push(
        state,
        Frame("court-discard", seat, (card_id,)),
        Frame("follow-round", seat, (card.type,)),
        Frame("noble-action", seat, (noble.noble_action,)),
        Frame("visit-option", seat, (card.type,)),
        Frame("visit-cost", seat, (card.type, False)),
        Frame("court-card", seat, (card_id,)),
    )
    state = emit(state, seat, "visit", card.type)
    return emit(state, seat, "court", card.type)  # R17.2.1: before the cost is paid


def start_sponsor(state: State, seat: int, card_id: str) -> State:
    """R11: the card to the court, pay the treasury value, then its event; no follows."""
    card = ops.typed(ops.rules_of(state), card_id, _PoliticalCard)
    if card.event is not None and not _event_possible(state, card.event):
        return push(state, dead("R11.3: the event needs a plan or a decree to take, and "
                                "there is none"))
    state = push(
        state, Frame("court-discard", seat, (card_id,)), Frame("court-card", seat, (card_id,))
    )
    if card.event is not None:
        state = run_effect(state, seat, card.event)
    state = push(state, Frame("sponsor-fee", seat))
    state = emit(state, seat, "sponsor")
    return emit(state, seat, "court", "treasury")


def _event_possible(state: State, event: m.Seq) -> bool:
    """R11.3: an event that gives a plan or a decree needs one to take (an event that is a
    Noble action is checked by the action's own steps)."""
    for step in event.steps:
        if isinstance(step, _Do) and step.kind == "take_plan" and not any(state.plan_stacks):
            return False
        if isinstance(step, _Do) and step.kind == "take_decree" and not state.decree_display:
            return False
    return True


def _court_card(state: State, frame: Frame, move: Move | None) -> State:
    return state  # marks where the card lies while the action runs (see court-discard)


def _court_discard(state: State, frame: Frame, move: Move | None) -> State:
    return ops.remove_from_game(state, frame.data[0])  # R9.3 / R11.4


def _sponsor_fee(state: State, frame: Frame, move: Move | None) -> State:
    if ops.modifier(state, frame.seat, "sponsor-fee") is None:
        return state  # R17.2.1: the fee may be skipped
    return payment.pay(state, frame.seat, ops.treasury_value(state))  # R11.2


def _pay_choices(state: State, frame: Frame) -> range:
    noble_key, follow = frame.data
    cost = influence_cost(state, frame.seat, noble_key, follow)
    p = state.players[frame.seat]
    if not ops.permitted(state, frame.seat, "reis-for-influence"):
        return range(0, 1)
    return range(0, min(cost, p.reis) + 1)


def _visit_cost(state: State, frame: Frame, move: Move | None) -> State:
    """Pay a visit or follow cost: a decision only when part may be paid in reis (R9.5)."""
    if len(_pay_choices(state, frame)) > 1:
        return push(state, Frame("visit-pay", frame.seat, frame.data))
    return _visit_pay(state, frame, Move("pay-reis", (0,)))


def _visit_pay_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("pay-reis", (n,)) for n in _pay_choices(state, frame))


def _visit_pay(state: State, frame: Frame, move: Move | None) -> State:
    """R9.5: reis (if allowed), then influence, and only a shortfall in wigs."""
    assert move is not None
    noble_key, follow = frame.data
    seat = frame.seat
    cost = influence_cost(state, seat, noble_key, follow)
    reis = int(move.args[0])
    p = state.players[seat]
    rest = cost - reis
    from_influence = min(p.influence, rest)
    shortfall = rest - from_influence
    if shortfall > p.wigs:
        return push(state, dead("R9.5, A42: the influence cost is more than the seat's "
                                "influence and wigs"))
    return ops.update(
        state,
        seat,
        reis=p.reis - reis,
        influence=p.influence - from_influence,
        wigs=p.wigs - shortfall,
    )


def _visit_option_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    from lisboa_core.games.lisboa.rules.state_actions import can_perform

    noble = noble_of(state, frame.data[0])
    actions = [a for a in noble.state_actions if can_perform(state, frame.seat, a)]
    return (Move("skip"), *(Move("state-action", (a,)) for a in actions))


def _visit_option(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    if move.kind == "skip":
        return state
    return push(state, Frame("state-action", frame.seat, (str(move.args[0]),)))


def _follow_round(state: State, frame: Frame, move: Move | None) -> State:
    """R9.6: clockwise from the visitor's left, each holder of the favor may follow."""
    (noble_key,) = frame.data
    n = state.player_count
    order = [(frame.seat + i) % n for i in range(1, n)]
    frames = [Frame("follow", s, (noble_key,)) for s in reversed(order)]
    return push(state, *frames)


def _follow_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    (noble_key,) = frame.data
    if noble_key not in state.players[frame.seat].favors:
        return (Move("pass"),)
    noble = noble_of(state, noble_key)
    return (
        Move("pass"),
        *(Move("follow", (a,)) for a in (*noble.state_actions, noble.noble_action)),
    )


def _follow(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    if move.kind == "pass":
        return state
    (noble_key,) = frame.data
    seat = frame.seat
    action = str(move.args[0])
    p = state.players[seat]
    i = NOBLES.index(noble_key)
    supply = list(state.favor_supply)
    supply[i] += 1  # R9.6.1: the favor goes back to the portrait
    state = replace(state, favor_supply=(supply[0], supply[1], supply[2]))
    state = ops.update(state, seat, favors=tuple(f for f in p.favors if f != noble_key))
    kind = "noble-action" if action == noble_of(state, noble_key).noble_action else "state-action"
    if kind == "state-action":
        from lisboa_core.games.lisboa.rules.state_actions import can_perform

        if not can_perform(state, seat, action):
            return push(state, dead(f"R9.6: the follow's State action {action} cannot be done"))
    return push(state, Frame(kind, seat, (action,)), Frame("visit-cost", seat, (noble_key, True)))


# --- noble actions -----------------------------------------------------------------------


def _noble_action(state: State, frame: Frame, move: Move | None) -> State:
    (action,) = frame.data
    seat = frame.seat
    if action == "take-decree":
        if not state.decree_display:
            return push(state, dead("R10.2.4: no decree in the display to take"))
        extra = m.May(m.Seq((m.Do("spend_set_marker"), m.Do("take_decree"))))
        program = m.Seq((m.Do("take_decree"), extra))  # R10.2.1-R10.2.2
        return run_effect(state, seat, program)
    if action == "build-store":
        return push(state, Frame("store", seat))
    return push(state, Frame("building", seat))


STACK.register(
    "court-card", _court_card, data=Fixed(("political",)), under=frozenset({"court-discard"})
)
STACK.register(
    "court-discard", _court_discard, data=Fixed(("political",)), holds=first_datum,
    under=ACTION_FLOOR,
)
STACK.register("sponsor-fee", _sponsor_fee, data=EMPTY)
STACK.register("visit-pay", _visit_pay, _visit_pay_moves,
               data=Fixed(("noble", "bool")), lookahead=True)
STACK.register(
    "visit-option", _visit_option, _visit_option_moves, data=Fixed(("noble",)),
    under=frozenset({"noble-action"}), lookahead=True,
)
STACK.register(
    "follow-round", _follow_round, data=Fixed(("noble",)), under=frozenset({"court-discard"})
)
STACK.register(
    "follow", _follow, _follow_moves, checkpoint=True, data=Fixed(("noble",)),
    under=frozenset({"court-discard", "follow"}), lookahead=True,
)
STACK.register("noble-action", _noble_action, data=Fixed(("noble_action",)))
STACK.register("visit-cost", _visit_cost, data=Fixed(("noble", "bool")))
