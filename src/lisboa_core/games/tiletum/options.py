"""Tiletum's rule options: the action-tile variant (TL27) and a fixed wheel offset
(TL2.1.2), with what they change at setup.

Example::

    from lisboa_core import new_game
    from lisboa_core.games.tiletum.options import Options

    state = new_game(players=2, seed=1, game="tiletum",
                     options=Options(action_tiles=True, wheel=0))
    assert state.wheel == 0 and len(state.area_actions) == 6  # one tile per area
"""

from __future__ import annotations

from typing import Any

import attrs

from lisboa_core.core.rng import Rng
from lisboa_core.errors import LisboaError
from lisboa_core.games.options import option
from lisboa_core.games.tiletum.model import Rules

__all__ = ["WHEEL_OFFSETS", "Options", "area_actions", "wheel_offset"]

WHEEL_OFFSETS = 6
"""The orientations of the action wheel (TL2.1.2): offsets 0 to 5."""


def _flag(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise LisboaError(f"Options.{attribute.name}: expected true or false, got {value!r}")


def _wheel(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not (
            0 <= value < WHEEL_OFFSETS):
        raise LisboaError(f"Options.wheel: expected a wheel offset from 0 to "
                          f"{WHEEL_OFFSETS - 1}, or None to draw it (TL2.1.2), got {value!r}")


@attrs.frozen(slots=True)
class Options:
    """Tiletum's rule options; the default is the base game with the wheel drawn.

    :raises LisboaError: for a value of the wrong type or out of range (at construction).
    """

    action_tiles: bool = option(False, validator=_flag, cites="TL27",
                                help="the action-tile variant, off by default")
    """TL27: the action tiles are shuffled and laid one on each action area, which then
    offers its tile's action (off by default, TL27.2)."""
    wheel: int | None = option(None, validator=_wheel, cites="TL2.1.2",
                               choices=range(WHEEL_OFFSETS),
                               help="the wheel's starting offset (default: drawn)")
    """TL2.1.2: the wheel's starting offset (0 puts section 1 in front of the first area),
    or None to draw it from the seed."""


def wheel_offset(options: Options, rng: Rng) -> tuple[int, Rng]:
    """TL2.1.2: the wheel's starting offset, fixed by ``options`` or drawn from ``rng``."""
    if options.wheel is not None:
        return options.wheel, rng
    return rng.below(WHEEL_OFFSETS)


def area_actions(rules: Rules, options: Options, rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """The action each area offers: the printed ones (TL2.1.3), or under the variant the
    catalogue's action tiles shuffled one onto each area (TL27.1).

    :raises LisboaError: under the variant, if the catalogue has not one tile per area.
    """
    if not options.action_tiles:
        return rules.areas, rng
    if len(rules.action_tiles) != len(rules.areas):
        raise LisboaError(
            f"the action-tile variant (TL27.1) lays one tile on each action area: the "
            f"catalogue has {len(rules.action_tiles)} action tiles for {len(rules.areas)} areas")
    return rng.shuffle(rules.action_tiles)
