"""Built-in bots and a helper that plays a whole game between bots, for every game.

A bot is anything with a ``name`` and a ``choose(view, legal)`` method (the :class:`Bot`
protocol). Bots decide from what their seat may see (:func:`~lisboa_core.views.observe`),
never from the full state, and use only the public API: :class:`RandomBot` picks any legal
move, :class:`GreedyBot` looks one decision ahead on a sampled state
(:func:`~lisboa_core.views.determinize`) and keeps the move after which its position looks
best by the game's own judgement (:meth:`Game.position_values
<lisboa_core.games.Game.position_values>`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from lisboa_core.api import apply, is_chance, is_over, legal_moves, new_game, sample_chance
from lisboa_core.core.immutable import GameState
from lisboa_core.core.moves import Move
from lisboa_core.core.rng import Rng
from lisboa_core.errors import IllegalMoveError, LisboaError
from lisboa_core.games import Game, chosen_game, game_of
from lisboa_core.views import View, as_view, determinize

__all__ = [
    "BOTS", "Bot", "GreedyBot", "RandomBot", "as_view", "chance_move", "make_bot", "play_game",
]


@runtime_checkable
class Bot(Protocol):
    """What :func:`play_game`, ``lisboa simulate`` and ``lisboa play`` need of a bot.

    ``choose`` gets what the acting seat may see (a :class:`~lisboa_core.views.View`, of
    any game) and the legal moves, and returns one of them. (The built-in bots also accept
    a whole state and look at it only through :func:`~lisboa_core.views.as_view`.) A bot
    may keep state between calls (a generator, memories of earlier views); one object may
    play several seats, so it should read ``view.seat`` rather than assume one.

    Example, a bot that always takes the first legal move::

        class FirstBot:
            name = "first"

            def choose(self, view: View, legal: Sequence[Move]) -> Move:
                return legal[0]

    Such a bot passes ``mypy --strict`` wherever a :class:`Bot` is expected.

    Example::

        from collections.abc import Sequence
        from lisboa_core import Bot, Move, View, play_game

        class FirstMove:
            name = "first"

            def choose(self, view: View, legal: Sequence[Move]) -> Move:
                return legal[0]

        assert isinstance(FirstMove(), Bot)
        final, moves = play_game([FirstMove(), FirstMove()], seed=2, max_decisions=20)
    """

    @property
    def name(self) -> str:
        """A short name for tables and logs (``random``, ``greedy``)."""
        ...

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        """The move the bot makes for ``view.seat``.

        :param view: what the seat to act may see.
        :param legal: the legal moves (``legal_moves`` of the real state, never empty).
        :returns: one of ``legal``.
        """
        ...


def chance_move(view: View | GameState) -> Move | None:
    """The outcome a bot plays when it is handed a state at a chance step (no seat decides
    it: :func:`~lisboa_core.sample_chance`'s, as every generic driver applies), else None."""
    if not isinstance(view, View) and is_chance(view):
        return sample_chance(view)
    return None


def _check(legal: Sequence[Move]) -> None:
    if not legal:
        raise LisboaError("a bot was asked to choose from no legal moves")


class RandomBot:
    """Picks a legal move uniformly at random, from its own generator seeded by ``seed``.

    The same seed and the same questions give the same answers on every platform (the
    generator is the engine's :class:`~lisboa_core.core.rng.Rng`, never the ``random`` module).

    :param seed: seeds the bot's generator.

    Example::

        from lisboa_core import RandomBot, legal_moves, new_game, observe

        state = new_game(players=2, seed=1)
        move = RandomBot(seed=7).choose(observe(state, state.to_act), legal_moves(state))
        assert move in legal_moves(state)
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def choose(self, view: View | GameState, legal: Sequence[Move]) -> Move:
        """A legal move drawn at random (the view is not even looked at).

        :param view: what the seat to act may see (unused).
        :param legal: the legal moves.
        :raises LisboaError: if ``legal`` is empty.
        """
        _check(legal)
        rolled = chance_move(view)
        if rolled is not None:
            return rolled
        index, self._rng = self._rng.below(len(legal))
        return legal[index]


def position_values(state: GameState) -> list[float]:
    """How good ``state`` looks for every seat, by its game's judgement
    (:meth:`Game.position_values <lisboa_core.games.Game.position_values>`; Lisboa's:
    :func:`lisboa_core.games.lisboa.heuristic.position_values`), for search bots that
    judge a position for all seats at once.

    :param state: any state (a sampled one, for a bot).
    """
    return game_of(state).position_values(state)


def position_value(state: GameState, seat: int) -> float:
    """How good ``state`` looks for ``seat``: the :class:`GreedyBot` heuristic, the game's
    :meth:`~lisboa_core.games.Game.position_values` for that seat (Lisboa's: the projected
    final score less the best other seat's, plus small amounts for resources that turn into
    wigs later).

    :param state: any state (a sampled one, for a bot).
    :param seat: the seat the value is for.
    """
    return position_values(state)[seat]


class GreedyBot:
    """Tries every legal move on a state sampled from its view
    (:func:`~lisboa_core.games.lisboa.views.determinize`, one sample per decision) and keeps the
    move
    after which :func:`position_value` is highest for its seat; ties go to chance (its own
    generator, seeded by ``seed``).

    A move is judged once the action it starts is finished: after the move, the bot's own
    further decisions of the same action (up to ``depth`` of them, until a new turn or the
    end-of-turn card choice, or another seat decides) are taken by one-step lookahead. So a
    visit, which costs influence now and builds a store two decisions later, is judged by
    the store. ``value`` replaces the heuristic (any function of a state and a seat, higher
    is better); ``depth=0`` judges every move by the very next state.

    The bot never reads hidden information: the sampled state only agrees with what its
    seat sees, and the same view and the same generator state give the same choice.

    :param seed: seeds the bot's generator (samples and tie-breaks).
    :param value: the heuristic, ``value(state, seat)``; higher is better.
    :param depth: how many of its own further decisions to play out before judging.

    Example::

        from lisboa_core import GreedyBot, RandomBot, play_game

        final, moves = play_game([GreedyBot(1), RandomBot(2)], seed=5, max_decisions=30)
        assert len(moves) == 30
    """

    name = "greedy"

    def __init__(
        self,
        seed: int = 0,
        value: Callable[[Any, int], float] = position_value,
        depth: int = 6,
    ) -> None:
        self._rng = Rng(seed)
        self._value = value
        self.depth = depth
        """How many of its own further decisions the bot plays out before judging a move."""

    def choose(self, view: View | GameState, legal: Sequence[Move]) -> Move:
        """The legal move with the best value once the action it starts is finished.

        :param view: what the seat to act may see (a state is looked at through
            :func:`as_view`).
        :param legal: the legal moves.
        :raises LisboaError: if ``legal`` is empty.
        """
        _check(legal)
        if len(legal) == 1:
            return legal[0]
        rolled = chance_move(view)
        if rolled is not None:
            return rolled
        seen = as_view(view)
        sample_seed, self._rng = self._rng.next()
        state = determinize(seen, sample_seed)
        # Every move applied before any is judged: the engine keeps the legal moves of the
        # state it last listed, which judging a move (listing the next ones) would replace.
        children = []
        for move in legal:
            try:
                children.append((move, apply(state, move)))
            except IllegalMoveError:  # legal in the real game, not in this sample
                continue
        scored = [(self._finish(after, seen.seat, self.depth), move) for move, after in children]
        if not scored:
            return legal[0]
        top = max(v for v, _ in scored)
        best = [m for v, m in scored if v > top - 1e-9]
        index, self._rng = self._rng.below(len(best))
        return best[index]

    def judge(self, state: Any, seat: int) -> float:
        """The value of ``state`` for ``seat`` once the seat's own further decisions of the
        action under way are taken by one-step lookahead (how this bot judges a move).

        :param state: a full state (a sampled one, for a bot).
        :param seat: the seat the value is for.
        """
        return self._finish(state, seat, self.depth)

    def _finish(self, state: Any, seat: int, depth: int) -> float:
        """The value after the seat's own next decisions of the same action, each taken by
        one-step lookahead (at most ``depth`` of them)."""
        boundaries = game_of(state).boundaries
        judged: float | None = None  # the value of ``state``, once known
        while depth > 0 and not is_over(state) and state.to_act == seat:
            if state.pending[-1].kind in boundaries:
                break
            best: tuple[float, Any] | None = None
            for move in legal_moves(state):
                after = apply(state, move)
                value = self._value(after, seat)
                if best is None or value > best[0]:
                    best = (value, after)
            if best is None:
                break
            judged, state = best
            depth -= 1
        return self._value(state, seat) if judged is None else judged


def __getattr__(name: str) -> object:
    # ISMCTSBot lives in search_bot (built on this module) and is offered here too.
    if name == "ISMCTSBot":
        from lisboa_core.bots.ismcts import ISMCTSBot

        return ISMCTSBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _ismcts(seed: int) -> Bot:
    from lisboa_core.bots.ismcts import ISMCTSBot

    return ISMCTSBot(seed)


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": _ismcts,
}
"""The built-in bots by name, each made from a seed (``BOTS["greedy"](7)``)."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name: a built-in one (see :data:`BOTS`), or a user's bot class or factory
    written ``module:name`` (``my_bots:CautiousBot``), called with the seed.

    :param name: ``random``, ``greedy``, ``ismcts``, or ``module:name``.
    :param seed: the bot's seed.
    :raises LisboaError: naming the known bots for an unknown name, or saying why a
        ``module:name`` bot could not be made.

    Example::

        from lisboa_core.bots.basic import make_bot

        assert make_bot("greedy", 3).name == "greedy"
        assert make_bot("lisboa_core.bots.basic:RandomBot", 1).name == "random"
    """
    if ":" in name:
        return _user_bot(name, seed)
    try:
        factory = BOTS[name]
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise LisboaError(
            f"unknown bot {name!r}; the built-in bots are {known}, or give module:name"
        ) from None
    return factory(seed)


def _user_bot(spec: str, seed: int) -> Bot:
    import importlib  # late: only user bots need it

    module_name, _, attribute = spec.partition(":")
    try:
        factory = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as err:
        raise LisboaError(f"bot {spec!r}: cannot load it ({err})") from None
    if not callable(factory):
        raise LisboaError(f"bot {spec!r}: {attribute} is not a class or function")
    bot = factory(seed)
    if not callable(getattr(bot, "choose", None)):
        raise LisboaError(f"bot {spec!r}: what it made has no choose(view, legal) method")
    return bot  # type: ignore[no-any-return]


def play_game(
    bots: Sequence[Bot],
    players: int | None = None,
    seed: int = 0,
    *,
    options: Any = None,
    rules: Any = None,
    on_move: Callable[[Any, Move, Any], None] | None = None,
    max_decisions: int | None = None,
    game: str | Game | None = None,
) -> tuple[Any, tuple[Move, ...]]:
    """Play a game between bots; returns the final state and every move made, in order.

    Seat ``i`` is played by ``bots[i % len(bots)]`` (so one bot may play every seat);
    ``players`` defaults to ``len(bots)``. The game is ``new_game(players, seed, ...,
    game=game)``; each decision goes to the bot of the seat to act, which sees only
    :func:`~lisboa_core.views.observe` of the state. ``on_move(before, move, after)`` is
    called after every move (for logs); ``max_decisions`` stops a game early (the state
    returned is then unfinished). A chance step (a die roll) is resolved by
    :func:`~lisboa_core.sample_chance`, from the state's generator, and its outcome is among
    the moves returned. With deterministic bots (the built-in ones, seeded) the same
    arguments give the same game.

    :param bots: the bots, by seat (cycled if fewer than the seats).
    :param players: number of seats (default: one per bot).
    :param seed: the game's seed (:func:`~lisboa_core.new_game`).
    :param options: rule variants (default: none).
    :param rules: the catalogue (default: the game's shipped one).
    :param on_move: called as ``on_move(before, move, after)`` after every move.
    :param max_decisions: stop after this many decisions (default: play to the end).
    :param game: the game (a name of :func:`lisboa_core.games.games`; default: the game of
        ``rules``, else Lisboa).
    :returns: ``(final_state, moves)``.
    :raises IllegalMoveError: if a bot returns a move that is not legal.
    :raises LisboaError: if ``bots`` is empty or the game is not played by ``players``.

    Example::

        from lisboa_core import GreedyBot, RandomBot, play_game, winners

        final, moves = play_game([GreedyBot(1), RandomBot(2)], seed=5, max_decisions=40)
        print(len(moves), winners(final))
    """
    if not bots:
        raise LisboaError("play_game needs at least one bot")
    chosen = chosen_game(game, rules)
    state = new_game(len(bots) if players is None else players, seed, options=options,
                     rules=rules, game=chosen)
    moves: list[Move] = []
    while not is_over(state) and (max_decisions is None or len(moves) < max_decisions):
        seat = state.to_act
        assert seat is not None
        if is_chance(state):
            move = sample_chance(state)
        else:
            bot = bots[seat % len(bots)]
            legal = legal_moves(state)
            move = bot.choose(chosen.observe(state, seat), legal)
            if move not in legal:
                raise IllegalMoveError(
                    f"bot {bot.name!r} (seat {seat}) chose illegal move {move}")
        after = apply(state, move)
        moves.append(move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    return state, tuple(moves)
