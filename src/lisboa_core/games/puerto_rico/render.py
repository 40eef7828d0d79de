"""Puerto Rico as text: the position (a state or a view) and a score sheet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lisboa_core.dsl.phrases import counted, uncited
from lisboa_core.games.puerto_rico.language import VOCABULARY
from lisboa_core.games.puerto_rico.rules.ops import rules_of
from lisboa_core.games.puerto_rico.scoring import ScoreSheet
from lisboa_core.games.puerto_rico.state import State
from lisboa_core.games.puerto_rico.views import HIDDEN_VP

__all__ = ["render_score_sheet", "render_text"]

_END = dict(zip(*next((w.words, w.meanings) for w in VOCABULARY.lists if w.name == "end"),
                strict=True))


def _counts(words: list[str], values: tuple[int, ...]) -> str:
    shown = [f"{n} {w}" for w, n in zip(words, values, strict=True) if n]
    return ", ".join(shown) or "none"


def _roles(state: State, rules: Any) -> str:
    names = [rules.roles_by_id[r].name for r in state.roles]
    said = []
    for r, name, money, taker in zip(state.roles, names, state.role_doubloons,
                                     state.role_takers, strict=True):
        text = f"{name} ({r})" if names.count(name) > 1 else name
        if money:
            text += f" with {counted(money, 'doubloons')}"
        said.append(text + (f" taken by seat {taker}" if taker >= 0 else ""))
    return ", ".join(said)


def _ships(state: State, rules: Any, goods: list[str]) -> str:
    return "; ".join(
        f"{rules.by_id[s].name}: " + (f"{n} {goods[k]}" if k >= 0 else "empty")
        for s, k, n in zip(state.ships, state.ship_goods, state.ship_loads, strict=True))


def render_text(state_or_view: Any) -> str:
    """The position as text: the round, the roles, the supplies and ships, then each seat,
    every row labelled in words and every component by its printed name."""
    state: State = getattr(state_or_view, "state", state_or_view)
    rules = rules_of(state)
    goods = [g.word for g in rules.goods]
    top = state.pending[-1] if state.pending else None
    lines = [
        f"Puerto Rico, {state.player_count} players, round {state.round}, governor seat "
        f"{state.governor}" + (f", {state.phase.lower()} phase" if state.phase else ""),
        "to act: " + (f"seat {top.seat} ({top.kind})" if top else "nobody (game over)"),
        "roles: " + _roles(state, rules),
        f"colonists: {state.colonist_ship} on the colonist ship, {state.colonist_supply} in "
        f"the supply; VP chips in the supply: {state.vp_supply}; quarries left: "
        f"{state.quarries}",
        "face-up plantations: " + (", ".join(
            rules.tiles[rules.tile_index[t]].name for t in state.face_up) or "none")
        + f"; hidden stack: {len(state.plantation_stack)}, discarded: "
        f"{len(state.plantation_discards)}",
        "goods in the supply: " + _counts(goods, state.goods_supply),
        "cargo ships: " + _ships(state, rules, goods),
        "trading house: " + (", ".join(goods[g] for g in state.trading_house) or "empty"),
    ]
    if state.end_reasons:
        lines.append("the game ends after this round: " + ", ".join(
            uncited(_END.get(r, r)) for r in state.end_reasons))
    for seat, p in enumerate(state.players):
        vp = "?" if p.vp == HIDDEN_VP else str(p.vp)
        island = ", ".join(f"{t.name}{f' x{n}' if n > 1 else ''} ({s} occupied)"
                           for t, n, s in zip(rules.tiles, p.island, p.staffed, strict=True)
                           if n)
        city = ", ".join(f"{rules.buildings[i].name} ({c} of "
                         f"{counted(rules.b_circles[i], 'colonists')})"
                         for i, c in enumerate(p.city) if c >= 0)
        lines += [
            f"seat {seat}" + (" (governor)" if seat == state.governor else "")
            + f": {counted(p.doubloons, 'doubloons')}, {vp} VP chips, goods: "
            f"{_counts(goods, p.goods)}, colonists in San Juan: {p.san_juan}",
            f"  island: {island or 'no tiles'}",
            f"  city: {city or 'no buildings'}",
        ]
    return "\n".join(lines)


def render_score_sheet(sheet: ScoreSheet, names: Sequence[str] = ()) -> str:
    """A score sheet as a text table: one row per seat (named by ``names`` where given),
    a column per category."""
    labels = {i: name for i, name in enumerate(names)}
    columns = [c.name for c in sheet.seats[0].categories] if sheet.seats else []
    head = "seat  " + "  ".join(f"{n:>15}" for n in columns) + "  total  tiebreak"
    rows = [head]
    for seat in sheet.seats:
        cells = "  ".join(f"{c.vp:>15}" for c in seat.categories)
        star = " *" if seat.seat in sheet.winners else ""
        label = labels.get(seat.seat, str(seat.seat))
        rows.append(f"{label:>4}  {cells}  {seat.total:>5}  {seat.tiebreak:>8}{star}")
    rows.append(("final" if sheet.final else "so far") + "; winners: "
                + ", ".join(f"seat {s}" for s in sheet.winners))
    return "\n".join(rows)
