"""Lisboa's state fields: the one list the state classes are generated from, and the
constants and rule options the state refers to.

Edit a field here, then run ``python -m lisboa_core.core.stategen``: it rewrites
:mod:`lisboa_core.games.lisboa.state` and :mod:`lisboa_core.games.lisboa.player`
(``--check`` in the test suite keeps them current).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from lisboa_core.games.options import option

if TYPE_CHECKING:
    from lisboa_core.core.stategen import ModuleSpec

__all__ = ["GOODS", "NEUTRAL", "NOBLES", "RUBBLE", "Options", "modules"]

GOODS: tuple[str, ...] = ("gold", "books", "cloth", "tools")
"""Good types, in the order used by every per-good tuple of the state."""

RUBBLE: tuple[str, ...] = ("brown", "red", "blue")
"""Rubble colours, in the order used by every per-colour tuple of the state."""

NOBLES: tuple[str, ...] = ("manuel", "marquis", "king")
"""The nobles, left to right; offices and plazas are indexed in this order."""

NEUTRAL = -1
"""The seat number of the neutral officials of a 2-player game."""


@attrs.frozen(slots=True)
class Options:
    """Rule variants, each a documented AMBIGUITY reading of rules.md.

    ``leftmost_slot`` is not a rules variant: slots of a row are interchangeable (R4.1), so
    it only removes decisions, for bots and learning agents.

    Example::

        from lisboa_core import new_game
        from lisboa_core.games.lisboa.state import Options

        state = new_game(players=3, seed=2, options=Options(leftmost_slot=True))
        assert state.options.leftmost_slot and not state.options.draft
    """

    gold_only_when_stuck: bool = option(
        False, cites="A11", help="take 1 gold only when no action can be completed")
    """A11 alternative: Get 1 gold only when no action can be completed."""
    draft: bool = option(
        False, cites="R2.7.6", help="starting hands are drafted (keep 2, 1, 1, "
        "passing left)")
    """R2.7.6: starting hands are drafted (keep 2, 1, 1, passing left)."""
    leftmost_slot: bool = option(
        False, cites="R4.1", help="tucked cards and ships go to the leftmost empty "
        "slot (no slot decisions)")
    """Place tucked cards and ships in the leftmost empty slot (no ``slot N`` decision)."""


def modules() -> tuple[ModuleSpec, ...]:
    """The generated modules, beside this one (read by the generator only)."""
    from lisboa_core.core.stategen import Field, ModuleSpec, RecordSpec

    _PLAYER = RecordSpec(
        name="PlayerState",
        doc="""Everything one seat owns. Per-good tuples follow :data:`GOODS`, per-colour
        tuples :data:`RUBBLE`; cards, tiles and plans are catalogue ids.""",
        fields=(
            Field("hand", "tuple[str, ...]",
                  "Political card ids in hand (hidden from the other seats, R3.11)."),
            Field("top", "tuple[str | None, ...]",
                  "3 top portfolio slots: noble card or ship ids."),
            Field("bottom", "tuple[str | None, ...]", "3 bottom slots: treasury card ids."),
            Field("cargo", "tuple[tuple[str, ...], ...]", "Goods on the ship in each top slot."),
            Field("sailed", "tuple[int, ...]",
                  "Per top slot: how many of its goods are crates (at sea)."),
            Field("goods", "tuple[int, ...]", "Goods in the warehouse, per type in GOODS order."),
            Field("reis", "int", "Cash."),
            Field("wigs", "int", "Wigs (victory points) scored so far."),
            Field("influence", "int",
                  "Position of the influence marker, 0 to the track's top (R5)."),
            Field("clergy", "tuple[str, ...]", "Clergy tile ids held (at most 4, R8.5)."),
            Field("favors", "tuple[str, ...]", "Nobles whose royal favor is held."),
            Field("plans", "tuple[str, ...]", "Incomplete plan ids."),
            Field("completed", "tuple[str, ...]", "Completed plan ids."),
            Field("decrees", "tuple[str, ...]", "Decree ids taken (scored at the end, R16.3.5)."),
            Field("rubble", "tuple[int, ...]", "Cubes per colour (RUBBLE order), at most 5 each."),
            Field("markers", "int", "Rubble-set markers on the Marquis portrait, not yet spent."),
            Field("houses", "tuple[int, ...]",
                  "Houses taken from the left, middle and right groups."),
            Field("officials", "int", "Officials in the player's storage."),
        ),
        summary=("reis {self.reis} wigs {self.wigs} influence {self.influence}",
                 " hand {len(self.hand)} goods {self.goods}"),
        extra='''
        def dump(self) -> str:
            """Every field as ``name=value``, one per line (``repr`` is a one-line summary)."""
            return dump_fields(self)

        @property
        def sets(self) -> int:
            """Completed rubble sets (R12.5)."""
            return min(self.rubble)

        @property
        def portfolio_size(self) -> int:
            """Cards in the portfolio, both rows."""
            return sum(c is not None for c in self.top) + sum(c is not None for c in self.bottom)
    ''',
    )

    _STATE = RecordSpec(
        name="State",
        doc="""A whole Lisboa position. Build one with :func:`lisboa_core.new_game`.

        Example::

            from lisboa_core import new_game

            state = new_game(players=2, seed=1)
            print(state)  # <State lisboa 2p period 1 turn 0: seat 1 decides keep-clergy>
            assert state.player_count == 2 and state.to_act in (0, 1)
            assert state.players[0].reis == 10  # R2.2.2
        """,
        state=True,
        fast=("players", "pending"),
        fields=(
            Field("players", "tuple[PlayerState, ...]", "One record per seat."),
            Field("current", "int", "Seat whose turn it is."),
            Field("start_player", "int", "Seat of the start player (R2.6)."),
            Field("period", "int", "1 or 2 (R15)."),
            Field("pending", "tuple[Frame, ...]", "Decision stack; the last frame is on top."),
            Field("rng", "Rng",
                  "The random generator's state: every later shuffle or draw comes from it."),
            Field("options", "Options", "The rule variants of this game."),
            Field("catalogue", "str", "Digest of the rules catalogue the state was made with."),
            Field("offices", "tuple[tuple[int, ...], ...]",
                  "Per noble: seats of officials in the office."),
            Field("plazas", "tuple[tuple[int, ...], ...]",
                  "Per noble: seats of the officials displaced to the plaza (R8.1.3)."),
            Field("favor_supply", "tuple[int, ...]", "Royal favor tiles at each portrait."),
            Field("covered", "tuple[str, ...]", "State actions covered by a good this turn."),
            Field("treasury", "int", "Index of the treasury marker's space."),
            Field("prices", "tuple[int, ...]", "Price of each good, in GOODS order (R1.6.3)."),
            Field("piles", "tuple[tuple[str, ...], ...]",
                  "Political display piles, top card first."),
            Field("later_decks", "tuple[tuple[str, ...], tuple[str, ...]]",
                  "Purple (hands), brown (display)."),
            Field("shipyard", "tuple[str, ...]", "Top ship first."),
            Field("later_ships", "tuple[str, ...]",
                  "Ships that reach the shipyard in period 2 (R15.3)."),
            Field("decree_deck", "tuple[str, ...]", "Face-down decrees, next first."),
            Field("decree_display", "tuple[str, ...]", "Face-up decrees that can be taken."),
            Field("clergy_bag", "tuple[str, ...]",
                  "Order is hidden information (drawn from the front)."),
            Field("church", "tuple[str | None, ...]",
                  "The clergy spaces; space i lies clockwise before gap i."),
            Field("cardinal", "int", "Gap index."),
            Field("church_scoring", "int | None",
                  "Seat that laid the cardinal down, if he lies down."),
            Field("city_display", "tuple[str | None, ...]", "Per board city space."),
            Field("city_stacks", "tuple[tuple[str, ...], tuple[str, ...]]", "Large, small."),
            Field("stores", "tuple[tuple[str, int, str], ...]",
                  "(land id, seat, street colour it faces)."),
            Field("row_rubble", "tuple[tuple[str, ...], ...]", "Cube colours per row A-E."),
            Field("column_rubble", "tuple[tuple[str, ...], ...]", "Per column 1-5."),
            Field("site_rubble", "tuple[tuple[str, ...], ...]", "Per site, in catalogue order."),
            Field("rubble_pile", "tuple[str, ...]",
                  "Cubes in the rubble pile (card rewards take from it, R12.1)."),
            Field("opened", "tuple[tuple[str, ...], ...]", "(site id, building id, architect)."),
            Field("scoring_tiles", "tuple[str, ...]", "Scoring tile id on each scoring space."),
            Field("plan_stacks", "tuple[tuple[str, ...], tuple[str, ...]]",
                  "Blue, green; top first."),
            Field("building_stacks", "tuple[tuple[str, ...], tuple[str, ...]]",
                  "Blue, green; available first."),
            Field("turn", "int", "Turns completed.", default="0"),
            Field("final_turns", "int | None",
                  "Turns left once the game end is triggered (R16.2).", default="None"),
            Field("log", "tuple[str, ...]",
                  "Always empty: kept so saved states keep their layout. Front ends read\n"
                  "    :func:`lisboa_core.events.apply_with_events` instead.", default="()"),
            Field("removed", "tuple[str, ...]",
                  "Cards, tiles and plans that left the game (R0.6).", default="()"),
            Field("rubble_out", "int",
                  "Rubble cubes out of the game (box at setup, full rows, discards).", default="0"),
        ),
        summary=("lisboa {len(self.players)}p period {self.period} turn {self.turn}:",
                 " {_acting(self)}"),
    )

    return (
        ModuleSpec(
            filename="player.py",
            doc="What one Lisboa seat owns: :class:`PlayerState`, one per seat in the state.",
            imports=("from lisboa_core.core.immutable import dump_fields",),
            records=(_PLAYER,),
        ),
        ModuleSpec(
            filename="state.py",
            doc="""The immutable Lisboa state: plain data only (ints, strings, tuples, immutable
    classes).

    A state never changes; the engine builds new ones. Everything needed to continue the game
    is inside, including the pending decisions (:class:`Frame`) and the random generator's
    integers, so a state compares, hashes, copies and serialises exactly, even mid-decision.""",
            imports=(
                "from lisboa_core.core.frame import Frame",
                "from lisboa_core.core.immutable import acting as _acting",
                "from lisboa_core.core.rng import Rng",
                "from lisboa_core.games.lisboa.fields import GOODS, NEUTRAL, NOBLES, RUBBLE",
                "from lisboa_core.games.lisboa.fields import Options",
                "from lisboa_core.games.lisboa.player import PlayerState",
            ),
            records=(_STATE,),
            exports=("Frame", "GOODS", "NEUTRAL", "NOBLES", "Options", "PlayerState", "RUBBLE"),
        ),
    )
