"""Rules engine II: visiting a Noble and following (R9), the three Noble actions (R10) and
Sponsor an Event (R11), each from a compact scenario state.

Cards are looked up in the catalogue by what they do (their type, compiled reward or
event), never by id; board pieces (land spaces, sites, plans, public buildings) are named
by their printed identity, and every expected number is worked out from rules.md and the
printed values (treasury track, rubble costs, scoring tiles, plan officials).
"""

from __future__ import annotations

import functools

from lisboa_core import score
from lisboa_core.api import apply, explain_illegal, legal_moves
from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import load_rules
from lisboa_core.games.lisboa.state import NEUTRAL, NOBLES, State

RULES = load_rules()
BOARD = RULES.board
RUBBLE_COST = {colour: cost for colour, _n, cost in BOARD.rubble}  # brown 3, red 2, blue 1
TREASURY = BOARD.treasury  # (modifier, value) per space, bottom to top


# --- catalogue look-ups ----------------------------------------------------------------


_play = functools.partial(t.play, pay_cash=True)
"""Play moves in notation; payment splits they do not name are paid in cash."""


def _noble_card(noble: str) -> str:
    """A blue-deck noble card of ``noble`` (its portrait decides the Noble visited)."""
    return next(c.id for c in RULES.political if c.deck == "blue" and c.type == noble)


def _single(effect: m.Seq | None) -> m.Do | None:
    if effect is not None and len(effect.steps) == 1 and isinstance(effect.steps[0], m.Do):
        return effect.steps[0]
    return None


def _noble_with_reward(kind: str, **args: object) -> str:
    return next(
        c.id
        for c in RULES.political
        if (do := _single(c.reward)) is not None
        and do.kind == kind
        and all(do.arg(k) == v for k, v in args.items())
    )


def _event_actions(card: m.PoliticalCard) -> tuple[str, ...] | None:
    """The noble actions a treasury event offers to choose from, if it is such a choice."""
    event = card.event
    if event is None or len(event.steps) != 1 or not isinstance(event.steps[0], m.Choose):
        return None
    actions = []
    for option in event.steps[0].options:
        do = _single(option)
        if do is None or do.kind != "perform":
            return None
        actions.append(do.arg("action"))
    return tuple(actions)


def _treasury_with_event_choice(*actions: str) -> str:
    return next(
        c.id for c in RULES.political if c.is_treasury and _event_actions(c) == actions
    )


def _treasury_with_event(kind: str, **args: object) -> str:
    return next(
        c.id
        for c in RULES.political
        if c.is_treasury
        and (do := _single(c.event)) is not None
        and do.kind == kind
        and all(do.arg(k) == v for k, v in args.items())
    )


def _treasury_with_modifier(hook: str, amount: int | None) -> str:
    return next(
        c.id
        for c in RULES.political
        if c.is_treasury
        and any(mod.hook == hook and mod.amount == amount for mod in c.permanent.modifiers)
        and not c.permanent.triggers
    )


def _clergy_with_modifier(hook: str, amount: int | None) -> str:
    return next(
        tile.id
        for tile in RULES.clergy
        if any(mod.hook == hook and mod.amount == amount and not mod.qualifiers
               for mod in tile.behaviour.modifiers)
    )


def _decree(subject: str, **filters: object) -> str:
    return next(
        d.id
        for d in RULES.decrees
        if d.score.form == "per"
        and d.score.quantity.subject == subject
        and dict(d.score.quantity.filters) == filters
    )


# --- scenario helpers ------------------------------------------------------------------


def _scenario(players: int = 3, seed: int = 1) -> tuple[State, int]:
    """The first action choice of a new game with no clergy tile held (all back in the
    bag), no Royal Favor held (all at the portraits), no rubble left on the downtown row
    and column spaces (so a land costs exactly the treasury value), the treasury marker on
    its start space and every seat with one good of each type and 10 reis."""
    state = t.first_turn(players, seed)
    tiles = tuple(tile for p in state.players for tile in p.clergy)
    for seat in range(players):
        state = t.with_player(state, seat, clergy=(), favors=(), goods=(1, 1, 1, 1), reis=10)
    cubes = sum(map(len, (*state.row_rubble, *state.column_rubble)))
    state = t.with_state(
        state,
        clergy_bag=state.clergy_bag + tiles,
        favor_supply=(players,) * 3,
        row_rubble=((),) * len(state.row_rubble),
        column_rubble=((),) * len(state.column_rubble),
        rubble_out=state.rubble_out + cubes,
        scoring_tiles=("ST1", "ST2", "ST3", "ST4"),  # columns 1-4 score 3, 4, 3, 4
    )
    return state, state.current



def _staff(state: State, offices: tuple[tuple[int, ...], ...],
           plazas: tuple[tuple[int, ...], ...] = ((), (), ())) -> State:
    """Set offices and plazas; each seat's storage keeps its 8 officials in all."""
    state = t.with_state(state, offices=offices, plazas=plazas)
    for seat in range(state.player_count):
        placed = sum(o.count(seat) for o in offices) + sum(z.count(seat) for z in plazas)
        state = t.with_player(state, seat, officials=RULES.player_board.officials - placed)
    return state



def _available(state: State, architect: str, building: str) -> State:
    """``building`` moved to the top of the architect's stack (the available one)."""
    blue, green = (tuple(b for b in stack if b != building) for stack in state.building_stacks)
    if architect == "blue":
        return t.with_state(state, building_stacks=((building, *blue), green))
    return t.with_state(state, building_stacks=(blue, (building, *green)))




def _until(state: State, *kinds: str) -> State:
    """Play the first legal move until a decision of one of ``kinds`` is on top."""
    while _top(state) not in kinds:
        state = apply(state, legal_moves(state)[0])
    return state


def _moves(state: State) -> list[str]:
    return [str(mv) for mv in legal_moves(state)]


def _top(state: State) -> str:
    return state.pending[-1].kind


def _pass_follows(state: State) -> State:
    """Every other seat declines to follow (R9.6)."""
    while _top(state) == "follow":
        state = _play(state, "pass")
    return state


def _column_value(state: State, column: int) -> int:
    space = dict(BOARD.scoring_spaces)[column]
    return RULES.typed(state.scoring_tiles[space - 1], m.ScoringTile).wigs


def _others(state: State, seat: int) -> list[int]:
    """The other seats, clockwise from the seat's left (R0.8)."""
    n = state.player_count
    return [(seat + i) % n for i in range(1, n)]


# --- R9 Visit a Noble -------------------------------------------------------------------


def test_r9_1_visit_steps_card_cost_optional_state_action_then_noble_action() -> None:
    state, seat = _scenario()
    card = _noble_card("marquis")
    state = t.give(state, seat, card)
    blue = next(s.id for s in RULES.ships if s.hull == 1)
    state = t.with_state(state, shipyard=(blue,))
    state = t.with_player(state, seat, influence=5, top=(None,) * 3)
    # Setup put one official of every seat in the Marquis's office (R2.2.6): 2 of others.
    assert sorted(state.offices[NOBLES.index("marquis")]) == [0, 1, 2]
    state = _play(state, f"visit {card}")
    # Steps 1-3: the card left the hand for the court and the cost (0 + 2) is paid...
    p = state.players[seat]
    assert card not in p.hand and card not in state.removed
    assert p.influence == 5 - (TREASURY[state.treasury].modifier + 2)
    # ... step 4: optionally ONE of the Marquis's two State actions, without a good.
    assert _moves(state) == ["skip", "state-action build-ship", "state-action produce-goods"]
    state = _play(state, "state-action build-ship", "ship new gold")
    assert state.players[seat].goods == (0, 1, 1, 1)  # only the hull-1 ship's one good
    assert blue in state.players[seat].top
    # Step 5: the Noble action (Take a Decree) is mandatory: no way to skip it.
    assert _top(state) == "take-decree"
    assert all(mv.startswith("decree ") for mv in _moves(state))


def test_r9_2_no_visit_when_the_noble_action_cannot_be_performed() -> None:
    state, seat = _scenario()
    marquis, king, manuel = (_noble_card(n) for n in ("marquis", "king", "manuel"))
    state = t.give(state, seat, marquis, king, manuel)
    # Take a Decree with an empty display; Open a Public Building with no plan; Build a
    # Store with every house gone (R10.1.6).
    state = t.with_state(state, decree_display=())
    state = t.with_player(state, seat, plans=(), houses=(2, 3, 3))
    moves = _moves(state)
    for card in (marquis, king, manuel):
        assert f"visit {card}" not in moves
        assert f"tuck {card}" in moves or f"gold {card}" in moves
        reason = explain_illegal(state, Move("visit", (card,)))
        assert reason is not None and "R3.6" in reason


def test_r9_2_a_payment_choice_that_leaves_the_store_unpaid_is_not_offered() -> None:
    # A24: the visit is legal if some sequence completes, and only choices that keep it
    # completable are offered. The left group's 2nd house (R13.2) lets the visit cost be
    # paid in reis; paying too much of it in reis leaves the land price unpaid.
    state, seat = _scenario()
    a, b = _others(state, seat)
    card = _noble_card("manuel")
    state = t.give(state, seat, card)
    state = _staff(state, offices=((a, a, b), (0, 1, 2), ()))
    small = BOARD.city_spaces.index(("blue", "small"))
    display = tuple(tile if i == small else None for i, tile in enumerate(state.city_display))
    # Only the small lands without a reward stay free (A5, D5); the others are built on.
    state = t.with_state(state, city_display=display, stores=(
        ("B5", a, "blue"), ("C5", a, "blue"), ("E5", b, "blue")))
    state = t.with_player(state, seat, houses=(2, 0, 0), reis=3, influence=3)
    price = TREASURY[state.treasury].value  # no cubes left on any row or column
    assert price == 3
    cost = TREASURY[state.treasury].modifier + 3
    state = _play(state, f"visit {card}")
    assert _top(state) == "visit-pay"
    # Paying n reis leaves 3 - n reis and influence n, worth the reis icons below n
    # (R5.6; icons on the even spaces): n = 0 -> 3, 1 -> 2 + 1, 2 -> 1 + 1, 3 -> 0 + 2.
    icons = BOARD.influence_reis_icons
    funds = {n: 3 - n + sum(1 for i in icons if i < n) for n in range(cost + 1)}
    assert _moves(state) == [f"pay-reis {n}" for n in range(cost + 1) if funds[n] >= price]
    assert _moves(state) == ["pay-reis 0", "pay-reis 1"]
    reason = explain_illegal(state, Move("pay-reis", (3,)))
    assert reason is not None and "R3.6" in reason


def test_r9_3_the_card_is_discarded_after_the_follows_then_a_card_is_taken() -> None:
    state, seat = _scenario()
    a, _b = _others(state, seat)
    card = _noble_card("marquis")
    state = t.with_player(t.give(state, seat, card), a, favors=("marquis",))
    state = _play(state, f"visit {card}", "skip")
    state = _play(state, f"decree {state.decree_display[0]}", "no")
    # The follower acts while the card still lies in the court.
    assert _top(state) == "follow" and state.to_act == a
    assert card not in state.removed
    state = _play(state, "follow produce-goods")
    state = _pass_follows(state)
    assert card in state.removed  # it left the game (R0.6)
    assert all(card not in p.hand for p in state.players)
    # The turn goes on with R3.7: the visitor takes a card, back to 5.
    assert _top(state) == "take-card" and state.to_act == seat
    assert len(state.players[seat].hand) == 4


def test_r9_4_cost_is_treasury_modifier_plus_other_colours_in_the_office() -> None:
    state, seat = _scenario()
    a, b = _others(state, seat)
    card = _noble_card("king")
    state = t.give(state, seat, card)
    state = t.with_player(t.give_plans(state, seat, "PL01"), seat, influence=7)
    # Treasury space with modifier +1; the King's office holds 3 officials of the other
    # colours and 1 of the payer's; his plaza holds 3 more of the others (not counted).
    top = next(i for i, s in enumerate(TREASURY) if s.modifier == 1)
    state = t.with_state(state, treasury=top)
    state = _staff(state, offices=((), (0, 1, 2), (a, a, b, seat)), plazas=((), (), (a, b, b)))
    after = _play(state, f"visit {card}")
    assert after.players[seat].influence == 7 - (1 + 3)
    # A negative result is 0: modifier -2 with one other official gives 0, not +1.
    low = next(i for i, s in enumerate(TREASURY) if s.modifier == -2)
    state = _staff(t.with_state(state, treasury=low), offices=((), (0, 1, 2), (a,)))
    after = _play(state, f"visit {card}")
    assert after.players[seat].influence == 7 and after.players[seat].wigs == 5


def test_r9_4_the_neutral_official_counts_in_a_two_player_game() -> None:
    state, seat = _scenario(players=2)
    card = _noble_card("king")
    state = t.give(state, seat, card)
    state = t.with_player(t.give_plans(state, seat, "PL01"), seat, influence=6)
    assert state.offices[NOBLES.index("king")] == (NEUTRAL,)  # R2.3.1
    after = _play(state, f"visit {card}")
    assert after.players[seat].influence == 6 - (TREASURY[state.treasury].modifier + 1)


def test_r9_4_a_follower_pays_for_the_office_as_it_is_when_paying() -> None:
    # The visitor recruits into Manuel's office in step 4; the follower's cost then counts
    # that official (computed for the payer at the moment of paying).
    state, seat = _scenario()
    a, _b = _others(state, seat)
    card = _noble_card("manuel")
    state = t.give(state, seat, card)
    state = t.with_player(state, a, favors=("manuel",), influence=6)
    assert state.offices[NOBLES.index("manuel")] == ()
    state = t.with_player(state, seat, influence=6)
    state = _play(state, f"visit {card}")
    assert state.players[seat].influence == 6 - TREASURY[state.treasury].modifier
    state = _play(state, "state-action recruit-officials", "recruit manuel", "done")
    state = _play(state, "store yellow C1", "rubble none", "house left")
    assert state.to_act == a
    state = _play(state, "follow acquire-plan")
    assert state.players[a].influence == 6 - (TREASURY[state.treasury].modifier + 1)


def test_r9_5_short_influence_is_paid_in_wigs_but_never_below_zero() -> None:
    state, seat = _scenario()
    a, b = _others(state, seat)
    card = _noble_card("king")
    state = t.give(state, seat, card)
    state = _staff(state, offices=((), (0, 1, 2), (a, b, b)))
    cost = TREASURY[state.treasury].modifier + 3
    assert cost == 3
    state = t.with_player(t.give_plans(state, seat, "PL01"), seat, influence=1, wigs=5, reis=10)
    after = _play(state, f"visit {card}")
    p = after.players[seat]
    assert (p.influence, p.wigs, p.reis) == (0, 5 - (cost - 1), 10)
    # 0 influence and 2 wigs cannot cover 3 (A42), and reis may not be used (no ability).
    poor = t.with_player(state, seat, influence=0, wigs=2)
    assert f"visit {card}" not in _moves(poor)
    assert f"visit {card}" in _moves(t.with_player(poor, seat, wigs=3))


def test_r9_5_reis_for_influence_any_part_even_with_enough_influence() -> None:
    # Left group, 2nd house (R13.2): any part in reis, 1 real = 1 influence; A25: no reis
    # discount applies to that part, even with "every reis payment -1" tucked.
    state, seat = _scenario()
    a, b = _others(state, seat)
    card = _noble_card("king")
    discount = _treasury_with_modifier("payment", -1)
    state = t.give(state, seat, card)
    state = _staff(state, offices=((), (0, 1, 2), (a, b, b)))
    state = t.with_player(t.give_plans(state, seat, "PL01"), seat, influence=8, reis=10,
                          houses=(2, 0, 0), bottom=(discount, None, None))
    state = _play(state, f"visit {card}")
    assert _moves(state) == [f"pay-reis {n}" for n in range(4)]
    after = _play(state, "pay-reis 2")
    p = after.players[seat]
    assert (p.reis, p.influence, p.wigs) == (8, 7, 5)


def test_r9_6_follow_order_favor_returned_own_cost_one_of_three_actions() -> None:
    state, seat = _scenario(players=4)
    a, b, c = _others(state, seat)
    card = _noble_card("marquis")
    state = t.give(state, seat, card)
    state = t.with_state(state, favor_supply=(4, 2, 4))
    for follower in (a, c):
        state = t.with_player(state, follower, favors=("marquis",), influence=6)
    state = _play(state, f"visit {card}", "skip", f"decree {state.decree_display[0]}", "no")
    # Clockwise from the visitor's left; a seat without the Marquis's favor cannot follow.
    assert _top(state) == "follow" and state.to_act == a
    assert _moves(state) == ["pass", "follow build-ship", "follow produce-goods",
                             "follow take-decree"]
    office = state.offices[NOBLES.index("marquis")]
    state = _play(state, "follow produce-goods")
    p = state.players[a]
    assert p.favors == () and state.favor_supply == (4, 3, 4)  # step 1
    assert p.influence == 6 - (TREASURY[state.treasury].modifier + len(office) - 1)  # step 2
    assert state.to_act == b and _moves(state) == ["pass"]
    state = _play(state, "pass")
    assert state.to_act == c
    state = _play(state, "pass")
    assert state.players[c].favors == ("marquis",)  # passing keeps the favor
    assert _top(state) == "take-card" and state.to_act == seat


def test_r9_6_a_follower_who_can_perform_nothing_may_not_follow() -> None:
    # Manuel's three actions: no official in storage (recruit), both plan stacks empty
    # (plan), every house gone (store).
    state, seat = _scenario()
    a, _b = _others(state, seat)
    card = _noble_card("manuel")
    state = t.give(state, seat, card)
    state = t.with_state(state, plan_stacks=((), ()))
    state = _staff(state, offices=((a, a, a), (0, 1, 2), (a, a, a)), plazas=((a,), (), ()))
    assert state.players[a].officials == 0
    state = t.with_player(state, a, favors=("manuel",), houses=(2, 3, 3))
    state = _play(state, f"visit {card}", "skip", "store yellow C1", "rubble none",
                   "house left")
    assert state.to_act == a and _moves(state) == ["pass"]
    # With one house left the same player may follow with Build a Store.
    state2 = t.with_player(state, a, houses=(2, 3, 2))
    assert "follow build-store" in _moves(state2)


def test_r9_7_follows_belong_to_the_visitors_turn_and_may_repeat_actions() -> None:
    # A45: a follower may take the visitor's action, and may take back the favor just
    # returned through Get a Royal Favor.
    state, seat = _scenario()
    a, b = _others(state, seat)
    card = _noble_card("king")
    state = t.give(state, seat, card)
    state = t.with_player(state, a, favors=("king",), influence=9)
    state = t.with_player(state, b, favors=("king",), influence=9)
    state = t.with_state(state, favor_supply=(3, 3, 1))
    state = t.with_player(state, seat, favors=("manuel",))
    state = _play(state, f"visit {card}", "state-action royal-favor")
    assert _moves(state) == ["favor marquis", "favor king"]
    state = _play(state, "favor king")
    assert state.favor_supply == (3, 3, 0)
    state = _until(_play(state, "build W-B " + state.players[seat].plans[0]), "follow")
    assert state.current == seat and state.to_act == a
    state = _play(state, "follow royal-favor")
    assert state.favor_supply == (3, 3, 1)  # the favor a returned is back at the portrait
    assert "favor king" in _moves(state)
    state = _play(state, "favor king")
    assert state.players[a].favors == ("king",) and state.favor_supply == (3, 3, 0)
    assert state.current == seat and state.to_act == b


def test_r9_8_a_sponsored_noble_action_is_no_visit() -> None:
    # No visit cost, no optional State action, nobody may follow.
    state, seat = _scenario()
    card = _treasury_with_event_choice("build-store", "take-decree", "open-building")
    state = t.give(state, seat, card)
    for other in _others(state, seat):
        state = t.with_player(state, other, favors=("marquis",))
    state = t.with_player(state, seat, influence=6)
    state = _play(state, f"sponsor {card}")
    assert _moves(state) == ["option 1", "option 2", "option 3"]
    state = _play(state, "option 2")
    assert _top(state) == "take-decree"
    state = _play(state, f"decree {state.decree_display[0]}", "no")
    assert _top(state) == "take-card" and state.to_act == seat
    assert state.players[seat].influence == 6
    assert all(state.players[o].favors == ("marquis",) for o in _others(state, seat))


# --- R10.1 Build a Store -----------------------------------------------------------------


def _visit_manuel(state: State, seat: int) -> State:
    card = _noble_card("manuel")
    return _play(t.give(state, seat, card), f"visit {card}", "skip")


def test_r10_1_1_store_requirements_tile_land_street_size_and_house() -> None:
    state, seat = _scenario()
    state = _visit_manuel(state, seat)
    moves = _moves(state)
    for mv in moves:
        _kind, space, land_id = mv.split()
        land = RULES.typed(land_id, m.LandSpace)
        colour = space.removeprefix("small-")
        assert colour in land.streets  # touches a street of the space's colour
        assert land.size == ("small" if space.startswith("small-") else "large")
    # Every free land is offered for each street it touches.
    expected = {f"store {'small-' if land.size == 'small' else ''}{street} {land.id}"
                for land in RULES.lands for street in land.streets}
    assert set(moves) == expected
    # An empty display space offers nothing of its colour.
    yellow = BOARD.city_spaces.index(("yellow", "large"))
    display = tuple(None if i == yellow else x for i, x in enumerate(state.city_display))
    assert not any(mv.startswith("store yellow ")
                   for mv in _moves(t.with_state(state, city_display=display)))


def test_r10_1_1_a_space_emptied_by_the_visitor_stays_empty_for_a_follower() -> None:
    state, seat = _scenario()
    a, _b = _others(state, seat)
    state = t.with_player(state, a, favors=("manuel",))
    state = _visit_manuel(state, seat)
    state = _play(state, "store yellow C1", "rubble none", "house left")
    assert state.to_act == a
    state = _play(state, "follow build-store")
    moves = _moves(state)
    assert moves and not any(mv.startswith("store yellow ") for mv in moves)
    assert not any(mv.endswith(" C1") for mv in moves)  # the land is taken too


def test_r10_1_2_reward_then_rubble_then_price_then_house() -> None:
    # Land C5 (small, blue street) rewards 2 reis; D5 (small, blue street) has no reward.
    # Treasury value 1; the player has no reis and no influence.
    assert RULES.typed("C5", m.LandSpace).reward is not None
    assert RULES.typed("D5", m.LandSpace).reward is None
    state, seat = _scenario()
    state = t.with_state(state, treasury=0)
    assert TREASURY[0].value == 1
    state = t.with_player(state, seat, reis=0, influence=0)
    # Row C: a brown and a blue cube; column 5: a red one. Whichever cube is taken, at
    # least 1 + 1 + 2 = 4 reis are left to pay, more than the 2-reis reward.
    blocked = t.with_state(state, row_rubble=((), (), ("brown", "blue"), (), ()),
                           column_rubble=((), (), (), (), ("red",)))
    assert "store small-blue C5" not in _moves(_visit_manuel(blocked, seat))
    # Row C holds one blue cube: taking it (mandatory) leaves the treasury value, 1 real,
    # paid from the reward that came first; D5 (no reward) cannot be paid.
    state = t.with_state(state, row_rubble=((), (), ("blue",), (), ()))
    state = _visit_manuel(state, seat)
    moves = _moves(state)
    assert "store small-blue C5" in moves and "store small-blue D5" not in moves
    state = _play(state, "store small-blue C5")
    assert state.players[seat].reis == 2  # step 3
    assert _top(state) == "store-rubble" and _moves(state) == ["rubble row blue"]
    state = _play(state, "rubble row blue")
    assert state.players[seat].rubble == (0, 0, 1)  # step 4
    assert state.players[seat].reis == 2 - 1  # step 5
    assert _top(state) == "store-house"  # step 6
    state = _play(state, "house right")
    assert state.players[seat].houses == (0, 0, 1)
    assert ("C5", seat, "blue") in state.stores


def test_r10_1_3_land_price_treasury_value_plus_remaining_cubes() -> None:
    # Land C3 (pink/brown, no reward). Row C: brown, red, blue; column 3: red, blue. The
    # site cubes (W-C, E-C) never count. 10 reis and no influence to convert:
    #   take row brown  -> 3 + (2 + 1) + (2 + 1) = 9  payable
    #   take row red    -> 3 + (3 + 1) + (2 + 1) = 10 payable
    #   take column red -> 3 + (3 + 2 + 1) + 1   = 10 payable
    #   take row blue   -> 3 + (3 + 2) + (2 + 1) = 11 not payable
    #   take column blue-> 3 + (3 + 2 + 1) + 2   = 11 not payable
    state, seat = _scenario()
    assert RULES.typed("C3", m.LandSpace).reward is None
    assert RUBBLE_COST == {"brown": 3, "red": 2, "blue": 1}
    state = t.with_state(state, row_rubble=((), (), ("brown", "red", "blue"), (), ()),
                         column_rubble=((), (), ("red", "blue"), (), ()))
    assert TREASURY[state.treasury].value == 3
    state = t.with_player(state, seat, reis=10, influence=0)
    state = _play(_visit_manuel(state, seat), "store pink C3")
    assert sorted(_moves(state)) == ["rubble column red", "rubble row brown", "rubble row red"]
    assert _play(state, "rubble row brown").players[seat].reis == 10 - 9
    assert _play(state, "rubble column red").players[seat].reis == 10 - 10


def test_r10_1_4_store_scores_column_value_times_relevant_buildings() -> None:
    # A pink store on C3 (column 3: scoring tile ST3 = 3 wigs). Relevant: the north site
    # of the pink street (N-2), the west site of row C if its building shows pink
    # (PB03 blue side: pink, blue). Not relevant: the east site of row C without pink
    # (PB06 blue side: brown, blue), the north site of the brown street it also touches.
    state, seat = _scenario()
    opened = (("N-2", "PB01", "blue"), ("W-C", "PB03", "blue"),
              ("E-C", "PB06", "blue"), ("N-3", "PB02", "blue"))
    used = {b for _s, b, _a in opened}
    stacks = tuple(tuple(b for b in stack if b not in used) for stack in state.building_stacks)
    state = t.with_state(state, opened=opened, building_stacks=stacks)
    assert _column_value(state, 3) == 3
    wigs = state.players[seat].wigs
    state = _visit_manuel(state, seat)
    after = _play(state, "store pink C3", "rubble none", "house left")
    assert after.players[seat].wigs == wigs + 3 * 2
    # The same land facing brown: N-3 (north end of the brown street) and E-C (PB06
    # shows brown) are relevant, N-2 and W-C are not: 3 x 2 again.
    after = _play(state, "store brown C3", "rubble none", "house left")
    assert after.players[seat].wigs == wigs + 3 * 2
    # No open building: nothing.
    state, seat = _scenario()
    wigs = state.players[seat].wigs
    after = _play(_visit_manuel(state, seat), "store brown C3", "rubble none", "house left")
    assert after.players[seat].wigs == wigs


def test_r10_1_5_a_store_scores_again_when_a_relevant_building_opens() -> None:
    # Seat a's stores: pink on B3 and blue on B4 (row B), pink on C3 (row C). Opening
    # PB03 (blue side: pink, blue) on the west site of row B scores the two row-B stores
    # for their owner: column 3 (3 wigs) + column 4 (4 wigs).
    state, seat = _scenario()
    a, _b = _others(state, seat)
    state = _available(state, "blue", "PB03")
    state = t.with_state(state, stores=(("B3", a, "pink"), ("B4", a, "blue"),
                                        ("C3", a, "pink")))
    state = t.give_plans(state, seat, "PL01")
    wigs = state.players[a].wigs
    state = _until(_play(_visit_king(state, seat), "build W-B PL01"), "follow")
    assert state.players[a].wigs == wigs + 3 + 4


def test_r10_1_6_at_most_eight_stores() -> None:
    state, seat = _scenario()
    assert sum(n for _g, n in RULES.player_board.houses) == 8
    card = _noble_card("manuel")
    state = t.give(state, seat, card)
    full = t.with_player(state, seat, houses=(2, 3, 3))
    assert f"visit {card}" not in _moves(full)
    last = t.with_player(state, seat, houses=(2, 3, 2))
    state = _play(last, f"visit {card}", "skip", "store yellow C1", "rubble none")
    assert _moves(state) == ["house right"]  # the only group with a house left


# --- R10.2 Take a Decree -----------------------------------------------------------------


def _visit_marquis(state: State, seat: int) -> State:
    card = _noble_card("marquis")
    return _play(t.give(state, seat, card), f"visit {card}", "skip")


def test_r10_2_1_take_one_face_up_decree() -> None:
    state, seat = _scenario()
    display = state.decree_display
    state = _visit_marquis(state, seat)
    assert _moves(state) == [f"decree {d}" for d in display]
    state = _play(state, f"decree {display[3]}")
    assert state.players[seat].decrees == (display[3],)
    assert state.decree_display == display[:3] + display[4:]


def test_r10_2_2_one_rubble_set_marker_for_one_extra_decree_per_action() -> None:
    state, seat = _scenario()
    state = t.with_player(state, seat, rubble=(2, 2, 2), markers=2)
    display = state.decree_display
    state = _visit_marquis(state, seat)
    state = _play(state, f"decree {display[0]}")
    assert sorted(_moves(state)) == ["no", "yes"]
    state = _play(state, "yes", f"decree {display[1]}")
    p = state.players[seat]
    assert p.decrees == display[:2] and p.markers == 1  # the marker left the game
    assert _top(state) == "follow"  # at most one marker per take-a-decree action
    # Without a marker there is no extra decree.
    state, seat = _scenario()
    state = _visit_marquis(state, seat)
    state = _play(state, f"decree {state.decree_display[0]}")
    assert _moves(state) == ["no"]


def test_r10_2_3_no_limit_on_decrees_and_only_the_owner_scores_one() -> None:
    state, seat = _scenario()
    a, _b = _others(state, seat)
    per_decree = _decree("decrees")  # 1 per decree held, this one included
    rule = RULES.typed(per_decree, m.Decree).score
    others = [d.id for d in RULES.decrees if d.id not in state.decree_display
              and d.id != per_decree]
    held, theirs = tuple(others[:11]), tuple(others[11:14])
    state = t.with_state(state, decree_deck=tuple(
        d for d in state.decree_deck if d not in (*held, *theirs, per_decree)))
    state = t.with_player(state, seat, decrees=(per_decree, *held))
    state = t.with_player(state, a, decrees=theirs)
    state = _visit_marquis(state, seat)
    state = _play(state, f"decree {state.decree_display[0]}", "no")
    assert len(state.players[seat].decrees) == 13
    sheet = score(state)
    assert sheet.seats[seat].category("decrees").items[0] == (
        per_decree, rule.wigs * (13 // rule.every))
    # Seat a holds 3 decrees too, but a's sheet lists only a's own decrees.
    assert [d for d, _w in sheet.seats[a].category("decrees").items] == list(theirs)


def test_r10_2_4_empty_display_and_no_refill_before_the_follower() -> None:
    state, seat = _scenario()
    a, _b = _others(state, seat)
    state = t.with_player(state, a, favors=("marquis",))
    only, *rest = state.decree_display
    state = t.with_state(state, decree_display=(only,), decree_deck=(*rest, *state.decree_deck))
    state = _visit_marquis(state, seat)
    state = _play(state, f"decree {only}", "no")
    assert state.to_act == a and state.decree_display == ()
    assert "follow take-decree" not in _moves(state)
    assert "follow produce-goods" in _moves(state)
    state = _pass_follows(state)
    after = _play(state, f"take {state.piles[0][0]}")
    assert after.decree_display == state.decree_deck[:BOARD.decree_display]  # end of turn
    assert len(after.decree_display) == BOARD.decree_display


def test_r10_2_5_a_take_a_decree_bonus_may_use_the_marker() -> None:
    card = next(
        c.id for c in RULES.political
        if [d.kind for d in m.elementary(c.reward)]
        == ["take_decree", "spend_set_marker", "take_decree"]
    )
    state, seat = _scenario()
    state = t.with_player(t.give(state, seat, card), seat, rubble=(1, 1, 1), markers=1)
    display = state.decree_display
    state = _play(state, f"tuck {card}", f"decree {display[0]}", "yes", f"decree {display[1]}")
    p = state.players[seat]
    assert p.decrees == display[:2] and p.markers == 0


# --- R10.3 Open a Public Building ----------------------------------------------------------


def _visit_king(state: State, seat: int) -> State:
    card = _noble_card("king")
    return _play(t.give(state, seat, card), f"visit {card}", "skip")


HARMLESS_CHURCH = ("C01", "C02", "C03", "C04", "C05", "C06")
"""Clergy tiles whose effects play no part in opening a building (card play and court
rewards, free sponsoring), so a site reward's clergy tile cannot change the cost."""


def test_r10_3_1_requirements_plan_building_and_officials_or_reis() -> None:
    state, seat = _scenario()
    card = _noble_card("king")
    state = t.give(state, seat, card)
    # No incomplete plan (a completed one does not count).
    none = t.with_player(t.give_plans(state, seat), seat, completed=("PL01",))
    assert f"visit {card}" not in _moves(none)
    # A blue plan while the blue architect has no building left.
    blue_gone = t.with_state(t.give_plans(state, seat, "PL01"),
                             building_stacks=((), state.building_stacks[1]))
    assert f"visit {card}" not in _moves(blue_gone)
    assert f"visit {card}" in _moves(t.give_plans(blue_gone, seat, "PL02"))
    # PL12 needs 6 officials; 1 is out (R2.2.6), so 5 are hired at the treasury value 3:
    # 15 reis. With 5 reis and no influence no site helps enough (3 reis -> 8; placing 2
    # officials to return them -> 3 hires = 9).
    assert RULES.typed("PL12", m.Plan).officials == 6
    church = t.with_state(state, church=HARMLESS_CHURCH, clergy_bag=tuple(
        x for x in (*state.clergy_bag, *(y for y in state.church if y))
        if x not in HARMLESS_CHURCH))
    poor = t.with_player(t.give_plans(church, seat, "PL12"), seat, reis=5, influence=0)
    assert f"visit {card}" not in _moves(poor)
    assert f"visit {card}" in _moves(t.with_player(poor, seat, reis=15))


def test_r10_3_2_step_1_a_north_site_needs_its_street_colour() -> None:
    state, seat = _scenario()
    state = t.give_plans(_available(state, "blue", "PB01"), seat, "PL01")
    state = _visit_king(state, seat)
    sites = {mv.split()[1] for mv in _moves(state)}
    colours = RULES.typed("PB01", m.PublicBuilding).colors("blue")
    assert colours == ("yellow", "pink")
    north = {s.id for s in RULES.sites if s.side == "north" and s.street in colours}
    rows = {s.id for s in RULES.sites if s.side != "north"}
    assert north == {"N-1", "N-2"}
    assert sites == north | rows


def test_r10_3_2_steps_2_to_7_cubes_reward_building_officials_plan_refill() -> None:
    state, seat = _scenario()
    a, b = _others(state, seat)
    i = [s.id for s in RULES.sites].index("W-B")  # reward: 3 reis
    site_rubble = list(state.site_rubble)
    site_rubble[i] = ("brown", "red")
    plan = RULES.typed("PL06", m.Plan)
    assert (plan.architect, plan.officials) == ("blue", 3)
    state = t.with_state(state, site_rubble=tuple(site_rubble))
    # One official in the Marquis's office and one in the King's plaza: both go back,
    # then the 3rd is hired at the treasury value.
    state = _staff(state, offices=((a,), (0, 1, 2), (b,)), plazas=((), (), (seat,)))
    state = t.with_player(t.give_plans(state, seat, "PL01", "PL06"), seat, reis=10)
    blue = state.building_stacks[0]
    officials = state.players[seat].officials
    state = _visit_king(state, seat)
    state = _play(state, "build W-B PL06")
    p = state.players[seat]
    assert p.rubble == (1, 1, 0) and state.site_rubble[i] == ()  # step 2: both cubes...
    assert p.reis == 10 + 3  # ... and the reward
    assert state.opened == (("W-B", blue[0], "blue"),)  # step 3: the available one
    assert state.building_stacks[0] == blue[1:]  # step 7: the next one is available
    # Step 4: own officials first (offices and plazas), no hiring while any is out. Both
    # must go back (3 needed), so they are offered once, in board order.
    assert _moves(state) == ["return marquis"]
    state = _play(state, "return marquis")
    assert _moves(state) == ["return plaza-king"]
    state = _play(state, "return plaza-king")
    assert _moves(state) == ["hire 1"]
    state = _play(state, "hire 1")
    p = state.players[seat]
    assert p.reis == 13 - TREASURY[state.treasury].value
    assert p.officials == officials + 2
    assert p.plans == ("PL01",) and p.completed == ("PL06",)  # step 5
    assert t.check_invariants(state) == []


def test_r10_3_2_step_4_hire_discount_and_fewer_officials() -> None:
    # PL08 needs 4 officials; 1 is out. C23: hiring costs 2 reis less per official;
    # C22: one official fewer. W-A's reward is influence, not reis.
    hire = _clergy_with_modifier("hire-cost", -2)
    fewer = _clergy_with_modifier("officials-needed", -1)
    assert RULES.typed("PL08", m.Plan).officials == 4
    value = TREASURY[t.first_turn(3, 1).treasury].value
    for tile, expected in ((hire, 3 * max(0, value - 2)), (fewer, 2 * value), (None, 3 * value)):
        state, seat = _scenario()
        state = t.with_player(t.give_plans(state, seat, "PL08"), seat, reis=10,
                              clergy=(tile,) if tile else ())
        state = _until(_play(_visit_king(state, seat), "build W-A PL08"), "follow")
        assert state.players[seat].reis == 10 - expected
        assert state.players[seat].completed == ("PL08",)


def test_r10_3_2_step_6_north_site_scores_every_store_facing_its_street() -> None:
    # PB01 (blue side: yellow, pink) on N-1, the north end of the yellow street: every
    # store facing yellow scores its column's tile for its owner, whoever opened it.
    state, seat = _scenario()
    a, b = _others(state, seat)
    state = t.give_plans(_available(state, "blue", "PB01"), seat, "PL01")
    state = t.with_state(state, stores=(
        ("A2", a, "yellow"),  # column 2: 4
        ("C1", seat, "yellow"),  # column 1: 3
        ("B1", b, "yellow"),  # column 1: 3
        ("C2", a, "pink"),  # touches the yellow street but faces pink: nothing
    ))
    wigs = [p.wigs for p in state.players]
    state = _until(_play(_visit_king(state, seat), "build N-1 PL01"), "follow")
    gained = [p.wigs - w for p, w in zip(state.players, wigs, strict=True)]
    assert (gained[a], gained[b], gained[seat]) == (4, 3, 3)


def test_r10_3_3_a_building_has_no_owner_and_counts_for_every_decree_holder() -> None:
    state, seat = _scenario()
    a, _b = _others(state, seat)
    west = next(
        d.id for d in RULES.decrees
        if d.score.quantity.subject == "buildings"
        and dict(d.score.quantity.filters) == {"side": "west"}
    )
    state = t.with_state(state, decree_deck=tuple(x for x in state.decree_deck if x != west),
                         decree_display=tuple(x for x in state.decree_display if x != west))
    state = t.with_player(t.give_plans(state, seat, "PL01"), a, decrees=(west,))
    assert score(state).seats[a].category("decrees").wigs == 0
    state = _until(_play(_visit_king(state, seat), "build W-B PL01"), "follow")
    assert score(state).seats[a].category("decrees").wigs == RULES.typed(
        west, m.Decree).score.wigs
    assert score(state).seats[seat].category("decrees").wigs == 0


def test_r10_3_4_hired_officials_are_not_pieces() -> None:
    state, seat = _scenario()
    state = t.with_player(t.give_plans(state, seat, "PL08"), seat, reis=20)
    offices, plazas = state.offices, state.plazas
    state = _play(_visit_king(state, seat), "build W-B PL08", "return marquis")
    storage = state.players[seat].officials
    assert _moves(state) == ["hire 3"]
    state = _play(state, "hire 3")
    assert state.players[seat].officials == storage  # nothing moves for them
    assert state.offices == (offices[0], tuple(s for s in offices[1] if s != seat), offices[2])
    assert state.plazas == plazas
    assert t.check_invariants(state) == []


# --- R11 Sponsor an Event -----------------------------------------------------------------


def test_r11_1_only_a_treasury_card_sponsors_and_it_leaves_the_hand() -> None:
    state, seat = _scenario()
    treasury = _treasury_with_event("gain", what="cloth")
    noble = _noble_card("king")
    state = t.give(state, seat, treasury, noble)
    moves = _moves(state)
    assert f"sponsor {treasury}" in moves and f"sponsor {noble}" not in moves
    assert f"visit {treasury}" not in moves
    after = _play(state, f"sponsor {treasury}")
    assert treasury not in after.players[seat].hand


def test_r11_2_pay_the_treasury_value_with_discounts_or_free() -> None:
    state, seat = _scenario()
    card = _treasury_with_event("gain", what="cloth")
    state = t.with_player(t.give(state, seat, card), seat, influence=0)
    value = TREASURY[state.treasury].value
    assert _play(state, f"sponsor {card}").players[seat].reis == 10 - value
    cheaper = _clergy_with_modifier("payment", -1)
    held = t.with_player(state, seat, clergy=(cheaper,))
    assert _play(held, f"sponsor {card}").players[seat].reis == 10 - (value - 1)
    free = _clergy_with_modifier("sponsor-fee", None)
    held = t.with_player(state, seat, clergy=(free,), reis=0)
    assert _play(held, f"sponsor {card}").players[seat].reis == 0
    # Short of the value (no influence to convert): no sponsoring.
    poor = t.with_player(state, seat, reis=value - 1)
    assert f"sponsor {card}" not in _moves(poor)
    assert f"sponsor {card}" in _moves(t.with_player(poor, seat, influence=2))  # R5.6


def test_r11_3_the_event_is_performed_and_must_be_performable() -> None:
    state, seat = _scenario()
    cloth = _treasury_with_event("gain", what="cloth")
    amount = _single(RULES.typed(cloth, m.PoliticalCard).event).arg("amount")  # type: ignore[union-attr]
    state = t.with_player(t.give(state, seat, cloth), seat, goods=(0, 0, 0, 0), rubble=(1, 1, 1))
    after = _play(state, f"sponsor {cloth}")
    assert after.players[seat].goods == (0, 0, amount, 0)
    # A Noble-action event whose every action is impossible cannot be sponsored.
    choice = _treasury_with_event_choice("build-store", "open-building")
    state = t.with_player(t.give_plans(t.give(state, seat, choice), seat), seat, houses=(2, 3, 3))
    assert f"sponsor {choice}" not in _moves(state)
    reason = explain_illegal(state, Move("sponsor", (choice,)))
    assert reason is not None and "R3.6" in reason
    # Nor can an event plan with both plan stacks empty, or an event decree with an
    # empty display.
    plan = _treasury_with_event("take_plan")
    state = t.give(state, seat, plan)
    assert f"sponsor {plan}" in _moves(state)
    assert f"sponsor {plan}" not in _moves(t.with_state(state, plan_stacks=((), ())))
    decree = _treasury_with_event("take_decree")
    state = t.give(state, seat, decree)
    assert f"sponsor {decree}" in _moves(state)
    assert f"sponsor {decree}" not in _moves(t.with_state(state, decree_display=()))


def test_r11_4_discarded_nobody_follows_treasury_marker_stays() -> None:
    state, seat = _scenario()
    card = _treasury_with_event("gain", what="cloth")
    state = t.give(state, seat, card)
    for other in _others(state, seat):
        state = t.with_player(state, other, favors=("manuel", "marquis", "king"))
    treasury = state.treasury
    after = _play(state, f"sponsor {card}")
    assert card in after.removed and card not in after.players[seat].bottom
    assert after.treasury == treasury
    assert _top(after) == "take-card" and after.to_act == seat
