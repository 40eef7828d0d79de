"""Hints pinned on built positions where the rules settle the answer (issue 26): a hint
that only became less decisive (answering "not known" where the rules decide) offers the
same legal moves, so the oracle tests cannot see it; these tests ask the hint itself, and
the expected answers come from the rules reference (docs/games/lisboa/rules.md).

Each test names the survivor of ``make mutate PACKAGE=lisboa-hints`` (seed 26) it was
written for; benchmarks/issue_mutants.py checks each against its mutant.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from lisboa_core import load_rules, new_game
from lisboa_core.core.replace import replace
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.hints import (
    bounds,
    building_hints,
    effect_facts,
    sale_hints,
    store_hints,
    visit_hints,
)
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.state import Frame, State

CARDS = Path(__file__).resolve().parent.parent / "cards" / "lisboa"
RULES = load_rules()


def _plain_seat(state: State, seat: int = 0) -> State:
    """The seat without clergy tiles (so without triggers or modifiers)."""
    return ops.update(state, seat, clergy=())


def _edited(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / "cards"
    shutil.copytree(CARDS, folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def test_a_good_gained_is_neither_reis_nor_influence() -> None:
    # bounds.py:54 (== "influence" -> <= "influence"): "gain 1 gold" gains a good (R4.5),
    # no reis and no influence, so it adds nothing to what a seat could pay (R5.6).
    reward = ops.component(RULES, "BL01").reward  # Manuel, blue 1: gain 1 gold
    assert bounds._gains_of([reward]) == (0, 0, 0)
    event = ops.component(RULES, "RD18").event  # gain 1 gold, gain 1 books
    assert bounds._gains_of([event], own_bonus=2) == (0, 0, 0)


def test_a_wig_gained_adds_no_reis_to_a_bound() -> None:
    # bounds.py:270 (== "influence" -> > "influence"): a wig is a victory point (R17.2.1),
    # which cannot pay for anything; only reis and influence steps count (R5.6).
    tile = ops.component(RULES, "C01")  # on tuck political: gain 1 wig
    assert isinstance(tile, m.ClergyTile)
    effects = [trigger.effect for trigger in tile.behaviour.triggers]
    assert bounds._gain_bound(effects, 0) == 0
    assert bounds._gain_bound(effects, None) == 0


def test_no_influence_bonus_without_a_passive_that_gives_one() -> None:
    # bounds.py:497 (or 0 -> or 1): a seat with no influence-gain modifier moves its marker
    # by the printed amount only (R5.1); C27 adds 2 to every gain (R17.2).
    state = _plain_seat(new_game(4, 1))
    assert bounds._influence_bonus(state, 0) == 0
    assert bounds._influence_bonus(t.give_clergy(state, 0, "C27"), 0) == 2


def test_a_seat_without_triggers_only_gains() -> None:
    # effect_facts.py:303 (if found is None -> if not found is None): with no trigger held,
    # every trigger the seat holds only gains (vacuously); asked twice, from the memo too.
    state = _plain_seat(new_game(4, 1))
    assert effect_facts.triggers_only_gain(state, 0) is True
    assert effect_facts.triggers_only_gain(state, 0) is True


def test_an_event_offers_only_its_noble_actions(tmp_path: Path) -> None:
    # visit_hints.py:128 (and -> or): an event "choose one (perform build-store | perform
    # produce-goods)" offers one Noble action, Build a Store (R10.1); Produce Goods is a
    # State action (R8.4), and gaining reis is no action at all.
    rules = load_rules(_edited(
        tmp_path, "political.lsb",
        'political BL16 "Treasury, blue 1" {\n  deck blue\n  type treasury\n  tucked: subsidy\n'
        "  event: choose one (perform build-store | perform open-building)",
        'political BL16 "Treasury, blue 1" {\n  deck blue\n  type treasury\n  tucked: subsidy\n'
        "  event: choose one (perform build-store | perform produce-goods | gain 3 reis)",
    ))
    card = ops.component(rules, "BL16")
    assert visit_hints._offered_noble_actions(card.event) == ["build-store"]
    shipped = ops.component(RULES, "BL16")
    assert visit_hints._offered_noble_actions(shipped.event) == ["build-store", "open-building"]


def test_a_sponsorship_whose_event_has_nothing_to_take_is_illegal() -> None:
    # visit_hints.py:97 (is not None -> is None): R11.3, an event that gives a plan needs a
    # plan to take, and one that gives a decree a decree on display; without one the
    # sponsorship cannot be made, whatever the seat's funds.
    state = ops.update(_plain_seat(t.first_turn(4, 1)), 0, reis=40)
    no_plans = replace(state, plan_stacks=((), ()))
    assert visit_hints.sponsor_judge(no_plans, 0, "BL20") is False  # event: take plan
    no_decrees = replace(state, decree_display=())
    assert visit_hints.sponsor_judge(no_decrees, 0, "RD19") is False  # event: take decree


def test_tucking_a_noble_card_whose_reward_gives_a_good_keeps_a_sale() -> None:
    # sale_hints.py:79 (or -> and; == "treasury" -> != "treasury"): a noble card's covered
    # part is its reward (R4.5). A seat with no goods tucking Manuel blue 1 (reward: gain
    # 1 gold) has a good to sell and, with a docked ship with room, a sale is possible
    # (R6.1), so the tuck keeps the forced sale or trade possible (R4.10).
    state = t.first_turn(4, 1)
    state = ops.update(_plain_seat(state), 0, goods=(0, 0, 0, 0))
    state = t.give_portfolio(state, 1, "BLUE1")  # a docked ship, another seat's
    assert not sale_hints.sale_kept(state, 0)  # no good now
    assert sale_hints.tuck_keeps_sale(state, 0, "BL01") is True


def test_a_seat_with_every_house_built_is_not_certain_of_a_store() -> None:
    # store_hints.py:129 (return False -> return True): a store needs a house left on the
    # seat's board (R10.1.1); with all of them built, no store is certain, whatever the
    # funds.
    state = _plain_seat(t.first_turn(4, 1))
    houses = ops.player_board_of(ops.rules_of(state)).houses
    built = ops.update(state, 0, reis=40, houses=tuple(total for _group, total in houses))
    assert store_hints._store_now(built, 0, 40) is False


def test_a_rich_seat_has_a_payable_store() -> None:
    # store_hints.py:298 (if not -> if not not): on the first turn the seat has houses left
    # and empty land spaces by display tiles (R10.1.1); with 40 reis, more than any land
    # price, some store can be built and paid (R10.1.3).
    state = ops.update(_plain_seat(t.first_turn(4, 1)), 0, reis=40)
    assert store_hints._no_payable_store(state, 0) is False


def test_a_store_a_gain_could_pay_for_is_not_called_impossible() -> None:
    # store_hints.py:87 (> -> !=): the land's reward is collected before the price is paid
    # (R10.1.2 steps 3 and 5), so a store priced above the seat's funds but within what the
    # gains on the way could add may be payable: the hint must leave it to the search; one
    # priced above funds and every gain cannot be paid (R10.1.3).
    state = _plain_seat(t.first_turn(4, 1))
    p = state.players[0]
    funds = p.reis + ops.reis_value(state, p.influence)
    assert store_hints._price_verdict(state, 0, [(funds + 1, 5)]) is None
    assert store_hints._price_verdict(state, 0, [(funds + 3, 5), (funds + 9, 5)]) is None
    assert store_hints._price_verdict(state, 0, [(funds + 6, 5)]) is False
    assert store_hints._price_verdict(state, 0, [(funds, 0)]) is True


def test_officials_reachable_in_the_place_order_need_no_hire() -> None:
    # building_hints.py:240 (<= -> ==): officials are sent back from offices and plazas
    # (R10.3.2 step 4); from the frame's place on the seat still has 2 of them, so an
    # opening that needs 1 is staffed without hiring, even with one left behind.
    state = _plain_seat(t.first_turn(4, 1))
    frame = Frame("building-officials", 0, (1, 1))  # 1 needed, from the marquis office on
    state = replace(state, offices=((0,), (0,), (0,)), plazas=((), (), ()), pending=(frame,))
    assert building_hints._officials_verdict(state, frame, ()) is True
    frame = Frame("building-officials", 0, (2, 1))  # exactly the 2 reachable
    assert building_hints._officials_verdict(replace(state, pending=(frame,)), frame, ()) is True


def test_hiring_costs_the_treasury_value_for_each_missing_official() -> None:
    # bounds.py:540 (tiles * luck.hire -> tiles - luck.hire): plan PL12 needs 6 officials;
    # a site's reward places up to 2 (the shipped board), the seat has 1 out, so 3 are
    # hired at the treasury value each (R10.3.2 step 4), with no hire discount in the
    # church (C01-C06). Below 3 times that value the plan cannot be staffed.
    state = _plain_seat(t.first_turn(4, 1))
    state = replace(state, offices=((), (0,), ()), plazas=((), (), ()),
                    church=("C01", "C02", "C03", "C04", "C05", "C06"))
    plan = ops.component(RULES, "PL12")
    cost = 3 * ops.treasury_value(state)
    assert bounds._hire_hopeless(state, 0, plan, cost - 1) is True
    assert bounds._hire_hopeless(state, 0, plan, cost) is False


def test_a_tile_in_the_church_that_needs_fewer_officials_lowers_the_hires() -> None:
    # bounds.py:535 (- tiles * luck.officials -> * tiles * luck.officials): C22 in the
    # church (officials-needed -1, R17.2) may be taken on the way (R8.5); with it PL12
    # needs 5 officials, 2 placed by the site's reward and 1 out: 2 hired. Funds for 2
    # hires cannot be called hopeless.
    state = _plain_seat(t.first_turn(4, 1))
    state = replace(state, offices=((), (0,), ()), plazas=((), (), ()),
                    church=("C22", "C02", "C03", "C04", "C05", "C06"))
    plan = ops.component(RULES, "PL12")
    assert bounds._hire_hopeless(state, 0, plan, 2 * ops.treasury_value(state)) is False


def test_the_opening_funds_bound_counts_the_sites_reward() -> None:
    # bounds.py:523 (+ cubes * rubble.reis -> * cubes * rubble.reis): before officials are
    # hired the seat collects the site's reward (R10.3.2 steps 2 and 4; the shipped sites
    # give up to 3 reis) and may cover reis with influence (R5.6). A seat with 10 reis and
    # its marker on top, no trigger and no paying tile in the church, could raise its cash,
    # its influence's value and those 3 reis: the bound may not be lower.
    state = _plain_seat(t.first_turn(4, 1))
    top = ops.board_of(ops.rules_of(state)).influence_max
    state = replace(ops.update(state, 0, reis=10, influence=top),
                    church=("C01", "C02", "C03", "C04", "C05", "C06"))
    assert bounds._site_rewards(state).reis == 3
    funds = bounds._opening_funds(state, 0)
    assert funds is not None
    assert funds >= 10 + ops.reis_value(state, top) + 3


def test_a_held_payment_discount_lowers_the_land_bound_by_its_amount() -> None:
    # bounds.py:196 (price - discount -> price + discount): C31 (every payment 1 smaller,
    # R17.2, R0.11) lets a seat pay a land priced one real above its cash and influence.
    # Land A5's reward gives no reis or influence, no rubble trigger pays, no tile is taken
    # on the way: the seat can pay exactly its funds, plus 1 with the tile.
    state = _plain_seat(t.first_turn(4, 1))
    state = ops.update(state, 0, reis=5, influence=0)
    facts = bounds._land_facts(state)["A5"]
    assert (facts.reward_reis, facts.reward_influence, facts.lucky) == (0, 0, 0)
    funds = 5 + ops.reis_value(state, 0)
    plain = bounds._LandBound(state, 0)
    assert plain.affordable(facts, funds) and not plain.affordable(facts, funds + 1)
    discounted = bounds._LandBound(t.give_clergy(state, 0, "C31"), 0)
    assert discounted.affordable(facts, funds + 1)
    assert not discounted.affordable(facts, funds + 2)


def test_a_penniless_seat_cannot_pay_a_plain_store() -> None:
    # store_hints.py:112 (unknown = False -> True): a land costs at least the treasury
    # value (R10.1.3); a seat with no reis and no influence (R5.6) has only the land's
    # reward to pay with (R10.1.2 steps 3 and 5), no trigger and no tile. Where every
    # reward only gains and gives less than the treasury value, no store can be paid: the
    # hint knows it without a search.
    state = ops.update(_plain_seat(t.first_turn(4, 1)), 0, reis=0, influence=0)
    facts = store_hints._land_facts(state)
    moves = tuple(move for move in store_hints._store_moves(state, Frame("store", 0))
                  if facts[str(move.args[1])].plain)
    assert moves
    for move in moves:
        land = facts[str(move.args[1])]
        gains = land.reward_reis + ops.reis_value(state, land.reward_influence)
        assert gains < ops.treasury_value(state)
    assert store_hints._store_price_verdict(state, 0, moves) is False


def test_a_store_three_reis_beyond_the_funds_and_its_reward_is_illegal() -> None:
    # store_hints.py:182 (p.reis + land.sure_reis -> p.reis * land.sure_reis): land A2's
    # reward gives 2 reis (board.lsb), collected before the price is paid (R10.1.2 steps 3
    # and 5). A seat with no trigger whose cash and influence fall 3 reis short of the
    # price is still 1 short after the reward: the store cannot be built (R10.1.3).
    state = _plain_seat(t.first_turn(4, 1))
    facts = store_hints._land_facts(state)["A2"]
    assert (facts.sure_reis, facts.reward_reis, facts.reward_influence) == (2, 2, 0)
    price = store_hints._prices(state, 0).cheapest(facts)
    reis = price - 3 - ops.reis_value(state, 0)
    assert reis >= 3
    frame = Frame("store", 0)
    state = replace(ops.update(state, 0, reis=reis, influence=0), pending=(frame,))
    moves = tuple(move for move in store_hints._store_moves(state, frame)
                  if str(move.args[1]) == "A2")
    assert moves
    assert store_hints._store_judge(state, frame, moves) == [False] * len(moves)
    richer = ops.update(state, 0, reis=reis + 1)  # exactly the price with the reward
    assert store_hints._store_judge(richer, frame, moves) == [True] * len(moves)

