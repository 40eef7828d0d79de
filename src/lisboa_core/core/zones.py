"""Zones declared once: where a game's pieces may lie, what its values may be, which totals
it conserves, and the checks derived from that one declaration.

A game declares a :class:`Zones`: the catalogue's *domains* for a player count (the ids of
each kind of piece, the named lengths, the named number ranges), a
:class:`~lisboa_core.core.specs.Spec` per state and player field, the seat orders, the
*places* where pieces lie (supply, decks, displays, per-seat zones, ships, a decision
holding a piece on its way...), how many copies of each piece the game has, and the
*totals* that never change (colonists, goods, pillars...). From it come:

* :func:`check_declared`, the save and view checker: every value in its domain (an id of
  the right kind, a seat in range, a count not negative), every length right, the seats
  of a turn order unique, every piece where its kind may lie and in as many places as it
  has copies, every conserved total exact. It raises
  :class:`~lisboa_core.persistence.codec.Invalid` naming the first wrong field
  (``players[2].goods: expected 5 items, got 6``); the game's codec turns it into a
  :class:`~lisboa_core.errors.StateFormatError`;
* :func:`conservation_problems`, the conservation invariants in words (the game's
  ``check_invariants`` includes them).

Nothing here names a game: the declaration says everything.

Example::

    from lisboa_core import new_game
    from lisboa_core.core.zones import check_declared, conservation_problems
    from lisboa_core.games import game

    state = new_game(players=4, seed=1, game="puerto-rico")
    zones = game("puerto-rico").zones()
    rules = game("puerto-rico").load_rules()
    check_declared(zones, state, rules)  # a real state: nothing to say
    assert conservation_problems(zones, state, rules) == []
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs
from mypy_extensions import mypyc_attr

from lisboa_core.core.specs import Fixed, Many, Opt, Spec
from lisboa_core.persistence.codec import Invalid

__all__ = [
    "Domains",
    "Place",
    "Total",
    "ValueChecker",
    "Zones",
    "check_declared",
    "check_places",
    "check_values",
    "conservation_problems",
    "held",
]

Accepts = Callable[[Any], bool]


@attrs.frozen
class Domains:
    """What values mean for one catalogue and player count.

    :param ids: per kind of id (``"role"``, ``"ship"``), every id of that kind.
    :param sizes: per named length (``"goods"``, ``"seats"``), the number of items.
    :param ranges: per named number domain, its lowest and highest value (``None``: no
        highest). ``"nat"`` (0 or more), ``"int"`` (any) and ``"seat"`` (0 to the player
        count less one) are known without being given.

    Example::

        from lisboa_core.core.zones import Domains

        domains = Domains(ids={"role": frozenset({"R1", "R2"})}, sizes={"goods": 5})
        assert domains.ids["role"] == {"R1", "R2"}
    """

    ids: Mapping[str, frozenset[str]] = attrs.field(factory=dict)
    sizes: Mapping[str, int] = attrs.field(factory=dict)
    ranges: Mapping[str, tuple[int, int | None]] = attrs.field(factory=dict)


@attrs.frozen
class Place:
    """One place that holds pieces: its path, its items, what it may hold (a kind of id of
    the domains, or a predicate on the piece), and what it holds in words for a message. A
    ``single`` place is one item whose path is the place's own (a display space).

    Example::

        from lisboa_core.core.zones import Place

        place = Place("face_up", ("T1",), "tile", "tiles")
        assert place.items == ("T1",)
    """

    path: str
    items: tuple[Any, ...]
    accepts: str | Accepts
    holds: str
    single: bool = False


@attrs.frozen
class Total:
    """A conserved total: the number found (added up over the ``parts``, each a path and
    a count) must be ``expected``; ``what`` names it for a message.

    Example::

        from lisboa_core.core.zones import Total

        total = Total("colonists", (("colonist_supply", 70), ("colonist_ship", 5)), 75)
        assert total.found == total.expected
    """

    what: str
    parts: tuple[tuple[str, int], ...]
    expected: int
    balance: Callable[[Any, int], Any] | None = attrs.field(default=None, eq=False)
    """How a scenario balances it: ``balance(state, missing)`` is ``state`` with ``missing``
    more in the supply the total draws on (fewer when negative), or ``None``
    (:func:`lisboa_core.games.scenarios.balanced`)."""

    @property
    def found(self) -> int:
        """The parts added up."""
        return sum(n for _, n in self.parts)


def held(state: Any, stack: Any, accepts: str | Accepts, holds: str) -> Iterable[Place]:
    """The places that pending decisions are: one per frame of ``state.pending`` whose
    handler says which pieces it holds on their way somewhere (``holds`` of
    :meth:`DecisionStack.register <lisboa_core.core.stack.DecisionStack.register>`).

    :param stack: the game's decision stack.
    :param accepts: what such a frame may hold (a kind of id, or a predicate).
    :param holds: that in words.
    """
    for i, frame in enumerate(state.pending):
        pieces = stack.handler(frame.kind).holds
        if pieces is not None:
            yield Place(f"pending[{i}]", tuple(pieces(frame)), accepts, holds)


def _no_places(_state: Any, _rules: Any) -> Iterable[Place]:
    return ()


def _no_copies(_rules: Any, _players: int) -> Mapping[str, tuple[int, int]]:
    return {}


def _no_totals(_state: Any, _rules: Any) -> Iterable[Total]:
    return ()


def _plain(_rules: Any, piece: str) -> str:
    return "a piece"


def _removed(_rules: Any, _piece: str) -> str:
    return ""


@attrs.frozen
class Zones:
    """A game's zone declaration (see the module docstring).

    :param domains: the :class:`Domains` of a catalogue and a player count.
    :param fields: the :class:`~lisboa_core.core.specs.Spec` of each state field checked
        (a field not listed: its type only), or a function of the catalogue giving them.
    :param player_fields: the spec of each field of a seat's record (or a function of the
        catalogue giving them).
    :param places: every :class:`Place` of a state that holds pieces.
    :param copies: per piece id, the fewest and the most places it may be in at once (a
        piece absent from the mapping may not be anywhere).
    :param totals: every conserved :class:`Total` of a state.
    :param orders: the fields holding seats in turn order: each seat exactly once.
    :param frame_seats: the seats a pending frame may name besides the players' (the
        game's automatic and chance steps).
    :param describe: what a piece is, for a message (``a red manuel card``).
    :param home: the path a missing piece is reported at (default: the state).
    :param nowhere: what the message about a missing piece adds (where a piece that left
        the game goes).

    Example::

        from lisboa_core.games import game

        zones = game("tiletum").zones()
        assert "order" in zones.orders
    """

    domains: Callable[[Any, int], Domains]
    # Any: a mapping or a function of the catalogue (a union with a default does not
    # compile with mypyc).
    fields: Any = attrs.field(factory=dict)
    player_fields: Any = attrs.field(factory=dict)
    places: Callable[[Any, Any], Iterable[Place]] = _no_places
    copies: Callable[[Any, int], Mapping[str, tuple[int, int]]] = _no_copies
    totals: Callable[[Any, Any], Iterable[Total]] = _no_totals
    orders: tuple[str, ...] = ()
    frame_seats: tuple[int, ...] = ()
    describe: Callable[[Any, str], str] = _plain
    home: Callable[[Any, str], str] = _removed
    nowhere: str = ""


# --- values ----------------------------------------------------------------------------------


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@mypyc_attr(allow_interpreted_subclasses=True)  # Lisboa's checker refines it
class ValueChecker:
    """Checks values against :class:`~lisboa_core.core.specs.Spec` under one game's domains
    and player count (a game with domains of its own subclasses it and refines
    :meth:`scalar`).

    Example::

        from lisboa_core.core.specs import Many
        from lisboa_core.core.zones import Domains, ValueChecker

        checker = ValueChecker(Domains(sizes={"goods": 2}), players=3)
        checker.check((0, 4), Many("nat", "goods"), "goods")  # fine
        checker.check(2, "seat", "governor")  # fine
    """

    def __init__(self, domains: Domains, players: int) -> None:
        self.domains = domains
        self.players = players

    def check(self, value: Any, spec: Spec, where: str) -> None:
        """Raise :class:`~lisboa_core.persistence.codec.Invalid` at the first part of
        ``value`` (found at ``where``) that ``spec`` rules out."""
        if isinstance(spec, Opt):
            if value is not None:
                self.check(value, spec.item, where)
            return
        if isinstance(spec, Many | Fixed):
            if not isinstance(value, tuple):
                raise Invalid(f"expected a list, got {_show(value)}", where)
            if isinstance(spec, Fixed):
                want: int | None = len(spec.items)
                items: tuple[Spec, ...] = spec.items
            else:
                want = self.size(spec.size) if spec.size else None
                items = (spec.item,) * len(value)
            if want is not None and len(value) != want:
                raise Invalid(f"expected {want} items, got {len(value)}", where)
            for i, (item, item_spec) in enumerate(zip(value, items, strict=True)):
                self.check(item, item_spec, f"{where}[{i}]")
            return
        problem = self.scalar(value, spec)
        if problem:
            raise Invalid(problem, where)

    def size(self, name: str) -> int:
        """The length a named size gives (``"seats"``: the player count)."""
        if name == "seats":
            return self.players
        return self.domains.sizes[name]

    def scalar(self, value: Any, spec: str) -> str | None:
        """What is wrong with ``value`` for the domain ``spec`` (``None``: nothing)."""
        if spec == "any":
            return None
        if spec == "text":
            return None if isinstance(value, str) else f"expected a string, got {_show(value)}"
        if spec == "seat":
            if type(value) is int and 0 <= value < self.players:
                return None
            return f"seat {_show(value)} out of range (0 to {self.players - 1})"
        span = {"nat": (0, None), "int": (None, None)}.get(spec) or self.domains.ranges.get(spec)
        if span is not None:
            low, high = span
            if type(value) is int and (low is None or value >= low) and (
                    high is None or value <= high):
                return None
            if low is None:
                return f"expected a number, got {_show(value)}"
            text = f"{low} or more" if high is None else f"{low} to {high}"
            return f"expected a number {text}, got {_show(value)}"
        members = self.domains.ids[spec]
        if isinstance(value, str) and value in members:
            return None
        if not members:
            return f"expected nothing here, got {_show(value)}"
        return f"unknown {spec.replace('_', ' ')} {_show(value)}"


def _specs(given: Mapping[str, Spec] | Callable[[Any], Mapping[str, Spec]],
           rules: Any) -> Mapping[str, Spec]:
    return given(rules) if callable(given) else given


def check_values(zones: Zones, state: Any, rules: Any) -> None:
    """Raise :class:`~lisboa_core.persistence.codec.Invalid` at the first value of
    ``state`` outside its declared domain or length, a pending frame's seat out of range,
    or a turn order naming a seat twice (or missing one).

    :param zones: the game's declaration.
    :param state: a state whose types were checked (the strict codec).
    :param rules: its catalogue.
    """
    players = len(state.players)
    try:
        domains = zones.domains(rules, players)
    except (KeyError, ValueError, IndexError):
        raise Invalid(f"the catalogue has no game of {players} players", "players") from None
    values = ValueChecker(domains, players)
    for seat, player in enumerate(state.players):
        for name, spec in _specs(zones.player_fields, rules).items():
            values.check(getattr(player, name), spec, f"players[{seat}].{name}")
    for name, spec in _specs(zones.fields, rules).items():
        values.check(getattr(state, name), spec, name)
    values.check(state.rng.counter, "nat", "rng.counter")
    allowed = set(range(players)) | set(zones.frame_seats)
    for i, frame in enumerate(state.pending):
        if frame.seat not in allowed:
            raise Invalid(f"seat {_show(frame.seat)} out of range (0 to {players - 1})",
                          f"pending[{i}].seat")
    for name in zones.orders:
        order = getattr(state, name)
        for i, seat in enumerate(order):
            if seat in order[:i]:
                raise Invalid(f"seat {seat} is twice in the turn order", f"{name}[{i}]")
        if sorted(order) != list(range(players)):
            raise Invalid(f"expected each of the {players} seats once, got {list(order)}", name)


# --- pieces and totals -----------------------------------------------------------------------


def _item_path(state: Any, place: Place, index: int) -> str:
    """The path of ``place.items[index]``; a decision's pieces are found in its data."""
    if place.single:
        return place.path
    if place.path.startswith("pending["):
        frame = state.pending[int(place.path[8:-1])]
        found = _find(frame.data, place.items[index], "")
        return f"{place.path}.data{found}" if found is not None else place.path
    return f"{place.path}[{index}]"


def _find(value: Any, piece: str, path: str) -> str | None:
    if value == piece:
        return path
    if isinstance(value, tuple):
        for i, item in enumerate(value):
            found = _find(item, piece, f"{path}[{i}]")
            if found is not None:
                return found
    return None


def check_places(zones: Zones, state: Any, rules: Any) -> None:
    """Raise :class:`~lisboa_core.persistence.codec.Invalid` at the first piece of
    ``state`` that lies where its kind may not, in more places than it has copies, or in
    fewer than the game keeps of it (a piece that never leaves the game is somewhere).

    :param zones: the game's declaration.
    :param state: a state whose values are in their domains (:func:`check_values`).
    :param rules: its catalogue.
    """
    domains = zones.domains(rules, len(state.players))
    copies = zones.copies(rules, len(state.players))
    seen: dict[str, list[tuple[Place, int]]] = {}
    for place in zones.places(state, rules):
        accepts = place.accepts
        members = domains.ids[accepts] if isinstance(accepts, str) else None
        for index, piece in enumerate(place.items):
            if piece is None or piece == "":
                continue
            if not (piece in members if members is not None else accepts(piece)):  # type: ignore[operator]
                raise Invalid(
                    f"{piece} is {zones.describe(rules, piece)}; this place holds {place.holds}",
                    _item_path(state, place, index),
                )
            where = seen.setdefault(piece, [])
            most = copies.get(piece, (0, 0))[1]
            if len(where) >= most:
                if most == 1:
                    message = f"{piece} is also at {_item_path(state, *where[0])}"
                else:
                    message = (f"{piece}: one more than the {most} the game has (also at "
                               f"{_item_path(state, *where[0])})")
                raise Invalid(message, _item_path(state, place, index))
            where.append((place, index))
    for piece, (least, _most) in copies.items():
        if len(seen.get(piece, ())) < least:
            home = zones.home(rules, piece)
            found = len(seen.get(piece, ()))
            if least == 1:
                message = (f"{piece} ({zones.describe(rules, piece)}) is nowhere; every piece "
                           "is somewhere" + (f", {zones.nowhere}" if zones.nowhere else ""))
            else:
                message = f"{piece}: {found} in play, but the game keeps {least}"
            raise Invalid(message, home or "state")


def _total_problem(total: Total) -> Invalid | None:
    if total.found == total.expected:
        return None
    where = total.parts[0][0] if total.parts else ""
    return Invalid(f"{total.what}: {total.found} in all, but the game has {total.expected}",
                   where)


def check_declared(zones: Zones, state: Any, rules: Any) -> None:
    """Every check the declaration gives, in order: values (:func:`check_values`), pieces
    (:func:`check_places`), conserved totals.

    :raises Invalid: naming the first wrong field.
    """
    check_values(zones, state, rules)
    check_places(zones, state, rules)
    for total in zones.totals(state, rules):
        problem = _total_problem(total)
        if problem is not None:
            raise problem


def conservation_problems(zones: Zones, state: Any, rules: Any) -> list[str]:
    """The conservation invariants ``state`` breaks, in words (empty: none): each piece in
    as many places as the game has copies of it, each conserved total exact.

    :param zones: the game's declaration.
    :param state: a state reached by play (or loaded and checked).
    :param rules: its catalogue.
    """
    problems = []
    try:
        check_places(zones, state, rules)
    except Invalid as err:
        problems.append(str(err))
    for total in zones.totals(state, rules):
        problem = _total_problem(total)
        if problem is not None:
            problems.append(str(problem))
    return problems

