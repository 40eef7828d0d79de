"""Every registered game as an OpenSpiel game (extra ``lisboa_core[openspiel]``).

Importing this module registers each game with ``pyspiel.register_game`` under its short
name, ``python_`` and the game's name with ``_`` for ``-`` (:func:`short_name`):
``python_lisboa`` for Lisboa, ``python_puerto_rico`` for Puerto Rico; then
``pyspiel.load_game("python_puerto_rico", {"players": 3})`` makes one (:func:`register`
adds a game registered later). Everything game-specific comes from its
:class:`~lisboa_core.games.Game` object: actions are its stable action index
(:meth:`~lisboa_core.games.Game.action_space`), the observation its vector
(:meth:`~lisboa_core.games.Game.encode`), the game length its
:attr:`~lisboa_core.games.Game.max_decisions`; the reward is terminal, the rank reward of
:func:`lisboa_core.envs.pettingzoo.rank_rewards` (zero-sum, in [-1, 1]). A game still
unfinished after ``max_decisions`` decisions (Puerto Rico's seats can choose roles that
change nothing forever) ends there, a draw: every return is 0.

**The deal is drawn at chance nodes.** The game is *explicit stochastic*: with the
default ``seed=-1`` the game starts with :data:`DEAL_BYTES` (4) chance nodes of
:data:`CHANCE_OUTCOMES` (256) equiprobable outcomes each, the bytes of the setup seed,
least significant first; the outcomes ``b0, b1, b2, b3`` deal
``new_game(players, b0 + 256*b1 + 65536*b2 + 16777216*b3)`` (:func:`deal_actions` gives
the outcomes of a seed). Every later shuffle is drawn inside the engine from that seed, so
the whole game is a function of the chance outcomes and the players' actions. The game
object holds no mutable state: successive ``new_initial_state()`` are the same chance
node, and whoever samples the chance nodes (OpenSpiel's algorithms, ``random_sim_test``,
``rl_environment``, a wrapper that reloads the game by name every episode, such as
shimmy's ``OpenSpielCompatibilityV0``) decides the deal, fresh or seeded as it chooses. A
parameter ``seed >= 0`` fixes the deal instead: the initial state is then the decision
node of ``new_game(players, seed)`` (no chance node), for reproducible use. A seat never
observes the chance outcomes, only what the deal shows it.

**Chance during play.** A game with chance steps (:attr:`~lisboa_core.games.Game.chance`:
Tiletum's dice, one chance step per die) has a chance node at each of them:
``current_player()`` is ``pyspiel.PlayerId.CHANCE`` and ``chance_outcomes()`` lists the
step's outcomes (:func:`lisboa_core.chance_outcomes`) as indices of the game's action space
with their probabilities, so the chance actions share the action index
(``max_chance_outcomes`` is the larger of 256 and the action space). Whoever samples them
decides the roll; a seat sees the result in its next view. (A game played with ``seed >= 0``
still has these chance nodes: only the deal is fixed.)

Why four nodes of 256 rather than one: OpenSpiel and the wrappers pass a chance node's
whole outcome list from Python to C++ and to numpy every time they sample it, which costs
about 70 ms per episode at 2**16 outcomes and over a second at 2**20, while a learner plays
a game in a fraction of a second, and could exhaust 2**16 deals in hours. Four bytes cost
about a millisecond and give :data:`DEALS` = 2**32 deals.

**Information state: perfect recall, as a string only.** A seat's information state is
everything it has observed: its view (:func:`lisboa_core.observe`) after each
decision, with its own action at each of its decisions. ``information_state_string`` is a
readable summary of the current view and the number of decisions seen, followed by a
128-bit digest of that whole sequence (each view enters as its
:func:`~lisboa_core.persistence.serialize.state_digest`), so two histories get the same string
exactly
when the seat saw the same things and chose the same actions. It is computed lazily (a
rollout that never asks pays nothing) and memoised. There is no information-state
*tensor* (``provides_information_state_tensor`` is False): a fixed-length vector cannot
hold a whole game's history. The observation (``observation_string`` and
``observation_tensor``, the game's vector, :meth:`~lisboa_core.games.Game.encode`) is the
current view only, which is what a learner is given.

For IS-MCTS, ``state.resample_from_infostate(player, sampler)`` returns a state sampled
with :func:`lisboa_core.determinize` from the seat's current view; it carries the seat's
information state over, and the other seats' histories are unknown in it (their strings
start afresh from their views in the sample).

**Serialisation.** ``pickle.dumps(game)``, ``pickle.dumps(state)`` and
``pyspiel.serialize_game_and_state`` work (a state crosses to a multiprocessing or Ray
worker): the game is its parameters, the state its position and the seats'
information-state digests. ``pyspiel.random_sim_test(game, ..., serialize=True)`` passes.

Example::

    import pyspiel
    import lisboa_core.envs.openspiel  # registers python_lisboa, python_puerto_rico

    game = pyspiel.load_game("python_lisboa", {"players": 2, "seed": 3})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())
"""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from lisboa_core.api import apply, chance_outcomes, is_chance, is_over, legal_moves, new_game
from lisboa_core.core.immutable import GameState
from lisboa_core.envs import adapted_games
from lisboa_core.envs.pettingzoo import rank_rewards
from lisboa_core.games import Game, game_of
from lisboa_core.games import game as game_named
from lisboa_core.persistence.serialize import state_digest
from lisboa_core.views import View, determinize, observe

__all__ = [
    "CHANCE_OUTCOMES",
    "DEALS",
    "DEAL_BYTES",
    "GAME_NAME",
    "LisboaGame",
    "LisboaObserver",
    "LisboaState",
    "deal_actions",
    "register",
    "short_name",
]

GAME_NAME = "python_lisboa"
"""The short name Lisboa is registered under."""

CHANCE_OUTCOMES = 256
"""Outcomes of each chance node of the deal: one byte of the setup seed."""

DEAL_BYTES = 4
"""Chance nodes that draw the setup seed (see the module docstring)."""

DEALS = CHANCE_OUTCOMES**DEAL_BYTES
"""How many deals the chance nodes can draw: 2**32."""

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_TYPES: dict[str, pyspiel.GameType] = {}
_CREATORS: dict[str, type[LisboaGame]] = {}


def short_name(game: str | Game) -> str:
    """The name OpenSpiel knows a game by: ``python_`` and its name, ``-`` read ``_``.

    Example::

        from lisboa_core.envs.openspiel import short_name

        assert short_name("puerto-rico") == "python_puerto_rico"
    """
    return "python_" + game_named(game).name.replace("-", "_")


def _defaults(game: Game) -> dict[str, int]:
    return {"players": game.default_players, "seed": -1}


def _game_type(game: Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"{game.title} (lisboa_core)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.players),
        min_num_players=min(game.players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game),
    )


def register(game: str | Game) -> str:
    """Register ``game`` with OpenSpiel (done on import for every game known then; call it
    for a game registered later); returns its :func:`short_name`. Registering twice does
    nothing."""
    found = game_named(game)
    name = short_name(found)
    if name not in _TYPES:
        _TYPES[name] = _game_type(found)

        # The creator is a class: OpenSpiel's registry outlives the interpreter, and a
        # function it alone held would be freed after Python has shut down (a crash at exit).
        create = LisboaGame if found.unnamed else type(
            f"{found.title.replace(' ', '')}Game", (LisboaGame,),
            {"game_name": found.name, "__module__": __name__,
             "__doc__": f"The OpenSpiel game of {found.title} (see :class:`LisboaGame`)."})
        _CREATORS[name] = create
        globals().setdefault(create.__name__, create)  # a game pickles by its class's name
        pyspiel.register_game(_TYPES[name], create)
    return name


def encode(view: View) -> npt.NDArray[np.float32]:
    """The view's observation vector, by its game (:meth:`~lisboa_core.games.Game.encode`)."""
    return game_of(view).encode(view)  # type: ignore[no-any-return]


def _progress(state: GameState) -> str:
    """How far the game is: its turn (Lisboa) or round (Puerto Rico)."""
    for name in ("turn", "round"):
        if hasattr(state, name):
            return f"{name} {getattr(state, name)}"
    return "under way"

_Recall = tuple[int, str]
"""A seat's information state: decisions seen since the deal, digest of all it saw."""


def _digest(*parts: str) -> str:
    return hashlib.blake2b("|".join(parts).encode(), digest_size=16).hexdigest()


class _Node:
    """One position and what has been worked out about it.

    Clones of a state share its node (``copy.deepcopy`` returns it): the position is
    immutable and the rest is memoised, never changed. ``parent`` is kept only until every
    seat's recall is known, since a seat's recall is worked out from its parent's.
    """

    __slots__ = (
        "_legal", "_recall", "_seen", "_tensors", "action", "actor", "depth", "drawn", "origin",
        "parent", "state",
    )

    def __init__(
        self,
        state: Any,
        *,
        parent: _Node | None = None,
        actor: int = -1,
        action: int = -1,
        origin: str = "deal",
        recall: dict[int, _Recall] | None = None,
        keep_tensors: bool = False,
        drawn: tuple[int, ...] = (),
        depth: int = 0,
    ) -> None:
        self.state = state
        self.depth = depth  # decisions since the deal
        self.drawn = drawn  # before the deal: the seed bytes drawn so far
        self.parent = parent
        self.actor = actor
        self.action = action
        self.origin = origin
        self._recall: dict[int, _Recall] = dict(recall or {})
        self._seen: dict[int, str] = {}
        self._legal: tuple[int, ...] | None = None
        # Only a game's shared initial node keeps its tensors: OpenSpiel asks for the
        # tensor shape by encoding the initial state, once per seat at every decision.
        self._tensors: dict[int, npt.NDArray[np.float32]] | None = {} if keep_tensors else None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        recall = {} if self.state is None else {
            seat: self.recall(seat) for seat in range(self.state.player_count)
        }
        return (_restore, (self.state, self.origin, recall, self.drawn, self.depth))

    def child(self, action: int, state: Any) -> _Node:
        """The node after ``action`` (an index of the action space) led to ``state``."""
        actor = None if self.state is None else self.state.to_act
        assert actor is not None
        return _Node(state, parent=self, actor=actor, action=action, depth=self.depth + 1)

    def ended(self, length: int) -> bool:
        """Whether the game is over, or cut after ``length`` decisions."""
        return self.state is not None and (is_over(self.state) or self.depth >= length)

    def legal(self, index: dict[Any, int], length: int) -> tuple[int, ...]:
        """The sorted action indices legal here (``index``: the game's, by move)."""
        if self._legal is None:
            state = self.state
            self._legal = () if state is None or self.ended(length) else tuple(
                sorted(index[move] for move in legal_moves(state)))
        return self._legal

    def seen(self, seat: int) -> str:
        """The digest of what ``seat`` sees here (equal exactly for equal views)."""
        digest = self._seen.get(seat)
        if digest is None:
            assert self.state is not None
            digest = self._seen[seat] = state_digest(observe(self.state, seat).state)
        return digest

    def tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The observation vector of ``seat``."""
        assert self.state is not None
        if self._tensors is not None and seat in self._tensors:
            return self._tensors[seat]
        vector = encode(observe(self.state, seat))
        if self._tensors is not None:
            self._tensors[seat] = vector
        return vector

    def recall(self, seat: int) -> _Recall:
        """``seat``'s information state here (see the module docstring)."""
        path: list[_Node] = []
        node = self
        while seat not in node._recall:
            if node.parent is None:
                node._recall[seat] = (0, _digest(node.origin, node.seen(seat)))
                break
            path.append(node)
            node = node.parent
        known = node._recall[seat]
        for step in reversed(path):
            own = str(step.action) if step.actor == seat else "?"
            known = (known[0] + 1, _digest(known[1], f"{step.actor}:{own}", step.seen(seat)))
            step._recall[seat] = known
            if step.state is not None and len(step._recall) == step.state.player_count:
                step.parent = None  # every seat's recall is known: the past can go
        return known


def _restore(
    state: Any, origin: str, recall: dict[int, _Recall], drawn: tuple[int, ...],
    depth: int = 0,
) -> _Node:
    """A node read back from a pickle."""
    return _Node(state, origin=origin, recall=recall, drawn=drawn, depth=depth)


def deal_actions(seed: int) -> list[int]:
    """The chance outcomes that deal ``new_game(players, seed)``: the :data:`DEAL_BYTES`
    bytes of ``seed``, least significant first.

    :param seed: 0 to ``DEALS - 1``.
    :raises ValueError: for a seed the chance nodes cannot draw.

    Example::

        from lisboa_core.envs.openspiel import deal_actions

        assert deal_actions(7) == [7, 0, 0, 0] and deal_actions(258) == [2, 1, 0, 0]
    """
    if not 0 <= seed < DEALS:
        raise ValueError(f"seed {seed}: the chance nodes deal seeds 0 to {DEALS - 1}")
    return [(seed >> (8 * i)) & 0xFF for i in range(DEAL_BYTES)]


@cache
def _deal_outcomes() -> list[tuple[int, float]]:
    return [(k, 1.0 / CHANCE_OUTCOMES) for k in range(CHANCE_OUTCOMES)]


def _parameters(params: dict[str, Any], game: Game) -> tuple[int, int]:
    players, seed = params["players"], params["seed"]
    name = short_name(game)
    if not isinstance(players, int) or players not in game.players:
        counts = ", ".join(map(str, game.players[:-1])) + f" or {game.players[-1]}"
        raise ValueError(f"{name}: players must be {counts}, got {players!r}")
    if not isinstance(seed, int) or seed < -1:
        raise ValueError(
            f"{name}: seed must be -1 (the deal is drawn at chance nodes) or >= 0 "
            f"(a fixed deal), got {seed!r}")
    return players, seed


class LisboaGame(pyspiel.Game):
    """The OpenSpiel game of any registered game: parameters ``players`` (one of the game's
    counts, default its default: 4 for Lisboa and Puerto Rico) and ``seed`` (default -1:
    the deal is drawn at chance nodes; ``seed >= 0``: the fixed deal ``new_game(players,
    seed)``).

    :param params: the parameters.
    :param game: the game's name or :class:`~lisboa_core.games.Game` (default: Lisboa, or
        the game of the subclass :func:`register` made for it).
    """

    game_name = "lisboa"
    """The game a subclass plays when none is given."""

    def __init__(self, params: dict[str, Any] | None = None,
                 game: str | Game | None = None) -> None:
        found = game_named(self.game_name if game is None else game)
        register(found)
        params = {**_defaults(found), **(params or {})}
        players, seed = _parameters(params, found)
        self.board_game: Game = found
        """The game played (its :class:`~lisboa_core.games.Game` object)."""
        self.rules: Any = found.load_rules()
        self.actions: tuple[Any, ...] = found.action_space(self.rules)
        self.index: dict[Any, int] = {move: i for i, move in enumerate(self.actions)}
        """The action index of each move."""
        self.players = players
        self.seed = seed
        probe = self.deal(max(seed, 0))
        self.length = found.max_decisions
        """The decisions after which an unfinished game ends, a draw."""
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.actions),
            max_chance_outcomes=max(CHANCE_OUTCOMES, len(self.actions))
            if found.chance else CHANCE_OUTCOMES,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.length,
        )
        super().__init__(_TYPES[short_name(found)], info, params)
        self.observation_length = found.observation_size(probe)
        self._initial = _Node(probe if seed >= 0 else None, keep_tensors=True)

    def new_initial_state(self) -> LisboaState:
        """The first chance node of the deal, or with ``seed >= 0`` the dealt game; the
        same every time."""
        return LisboaState(self, self._initial)

    def deal(self, seed: int) -> Any:
        """The game the chance nodes deal for ``seed``: ``new_game(players, seed)``."""
        return new_game(self.players, seed, rules=self.rules, game=self.board_game)

    def max_chance_nodes_in_history(self) -> int:
        """The deal's :data:`DEAL_BYTES` chance nodes, and at most one per decision of the
        game for a game with chance steps."""
        return DEAL_BYTES + (self.length if self.board_game.chance else 0)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> LisboaObserver:
        """The observer behind the information-state string and the observation."""
        return LisboaObserver(self, iig_obs_type, params)


class LisboaState(pyspiel.State):
    """An OpenSpiel state: a chance node of the deal, or a position of the game."""

    def __init__(self, game: LisboaGame, node: _Node) -> None:
        super().__init__(game)
        self._node = node
        self._before: list[tuple[_Node, int]] = []  # for undo_action: node, action

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last action (``player``'s ``action``, as applied): the position
        before it comes back, information states included (positions are immutable, so
        nothing is recomputed). OpenSpiel keeps the history list of a Python game on its
        C++ side, so :meth:`history` here reads this state's own list, which the undo
        shortens.

        :raises ValueError: if there is nothing to undo, or ``action`` was not the last
            action.
        """
        if not self._before:
            raise ValueError("undo_action: no action to take back")
        node, last = self._before[-1]
        if action != last:
            raise ValueError(f"undo_action: the last action was {last}, not {action}")
        self._before.pop()
        self._node = node

    def history(self) -> list[int]:
        """The actions applied to reach this state (the deal's chance outcomes first),
        shortened by :meth:`undo_action`."""
        return [action for _, action in self._before]

    def public_observation_string(self) -> str:
        """What every seat sees alike: the stage of the game and which seat decides what
        (no seat's private view; the observer with ``private_info=NONE`` gives the same)."""
        return _public(self._node)

    @property
    def position(self) -> Any:
        """The game's state (None at the chance nodes of the deal)."""
        return self._node.state

    @property
    def lisboa(self) -> Any:
        """The game's state, as :attr:`position` (the name from when Lisboa was the only
        game)."""
        return self._node.state

    def current_player(self) -> int:
        """The seat to decide, ``pyspiel.PlayerId.CHANCE`` before the deal, or
        ``pyspiel.PlayerId.TERMINAL``."""
        state = self._node.state
        if state is None:
            return _CHANCE
        seat = state.to_act
        game: LisboaGame = self.get_game()
        if seat is None or self._node.ended(game.length):
            return _TERMINAL
        return _CHANCE if is_chance(state) else seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self._node.state
        if player == _CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        if state is None or is_chance(state) or player != state.to_act:
            return []
        game: LisboaGame = self.get_game()
        return list(self._node.legal(game.index, game.length))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The :data:`CHANCE_OUTCOMES` equiprobable bytes of the seed at a chance node of
        the deal; at a chance step of the game its outcomes (action indices, ascending) with
        their probabilities; none elsewhere."""
        state = self._node.state
        if state is None:
            return list(_deal_outcomes())  # a copy: the caller may change it
        game: LisboaGame = self.get_game()
        if self._node.ended(game.length):
            return []
        return sorted((game.index[move], p) for move, p in chance_outcomes(state))

    def _apply_action(self, action: int) -> None:
        node = self._node
        game: LisboaGame = self.get_game()
        if node.state is None:
            if not 0 <= action < CHANCE_OUTCOMES:
                raise ValueError(
                    f"deal {action}: a chance outcome is a byte, 0 to {CHANCE_OUTCOMES - 1}")
            drawn = (*node.drawn, action)
            self._before.append((node, action))
            if len(drawn) < DEAL_BYTES:
                self._node = _Node(None, drawn=drawn)
            else:
                self._node = _Node(game.deal(sum(b << (8 * i) for i, b in enumerate(drawn))))
            return
        if not 0 <= action < len(game.actions):
            raise ValueError(
                f"action {action}: the action index is 0 to {len(game.actions) - 1}")
        if is_chance(node.state) and action not in dict(self.chance_outcomes()):
            raise ValueError(f"action {action}: not an outcome of this chance node")
        self._node = node.child(action, apply(node.state, game.actions[action]))
        self._before.append((node, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE and self._node.state is None:
            return f"seed byte {len(self._node.drawn)}: {action}"
        game: LisboaGame = self.get_game()
        who = "chance" if player == _CHANCE else f"seat {player}"
        return f"{who}: {game.actions[action]}"

    def is_terminal(self) -> bool:
        """Whether the game is over, or cut after the game's ``max_decisions``."""
        game: LisboaGame = self.get_game()
        return self._node.ended(game.length)

    def returns(self) -> list[float]:
        """The rank rewards once the game is over; zeros before, and for a game cut
        unfinished."""
        state = self._node.state
        if state is None or not is_over(state):
            return [0.0] * self.num_players()
        return rank_rewards(state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LisboaState:
        """A state the seat cannot tell from this one: sampled with
        :func:`lisboa_core.determinize` from its view, with its information state. Its
        ``history()`` is empty: the sample's past is not known."""
        node = self._node
        if node.state is None:
            return LisboaState(self.get_game(), node)
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else 0
        sampled = determinize(observe(node.state, player_id), seed)
        return LisboaState(self.get_game(), _Node(
            sampled, origin="sample", recall={player_id: node.recall(player_id)},
            depth=node.depth))

    def __str__(self) -> str:
        state = self._node.state
        if state is None:
            return f"the deal: {len(self._node.drawn)} of {DEAL_BYTES} seed bytes drawn"
        seat = state.to_act
        doing = "game over" if seat is None else f"seat {seat} decides '{state.pending[-1].kind}'"
        return f"{state.player_count} players, {_progress(state)}: {doing}"


def _public(node: _Node) -> str:
    """The public observation: the stage of the game and who decides what."""
    position = node.state
    if position is None:
        return f"before the deal: {len(node.drawn)} of {DEAL_BYTES} seed bytes drawn"
    seat = position.to_act
    doing = ("game over" if seat is None else "chance" if is_chance(position)
             else f"seat {seat} decides '{position.pending[-1].kind}'")
    return f"{_progress(position)} | decision {node.depth} | {doing}"


class LisboaObserver:
    """What a seat observes, as OpenSpiel's observer.

    With ``perfect_recall`` (the information state) there is a string only; otherwise
    (the observation) ``tensor`` is the game's float32 vector
    (:meth:`~lisboa_core.games.Game.encode`) and the string a summary of the current
    view with its digest. Only the seat's own view is supported (``private_info`` single
    player, ``public_info`` on).
    """

    def __init__(self, game: LisboaGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.name = short_name(game.board_game)
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public_only = bool(
            iig_obs_type is not None and iig_obs_type.public_info and not self.perfect_recall
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        if iig_obs_type is not None and not self.public_only and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                f"{self.name} observes one seat's own view (private_info SINGLE_PLAYER) or "
                f"the public stage of the game (private_info NONE, no perfect recall), "
                f"public_info True; got {iig_obs_type}")
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if not self.perfect_recall and not self.public_only:
            self.tensor = np.zeros(game.observation_length, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: LisboaState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state`` (zeros before the deal).

        :raises ValueError: for the information state, which has no tensor.
        """
        if self.tensor is None:
            raise ValueError(
                f"{self.name} has no information-state tensor, nor a public one (a "
                "fixed-length vector cannot hold a game's history): use observation_tensor")
        node = state._node
        if node.state is None:
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = node.tensor(player)

    def string_from(self, state: LisboaState, player: int) -> str:
        """The information-state string (perfect recall), the observation string, or the
        public observation string (``private_info=NONE``)."""
        node = state._node
        if self.public_only:
            return _public(node)
        position = node.state
        if position is None:
            return f"seat {player} | before the deal"
        seat = position.to_act
        doing = ("game over" if seat is None
                 else f"seat {seat} decides '{position.pending[-1].kind}'")
        summary = f"seat {player} | {_progress(position)} | {doing}"
        if self.perfect_recall:
            decisions, digest = node.recall(player)
            return f"{summary} | decisions seen {decisions} | recall {digest}"
        return f"{summary} | view {node.seen(player)}"


for _name in adapted_games():
    if game_named(_name).players:  # a game still being written may declare no counts yet
        register(_name)
