"""What one Lisboa seat may see (R3.11), and full states sampled to agree with it.

A :class:`~lisboa_core.games.lisboa.state.State` holds everything, hidden parts included:
every hand, the order of every face-down deck, the bags and the generator that decides
future shuffles. :func:`observe` turns it into a :class:`LisboaView` (a
:class:`lisboa_core.views.View` with Lisboa's ``hand`` properties): the same state with
every hidden piece
replaced by a placeholder, so what a seat sees is just the position it sees, read with the
same field names (``view.state.players[2].reis``, ``view.state.decree_display``...).
:func:`determinize` goes the other way: it samples a complete, playable state that the seat
could not tell from the real one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from lisboa_core._args import expect, expect_int
from lisboa_core.core.replace import replace
from lisboa_core.core.rng import Rng
from lisboa_core.errors import LisboaError
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules.ops import rules_of
from lisboa_core.games.lisboa.state import Frame, PlayerState, State
from lisboa_core.games.lisboa.zones import DISPLAY_DECKS, LATER_DECKS, STARTING_DECK
from lisboa_core.views import View

__all__ = [
    "HIDDEN_BUILDING",
    "HIDDEN_CARD",
    "HIDDEN_CLERGY",
    "HIDDEN_DECREE",
    "HIDDEN_PLAN",
    "HIDDEN_RNG",
    "LisboaView",
    "View",
    "determinize",
    "observe",
]

HIDDEN_CARD = "?card"
"""Placeholder of a political card the seat cannot see (another hand, a face-down pile card,
the purple and brown decks, a card that left the game)."""

HIDDEN_CLERGY = "?clergy"
"""Placeholder of a clergy tile in the bag, or drawn by another seat at setup."""

HIDDEN_DECREE = "?decree"
"""Placeholder of a decree in the face-down deck."""

HIDDEN_BUILDING = "?building"
"""Placeholder of a public building below the visible top of its stack."""

HIDDEN_PLAN = "?plan"
"""Placeholder of a starting plan returned to the box at setup (R2.2.5)."""

HIDDEN_RNG = Rng(0, 0)
"""What a view holds in place of the game's generator (which tells every future shuffle)."""

_PLACEHOLDERS = frozenset(
    {HIDDEN_CARD, HIDDEN_CLERGY, HIDDEN_DECREE, HIDDEN_BUILDING, HIDDEN_PLAN}
)


@attrs.frozen(slots=True)
class LisboaView(View):
    """What ``seat`` may see of a Lisboa game: the public board and its own private
    information (a :class:`lisboa_core.views.View` with the hand properties).

    ``state`` is the real state with every hidden piece replaced by a placeholder string,
    so the position is read with the usual field names and every count stays visible
    (``len(view.state.players[1].hand)`` is the size of seat 1's hand). Hidden per R3.11:

    * the hand of every other seat (each card :data:`HIDDEN_CARD`);
    * every face-down card of the political display piles (all but the top card), the purple
      and brown decks, and every political card that left the game (the box is not on the
      table: a bot that wants to count cards remembers what earlier views showed);
    * the order of the decree deck (:data:`HIDDEN_DECREE`) and the contents of the clergy
      bag (:data:`HIDDEN_CLERGY`), including the two tiles each other seat drew at setup;
    * the public buildings below the available one and the next one (R1.8.9,
      :data:`HIDDEN_BUILDING`), and the starting plans nobody was dealt (:data:`HIDDEN_PLAN`);
    * the game's generator, replaced by :data:`HIDDEN_RNG`; in the draft variant, the packets
      and kept cards of the other seats.

    Face-up stacks whose order the rules fix (the shipyard, the plan stacks, the city tiles)
    stay as they are: hiding them would hide nothing.

    A view is a plain value: two views are equal when the seat could not tell the positions
    apart. Its ``state`` is **not** playable (the engine cannot resolve a placeholder); use
    :func:`determinize` to get a state to try moves on.

    Example::

        from lisboa_core import new_game, observe

        view = observe(new_game(players=3, seed=2), 1)
        assert view.seat == 1 and view.hand == view.state.players[1].hand
        assert set(view.state.players[0].hand) == {"?card"}  # another seat's hand is hidden
    """

    @property
    def hand(self) -> tuple[str, ...]:
        """The seat's own hand, in full."""
        hand: tuple[str, ...] = self.state.players[self.seat].hand
        return hand

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(p.hand) for p in self.state.players)


def observe(state: State, seat: int) -> LisboaView:
    """What ``seat`` may see of ``state`` (R3.11): hidden pieces become placeholders.

    Other hands, the order of every face-down deck, pile and bag, and the generator are
    hidden; their sizes stay visible, and so does the seat's own hand. See
    :class:`LisboaView` for the full list.

    :param state: any state, finished or not.
    :param seat: the seat that looks (``0`` to ``players - 1``).
    :returns: the view; equal views mean the seat cannot tell the states apart.
    :raises LisboaError: if there is no such seat.

    Example::

        from lisboa_core import new_game, observe

        state = new_game(players=2, seed=1)
        view = observe(state, 0)
        assert view.hand == state.players[0].hand
        assert len(view.state.players[1].hand) == len(state.players[1].hand)
    """
    expect(state, State, "observe", "state")
    expect_int(seat, "observe", "seat")
    if not 0 <= seat < state.player_count:
        raise LisboaError(f"no seat {seat} in a {state.player_count}-player game")
    rules = rules_of(state)
    political = _ids(rules.political)
    starting = frozenset(p.id for p in rules.plans if p.starting)

    def masked(items: tuple[str, ...], placeholder: str) -> tuple[str, ...]:
        return (placeholder,) * len(items)

    players = tuple(
        p if i == seat else replace(p, hand=masked(p.hand, HIDDEN_CARD))
        for i, p in enumerate(state.players)
    )
    removed = tuple(
        HIDDEN_CARD if piece in political else HIDDEN_PLAN if piece in starting else piece
        for piece in state.removed
    )
    return LisboaView(
        seat,
        replace(
            state,
            players=players,
            piles=tuple(pile[:1] + masked(pile[1:], HIDDEN_CARD) for pile in state.piles),
            later_decks=(
                masked(state.later_decks[0], HIDDEN_CARD),
                masked(state.later_decks[1], HIDDEN_CARD),
            ),
            decree_deck=masked(state.decree_deck, HIDDEN_DECREE),
            clergy_bag=masked(state.clergy_bag, HIDDEN_CLERGY),
            building_stacks=(
                _mask_stack(state.building_stacks[0]),
                _mask_stack(state.building_stacks[1]),
            ),
            pending=tuple(_mask_frame(frame, seat) for frame in state.pending),
            removed=removed,
            rng=HIDDEN_RNG,
        ),
    )


def _ids(components: tuple[m.Component, ...]) -> frozenset[str]:
    return frozenset(c.id for c in components)


def _mask_stack(stack: tuple[str, ...]) -> tuple[str, ...]:
    """The available building and the next one are seen; the rest of the stack is not."""
    return stack[:2] + (HIDDEN_BUILDING,) * len(stack[2:])


def _mask_frame(frame: Frame, seat: int) -> Frame:
    """Pending decisions of other seats that carry private pieces: the clergy tiles drawn
    at setup (R2.2.3) and the draft packets (R2.7.6)."""
    if frame.seat == seat and frame.kind != "draft":
        return frame
    if frame.kind == "keep-clergy":
        return Frame(frame.kind, frame.seat, (HIDDEN_CLERGY,) * len(frame.data))
    if frame.kind == "draft":
        round_, done, packets, kept = frame.data
        return Frame(
            frame.kind,
            frame.seat,
            (round_, done, _mask_groups(packets, seat), _mask_groups(kept, seat)),
        )
    return frame


def _mask_groups(groups: tuple[tuple[str, ...], ...], seat: int) -> tuple[tuple[str, ...], ...]:
    return tuple(g if i == seat else (HIDDEN_CARD,) * len(g) for i, g in enumerate(groups))


# --- determinize ---------------------------------------------------------------------------


def _strings(value: Any, found: set[str]) -> set[str]:
    """Every string in a state's plain data (tuples, players, frames; not effect trees),
    added to ``found``; returns it."""
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, tuple):
        for item in value:
            if isinstance(item, str):
                found.add(item)
            elif isinstance(item, int):
                continue
            else:
                _strings(item, found)
    elif isinstance(value, PlayerState | State):
        for field in value.values():
            _strings(field, found)
    elif isinstance(value, Frame):
        _strings(value.data, found)
    return found


class _Pool:
    """The unseen pieces of one kind, in a random order, dealt out by a predicate."""

    def __init__(self, kind: str, pieces: list[str], rng: Rng) -> None:
        shuffled, self.rng = rng.shuffle(pieces)
        self.kind = kind
        self.pieces = list(shuffled)

    def take(self, accepts: Callable[[str], bool] = lambda _piece: True) -> str:
        for i, piece in enumerate(self.pieces):
            if accepts(piece):
                return self.pieces.pop(i)
        raise LisboaError(f"the view is inconsistent: no unseen {self.kind} fits")

    def fill(
        self,
        items: tuple[str, ...],
        placeholder: str,
        accepts: Callable[[str], bool] = lambda _piece: True,
    ) -> tuple[str, ...]:
        return tuple(self.take(accepts) if item == placeholder else item for item in items)


def determinize(view: View, seed: int = 0) -> State:
    """A complete state the view's seat could not tell from the real one.

    Every placeholder of ``view`` is replaced by a piece drawn, with a generator seeded by
    ``seed``, from the pieces the seat cannot see, respecting what the table shows: a
    face-down pile card has the pile's type and the period's deck (red, then brown), the
    purple and brown decks hold their colours, and other hands hold only cards of decks
    already in play (blue and red in period 1). The game's generator is replaced by a new
    one drawn from ``seed``, so future shuffles are sampled too.

    The result is a legal state (``legal_moves`` and ``apply`` work on it) and
    ``observe(determinize(view, seed), view.seat) == view``; the same ``seed`` gives the
    same state.

    :param view: what one seat sees (:func:`observe`).
    :param seed: seeds the sampling; different seeds give different deals.
    :returns: a complete, playable state agreeing with ``view``.
    :raises LisboaError: if the view cannot come from a real game (a placeholder that no
        unseen piece fits).

    Example::

        from lisboa_core import determinize, legal_moves, new_game, observe

        view = observe(new_game(players=3, seed=2), 0)
        sample = determinize(view, seed=5)
        assert observe(sample, 0) == view and legal_moves(sample)
    """
    expect(view, View, "determinize", "view")
    expect_int(seed, "determinize", "seed")
    state = view.state
    rules = rules_of(state)
    seen = _strings(state, set())
    rng = Rng(seed)

    def pool(kind: str, components: tuple[m.Component, ...]) -> _Pool:
        nonlocal rng
        found = _Pool(kind, [c.id for c in components if c.id not in seen], rng)
        rng = found.rng
        return found

    cards = pool("political card", rules.political)
    clergy = pool("clergy tile", rules.clergy)
    decrees = pool("decree", rules.decrees)
    buildings = pool("public building", rules.buildings)
    plans = pool("starting plan", tuple(p for p in rules.plans if p.starting))

    # Each political card's deck and type, read once (the predicates test every card left).
    facts = {c.id: (c.deck, c.type) for c in rules.political}

    def card_of(deck: str | tuple[str, ...] | None,
                card_type: str | None = None) -> Callable[[str], bool]:
        decks = (deck,) if isinstance(deck, str) else deck  # None: any deck

        def accepts(card_id: str) -> bool:
            card_deck, its_type = facts[card_id]
            return (decks is None or card_deck in decks) and card_type in (None, its_type)

        return accepts

    # Most constrained first, so every placeholder finds a piece (the real state is one
    # way to fill them all): display piles, later decks, draft packets, hands, the box.
    pile_deck = DISPLAY_DECKS[state.period - 1]
    piles = tuple(
        cards.fill(pile, HIDDEN_CARD, card_of(pile_deck, card_type))
        for pile, card_type in zip(state.piles, rules.board.political_display, strict=True)
    )
    later_decks = (
        cards.fill(state.later_decks[0], HIDDEN_CARD, card_of(LATER_DECKS[0])),
        cards.fill(state.later_decks[1], HIDDEN_CARD, card_of(LATER_DECKS[1])),
    )
    pending = list(state.pending)
    for i, frame in enumerate(pending):
        if frame.kind == "draft":
            round_, done, packets, kept = frame.data
            packets = tuple(cards.fill(g, HIDDEN_CARD, card_of(STARTING_DECK)) for g in packets)
            kept = tuple(cards.fill(g, HIDDEN_CARD, card_of(STARTING_DECK)) for g in kept)
            pending[i] = Frame(frame.kind, frame.seat, (round_, done, packets, kept))
    in_play = ((STARTING_DECK, DISPLAY_DECKS[0]) if state.period == 1 or any(state.later_decks)
               else None)
    players = tuple(
        replace(p, hand=cards.fill(p.hand, HIDDEN_CARD, card_of(in_play)))
        for p in state.players
    )
    removed = cards.fill(state.removed, HIDDEN_CARD)
    removed = plans.fill(removed, HIDDEN_PLAN)
    for i, frame in enumerate(pending):
        if frame.kind == "keep-clergy":
            pending[i] = Frame(frame.kind, frame.seat, clergy.fill(frame.data, HIDDEN_CLERGY))
    value, _ = rng.next()
    sampled: State = replace(
        state,
        players=players,
        piles=piles,
        later_decks=later_decks,
        decree_deck=decrees.fill(state.decree_deck, HIDDEN_DECREE),
        clergy_bag=clergy.fill(state.clergy_bag, HIDDEN_CLERGY),
        building_stacks=(
            buildings.fill(state.building_stacks[0], HIDDEN_BUILDING),
            buildings.fill(state.building_stacks[1], HIDDEN_BUILDING),
        ),
        pending=tuple(pending),
        removed=removed,
        rng=Rng(value),
    )
    return sampled
