"""Tiletum's state fields: the one list the state classes are generated from.

Edit a field here, then run ``python -m lisboa_core.core.stategen``: it rewrites
:mod:`lisboa_core.games.tiletum.state` and :mod:`lisboa_core.games.tiletum.player`.

Per-resource tuples follow :data:`lisboa_core.games.tiletum.model.RESOURCES`; per-building,
per-town, per-post-space and per-site tuples follow the catalogue's card-file order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lisboa_core.core.stategen import ModuleSpec

__all__ = ["modules"]


def modules() -> tuple[ModuleSpec, ...]:
    """The generated modules, beside this one (read by the generator only)."""
    from lisboa_core.core.stategen import Field, ModuleSpec, RecordSpec

    player = RecordSpec(
        name="PlayerState",
        doc="""Everything one seat owns (TL1.10-TL1.12): VP, resources, pieces, the player
        board (rooms, coats, warehouse, contracts, dice) and cathedral tiles.""",
        fields=(
            Field("vp", "int", "Victory points (TL0.8: never below 0)."),
            Field("resources", "tuple[int, ...]", "Resources held, per resource (TL0.1)."),
            Field("merchant", "str", "The space of the merchant (TL0.3)."),
            Field("architect", "str", "The space of the architect (TL0.3)."),
            Field("posts", "int", "Trading posts in the personal supply (TL0.9)."),
            Field("pillars", "int", "Pillars in the personal supply (TL0.9)."),
            Field("roofs", "tuple[int, ...]",
                  "Per building: 1 while a trading post is on its roof."),
            Field("rooms", "tuple[tuple[str, ...], ...]",
                  "Per building, per floor: the person tile in the room, or ''."),
            Field("coats", "tuple[str, ...]", "Per coat space: the coat tile on it, or ''."),
            Field("warehouse", "tuple[str, ...]", "Tiles in the warehouse (TL15.1)."),
            Field("contracts", "tuple[str, ...]",
                  "Fulfilled contract tiles, left to right on the contract spaces (TL14.3)."),
            Field("dice", "tuple[str, ...]", "Dice taken this round (colour id + value)."),
            Field("cathedral_tiles", "tuple[int, ...]", "VP of the cathedral tiles taken."),
            Field("contributed", "tuple[int, ...]", "Per cathedral site: 1 once contributed."),
            Field("bonus_ap", "tuple[int, ...]",
                  "Bonus AP per action (architect, merchant, person, contract, king; TL16)."),
        ),
        summary=("vp {self.vp} res {self.resources}",),
    )
    state = RecordSpec(
        name="State",
        doc="""A whole Tiletum position. Build one with
        ``lisboa_core.new_game(players=N, seed=S, game="tiletum")``.

        Example::

            from lisboa_core import new_game

            state = new_game(players=4, seed=1, game="tiletum")
            assert state.round == 1 and all(p.vp == 10 for p in state.players)  # TL2.2.3
        """,
        state=True,
        fast=("players", "pending"),
        fields=(
            Field("players", "tuple[PlayerState, ...]", "One record per seat."),
            Field("pending", "tuple[Frame, ...]", "Decision stack; the last frame is on top."),
            Field("rng", "Rng", "The random generator: every roll, shuffle and draw."),
            Field("catalogue", "str", "Digest of the catalogue the state was made with."),
            Field("round", "int", "The round, 1 to 4 (TL3.1)."),
            Field("cycle", "int", "The cycle of the action phase, 1 to 3, or 0 (TL5.1)."),
            Field("order", "tuple[int, ...]",
                  "Seats in turn order; the first is the start player."),
            Field("king", "tuple[tuple[int, ...], ...]",
                  "Per king-track space: the seats' markers, bottom first (TL0.12)."),
            Field("wheel", "int", "The action wheel's offset r (TL4.3)."),
            Field("bag", "tuple[str, ...]", "Colours of the dice in the bag, sorted."),
            Field("area_dice", "tuple[tuple[str, ...], ...]",
                  "Per action area: its dice (colour id + value)."),
            Field("area_bonus", "tuple[str, ...]", "Per action area: its bonus tile, or ''."),
            Field("area_actions", "tuple[str, ...]", "Per action area: the action it offers, "
                  "printed (TL2.1.3) or its action tile's (TL27.1)."),
            Field("king_bonus", "str", "The tile on the king bonus space, or ''."),
            Field("map_bonus", "tuple[str, ...]", "Per town: the tile on its bonus space, or ''."),
            Field("posts", "tuple[int, ...]", "Per trading-post space: the seat there, or -1."),
            Field("pillars", "tuple[tuple[int, ...], ...]",
                  "Per cathedral site: its pillars' seats."),
            Field("costs", "tuple[str, ...]", "Per cathedral site: its cost tile."),
            Field("cathedral_left", "tuple[int, ...]", "Per cathedral site: tiles left."),
            Field("contract_display", "tuple[str, ...]", "Contract display slots, '' when empty."),
            Field("contract_deck", "tuple[str, ...]", "Contract deck, sorted (drawn by chance)."),
            Field("person_display", "tuple[str, ...]", "Person display slots, '' when empty."),
            Field("person_deck", "tuple[str, ...]", "Person deck, sorted (drawn by chance)."),
            Field("bonus_deck", "tuple[str, ...]", "Bonus deck, sorted (drawn by chance)."),
            Field("corruption", "tuple[int, ...]",
                  "The corruption tokens on the turn track, left to right; -1 face down."),
            Field("revealed", "int", "The corruption tokens revealed this round (TL5.2)."),
            Field("corruption_aside", "tuple[int, ...]",
                  "The values not yet turned up this round, sorted (face down)."),
            Field("fair_towns", "tuple[str, ...]", "The fair town of each round (TL18.1)."),
            Field("fair_tiles", "tuple[str, ...]", "The fair tile of each round (TL2.1.9)."),
        ),
        summary=("tiletum {len(self.players)}p round {self.round}:", " {_acting(self)}"),
    )
    return (
        ModuleSpec(
            filename="player.py",
            doc="What one Tiletum seat owns: :class:`PlayerState`, one per seat.",
            imports=(),
            records=(player,),
        ),
        ModuleSpec(
            filename="state.py",
            doc="""The immutable Tiletum state: plain data only, the pending decisions and the
    generator included.""",
            imports=(
                "from lisboa_core.core.frame import Frame",
                "from lisboa_core.core.immutable import acting as _acting",
                "from lisboa_core.core.rng import Rng",
                "from lisboa_core.games.tiletum.player import PlayerState",
            ),
            records=(state,),
            exports=("Frame", "PlayerState"),
        ),
    )
