"""Lisboa's catalogue: its card files loaded through the shared card language and
indexed by kind (``load_rules``)."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import attrs

from lisboa_core.dsl import catalogue
from lisboa_core.dsl.catalogue import Catalogue
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.errors import Problem
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.language import EXPECTED_COUNTS, STRUCTURAL_KINDS, VOCABULARY

__all__ = [
    "EXPECTED_COUNTS",
    "STRUCTURAL_KINDS",
    "Rules",
    "check_paths",
    "json_kind",
    "kind_of",
    "load_rules",
]

_CLASS_KIND = {schema.cls: kind for kind, schema in VOCABULARY.kinds.items()}


def json_kind(component: m.Component) -> str:
    """The kind name used in listings and JSON (``public_building``, ``city_tile`` ...)."""
    return str(VOCABULARY.kinds[_CLASS_KIND[type(component)]].json_kind)


def kind_of(component: m.Component) -> str:
    """The kind keyword the component is written with in card files (``building``)."""
    return _CLASS_KIND[type(component)]


@attrs.frozen(slots=True)
class Rules(Catalogue):
    """A complete, validated Lisboa component catalogue.

    Build it with :func:`load_rules`. Components are looked up by id (``rules["C99"]``) or
    by kind (``rules.of_kind("clergy")``); the typed tuples (``rules.clergy``) keep file
    order. ``digest`` identifies the catalogue's content (records store it).

    Example::

        from lisboa_core import load_rules

        rules = load_rules()
        tile = rules.clergy[0]
        assert rules[tile.id] is tile and rules.get("no such id") is None
        assert len(rules.political) == 82
    """

    @property
    def political(self) -> tuple[m.PoliticalCard, ...]:
        """The 82 political cards."""
        return self._typed(m.PoliticalCard)

    @property
    def ships(self) -> tuple[m.Ship, ...]:
        """The 12 ship cards."""
        return self._typed(m.Ship)

    @property
    def clergy(self) -> tuple[m.ClergyTile, ...]:
        """The 37 clergy tiles."""
        return self._typed(m.ClergyTile)

    @property
    def decrees(self) -> tuple[m.Decree, ...]:
        """The 70 decrees."""
        return self._typed(m.Decree)

    @property
    def buildings(self) -> tuple[m.PublicBuilding, ...]:
        """The 16 public buildings."""
        return self._typed(m.PublicBuilding)

    @property
    def plans(self) -> tuple[m.Plan, ...]:
        """The 20 plans (4 starting)."""
        return self._typed(m.Plan)

    @property
    def city_tiles(self) -> tuple[m.CityTile, ...]:
        """The 27 city tiles (22 large, 5 small)."""
        return self._typed(m.CityTile)

    @property
    def scoring_tiles(self) -> tuple[m.ScoringTile, ...]:
        """The 4 scoring tiles."""
        return self._typed(m.ScoringTile)

    @property
    def favors(self) -> tuple[m.RoyalFavor, ...]:
        """The 12 royal favor tiles."""
        return self._typed(m.RoyalFavor)

    @property
    def lands(self) -> tuple[m.LandSpace, ...]:
        """The land spaces of downtown."""
        return self._typed(m.LandSpace)

    @property
    def sites(self) -> tuple[m.Site, ...]:
        """The 14 public-building sites."""
        return self._typed(m.Site)

    @property
    def nobles(self) -> tuple[m.Noble, ...]:
        """The three nobles, left to right."""
        return self._typed(m.Noble)  # sorted by position when the catalogue is built

    @property
    def board(self) -> m.Board:
        """The main board."""
        return self._typed(m.Board)[0]

    @property
    def player_board(self) -> m.PlayerBoard:
        """The player board."""
        return self._typed(m.PlayerBoard)[0]


@functools.cache
def _default_target() -> str:
    return str(cards_dir("lisboa").resolve())


def load_rules(
    *paths: str | Path, overlay: Iterable[str | Path] = (), reload: bool = False
) -> Rules:
    """Load, validate and index a Lisboa component catalogue.

    With no argument, the catalogue shipped with the package (``cards/lisboa/``). Otherwise
    the given card files and folders (every ``*.lsb`` inside) together form the catalogue.
    The result is immutable and cached per set of files and their modification times and
    sizes: edit a card file and the next call reads it again (``reload=True`` reads the
    files again whatever their times say).

    ``overlay`` adds a card author's files on top: each of their components replaces the one
    of the same id (keeping its place) or is added. A catalogue with an overlay
    has its own digest, and its counts are checked only for the structural kinds the board
    is built on (:data:`STRUCTURAL_KINDS`): one new card needs one new file, not a copy of
    the nine.

    Raises :class:`~lisboa_core.errors.CardSyntaxError` or
    :class:`~lisboa_core.errors.CardValidationError` listing every problem.

    Example::

        from lisboa_core import load_rules

        rules = load_rules()
        assert load_rules() is rules          # cached while the files are unchanged
        assert load_rules(reload=True).digest == rules.digest
    """
    return catalogue.load(
        VOCABULARY, Rules, _default_target(), paths, overlay=overlay, reload=reload
    )


def check_paths(*paths: str | Path) -> list[Problem]:
    """Every problem in the given Lisboa card files or folders (empty when they are fine).

    Folders are checked as a complete catalogue (component counts included); single files
    are linted on their own: every component and reference they hold, but no
    catalogue-wide count (one new card in a file of its own is not a wrong count).
    """
    return catalogue.check_paths(VOCABULARY, _default_target(), *paths)


def counts(components: Iterable[m.Component]) -> Counter[str]:
    """Number of components per card-file kind."""
    return Counter(kind_of(c) for c in components)
