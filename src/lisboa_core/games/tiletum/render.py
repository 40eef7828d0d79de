"""Tiletum as text: the round, the wheel with its dice, the king track, the displays, the
fair schedule and each seat's board (a state or a view)."""

from __future__ import annotations

from typing import Any

from lisboa_core.games.tiletum.model import RESOURCES
from lisboa_core.games.tiletum.rules.ops import rules_of
from lisboa_core.games.tiletum.state import State

__all__ = ["render_text"]


def _tiles(tiles: tuple[str, ...]) -> str:
    return " ".join(t or "." for t in tiles) or "-"


def render_text(state_or_view: Any) -> str:
    """The position as text, one topic a line, then one block per seat."""
    state: State = getattr(state_or_view, "state", state_or_view)
    rules = rules_of(state)
    top = state.pending[-1] if state.pending else None
    lines = [
        f"Tiletum, {state.player_count} players, round {state.round}, cycle {state.cycle}; "
        f"turn order {' '.join(map(str, state.order))}",
        "to act: " + (f"seat {top.seat} ({top.kind}"
                      + (f" {top.data[0]}, {top.data[1]} AP" if top.kind == "action" else "")
                      + ")" if top else "nobody (game over)"),
    ]
    for a, action in enumerate(state.area_actions):
        value = (a - state.wheel) % 6 + 1
        lines.append(f"  AR{a + 1} {action:<9} value {value} ({7 - value} AP) "
                     f"dice {_tiles(state.area_dice[a])}  bonus {state.area_bonus[a] or '-'}")
    shown = [f"{s}" if s else "." for s in state.corruption]
    hidden = len(state.corruption) - state.revealed
    lines.append("corruption " + " ".join("?" if i < hidden else v
                                          for i, v in enumerate(shown)))
    king = [f"KT{i}({rules.king_values[i]:+d}):{''.join(map(str, stack))}"
            for i, stack in enumerate(state.king) if stack]
    lines.append("king track " + " ".join(king) + f"; king bonus {state.king_bonus or '-'}")
    lines.append("fairs " + " ".join(f"{t}/{f}" for t, f in zip(state.fair_towns,
                                                                  state.fair_tiles, strict=True)))
    lines.append(f"persons {_tiles(state.person_display)} (deck {len(state.person_deck)})")
    lines.append(f"contracts {_tiles(state.contract_display)} (deck {len(state.contract_deck)})")
    posts = {p.id: s for p, s in zip(rules.posts, state.posts, strict=True) if s >= 0}
    lines.append("trading posts " + " ".join(f"{k}:{v}" for k, v in posts.items()))
    lines.append("pillars " + " ".join(
        f"{c.id}:{''.join(map(str, s))}" for c, s in zip(rules.cathedrals, state.pillars,
                                                          strict=True) if s))
    for seat, p in enumerate(state.players):
        res = ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, p.resources, strict=True) if n)
        rooms = " ".join(_tiles(r) for r in p.rooms if r)
        lines += [
            f"seat {seat}: {p.vp} VP; {res or 'no resources'}; merchant {p.merchant}, "
            f"architect {p.architect}; supply {p.posts} posts {p.pillars} pillars",
            f"  dice {_tiles(p.dice)}; warehouse {_tiles(p.warehouse)}; "
            f"contracts {len(p.contracts)}; cathedral tiles {len(p.cathedral_tiles)}",
            f"  rooms {rooms}; coats {_tiles(p.coats)}; bonus AP {p.bonus_ap}",
        ]
    return "\n".join(lines)
