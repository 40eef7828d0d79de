"""Text renderings for front ends, logs and terminals: a position and a score sheet.

:func:`render_text` draws what a seat sees (or a whole state) as a few lines of plain text;
:func:`render_score_sheet` lays a
:class:`~lisboa_core.games.lisboa.rules.scoring.ScoreSheet` out as a table. The
``lisboa`` commands and ``make demo`` print these; a front end that wants data rather than
text reads :meth:`ScoreSheet.to_dict
<lisboa_core.games.lisboa.rules.scoring.ScoreSheet.to_dict>` and the
:mod:`~lisboa_core.games.lisboa.events` instead.

Example::

    from lisboa_core import new_game, observe, score
    from lisboa_core.games.lisboa.render import render_score_sheet, render_text

    state = new_game(players=3, seed=7)
    print(render_text(observe(state, 0)))
    print(render_score_sheet(score(state), names=("ana", "bo", "cy")))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from lisboa_core._args import expect
from lisboa_core.games.lisboa.catalogue import Rules, json_kind
from lisboa_core.games.lisboa.rules.ops import rules_of
from lisboa_core.games.lisboa.rules.scoring import ScoreSheet
from lisboa_core.games.lisboa.state import GOODS, NOBLES, State
from lisboa_core.views import View

__all__ = ["render_catalogue", "render_score_sheet", "render_text"]


def _seats(seats: Sequence[int]) -> str:
    return ",".join("n" if seat < 0 else str(seat) for seat in seats) or "-"


def _name(state: State, component_id: str) -> str:
    try:
        component = rules_of(state).get(component_id)
    except KeyError:  # a view loaded before its catalogue: the ids alone still read
        return component_id
    return f"{component_id} ({component.name})" if component is not None else component_id


def render_text(position: View | State) -> str:
    """A position as plain text: the board, every seat's holdings and, for a view, the
    seat's hand (marked ``*`` in the seats table).

    :param position: a seat's :class:`~lisboa_core.View` (hidden cards stay hidden: other
        hands show only their sizes) or a whole :class:`~lisboa_core.games.lisboa.state.State`.
    :raises TypeError: for anything else.

    Example::

        from lisboa_core import new_game, observe
        from lisboa_core.games.lisboa.render import render_text

        text = render_text(observe(new_game(players=2, seed=1), 0))
        assert text.startswith("period 1, turn 1")
    """
    expect(position, (View, State), "render_text", "position")
    view = position if isinstance(position, View) else None
    s = position.state if isinstance(position, View) else position
    frame = s.pending[-1].kind if s.pending else "game over"
    deciding = f"seat {s.to_act} decides ({frame})" if s.pending else "game over"
    prices = ", ".join(f"{g} {p}" for g, p in zip(GOODS, s.prices, strict=True))
    piles = " | ".join(f"{pile[0]} +{len(pile) - 1}" if pile else "empty" for pile in s.piles)
    lines = [
        f"period {s.period}, turn {s.turn + 1}, seat {s.current}'s turn; {deciding}",
        f"prices: {prices}; treasury space {s.treasury}",
        f"display piles: {piles}",
        f"decrees: {' '.join(s.decree_display)} (deck {len(s.decree_deck)})",
        f"church: {' '.join(t or '-' for t in s.church)}; cardinal at gap {s.cardinal}; "
        f"bag {len(s.clergy_bag)}",
        f"shipyard: {' '.join(s.shipyard[:1]) or 'empty'} (+{max(0, len(s.shipyard) - 1)}); "
        f"plans: blue {' '.join(s.plan_stacks[0][:1]) or '-'} "
        f"green {' '.join(s.plan_stacks[1][:1]) or '-'}; "
        f"buildings: blue {' '.join(s.building_stacks[0][:1]) or '-'} "
        f"green {' '.join(s.building_stacks[1][:1]) or '-'}",
        f"city tiles: {' '.join(t or '-' for t in s.city_display)}; "
        f"stores: {' '.join(f'{land}:{seat}' for land, seat, _c in s.stores) or 'none'}",
        "officials (n: neutral): " + "; ".join(
            f"{noble} office {_seats(office)} plaza {_seats(plaza)}"
            for noble, office, plaza in zip(NOBLES, s.offices, s.plazas, strict=True)
        ),
        f"{'seat':>4} {'wigs':>4} {'reis':>4} {'infl':>4} {'goods g/b/c/t':>13} {'hand':>4} "
        f"{'sets':>4}  portfolio; clergy; favors; plans; decrees",
    ]
    for seat, p in enumerate(s.players):
        cards = " ".join(c or "-" for c in (*p.top, *p.bottom))
        held = "; ".join(
            " ".join(group) or "-" for group in (p.clergy, p.favors, p.plans, p.decrees)
        )
        mark = "*" if view is not None and seat == view.seat else " "
        goods = "/".join(map(str, p.goods))
        lines.append(
            f"{mark}{seat:>3} {p.wigs:>4} {p.reis:>4} {p.influence:>4} {goods:>13} "
            f"{len(p.hand):>4} {p.sets:>4}  {cards}; {held}"
        )
    if view is not None:
        hand = s.players[view.seat].hand
        lines.append("your hand: " + (", ".join(_name(s, c) for c in hand) or "empty"))
    return "\n".join(lines)


def render_score_sheet(sheet: ScoreSheet, names: Sequence[str] = ()) -> str:
    """A score sheet as a text table: one row per seat, one column per category, the
    total, then the winners (after the tie-breakers, R16.9).

    :param sheet: the sheet (:func:`lisboa_core.score`).
    :param names: the seats' names, by seat (optional; ignored unless one per seat).
    :raises TypeError: if ``sheet`` is not a
        :class:`~lisboa_core.games.lisboa.rules.scoring.ScoreSheet`.

    Example::

        from lisboa_core import new_game, score
        from lisboa_core.games.lisboa.render import render_score_sheet

        table = render_score_sheet(score(new_game(players=2, seed=1)), ("ana", "bo"))
        assert "ana" in table and "total" in table
    """
    expect(sheet, ScoreSheet, "render_score_sheet", "sheet")
    names = tuple(names) if len(names) == len(sheet.seats) else ()
    categories = [c.name for c in sheet.seats[0].categories] if sheet.seats else []
    width = max([4, *(len(n) for n in names)])
    head = f"{'seat':>4}  {'name':<{width}}" if names else f"{'seat':>4}"
    lines = [head + f" {'so far':>7}" + "".join(f" {c:>9}" for c in categories) + "   total"]
    for seat in sheet.seats:
        row = f"{seat.seat:>4}"
        if names:
            row += f"  {names[seat.seat]:<{width}}"
        row += f" {seat.wigs_so_far:>7}" + "".join(f" {c.wigs:>9}" for c in seat.categories)
        lines.append(row + f" {seat.total:>7}")
    won = ", ".join(f"seat {s}" + (f" ({names[s]})" if names else "") for s in sheet.winners)
    lines.append(f"{'winner' if len(sheet.winners) == 1 else 'winners'}: {won}")
    return "\n".join(lines)


def render_catalogue(rules: Rules) -> str:
    """A catalogue's component counts as a table: per kind, how many come from the rules
    and how many are reconstructed (``provenance reconstructed`` in the card files).

    :param rules: a catalogue (:func:`lisboa_core.load_rules`).
    :raises TypeError: if ``rules`` is not a :class:`~lisboa_core.games.lisboa.catalogue.Rules`.

    Example::

        from lisboa_core import load_rules
        from lisboa_core.games.lisboa.render import render_catalogue

        assert render_catalogue(load_rules()).splitlines()[0].startswith("kind")
    """
    expect(rules, Rules, "render_catalogue", "rules")
    kinds_in_order = [json_kind(c) for c in rules]
    table: Counter[tuple[str, str]] = Counter(
        (kind, c.provenance.source) for kind, c in zip(kinds_in_order, rules, strict=True)
    )
    kinds = sorted({k for k, _ in table}, key=kinds_in_order.index)
    lines = [f"{'kind':18}{'rules':>7}{'reconstructed':>15}{'total':>7}", "-" * 47]
    for kind in kinds:
        a, b = table[(kind, "rules")], table[(kind, "reconstructed")]
        lines.append(f"{kind:18}{a:>7}{b:>15}{a + b:>7}")
    lines.append("-" * 47)
    a = sum(v for (_, source), v in table.items() if source == "rules")
    b = sum(table.values()) - a
    lines.append(f"{'all':18}{a:>7}{b:>15}{a + b:>7}")
    return "\n".join(lines)
