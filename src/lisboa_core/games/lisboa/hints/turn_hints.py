"""Lookahead hints for the turn (R3, R4.10, R9.1, R11) and the period's discard (R15):
turn moves known legal or illegal without playing them on, moves that are legal together
or not at all, and discards that cannot block. The rules are in :mod:`.turn`.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.hints.effect_facts import sale_safe, triggers_never_block
from lisboa_core.games.lisboa.hints.sale_hints import sale_kept, tuck_hopeless, tuck_keeps_sale
from lisboa_core.games.lisboa.hints.visit_hints import sponsor_judge, visit_judge
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules import turn as _turn  # noqa: F401  (registers "turn")
from lisboa_core.games.lisboa.rules.trade import trade_kept
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_PoliticalCard: Final = m.PoliticalCard

__all__: list[str] = []


def _turn_judge(state: State, frame: Frame, moves: tuple[Move, ...]) -> list[bool | None]:
    """Turn moves known without playing them on: Get 1 gold (R3.4) is legal, a tuck that
    keeps a sale possible is legal and one after which no good could be sold or traded is
    not (R4.10), a visit or a sponsorship as :func:`~.nobles.visit_judge` and
    :func:`~.nobles.sponsor_judge` say; the turn's tail (upkeep, a card) cannot fail."""
    known: dict[object, bool | None] = {}  # by _turn_alike's key
    facts = _SaleFacts(state, frame.seat)
    return [_judge_turn_move(state, frame, move, known, facts) for move in moves]


class _SaleFacts:
    """What every tuck of one turn asks about the seat's sale and trade, worked out the
    first time a tuck asks (a turn judged for ``random_move`` often asks about none)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.known = False
        self.kept = False
        self.trading = False

    def work_out(self) -> None:
        if not self.known:
            self.kept = sale_kept(self.state, self.seat)
            self.trading = trade_kept(self.state, self.seat) and triggers_never_block(
                self.state, self.seat
            )
            self.known = True


def _judge_turn_move(
    state: State,
    frame: Frame,
    move: Move,
    known: dict[object, bool | None],
    facts: _SaleFacts,
) -> bool | None:
    seat = frame.seat
    if move.kind == "gold":
        return True
    if move.kind == "tuck":
        card = str(move.args[0])
        facts.work_out()
        if tuck_keeps_sale(state, seat, card, facts.kept, facts.trading):
            return True
        if tuck_hopeless(state, seat, card):
            return False
    if move.kind in ("visit", "sponsor"):
        key = _turn_alike(state, frame, move)
        if key not in known:
            played = ops.typed(ops.rules_of(state), str(move.args[0]), _PoliticalCard)
            known[key] = (
                visit_judge(state, seat, played.type)
                if move.kind == "visit"
                else sponsor_judge(state, seat, played.id)
            )
        return known[key]
    return None


def _turn_alike(state: State, frame: Frame, move: Move) -> object:
    """Visits with cards of one noble are legal together or not at all: a visit uses only
    its card's type (R9.1), and nothing in an action reads the hand; so are sponsorships of
    cards with the same event (R11)."""
    if move.kind == "visit":
        return ("visit", ops.typed(ops.rules_of(state), str(move.args[0]), _PoliticalCard).type)
    if move.kind == "sponsor":
        return ("sponsor", ops.typed(ops.rules_of(state), str(move.args[0]), _PoliticalCard).event)
    return None


def _discard_judge(state: State, frame: Frame, moves: tuple[Move, ...]) -> list[bool | None]:
    """Stopping, or discarding a card whose reward cannot block, always completes."""
    rules = ops.rules_of(state)
    return [
        True
        if move.kind == "done"
        or sale_safe(ops.typed(rules, str(move.args[0]), _PoliticalCard).reward)
        else None
        for move in moves
    ]


STACK.hint("turn", judge=_turn_judge, alike=_turn_alike)
STACK.hint("period-discard", judge=_discard_judge)
