"""The validated, indexed, immutable rule set built from card files (``load_rules``)."""

from __future__ import annotations

import functools
import hashlib
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TypeVar

import attrs

from lisboa_core.dsl.ast import CardFile, Component, Loc
from lisboa_core.dsl.compiler import KINDS, Compiler
from lisboa_core.dsl.format import format_file
from lisboa_core.dsl.parser import parse_text_all_errors, read_card_file
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.dsl.vocabulary import EVENTS, HINTLESS_EVENTS
from lisboa_core.errors import CardSyntaxError, CardValidationError, Problem
from lisboa_core.games.lisboa import model as m

__all__ = [
    "EXPECTED_COUNTS",
    "STRUCTURAL_KINDS",
    "Rules",
    "check_paths",
    "json_kind",
    "load_rules",
]

T = TypeVar("T")

# How many components of each kind a complete Lisboa catalogue has (components.md E1, F).
EXPECTED_COUNTS: dict[str, int] = {
    "political": 82,
    "ship": 12,
    "clergy": 37,
    "decree": 70,
    "building": 16,
    "plan": 20,
    "city": 27,
    "scoring": 4,
    "favor": 12,
    "land": 27,
    "site": 14,
    "noble": 3,
    "board": 1,
    "player-board": 1,
}

_CLASS_KIND = {schema.cls: kind for kind, schema in KINDS.items()}


def json_kind(component: m.Component) -> str:
    """The kind name used in listings and JSON (``public_building``, ``city_tile`` ...)."""
    return KINDS[_CLASS_KIND[type(component)]].json_kind


def kind_of(component: m.Component) -> str:
    """The kind keyword the component is written with in card files (``building``)."""
    return _CLASS_KIND[type(component)]


@attrs.frozen(slots=True)
class Rules:
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

    components: tuple[m.Component, ...]
    digest: str
    by_id: dict[str, m.Component] = attrs.field(eq=False, repr=False)
    by_class: dict[type, tuple[m.Component, ...]] = attrs.field(eq=False, repr=False)
    heard: frozenset[str] = attrs.field(
        default=attrs.Factory(lambda self: _listening(self.components)[0], takes_self=True),
        eq=False, repr=False,
    )
    """Every event some component's trigger listens to (worked out from the components)."""
    full_search: bool = attrs.field(
        default=attrs.Factory(lambda self: _needs_full_search(self.components), takes_self=True),
        eq=False, repr=False,
    )
    """Whether the engine's lookahead shortcuts are off for this catalogue: some card uses
    a word they do not reason about (a condition, or a trigger on an event of
    :data:`~lisboa_core.dsl.vocabulary.HINTLESS_EVENTS` or one registered from user code),
    so every decision is judged by the full search (R3.6), slower but always right."""

    def __getitem__(self, component_id: str) -> m.Component:
        return self.by_id[component_id]

    def __contains__(self, component_id: object) -> bool:
        return component_id in self.by_id

    def __iter__(self) -> Iterator[m.Component]:
        return iter(self.components)

    def __len__(self) -> int:
        return len(self.components)

    def get(self, component_id: str) -> m.Component | None:
        """The component with this id, or ``None``."""
        return self.by_id.get(component_id)

    def typed(self, component_id: str, cls: type[T]) -> T:
        """The component with this id, checked to be of class ``cls``."""
        component = self.by_id[component_id]
        if not isinstance(component, cls):
            raise TypeError(f"{component_id} is a {type(component).__name__}, not {cls.__name__}")
        return component

    def of_kind(self, kind: str) -> tuple[m.Component, ...]:
        """All components of a kind, by card-file keyword or JSON name (``building`` or
        ``public_building``)."""
        return tuple(c for c in self.components if kind in (kind_of(c), json_kind(c)))

    def _typed(self, cls: type[T]) -> tuple[T, ...]:
        return self.by_class.get(cls, ())  # type: ignore[return-value]

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


def _card_files(paths: Iterable[str | Path]) -> list[Path]:
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files.extend(sorted(path.glob("*.lsb")))
        else:
            files.append(path)
    return files


# The kinds whose number the board and the engine are built on: an overlay may add or
# replace cards, tiles, decrees, plans, ships and buildings, but not change these counts.
STRUCTURAL_KINDS = frozenset(
    {"city", "scoring", "land", "site", "noble", "board", "player-board", "favor"}
)


def _compile(
    files: list[Path], *, complete: bool, overlay: frozenset[str] = frozenset()
) -> tuple[tuple[m.Component, ...], str]:
    """Parse and check ``files``; raise with every problem found, or return the components.
    Components of the ``overlay`` files replace the components of the same id from the
    other files (in their place) or are added; the counts are then checked only for the
    structural kinds."""
    sources: dict[str, list[str]] = {}
    parsed: list[CardFile] = []
    problems: list[Problem] = []
    for path in files:
        text, problem = read_card_file(path)
        if problem is not None:
            problems.append(problem)
            continue
        sources[str(path)] = text.splitlines()
        card_file, syntax_problems = parse_text_all_errors(text, str(path))
        parsed.append(card_file)
        problems.extend(syntax_problems)
    compiler = Compiler(sources)
    components: list[m.Component] = []
    syntax: list[Component] = []
    first_seen: dict[str, Loc] = {}
    replaceable: dict[str, int] = {}  # base ids an overlay may replace: their place
    for card_file in parsed:
        overriding = card_file.path in overlay
        for comp in card_file.components:
            built = None
            if overriding and comp.id in replaceable:
                place = replaceable.pop(comp.id)
                built = compiler.component(comp)
                syntax[place] = comp
                first_seen[comp.id] = comp.loc
                components = [c for c in components if c.id != comp.id]
                if built is not None:
                    components.insert(min(place, len(components)), built)
                continue
            if comp.id in first_seen:
                compiler.report(
                    comp.loc,
                    "LB120",
                    f"duplicate id {comp.id!r} (first defined at {first_seen[comp.id]})",
                )
                continue
            first_seen[comp.id] = comp.loc
            if not overriding:
                replaceable[comp.id] = len(syntax)
            syntax.append(comp)
            built = compiler.component(comp)
            if built is not None:
                components.append(built)
    from lisboa_core.games.lisboa.checks import check_catalogue

    # After a syntax error the catalogue is short of the components the bad text held:
    # counting them would only add follow-on noise.
    check_catalogue(
        compiler, syntax, components, complete=complete and not problems and not overlay,
        counted=STRUCTURAL_KINDS if complete and not problems else frozenset(),
    )
    problems.extend(compiler.problems)
    problems.sort(key=lambda p: (p.file, p.line, p.column))
    if problems:
        syntax_only = all(p.code == "LB001" for p in problems)
        raise (CardSyntaxError if syntax_only else CardValidationError)(problems)
    canonical = "\n".join(format_file(f) for f in parsed if f.path not in overlay)
    if overlay:  # a catalogue with an overlay is another catalogue: it has its own digest
        canonical += "\n# overlay\n" + "\n".join(
            format_file(f) for f in parsed if f.path in overlay)
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:16]
    return tuple(components), digest


def _position(component: m.Component) -> int:
    # Nobles are kept left to right; every other kind keeps file order (a stable sort on 0).
    return component.position if isinstance(component, m.Noble) else 0


def _build(files: list[Path], complete: bool, overlay: frozenset[str] = frozenset()) -> Rules:
    components, digest = _compile(files, complete=complete, overlay=overlay)
    by_class: dict[type, list[m.Component]] = {}
    for component in components:
        by_class.setdefault(type(component), []).append(component)
    return Rules(
        components,
        digest,
        {c.id: c for c in components},
        {cls: tuple(sorted(members, key=_position)) for cls, members in by_class.items()},
    )


def _needs_full_search(components: Iterable[m.Component]) -> bool:
    """Whether some component says what the lookahead shortcuts do not reason about: a
    condition, or a trigger on an event they do not know."""
    heard, conditional = _listening(components)
    return conditional or not heard <= {e.name for e in EVENTS} - HINTLESS_EVENTS


def _listening(components: Iterable[m.Component]) -> tuple[frozenset[str], bool]:
    """The events the components' triggers listen to, and whether any effect is
    conditional (``if ...``)."""
    heard: set[str] = set()
    conditional = False

    def walk(value: object) -> None:
        nonlocal conditional
        if isinstance(value, m.Trigger):
            heard.add(value.event)
        if isinstance(value, m.If):
            conditional = True
        if isinstance(value, tuple):
            for item in value:
                walk(item)
        elif attrs.has(type(value)) and not isinstance(value, Loc | m.Quantity):
            for field in attrs.fields(type(value)):  # type: ignore[arg-type]
                walk(getattr(value, field.name))

    for component in components:
        walk(component)
    return frozenset(heard), conditional


_Stamp = tuple[str, int, int]
_CACHE: dict[tuple[tuple[str, ...], tuple[str, ...], tuple[_Stamp, ...]], Rules] = {}
_CACHE_SIZE = 8


def _stamps(targets: tuple[str, ...]) -> tuple[_Stamp, ...]:
    """Name, modification time and size of every card file of ``targets`` (folders and
    files): the cache key of :func:`load_rules`, read with one ``stat`` per file (it is
    checked on every call, and ``new_game`` calls it)."""
    stamps: list[_Stamp] = []
    for target in targets:
        try:
            if os.path.isdir(target):
                with os.scandir(target) as entries:
                    found = sorted((e.name, e.stat()) for e in entries
                                   if e.name.endswith(".lsb"))
                stamps += [(os.path.join(target, name), st.st_mtime_ns, st.st_size)
                           for name, st in found]
                continue
            st = os.stat(target)
            stamps.append((target, st.st_mtime_ns, st.st_size))
        except OSError:
            stamps.append((target, -1, -1))  # unreadable: compiling reports it
    return tuple(stamps)


@functools.cache
def _default_target() -> str:
    return str(cards_dir().resolve())


def load_rules(
    *paths: str | Path, overlay: Iterable[str | Path] = (), reload: bool = False
) -> Rules:
    """Load, validate and index a component catalogue.

    With no argument, the catalogue shipped with the package (``cards/``). Otherwise the
    given card files and folders (every ``*.lsb`` inside) together form the catalogue.
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
    targets = tuple(str(Path(p).resolve()) for p in paths) or (_default_target(),)
    extra = tuple(str(Path(p).resolve()) for p in overlay)
    key = (targets, extra, _stamps(targets + extra))
    found = None if reload else _CACHE.get(key)
    if found is None:
        over = _card_files(extra)
        files = _card_files(targets) + over
        found = _build(files, complete=True, overlay=frozenset(str(f) for f in over))
        if len(_CACHE) >= _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]  # the oldest entry
        _CACHE[key] = found
    return found


def check_paths(*paths: str | Path) -> list[Problem]:
    """Every problem in the given card files or folders (empty when they are fine).

    Folders are checked as a complete catalogue (component counts included); single files
    are linted on their own: every component and reference they hold, but no
    catalogue-wide count (one new card in a file of its own is not a wrong count).
    """
    files = _card_files(paths or (cards_dir(),))
    complete = all(Path(p).is_dir() for p in paths) if paths else True
    try:
        _compile(files, complete=complete)
    except (CardSyntaxError, CardValidationError) as err:
        return list(err.problems)
    return []


def counts(components: Iterable[m.Component]) -> Counter[str]:
    """Number of components per card-file kind."""
    return Counter(kind_of(c) for c in components)
