"""A game with its history: :class:`Match`, which plays moves, undoes them, and saves and
loads a whole game in one file.

States stay immutable; a match is the small mutable object around them that a front end
or a notebook keeps, in the manner of python-chess's ``Board.push`` / ``pop`` /
``move_stack``: :attr:`Match.states` holds every state from the first, :attr:`Match.moves`
every move played. A match saves as a :class:`~lisboa_core.persistence.records.GameRecord`
(the seed and the moves in notation, replayed on loading), so a record written by any tool
of the library is also a game that resumes.

Example::

    from lisboa_core import Match

    match = Match.new("lisboa", players=2, seed=1)
    first = match.legal_moves()[0]
    match.push(first)
    print(match.describe(match.legal_moves()[0]))
    assert match.pop() == first and len(match.moves) == 0
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lisboa_core.api import (
    apply,
    describe_move,
    is_chance,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    sample_chance,
)
from lisboa_core.core.moves import Move
from lisboa_core.errors import LisboaError, StateFormatError
from lisboa_core.games import Game, chosen_game, game_of
from lisboa_core.persistence.records import GameRecord, replay
from lisboa_core.persistence.serialize import state_digest

__all__ = ["Match"]


class Match:
    """One game and its history: every state reached and every move played.

    Build one with :meth:`new`, :meth:`load`, :meth:`from_record` or :meth:`from_state`.
    :meth:`push` plays a legal move (an illegal one raises
    :class:`~lisboa_core.errors.IllegalMoveError` and changes nothing), :meth:`pop` takes the
    last one back; :meth:`save` writes the game record, which :meth:`load` replays.

    Example::

        from lisboa_core import Match

        match = Match.new("puerto-rico", players=3, seed=2)
        match.push_notation(str(match.legal_moves()[0]))
        match.save("game.json")
        again = Match.load("game.json")
        assert again.state == match.state and again.moves == match.moves
    """

    def __init__(self, start: Any, *, game: Game, rules: Any, seed: int | None,
                 options: Any, names: tuple[str, ...] = ()) -> None:
        self.game: Game = game
        """The game played (:class:`~lisboa_core.games.Game`)."""
        self.rules: Any = rules
        """The catalogue the game is played with (``None`` for a match begun from a saved
        state: the state's own)."""
        self.seed: int | None = seed
        """The game's seed (``None`` for a match begun from a saved state, which has no
        history before it)."""
        self.options: Any = options
        """The rule variants of the game."""
        self.names: tuple[str, ...] = names
        """The seats' names (players or bots), by seat, saved in the record; may be empty."""
        self._states: list[Any] = [start]
        self._moves: list[Move] = []

    @classmethod
    def new(cls, game: str | Game = "lisboa", players: int | None = None, seed: int = 0,
            options: Any = None, rules: Any = None, names: tuple[str, ...] = ()) -> Match:
        """A new game (:func:`~lisboa_core.new_game` with the same arguments).

        :param game: the game's name (default Lisboa) or its :class:`~lisboa_core.games.Game`.
        :param players: the player count (default: the game's usual one).
        :param seed: the seed every shuffle is drawn from.
        :param options: rule variants (default: the game's default ones).
        :param rules: the catalogue (default: the game's shipped one).
        :param names: the seats' names, kept in the saved record.
        """
        found = chosen_game(game, rules)
        rules = rules if rules is not None else found.load_rules()
        options = options if options is not None else found.default_options()
        state = new_game(players, seed, options=options, rules=rules, game=found)
        return cls(state, game=found, rules=rules, seed=seed, options=options,
                   names=tuple(names))

    @classmethod
    def from_record(cls, record: GameRecord, rules: Any = None) -> Match:
        """The game of ``record`` with its whole history, ready to go on from its last move
        (a finished record gives a finished match).

        :param rules: the record's catalogue (default: its game's shipped one).
        :raises StateFormatError: if a move of the record is not legal where it stands
            (``moves[3]: ...``), if the final digest differs from the replayed one, or if
            ``rules`` is not the record's catalogue.
        """
        result = replay(record, rules=rules)
        if result.failed_at is not None:
            raise StateFormatError(f"moves[{result.failed_at}]: {result.reason}")
        if not result.ok:
            raise StateFormatError(f"final_digest: {result.reason}")
        found = game_of(result.states[0])
        match = cls(result.states[0], game=found,
                    rules=rules if rules is not None else found.load_rules(),
                    seed=record.seed, options=record.options, names=record.names)
        match._states = list(result.states)
        match._moves = [parse_move(s, text)
                        for s, text in zip(result.states, record.moves, strict=False)]
        return match

    @classmethod
    def load(cls, path: str | Path, rules: Any = None) -> Match:
        """The game saved by :meth:`save` (or any game record), replayed to its last move.

        :raises StateFormatError: for a file that is not a valid record, or whose moves do
            not replay (see :meth:`from_record`).
        :raises OSError: if the file cannot be read.
        """
        return cls.from_record(GameRecord.load(path), rules)

    @classmethod
    def from_state(cls, state: Any) -> Match:
        """A match whose history begins at ``state`` (a saved state loaded with
        :func:`~lisboa_core.from_json`): moves push and pop as usual, but it cannot be saved
        as a record (there is no seed to replay from); save :attr:`state` with
        :func:`~lisboa_core.to_json` instead."""
        found = game_of(state)
        return cls(state, game=found, rules=None, seed=None,
                   options=getattr(state, "options", None))

    @property
    def state(self) -> Any:
        """The current state."""
        return self._states[-1]

    @property
    def states(self) -> tuple[Any, ...]:
        """Every state from the first: ``states[i]`` is where ``moves[i]`` was played."""
        return tuple(self._states)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move played, in order (python-chess's ``move_stack``)."""
        return tuple(self._moves)

    @property
    def to_act(self) -> int | None:
        """The seat to decide now (``None`` when the game is over)."""
        to_act: int | None = self.state.to_act
        return to_act

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return is_over(self.state)

    @property
    def is_chance(self) -> bool:
        """Whether a chance step (a die roll) is to be resolved now
        (:func:`~lisboa_core.is_chance`)."""
        return is_chance(self.state)

    def push_chance(self) -> Move:
        """Resolve the chance step on top with :func:`~lisboa_core.sample_chance`'s outcome
        (drawn from the state's generator, so a seeded match rolls the same every time) and
        play it as a move; returns it.

        :raises LisboaError: if no chance step is on top.
        """
        move = sample_chance(self.state)
        self.push(move)
        return move

    def settle_chance(self) -> tuple[Move, ...]:
        """Resolve every chance step on top, one after the other (:meth:`push_chance`);
        returns the outcomes played."""
        played = []
        while is_chance(self.state):
            played.append(self.push_chance())
        return tuple(played)

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves of the seat to act (empty when the game is over)."""
        return legal_moves(self.state)

    def push(self, move: Move) -> Any:
        """Play ``move``; returns the new state.

        :raises IllegalMoveError: if the move is not legal now (the match is unchanged).
        """
        after = apply(self.state, move)
        self._states.append(after)
        self._moves.append(move)
        return after

    def push_notation(self, text: str) -> Move:
        """Play the legal move written ``text`` (:func:`~lisboa_core.parse_move`); returns it.

        :raises IllegalMoveError: if no legal move reads so (the match is unchanged).
        """
        move = parse_move(self.state, text)
        self.push(move)
        return move

    def pop(self) -> Move:
        """Take the last move back; returns it.

        :raises LisboaError: if no move has been played.
        """
        if not self._moves:
            raise LisboaError("pop(): no move to take back (the match is at its start)")
        self._states.pop()
        return self._moves.pop()

    def score(self) -> Any:
        """The score sheet of the current state (a projection before the end)."""
        return self.game.score(self.state)

    def describe(self, move: Move) -> str:
        """What ``move`` does now, in words (:func:`~lisboa_core.describe_move`)."""
        return describe_move(self.state, move)

    def record(self) -> GameRecord:
        """The game so far as a :class:`~lisboa_core.GameRecord` (with the digest of the
        current state, which :meth:`load` checks).

        :raises LisboaError: for a match begun with :meth:`from_state`.
        """
        if self.seed is None or self.rules is None:
            raise LisboaError("this match began from a saved state, not from a seed: it has "
                              "no record; save its state with to_json")
        return GameRecord(
            game=self.game.name,
            catalogue=self.rules.digest,
            players=self.state.player_count,
            seed=self.seed,
            options=self.options,
            moves=tuple(str(m) for m in self._moves),
            final_digest=state_digest(self.state),
            names=self.names,
        )

    def save(self, path: str | Path) -> None:
        """Write the game with its whole history to ``path`` (a game record, JSON), all at
        once; :meth:`load` (or ``lisboa play --resume``) goes on with it.

        :raises LisboaError: for a match begun with :meth:`from_state`.
        :raises OSError: if the file cannot be written.
        """
        self.record().save(path)

    def __len__(self) -> int:
        return len(self._moves)

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"seat {self.to_act} to act"
        return (f"<Match {self.game.name}, {self.state.player_count} players, seed "
                f"{self.seed}: {len(self._moves)} moves, {where}>")
