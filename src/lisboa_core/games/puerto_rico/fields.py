"""Puerto Rico's state fields: the one list the state classes are generated from.

Edit a field here, then run ``python -m lisboa_core.core.stategen``: it rewrites
:mod:`lisboa_core.games.puerto_rico.state` and :mod:`lisboa_core.games.puerto_rico.player`.

Per-good tuples follow the catalogue's goods, per-tile tuples its island tiles and per-building
tuples its buildings, each in card-file order (``rules.goods``, ``rules.tiles``,
``rules.buildings``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lisboa_core.core.stategen import ModuleSpec

__all__ = ["NOT_OWNED", "modules"]

NOT_OWNED = -1
"""A player's ``city`` entry for a building he does not own (otherwise: its colonists)."""


def modules() -> tuple[ModuleSpec, ...]:
    """The generated modules, beside this one (read by the generator only)."""
    from lisboa_core.core.stategen import Field, ModuleSpec, RecordSpec

    player = RecordSpec(
        name="PlayerState",
        doc="""Everything one seat owns (PR0.1.4): the wind rose (doubloons, goods, VP chips),
        the island, the city and San Juan.""",
        fields=(
            Field("doubloons", "int", "Doubloons on the wind rose (public, PR17.1.1)."),
            Field("vp", "int",
                  "VP chips, with any VP noted beyond the supply (hidden from the other seats,\n"
                  "    PR17.1.2)."),
            Field("goods", "tuple[int, ...]", "Goods held, per good."),
            Field("island", "tuple[int, ...]", "Island tiles, per island tile kind."),
            Field("staffed", "tuple[int, ...]", "Occupied island tiles, per island tile kind."),
            Field("city", "tuple[int, ...]",
                  "Per building: -1 if not owned, else the colonists on it."),
            Field("san_juan", "int", "Colonists waiting in San Juan."),
        ),
        summary=("doubloons {self.doubloons} vp {self.vp} goods {self.goods}",),
        extra='''
        def dump(self) -> str:
            """Every field as ``name=value``, one per line (``repr`` is a one-line summary)."""
            return dump_fields(self)

        @property
        def colonists(self) -> int:
            """Colonists on the player board: tiles, buildings and San Juan (PR14.3)."""
            return (
                self.san_juan + sum(self.staffed) + sum(c for c in self.city if c > 0)
            )

        @property
        def tiles(self) -> int:
            """Filled island spaces."""
            return sum(self.island)
    ''',
    )

    state = RecordSpec(
        name="State",
        doc="""A whole Puerto Rico position. Build one with
        ``lisboa_core.new_game(players=N, seed=S, game="puerto-rico")``.

        Example::

            from lisboa_core import new_game

            state = new_game(players=4, seed=1, game="puerto-rico")
            assert state.player_count == 4 and state.to_act == state.governor
            assert state.players[0].doubloons == 3  # PR2.2.1
        """,
        state=True,
        fast=("players", "pending"),
        fields=(
            Field("players", "tuple[PlayerState, ...]", "One record per seat."),
            Field("governor", "int", "The seat holding the governor card (PR3.2.1)."),
            Field("round", "int", "Rounds begun, the first is 1."),
            Field("phase", "str", "The role card whose phase is being played, or ''."),
            Field("pending", "tuple[Frame, ...]", "Decision stack; the last frame is on top."),
            Field("rng", "Rng",
                  "The random generator's state: every later shuffle comes from it."),
            Field("catalogue", "str", "Digest of the rules catalogue the state was made with."),
            Field("roles", "tuple[str, ...]", "The role cards in play (PR2.2.6)."),
            Field("role_doubloons", "tuple[int, ...]", "Doubloons lying on each role card."),
            Field("role_takers", "tuple[int, ...]",
                  "Per role card: the seat that took it this round, or -1."),
            Field("colonist_supply", "int", "Colonists in the supply."),
            Field("colonist_ship", "int", "Colonists on the colonist ship."),
            Field("vp_supply", "int",
                  "VP left in the VP supply (public, PR17.1.2); below 0 once VP were noted\n"
                  "    beyond it (PR9.3.5)."),
            Field("goods_supply", "tuple[int, ...]", "Goods in the supply, per good."),
            Field("ships", "tuple[str, ...]", "The cargo ships in play, smallest first."),
            Field("ship_goods", "tuple[int, ...]",
                  "Per cargo ship: the index of the good on it, or -1 when empty."),
            Field("ship_loads", "tuple[int, ...]", "Per cargo ship: goods on it."),
            Field("trading_house", "tuple[int, ...]", "Goods in the trading house, in order."),
            Field("face_up", "tuple[str, ...]", "The face-up plantations."),
            Field("plantation_stack", "tuple[str, ...]",
                  "The hidden plantation stack, next first (order hidden, PR17.1.3)."),
            Field("plantation_discards", "tuple[str, ...]", "The face-up discard pile."),
            Field("quarries", "int", "Quarries left in their stack."),
            Field("building_supply", "tuple[int, ...]",
                  "Per building: copies left on the game board."),
            Field("end_reasons", "tuple[str, ...]",
                  "The game-end conditions met so far (PR15.1); the game ends with the round."),
        ),
        summary=("puerto-rico {len(self.players)}p round {self.round}:", " {_acting(self)}"),
    )

    return (
        ModuleSpec(
            filename="player.py",
            doc="What one Puerto Rico seat owns: :class:`PlayerState`, one per seat.",
            imports=("from lisboa_core.core.immutable import dump_fields",),
            records=(player,),
        ),
        ModuleSpec(
            filename="state.py",
            doc="""The immutable Puerto Rico state: plain data only (ints, strings, tuples,
    immutable classes), the pending decisions and the generator included.""",
            imports=(
                "from lisboa_core.core.frame import Frame",
                "from lisboa_core.core.immutable import acting as _acting",
                "from lisboa_core.core.rng import Rng",
                "from lisboa_core.games.puerto_rico.fields import NOT_OWNED",
                "from lisboa_core.games.puerto_rico.player import PlayerState",
            ),
            records=(state,),
            exports=("Frame", "NOT_OWNED", "PlayerState"),
        ),
    )
