"""The decision stack: frame handlers, applying a move, automatic steps and lookahead.

Every pending step of the rules is a :class:`~lisboa_core.games.lisboa.state.Frame` on
``state.pending``. A handler per frame kind says which moves the frame offers (``None``
for an automatic step) and how a move (or the automatic step) changes the state. Applying a
move pops the top frame, runs its handler, then runs automatic frames until a decision is
on top (or the game is over).

Each game has one :class:`DecisionStack`: the table of its frame handlers and the
machinery that runs them. A game may require that a started action always completes
(Lisboa's R3.6); that is kept by lookahead: a handler marked
``lookahead`` only offers moves after which the rest of the action can still be finished,
found by a depth-first search over the following frames up to a ``checkpoint`` frame.

A handler's ``moves`` lists every move the rules allow at its frame; the search over them
is the oracle. Handlers may shorten it with five hints, each justified by a rule where it
is given: ``prune`` (moves a bound proves cannot be completed, dropped before anything
else), ``search`` (the moves worth trying), ``judge`` (a move known legal or illegal
without playing it on), ``alike`` (moves that are legal together or not at all) and
``verdict`` (known finishable or not without playing on). With ``SWITCHES.shortcuts`` off
the hints are ignored and every move is played out; tests/test_lookahead.py checks that
they never change what is offered.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from random import Random
from typing import Any, Final, Generic, TypeVar

from lisboa_core.core.chance import CHANCE, Outcomes, OutcomesFn
from lisboa_core.core.frame import Frame
from lisboa_core.core.immutable import GameState
from lisboa_core.core.moves import Move
from lisboa_core.core.replace import with_field
from lisboa_core.core.specs import Spec
from lisboa_core.errors import IllegalMoveError

__all__ = [
    "BOTTOM",
    "FULL_SEARCH",
    "SWITCHES",
    "DecisionStack",
    "Handler",
    "Switches",
    "done_first",
    "first_datum",
    "pop",
    "push",
]

S = TypeVar("S", bound=GameState)

MovesFn = Callable[[S, Frame], tuple[Move, ...]]
ApplyFn = Callable[[S, Frame, Move | None], S]
SearchFn = Callable[[S, Frame, tuple[Move, ...]], tuple[Move, ...]]
VerdictFn = Callable[[S, Frame, tuple[Move, ...]], bool | None]
JudgeFn = Callable[[S, Frame, tuple[Move, ...]], list[bool | None]]
PruneFn = Callable[[S, Frame, tuple[Move, ...]], tuple[Move, ...]]
AlikeFn = Callable[[S, Frame, Move], Hashable]
HoldsFn = Callable[[Frame], Iterable[str]]
CheckFn = Callable[[S, Frame], str | None]


class Handler(Generic[S]):
    """How one kind of frame behaves (a plain class: compiled, its fields are read as
    fast as a local variable on every lookahead step; never changed once registered,
    :meth:`replaced` makes a changed copy)."""

    __slots__ = (
        "alike",
        "apply",
        "check",
        "checkpoint",
        "data",
        "holds",
        "judge",
        "kind",
        "lookahead",
        "moves",
        "prune",
        "search",
        "stuck",
        "under",
        "verdict",
    )

    def __init__(
        self,
        kind: str,
        apply: ApplyFn[S],
        moves: MovesFn[S] | None = None,
        lookahead: bool = False,
        checkpoint: bool = False,
        search: SearchFn[S] | None = None,
        verdict: VerdictFn[S] | None = None,
        judge: JudgeFn[S] | None = None,
        alike: AlikeFn[S] | None = None,
        data: Spec | None = None,
        holds: HoldsFn | None = None,
        check: CheckFn[S] | None = None,
        under: frozenset[str] | None = None,
        stuck: str | None = None,
        prune: PruneFn[S] | None = None,
    ) -> None:
        self.kind = kind
        self.apply = apply
        self.moves = moves  # None: an automatic step
        self.lookahead = lookahead  # filter moves by completability (R3.6)
        self.checkpoint = checkpoint  # reaching this frame: the started action completed
        # The moves the lookahead must try to find a way through (default: all of them).
        # A handler may leave out a move when another one it keeps always does at least as
        # well for finishing the action; the moves offered are still checked one by one.
        self.search = search
        # With these moves offered, whether the action can certainly be finished from here
        # (True), certainly not (False), or the lookahead must play it out to know (None).
        self.verdict = verdict
        # Per move offered: certainly legal (True) or illegal (False) without playing it
        # on, or None: the lookahead must play it out. Each answer is for its move alone
        # (a judge may be given any subset of the moves: random_move judges a few at a time).
        self.judge = judge
        # A key per move: moves with the same key are legal together or not at all, so the
        # lookahead plays out only the first of them. None as a key: no such promise.
        self.alike = alike
        # The shape of the frame's data (checked when a state is loaded from outside).
        self.data = data
        # The pieces (card, ship, tile ids) the frame holds on their way somewhere: they are
        # in no other place while it waits, so piece conservation counts them here.
        self.holds = holds
        # Whether the frame's data fits the rest of the state: a reason when it does not.
        # Checked when a state is loaded from outside.
        self.check = check
        # The kinds of frame this one can lie directly on (BOTTOM: it can be the lowest),
        # for the frames the turn's structure places (R3); None: wherever an effect puts it.
        self.under = under
        # What it means when this decision offers no move, with the rule: explain_illegal
        # reports it when every way through an action dies here.
        self.stuck = stuck
        # The moves offered less those a bound proves can never be completed (a store the
        # seat could not pay even with every gain on the way), in their order: the rules'
        # own list stays whole, so with the shortcuts off the search decides them too.
        self.prune = prune

    def replaced(
        self,
        *,
        search: SearchFn[S] | None = None,
        verdict: VerdictFn[S] | None = None,
        judge: JudgeFn[S] | None = None,
        alike: AlikeFn[S] | None = None,
        prune: PruneFn[S] | None = None,
    ) -> Handler[S]:
        """A copy with the given hints set (the others kept)."""
        return Handler(
            self.kind, self.apply, self.moves, self.lookahead, self.checkpoint,
            search or self.search, verdict or self.verdict, judge or self.judge,
            alike or self.alike, self.data, self.holds, self.check, self.under, self.stuck,
            prune or self.prune,
        )

    def __repr__(self) -> str:
        return f"<Handler {self.kind}>"


BOTTOM: Final = "(bottom)"
"""In a handler's ``under``: the frame can be the lowest on the stack."""


def first_datum(frame: Frame) -> tuple[str]:
    """``holds`` of a frame whose first datum is the piece it moves (a card being placed)."""
    return (frame.data[0],)


def push(state: S, *frames: Frame) -> S:
    """Push frames; the last one given ends on top (so it runs first)."""
    return with_field(state, "pending", state.pending + frames)


def pop(state: S) -> S:
    """Remove the top frame."""
    return with_field(state, "pending", state.pending[:-1])


def done_first(state: Any, frame: Frame, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """Lookahead shortcut of a repeated choice that ends the action when it stops: once
    ``done`` is offered it finishes the action, so nothing else needs searching (the
    moves offered are still checked one by one)."""
    return (Move("done"),) if Move("done") in moves else moves


class Switches:
    """Engine switches tests turn (a native object, read on every lookahead step)."""

    def __init__(self) -> None:
        self.shortcuts = True
        """Whether the lookahead uses the handlers' hints (a test turns them off to check
        they never change a legal move)."""


SWITCHES: Final = Switches()

FULL_SEARCH: Final[set[str]] = set()
"""The catalogues (by digest) whose games never use the shortcuts: a card in them says
something the hints do not reason about (``Rules.full_search``)."""


def _shortcuts(state: GameState) -> bool:
    return SWITCHES.shortcuts and state.catalogue not in FULL_SEARCH


# The last state offered and its surviving children: a caller almost always asks for the
# legal moves and then applies one of them, and the lookahead already built every child.
# One per thread, so threads playing different games never see each other's offer. Read
# through the thread's own dict: getattr with a default raises and clears an AttributeError
# inside while a name is still unset (every call in a thread that only lists moves, or
# only samples them): thousands of instructions a decision, compiled.
_last = threading.local()


class DecisionStack(Generic[S]):
    """One game's frame handlers and the machinery that runs them: applying a move,
    the automatic steps, the lookahead oracle and its hints.

    ``completion`` names the game's rule that a started action must complete (quoted when
    a move is refused because it could not): an empty string for a game whose decisions
    never look ahead.
    """

    def __init__(self, game: str, completion: str = "") -> None:
        self.game = game
        """The game's name."""
        self.completion = completion
        """The rule a refused lookahead move cites (``R3.6: ...``)."""
        self.handlers: dict[str, Handler[S]] = {}
        """Every registered frame kind's handler."""
        self.chances: dict[str, OutcomesFn] = {}
        """The outcomes of each chance frame kind (:meth:`register_chance`)."""

    def __repr__(self) -> str:
        return f"<DecisionStack {self.game}: {len(self.handlers)} frame kinds>"

    def register(
        self,
        kind: str,
        apply: ApplyFn[S],
        moves: MovesFn[S] | None = None,
        *,
        lookahead: bool = False,
        checkpoint: bool = False,
        search: SearchFn[S] | None = None,
        verdict: VerdictFn[S] | None = None,
        judge: JudgeFn[S] | None = None,
        alike: AlikeFn[S] | None = None,
        data: Spec | None = None,
        holds: HoldsFn | None = None,
        check: CheckFn[S] | None = None,
        under: frozenset[str] | None = None,
        stuck: str | None = None,
    ) -> None:
        """Register the handler of a frame kind (each rules module registers its own).

        A decision looks ahead only when it says so (``lookahead=True``): where a choice
        inside an action (which card to discard, which goods pay for a ship) can make the
        rest of the action impossible and the rules forbid starting what cannot be finished
        (Lisboa's R3.6). Without it every move the handler lists is offered.
        """
        self.handlers[kind] = Handler(
            kind, apply, moves, lookahead and moves is not None, checkpoint, search, verdict,
            judge, alike, data, holds, check, under, stuck,
        )

    def register_chance(
        self,
        kind: str,
        apply: ApplyFn[S],
        outcomes: OutcomesFn,
        *,
        data: Spec | None = None,
        check: CheckFn[S] | None = None,
        under: frozenset[str] | None = None,
    ) -> None:
        """Register a chance step (see :mod:`lisboa_core.core.chance`): a frame of seat
        :data:`~lisboa_core.core.chance.CHANCE` whose moves are the outcomes ``outcomes``
        lists with their probabilities; ``apply`` resolves it with the outcome applied.

        The step stops the automatic steps like a decision, and is a checkpoint: a
        lookahead never searches past it (what is drawn is not a choice). Resolving it
        advances the state's generator (``state.rng``) by one draw, whichever outcome is
        applied, so the next chance step samples afresh.
        """
        self.chances[kind] = outcomes

        def moves(state: S, frame: Frame) -> tuple[Move, ...]:
            return tuple(move for move, _ in outcomes(state, frame))

        def resolve(state: S, frame: Frame, move: Move | None) -> S:
            if hasattr(state, "rng"):
                state = with_field(state, "rng", state.rng.next()[1])
            return apply(state, frame, move)

        self.handlers[kind] = Handler(kind, resolve, moves, False, True, data=data,
                                      check=check, under=under)

    def outcomes(self, state: S) -> Outcomes:
        """The outcomes of the chance step on top of ``state`` with their probabilities
        (empty when the top frame is a decision, or nothing is pending)."""
        if not state.pending:
            return ()
        frame = state.pending[-1]
        found = self.chances.get(frame.kind)
        return () if found is None or frame.seat != CHANCE else found(state, frame)

    def hint(
        self,
        kind: str,
        *,
        search: SearchFn[S] | None = None,
        verdict: VerdictFn[S] | None = None,
        judge: JudgeFn[S] | None = None,
        alike: AlikeFn[S] | None = None,
        prune: PruneFn[S] | None = None,
    ) -> None:
        """Attach lookahead hints to a registered frame kind. A rules module registers its
        frames; the hints, each justified by a rule, live in a module of their own and
        attach themselves here (a kind with no hint is played out by the full search).
        A ``prune`` needs a decision that looks ahead: only the lookahead may drop a move."""
        if prune is not None and not self.handlers[kind].lookahead:
            raise ValueError(f"a prune hint on '{kind}', a decision without lookahead")
        self.handlers[kind] = self.handlers[kind].replaced(
            search=search, verdict=verdict, judge=judge, alike=alike, prune=prune
        )

    def handler(self, kind: str) -> Handler[S]:
        """The handler of a frame kind."""
        return self.handlers[kind]

    def kinds(self) -> frozenset[str]:
        """Every registered frame kind."""
        return frozenset(self.handlers)

    def advance(self, state: S) -> S:
        """Run automatic frames until a decision is on top or nothing is pending."""
        handlers = self.handlers
        while state.pending:
            frame = state.pending[-1]
            h = handlers[frame.kind]
            if h.moves is not None:
                return state
            state = h.apply(pop(state), frame, None)
        return state

    def raw_moves(self, state: S) -> tuple[Move, ...]:
        """Every move the top frame's rules allow, before the lookahead (the oracle's
        starting list)."""
        frame = state.pending[-1]
        h = self.handlers[frame.kind]
        assert h.moves is not None
        return h.moves(state, frame)

    def step(self, state: S, move: Move) -> S:
        """Apply ``move`` to the top frame and run the automatic steps (no legality check)."""
        frame = state.pending[-1]
        return self.advance(self.handlers[frame.kind].apply(pop(state), frame, move))

    def tail_within(self, state: S, kinds: frozenset[str]) -> bool:
        """Whether every frame under the top one, down to the next checkpoint, is of
        ``kinds``: a ``verdict`` uses it to know nothing else is still to be paid or done."""
        handlers = self.handlers
        for frame in reversed(state.pending[:-1]):
            if handlers[frame.kind].checkpoint:
                return True
            if frame.kind not in kinds:
                return False
        return True

    def completes(self, state: S, move: Move) -> bool:
        """Whether the action under way can still be finished after ``move``."""
        return self.completable(self.step(state, move), 0)

    def completable(self, state: S, depth: int) -> bool:
        """Can the action under way be finished from here (some sequence of choices)?

        The search runs to the next checkpoint frame (a decision that starts something
        new: taking a card at the end of an action, a turn, a setup or period-end choice),
        so a choice deep inside an action is checked against everything the action still
        needs.
        """
        if not state.pending:
            return True
        frame = state.pending[-1]
        h = self.handlers[frame.kind]
        if h.checkpoint:
            return True
        if depth > 60:  # actions are finite; this only guards against a handler bug
            return True
        assert h.moves is not None
        moves = h.moves(state, frame)
        if SWITCHES.shortcuts and state.catalogue not in FULL_SEARCH:
            if h.prune is not None:
                moves = h.prune(state, frame, moves)
            if h.verdict is not None:
                known = h.verdict(state, frame, moves)
                if known is not None:
                    return known
            if h.search is not None:
                moves = h.search(state, frame, moves)
        if not moves:
            return False
        popped = pop(state)  # shared by the moves: states are never changed in place
        apply = h.apply
        return any(
            self.completable(self.advance(apply(popped, frame, m)), depth + 1) for m in moves
        )

    def _offer(self, state: S) -> tuple[S, tuple[Move, ...], dict[Move, S]]:
        last: tuple[S, tuple[Move, ...], dict[Move, S]] | None = _last.__dict__.get("offer")
        if last is not None and last[0] is state:
            return last
        frame = state.pending[-1]
        h = self.handlers[frame.kind]
        assert h.moves is not None
        moves = h.moves(state, frame)
        children: dict[Move, S] = {}
        if h.lookahead:
            shortcuts = _shortcuts(state)
            if shortcuts and h.prune is not None:
                moves = h.prune(state, frame, moves)
            judge = h.judge if shortcuts else None
            alike = h.alike if shortcuts else None
            known: dict[Hashable, bool] = {}
            judged = [None] * len(moves) if judge is None else judge(state, frame, moves)
            popped: S | None = None  # shared by the moves: states never change in place
            legal = []
            for move, ok in zip(moves, judged, strict=True):
                # A move judged, or like one already played out, gets its state built only
                # if it is applied.
                key = None if alike is None or ok is not None else alike(state, frame, move)
                if ok is None and key is not None:
                    ok = known.get(key)
                if ok is None:
                    popped = pop(state) if popped is None else popped
                    child = self.advance(h.apply(popped, frame, move))
                    ok = self.completable(child, 0)
                    if ok:
                        children[move] = child
                    if key is not None:
                        known[key] = ok
                if ok:
                    legal.append(move)
            moves = tuple(legal)
        offer = (state, moves, children)
        _last.offer = offer
        return offer

    def offered(self, state: S) -> tuple[Move, ...]:
        """The legal moves of the top frame (the lookahead applied where marked)."""
        return self._offer(state)[1]

    def sample_move(self, state: S, rng: Random) -> Move:
        """A legal move of ``state`` drawn uniformly at random, found without proving every
        move legal: the moves are shuffled and the first one proven legal (by the same
        judges and lookahead as :meth:`offered`) is returned. The first legal move of a
        uniformly random order is uniform over the legal moves.

        The proof is kept, so applying the move next skips listing the legal moves.
        """
        last: tuple[S, tuple[Move, ...], dict[Move, S]] | None = _last.__dict__.get("offer")
        if last is not None and last[0] is state:
            return rng.choice(last[1])
        frame = state.pending[-1]
        h = self.handlers[frame.kind]
        assert h.moves is not None
        moves = h.moves(state, frame)
        if not h.lookahead:
            move = moves[rng.randrange(len(moves))]
            _last.proven = (state, move, None)
            return move
        shortcuts = _shortcuts(state)
        if shortcuts and h.prune is not None:
            moves = h.prune(state, frame, moves)
        count = len(moves)
        judge = h.judge if shortcuts else None
        popped = pop(state)
        # The moves are drawn one at a time in a uniformly random order (a Fisher-Yates
        # shuffle carried only as far as needed) and judged as drawn: a judge answers for
        # each move on its own, so most draws need only the first move or two judged.
        order = list(range(count))
        for k in range(count):
            j = k + rng.randrange(count - k)
            order[k], order[j] = order[j], order[k]
            move = moves[order[k]]
            ok = None if judge is None else judge(state, frame, (move,))[0]
            child = None
            if ok is None:
                child = self.advance(h.apply(popped, frame, move))
                ok = self.completable(child, 0)
            if ok:
                _last.proven = (state, move, child)
                return move
        raise AssertionError(f"no legal move in a '{frame.kind}' decision")  # lookahead bug

    def apply_move(self, state: S, move: Move) -> S:
        """Apply a legal move and run the automatic steps that follow."""
        if not state.pending:
            raise IllegalMoveError("the game is over")
        proven: tuple[S, Move, S | None] | None = _last.__dict__.get("proven")
        if proven is not None and proven[0] is state and proven[1] == move:
            return proven[2] if proven[2] is not None else self.step(state, move)
        _, moves, children = self._offer(state)
        if move not in moves:
            raise IllegalMoveError(self.explain(state, move) or f"{move} is not legal now")
        child = children.get(move)
        return child if child is not None else self.step(state, move)

    def _why_stuck(self, state: S, budget: int = 500) -> str | None:
        """Why no way through the action under way exists from ``state``: the most common
        dead end of the full search (the rule a ``dead`` frame names, or a decision left
        with no move), found by the same handlers that decide legality, no hints used."""
        reasons: Counter[str] = Counter()
        stack = [(state, 0)]
        while stack and budget > 0:
            current, depth = stack.pop()
            budget -= 1
            if not current.pending:
                continue
            frame = current.pending[-1]
            if frame.kind == "dead":
                reasons[str(frame.data[0]) if frame.data else "a dead end"] += 1
                continue
            h = self.handlers[frame.kind]
            if h.checkpoint or depth > 60 or h.moves is None:
                continue
            moves = h.moves(current, frame)
            if not moves:
                reasons[h.stuck or f"seat {frame.seat} would have no possible '{frame.kind}' "
                         "move"] += 1
                continue
            popped = pop(current)
            stack.extend((self.advance(h.apply(popped, frame, m)), depth + 1) for m in moves)
        return reasons.most_common(1)[0][0] if reasons else None

    def explain(self, state: S, move: Move) -> str | None:
        """Why ``move`` is illegal in ``state`` (``None`` if it is legal)."""
        if not state.pending:
            return "the game is over"
        frame = state.pending[-1]
        if move in self.offered(state):
            return None
        raw = self.raw_moves(state)
        if move in raw:
            cause = self._why_stuck(self.step(state, move))
            rule = f" ({self.completion})" if self.completion else ""
            return (
                f"{move}: the action could not be completed afterwards{rule}"
                + (f"; {cause}" if cause else "")
            )
        if frame.seat == CHANCE:
            shown = ", ".join(str(m) for m in raw[:8]) + (", ..." if len(raw) > 8 else "")
            return f"{move}: not an outcome of the chance step '{frame.kind}' ({shown})"
        kinds = sorted({m.kind for m in raw})
        if move.kind not in kinds:
            return (
                f"{move}: seat {frame.seat} must now decide '{frame.kind}'; "
                f"possible moves start with: {', '.join(kinds)}"
            )
        same = [m for m in raw if m.kind == move.kind]
        shown = ", ".join(str(m) for m in same[:8]) + (", ..." if len(same) > 8 else "")
        return f"{move}: not one of the {len(same)} '{move.kind}' moves possible now ({shown})"
