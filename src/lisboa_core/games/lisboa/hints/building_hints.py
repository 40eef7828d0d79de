"""Lookahead hints for Open a Public Building (R3.6, R10.3): verdicts, judgements and
search shortcuts for the ``building`` and ``building-officials`` decisions. The rules are
in :mod:`.buildings`.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.memo import Memo
from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.hints.bounds import (
    _gain_bound,
    _gains_of,
    _hire_hopeless,
    _influence_bonus,
    _influence_gained,
    _officials_out_count,
    _opening_funds,
    _sure_steps,
)
from lisboa_core.games.lisboa.hints.effect_facts import (
    church_never_dearer,
    church_opening_safe,
    harmless,
    opening_safe,
    opening_safe_beside_church,
)
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules.buildings import (
    _PLACES,
    _building_moves,
    _hire_price,
    _site_index,
    _sites_free,
)
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import NOBLES, Frame, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_Plan: Final = m.Plan
_PublicBuilding: Final = m.PublicBuilding
_Site: Final = m.Site

__all__ = []


def _building_judge(state: State, frame: Frame, moves: tuple[Move, ...]) -> list[bool | None]:
    """An opening that can certainly be staffed (see :class:`_OpeningNow`) is legal; one
    that cannot be staffed even with every gain on the way is not (see
    :func:`_openings_worth_trying`: it fails when it pays, whatever follows)."""
    certain: list[bool | None] = [None] * len(moves)
    if STACK.tail_within(state, _BUILDING_TAIL):
        now = _OpeningNow(state, frame.seat)
        certain = [True if now.certain(mv) else None for mv in moves]
    undecided = tuple(mv for mv, known in zip(moves, certain, strict=True) if known is None)
    worth = set(_openings_worth_trying(state, frame, undecided)) if undecided else set()
    return [
        known if known is not None or mv in worth else False
        for mv, known in zip(moves, certain, strict=True)
    ]


def _building_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """No plan can be built (no move): the action fails. Otherwise True if one opening can
    certainly be staffed now (see :class:`_OpeningNow`)."""
    if not moves:
        return False
    if STACK.tail_within(state, _BUILDING_TAIL) and _any_opening_now(state, frame.seat, moves):
        return True
    return None


def _building_now(state: State, seat: int, funds: int) -> bool:
    """Whether a public building can certainly be opened now (False: not known): some
    opening among the building moves that :class:`_OpeningNow` finds certain, looked for
    plan by plan without listing the moves (a plan staffed now is never hopeless)."""
    plans = state.players[seat].plans
    if not plans:
        return False
    now = _OpeningNow(state, seat, funds)
    if not now.triggers_gain:
        return False
    rules = now.rules
    sites: list[m.Site] | None = None
    for plan_id in plans:
        plan = ops.typed(rules, plan_id, _Plan)
        stack = state.building_stacks[("blue", "green").index(plan.architect)]
        if not stack:
            continue
        colours = ops.typed(rules, stack[0], _PublicBuilding).colors(plan.architect)
        sites = _sites_free(state) if sites is None else sites
        for site in sites:
            if site.side == "north" and site.street not in colours:
                continue  # R10.3.2.1
            if now.certain_opening(site.id, plan_id):
                return True
    return False


def _any_opening_now(state: State, seat: int, moves: tuple[Move, ...]) -> bool:
    now = _OpeningNow(state, seat)
    return any(now.certain(mv) for mv in moves)


class _OpeningNow:
    """Whether an opening can certainly be finished with what the seat holds now: the
    site's reward and cubes, and the opening's triggers, can only gain, and the seat's
    officials out (returned first) plus officials hired at today's price cover the plan
    (R10.3.2.4). Sites and plans are judged once each, as the moves pair them up."""

    def __init__(self, state: State, seat: int, funds: int | None = None) -> None:
        self.state, self.seat = state, seat
        p = state.players[seat]
        self.funds = p.reis + ops.reis_value(state, p.influence) if funds is None else funds
        self.rules = ops.rules_of(state)
        self.sites: dict[str, bool] = {}
        self.plans: dict[str, bool] = {}
        self.triggers_gain = all(
            harmless(t.effect) for t in ops.triggers(state, seat, "open-building", None)
        )

    def certain(self, move: Move) -> bool:
        """False means "not known". The reis a site's plain reward gives come before the
        officials are hired (R10.3.2 steps 2-4), so they count towards the price."""
        return self.certain_opening(str(move.args[0]), str(move.args[1]))

    def certain_opening(self, site_id: str, plan_id: str) -> bool:
        """:meth:`certain` for the opening of ``plan_id`` on ``site_id``."""
        if not self.site_gains(site_id):
            return self.site_meets_cardinal(site_id) and (
                self.returned_only(plan_id) or self.hired_at_any_treasury(plan_id)
            )
        if self.staffed(plan_id):
            return True
        facts = _site_facts(self.state, site_id)
        return facts is not None and facts[2] > 0 and self._staffed(plan_id, facts[2])

    def returned_only(self, plan_id: str) -> bool:
        """The plan's officials are all among those the seat has out: none is hired, so the
        price of an official does not matter (R10.3.2.4). The number needed is fixed when
        the building is chosen, before the site's reward (R10.3.2 step 3)."""
        return self._needed(plan_id) <= _officials_out_count(self.state, self.seat)

    def site_meets_cardinal(self, site_id: str) -> bool:
        """The site's reward may also move the cardinal and take a clergy tile, when every
        tile in the church is harmless to an opening (see
        :func:`~.effect_facts.opening_safe_beside_church`)."""
        state = self.state
        site = ops.typed(self.rules, site_id, _Site)
        return (self.triggers_gain and opening_safe_beside_church(site.reward)
                and church_opening_safe(state) and self._cubes_gain(site_id))

    def _cubes_gain(self, site_id: str) -> bool:
        """The site has no cube, or taking one sets off only triggers that gain."""
        state = self.state
        if not state.site_rubble[_site_index(state, site_id)]:
            return True
        return all(harmless(t.effect) for t in ops.triggers(state, self.seat, "take-rubble", None))

    def hired_at_any_treasury(self, plan_id: str) -> bool:
        """The officials to hire are affordable now even at the top treasury value (the
        cardinal can only move the marker up, R14.3), when no tile in the church could
        raise what an official or a payment costs."""
        state, seat = self.state, self.seat
        if not church_never_dearer(state, ("hire-cost", "payment")):
            return False
        hires = self._needed(plan_id) - _officials_out_count(state, seat)
        top = max(space.value for space in ops.board_of(self.rules).treasury)
        each = max(0, top + (ops.modifier(state, seat, "hire-cost") or 0))
        return max(0, each * hires + (ops.modifier(state, seat, "payment") or 0)) <= self.funds

    def _needed(self, plan_id: str) -> int:
        plan = ops.typed(self.rules, plan_id, _Plan)
        fewer = ops.modifier(self.state, self.seat, "officials-needed") or 0
        return max(0, plan.officials + fewer)


    def site_gains(self, site_id: str) -> bool:
        """The site's reward and cubes can only gain, as can the opening's triggers."""
        found = self.sites.get(site_id)
        if found is None:
            found = self.sites[site_id] = self._site_gains(site_id)
        return found

    def staffed(self, plan_id: str) -> bool:
        """The plan's officials are out or can be hired with the seat's funds now."""
        found = self.plans.get(plan_id)
        if found is None:
            found = self.plans[plan_id] = self._staffed(plan_id)
        return found

    def _site_gains(self, site_id: str) -> bool:
        site = ops.typed(self.rules, site_id, _Site)
        return self.triggers_gain and opening_safe(site.reward) and self._cubes_gain(site_id)

    def _staffed(self, plan_id: str, extra: int = 0) -> bool:
        state, seat = self.state, self.seat
        needed = self._needed(plan_id)
        out = _officials_out_count(state, seat)
        if needed <= out:
            return True
        each = _hire_price(state, seat)
        due = max(0, each * (needed - out) + (ops.modifier(state, seat, "payment") or 0))
        return due <= self.funds + extra


def _first_only(state: State, frame: Frame, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """Lookahead shortcut: whichever own officials are returned, the same number is returned
    and the same number hired at the same price, so one choice finishes the opening exactly
    when any does."""
    return moves[:1]


# What may follow the officials of an opening: its completion, then the rest of a visit
# (follows are checkpoints), of a sponsored event or of the turn.
_BUILDING_TAIL: Final = frozenset(
    {"building-done", "follow-round", "court-discard", "court-card", "end-turn"}
)


def _officials_verdict(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """Exact: own officials are returned in place order from the frame's place on, and
    only when none is left anywhere are the others hired, at one price paid now
    (R10.3.2.4); nothing changes the seat's funds before that."""
    seat = frame.seat
    if not STACK.tail_within(state, _BUILDING_TAIL):
        return None
    triggers = ops.triggers(state, seat, "open-building", None)
    if not all(harmless(t.effect) for t in triggers):
        return None
    needed: int = frame.data[0]
    start: int = frame.data[1]
    counts = [
        (state.plazas if place.startswith("plaza-") else state.offices)[i % len(NOBLES)].count(seat)
        for i, place in enumerate(_PLACES)
    ]
    reachable = sum(counts[start:])
    if needed <= reachable:
        return True  # all returned, nothing to hire
    if sum(counts) > reachable:
        return False  # officials left behind the place order: this order leads nowhere
    each = _hire_price(state, seat)
    due = max(0, each * (needed - reachable) + (ops.modifier(state, seat, "payment") or 0))
    p = state.players[seat]
    return bool(due <= p.reis + ops.reis_value(state, p.influence))


def _openings_worth_trying(
    state: State, frame: Frame, moves: tuple[Move, ...]
) -> tuple[Move, ...]:
    """Lookahead shortcut: leave out openings that certainly cannot be staffed. On a site
    whose reward only gains reis or influence (none places officials or takes a tile),
    the officials to hire (R10.3.2.4) cost what they cost now, and the seat's funds can
    grow only by the reward and what its cube triggers pay; if even that is short, the
    opening fails when it pays (R0.11)."""
    seat = frame.seat
    rubble = ops.triggers(state, seat, "take-rubble", None)
    if not all(harmless(t.effect) for t in rubble):
        return moves
    rules = ops.rules_of(state)
    p = state.players[seat]
    bonus = _influence_bonus(state, seat)
    per_cube = _gain_bound([t.effect for t in rubble], bonus)  # gain_per counts a cube
    out = _officials_out_count(state, seat)
    fewer = ops.modifier(state, seat, "officials-needed") or 0
    each = _hire_price(state, seat)
    mod = ops.modifier(state, seat, "payment") or 0
    top = ops.board_of(rules).influence_max
    kept = []
    for move in moves:
        site_id, plan_id = str(move.args[0]), str(move.args[1])
        facts = _site_facts(state, site_id)
        hires = max(0, ops.typed(rules, plan_id, _Plan).officials + fewer) - out
        if facts is None or hires <= 0:
            kept.append(move)
            continue
        reis, influence, _sure = facts
        cubes = len(state.site_rubble[_site_index(state, site_id)])
        steps = _influence_gained(influence, bonus)
        funds = (
            p.reis + reis + cubes * per_cube + ops.reis_value(state, min(top, p.influence + steps))
        )
        if max(0, each * hires + mod) <= funds:
            kept.append(move)
    return tuple(kept)


def _building_prune(
    state: State, frame: Frame, moves: tuple[Move, ...]
) -> tuple[Move, ...]:
    """Leave out the openings of plans whose officials the seat could not staff even with
    every gain and clergy tile on the way (see :func:`~.bounds._hire_hopeless`; R10.3.2.4,
    R0.11): each fails when it hires, whatever site is chosen."""
    if not moves:
        return moves
    funds = _opening_funds(state, frame.seat)
    if funds is None:
        return moves
    rules = ops.rules_of(state)
    hopeless = {
        plan_id
        for plan_id in state.players[frame.seat].plans
        if _hire_hopeless(state, frame.seat, ops.typed(rules, plan_id, _Plan), funds)
    }
    if not hopeless:
        return moves
    return tuple([move for move in moves if move.args[1] not in hopeless])


def _staffable_openings(state: State, seat: int) -> tuple[Move, ...]:
    """The openings the seat may start and is not certain to fail staffing (the rules'
    list, pruned as with the shortcuts on): a hint's view of what a Noble action can act
    on."""
    frame = Frame("building", seat)
    return _building_prune(state, frame, _building_moves(state, frame))


_SITE_FACTS: Final[Memo[tuple[str, str], tuple[int, int, int] | None]] = Memo(
    "lisboa.hints.building_hints._SITE_FACTS", 10_000
)


def _site_facts(state: State, site_id: str) -> tuple[int, int, int] | None:
    """The most reis and influence a site's reward gives, and the reis it surely gives (not
    those of a choice between options, of which the seat takes one, nor of an optional or
    conditional part); None if it does anything else (places officials, takes a tile...)
    or gains so much per unit."""
    key = (state.catalogue, site_id)
    if key not in _SITE_FACTS:
        reward = ops.typed(ops.rules_of(state), site_id, _Site).reward
        steps = ops.elementary(reward)
        plain = all(d.kind == "gain" and ops.arg(d, "amount") >= 0 for d in steps)
        most, sure = _gains_of([reward]), _gains_of(_sure_steps(reward))
        _SITE_FACTS.put(key, (most.reis, most.influence, sure.reis) if plain else None)
    return _SITE_FACTS[key]


STACK.hint(
    "building", prune=_building_prune, verdict=_building_verdict, judge=_building_judge,
    search=_openings_worth_trying,
)
STACK.hint("building-officials", search=_first_only, verdict=_officials_verdict)
