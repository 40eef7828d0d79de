"""Mutation testing of one package against the tests that guard it (issue 26): a seeded
sample of cosmic-ray's mutants, run on copies of the checkout, one copy per worker.

    python benchmarks/mutate.py PACKAGE [--sample N|all] [--seed S] [--workers W]
        [--timeout SECONDS] [--results FILE] [--workdir DIR] [--list]
    python benchmarks/mutate.py PACKAGE --collect DIR [--results FILE]
    python benchmarks/mutate.py PACKAGE --rescore FILE [--tests TEST ...]

PACKAGE is one of ``lisboa-rules``, ``lisboa-hints``, ``puerto-rico-rules``,
``tiletum-rules``, ``core`` (``--list`` shows each one's files, tests and count of mutants). Every
mutant cosmic-ray can make of the package's files (minus the operators in ``EXCLUDED``,
which make noise rather than plausible faults) is enumerated; ``--sample`` of them are drawn
with ``random.Random(seed)`` and run (``--sample all``: every one, in that seeded order, so
a run stopped early has checked a uniform sample), each against the package's tests (``-x``,
the tests not marked slow, pure build) in a copy of the sources, so the checkout itself is
never touched. A mutant is *killed* when the tests fail, *timed out* when they run past the
timeout (3 times the unmutated run, 60 s at least; counted as caught), *survived* otherwise;
``EQUIVALENT`` lists the survivors shown to be equivalent, with the reason.

Prints the package's line of the score table and every survivor (file:line, operator,
the changed line); ``--results`` appends the whole run as one JSON line. ``--workdir``
keeps the copies and cosmic-ray's sessions in DIR (not a temporary directory), so that
``--collect DIR`` can report the mutants finished so far of a run still going or
stopped (an exhaustive run of a package takes hours on a shared machine). ``--rescore``
runs the survivors of a recorded run again against the tests as they are now.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
SRC = "src/lisboa_core/"


class Package(NamedTuple):
    files: tuple[str, ...]  # globs relative to the repository
    tests: tuple[str, ...]  # the quickest catch first


PACKAGES: dict[str, Package] = {
    "lisboa-rules": Package(
        (SRC + "games/lisboa/rules/*.py",),
        ("tests/test_mutant_gaps.py", "tests/test_state_actions.py",
         "tests/test_rules_setup.py", "tests/test_rules_setup_turn.py",
         "tests/test_rules_more.py", "tests/test_rules_nobles.py",
         "tests/test_rules_church_periods.py", "tests/test_rules_final.py",
         "tests/test_clergy_effects.py", "tests/test_scoring.py"),
    ),
    "lisboa-hints": Package(
        (SRC + "games/lisboa/hints/*.py",),
        ("tests/test_hint_rows.py", "tests/test_hint_pins.py", "tests/test_hint_gaps.py",
         "tests/test_hint_boundaries.py",
         "tests/test_hint_oracle.py", "tests/test_hint_properties.py",
         "tests/test_legality.py", "tests/test_lookahead.py"),
    ),
    "puerto-rico-rules": Package(
        (SRC + "games/puerto_rico/rules/*.py", SRC + "games/puerto_rico/scoring.py",
         SRC + "games/puerto_rico/setup.py"),
        tuple(f"tests/test_puerto_rico_{name}.py" for name in (
            "setup", "settler", "mayor", "builder", "craftsman", "trader", "captain",
            "round", "scoring", "rules_coverage", "properties", "box", "cards",
            "observation", "views", "surfaces")),
    ),
    "tiletum-rules": Package(
        (SRC + "games/tiletum/rules/*.py", SRC + "games/tiletum/scoring.py"),
        tuple(f"tests/test_tiletum_{name}.py" for name in (
            "mutant_gaps", "rules", "rules_turn", "rules_round", "rules_scoring",
            "rules_duties", "effects", "rules_examples", "rules_properties",
            "rules_catalogue", "rules_vocabulary", "surfaces", "svg")),
    ),
    "core": Package(
        (SRC + "core/*.py",),
        ("tests/test_core_pins.py", "tests/test_mutant_gaps.py", "tests/test_engine_protocol.py",
         "tests/test_memo.py", "tests/test_hot_classes.py", "tests/test_explain.py",
         "tests/test_game_registry_surfaces.py", "tests/test_random_move.py",
         "tests/test_determinism.py", "tests/test_rules_setup_turn.py",
         "tests/test_puerto_rico_round.py", "tests/test_roundtrip.py"),
    ),
}

# Operators left out: they make noise rather than plausible faults (a decorator or an
# exception class removed, arithmetic swapped for bit operations, a comparison swapped
# for an identity test, which Python refuses or which only differs on ints above 256),
# or are random (the variable replacers).
EXCLUDED = (
    "core/RemoveDecorator", "core/ExceptionReplacer", "core/VariableReplacer",
    "core/VariableInserter",
)
_NOISY_TARGETS = ("Pow", "RShift", "LShift", "BitOr", "BitAnd", "BitXor", "Mod")


def _excluded(operator: str) -> bool:
    if operator in EXCLUDED:
        return True
    if operator.startswith("core/ReplaceBinaryOperator_"):
        source, target = operator.removeprefix("core/ReplaceBinaryOperator_").split("_")
        return target in _NOISY_TARGETS or (source in _NOISY_TARGETS and target != "Add")
    if operator.startswith("core/ReplaceComparisonOperator_"):
        source, target = operator.removeprefix("core/ReplaceComparisonOperator_").split("_")
        return (source in ("Is", "IsNot")) != (target in ("Is", "IsNot"))
    return False


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

ANNOTATION = ("in a type annotation, never evaluated (every module has `from __future__ "
              "import annotations`)")


def _annotation_lines(path: Path) -> set[str]:
    """The lines of ``path`` (stripped) whose binary operators all sit in annotations (none
    in code): by text, so that a run recorded before a line moved is still classified."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    notes = [n for node in ast.walk(tree) for n in (
        getattr(node, "annotation", None), getattr(node, "returns", None)) if n is not None]
    inside = {id(x) for n in notes for x in ast.walk(n)}
    marked = {x.lineno for n in notes for x in ast.walk(n) if isinstance(x, ast.BinOp)}
    code = {x.lineno for x in ast.walk(tree)
            if isinstance(x, ast.BinOp) and id(x) not in inside}
    lines = text.splitlines()
    return {lines[n - 1].strip() for n in marked - code}


def _classify(row: dict[str, str]) -> str:
    """A row's outcome with the equivalent survivors set apart."""
    if row["outcome"] != "survived":
        return row["outcome"]
    path = row["where"].rsplit(":", 1)[0]
    if (SRC + path, row["operator"], row["line"]) in EQUIVALENT:
        return "equivalent"
    if (SRC + path, row["operator"], row["line"]) in KILLED_SINCE:
        return "killed since"
    if row["operator"].startswith("core/ReplaceBinaryOperator_") and row[
            "line"] in _annotation_lines(ROOT / (SRC + path)):
        return "equivalent"
    return "survived"


def _why(row: dict[str, str]) -> str:
    key = (SRC + row["where"].rsplit(":", 1)[0], row["operator"], row["line"])
    return KILLED_SINCE.get(key) or EQUIVALENT.get(key, ANNOTATION)


def _copy(dest: Path) -> None:
    """The parts of the checkout the tests read, without caches or compiled modules."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", ".hypothesis")
    for part in ("src", "cards", "grammar", "tests", "docs", "examples"):
        if (ROOT / part).exists():
            shutil.copytree(ROOT / part, dest / part, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")


def _files(package: Package, root: Path) -> list[str]:
    found = sorted({str(p.relative_to(root)) for pattern in package.files
                    for p in root.glob(pattern) if p.name != "__init__.py"})
    return found


def _test_command(package: Package) -> str:
    return (f"{sys.executable} -m pytest -p no:cacheprovider -n 0 -x -q --no-header "
            f"-m 'not slow' " + " ".join(package.tests))


def _env(copy: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(copy / "src"), "PYTHONDONTWRITEBYTECODE": "1"}


def _mutants(files: list[str], cwd: Path) -> list[object]:
    """Every mutation cosmic-ray makes of ``files`` (paths relative to ``cwd``), less the
    excluded operators, in a stable order."""
    from cosmic_ray.commands.init import _all_work_items

    here = Path.cwd()
    os.chdir(cwd)
    try:
        items = [w for w in _all_work_items([Path(f) for f in files], {})
                 if not _excluded(w.mutations[0].operator_name)]
    finally:
        os.chdir(here)
    return sorted(items, key=lambda w: (str(w.mutations[0].module_path),
                                        w.mutations[0].operator_name,
                                        w.mutations[0].occurrence))


def _line(copy: Path, spec: object) -> str:
    path, (line, _col) = copy / str(spec.module_path), spec.start_pos  # type: ignore[attr-defined]
    return path.read_text(encoding="utf-8").splitlines()[line - 1].strip()


def _changed(diff: str) -> str:
    """The mutated line of a unified diff."""
    return next((d[1:].strip() for d in diff.splitlines()
                 if d.startswith("+") and not d.startswith("+++")), "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package", nargs="?", choices=sorted(PACKAGES))
    parser.add_argument("--sample", type=_sample, default=40,
                        help="mutants to run ('all' or 0: every one)")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, help="seconds per mutant (default: 3x the "
                        "unmutated run, 60 at least)")
    parser.add_argument("--results", type=Path, help="append the run here (a JSON line)")
    parser.add_argument("--list", action="store_true", help="files, tests and mutant counts")
    parser.add_argument("--workdir", type=Path, help="keep the copies and sessions here")
    parser.add_argument("--collect", type=Path,
                        help="report the finished mutants of a run's --workdir")
    parser.add_argument("--rescore", type=Path,
                        help="run the survivors of the last run in this --results file again")
    parser.add_argument("--tests", nargs="*", default=[],
                        help="with --rescore: these tests instead of the package's")
    parser.add_argument("--report", type=Path, nargs="+",
                        help="print the runs recorded in these --results files")
    args = parser.parse_args()
    if args.report:
        lines = [line for path in args.report
                 for line in path.read_text(encoding="utf-8").splitlines()]
        for i, line in enumerate(lines):
            report(json.loads(line), header=i == 0)
        return
    if args.list:
        for name, package in PACKAGES.items():
            files = _files(package, ROOT)
            print(f"{name}: {len(_mutants(files, ROOT))} mutants in {len(files)} files; "
                  f"tests: {' '.join(t.removeprefix('tests/') for t in package.tests)}")
        return
    if args.package is None:
        parser.error("name a package (or --list)")
    if args.collect:
        collect(args.package, args.collect, args.seed, args.results)
        return
    if args.rescore:
        rescore(args.package, args.rescore, args.tests, args.timeout or 300.0)
        return
    run(args.package, args.sample, args.seed, args.workers, args.timeout, args.results,
        args.workdir)


def _sample(text: str) -> int:
    return 0 if text == "all" else int(text)


def run(name: str, sample: int, seed: int, workers: int, timeout: float | None,
        results: Path | None, workdir: Path | None = None) -> None:
    from cosmic_ray.work_db import WorkDB, use_db

    package = PACKAGES[name]
    command = _test_command(package)
    started = time.perf_counter()
    if workdir is not None:
        workdir.mkdir(parents=True, exist_ok=False)
    with (tempfile.TemporaryDirectory(prefix=f"lisboa-mutate-{name}-")
          if workdir is None else _kept(workdir)) as tmp:
        base = Path(tmp) / "w0"
        _copy(base)
        files = _files(package, base)
        every = _mutants(files, base)
        chosen = random.Random(seed).sample(every, min(sample or len(every), len(every)))
        print(f"{name}: {len(chosen)} of {len(every)} mutants (seed {seed}), "
              f"{len(files)} files, {workers} workers", flush=True)
        clock = time.perf_counter()
        baseline = subprocess.run(command, shell=True, cwd=base, env=_env(base),
                                  capture_output=True, text=True, check=False)
        spent = time.perf_counter() - clock
        if baseline.returncode != 0:
            raise SystemExit(f"the tests fail without a mutant:\n{baseline.stdout[-3000:]}")
        limit = timeout or max(60.0, 3 * spent)
        print(f"unmutated run: {spent:.0f} s; timeout {limit:.0f} s", flush=True)
        copies, procs = [], []
        for w in range(workers):
            copy = Path(tmp) / f"w{w}"
            if w:
                _copy(copy)
            config = copy / "cosmic-ray.toml"
            config.write_text(
                "[cosmic-ray]\n"
                f"module-path = {json.dumps(files)}\n"
                f"timeout = {limit}\n"
                "excluded-modules = []\n"
                f"test-command = {json.dumps(command)}\n"
                "[cosmic-ray.distributor]\nname = \"local\"\n", encoding="utf-8")
            with use_db(str(copy / "session.sqlite"), WorkDB.Mode.create) as db:
                db.add_work_items(chosen[w::workers])
            copies.append(copy)
            procs.append(subprocess.Popen(
                [str(Path(sys.executable).parent / "cosmic-ray"), "exec", str(config),
                 str(copy / "session.sqlite")],
                cwd=copy, env=_env(copy), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                text=True))
        for proc in procs:
            _out, err = proc.communicate()
            if proc.returncode != 0:
                raise SystemExit(f"cosmic-ray exec failed:\n{err[-3000:]}")
        rows = _rows(copies, base)
    run_ = {"package": name, "seed": seed, "sample": len(chosen), "of": len(every),
            "minutes": round((time.perf_counter() - started) / 60, 1), "rows": rows}
    report(run_)
    if results:
        with results.open("a", encoding="utf-8") as out:
            out.write(json.dumps(run_) + "\n")


class _kept:
    """A work directory kept after the run (the context manager of --workdir)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> str:
        return str(self.path)

    def __exit__(self, *exc: object) -> None:
        return None


def _rows(copies: list[Path], base: Path) -> list[dict[str, str]]:
    """The finished mutants of the sessions of ``copies`` (``base``: an unmutated copy)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    rows = []
    for copy in copies:
        with use_db(str(copy / "session.sqlite"), WorkDB.Mode.open) as db:
            for item, result in db.completed_work_items:
                spec = item.mutations[0]
                if result.worker_outcome != WorkerOutcome.NORMAL:
                    outcome = "error"
                elif result.test_outcome == TestOutcome.SURVIVED:
                    outcome = "survived"
                elif result.output == "timeout":
                    outcome = "timed out"
                elif result.test_outcome == TestOutcome.KILLED:
                    outcome = "killed"
                else:
                    outcome = "error"
                rows.append({
                    "where": f"{str(spec.module_path).removeprefix(SRC)}:{spec.start_pos[0]}",
                    "operator": spec.operator_name, "line": _line(base, spec),
                    "mutant": _changed(result.diff or ""), "outcome": outcome,
                    "diff": result.diff or ""})
    return rows


def rescore(name: str, results: Path, tests: list[str], timeout: float) -> None:
    """Run each survivor of the last run recorded in ``results`` again, against the
    package's tests as they are now (or ``tests``), on a copy of the checkout with the
    mutant's diff applied: which survivors the tests written since kill."""
    run_ = json.loads(results.read_text(encoding="utf-8").splitlines()[-1])
    survivors = [r for r in run_["rows"] if _classify(r) == "survived" and r.get("diff")]
    package = PACKAGES[name]
    command = _test_command(package._replace(tests=tuple(tests) or package.tests))
    print(f"{name}: {len(survivors)} survivors of the recorded run, against: {command}",
          flush=True)
    killed = 0
    with tempfile.TemporaryDirectory(prefix=f"lisboa-rescore-{name}-") as tmp:
        copy = Path(tmp)
        _copy(copy)
        for row in survivors:
            diff = row["diff"].split("\n", 1)[1] + "\n"
            patched = subprocess.run(["patch", "-p1", "-s", "--no-backup-if-mismatch"],
                                     cwd=copy, input=diff, text=True, capture_output=True)
            if patched.returncode != 0:
                print(f"- {row['where']}: the diff no longer applies", flush=True)
                continue
            try:
                done = subprocess.run(command, shell=True, cwd=copy, env=_env(copy),
                                      capture_output=True, text=True, timeout=timeout)
                caught = done.returncode != 0
                first = next((line.split(" - ")[0].removeprefix("FAILED ")
                              for line in done.stdout.splitlines()
                              if line.startswith("FAILED ")), "")
            except subprocess.TimeoutExpired:
                caught, first = False, "TIMED OUT (not counted as killed here)"
            subprocess.run(["patch", "-p1", "-R", "-s", "--no-backup-if-mismatch"],
                           cwd=copy, input=diff, text=True, capture_output=True, check=True)
            killed += caught
            verdict = f"killed by {first}" if caught else first or "SURVIVED"
            print(f"- {row['where']} {row['operator']}: `{row['line']}` -> "
                  f"`{row['mutant']}`: {verdict}", flush=True)
    print(f"{name}: {killed} of {len(survivors)} survivors killed now")


def collect(name: str, workdir: Path, seed: int, results: Path | None) -> None:
    """Report the mutants finished so far in a run's ``--workdir`` (or a temporary
    directory of a run still going): the line of the score table over those only."""
    from cosmic_ray.work_db import WorkDB, use_db

    copies = sorted(p.parent for p in workdir.glob("w*/session.sqlite"))
    if not copies:
        raise SystemExit(f"no cosmic-ray session under {workdir}")
    planned = 0
    for copy in copies:
        with use_db(str(copy / "session.sqlite"), WorkDB.Mode.open) as db:
            planned += db.num_work_items
    rows = _rows(copies, copies[0])
    print(f"{name}: {len(rows)} of the {planned} mutants planned finished")
    started = min((c / "cosmic-ray.toml").stat().st_mtime for c in copies)
    run_ = {"package": name, "seed": seed, "sample": len(rows), "of": planned,
            "minutes": round((time.time() - started) / 60, 1), "partial": True, "rows": rows}
    report(run_)
    if results:
        with results.open("a", encoding="utf-8") as out:
            out.write(json.dumps(run_) + "\n")


def report(run_: dict[str, object], header: bool = True) -> None:
    """Print a run's line of the score table, its survivors and equivalent mutants, the
    survivors classified with the current ``EQUIVALENT`` table."""
    rows = run_["rows"]
    assert isinstance(rows, list)
    counts = Counter(_classify(row) for row in rows)
    caught = counts["killed"] + counts["timed out"]
    judged = caught + counts["survived"] + counts["killed since"]
    score = 100 * caught / judged if judged else 0.0
    now = 100 * (caught + counts["killed since"]) / judged if judged else 0.0
    if header:
        print("\n| package | sampled | killed | timed out | survived | equivalent | errors "
              "| score of the run | killed since | score now | minutes |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {run_['package']} | {run_['sample']} of {run_['of']} (seed {run_['seed']}) | "
          f"{counts['killed']} | {counts['timed out']} | "
          f"{counts['survived'] + counts['killed since']} | {counts['equivalent']} | "
          f"{counts['error']} | {score:.0f}% | {counts['killed since']} | {now:.0f}% | "
          f"{run_['minutes']} |")
    for title in ("survived", "killed since", "equivalent"):
        group = sorted((r for r in rows if _classify(r) == title), key=lambda r: r["where"])
        if group:
            print(f"\n{run_['package']}, {title}:")
        for row in group:
            why = f" ({_why(row)})" if title != "survived" else ""
            print(f"- {row['where']} {row['operator']}: `{row['line']}` -> "
                  f"`{row['mutant']}`{why}")

if __name__ == "__main__":
    main()
