"""How the browser table says the counts and places of Puerto Rico's events
(:attr:`Game.event_words <lisboa_core.games.Game.event_words>`): a seat takes a role, a
role holds doubloons, a seat's colonists on a kind of plantation tile, a cargo ship's
goods, each named from the catalogue (the words below hold no card's name)."""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["EVENT_WORDS"]

EVENT_WORDS = MappingProxyType({
    # a seat's counts
    "doubloons": "doubloons", "vp": "victory points", "san_juan": "colonists in San Juan",
    "goods[]": "{item:goods}",
    "island[]": "{Who} now {has} {after} {item:tiles} tile{after_s}.",
    "staffed[]": "{Who} now {has} {after} colonist{after_s} on {item:tiles} tiles.",
    "city[] from -1": "{Who} build{s3} {item:a_buildings}.",
    "city[] to -1": "{Whose} {item:buildings} is gone.",
    "city[]": "{Who} now {has} {after} colonist{after_s} in {whose} {item:buildings}.",
    # the board's
    "governor": "The governor card goes to {after:seat_lower}.",
    "round": "Round {after} begins.",
    "role_takers[] to -1": "The {item:roles} is back among the roles.",
    "role_takers[]": "{after:seat} took the {item:roles}.",
    "role_doubloons[] to 0": "The {item:roles} has no doubloons on it now.",
    "role_doubloons[]": "The {item:roles} has {after} doubloon{after_s} on it.",
    "colonist_supply": "Colonists in the supply: {after} (were {before}).",
    "colonist_ship": "Colonists on the colonist ship: {after} (were {before}).",
    "vp_supply": "Victory points in the supply: {after} (were {before}).",
    "quarries": "Quarries left: {after} (were {before}).",
    "goods_supply[]": "{item:goods} in the supply: {after} (were {before}).",
    "building_supply[]": "{item:buildings} left on the board: {after}.",
    "ship_goods[] to -1": "The {item:ships} is empty.",
    "ship_goods[]": "The {item:ships} carries {after:goods}.",
    "ship_loads[]": "The {item:ships} holds {after} good{after_s}.",
    "trading_house[] to -1": "The trading house space {item} is empty.",
    "trading_house[]": "The trading house holds {after:goods}.",
    # places
    "face_up": "face-up plantations", "plantation_stack": "plantation stack",
    "plantation_discards": "plantation discards", "end_reasons": "reasons the game ends",
})
"""Puerto Rico's counts and places in words (see :attr:`lisboa_core.games.Game.event_words`)."""
