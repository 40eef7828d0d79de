"""Catalogue-wide checks: counts, references and the constraints the rules state.

These run after every component compiled on its own; each broken constraint is reported
at the component (or field) that breaks it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Final

import attrs

from lisboa_core.dsl.ast import Component, Loc
from lisboa_core.dsl.compiler import Compiler
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.tables import check_tables

__all__ = ["check_catalogue"]

_PENALTY_KINDS = frozenset({"pay", "pay_if_able", "return_official"})
_HULLS = {"blue": 1, "red": 2, "purple": 3, "brown": 4}


_DEFAULT_SMALL_COLUMN: Final[int] = int(attrs.fields(m.Board).small_column.default or 0)


def check_catalogue(
    compiler: Compiler,
    syntax: Sequence[Component],
    components: Sequence[m.Component],
    *,
    complete: bool,
    counted: frozenset[str] = frozenset(),
) -> None:
    """Report count, reference and constraint problems into ``compiler``: every count
    when ``complete``, otherwise only those of the kinds in ``counted``."""
    vocabulary = compiler.vocabulary
    kinds = {schema.cls: kind for kind, schema in vocabulary.kinds.items()}

    def kind_of(component: m.Component) -> str:
        return kinds[type(component)]

    report = compiler.report
    by_kind: dict[str, list[Component]] = defaultdict(list)
    for written in syntax:
        by_kind[written.kind].append(written)
    for kind, expected in vocabulary.counts.items():
        found = len(by_kind.get(kind, []))
        if found != expected and (complete or kind in counted):
            where = by_kind[kind][-1].loc if by_kind.get(kind) else Loc("<catalogue>", 0, 0)
            report(where, "LB130", f"expected {expected} {kind} components, found {found}")

    nobles = {c.key for c in components if isinstance(c, m.Noble)}
    board = next((c for c in components if isinstance(c, m.Board)), None)
    # A file checked alone may hold lands without the board: its default column then.
    small_column = board.small_column if board is not None else _DEFAULT_SMALL_COLUMN
    for comp in components:
        kind = kind_of(comp)
        if isinstance(comp, m.PoliticalCard):
            _check_political(compiler, comp)
            if nobles and comp.type != "treasury" and comp.type not in nobles:
                report(comp.loc, "LB121", f"card type {comp.type!r} names no defined noble")
        elif isinstance(comp, m.RoyalFavor) and nobles and comp.noble not in nobles:
            report(comp.loc, "LB121", f"royal favor of unknown noble {comp.noble!r}")
        elif isinstance(comp, m.Ship) and _HULLS[comp.color] != comp.hull:
            report(
                comp.loc,
                "LB131",
                f"a {comp.color} ship has hull {_HULLS[comp.color]} (R1.2.10), not {comp.hull}",
            )
        elif isinstance(comp, m.PublicBuilding):
            for side in ("blue", "green"):
                a, b = comp.colors(side)
                if a == b:
                    report(comp.loc, "LB131", f"the {side} side needs two different colours")
        elif isinstance(comp, m.LandSpace):
            if (comp.size == "small") != (comp.column == small_column):
                report(
                    comp.loc,
                    "LB131",
                    f"small land spaces are exactly those of column {small_column}"
                    " (the board's small-column)",
                )
        elif isinstance(comp, m.Site):
            if comp.side == "north" and (comp.street is None or comp.row is not None):
                report(comp.loc, "LB107", "a north site has a 'street' and no 'row'")
            if comp.side != "north" and (comp.row is None or comp.street is not None):
                report(comp.loc, "LB107", f"a {comp.side} site has a 'row' and no 'street'")
        elif isinstance(comp, m.Board):
            _check_board(compiler, comp, components)
        if kind != "clergy":
            behaviours = _behaviours(comp)
            for behaviour in behaviours:
                for trig in behaviour.triggers:
                    if trig.event == "taken":
                        report(trig.loc, "LB111", "'on taken' only acts on clergy tiles")

    _check_decks(compiler, [c for c in components if isinstance(c, m.PoliticalCard)])
    check_tables(compiler, syntax, components, whole=complete or bool(counted))
    if complete:
        _check_sets(compiler, components)


def _behaviours(comp: m.Component) -> list[m.Behaviour]:
    if isinstance(comp, m.PoliticalCard):
        return [comp.permanent]
    if isinstance(comp, m.PlayerBoard):
        return [a.behaviour for a in comp.abilities]
    return []


def _check_political(compiler: Compiler, card: m.PoliticalCard) -> None:
    report = compiler.report
    if card.is_treasury:
        if card.reward or card.penalty:
            report(card.loc, "LB107", "a treasury card has no reward or penalty")
        if card.event is None or not card.permanent or card.tucked is None:
            report(
                card.loc, "LB102", "a treasury card needs 'tucked:', 'event:' and 'permanent { }'"
            )
        if card.influence:
            report(card.loc, "LB107", "a treasury card has no influence value")
        return
    if (card.reward is None) == (card.penalty is None):
        report(card.loc, "LB107", "a noble card has exactly one of 'reward:' or 'penalty:'")
    if card.event is not None or card.permanent or card.tucked is not None:
        report(card.loc, "LB107", "only treasury cards have 'tucked:', 'event:' or 'permanent'")
    if card.influence <= 0:
        report(card.loc, "LB102", "a noble card needs an 'influence' value of 1 or more")
    if card.penalty is not None:
        for do in m.elementary(card.penalty):
            if do.kind not in _PENALTY_KINDS:
                report(
                    do.loc,
                    "LB111",
                    f"'{do.kind}' is not a penalty; a penalty pays or "
                    "returns (pay N reis, return official)",
                )
    if card.reward is not None:
        for do in m.elementary(card.reward):
            if do.kind in _PENALTY_KINDS:
                report(do.loc, "LB111", "a reward cannot pay or return; use 'penalty:'")


def _check_decks(compiler: Compiler, cards: list[m.PoliticalCard]) -> None:
    report = compiler.report
    by_deck: dict[str, list[m.PoliticalCard]] = defaultdict(list)
    for card in cards:
        by_deck[card.deck].append(card)
    for deck, members in by_deck.items():
        penalties = [c for c in members if c.penalty is not None]
        others = [c for c in members if not c.is_treasury and c.penalty is None]
        if penalties and others:
            top = max(c.influence for c in others)
            for card in penalties:
                if card.influence <= top:
                    report(
                        card.loc,
                        "LB131",
                        f"penalty card {card.id} must carry more "
                        f"influence than every other {deck} noble card (max {top})",
                    )
        if deck in ("red", "brown"):
            per_type = Counter(c.type for c in members)
            for card_type in ("manuel", "marquis", "king", "treasury"):
                if per_type[card_type] != 5:
                    report(
                        members[-1].loc,
                        "LB131",
                        f"the {deck} deck needs 5 {card_type} "
                        f"cards (R1.2.9), found {per_type[card_type]}",
                    )
            seen: dict[tuple[object, ...], str] = {}
            for card in members:
                face = (
                    card.type,
                    card.influence,
                    card.reward,
                    card.penalty,
                    card.event,
                    card.permanent,
                )
                if face in seen:
                    report(
                        card.loc,
                        "LB131",
                        f"{card.id} repeats {seen[face]}; the cards of a "
                        f"{deck} type deck are all different",
                    )
                seen.setdefault(face, card.id)


def _check_sets(compiler: Compiler, components: Sequence[m.Component]) -> None:
    report = compiler.report
    ships = Counter(c.color for c in components if isinstance(c, m.Ship))
    for color in _HULLS:
        if ships[color] != 3:
            report(
                Loc("<catalogue>", 0, 0), "LB130", f"expected 3 {color} ships, found {ships[color]}"
            )
    plans = [c for c in components if isinstance(c, m.Plan)]
    if plans and sum(p.starting for p in plans) != 4:
        report(plans[-1].loc, "LB130", "expected 4 starting plans (E4)")
    tiles = Counter(c.size for c in components if isinstance(c, m.CityTile))
    if tiles and (tiles["large"], tiles["small"]) != (22, 5):
        report(Loc("<catalogue>", 0, 0), "LB130", "expected 22 large and 5 small city tiles")
    favors = Counter(c.noble for c in components if isinstance(c, m.RoyalFavor))
    for noble, n in favors.items():
        if n != 4:
            report(Loc("<catalogue>", 0, 0), "LB130", f"expected 4 royal favors of {noble}")
    sides = Counter(c.side for c in components if isinstance(c, m.Site))
    if sides and (sides["west"], sides["north"], sides["east"]) != (5, 4, 5):
        report(Loc("<catalogue>", 0, 0), "LB130", "expected 5 west, 4 north and 5 east sites")


def _check_board(compiler: Compiler, board: m.Board, components: Sequence[m.Component]) -> None:
    report = compiler.report
    values = [s.value for s in board.treasury]
    if board.treasury_start not in values:
        report(
            board.loc,
            "LB131",
            f"no treasury space has the start value {board.treasury_start} (R2.4.9)",
        )
    if values != sorted(values):
        report(board.loc, "LB131", "treasury values never decrease going up the track (R1.6.4)")
    if 5 not in values or not any(s.modifier == 1 for s in board.treasury):
        report(
            board.loc, "LB131", "the treasury track needs a value-5 space and a +1 modifier (E11)"
        )
    if not any(s.modifier < 0 for s in board.treasury):
        report(board.loc, "LB131", "some treasury modifiers are negative (E11)")
    cubes = sum(n for _, n, _ in board.rubble)
    site_cubes = sum(c.rubble for c in components if isinstance(c, m.Site))
    slots = (
        site_cubes
        + sum(n for _, n in board.row_rubble)
        + sum(n for _, n in board.column_rubble)
        + board.rubble_pile
    )
    if cubes != 63:
        report(board.loc, "LB131", f"there are 63 rubble cubes (E10), not {cubes}")
    elif site_cubes and slots != cubes:
        report(
            board.loc,
            "LB131",
            f"rubble slots ({slots}) must hold exactly the {cubes} "
            "cubes at setup with 3-4 players (F1)",
        )
    if len(board.streets) != 4 or len({c for c, _ in board.streets}) != 4:
        report(board.loc, "LB131", "the board has 4 streets of different colours")
    icons = [icon for _, icon in board.church_icons]
    if icons.count("envelope") != 1:
        report(board.loc, "LB131", "the church track has exactly one envelope gap (R14.1)")
    if any(not 0 <= gap < board.church_gaps for gap, _ in board.church_icons):
        report(board.loc, "LB104", f"church gaps are numbered 0..{board.church_gaps - 1}")
    if any(not 0 <= p <= board.influence_max for p in board.influence_reis_icons):
        report(board.loc, "LB104", "influence reis icons lie on the track 0..influence-max")
    if len(set(board.influence_reis_icons)) != len(board.influence_reis_icons):
        report(board.loc, "LB104", "influence reis icons are on different spaces (R5.6)")
