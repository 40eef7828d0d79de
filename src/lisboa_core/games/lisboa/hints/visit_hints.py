"""Lookahead hints for visits, follows and sponsorships (R3.6): verdicts that settle a
visit, a follow or a sponsorship without playing it out, each justified by the rule it
rests on. The rules themselves are in :mod:`.visits`; a decision without a hint is played
out by the full search, so a hint may only ever save time.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.hint_tables import declare
from lisboa_core.core.memo import Memo
from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.hints.building_hints import _building_now, _staffable_openings
from lisboa_core.games.lisboa.hints.effect_facts import (
    harmless,
    sale_safe,
    triggers_never_block,
    triggers_only_gain,
)
from lisboa_core.games.lisboa.hints.store_hints import (
    _no_payable_store,
    _payable_stores,
    _store_now,
    _store_price_verdict,
)
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules.visits import _event_possible, influence_cost, noble_of
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State
from lisboa_core.games.lisboa.vocabulary import NOBLE_ACTIONS, STATE_ACTIONS

# Model classes bound once (compiled code reads them faster than through ``m``).
_Choose: Final = m.Choose
_ClergyTile: Final = m.ClergyTile
_Do: Final = m.Do
_PoliticalCard: Final = m.PoliticalCard
_Seq: Final = m.Seq

__all__ = ["noble_action_now", "sponsor_judge", "visit_judge"]


def visit_judge(
    state: State, seat: int, noble_key: str, follow: bool = False
) -> bool | None:

    """A visit to a noble (or a follow of it, taking its Noble action) known without playing
    it on (None: not known). With no court trigger and no reis allowed for influence, the
    cost is paid from influence, then wigs (R9.5): the visit is illegal if that cannot be
    done (A42), and legal if the Noble action can certainly be done right after (R9.1: the
    State action may be skipped; R9.6 a follow takes the action at once). Illegal too when
    the Noble action has nothing to act on now (no land a store could be built on, no
    building to open, no decree: R10.1.1, R10.3.2, R10.2.4) and no State action on the way
    could change that (see :func:`_useless`): paying the visit only lowers the seat's
    funds, so what it cannot do now it cannot do then."""
    if (not follow and ops.triggers(state, seat, "court", noble_key)) or ops.permitted(
        state, seat, "reis-for-influence"
    ):
        return None
    p = state.players[seat]
    cost = influence_cost(state, seat, noble_key, follow)
    from_influence = min(p.influence, cost)
    shortfall = cost - from_influence
    if shortfall > p.wigs:
        return False
    funds = p.reis + ops.reis_value(state, p.influence - from_influence)
    noble = noble_of(state, noble_key)
    action = noble.noble_action
    if noble_action_now(state, seat, action, funds):
        return True
    if not follow:
        useless = _useless(state, seat, action)
        if any(a not in useless for a in noble.state_actions):
            return None
    return False if _nothing_to_act_on(state, seat, action) else None


def _nothing_to_act_on(state: State, seat: int, action: str) -> bool:
    """The Noble action has no move at all now (R10.1.1, R10.3.2, R10.2.4)."""
    if action == "take-decree":
        return not state.decree_display
    if action == "build-store":
        return _no_payable_store(state, seat)
    return not _staffable_openings(state, seat)


def sponsor_judge(state: State, seat: int, card_id: str) -> bool | None:
    """A sponsorship known without playing it on (None: not known), when no court trigger
    is held: illegal if its event needs a plan or decree that is not there (R11.3) or the
    fee cannot be paid (R11.2, R0.11); legal if then the event cannot block (it is paid
    for, and every trigger the seat holds can only add) or offers a Noble action the seat
    can certainly do once the fee is paid. Every split of the fee between cash and
    influence leaves the same funds (R5.6: one real per icon passed)."""
    card = ops.typed(ops.rules_of(state), card_id, _PoliticalCard)
    if ops.triggers(state, seat, "court", "treasury"):
        return None
    if card.event is not None and not _event_possible(state, card.event):
        return False
    p = state.players[seat]
    funds = p.reis + ops.reis_value(state, p.influence)
    if ops.modifier(state, seat, "sponsor-fee") is not None:
        due = max(0, ops.treasury_value(state) + (ops.modifier(state, seat, "payment") or 0))
        if due > funds:
            return False
        funds -= due
    triggers_safe = triggers_never_block(state, seat)
    if sale_safe(card.event) and triggers_safe:
        return True
    for action in _offered_noble_actions(card.event):
        if noble_action_now(state, seat, action, funds):
            return True
    return None


def _offered_noble_actions(event: m.Seq | None) -> list[str]:
    """The Noble actions an event of one step offers (``choose one (perform ...)``)."""
    if event is None or len(event.steps) != 1:
        return []
    step = event.steps[0]
    options = step.options if isinstance(step, _Choose) and step.up_to is None else (step,)
    found = []
    for option in options:
        if isinstance(option, _Seq) and len(option.steps) == 1:
            option = option.steps[0]
        if (
            isinstance(option, _Do)
            and option.kind == "perform"
            and ops.arg(option, "action") in NOBLE_ACTIONS
        ):
            found.append(str(ops.arg(option, "action")))
    return found


# State actions that cannot make a Noble action possible that would not be possible after
# `skip`: they change none of what the action needs (R8: recruiting moves officials into
# offices, a plan goes to the hand, a favor tile to the player; no event is emitted).
# Searching for a way through a visit, the lookahead may then try `skip` alone; a visit
# whose Noble action is impossible is refuted without trying every free State action.
# Declared (core.hint_tables): tests/test_hint_rows.py pins each cell on a position.
_CANNOT_HELP: Final[dict[str, frozenset[str]]] = declare(STACK.game, "cannot-help", {
    "build-store": frozenset({"recruit-officials", "acquire-plan", "royal-favor"}),
    # A decree comes from the face-up display and no State action adds one.
    "take-decree": frozenset(STATE_ACTIONS),
    "open-building": frozenset({"royal-favor"}),
}, "R9.1 step 4, R9.2, R8")


def _useless(state: State, seat: int, action: str) -> frozenset[str]:
    """The free State actions that cannot make ``action`` possible for the seat: those of
    ``_CANNOT_HELP``, and meeting the cardinal for an opening when the seat has no plan
    and no clergy tile in the church could bring one (R10.3.2 needs a plan in hand). A
    decree needs only one in the display while taking it costs nothing; a take-decree
    trigger that may cost (R0.11) can be paid with what a State action brings (a ship's
    influence, R8.3.6), so then none is useless."""
    if action == "take-decree" and not all(
        harmless(t.effect) for t in ops.triggers(state, seat, "take-decree", None)
    ):
        return frozenset()
    useless = _CANNOT_HELP[action]
    if (
        action == "open-building"
        and not state.players[seat].plans
        and not any(_gives_plan(state, tile) for tile in state.church if tile is not None)
    ):
        useless = useless | {"meet-cardinal"}
    return useless


_PLAN_GIVERS: Final[Memo[tuple[str, str], bool]] = Memo(
    "lisboa.hints.visit_hints._PLAN_GIVERS", 10_000
)


def _gives_plan(state: State, tile: str) -> bool:
    """Whether anything a clergy tile does could put a plan in its holder's hand."""
    key = (state.catalogue, tile)
    found = _PLAN_GIVERS.get(key)
    if found is None:
        behaviour = ops.typed(ops.rules_of(state), tile, _ClergyTile).behaviour
        found = _PLAN_GIVERS.put(key, any(
            d.kind == "take_plan"
            or (d.kind == "perform" and ops.arg(d, "action") == "acquire-plan")
            for trig in behaviour.triggers
            for d in ops.elementary(trig.effect)
        ))
    return found


def _visit_option_search(state: State, frame: Frame, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    useless = _useless(state, frame.seat, noble_of(state, frame.data[0]).noble_action)
    return tuple(m for m in moves if m.kind == "skip" or m.args[0] not in useless)


# What follows a visit's Noble action: the follows (checkpoints) and the card's discard.
_VISIT_TAIL: Final = frozenset(
    {"noble-action", "follow-round", "court-discard", "court-card", "end-turn"}
)


def _visit_option_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """A visit can be finished if its Noble action can be done right after ``skip`` (R9.1:
    the State action is optional). When every free State action is useless to the Noble
    action (see :func:`_useless`), it can be finished only then: a decree from the display
    (R10.2.4), or a store the seat can pay."""
    if not STACK.tail_within(state, _VISIT_TAIL):
        return None
    action = noble_of(state, frame.data[0]).noble_action
    if noble_action_now(state, frame.seat, action):
        return True
    useless = _useless(state, frame.seat, action)
    if any(m.kind != "skip" and m.args[0] not in useless for m in moves):
        return None
    if action == "take-decree":
        return False if not state.decree_display else None
    if action == "open-building":
        return False if not _staffable_openings(state, frame.seat) else None
    if action == "build-store":
        stores = _payable_stores(state, frame.seat)
        return _store_price_verdict(state, frame.seat, stores) if stores else False
    return None


def noble_action_now(state: State, seat: int, action: str, funds: int | None = None) -> bool:
    """Whether the Noble action can certainly be done and paid with what the seat holds now
    (``funds``: its cash and influence in reis, if not the state's), its triggers only
    gaining (a sufficient test; False means "not known")."""
    if action == "take-decree":
        triggers = ops.triggers(state, seat, "take-decree", None)
        return bool(state.decree_display) and all(harmless(t.effect) for t in triggers)
    if funds is None:
        p = state.players[seat]
        funds = p.reis + ops.reis_value(state, p.influence)
    if action == "build-store":
        return _store_now(state, seat, funds)
    return _building_now(state, seat, funds)


def _visit_option_judge(
    state: State, frame: Frame, moves: tuple[Move, ...]
) -> list[bool | None]:
    """``skip`` is legal when the Noble action can certainly be done right away (see
    :func:`_visit_option_verdict`), and so is a free State action that leaves it as
    possible as before (see ``_INERT``); the other State actions are played out."""
    skip = None
    inert: frozenset[str] = frozenset()
    if STACK.tail_within(state, _VISIT_TAIL):
        action = noble_of(state, frame.data[0]).noble_action
        if noble_action_now(state, frame.seat, action):
            skip = True
            if triggers_only_gain(state, frame.seat):
                inert = _INERT[action]
    return [
        skip if move.kind == "skip" else True if move.args[0] in inert else None
        for move in moves
    ]


# Free State actions (each offered only when it can be done, and finished without a
# decision that could block) after which a Noble action that could certainly be done still
# can, when every trigger the seat holds only gains: recruiting puts officials out, which
# an opening returns before it hires (R8.1, R10.3.2.4); a plan goes to the hand (R8.2);
# producing adds goods and lowers goods prices (R8.4); a royal favor only lets the seat
# follow and scores at the end (R8.6.2); none of them touches the seat's cash and
# influence, the treasury, the rubble or the decrees. A ship pays goods and moves the
# treasury marker up (R8.3.5), which changes land and hiring prices but no decree.
# Declared (core.hint_tables): tests/test_hint_rows.py pins each cell on a position.
_INERT: Final[dict[str, frozenset[str]]] = declare(STACK.game, "inert", {
    "build-store": frozenset(
        {"recruit-officials", "acquire-plan", "produce-goods", "royal-favor"}
    ),
    "open-building": frozenset(
        {"recruit-officials", "acquire-plan", "produce-goods", "royal-favor"}
    ),
    "take-decree": frozenset(
        {"recruit-officials", "acquire-plan", "produce-goods", "royal-favor", "build-ship"}
    ),
}, "R9.1 step 4, R8")


def _follow_judge(state: State, frame: Frame, moves: tuple[Move, ...]) -> list[bool | None]:
    """Passing is always legal (the next follow is a checkpoint, R9.6); following with the
    Noble action is judged like a visit (see :func:`visit_judge`)."""
    noble_key = frame.data[0]
    action = noble_of(state, noble_key).noble_action
    return [
        True
        if move.kind == "pass"
        else visit_judge(state, frame.seat, noble_key, follow=True)
        if move.args[0] == action
        else None
        for move in moves
    ]


STACK.hint(
    "visit-option", search=_visit_option_search, verdict=_visit_option_verdict,
    judge=_visit_option_judge,
)
STACK.hint("follow", judge=_follow_judge)
