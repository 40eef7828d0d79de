"""Game records: how a game started and every move in notation, saved as JSON and replayed,
for every game.

A record is ``(version, game, catalogue, players, seed, options, [move texts])`` plus the
digest of the final state and some free metadata. Since every shuffle comes from the seed,
replaying the moves from :func:`lisboa_core.new_game` rebuilds the same game exactly::

    {"format": "lisboa-record", "version": 2, "library": "0.2.0",
     "game": "puerto-rico", "catalogue": "3edc4c224f266f6d", "players": 3, "seed": 7,
     "options": {...}, "moves": ["role settler", ...], "final_digest": "3b9ea009a13e0218",
     "names": ["random", "greedy", "random"], "date": "2026-05-01", "metadata": {}}

``format`` is the library's record format, whatever the game; ``game`` names the game.
Lisboa's records leave ``game`` out (so they read as before in every version of the
library), and a record without it is Lisboa's.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from lisboa_core._deprecation import keyword_only
from lisboa_core.core.moves import Move
from lisboa_core.errors import (
    IllegalMoveError,
    LisboaDeprecationWarning,
    StateFormatError,
)
from lisboa_core.games import Game, chosen_game, default_game, games
from lisboa_core.games import game as _game
from lisboa_core.games.play import (
    apply,
    is_chance,
    is_over,
    new_game,
    parse_move,
    sample_chance,
)
from lisboa_core.persistence import codec as _codec
from lisboa_core.persistence.files import (
    MAX_DOCUMENT_BYTES,
    FileTooLargeError,
    read_bounded,
    write_atomic,
)
from lisboa_core.persistence.serialize import (
    check_catalogue,
    check_version,
    parse_document,
    state_digest,
)

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameRecord",
    "Recorder",
    "ReplayResult",
    "record_game",
    "replay",
]

RECORD_FORMAT = "lisboa-record"
"""The ``format`` marker of a saved game record."""

RECORD_VERSION = 2
"""The version of the record layout this library writes (it reads 1 and 2)."""

_OLD_SHIP = re.compile(r"^(sell \S+ p)(\d+)(\.\d+)$")


def _migrate_moves(moves: Any) -> Any:
    """Version 1 wrote ``pS.N`` with seats counted from 1; version 2 counts from 0."""
    if not isinstance(moves, list):
        return moves  # reported by the structure check
    out = []
    for move in moves:
        found = _OLD_SHIP.match(move) if isinstance(move, str) else None
        out.append(move if found is None or found.group(2) == "0" else
                   f"{found.group(1)}{int(found.group(2)) - 1}{found.group(3)}")
    return out

_DIGEST = re.compile(r"[0-9a-f]{16}")


def _library_version() -> str:
    from lisboa_core._version import __version__

    return __version__


def _default_options(record: Any) -> Any:
    return _game(record.game).default_options()


@attrs.frozen(slots=True, kw_only=True, repr=False)
class GameRecord:
    """A whole game as data: how it started and every move in notation.

    Build one with :class:`Recorder` or :func:`record_game` (or directly), save it with
    :meth:`save` / :meth:`to_json`, read it with :meth:`load` / :meth:`from_json` and check
    it with :func:`replay`. All arguments are keywords.

    Example::

        import random
        from lisboa_core import GameRecord, random_move, record_game, replay

        rng = random.Random(1)
        record = record_game(lambda s: random_move(s, rng), players=2, seed=3, max_decisions=30)
        again = GameRecord.from_json(record.to_json())
        assert again == record and replay(again).ok
    """

    format_version: int = RECORD_VERSION
    """The record layout version (:data:`RECORD_VERSION`)."""
    library_version: str = attrs.field(factory=_library_version)
    """The lisboa_core version that wrote the record."""
    game: str = "lisboa"
    """The game played (a name of :func:`lisboa_core.games.games`)."""
    catalogue: str
    """Digest of the catalogue the game was played with (``load_rules().digest``, also
    ``state.catalogue``)."""
    players: int
    """Number of seats."""
    seed: int
    """The seed given to :func:`~lisboa_core.new_game`."""
    options: Any = attrs.field(default=attrs.Factory(_default_options, takes_self=True))
    """The rule variants of the game (default: the game's default variants)."""
    moves: tuple[str, ...] = ()
    """Every move in notation (``str(move)``), in the order applied."""
    final_digest: str | None = None
    """:func:`~lisboa_core.state_digest` of the state after the last move;
    :func:`replay` compares it (``None``: not checked)."""
    names: tuple[str, ...] = ()
    """The seats' names (players or bots), by seat; empty if unknown."""
    date: str | None = None
    """When the game was played (free text, ISO 8601 advised)."""
    metadata: tuple[tuple[str, str], ...] = ()
    """Any other ``(key, value)`` text pairs, saved as a JSON object."""

    def __repr__(self) -> str:
        game = "" if _game(self.game).unnamed else f"{self.game} "
        return (f"<GameRecord {game}{self.players}p seed {self.seed}, {len(self.moves)} "
                f"moves, catalogue {self.catalogue}>")

    def meta(self, key: str, default: str | None = None) -> str | None:
        """The metadata value of ``key`` (or ``default``).

        :param key: a metadata key.
        :param default: returned when the key is absent.
        """
        return dict(self.metadata).get(key, default)

    def to_json(self, *, indent: int | None = 1) -> str:
        """The record as JSON text (read back by :meth:`from_json`).

        :param indent: indent nested JSON by this many spaces (``None``: one line).
        """
        import json

        body = _codec.converter.unstructure(self, GameRecord)
        body["options"] = _game(self.game).codec().options_out(self.options)
        if _game(self.game).unnamed:
            del body["game"]  # Lisboa's records read as before (see the module docstring)
        return json.dumps({"format": RECORD_FORMAT, **body}, indent=indent, ensure_ascii=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """The record saved by :meth:`to_json`.

        :param text: the JSON text.
        :raises StateFormatError: if the text is not a valid record; the message starts
            with the wrong field (``moves[3]: expected a string, got 5``).
        """
        document = parse_document(text, RECORD_FORMAT, "game record")
        version = check_version(document, (1, RECORD_VERSION))
        body = {k: v for k, v in document.items() if k != "format"}
        name = body.setdefault("game", default_game().name)
        if not isinstance(name, str) or name not in games():
            raise StateFormatError(f"game: expected the name of an installed game "
                                   f"({', '.join(games())}), got {_codec.describe(name)}")
        if version == 1:
            body["moves"] = _migrate_moves(body.get("moves"))
            body["version"] = RECORD_VERSION
        try:
            record: GameRecord = _codec.converter.structure(body, GameRecord)
        except Exception as err:
            where, message = _codec.locate(err)
            raise StateFormatError(f"{where.removeprefix('.') or 'record'}: {message}") from None
        try:
            options = _game(name).codec().options_in(record.options)
        except Exception as err:
            where, message = _codec.locate(err)
            raise StateFormatError(f"options{where}: {message}") from None
        record = attrs.evolve(record, options=options)
        record._check()
        return record

    def _check(self) -> None:
        found = _game(self.game)
        if self.players not in found.players:
            counts = found.player_counts()
            raise StateFormatError(f"players: expected {counts}, got {self.players}")
        if self.names and len(self.names) != self.players:
            raise StateFormatError(
                f"names: expected one name per seat ({self.players}), got {len(self.names)}"
            )
        if not _DIGEST.fullmatch(self.catalogue):
            raise StateFormatError(
                f"catalogue: expected 16 hexadecimal digits, got {self.catalogue!r}"
            )
        if self.final_digest is not None and not _DIGEST.fullmatch(self.final_digest):
            raise StateFormatError(
                f"final_digest: expected 16 hexadecimal digits, got {self.final_digest!r}"
            )

    def save(self, path: str | Path) -> None:
        """Write the record to a file as JSON (UTF-8), all at once: the file is replaced
        only when the whole record is on the disk, so a failure part-way (a full disk, a
        kill) leaves an earlier file of that name whole.

        :param path: the file to write (replaced if it exists).
        :raises OSError: if the file cannot be written.
        """
        write_atomic(path, self.to_json() + "\n")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record written by :meth:`save`.

        :param path: the file to read.
        :raises StateFormatError: if the file is not a valid record, or is larger than
            ``MAX_DOCUMENT_BYTES`` (16 MiB; only that much is ever read).
        :raises OSError: if the file cannot be read.
        """
        try:
            data = read_bounded(path, MAX_DOCUMENT_BYTES, "game record")
        except FileTooLargeError as err:
            raise StateFormatError(str(err)) from None
        return cls.from_json(data)


def _metadata_in(value: Any, _: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise _codec.Invalid(f"expected an object, got {_codec.describe(value)}")
    for key, item in value.items():
        if not isinstance(item, str):
            raise _codec.Invalid(f"expected a string, got {_codec.describe(item)}", f".{key}")
    return tuple(value.items())


def _metadata_out(value: tuple[tuple[str, str], ...]) -> dict[str, str]:
    return dict(value)


def _raw(value: Any, _: Any = None) -> Any:
    return value  # a record's options are read by its game's codec (GameRecord.from_json)


_codec.attrs_hooks(
    _codec.converter,
    GameRecord,
    renames={"format_version": "version", "library_version": "library"},
    fields={"metadata": (_metadata_in, _metadata_out), "options": (_raw, _raw)},
)


@attrs.frozen(slots=True, kw_only=True, repr=False)
class ReplayResult:
    """What :func:`replay` found.

    Example::

        from lisboa_core import legal_moves, record_game, replay

        record = record_game(lambda s: legal_moves(s)[0], players=2, seed=1, max_decisions=12)
        result = replay(record)
        assert result.ok and len(result.states) == 13 and result.digest == record.final_digest
    """

    record: GameRecord
    """The record replayed."""
    states: tuple[Any, ...]
    """The first state, then the state after each move applied (so ``states[i]`` is the
    state in which ``record.moves[i]`` was played)."""
    log: tuple[tuple[int, str], ...]
    """``(seat, move)`` of each move applied: who chose, in canonical notation."""
    failed_at: int | None = None
    """Index in ``record.moves`` of the first move that could not be applied (``None``
    if every move applied)."""
    reason: str | None = None
    """Why the replay failed: the :class:`~lisboa_core.IllegalMoveError` reason of the
    move at ``failed_at``, or a final digest that differs from the record's;
    ``None`` when the replay succeeded."""
    digest: str
    """:func:`~lisboa_core.state_digest` of the last state reached."""

    def __repr__(self) -> str:
        outcome = "ok" if self.ok else f"failed at move {self.failed_at}: {self.reason}"
        return f"<ReplayResult {outcome}; {len(self.log)} moves applied, digest {self.digest}>"

    @property
    def ok(self) -> bool:
        """True when every move applied and the final digest (if recorded) matches."""
        return self.reason is None

    @property
    def final(self) -> Any:
        """The last state reached (after the last move applied)."""
        return self.states[-1]


@keyword_only(("rules",), "0.3")
def replay(record: GameRecord, *, rules: Any = None) -> ReplayResult:
    """Re-apply a record's moves from the start of its game (any game).

    The game starts as :func:`~lisboa_core.new_game` with the record's game, players, seed
    and options; each move text is read with :func:`~lisboa_core.parse_move` and applied.
    Replay stops at the first move that is not legal (``result.failed_at`` and
    ``result.reason`` say which and why). When every move applied and the record has a
    ``final_digest``, the digest of the final state must equal it.

    :param record: the record to replay.
    :param rules: the catalogue (default: the game's shipped one); it must be the catalogue
        the record was made with. Keyword-only: ``replay(record, rules)`` still works until
        0.3, with a ``LisboaDeprecationWarning``.
    :returns: the states, the log and the outcome; check ``result.ok``.
    :raises StateFormatError: if ``rules`` is not the record's catalogue.
    :raises LisboaError: if the record's game is not installed.

    Example::

        from lisboa_core import legal_moves, record_game, replay

        record = record_game(lambda state: legal_moves(state)[0], players=2, seed=1,
                             max_decisions=10)
        result = replay(record)
        assert result.ok and result.final == result.states[-1]
    """
    found = chosen_game(record.game, rules)
    rules = rules if rules is not None else found.load_rules()
    check_catalogue(record.catalogue, rules, "record")
    state = new_game(record.players, record.seed, options=record.options, rules=rules,
                     game=found)
    states = [state]
    log: list[tuple[int, str]] = []
    failed_at: int | None = None
    reason: str | None = None
    for index, text in enumerate(record.moves):
        try:
            move = parse_move(state, text)
        except IllegalMoveError as err:
            failed_at, reason = index, _reason(err, text)
            break
        log.append((state.pending[-1].seat, str(move)))
        state = apply(state, move)
        states.append(state)
    digest = state_digest(state)
    if reason is None and record.final_digest not in (None, digest):
        reason = (
            f"the final state differs from the recorded one (digest {digest}, "
            f"the record says {record.final_digest})"
        )
    return ReplayResult(
        record=record,
        states=tuple(states),
        log=tuple(log),
        failed_at=failed_at,
        reason=reason,
        digest=digest,
    )


def _reason(err: IllegalMoveError, text: str) -> str:
    """Why a move is illegal, without parse_move's restatement of the text (the move is
    named by its index, ``failed_at``, and by whoever reports it)."""
    return str(err).removeprefix(f"no legal move reads {' '.join(text.split())!r}: ")


class Recorder:
    """Play a game (any game) through :func:`~lisboa_core.apply` while recording every move.

    For bots, simulators and servers::

        recorder = Recorder(players=3, seed=7, names=("alice", "bob", "random"))
        while not is_over(recorder.state):
            recorder.apply(choose(recorder.state))
        recorder.record().save("game.json")

    :param players: number of seats (default: the game's usual count).
    :param seed: the game's seed.
    :param options: rule variants (default: the game's default variants).
    :param rules: the catalogue (default: the game's shipped one).
    :param names: the seats' names, by seat.
    :param date: when the game is played (free text).
    :param metadata: other ``key: value`` text to keep in the record.
    :param game: the game (default: the game of ``rules``, else Lisboa).

    Example::

        from lisboa_core import Recorder, legal_moves

        recorder = Recorder(players=2, seed=4, names=("ana", "bo"))
        for _ in range(5):
            recorder.apply(legal_moves(recorder.state)[0])
        record = recorder.record()
        assert len(record.moves) == 5 and record.names == ("ana", "bo")
    """

    def __init__(
        self,
        players: int | None = None,
        seed: int = 0,
        *,
        options: Any = None,
        rules: Any = None,
        names: Iterable[str] = (),
        date: str | None = None,
        metadata: Mapping[str, str] | None = None,
        game: str | Game | None = None,
    ) -> None:
        self.game: Game = chosen_game(game, rules)
        """The game played."""
        self.rules: Any = rules if rules is not None else self.game.load_rules()
        """The catalogue of the game."""
        self.options: Any = options if options is not None else self.game.default_options()
        """The rule variants of the game."""
        self.seed: int = seed
        """The game's seed."""
        self.state: Any = new_game(players, seed, options=self.options, rules=self.rules,
                                   game=self.game)
        """The current state."""
        self.moves: list[str] = []
        """The notation of every move applied so far."""
        self._names = tuple(names)
        self._date = date
        self._metadata = tuple((metadata or {}).items())

    def apply(self, move: Move | str) -> Any:
        """Apply a move (a :class:`~lisboa_core.Move` or its notation) and record it.

        :param move: the move, legal in the current state.
        :returns: the new current state.
        :raises IllegalMoveError: if the move is not legal (nothing is recorded).
        """
        if isinstance(move, str):
            move = parse_move(self.state, move)
        self.state = apply(self.state, move)
        self.moves.append(str(move))
        return self.state

    def record(self) -> GameRecord:
        """The record of the game so far, with the digest of the current state."""
        return GameRecord(
            game=self.game.name,
            catalogue=self.rules.digest,
            players=self.state.player_count,
            seed=self.seed,
            options=self.options,
            moves=tuple(self.moves),
            final_digest=state_digest(self.state),
            names=self._names,
            date=self._date,
            metadata=self._metadata,
        )


def record_game(
    choose: Callable[[Any], Move],
    players: int | None = None,
    seed: int = 0,
    *,
    options: Any = None,
    rules: Any = None,
    names: Iterable[str] = (),
    date: str | None = None,
    metadata: Mapping[str, str] | None = None,
    max_decisions: int | None = None,
    game: str | Game | None = None,
    max_moves: int | None = None,
) -> GameRecord:
    """Play a game with ``choose`` picking every move, and return its record.

    :param choose: called with each state that needs a decision (``state.to_act`` says
        for which seat); returns one of ``legal_moves(state)``. A chance step is not a
        decision: its outcome is :func:`~lisboa_core.sample_chance`'s, recorded as a move.
    :param players: number of seats (default: the game's usual count).
    :param seed: the game's seed.
    :param options: rule variants (default: the game's default variants).
    :param rules: the catalogue (default: the game's shipped one).
    :param names: the seats' names, by seat.
    :param date: when the game is played (free text).
    :param metadata: other ``key: value`` text to keep in the record.
    :param max_decisions: stop after this many decisions (default: play to the end), as
        :func:`~lisboa_core.play_game` does.
    :param game: the game (default: the game of ``rules``, else Lisboa).
    :param max_moves: the old name of ``max_decisions`` (deprecated, removed in 0.3).
    :returns: the record, with the digest of the last state.

    Example::

        from lisboa_core import legal_moves, record_game

        record = record_game(lambda state: legal_moves(state)[0], players=2, seed=1,
                             max_decisions=10)
        assert len(record.moves) == 10
    """
    if max_moves is not None:
        warnings.warn("record_game(max_moves=...) is deprecated and will be removed in "
                      "lisboa_core 0.3; use max_decisions (as play_game does)",
                      LisboaDeprecationWarning, stacklevel=2)
        if max_decisions is not None and max_decisions != max_moves:
            raise TypeError("record_game(): give max_decisions only")
        max_decisions = max_moves
    recorder = Recorder(players, seed, options=options, rules=rules, names=names, date=date,
                        metadata=metadata, game=game)
    while not is_over(recorder.state) and (max_decisions is None
                                           or len(recorder.moves) < max_decisions):
        state = recorder.state
        recorder.apply(sample_chance(state) if is_chance(state) else choose(state))
    return recorder.record()
