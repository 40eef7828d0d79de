"""The effect vocabulary (R17) not covered by the final-scoring tests of ``test_scoring.py``:
ship cards, noble-card penalties and bonuses, treasury-card permanent effects and events,
and the "most" decree conditions when nobody has any.

Cards are found in the catalogue by their compiled effects, never by id; expected numbers
come from rules.md and the values printed on the pieces (prices, hulls, sale modifiers,
treasury values, rubble costs, plan officials).
"""

from __future__ import annotations

import functools

from lisboa_core import score
from lisboa_core.api import apply, legal_moves
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import load_rules
from lisboa_core.games.lisboa.state import GOODS, NOBLES, State

RULES = load_rules()
BOARD = RULES.board
TREASURY = BOARD.treasury
ICONS = sorted(BOARD.influence_reis_icons)


# --- catalogue look-ups ----------------------------------------------------------------


_play = functools.partial(t.play, pay_cash=True)
"""Play moves in notation; payment splits they do not name are paid in cash."""


def _kinds(effect: m.Effect | None) -> list[str]:
    return [d.kind for d in m.elementary(effect)]


def _noble(reward: list[str] | None = None, penalty: list[str] | None = None,
           **args: object) -> str:
    """A noble card with this bonus (or penalty) made of these effect kinds."""
    for c in RULES.political:
        effect = c.reward if reward is not None else c.penalty
        if c.is_treasury or _kinds(effect) != (reward if reward is not None else penalty):
            continue
        if all(d.arg(k) == v for d in m.elementary(effect) for k, v in args.items()):
            return c.id
    raise LookupError((reward, penalty, args))


def _noble_card(noble: str) -> str:
    return next(c.id for c in RULES.political if c.deck == "blue" and c.type == noble)


def _treasury(*, event: list[str] | None = None, hook: str | None = None,
              amount: int | None = 0, colour: str | None = None,
              sells: str | None = None, count: int | None = None) -> str:
    """A treasury card by its event kinds, its permanent modifier or its sale trigger."""
    for c in RULES.political:
        if not c.is_treasury:
            continue
        if event is not None and _kinds(c.event) != event:
            continue
        if count is not None and not any(d.arg("count") == count for d in m.elementary(c.event)):
            continue
        if hook is not None and not any(
            mod.hook == hook and mod.amount == amount
            and dict(mod.qualifiers).get("colour") == colour
            for mod in c.permanent.modifiers
        ):
            continue
        if sells is not None and [(x.event, x.qualifier) for x in c.permanent.triggers] != [
                ("sell", sells)]:
            continue
        return c.id
    raise LookupError((event, hook, amount, colour, sells, count))


def _plain_treasury() -> str:
    """A treasury card whose permanent effect plays no part in selling or paying."""
    return _treasury(hook="land-rubble", amount=-1, colour="red")


def _ship(colour: str) -> m.Ship:
    return next(s for s in RULES.ships if s.color == colour)


# --- scenario helpers ------------------------------------------------------------------


def _scenario(players: int = 3, seed: int = 1) -> tuple[State, int]:
    """The first action choice: no clergy tile or favor held, one good of each type and
    10 reis per seat, no rubble left on the downtown row and column spaces."""
    state = t.first_turn(players, seed)
    tiles = tuple(tile for p in state.players for tile in p.clergy)
    for seat in range(players):
        state = t.with_player(state, seat, clergy=(), favors=(), goods=(1, 1, 1, 1), reis=10)
    cubes = sum(map(len, (*state.row_rubble, *state.column_rubble)))
    state = t.with_state(state, clergy_bag=state.clergy_bag + tiles, favor_supply=(players,) * 3,
                         row_rubble=((),) * 5, column_rubble=((),) * 5,
                         rubble_out=state.rubble_out + cubes)
    return state, state.current



def _moves(state: State) -> list[str]:
    return [str(mv) for mv in legal_moves(state)]


def _top(state: State) -> str:
    return state.pending[-1].kind




def _until(state: State, *kinds: str) -> State:
    """Play the first legal move until a decision of one of ``kinds`` is on top."""
    while _top(state) not in kinds:
        state = apply(state, legal_moves(state)[0])
    return state


def _others(state: State, seat: int) -> list[int]:
    n = state.player_count
    return [(seat + i) % n for i in range(1, n)]



# --- R17.1 card anatomy ---------------------------------------------------------------------


def test_r17_1_3_a_ships_influence_hull_and_sale_modifier_all_act() -> None:
    purple = _ship("purple")
    assert (purple.hull, purple.sale, purple.influence) == (3, 2, 3)
    # Building it: the covered part moves the treasury up and gains influence, the ship's
    # own value counted (R8.3.5-R8.3.6); its hull is the number of goods paid (R8.3.2).
    state, seat = _scenario()
    card = _plain_treasury()
    state = t.with_state(t.give(state, seat, card), shipyard=(purple.id,))
    state = t.with_player(state, seat, influence=2)
    state = _play(state, f"tuck {card}", "trade", "trade build-ship gold")
    assert _moves(state) == ["ship new books cloth tools"]
    treasury = state.treasury
    state = _play(state, "ship new books cloth tools")
    p = state.players[seat]
    assert purple.id in p.top and p.goods == (0, 0, 0, 0)
    assert state.treasury == treasury + 1 and p.influence == 2 + purple.influence
    # Selling onto it: price + its sale modifier per good; it sets sail when its hull of
    # 3 cargo spaces is full, 1 wig per crate for the owner (R6.5).
    state, seat = _scenario()
    owner = _others(state, seat)[0]
    state = t.with_player(state, owner, top=(purple.id, None, None))
    state = t.with_player(state, seat, goods=(1, 1, 1, 1))
    state = t.with_state(t.give(state, seat, card), later_ships=tuple(
        x for x in state.later_ships if x != purple.id))
    state = _play(state, f"tuck {card}", "sell")
    reis, wigs = state.players[seat].reis, state.players[owner].wigs
    ref = f"p{owner}.1"
    state = _play(state, f"sell gold {ref}", f"sell books {ref}")
    assert state.players[owner].sailed[0] == 0  # 2 of 3 spaces: still docked
    state = _play(state, f"sell cloth {ref}")
    price = dict(zip(GOODS, state.prices, strict=True))
    assert state.players[seat].reis == reis + sum(
        price[g] + purple.sale for g in ("gold", "books", "cloth"))
    assert state.players[owner].sailed[0] == purple.hull
    assert state.players[owner].wigs == wigs + purple.hull


# --- R17.3 noble-card bonuses and penalties -----------------------------------------------


def test_r17_3_1_return_an_official_from_any_office_or_plaza_if_any() -> None:
    card = _noble(penalty=["return_official"])
    state, seat = _scenario()
    a, _b = _others(state, seat)
    state = t.with_state(state, plazas=((), (), (seat, a)))
    state = t.with_player(t.give(state, seat, card), seat, officials=6)
    state = _play(state, f"tuck {card}")
    assert _moves(state) == ["return marquis", "return plaza-king"]
    after = _play(state, "return plaza-king")
    assert after.plazas[2] == (a,) and after.players[seat].officials == 7
    assert card in after.players[seat].top
    # No official out: no penalty, the card is tucked and the sale or trade follows.
    state, seat = _scenario()
    office = NOBLES.index("marquis")
    offices = list(state.offices)
    offices[office] = tuple(s for s in offices[office] if s != seat)
    state = t.with_state(state, offices=tuple(offices))
    state = t.with_player(t.give(state, seat, card), seat, officials=8)
    after = _play(state, f"tuck {card}")
    assert card in after.players[seat].top and _top(after) == "sell-or-trade"
    assert after.players[seat].officials == 8


def test_r17_3_1_pay_one_real_only_if_possible() -> None:
    card = _noble(penalty=["pay_if_able"], amount=1)  # R4.5: paid if it can be
    state, seat = _scenario()
    state = t.give(state, seat, card)
    paid = _play(t.with_player(state, seat, reis=5, influence=0), f"tuck {card}")
    assert paid.players[seat].reis == 4
    # No cash: influence covers it (R5.6), from 3 down to the icon below (2).
    covered = _play(t.with_player(state, seat, reis=0, influence=3), f"tuck {card}")
    assert covered.players[seat].influence == max(i for i in ICONS if i < 3)
    # No cash and nothing to convert: nothing is paid, the card is still tucked.
    broke = _play(t.with_player(state, seat, reis=0, influence=0), f"tuck {card}")
    p = broke.players[seat]
    assert (p.reis, p.influence) == (0, 0) and card in p.top


def test_r17_3_3_bonuses_cannot_be_declined_and_what_cannot_be_gained_is_lost() -> None:
    state, seat = _scenario()
    favor = _noble(reward=["take_favor"])
    after = _play(t.give(state, seat, favor), f"tuck {favor}")
    assert _moves(after) == [f"favor {n}" for n in NOBLES]  # no way to skip
    plan = _noble(reward=["take_plan"])
    after = _play(t.give(state, seat, plan), f"tuck {plan}")
    assert _moves(after) == ["plan blue", "plan green"]
    # Holding every favor: nothing to gain, the card is tucked all the same.
    full = t.with_player(t.give(state, seat, favor), seat, favors=NOBLES)
    after = _play(full, f"tuck {favor}")
    assert favor in after.players[seat].top and _top(after) == "sell-or-trade"
    # A gold bonus with the gold column full (2): lost, and the card is still tucked.
    gold = _noble(reward=["gain"], what="gold")
    full = t.with_player(t.give(state, seat, gold), seat, goods=(2, 1, 0, 0))
    after = _play(full, f"tuck {gold}")
    assert after.players[seat].goods == (2, 1, 0, 0) and gold in after.players[seat].top


# --- R17.4 treasury-card permanent effects ---------------------------------------------------


def _store_price(state: State, seat: int, *tucked: str) -> int:
    """The land price paid for a pink store on C3 (no reward) with row C holding brown,
    brown, blue and column 3 brown, red; the red cube is taken (R10.1.2 step 4)."""
    state = t.with_state(state, row_rubble=((), (), ("brown", "brown", "blue"), (), ()),
                         column_rubble=((), (), ("brown", "red"), (), ()))
    state = t.with_player(state, seat, reis=20, influence=0,
                          bottom=(*tucked, *(None,) * (3 - len(tucked))))
    card = _noble_card("manuel")
    state = _play(t.give(state, seat, card), f"visit {card}", "skip", "store pink C3",
                  "rubble column red")
    return 20 - state.players[seat].reis


def test_r17_4_1_rubble_of_a_shown_colour_costs_less_or_nothing() -> None:
    state, seat = _scenario()
    value = TREASURY[state.treasury].value
    assert value == 3
    # Left after taking the red cube: brown, brown, blue (row) and brown (column).
    assert _store_price(state, seat) == value + 3 + 3 + 1 + 3
    brown_1 = _treasury(hook="land-rubble", amount=-1, colour="brown")
    assert _store_price(state, seat, brown_1) == value + 2 + 2 + 1 + 2
    blue_free = _treasury(hook="land-rubble", amount=None, colour="blue")
    assert _store_price(state, seat, blue_free) == value + 3 + 3 + 0 + 3
    # Effects add up; each cube costs at least 0: -1 and -2 on a brown cube of 3 -> 0.
    brown_2 = _treasury(hook="land-rubble", amount=-2, colour="brown")
    assert _store_price(state, seat, brown_1, brown_2) == value + 0 + 0 + 1 + 0
    red_1 = _treasury(hook="land-rubble", amount=-1, colour="red")
    assert _store_price(state, seat, red_1) == value + 3 + 3 + 1 + 3  # no red cube left


def test_r17_4_3_two_reis_more_per_shown_good_sold() -> None:
    # The gold card is tucked in this very action, so it counts for the sale that follows.
    gold_bonus = _treasury(sells="gold", hook=None)
    red = _ship("red")
    state, seat = _scenario()
    owner = _others(state, seat)[0]
    state = t.with_player(state, owner, top=(red.id, None, None))
    state = t.with_state(state, shipyard=tuple(x for x in state.shipyard if x != red.id))
    state = _play(t.give(state, seat, gold_bonus), f"tuck {gold_bonus}", "sell")
    reis = state.players[seat].reis
    price = dict(zip(GOODS, state.prices, strict=True))
    state = _play(state, f"sell books p{owner}.1")
    assert state.players[seat].reis == reis + price["books"] + red.sale
    state = _play(state, f"sell gold p{owner}.1")
    assert state.players[seat].reis == reis + price["books"] + price["gold"] + 2 * red.sale + 2


def test_r17_4_4_opening_needs_two_officials_fewer() -> None:
    fewer = _treasury(hook="officials-needed", amount=-2)
    card = _noble_card("king")
    assert [RULES.typed(p, m.Plan).officials for p in ("PL06", "PL05")] == [3, 2]
    for plan, returned in (("PL06", 1), ("PL05", 0)):
        state, seat = _scenario()
        state = t.give_plans(state, seat, plan)
        state = t.with_player(t.give(state, seat, card), seat, bottom=(fewer, None, None))
        officials, reis = state.players[seat].officials, state.players[seat].reis
        state = _play(state, f"visit {card}", "skip", f"build W-B {plan}")  # reward: 3 reis
        state = _until(state, "follow")
        p = state.players[seat]
        assert p.officials == officials + returned and p.reis == reis + 3  # nothing hired
        assert p.completed == (plan,)


# --- R17.5 treasury-card events ---------------------------------------------------------------


def test_r17_5_1_build_a_store_or_open_a_public_building_the_player_chooses() -> None:
    card = _treasury(event=["perform", "perform"])
    state, seat = _scenario()
    state = t.give(state, seat, card)
    state = _play(state, f"sponsor {card}")
    assert _moves(state) == ["option 1", "option 2"]
    assert _top(_play(state, "option 1")) == "store"
    assert _top(_play(state, "option 2")) == "building"


def test_r17_5_2_any_one_noble_action_never_followed() -> None:
    card = _treasury(event=["perform", "perform", "perform"])
    state, seat = _scenario()
    for other in _others(state, seat):
        state = t.with_player(state, other, favors=NOBLES)
    state = _play(t.give(state, seat, card), f"sponsor {card}")
    assert _moves(state) == ["option 1", "option 2", "option 3"]
    after = _play(state, "option 1", "store yellow C1", "rubble none", "house left")
    assert ("C1", seat, "yellow") in after.stores
    assert _top(after) == "take-card" and after.to_act == seat  # no follow round
    assert all(after.players[o].favors == NOBLES for o in _others(after, seat))


def test_r17_5_3_gain_the_shown_goods_a_top_plan_or_one_decree() -> None:
    goods = _treasury(event=["gain", "gain"])
    shown = [(d.arg("what"), d.arg("amount")) for d in m.elementary(
        RULES.typed(goods, m.PoliticalCard).event)]
    state, seat = _scenario()
    after = _play(t.give(state, seat, goods), f"sponsor {goods}")
    expected = [1, 1, 1, 1]
    for what, amount in shown:
        expected[GOODS.index(what)] += amount
    assert after.players[seat].goods == tuple(expected)
    # A plan: the top of either stack, the player's choice.
    plan = _treasury(event=["take_plan"])
    blue, green = state.plan_stacks
    choosing = _play(t.give(state, seat, plan), f"sponsor {plan}")
    assert _moves(choosing) == ["plan blue", "plan green"]
    after = _play(choosing, "plan green")
    assert after.players[seat].plans[-1] == green[0] and after.plan_stacks == (blue, green[1:])
    # A decree: exactly one, even with a Rubble Set marker on the portrait (A47).
    decree = _treasury(event=["take_decree"])
    state = t.with_player(t.give(state, seat, decree), seat, rubble=(1, 1, 1), markers=1)
    display = state.decree_display
    after = _play(state, f"sponsor {decree}", f"decree {display[2]}")
    assert after.players[seat].decrees == (display[2],) and after.players[seat].markers == 1
    assert _top(after) == "take-card"


def _placements(state: State) -> list[str]:
    return [mv for mv in _moves(state) if mv != "done"]


def test_r17_5_4_officials_one_per_office_then_a_fourth_anywhere() -> None:
    four = _treasury(event=["place_officials"], count=4)
    state, seat = _scenario()
    state = _play(t.give(state, seat, four), f"sponsor {four}")
    assert _top(state) == "place-officials"
    assert _placements(state) == ["place manuel", "place marquis", "place king"]
    state = _play(state, "place marquis")
    assert _placements(state) == ["place manuel", "place king"]
    state = _play(state, "place king")
    assert _placements(state) == ["place manuel"]
    state = _play(state, "place manuel")
    # Every office has one from this effect: the 4th may go into any of them.
    assert _placements(state) == ["place manuel", "place marquis", "place king"]
    officials = state.players[seat].officials
    state = _play(state, "place king")
    assert state.players[seat].officials == officials - 1
    assert [o.count(seat) for o in state.offices] == [1, 2, 2]  # 1 from setup + 1 each
    assert _top(state) == "take-card"
    # "Up to": with 2 officials in storage the event places 2 and ends.
    state, seat = _scenario()
    state = t.with_player(t.give(state, seat, four), seat, officials=2)
    state = _play(state, f"sponsor {four}", "place manuel", "place king")
    assert state.players[seat].officials == 0 and _top(state) == "take-card"


# --- R17.6 decree conditions -------------------------------------------------------------------


def _most(subject: str) -> str:
    return next(d.id for d in RULES.decrees if d.score.form == "most"
                and d.score.quantity.subject == subject and not d.score.quantity.filters)


def test_r17_6_10_a_most_condition_needs_at_least_one() -> None:
    state = t.first_turn(3, seed=1)
    for seat in range(3):
        state = t.with_player(state, seat, rubble=(0, 0, 0), influence=0, decrees=())
    rubble, influence = _most("rubble"), _most("influence")
    wigs = RULES.typed(rubble, m.Decree).score.wigs
    state = t.with_player(state, 0, decrees=(rubble, influence))
    assert score(state).seats[0].category("decrees").wigs == 0  # everybody has 0
    # One cube is enough when nobody has more; a tie is ok; someone with more wins it.
    one = t.with_player(state, 0, rubble=(0, 1, 0))
    assert score(one).seats[0].category("decrees").items == ((rubble, wigs), (influence, 0))
    tie = t.with_player(one, 2, rubble=(1, 0, 0))
    assert score(tie).seats[0].category("decrees").items[0] == (rubble, wigs)
    beaten = t.with_player(one, 1, rubble=(1, 1, 0))
    assert score(beaten).seats[0].category("decrees").items[0] == (rubble, 0)
