"""More rules of Rules engine I (R3-R8, R12, R13), each from a compact scenario state.

Cards, tiles and ships are looked up in the catalogue by what they do (their compiled
effects), never by id; expected numbers come from rules.md and the catalogue values.
A few rules about the whole flow of the game (R3.9-R3.12, R4.1, R12.4) are also checked
over random legal play from several seeds.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from lisboa_core.api import apply, explain_illegal, is_over, legal_moves, new_game, parse_move
from lisboa_core.core.moves import Move
from lisboa_core.errors import IllegalMoveError
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import load_rules
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.state import GOODS, NOBLES, RUBBLE, Options, State

RULES = load_rules()
BOARD = RULES.board
GOOD_STREET = {good: street for street, good in BOARD.streets}  # board data: street colours
ICONS = tuple(sorted(BOARD.influence_reis_icons))


# --- catalogue look-ups ----------------------------------------------------------------


def _single_step(effect: m.Seq | None) -> m.Do | None:
    if effect is not None and len(effect.steps) == 1 and isinstance(effect.steps[0], m.Do):
        return effect.steps[0]
    return None


def _matches(do: m.Do | None, kind: str, args: dict[str, object]) -> bool:
    return do is not None and do.kind == kind and all(do.arg(k) == v for k, v in args.items())


def _noble_with_reward(kind: str, **args: object) -> m.PoliticalCard:
    """A noble card whose bonus is the single effect ``kind`` with these arguments."""
    return next(c for c in RULES.political if _matches(_single_step(c.reward), kind, args))


def _noble_with_penalty(kind: str, **args: object) -> m.PoliticalCard:
    return next(c for c in RULES.political if _matches(_single_step(c.penalty), kind, args))


def _treasury_with_modifier(hook: str, amount: int | None) -> m.PoliticalCard:
    return next(
        c
        for c in RULES.political
        if c.is_treasury and any(
            mod.hook == hook and mod.amount == amount for mod in c.permanent.modifiers
        )
    )


def _plain_treasury() -> m.PoliticalCard:
    """A treasury card whose permanent effect plays no part in selling or paying."""
    return next(
        c
        for c in RULES.political
        if c.is_treasury
        and not c.permanent.triggers
        and all(mod.hook not in ("payment",) for mod in c.permanent.modifiers)
    )


def _clergy_with_trigger(event: str, kind: str) -> str:
    """A clergy tile with an ``on EVENT`` trigger whose effect contains ``kind``."""

    def kinds(effect: m.Effect) -> Iterator[str]:
        if isinstance(effect, m.Do):
            yield effect.kind
        elif isinstance(effect, m.Seq):
            for step in effect.steps:
                yield from kinds(step)
        elif isinstance(effect, m.May):
            yield from kinds(effect.body)
        else:
            for option in effect.options:
                yield from kinds(option)

    return next(
        tile.id
        for tile in RULES.clergy
        for trig in tile.behaviour.triggers
        if trig.event == event and kind in kinds(trig.effect)
    )


def _ships(colour: str) -> list[m.Ship]:
    return [s for s in RULES.ships if s.color == colour]


def _stores(seat: int, *goods: str) -> tuple[tuple[str, int, str], ...]:
    """Stores of ``seat`` (distinct land spaces) facing the street of each good."""
    lands = iter(RULES.lands)
    out = []
    for good in goods:
        street = GOOD_STREET[good]
        land = next(land for land in lands if street in land.streets)
        out.append((land.id, seat, street))
    return tuple(out)


# --- scenario helpers ------------------------------------------------------------------


def _scenario(players: int = 2, seed: int = 1) -> tuple[State, int]:
    """The first action choice of a new game, every clergy tile back in the bag (so no
    passive effect interferes) and every seat with one good of each type."""
    state = t.first_turn(players, seed)
    tiles = tuple(tile for p in state.players for tile in p.clergy)
    for seat in range(players):
        state = t.with_player(state, seat, clergy=(), goods=(1, 1, 1, 1))
    state = t.with_state(state, clergy_bag=state.clergy_bag + tiles)
    return state, state.current



def _staff(state: State, offices: tuple[tuple[int, ...], ...],
           plazas: tuple[tuple[int, ...], ...]) -> State:
    """Set offices and plazas; each seat's storage keeps its 8 officials in all."""
    state = t.with_state(state, offices=offices, plazas=plazas)
    for seat in range(state.player_count):
        placed = sum(o.count(seat) for o in offices) + sum(z.count(seat) for z in plazas)
        state = t.with_player(state, seat, officials=RULES.player_board.officials - placed)
    return state


def _branches(state: State, kinds: tuple[str, ...]) -> list[State]:
    """Every state reached by playing each legal move while a decision of ``kinds`` is on
    top (all the ways a choice can go)."""
    if state.pending and state.pending[-1].kind in kinds:
        return [end for mv in legal_moves(state) for end in _branches(apply(state, mv), kinds)]
    return [state]


def _moves(state: State) -> list[str]:
    return [str(mv) for mv in legal_moves(state)]


def _take_any(state: State) -> State:
    """R3.7: take the first face-up card offered."""
    return apply(state, legal_moves(state)[0])


def _gold_turn(state: State) -> State:
    """A whole turn of the seat to act: Get 1 gold (R3.4), then take a card (R3.7)."""
    seat = state.to_act
    assert seat is not None
    state = t.play(state, f"gold {state.players[seat].hand[0]}")
    return _take_any(state)


# --- random legal play ------------------------------------------------------------------


@functools.cache
def _games() -> tuple[tuple[State, ...], ...]:
    """Whole random games (every state after every decision) for 2-4 players, 3 seeds."""
    games = []
    for players in (2, 3, 4):
        for seed in (5, 6, 7):
            chooser = random.Random(seed * 10 + players)
            state = new_game(players, seed)
            states = [state]
            while not is_over(state) and len(states) < 1500:
                state = apply(state, chooser.choice(legal_moves(state)))
                states.append(state)
            games.append(tuple(states))
    return tuple(games)


def _decisions() -> Iterator[State]:
    for game in _games():
        yield from (s for s in game if s.pending)


def test_random_games_reach_period_two() -> None:
    # The random games below would prove little if they stopped early.
    assert all(game[-1].period == 2 for game in _games())
    assert all(is_over(game[-1]) for game in _games())


# --- R3 turn structure ------------------------------------------------------------------


def test_r3_1_round_order_is_clockwise_from_the_start_player() -> None:
    # R3.1 / R0.8: one turn per player, clockwise (to the left) from the start player.
    state = t.first_turn(4, seed=3)
    seen = []
    for _ in range(8):
        assert state.pending[-1].kind == "turn"
        seen.append(state.current)
        state = _gold_turn(state)
    start = state.start_player
    assert seen == [(start + i) % 4 for i in range(8)]


def test_r3_2_dock_then_action_then_take_a_card_then_upkeep() -> None:
    # R3.2: the four steps in order.
    state, seat = _scenario()
    other = 1 - seat
    red = _ships("red")[0]
    state = t.with_player(state, other, top=(red.id, None, None),
                          cargo=(("gold", "books"), (), ()), sailed=(2, 0, 0))
    state = _gold_turn(state)
    # Step 1 came first: when the other seat chooses its action its ship has docked.
    assert state.pending[-1].kind == "turn" and state.to_act == other
    assert state.players[other].cargo[0] == ()
    # Empty a city space: the upkeep refill (step 4) must wait for steps 2 and 3.
    large = state.city_stacks[0]
    state = t.with_state(state, city_display=(None, *state.city_display[1:]))
    card = state.players[other].hand[0]
    state = t.play(state, f"gold {card}")  # step 2
    assert len(state.players[other].hand) == 4
    assert state.to_act == other and {mv.kind for mv in legal_moves(state)} == {"take"}
    assert state.city_display[0] is None  # no upkeep yet
    state = _take_any(state)  # step 3
    assert len(state.players[other].hand) == 5
    assert state.city_display[0] == large[0]  # step 4
    assert state.current == seat


def test_r3_5_and_r3_5_1_tuck_then_exactly_one_sale_or_trade() -> None:
    # R3.5: exactly one action; R3.5.1: play a card into the portfolio, then Sell or Trade.
    state, seat = _scenario()
    other = 1 - seat
    red = _ships("red")[0]
    card = _noble_with_reward("gain", what="gold")
    state = t.with_player(state, other, top=(red.id, None, None))
    state = t.give(state, seat, card.id)
    state = t.play(state, f"tuck {card.id}")
    assert card.id in state.players[seat].top
    assert set(_moves(state)) == {"sell", "trade"}
    state = t.play(state, "sell", f"sell cloth p{other}.1", "done")
    # The action is over: only a political card can be taken now, no second action.
    assert {mv.kind for mv in legal_moves(state)} == {"take"}
    assert len(state.players[seat].hand) == 4
    # The trade branch ends the same way.
    state, seat = _scenario()
    state = t.give(state, seat, card.id)
    state = t.play(state, f"tuck {card.id}", "trade", "trade acquire-plan tools", "plan blue",
                    "done")
    assert {mv.kind for mv in legal_moves(state)} == {"take"}


TURN_KINDS = {"tuck", "gold", "visit", "sponsor"}
"""R3.2 step 2: Get 1 gold (R3.4) or one of the actions of R3.5.1-R3.5.3."""


def test_r3_5_2_and_r3_5_3_court_plays_follow_the_card_kind() -> None:
    # R3.5.2: a noble card goes to the Royal Court only to visit; R3.5.3: a treasury card
    # only to sponsor (both arrive with Rules engine II; until then neither is offered).
    # Either way the turn offers a tuck and a Get 1 gold for every card, nothing but the
    # four kinds of R3.2 step 2, and an illegal court play is explained.
    state, seat = _scenario()
    treasury = _plain_treasury()
    noble = _noble_with_reward("gain", what="gold")
    state = t.give(state, seat, treasury.id, noble.id)
    hand = state.players[seat].hand
    moves = legal_moves(state)
    assert {mv.kind for mv in moves} <= TURN_KINDS
    for kind in ("tuck", "gold"):
        assert sorted(mv.args[0] for mv in moves if mv.kind == kind) == sorted(hand)
    for mv in moves:
        card = RULES.typed(str(mv.args[0]), m.PoliticalCard)
        if mv.kind == "visit":
            assert not card.is_treasury
        if mv.kind == "sponsor":
            assert card.is_treasury
    for probe in (Move("visit", (treasury.id,)), Move("sponsor", (noble.id,)),
                  Move("visit", ("manuel",))):
        reason = explain_illegal(state, probe)
        assert reason is not None and probe.kind in reason
        with pytest.raises(IllegalMoveError):
            apply(state, probe)
    with pytest.raises(IllegalMoveError):
        parse_move(state, f"visit {treasury.id}")


def test_r3_8_upkeep_refills_clears_covered_goods_and_passes_left() -> None:
    # R3.8 steps 2-6 and 8, after a trade (so goods cover icons: R7.4).
    state, seat = _scenario(players=3, seed=2)
    state = t.play(_tuck_treasury(state, seat), "trade", "trade acquire-plan tools",
                   "plan blue", "done")
    assert state.covered == ("acquire-plan",)
    pile_index = next(i for i, pile in enumerate(state.piles) if pile)
    pile = state.piles[pile_index]
    large, small = state.city_stacks
    display = list(state.city_display)
    sizes = [size for _colour, size in BOARD.city_spaces]
    big, little = sizes.index("large"), sizes.index("small")
    display[big] = display[little] = None
    church = (None, *state.church[1:])
    decrees = state.decree_display[:5]
    state = t.with_state(state, city_display=tuple(display), church=church,
                         decree_display=decrees)
    bag, deck = state.clergy_bag, state.decree_deck
    after = t.play(state, f"take {pile[0]}")
    assert after.piles[pile_index] == pile[1:]  # step 2: the next card is face up
    assert after.city_display[big] == large[0] and after.city_display[little] == small[0]  # 3
    assert after.city_stacks == (large[1:], small[1:])
    assert after.church[0] == bag[0] and after.clergy_bag == bag[1:]  # step 4
    assert after.decree_display == decrees + deck[:3]  # step 5 (3 players: no removals)
    assert after.covered == ()  # step 6
    assert after.current == (seat + 1) % 3 == after.to_act  # step 8


def test_r3_9_city_display_is_full_at_the_start_of_every_turn_while_stacks_last() -> None:
    # R3.9: emptied spaces are full again at the next turn; a space whose stack is empty
    # stays empty.
    state, _seat = _scenario(players=3)
    sizes = [size for _colour, size in BOARD.city_spaces]
    state = t.with_state(state, city_display=(None,) * len(sizes),
                         city_stacks=(state.city_stacks[0], ()))
    state = _gold_turn(state)
    assert state.pending[-1].kind == "turn"
    for space, size in zip(state.city_display, sizes, strict=True):
        assert (space is None) == (size == "small")
    # Over random games: at every turn each empty space has an empty stack of its size.
    for s in _decisions():
        if s.pending[-1].kind == "turn":
            large, small = s.city_stacks
            for space, size in zip(s.city_display, sizes, strict=True):
                assert space is not None or not (large if size == "large" else small)


def test_r3_10_the_turn_and_its_sale_or_trade_belong_to_the_current_seat() -> None:
    # R3.10: outside their own turn players only follow a visit, take part in church
    # scoring or in the end-of-period discard; the turn, the sale, the trade and the card
    # taken are always the current seat's.
    own = {"turn", "sell-or-trade", "sell", "trade", "take-card"}
    seen: Counter[str] = Counter()
    for s in _decisions():
        frame = s.pending[-1]
        if frame.kind in own:
            seen[frame.kind] += 1
            assert frame.seat == s.current, (frame, s.current)
    assert all(seen[kind] for kind in own)


def test_r3_11_hands_belong_to_one_seat_each() -> None:
    # R3.11: a hand is its seat's own: hands never share a card, and taking a card
    # changes the taker's hand only.
    for s in _decisions():
        hands = [set(p.hand) for p in s.players]
        assert sum(map(len, hands)) == len(set().union(*hands))
    state, seat = _scenario(players=3)
    state = t.play(state, f"gold {state.players[seat].hand[0]}")
    after = _take_any(state)
    for other in range(3):
        if other != seat:
            assert after.players[other] == state.players[other]
    assert len(after.players[seat].hand) == len(state.players[seat].hand) + 1


def test_r3_12_there_is_no_passing() -> None:
    # R3.12: every turn is Get 1 gold or an action; Get 1 gold is always open (A11).
    for s in _decisions():
        frame = s.pending[-1]
        if frame.kind != "turn":
            continue
        moves = legal_moves(s)
        assert {mv.kind for mv in moves} <= TURN_KINDS
        assert sorted(mv.args[0] for mv in moves if mv.kind == "gold") == sorted(
            s.players[frame.seat].hand)
        assert s.players[frame.seat].hand
    state, _seat = _scenario()
    for text in ("pass", "done"):
        assert explain_illegal(state, Move(text)) is not None


# --- R4 portfolio -----------------------------------------------------------------------


def test_r4_1_noble_cards_go_top_and_treasury_cards_bottom() -> None:
    card = _noble_with_reward("gain", what="gold")
    nobles = [c.id for c in RULES.political
              if not c.is_treasury and c.reward is not None and c.id != card.id][:3]
    treasury = _plain_treasury()
    other_treasury = next(c.id for c in RULES.political if c.is_treasury and c != treasury)
    base, seat = _scenario()
    # Top row full, capacity 5 (3 sets, R4.2): the treasury card goes to the bottom row
    # without a discard.
    base = t.with_player(base, seat, top=tuple(nobles), rubble=(3, 3, 3))
    after = t.play(t.give(base, seat, treasury.id), f"tuck {treasury.id}")
    p = after.players[seat]
    assert p.top == tuple(nobles) and p.bottom == (treasury.id, None, None)
    # A noble card never goes to the bottom row: with the top row full it needs a discard
    # from the top row, although the portfolio (4 of 5) and the bottom row have room.
    state = t.with_player(base, seat, bottom=(other_treasury, None, None))
    state = t.play(t.give(state, seat, card.id), f"tuck {card.id}")
    assert state.pending[-1].kind == "make-room"
    assert sorted(_moves(state)) == sorted(f"discard {c}" for c in nobles)
    after = t.play(state, f"discard {nobles[0]}")
    assert card.id in after.players[seat].top
    assert after.players[seat].bottom == (other_treasury, None, None)
    # Random games: every row holds only its own kind of card.
    for s in _decisions():
        for p in s.players:
            for c in p.top:
                assert c is None or isinstance(RULES[c], m.Ship) or not RULES[c].is_treasury  # type: ignore[union-attr]
            for c in p.bottom:
                assert c is None or RULES[c].is_treasury  # type: ignore[union-attr]


def test_r4_7_a_tucked_treasury_discount_reduces_a_later_penalty() -> None:
    # R4.7 / R17.4.2: "every reis payment reduced by 1" makes a "pay 1 real" penalty free,
    # while the treasury card is tucked (not while it is in hand).
    discount = _treasury_with_modifier("payment", -1)
    penalty = _noble_with_penalty("pay_if_able", amount=1)
    state, seat = _scenario()
    state = t.give(state, seat, penalty.id)
    state = t.with_player(state, seat, reis=10, influence=4)
    tucked = t.with_player(state, seat, bottom=(discount.id, None, None))
    after = t.play(tucked, f"tuck {penalty.id}")
    assert after.players[seat].reis == 10 and after.players[seat].influence == 4
    # Without the tucked card the penalty costs 1 real.
    in_hand = t.with_player(state, seat, hand=(penalty.id, discount.id,
                                               *state.players[seat].hand[2:]))
    paying = t.play(in_hand, f"tuck {penalty.id}")
    # R5.6: with cash and influence both able to pay, the seat chooses the split.
    assert [str(m) for m in legal_moves(paying)] == ["cover 0", "cover 1"]
    assert t.play(paying, "cover 0").players[seat].reis == 9


def test_r4_11_a_build_ship_bonus_places_the_ship_before_the_card() -> None:
    # R4.11: the bonus (Build a Ship) adds the ship first, making room; then the noble card
    # needs its own room. Capacity 2 (no sets), the portfolio already holds 2 cards.
    card = _noble_with_reward("perform", action="build-ship")
    blue = _ships("blue")[0]
    old = _noble_with_reward("gain", what="books")
    treasury = _plain_treasury()
    state, seat = _scenario()
    state = t.with_state(state, shipyard=(blue.id, *state.shipyard[1:]))
    state = t.with_player(state, seat, top=(old.id, None, None),
                          bottom=(treasury.id, None, None), influence=0)
    state = t.give(state, seat, card.id)
    state = t.play(state, f"tuck {card.id}")
    assert state.pending[-1].kind == "build-ship"
    state = t.play(state, "ship new gold")  # hull 1: 1 good
    # The ship makes room first...
    assert state.pending[-1].kind == "make-room" and state.pending[-1].data == (blue.id,)
    assert card.id not in state.players[seat].top
    state = t.play(state, f"discard {old.id}")
    p = state.players[seat]
    assert blue.id in p.top and card.id not in p.top
    # ... gaining influence before the noble card counts (R8.3.6 with the ship only) ...
    assert p.influence == blue.influence
    # ... then the noble card needs its own room; the new ship may be the one discarded.
    assert state.pending[-1].kind == "make-room" and state.pending[-1].data == (card.id,)
    assert sorted(_moves(state)) == sorted([f"discard {blue.id}", f"discard {treasury.id}"])
    state = t.play(state, f"discard {treasury.id}")
    assert set(state.players[seat].top) == {blue.id, card.id, None}
    assert state.players[seat].bottom == (None,) * 3


# --- R5 influence -----------------------------------------------------------------------


def test_r5_1_building_a_ship_gains_the_top_row_influence_with_the_new_ship() -> None:
    # R5.1 / R8.3.6: the influence of every card in the builder's top row, the new ship
    # included; treasury cards (bottom row) and other players' ships do not count.
    state, seat = _scenario()
    other = 1 - seat
    red, spare = _ships("red")[0], _ships("red")[1]
    noble = _noble_with_reward("gain", what="gold")
    state = t.with_state(state, shipyard=(red.id,))
    state = t.with_player(state, seat, top=(noble.id, None, None), influence=0,
                          rubble=(1, 1, 1))  # capacity 3: no discard needed (R4.2)
    state = t.with_player(state, other, top=(spare.id, None, None))
    state = t.play(_tuck_treasury(state, seat), "trade", "trade build-ship gold",
                   "ship new books cloth")
    assert red.id in state.players[seat].top
    assert state.players[seat].influence == noble.influence + red.influence


def test_r5_4_influence_never_goes_below_zero() -> None:
    # R5.4 / R5.6: paying from space 1 moves the marker to the icon at 0 (if any); with no
    # icon below, no payment is possible and the marker stays.
    penalty = _noble_with_penalty("pay_if_able", amount=1)
    state, seat = _scenario()
    state = t.give(state, seat, penalty.id)
    state = t.with_player(state, seat, reis=0, influence=1)
    after = t.play(state, f"tuck {penalty.id}")
    expected = max([i for i in ICONS if i < 1], default=1)
    assert after.players[seat].influence == expected >= 0
    zero = t.with_player(state, seat, influence=0)
    assert t.play(zero, f"tuck {penalty.id}").players[seat].influence == 0
    assert t.pay_reis(zero, seat, 3).players[seat].influence == 0


def test_r5_5_and_r5_6_influence_covers_a_penalty_when_cash_is_short() -> None:
    # R5.5 (b): influence is spent in place of reis; R5.6: each real moves the marker down
    # to the nearest reis icon strictly below it.
    penalty = _noble_with_penalty("pay_if_able", amount=1)
    state, seat = _scenario()
    state = t.give(state, seat, penalty.id)
    start = ICONS[2] + 1  # one space above an icon
    state = t.with_player(state, seat, reis=0, influence=start)
    after = t.play(state, f"tuck {penalty.id}")
    assert after.players[seat].reis == 0 and after.players[seat].influence == ICONS[2]
    # Starting on an icon space, that icon does not count: the marker drops to the one below.
    on_icon = t.with_player(state, seat, influence=ICONS[2])
    assert t.play(on_icon, f"tuck {penalty.id}").players[seat].influence == ICONS[1]
    # With enough cash the seat chooses (R5.6: "any part of it may be covered"): all in
    # cash leaves the influence alone, all in influence leaves the cash alone.
    rich = t.with_player(state, seat, reis=3)
    choosing = t.play(rich, f"tuck {penalty.id}")
    assert [str(m) for m in legal_moves(choosing)] == ["cover 0", "cover 1"]
    after = t.play(choosing, "cover 0")
    assert after.players[seat].reis == 2 and after.players[seat].influence == start
    after = t.play(choosing, "cover 1")
    assert after.players[seat].reis == 3 and after.players[seat].influence == ICONS[2]
    # A larger payment: 1 real in cash, 2 covered by two icon steps.
    paid = t.pay_reis(t.with_player(state, seat, reis=1, influence=ICONS[-1] + 1), seat, 3)
    assert paid.players[seat].reis == 0 and paid.players[seat].influence == ICONS[-2]


def test_r5_7_and_r5_8_cash_out_value_and_wigs_never_below_zero() -> None:
    # R5.7: cash-out gives reisValue(p) = the number of icon spaces strictly below p (R5.6).
    state, seat = _scenario()
    assert ops.reis_value(state, 0) == 0
    for k, icon in enumerate(ICONS):
        assert ops.reis_value(state, icon) == k  # the icon on p itself does not count
        if icon + 1 <= BOARD.influence_max:
            assert ops.reis_value(state, icon + 1) == k + 1
    assert ops.reis_value(state, BOARD.influence_max) == sum(
        1 for i in ICONS if i < BOARD.influence_max)
    # R5.8 / A42: wigs never go below 0.
    state = t.with_player(state, seat, wigs=2)
    assert ops.add_wigs(state, seat, -5).players[seat].wigs == 0


# --- R6 sell goods ----------------------------------------------------------------------


def _tuck_treasury(state: State, seat: int) -> State:
    card = _plain_treasury()
    return t.play(t.give(state, seat, card.id), f"tuck {card.id}")


def test_r6_1_goods_may_go_onto_any_players_docked_ship_own_included() -> None:
    state, seat = _scenario()
    other = 1 - seat
    red, blue, blue2 = _ships("red")[0], _ships("blue")[0], _ships("blue")[1]
    state = t.with_player(state, seat, top=(red.id, None, None))
    state = t.with_player(state, other, top=(None, blue.id, blue2.id),
                          cargo=((), (), ("gold",)), sailed=(0, 0, 1))  # slot 3 at sea
    state = t.play(_tuck_treasury(state, seat), "sell")
    targets = {str(mv.args[1]) for mv in legal_moves(state) if mv.kind == "sell"}
    assert targets == {f"p{seat}.1", f"p{other}.2"}
    before = state.players[seat].reis
    state = t.play(state, f"sell tools p{seat}.1")
    assert state.players[seat].reis == before + state.prices[GOODS.index("tools")] + red.sale
    assert state.players[seat].cargo[0] == ("tools",)


def test_r6_4_goods_on_a_ship_leave_the_warehouse_for_good() -> None:
    state, seat = _scenario()
    other = 1 - seat
    red = _ships("red")[0]
    state = t.with_player(state, other, top=(red.id, None, None))
    state = t.with_player(state, seat, goods=(0, 1, 0, 0))
    state = t.play(_tuck_treasury(state, seat), "sell", f"sell books p{other}.1")
    assert state.players[seat].goods == (0, 0, 0, 0)
    assert state.players[other].cargo[0] == ("books",)
    assert state.players[other].goods == (1, 1, 1, 1)  # not the owner's either
    # The book on the ship cannot be sold again: the sale can only end.
    assert _moves(state) == ["done"]


def test_r6_6_a_ship_at_sea_docks_at_its_owners_next_turn() -> None:
    state, seat = _scenario()
    other = 1 - seat
    red = _ships("red")[0]
    state = t.with_player(state, other, top=(red.id, None, None))
    state = t.play(_tuck_treasury(state, seat), "sell", f"sell books p{other}.1",
                   f"sell cloth p{other}.1")
    assert state.players[other].sailed[0] == red.hull  # R6.5: it set sail
    state = t.play(state, "done")
    goods = [p.goods for p in state.players]
    assert state.players[other].cargo[0] == ("books", "cloth")  # still at sea
    state = _take_any(state)
    # The owner's turn starts: the ship docks and its cargo goes to the supply.
    assert state.to_act == other and state.pending[-1].kind == "turn"
    assert state.players[other].cargo[0] == () and state.players[other].sailed[0] == 0
    assert [p.goods for p in state.players] == goods


# --- R7 trade ---------------------------------------------------------------------------


def test_r7_5_covering_goods_return_to_the_supply_at_the_end_of_the_turn() -> None:
    state, seat = _scenario()
    state = t.with_state(state, favor_supply=(1, 1, 1))
    state = _tuck_treasury(t.with_player(state, seat, favors=()), seat)
    state = t.play(state, "trade", "trade acquire-plan tools", "plan blue",
                   "trade royal-favor cloth")
    state = apply(state, legal_moves(state)[0])  # the favor
    assert set(state.covered) == {"acquire-plan", "royal-favor"}
    goods = state.players[seat].goods
    assert goods == (1, 1, 0, 0)
    after = _take_any(state)
    assert after.covered == ()
    assert after.players[seat].goods == goods  # to the supply, not back to the player


# --- R8 state actions -------------------------------------------------------------------


def test_r8_1_3_plazas_are_unlimited_and_displaced_officials_accumulate() -> None:
    # R8.1.2 displacement into a plaza that already holds officials; A43: no plaza limit.
    state, _seat = _scenario(players=3)
    capacity = RULES.nobles[0].office
    assert capacity == 6  # A5: the hand-worked numbers below assume 6 spaces
    state = _staff(state, offices=((1,) * capacity, (0,), ()), plazas=((2, 2), (), ()))
    for _ in range(state.players[0].officials):
        before = len(state.plazas[0])
        state = ops.place_official(state, 0, 0)
        assert len(state.plazas[0]) >= before
    # Worked by hand with R8.1.2: 1 x6 -> three single displacements of seat 1, then a 3-3
    # tie displaces one of each, one free space, then seat 0 holds the majority twice.
    assert Counter(state.offices[0]) == Counter({0: 4, 1: 2})
    assert Counter(state.plazas[0]) == Counter({1: 4, 0: 3, 2: 2})
    assert len(state.plazas[0]) > capacity
    assert t.check_invariants(state) == []


def test_r8_1_4_a_place_officials_bonus_displaces_from_a_full_office() -> None:
    card = min(
        (c for c in RULES.political if _matches(_single_step(c.reward), "place_officials", {})),
        key=lambda c: _single_step(c.reward).arg("count"),  # type: ignore[union-attr]
    )
    count = _single_step(card.reward).arg("count")  # type: ignore[union-attr]
    state, _ = _scenario(players=3)
    seat = state.current
    a, b = (seat + 1) % 3, (seat + 2) % 3
    capacity = RULES.nobles[0].office
    office = (a,) * (capacity // 2) + (b,) * (capacity - capacity // 2)  # a and b tie
    state = _staff(state, offices=(office, (), ()), plazas=((), (), ()))
    state = t.give(state, seat, card.id)
    state = t.play(state, f"tuck {card.id}")
    assert state.pending[-1].kind == "place-officials"
    state = t.play(state, "place manuel")
    # R8.1.2: both tied colours lose one official to the plaza, then ours goes in.
    assert sorted(state.plazas[0]) == sorted((a, b))
    assert Counter(state.offices[0]) == Counter({a: capacity // 2 - 1,
                                                  b: capacity - capacity // 2 - 1, seat: 1})
    if count > 1:
        assert "place manuel" not in _moves(state)  # different offices (R17.3.2)
    assert t.check_invariants(state) == []


def test_r17_3_3_a_place_officials_bonus_cannot_be_declined() -> None:
    # R17.3.3 / A37: card bonuses are mandatory as far as possible, so "place up to N
    # officials" offers no `done` while an official can still be placed; when the seat has
    # none left the bonus ends by itself.
    card = max(
        (c for c in RULES.political if _matches(_single_step(c.reward), "place_officials", {})),
        key=lambda c: _single_step(c.reward).arg("count"),  # type: ignore[union-attr]
    )
    state, _ = _scenario(players=3)
    seat = state.current
    state = _staff(state, offices=((), (), ()), plazas=((), (), ()))
    placing = t.play(t.give(state, seat, card.id), f"tuck {card.id}")
    assert placing.pending[-1].kind == "place-officials"
    assert _moves(placing) == ["place manuel", "place marquis", "place king"]
    # One official left in storage: after placing it, nothing more is asked.
    one = t.with_player(t.give(state, seat, card.id), seat, officials=1)
    one = t.play(t.play(one, f"tuck {card.id}"), "place king")
    assert one.pending[-1].kind != "place-officials"
    assert one.players[seat].officials == 0 and seat in one.offices[2]


def test_r4_1_the_seat_chooses_the_empty_slot_of_the_row() -> None:
    # R4.1: one card per slot, noble cards in the top row; which empty slot is the seat's
    # choice (``Options.leftmost_slot`` removes the decision).
    card = _plain_treasury()
    state, seat = _scenario()
    state = t.with_state(state, options=Options())
    other = next(c.id for c in RULES.political if c.is_treasury and c.id != card.id)
    state = t.with_player(state, seat, bottom=(None, other, None))
    choosing = t.play(t.give(state, seat, card.id), f"tuck {card.id}")
    assert choosing.pending[-1].kind == "slot"
    assert _moves(choosing) == ["slot 1", "slot 3"]  # slot 2 is taken
    after = t.play(choosing, "slot 3")
    assert after.players[seat].bottom == (None, other, card.id)
    # With one empty slot left there is nothing to choose.
    full = t.with_player(state, seat, bottom=(other, None, _plain_treasury_other(card, other)),
                         rubble=(2, 2, 2))  # 2 sets: capacity 4 (R4.2), no discard needed
    after = t.play(t.give(full, seat, card.id), f"tuck {card.id}")
    assert after.players[seat].bottom[1] == card.id and after.pending[-1].kind != "slot"
    # The option places it leftmost at once.
    leftmost = t.with_state(state, options=Options(leftmost_slot=True))
    after = t.play(t.give(leftmost, seat, card.id), f"tuck {card.id}")
    assert after.players[seat].bottom == (card.id, other, None)


def _plain_treasury_other(*taken: m.PoliticalCard | str) -> str:
    ids = {c if isinstance(c, str) else c.id for c in taken}
    return next(c.id for c in RULES.political if c.is_treasury and c.id not in ids)


def test_r8_3_7_a_build_ship_bonus_costs_goods_and_moves_the_treasury() -> None:
    card = _noble_with_reward("perform", action="build-ship")
    red = _ships("red")[0]
    state, seat = _scenario()
    state = t.with_state(state, shipyard=(red.id,))
    state = t.give(state, seat, card.id)
    treasury = state.treasury
    state = t.play(state, f"tuck {card.id}")
    # R8.3.2: hull 2 -> 2 goods of different types.
    assert all(len(mv.args) == 1 + red.hull for mv in legal_moves(state))
    state = t.play(state, "ship new books tools")
    p = state.players[seat]
    assert p.goods == (1, 0, 1, 0) and red.id in p.top and state.shipyard == ()
    assert state.treasury == treasury + 1  # R8.3.5
    # The same reductions apply (R13.3: middle group, 1st house: 1 good fewer).
    state, seat = _scenario()
    state = t.with_state(state, shipyard=(red.id,))
    state = t.with_player(t.give(state, seat, card.id), seat, houses=(0, 1, 0))
    state = t.play(state, f"tuck {card.id}")
    assert sorted(_moves(state)) == sorted(f"ship new {g}" for g in GOODS)


def _produce_via_card(state: State, seat: int) -> State:
    card = _noble_with_reward("perform", action="produce-goods")
    return t.play(t.give(state, seat, card.id), f"tuck {card.id}")


def test_r8_4_3_bonus_goods_only_of_produced_types_and_up_to_the_warehouse() -> None:
    # Right group, 1st house (R13.4): +1 good of one produced type. Only gold is produced,
    # so the bonus is gold, never the unproduced books.
    state, seat = _scenario()
    state = t.with_state(state, stores=_stores(seat, "gold"))
    state = t.with_player(state, seat, houses=(0, 0, 1), goods=(0, 0, 1, 1))
    after = _produce_via_card(state, seat)
    assert after.players[seat].goods == (2, 0, 1, 1)
    # A full warehouse (cap 2 + 0 sets) gets no bonus, and no other type gets it instead;
    # the same for the clergy bonus (R17.2.5).
    c19 = _clergy_with_trigger("produce", "gain_produced")
    full = t.with_player(state, seat, goods=(1, 0, 1, 1), clergy=(c19,))
    after = _produce_via_card(full, seat)
    assert after.players[seat].goods == (2, 0, 1, 1)
    # Clergy alone: the bonus is added to the produced type.
    alone = t.with_player(state, seat, houses=(0, 0, 0), clergy=(c19,))
    assert _produce_via_card(alone, seat).players[seat].goods == (2, 0, 1, 1)


def test_r8_4_5_every_store_produces_and_no_store_is_an_empty_production() -> None:
    state, seat = _scenario()
    state = t.with_state(state, stores=_stores(seat, "gold", "gold", "tools"))
    state = t.with_player(state, seat, goods=(0, 1, 1, 0), rubble=(1, 1, 1))  # cap 3
    prices = state.prices
    after = _produce_via_card(state, seat)
    assert after.players[seat].goods == (2, 1, 1, 1)
    gold, tools = GOODS.index("gold"), GOODS.index("tools")
    assert after.prices[gold] == prices[gold] - 1 and after.prices[tools] == prices[tools] - 1
    # No store: Produce Goods may still be traded for; it gives nothing (A44).
    state, seat = _scenario()
    state = t.play(_tuck_treasury(state, seat), "trade")
    assert "trade produce-goods books" in _moves(state)
    prices = state.prices
    state = t.play(state, "trade produce-goods books")
    assert state.players[seat].goods == (1, 0, 1, 1) and state.prices == prices


def test_r8_6_2_a_royal_favor_is_held_one_per_noble() -> None:
    card = _noble_with_reward("take_favor")
    state, seat = _scenario()
    state = t.with_state(state, favor_supply=(1, 1, 1))
    state = t.with_player(state, seat, favors=("marquis",))
    state = t.play(t.give(state, seat, card.id), f"tuck {card.id}")
    assert sorted(_moves(state)) == ["favor king", "favor manuel"]
    state = t.play(state, "favor manuel")
    assert state.players[seat].favors == ("marquis", "manuel")
    assert state.favor_supply == (0, 1, 1)
    # A second favor this turn: only the noble still lacking.
    state = t.play(state, "trade", "trade royal-favor cloth")
    assert _moves(state) == ["favor king"]
    state = t.play(state, "favor king")
    assert state.players[seat].favors == ("marquis", "manuel", "king")
    assert len(set(state.players[seat].favors)) == len(NOBLES)


# --- R12 rubble -------------------------------------------------------------------------


def test_r12_1_a_card_reward_takes_a_cube_from_the_rubble_pile() -> None:
    card = _noble_with_reward("take_pile_rubble")
    state, seat = _scenario()
    state = t.with_state(state, rubble_pile=("red", "blue", "blue"))
    state = t.play(t.give(state, seat, card.id), f"tuck {card.id}")
    assert sorted(_moves(state)) == ["rubble blue", "rubble red"]  # A28: the receiver picks
    state = t.play(state, "rubble blue")
    assert state.rubble_pile == ("red", "blue")
    assert state.players[seat].rubble == (0, 0, 1)


def test_r12_2_a_cube_fills_the_next_space_of_its_colour_row() -> None:
    state, seat = _scenario()
    state = t.with_player(state, seat, rubble=(2, 0, 4))
    for colour in RUBBLE:
        after = ops.gain_rubble(state, seat, colour)
        i = RUBBLE.index(colour)
        expected = tuple(n + (k == i) for k, n in enumerate(state.players[seat].rubble))
        assert after.players[seat].rubble == expected


def test_r12_4_cubes_leave_a_board_only_by_the_clergy_discard() -> None:
    c29 = _clergy_with_trigger("take-rubble", "discard_taken_rubble")
    card = _noble_with_reward("take_pile_rubble")
    state, seat = _scenario()
    state = t.with_state(state, rubble_pile=("brown",))
    state = t.give(state, seat, card.id)
    # Without the tile the cube stays: the next step is the sale or trade.
    after = t.play(state, f"tuck {card.id}", "rubble brown")
    assert after.players[seat].rubble == (1, 0, 0) and after.pending[-1].kind == "sell-or-trade"
    # With it the player may discard the cube just taken for 2 wigs (R17.2.8).
    held = t.with_player(state, seat, clergy=(c29,))
    wigs = held.players[seat].wigs
    after = t.play(held, f"tuck {card.id}", "rubble brown", "yes", "discard brown")
    assert after.players[seat].rubble == (0, 0, 0) and after.players[seat].wigs == wigs + 2
    # Random games: a seat's cube counts never fall unless it holds such a tile.
    for game in _games():
        for before, now in itertools.pairwise(game):
            for b, a in zip(before.players, now.players, strict=True):
                if c29 not in b.clergy:
                    assert all(x >= y for x, y in zip(a.rubble, b.rubble, strict=True))


def test_r12_4_a_cube_lost_to_a_full_row_takes_no_older_cube_with_it() -> None:
    # R12.3: a brown cube taken with the brown row full (5) leaves the game at once.
    # R17.2.8 lets the holder discard "one of the cubes just taken", and R12.4 says no other
    # cube ever leaves the board and completed sets are never lost: whatever the holder
    # chooses, the board keeps its 5 + 5 + 5 cubes and its 5 sets.
    c29 = _clergy_with_trigger("take-rubble", "discard_taken_rubble")
    card = _noble_with_reward("take_pile_rubble")
    state, seat = _scenario()
    state = t.with_state(state, rubble_pile=("brown",))
    state = t.give(state, seat, card.id)
    state = t.with_player(state, seat, clergy=(c29,), rubble=(5, 5, 5), markers=5)
    state = t.play(state, f"tuck {card.id}", "rubble brown")
    ends = _branches(state, ("may", "discard-rubble"))
    assert len(ends) >= 1
    for end in ends:
        assert end.players[seat].rubble == (5, 5, 5) and end.players[seat].sets == 5


def test_r12_4_no_set_marker_outlives_its_set() -> None:
    # R12.6: a Rubble Set marker goes to the Marquis portrait when its set completes;
    # R12.4: completed sets are never lost. So unspent markers never outnumber completed
    # sets, whichever way the holder of the discard tile (R17.2.8) chooses when the cube
    # just taken is the one that completes a set.
    c29 = _clergy_with_trigger("take-rubble", "discard_taken_rubble")
    card = _noble_with_reward("take_pile_rubble")
    state, seat = _scenario()
    state = t.with_state(state, rubble_pile=("brown",))
    state = t.give(state, seat, card.id)
    state = t.with_player(state, seat, clergy=(c29,), rubble=(0, 1, 1), markers=0)
    state = t.play(state, f"tuck {card.id}", "rubble brown")
    ends = _branches(state, ("may", "discard-rubble"))
    assert len(ends) >= 1
    for end in ends:
        p = end.players[seat]
        assert p.markers <= p.sets, (p.rubble, p.markers)


def test_r12_7_three_wigs_per_set_at_the_end_of_period_one() -> None:
    # R12.7 / R15.3 step 1: the 2nd set of the active player ends period 1 (R15.1).
    state, seat = _scenario(players=3)
    b, c = (seat + 1) % 3, (seat + 2) % 3
    state = t.with_player(state, seat, rubble=(2, 2, 3))
    state = t.with_player(state, b, rubble=(1, 4, 1))
    state = t.with_player(state, c, rubble=(0, 5, 5))
    wigs = [p.wigs for p in state.players]
    state = _gold_turn(state)
    assert state.period == 2
    got = [p.wigs - w for p, w in zip(state.players, wigs, strict=True)]
    per_set = BOARD.set_wigs
    assert per_set == 3
    assert got[seat] == 2 * per_set and got[b] == per_set and got[c] == 0


# --- R13 house groups -------------------------------------------------------------------


def _ship_choices(houses: tuple[int, int, int]) -> list[str]:
    red = _ships("red")[0]
    state, seat = _scenario()
    state = t.with_state(state, shipyard=(red.id,))
    state = t.with_player(state, seat, houses=houses, goods=(1, 1, 1, 1))
    state = t.play(_tuck_treasury(state, seat), "trade", "trade build-ship gold")
    return _moves(state)


def test_r13_1_a_house_ability_unlocks_and_the_next_one_replaces_it() -> None:
    red = _ships("red")[0]
    assert red.hull == 2
    # Middle group (R13.3): no house -> 2 goods; 1st and 2nd house -> 1 good; 3rd -> none.
    assert {len(mv.split()) - 2 for mv in _ship_choices((0, 0, 0))} == {2}
    assert {len(mv.split()) - 2 for mv in _ship_choices((0, 1, 0))} == {1}
    assert {len(mv.split()) - 2 for mv in _ship_choices((0, 2, 0))} == {1}
    assert _ship_choices((0, 3, 0)) == ["ship new"]
    # Right group: the 3rd house's "+1 of each produced type" replaces the 1st house's
    # "+1 of one type"; they do not add up. Cap 3 (1 set) so a double bonus would show.
    state, seat = _scenario()
    state = t.with_state(state, stores=_stores(seat, "gold"))
    state = t.with_player(state, seat, houses=(0, 0, 3), goods=(0, 1, 1, 1), rubble=(1, 1, 1))
    assert _produce_via_card(state, seat).players[seat].goods == (2, 1, 1, 1)


def test_r13_2_left_group_second_house_pays_influence_in_reis() -> None:
    state, seat = _scenario()
    allowed = [
        ops.permitted(t.with_player(state, seat, houses=(n, 0, 0)), seat, "reis-for-influence")
        for n in range(3)
    ]
    assert allowed == [False, False, True]
    # The other groups never grant it.
    assert not ops.permitted(t.with_player(state, seat, houses=(0, 3, 3)), seat,
                             "reis-for-influence")
