"""The one observation builder every game's encoder is written with (extra ``[rl]``).

A game lays out its vector once per catalogue and player count with a
:class:`LayoutBuilder`: blocks of the board (:meth:`LayoutBuilder.add`), then one block per
seat, the seat that looks first (:meth:`LayoutBuilder.seat`), each stretch a
:class:`Segment` with its name, the view field it encodes, its length and meaning (the docs
pages list them). The value helpers cover what the games need: :func:`number`,
:func:`numbers`, :func:`one_hot`, :func:`multi_hot`, :func:`counts` and
:func:`relative_seat` (seats seen from the seat that looks, so one policy plays every seat).

:meth:`Layout.encode` writes the vector into a preallocated float32 buffer (a row of a
batch, for the vector environments): writers only name the places that are not zero, which
numpy then sets in a few vectorised writes; a board segment is reused while the state
fields it reads hold the same objects, and a seat's block while that seat's player object
is unchanged (states are immutable, so the same object means the same values). Writers
read a state through what the seat that looks may see: applied to a whole state and a seat
they give the same vector as to that seat's view (each game's tests check it on random
positions), so an environment can skip building the view.

Example::

    import numpy as np
    from lisboa_core.envs.builder import LayoutBuilder, number, one_hot

    builder = LayoutBuilder(players=2)
    builder.add("turn", "state.turn", 1, "turns played", number(lambda s, v: s["turn"]))
    builder.add("colour", "state.colour", 3, "one-hot colour",
                one_hot(lambda s, v: s["colour"], {"red": 0, "green": 1, "blue": 2}))
    layout = builder.build()
    vector = layout.encode({"turn": 4, "colour": "blue"}, 0)
    assert vector.tolist() == [4.0, 0.0, 0.0, 1.0]
"""

from __future__ import annotations

import copy
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

__all__ = [
    "Dense",
    "Layout",
    "LayoutBuilder",
    "SeatWriter",
    "Segment",
    "Writer",
    "counts",
    "multi_hot",
    "number",
    "numbers",
    "one_hot",
    "relative_seat",
    "seat_one_hot",
]

Writer = Callable[[Any, Any, list[int], list[int], list[float], int], None]
"""``write(state, viewer, ones, at, values, base)``: appends to ``ones`` the indices (from
``base``, the segment's first index) whose value is 1, and to ``at``/``values`` the other
non-zero values. In a seat block the first argument is the seat's player object and the
second is True for the seat that looks."""

SeatWriter = Callable[[Any, int, int, list[int], list[int], list[float], int], None]
"""``write(state, seat, viewer, ones, at, values, base)``: a seat block's segment that reads
more than the seat's player object (see :meth:`LayoutBuilder.seat`)."""

Read = Callable[..., Any]
"""``read(state, viewer)``: the value a helper encodes."""

_CACHE_LIMIT = 4096  # seat blocks kept for reuse; the cache restarts when it is full


@attrs.frozen
class Segment:
    """One stretch of the vector."""

    name: str
    """Where it lies, e.g. ``players[1].goods`` (relative seat 1: the next seat)."""
    source: str
    """The view field it encodes (``state.prices``, ``players[].goods``)."""
    offset: int
    """Index of its first value."""
    size: int
    """How many values."""
    meaning: str
    """What the values are."""


def relative_seat(seat: int, viewer: int, players: int) -> int:
    """``seat`` as seen from ``viewer``: 0 is the viewer, 1 the next seat clockwise..."""
    return (seat - viewer) % players


@attrs.frozen
class Dense:
    """A segment whose every value is read at once: ``read(state, viewer)`` returns the
    segment's values in order (exactly its size; one value when ``single``). Made by
    :func:`number` and :func:`numbers`; the layout gathers every dense segment's values
    into one list and writes them with one vectorised assignment."""

    read: Read
    """Returns the values (or the value)."""
    single: bool = False
    """The segment is one value."""


def number(read: Read) -> Dense:
    """One value: ``read(state, viewer)`` (a count, a flag)."""
    return Dense(read, single=True)


def numbers(read: Read) -> Dense:
    """Consecutive values: ``read(state, viewer)``, exactly as many as the segment is long
    (a layout checks the count when it writes)."""
    return Dense(read)


def one_hot(read: Read, index: Mapping[Any, int]) -> Writer:
    """One-hot: 1 at ``index[read(state, viewer)]``; nothing for a value outside ``index``
    (an empty place, a hidden piece)."""
    get = index.get

    def write(s: Any, v: int, ones: list[int], at: list[int], values: list[float],
              base: int) -> None:
        i = get(read(s, v))
        if i is not None:
            ones.append(base + i)

    return write


def multi_hot(read: Read, index: Mapping[Any, int]) -> Writer:
    """Multi-hot: 1 at ``index[item]`` for each item of ``read(state, viewer)`` that
    ``index`` holds (a set of cards, a hand)."""
    get = index.get

    def write(s: Any, v: int, ones: list[int], at: list[int], values: list[float],
              base: int) -> None:
        for item in read(s, v):
            i = get(item)
            if i is not None:
                ones.append(base + i)

    return write


def counts(read: Read, index: Mapping[Any, int]) -> Writer:
    """How many of each item ``read(state, viewer)`` holds, at ``index[item]``."""
    get = index.get

    def write(s: Any, v: int, ones: list[int], at: list[int], values: list[float],
              base: int) -> None:
        found: Counter[Any] = Counter(read(s, v))
        for item, n in found.items():
            i = get(item)
            if i is not None:
                at.append(base + i)
                values.append(n)

    return write


def seat_one_hot(read: Read, players: int, nobody: bool = False) -> Writer:
    """One-hot relative seat (:func:`relative_seat`) of ``read(state, viewer)``; a seat of
    None or below 0 (nobody, a chance step) sets the extra last place when ``nobody`` (the
    segment is then ``players + 1`` long) and nothing otherwise."""

    def write(s: Any, v: int, ones: list[int], at: list[int], values: list[float],
              base: int) -> None:
        seat = read(s, v)
        if seat is None or seat < 0:
            if nobody:
                ones.append(base + players)
        else:
            ones.append(base + (seat - v) % players)

    return write


def _write_board(parts: Iterable[tuple[Any, int, int]], state: Any, viewer: int,
                 ones: list[int], at: list[int], values: list[float]) -> None:
    """Board segments, dense ones written as sparse values (their count checked)."""
    for write, base, size in parts:
        if isinstance(write, Dense):
            if write.single:
                x = write.read(state, viewer)
                if x:
                    at.append(base)
                    values.append(x)
                continue
            found = write.read(state, viewer)
            if len(found) != size:
                raise ValueError(f"{len(found)} values for a segment of {size}: the state "
                                 "does not fit this layout")
            for i, x in enumerate(found):
                if x:
                    at.append(base + i)
                    values.append(x)
        else:
            write(state, viewer, ones, at, values, base)


class LayoutBuilder:
    """Lays out a vector segment by segment; :meth:`build` freezes it into a
    :class:`Layout`.

    :param players: the player count (the number of seat blocks).
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self._board: list[tuple[Segment, Any, tuple[str, ...]]] = []
        self._seat: list[tuple[str, str, int, str, Any, bool]] = []

    def add(self, name: str, source: str, size: int, meaning: str, write: Writer | Dense,
            *, reads: tuple[str, ...] | None = None) -> None:
        """A board segment of ``size`` values, written by ``write(state, viewer, ...)``.

        ``reads`` names the state fields the writer reads (default: the one field of a
        ``source`` written ``state.<field>``; an empty tuple: none known). While those
        fields hold the same objects for the same viewer, the segment's last values are
        reused instead of written again (states are immutable: the same object means the
        same values). A writer that reads any other field of the state must name them all.
        """
        if reads is None:
            field = source[len("state."):] if source.startswith("state.") else ""
            reads = (field,) if field.isidentifier() else ()
        offset = sum(seg.size for seg, _, _ in self._board)
        self._board.append((Segment(name, source, offset, size, meaning), write, reads))

    def seat(self, name: str, source: str, size: int, meaning: str,
             write: Writer | SeatWriter | Dense, *, stateful: bool = False) -> None:
        """A segment of every seat's block, named ``players[r].<name>`` for relative seat
        ``r``. ``write(player, me, ...)`` reads the seat's player object (``me``: it is the
        seat that looks) and is reused while that object is unchanged; with ``stateful``
        it is a :data:`SeatWriter`, ``write(state, seat, viewer, ...)`` (it reads the rest
        of the state), and runs every time."""
        self._seat.append((name, source, size, meaning, write, stateful))

    def build(self) -> Layout:
        """The frozen layout: the board segments, then one block per seat."""
        segments = [seg for seg, _, _ in self._board]
        start = sum(seg.size for seg in segments)
        block = sum(size for _, _, size, _, _, _ in self._seat)
        for r in range(self.players):
            offset = start + r * block
            for name, source, size, meaning, _, _ in self._seat:
                segments.append(Segment(f"players[{r}].{name}", source, offset, size, meaning))
                offset += size
        return Layout(tuple(segments), start + self.players * block, self.players,
                      self._board, self._seat, start, block)


class Layout:
    """A frozen vector layout: its :attr:`segments` and :attr:`size`, and
    :meth:`encode`."""

    def __init__(self, segments: tuple[Segment, ...], size: int, players: int,
                 board: Iterable[tuple[Segment, Any, tuple[str, ...]]],
                 seat: Iterable[tuple[str, str, int, str, Any, bool]],
                 seats_start: int, block: int) -> None:
        self.segments = segments
        """The segments, in vector order."""
        self.size = size
        """The vector's length."""
        self._players = players
        board = list(board)
        seat = list(seat)
        dense_at: list[int] = []
        groups: dict[tuple[str, ...], list[tuple[Any, int, int]]] = {}
        for seg, write, reads in board:
            groups.setdefault(reads, []).append((write, seg.offset, seg.size))
        self._always = tuple(groups.pop((), ()))
        self._groups = tuple((fields, tuple(parts)) for fields, parts in groups.items())
        self._kept: dict[int, list[tuple[Any, list[int], list[float]] | None]] = {}
        plain: list[tuple[Writer, int]] = []
        plain_dense: list[tuple[Read, bool]] = []
        dense_offsets: list[int] = []
        stateful: list[tuple[SeatWriter, int]] = []
        offset = 0
        for _, _, size_, _, write, uses_state in seat:
            if isinstance(write, Dense):
                plain_dense.append((write.read, write.single))
                dense_offsets += range(offset, offset + size_)
            else:
                (stateful if uses_state else plain).append((write, offset))
            offset += size_
        for r in range(players):
            dense_at += (seats_start + r * block + k for k in dense_offsets)
        self._plain = tuple(plain)
        self._plain_dense = tuple(plain_dense)
        self._stateful = tuple(stateful)
        self._seats_start = seats_start
        self._block = block
        self._dense_at = np.array(dense_at, dtype=np.intp)
        self._cache: dict[tuple[int, int], tuple[Any, list[int], list[int], list[float],
                                                 list[Any]]] = {}

    def fresh(self) -> Layout:
        """The same layout with nothing remembered (every segment written anew on its next
        :meth:`encode`): what the reused values are checked against."""
        twin = copy.copy(self)
        twin._kept = {}
        twin._cache = {}
        return twin

    def sparse(self, state: Any, viewer: int
               ) -> tuple[list[int], list[int], list[float], list[Any]]:
        """What :meth:`encode` writes: the indices of the ones, the other sparse indices
        and their values, and the values of every dense segment (:class:`Dense`) in
        order."""
        ones: list[int] = []
        at: list[int] = []
        values: list[float] = []
        dense: list[Any] = []
        _write_board(self._always, state, viewer, ones, at, values)
        memo = self._kept.get(viewer)
        if memo is None:
            memo = self._kept[viewer] = [None] * len(self._groups)
        for k, (fields, parts) in enumerate(self._groups):
            found = memo[k]
            if len(fields) == 1:
                now: Any = getattr(state, fields[0])
                fresh = found is None or found[0] is not now
            else:
                now = tuple([getattr(state, field) for field in fields])
                fresh = found is None or not all(map(operator.is_, found[0], now))
            if found is None or fresh:
                group_ones: list[int] = []
                group_at: list[int] = []
                group_values: list[float] = []
                _write_board(parts, state, viewer, group_ones, group_at, group_values)
                # memo as one list of places and one of values (a one is the value 1)
                found = memo[k] = (now, group_ones + group_at,
                                   [1.0] * len(group_ones) + group_values)
            at.extend(found[1])
            values.extend(found[2])
        players = state.players
        n = self._players
        cache = self._cache
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        for r in range(n):
            seat = (viewer + r) % n
            player = players[seat]
            base = self._seats_start + r * self._block
            key = (id(player), r)
            kept = cache.get(key)
            if kept is None or kept[0] is not player:
                mine: tuple[list[int], list[int], list[float], list[Any]] = ([], [], [], [])
                me = r == 0
                for write, offset in self._plain:
                    write(player, me, mine[0], mine[1], mine[2], base + offset)
                for read, single in self._plain_dense:
                    if single:
                        mine[3].append(read(player, me))
                    else:
                        mine[3].extend(read(player, me))
                kept = cache[key] = (player, *mine)
            ones.extend(kept[1])
            at.extend(kept[2])
            values.extend(kept[3])
            dense.extend(kept[4])
            for seat_write, offset in self._stateful:
                seat_write(state, seat, viewer, ones, at, values, base + offset)
        return ones, at, values, dense

    def encode(self, state: Any, viewer: int,
               out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """The vector of what ``viewer`` sees of ``state`` (a state or a view's state),
        written into ``out`` (float32, :attr:`size` long; a new array when None) and
        returned.

        :raises ValueError: if a dense segment read the wrong number of values (a state
            the catalogue cannot describe).
        """
        ones, at, values, dense = self.sparse(state, viewer)
        if len(dense) != len(self._dense_at):
            raise ValueError(f"{len(dense)} values for {len(self._dense_at)} dense places: "
                             "the state does not fit this layout")
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        out[self._dense_at] = dense
        if ones:
            out[ones] = 1.0
        if at:
            out[at] = values
        return out
