"""The tables of benchmarks/mutate.py's report: the survivors shown to be equivalent (each
with the reason) and the survivors of recorded runs killed since by a named test (each
checked by benchmarks/issue_mutants.py or re-run by ``mutate.py --rescore``)."""

from __future__ import annotations

SRC = "src/lisboa_core/"

# Survivors shown to be equivalent: (file, operator, the line as written) -> why.
_RULES = SRC + "games/lisboa/rules/"
_PR = SRC + "games/puerto_rico/"
_HINTS = SRC + "games/lisboa/hints/"
_TL = SRC + "games/tiletum/rules/"
EQUIVALENT: dict[tuple[str, str, str], str] = {
    (_RULES + "draft.py", "core/ReplaceComparisonOperator_Lt_NotEq",
     "if round_ + 1 < len(KEEP_PER_ROUND):"):
        "round_ runs 0..len-1, so round_ + 1 never exceeds the length: < and != agree",
    (_RULES + "scoring.py", "core/ReplaceComparisonOperator_Gt_NotEq",
     "ranked = sorted({v for v in values if v > 0}, reverse=True)"):
        "the values ranked are counts (stores, officials), never negative",
    (_RULES + "state_actions.py", "core/ReplaceTrueWithFalse",
     "for good, price in zip(GOODS, state.prices, strict=True)"):
        "four goods and four prices always (the state format checks it): strict only "
        "raises on a length mismatch",
    (_RULES + "turn.py", "core/NumberReplacer", "tile = str(move.args[0])"):
        "a 'keep TILE' move has exactly one argument: args[0] is args[-1]",
    (_RULES + "payment.py", "core/NumberReplacer", 'return Frame("dead", -1, (reason,))'):
        "a dead frame is pushed only on a line the lookahead refutes (R3.6); no state "
        "handed out carries one, and its seat is never read",
    (_PR + "rules/builder.py", "core/ReplaceComparisonOperator_Gt_NotEq",
     "state.colonist_supply > 0 or state.colonist_ship > 0):"):
        "the colonist supply and ship are counts, never negative: > 0 is != 0",
    (_PR + "rules/settler.py", "core/ReplaceComparisonOperator_Gt_NotEq",
     "state.colonist_supply > 0 or state.colonist_ship > 0):"):
        "the colonist supply and ship are counts, never negative: > 0 is != 0",
    (_PR + "rules/mayor.py", "core/ReplaceComparisonOperator_Gt_GtE",
     "city=tuple(0 if c > 0 else c for c in p.city))"):
        "a space with 0 colonists becomes 0 either way",
    (_PR + "rules/settler.py", "core/ReplaceComparisonOperator_Eq_LtE",
     'if move.kind == "hacienda":'):
        "past 'pass' the frame's moves are 'hacienda' and 'take', and 'take' > 'hacienda'",
    (_PR + "rules/trader.py", "core/NumberReplacer",
     "good = next(g for g, found in enumerate(rules.goods) if found.word == move.args[0])"):
        "a 'sell GOOD' move has exactly one argument: args[0] is args[-1]",
    (_PR + "scoring.py", "core/ReplaceComparisonOperator_Eq_GtE",
     "tied = [s for s in seats if s.total == best]"):
        "best is the largest total: no total exceeds it, so >= is ==",
    (SRC + "games/lisboa/hints/turn_hints.py", "core/ReplaceComparisonOperator_Eq_GtE",
     'if move.kind == "visit":'):
        "the turn's moves are gold, tuck, sponsor and visit, and 'visit' sorts last: "
        ">= is ==",
    (_HINTS + "effect_facts.py", "core/NumberReplacer",
     "or all(mod.amount is None or mod.amount <= 0"):
        "the hooks asked (payment, hire-cost, land-rubble) take only a reduction (-1 or "
        "less, LB104) or free (None) in the card language: no amount is 0",
    (_HINTS + "bounds.py", "core/NumberReplacer",
     '(sum(d.kind == "take_clergy" for d in ops.elementary(r)) for r in rewards), default=0'):
        "rewards holds the reward of every land space and construction site of the board, "
        "never none (R1.8): the default of max() is never used",
    (_TL + "actions.py", "core/ReplaceComparisonOperator_Gt_NotEq",
     "moves += [m for g, given in enumerate(_EXCHANGES) if p.resources[g] > 0 for m in given]"):
        "resources are never negative (every payment is offered only when held, every gain "
        "of the catalogue is positive; an invariant of the state): > 0 is != 0",
    (_TL + "duties.py", "core/ReplaceComparisonOperator_Eq_LtE",
     'elif kind == "assistant":'):
        "the warehouse's tiles besides persons (skipped above) are contracts, coats and "
        "assistants; contracts and coats are matched first and 'contract' > 'assistant', "
        "so only assistants reach the test: <= is ==",
    (_TL + "phases.py", "core/ReplaceUnaryOperator_USub_Invert",
     'frames.append(Frame("corrupt", -1, (cycle,)))'):
        "the reveal was an automatic frame (before it became a chance step): advance ran it "
        "as soon as it was on top, so no state handed out had it on top, and its handler "
        "never read the seat",
    (_TL + "phases.py", "core/ReplaceUnaryOperator_USub_Not",
     'frames += [Frame("king-phase", -1), Frame("fair", -1), Frame("cleanup", -1)]'):
        "the fair and the cleanup are automatic frames: advance runs each as soon as it is "
        "on top, so no state handed out has it on top, and their handlers never read the "
        "seat (-1 or 0 alike)",
    (_TL + "phases.py", "core/ReplaceComparisonOperator_GtE_Eq", "if state.round >= ROUNDS:"):
        "the round never passes ROUNDS (the cleanup of the last round ends the game before "
        "it would count on): >= is ==",
    (_TL + "phases.py", "core/NumberReplacer", "die = str(move.args[0])"):
        "a roll outcome has one argument (the die): args[-1] is args[0]",
    (_TL + "turn.py", "core/NumberReplacer", "kind = str(move.args[0])"):
        "an 'action' move has one argument (the kind): args[-1] is args[0]",
    (_TL + "effects.py", "core/NumberReplacer",
     "state = add_resources(state, frame.seat, **{str(move.args[0]): 1})"):
        "a 'gain' move of a resource of any type has one argument (the resource): args[-1] "
        "is args[0]",
    (_TL + "effects.py", "core/ReplaceComparisonOperator_Eq_GtE",
     'if build == "post" and here in rules.extra["town"]:'):
        "in the shipped catalogue a step's build is 'post', 'pillar' or none, and both "
        "'pillar' and '' sort before 'post': >= is == (the card reader does not check the "
        "word: a catalogue with a word sorting after 'post' would tell them apart)",
    (_TL + "effects.py", "core/ReplaceComparisonOperator_Eq_GtE", 'if move.kind == "post":'):
        "the moves left there (a step frame's past 'stop' and 'step', an anywhere frame's "
        "past 'skip') are 'post' and 'pillar', and 'pillar' < 'post': >= is ==",
    (_TL + "phases.py", "core/NumberReplacer", 'state = push(state, Frame("king-score", -1))'):
        "the king-phase scoring is an automatic frame under the king-bonus decision: "
        "advance runs it as soon as it is on top, and its handler never reads the seat",
    (_TL + "actions.py", "core/NumberReplacer",
     '1 if word == "exchange" else exchanged, die)))'):
        "the exchanged flag is only tested for truth (the first exchange's extra resource, "
        "TL12.3): 2 and 1 are both true",
    (_TL + "effects.py", "core/ReplaceComparisonOperator_Eq_GtE",
     'if bonus and bonus[0] == "persons":'):
        "the shipped build bonuses are 'vp N', 'persons' or none (TL25.1), and 'vp' is "
        "matched first: only 'persons' reaches the test",
    (_TL + "turn.py", "core/ReplaceComparisonOperator_NotEq_Lt", 'if move.args[0] != "yes":'):
        "the area-bonus moves are 'bonus yes' and 'bonus no', and 'no' < 'yes': < is !=",
    # The exhaustive lisboa-hints run (issue 35).
    (_HINTS + "bounds.py", "core/ReplaceComparisonOperator_GtE_NotEq",
     '(d.kind == "gain" and ops.arg(d, "amount") >= 0) or d.kind == "take_pile_rubble"'):
        "a gain's amount is positive in the card language (`gain <amount:pos>`): >= 0 and "
        "!= 0 agree",
    (_HINTS + "bounds.py", "core/NumberReplacer",
     "if _LAST_PRICES and _LAST_PRICES[0][0] is state and _LAST_PRICES[0][1] == seat:"):
        "[0][-1] is the cached prices, never the state: the cache never answers and the "
        "prices are worked out afresh, the same",
    (_HINTS + "bounds.py", "core/NumberReplacer", "hires = max(0, needed - out)"):
        "the funds are a sum of amounts none below 0 and the price of an official is at "
        "least 0: hires of -1 or 0 cost no more than the funds either way",
    (_HINTS + "bounds.py", "core/NumberReplacer", "influence_gains: int = 0,"):
        "the one call of the constructor passes every argument: the default is never used",
    (_HINTS + "bounds.py", "core/ReplaceComparisonOperator_Lt_LtE",
     "return _BIG if None in amounts else -sum(a for a in amounts if a is not None and a < 0)"):
        "a 0 adds nothing to the sum",
    (_HINTS + "bounds.py", "core/NumberReplacer",
     'if mod.hook == "influence-gain" and (mod.amount or 0) > 0'):
        "an amount of None or 0 gives 0 or -1, neither above 0",
    (_HINTS + "building_hints.py", "core/NumberReplacer",
     'due = max(0, each * (needed - out) + (ops.modifier(state, seat, "payment") or 0))'):
        "the funds (and the sure reis added to them) are at least 0: a due of -1 or 0 is "
        "within them either way",
    (_HINTS + "building_hints.py", "core/ReplaceComparisonOperator_LtE_Lt",
     "if facts is None or hires <= 0:"):
        "with 0 hires the cost below is max(0, payment modifier) = 0 (the modifier is a "
        "reduction or free, LB104), within funds that are at least 0: kept either way",
    (_HINTS + "building_hints.py", "core/NumberReplacer", "if facts is None or hires <= 0:"):
        "with 0 hires the cost below is max(0, payment modifier) = 0 (the modifier is a "
        "reduction or free, LB104), within funds that are at least 0: kept either way",
    (_HINTS + "effect_facts.py", "core/NumberReplacer",
     '"lisboa.hints.effect_facts._NEVER_BLOCK", 10_000'):
        "a memo's capacity: a smaller table forgets sooner and answers the same",
    (_HINTS + "quiet.py", "core/NumberReplacer",
     "for t in ops.typed(rules, str(move.args[0]), _ClergyTile).behaviour.triggers"):
        "a take-clergy move has one argument (the tile): args[-1] is args[0]",
    (_HINTS + "sale_hints.py", "core/NumberReplacer",
     "keeps_ships = any(not isinstance(rules[str(mv.args[0])], _Ship) for mv in moves)"):
        "a make-room move, 'discard CARD', has one argument: args[-1] is args[0]",
    (_HINTS + "visit_hints.py", "core/NumberReplacer",
     "useless = _useless(state, frame.seat, noble_of(state, frame.data[0]).noble_action)"):
        "a visit-option frame holds one datum, the noble: data[-1] is data[0]",
    (_HINTS + "bounds.py", "core/ReplaceComparisonOperator_Gt_GtE",
     'if d.kind in ("gain", "gain_per") and isinstance(amount, int) and amount > 0:'):
        "a gain's amount is positive in the card language (`gain <amount:pos>`, also per "
        "unit): > 0 and >= 0 agree",
    (_HINTS + "bounds.py", "core/NumberReplacer",
     "cubes = max(map(len, state.site_rubble), default=0) + sites.takes"):
        "site_rubble has an entry per construction site of the board, never none (R1.8): "
        "the default of max() is never used",
    (_HINTS + "building_hints.py", "core/ReplaceComparisonOperator_GtE_Gt",
     'plain = all(d.kind == "gain" and ops.arg(d, "amount") >= 0 for d in steps)'):
        "a gain's amount is positive in the card language (`gain <amount:pos>`): >= 0 and "
        "> 0 agree",
    (_HINTS + "building_hints.py", "core/ReplaceComparisonOperator_GtE_NotEq",
     'plain = all(d.kind == "gain" and ops.arg(d, "amount") >= 0 for d in steps)'):
        "a gain's amount is positive in the card language (`gain <amount:pos>`): >= 0 and "
        "!= 0 agree",
    (_HINTS + "store_hints.py", "core/NumberReplacer",
     "price = _prices(state, seat).cheapest(_land_facts(state)[frame.data[0]])"):
        "a store-rubble frame holds one datum, the land: data[-1] is data[0]",
    (_HINTS + "bounds.py", "core/NumberReplacer", "default=0,"):
        "the rewards of the board's construction sites, never none (R1.8): the default of "
        "max() is never used",
    (_HINTS + "bounds.py", "core/NumberReplacer",
     "max((_gains_of([r]).reis for r in rewards), default=0),"):
        "the rewards of the board's construction sites, never none (R1.8): the default of "
        "max() is never used",
    (_HINTS + "bounds.py", "core/NumberReplacer",
     '"lisboa.hints.bounds._LINE_TOTALS", 10_000'):
        "a memo's capacity: a table of another size answers the same",
    (_HINTS + "effect_facts.py", "core/NumberReplacer",
     '_HARMLESS: Final[_Memo] = Memo("lisboa.hints.effect_facts._HARMLESS", 20_000)'):
        "a memo's capacity: a table of another size answers the same",
    (_HINTS + "effect_facts.py", "core/ReplaceComparisonOperator_LtE_NotEq",
     "or all(mod.amount is None or mod.amount <= 0"):
        "the hooks asked (payment, hire-cost, land-rubble) take only a reduction (-1 or "
        "less, LB104) or free (None) in the card language: for an amount below 0, <= 0 and "
        "!= 0 agree",
    (_HINTS + "effect_facts.py", "core/ReplaceComparisonOperator_GtE_Gt",
     'return do.kind in ("gain", "gain_per") and ops.arg(do, "amount") >= 0'):
        "a gain's amount is positive in the card language (`gain <amount:pos>`): >= 0 and "
        "> 0 agree",
    (_HINTS + "turn_hints.py", "core/NumberReplacer",
     'return ("sponsor", ops.typed(ops.rules_of(state), str(move.args[0]), _PoliticalCard).event)'):
        "a sponsor move has one argument (the card): args[-1] is args[0]",
    (_HINTS + "quiet.py", "core/NumberReplacer",
     "room = room_keeps_ships(state, seat, frame.data[0])"):
        "a place-card frame holds one datum, the card: data[-1] is data[0]",
    (_HINTS + "visit_hints.py", "core/ReplaceComparisonOperator_Eq_LtE",
     'if action == "build-store":'):
        "take-decree returned above; the actions left are build-store and open-building, "
        "and 'open-building' sorts after 'build-store': <= is ==",
    (_HINTS + "visit_hints.py", "core/ReplaceComparisonOperator_Eq_GtE",
     'if action == "take-decree":'):
        "the Noble actions are build-store, open-building and take-decree, and "
        "'take-decree' sorts last: >= is ==",
    (_HINTS + "visit_hints.py", "core/ReplaceComparisonOperator_Eq_LtE",
     'and option.kind == "perform"'):
        "only a 'perform' step carries an 'action' argument in the card language, and the "
        "test after it asks for one: a step of another kind fails it either way",
    (_HINTS + "turn_hints.py", "core/ReplaceFalseWithTrue", "self.kept = False"):
        "work_out sets kept before its one reader (the tuck judge calls work_out first)",
    (SRC + "core/rng.py", "core/NumberReplacer",
     "_LIMITS: Final[list[int]] = [0] + [_limit(n) for n in range(1, 1025)]"):
        "index 0 is never read (a shuffle draws in range(n) for n >= 2), and one more "
        "entry holds the value _limits would compute for it",
    (SRC + "core/rng.py", "core/ReplaceTrueWithFalse",
     "for i, value in zip(range(size - 1, 0, -1), _draws(seed, counter, size - 1), "
     "strict=True):"):
        "both sides have size - 1 items: strict only raises on a length mismatch",
    (SRC + "core/immutable.py", "core/ReplaceTrueWithFalse",
     "for name, value in zip(obj.FIELDS, obj.values(), strict=True):"):
        "values() gives one value per field: strict only raises on a length mismatch",
}


# Survivors of a recorded run killed since by a test written for them (each checked by
# benchmarks/issue_mutants.py): (file, operator, the line as written) -> the test.
_GAPS = "test_mutant_gaps.py::"
_PINS = "test_hint_pins.py::"
_CORE = "test_core_pins.py::"
_TL_GAPS = "test_tiletum_mutant_gaps.py::"
_ROWS = "test_hint_rows.py::"
_HINT_GAPS = "test_hint_gaps.py::"
KILLED_SINCE: dict[tuple[str, str, str], str] = {
    (_RULES + "turn.py", "core/ReplaceAndWithOr",
     "gives = card.reward is not None and card.type not in rewarded"):
        _GAPS + "test_r15_3_step_3_one_bonus_per_noble_however_many_of_its_cards_go",
    (_RULES + "stores.py", "core/ReplaceComparisonOperator_Eq_NotEq",
     'north = site.side == "north" and site.street == street'):
        _GAPS + "test_r10_1_4_a_north_building_counts_only_for_stores_facing_its_street",
    (_RULES + "state_actions.py", "core/ReplaceContinueWithBreak", "continue"):
        _GAPS + "test_r8_4_1_every_store_of_the_seat_produces_whatever_the_order_of_the_stores",
    (_RULES + "scoring.py", "core/ReplaceComparisonOperator_Eq_Lt", 'if test == "fewest":'):
        _GAPS + "test_r17_6_fewest_holds_for_every_seat_tied_at_the_least",
    (_RULES + "setup.py", "core/NumberReplacer",
     "rules: Rules, players: int = 4, seed: int = 0, options: Options | None = None"):
        _GAPS + "test_the_rules_new_state_defaults_to_the_public_new_games_seed",
    (_RULES + "effects.py", "core/ReplaceComparisonOperator_Gt_Lt", "if count > 1:"):
        _GAPS + "test_r12_a_discard_of_two_taken_cubes_asks_for_each",
    (_RULES + "ops.py", "core/ReplaceComparisonOperator_Eq_GtE",
     "and last[3] == state.catalogue"):
        _GAPS + "test_r13_3_each_catalogue_gives_its_own_house_ability",
    (_HINTS + "bounds.py", "core/ReplaceComparisonOperator_Eq_LtE",
     'elif ops.arg(d, "what") == "influence":'):
        _PINS + "test_a_good_gained_is_neither_reis_nor_influence",
    (_HINTS + "bounds.py", "core/ReplaceComparisonOperator_Eq_Gt",
     'elif ops.arg(d, "what") == "influence" and bonus is not None:'):
        _PINS + "test_a_wig_gained_adds_no_reis_to_a_bound",
    (_HINTS + "bounds.py", "core/NumberReplacer",
     'return max(0, ops.modifier(state, seat, "influence-gain") or 0)'):
        _PINS + "test_no_influence_bonus_without_a_passive_that_gives_one",
    (_HINTS + "effect_facts.py", "core/AddNot", "if found is None:"):
        _PINS + "test_a_seat_without_triggers_only_gains",
    (_HINTS + "visit_hints.py", "core/ReplaceAndWithOr",
     'and ops.arg(option, "action") in NOBLE_ACTIONS'):
        _PINS + "test_an_event_offers_only_its_noble_actions",
    (_HINTS + "visit_hints.py", "core/ReplaceComparisonOperator_IsNot_Is",
     "if card.event is not None and not _event_possible(state, card.event):"):
        _PINS + "test_a_sponsorship_whose_event_has_nothing_to_take_is_illegal",
    (_HINTS + "store_hints.py", "core/ReplaceFalseWithTrue", "return False"):
        _PINS + "test_a_seat_with_every_house_built_is_not_certain_of_a_store",
    (_HINTS + "store_hints.py", "core/ReplaceComparisonOperator_Gt_NotEq",
     "if all(max(0, price + discount) > funds + gain for price, gain in prices):"):
        _PINS + "test_a_store_a_gain_could_pay_for_is_not_called_impossible",
    (_HINTS + "building_hints.py", "core/ReplaceComparisonOperator_LtE_Eq",
     "if needed <= reachable:"):
        _PINS + "test_officials_reachable_in_the_place_order_need_no_hire",
    (_HINTS + "bounds.py", "core/ReplaceBinaryOperator_Mul_Sub",
     'each = max(0, treasury + (ops.modifier(state, seat, "hire-cost") or 0) - tiles * luck.hire)'):
        _PINS + "test_hiring_costs_the_treasury_value_for_each_missing_official",
    (_HINTS + "bounds.py", "core/ReplaceBinaryOperator_Sub_Mul",
     "- tiles * luck.officials - _site_rewards(state).officials"):
        _PINS + "test_a_tile_in_the_church_that_needs_fewer_officials_lowers_the_hires",
    (_HINTS + "bounds.py", "core/ReplaceBinaryOperator_Add_Mul", "+ cubes * rubble.reis"):
        _PINS + "test_the_opening_funds_bound_counts_the_sites_reward",
    (_HINTS + "bounds.py", "core/ReplaceBinaryOperator_Sub_Add",
     "return price - self.discount <= reis + ops.reis_value(self.state, marker)"):
        _PINS + "test_a_held_payment_discount_lowers_the_land_bound_by_its_amount",
    (_HINTS + "store_hints.py", "core/ReplaceFalseWithTrue",
     "unknown = False  # a land whose reward takes a clergy tile, moves the cardinal..."):
        _PINS + "test_a_penniless_seat_cannot_pay_a_plain_store",
    (_HINTS + "store_hints.py", "core/ReplaceBinaryOperator_Add_Mul",
     "if land.steady and price <= max(funds, p.reis + land.sure_reis + ops.reis_value("):
        _PINS + "test_a_store_three_reis_beyond_the_funds_and_its_reward_is_illegal",
    (_TL + "actions.py", "core/ReplaceOrWithAnd",
     "if state.person_deck or any(state.person_display):"):
        _TL_GAPS + "test_tl11_2_a_refresh_with_an_empty_deck_brings_the_discards_back",
    (_TL + "effects.py", "core/ReplaceComparisonOperator_Eq_GtE",
     "if any(state.posts[index[i]] == seat for i in ids):"):
        _TL_GAPS + "test_tl10_4_another_players_trading_post_leaves_the_town_open",
    (_TL + "effects.py", "core/ReplaceBinaryOperator_Add_Mul",
     'return state.replaced({"pillars": (*pillars[:i], (*pillars[i], seat), '
     '*pillars[i + 1 :])})'):
        _TL_GAPS + "test_tl8_2_a_pillar_joins_its_own_site_and_counts_once_in_final_scoring",
    (_TL + "ops.py", "core/ReplaceComparisonOperator_Eq_LtE", 'if kind == "contract":'):
        _TL_GAPS + "test_tl15_5_only_contract_tiles_wait_for_an_empty_contract_space",
    (_TL + "turn.py", "core/ReplaceComparisonOperator_NotEq_Lt", 'if move.kind != "end":'):
        _TL_GAPS + "test_tl6_1_f_duties_after_the_action_leave_the_turn_open",
    (_TL + "turn.py", "core/ReplaceComparisonOperator_NotEq_GtE",
     'for r in RESOURCES if r != rules.extra["die"][str(m.args[1])[:2]]]'):
        _TL_GAPS + "test_tl22_1_8_the_die_type_assistant_names_any_other_resource",
    (_TL + "phases.py", "core/ReplaceComparisonOperator_GtE_Eq",
     "return sum(1 for rooms in p.rooms for floor, t in enumerate(rooms) if t and floor >= 1)"):
        _TL_GAPS + "test_tl24_1_7_persons_on_floor_three_count_like_floor_two",
    (_TL + "duties.py", "core/ReplaceComparisonOperator_Eq_GtE", 'elif kind == "assistant":'):
        _TL_GAPS + "test_tl14_6_1_a_contract_with_every_contract_space_covered_is_no_assistant",
    (SRC + "core/rng.py", "core/ReplaceComparisonOperator_Lt_Gt", "if size < len(_LIMITS):"):
        _GAPS + "test_a_shuffle_longer_than_the_table_of_limits_is_a_permutation",
    (SRC + "core/frame.py", "core/ReplaceComparisonOperator_LtE_Eq",
     "if not changes.keys() <= _FIELD_SET:"):
        _GAPS + "test_a_frame_replaced_in_one_field_keeps_the_others",
    (SRC + "core/stack.py", "core/NumberReplacer", "stack = [(state, 0)]"):
        _CORE + "test_why_stuck_reports_only_the_dead_ends_the_legality_search_reaches",
    (SRC + "core/stack.py", "core/NumberReplacer",
     "if h.checkpoint or depth > 60 or h.moves is None:"):
        _CORE + "test_why_stuck_reports_only_the_dead_ends_the_legality_search_reaches",
    (SRC + "core/stack.py", "core/ReplaceComparisonOperator_Gt_GtE",
     'shown = ", ".join(str(m) for m in same[:8]) + (", ..." if len(same) > 8 else "")'):
        _CORE + "test_an_illegal_move_lists_the_possible_moves_of_its_kind_with_dots_only"
        "_for_a_rest",
    (SRC + "core/stack.py", "core/ReplaceFalseWithTrue", "checkpoint: bool = False,"):
        _CORE + "test_a_handler_is_no_checkpoint_unless_marked",
    (SRC + "core/stategen.py", "core/ReplaceBinaryOperator_Add_Div",
     'print(("out of date: " if args.check else "wrote ") + str(path))'):
        _CORE + "test_the_generator_command_line_names_each_stale_and_each_written_module",
    (_TL + "phases.py", "core/ReplaceComparisonOperator_Eq_LtE", 'if choice == "take":'):
        _TL_GAPS + "test_tl17_1_a_king_bonus_tile_discarded_stays_out_of_the_warehouse",
    (_TL + "draws.py", "core/ReplaceUnaryOperator_USub_UAdd", "FACE_DOWN: Final = -1"):
        _TL_GAPS + "test_tl26_2_a_face_down_token_is_no_token_value",
    # Survivors of the exhaustive lisboa-hints run (issue 35), each re-run against the
    # tests written since (mutate.py --rescore) or checked by benchmarks/issue_mutants.py.
    (_HINTS + 'bounds.py', 'core/NumberReplacer',
     'found = _MOST_TILES.put(state.catalogue, 1 + max('):
        _HINT_GAPS + 'test_r8_5_one_action_takes_at_most_two_clergy_tiles',
    (_HINTS + 'bounds.py', 'core/ReplaceBinaryOperator_Add_Div',
     'discount = self.discount + tiles * luck.payment'):
        _HINT_GAPS + 'test_r0_11_a_payment_discount_tile_taken_on_the_way_lowers_the_land',
    (_HINTS + 'bounds.py', 'core/ReplaceBinaryOperator_Add_Mul',
     '+ tiles * (luck.taken.reis + cubes * luck.rubble.reis + luck.payment) + discount'):
        _HINT_GAPS + 'test_r10_3_2_4_a_discount_tile_in_the_church_raises_the_opening_bound',
    (_HINTS + 'bounds.py', 'core/ReplaceBinaryOperator_Add_Sub',
     'marker = min(self.top, self.influence + steps + cubes * self.cube_steps)'):
        _HINT_GAPS + 'test_r17_2_8_influence_a_cube_brings_counts_toward_a_land',
    (_HINTS + 'bounds.py', 'core/ReplaceBinaryOperator_Mul_Add',
     '+ cubes * rubble.reis'):
        _ROWS + 'test_r10_3_2_2_a_sites_reward_comes_before_the_officials',
    (_HINTS + 'bounds.py', 'core/ReplaceBinaryOperator_Mul_Add',
     '+ tiles * (taken.reis + cubes * heard.reis)'):
        _HINT_GAPS + 'test_r0_11_a_payment_discount_tile_taken_on_the_way_lowers_the_land',
    (_HINTS + 'bounds.py', 'core/ReplaceBinaryOperator_Mul_Add',
     'self.reis + facts.reward_reis + cubes * rubble.reis'):
        _HINT_GAPS + 'test_r0_11_a_payment_discount_tile_taken_on_the_way_lowers_the_land',
    (_HINTS + 'bounds.py', 'core/ReplaceBinaryOperator_Mul_Sub',
     '+ tiles * (luck.taken.reis + cubes * luck.rubble.reis + luck.payment) + discount'):
        _ROWS + 'test_r10_3_2_2_a_sites_reward_comes_before_the_officials',
    (_HINTS + 'bounds.py', 'core/ReplaceBinaryOperator_Mul_Sub',
     'steps = influence + later * bonus + tiles * taken.gains * (bonus - luck.bonus)'):
        _HINT_GAPS + 'test_r0_11_a_payment_discount_tile_taken_on_the_way_lowers_the_land',
    (_HINTS + 'bounds.py', 'core/ReplaceComparisonOperator_IsNot_Is',
     'elif ops.arg(d, "what") == "influence" and bonus is not None:'):
        _HINT_GAPS + 'test_r5_6_an_influence_gain_counts_a_real_per_step_in_a_bound',
    (_HINTS + 'building_hints.py', 'core/AddNot',
     'if not all(harmless(t.effect) for t in rubble):'):
        _HINT_GAPS + 'test_r0_11_an_opening_a_plain_seat_cannot_hire_for_is_left_out_of_the_search',
    (_HINTS + 'building_hints.py', 'core/NumberReplacer',
     'each = max(0, top + (ops.modifier(state, seat, "hire-cost") or 0))'):
        _HINT_GAPS
        + 'test_r14_3_hiring_after_the_cardinal_is_certain_only_at_the_top_treasury_price',
    (_HINTS + 'building_hints.py', 'core/NumberReplacer',
     'return facts is not None and facts[2] > 0 and self._staffed(plan_id, facts[2])'):
        _HINT_GAPS + 'test_r10_3_2_a_sites_sure_reis_make_an_opening_certain',
    (_HINTS + 'building_hints.py', 'core/NumberReplacer',
     'return max(0, each * hires + (ops.modifier(state, seat, "payment") or 0)) <= self.funds'):
        _HINT_GAPS
        + 'test_r14_3_hiring_after_the_cardinal_is_certain_only_at_the_top_treasury_price',
    (_HINTS + 'building_hints.py', 'core/ReplaceBinaryOperator_Add_Sub',
     'due = max(0, each * (needed - out) + (ops.modifier(state, seat, "payment") or 0))'):
        _HINT_GAPS + 'test_r0_11_a_payment_discount_lowers_the_hire',
    (_HINTS + 'building_hints.py', 'core/ReplaceComparisonOperator_GtE_Lt',
     'plain = all(d.kind == "gain" and ops.arg(d, "amount") >= 0 for d in steps)'):
        _HINT_GAPS + 'test_r10_3_2_a_sites_sure_reis_make_an_opening_certain',
    (_HINTS + 'building_hints.py', 'core/ReplaceComparisonOperator_Gt_Eq',
     'return facts is not None and facts[2] > 0 and self._staffed(plan_id, facts[2])'):
        _HINT_GAPS + 'test_r10_3_2_a_sites_sure_reis_make_an_opening_certain',
    (_HINTS + 'building_hints.py', 'core/ReplaceComparisonOperator_Gt_LtE',
     'return facts is not None and facts[2] > 0 and self._staffed(plan_id, facts[2])'):
        _HINT_GAPS + 'test_r10_3_2_a_sites_sure_reis_make_an_opening_certain',
    (_HINTS + 'building_hints.py', 'core/ReplaceComparisonOperator_Is_IsNot',
     'if found is None:'):
        _HINT_GAPS + 'test_r10_3_2_a_sites_sure_reis_make_an_opening_certain',
    (_HINTS + 'building_hints.py', 'core/ReplaceComparisonOperator_LtE_Eq',
     'return due <= self.funds + extra'):
        _HINT_GAPS + 'test_r0_11_a_payment_discount_lowers_the_hire',
    (_HINTS + 'building_hints.py', 'core/ReplaceContinueWithBreak',
     'continue'):
        _HINT_GAPS + 'test_r10_3_1_a_plan_whose_architect_has_no_building_left_is_skipped',
    (_HINTS + 'building_hints.py', 'core/ReplaceTrueWithFalse',
     'return True'):
        _HINT_GAPS + 'test_r10_3_1_a_plan_whose_architect_has_no_building_left_is_skipped',
    (_HINTS + 'building_hints.py', 'core/ZeroIterationForLoop',
     'for site in sites:'):
        _HINT_GAPS + 'test_r10_3_1_a_plan_whose_architect_has_no_building_left_is_skipped',
    (_HINTS + 'effect_facts.py', 'core/ReplaceAndWithOr',
     'beside_church and do.kind in ("move_cardinal", "take_clergy")'):
        _HINT_GAPS + 'test_r8_4_producing_or_a_good_gained_brings_a_good',
    (_HINTS + 'effect_facts.py', 'core/ReplaceComparisonOperator_Eq_Gt',
     'if do.kind == "perform":'):
        _HINT_GAPS + 'test_r8_a_state_action_an_effect_performs_keeps_every_good',
    (_HINTS + 'effect_facts.py', 'core/ReplaceFalseWithTrue',
     'return False'):
        _HINT_GAPS + 'test_r8_4_producing_or_a_good_gained_brings_a_good',
    (_HINTS + 'quiet.py', 'core/ReplaceComparisonOperator_Eq_NotEq',
     'if frame.kind == "effect" and frame.seat == seat and sale_safe(frame.data[0]):'):
        _HINT_GAPS + 'test_r3_6_the_seats_own_effect_that_keeps_every_good_is_quiet',
    (_HINTS + 'quiet.py', 'core/ZeroIterationForLoop',
     'for _kind in ("place-officials", "take-favor", "take-decree", "take-plan", '
     '"take-pile-rubble"):'):
        _HINT_GAPS + 'test_r3_6_the_choices_that_never_block_are_settled_by_the_quiet_hints',
    (_HINTS + 'sale_hints.py', 'core/ReplaceComparisonOperator_Is_IsNot',
     'kept = sale_kept(state, seat) if kept is None else kept'):
        _HINT_GAPS + 'test_r4_10_a_tuck_keeps_a_sale_possible_now',
    (_HINTS + 'store_hints.py', 'core/AddNot',
     'if tile is None:'):
        _HINT_GAPS + 'test_r9_5_a_visits_funds_are_cash_plus_the_influence_left',
    (_HINTS + 'store_hints.py', 'core/NumberReplacer',
     'if any(max(0, price + discount) <= funds for price, _gain in prices):'):
        _HINT_GAPS + 'test_r0_11_a_land_the_discount_makes_free_needs_no_funds',
    (_HINTS + 'store_hints.py', 'core/NumberReplacer',
     'return max(space.value for space in track[state.treasury:state.treasury + rise + 1])'):
        _HINT_GAPS + 'test_r14_3_one_cardinal_step_raises_the_treasury_at_most_one_space',
    (_HINTS + 'store_hints.py', 'core/ReplaceComparisonOperator_GtE_LtE',
     'if all(taken >= total for taken, (_g, total) in zip(p.houses, houses, strict=True)):'):
        _HINT_GAPS + 'test_r9_5_a_visits_funds_are_cash_plus_the_influence_left',
    (_HINTS + 'store_hints.py', 'core/ReplaceComparisonOperator_LtE_Eq',
     'if land.steady and price <= max(funds, p.reis + land.sure_reis + ops.reis_value('):
        _HINT_GAPS + 'test_r10_1_3_a_store_within_the_funds_is_judged_legal',
    (_HINTS + 'store_hints.py', 'core/ReplaceComparisonOperator_LtE_Eq',
     'if price <= limit and land_id not in taken_lands:'):
        _ROWS + 'test_r8_1_recruiting_leaves_a_certain_store_certain',
    (_HINTS + 'store_hints.py', 'core/ReplaceContinueWithBreak',
     'continue'):
        _ROWS + 'test_r8_3_5_a_ship_raises_the_land_prices_so_it_can_stop_a_store',
    (_HINTS + 'store_hints.py', 'core/ReplaceTrueWithFalse',
     'return _store_trigger_bound(state, seat, with_influence=True)'):
        _HINT_GAPS + 'test_r17_2_a_store_trigger_gaining_influence_counts_its_steps',
    (_HINTS + 'visit_hints.py', 'core/AddNot',
     'if STACK.tail_within(state, _VISIT_TAIL):'):
        _ROWS + 'test_r8_1_recruiting_leaves_a_certain_store_certain',
    (_HINTS + 'visit_hints.py', 'core/NumberReplacer',
     'due = max(0, ops.treasury_value(state) + (ops.modifier(state, seat, "payment") or 0))'):
        _HINT_GAPS + 'test_r11_2_a_fee_of_exactly_the_treasury_value_can_be_paid',
    (_HINTS + 'visit_hints.py', 'core/ReplaceAndWithOr',
     'and not any(_gives_plan(state, tile) for tile in state.church if tile is not None)'):
        _HINT_GAPS + 'test_r8_5_3_meeting_the_cardinal_may_pay_for_an_opening_with_a_plan_in_hand',
    (_HINTS + 'visit_hints.py', 'core/ReplaceAndWithOr',
     'if (not follow and ops.triggers(state, seat, "court", noble_key)) or ops.permitted('):
        _HINT_GAPS + 'test_r10_2_4_a_visit_to_the_marquis_with_no_decree_is_refused',
    (_HINTS + 'visit_hints.py', 'core/ReplaceAndWithOr',
     'if action == "take-decree" and not all('):
        _HINT_GAPS + 'test_r10_2_4_a_visit_to_the_marquis_with_no_decree_is_refused',
    (_HINTS + 'visit_hints.py', 'core/ReplaceAndWithOr',
     'if isinstance(option, _Seq) and len(option.steps) == 1:'):
        _HINT_GAPS + 'test_r11_3_only_an_event_of_one_step_is_settled_by_its_noble_action',
    (_HINTS + 'visit_hints.py', 'core/ReplaceBinaryOperator_Add_Mul',
     'funds = p.reis + ops.reis_value(state, p.influence - from_influence)'):
        _HINT_GAPS + 'test_r9_5_a_visits_funds_are_cash_plus_the_influence_left',
    (_HINTS + 'visit_hints.py', 'core/ReplaceBinaryOperator_Add_Sub',
     'funds = p.reis + ops.reis_value(state, p.influence)'):
        _ROWS + 'test_r8_3_5_a_ship_raises_the_land_prices_so_it_can_stop_a_store',
    (_HINTS + 'visit_hints.py', 'core/ReplaceComparisonOperator_Eq_Lt',
     'or (d.kind == "perform" and ops.arg(d, "action") == "acquire-plan")'):
        _HINT_GAPS + 'test_r8_5_3_a_tile_that_performs_acquire_plan_can_bring_a_plan',
    (_HINTS + 'visit_hints.py', 'core/ReplaceComparisonOperator_Eq_NotEq',
     'if action == "take-decree":'):
        _ROWS + 'test_r8_1_recruiting_pays_for_no_store',
    (_HINTS + 'visit_hints.py', 'core/ReplaceComparisonOperator_NotEq_Lt',
     'if event is None or len(event.steps) != 1:'):
        _HINT_GAPS + 'test_r11_3_only_an_event_of_one_step_is_settled_by_its_noble_action',
    (_HINTS + 'visit_hints.py', 'core/ReplaceOrWithAnd',
     'if event is None or len(event.steps) != 1:'):
        _HINT_GAPS + 'test_r11_3_only_an_event_of_one_step_is_settled_by_its_noble_action',
    (_HINTS + 'visit_hints.py', 'core/ReplaceUnaryOperator_Delete_Not',
     'return not state.decree_display'):
        _HINT_GAPS + 'test_r10_2_4_a_visit_to_the_marquis_with_no_decree_is_refused',
    (_HINTS + 'turn_hints.py', 'core/ReplaceComparisonOperator_Eq_Lt',
     'if move.kind == "gold":'):
        _HINT_GAPS + 'test_r3_4_getting_a_gold_is_always_legal',
    (_HINTS + 'store_hints.py', 'core/ReplaceOrWithAnd',
     'extra = max(0, ops.modifier(state, self.seat, "cardinal-steps") or 0)'):
        _HINT_GAPS + 'test_r17_2_5_extra_cardinal_steps_reach_further_up_the_treasury',
    (_HINTS + 'building_hints.py', 'core/AddNot',
     'if STACK.tail_within(state, _BUILDING_TAIL) and _any_opening_now(state, frame.seat, moves):'):
        _HINT_GAPS + 'test_r10_3_2_4_an_opening_certain_now_settles_the_building_decision',
    (_HINTS + 'store_hints.py', 'core/NumberReplacer',
     'limit = funds - (ops.modifier(state, seat, "payment") or 0)'):
        _HINT_GAPS + 'test_r10_1_3_a_store_is_certain_from_exactly_its_price',
    (_HINTS + 'store_hints.py', 'core/ReplaceComparisonOperator_LtE_Lt',
     'answer = True if dearest <= funds else None'):
        _HINT_GAPS + 'test_r14_3_a_land_meeting_the_cardinal_is_certain_at_the_dearest_treasury',
    (_HINTS + 'bounds.py', 'core/ReplaceBinaryOperator_Add_Div',
     'found = _MOST_TILES.put(state.catalogue, 1 + max('):
        _HINT_GAPS + 'test_r8_5_one_action_takes_at_most_two_clergy_tiles',
    (_HINTS + 'bounds.py', 'core/ReplaceBinaryOperator_Add_Mul',
     'self.cube_steps = self.rubble.influence + self.rubble.gains * self.bonus'):
        _HINT_GAPS + 'test_r17_2_8_influence_a_cube_brings_counts_toward_a_land',
}
