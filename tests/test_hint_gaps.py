"""Hints pinned on built positions where the rules settle the answer, for the survivors of
the exhaustive `make mutate PACKAGE=lisboa-hints MUTANTS=all` run (issue 35): each test
names the survivor it was written for (file:line, the mutation) and the rule, and asks the
hint itself where the rules decide (a hint made less decisive offers the same moves, so
only such a question sees it), the bare search agreeing where a move is concerned.
benchmarks/issue_mutants.py ("[35]") checks each against its mutant.
"""

from __future__ import annotations

from pathlib import Path

from lisboa_core import load_rules
from lisboa_core.core import stack as _core
from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.hints import (
    bounds,
    building_hints,
    effect_facts,
    quiet,
    sale_hints,
    store_hints,
    visit_hints,
)
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules.buildings import _hire_price
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State
from test_hint_pins import _edited, _plain_seat

RULES = load_rules()




def _bare(question: object) -> bool:
    """A question to the bare search (every hint off)."""
    _core.SWITCHES.shortcuts = False
    try:
        return bool(question())  # type: ignore[operator]
    finally:
        _core.SWITCHES.shortcuts = True


def _opening(treasury: int = 2, officials: int = 6) -> tuple[State, int, str]:
    """A plain seat (one official out, in the Marquis's office) starting Open a Public
    Building with a plan of ``officials`` officials, no clergy tile in the church."""
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    plan = next(p for s in state.plan_stacks for p in s
                if ops.component(RULES, p).officials == officials)  # type: ignore[union-attr]
    state = t.with_state(_plain_seat(state, seat), treasury=treasury,
                         church=(None,) * len(state.church))
    state = t.start_noble_action(t.give_plans(state, seat, plan), seat, "open-building")
    return state, seat, plan


def test_r10_3_2_a_sites_sure_reis_make_an_opening_certain() -> None:
    # building_hints.py:138 (facts[2] > 0 -> <= 0): site W-B's 3 reis come before the
    # officials are hired (R10.3.2 steps 2-4): 5 to hire at 3 reis = 15 from 12 cash + 3.
    state, seat, plan = _opening()
    assert _hire_price(state, seat) == 3
    probe = t.with_player(state, seat, reis=12, influence=0)
    now = building_hints._OpeningNow(probe, seat)
    assert not now.staffed(plan)
    assert now.certain_opening("W-B", plan) is True
    assert _bare(lambda: STACK.completes(probe, Move("build", ("W-B", plan))))
    short = t.with_player(state, seat, reis=11, influence=0)
    assert building_hints._OpeningNow(short, seat).certain_opening("W-B", plan) is False


def test_r14_3_hiring_after_the_cardinal_is_certain_only_at_the_top_treasury_price() -> None:
    # building_hints.py:172 (payment `or 0` -> `or -1`): a site whose reward moves the
    # cardinal may raise the treasury (R14.3): certain only if the hires are paid at the
    # top value, 9 (R0.2): 5 hires, 45 reis certain, 44 not known.
    state, seat, plan = _opening()
    top = max(space.value for space in ops.board_of(RULES).treasury)
    assert top == 9
    rich = building_hints._OpeningNow(t.with_player(state, seat, reis=45, influence=0), seat)
    assert rich.hired_at_any_treasury(plan) is True
    short = building_hints._OpeningNow(t.with_player(state, seat, reis=44, influence=0), seat)
    assert short.hired_at_any_treasury(plan) is False


def test_r0_11_an_opening_a_plain_seat_cannot_hire_for_is_left_out_of_the_search() -> None:
    # building_hints.py:260 (not all(harmless) -> not not all): a seat with no trigger and
    # no cash: 5 officials at 3 reis cannot be hired on a site giving only reis (R10.3.2.4),
    # so the search leaves those openings out, as the bare search refuses them.
    state, seat, plan = _opening()
    probe = t.with_player(state, seat, reis=0, influence=0)
    frame = probe.pending[-1]
    moves = STACK.raw_moves(probe)
    kept = building_hints._openings_worth_trying(probe, frame, moves)
    dropped = [m for m in moves if m not in kept]
    assert Move("build", ("W-B", plan)) in dropped
    assert not any(_bare(lambda m=m: STACK.completes(probe, m)) for m in dropped)


def test_r10_3_1_a_plan_whose_architect_has_no_building_left_is_skipped() -> None:
    # building_hints.py:91 (continue -> break): the first plan's architect has no building
    # (R10.3.2 step 7: an exhausted stack offers none); the second plan's can be opened.
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    blue = next(p for p in state.plan_stacks[0] if ops.component(RULES, p).officials == 2)  # type: ignore[union-attr]
    green = next(p for p in state.plan_stacks[1] if ops.component(RULES, p).officials == 2)  # type: ignore[union-attr]
    assert ops.component(RULES, blue).architect == "blue"  # type: ignore[union-attr]
    state = _plain_seat(t.with_player(state, seat, plans=(blue, green), reis=30), seat)
    state = t.with_state(state, building_stacks=((), state.building_stacks[1]))
    assert building_hints._building_now(state, seat, 30) is True


def test_r8_a_state_action_an_effect_performs_keeps_every_good() -> None:
    # effect_facts.py:170 (== "perform" -> > "perform"): recruiting and a plan take no good
    # or ship away (R8.1, R8.2), nor does placing officials or taking a plan.
    recruit = m.Do("perform", (("action", "recruit-officials"),))
    assert effect_facts.sale_safe(m.Seq((recruit,))) is True
    place = m.Do("place_officials", (("count", 2),))
    assert effect_facts.sale_safe(m.Seq((place, m.Do("take_plan")))) is True
    ship = m.Do("perform", (("action", "build-ship"),))  # pays goods (R8.3.2)
    assert effect_facts.sale_safe(m.Seq((ship,))) is False


def test_r8_4_producing_or_a_good_gained_brings_a_good() -> None:
    # effect_facts.py:265 (return False -> True): performing Produce Goods may bring goods
    # (R8.4), and so may taking a clergy tile (R8.5.3) unless the church was checked;
    # "gain 1 gold" brings one (R4.5).
    produce = m.Seq((m.Do("perform", (("action", "produce-goods"),)),))
    assert effect_facts.goodless(produce) is False
    meet = m.Seq((m.Do("move_cardinal", (("steps", 1),)), m.Do("take_clergy")))
    assert effect_facts.goodless(meet) is False
    assert effect_facts.goodless(meet, beside_church=True) is True
    reward = ops.component(RULES, "BL01").reward  # Manuel, blue 1: gain 1 gold
    assert effect_facts.goodless(reward) is False
    assert effect_facts.goodless(m.Seq((m.Do("gain", (("amount", 2), ("what", "reis"))),)))


def test_r11_2_a_fee_of_exactly_the_treasury_value_can_be_paid() -> None:
    # visit_hints.py:102 (payment `or 0` -> `or 1`): sponsoring costs the treasury value
    # (R11.2); with that much cash the sponsorship of a card whose event takes a plan
    # (R11.3) is certain.
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    state = _plain_seat(t.with_player(t.give(state, seat, "BL20"), seat, hand=("BL20",)), seat)
    value = ops.treasury_value(state)
    probe = t.with_player(state, seat, reis=value, influence=0)
    assert visit_hints.sponsor_judge(probe, seat, "BL20") is True
    assert _bare(lambda: STACK.completes(probe, Move("sponsor", ("BL20",))))
    short = t.with_player(state, seat, reis=value - 1, influence=0)
    assert visit_hints.sponsor_judge(short, seat, "BL20") is False


def test_r10_2_4_a_visit_to_the_marquis_with_no_decree_is_refused() -> None:
    # visit_hints.py:81 (not decree_display -> decree_display): with the display empty,
    # Take a Decree has nothing to act on and no State action adds a decree (R10.2.4).
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    state = t.with_state(_plain_seat(state, seat), decree_display=())
    state = t.with_player(state, seat, influence=10, goods=(1, 1, 1, 1))
    assert visit_hints.visit_judge(state, seat, "marquis") is False


def test_r9_5_a_visits_funds_are_cash_plus_the_influence_left() -> None:
    # visit_hints.py:66 (+ -> *): after the visit's cost the seat pays a store with its
    # cash plus a real per icon of the influence left (R5.6): 3 + 3 reis (and at most 2
    # from a land's reward, R10.1.2.3) are short of every land, priced 9 and more at this
    # treasury value (R10.1.3); 3 * 3 would reach one.
    from lisboa_core.games.lisboa.rules.visits import influence_cost

    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    card = next(c.id for c in RULES.political if c.type == "manuel")
    state = _plain_seat(t.with_player(t.give(state, seat, card), seat, hand=(card,)), seat)
    cost = influence_cost(state, seat, "manuel", False)
    probe = t.with_player(state, seat, reis=3, influence=cost + 5, wigs=0)
    assert ops.reis_value(probe, 5) == 3
    assert visit_hints.noble_action_now(probe, seat, "build-store", 9)  # were it 3 * 3
    assert not _bare(lambda: STACK.completes(probe, Move("visit", (card,))))
    assert visit_hints.visit_judge(probe, seat, "manuel") in (None, False)


def test_r8_5_3_meeting_the_cardinal_may_pay_for_an_opening_with_a_plan_in_hand() -> None:
    # visit_hints.py:162 (and -> or): with a plan in hand, meeting the cardinal (the King's
    # State action) may bring a tile that pays (C32: 7 influence, 4 reis from none, R5.6),
    # so it is not useless to Open a Public Building: on a site placing 2 officials (R10.3.2
    # step 2) 3 are hired at 3 reis, 9, from 5 cash only with the tile (R10.3.2.4, R9.1
    # step 4). The tile lies two steps away, out
    # of reach of a site's one-step cardinal reward (R8.5.5).
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    plan = next(p for s in state.plan_stacks for p in s
                if ops.component(RULES, p).officials == 6)  # type: ignore[union-attr]
    card = next(c.id for c in RULES.political if c.type == "king")
    state = _plain_seat(t.with_player(t.give(state, seat, card), seat, hand=(card,),
                                      influence=10, wigs=5), seat)
    church: list[str | None] = [None] * len(state.church)
    church[(state.cardinal + 2) % len(church)] = "C32"  # two steps away (R8.5.2)
    state = t.with_state(state, church=tuple(church),
                         clergy_bag=tuple(x for x in state.clergy_bag if x != "C32"))
    state = STACK.step(t.give_plans(state, seat, plan), Move("visit", (card,)))
    assert state.pending[-1].kind == "visit-option"
    probe = t.with_player(state, seat, reis=5, influence=0)
    assert "meet-cardinal" not in visit_hints._useless(probe, seat, "open-building")
    cardinal = Move("state-action", ("meet-cardinal",))
    frame = probe.pending[-1]
    assert cardinal in visit_hints._visit_option_search(probe, frame, STACK.raw_moves(probe))
    assert _bare(lambda: STACK.completes(probe, cardinal))
    assert not _bare(lambda: STACK.completes(probe, Move("skip")))


def test_r8_5_3_a_tile_that_performs_acquire_plan_can_bring_a_plan(tmp_path: Path) -> None:
    # visit_hints.py:181 (== "perform" -> < "perform"): a clergy tile whose effect performs
    # Acquire a Plan (R8.2) or takes one puts a plan in its holder's hand (an edited tile).
    rules = load_rules(_edited(tmp_path, "clergy.lsb", "on sell gold: gain 2 reis",
                               "on taken: perform acquire-plan"))
    state = t.first_turn(2, 3, rules=rules)
    assert visit_hints._gives_plan(state, "C12") is True
    assert visit_hints._gives_plan(state, "C30") is False  # a real per cube


def test_r8_5_one_action_takes_at_most_two_clergy_tiles() -> None:
    # bounds.py:436 (1 + max -> 2 + max): a meeting of the cardinal takes one tile (R8.5.3)
    # and a land's or a site's reward one more (R8.5.5: "move cardinal 1, take clergy").
    assert bounds._most_tiles(t.first_turn(2, 3)) == 2


def test_r10_3_2_4_an_opening_staffed_by_returned_officials_needs_no_cash() -> None:
    # building_hints.py:203 (return True -> False): a plan of 2 with 2 officials out is
    # staffed by returning them; nothing is hired (R10.3.2.4).
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    plan = next(p for s in state.plan_stacks for p in s
                if ops.component(RULES, p).officials == 2)  # type: ignore[union-attr]
    state = _plain_seat(t.place_official(state, seat, "manuel"), seat)
    state = t.with_player(t.give_plans(state, seat, plan), seat, reis=0, influence=0)
    assert bounds._officials_out_count(state, seat) == 2
    assert building_hints._OpeningNow(state, seat).staffed(plan) is True


def test_r0_11_a_payment_discount_lowers_the_hire() -> None:
    # building_hints.py:205 (+ payment -> - payment): with C31 (every payment a real less,
    # R17.2) 5 officials at 3 reis cost 14, not 15 (R10.3.2.4, R0.11).
    state, seat, plan = _opening()
    state = t.give_clergy(state, seat, "C31")
    now = building_hints._OpeningNow(t.with_player(state, seat, reis=14, influence=0), seat)
    assert now.staffed(plan) is True
    short = building_hints._OpeningNow(t.with_player(state, seat, reis=13, influence=0), seat)
    assert short.staffed(plan) is False
    # building_hints.py:206 (<= -> ==): more than enough is enough
    rich = building_hints._OpeningNow(t.with_player(state, seat, reis=20, influence=0), seat)
    assert rich.staffed(plan) is True


def test_r10_1_3_a_store_within_the_funds_is_judged_legal() -> None:
    # store_hints.py:182 (<= -> ==): a land with no reward whose price is below the seat's
    # cash is legal at once (R10.1.3), not only one priced exactly at it.
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    state = t.start_noble_action(_plain_seat(state, seat), seat, "build-store")
    state = t.with_player(state, seat, reis=40, influence=0)
    frame = state.pending[-1]
    moves = STACK.raw_moves(state)
    judged = dict(zip(moves, STACK.handler("store").judge(state, frame, moves), strict=True))
    plain = [mv for mv in moves if ops.component(RULES, str(mv.args[1])).reward is None]  # type: ignore[union-attr]
    assert plain and all(judged[mv] is True for mv in plain)


def test_r10_3_2_a_site_whose_reward_only_gains_reis_is_priced() -> None:
    # building_hints.py:334 (>= 0 -> < 0): site W-B's reward, "gain 3 reis", gives 3 reis
    # most and surely (R10.3.2 step 2); W-D's places officials and is not priced.
    state = t.first_turn(2, 3)
    assert building_hints._site_facts(state, "W-B") == (3, 0, 3)
    assert building_hints._site_facts(state, "W-D") is None


def test_r4_10_a_tuck_keeps_a_sale_possible_now() -> None:
    # sale_hints.py:75 (kept is None -> is not None): a seat with a good and a docked ship
    # with room can sell (R6.1); tucking a card whose covered part only gains keeps that
    # sale possible (R4.10), asked with and without the sale already known.
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    state = t.give_portfolio(_plain_seat(state, seat), seat, "BLUE1")
    state = t.with_player(state, seat, goods=(1, 0, 0, 0))
    assert sale_hints.sale_kept(state, seat)
    card = next(c.id for c in RULES.political if c.id == "BL01")  # reward: gain 1 gold
    assert sale_hints.tuck_keeps_sale(state, seat, card) is True
    assert sale_hints.tuck_keeps_sale(state, seat, card, True) is True


def test_r17_2_8_influence_a_cube_brings_counts_toward_a_land(tmp_path: Path) -> None:
    # bounds.py:229 (+ cubes * cube_steps -> -): a held tile gaining 1 influence per cube
    # taken (an edited C30): the store's cube is taken before paying (R10.1.2.4), and the
    # marker from 2 to 3 passes an icon (R5.6): with no cash, a land priced 2 reis (one
    # from the marker at 2, one from the cube's step) may be payable (R10.1.3); 3 not.
    rules = load_rules(_edited(tmp_path, "clergy.lsb", "on take-rubble: gain 1 reis per cube",
                               "on take-rubble: gain 1 influence per cube"))
    state = t.first_turn(2, 3, rules=rules)
    seat = state.to_act
    assert seat is not None
    state = t.give_clergy(ops.update(state, seat, clergy=()), seat, "C30")
    state = t.start_noble_action(t.with_state(state, church=(None,) * len(state.church)),
                                 seat, "build-store")
    bound = bounds._LandBound(t.with_player(state, seat, reis=0, influence=2), seat)
    facts = bounds._land_facts(state)
    land = next(f for f in facts.values() if f.reward_reis == 0 and f.reward_influence == 0
                and f.plain and f.lucky == 0)
    assert ops.reis_value(state, 3) == ops.reis_value(state, 2) + 1 == 2
    assert bound.affordable(land, 2) is True
    assert bound.affordable(land, 3) is False


def test_r0_11_a_payment_discount_tile_taken_on_the_way_lowers_the_land() -> None:
    # bounds.py:251 (+ tiles * payment -> / tiles * payment): a land whose reward takes
    # C31 (a real off every payment, R17.2) beside the cardinal is payable a real short.
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    church: list[str | None] = [None] * len(state.church)
    church[(state.cardinal + 1) % len(church)] = "C31"
    state = t.with_state(ops.update(state, seat, clergy=()), church=tuple(church),
                         clergy_bag=tuple(x for x in state.clergy_bag if x != "C31"))
    state = t.start_noble_action(state, seat, "build-store")
    facts = bounds._land_facts(state)
    lucky = next(f for f in facts.values() if f.lucky == 1)
    bound = bounds._LandBound(t.with_player(state, seat, reis=5, influence=0), seat)
    assert bound.affordable(lucky, 6) is True
    assert bound.affordable(lucky, 7) is False


def test_r5_6_an_influence_gain_counts_a_real_per_step_in_a_bound() -> None:
    # bounds.py:304 (bonus is not None -> is None): with influence counted, "gain 2
    # influence" with a bonus of 1 moves the marker 3 steps, at most 3 reis (R5.1, R5.6);
    # not counted (bonus None), nothing.
    gain = m.Seq((m.Do("gain", (("amount", 2), ("what", "influence"))),))
    assert bounds._gain_bound([gain], 1) == 3
    assert bounds._gain_bound([gain], None) == 0


def test_r10_3_2_4_a_discount_tile_in_the_church_raises_the_opening_bound() -> None:
    # bounds.py:558 (+ discount -> * discount): a site's reward may take C31 (a real off
    # the hire's payment, R17.2): the bound is at least the cash, the marker's top, a
    # site's 3 reis and that real.
    state = _plain_seat(t.first_turn(4, 1))
    top = ops.board_of(ops.rules_of(state)).influence_max
    state = replace(ops.update(state, 0, reis=10, influence=top),
                    church=("C31", None, None, None, None, None))
    funds = bounds._opening_funds(state, 0)
    assert funds is not None and funds >= 10 + ops.reis_value(state, top) + 3 + 1


def test_r3_6_the_seats_own_effect_that_keeps_every_good_is_quiet() -> None:
    # quiet.py:57 (frame.seat == seat -> !=): under a choice of favor, the seat's own
    # effect "take plan" (R8.2) cannot block, so the rest of the action finishes (A37).
    state = _plain_seat(t.first_turn(2, 3))
    seat = state.to_act
    assert seat is not None
    effect = m.Seq((m.Do("take_plan"),))
    state = replace(state, pending=(Frame("end-turn", seat), Frame("take-card", seat),
                                    Frame("effect", seat, (effect,)),
                                    Frame("take-favor", seat)))
    assert quiet.quiet_tail(state) is True


def test_r14_3_a_land_whose_reward_takes_a_cube_is_not_the_cardinals() -> None:
    # store_hints.py:222 (return False -> True): a reward taking a cube from the pile sets
    # off take-rubble triggers (R17.2.8): not a reward that only meets the cardinal.
    state = _plain_seat(t.first_turn(2, 3))
    seat = state.to_act
    assert seat is not None
    cardinal = store_hints._Cardinal(state, seat)
    assert cardinal.safe("A4") is False  # reward: take pile rubble
    assert ops.component(RULES, "A4").reward.steps[0].kind == "take_pile_rubble"  # type: ignore[union-attr]


def test_r17_2_a_store_trigger_gaining_influence_counts_its_steps(tmp_path: Path) -> None:
    # store_hints.py:65 (with_influence True -> False): a held tile gaining 2 influence on
    # each store built (an edited C24) adds up to 2 reis to what the store may cost (R5.6).
    rules = load_rules(_edited(tmp_path, "clergy.lsb", "on build-store: gain 1 wig",
                               "on build-store: gain 2 influence"))
    state = t.first_turn(2, 3, rules=rules)
    seat = state.to_act
    assert seat is not None
    state = t.give_clergy(ops.update(state, seat, clergy=()), seat, "C24")
    assert store_hints._count_trigger_gains(state, seat) == 2


def test_r0_11_a_land_the_discount_makes_free_needs_no_funds() -> None:
    # store_hints.py:83 (max(0, ...) -> max(1, ...)): a price of 1 with C31 held (a real
    # off every payment, R17.2) is paid with nothing (R0.11: to no less than 0).
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    state = t.give_clergy(ops.update(state, seat, clergy=(), reis=0, influence=0), seat, "C31")
    assert store_hints._price_verdict(state, seat, [(1, 0)]) is True
    assert store_hints._price_verdict(state, seat, [(2, 0)]) is False


def test_r3_6_the_choices_that_never_block_are_settled_by_the_quiet_hints() -> None:
    # quiet.py:122 (the loop attaching them emptied): a choice of officials' offices, a
    # favor, a decree, a plan or a cube is carried out whatever is chosen (R8.1.2, R8.6,
    # R10.2, R8.2, R17.2.8), so each decision gets the quiet verdict and judge.
    for kind in ("place-officials", "take-favor", "take-decree", "take-plan",
                 "take-pile-rubble", "recruit-officials", "pay"):
        handler = STACK.handler(kind)
        assert handler.verdict is quiet.quiet_verdict and handler.judge is quiet.quiet_judge


def test_r14_3_one_cardinal_step_raises_the_treasury_at_most_one_space() -> None:
    # store_hints.py:217 (rise + 1 -> rise + 2): land A1's reward moves the cardinal one
    # step, which passes at most one treasury icon (R14.1-R14.3): from space 2 (value 3)
    # the dearest reachable value is space 3's, 4, not space 4's.
    state = _plain_seat(t.with_state(t.first_turn(2, 3), treasury=2))
    seat = state.to_act
    assert seat is not None
    values = [space.value for space in ops.board_of(RULES).treasury]
    assert values[2:5] == [3, 4, 5]
    assert store_hints._Cardinal(state, seat).highest_treasury("A1") == 4


def test_r10_1_1_a_visit_to_manuel_with_no_payable_land_is_refused() -> None:
    # visit_hints.py:80 (== "take-decree" -> !=): with no cash nor influence after the
    # visit, no land can be paid (R10.1.1, R10.1.3), and Manuel's State actions pay for
    # none (R8.1, R8.2): the visit is illegal (R9.2), whatever the decree display holds.
    from lisboa_core.games.lisboa.rules.visits import influence_cost

    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    state = t.with_state(t.first_turn(2, 3), church=(None,) * 6)
    card = next(c.id for c in RULES.political if c.type == "manuel")
    state = _plain_seat(t.with_player(t.give(state, seat, card), seat, hand=(card,)), seat)
    cost = influence_cost(state, seat, "manuel", False)
    probe = t.with_player(state, seat, reis=0, influence=cost, wigs=0)
    assert probe.decree_display
    assert visit_hints.visit_judge(probe, seat, "manuel") is False
    assert not _bare(lambda: STACK.completes(probe, Move("visit", (card,))))


def test_r11_3_only_an_event_of_one_step_is_settled_by_its_noble_action() -> None:
    # visit_hints.py:117 (or -> and; != 1 -> < 1): a sponsored event must be carried out
    # whole (R11.3): a Noble action certain on its own settles an event that is only that
    # action, not one with another step after it (here a payment, R0.11), nor no event.
    store = m.Do("perform", (("action", "build-store"),))
    pay = m.Do("pay", (("amount", 3), ("what", "reis")))
    assert visit_hints._offered_noble_actions(m.Seq((store,))) == ["build-store"]
    assert visit_hints._offered_noble_actions(m.Seq((store, pay))) == []
    assert visit_hints._offered_noble_actions(None) == []


def test_r10_3_2_4_an_opening_certain_now_settles_the_building_decision() -> None:
    # building_hints.py:70 (tail_within -> not tail_within): a rich plain seat can staff
    # any plan's officials now (R10.3.2.4): the building decision is finishable.
    state, seat, _plan = _opening()
    probe = t.with_player(state, seat, reis=60, influence=0)
    frame = probe.pending[-1]
    verdict = STACK.handler("building").verdict
    assert verdict is not None and verdict(probe, frame, STACK.raw_moves(probe)) is True


def _store_start_plain() -> tuple[State, int, int]:
    """A plain seat starting Build a Store, the church empty, and the cheapest price of a
    land whose reward only gains or takes a pile cube (R10.1.3)."""
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    state = t.with_state(_plain_seat(state, seat), church=(None,) * len(state.church))
    state = t.start_noble_action(state, seat, "build-store")
    facts, prices = bounds._land_facts(state), bounds._prices(state, seat)
    cheapest = min(prices.cheapest(facts[str(mv.args[1])]) for mv in STACK.raw_moves(state)
                   if facts[str(mv.args[1])].steady)
    return state, seat, cheapest


def test_r10_1_3_a_store_is_certain_from_exactly_its_price() -> None:
    # store_hints.py:136 (payment `or 0` -> `or -1`): with no discount the price is paid
    # in full (R0.11): certain from the cheapest price on, not from a real less.
    state, seat, cheapest = _store_start_plain()
    assert store_hints._store_now(state, seat, cheapest) is True
    assert store_hints._store_now(state, seat, cheapest - 1) is False


def test_r14_3_a_land_meeting_the_cardinal_is_certain_at_the_dearest_treasury() -> None:
    # store_hints.py:190-191 (dearest <= funds -> <; max(0 -> max(1): land A1's reward
    # moves the cardinal a step, so the treasury may rise one space (R14.3) before the
    # price is paid: from space 2 (value 3) to 4, a real dearer. Certain with funds of
    # the price at value 4 exactly, not known with a real less.
    state, seat, _cheapest = _store_start_plain()
    assert state.treasury == 2
    price = bounds._prices(state, seat).cheapest(bounds._land_facts(state)["A1"])
    moves = tuple(mv for mv in STACK.raw_moves(state) if mv.args[1] == "A1")
    assert moves
    for funds, expected in ((price + 1, True), (price, None)):
        probe = t.with_player(state, seat, reis=funds, influence=0)
        judged = STACK.handler("store").judge(probe, probe.pending[-1], moves)  # type: ignore[misc]
        assert set(judged) == {expected}, (funds, judged)


def test_r3_4_getting_a_gold_is_always_legal() -> None:
    # turn_hints.py:65 (== "gold" -> < "gold"): discarding a card for a gold (R3.4) can
    # always be done: the turn judge knows it without playing it on.
    state = _plain_seat(t.first_turn(2, 3))
    seat = state.to_act
    assert seat is not None
    card = state.players[seat].hand[0]
    frame = state.pending[-1]
    judge = STACK.handler("turn").judge
    assert judge is not None and judge(state, frame, (Move("gold", (card,)),)) == [True]


def test_r17_2_5_extra_cardinal_steps_reach_further_up_the_treasury() -> None:
    # store_hints.py:212 (or 0 -> and 0): C20 gives 2 extra steps to every cardinal move
    # (R17.2.5): land A1's one step becomes three, each passing at most one treasury
    # space (R14.3): from space 2 (value 3) up to space 5 (value 6).
    state = t.with_state(t.first_turn(2, 3), treasury=2)
    seat = state.to_act
    assert seat is not None
    state = t.give_clergy(ops.update(state, seat, clergy=()), seat, "C20")
    values = [space.value for space in ops.board_of(RULES).treasury]
    assert values[5] == 6
    assert store_hints._Cardinal(state, seat).highest_treasury("A1") == 6
