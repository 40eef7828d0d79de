"""The games the engine plays, and the registry a third-party game joins.

A game is a package plus a card folder. It describes itself with one :class:`Game` object:
its name, its player counts, its decision stack, and the functions that set it up, score
it, show it and save it. Everything else — ``legal_moves``, ``apply``, saves, records,
bots, simulations, the AI adapters, the engine protocol, the browser table and the command
line — works for every registered game without the game doing anything.

Games are found by name: the ones shipped with the library, then any package that
declares an entry point in the group ``lisboa_core.games`` whose value is its
:class:`Game` object (``mygame = "my_package.game:GAME"`` in its ``pyproject.toml``), then
any object passed to :func:`register_game`.

Example::

    from lisboa_core.games import game, games

    assert "lisboa" in games() and "puerto-rico" in games()
    print(game("lisboa").title, game("lisboa").players)
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from lisboa_core.errors import LisboaError

if TYPE_CHECKING:
    from lisboa_core.core.stack import DecisionStack
    from lisboa_core.dsl.vocabulary import Vocabulary

__all__ = [
    "ENTRY_POINT_GROUP",
    "Game",
    "game",
    "game_of",
    "games",
    "register_game",
]

ENTRY_POINT_GROUP = "lisboa_core.games"
"""The entry-point group third-party games register in."""

_BUILT_IN: dict[str, str] = {
    "lisboa": "lisboa_core.games.lisboa.game:GAME",
    "puerto-rico": "lisboa_core.games.puerto_rico.game:GAME",
}


class Game:
    """What a game supplies; subclass it and give the library one instance.

    The attributes say what the game is (:attr:`name`, :attr:`players`, ...); the methods
    are the game's own parts. A method the game does not provide raises
    ``NotImplementedError`` naming it, and the surfaces that need it say so.

    The state class must come from the game's field list (a
    :class:`~lisboa_core.core.immutable.GameState`), and :attr:`stack` must be the
    :class:`~lisboa_core.core.stack.DecisionStack` its rules registered their frames in.
    """

    name: str = ""
    """The name users choose it by (``lisboa``, ``puerto-rico``): lower case, hyphens."""
    title: str = ""
    """Its name in print (``Puerto Rico``)."""
    players: tuple[int, ...] = ()
    """The player counts it supports."""
    default_players: int = 0
    """The player count when none is given."""
    chance: bool = False
    """Whether chance steps happen during play (dice, draws): a chance frame offers its
    outcomes with their probabilities."""
    hidden_information: bool = True
    """Whether a seat may not see everything (hands, face-down stacks, the generator)."""
    rule_prefix: str = "R"
    """How its rules reference numbers rules (``R8.1.2``, ``PR3.2``): tests cite them so."""
    max_decisions: int = 5000
    """A bound on the decisions of a whole game (adapters use it as the game length)."""
    stack: DecisionStack[Any]
    """Its :class:`~lisboa_core.core.stack.DecisionStack`."""
    state_type: type = object
    """Its state class (generated from its field list)."""
    options_type: type | None = None
    """Its class of rule variants, or ``None``."""
    rules_type: type = object
    """Its catalogue class (what :meth:`load_rules` returns)."""
    vocabulary: Vocabulary
    """The words of its card files (:class:`~lisboa_core.dsl.vocabulary.Vocabulary`)."""
    effect_handlers: dict[str, Any]
    """Its interpreter's function per effect kind (``(state, seat, do, ctx) -> state``);
    :func:`lisboa_core.extend.register_effect` adds to it."""
    subject_counts: dict[str, Any]
    """How each scoring subject is counted (``(state, seat, filters) -> int``);
    :func:`lisboa_core.extend.register_subject` adds to it."""

    def emit(self, state: Any, seat: int, event: str, what: str | None = None) -> Any:
        """Announce ``event`` to ``seat``'s triggers (:func:`lisboa_core.extend.fire`)."""
        raise self._missing("emit")

    def _missing(self, what: str) -> NotImplementedError:
        return NotImplementedError(f"the game {self.name!r} does not provide {what}")

    def load_rules(self, *paths: Any, overlay: Any = (), reload: bool = False) -> Any:
        """Its catalogue: the shipped cards (no ``paths``) or the given card files and
        folders; ``overlay`` files replace or add components by id."""
        raise self._missing("load_rules")

    def new_state(self, rules: Any, players: int, seed: int, options: Any) -> Any:
        """A new game set up from ``seed`` (the decision stack then runs its automatic
        steps)."""
        raise self._missing("new_state")

    def score(self, state: Any) -> Any:
        """The itemised score sheet of any state (a projection before the end)."""
        raise self._missing("score")

    def observe(self, state: Any, seat: int) -> Any:
        """What ``seat`` may see of ``state`` (a :class:`~lisboa_core.views.View`)."""
        raise self._missing("observe")

    def determinize(self, view: Any, seed: int) -> Any:
        """A full, playable state the view's seat could not tell from the real one."""
        raise self._missing("determinize")

    def position_values(self, state: Any) -> list[float]:
        """How good the position looks for each seat (the greedy bot's heuristic)."""
        raise self._missing("position_values")

    def render_text(self, state_or_view: Any) -> str:
        """The position as text."""
        raise self._missing("render_text")

    def render_score_sheet(self, sheet: Any) -> str:
        """A score sheet as a text table."""
        raise self._missing("render_score_sheet")

    def svg(self, state_or_view: Any, **options: Any) -> str:
        """The position as an SVG picture."""
        raise self._missing("svg")

    def describe_move(self, state: Any, move: Any) -> str:
        """What ``move`` does, in words."""
        return str(move)

    def check_invariants(self, state: Any) -> list[str]:
        """The invariants ``state`` breaks, in words (empty: none)."""
        raise self._missing("check_invariants")

    def action_space(self, rules: Any) -> tuple[Any, ...]:
        """Every move of any state, in a fixed order (the stable action index)."""
        raise self._missing("action_space")

    def codec(self) -> Any:
        """Its saved-state codec (:class:`~lisboa_core.persistence.serialize.StateCodec`)."""
        raise self._missing("codec")

    def __repr__(self) -> str:
        return f"<Game {self.name}: {self.title}, {min(self.players)}-{max(self.players)} players>"


_REGISTERED: dict[str, Game] = {}
_BY_TYPE: dict[type, Game] = {}
_SCANNED = False


def _load(target: str) -> Game:
    module, _, attribute = target.partition(":")
    found = getattr(importlib.import_module(module), attribute)
    if not isinstance(found, Game):
        raise LisboaError(f"{target} is not a lisboa_core.games.Game")
    return found


def _scan() -> None:
    global _SCANNED
    if _SCANNED:
        return
    _SCANNED = True
    for name, target in list(_BUILT_IN.items()):
        try:
            found = importlib.util.find_spec(target.partition(":")[0])
        except ModuleNotFoundError:
            found = None
        if found is None:
            del _BUILT_IN[name]  # a game still being written
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name not in _BUILT_IN and point.name not in _REGISTERED:
            _BUILT_IN[point.name] = point.value


def register_game(found: Game) -> Game:
    """Make ``found`` known by its name (for a game not installed with an entry point, such
    as one defined in a notebook or a test); returns it.

    :raises LisboaError: for a name already taken by another game.
    """
    if not isinstance(found, Game):
        raise TypeError(f"register_game(): expected a Game, not {type(found).__name__}")
    current = _REGISTERED.get(found.name)
    if current is not None and current is not found:
        raise LisboaError(f"a game named {found.name!r} is registered already")
    _REGISTERED[found.name] = found
    _BY_TYPE[found.state_type] = found
    return found


def games() -> tuple[str, ...]:
    """The names of every game that can be played, sorted."""
    _scan()
    return tuple(sorted({*_BUILT_IN, *_REGISTERED}))


def game(name: str | Game = "lisboa") -> Game:
    """The game called ``name`` (a :class:`Game` is returned as it is).

    :raises LisboaError: for a name no game has, listing the names there are.
    """
    if isinstance(name, Game):
        return name
    found = _REGISTERED.get(name)
    if found is not None:
        return found
    _scan()
    target = _BUILT_IN.get(name)
    if target is None:
        raise LisboaError(f"no game named {name!r}; the games are {', '.join(games())}")
    return register_game(_load(target))


def game_of(value: Any) -> Game:
    """The game a state, a view (or anything with a ``state``) belongs to."""
    state = getattr(value, "state", value)
    found = _BY_TYPE.get(type(state))
    if found is not None:
        return found
    for name in games():  # a state of a game not looked up yet by name
        candidate = game(name)
        if isinstance(state, candidate.state_type):
            return candidate
    raise TypeError(f"{type(value).__name__} is not the state of a registered game")


def each(function: Callable[[Game], Any]) -> dict[str, Any]:
    """``function`` applied to every game, by name (for the conformance suite and docs)."""
    return {name: function(game(name)) for name in games()}
