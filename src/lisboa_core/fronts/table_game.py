"""The games of the browser table (:mod:`lisboa_core.fronts.serve`): one game with its
history (:class:`Table`: the person's moves and the bots', undo, a move list in words) and
the games a server keeps by id (:class:`Games`: at most a given number, each forgotten a
while after its last use), so that a page reloaded, or a socket lost and opened again,
finds its game.

Example::

    from lisboa_core.fronts.table_game import Games, Table

    games = Games(cap=10, ttl=3600)
    key = games.add(Table(players=2, seat=0, bots=("random",), seed=3))
    table = games.get(key)
    shown = table.message()
    table.play(shown["legal"][0], shown["decision"])
    assert table.undo() is None and table.message()["decision"] == shown["decision"]
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from lisboa_core.api import (
    CHANCE,
    is_chance,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    sample_chance,
)
from lisboa_core.bots.basic import Bot, make_bot
from lisboa_core.core.moves import Move
from lisboa_core.errors import IllegalMoveError, LisboaError
from lisboa_core.events import Event, MovePlayed, apply_with_events
from lisboa_core.fronts.cli_args import played_by
from lisboa_core.fronts.score_sheet import itemised, sheet_text
from lisboa_core.fronts.table_words import Words
from lisboa_core.games import Game, chosen_game
from lisboa_core.match import Match
from lisboa_core.persistence.records import GameRecord
from lisboa_core.persistence.serialize import state_digest

__all__ = ["Games", "Table", "record_seat", "score_grid"]

_LOG_LIMIT = 200
_MOVES_SHOWN = 200
Progress = Callable[[int, int], None]


def _describer(game: Game, rules: Any) -> Callable[[Any], str] | None:
    """The game's own text of a component, where it writes one
    (:meth:`Game.describe_component <lisboa_core.games.Game.describe_component>`
    overridden), else None: the component's name."""
    if type(game).describe_component is Game.describe_component:
        return None
    return lambda component: game.describe_component(rules, component.id)


class _Dice:
    """Who resolves the chance steps at the table (named in the page's messages): the
    outcome is :func:`~lisboa_core.sample_chance`'s, drawn in :meth:`Table.bot_choice`."""

    name = "dice"

    def choose(self, view: Any, legal: Sequence[Move]) -> Move:
        """Never asked: a chance step is no seat's decision."""
        raise LisboaError("the dice are rolled by sample_chance, not chosen")


class Table:
    """One game at the browser table: the person's seat, the bots in the others, the
    events the person has seen, the moves played (in words) and the positions before each
    of the person's moves (for :meth:`undo`). Used by the server, one per game id; usable
    alone.

    :param players: a player count of the game (Lisboa: 2 to 4).
    :param seat: the person's seat (0 to ``players - 1``).
    :param bots: built-in bot names for the other seats, in seat order, cycled.
    :param seed: the game's seed (the bots are seeded from it too).
    :param rules: the catalogue to play with (default: the shipped one).
    :param game: the game (a name of :func:`lisboa_core.games.games`; default: the game of
        ``rules``, else Lisboa).
    :param bots_now: let the bots move at once, up to the person's first decision (the
        server lets them move itself, off its event loop, showing who is thinking).
    :param confirm_forced: ask the person even at a decision with one legal move (by
        default such a move is played for them at once, and the event says so).
    :param resume: a saved game (a :class:`~lisboa_core.GameRecord`: ``lisboa play
        --autosave``, :meth:`Match.save <lisboa_core.Match.save>` or :meth:`record`) to go
        on with: its game, player count, seed and options are used (``players``, ``seed``
        and ``game`` are ignored), its moves are replayed into the move list, and the
        person's moves among them can be undone.
    :raises StateFormatError: for a record whose moves do not replay with ``rules``.

    Example::

        from lisboa_core.fronts.serve import Table

        table = Table(players=2, seat=0, bots=("random",), seed=3)
        first = table.message()
        table.play(first["legal"][0], first["decision"])
        table.undo()  # back to the first decision
    """

    def __init__(self, players: int = 2, seat: int = 0, bots: Sequence[str] = ("greedy",),
                 seed: int = 0, rules: Any = None, game: str | Game | None = None, *,
                 bots_now: bool = True, resume: GameRecord | None = None,
                 confirm_forced: bool = False) -> None:
        match = None
        if resume is not None:
            match = Match.from_record(resume, rules)
            game, rules, players, seed = match.game, match.rules, resume.players, resume.seed
        self.game = chosen_game(game, rules)
        """The game played."""
        if players not in self.game.players:
            raise LisboaError(f"players: {played_by(self.game)}, not {players}")
        if not 0 <= seat < players:
            raise LisboaError(f"seat: expected 0 to {players - 1}, got {seat}")
        if not bots:
            raise LisboaError("bots: name at least one bot")
        self.players, self.seat, self.seed = players, seat, seed
        self.confirm_forced = confirm_forced
        """Whether the person is asked even when only one move is legal."""
        self.bot_names = tuple(bots)
        others = [s for s in range(players) if s != seat]
        self.bots: dict[int, Bot] = {
            s: make_bot(self.bot_names[i % len(self.bot_names)], seed * 16 + s)
            for i, s in enumerate(others)
        }
        if self.game.chance:  # the dice roll as the seeded game rolls them (bot_choice)
            self.bots[CHANCE] = _Dice()
        self.rules: Any = rules if rules is not None else self.game.load_rules()
        """The catalogue played."""
        self.options: Any = (match.options if match is not None
                             else self.game.default_options())
        """The rule variants of the game."""
        self.state: Any = new_game(players, seed, options=self.options, rules=self.rules,
                                   game=self.game)
        self._played: list[Move] = []  # every move from the start, for the record
        self.words = Words(self.rules, seat, _describer(self.game, self.rules),
                           self.game.event_words)
        """Names and texts of the catalogue's components, and events in words."""
        self.decision = 0
        """How many decisions have been taken: a move must name the current one."""
        self.version = 0
        """Counts every change of the position (a move, an undo): a bot's move chosen at
        one version is dropped at another."""
        self.log: list[dict[str, Any]] = []
        self.moves: list[dict[str, Any]] = []
        """Every move played, as the person saw it: number, seat, notation, words."""
        self._marks: list[tuple[Any, int, list[dict[str, Any]], int]] = []
        if match is not None:  # the saved moves, shown and undoable as if played here
            for move in match.moves:
                if self.state.to_act == self.seat and not self.forced():
                    self._mark()
                self._apply(move)
        if bots_now:
            self.bots_move()

    # --- moves -------------------------------------------------------------------------

    def _mark(self) -> None:
        self._marks.append((self.state, self.decision, list(self.log), len(self.moves)))

    def _apply(self, move: Move) -> None:
        actor = self.state.to_act
        forced = actor == self.seat and self.forced()
        before = self.state
        self.state, events = apply_with_events(before, move, self.seat)
        self._played.append(move)
        self.decision += 1
        self.version += 1
        shown = events[0].move if events and isinstance(events[0], MovePlayed) else str(move)
        # A bot's move the person may not see in full (a tile kept face down) is not
        # described: the words would tell what the notation hides.
        words = self.game.describe_move(before, move) if shown == str(move) else shown
        cards = self.words.move_cards(move) if shown == str(move) else []
        if forced:
            words += " (the only move: played for you)"
        self.moves.append({"number": self.decision, "seat": actor, "move": shown,
                           "text": words, "cards": cards, "mine": actor == self.seat})
        self.log.extend(self._logged(events, actor, words))
        del self.log[:-_LOG_LIMIT]

    def _logged(self, events: tuple[Event, ...], actor: int | None,
                words: str) -> list[dict[str, Any]]:
        rows = []
        for event in events:
            data = event.to_dict()
            data["text"] = self.words.event(event, words, self.state)
            data["mine"] = actor == self.seat
            rows.append(data)
        return rows

    def forced(self) -> bool:
        """Whether the person's decision now has one legal move, which the table plays for
        them (unless :attr:`confirm_forced`)."""
        return (not self.confirm_forced and not is_over(self.state)
                and self.state.to_act == self.seat and len(legal_moves(self.state)) == 1)

    def bot_to_act(self) -> int | None:
        """The seat whose move the table chooses now (a bot's, the chance step's, or the
        person's forced move: see :meth:`forced`), or None (the person's decision, or the
        end)."""
        if is_over(self.state) or (self.state.to_act == self.seat and not self.forced()):
            return None
        return int(self.state.to_act)

    def bot_choice(self, progress: Progress | None = None) -> Move:
        """The move the bot to act chooses (the table is not changed: see
        :meth:`apply_bot`). ``progress(done, planned)`` is called as a search bot works.

        :raises LisboaError: if no bot is to act."""
        state = self.state  # one position throughout, whatever happens meanwhile
        if self.bot_to_act() is None:
            raise LisboaError("no bot is to act")
        actor = int(state.to_act)
        if is_chance(state):
            return sample_chance(state)
        if actor == self.seat:  # forced: the one legal move
            return legal_moves(state)[0]
        bot = self.bots[actor]
        searching = hasattr(bot, "progress")  # a search bot says how far it has got
        if searching:
            setattr(bot, "progress", progress)  # noqa: B010 (not in the Bot protocol)
        try:
            return bot.choose(self.game.observe(state, actor), legal_moves(state))
        finally:
            if searching:
                setattr(bot, "progress", None)  # noqa: B010

    def apply_bot(self, move: Move, version: int) -> bool:
        """Play a bot's ``move`` chosen at :attr:`version` ``version``; False (nothing
        changed) if the game has changed since (an undo, another move)."""
        if version != self.version or self.bot_to_act() is None:
            return False
        self._apply(move)
        return True

    def bots_move(self) -> None:
        """Let the bots decide until it is the person's turn or the game is over."""
        while self.bot_to_act() is not None:
            self.apply_bot(self.bot_choice(), self.version)

    def play(self, text: str, decision: int, *, bots: bool = True) -> str | None:
        """The person's move, in notation, answering decision number ``decision``; then
        (``bots``) the bots move. Returns ``None``, or why the move was refused (nothing
        changed)."""
        if decision != self.decision:
            return (f"that move answered decision {decision}, but the game is at decision "
                    f"{self.decision}: the page was out of date and nothing was played")
        if is_over(self.state):
            return "the game is over"
        if self.state.to_act != self.seat:
            return "it is not your decision"
        try:
            chosen = parse_move(self.state, text)
        except IllegalMoveError as err:
            return str(err)
        self._mark()
        self._apply(chosen)
        if bots:
            self.bots_move()
        return None

    def undo(self) -> str | None:
        """Take back the person's last move and the bots' moves after it: the game is again
        at the person's decision before it. Returns ``None``, or why there is nothing to
        undo (nothing changed)."""
        if not self._marks:
            return "there is no move of yours to undo"
        self.state, self.decision, self.log, kept = self._marks.pop()
        self.version += 1
        del self.moves[kept:]
        del self._played[self.decision:]
        return None

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as a saved game keeps them: ``you`` for the person's seat (as
        ``lisboa play`` names it), the bot's name for the others."""
        return tuple("you" if s == self.seat else str(getattr(self.bots[s], "name", "bot"))
                     for s in range(self.players))

    def record(self) -> GameRecord:
        """The game so far, with every move from the start, as a
        :class:`~lisboa_core.GameRecord`: ``lisboa play --resume``, ``lisboa serve
        --resume``, :meth:`Match.load <lisboa_core.Match.load>` and ``resume=`` go on with
        it."""
        return GameRecord(
            game=self.game.name, catalogue=self.rules.digest, players=self.players,
            seed=self.seed, options=self.options,
            moves=tuple(str(m) for m in self._played),
            final_digest=state_digest(self.state), names=self.names)

    @property
    def can_undo(self) -> bool:
        """Whether the person has a move to take back."""
        return bool(self._marks)

    # --- what the page shows -----------------------------------------------------------

    def message(self) -> dict[str, Any]:
        """What the person's page shows now (a ``position`` message)."""
        found = self.game
        view = found.observe(self.state, self.seat)
        over = is_over(self.state)
        sheet = found.score(self.state) if over else None
        legal = ([] if over or self.state.to_act != self.seat
                 else list(legal_moves(self.state)))
        hand = [str(card) for card in getattr(view, "hand", ())]
        return {
            "type": "position",
            "decision": self.decision,
            "seat": self.seat,
            "to_act": self.state.to_act,
            "over": over,
            "svg": found.svg(view),
            "hand": hand,
            "hand_cards": [self.words.card(c) or {"id": c, "name": self.words.named(c),
                                                  "text": ""} for c in hand],
            "legal": [str(m) for m in legal],
            "choices": [{"move": str(m), "text": found.describe_move(self.state, m),
                         "cards": self.words.move_cards(m)} for m in legal],
            "decision_kind": self.state.pending[-1].kind if self.state.pending else None,
            "events": self.log[-_LOG_LIMIT:],
            "moves": self.moves[-_MOVES_SHOWN:],
            "can_undo": self.can_undo,
            "bots": {str(s): str(getattr(bot, "name", "bot")) for s, bot in self.bots.items()},
            "chance": self.words.who(CHANCE, start=False),
            "text": found.render_text(view),
            "score": None if sheet is None else {
                **sheet.to_dict(), "table": sheet_text(sheet, self.names),
                "grid": score_grid(sheet, self.seat)},
        }


def record_seat(record: GameRecord | None, seat: int | None = None) -> int:
    """The person's seat at a table: ``seat`` if given; else, for a saved game, the seat
    its record names ``you`` (as ``lisboa play`` and the table save it); else 0.

    Example::

        from lisboa_core.fronts.table_game import record_seat
        from lisboa_core.persistence.records import GameRecord

        record = GameRecord(catalogue="", players=2, seed=0, names=("greedy", "you"))
        assert record_seat(record) == 1 and record_seat(record, 0) == 0
    """
    if seat is not None:
        return seat
    if record is not None and "you" in record.names:
        return record.names.index("you")
    return 0


def score_grid(sheet: Any, seat: int | None = None) -> dict[str, Any]:
    """A score sheet (any game's :meth:`~lisboa_core.games.Game.score`) as rows and columns
    for a page's table: a row per seat (``you`` for ``seat``; winners marked), the columns
    of :func:`~lisboa_core.fronts.score_sheet.itemised` (``so far``, each category), the
    total they add up to, then the tie-breakers.

    Example::

        from lisboa_core.fronts.table_game import score_grid
        from lisboa_core.games.generic import PointsCategory, PointsSeat, ranked

        sheet = ranked((PointsSeat(0, 2, (PointsCategory("ships", 3),)),
                        PointsSeat(1, 1, (PointsCategory("ships", 5),))), final=True)
        grid = score_grid(sheet, seat=0)
        assert grid["columns"] == ["seat", "so far", "ships", "total"]
        assert grid["rows"] == [["you", 2, 3, 5], ["seat 1 (winner)", 1, 5, 6]]
    """
    table = itemised(sheet)
    rows = []
    for row in table.seats:
        label = "you" if row.seat == seat else f"seat {row.seat}"
        if row.seat in table.winners:
            label += " (winner)"
        rows.append([label, *row.points, row.total, *row.tie_breaks])
    return {"columns": ["seat", *table.columns, "total", *table.tie_breaks], "rows": rows}


class Games:
    """The games a server keeps, by id: at most ``cap`` (adding one more forgets the one
    used longest ago) and each forgotten ``ttl`` seconds after its last use.

    :param cap: the most games kept (1 or more).
    :param ttl: seconds a game is kept after its last use (more than 0).
    :param clock: the time in seconds (``time.monotonic``; tests give a fake one).
    :raises LisboaError: for a cap or ttl out of range.

    Example::

        from lisboa_core.fronts.table_game import Games

        now = [0.0]
        games = Games(cap=2, ttl=60, clock=lambda: now[0])
        key = games.add("a game")
        now[0] = 61
        assert games.get(key) is None
    """

    def __init__(self, cap: int = 64, ttl: float = 6 * 3600,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if cap < 1:
            raise LisboaError(f"max_games: expected 1 or more, got {cap}")
        if ttl <= 0:
            raise LisboaError(f"game_ttl: expected more than 0 seconds, got {ttl}")
        self.cap, self.ttl, self.clock = cap, ttl, clock
        self._kept: OrderedDict[str, tuple[Any, float]] = OrderedDict()

    def _expire(self) -> None:
        now = self.clock()
        while self._kept:
            key, (_item, used) = next(iter(self._kept.items()))
            if now - used < self.ttl:
                break
            del self._kept[key]

    def add(self, item: Any) -> str:
        """Keep ``item``; its new id (URL-safe, unguessable)."""
        self._expire()
        while len(self._kept) >= self.cap:
            self._kept.popitem(last=False)
        key = secrets.token_urlsafe(12)
        self._kept[key] = (item, self.clock())
        return key

    def get(self, key: str) -> Any:
        """The item kept as ``key`` (its use now noted), or None (unknown, or expired)."""
        self._expire()
        found = self._kept.get(key)
        if found is None:
            return None
        self._kept[key] = (found[0], self.clock())
        self._kept.move_to_end(key)
        return found[0]

    def drop(self, key: str) -> None:
        """Forget ``key`` (nothing happens for an unknown id)."""
        self._kept.pop(key, None)

    def __len__(self) -> int:
        self._expire()
        return len(self._kept)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key) is not None
