"""What a loaded state's values may be: known ids, seats in range, counts not negative.

The strict converter (:mod:`lisboa_core.persistence.codec`) guarantees types; this module checks the
values against the catalogue and the player count, field by field, with a small table of
*specs* per state field and per frame kind, and raises
:class:`~lisboa_core.persistence.codec.Invalid`
naming the first wrong value. The rules' own consistency (pieces conserved, limits) is
checked afterwards: where each piece may lie and that it lies in one place by
:func:`lisboa_core.games.lisboa.zones.check_zones` (called last here), the rest by
:func:`lisboa_core.games.lisboa.testing.check_invariants`.

A spec is a domain name (``"nat"``, ``"seat"``, ``"political"``: see ``_Checker._scalar``),
:class:`Many` (a tuple of any length, or of the length the catalogue gives a named size),
:class:`Fixed` (a tuple of given items) or :class:`Opt` (``None`` or a value).
"""

from __future__ import annotations

from typing import Any

import attrs

from lisboa_core.core.memo import CATALOGUES, Memo
from lisboa_core.core.specs import Fixed, Many, Opt, Spec
from lisboa_core.core.zones import Domains, ValueChecker
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import GOODS, NEUTRAL, NOBLES, RUBBLE, State
from lisboa_core.games.lisboa.vocabulary import NOBLE_ACTIONS, STATE_ACTIONS, STREETS
from lisboa_core.games.lisboa.zones import STARTING_DECK, check_zones, describe
from lisboa_core.persistence.codec import Invalid

__all__ = ["PLAYER_FIELDS", "STATE_FIELDS", "check_state"]



PLAYER_FIELDS: dict[str, Spec] = {
    "hand": Many("political"),
    "top": Many(Opt("portfolio"), "portfolio_top"),
    "bottom": Many(Opt("treasury"), "portfolio_bottom"),
    "cargo": Many(Many("good"), "portfolio_top"),
    "sailed": Many("nat", "portfolio_top"),
    "goods": Many("nat"),
    "reis": "nat",
    "wigs": "nat",
    "influence": "nat",
    "clergy": Many("clergy"),
    "favors": Many("noble"),
    "plans": Many("plan"),
    "completed": Many("plan"),
    "decrees": Many("decree"),
    "rubble": Many("nat"),
    "markers": "nat",
    "houses": Many("nat"),
    "officials": "nat",
}
"""The spec of each :class:`~lisboa_core.games.lisboa.state.PlayerState` field."""

STATE_FIELDS: dict[str, Spec] = {
    "current": "seat",
    "start_player": "seat",
    "period": "period",
    "rng": "any",  # seed: any integer; counter: checked below
    "options": "any",
    "catalogue": "any",
    "offices": Many(Many("official"), "nobles"),
    "plazas": Many(Many("official"), "nobles"),
    "favor_supply": Many("nat"),
    "covered": Many("state_action"),
    "treasury": "nat",
    "prices": Many("nat"),
    "piles": Many(Many("political"), "piles"),
    "later_decks": Many(Many("political")),
    "shipyard": Many("ship"),
    "later_ships": Many("ship"),
    "decree_deck": Many("decree"),
    "decree_display": Many("decree"),
    "clergy_bag": Many("clergy"),
    "church": Many(Opt("clergy"), "church"),
    "cardinal": "gap",
    "church_scoring": Opt("seat"),
    "city_display": Many(Opt("city_tile"), "city_spaces"),
    "city_stacks": Many(Many("city_tile")),
    "stores": Many(Fixed(("land", "seat", "street"))),
    "row_rubble": Many(Many("rubble"), "rows"),
    "column_rubble": Many(Many("rubble"), "columns"),
    "site_rubble": Many(Many("rubble"), "sites"),
    "rubble_pile": Many("rubble"),
    "opened": Many(Fixed(("site", "building", "architect"))),
    "scoring_tiles": Many("scoring_tile", "scoring_tiles"),
    "plan_stacks": Many(Many("plan")),
    "building_stacks": Many(Many("building")),
    "turn": "nat",
    "final_turns": Opt("nat"),
    "log": Many("text"),
    "removed": Many("component"),
    "rubble_out": "nat",
}
"""The spec of each :class:`~lisboa_core.games.lisboa.state.State` field but ``players`` and
``pending``
(checked with :data:`PLAYER_FIELDS` and the ``data`` spec each frame kind registers)."""

"""The spec of the data of each frame kind. A kind missing here is loaded with its data
only type-checked (a test lists the registered kinds missing)."""

_CTX: dict[str, Spec] = {"quantity": "nat", "taken": Many("rubble"), "produced": Many("good")}

_WORDS: dict[str, tuple[str, ...]] = {
    "noble": NOBLES,
    "good": GOODS,
    "rubble": RUBBLE,
    "street": STREETS,
    "architect": ("blue", "green"),
    "state_action": STATE_ACTIONS,
    "noble_action": NOBLE_ACTIONS,
    "card_type": ("manuel", "marquis", "king", "treasury"),
    "tuck_kind": ("political", "noble", "treasury"),
}

_NOUNS = {
    "political": "political card",
    "treasury": "treasury card",
    "starting_card": f"card of the starting deck ({STARTING_DECK})",
    "portfolio": "card or ship",
    "clergy": "clergy tile",
    "city_tile": "city tile",
    "scoring_tile": "scoring tile",
    "component": "component",
}


@attrs.frozen
class _Catalogue:
    rules: Rules
    ids: dict[str, frozenset[str]]
    sizes: dict[str, int]
    gaps: int


_CATALOGUES: Memo[str, _Catalogue] = Memo("lisboa.state_check._CATALOGUES", CATALOGUES)


def _catalogue(rules: Rules) -> _Catalogue:
    found = _CATALOGUES.get(rules.digest)
    if found is not None:
        return found

    def ids(components: tuple[m.Component, ...]) -> frozenset[str]:
        return frozenset(c.id for c in components)

    board, pboard = rules.board, rules.player_board
    table = {
        "political": ids(rules.political),
        "treasury": frozenset(c.id for c in rules.political if c.is_treasury),
        "starting_card": frozenset(c.id for c in rules.political if c.deck == STARTING_DECK),
        "portfolio": ids(rules.political) | ids(rules.ships),
        "ship": ids(rules.ships),
        "clergy": ids(rules.clergy),
        "plan": ids(rules.plans),
        "decree": ids(rules.decrees),
        "building": ids(rules.buildings),
        "city_tile": ids(rules.city_tiles),
        "scoring_tile": ids(rules.scoring_tiles),
        "land": ids(rules.lands),
        "site": ids(rules.sites),
        "component": frozenset(rules.by_id),
    }
    sizes = {
        "portfolio_top": pboard.portfolio_top,
        "portfolio_bottom": pboard.portfolio_bottom,
        "nobles": len(NOBLES),
        "piles": len(board.political_display),
        "church": board.clergy_track,
        "city_spaces": len(board.city_spaces),
        "rows": len(board.row_rubble),
        "columns": len(board.column_rubble),
        "sites": len(rules.sites),
        "scoring_tiles": len(rules.scoring_tiles),
    }
    found = _CATALOGUES.put(rules.digest, _Catalogue(rules, table, sizes, board.church_gaps))
    return found


class _Checker(ValueChecker):
    """The shared walker over specs (:class:`~lisboa_core.core.zones.ValueChecker`) with
    Lisboa's domains: its catalogue's ids and sizes, its words, effects and contexts."""

    def __init__(self, catalogue: _Catalogue, players: int) -> None:
        super().__init__(Domains(ids=catalogue.ids, sizes=catalogue.sizes), players)
        self.catalogue = catalogue

    def scalar(self, value: Any, spec: str) -> str | None:
        """What is wrong with ``value`` for the domain ``spec`` (``None``: nothing)."""
        return self._scalar(value, spec)

    def _scalar(self, value: Any, spec: str) -> str | None:
        """What is wrong with ``value`` for the domain ``spec`` (``None``: nothing)."""
        is_int = type(value) is int
        if spec == "any":
            return None
        if spec in ("nat", "pos", "place", "gap", "period"):
            low, high = {
                "nat": (0, None),
                "pos": (1, None),
                "place": (0, 2 * len(NOBLES) - 1),
                "gap": (0, self.catalogue.gaps - 1),
                "period": (1, 2),
            }[spec]
            if is_int and value >= low and (high is None or value <= high):
                return None
            span = f"{low} or more" if high is None else f"{low} to {high}"
            return f"expected a number {span}, got {_show(value)}"
        if spec in ("seat", "official"):
            allowed = set(range(self.players))
            if spec == "official" and self.players == 2:
                allowed.add(NEUTRAL)
            if is_int and value in allowed:
                return None
            return f"seat {_show(value)} out of range (0 to {self.players - 1})"
        if spec == "bool":
            ok = isinstance(value, bool)
            return None if ok else f"expected true or false, got {_show(value)}"
        if spec == "text":
            return None if isinstance(value, str) else f"expected a string, got {_show(value)}"
        if spec in ("effect", "choose", "may"):
            wanted = {
                "effect": m.Do | m.Seq | m.Choose | m.May | m.If, "choose": m.Choose, "may": m.May,
            }
            if isinstance(value, wanted[spec]):
                return None
            return f"expected a {spec} effect, got {_show(value)}"
        if spec == "ctx":
            return self._ctx(value)
        members = _WORDS.get(spec) or self.catalogue.ids[spec]
        if isinstance(value, str) and value in members:
            return None
        noun = _NOUNS.get(spec, spec.replace("_", " "))
        known = self.catalogue.rules.get(value) if isinstance(value, str) else None
        if known is not None:  # a real piece, of another kind than the place holds
            return f"expected a {noun}, got {_show(value)} ({describe(known)})"
        return f"unknown {noun} {_show(value)}"

    def _ctx(self, value: Any) -> str | None:
        if not isinstance(value, tuple):
            return f"expected a list of [name, value] pairs, got {_show(value)}"
        for i, pair in enumerate(value):
            if not (isinstance(pair, tuple) and len(pair) == 2 and pair[0] in _CTX):
                return f"item {i}: expected a pair [name, value] naming one of {sorted(_CTX)}"
            try:
                self.check(pair[1], _CTX[pair[0]], "")
            except Invalid as err:
                return f"{pair[0]}: {err.message}"
        return None


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "a list"
    if isinstance(value, m.Do | m.Seq | m.Choose | m.May | m.If):
        return "an effect"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_state(state: State, rules: Rules) -> None:
    """Raise :class:`~lisboa_core.persistence.codec.Invalid` at the first value of ``state`` that
    the
    catalogue or the player count rules out."""
    count = len(state.players)
    if not 2 <= count <= 4:
        raise Invalid(f"expected 2 to 4 players, got {count}", "players")
    checker = _Checker(_catalogue(rules), count)
    for seat, player in enumerate(state.players):
        for name, spec in PLAYER_FIELDS.items():
            checker.check(getattr(player, name), spec, f"players[{seat}].{name}")
    for name, spec in STATE_FIELDS.items():
        checker.check(getattr(state, name), spec, name)
    checker.check(state.rng.counter, "nat", "rng.counter")
    for i, frame in enumerate(state.pending):
        where = f"pending[{i}]"
        if not (frame.kind == "dead" and frame.seat == NEUTRAL):
            checker.check(frame.seat, "seat", f"{where}.seat")
        data = STACK.handler(frame.kind).data
        if data is not None:
            checker.check(frame.data, data, f"{where}.data")
    check_zones(state, rules)
