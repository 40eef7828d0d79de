"""What a game declares about itself, frozen (:class:`GameType`), and the optional
capability groups a game may supply (:data:`CAPABILITIES`): read by the registry when a game
registers, by the conformance suite and by every surface that needs a fact about a game
rather than one of its parts.

Example::

    from lisboa_core.games import game
    from lisboa_core.games.declaration import CAPABILITIES, GameType

    declared = game("puerto-rico").game_type
    assert isinstance(declared, GameType) and declared.players == (3, 4, 5)
    assert "learning" in CAPABILITIES
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from lisboa_core.games.options import OptionField

__all__ = ["CAPABILITIES", "GameType"]


@attrs.frozen
class GameType:
    """What a game declares about itself, frozen: its name and title, its player counts
    and the default one, whether chance steps happen and whether a seat may not see
    everything, how its rules are numbered, its bound on decisions, its score categories
    and whether the lowest total wins, whether it is the unnamed first game
    (:attr:`Game.unnamed`), and its rule options
    (:class:`~lisboa_core.games.options.OptionField`).

    Example::

        from lisboa_core.games import game

        declared = game("tiletum").game_type
        assert declared.chance and not declared.lower_wins and declared.rule_prefix == "TL"
        assert [o.name for o in declared.options] == ["action_tiles", "wheel"]
    """

    name: str
    title: str
    players: tuple[int, ...]
    default_players: int
    chance: bool
    hidden_information: bool
    rule_prefix: str
    max_decisions: int
    categories: tuple[str, ...]
    lower_wins: bool
    unnamed: bool
    options: tuple[OptionField, ...]

    def problems(self) -> list[str]:
        """What is wrong with the declaration, in words (empty: nothing): checked when the
        game is registered.
    """
        found = []
        if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", self.name):
            found.append(f"name {self.name!r}: lower case words joined by hyphens")
        if not self.players or min(self.players) < 1:
            found.append(f"players {self.players}: one or more player counts, each 1 or more")
        elif self.default_players not in self.players:
            found.append(f"default_players {self.default_players}: one of the player counts "
                         f"{self.players}")
        if len(set(self.categories)) != len(self.categories):
            found.append(f"categories {self.categories}: each named once")
        if self.max_decisions < 1:
            found.append(f"max_decisions {self.max_decisions}: 1 or more")
        return found


CAPABILITIES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "presentation": ("render_text", "svg", "describe_move"),
    "learning": ("action_space", "encode", "observation_size"),
    "language": ("vocabulary", "key_vocabulary"),
})
"""The optional capability groups of a game (:meth:`Game.provides`), each with the members
that make it up (for ``language``, either one)."""
