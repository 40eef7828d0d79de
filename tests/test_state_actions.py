"""The six State actions (R8) and Trade with the Nobles (R7), on small hand-built positions.

Each position is the 3-player setup with the pending setup decisions removed and a few
fields set by hand; expected numbers come from the rules and the catalogue values.
"""

from __future__ import annotations

from typing import Any

import pytest

# The positions here are played on the rules' decision stack directly, without a game
# object: each rules module registers only its own frames when imported (a State action
# may push a frame another module handles, e.g. make-room from portfolio.py), and the game
# module is what imports them all (lisboa_core/games/lisboa/rules/__init__.py). Without
# this line the module passed only when an earlier test had loaded the game.
import lisboa_core.games.lisboa.game  # noqa: F401  (registers every frame and its hints)
from lisboa_core import load_rules
from lisboa_core.core import stack as core
from lisboa_core.core.replace import replace
from lisboa_core.errors import IllegalMoveError
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules.setup import new_state
from lisboa_core.games.lisboa.rules.state_actions import can_perform, move_cardinal
from lisboa_core.games.lisboa.rules.trade import can_trade
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import NEUTRAL, Frame, Options, State

RULES = load_rules()
CHURCH = ("C01", "C02", "C03", "C04", "C05", "C06")  # tiles without an "on taken" effect
TREASURY_CARD = next(c.id for c in RULES.political if c.is_treasury)
NOBLE_CARD = next(c for c in RULES.political if not c.is_treasury)


def position(**fields: Any) -> State:
    """3 players, nothing pending, a full church, the cardinal on gap 0 and seat 0 with one
    good of each type, no cards, no clergy tiles."""
    state = new_state(RULES, 3, seed=1)
    state = replace(state, **{"pending": (), "church": CHURCH, "cardinal": 0,
                                   "options": Options(leftmost_slot=True), **fields})
    return ops.update(state, 0, goods=(1, 1, 1, 1), clergy=())


def seat0(state: State, **changes: Any) -> State:
    return ops.update(state, 0, **changes)


def moves(state: State) -> list[str]:
    return [str(m) for m in STACK.offered(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        found = [m for m in STACK.offered(state) if str(m) == text]
        if not found:
            raise IllegalMoveError(f"{text!r} not in {moves(state)}")
        state = STACK.apply_move(state, found[0])
    return state


def start(state: State, action: str, seat: int = 0) -> State:
    return STACK.advance(core.push(state, Frame("state-action", seat, (action,))))


def influence_of(card_id: str) -> int:
    return RULES[card_id].influence  # type: ignore[union-attr]


# --- R8.1 Recruit State Officials --------------------------------------------------------


def test_recruit_two_officials_into_two_different_offices() -> None:
    # R8.1.1: up to 2 officials, at most 1 per office; at least 1 (A18).
    state = start(position(), "recruit-officials")
    assert moves(state) == ["recruit manuel", "recruit marquis", "recruit king"]
    officials = state.players[0].officials
    state = play(state, "recruit king")
    assert moves(state) == ["done", "recruit manuel", "recruit marquis"]
    state = play(state, "recruit manuel")
    assert not state.pending
    assert state.players[0].officials == officials - 2
    assert state.offices[0].count(0) == 1 and state.offices[2].count(0) == 1


def test_recruit_may_stop_after_one() -> None:
    # R8.1.1: "up to 2" (A18).
    state = play(start(position(), "recruit-officials"), "recruit marquis", "done")
    assert not state.pending
    assert state.offices[1].count(0) == 2  # the setup official (R2.2.6) and this one


def test_recruit_with_one_official_left_places_one() -> None:
    state = start(seat0(position(), officials=1), "recruit-officials")
    state = play(state, "recruit manuel")
    assert not state.pending and state.players[0].officials == 0


def test_full_office_displaces_every_tied_majority_colour() -> None:
    # R8.1.2: seats 0 and 1 tie with 2 officials each in a full office (capacity 6): one
    # official of each goes to the plaza; the neutral official is not counted (A19).
    office = (0, 0, 1, 1, 2, NEUTRAL)
    state = position(offices=(office, (), ()))
    state = play(start(state, "recruit-officials", seat=2), "recruit manuel", "done")
    assert sorted(state.offices[0]) == sorted((0, 1, 2, NEUTRAL, 2))
    assert sorted(state.plazas[0]) == [0, 1]


def test_own_colour_can_be_displaced() -> None:
    # R8.1.2: "your own color counts and may be displaced".
    state = position(offices=((2, 2, 2, 0, 1, NEUTRAL), (), ()))
    state = play(start(state, "recruit-officials", seat=2), "recruit manuel", "done")
    assert state.plazas[0] == (2,)
    assert sorted(state.offices[0]) == sorted((2, 2, 2, 0, 1, NEUTRAL))


def test_neutral_officials_are_never_displaced() -> None:
    # A19: an office full of neutral officials cannot take an official.
    state = position(offices=((NEUTRAL,) * 6, (), ()))
    assert "recruit manuel" not in moves(start(state, "recruit-officials"))
    # With 4 neutral officials, only the players' officials are counted: 0 and 1 tie.
    state = position(offices=((NEUTRAL,) * 4 + (0, 1), (), ()))
    state = play(start(state, "recruit-officials", seat=2), "recruit manuel", "done")
    assert sorted(state.plazas[0]) == [0, 1]
    assert state.offices[0].count(NEUTRAL) == 4


def test_recruit_needs_an_official_in_storage() -> None:
    assert not can_perform(seat0(position(), officials=0), 0, "recruit-officials")


# --- R8.2 Acquire a Plan -----------------------------------------------------------------


def test_acquire_plan_takes_the_top_plan_of_the_chosen_stack() -> None:
    # R8.2.1
    state = position()
    blue, green = state.plan_stacks
    state = start(state, "acquire-plan")
    assert moves(state) == ["plan blue", "plan green"]
    state = play(state, "plan green")
    assert state.players[0].plans[-1] == green[0]
    assert state.plan_stacks == (blue, green[1:])


def test_acquire_plan_impossible_with_both_stacks_empty() -> None:
    state = position(plan_stacks=((), ()))
    assert not can_perform(state, 0, "acquire-plan")
    state = position(plan_stacks=((), ("PL13",)))
    assert moves(start(state, "acquire-plan")) == ["plan green"]


# --- R8.3 Build a Ship -------------------------------------------------------------------


def test_new_ship_costs_hull_size_different_goods() -> None:
    # R8.3.2: a red ship (hull 2) costs 2 goods of different types: C(4, 2) = 6 choices.
    state = start(position(shipyard=("RED1",)), "build-ship")
    assert moves(state) == [
        "ship new gold books", "ship new gold cloth", "ship new gold tools",
        "ship new books cloth", "ship new books tools", "ship new cloth tools",
    ]
    # Two goods of one type are not two different goods.
    state = seat0(position(shipyard=("RED1",)), goods=(2, 0, 0, 1))
    assert moves(start(state, "build-ship")) == ["ship new gold tools"]
    state = seat0(position(shipyard=("RED1",)), goods=(2, 0, 0, 0))
    assert not can_perform(state, 0, "build-ship")


def test_build_ship_pays_moves_treasury_and_gains_influence() -> None:
    # R8.3.3-R8.3.6: tuck the ship, treasury +1, Gain Influence with the top row total
    # (the noble card and the new ship).
    state = position(shipyard=("BLUE1", "BLUE2"))
    state = seat0(state, top=(NOBLE_CARD.id, None, None), influence=1)
    treasury = state.treasury
    state = play(start(state, "build-ship"), "ship new cloth")
    p = state.players[0]
    assert p.goods == (1, 1, 0, 1)
    assert p.top == (NOBLE_CARD.id, "BLUE1", None)
    assert state.shipyard == ("BLUE2",)
    assert state.treasury == treasury + 1
    assert p.influence == 1 + NOBLE_CARD.influence + influence_of("BLUE1")


def test_treasury_stays_at_the_top() -> None:
    # R8.3.5: "it stays if already at the top".
    top = len(RULES.board.treasury) - 1
    state = play(start(position(shipyard=("BLUE1",), treasury=top), "build-ship"), "ship new gold")
    assert state.treasury == top


def test_ship_goods_reductions() -> None:
    # R13.3: middle group, 1st house: 1 good fewer; 3rd house: no goods.
    state = seat0(position(shipyard=("RED1",)), houses=(0, 1, 0))
    assert moves(start(state, "build-ship")) == [
        "ship new gold", "ship new books", "ship new cloth", "ship new tools",
    ]
    state = seat0(position(shipyard=("RED1",)), houses=(0, 3, 0), goods=(0, 0, 0, 0))
    assert moves(start(state, "build-ship")) == ["ship new"]
    # R17.2.4 (C18): building costs no goods.
    state = seat0(position(shipyard=("RED1",)), clergy=("C18",), goods=(0, 0, 0, 0))
    state = play(start(state, "build-ship"), "ship new")
    assert state.players[0].top == ("RED1", None, None)


def test_ship_influence_bonus_counts_per_ship() -> None:
    # R17.2.4 (C28): each of your ships has +2 influence in the Gain Influence of R8.3.6.
    state = seat0(position(shipyard=("RED1",)), top=("BLUE2", None, None), clergy=("C28",),
                  influence=0)
    state = play(start(state, "build-ship"), "ship new gold books")
    assert state.players[0].influence == influence_of("BLUE2") + 2 + influence_of("RED1") + 2


def test_upgrade_keeps_cargo_and_crates_in_the_slot() -> None:
    # R8.3.2: an upgrade costs the hull difference (2 - 1 = 1 good); R8.3.4 / A21: the old
    # ship leaves the game, its cargo and crates at sea stay.
    state = position(shipyard=("RED1",))
    state = seat0(state, top=(None, "BLUE1", None), cargo=((), ("gold",), ()),
                  sailed=(0, 1, 0), influence=0)
    state = start(state, "build-ship")
    assert "ship upgrade BLUE1 books" in moves(state)
    state = play(state, "ship upgrade BLUE1 books")
    p = state.players[0]
    assert p.top == (None, "RED1", None)
    assert p.cargo == ((), ("gold",), ()) and p.sailed == (0, 1, 0)
    assert p.goods == (1, 0, 1, 1)
    assert p.influence == influence_of("RED1")  # the old ship no longer counts


def test_no_upgrade_to_an_equal_hull() -> None:
    # A20: an upgrade must be to a strictly larger hull.
    state = seat0(position(shipyard=("RED2",)), top=("RED1", None, None))
    assert not [m for m in moves(start(state, "build-ship")) if "upgrade" in m]


def test_upgrade_is_possible_when_a_new_ship_is_not() -> None:
    # R8.3.2: one good pays the upgrade 1 -> 2 though a new red ship needs 2 types.
    state = seat0(position(shipyard=("RED1",)), top=("BLUE1", None, None), goods=(1, 0, 0, 0))
    assert can_perform(state, 0, "build-ship")
    assert moves(start(state, "build-ship")) == ["ship upgrade BLUE1 gold"]


def test_build_ship_impossible_with_an_empty_shipyard() -> None:
    # R8.3.1
    assert not can_perform(position(shipyard=()), 0, "build-ship")


def test_new_ship_at_capacity_discards_first_and_a_ship_loses_its_cargo() -> None:
    # R4.2 capacity 2 (no sets); R4.3 make room (any card, as the top row is not full);
    # R4.4 a discarded ship's cargo returns to the supply.
    state = seat0(position(shipyard=("RED1",)), top=("BLUE1", None, None),
                  bottom=(TREASURY_CARD, None, None), cargo=(("gold",), (), ()),
                  sailed=(0, 0, 0), influence=0)
    state = play(start(state, "build-ship"), "ship new books cloth")
    assert moves(state) == ["discard BLUE1", f"discard {TREASURY_CARD}"]
    state = play(state, "discard BLUE1")
    p = state.players[0]
    assert p.top[0] == "RED1" and p.cargo[0] == () and p.sailed[0] == 0
    assert p.bottom == (TREASURY_CARD, None, None)
    assert p.influence == influence_of("RED1")


def test_full_top_row_discard_comes_from_the_top_row() -> None:
    # R4.3: with the top row full the discarded card must come from it, even with room in
    # the portfolio (3 sets: capacity 5, 4 cards).
    nobles = [c.id for c in RULES.political if not c.is_treasury][:3]
    state = seat0(position(shipyard=("BLUE1",)), top=tuple(nobles),
                  bottom=(TREASURY_CARD, None, None), rubble=(3, 3, 3))
    state = play(start(state, "build-ship"), "ship new gold")
    assert moves(state) == [f"discard {c}" for c in nobles]
    state = play(state, f"discard {nobles[1]}")
    assert state.players[0].top == (nobles[0], "BLUE1", nobles[2])


# --- R8.4 Produce Goods ------------------------------------------------------------------


def stores(seat: int, *streets: str) -> tuple[tuple[str, int, str], ...]:
    return tuple((f"L{i}", seat, street) for i, street in enumerate(streets))


def test_produce_one_good_per_store_and_prices_drop_once_per_type() -> None:
    # R8.4.1: yellow = gold, brown = books (board streets); R8.4.4: each produced type's
    # price drops by 1, however many were produced. Other players' stores do not produce.
    state = position(stores=stores(0, "yellow", "yellow", "brown") + stores(1, "pink"))
    state = seat0(state, goods=(0, 0, 0, 0))
    before = state.prices
    state = start(state, "produce-goods")
    assert not state.pending
    assert state.players[0].goods == (2, 1, 0, 0)
    assert state.prices == (before[0] - 1, before[1] - 1, before[2], before[3])


def test_full_warehouse_type_is_not_produced() -> None:
    # R8.4.2 / R4.8: warehouse cap 2 with no sets; gold is full, so gold is not produced and
    # its price stays; books are produced.
    state = seat0(position(stores=stores(0, "yellow", "brown")), goods=(2, 0, 0, 0))
    before = state.prices
    state = start(state, "produce-goods")
    assert state.players[0].goods == (2, 1, 0, 0)
    assert state.prices == (before[0], before[1] - 1, before[2], before[3])


def test_prices_stop_at_the_lowest_space() -> None:
    # R8.4.4: prices stop at the lowest space (price-min 1, A4).
    state = position(stores=stores(0, "blue"), prices=(6, 5, 5, 1))
    state = start(seat0(state, goods=(0, 0, 0, 0)), "produce-goods")
    assert state.prices == (6, 5, 5, 1)
    assert state.players[0].goods == (0, 0, 0, 1)


def test_produce_with_no_store_is_legal_and_empty() -> None:
    # A44
    state = position()
    assert can_perform(state, 0, "produce-goods")
    after = start(state, "produce-goods")
    assert after.players == state.players and after.prices == state.prices


def test_right_house_group_bonus_goods() -> None:
    # R13.4: 3rd house of the right group: +1 good of each produced type.
    state = seat0(position(stores=stores(0, "yellow", "brown")), goods=(0, 0, 0, 0),
                  houses=(0, 0, 3))
    state = start(state, "produce-goods")
    assert state.players[0].goods == (2, 2, 0, 0)
    # 1st house: +1 good of ONE produced type, the player's choice.
    state = seat0(position(stores=stores(0, "yellow", "brown")), goods=(0, 0, 0, 0),
                  houses=(0, 0, 1))
    state = start(state, "produce-goods")
    assert moves(state) == ["bonus gold", "bonus books"]
    state = play(state, "bonus books")
    assert state.players[0].goods == (1, 2, 0, 0)


# --- R8.5 Meet the Cardinal --------------------------------------------------------------


def test_meet_cardinal_moves_one_or_two_gaps_and_takes_an_adjacent_tile() -> None:
    # R8.5.2-R8.5.3. Convention: gap g lies between church spaces g and g + 1.
    state = start(position(), "meet-cardinal")
    assert moves(state) == ["cardinal 1", "cardinal 2"]
    state = play(state, "cardinal 2")
    assert state.cardinal == 2
    assert moves(state) == ["clergy C03", "clergy C04"]
    state = play(state, "clergy C04")
    assert not state.pending
    assert state.players[0].clergy == ("C04",)
    assert state.church == ("C01", "C02", "C03", None, "C05", "C06")


def test_treasury_icon_triggers_when_landed_on_or_passed() -> None:
    # R14.3 / R8.5.4: the treasury icon is on gap 3 (board data).
    for start_gap, steps in ((2, 1), (1, 2), (2, 2)):
        state = position(cardinal=start_gap)
        before = state.treasury
        state = play(start(state, "meet-cardinal"), f"cardinal {steps}")
        assert state.treasury == before + 1, (start_gap, steps)
    # The gap he starts from does not count.
    state = position(cardinal=3)
    before = state.treasury
    state = play(start(state, "meet-cardinal"), "cardinal 2")
    assert state.treasury == before


def test_envelope_icon_lays_the_cardinal_down() -> None:
    # R14.3: the envelope (influence) icon is on gap 0; Church Scoring is noted for later,
    # led by the first player who triggers it (A29).
    state = play(start(position(cardinal=5), "meet-cardinal"), "cardinal 1")
    assert state.church_scoring == 0
    state = play(start(position(cardinal=4, church_scoring=2), "meet-cardinal"), "cardinal 2")
    assert state.church_scoring == 2


def test_a_move_with_no_tile_beside_the_new_gap_is_illegal() -> None:
    # A22: spaces 1 and 2 (beside gap 1) are empty, so only 2 steps remain; a single
    # choice is made at once.
    church = ("C01", None, None, "C04", "C05", "C06")
    state = start(position(church=church), "meet-cardinal")
    assert state.cardinal == 2
    assert moves(state) == ["clergy C04"]


def test_meet_cardinal_needs_a_free_clergy_space() -> None:
    # R8.5.1 / R14.5: at most 4 tiles.
    state = seat0(position(), clergy=("C07", "C08", "C09", "C10"))
    assert not can_perform(state, 0, "meet-cardinal")
    # A22: nothing reachable to take.
    state = position(church=(None, None, None, None, None, "C06"))
    assert not can_perform(state, 0, "meet-cardinal")


def test_extra_cardinal_steps() -> None:
    # R17.2.5 (C20): up to 2 extra steps.
    state = start(seat0(position(), clergy=("C20",)), "meet-cardinal")
    assert moves(state) == ["cardinal 1", "cardinal 2", "cardinal 3", "cardinal 4"]


def test_single_arrow_with_four_tiles_still_moves() -> None:
    # R8.5.5 / A23: the cardinal moves (icons trigger), no tile is taken.
    state = seat0(position(cardinal=2), clergy=("C07", "C08", "C09", "C10"))
    before = state.treasury
    state = STACK.advance(move_cardinal(state, 0, 1, 1, True))
    assert not state.pending
    assert state.cardinal == 3 and state.treasury == before + 1
    assert state.church == CHURCH


def test_taken_tile_immediate_effect_resolves() -> None:
    # R8.5.3 / R17.2.9: C32 gives 7 influence when taken.
    church = ("C01", "C32", "C03", "C04", "C05", "C06")
    state = seat0(position(church=church), influence=2)
    state = play(start(state, "meet-cardinal"), "cardinal 1", "clergy C32")
    assert not state.pending
    assert state.players[0].influence == 9


# --- R8.6 Get a Royal Favor --------------------------------------------------------------


def test_royal_favor_of_a_lacking_noble_in_supply() -> None:
    # R8.6.1: only nobles whose favor the player lacks and whose supply is not empty.
    state = seat0(position(favor_supply=(2, 2, 0)), favors=("manuel",))
    state = start(state, "royal-favor")
    assert moves(state) == ["favor marquis"]
    state = play(state, "favor marquis")
    assert state.players[0].favors == ("manuel", "marquis")
    assert state.favor_supply == (2, 1, 0)


def test_royal_favor_impossible_without_a_lacking_type_available() -> None:
    state = seat0(position(favor_supply=(0, 3, 3)), favors=("marquis", "king"))
    assert not can_perform(state, 0, "royal-favor")


# --- R7 Trade with the Nobles ------------------------------------------------------------


def trade(state: State, seat: int = 0) -> State:
    return STACK.advance(core.push(state, Frame("trade", seat, (0,))))


def test_trade_offers_each_action_with_each_accepted_good() -> None:
    # R7.1.2: Manuel takes tools or gold, the Marquis books or gold, the King cloth or gold.
    state = trade(position(shipyard=("BLUE1",)))
    assert moves(state) == [
        "trade recruit-officials gold", "trade recruit-officials tools",
        "trade acquire-plan gold", "trade acquire-plan tools",
        "trade build-ship gold", "trade build-ship books",
        "trade produce-goods gold", "trade produce-goods books",
        "trade meet-cardinal gold", "trade meet-cardinal cloth",
        "trade royal-favor gold", "trade royal-favor cloth",
    ]


def test_trade_pays_the_good_onto_the_icon_then_performs_the_action() -> None:
    # R7.1: pay, cover, perform; then a second trade or done (R7.1: 1 or 2 trades).
    state = trade(position(plan_stacks=(("PL05",), ())))
    state = play(state, "trade acquire-plan tools", "plan blue")
    assert state.covered == ("acquire-plan",)
    assert state.players[0].goods == (1, 1, 1, 0)
    assert state.players[0].plans[-1] == "PL05"
    assert moves(state)[0] == "done"
    # R7.3: the covered action cannot be taken again; acquire-plan is also impossible now.
    assert not [m for m in moves(state) if "acquire-plan" in m]
    state = play(state, "trade royal-favor cloth")
    state = play(state, moves(state)[0])  # a "favor NOBLE" choice
    assert not state.pending
    assert state.covered == ("acquire-plan", "royal-favor")


def test_the_same_noble_may_take_both_trades() -> None:
    # R7.3: the two trades may be the two actions of the same noble.
    state = play(trade(position()), "trade recruit-officials tools", "recruit king", "done")
    assert "trade acquire-plan gold" in moves(state)


def test_first_trade_is_mandatory() -> None:
    # R7.1: at least one trade.
    assert "done" not in moves(trade(position()))


def test_trade_only_for_an_action_possible_after_paying() -> None:
    # R7.2: a red ship needs 2 different goods; paying books leaves only tools.
    state = seat0(position(shipyard=("RED1",)), goods=(0, 1, 0, 1))
    assert "trade build-ship books" not in moves(trade(state))
    # With 2 books, one pays the trade and books + tools build the ship.
    state = seat0(position(shipyard=("RED1",)), goods=(0, 2, 0, 1))
    assert "trade build-ship books" in moves(trade(state))


def test_goods_gained_by_the_first_action_pay_for_the_second() -> None:
    # R7.4: only books to start with; producing gold (yellow store) pays the second trade.
    state = seat0(position(stores=stores(0, "yellow")), goods=(0, 1, 0, 0))
    state = play(trade(state), "trade produce-goods books")
    assert state.players[0].goods == (1, 0, 0, 0)
    assert "trade recruit-officials gold" in moves(state)


def test_no_second_trade_offered_when_none_is_possible() -> None:
    state = seat0(position(), goods=(0, 0, 0, 1))
    state = play(trade(state), "trade acquire-plan tools", "plan blue")
    assert not state.pending


def test_can_trade() -> None:
    assert can_trade(position(), 0)
    assert not can_trade(seat0(position(), goods=(0, 0, 0, 0)), 0)


@pytest.mark.parametrize(
    "action",
    ["recruit-officials", "acquire-plan", "build-ship", "produce-goods", "meet-cardinal",
     "royal-favor"],
)
def test_every_state_action_is_possible_in_the_base_position(action: str) -> None:
    assert can_perform(position(), 0, action)


def test_the_module_alone_registers_every_frame_it_plays() -> None:
    # Run in a fresh interpreter (this module alone): the State actions push make-room,
    # a frame registered by portfolio.py, which state_actions.py does not import.
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).resolve().parent
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import test_state_actions; "
            "from lisboa_core.games.lisboa.stack import STACK; "
            "print(sorted({'make-room', 'place-card', 'store', 'building'} - set(STACK.handlers)))")
    result = subprocess.run([sys.executable, "-c", code, str(here)], capture_output=True,
                            text=True, stdin=subprocess.DEVNULL, check=True)
    assert result.stdout.strip() == "[]", result.stdout + result.stderr
