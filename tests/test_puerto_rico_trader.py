"""The trader phase (PR8), markets (PR13.1, PR13.7) and the office (PR13.6)."""

from __future__ import annotations

import pytest

from lisboa_core.core.replace import replace
from lisboa_core.games.puerto_rico.state import State
from puerto_rico_scenarios import GOODS, blank, fresh, good, moves, play, seat, top


def _four() -> State:
    return blank(fresh(4, governor=0))


@pytest.mark.parametrize(("word", "price"), [("corn", 0), ("indigo", 1), ("sugar", 2),
                                             ("tobacco", 3), ("coffee", 4)])
def test_pr8_1_2_prices_and_the_traders_extra_doubloon(word: str, price: int) -> None:
    """PR8.1.2: corn 0, indigo 1, sugar 2, tobacco 3, coffee 4; the trader gets 1 more;
    PR8.1.1 the good goes into the trading house."""
    state = seat(_four(), 0, goods={word: 1})
    state = seat(state, 1, goods={word: 1})
    state = play(state, "role trader", f"sell {word}")
    assert state.players[0].doubloons == price + 1 and good(state, 0, word) == 0
    assert state.trading_house == (GOODS.index(word),)
    # PR8.2.2: the same kind is now blocked for seat 1 (no office): no decision at all
    assert top(state) == "choose-role"
    assert state.players[1].doubloons == 0


def test_pr8_1_2_a_trader_who_sells_nothing_gets_nothing() -> None:
    """PR8.1.2/PR0.3.2: the privilege only comes with a sale."""
    state = seat(_four(), 0, goods={"sugar": 1})
    state = play(state, "role trader", "pass")
    assert state.players[0].doubloons == 0


def test_pr18_6_small_market_and_pr18_8_1_both_markets() -> None:
    """PR18.6.1: small market, corn earns 1 (2 as the trader); PR18.8.1/PR13.7.1: both
    markets 3 more per sale; PR8.1.4 corn may be sold; PR13.1.1; PR8.1.5 the amount is
    price + trader + markets; PR19.1.11 markets apply without a decision."""
    state = seat(_four(), 1, goods={"corn": 1}, city={"SmallMarket": 1})
    state = play(state, "role trader", "sell corn")
    assert state.players[1].doubloons == 1
    state = seat(_four(), 0, goods={"corn": 1}, city={"SmallMarket": 1})
    state = play(state, "role trader", "sell corn")
    assert state.players[0].doubloons == 2
    state = seat(_four(), 1, goods={"sugar": 1}, city={"SmallMarket": 1, "LargeMarket": 1})
    state = play(state, "role trader", "sell sugar")
    assert state.players[1].doubloons == 2 + 3
    state = seat(_four(), 1, goods={"sugar": 1}, city={"SmallMarket": 0, "LargeMarket": 0})
    state = play(state, "role trader", "sell sugar")
    assert state.players[1].doubloons == 2  # PR0.1.7 unoccupied markets do nothing


def test_pr18_7_office_sells_a_kind_already_in_the_house() -> None:
    """PR18.7.1/PR13.6.1-PR13.6.2 (PR11.1.6: a violet ability changes a rule): with tobacco in the house two office owners may each
    sell tobacco."""
    state = replace(_four(), trading_house=(GOODS.index("tobacco"),))
    state = seat(state, 1, goods={"tobacco": 2}, city={"Office": 1})
    state = seat(state, 2, goods={"tobacco": 1}, city={"Office": 1})
    state = seat(state, 3, goods={"tobacco": 1})
    state = play(state, "role trader")
    assert state.to_act == 1 and "sell tobacco" in moves(state)
    state = play(state, "sell tobacco", "sell tobacco")
    assert state.players[1].doubloons == 3 and state.players[2].doubloons == 3
    assert state.trading_house.count(GOODS.index("tobacco")) == 3
    assert top(state) == "choose-role"  # seat 3 has no office: skipped


def test_pr8_1_3_phase_ends_when_the_house_is_full_and_pr8_3_1_it_is_emptied() -> None:
    """PR8.1.3/PR8.2.1/PR1.2.7: a full house (4 goods) stops the selling, even for an office owner;
    PR8.3.1 the 4 goods go back to their supplies."""
    house = tuple(GOODS.index(g) for g in ("corn", "indigo", "sugar"))
    state = replace(_four(), trading_house=house)
    supply = state.goods_supply
    state = seat(state, 0, goods={"coffee": 1})
    state = seat(state, 1, goods={"tobacco": 1}, city={"Office": 1})
    state = play(state, "role trader", "sell coffee")
    assert state.trading_house == () and top(state) == "choose-role"
    assert good(state, 1, "tobacco") == 1
    assert state.goods_supply == tuple(
        s + (1 if g in (0, 1, 2, 4) else 0) for g, s in enumerate(supply))


def test_pr8_3_2_a_house_with_three_goods_keeps_them() -> None:
    """PR8.3.2: 3 goods or fewer stay and block their kinds next time."""
    state = seat(_four(), 0, goods={"corn": 1, "sugar": 1})
    state = seat(state, 1, goods={"indigo": 1})
    state = seat(state, 2, goods={"tobacco": 1})
    state = play(state, "role trader", "sell sugar", "sell indigo", "sell tobacco")
    assert len(state.trading_house) == 3
    state = replace(fresh(4, governor=0), players=state.players,
                    trading_house=state.trading_house)
    state = seat(state, 0, goods={"sugar": 1, "corn": 1})
    state = play(state, "role trader")
    assert moves(state) == {"sell corn", "pass"}
