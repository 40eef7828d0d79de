"""Rules that surviving mutants showed no test pinned down (issue 26), each from a compact
scenario state; expected values come from rules.md and the catalogue, never from a run.

Each test names the mutant it kills; ``benchmarks/issue_mutants.py`` applies every one of
them to a copy of the sources and checks that its test fails there and passes here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lisboa_core.api import apply, legal_moves, new_game
from lisboa_core.core.moves import Move
from lisboa_core.errors import IllegalMoveError
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import load_rules
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.state import GOODS, Options, State

RULES = load_rules()
CARDS = Path(__file__).resolve().parent.parent / "cards" / "lisboa"
BOARD = RULES.board
GOOD_STREET = {good: street for street, good in BOARD.streets}  # board data: street colours


def _moves(state: State) -> list[str]:
    return [str(mv) for mv in legal_moves(state)]


def _top(state: State) -> str:
    return state.pending[-1].kind


def _scenario(players: int = 3, seed: int = 1) -> tuple[State, int]:
    """The first action choice, no clergy tile held (every tile back in the bag, so no
    passive effect interferes), no Royal Favor held, one good of each type and 10 reis per
    seat, no rubble on the downtown row and column spaces, columns 1-4 scored by ST1-ST4
    (3, 4, 3, 4 wigs)."""
    state = t.first_turn(players, seed)
    tiles = tuple(tile for p in state.players for tile in p.clergy)
    for seat in range(players):
        state = t.with_player(state, seat, clergy=(), favors=(), goods=(1, 1, 1, 1), reis=10)
    cubes = sum(map(len, (*state.row_rubble, *state.column_rubble)))
    state = t.with_state(state, clergy_bag=state.clergy_bag + tiles,
                         favor_supply=(players,) * 3, scoring_tiles=("ST1", "ST2", "ST3", "ST4"),
                         row_rubble=((),) * len(state.row_rubble),
                         column_rubble=((),) * len(state.column_rubble),
                         rubble_out=state.rubble_out + cubes)
    return state, state.current


def _plain_treasury() -> str:
    """A treasury card whose permanent effect plays no part here (no trigger, no payment
    or sale modifier)."""
    return next(c.id for c in RULES.political if c.is_treasury and not c.permanent.triggers
                and all(mod.hook == "land-rubble" for mod in c.permanent.modifiers))


def _tuck(state: State, seat: int) -> State:
    """R3.5.1: tuck a plain treasury card; Sell or Trade follows (R4.10)."""
    card = _plain_treasury()
    return t.play(t.give(state, seat, card), f"tuck {card}")


# --- R7.3: no State action twice in one turn (mutant: trade.py, the covered check dropped)


def test_r7_3_a_state_action_traded_once_is_not_offered_again_in_the_turn() -> None:
    state, seat = _scenario()
    state = t.with_player(state, seat, goods=(2, 2, 2, 2))
    state = t.play(_tuck(state, seat), "trade", "trade acquire-plan tools", "plan blue")
    assert state.covered == ("acquire-plan",)
    # Tools and gold are still held, Manuel accepts both (R7.1.2), a plan could still be
    # acquired: only the good covering the icon blocks it (R7.3).
    assert state.players[seat].goods[GOODS.index("tools")] == 1
    offered = _moves(state)
    assert not [mv for mv in offered if mv.startswith("trade acquire-plan")]
    for good in ("tools", "gold"):
        with pytest.raises(IllegalMoveError):
            apply(state, Move("trade", ("acquire-plan", good)))
    # The two trades may be two actions of one Noble (R7.3): Manuel's other one is open.
    assert "trade recruit-officials tools" in offered


# --- R15.1: 3 of the 4 piles empty end period 1, 2 do not (mutant: turn.py, 3 -> 2) -------


def test_r15_1_the_board_asks_for_three_empty_piles() -> None:
    assert len(BOARD.political_display) == 4 and BOARD.period_end_piles == 3


def test_r15_1_two_empty_display_piles_do_not_end_period_one() -> None:
    state, seat = _scenario(players=4)
    out = (*state.piles[0], *state.piles[1])
    state = t.with_state(state, piles=((), (), *state.piles[2:]), removed=state.removed + out)
    taken = state.piles[2][0]
    assert len(state.piles[2]) > 1
    state = t.play(state, f"gold {state.players[seat].hand[0]}", f"take {taken}")
    # Still two empty piles of four: no trigger (R15.1), the next seat's turn (R3.8).
    assert state.period == 1
    assert _top(state) == "turn" and state.to_act == (seat + 1) % 4
    # Emptying a third pile does end it (the same check, once more).
    last = state.piles[3][0]
    rest = (*state.piles[2], *state.piles[3][1:])
    state = t.with_state(state, piles=((), (), (), (last,)), removed=state.removed + rest)
    state = t.play(state, f"gold {state.players[state.to_act].hand[0]}", f"take {last}")
    assert state.period == 2 and _top(state) == "period-discard"


# --- R10.3.2 step 6: a row site scores the row's stores of the building's two types ------
# (mutant: buildings.py, ``and street in colours`` dropped)


def _visit_king(state: State, seat: int) -> State:
    card = next(c.id for c in RULES.political if c.deck == "blue" and c.type == "king")
    return t.play(t.give(state, seat, card), f"visit {card}", "skip", pay_cash=True)


def _until(state: State, *kinds: str) -> State:
    """Play the first legal move until a decision of one of ``kinds`` is on top."""
    while _top(state) not in kinds:
        state = apply(state, legal_moves(state)[0])
    return state


def test_r10_3_2_step_6_a_row_site_scores_only_stores_of_the_buildings_types() -> None:
    state, seat = _scenario()
    a, b = (seat + 1) % 3, (seat + 2) % 3
    blue, green = state.building_stacks
    state = t.with_state(state, building_stacks=(("PB01", *(x for x in blue if x != "PB01")),
                                                 green))
    colours = RULES.typed("PB01", m.PublicBuilding).colors("blue")
    assert colours == ("yellow", "pink")
    assert RULES.typed("PL01", m.Plan).architect == "blue"
    state = t.give_plans(state, seat, "PL01")
    state = t.with_state(state, stores=(
        ("B1", a, "yellow"),  # row B, yellow: column 1 scores 3
        ("B2", b, "pink"),  # row B, pink: column 2 scores 4
        ("B3", seat, "brown"),  # row B but brown, not one of PB01's types: nothing
        ("B4", a, "blue"),  # row B, blue: nothing
        ("A1", b, "yellow"),  # yellow but row A: nothing
    ))
    wigs = [p.wigs for p in state.players]
    state = _until(t.play(_visit_king(state, seat), "build W-B PL01", pay_cash=True), "follow")
    gained = [p.wigs - w for p, w in zip(state.players, wigs, strict=True)]
    assert (gained[a], gained[b], gained[seat]) == (3, 4, 0)


# --- R8.4.3: bonus goods only where the warehouse has room (mutant: effects.py, < -> <=) --


def test_r8_4_3_no_bonus_good_of_a_type_whose_warehouse_production_filled() -> None:
    state, seat = _scenario()
    cap = ops.warehouse_cap(state, seat)
    assert cap == 2  # R4.8: 2 + completed rubble sets (none)
    gold, books = GOODS.index("gold"), GOODS.index("books")
    state = t.with_state(state, stores=(("A1", seat, GOOD_STREET["gold"]),
                                        ("B4", seat, GOOD_STREET["books"])))
    # The first house of the right group: 1 extra good of ONE produced type (R13.4).
    state = t.with_player(state, seat, houses=(0, 0, 1), goods=tuple(
        cap - 1 if i == gold else 0 for i in range(len(GOODS))))
    state = t.start_state_action(state, seat, "produce-goods")
    state = _until(state, "turn", "take-card", "sell-or-trade", "end-turn", "bonus-good")
    # Gold was produced (it reached the warehouse, R8.4.2) but filled it: the bonus can
    # only be books, so no choice is offered (R8.4.3 "only as far as capacity allows").
    assert _top(state) != "bonus-good"
    goods = state.players[seat].goods
    assert goods[gold] == cap and goods[books] == 2


# --- R2.7.6: the draft hands packets to the left (mutant: draft.py, i - 1 -> i + 1) ------


def test_r2_7_6_every_packet_goes_to_the_left() -> None:
    state = new_game(3, seed=9, options=Options(draft=True))
    for round_ in range(2):
        assert _top(state) == "draft"
        assert state.pending[-1].data[0] == round_
        left_over: dict[int, set[str]] = {}
        for _ in range(3):
            seat = state.to_act
            assert seat is not None
            packet = set(state.pending[-1].data[2][seat])
            move = legal_moves(state)[-1]
            left_over[seat] = packet - {str(x) for x in move.args}
            state = apply(state, move)
        # R0.8: clockwise is to the left, the seat after; so each seat now holds what the
        # seat before it (on its right) passed on.
        for seat in range(3):
            assert set(state.pending[-1].data[2][seat]) == left_over[(seat - 1) % 3]


# --- R8.3.4 / R6.5: crates already at sea score once (mutant: portfolio.py, the
# ``- o.sailed[slot]`` dropped) -----------------------------------------------------------


def test_r8_3_4_an_upgraded_ship_at_sea_scores_only_the_newly_turned_crates() -> None:
    state, seat = _scenario()
    other = (seat + 1) % 3
    ship = next(s for s in RULES.ships if s.hull == 3)
    # The position R8.3.4 describes: a hull-2 ship filled this turn (2 crates turned and
    # scored), then upgraded to hull 3; its crates moved across, still at sea.
    state = t.with_player(state, other, top=(ship.id, None, None),
                          cargo=(("gold", "books"), (), ()), sailed=(2, 0, 0))
    wigs = state.players[other].wigs
    cloth = GOODS.index("cloth")
    assert state.players[seat].goods[cloth] == 1
    state = t.play(_tuck(state, seat), "sell", f"sell cloth p{other}.1")
    assert state.players[other].cargo[0] == ("gold", "books", "cloth")
    assert state.players[other].sailed[0] == 3
    # R6.5: 1 wig per crate just turned; the 2 at sea do not score again (R8.3.4).
    assert state.players[other].wigs == wigs + 1


# --- Found by `make mutate` (benchmarks/mutants.md, "Scores") ------------------------------


def _noble_card(noble: str) -> str:
    return next(c.id for c in RULES.political if c.deck == "blue" and c.type == noble)


def _gain_cards(noble: str, what: str) -> list[str]:
    """The noble's cards whose bonus is the single effect ``gain 1 WHAT``."""
    found = []
    for c in RULES.political:
        steps = m.elementary(c.reward) if c.reward is not None and c.type == noble else []
        if [(d.kind, d.arg("what"), d.arg("amount")) for d in steps] == [("gain", what, 1)]:
            found.append(c.id)
    return found


def test_r15_3_step_3_one_bonus_per_noble_however_many_of_its_cards_go() -> None:
    # turn.py: ``card.reward is not None and card.type not in rewarded`` with ``or``.
    state, seat = _scenario()
    first, second = _gain_cards("manuel", "gold")[:2]
    state = t.give(state, seat, first, second)
    state = t.with_player(state, seat, rubble=(2, 2, 2), goods=(0, 0, 0, 0))  # 2 sets
    state = t.play(state, f"gold {state.players[seat].hand[4]}", f"take {state.piles[0][0]}")
    assert state.period == 2 and _top(state) == "period-discard" and state.to_act == seat
    gold = GOODS.index("gold")
    held = state.players[seat].goods[gold]
    state = t.play(state, f"discard {first}")
    assert state.players[seat].goods[gold] == held + 1  # Manuel's bonus, once
    state = t.play(state, f"discard {second}")
    # "Per Noble ... the bottom bonus of at most ONE of the discarded cards" (R15.3 step 3).
    assert state.players[seat].goods[gold] == held + 1
    assert first in state.removed and second in state.removed


def test_r10_1_4_a_north_building_counts_only_for_stores_facing_its_street() -> None:
    # stores.py: ``site.street == street`` with ``!=``. Only N-2 (the north end of the
    # pink street) is open; C3 touches pink and brown; column 3 scores 3 (ST3).
    state, seat = _scenario()
    blue, green = state.building_stacks
    state = t.with_state(state, opened=(("N-2", "PB01", "blue"),),
                         building_stacks=(tuple(b for b in blue if b != "PB01"), green))
    wigs = state.players[seat].wigs
    card = _noble_card("manuel")
    state = t.play(t.give(state, seat, card), f"visit {card}", "skip", pay_cash=True)
    pink = t.play(state, "store pink C3", "rubble none", "house left", pay_cash=True)
    assert pink.players[seat].wigs == wigs + 3 * 1
    brown = t.play(state, "store brown C3", "rubble none", "house left", pay_cash=True)
    assert brown.players[seat].wigs == wigs


def test_r8_4_1_every_store_of_the_seat_produces_whatever_the_order_of_the_stores() -> None:
    # state_actions.py: the ``continue`` past another seat's store with ``break``.
    state, seat = _scenario()
    other = (seat + 1) % 3
    state = t.with_state(state, stores=(("A1", other, GOOD_STREET["gold"]),
                                        ("B4", seat, GOOD_STREET["books"]),
                                        ("C1", other, GOOD_STREET["gold"]),
                                        ("D2", seat, GOOD_STREET["cloth"])))
    state = t.with_player(state, seat, goods=(0, 0, 0, 0))
    state = t.start_state_action(state, seat, "produce-goods")
    goods = state.players[seat].goods
    assert (goods[GOODS.index("books")], goods[GOODS.index("cloth")]) == (1, 1)
    assert goods[GOODS.index("gold")] == 0  # the other seat's stores are not the seat's


def test_r17_6_fewest_holds_for_every_seat_tied_at_the_least() -> None:
    # scoring.py: ``test == "fewest"`` with ``<`` (no shipped decree says "fewest"; the
    # vocabulary: "if no other player has fewer", ties count).
    from lisboa_core.dsl.nodes import Quantity
    from lisboa_core.games.lisboa.rules.scoring import holds

    state, seat = _scenario()
    a, b = (seat + 1) % 3, (seat + 2) % 3
    stores = Quantity("stores")
    state = t.with_state(state, stores=(("A1", a, "yellow"), ("B1", a, "yellow"),
                                        ("C1", b, "yellow")))
    assert [holds(state, s, "fewest", 0, stores) for s in (seat, a, b)] == [True, False, False]
    state = t.with_state(state, stores=(*state.stores, ("D1", seat, "yellow")))
    assert [holds(state, s, "fewest", 0, stores) for s in (seat, a, b)] == [True, False, True]


def test_the_rules_new_state_defaults_to_the_public_new_games_seed() -> None:
    # setup.py: ``seed: int = 0`` with ``-1``; api.new_game's documented default is seed 0.
    from lisboa_core.games.lisboa.rules.setup import new_state

    assert new_state(RULES) == new_game(4, seed=0)
    assert new_state(RULES) != new_game(4, seed=1)


def test_r12_a_discard_of_two_taken_cubes_asks_for_each(tmp_path: Path) -> None:
    # effects.py: ``if count > 1`` (another discard to come) with ``<``. The shipped
    # tiles discard 1 cube; an edited C29 discards 2 of the cubes just taken, and an
    # opening takes both of its site's cubes (R10.3.2 step 2).
    folder = tmp_path / "cards"
    shutil.copytree(CARDS, folder)
    path = folder / "clergy.lsb"
    old = "on take-rubble: may (discard 1 taken rubble, gain 2 wigs)"
    assert path.read_text(encoding="utf-8").count(old) == 1
    path.write_text(path.read_text(encoding="utf-8").replace(
        old, old.replace("discard 1", "discard 2")), encoding="utf-8")
    rules = load_rules(folder)
    state = t.first_turn(3, 1, rules=rules)
    seat = state.current
    tiles = tuple(x for p in state.players for x in p.clergy)
    for s in range(3):
        state = t.with_player(state, s, clergy=(), rubble=(0, 0, 0), reis=10)
    state = t.with_state(state, clergy_bag=tuple(
        x for x in (*state.clergy_bag, *tiles) if x != "C29"))
    state = t.with_player(state, seat, clergy=("C29",))
    site = [s.id for s in rules.sites].index("W-B")
    state = t.with_state(state, site_rubble=tuple(
        ("brown", "red") if i == site else cubes for i, cubes in enumerate(state.site_rubble)))
    card = next(c.id for c in rules.political if c.deck == "blue" and c.type == "king")
    state = t.play(t.give_plans(t.give(state, seat, card), seat, "PL01"), f"visit {card}",
                   "skip", "build W-B PL01", pay_cash=True)
    assert state.players[seat].rubble == (1, 1, 0) and _top(state) == "may"
    wigs = state.players[seat].wigs
    state = t.play(state, "yes", "discard brown")
    assert _moves(state) == ["discard red"]  # the second of the two
    state = t.play(state, "discard red")
    assert state.players[seat].rubble == (0, 0, 0)
    assert state.players[seat].wigs == wigs + 2


def test_r13_3_each_catalogue_gives_its_own_house_ability(tmp_path: Path) -> None:
    # ops.py: the passive-effects cache's ``last[3] == state.catalogue`` with ``>=``. Two
    # games, the shipped cards and a user's edit of the middle group's first house, whose
    # seats hold the very same tuples: each must read its own catalogue (R13.3: the
    # shipped house makes ships cost 1 good fewer; the edit, 2).
    folder = tmp_path / "cards"
    shutil.copytree(CARDS, folder)
    path = folder / "player_board.lsb"
    old = "  ability middle 1 {\n    modify ship-goods -1\n"
    assert path.read_text(encoding="utf-8").count(old) == 1
    path.write_text(path.read_text(encoding="utf-8").replace(old, old.replace("-1", "-2")),
                    encoding="utf-8")
    clergy, bottom, houses = (), (None, None, None), (0, 1, 0)
    games = {amount: t.with_player(t.first_turn(3, 1, rules=rules), 0, clergy=clergy,
                                   bottom=bottom, houses=houses)
             for amount, rules in ((-1, RULES), (-2, load_rules(folder)))}
    assert games[-1].catalogue != games[-2].catalogue
    # Ask the catalogue with the larger digest first, then the other, then back.
    order = sorted(games, key=lambda amount: games[amount].catalogue, reverse=True)
    for amount in (*order, *order):
        mods = ops.passive(games[amount], 0).modifiers["ship-goods"]
        assert [mod.amount for mod in mods] == [amount]


# --- core (found by `make mutate PACKAGE=core`) ---------------------------------------------


def test_a_shuffle_longer_than_the_table_of_limits_is_a_permutation() -> None:
    # rng.py: ``size < len(_LIMITS)`` with ``>`` (the table holds sizes up to 1024).
    from lisboa_core.core.rng import Rng

    items = tuple(range(3000))
    shuffled, _rng = Rng(7).shuffle(items)
    assert sorted(shuffled) == list(items) and shuffled != items


def test_a_frame_replaced_in_one_field_keeps_the_others() -> None:
    # frame.py: ``changes.keys() <= _FIELD_SET`` with ``==``.
    from lisboa_core.core.frame import Frame

    frame = Frame("draft", 1, ("a",))
    assert frame.replaced({"seat": 2}) == Frame("draft", 2, ("a",))
    with pytest.raises(AttributeError, match="'colour'"):
        frame.replaced({"colour": "red"})
