"""The surviving mutants of issue 26 (and the hint-table mutants of issue 35), each
against the test named to kill it: the test must fail on a copy of the sources with the
mutant applied, and pass on the sources as they are (the same copy, unmutated).

    python benchmarks/issue_mutants.py [NAME ...] [--skip-slow]

Prints one row per mutant (killed or SURVIVED, seconds, the test) and exits non-zero if
any survives or any control run fails. Each row of the table in benchmarks/mutants.md
("Issue 26: the listed survivors") comes from this script.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutants import MUTANTS, ROOT, Mutant, _run

RULES = "src/lisboa_core/games/lisboa/rules/"
GAPS = "tests/test_mutant_gaps.py::"
BOUNDARIES = "tests/test_hint_boundaries.py::"
HINTS = "src/lisboa_core/games/lisboa/hints/"
PINS = "tests/test_hint_pins.py::"
CORE = "src/lisboa_core/core/"
CORE_PINS = "tests/test_core_pins.py::"
TILETUM = "src/lisboa_core/games/tiletum/rules/"
TL_GAPS = "tests/test_tiletum_mutant_gaps.py::"
ROWS = "tests/test_hint_rows.py::"
HINT_GAPS = "tests/test_hint_gaps.py::"


# One row per mutant: (what it does, the file, the fragment, what replaces it, the test
# that must kill it). A row whose file is NAMED is the mutant of that name in
# benchmarks/mutants.py (the hint mutants of issue 26), fragments and all.
NAMED = "benchmarks/mutants.py"
SLOW = {"tests/test_lookahead.py::test_shortcuts_hold_with_edited_clergy_tiles"}  # ~3 min

TABLE: list[tuple[str, str, str, str, str]] = [
    ("R7.3: the second-trade check dropped (if False)", RULES + "trade.py",
     "        if action in state.covered:  # R7.3: covered this turn\n",
     "        if False:\n",
     GAPS + "test_r7_3_a_state_action_traded_once_is_not_offered_again_in_the_turn"),
    ("R15.1: period 1 ends with 2 empty display piles (turn.py)", RULES + "turn.py",
     "or sum(not p for p in state.piles) >= board.period_end_piles\n",
     "or sum(not p for p in state.piles) >= board.period_end_piles - 1\n",
     GAPS + "test_r15_1_two_empty_display_piles_do_not_end_period_one"),
    ("R15.1: the board's period-end-piles 3 -> 2 (model.py)",
     "src/lisboa_core/games/lisboa/model.py",
     "    period_end_piles: int = 3", "    period_end_piles: int = 2",
     GAPS + "test_r15_1_the_board_asks_for_three_empty_piles"),
    ("R10.3.2.6: a row site scores every store of its row", RULES + "buildings.py",
     "scores = land.row == site.row and street in colours",
     "scores = land.row == site.row",
     GAPS + "test_r10_3_2_step_6_a_row_site_scores_only_stores_of_the_buildings_types"),
    ("R8.4.3: a production bonus offered on a full type (< -> <=)",
     RULES + "effects.py", "if goods[GOODS.index(g)] < cap)",
     "if goods[GOODS.index(g)] <= cap)",
     GAPS + "test_r8_4_3_no_bonus_good_of_a_type_whose_warehouse_production_filled"),
    ("R2.7.6: the draft passes to the right (i - 1 -> i + 1)", RULES + "draft.py",
     "packets = tuple(packets[(i - 1) % n] for i in range(n))",
     "packets = tuple(packets[(i + 1) % n] for i in range(n))",
     GAPS + "test_r2_7_6_every_packet_goes_to_the_left"),
    ("R8.3.4: crates at sea counted again after an upgrade", RULES + "portfolio.py",
     "crates = len(o.cargo[slot]) - o.sailed[slot]",
     "crates = len(o.cargo[slot])",
     GAPS + "test_r8_3_4_an_upgraded_ship_at_sea_scores_only_the_newly_turned_crates"),
    ("a ship added to the State actions that cannot help a store", NAMED, "", "",
     BOUNDARIES + "test_a_ship_can_pay_for_manuels_store"),
    ("triggers_never_block dropped from the quiet tail", NAMED, "", "",
     BOUNDARIES + "test_a_ship_can_pay_for_a_costly_decree"),
    ("store bound forgets a clergy tile's reis", NAMED, "", "",
     "tests/test_lookahead.py::test_shortcuts_hold_with_edited_clergy_tiles"),
    ("take-decree check ignores the seat's triggers", NAMED, "", "",
     BOUNDARIES + "test_a_ship_can_pay_for_a_costly_decree"),
    ("clergy judge uses any for all", NAMED, "", "",
     BOUNDARIES + "test_a_tile_with_one_costly_trigger_needs_its_price"),
    # Survivors of `make mutate` (benchmarks/mutants.md, "Scores"), killed since.
    ("R15.3.3: a second bonus for a noble (and -> or)", RULES + "turn.py",
     "gives = card.reward is not None and card.type not in rewarded",
     "gives = card.reward is not None or card.type not in rewarded",
     GAPS + "test_r15_3_step_3_one_bonus_per_noble_however_many_of_its_cards_go"),
    ("R10.1.4: a north building counts for the other streets (== -> !=)",
     RULES + "stores.py",
     'north = site.side == "north" and site.street == street',
     'north = site.side == "north" and site.street != street',
     GAPS + "test_r10_1_4_a_north_building_counts_only_for_stores_facing_its_street"),
    ("R8.4.1: production stops at another seat's store (continue -> break)",
     RULES + "state_actions.py",
     "        if owner != seat:\n            continue\n        good = tables",
     "        if owner != seat:\n            break\n        good = tables",
     GAPS + "test_r8_4_1_every_store_of_the_seat_produces_whatever_the_order_of_the_stores"),
    ("R17.6: a 'fewest' condition never met (== -> <)", RULES + "scoring.py",
     'if test == "fewest":', 'if test < "fewest":',
     GAPS + "test_r17_6_fewest_holds_for_every_seat_tied_at_the_least"),
    ("new_state's default seed 0 -> -1", RULES + "setup.py",
     "players: int = 4, seed: int = 0,", "players: int = 4, seed: int = -1,",
     GAPS + "test_the_rules_new_state_defaults_to_the_public_new_games_seed"),
    ("R12: a discard of 2 taken cubes stops after one (> -> <)", RULES + "effects.py",
     "    if count > 1:\n        rest = list(taken)",
     "    if count < 1:\n        rest = list(taken)",
     GAPS + "test_r12_a_discard_of_two_taken_cubes_asks_for_each"),
    ("the passive-effects cache matches a catalogue by >= (== -> >=)",
     RULES + "ops.py", "and last[3] == state.catalogue",
     "and last[3] >= state.catalogue",
     GAPS + "test_r13_3_each_catalogue_gives_its_own_house_ability"),
    ("core: the table of limits used past its end (< -> >)",
     CORE + "rng.py", "    if size < len(_LIMITS):",
     "    if size > len(_LIMITS):",
     GAPS + "test_a_shuffle_longer_than_the_table_of_limits_is_a_permutation"),
    ("core: Frame.replaced refuses a change of one field (<= -> ==)",
     CORE + "frame.py", "if not changes.keys() <= _FIELD_SET:",
     "if not changes.keys() == _FIELD_SET:",
     GAPS + "test_a_frame_replaced_in_one_field_keeps_the_others"),
    # Survivors of `make mutate PACKAGE=lisboa-hints` (seed 26) pinned since on built
    # positions (tests/test_hint_pins.py).
    ("hints: a good gained counted as influence (== -> <=)", HINTS + "bounds.py",
     'elif ops.arg(d, "what") == "influence":\n                    influence +=',
     'elif ops.arg(d, "what") <= "influence":\n                    influence +=',
     PINS + "test_a_good_gained_is_neither_reis_nor_influence"),
    ("hints: a wig gained counted as influence (== -> >)", HINTS + "bounds.py",
     'elif ops.arg(d, "what") == "influence" and bonus is not None:',
     'elif ops.arg(d, "what") > "influence" and bonus is not None:',
     PINS + "test_a_wig_gained_adds_no_reis_to_a_bound"),
    ("hints: an influence bonus of 1 without a passive (or 0 -> or 1)",
     HINTS + "bounds.py", 'ops.modifier(state, seat, "influence-gain") or 0)',
     'ops.modifier(state, seat, "influence-gain") or 1)',
     PINS + "test_no_influence_bonus_without_a_passive_that_gives_one"),
    ("hints: the trigger memo answers None (is None -> not is None)",
     HINTS + "effect_facts.py", "    if found is None:\n        found = table.put",
     "    if not found is None:\n        found = table.put",
     PINS + "test_a_seat_without_triggers_only_gains"),
    ("hints: any option of an event taken for a Noble action (and -> or)",
     HINTS + "visit_hints.py",
     '            and ops.arg(option, "action") in NOBLE_ACTIONS',
     '            or ops.arg(option, "action") in NOBLE_ACTIONS',
     PINS + "test_an_event_offers_only_its_noble_actions"),
    ("hints: a sponsored event with nothing to take (is not None -> is None)",
     HINTS + "visit_hints.py",
     "if card.event is not None and not _event_possible(state, card.event):",
     "if card.event is None and not _event_possible(state, card.event):",
     PINS + "test_a_sponsorship_whose_event_has_nothing_to_take_is_illegal"),
    ("hints: a noble card covers reward and penalty (or -> and)",
     HINTS + "sale_hints.py", "else (card.reward or card.penalty)",
     "else (card.reward and card.penalty)",
     PINS + "test_tucking_a_noble_card_whose_reward_gives_a_good_keeps_a_sale"),
    ("hints: the covered part of the other card type (== -> !=)",
     HINTS + "sale_hints.py", 'covered = card.tucked if card.type == "treasury"',
     'covered = card.tucked if card.type != "treasury"',
     PINS + "test_tucking_a_noble_card_whose_reward_gives_a_good_keeps_a_sale"),
    ("hints: a store certain with every house built (False -> True)",
     HINTS + "store_hints.py",
     "for taken, (_g, total) in zip(p.houses, houses, strict=True)):\n"
     "        return False",
     "for taken, (_g, total) in zip(p.houses, houses, strict=True)):\n"
     "        return True",
     PINS + "test_a_seat_with_every_house_built_is_not_certain_of_a_store"),
    ("hints: no payable store when there are stores (not -> not not)",
     HINTS + "store_hints.py",
     'if not _store_moves(state, Frame("store", seat)):',
     'if not not _store_moves(state, Frame("store", seat)):',
     PINS + "test_a_rich_seat_has_a_payable_store"),
    ("hints: a store priced within the gains called impossible (> -> !=)",
     HINTS + "store_hints.py",
     "if all(max(0, price + discount) > funds + gain for price, gain in prices):",
     "if all(max(0, price + discount) != funds + gain for price, gain in prices):",
     PINS + "test_a_store_a_gain_could_pay_for_is_not_called_impossible"),
    ("hints: officials reachable only when exactly enough (<= -> ==)",
     HINTS + "building_hints.py", "    if needed <= reachable:",
     "    if needed == reachable:",
     PINS + "test_officials_reachable_in_the_place_order_need_no_hire"),
    ("hints: a hire bound takes tiles off the price (* -> -)", HINTS + "bounds.py",
     "- tiles * luck.hire)", "- tiles - luck.hire)",
     PINS + "test_hiring_costs_the_treasury_value_for_each_missing_official"),
    ("hints: a tile's officials-needed luck dropped (- -> *)", HINTS + "bounds.py",
     "        - tiles * luck.officials - _site_rewards(state).officials",
     "        * tiles * luck.officials - _site_rewards(state).officials",
     PINS + "test_a_tile_in_the_church_that_needs_fewer_officials_lowers_the_hires"),
    ("hints: the opening funds lose the site's reis (+ -> *)", HINTS + "bounds.py",
     "        + cubes * rubble.reis\n", "        * cubes * rubble.reis\n",
     PINS + "test_the_opening_funds_bound_counts_the_sites_reward"),
    ("hints: a land bound adds the payment discount (- -> +)", HINTS + "bounds.py",
     "            return price - self.discount <= reis",
     "            return price + self.discount <= reis",
     PINS + "test_a_held_payment_discount_lowers_the_land_bound_by_its_amount"),
    ("hints: every store price unknown (False -> True)", HINTS + "store_hints.py",
     "    unknown = False  # a land whose reward",
     "    unknown = True  # a land whose reward",
     PINS + "test_a_penniless_seat_cannot_pay_a_plain_store"),
    ("hints: a store judged on cash times the reward's reis (+ -> *)",
     HINTS + "store_hints.py", "max(funds, p.reis + land.sure_reis + ops.reis_value(",
     "max(funds, p.reis * land.sure_reis + ops.reis_value(",
     PINS + "test_a_store_three_reis_beyond_the_funds_and_its_reward_is_illegal"),
    # Issue 35: a claim added to a declared hint table (tests/test_hint_rows.py pins each).
    ("hints: a ship claimed inert for a store [35]", HINTS + "visit_hints.py",
     '    "build-store": frozenset(\n'
     '        {"recruit-officials", "acquire-plan", "produce-goods", "royal-favor"}\n',
     '    "build-store": frozenset(\n'
     '        {"recruit-officials", "acquire-plan", "produce-goods", "royal-favor",'
     ' "build-ship"}\n',
     ROWS + "test_r8_3_5_a_ship_raises_the_land_prices_so_it_can_stop_a_store"),
    ("hints: a ship's cell dropped from the inert take-decree row [35]",
     HINTS + "visit_hints.py",
     '"produce-goods", "royal-favor", "build-ship"}',
     '"produce-goods", "royal-favor"}',
     ROWS + "test_r8_3_5_a_ship_moves_the_treasury_but_no_decree"),
    ("hints: the favor's cell dropped from cannot-help open-building [35]",
     HINTS + "visit_hints.py",
     '    "open-building": frozenset({"royal-favor"}),\n}',
     '    "open-building": frozenset(),\n}',
     ROWS + "test_r8_6_a_royal_favor_brings_no_plan_to_open"),
    # Survivors of the exhaustive `make mutate PACKAGE=lisboa-hints` run (issue 35), pinned
    # since (tests/test_hint_pins.py).
    ("hints: a site's sure reis never count for a certain opening (> -> <=) [35]",
     HINTS + 'building_hints.py',
     'return facts is not None and facts[2] > 0 and self._staffed',
     'return facts is not None and facts[2] <= 0 and self._staffed',
     HINT_GAPS + 'test_r10_3_2_a_sites_sure_reis_make_an_opening_certain'),
    ('hints: hiring at the top price a real cheaper (or 0 -> or -1) [35]',
     HINTS + 'building_hints.py',
     '(ops.modifier(state, seat, "payment") or 0)) <= self.funds',
     '(ops.modifier(state, seat, "payment") or -1)) <= self.funds',
     HINT_GAPS + 'test_r14_3_hiring_after_the_cardinal_is_certain_only_at_the_top_treasury_price'),
    ('hints: no opening left out for a plain seat (not -> not not) [35]',
     HINTS + 'building_hints.py',
     '    if not all(harmless(t.effect) for t in rubble):\n        return moves',
     '    if not not all(harmless(t.effect) for t in rubble):\n        return moves',
     HINT_GAPS + 'test_r0_11_an_opening_a_plain_seat_cannot_hire_for_is_left_out_of_the_search'),
    ('hints: a plan with no building stops the search (continue -> break) [35]',
     HINTS + 'building_hints.py',
     '        if not stack:\n            continue\n',
     '        if not stack:\n            break\n',
     HINT_GAPS + 'test_r10_3_1_a_plan_whose_architect_has_no_building_left_is_skipped'),
    ('hints: a performed State action read as another kind (== -> >) [35]',
     HINTS + 'effect_facts.py',
     '    if do.kind == "perform":\n        return ops.arg(do, "action") in _SALE_SAFE_ACTIONS',
     '    if do.kind > "perform":\n        return ops.arg(do, "action") in _SALE_SAFE_ACTIONS',
     HINT_GAPS + 'test_r8_a_state_action_an_effect_performs_keeps_every_good'),
    ('hints: any step called goodless (return False -> True) [35]',
     HINTS + 'effect_facts.py',
     '"take_clergy")\n        ):\n            return False\n    return True',
     '"take_clergy")\n        ):\n            return True\n    return True',
     HINT_GAPS + 'test_r8_4_producing_or_a_good_gained_brings_a_good'),
    ('hints: a sponsor fee a real dearer (or 0 -> or 1) [35]',
     HINTS + 'visit_hints.py',
     'due = max(0, ops.treasury_value(state) + (ops.modifier(state, seat, "payment") or 0))',
     'due = max(0, ops.treasury_value(state) + (ops.modifier(state, seat, "payment") or 1))',
     HINT_GAPS + 'test_r11_2_a_fee_of_exactly_the_treasury_value_can_be_paid'),
    ('hints: an empty decree display is something to act on (not dropped) [35]',
     HINTS + 'visit_hints.py',
     'return not state.decree_display',
     'return state.decree_display',
     HINT_GAPS + 'test_r10_2_4_a_visit_to_the_marquis_with_no_decree_is_refused'),
    ("hints: a visit's funds are cash times influence (+ -> *) [35]",
     HINTS + 'visit_hints.py',
     'funds = p.reis + ops.reis_value(state, p.influence - from_influence)',
     'funds = p.reis * ops.reis_value(state, p.influence - from_influence)',
     HINT_GAPS + 'test_r9_5_a_visits_funds_are_cash_plus_the_influence_left'),
    ('hints: the cardinal useless to an opening with a plan in hand (and -> or) [35]',
     HINTS + 'visit_hints.py',
     '        and not any(_gives_plan(state, tile) for tile in state.church',
     '        or not any(_gives_plan(state, tile) for tile in state.church',
     HINT_GAPS + 'test_r8_5_3_meeting_the_cardinal_may_pay_for_an_opening_with_a_plan_in_hand'),
    ('hints: a tile performing acquire-plan brings no plan (== -> <) [35]',
     HINTS + 'visit_hints.py',
     'or (d.kind == "perform" and ops.arg(d, "action") == "acquire-plan")',
     'or (d.kind < "perform" and ops.arg(d, "action") == "acquire-plan")',
     HINT_GAPS + 'test_r8_5_3_a_tile_that_performs_acquire_plan_can_bring_a_plan'),
    ('hints: one tile more than an action can take (1 + max -> 2 + max) [35]',
     HINTS + 'bounds.py',
     'found = _MOST_TILES.put(state.catalogue, 1 + max(',
     'found = _MOST_TILES.put(state.catalogue, 2 + max(',
     HINT_GAPS + 'test_r8_5_one_action_takes_at_most_two_clergy_tiles'),
    ('hints: officials all out not staffed (return True -> False) [35]',
     HINTS + 'building_hints.py',
     '        if needed <= out:\n            return True\n        each = _hire_price(state, seat)',
     '        if needed <= out:\n            return False\n        each = _hire_price(state, seat)',
     HINT_GAPS + 'test_r10_3_2_4_an_opening_staffed_by_returned_officials_needs_no_cash'),
    ('hints: a payment discount raises the hire (+ -> -) [35]',
     HINTS + 'building_hints.py',
     'due = max(0, each * (needed - out) + (ops.modifier',
     'due = max(0, each * (needed - out) - (ops.modifier',
     HINT_GAPS + 'test_r0_11_a_payment_discount_lowers_the_hire'),
    ('hints: staffed only with exactly the hire (<= -> ==) [35]',
     HINTS + 'building_hints.py',
     'return due <= self.funds + extra',
     'return due == self.funds + extra',
     HINT_GAPS + 'test_r0_11_a_payment_discount_lowers_the_hire'),
    ('hints: an official a real cheaper at the top price (or 0 -> or -1) [35]',
     HINTS + 'building_hints.py',
     'each = max(0, top + (ops.modifier(state, seat, "hire-cost") or 0))',
     'each = max(0, top + (ops.modifier(state, seat, "hire-cost") or -1))',
     HINT_GAPS + 'test_r14_3_hiring_after_the_cardinal_is_certain_only_at_the_top_treasury_price'),
    ('hints: a store legal only at exactly its price (<= -> ==) [35]',
     HINTS + 'store_hints.py',
     'if land.steady and price <= max(funds,',
     'if land.steady and price == max(funds,',
     HINT_GAPS + 'test_r10_1_3_a_store_within_the_funds_is_judged_legal'),
    ('hints: no site reward priced (>= 0 -> < 0) [35]',
     HINTS + 'building_hints.py',
     'plain = all(d.kind == "gain" and ops.arg(d, "amount") >= 0 for d in steps)',
     'plain = all(d.kind == "gain" and ops.arg(d, "amount") < 0 for d in steps)',
     HINT_GAPS + 'test_r10_3_2_a_site_whose_reward_only_gains_reis_is_priced'),
    ('hints: a known sale ignored (is None -> is not None) [35]',
     HINTS + 'sale_hints.py',
     'kept = sale_kept(state, seat) if kept is None else kept',
     'kept = sale_kept(state, seat) if kept is not None else kept',
     HINT_GAPS + 'test_r4_10_a_tuck_keeps_a_sale_possible_now'),
    ("hints: a cube's influence taken off the land bound (+ -> -) [35]",
     HINTS + 'bounds.py',
     'marker = min(self.top, self.influence + steps + cubes * self.cube_steps)',
     'marker = min(self.top, self.influence + steps - cubes * self.cube_steps)',
     HINT_GAPS + 'test_r17_2_8_influence_a_cube_brings_counts_toward_a_land'),
    ("hints: a taken tile's discount divided away (+ -> /) [35]",
     HINTS + 'bounds.py',
     'discount = self.discount + tiles * luck.payment',
     'discount = self.discount / tiles * luck.payment',
     HINT_GAPS + 'test_r0_11_a_payment_discount_tile_taken_on_the_way_lowers_the_land'),
    ('hints: influence counted only when not asked (is not None -> is None) [35]',
     HINTS + 'bounds.py',
     'elif ops.arg(d, "what") == "influence" and bonus is not None:',
     'elif ops.arg(d, "what") == "influence" and bonus is None:',
     HINT_GAPS + 'test_r5_6_an_influence_gain_counts_a_real_per_step_in_a_bound'),
    ('hints: the opening bound multiplies by the discount (+ -> *) [35]',
     HINTS + 'bounds.py',
     '+ luck.payment) + discount',
     '+ luck.payment) * discount',
     HINT_GAPS + 'test_r10_3_2_4_a_discount_tile_in_the_church_raises_the_opening_bound'),
    ("hints: only another seat's effect is quiet (== -> !=) [35]",
     HINTS + 'quiet.py',
     'if frame.kind == "effect" and frame.seat == seat and sale_safe(frame.data[0]):',
     'if frame.kind == "effect" and frame.seat != seat and sale_safe(frame.data[0]):',
     HINT_GAPS + 'test_r3_6_the_seats_own_effect_that_keeps_every_good_is_quiet'),
    ("hints: any reward the cardinal's (return False -> True) [35]",
     HINTS + 'store_hints.py',
     '        if not opening_safe_beside_church(reward):\n            return False',
     '        if not opening_safe_beside_church(reward):\n            return True',
     HINT_GAPS + 'test_r14_3_a_land_whose_reward_takes_a_cube_is_not_the_cardinals'),
    ("hints: a store trigger's influence not counted (True -> False) [35]",
     HINTS + 'store_hints.py',
     'return _store_trigger_bound(state, seat, with_influence=True)',
     'return _store_trigger_bound(state, seat, with_influence=False)',
     HINT_GAPS + 'test_r17_2_a_store_trigger_gaining_influence_counts_its_steps'),
    ('hints: a free land costs a real (max(0 -> max(1) [35]',
     HINTS + 'store_hints.py',
     'if any(max(0, price + discount) <= funds for price, _gain in prices):',
     'if any(max(1, price + discount) <= funds for price, _gain in prices):',
     HINT_GAPS + 'test_r0_11_a_land_the_discount_makes_free_needs_no_funds'),
    ('hints: the quiet hints attached to nothing (loop emptied) [35]',
     HINTS + 'quiet.py',
     'for _kind in ("place-officials", "take-favor", "take-decree", "take-plan", '
     '"take-pile-rubble"):',
     'for _kind in []:',
     HINT_GAPS + 'test_r3_6_the_choices_that_never_block_are_settled_by_the_quiet_hints'),
    ('hints: a cardinal step two treasury spaces up (+ 1 -> + 2) [35]',
     HINTS + 'store_hints.py',
     'track[state.treasury:state.treasury + rise + 1])',
     'track[state.treasury:state.treasury + rise + 2])',
     HINT_GAPS + 'test_r14_3_one_cardinal_step_raises_the_treasury_at_most_one_space'),
    ("hints: Manuel's action asks for a decree (== -> !=) [35]",
     HINTS + 'visit_hints.py',
     '    if action == "take-decree":\n        return not state.decree_display',
     '    if action != "take-decree":\n        return not state.decree_display',
     HINT_GAPS + 'test_r10_1_1_a_visit_to_manuel_with_no_payable_land_is_refused'),
    ('hints: no event read as one of a step (or -> and) [35]',
     HINTS + 'visit_hints.py',
     'if event is None or len(event.steps) != 1:',
     'if event is None and len(event.steps) != 1:',
     HINT_GAPS + 'test_r11_3_only_an_event_of_one_step_is_settled_by_its_noble_action'),
    ('hints: an event of two steps read as one (!= 1 -> < 1) [35]',
     HINTS + 'visit_hints.py',
     'if event is None or len(event.steps) != 1:',
     'if event is None or len(event.steps) < 1:',
     HINT_GAPS + 'test_r11_3_only_an_event_of_one_step_is_settled_by_its_noble_action'),
    ('hints: the building verdict only outside its tail (not added) [35]',
     HINTS + 'building_hints.py',
     'if STACK.tail_within(state, _BUILDING_TAIL) and _any_opening_now(',
     'if not STACK.tail_within(state, _BUILDING_TAIL) and _any_opening_now(',
     HINT_GAPS + 'test_r10_3_2_4_an_opening_certain_now_settles_the_building_decision'),
    ('hints: a store certain a real short (or 0 -> or -1) [35]',
     HINTS + 'store_hints.py',
     'limit = funds - (ops.modifier(state, seat, "payment") or 0)',
     'limit = funds - (ops.modifier(state, seat, "payment") or -1)',
     HINT_GAPS + 'test_r10_1_3_a_store_is_certain_from_exactly_its_price'),
    ("hints: the cardinal's land certain only above its price (<= -> <) [35]",
     HINTS + 'store_hints.py',
     'answer = True if dearest <= funds else None',
     'answer = True if dearest < funds else None',
     HINT_GAPS + 'test_r14_3_a_land_meeting_the_cardinal_is_certain_at_the_dearest_treasury'),
    ('hints: a gold not judged (== -> <) [35]',
     HINTS + 'turn_hints.py',
     'if move.kind == "gold":',
     'if move.kind < "gold":',
     HINT_GAPS + 'test_r3_4_getting_a_gold_is_always_legal'),
    ('hints: the extra cardinal steps dropped (or 0 -> and 0) [35]',
     HINTS + 'store_hints.py',
     'extra = max(0, ops.modifier(state, self.seat, "cardinal-steps") or 0)',
     'extra = max(0, ops.modifier(state, self.seat, "cardinal-steps") and 0)',
     HINT_GAPS + 'test_r17_2_5_extra_cardinal_steps_reach_further_up_the_treasury'),
    # Survivors of `make mutate PACKAGE=core` (seed 26) pinned since (tests/test_core_pins.py).
    ("core: _why_stuck starts one level shallower (0 -> -1)", CORE + "stack.py",
     "stack = [(state, 0)]", "stack = [(state, -1)]",
     CORE_PINS + "test_why_stuck_reports_only_the_dead_ends_the_legality_search_reaches"),
    ("core: _why_stuck searches one level deeper (60 -> 61)", CORE + "stack.py",
     "if h.checkpoint or depth > 60 or h.moves is None:",
     "if h.checkpoint or depth > 61 or h.moves is None:",
     CORE_PINS + "test_why_stuck_reports_only_the_dead_ends_the_legality_search_reaches"),
    ("core: '...' after exactly eight moves of a kind (> -> >=)", CORE + "stack.py",
     '(", ..." if len(same) > 8 else "")', '(", ..." if len(same) >= 8 else "")',
     CORE_PINS + "test_an_illegal_move_lists_the_possible_moves_of_its_kind_with_dots_only"
     "_for_a_rest"),
    ("core: a Handler is a checkpoint by default (False -> True)", CORE + "stack.py",
     "        lookahead: bool = False,\n        checkpoint: bool = False,",
     "        lookahead: bool = False,\n        checkpoint: bool = True,",
     CORE_PINS + "test_a_handler_is_no_checkpoint_unless_marked"),
    ("core: register makes a checkpoint by default (False -> True)",
     CORE + "stack.py",
     "        lookahead: bool = True,\n        checkpoint: bool = False,",
     "        lookahead: bool = True,\n        checkpoint: bool = True,",
     CORE_PINS + "test_a_handler_is_no_checkpoint_unless_marked"),
    ("core: stategen's message joined by / (+ -> /)", CORE + "stategen.py",
     '("out of date: " if args.check else "wrote ") + str(path)',
     '("out of date: " if args.check else "wrote ") / str(path)',
     CORE_PINS + "test_the_generator_command_line_names_each_stale_and_each_written_module"),
    # Survivors of `make mutate PACKAGE=tiletum-rules` (seeds 26 and 1), killed since
    # (tests/test_tiletum_mutant_gaps.py).
    ("tiletum: no refresh with an empty person deck (or -> and)", TILETUM + "actions.py",
     "if state.person_deck or any(state.person_display):",
     "if state.person_deck and any(state.person_display):",
     TL_GAPS + "test_tl11_2_a_refresh_with_an_empty_deck_brings_the_discards_back"),
    ("tiletum: any later seat's post closes a town (== -> >=)", TILETUM + "effects.py",
     "if any(state.posts[index[i]] == seat for i in ids):",
     "if any(state.posts[index[i]] >= seat for i in ids):",
     TL_GAPS + "test_tl10_4_another_players_trading_post_leaves_the_town_open"),
    ("tiletum: a pillar placed repeats its site's old stack (+ -> *)", TILETUM + "effects.py",
     "(*pillars[i], seat), *pillars[i + 1 :])})", "(*pillars[i], seat), *pillars[i * 1 :])})",
     TL_GAPS + "test_tl8_2_a_pillar_joins_its_own_site_and_counts_once_in_final_scoring"),
    ("tiletum: assistants wait for a contract space too (== -> <=)", TILETUM + "ops.py",
     '    if kind == "contract":\n        return len(p.contracts)',
     '    if kind <= "contract":\n        return len(p.contracts)',
     TL_GAPS + "test_tl15_5_only_contract_tiles_wait_for_an_empty_contract_space"),
    ("tiletum: a trade or fulfil after the action ends the turn (!= -> <)", TILETUM + "turn.py",
     'if move.kind != "end":', 'if move.kind < "end":',
     TL_GAPS + "test_tl6_1_f_duties_after_the_action_leave_the_turn_open"),
    ("tiletum: a die-type tile names only types sorting after the die's (!= -> >=)",
     TILETUM + "turn.py",
     'for r in RESOURCES if r != rules.extra["die"][str(m.args[1])[:2]]]',
     'for r in RESOURCES if r >= rules.extra["die"][str(m.args[1])[:2]]]',
     TL_GAPS + "test_tl22_1_8_the_die_type_assistant_names_any_other_resource"),
    ("tiletum: FT07 counts floor 2 only (>= -> ==)", TILETUM + "phases.py",
     "enumerate(rooms) if t and floor >= 1)", "enumerate(rooms) if t and floor == 1)",
     TL_GAPS + "test_tl24_1_7_persons_on_floor_three_count_like_floor_two"),
    ("tiletum: a contract with no free space offered as an assistant (== -> >=)",
     TILETUM + "duties.py", 'elif kind == "assistant":', 'elif kind >= "assistant":',
     TL_GAPS + "test_tl14_6_1_a_contract_with_every_contract_space_covered_is_no_assistant"),
    # The same package after the chance steps (seed 26's sample of the new code).
    ("tiletum: a discarded king bonus tile is taken (== -> <=)", TILETUM + "phases.py",
     'if choice == "take":', 'if choice <= "take":',
     TL_GAPS + "test_tl17_1_a_king_bonus_tile_discarded_stays_out_of_the_warehouse"),
    ("tiletum: a face-down token reads as a 1 (-1 -> +1)", TILETUM + "draws.py",
     "FACE_DOWN: Final = -1", "FACE_DOWN: Final = +1",
     TL_GAPS + "test_tl26_2_a_face_down_token_is_no_token_value"),
]


class Case(NamedTuple):
    mutant: Mutant
    test: str
    slow: bool = False


def _case(name: str, path: str, old: str, new: str, test: str) -> Case:
    mutant = (next(m for m in MUTANTS if m.name == name) if path == NAMED
              else Mutant(name, path, old, new))
    return Case(mutant, test, test in SLOW)


CASES = [_case(*row) for row in TABLE]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="cases whose mutant name contains one of these")
    parser.add_argument("--skip-slow", action="store_true",
                        help="leave out the case whose test is marked slow (about 3 minutes)")
    args = parser.parse_args()
    bad = 0
    for case in CASES:
        if args.names and not any(n in case.mutant.name for n in args.names):
            continue
        if case.slow and args.skip_slow:
            continue
        control = case.mutant._replace(new=case.mutant.old)
        passed = not _run(control, "now", ROOT, [case.test])[0]
        killed, _first, spent = _run(case.mutant, "now", ROOT, [case.test])
        verdict = "killed" if killed else "SURVIVED"
        if not passed:
            verdict += " (the test FAILS on the real code)"
        bad += not (killed and passed)
        print(f"| {case.mutant.name} | {case.mutant.path.removeprefix('src/lisboa_core/')} "
              f"| {case.test.removeprefix('tests/')} | {verdict} | {spent:.0f} s |", flush=True)
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
