"""A search bot: information-set Monte Carlo tree search over sampled states.

:class:`ISMCTSBot` is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) for
several players. Each iteration samples a full state that agrees with what the seat sees
(:func:`~lisboa_core.determinize`), walks one shared tree of moves from the current
decision, choosing among the moves legal *in that sample* by UCB1 with availability counts
(a move is scored against the times it could have been chosen), expands one new move,
plays a short random rollout and judges the position for every seat with the
:class:`~lisboa_core.GreedyBot` heuristic (:func:`~lisboa_core.bots.basic.position_values`),
squashed to [0, 1]. Every seat in the tree picks what is best for itself (max^n). The root's
moves start with a few visits valued as :class:`~lisboa_core.GreedyBot` would value them
(the move, then the seat's own rest of the action by one-step lookahead), so the search
refines the greedy judgement with more samples and the other seats' replies. The move
played is the root move with the best mean value.

The turn's main choice (which card, which action: R3) is where a game is won, so there the
search plays further: the ``width`` best moves by the greedy judgement are each played on
the same ``samples`` sampled deals with heavy playouts (the action finished, then every
seat playing as :class:`~lisboa_core.GreedyBot` until this seat's next turn), and the move
whose playouts end best for the seat is played, a playout's end valued by the best action
the seat then has (judged greedily, so the cards in hand count). The opponents' replies and
the next turn's options, which the greedy judgement ignores, are then part of the value.

A chance step met in the tree, a playout or a rollout (a die rolled) is resolved by
:func:`~lisboa_core.sample_chance` on the sampled state, whose generator
:func:`~lisboa_core.determinize` drew afresh: each sample rolls its own dice, never the real
game's. In the tree an outcome leads to its own node but is not a decision of any seat.

Every decision honours one budget: at most ``iterations`` units of work (a tree iteration,
or a playout at a turn decision; default :data:`ITERATIONS`) and at most ``seconds`` of
search (default :data:`SECONDS`). The greedy judgement of the moves (the root's prior
values, the turn search's ranking) and the first tree iteration always run; then the clock
is read after each tree iteration and before each decision of a playout. A playout the
clock cuts, and a sampled deal on which not every candidate move was played out, do not
count (with none left, the greedy ranking of the moves decides).

The bot never reads hidden information, and the same seed, view and iterations give the same
choice (with ``seconds=None``, or whenever the iterations run out before the clock does).
Use it from the command line as ``ismcts`` (``lisboa simulate --bots ismcts,greedy``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from lisboa_core.api import apply, is_chance, is_over, legal_moves, sample_chance
from lisboa_core.bots.basic import GreedyBot, chance_move, position_values
from lisboa_core.core.immutable import GameState
from lisboa_core.core.moves import Move
from lisboa_core.core.rng import Rng
from lisboa_core.errors import IllegalMoveError, LisboaError
from lisboa_core.games import game_of
from lisboa_core.views import View, as_view, determinize

__all__ = ["ITERATIONS", "SECONDS", "ISMCTSBot"]

State = Any  # a state of the game being played (the bot works for every game)

ITERATIONS = 8
"""The default units of work per decision: tree iterations, or playouts at a turn decision."""

SECONDS = 0.25
"""The default time budget per decision, in seconds (a person waits for the bot)."""


class _Node:
    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class ISMCTSBot:
    """Information-set MCTS (see the module docstring).

    :param seed: seeds the bot's generator (samples, rollouts and tie-breaks).
    :param iterations: the most units of work per decision: tree iterations (samples of the
        hidden information), or playouts at a turn decision.
    :param seconds: the most time per decision once one unit of work is done (None: no
        clock, so the choice depends on the seed and view alone).
    :param rollout: random moves played after the tree before judging the position.
    :param depth: the most moves the tree holds below the root (1: every root move is
        judged over many samples, without the other seats' replies).
    :param finish: the acting seat's own further decisions of the action under way taken
        by one-step lookahead before a position is judged (as :class:`GreedyBot` does).
    :param prior: visits each root move starts with, valued as :class:`GreedyBot` would
        value it on one sample (0: a plain search).
    :param exploration: the UCB1 constant (values lie in [0, 1]).
    :param scale: wigs of advantage that count as a clear lead when values are squashed.
    :param values: the heuristic, ``values(state) -> one value per seat``.
    :param width: at a turn decision (the choice of the turn's action, R3), how many of the
        best moves by the greedy judgement are searched with playouts (0: the tree search
        decides every decision).
    :param samples: at a turn decision, the sampled deals each searched move is played out
        on (the same deals for every move).
    :param horizon: the most decisions a playout runs before the seat's next turn.

    Example::

        from lisboa_core import GreedyBot, play_game
        from lisboa_core.bots.ismcts import ISMCTSBot

        final, moves = play_game([ISMCTSBot(1, iterations=30), GreedyBot(2)], seed=4)
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = ITERATIONS,
        seconds: float | None = SECONDS,
        rollout: int = 0,
        finish: int = 6,
        depth: int = 8,
        prior: int = 4,
        exploration: float = 0.05,
        scale: float = 8.0,
        values: Callable[[State], Sequence[float]] = position_values,
        width: int = 4,
        samples: int = 3,
        horizon: int = 80,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations: expected 1 or more, got {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds: expected a positive time, got {seconds}")
        if width < 0:
            raise ValueError(f"width: expected 0 or more, got {width}")
        if samples < 1 or horizon < 1:
            raise ValueError(f"samples and horizon: expected 1 or more, got {samples} and "
                             f"{horizon}")
        self._rng = Rng(seed)
        self.iterations = iterations
        """The most units of work per decision (tree iterations, or playouts at a turn
        decision)."""
        self.seconds = seconds
        """The time budget per decision, or None (no clock)."""
        self.rollout = rollout
        """Random moves played after the tree, before the position is judged."""
        self.depth = depth
        """The most moves the tree holds below the root."""
        self.finish = finish
        """How many of the acting seat's own further decisions are taken greedily before a
        position is judged."""
        self.prior = prior
        """Visits each root move starts with, valued by the greedy judgement (0: none)."""
        self.exploration = exploration
        """The UCB1 exploration constant."""
        self.scale = scale
        """Wigs of advantage that squash to about 0.73 (a clear lead)."""
        self._values = values
        self.width = width
        """At a turn decision, how many of the best moves by the greedy judgement are
        searched with playouts (0: none; the tree search decides)."""
        self.samples = samples
        """At a turn decision, sampled deals each searched move is played out on."""
        self.horizon = horizon
        """The most decisions a playout runs before the seat's next turn."""
        self.progress: Callable[[int, int], None] | None = None
        """Called during a search with the work done and the work planned (iterations, or
        playouts at a turn decision), so a front end can show the search advancing."""

    def choose(self, view: View | GameState, legal: Sequence[Move]) -> Move:
        """The root move with the best mean value after the search.

        :param view: what the seat to act may see (a state is looked at through
            :func:`~lisboa_core.bots.basic.as_view`).
        :param legal: the legal moves.
        :raises LisboaError: if ``legal`` is empty.
        """
        if not legal:
            raise LisboaError("a bot was asked to choose from no legal moves")
        if len(legal) == 1:
            return legal[0]
        rolled = chance_move(view)
        if rolled is not None:
            return rolled
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        seen = as_view(view)
        turn = game_of(seen.state).turn_decision
        if self.width > 0 and turn is not None and seen.state.pending[-1].kind == turn:
            return self._turn_search(seen, legal, deadline)
        root = self._rooted(seen, legal)
        for done in range(self.iterations):
            sample_seed, self._rng = self._rng.next()
            self._iterate(root, determinize(seen, sample_seed))
            if self.progress is not None:
                self.progress(done + 1, self.iterations)
            if _late(deadline):
                break
        judged = [(child.total / child.visits, -i, m) for i, m in enumerate(legal)
                  if (child := root.children.get(m)) is not None and child.visits]
        return max(judged)[2] if judged else legal[0]

    def _turn_search(self, seen: View, legal: Sequence[Move], deadline: float | None) -> Move:
        """A turn's action, searched over sampled deals with greedy playouts.

        The moves are ranked by the greedy judgement on one sample; the best ``width`` of
        them (no more than ``iterations``) are each played on the same deals (common
        samples, so the moves are compared on equal luck; ``samples`` of them, fewer if the
        playouts would exceed ``iterations``): the action finished by one-step lookahead,
        then every seat, this one included, plays as :class:`GreedyBot` until this seat's
        next turn. The move with the best mean value of the position reached is played;
        only deals on which every candidate was played out before the deadline count, and
        without one the greedy ranking decides."""
        sample_seed, self._rng = self._rng.next()
        first = determinize(seen, sample_seed)
        judge = GreedyBot(sample_seed, value=self._value_of)
        ranked = []
        for index, move in enumerate(legal):
            try:
                after = apply(first, move)
            except IllegalMoveError:  # legal in the real game, not in this sample
                continue
            ranked.append((judge.judge(after, seen.seat), -index, move))
        if not ranked:
            return legal[0]
        ranked.sort(reverse=True)
        candidates = [move for _value, _index, move in ranked[: min(self.width, self.iterations)]]
        if len(candidates) == 1:
            return candidates[0]
        samples = min(self.samples, self.iterations // len(candidates))
        planned = samples * len(candidates)
        totals = dict.fromkeys(candidates, 0.0)
        counts = dict.fromkeys(candidates, 0)
        done = 0
        for _ in range(samples):
            if _late(deadline):
                break
            sample_seed, self._rng = self._rng.next()
            deal = determinize(seen, sample_seed)
            played: dict[Move, float] = {}
            for move in candidates:
                try:
                    after = apply(deal, move)
                except IllegalMoveError:
                    continue
                end = self._playout(after, seen.seat, judge, deadline)
                if end is None:  # the clock cut the playout: the deal does not count
                    played.clear()
                    break
                played[move] = self._outlook(end, seen.seat, judge)
                done += 1
                if self.progress is not None:
                    self.progress(done, planned)
            for move, value in played.items():
                totals[move] += value
                counts[move] += 1
        judged = [(totals[m] / counts[m], -i, m) for i, m in enumerate(candidates) if counts[m]]
        return max(judged)[2] if judged else candidates[0]

    def _outlook(self, state: State, seat: int, judge: GreedyBot) -> float:
        """The value of a playout's end for ``seat``: at its next turn, the value of the best
        action it then has, judged greedily (so the cards in hand and the options they open
        count, which the position alone does not show); at the end of the game, the
        position."""
        if (is_over(state) or state.to_act != seat
                or state.pending[-1].kind != game_of(state).turn_decision):
            return self._values(state)[seat]
        return max(judge.judge(apply(state, move), seat) for move in legal_moves(state))

    def _playout(self, state: State, seat: int, judge: GreedyBot,
                 deadline: float | None) -> State | None:
        """Every seat plays as the greedy bot (no tie-break by chance, so the moves compared
        meet the same replies) until ``seat``'s next turn, at most ``horizon`` decisions;
        None if the deadline passes first."""
        for _ in range(self.horizon):
            if is_over(state):
                break
            if _late(deadline):
                return None
            actor = state.to_act
            assert actor is not None
            if actor == seat and state.pending[-1].kind == game_of(state).turn_decision:
                break
            if is_chance(state):
                state = apply(state, sample_chance(state))
                continue
            moves = legal_moves(state)
            if len(moves) == 1:
                state = apply(state, moves[0])
                continue
            best: tuple[float, State] | None = None
            for move in moves:
                after = apply(state, move)
                value = judge.judge(after, actor)
                if best is None or value > best[0]:
                    best = (value, after)
            assert best is not None
            state = best[1]
        return state

    def _rooted(self, seen: View, legal: Sequence[Move]) -> _Node:
        """A root whose children start with ``prior`` visits valued as the greedy bot would
        value them on one sample: the search refines the greedy judgement, never starts
        below it."""
        root = _Node()
        if self.prior <= 0:
            return root
        sample_seed, self._rng = self._rng.next()
        state = determinize(seen, sample_seed)
        judge = GreedyBot(sample_seed, value=self._value_of)
        for move in legal:
            try:
                after = apply(state, move)
            except IllegalMoveError:  # legal in the real game, not in this sample
                continue
            child = root.children[move] = _Node()
            child.visits = child.available = self.prior
            child.total = self.prior * self._squash_one(judge.judge(after, seen.seat))
        return root

    def _value_of(self, state: State, seat: int) -> float:
        return self._values(state)[seat]

    def _iterate(self, root: _Node, state: State) -> None:
        path: list[tuple[_Node, int]] = []
        node = root
        while not is_over(state) and len(path) < self.depth:
            if is_chance(state):  # the sample's own roll: a node, not a seat's decision
                outcome = sample_chance(state)
                node = node.children.setdefault(outcome, _Node())
                state = apply(state, outcome)
                continue
            moves = legal_moves(state)
            actor = state.to_act
            assert actor is not None
            for move in moves:
                child = node.children.get(move)
                if child is None:
                    child = node.children[move] = _Node()
                child.available += 1
            untried = [m for m in moves if node.children[m].visits == 0]
            if untried:
                index, self._rng = self._rng.below(len(untried))
                move = untried[index]
            else:
                move = max(moves, key=lambda m: self._ucb(node.children[m]))
            try:
                state = apply(state, move)
            except IllegalMoveError:  # cannot happen: moves come from this very state
                return
            node = node.children[move]
            path.append((node, actor))
            if untried:
                break
        if path:
            state = self._finish(state, path[-1][1])
        state = self._rollout(state)
        values = self._squash(state)
        for child, actor in path:
            child.visits += 1
            child.total += values[actor]

    def _ucb(self, child: _Node) -> float:
        mean = child.total / child.visits
        return mean + self.exploration * math.sqrt(math.log(child.available) / child.visits)

    def _finish(self, state: State, seat: int) -> State:
        """The state once ``seat``'s own further decisions of the action under way are taken
        by one-step lookahead (at most ``finish`` of them), as :class:`GreedyBot` judges a
        move: an action is judged by where it ends, not halfway."""
        for _ in range(self.finish):
            if (is_over(state) or state.to_act != seat
                    or state.pending[-1].kind in game_of(state).boundaries):
                break
            best: tuple[float, State] | None = None
            for move in legal_moves(state):
                after = apply(state, move)
                value = self._values(after)[seat]
                if best is None or value > best[0]:
                    best = (value, after)
            if best is None:
                break
            state = best[1]
        return state

    def _rollout(self, state: State) -> State:
        for _ in range(self.rollout):
            if is_over(state):
                break
            if is_chance(state):
                state = apply(state, sample_chance(state))
                continue
            moves = legal_moves(state)
            index, self._rng = self._rng.below(len(moves))
            state = apply(state, moves[index])
        return state

    def _squash(self, state: State) -> list[float]:
        return [self._squash_one(v) for v in self._values(state)]

    def _squash_one(self, value: float) -> float:
        return 1.0 / (1.0 + math.exp(-value / self.scale))


def _late(deadline: float | None) -> bool:
    """Whether a decision's time budget is spent."""
    return deadline is not None and time.monotonic() > deadline
