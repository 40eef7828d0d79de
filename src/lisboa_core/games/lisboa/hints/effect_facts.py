"""What an effect can do, read off its tree without running it: whether it only gains,
never takes a good or a ship away, surely brings a good or never brings one. The lookahead
hints (R3.6) use these facts to settle decisions without playing them out; the effect
kinds they do not list (a kind registered from user code among them) count as able to do
anything, so a hint never trusts what it does not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from lisboa_core.core.memo import Memo
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.state import GOODS, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_Choose: Final = m.Choose
_ClergyTile: Final = m.ClergyTile
_Do: Final = m.Do
_If: Final = m.If
_May: Final = m.May
_Seq: Final = m.Seq

# The answers for each effect, by the effect's identity: an effect tree is immutable, and
# the entry keeps the tree alive, so its id cannot be reused while the answer is kept.
# (Hashing a tree by value, as lru_cache would, costs more than most answers.)
_Memo = Memo[int, tuple[object, bool]]


def _answered(table: _Memo, effect: m.Effect | None, work_out: Callable[[Any], bool]) -> bool:
    found = table.get(id(effect))
    if found is not None and found[0] is effect:
        return found[1]
    answer = work_out(effect)
    table.put(id(effect), (effect, answer))
    return answer


__all__ = [
    "NEED_A_GOOD", "church_goodless", "church_never_dearer", "church_opening_safe",
    "church_sale_safe", "goodless", "harmless", "opening_safe", "opening_safe_beside_church",
    "sale_safe", "sale_safe_beside_church", "surely_gains_good", "triggers_never_block",
    "triggers_only_gain",
]


def _always(effect: m.Effect | None, step_ok: Callable[[m.Do], bool]) -> bool:
    """Whether every way of carrying the effect out meets ``step_ok`` step by step: an
    optional part may be declined, a sequence needs every step, a choice one option."""
    if effect is None or isinstance(effect, _May):
        return True
    if isinstance(effect, _Do):
        return step_ok(effect)
    if isinstance(effect, _Seq):
        return all(_always(step, step_ok) for step in effect.steps)
    if isinstance(effect, _If):  # skipped when the test fails, so only the body counts
        return _always(effect.body, step_ok)
    return any(_always(option, step_ok) for option in effect.options)


_HARMLESS: Final[_Memo] = Memo("lisboa.hints.effect_facts._HARMLESS", 20_000)
_OPENING_SAFE: Final[_Memo] = Memo("lisboa.hints.effect_facts._OPENING_SAFE", 20_000)


def opening_safe(effect: m.Effect | None) -> bool:
    """:func:`harmless`, placing officials included: an effect that never lowers the seat's
    funds, the price of an official or the officials it has out (placing one takes it from
    storage to an office, and one displaced goes to the plaza: still out, R8.1.2), so an
    opening it comes before can be staffed as well as before (R10.3.2.4)."""
    return _answered(_OPENING_SAFE, effect, _opening_safe_now)


def _opening_safe_now(effect: m.Effect | None) -> bool:
    return _always(effect, _gains_or_places)


def _gains_or_places(do: m.Do) -> bool:
    return _gains(do) or do.kind == "place_officials"


_OPENING_SAFE_CHURCH: Final[_Memo] = Memo("lisboa.hints.effect_facts._OPENING_SAFE_CHURCH", 20_000)


def opening_safe_beside_church(effect: m.Effect | None) -> bool:
    """:func:`opening_safe`, moving the cardinal and taking a clergy tile included: true for
    an opening only where every tile in the church is :func:`church_opening_safe` and no
    official is hired (moving him may move the treasury marker up, R14.3, and with it the
    price of an official)."""
    return _answered(_OPENING_SAFE_CHURCH, effect, _opening_safe_beside_church_now)


def _opening_safe_beside_church_now(effect: m.Effect | None) -> bool:
    return _always(effect, _gains_places_or_meets)


def _gains_places_or_meets(do: m.Do) -> bool:
    return _gains_or_places(do) or do.kind in ("move_cardinal", "take_clergy")


def church_never_dearer(state: State, hooks: tuple[str, ...]) -> bool:
    """No clergy tile in the church raises what ``hooks`` cost (each modifier of them a
    tile has is a discount or makes them free), so taking one never makes a price dearer."""
    rules = ops.rules_of(state)
    return all(
        tile is None
        or all(mod.amount is None or mod.amount <= 0
               for mod in ops.typed(rules, tile, _ClergyTile).behaviour.modifiers
               if mod.hook in hooks)
        for tile in state.church
    )


def church_opening_safe(state: State) -> bool:
    """Every clergy tile in the church could be taken with every trigger of it
    :func:`opening_safe` (R8.5.3: its "on taken" runs at once, the others while held)."""
    rules = ops.rules_of(state)
    return all(
        tile is None
        or all(opening_safe(t.effect)
               for t in ops.typed(rules, tile, _ClergyTile).behaviour.triggers)
        for tile in state.church
    )


def harmless(effect: m.Effect | None) -> bool:
    """An effect that can always be carried out or declined and never costs anything."""
    return _answered(_HARMLESS, effect, _harmless_now)


def _harmless_now(effect: m.Effect | None) -> bool:
    return _always(effect, _gains)


def _gains(do: m.Do) -> bool:
    # a gain, or so much per unit counted (a cube taken...)
    return do.kind in ("gain", "gain_per") and ops.arg(do, "amount") >= 0


# Effect kinds that never take goods or ships away and never block (each one that could
# find nothing to do does nothing: A37), so a sale possible before them stays possible.
_SALE_SAFE_KINDS: Final = frozenset(
    {
        "gain", "gain_per", "gain_influence_total", "gain_produced", "gain_each_produced",
        "pay_if_able", "return_official", "place_officials", "take_favor", "take_favors",
        "take_decree", "take_plan", "take_pile_rubble", "subsidy", "move_treasury",
    }
)
# State actions a card may perform that never take goods or ships away (R8).
_SALE_SAFE_ACTIONS: Final = frozenset(
    {"recruit-officials", "acquire-plan", "royal-favor", "produce-goods"}
)


_SALE_SAFE: Final[_Memo] = Memo("lisboa.hints.effect_facts._SALE_SAFE", 20_000)


def sale_safe(effect: m.Effect | None) -> bool:
    """An effect that can always be carried out (or declined) and leaves every good and
    ship where it is or adds to them."""
    return _answered(_SALE_SAFE, effect, _sale_safe_now)


def _sale_safe_now(effect: m.Effect | None) -> bool:
    return _always(effect, _keeps_goods)


def _keeps_goods(do: m.Do) -> bool:
    if do.kind == "perform":
        return ops.arg(do, "action") in _SALE_SAFE_ACTIONS
    return do.kind in _SALE_SAFE_KINDS


_SALE_SAFE_CHURCH: Final[_Memo] = Memo("lisboa.hints.effect_facts._SALE_SAFE_CHURCH", 20_000)


def sale_safe_beside_church(effect: m.Effect | None) -> bool:
    """:func:`sale_safe`, moving the cardinal and taking a clergy tile included: true for
    the seat only where :func:`church_sale_safe` holds (moving him moves the treasury
    marker and may call a church scoring, which comes after the turn's action, R3.8)."""
    return _answered(_SALE_SAFE_CHURCH, effect, _sale_safe_beside_church_now)


def _sale_safe_beside_church_now(effect: m.Effect | None) -> bool:
    return _always(effect, _keeps_goods_beside_church)


def _keeps_goods_beside_church(do: m.Do) -> bool:
    return _keeps_goods(do) or do.kind in ("move_cardinal", "take_clergy")


def church_sale_safe(state: State) -> bool:
    """Every clergy tile in the church could be taken without taking a good or a ship
    away: each of its triggers is :func:`sale_safe` (R8.5.3: its "on taken" runs at once,
    the others while it is held). The church is refilled only at the upkeep (R3.8)."""
    rules = ops.rules_of(state)
    return all(
        tile is None
        or all(sale_safe(t.effect) for t in ops.typed(rules, tile, _ClergyTile).behaviour.triggers)
        for tile in state.church
    )


_GAINS_GOOD: Final[_Memo] = Memo("lisboa.hints.effect_facts._GAINS_GOOD", 20_000)


def surely_gains_good(effect: m.Effect | None) -> bool:
    """Every way of carrying the effect out gains a good: a plain ``gain N GOOD`` step, or a
    choose-one whose every option does (a ``may`` can be declined, an ``if`` skipped)."""
    return _answered(_GAINS_GOOD, effect, _surely_gains_good_now)


def _surely_gains_good_now(effect: m.Effect | None) -> bool:
    if isinstance(effect, _Do):
        return (effect.kind == "gain" and ops.arg(effect, "what") in GOODS
                and ops.arg(effect, "amount") > 0)
    if isinstance(effect, _Seq):
        return any(surely_gains_good(step) for step in effect.steps)
    if isinstance(effect, _Choose):
        return effect.up_to is None and all(surely_gains_good(o) for o in effect.options)
    return False


# Effect kinds that never put a good in the seat's warehouse (``gain`` and ``gain_per`` only
# when what they gain is no good).
_GOODLESS_KINDS: Final = frozenset(
    {
        "gain_influence_total", "pay", "pay_if_able", "return_official", "place_officials",
        "take_favor",
        "take_favors", "take_decree", "spend_set_marker", "take_plan", "take_pile_rubble",
        "discard_taken_rubble", "move_treasury", "subsidy",
    }
)


_GOODLESS: Final[_Memo] = Memo("lisboa.hints.effect_facts._GOODLESS", 20_000)
_GOODLESS_BESIDE_CHURCH: Final[_Memo] = Memo(
    "lisboa.hints.effect_facts._GOODLESS_BESIDE_CHURCH", 20_000
)


def goodless(effect: m.Effect | None, beside_church: bool = False) -> bool:
    """An effect that can never add a good to its seat's warehouse, whatever is chosen
    (taking a clergy tile or performing an action counts as a possible source, unless
    ``beside_church``: the caller checked with :func:`church_goodless` that no tile there
    could bring one)."""
    if beside_church:
        return _answered(_GOODLESS_BESIDE_CHURCH, effect, _goodless_beside_church_now)
    return _answered(_GOODLESS, effect, _goodless_now)


def _goodless_beside_church_now(effect: m.Effect | None) -> bool:
    return _goodless_now(effect, True)


def _goodless_now(effect: m.Effect | None, beside_church: bool = False) -> bool:
    for do in ops.elementary(effect):
        if do.kind in ("gain", "gain_per"):
            if ops.arg(do, "what") not in ("wigs", "reis", "influence"):
                return False
        elif do.kind not in _GOODLESS_KINDS and not (
            beside_church and do.kind in ("move_cardinal", "take_clergy")
        ):
            return False
    return True


NEED_A_GOOD: Final = frozenset({"produce", "sell", "sail"})
"""Events that need a good, or an action that makes one, to happen: a produce needs the
Produce Goods action (R8.4), a sale or a ship sailing needs a good sold (R6.1)."""


def church_goodless(state: State) -> bool:
    """No clergy tile in the church could bring a good on its own: each of its triggers
    that can fire without a good being made is :func:`goodless` (R8.5.3)."""
    rules = ops.rules_of(state)
    return all(
        tile is None
        or all(goodless(t.effect) for t in ops.typed(rules, tile, _ClergyTile).behaviour.triggers
               if t.event not in NEED_A_GOOD)
        for tile in state.church
    )


def triggers_never_block(state: State, seat: int) -> bool:
    """Whether every trigger the seat holds can always be carried out and never takes a
    good or a ship away (``sale_safe``)."""
    return _every_trigger(_NEVER_BLOCK, state, seat, sale_safe)


def triggers_only_gain(state: State, seat: int) -> bool:
    """Whether every trigger the seat holds is :func:`harmless`."""
    return _every_trigger(_ONLY_GAIN, state, seat, harmless)


def _every_trigger(
    table: Memo[tuple[object, ...], bool], state: State, seat: int,
    test: Callable[[m.Effect | None], bool],
) -> bool:
    key = ops.holdings(state, seat)
    found = table.get(key)
    if found is None:
        found = table.put(key, all(
            test(t.effect) for b in ops.active_behaviours(state, seat) for t in b.triggers
        ))
    return found


_ONLY_GAIN: Final[Memo[tuple[object, ...], bool]] = Memo(
    "lisboa.hints.effect_facts._ONLY_GAIN", 10_000
)  # by ops.holdings
_NEVER_BLOCK: Final[Memo[tuple[object, ...], bool]] = Memo(
    "lisboa.hints.effect_facts._NEVER_BLOCK", 10_000
)  # by ops.holdings
