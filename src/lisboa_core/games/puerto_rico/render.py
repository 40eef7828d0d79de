"""Puerto Rico as text: the position (a state or a view) and a score sheet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lisboa_core.games.puerto_rico.rules.ops import rules_of
from lisboa_core.games.puerto_rico.scoring import ScoreSheet
from lisboa_core.games.puerto_rico.state import State
from lisboa_core.games.puerto_rico.views import HIDDEN_VP

__all__ = ["render_score_sheet", "render_text"]


def _counts(words: list[str], values: tuple[int, ...]) -> str:
    shown = [f"{n} {w}" for w, n in zip(words, values, strict=True) if n]
    return ", ".join(shown) or "-"


def render_text(state_or_view: Any) -> str:
    """The position as text: the round, the roles, the supplies and ships, then each seat."""
    state: State = getattr(state_or_view, "state", state_or_view)
    rules = rules_of(state)
    goods = [g.word for g in rules.goods]
    tiles = [t.word for t in rules.tiles]
    top = state.pending[-1] if state.pending else None
    lines = [
        f"Puerto Rico, {state.player_count} players, round {state.round}, governor seat "
        f"{state.governor}" + (f", {state.phase.lower()} phase" if state.phase else ""),
        "to act: " + (f"seat {top.seat} ({top.kind})" if top else "nobody (game over)"),
        "roles: " + ", ".join(
            f"{r.lower()}" + (f" [{d}]" if d else "") + (f" <- seat {t}" if t >= 0 else "")
            for r, d, t in zip(state.roles, state.role_doubloons, state.role_takers,
                               strict=True)),
        f"colonists: ship {state.colonist_ship}, supply {state.colonist_supply}; "
        f"VP supply {state.vp_supply}; quarries {state.quarries}",
        "face-up plantations: " + (", ".join(
            rules.tiles[rules.tile_index[t]].word for t in state.face_up) or "-")
        + f"; hidden stack {len(state.plantation_stack)}, discards "
        f"{len(state.plantation_discards)}",
        "goods supply: " + _counts(goods, state.goods_supply),
        "cargo ships: " + "; ".join(
            f"{s.lower()} " + (f"{n} {goods[k]}" if k >= 0 else "empty") + f"/{rules.capacity[s]}"
            for s, k, n in zip(state.ships, state.ship_goods, state.ship_loads, strict=True)),
        "trading house: " + (", ".join(goods[g] for g in state.trading_house) or "empty"),
    ]
    if state.end_reasons:
        lines.append("game ends after this round: " + ", ".join(state.end_reasons))
    for seat, p in enumerate(state.players):
        vp = "?" if p.vp == HIDDEN_VP else str(p.vp)
        island = ", ".join(f"{t} {s}/{n}" for t, n, s in zip(tiles, p.island, p.staffed,
                                                             strict=True) if n)
        city = ", ".join(f"{rules.buildings[i].name} {c}/{rules.b_circles[i]}"
                         for i, c in enumerate(p.city) if c >= 0)
        lines += [
            f"seat {seat}" + (" (governor)" if seat == state.governor else "")
            + f": {p.doubloons} doubloons, {vp} VP chips, goods {_counts(goods, p.goods)}, "
            f"San Juan {p.san_juan}",
            f"  island: {island or '-'}",
            f"  city: {city or '-'}",
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
