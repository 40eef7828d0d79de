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
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from lisboa_core.core.immutable import set_game_lookup
from lisboa_core.errors import LisboaError
from lisboa_core.games import generic
from lisboa_core.games.declaration import CAPABILITIES, GameType

if TYPE_CHECKING:
    from lisboa_core.core.stack import DecisionStack
    from lisboa_core.dsl.keys import KeyVocabulary
    from lisboa_core.dsl.vocabulary import Vocabulary

__all__ = [
    "CAPABILITIES",
    "ENTRY_POINT_GROUP",
    "Game",
    "GameType",
    "chosen_game",
    "default_game",
    "game",
    "game_for_rules",
    "game_of",
    "games",
    "register_game",
]

ENTRY_POINT_GROUP = "lisboa_core.games"
"""The entry-point group third-party games register in."""

_BUILT_IN: dict[str, str] = {
    "lisboa": "lisboa_core.games.lisboa.game:GAME",
    "puerto-rico": "lisboa_core.games.puerto_rico.game:GAME",
    "tiletum": "lisboa_core.games.tiletum.game:GAME",
}


class Game:
    """What a game supplies; subclass it and give the library one instance.

    The attributes say what the game is (:attr:`name`, :attr:`players`, ...); the methods
    are the game's own parts. A method the game must provide raises
    ``NotImplementedError`` naming it, and the surfaces that need it say so; the others
    have a sound default for any game (documented with each), so a new game gets every
    surface by registering and refines what it wants.

    The state class must come from the game's field list (a
    :class:`~lisboa_core.core.immutable.GameState` with a ``players`` field, so it has
    ``player_count``), and :attr:`stack` must be the
    :class:`~lisboa_core.core.stack.DecisionStack` its rules registered their frames in.
    The catalogue :meth:`load_rules` returns has a ``digest`` (saved states and records
    name it), which is also ``state.catalogue``.

    A game pickles as a reference by name (a worker process or a Ray task looks it up in its
    own registry, importing the game's module if it has to).

    Example::

        from lisboa_core.games import Game, game

        assert isinstance(game("puerto-rico"), Game) and game("tiletum").chance
        assert game("lisboa").player_counts() == "2 to 4"
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
    """Whether a seat may not see everything (hands, face-down stacks, the generator). A
    game without hidden information needs no :meth:`observe` nor :meth:`determinize`.

    A view's state holds the generator at its zero value (``Rng(0, 0)``: seed 0, nothing
    drawn), which is how the engine tells it from a playable state; so a game with hidden
    information draws from ``state.rng`` during setup, and :func:`lisboa_core.new_game`
    refuses a setup that leaves the generator at zero."""
    rule_prefix: str = "R"
    """How its rules reference numbers rules (``R8.1.2``, ``PR3.2``): tests cite them so."""
    max_decisions: int = 5000
    """A bound on the decisions of a whole game (adapters use it as the game length)."""
    boundaries: frozenset[str] = frozenset({"turn"})
    """Decisions that start something new (a turn, its main choice): the greedy bot's
    lookahead of a seat's own further decisions stops before them."""
    turn_decision: str | None = None
    """The kind of a turn's main decision, which the search bot searches deeper
    (:class:`~lisboa_core.bots.ismcts.ISMCTSBot`), or ``None`` (the default: no decision
    is searched so, whatever its kind is called)."""
    categories: tuple[str, ...] = ()
    """The categories of its score sheet, in order (simulations and balance studies
    report each)."""
    lower_wins: bool = False
    """Whether the lowest total wins (a game of penalty points): the score sheet ranks
    lowest-first (:func:`lisboa_core.games.generic.ranked`), and so do the bots'
    evaluation and the reports of simulations and balance studies."""
    unnamed: bool = False
    """Whether the surfaces leave this game's name out where they did before games had
    names: its records and the engine protocol's status carry no ``game``, its catalogue
    digest has no game header, report titles and the OpenSpiel class are unqualified.
    Only the library's first game, Lisboa, is unnamed, so that its saves, records and
    digests read as they always did; it is the game chosen when none is named
    (:func:`default_game`)."""
    points_name: str = "points"
    """What its victory points are called in reports (Lisboa: ``wigs``)."""
    event_words: Mapping[str, str] = MappingProxyType({})
    """How a table says the counts and places its events name (:mod:`lisboa_core.events`;
    read by :class:`lisboa_core.fronts.table_words.Words`), by the field's name without its
    seat (``players[2].doubloons`` -> ``doubloons``), its index (``role_takers[3]`` ->
    ``role_takers[]``) or the part after a dot (``houses.left`` -> ``houses.*``). A key may
    end with `` from V`` or `` to V`` (the count's value before or after) to take
    precedence for that value. A value is a name (``"victory points"``: the sentence is the
    generic one, ``You gain 2 victory points (now 5).``) or, ending with ``.``, the whole
    sentence; either may hold ``{item:LIST}`` (the index named by the entry of the state's
    or catalogue's ``LIST``, or by ``LIST`` written ``a|b|c``; ``{item:a_LIST}`` with its
    article: ``an`` before a vowel), ``{after:LIST}`` (the value
    so named; ``{after:seat}`` says a seat), ``{Who}``/``{who}``, ``{whose}``, ``{has}``,
    ``{s3}`` (a verb's third-person ``s``), ``{n}`` (the change), ``{s}``/``{after_s}``
    (plural endings), ``{before}``, ``{after}``, ``{rest}``. Empty (the default): every
    count and place is said from its field name."""
    stack: DecisionStack[Any]
    """Its :class:`~lisboa_core.core.stack.DecisionStack`."""
    state_type: type = object
    """Its state class (generated from its field list)."""
    options_type: type | None = None
    """Its class of rule variants (an attrs class), or ``None``."""
    rules_type: type = object
    """Its catalogue class (what :meth:`load_rules` returns)."""
    vocabulary: Vocabulary
    """The words of its card files (:class:`~lisboa_core.dsl.vocabulary.Vocabulary`), for a
    game whose cards the shared compiler reads."""
    key_vocabulary: KeyVocabulary | None = None
    """What its card files may say (:class:`~lisboa_core.dsl.keys.KeyVocabulary`), for a
    game that reads the shared syntax with a reader of its own (Puerto Rico); the
    card-language reference lists it."""
    effect_handlers: dict[str, Any]
    """Its interpreter's function per effect kind (``(state, seat, do, ctx) -> state``);
    :func:`lisboa_core.extend.register_effect` adds to it."""
    subject_counts: dict[str, Any]
    """How each scoring subject is counted (``(state, seat, filters) -> int``);
    :func:`lisboa_core.extend.register_subject` adds to it."""

    def emit(self, state: Any, seat: int, event: str, what: str | None = None) -> Any:
        """Announce ``event`` to ``seat``'s triggers (:func:`lisboa_core.extend.fire`).
    """
        raise self._missing("emit")

    sheet_type: type | None = None
    """Its score sheet class (what :meth:`score` returns; ``None``: a
    :class:`~lisboa_core.games.generic.PointsSheet`)."""

    def _missing(self, what: str) -> NotImplementedError:
        return NotImplementedError(f"the game {self.name!r} does not provide {what}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_by_name, (self.name, type(self).__module__))

    def load_rules(self, *paths: Any, overlay: Any = (), reload: bool = False) -> Any:
        """Its catalogue: the shipped cards (no ``paths``) or the given card files and
        folders; ``overlay`` files replace or add components by id.
    """
        raise self._missing("load_rules")

    def new_state(self, rules: Any, players: int, seed: int, options: Any) -> Any:
        """A new game set up from ``seed`` (the decision stack then runs its automatic
        steps).
    """
        raise self._missing("new_state")

    def default_options(self) -> Any:
        """The rule variants of a game when none are given (default: ``options_type()``,
        or ``None`` for a game without variants).
    """
        return None if self.options_type is None else self.options_type()

    def score(self, state: Any) -> Any:
        """The itemised score sheet of any state (a projection before the end).

        A sheet has ``seats`` (each with ``seat``, ``total``, ``so_far``: the points scored
        before final scoring, ``points(category)`` for each of :attr:`categories`, and
        ``tie_breaks``: its value of each tie-breaker), ``tie_breaks`` (the names of the
        tie-breakers, in the order they apply), ``winners`` (the winning seats after the
        tie-breakers), ``final`` and ``to_dict()`` (plain JSON data);
        :class:`lisboa_core.games.generic.PointsSheet` is one a game may use as it is.
    """
        raise self._missing("score")

    def observe(self, state: Any, seat: int) -> Any:
        """What ``seat`` may see of ``state`` (a :class:`~lisboa_core.views.View`).

        Default, for a game without hidden information only: the whole state.
    """
        if self.hidden_information:
            raise self._missing("observe")
        from lisboa_core.views import View  # late: views build on this module

        return View(_seat_of(state, seat), state)

    def determinize(self, view: Any, seed: int) -> Any:
        """A full, playable state the view's seat could not tell from the real one.

        Default, for a game without hidden information only: the view's state.
    """
        if self.hidden_information:
            raise self._missing("determinize")
        return view.state

    def position_values(self, state: Any) -> list[float]:
        """How good the position looks for each seat (the greedy bot's heuristic).

        Default: each seat's projected total (:meth:`score`) less the best of the others'
        (totals counted negative when :attr:`lower_wins`).
    """
        sign = -1.0 if self.lower_wins else 1.0
        totals = [sign * seat.total for seat in self.score(state).seats]
        return [t - max((o for i, o in enumerate(totals) if i != s), default=0.0)
                for s, t in enumerate(totals)]

    def render_text(self, state_or_view: Any) -> str:
        """The position as text.

        Default: every field of the state (as the seat sees it, for a view), one per line
        (:func:`lisboa_core.games.generic.text_of`).
    """
        return generic.text_of(self.title, state_or_view)

    def render_score_sheet(self, sheet: Any, names: Any = ()) -> str:
        """A score sheet as a text table (``names``: the seats' names, by seat).

        Default: one row per seat, a column per category, then the total
        (:func:`lisboa_core.games.generic.score_table`).
    """
        return generic.score_table(sheet, tuple(names))

    def render_catalogue(self, rules: Any) -> str:
        """A catalogue summarised as text (default: its digest and size).
    """
        try:
            size = f"{len(rules)} components, "
        except TypeError:
            size = ""
        return f"{self.title} catalogue: {size}digest {rules.digest}"

    def svg(self, state_or_view: Any, **options: Any) -> str:
        """The position as an SVG picture.

        Default: :meth:`render_text` drawn as lines of text
        (:func:`lisboa_core.games.generic.text_picture`).
    """
        return generic.text_picture(self.render_text(state_or_view))

    def chance_outcomes(self, state: Any) -> tuple[tuple[Any, float], ...]:
        """The outcomes of the chance step on top of ``state``, each move with its
        probability (they sum to 1); empty at a decision (see
        :mod:`lisboa_core.core.chance`).

        Default: what the chance frame registered with
        :meth:`~lisboa_core.core.stack.DecisionStack.register_chance` lists; a game without
        chance steps has none.
    """
        found: tuple[tuple[Any, float], ...] = self.stack.outcomes(state)
        return found

    def sample_chance(self, state: Any) -> Any:
        """The outcome the generic drivers apply at the chance step on top of ``state``:
        deterministic given the state.

        Default: one draw of the state's generator (``state.rng``) picks an outcome with its
        probability (:func:`~lisboa_core.core.chance.draw_outcome`); resolving the step
        consumes that draw.

        :raises LisboaError: when no chance step is on top.
    """
        from lisboa_core.core.chance import draw_outcome  # late: kept light

        outcomes = self.chance_outcomes(state)
        if not outcomes:
            raise LisboaError("sample_chance(): no chance step is on top of this state")
        return draw_outcome(outcomes, state.rng)

    def describe_move(self, state: Any, move: Any) -> str:
        """What ``move`` does, in words (default: its notation).
    """
        return str(move)

    def describe_component(self, rules: Any, component_id: str) -> str:
        """The text of the component ``component_id`` of the catalogue ``rules``, for people
        (``show ID`` in ``lisboa play``).

        Default: its name and id. :raises KeyError: for an id the catalogue lacks.
    """
        found = rules[component_id]
        return f"{found.name} ({found.id})"

    def lint_cards(self, *paths: Any) -> list[Any] | None:
        """The problems (:class:`~lisboa_core.errors.Problem`) of card files read one by one,
        ``cards check`` lists (folders as whole catalogues, single files on their own);
        ``None`` (the default): the game checks only whole catalogues, by loading them.
    """
        return None

    def list_components(self, rules: Any, kind: str | None = None) -> list[Any] | None:
        """Each component of the catalogue ``rules`` (of ``kind`` only, when given) as plain
        JSON data with at least ``id``, ``kind``, ``name`` and ``provenance``, for ``cards
        list``; ``None`` (the default): the components as their card files write them.
    """
        return None

    def zones(self) -> Any:
        """Where the game's pieces lie, declared once
        (:class:`~lisboa_core.core.zones.Zones`), or ``None``. From it come the check of
        every loaded state and view (ids, lengths, seats, pieces, conserved totals:
        :func:`~lisboa_core.core.zones.check_declared`) and the conservation invariants
        (:func:`~lisboa_core.core.zones.conservation_problems`).

        Default: none declared (a loaded state's types are checked, then its invariants
        and its decision stack)."""
        return None

    def check_invariants(self, state: Any) -> list[str]:
        """The invariants ``state`` breaks, in words (empty: none).

        Default: none declared (the decision stack's own checks still run on loading).
    """
        return []

    def events_between(self, before: Any, after: Any, move: Any = None,
                       seat: int | None = None) -> Any:
        """The events that take ``before`` to ``after`` as ``seat`` sees them (see
        :mod:`lisboa_core.events`), or ``None`` (the default) for the generic reading of
        the two states.
    """
        return None

    def rules_of(self, state: Any) -> Any:
        """The catalogue ``state`` was made with (``state.catalogue`` is its digest).

        Default: the shipped catalogue, when its digest is the state's.

        :raises LisboaError: for a state of a catalogue the game cannot find.
    """
        shipped = self.load_rules()
        if shipped.digest != state.catalogue:
            raise LisboaError(f"the catalogue {state.catalogue} of this {self.title} state is "
                              "not loaded (load it with load_rules first)")
        return shipped

    def action_space(self, rules: Any) -> tuple[Any, ...]:
        """Every move of any state under ``rules``, in a fixed order (the stable action
        index of the AI adapters).
    """
        raise self._missing("action_space")

    def encode(self, view: Any) -> Any:
        """What ``view.seat`` sees as a fixed-length float32 vector (numpy), of
        :meth:`observation_size` values (the AI adapters' observation). No default: a game
        that wants the adapters writes its own.
    """
        raise self._missing("encode")

    def observation_size(self, state: Any) -> int:
        """The length of :meth:`encode`'s vector for this game's catalogue and player count.
    """
        raise self._missing("observation_size")

    def observation_layout(self, state: Any) -> Any:
        """The :class:`~lisboa_core.envs.builder.Layout` :meth:`encode` writes with, for
        this game's catalogue and player count, or None (the default: an encoder written
        otherwise). With a layout, the environments write each observation straight from
        the state into their buffers (``layout.encode(state, seat, out)``, the same vector
        as ``encode(observe(state, seat))``) instead of building the view first."""
        return None

    def codec(self) -> Any:
        """Its saved-state codec (:class:`~lisboa_core.persistence.codec.StateCodec`).

        Default: one built from the state class's fields and their annotations (a
        compiled game gives its own, with the type tables written out).
    """
        found = self.__dict__.get("_codec")
        if found is None:
            from lisboa_core.persistence.codec import StateCodec  # late: cattrs

            found = StateCodec(self)
            self.__dict__["_codec"] = found
        return found

    @property
    def game_type(self) -> GameType:
        """What the game declares, frozen (:class:`GameType`), read by the conformance
        suite and every surface that needs a fact about the game rather than its parts.
    """
        from lisboa_core.games.options import option_fields

        return GameType(
            self.name, self.title, tuple(self.players), self.default_players, self.chance,
            self.hidden_information, self.rule_prefix, self.max_decisions,
            tuple(self.categories), self.lower_wins, self.unnamed,
            option_fields(self.options_type))

    def provides(self, group: str) -> bool:
        """Whether the game supplies the optional capability ``group`` (one of
        :data:`CAPABILITIES`), as the surfaces that need it test: ``"presentation"`` (its own
        text, picture and words for moves), ``"learning"`` (a fixed action space and an
        observation vector: the AI adapters), ``"language"`` (card files the shared reader
        reads: a vocabulary).

        :raises ValueError: for another group, naming the groups.

        Example::

            from lisboa_core.games import game

            assert game("tiletum").provides("learning") and game("lisboa").provides("language")
        """
        if group not in CAPABILITIES:
            raise ValueError(f"provides(): no capability group {group!r}; the groups are "
                             f"{', '.join(CAPABILITIES)}")
        if group == "language":
            return hasattr(self, "vocabulary") or self.key_vocabulary is not None
        return all(getattr(type(self), method) is not getattr(Game, method)
                   for method in CAPABILITIES[group])

    def player_counts(self) -> str:
        """Its player counts in words: ``"2 to 4"`` for a run, else ``"2, 4"``.
    """
        counts = sorted(self.players)
        if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
            return f"{counts[0]} to {counts[-1]}"
        return ", ".join(map(str, counts))

    def __repr__(self) -> str:
        return f"<Game {self.name}: {self.title}, {min(self.players)}-{max(self.players)} players>"


def _seat_of(state: Any, seat: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"observe(): seat must be an int, not {type(seat).__name__}")
    if not 0 <= seat < state.player_count:
        raise LisboaError(f"no seat {seat} in a {state.player_count}-player game")
    return seat


def _by_name(name: str, module: str) -> Game:
    """The game called ``name`` (unpickling a :class:`Game`): ``module``, where its class is
    defined, is imported first when no game has that name yet (a test's own game)."""
    if name not in _REGISTERED:
        _scan()
        if name not in _BUILT_IN:
            importlib.import_module(module)
    return game(name)


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

    Example::

        from lisboa_core.games import game, register_game

        assert register_game(game("tiletum")) is game("tiletum")  # registered already
    """
    if not isinstance(found, Game):
        raise TypeError(f"register_game(): expected a Game, not {type(found).__name__}")
    current = _REGISTERED.get(found.name)
    if current is not None and current is not found:
        raise LisboaError(f"a game named {found.name!r} is registered already")
    problems = found.game_type.problems()
    if found.unnamed and found.name != _DEFAULT:
        problems.append(f"unnamed: only the library's first game, {_DEFAULT!r}, is unnamed")
    if problems:
        raise LisboaError(f"the game {found.name!r} declares " + "; ".join(problems))
    _REGISTERED[found.name] = found
    _BY_TYPE[found.state_type] = found
    return found


def games() -> tuple[str, ...]:
    """The names of every game that can be played, sorted.

    Example::

        from lisboa_core.games import games

        assert {"lisboa", "puerto-rico", "tiletum"} <= set(games())
    """
    _scan()
    return tuple(sorted({*_BUILT_IN, *_REGISTERED}))


_DEFAULT = "lisboa"


def default_game() -> Game:
    """The game chosen when none is named: the library's first, unnamed game
    (:attr:`Game.unnamed`), Lisboa.

    Example::

        from lisboa_core.games import default_game

        assert default_game().unnamed and default_game().name == "lisboa"
    """
    return game(_DEFAULT)


def game(name: str | Game = _DEFAULT) -> Game:
    """The game called ``name`` (a :class:`Game` is returned as it is).

    :raises LisboaError: for a name no game has, listing the names there are.

    Example::

        from lisboa_core.games import game

        assert game("tiletum").title == "Tiletum" and game(game("tiletum")) is game("tiletum")
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


_named = game  # for the functions whose argument is called game


def game_of(value: Any) -> Game:
    """The game a state, a view (or anything with a ``state``) belongs to.

    Example::

        from lisboa_core import new_game
        from lisboa_core.games import game_of

        assert game_of(new_game(players=3, seed=1, game="puerto-rico")).name == "puerto-rico"
    """
    state = getattr(value, "state", value)
    found = _BY_TYPE.get(type(state))
    if found is not None:
        return found
    for name in games():  # a state of a game not looked up yet by name
        candidate = game(name)
        if isinstance(state, candidate.state_type):
            return candidate
    raise TypeError(f"{type(value).__name__} is not the state of a registered game")


def game_for_rules(rules: Any) -> Game | None:
    """The game whose catalogue class ``rules`` is an instance of, or ``None``.

    Example::

        from lisboa_core import load_rules
        from lisboa_core.games import game_for_rules

        assert game_for_rules(load_rules(game="tiletum")).name == "tiletum"
        assert game_for_rules("not a catalogue") is None
    """
    for candidate in (*_REGISTERED.values(), *(game(name) for name in games())):
        if isinstance(rules, candidate.rules_type) and candidate.rules_type is not object:
            return candidate
    return None


def chosen_game(game: str | Game | None = None, rules: Any = None) -> Game:
    """The game a function that plays is asked for: ``game`` when given, else the game of
    ``rules`` (a catalogue), else Lisboa.

    :raises LisboaError: for an unknown name, or rules of another game than ``game``.

    Example::

        from lisboa_core import load_rules
        from lisboa_core.games import chosen_game

        assert chosen_game().name == "lisboa"
        assert chosen_game(rules=load_rules(game="tiletum")).name == "tiletum"
    """
    found = game_for_rules(rules) if rules is not None else None
    if game is None:
        return found or default_game()
    chosen = _named(game)
    if found is not None and found is not chosen:
        raise LisboaError(f"the rules given are {found.title}'s catalogue, not {chosen.title}'s")
    return chosen


def each(function: Callable[[Game], Any]) -> dict[str, Any]:
    """``function`` applied to every game, by name (for the conformance suite and docs)."""
    return {name: function(game(name)) for name in games()}


set_game_lookup(game_of)
