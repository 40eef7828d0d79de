"""A game's catalogue: card files parsed, checked against the game's vocabulary, compiled
and indexed into an immutable :class:`Catalogue` (cached per set of files).

Every game loads its cards through :func:`load`: the syntax is the language's, the words
the game's :class:`~lisboa_core.dsl.vocabulary.Vocabulary`. A game's own catalogue class
subclasses :class:`Catalogue` to add typed views of its components.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

from lisboa_core.core.memo import Memo
from lisboa_core.dsl import nodes
from lisboa_core.dsl.ast import CardFile, Component, Loc
from lisboa_core.dsl.compiler import Compiler
from lisboa_core.dsl.format import format_file
from lisboa_core.dsl.parser import parse_text_all_errors, read_card_file
from lisboa_core.dsl.vocabulary import Vocabulary
from lisboa_core.errors import CardSyntaxError, CardValidationError, Problem

__all__ = ["Catalogue", "card_files", "check_paths", "compile_files", "load"]

T = TypeVar("T")
C = TypeVar("C", bound="Catalogue")


def _listening(components: Iterable[Any]) -> tuple[frozenset[str], bool]:
    """The events the components' triggers listen to, and whether any effect is
    conditional (``if ...``)."""
    heard: set[str] = set()
    conditional = False

    def walk(value: object) -> None:
        nonlocal conditional
        if isinstance(value, nodes.Trigger):
            heard.add(value.event)
        if isinstance(value, nodes.If):
            conditional = True
        if isinstance(value, tuple):
            for item in value:
                walk(item)
        elif attrs.has(type(value)) and not isinstance(value, Loc | nodes.Quantity):
            for field in attrs.fields(type(value)):  # type: ignore[arg-type]
                walk(getattr(value, field.name))

    for component in components:
        walk(component)
    return frozenset(heard), conditional


@attrs.frozen(slots=True)
class Catalogue:
    """A complete, validated catalogue of one game's components.

    Components are looked up by id (``rules["C99"]``) or by kind (``rules.of_kind(...)``);
    ``digest`` identifies the catalogue's content (saves and records store it).
    """

    components: tuple[Any, ...]
    digest: str
    by_id: dict[str, Any] = attrs.field(eq=False, repr=False)
    by_class: dict[type, tuple[Any, ...]] = attrs.field(eq=False, repr=False)
    vocabulary: Vocabulary = attrs.field(eq=False, repr=False)
    """The game's words the catalogue was read with."""
    heard: frozenset[str] = attrs.field(
        default=attrs.Factory(lambda self: _listening(self.components)[0], takes_self=True),
        eq=False, repr=False,
    )
    """Every event some component's trigger listens to (worked out from the components)."""
    full_search: bool = attrs.field(
        default=attrs.Factory(lambda self: self._needs_full_search(), takes_self=True),
        eq=False, repr=False,
    )
    """Whether the engine's lookahead shortcuts are off for this catalogue: some card uses
    a word they do not reason about (a condition, or a trigger on one of the vocabulary's
    ``hintless_events`` or on an event registered from user code), so every decision is
    judged by the full search, slower but always right."""
    overlay_notes: tuple[Problem, ...] = attrs.field(default=(), eq=False, repr=False)
    """What the overlay files did to the catalogue they were laid over, each at its
    component's place: ``code`` ``replaces`` (a component of the same id and kind), ``adds``
    (a new id) or ``warning`` (a new id that takes its kind beyond the game's count).
    Empty without an overlay. ``lisboa cards check --overlay`` prints them."""

    def _needs_full_search(self) -> bool:
        heard, conditional = _listening(self.components)
        known = {e.name for e in self.vocabulary.events} - self.vocabulary.hintless_events
        return conditional or not heard <= known

    def __getitem__(self, component_id: str) -> Any:
        return self.by_id[component_id]

    def __contains__(self, component_id: object) -> bool:
        return component_id in self.by_id

    def __iter__(self) -> Iterator[Any]:
        return iter(self.components)

    def __len__(self) -> int:
        return len(self.components)

    def get(self, component_id: str) -> Any | None:
        """The component with this id, or ``None``."""
        return self.by_id.get(component_id)

    def typed(self, component_id: str, cls: type[T]) -> T:
        """The component with this id, checked to be of class ``cls``."""
        component = self.by_id[component_id]
        if not isinstance(component, cls):
            raise TypeError(f"{component_id} is a {type(component).__name__}, not {cls.__name__}")
        return component

    def kind_of(self, component: Any) -> str:
        """The keyword a component is written with in card files (``building``)."""
        for kind, schema in self.vocabulary.kinds.items():
            if type(component) is schema.cls:
                return kind
        raise KeyError(type(component).__name__)

    def json_kind(self, component: Any) -> str:
        """The kind name used in listings and JSON (``public_building`` ...)."""
        return str(self.vocabulary.kinds[self.kind_of(component)].json_kind)

    def of_kind(self, kind: str) -> tuple[Any, ...]:
        """All components of a kind, by card-file keyword or JSON name."""
        schema = self.vocabulary.kinds.get(kind)
        if schema is None:
            schema = next((s for s in self.vocabulary.kinds.values() if s.json_kind == kind), None)
        return () if schema is None else self.by_class.get(schema.cls, ())

    def _typed(self, cls: type[T]) -> tuple[T, ...]:
        return self.by_class.get(cls, ())


def card_files(paths: Iterable[str | Path]) -> list[Path]:
    """The card files of ``paths``: files as given, folders as their ``*.lsb`` files,
    sorted by name."""
    files: list[Path] = []
    for p in paths:
        path = Path(p)
        files.extend(sorted(path.glob("*.lsb")) if path.is_dir() else [path])
    return files


def compile_files(
    vocabulary: Vocabulary,
    files: Sequence[Path],
    *,
    complete: bool,
    overlay: frozenset[str] = frozenset(),
    notes: list[Problem] | None = None,
) -> tuple[tuple[Any, ...], str]:
    """Parse and check ``files``; raise with every problem found, or return the components
    and the catalogue's digest. Components of the ``overlay`` files replace the components
    of the same id and kind from the other files (in their place) or are added; the counts
    are then checked only for the vocabulary's structural kinds. An overlay component
    whose id is taken by a component of another kind is an error (``LB120``): an overlay
    never changes a catalogue silently. ``notes`` (when given) receives what the overlay
    did, located at each overlay component: code ``replaces``, ``adds`` or ``warning`` (an
    addition that takes its kind beyond the game's count)."""
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
    compiler = Compiler(sources, vocabulary)
    components: list[Any] = []
    syntax: list[Component] = []
    first_seen: dict[str, Loc] = {}
    replaceable: dict[str, int] = {}  # base ids an overlay may replace: their place
    changes: list[tuple[str, Component, Component | None]] = []  # what the overlay did
    for card_file in parsed:
        overriding = card_file.path in overlay
        for comp in card_file.components:
            built = None
            if overriding and comp.id in replaceable:
                old = syntax[replaceable[comp.id]]
                if old.kind != comp.kind:
                    compiler.report(
                        comp.loc, "LB120",
                        f"{comp.kind} {comp.id}: the id of {old.kind} {comp.id} (defined at "
                        f"{old.loc}); an overlay component replaces only one of its own "
                        f"kind: give the new {comp.kind} an id of its own or a "
                        f"{comp.kind}'s id",
                    )
                    continue
                place = replaceable.pop(comp.id)
                changes.append(("replaces", comp, old))
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
            if overriding:
                changes.append(("adds", comp, None))
            else:
                replaceable[comp.id] = len(syntax)
            syntax.append(comp)
            built = compiler.component(comp)
            if built is not None:
                components.append(built)
    if vocabulary.check is not None:
        # After a syntax error the catalogue is short of the components the bad text held:
        # counting them would only add follow-on noise.
        vocabulary.check(
            compiler, syntax, components, complete=complete and not problems and not overlay,
            counted=vocabulary.structural if complete and not problems else frozenset(),
        )
    problems.extend(compiler.problems)
    problems.sort(key=lambda p: (p.file, p.line, p.column))
    if notes is not None:
        notes.extend(_overlay_notes(vocabulary, syntax, changes, sources))
    if problems:
        syntax_only = all(p.code == "LB001" for p in problems)
        raise (CardSyntaxError if syntax_only else CardValidationError)(problems)
    canonical = "\n".join(format_file(f) for f in parsed if f.path not in overlay)
    if overlay:  # a catalogue with an overlay is another catalogue: it has its own digest
        canonical += "\n# overlay\n" + "\n".join(
            format_file(f) for f in parsed if f.path in overlay)
    if vocabulary.digest_names_game:
        canonical = f"# game {vocabulary.game}\n" + canonical
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:16]
    return tuple(components), digest


def _overlay_notes(
    vocabulary: Vocabulary,
    syntax: Sequence[Component],
    changes: Sequence[tuple[str, Component, Component | None]],
    sources: dict[str, list[str]],
) -> list[Problem]:
    """What the overlay replaced and added, each at the overlay component's place."""
    found: dict[str, int] = {}
    for written in syntax:
        found[written.kind] = found.get(written.kind, 0) + 1
    notes = []
    for what, comp, old in changes:
        if old is not None:
            message = f"{old.kind} {old.id} (defined at {old.loc})"
        else:
            message = f"{comp.kind} {comp.id}"
            expected = vocabulary.counts.get(comp.kind)
            if expected is not None and found.get(comp.kind, 0) > expected:
                what = "warning"
                message = (f"adds {comp.kind} {comp.id} beyond the game's count: "
                           f"{found[comp.kind]} {comp.kind} components where the game has "
                           f"{expected} (to change one of them, give its id)")
        lines = sources.get(comp.loc.file, [])
        line = lines[comp.loc.line - 1] if 0 < comp.loc.line <= len(lines) else ""
        notes.append(Problem(comp.loc.file, comp.loc.line, comp.loc.column, what, message,
                             line))
    return notes


def _build(
    vocabulary: Vocabulary,
    factory: Callable[..., C],
    files: list[Path],
    complete: bool,
    overlay: frozenset[str] = frozenset(),
) -> C:
    notes: list[Problem] = []
    components, digest = compile_files(vocabulary, files, complete=complete, overlay=overlay,
                                       notes=notes)
    by_class: dict[type, list[Any]] = {}
    for component in components:
        by_class.setdefault(type(component), []).append(component)
    return factory(
        components,
        digest,
        {c.id: c for c in components},
        # a kind with a position (Lisboa's nobles) is kept in that order, others in file order
        {cls: tuple(sorted(members, key=lambda c: getattr(c, "position", 0)))
         for cls, members in by_class.items()},
        vocabulary,
        overlay_notes=tuple(notes),
    )


_Stamp = tuple[str, int, int]
# Loaded catalogues by content; the oldest goes first.
_CACHE: Memo[tuple[str, tuple[str, ...], tuple[str, ...], tuple[_Stamp, ...]], Any] = Memo(
    "dsl.catalogue._CACHE", 8, evict=1
)


def _stamps(targets: tuple[str, ...]) -> tuple[_Stamp, ...]:
    """Name, modification time and size of every card file of ``targets`` (folders and
    files): the cache key of :func:`load`, read with one ``stat`` per file (it is checked
    on every call, and ``new_game`` calls it)."""
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


def load(
    vocabulary: Vocabulary,
    factory: Callable[..., C],
    default: str,
    paths: Sequence[str | Path] = (),
    *,
    overlay: Iterable[str | Path] = (),
    reload: bool = False,
) -> C:
    """Load, validate and index a catalogue of ``vocabulary``'s game, built by ``factory``
    (the game's :class:`Catalogue` subclass): the card files and folders of ``paths``, or the
    ``default`` folder. Cached per set of files and their modification times and sizes
    (``reload=True`` reads them again). ``overlay`` files replace or add components by id.

    Raises :class:`~lisboa_core.errors.CardSyntaxError` or
    :class:`~lisboa_core.errors.CardValidationError` listing every problem.
    """
    targets = tuple(str(Path(p).resolve()) for p in paths) or (default,)
    extra = tuple(str(Path(p).resolve()) for p in overlay)
    key = (vocabulary.game, targets, extra, _stamps(targets + extra))
    found = None if reload else _CACHE.get(key)
    if found is None:
        over = card_files(extra)
        files = card_files(targets) + over
        found = _build(vocabulary, factory, files, complete=True,
                       overlay=frozenset(str(f) for f in over))
        _CACHE.put(key, found)
    return found


def clear_cache() -> None:
    """Forget every loaded catalogue (the next load reads the files again)."""
    _CACHE.clear()


def check_paths(vocabulary: Vocabulary, default: str, *paths: str | Path) -> list[Problem]:
    """Every problem in the given card files or folders (empty when they are fine).

    Folders are checked as a complete catalogue (component counts included); single files
    are linted on their own: every component and reference they hold, but no
    catalogue-wide count (one new card in a file of its own is not a wrong count).
    """
    files = card_files(paths or (default,))
    complete = all(Path(p).is_dir() for p in paths) if paths else True
    try:
        compile_files(vocabulary, files, complete=complete)
    except (CardSyntaxError, CardValidationError) as err:
        return list(err.problems)
    return []
