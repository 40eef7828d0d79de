"""Playing any registered game: start a game, list and apply moves, explain, parse
notation, score, load a catalogue, describe a component.

These are the functions of the public API (:mod:`lisboa_core.api` and the top level serve
them); they live beside the registry so that the layers below the public API (saves and
records in :mod:`lisboa_core.persistence`, the conformance suite) play through them without
calling up into it. Every function takes the state first and works through the state's
game (:func:`lisboa_core.games.game_of`); only :func:`new_game` and :func:`load_rules` name a
game (Lisboa unless ``game=`` says otherwise).
"""

from __future__ import annotations

import random
import warnings
from typing import Any, TypeVar, overload

from lisboa_core._args import expect, expect_int, expect_move, expect_playable
from lisboa_core.core.chance import CHANCE
from lisboa_core.core.immutable import GameState
from lisboa_core.core.moves import Move
from lisboa_core.core.stack import DecisionStack
from lisboa_core.errors import IllegalMoveError, LisboaDeprecationWarning, LisboaError
from lisboa_core.games import Game, default_game, game_for_rules, game_of
from lisboa_core.games import game as _game

S = TypeVar("S", bound=GameState)

# The decision stack of each state class's game. The game loop calls legal_moves (or
# random_move) and apply on every decision, and game_of's general lookup (a view, a state
# of a game not looked up yet) costs more than the rest of a call whose answer is cached;
# the registry never gives a state class another game, so its answer is kept here.
_STACKS: dict[type, DecisionStack[Any]] = {}


def _stack(state: GameState) -> DecisionStack[Any]:
    """The decision stack of ``state``'s game (:func:`game_of`, remembered per class)."""
    found = _STACKS.get(type(state))
    if found is None:
        found = _STACKS[type(state)] = game_of(state).stack
    return found

__all__ = [
    "CHANCE",
    "apply",
    "chance_outcomes",
    "describe",
    "describe_move",
    "explain_illegal",
    "is_chance",
    "is_over",
    "legal_moves",
    "load_rules",
    "new_game",
    "parse_move",
    "random_move",
    "sample_chance",
    "score",
    "settle_forced",
    "winners",
]


def new_game(
    players: int | None = None,
    seed: int = 0,
    *,
    options: Any = None,
    rules: Any = None,
    game: str | Game = "lisboa",
) -> GameState:
    """A new game, every shuffle drawn from ``seed``: Lisboa by default (2-4 players, set up
    per R2), or the game named ``game`` (see :func:`lisboa_core.games.games`).

    The first decisions are the seats' setup choices (in Lisboa, which clergy tile to
    keep). ``rules`` defaults to the game's shipped catalogue (:func:`load_rules`);
    ``players`` defaults to the game's usual count (Lisboa: 4).

    Example::

        from lisboa_core import new_game

        state = new_game(players=3, seed=42)
        assert state.player_count == 3 and new_game(players=3, seed=42) == state
    """
    chosen = _game(game)
    if players is None:
        players = chosen.default_players
    expect_int(players, "new_game", "players")
    expect_int(seed, "new_game", "seed")
    if players not in chosen.players:
        counts = ", ".join(map(str, chosen.players))
        raise LisboaError(
            f"new_game(): {chosen.title} is played by {counts} players, not {players}"
        )
    if options is not None and chosen.options_type is not None:
        expect(options, chosen.options_type, "new_game", "options")
    if rules is not None:
        expect(rules, chosen.rules_type, "new_game", "rules")
    state: GameState = chosen.new_state(rules or chosen.load_rules(), players, seed, options)
    state = chosen.stack.advance(state)
    if chosen.hidden_information and state.rng.seed == 0 and state.rng.counter == 0:
        # The generator at its zero value marks a view's state (see Game.hidden_information).
        raise LisboaError(
            f"new_game(): {chosen.title}'s setup left the generator at its zero value (seed "
            "0, nothing drawn), which marks a seat's view: a game with hidden information "
            "must draw from state.rng at setup, or declare hidden_information = False")
    return state


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of the seat to act (``state.to_act``), in a deterministic order.

    Empty when the game is over. At a chance step (:func:`~lisboa_core.is_chance`) these are its
    outcomes, as OpenSpiel lists a chance node's (:func:`~lisboa_core.chance_outcomes` gives their
    probabilities, :func:`~lisboa_core.sample_chance` the one a seeded game draws).

    Example::

        from lisboa_core import legal_moves, new_game

        state = new_game(players=2, seed=1)
        print([str(m) for m in legal_moves(state)])  # the setup: keep one of two clergy tiles
    """
    expect_playable(state, "legal_moves")
    return _stack(state).offered(state) if state.pending else ()


def random_move(state: GameState, rng: random.Random) -> Move:
    """A legal move drawn uniformly at random, for bots, rollouts and simulations.

    Faster than ``rng.choice(legal_moves(state))``: the moves are tried in a random order
    and the first one proven legal is returned, so most moves are never played out; the
    proof is kept for the :func:`apply` that usually follows. Every legal move is equally
    likely (the first legal move of a uniformly random order).

    At a chance step the outcome is :func:`~lisboa_core.sample_chance`'s, drawn from the state's own
    generator (``rng`` is not used), so a seeded game rolls the same dice whoever plays it.

    :param state: a state whose game is not over.
    :param rng: the generator that draws (seed it to repeat a game).
    :raises LisboaError: if the game is over.

    Example::

        import random
        from lisboa_core import apply, is_over, new_game, random_move

        state, rng = new_game(players=2, seed=1), random.Random(1)
        while not is_over(state):
            state = apply(state, random_move(state, rng))
    """
    expect_playable(state, "random_move")
    expect(rng, random.Random, "random_move", "rng")
    if not state.pending:
        raise LisboaError("random_move(): the game is over")
    if state.pending[-1].seat == CHANCE:
        return sample_chance(state)
    move: Move = _stack(state).sample_move(state, rng)
    return move


def is_chance(state: GameState) -> bool:
    """True when the step on top is a chance step (a die to roll, a card to draw): its
    outcomes are drawn, not decided; ``state.to_act`` is then :data:`CHANCE`.

    Example::

        from lisboa_core import is_chance, new_game

        assert not is_chance(new_game(players=2, seed=1))  # Lisboa has no chance step
    """
    expect(state, GameState, "is_chance", "state")
    return bool(state.pending) and state.pending[-1].seat == CHANCE


def chance_outcomes(state: GameState) -> tuple[tuple[Move, float], ...]:
    """The outcomes of the chance step on top of ``state``, each move with its probability
    (summing to 1), in :func:`legal_moves` order; empty at a decision or at the end.

    Applying any outcome with :func:`apply` resolves the step (a test sets the dice so);
    a move that is not an outcome raises :class:`~lisboa_core.errors.IllegalMoveError`.

    Example::

        from lisboa_core import apply, chance_outcomes, is_chance, new_game

        state = new_game(players=2, seed=1, game="tiletum")
        assert is_chance(state)  # the first die of round 1
        move, probability = chance_outcomes(state)[0]
        state = apply(state, move)  # that die rolled so
    """
    expect(state, GameState, "chance_outcomes", "state")
    if not state.pending or state.pending[-1].seat != CHANCE:
        return ()
    found: tuple[tuple[Move, float], ...] = game_of(state).chance_outcomes(state)
    return found


def sample_chance(state: GameState) -> Move:
    """The outcome of the chance step on top of ``state`` that the generic drivers
    (``random_move``, ``play_game``, ``record_game``, ``Match``, the bots and the AI
    adapters) apply: drawn from the state's generator with the outcomes' probabilities,
    so it is the same for the same state (a seeded game plays the same every time; a
    sampled state of a bot draws its own).

    :raises LisboaError: if no chance step is on top.

    Example::

        from lisboa_core import apply, is_chance, new_game, sample_chance

        state = new_game(players=2, seed=1, game="tiletum")
        while is_chance(state):
            state = apply(state, sample_chance(state))  # round 1's dice
    """
    expect_playable(state, "sample_chance")
    if not is_chance(state):
        raise LisboaError("sample_chance(): no chance step is on top of this state")
    move: Move = game_of(state).sample_chance(state)
    return move


def settle_forced(state: S) -> tuple[S, tuple[Move, ...]]:
    """Apply every decision that offers exactly one legal move, until a real choice (or
    the end of the game); returns the state and the moves applied, in order.

    The engine asks every decision the rules give a seat, even one with a single legal
    move (``may`` offering only ``no``, a follow offering only ``pass``): records, replays
    and bots see the same sequence of decisions whatever is offered. A front end or a bot
    that does not want to be asked when there is nothing to choose calls this after each
    move (and records the moves it returns, so the game replays).

    Example::

        from lisboa_core import legal_moves, new_game, settle_forced

        state, forced = settle_forced(new_game(players=2, seed=1))
        assert len(legal_moves(state)) != 1 and forced == ()
    """
    expect_playable(state, "settle_forced")
    stack = _stack(state)
    applied = []
    while state.pending:
        moves = legal_moves(state)
        if len(moves) != 1:
            break
        applied.append(moves[0])
        state = stack.apply_move(state, moves[0])
    return state, tuple(applied)


def apply(state: S, move: Move) -> S:
    """The state after ``move`` and every automatic step that follows it.

    Raises :class:`~lisboa_core.errors.IllegalMoveError` saying why the move is illegal;
    ``state`` itself never changes.

    Example::

        from lisboa_core import apply, legal_moves, new_game

        state = new_game(players=2, seed=1)
        after = apply(state, legal_moves(state)[0])
        assert after != state  # the input state never changes
    """
    expect_playable(state, "apply")
    expect_move(move, "apply")
    after: S = _stack(state).apply_move(state, move)
    return after


def explain_illegal(state: GameState, move: Move) -> str | None:
    """Why ``move`` is illegal in ``state``, or ``None`` if it is legal.

    Example::

        from lisboa_core import Move, explain_illegal, legal_moves, new_game

        state = new_game(players=2, seed=1)
        assert explain_illegal(state, legal_moves(state)[0]) is None
        print(explain_illegal(state, Move("pass")))  # why: the decision and its moves
    """
    expect_playable(state, "explain_illegal")
    expect_move(move, "explain_illegal")
    reason: str | None = _stack(state).explain(state, move)
    return reason


def describe_move(state: GameState | Any, move: Move) -> str:
    """What ``move`` does in ``state``, in plain words, from the texts of the cards it names
    (Lisboa: ``tuck ID (the card's name): its reward; penalty: its penalty; influence N;
    then sell goods or trade``; Puerto Rico: the role, tile or building by name and what it
    does).

    ``state`` is the state the move is chosen in (``done``, ``pass`` or ``option 2`` mean
    what the decision on top makes them mean), or a :class:`~lisboa_core.views.View` of it
    (what a bot sees). The text is for people and may change between versions; the notation
    (``str(move)``) is what programs should keep.

    :raises IllegalMoveError: if ``move`` is not legal in ``state`` (the reason, as
        :func:`explain_illegal` gives it).

    Example::

        from lisboa_core import describe_move, legal_moves, new_game

        state = new_game(players=2, seed=1)
        for move in legal_moves(state):
            print(move, "-", describe_move(state, move))  # keep ID - keep clergy tile ID ...
    """
    inner = getattr(state, "state", state)  # a View's state
    expect(inner, GameState, "describe_move", "state")
    expect_move(move, "describe_move")
    found = game_of(inner)
    reason = found.stack.explain(inner, move) if inner.pending else "the game is over"
    if reason is not None:
        raise IllegalMoveError(f"describe_move(): {move} is not legal here: {reason}")
    return found.describe_move(inner, move)


def is_over(state: GameState) -> bool:
    """True when the game has ended (no decision is pending).

    Example::

        from lisboa_core import is_over, new_game

        assert not is_over(new_game(players=2, seed=1))
    """
    expect(state, GameState, "is_over", "state")
    return not state.pending


@overload
def parse_move(state: GameState, text: str) -> Move: ...


@overload
def parse_move(state: str, text: GameState) -> Move: ...


def parse_move(state: GameState | str, text: str | GameState) -> Move:
    """The legal move of ``state`` whose notation is ``text`` (spacing is free), whatever
    the game. The state comes first, as in every function of the API; the old order
    ``parse_move(text, state)`` still works for one release, with a
    :class:`~lisboa_core.errors.LisboaDeprecationWarning`.

    Raises :class:`~lisboa_core.errors.IllegalMoveError` if no legal move reads so.

    Example::

        from lisboa_core import legal_moves, new_game, parse_move

        state = new_game(players=2, seed=1)
        text = str(legal_moves(state)[-1])
        assert parse_move(state, text) == legal_moves(state)[-1]
    """
    if isinstance(state, str) and not isinstance(text, str):
        warnings.warn(
            "parse_move(text, state) is deprecated: pass the state first, "
            "parse_move(state, text) (removed in 0.3)",
            LisboaDeprecationWarning, stacklevel=2,
        )
        state, text = text, state
    expect(text, str, "parse_move", "text")
    expect_playable(state, "parse_move")
    assert isinstance(state, GameState) and isinstance(text, str)  # for the type checker
    wanted = " ".join(text.split())
    for move in legal_moves(state):
        if str(move) == wanted:
            return move
    kind = wanted.split(" ", 1)[0] if wanted else ""
    probe = Move(kind, tuple(wanted.split()[1:]))
    reason = explain_illegal(state, probe) if state.pending else "the game is over"
    # the reason starts with the move; the message names it once
    reason = str(reason).removeprefix(f"{probe}: ").removeprefix(f"{wanted}: ")
    raise IllegalMoveError(f"no legal move reads {wanted!r}: {reason}")


def score(state: GameState) -> Any:
    """The score sheet of any state of any game: final on a finished game, a projection
    otherwise (Lisboa's: :class:`~lisboa_core.games.lisboa.rules.scoring.ScoreSheet`, by
    the categories of R16.3).

    Example::

        from lisboa_core import new_game, score

        for seat in score(new_game(players=2, seed=1)).seats:
            print(seat.seat, seat.total)
    """
    expect(state, GameState, "score", "state")
    return game_of(state).score(state)


def winners(state: GameState) -> tuple[int, ...]:
    """The winning seat(s) of ``state``, after the game's tie-breakers (a shared win lists
    several): ``score(state).winners``, for every game.

    Example::

        from lisboa_core import new_game, score, winners

        state = new_game(players=2, seed=1)
        assert winners(state) == score(state).winners
    """
    found: tuple[int, ...] = tuple(score(state).winners)
    return found


def load_rules(*paths: Any, game: str | Game | None = None, overlay: Any = (),
               reload: bool = False) -> Any:
    """The catalogue of ``game`` (a name or a :class:`~lisboa_core.games.Game`; default
    Lisboa): its shipped cards (no ``paths``) or the given card files and folders, with the
    ``overlay`` files laid over them (replacing or adding components by id); cached by the
    files' contents unless ``reload``.

    :raises CardSyntaxError: for a card file that does not follow the grammar.
    :raises CardValidationError: for cards that break the game's schema or counts.

    Example::

        from lisboa_core import load_rules, new_game

        rules = load_rules(game="tiletum")
        assert new_game(players=2, seed=1, game="tiletum", rules=rules).catalogue == rules.digest
    """
    return _game(game if game is not None else default_game()).load_rules(
        *paths, overlay=overlay, reload=reload)


def describe(component: Any, rules: Any = None) -> str:
    """Plain words for a component of any game: ``component`` is the component or its id,
    ``rules`` the catalogue it is in (its game's
    :meth:`~lisboa_core.games.Game.describe_component`). Without ``rules``, a component of
    Lisboa's catalogue is described from its own data.

    :raises TypeError: for anything but a component (or an id, with ``rules``).
    :raises KeyError: for an id the catalogue lacks.

    Example::

        from lisboa_core import describe, load_rules

        print(describe(load_rules().clergy[0]))  # the tile's effects in English
        rules = load_rules(game="puerto-rico")
        print(describe(rules.buildings[0].id, rules))
    """
    if rules is None:
        if isinstance(component, str) or not hasattr(component, "id"):
            raise TypeError(f"describe(): component must be a Component (or an id with its "
                            f"catalogue), not {type(component).__name__}")
        found = default_game()
        return str(found.describe_component({component.id: component}, component.id))
    owner = game_for_rules(rules)
    if owner is None:
        raise TypeError(f"describe(): rules must be a game's catalogue, not "
                        f"{type(rules).__name__}")
    ident = component if isinstance(component, str) else getattr(component, "id", None)
    if not isinstance(ident, str):
        raise TypeError(f"describe(): component must be a component or its id, not "
                        f"{type(component).__name__}")
    return str(owner.describe_component(rules, ident))
