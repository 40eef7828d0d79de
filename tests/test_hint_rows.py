"""Every claim of Lisboa's declared hint tables pinned on a position where it decides the
answer, checked against the bare search (issue 35).

The tables are declared through :mod:`lisboa_core.core.hint_tables` where the hints read
them (``inert`` and ``cannot-help`` in hints/visit_hints.py, ``bounds`` in hints/bounds.py);
:func:`test_every_declared_cell_has_a_pinned_position` reads them from there and fails when
a cell is added or removed without a pin here. Each pin is named after the rule its cell
rests on (docs/games/lisboa/rules.md).

- ``inert``: a visit's free State action that leaves its Noble action as possible as before
  (R9.1 step 4). Pinned at a visit-option decision where the Noble action is certain: the
  judge calls the State action legal (only the cell can make it say so), and so does the
  bare search.
- ``cannot-help``: a State action that cannot make an impossible Noble action possible.
  Pinned where the Noble action is impossible and the State action is offered: the
  verdict calls the visit unfinishable (without the cell it could not tell), and so does
  the bare search.
- ``bounds``: a term a bound counts toward what a seat could pay. Pinned where that term
  is what makes the move payable: with it the prune keeps the move and the bare search
  finds it legal; a real (or a step) less, the prune drops it and the bare search agrees.

The nobles of the shipped board offer two State actions each (Manuel: recruit, plan;
Marquis: ship, produce; King: cardinal, favor); a claim about another pair is pinned on
an edited board (a user's catalogue may pair them so: tests/hint_positions.py's boards).
"""

from __future__ import annotations

import lisboa_core.games.lisboa.hints  # noqa: F401  (registers the hints and their tables)
from hint_positions import board
from lisboa_core import parse_move
from lisboa_core.core import hint_tables
from lisboa_core.core import stack as core
from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.hints import bounds, visit_hints
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import State

GAME = STACK.game
SHIPPED = board("shipped")

class _Bare:
    """The hints switched off: the rules' own move lists, every move played out."""

    def __enter__(self) -> None:
        core.SWITCHES.shortcuts = False

    def __exit__(self, *exc: object) -> None:
        core.SWITCHES.shortcuts = True


def _bare_completes(state: State, move: Move) -> bool:
    with _Bare():
        return STACK.completes(state, move)


def _bare_completable(state: State) -> bool:
    with _Bare():
        return STACK.completable(state, 0)


def _plain(state: State, seat: int) -> State:
    """The seat without clergy tiles: no trigger, no modifier (R17.2)."""
    return t.with_player(state, seat, clergy=())


def _at_visit_option(rules: Rules, noble: str, **purse: object) -> tuple[State, int]:
    """A two-player position at the visitor's free State action (R9.1 step 4): the visit
    to ``noble`` paid from influence, then the seat's purse set to ``purse``."""
    state = t.first_turn(2, 3, rules=rules)
    seat = state.to_act
    assert seat is not None
    card = next(c.id for c in rules.political if c.type == noble)
    state = t.with_player(t.give(_plain(state, seat), seat, card), seat, hand=(card,),
                          influence=10, wigs=5)
    state = STACK.step(state, parse_move(state, f"visit {card}"))  # cost paid (R9.5)
    assert state.pending[-1].kind == "visit-option"
    return t.with_player(state, seat, **purse), seat


def _visit_option_answers(state: State) -> dict[Move, bool | None]:
    frame = state.pending[-1]
    handler = STACK.handler(frame.kind)
    moves = STACK.raw_moves(state)
    assert handler.judge is not None
    return dict(zip(moves, handler.judge(state, frame, moves), strict=True))


def _visit_option_verdict(state: State) -> bool | None:
    frame = state.pending[-1]
    handler = STACK.handler(frame.kind)
    assert handler.verdict is not None
    return handler.verdict(state, frame, STACK.raw_moves(state))


# --- inert: a certain Noble action stays certain after the State action -----------------

_NOBLE_OF = {"build-store": "manuel", "take-decree": "marquis", "open-building": "king"}
_CERTAIN = {  # a purse with which the Noble action is certain at once (R10)
    "build-store": {"reis": 30, "influence": 0},
    "take-decree": {"reis": 0, "influence": 0},
    "open-building": {"reis": 40, "influence": 0},
}


def _inert_pin(rules: Rules, action: str, state_action: str) -> None:
    """At a visit whose Noble action ``action`` is certain now, the free State action
    ``state_action`` is judged legal by the ``inert`` cell alone, as the bare search finds."""
    state, seat = _at_visit_option(rules, _NOBLE_OF[action], **_CERTAIN[action],
                                   goods=(1, 1, 1, 1))
    if action == "open-building":
        state = t.give_plans(state, seat, *(s[0] for s in state.plan_stacks if s))
    assert visit_hints.noble_action_now(state, seat, action)
    move = Move("state-action", (state_action,))
    answers = _visit_option_answers(state)
    assert move in answers, (state_action, list(answers))
    assert answers[move] is True
    assert _bare_completes(state, move) is True


@hint_tables.pins(GAME, "inert", "build-store", "recruit-officials")
def test_r8_1_recruiting_leaves_a_certain_store_certain() -> None:
    # R8.1: officials move from storage to offices; no price, fund or land changes.
    _inert_pin(board("shipped"), "build-store", "recruit-officials")


@hint_tables.pins(GAME, "inert", "build-store", "acquire-plan")
def test_r8_2_a_plan_taken_leaves_a_certain_store_certain() -> None:
    # R8.2: the plan goes to the seat's plan area.
    _inert_pin(board("shipped"), "build-store", "acquire-plan")


@hint_tables.pins(GAME, "inert", "build-store", "produce-goods")
def test_r8_4_producing_leaves_a_certain_store_certain() -> None:
    # R8.4: goods in, goods prices down; land prices are treasury and rubble (R10.1.3).
    _inert_pin(board("b"), "build-store", "produce-goods")


@hint_tables.pins(GAME, "inert", "build-store", "royal-favor")
def test_r8_6_a_royal_favor_leaves_a_certain_store_certain() -> None:
    # R8.6.2: a favor only allows following and scores at the end.
    _inert_pin(board("a"), "build-store", "royal-favor")


@hint_tables.pins(GAME, "inert", "open-building", "recruit-officials")
def test_r10_3_2_4_recruited_officials_are_returned_before_hiring() -> None:
    # R8.1 puts officials in offices, which an opening returns first (R10.3.2.4).
    _inert_pin(board("a"), "open-building", "recruit-officials")


@hint_tables.pins(GAME, "inert", "open-building", "acquire-plan")
def test_r8_2_a_plan_taken_leaves_a_certain_opening_certain() -> None:
    _inert_pin(board("a"), "open-building", "acquire-plan")


@hint_tables.pins(GAME, "inert", "open-building", "produce-goods")
def test_r8_4_producing_leaves_a_certain_opening_certain() -> None:
    # R8.4: the hiring price is the treasury value (R10.3.2.4), which producing leaves.
    _inert_pin(board("b"), "open-building", "produce-goods")


@hint_tables.pins(GAME, "inert", "open-building", "royal-favor")
def test_r8_6_a_royal_favor_leaves_a_certain_opening_certain() -> None:
    _inert_pin(board("shipped"), "open-building", "royal-favor")


@hint_tables.pins(GAME, "inert", "take-decree", "recruit-officials")
def test_r8_1_recruiting_leaves_the_decrees_on_display() -> None:
    # R10.2.1: a decree needs one on display; nothing of R8.1 touches the display.
    _inert_pin(board("a"), "take-decree", "recruit-officials")


@hint_tables.pins(GAME, "inert", "take-decree", "acquire-plan")
def test_r8_2_a_plan_taken_leaves_the_decrees_on_display() -> None:
    _inert_pin(board("a"), "take-decree", "acquire-plan")


@hint_tables.pins(GAME, "inert", "take-decree", "produce-goods")
def test_r8_4_producing_leaves_the_decrees_on_display() -> None:
    _inert_pin(board("shipped"), "take-decree", "produce-goods")


@hint_tables.pins(GAME, "inert", "take-decree", "royal-favor")
def test_r8_6_a_royal_favor_leaves_the_decrees_on_display() -> None:
    _inert_pin(board("b"), "take-decree", "royal-favor")


@hint_tables.pins(GAME, "inert", "take-decree", "build-ship")
def test_r8_3_5_a_ship_moves_the_treasury_but_no_decree() -> None:
    # R8.3.5-R8.3.6: the treasury marker up and influence gained; a decree costs nothing.
    _inert_pin(board("shipped"), "take-decree", "build-ship")


def _cheapest_store(state: State, seat: int) -> int:
    """The cheapest land price on offer to the seat, its dearest cube taken (R10.1.3)."""
    started = t.start_noble_action(state, seat, "build-store")
    facts, prices = bounds._land_facts(started), bounds._prices(started, seat)
    return min(prices.cheapest(facts[str(m.args[1])]) for m in STACK.raw_moves(started))


def _reis_rewards(rules: Rules) -> list[str]:
    """The lands whose reward gains reis (R10.1.2.3)."""
    return [land.id for land in rules.lands if any(
        d.kind == "gain" and ops.arg(d, "what") == "reis" for d in ops.elementary(land.reward))]


def test_r8_3_5_a_ship_raises_the_land_prices_so_it_can_stop_a_store() -> None:
    """The issue's mutant ("build-ship" in the build-store row of ``inert``): a ship moves
    the treasury marker one space up (R8.3.5), which raises every land price by the step
    of the treasury value (R10.1.3); its influence (R8.3.6) adds nothing to a marker at
    the top of its track (R5.1). With the other seat's stores on the lands that pay reis
    and no clergy tile in the church (no reward can lift the seat's funds), a seat whose
    cash and influence are exactly the cheapest land price can build a store at once but
    not after building the ship: the ship is illegal, and the judge must not call it
    legal. (Manuel offering the ship is an edited board; see test_hint_boundaries.py.)"""
    rules = board("b")
    state, seat = _at_visit_option(rules, "manuel", reis=0, influence=10, goods=(1, 1, 1, 1))
    for land in _reis_rewards(rules):
        state = t.add_store(state, 1 - seat, land)
    track = ops.board_of(rules).treasury
    assert track[state.treasury + 1].value == track[state.treasury].value + 1
    state = t.with_state(state, church=(None,) * len(state.church))
    funds = _cheapest_store(state, seat)
    state = t.with_player(state, seat, reis=funds - ops.reis_value(state, 10))
    ship = Move("state-action", ("build-ship",))
    assert ship in STACK.raw_moves(state)
    # the store is certain now (a land within the funds), so an inert cell would decide
    assert visit_hints.noble_action_now(state, seat, "build-store")
    assert _bare_completes(state, Move("skip")) is True
    assert _bare_completes(state, ship) is False
    assert _visit_option_answers(state)[ship] in (None, False)
    # a real more, and the dearer land is within the funds after the ship as well
    richer = t.with_player(state, seat, reis=state.players[seat].reis + 1)
    assert _bare_completes(richer, ship) is True


# --- cannot-help: an impossible Noble action stays impossible after the State action ----

_IMPOSSIBLE = {  # the seat and the board such that the Noble action cannot be done (R10)
    "build-store": {"reis": 0, "influence": 0},  # no land is free (R10.1.3)
    "take-decree": {"reis": 0, "influence": 0},  # the display emptied below (R10.2.4)
    "open-building": {"reis": 0, "influence": 0, "plans": ()},  # no plan (R10.3.1)
}


def _cannot_help_pin(rules: Rules, action: str, state_action: str) -> None:
    """At a visit whose Noble action ``action`` cannot be done now, the verdict calls the
    visit unfinishable although ``state_action`` is offered (the ``cannot-help`` cell
    says it cannot make the action possible), and so does the bare search."""
    state, seat = _at_visit_option(rules, _NOBLE_OF[action], **_IMPOSSIBLE[action],
                                   goods=(1, 1, 1, 1))
    if action == "take-decree":
        state = t.with_state(state, decree_display=())
    if action == "open-building":  # no tile in the church could bring a plan (R8.5.3)
        state = t.with_state(state, church=tuple(
            tile if tile is None or not visit_hints._gives_plan(state, tile) else None
            for tile in state.church))
    move = Move("state-action", (state_action,))
    assert move in STACK.raw_moves(state), (state_action, STACK.raw_moves(state))
    assert not visit_hints.noble_action_now(state, seat, action)
    assert _visit_option_verdict(state) is False
    assert _bare_completable(state) is False
    assert _bare_completes(state, move) is False


@hint_tables.pins(GAME, "cannot-help", "build-store", "recruit-officials")
def test_r8_1_recruiting_pays_for_no_store() -> None:
    # R8.1: officials move; the seat's cash and influence, the prices stay (R10.1.3).
    _cannot_help_pin(board("shipped"), "build-store", "recruit-officials")


@hint_tables.pins(GAME, "cannot-help", "build-store", "acquire-plan")
def test_r8_2_a_plan_pays_for_no_store() -> None:
    _cannot_help_pin(board("shipped"), "build-store", "acquire-plan")


@hint_tables.pins(GAME, "cannot-help", "build-store", "royal-favor")
def test_r8_6_a_royal_favor_pays_for_no_store() -> None:
    _cannot_help_pin(board("a"), "build-store", "royal-favor")


@hint_tables.pins(GAME, "cannot-help", "open-building", "royal-favor")
def test_r8_6_a_royal_favor_brings_no_plan_to_open() -> None:
    # R10.3.1 needs a plan in hand; a favor tile brings none.
    _cannot_help_pin(board("shipped"), "open-building", "royal-favor")


@hint_tables.pins(GAME, "cannot-help", "take-decree", "recruit-officials")
def test_r10_2_4_recruiting_adds_no_decree_to_the_display() -> None:
    # R10.2.4: the display refills only at the end of the turn.
    _cannot_help_pin(board("a"), "take-decree", "recruit-officials")


@hint_tables.pins(GAME, "cannot-help", "take-decree", "acquire-plan")
def test_r10_2_4_a_plan_adds_no_decree_to_the_display() -> None:
    _cannot_help_pin(board("a"), "take-decree", "acquire-plan")


@hint_tables.pins(GAME, "cannot-help", "take-decree", "build-ship")
def test_r10_2_4_a_ship_adds_no_decree_to_the_display() -> None:
    _cannot_help_pin(board("shipped"), "take-decree", "build-ship")


@hint_tables.pins(GAME, "cannot-help", "take-decree", "produce-goods")
def test_r10_2_4_producing_adds_no_decree_to_the_display() -> None:
    _cannot_help_pin(board("shipped"), "take-decree", "produce-goods")


@hint_tables.pins(GAME, "cannot-help", "take-decree", "meet-cardinal")
def test_r10_2_4_the_cardinal_adds_no_decree_to_the_display() -> None:
    _cannot_help_pin(board("b"), "take-decree", "meet-cardinal")


@hint_tables.pins(GAME, "cannot-help", "take-decree", "royal-favor")
def test_r10_2_4_a_royal_favor_adds_no_decree_to_the_display() -> None:
    _cannot_help_pin(board("b"), "take-decree", "royal-favor")


# --- the row-coverage check ---------------------------------------------------------------


def test_every_declared_cell_has_a_pinned_position() -> None:
    """The tables are read from their declarations (lisboa_core.core.hint_tables), not
    copied here: a cell added to or removed from a table without a pin fails."""
    declared = {table.name for table in hint_tables.tables(GAME)}
    assert {"inert", "cannot-help", "bounds"} <= declared
    missing, stale = hint_tables.unpinned(GAME, hint_tables.pinned(globals()))
    assert not missing, f"cells without a pinned position: {missing}"
    assert not stale, f"pins of cells no table declares: {stale}"


def test_the_declared_tables_are_the_ones_the_hints_read() -> None:
    """The declarations hand the hints their tables unchanged (the same objects)."""
    found = {table.name: table.rows for table in hint_tables.tables(GAME)}
    for name, read in (("inert", visit_hints._INERT),
                       ("cannot-help", visit_hints._CANNOT_HELP),
                       ("bounds", bounds._BOUND_TERMS)):
        assert found[name] == {row: frozenset(entries) for row, entries in read.items()}


# --- bounds: each term a bound counts decides a move at the edge ------------------------


def _land_pin(state: State, seat: int, land: str, keep: dict[str, int],
              drop: dict[str, int]) -> None:
    """At a store decision: with purse ``keep`` the prune keeps the stores on ``land`` and
    the bare search finds one legal; with ``drop`` the prune drops them all, and the bare
    search finds none legal (R10.1.3, R0.11)."""
    for purse, kept in ((keep, True), (drop, False)):
        probe = t.with_player(state, seat, **purse)
        frame = probe.pending[-1]
        moves = STACK.raw_moves(probe)
        on_land = [m for m in moves if m.args[1] == land]
        assert on_land, (land, moves)
        handler = STACK.handler(frame.kind)
        assert handler.prune is not None
        pruned = handler.prune(probe, frame, moves)
        assert all((m in pruned) == kept for m in on_land), (purse, kept)
        assert any(_bare_completes(probe, m) for m in on_land) == kept, (purse, kept)


def _store_start(rules: Rules = SHIPPED, treasury: int = 0) -> tuple[State, int]:
    """A plain seat starting Build a Store (R10.1), the treasury marker on ``treasury``,
    no clergy tile in the church."""
    state = t.first_turn(2, 3, rules=rules)
    seat = state.to_act
    assert seat is not None
    state = t.with_state(_plain(state, seat), treasury=treasury,
                         church=(None,) * len(state.church))
    return t.start_noble_action(state, seat, "build-store"), seat


def _land(state: State, seat: int, test: str, rubble: bool = False) -> tuple[str, int]:
    """The cheapest land on offer whose reward is ``test`` ('none', 'reis', 'influence',
    'clergy'), with a cube in its row or column if ``rubble``, and its price."""
    facts, prices = bounds._land_facts(state), bounds._prices(state, seat)
    rules = ops.rules_of(state)
    kinds = {"none": (), "reis": ("gain",), "influence": ("gain",),
             "clergy": ("move_cardinal", "take_clergy")}
    found = []
    for move in STACK.raw_moves(state):
        land_id = str(move.args[1])
        space = ops.component(rules, land_id)
        steps = ops.elementary(space.reward)  # type: ignore[union-attr]
        if tuple(d.kind for d in steps) != kinds[test]:
            continue
        if test in ("reis", "influence") and ops.arg(steps[0], "what") != test:
            continue
        fact = facts[land_id]
        if rubble and not (state.row_rubble[fact.row] or state.column_rubble[fact.column]):
            continue
        found.append((prices.cheapest(fact), land_id))
    price, land_id = min(found)
    return land_id, price


@hint_tables.pins(GAME, "bounds", "land", "cash")
def test_r10_1_3_a_land_is_paid_from_cash() -> None:
    state, seat = _store_start()
    land, price = _land(state, seat, "none")
    _land_pin(state, seat, land, {"reis": price, "influence": 0},
              {"reis": price - 1, "influence": 0})


@hint_tables.pins(GAME, "bounds", "land", "influence")
def test_r5_6_influence_covers_a_land_price_one_real_per_icon() -> None:
    # R5.6: the marker at 3 passes two icons (2 reis), at 2 one.
    state, seat = _store_start()
    land, price = _land(state, seat, "none")
    assert price >= 2 and ops.reis_value(state, 3) == 2 and ops.reis_value(state, 2) == 1
    _land_pin(state, seat, land, {"reis": price - 2, "influence": 3},
              {"reis": price - 2, "influence": 2})


@hint_tables.pins(GAME, "bounds", "land", "reward-reis")
def test_r10_1_2_3_the_lands_reis_come_before_its_price() -> None:
    state, seat = _store_start()
    land, price = _land(state, seat, "reis")
    _land_pin(state, seat, land, {"reis": price - 2, "influence": 0},
              {"reis": price - 3, "influence": 0})


@hint_tables.pins(GAME, "bounds", "land", "reward-influence")
def test_r10_1_2_3_the_lands_influence_comes_before_its_price() -> None:
    # "gain 1 influence" from 0 passes one icon (R5.6).
    state, seat = _store_start()
    land, price = _land(state, seat, "influence")
    _land_pin(state, seat, land, {"reis": price - 1, "influence": 0},
              {"reis": price - 2, "influence": 0})


@hint_tables.pins(GAME, "bounds", "land", "payment-discount")
def test_r0_11_a_payment_discount_lowers_the_land_price() -> None:
    # C31: every payment of reis one less (R17.2).
    state, seat = _store_start()
    state = t.give_clergy(state, seat, "C31")
    land, price = _land(state, seat, "none")
    _land_pin(state, seat, land, {"reis": price - 1, "influence": 0},
              {"reis": price - 2, "influence": 0})


@hint_tables.pins(GAME, "bounds", "land", "rubble-trigger")
def test_r17_2_8_the_stores_cube_pays_before_the_price() -> None:
    # C30: a real per cube taken; the store's cube is taken before paying (R10.1.2.4).
    state, seat = _store_start()
    state = t.give_clergy(state, seat, "C30")
    land, price = _land(state, seat, "none", rubble=True)
    _land_pin(state, seat, land, {"reis": price - 1, "influence": 0},
              {"reis": price - 2, "influence": 0})


@hint_tables.pins(GAME, "bounds", "land", "clergy-tile")
def test_r8_5_3_a_tile_the_reward_takes_pays_before_the_price() -> None:
    # A land whose reward moves the cardinal a step and takes a tile beside him (R8.5.5):
    # C32 alone there, 7 influence when taken (R8.5.3), 4 reis from no influence (R5.6).
    state, seat = _store_start()
    icons = dict(ops.board_of(SHIPPED).church_icons)
    gap = (state.cardinal + 1) % len(state.church)
    assert icons.get(gap) != "treasury"  # the step moves no price (R14.3)
    church: list[str | None] = [None] * len(state.church)
    church[gap] = "C32"
    bag = tuple(x for x in state.clergy_bag if x != "C32")
    state = t.with_state(state, church=tuple(church), clergy_bag=bag)
    assert ops.reis_value(state, 7) == 4
    land, price = _land(state, seat, "clergy")
    _land_pin(state, seat, land, {"reis": price - 4, "influence": 0},
              {"reis": price - 5, "influence": 0})


def _opening_start(treasury: int = 2, out: bool = True) -> tuple[State, int, str]:
    """A plain seat starting Open a Public Building (R10.3) with a plan of 6 officials, no
    clergy tile in the church; ``out``: its one official in the Marquis's office stays
    there (else it is back in storage)."""
    state = t.first_turn(2, 3)
    seat = state.to_act
    assert seat is not None
    rules = ops.rules_of(state)
    plan = next(p for s in state.plan_stacks for p in s
                if ops.component(rules, p).officials == 6)  # type: ignore[union-attr]
    state = t.with_state(_plain(state, seat), treasury=treasury,
                         church=(None,) * len(state.church))
    assert bounds._officials_out_count(state, seat) == 1
    if not out:
        offices = tuple(tuple(o for o in office if o != seat) for office in state.offices)
        state = t.with_state(state, offices=offices)
        state = t.with_player(state, seat, officials=state.players[seat].officials + 1)
    state = t.start_noble_action(t.give_plans(state, seat, plan), seat, "open-building")
    return state, seat, plan


def _opening_kept(state: State, seat: int, plan: str, **purse: int) -> bool:
    """Whether the prune keeps the openings of ``plan`` (all or none: it prunes by plan),
    and, when it drops them, the bare search agrees that none is legal (R10.3.2.4)."""
    probe = t.with_player(state, seat, **purse)
    frame = probe.pending[-1]
    moves = [m for m in STACK.raw_moves(probe) if m.args[1] == plan]
    handler = STACK.handler(frame.kind)
    assert moves and handler.prune is not None
    kept = set(handler.prune(probe, frame, tuple(moves)))
    assert len(kept) in (0, len(moves))
    if not kept:
        assert not any(_bare_completes(probe, m) for m in moves), purse
    return bool(kept)


def _opening_legal(state: State, seat: int, plan: str, **purse: int) -> bool:
    probe = t.with_player(state, seat, **purse)
    return any(_bare_completes(probe, m) for m in STACK.raw_moves(probe) if m.args[1] == plan)


# The bound on an opening (bounds._opening_funds): the cash, the marker at the top of its
# track (5 reis, R5.6), the most reis a site's reward gives (3), against the officials
# still to hire, the most a site's reward places (2) and the seat's own out first taken
# off (R10.3.2 steps 2 and 4), each at the treasury value.


@hint_tables.pins(GAME, "bounds", "opening", "hire-price")
def test_r10_3_2_4_each_official_hired_costs_the_treasury_value() -> None:
    # 6 - 2 placed - 1 out = 3 to hire: at value 3, 9 within 1 + 5 + 3; at 4, 12 beyond.
    values = [space.value for space in ops.board_of(SHIPPED).treasury]
    assert values[2:4] == [3, 4]
    state, seat, plan = _opening_start(treasury=2)
    assert _opening_kept(state, seat, plan, reis=1, influence=10)
    dearer, seat, plan = _opening_start(treasury=3)
    assert not _opening_kept(dearer, seat, plan, reis=1, influence=10)
    assert _opening_legal(dearer, seat, plan, reis=12 - 5, influence=10)


@hint_tables.pins(GAME, "bounds", "opening", "officials-out")
def test_r10_3_2_4_officials_out_are_returned_before_any_is_hired() -> None:
    # with its official back in storage the seat hires 4 (12 beyond 9), not 3 (9)
    state, seat, plan = _opening_start(out=True)
    assert _opening_kept(state, seat, plan, reis=1, influence=10)
    stored, seat, plan = _opening_start(out=False)
    assert not _opening_kept(stored, seat, plan, reis=1, influence=10)


@hint_tables.pins(GAME, "bounds", "opening", "site-reward")
def test_r10_3_2_2_a_sites_reward_comes_before_the_officials() -> None:
    # the bound's edge: 1 + 5 + 3 reis kept, 0 + 5 + 3 dropped; the rules' own purse:
    # a site placing 2 officials (R10.3.2 step 2) leaves 3 to hire at 3 reis each, 9 =
    # 4 in cash + 5 from the marker (R5.6)
    state, seat, plan = _opening_start()
    assert _opening_kept(state, seat, plan, reis=1, influence=10)
    assert not _opening_kept(state, seat, plan, reis=0, influence=10)
    assert _opening_legal(state, seat, plan, reis=4, influence=10)
    assert not _opening_legal(state, seat, plan, reis=3, influence=10)
