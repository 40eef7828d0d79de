"""The effect interpreter: one handler per effect kind of the vocabulary.

An effect tree (:mod:`lisboa_core.games.lisboa.model`) runs through frames: ``effect`` (automatic)
expands sequences and runs elementary effects; choices become decision frames. A frame
holds the remaining sub-tree itself, so a state in the middle of a card's reward is plain
data. Effects are resolved "as far as possible" (A37): what cannot be gained is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.specs import EMPTY, Fixed, Many
from lisboa_core.core.stack import push
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops, payment
from lisboa_core.games.lisboa.rules.ops import influence_total
from lisboa_core.games.lisboa.rules.payment import dead
from lisboa_core.games.lisboa.rules.scoring import holds
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import GOODS, NOBLES, RUBBLE, Frame, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_Choose: Final = m.Choose
_If: Final = m.If
_May: Final = m.May
_Seq: Final = m.Seq

__all__ = ["DO_HANDLERS", "Ctx", "emit", "run_effect"]

Ctx = tuple[tuple[str, Any], ...]


def run_effect(state: State, seat: int, effect: m.Effect, ctx: Ctx = ()) -> State:
    """Push ``effect`` to run next for ``seat`` (``ctx`` carries its trigger's details)."""
    return push(state, Frame("effect", seat, (effect, ctx)))


def emit(state: State, seat: int, event: str, qualifier: str | None = None, ctx: Ctx = ()) -> State:
    """Announce an event to the seat's triggers (their effects run next, in order)."""
    if event not in ops.rules_of(state).heard:
        return state  # no card of the catalogue listens to it
    found = ops.triggers(state, seat, event, qualifier)
    for trig in reversed(found):
        state = run_effect(state, seat, trig.effect, ctx)
    return state


def _ctx(ctx: Ctx, key: str, default: Any = None) -> Any:
    return dict(ctx).get(key, default)


def _effect(state: State, frame: Frame, move: Move | None) -> State:
    effect, ctx = frame.data
    seat = frame.seat
    while isinstance(effect, _Seq):
        if not effect.steps:
            return state
        # The later steps wait below; the first runs now, exactly as if it had been
        # pushed last and popped next (its own frames still go on top of the rest).
        rest = effect.steps[:0:-1]
        if rest:
            state = push(state, *(Frame("effect", seat, (step, ctx)) for step in rest))
        effect = effect.steps[0]
    if isinstance(effect, _Choose):
        if effect.up_to is None:
            return push(state, Frame("choose-one", seat, (effect, ctx)))
        return push(state, Frame("choose-some", seat, (effect, ctx, ())))
    if isinstance(effect, _May):
        return push(state, Frame("may", seat, (effect, ctx)))
    if isinstance(effect, _If):
        # The test is made when the effect is reached, on the state as it is then.
        if not holds(state, seat, effect.test, effect.count, effect.quantity):
            return state
        return run_effect(state, seat, effect.body, ctx)
    return DO_HANDLERS[effect.kind](state, seat, effect, ctx)


def _choose_one_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    effect = frame.data[0]
    return tuple(Move("option", (i + 1,)) for i in range(len(effect.options)))


def _choose_one(state: State, frame: Frame, move: Move | None) -> State:
    effect, ctx = frame.data
    assert move is not None
    return run_effect(state, frame.seat, effect.options[int(move.args[0]) - 1], ctx)


def _choose_some_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    effect, chosen = frame.data[0], frame.data[2]
    moves = [Move("option", (i + 1,)) for i in range(len(effect.options)) if i + 1 not in chosen]
    if len(chosen) < effect.up_to:
        return (*moves, Move("done"))
    return (Move("done"),)


def _choose_some(state: State, frame: Frame, move: Move | None) -> State:
    effect, ctx, chosen = frame.data
    assert move is not None
    if move.kind == "done":
        return state
    index = int(move.args[0])
    chosen = (*chosen, index)
    if len(chosen) < effect.up_to:
        state = push(state, Frame("choose-some", frame.seat, (effect, ctx, chosen)))
    return run_effect(state, frame.seat, effect.options[index - 1], ctx)


def _may_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return (Move("yes"), Move("no"))


def _may(state: State, frame: Frame, move: Move | None) -> State:
    effect, ctx = frame.data
    assert move is not None
    return run_effect(state, frame.seat, effect.body, ctx) if move.kind == "yes" else state


# --- elementary effects ----------------------------------------------------------------

DoFn = Callable[[State, int, m.Do, Ctx], State]


def _gain(state: State, seat: int, do: m.Do, ctx: Ctx, amount: int | None = None) -> State:
    amount = ops.arg(do, "amount") if amount is None else amount
    what = ops.arg(do, "what")
    if what == "wigs":
        return ops.add_wigs(state, seat, amount)
    if what == "reis":
        return ops.update(state, seat, reis=state.players[seat].reis + amount)
    if what == "influence":
        return ops.gain_influence(state, seat, amount)
    return ops.gain_goods(state, seat, what, amount)[0]


def _gain_per(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    return _gain(state, seat, do, ctx, ops.arg(do, "amount") * _ctx(ctx, "quantity", 1))


def _gain_influence_total(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    return ops.gain_influence(state, seat, influence_total(state, seat))


def _gain_produced(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    # R13.4 / R8.4.3: only produced types with room in the warehouse can take the bonus.
    cap = ops.warehouse_cap(state, seat)
    goods = state.players[seat].goods
    produced = tuple(g for g in _ctx(ctx, "produced", ()) if goods[GOODS.index(g)] < cap)
    if not produced:
        return state
    if len(produced) == 1:
        return ops.gain_goods(state, seat, produced[0], ops.arg(do, "amount"))[0]
    return push(state, Frame("bonus-good", seat, (produced, ops.arg(do, "amount"))))


def _bonus_good_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("bonus", (good,)) for good in frame.data[0])


def _bonus_good(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    return ops.gain_goods(state, frame.seat, str(move.args[0]), frame.data[1])[0]


def _gain_each_produced(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    for good in _ctx(ctx, "produced", ()):
        state = ops.gain_goods(state, seat, good, ops.arg(do, "amount"))[0]
    return state


def _pay(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    # A cost (R0.11): what needs it cannot be done without it.
    return payment.pay(state, seat, ops.arg(do, "amount"))


def _pay_if_able(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    # R4.5 / R17.3.1: a penalty is paid only if it can be paid.
    return payment.pay(state, seat, ops.arg(do, "amount"), mandatory=False)


def _officials_out(state: State, seat: int) -> list[str]:
    places = []
    for i, noble in enumerate(NOBLES):
        if seat in state.offices[i]:
            places.append(noble)
        if seat in state.plazas[i]:
            places.append(f"plaza-{noble}")
    return places


def _return_official(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    if not _officials_out(state, seat):
        return state  # R17.3.1: none there, no penalty
    return push(state, Frame("return-official", seat))


def _return_official_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("return", (place,)) for place in _officials_out(state, frame.seat))


def _remove_one(places: tuple[int, ...], seat: int) -> tuple[int, ...]:
    i = places.index(seat)
    return places[:i] + places[i + 1 :]


def _return_official_apply(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    place = str(move.args[0])
    seat = frame.seat
    if place.startswith("plaza-"):
        i = NOBLES.index(place.removeprefix("plaza-"))
        plazas = list(state.plazas)
        plazas[i] = _remove_one(plazas[i], seat)
        state = replace(state, plazas=tuple(plazas))
    else:
        i = NOBLES.index(place)
        offices = list(state.offices)
        offices[i] = _remove_one(offices[i], seat)
        state = replace(state, offices=tuple(offices))
    return ops.update(state, seat, officials=state.players[seat].officials + 1)


def _place_officials(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    if not ops.arg(do, "count") or not state.players[seat].officials:
        return state  # nothing to place: what cannot be gained is lost (A37)
    return push(state, Frame("place-officials", seat, (ops.arg(do, "count"), ())))


def _place_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    left, used = frame.data
    if not left or not state.players[frame.seat].officials:
        return (Move("done"),)
    # One per office until every office has one from this effect (R17.5.4, R17.3.2);
    # a card bonus is mandatory as far as possible (A37), so there is no stopping early.
    fresh = [n for n in NOBLES if n not in used]
    allowed = fresh or list(NOBLES)
    return tuple(Move("place", (n,)) for n in allowed)


def _place_apply(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    if move.kind == "done":
        return state
    left, used = frame.data
    noble = str(move.args[0])
    state = ops.place_official(state, frame.seat, NOBLES.index(noble))
    if left > 1 and state.players[frame.seat].officials:
        state = push(state, Frame("place-officials", frame.seat, (left - 1, (*used, noble))))
    return state


def _favor_choices(state: State, seat: int) -> list[str]:
    held = state.players[seat].favors
    return [n for i, n in enumerate(NOBLES) if n not in held and state.favor_supply[i] > 0]


def _take_favor(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    if not _favor_choices(state, seat):
        return state
    return push(state, Frame("take-favor", seat, (1, False)))


def _take_favors(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    if not _favor_choices(state, seat):
        return state
    return push(state, Frame("take-favor", seat, (ops.arg(do, "count"), True)))


def _favor_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    optional = frame.data[1]
    moves = tuple(Move("favor", (n,)) for n in _favor_choices(state, frame.seat))
    return (*moves, Move("done")) if optional or not moves else moves


def _favor_apply(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    if move.kind == "done":
        return state
    state = ops.take_favor(state, frame.seat, str(move.args[0]))
    left, optional = frame.data
    if left > 1 and _favor_choices(state, frame.seat):
        state = push(state, Frame("take-favor", frame.seat, (left - 1, optional)))
    return state


def _take_decree(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    if not state.decree_display:
        return state
    return push(state, Frame("take-decree", seat))


def _decree_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("decree", (d,)) for d in state.decree_display)


def _decree_apply(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    card = str(move.args[0])
    display = tuple(d for d in state.decree_display if d != card)
    p = state.players[frame.seat]
    state = replace(state, decree_display=display)
    state = ops.update(state, frame.seat, decrees=(*p.decrees, card))
    return emit(state, frame.seat, "take-decree")


def _spend_set_marker(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    p = state.players[seat]
    if not p.markers:
        return push(state, dead("R12.4: no rubble-set marker left to spend"))
    return ops.update(state, seat, markers=p.markers - 1)


def _take_plan(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    if not any(state.plan_stacks):
        return state
    return push(state, Frame("take-plan", seat))


def _plan_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(
        Move("plan", (a,))
        for a, stack in zip(("blue", "green"), state.plan_stacks, strict=True)
        if stack
    )


def _plan_apply(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    return ops.take_plan(state, frame.seat, str(move.args[0]))


def _take_pile_rubble(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    if not state.rubble_pile:
        return state
    return push(state, Frame("take-pile-rubble", seat))


def _pile_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("rubble", (c,)) for c in RUBBLE if c in state.rubble_pile)


def _pile_apply(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    colour = str(move.args[0])
    pile = list(state.rubble_pile)
    pile.remove(colour)
    state = replace(state, rubble_pile=tuple(pile))
    return take_rubble(state, frame.seat, (colour,))


def take_rubble(state: State, seat: int, cubes: tuple[str, ...]) -> State:
    """Put taken cubes on the seat's board, then announce the taking (R17.2.8)."""
    landed: list[str] = []
    for colour in cubes:
        before = state.players[seat].rubble
        state = ops.gain_rubble(state, seat, colour)
        if state.players[seat].rubble != before:
            landed.append(colour)
    # R17.2.8 pays for every cube taken, but only cubes that reached the board can be
    # discarded again: a cube lost to a full row (R12.3) takes no older cube with it (R12.4).
    ctx = (("quantity", len(cubes)), ("taken", tuple(landed)))
    return emit(state, seat, "take-rubble", None, ctx)


def _discard_taken_rubble(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    taken: tuple[str, ...] = _ctx(ctx, "taken", ())
    count = min(ops.arg(do, "count"), len(taken))
    if not count:
        return push(state, dead("R12.1: no cube taken that could be discarded"))
    return push(state, Frame("discard-rubble", seat, (taken, count)))


def _discard_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    taken = frame.data[0]
    p = state.players[frame.seat]
    # R12.4: completed sets are never lost, so a cube that completed a set stays.
    return tuple(
        Move("discard", (c,)) for c in RUBBLE if c in taken and p.rubble[RUBBLE.index(c)] > p.sets
    )


def _discard_apply(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    colour = str(move.args[0])
    taken, count = frame.data
    p = state.players[frame.seat]
    rubble = list(p.rubble)
    rubble[RUBBLE.index(colour)] -= 1
    state = ops.update(state, frame.seat, rubble=tuple(rubble))
    state = replace(state, rubble_out=state.rubble_out + 1)
    if count > 1:
        rest = list(taken)
        rest.remove(colour)
        state = push(state, Frame("discard-rubble", frame.seat, (tuple(rest), count - 1)))
    return state


def _move_treasury(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    sign = 1 if ops.arg(do, "direction") == "up" else -1
    return ops.move_treasury(state, sign * ops.arg(do, "steps"))


def _subsidy(state: State, seat: int, do: m.Do, ctx: Ctx) -> State:
    # R4.6 steps 1-2: the treasury value in reis, then the marker down 1.
    value = ops.treasury_value(state)
    state = ops.update(state, seat, reis=state.players[seat].reis + value)
    return ops.move_treasury(state, -1)


DO_HANDLERS: Final[dict[str, DoFn]] = {
    "gain": _gain,
    "gain_per": _gain_per,
    "gain_influence_total": _gain_influence_total,
    "gain_produced": _gain_produced,
    "gain_each_produced": _gain_each_produced,
    "pay": _pay,
    "pay_if_able": _pay_if_able,
    "return_official": _return_official,
    "place_officials": _place_officials,
    "take_favor": _take_favor,
    "take_favors": _take_favors,
    "take_decree": _take_decree,
    "spend_set_marker": _spend_set_marker,
    "take_plan": _take_plan,
    "take_pile_rubble": _take_pile_rubble,
    "discard_taken_rubble": _discard_taken_rubble,
    "move_treasury": _move_treasury,
    "subsidy": _subsidy,
}
"""The handler of every effect kind; a test checks the vocabulary has no kind without one.
The kinds that start a State action or move the cardinal are added by
:mod:`.state_actions`, which builds on this module."""



STACK.register("effect", _effect, data=Fixed(("effect", "ctx")))
STACK.register(
    "choose-one", _choose_one, _choose_one_moves, lookahead=True, data=Fixed(("choose", "ctx")),
)
STACK.register(
    "choose-some", _choose_some, _choose_some_moves, lookahead=True,
    data=Fixed(("choose", "ctx", Many("pos"))),
)
STACK.register("may", _may, _may_moves, lookahead=True, data=Fixed(("may", "ctx")))
STACK.register("bonus-good", _bonus_good, _bonus_good_moves,
               data=Fixed((Many("good"), "pos")), lookahead=True)
STACK.register("return-official", _return_official_apply, _return_official_moves,
               data=EMPTY, lookahead=True)
# What may follow officials placed by a site's reward: the opening's staffing and the rest
# of the visit or turn.
_OPENING_TAIL: Final = frozenset(
    {"building-officials", "building-done", "follow-round", "court-discard", "court-card",
     "end-turn"}
)


def _place_search(state: State, frame: Frame, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """Officials placed on the way to staffing an opening count only in number: it returns
    the seat's officials wherever they stand before hiring (R10.3.2.4), so one office does
    as well as another for finishing the action."""
    return moves[:1] if STACK.tail_within(state, _OPENING_TAIL) else moves


STACK.register(
    "place-officials", _place_apply, _place_moves, search=_place_search,
    data=Fixed(("nat", Many("noble"))), lookahead=True,
)
STACK.register(
    "take-favor", _favor_apply, _favor_moves, data=Fixed(("nat", "bool")), lookahead=True,
)
STACK.register(
    "take-decree", _decree_apply, _decree_moves, data=EMPTY, lookahead=True,
)
STACK.register(
    "take-plan", _plan_apply, _plan_moves, data=EMPTY, lookahead=True,
)
STACK.register(
    "take-pile-rubble", _pile_apply, _pile_moves, data=EMPTY, lookahead=True,
)
STACK.register(
    "discard-rubble", _discard_apply, _discard_moves,
    data=Fixed((Many("rubble"), "nat")), lookahead=True,
)
