"""Every clergy tile C01-C37 changes the outcome of play (components.md A.4, rules.md R14, R17.2).

Each test plays the same scenario twice: once without the tile and once with the tile held by
the acting seat (taken from the clergy bag or the church, so every piece stays in one place),
and asserts the difference the tile's text implies. Immediate tiles (C32, C33) are compared
with taking an ordinary tile from the same church space. Expected numbers come from
components.md A.4 / rules.md and the catalogue values (treasury track, plans, ships, decrees);
cards and board spaces are looked up by what they do, never by the engine's output.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from lisboa_core.api import legal_moves, new_game
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import load_rules
from lisboa_core.games.lisboa.rules.scoring import score
from lisboa_core.games.lisboa.state import GOODS, NEUTRAL, NOBLES, RUBBLE, State

RULES = load_rules()
BOARD = RULES.board
GOOD_STREET = {good: street for street, good in BOARD.streets}


# --- catalogue look-ups ------------------------------------------------------------------


def _steps(effect: m.Effect | None) -> list[m.Do]:
    return m.elementary(effect) if effect is not None else []


def noble_card(noble: str, reward: Callable[[list[m.Do]], bool] | None = None) -> str:
    """A noble card of ``noble`` whose reward's elementary effects satisfy ``reward``."""
    return next(
        c.id
        for c in RULES.political
        if c.type == noble and c.penalty is None and (reward is None or reward(_steps(c.reward)))
    )


def reward_is(kind: str, **args: object) -> Callable[[list[m.Do]], bool]:
    """The reward is the single effect ``kind`` with these arguments."""

    def check(steps: list[m.Do]) -> bool:
        return (
            len(steps) == 1
            and steps[0].kind == kind
            and all(steps[0].arg(k) == v for k, v in args.items())
        )

    return check


def penalty_card(kind: str) -> str:
    """A noble card whose penalty is the single effect ``kind``."""
    return next(c.id for c in RULES.political if [d.kind for d in _steps(c.penalty)] == [kind])


def treasury_card(event: Callable[[m.PoliticalCard], bool]) -> str:
    """The first treasury card of the catalogue satisfying ``event``."""
    return next(c.id for c in RULES.political if c.is_treasury and event(c))


def plain_treasury_gaining_goods() -> str:
    """A treasury card whose event only gains goods (no decision) and whose permanent part
    changes no payment (it acts only once the card is tucked)."""
    return treasury_card(
        lambda c: (
            bool(_steps(c.event))
            and all(d.kind == "gain" and d.arg("what") in GOODS for d in _steps(c.event))
            and all(mod.hook != "payment" for mod in c.permanent.modifiers)
        )
    )


def treasury_performing(action: str) -> str:
    """A treasury card whose event lets the sponsor perform ``action``."""
    return treasury_card(
        lambda c: any(d.kind == "perform" and d.arg("action") == action for d in _steps(c.event))
    )


def ship(colour: str, index: int = 0) -> m.Ship:
    return [s for s in RULES.ships if s.color == colour][index]


def decree_scoring(subject: str, **filters: object) -> m.Decree:
    """A decree scoring ``N per QUANTITY`` of this subject and filters."""
    return next(
        d
        for d in RULES.decrees
        if d.score.form == "per"
        and d.score.every == 1
        and d.score.quantity.subject == subject
        and dict(d.score.quantity.filters) == filters
    )


# --- scenario helpers --------------------------------------------------------------------


def base(players: int = 2, seed: int = 1) -> tuple[State, int]:
    """The start player's first action choice with every clergy tile back in the bag, every
    seat with one good of each type, 10 reis, 5 wigs, 5 influence, no favor, and one neutral
    official in each office (2 players), every other official in storage."""
    state = t.first_turn(players, seed)
    tiles = tuple(tile for p in state.players for tile in p.clergy)
    supply = list(state.favor_supply)
    for seat, p in enumerate(state.players):
        for noble in p.favors:
            supply[NOBLES.index(noble)] += 1
        state = t.with_player(
            state, seat, clergy=(), goods=(1, 1, 1, 1), reis=10, wigs=5, influence=5, favors=()
        )
    state = t.with_state(state, clergy_bag=state.clergy_bag + tiles, favor_supply=tuple(supply))
    state = staff(state, ((NEUTRAL,), (NEUTRAL,), (NEUTRAL,)))
    return state, state.current


def staff(
    state: State,
    offices: tuple[tuple[int, ...], ...],
    plazas: tuple[tuple[int, ...], ...] = ((), (), ()),
) -> State:
    """Set offices and plazas; each seat's storage keeps its officials in all."""
    state = t.with_state(state, offices=offices, plazas=plazas)
    for seat in range(state.player_count):
        placed = sum(o.count(seat) for o in offices) + sum(z.count(seat) for z in plazas)
        state = t.with_player(state, seat, officials=RULES.player_board.officials - placed)
    return state


def hold(state: State, seat: int, tile: str) -> State:
    """The state with ``tile`` added to the seat's clergy tiles, taken from the bag (or from
    the church, whose space then gets the bag's first tile)."""
    bag = list(state.clergy_bag)
    church = list(state.church)
    if tile in church:
        church[church.index(tile)] = bag.pop(0)
    else:
        bag.remove(tile)
    state = t.with_state(state, clergy_bag=tuple(bag), church=tuple(church))
    return t.with_player(state, seat, clergy=(*state.players[seat].clergy, tile))


def give(state: State, seat: int, card: str) -> State:
    """The state with ``card`` in the seat's hand; the hand card it replaces goes where the
    card was (another hand, a pile, a later deck or out of the game)."""
    hand = state.players[seat].hand
    if card in hand:
        return state
    out = next(c for c in hand if c != card)

    def swap(seq: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(out if c == card else c for c in seq)

    for s, p in enumerate(state.players):
        state = t.with_player(state, s, hand=swap(p.hand))
    state = t.with_state(
        state,
        piles=tuple(swap(pile) for pile in state.piles),
        later_decks=tuple(swap(deck) for deck in state.later_decks),
        removed=swap(state.removed),
    )
    hand = state.players[seat].hand
    return t.with_player(state, seat, hand=tuple(card if c == out else c for c in hand))


def give_ship(state: State, seat: int, ship_id: str, slot: int = 0) -> State:
    """The state with a ship from the shipyard (or the later ships) in a top slot."""
    state = t.with_state(
        state,
        shipyard=tuple(s for s in state.shipyard if s != ship_id),
        later_ships=tuple(s for s in state.later_ships if s != ship_id),
    )
    top = list(state.players[seat].top)
    top[slot] = ship_id
    return t.with_player(state, seat, top=tuple(top))


def first_in_shipyard(state: State, ship_id: str) -> State:
    """The shipyard with ``ship_id`` (one of its ships) on top, the rest in order."""
    assert ship_id in state.shipyard
    return t.with_state(state, shipyard=(ship_id, *(s for s in state.shipyard if s != ship_id)))


def give_rubble(state: State, seat: int, cubes: tuple[int, int, int]) -> State:
    """The seat gets these cubes per colour (RUBBLE order) from the rows, the columns and
    the pile, so the 63 cubes stay accounted for; set markers follow the sets."""
    rows = [list(r) for r in state.row_rubble]
    columns = [list(c) for c in state.column_rubble]
    pile = list(state.rubble_pile)
    for colour, n in zip(RUBBLE, cubes, strict=True):
        for _ in range(n):
            source = next(src for src in (*rows, *columns, pile) if colour in src)
            source.remove(colour)
    state = t.with_state(
        state,
        rubble_pile=tuple(pile),
        row_rubble=tuple(map(tuple, rows)),
        column_rubble=tuple(map(tuple, columns)),
    )
    return t.with_player(state, seat, rubble=cubes, markers=min(cubes))


def moves(state: State) -> list[str]:
    return [str(mv) for mv in legal_moves(state)]


def play_until(state: State, kind: str) -> State:
    """Play the first legal move of every decision until a ``kind`` decision is on top."""
    while state.pending[-1].kind != kind:
        state = t.play(state, moves(state)[0])
    return state


def checked(state: State) -> State:
    assert t.check_invariants(state) == []
    return state


def both(state: State, seat: int, tile: str, *played: str) -> tuple[State, State]:
    """The same moves played without and with ``tile`` held by ``seat``."""
    return (
        checked(t.play(checked(state), *played)),
        checked(t.play(checked(hold(state, seat, tile)), *played)),
    )


def diff(pair: tuple[State, State], seat: int, field: str) -> int:
    """With-tile value minus without-tile value of a player field."""
    plain, held = pair
    return getattr(held.players[seat], field) - getattr(plain.players[seat], field)


def treasury_value(state: State) -> int:
    return BOARD.treasury[state.treasury].value


# --- R17.2.1 card play: C01-C06 ----------------------------------------------------------

NOBLE_GOLD = noble_card("manuel", reward_is("gain", what="gold"))  # reward: 1 gold, no wigs
PLAIN_TREASURY = plain_treasury_gaining_goods()


@pytest.mark.parametrize("kind", ["noble", "treasury"])
def test_c01_one_wig_per_tucked_political_card(kind: str) -> None:
    # A.4 C01 / R17.2.1: +1 wig whenever you tuck a political card (noble or treasury card).
    state, seat = base()
    card = NOBLE_GOLD if kind == "noble" else PLAIN_TREASURY
    pair = both(give(state, seat, card), seat, "C01", f"tuck {card}")
    assert diff(pair, seat, "wigs") == 1


def test_c01_building_a_ship_is_no_tuck() -> None:
    # A.4 C01: ship cards are not political cards, so building a ship gives no wig.
    state, seat = base()
    state = first_in_shipyard(state, ship("blue").id)
    state = give(state, seat, PLAIN_TREASURY)
    state = t.play(state, f"tuck {PLAIN_TREASURY}", "trade")
    pair = both(state, seat, "C01", "trade build-ship books", "ship new gold")
    assert diff(pair, seat, "wigs") == 0


@pytest.mark.parametrize(("kind", "extra"), [("treasury", 2), ("noble", 0)])
def test_c02_two_reis_per_tucked_treasury_card(kind: str, extra: int) -> None:
    # A.4 C02 / R17.2.1: +2 reis for a tucked treasury card (besides the subsidy); a noble
    # card gives nothing.
    state, seat = base()
    card = NOBLE_GOLD if kind == "noble" else PLAIN_TREASURY
    pair = both(give(state, seat, card), seat, "C02", f"tuck {card}")
    assert diff(pair, seat, "reis") == extra
    assert pair[0].treasury == pair[1].treasury  # the marker moves as usual (A.4 C02)


COURT_BONUS = [("C03", "manuel", 2), ("C04", "marquis", 3), ("C05", "king", 2)]


@pytest.mark.parametrize(("tile", "noble", "reis"), COURT_BONUS, ids=[c[0] for c in COURT_BONUS])
def test_c03_c04_c05_reis_for_a_court_card_of_one_noble(tile: str, noble: str, reis: int) -> None:
    # A.4 C03-C05 / R17.2.1: reis when you play that noble's card into the royal court (a
    # visit), before the cost (paid in influence) is paid; other nobles' cards give nothing.
    for visited in NOBLES:
        state, seat = base()
        card = noble_card(visited)
        pair = both(give(state, seat, card), seat, tile, f"visit {card}")
        assert diff(pair, seat, "reis") == (reis if visited == noble else 0), visited


def test_c03_a_follower_plays_no_card_and_gets_nothing() -> None:
    # A.4 C03: following plays no card, so a follower holding the tile gets no reis.
    state, seat = base()
    other = 1 - seat
    card = noble_card("manuel")
    state = t.with_player(give(state, seat, card), other, favors=("manuel",))
    state = t.with_state(state, favor_supply=(state.favor_supply[0] - 1, *state.favor_supply[1:]))
    state = play_until(t.play(state, f"visit {card}"), "follow")
    pair = both(state, other, "C03", "follow acquire-plan")
    assert diff(pair, other, "reis") == 0


def test_c04_reis_arrive_before_the_visit_cost_is_paid() -> None:
    # A.4 C03/C04 (recommended): the money comes when the card is played, before the
    # influence is paid; with C26 (reis for influence) the 3 reis of C04 can pay the cost.
    state, seat = base()
    state = costly_offices(state, seat)
    card = noble_card("marquis")
    state = hold(t.with_player(give(state, seat, card), seat, reis=0), seat, "C26")
    plain = t.play(state, f"visit {card}")
    held = t.play(hold(state, seat, "C04"), f"visit {card}")
    assert plain.pending[-1].kind != "visit-pay"  # no reis: all of it in influence
    assert moves(held) == [f"pay-reis {n}" for n in range(3 + 1)]


def test_c06_sponsoring_an_event_may_cost_nothing() -> None:
    # A.4 C06 / R11.2 / R17.2.1: the sponsorship fee (the treasury value) becomes 0.
    state, seat = base()
    state = t.with_player(state, seat, influence=0)  # the fee is paid in cash (R5.6)
    pair = both(give(state, seat, PLAIN_TREASURY), seat, "C06", f"sponsor {PLAIN_TREASURY}")
    assert diff(pair, seat, "reis") == treasury_value(state)


def test_c06_sponsoring_without_money() -> None:
    # A.4 C06 / R11.2 / R3.6: without reis (or influence to pay with) only the tile makes
    # sponsoring possible.
    state, seat = base()
    state = t.with_player(give(state, seat, PLAIN_TREASURY), seat, influence=0, reis=0)
    assert f"sponsor {PLAIN_TREASURY}" not in moves(state)
    assert f"sponsor {PLAIN_TREASURY}" in moves(hold(state, seat, "C06"))


# --- R17.2.2 visits and follows: C07-C11 (and C26, R17.2.7) ------------------------------


def costly_offices(state: State, payer: int) -> State:
    """Two officials of the other seat and the neutral one in every office: with the
    treasury modifier every visit or follow costs ``payer`` 3 + modifier influence (R9.4)."""
    other = 1 - payer
    return staff(state, ((NEUTRAL, other, other),) * 3)


def visit_cost(state: State) -> int:
    return BOARD.treasury[state.treasury].modifier + 3


VISIT_REDUCTION = [
    ("C07", {"manuel": 1, "marquis": 1, "king": 1}),
    ("C09", {"manuel": 2, "marquis": 0, "king": 0}),
    ("C10", {"manuel": 0, "marquis": 2, "king": 0}),
    ("C11", {"manuel": 0, "marquis": 0, "king": 2}),
]


@pytest.mark.parametrize(
    ("tile", "saved"), VISIT_REDUCTION, ids=[tile for tile, _ in VISIT_REDUCTION]
)
def test_c07_c09_c10_c11_visits_cost_less_influence(tile: str, saved: dict[str, int]) -> None:
    # A.4 C07 (-1 on every visit), C09-C11 (-2 visiting Manuel / the Marquis / the King);
    # R9.4 / R17.2.2. The visit cost is paid in influence as the visit starts.
    for noble in NOBLES:
        state, seat = base()
        state = costly_offices(state, seat)
        assert visit_cost(state) == 3 and state.players[seat].influence >= 3
        card = noble_card(noble)
        pair = both(give(state, seat, card), seat, tile, f"visit {card}")
        assert pair[0].players[seat].influence == 5 - 3  # no tile: the full cost
        assert diff(pair, seat, "influence") == saved[noble], noble


@pytest.mark.parametrize("tile", ["C09", "C10", "C11"])
def test_c09_c10_c11_reduction_floors_at_zero(tile: str) -> None:
    # A.4 C09-C11 "Floor 0": a cost of 1 (the neutral official only) becomes 0, not -1.
    noble = NOBLES[["C09", "C10", "C11"].index(tile)]
    state, seat = base()
    card = noble_card(noble)
    pair = both(give(state, seat, card), seat, tile, f"visit {card}")
    assert pair[0].players[seat].influence == 5 - 1
    assert pair[1].players[seat].influence == 5


def follow_position() -> tuple[State, int]:
    """The visitor has visited the Marquis (cost 3 for the follower, R9.4); the other seat,
    holding the Marquis's favor, decides whether to follow (R9.6)."""
    state, seat = base()
    follower = 1 - seat
    state = staff(state, ((NEUTRAL,), (NEUTRAL, seat, seat), (NEUTRAL,)))
    state = t.with_player(state, follower, favors=("marquis",))
    supply = list(state.favor_supply)
    supply[NOBLES.index("marquis")] -= 1
    state = t.with_state(state, favor_supply=tuple(supply))
    card = noble_card("marquis")
    state = play_until(t.play(give(state, seat, card), f"visit {card}"), "follow")
    assert state.to_act == follower
    return state, follower


FOLLOW_REDUCTION = [("C07", 1), ("C08", 3), ("C10", 2)]


@pytest.mark.parametrize(("tile", "saved"), FOLLOW_REDUCTION, ids=[f[0] for f in FOLLOW_REDUCTION])
def test_c07_c08_c10_follows_cost_less_influence(tile: str, saved: int) -> None:
    # A.4 C07 (-1), C08 (following costs nothing: all 3), C10 (-2 following the Marquis);
    # R9.6 step 2 / R17.2.2. The favor is still returned (A.4 C08).
    state, follower = follow_position()
    pair = both(state, follower, tile, "follow take-decree")
    assert pair[0].players[follower].influence == 5 - 3
    assert diff(pair, follower, "influence") == saved
    assert all(p.players[follower].favors == () for p in pair)


def test_c08_own_visits_are_unaffected() -> None:
    # A.4 C08: your own visits still cost the full amount.
    state, seat = base()
    state = costly_offices(state, seat)
    card = noble_card("marquis")
    pair = both(give(state, seat, card), seat, "C08", f"visit {card}")
    assert diff(pair, seat, "influence") == 0


def test_c26_visit_cost_may_be_paid_in_reis() -> None:
    # A.4 C26 / R9.5 / R17.2.7: any part of the cost may be paid in reis, 1 real per
    # influence, even when influence would suffice.
    state, seat = base()
    state = costly_offices(state, seat)
    card = noble_card("marquis")
    state = give(state, seat, card)
    plain = checked(t.play(state, f"visit {card}"))
    held = t.play(hold(state, seat, "C26"), f"visit {card}")
    assert moves(held) == [f"pay-reis {n}" for n in range(4)]
    held = checked(t.play(held, "pay-reis 3"))
    assert plain.players[seat].influence == 5 - 3 and plain.players[seat].reis == 10
    assert held.players[seat].influence == 5 and held.players[seat].reis == 10 - 3


# --- R17.2.3 selling: C12-C16 ------------------------------------------------------------


def selling() -> tuple[State, int, str]:
    """The seat has tucked a noble card (reward 1 gold) and chosen Sell Goods (R3.5.1); the
    other seat has a docked red ship (hull 2). Returns the state, the seat and the ship."""
    state, acting = base()
    other = 1 - acting
    state = give_ship(state, other, ship("red").id)
    state = t.play(give(state, acting, NOBLE_GOLD), f"tuck {NOBLE_GOLD}", "sell")
    return state, acting, f"p{other}.1"


SALE_BONUS = [("C12", "gold"), ("C13", "books"), ("C14", "tools"), ("C15", "cloth")]


@pytest.mark.parametrize(("tile", "bonus_good"), SALE_BONUS, ids=[s[0] for s in SALE_BONUS])
def test_c12_to_c15_two_reis_per_good_of_one_type_sold(tile: str, bonus_good: str) -> None:
    # A.4 C12-C15 / R6.1.3 / R17.2.3: +2 reis per good of the tile's type sold; other types
    # give nothing extra.
    for good in GOODS:
        state, seat, ref = selling()
        pair = both(state, seat, tile, f"sell {good} {ref}")
        assert diff(pair, seat, "reis") == (2 if good == bonus_good else 0), good


def test_c16_one_real_per_good_of_any_type_sold() -> None:
    # A.4 C16 / R17.2.3: +1 real for every good sold, of any type: 2 goods, 2 reis.
    state, seat, ref = selling()
    pair = both(state, seat, "C16", f"sell cloth {ref}", f"sell tools {ref}")
    assert diff(pair, seat, "reis") == 2


def test_c12_and_c16_stack() -> None:
    # A.4 C16: stacks with C12-C15: one gold sold gives 2 + 1 extra reis.
    state, seat, ref = selling()
    plain = t.play(state, f"sell gold {ref}")
    held = t.play(hold(hold(state, seat, "C12"), seat, "C16"), f"sell gold {ref}")
    assert held.players[seat].reis - plain.players[seat].reis == 3


# --- R17.2.4 ships: C17, C18, C28 --------------------------------------------------------


def test_c17_two_wigs_when_own_ship_sets_sail() -> None:
    # A.4 C17 / R6.5 / R17.2.4: the owner of a ship that sets sail scores 2 more wigs
    # (besides 1 per crate): here the seat fills its own blue ship (hull 1).
    state, seat = base()
    state = give_ship(state, seat, ship("blue").id)
    state = t.play(give(state, seat, NOBLE_GOLD), f"tuck {NOBLE_GOLD}", "sell")
    pair = both(state, seat, "C17", f"sell gold p{seat}.1")
    assert pair[0].players[seat].wigs == 5 + 1  # one crate
    assert diff(pair, seat, "wigs") == 2


def test_c17_applies_whoever_sold_the_last_good() -> None:
    # A.4 C17: "Applies to ships you own, whoever sold the last good"; the seller with the
    # tile gets nothing for another player's ship.
    state, seat, ref = selling()  # the other seat owns the red ship (hull 2)
    owner = 1 - seat
    state = t.play(state, f"sell gold {ref}")
    pair = both(state, owner, "C17", f"sell books {ref}")
    assert diff(pair, owner, "wigs") == 2
    pair = both(state, seat, "C17", f"sell books {ref}")
    assert diff(pair, seat, "wigs") == 0


def test_c17_two_more_wigs_per_ship_at_final_scoring() -> None:
    # A.4 C17 (recommended reading) / R16.3 step 1 / R17.2.4: +2 per ship in the portfolio.
    state, seat = base()
    state = give_ship(give_ship(state, seat, ship("blue").id, 0), seat, ship("red").id, 1)
    plain = score(checked(state)).seats[seat]
    held = score(checked(hold(state, seat, "C17"))).seats[seat]
    assert plain.category("ships").wigs == ship("blue").hull + ship("red").hull
    assert held.category("ships").wigs - plain.category("ships").wigs == 2 * 2
    assert held.total - plain.total == 4


def trading(state: State, seat: int) -> State:
    """The seat tucks a treasury card that gains goods (R4.6) and chooses to trade (R7)."""
    return t.play(give(state, seat, PLAIN_TREASURY), f"tuck {PLAIN_TREASURY}", "trade")


def test_c18_ships_cost_no_goods() -> None:
    # A.4 C18 / R8.3.2 / R17.2.4: building a ship costs no goods; the good paid to trade
    # for the action is still paid. The red ship (hull 2) otherwise costs 2 different goods.
    state, seat = base()
    red = ship("red")
    state = first_in_shipyard(state, red.id)
    plain = t.play(trading(state, seat), "trade build-ship books")
    held = t.play(trading(hold(state, seat, "C18"), seat), "trade build-ship books")
    assert moves(held) == ["ship new"]
    plain = checked(t.play(plain, "ship new gold cloth"))
    held = checked(t.play(held, "ship new"))
    assert red.id in held.players[seat].top and red.id in plain.players[seat].top
    goods_before = sum(state.players[seat].goods)  # tucking gives the subsidy, no goods
    assert sum(plain.players[seat].goods) == goods_before - 1 - red.hull
    assert sum(held.players[seat].goods) == goods_before - 1


def test_c18_ship_upgrades_cost_no_goods() -> None:
    # A.4 C18 / R8.3.4: upgrading a ship costs no goods either (blue hull 1 to red hull 2).
    state, seat = base()
    red, blue = ship("red"), ship("blue")
    state = first_in_shipyard(state, red.id)
    state = give_ship(state, seat, blue.id)
    plain = t.play(trading(state, seat), "trade build-ship books")
    held = t.play(trading(hold(state, seat, "C18"), seat), "trade build-ship books")
    assert f"ship upgrade {blue.id}" not in moves(plain)
    assert f"ship upgrade {blue.id} gold" in moves(plain)
    held = checked(t.play(held, f"ship upgrade {blue.id}"))
    assert held.players[seat].top[0] == red.id
    assert sum(held.players[seat].goods) == sum(state.players[seat].goods) - 1


def test_c18_the_build_a_ship_bonus_becomes_free() -> None:
    # A.4 C18: "Also makes the noble-card bonus 'build a ship' free": with one good the red
    # ship (2 different goods) cannot be built without the tile (the bonus is lost, R17.3.3).
    state, seat = base()
    red = ship("red")
    card = noble_card("marquis", reward_is("perform", action="build-ship"))
    state = first_in_shipyard(state, red.id)
    state = t.with_player(give(state, seat, card), seat, goods=(0, 0, 0, 1))
    plain = checked(t.play(state, f"tuck {card}"))
    held = checked(t.play(hold(state, seat, "C18"), f"tuck {card}", "ship new"))
    assert red.id not in plain.players[seat].top
    assert red.id in held.players[seat].top
    assert held.players[seat].goods == plain.players[seat].goods


def test_c28_each_ship_counts_two_more_influence() -> None:
    # A.4 C28 / R5.1 / R8.3.6 / R17.2.4: building a ship gains the top-row influence, each
    # ship counting 2 more: a blue ship already there and the new red ship, so +4.
    state, seat = base()
    red, blue = ship("red"), ship("blue")
    state = first_in_shipyard(state, red.id)
    state = t.with_player(give_ship(state, seat, blue.id), seat, influence=0)
    state = give_rubble(state, seat, (1, 1, 1))  # one set: room for a third card (R4.2)
    state = t.play(trading(state, seat), "trade build-ship books")
    pair = both(state, seat, "C28", "ship new gold cloth")
    assert pair[0].players[seat].influence == blue.influence + red.influence
    assert diff(pair, seat, "influence") == 2 * 2


# --- R17.2.5 production and the cardinal: C19, C20 ---------------------------------------


def with_stores(state: State, seat: int, *goods: str) -> State:
    """The seat owns one store facing the street of each good (at most 2), its houses taken
    from the left group, whose ability (reis for influence) plays no part in producing."""
    taken = {land for land, _s, _st in state.stores}
    stores = list(state.stores)
    for good in goods:
        street = GOOD_STREET[good]
        land = next(
            land
            for land in RULES.lands
            if street in land.streets and land.id not in taken and land.row != "E"
        )
        taken.add(land.id)
        stores.append((land.id, seat, street))
    state = t.with_state(state, stores=tuple(stores))
    assert len(goods) <= 2
    return t.with_player(state, seat, houses=(len(goods), 0, 0))


def test_c19_one_more_good_of_the_produced_type() -> None:
    # A.4 C19 / R8.4 / R17.2.5: after producing, 1 more of a produced type.
    state, seat = base()
    state = t.with_player(with_stores(state, seat, "gold"), seat, goods=(0, 1, 1, 1))
    pair = both(trading(state, seat), seat, "C19", "trade produce-goods books")
    gold = GOODS.index("gold")
    assert pair[0].players[seat].goods[gold] == 1
    assert pair[1].players[seat].goods[gold] == 2
    assert [sum(p.players[seat].goods) for p in pair] == [3, 4]


def test_c19_the_player_picks_one_of_the_produced_types() -> None:
    # A.4 C19: "pick one of the good types you produced and take 1 more of it".
    state, seat = base()
    state = t.with_player(with_stores(state, seat, "gold", "cloth"), seat, goods=(0, 1, 0, 1))
    state = trading(state, seat)
    plain = checked(t.play(state, "trade produce-goods books"))
    held = t.play(hold(state, seat, "C19"), "trade produce-goods books")
    assert moves(held) == ["bonus gold", "bonus cloth"]
    held = checked(t.play(held, "bonus cloth"))
    cloth = GOODS.index("cloth")
    assert plain.players[seat].goods[cloth] == 1
    assert held.players[seat].goods[cloth] == 2
    assert sum(held.players[seat].goods) - sum(plain.players[seat].goods) == 1


def test_c19_a_type_not_produced_gets_no_bonus() -> None:
    # A.4 C19: "A type counts as produced only if you actually received at least 1": with
    # the gold already at the warehouse limit nothing is produced, so nothing is added.
    state, seat = base()
    cap = RULES.player_board.warehouse_base
    state = t.with_player(with_stores(state, seat, "gold"), seat, goods=(cap, 1, 1, 1))
    pair = both(trading(state, seat), seat, "C19", "trade produce-goods books")
    assert pair[0].players[seat].goods == pair[1].players[seat].goods


def test_c20_meet_the_cardinal_up_to_two_extra_steps() -> None:
    # A.4 C20 / R14.2 / R17.2.5: the double arrow's 1-2 steps become 1-4; icons passed
    # trigger as usual (the treasury icon, R14.3).
    state, seat = base()
    state = t.with_state(state, cardinal=0)
    plain = t.play(trading(state, seat), "trade meet-cardinal cloth")
    held = t.play(trading(hold(state, seat, "C20"), seat), "trade meet-cardinal cloth")
    assert moves(plain) == ["cardinal 1", "cardinal 2"]
    assert moves(held) == [f"cardinal {n}" for n in range(1, 5)]
    treasury_gap = next(g for g, icon in BOARD.church_icons if icon == "treasury")
    assert 2 < treasury_gap <= 4
    after = checked(t.play(held, "cardinal 4"))
    assert after.cardinal == 4
    assert after.treasury == held.treasury + 1


def test_c20_single_arrow_becomes_one_to_three_steps() -> None:
    # A.4 C20 (recommended): a 1-arrow icon (a noble card's bonus) becomes 1-3 steps.
    state, seat = base()
    card = noble_card(
        "king", lambda steps: [d.kind for d in steps] == ["move_cardinal", "take_clergy"]
    )
    state = give(t.with_state(state, cardinal=0), seat, card)
    plain = t.play(state, f"tuck {card}")
    held = t.play(hold(state, seat, "C20"), f"tuck {card}")
    assert plain.cardinal == 1 and plain.pending[-1].kind == "take-clergy"
    assert moves(held) == [f"cardinal {n}" for n in range(1, 4)]
    assert checked(t.play(held, "cardinal 3")).cardinal == 3


# --- R17.2.6 buildings, stores and decrees: C21-C25 --------------------------------------


def sponsoring(state: State, seat: int, action: str) -> State:
    """The seat sponsors an event (R11) and chooses to perform the noble ``action`` (R17.5.1)."""
    card = treasury_performing(action)
    event = RULES.typed(card, m.PoliticalCard).event
    assert event is not None and isinstance(event.steps[0], m.Choose)
    option = next(
        i + 1
        for i, seq in enumerate(event.steps[0].options)
        if any(d.kind == "perform" and d.arg("action") == action for d in m.elementary(seq))
    )
    return t.play(give(state, seat, card), f"sponsor {card}", f"option {option}")


def site_with(reward_kind: str, what: str | None = None) -> m.Site:
    """A west site (any building fits, R10.3.2.1) whose reward is ``reward_kind``."""
    return next(
        s
        for s in RULES.sites
        if s.side == "west"
        and s.row != "E"
        and [d.kind for d in _steps(s.reward)] == [reward_kind]
        and (what is None or _steps(s.reward)[0].arg("what") == what)
    )


SITE = site_with("gain", "reis")  # its reward gives no influence to pay with (R5.6)


def opening(officials_out: int = 0) -> tuple[State, int, str]:
    """The seat, without influence (so every payment is in cash, R5.6), sponsors an event
    to open a public building with its starting plan; ``officials_out`` of its officials
    wait in offices. Returns the state at the ``build`` decision, the seat and the plan."""
    state, seat = base()
    state = t.with_player(state, seat, influence=0)
    offices = [[NEUTRAL] for _ in NOBLES]
    for i in range(officials_out):
        offices[i % 3].append(seat)
    state = staff(state, tuple(map(tuple, offices)))
    state = sponsoring(state, seat, "open-building")
    (plan,) = state.players[seat].plans
    return state, seat, plan


def build(state: State, site: m.Site, plan: str) -> State:
    """Open the building, returning officials in place order and hiring the rest."""
    state = t.play(state, f"build {site.id} {plan}")
    while state.pending[-1].kind in ("building-officials", "may", "discard-rubble"):
        state = t.play(state, moves(state)[0])
    return checked(state)


def test_c21_two_wigs_for_opening_a_public_building() -> None:
    # A.4 C21 / R17.2.6: +2 wigs each time you open a public building.
    state, seat, plan = opening()
    plain = build(state, SITE, plan)
    held = build(hold(state, seat, "C21"), SITE, plan)
    assert plain.pending[-1].kind == held.pending[-1].kind == "take-card"
    assert held.players[seat].wigs - plain.players[seat].wigs == 2


def test_c22_one_official_fewer_to_open() -> None:
    # A.4 C22 / R10.3.2 step 4 / R17.2.6: the plan's officials minus 1 are returned; the plan
    # still shows its printed officials (R16.7).
    officials = RULES.typed(opening()[2], m.Plan).officials
    state, seat, plan = opening(officials_out=officials)
    plain = build(state, SITE, plan)
    held = build(hold(state, seat, "C22"), SITE, plan)
    out = RULES.player_board.officials - officials
    assert plain.players[seat].officials == out + officials
    assert held.players[seat].officials == out + officials - 1
    assert plain.players[seat].reis == held.players[seat].reis  # nobody was hired
    assert held.players[seat].completed == (plan,)


def test_c23_hiring_costs_two_reis_less_per_official() -> None:
    # A.4 C23 / R10.3.2 step 4 / R17.2.6: with no official out, every official is hired at
    # the treasury value, 2 reis less each (floor 0 per official).
    state, seat, plan = opening()
    officials = RULES.typed(plan, m.Plan).officials
    value = treasury_value(state)
    plain = build(state, SITE, plan)
    held = build(hold(state, seat, "C23"), SITE, plan)
    assert held.players[seat].reis - plain.players[seat].reis == officials * min(2, value)


def test_c23_floor_zero_per_official() -> None:
    # A.4 C23: on the lowest treasury space (value 1) each hire costs 0, not -1.
    state, seat, plan = opening()
    state = t.with_state(state, treasury=0)
    assert treasury_value(state) == 1
    officials = RULES.typed(plan, m.Plan).officials
    plain = build(state, SITE, plan)
    held = build(hold(state, seat, "C23"), SITE, plan)
    assert held.players[seat].reis - plain.players[seat].reis == officials * 1


def finish(state: State, until: str = "take-card") -> State:
    """Play the first legal move of every decision until ``until`` is on top."""
    return checked(play_until(state, until))


def test_c24_one_wig_per_store_built() -> None:
    # A.4 C24 / R10.1 / R17.2.6: +1 wig each time you build a store.
    state, seat = base()
    state = t.with_player(state, seat, influence=0, reis=30)  # any land is affordable
    state = sponsoring(state, seat, "build-store")
    plain = finish(state)
    held = finish(hold(state, seat, "C24"))
    assert len(plain.stores) == len(held.stores) == 1
    assert held.players[seat].wigs - plain.players[seat].wigs == 1


DECREE_CARD = noble_card(
    "marquis",
    lambda steps: [d.kind for d in steps] == ["take_decree", "spend_set_marker", "take_decree"],
)


@pytest.mark.parametrize(("markers", "decrees"), [(0, 1), (1, 2)])
def test_c25_one_wig_per_decree_taken(markers: int, decrees: int) -> None:
    # A.4 C25 / R10.2 / R17.2.6: +1 wig per decree card, the extra one bought with a
    # rubble-set marker included.
    state, seat = base()
    if markers:
        state = give_rubble(state, seat, (1, 1, 1))
    state = t.play(give(state, seat, DECREE_CARD), f"tuck {DECREE_CARD}")
    take = [f"decree {state.decree_display[0]}", "yes" if markers else "no"]
    if markers:
        take.append(f"decree {state.decree_display[1]}")
    pair = both(state, seat, "C25", *take)
    assert [len(p.players[seat].decrees) for p in pair] == [decrees, decrees]
    assert diff(pair, seat, "wigs") == decrees


# --- R17.2.7 influence and money: C26 (above), C27, C31 ----------------------------------


def test_c27_two_more_influence_per_gain() -> None:
    # A.4 C27 / R5.1 / R17.2.7: a noble card's "gain 2 influence" gives 4.
    state, seat = base()
    card = noble_card("king", reward_is("gain", what="influence"))
    amount = _steps(RULES.typed(card, m.PoliticalCard).reward)[0].arg("amount")
    state = t.with_player(give(state, seat, card), seat, influence=2)
    pair = both(state, seat, "C27", f"tuck {card}")
    assert pair[0].players[seat].influence == 2 + amount
    assert diff(pair, seat, "influence") == 2


def test_c27_cap_ten_and_one_wig() -> None:
    # A.4 C27: the cap of 10 and the wig at 10 apply to the combined gain (one wig).
    state, seat = base()
    card = noble_card("king", reward_is("gain", what="influence"))
    amount = _steps(RULES.typed(card, m.PoliticalCard).reward)[0].arg("amount")
    start = BOARD.influence_max - amount - 1  # 2 short of the top without the tile
    state = t.with_player(give(state, seat, card), seat, influence=start)
    pair = both(state, seat, "C27", f"tuck {card}")
    assert [p.players[seat].influence for p in pair] == [start + amount, BOARD.influence_max]
    assert diff(pair, seat, "wigs") == 1


@pytest.mark.parametrize("payment", ["sponsor-fee", "penalty"])
def test_c31_every_reis_payment_is_one_smaller(payment: str) -> None:
    # A.4 C31 / R0.11 / R17.2.7: the sponsorship fee (treasury value) and a card's 1-real
    # penalty are each 1 real smaller (A.5: one payment each).
    state, seat = base()
    state = t.with_player(state, seat, influence=0)  # paid in cash (R5.6)
    if payment == "sponsor-fee":
        move = f"sponsor {PLAIN_TREASURY}"
        state = give(state, seat, PLAIN_TREASURY)
    else:
        card = penalty_card("pay_if_able")  # R4.5: a penalty pays if it can
        move = f"tuck {card}"
        state = give(state, seat, card)
    pair = both(state, seat, "C31", move)
    assert diff(pair, seat, "reis") == 1


# --- R17.2.8 rubble: C29, C30 ------------------------------------------------------------

PILE_CARD = noble_card("manuel", reward_is("take_pile_rubble"))


def taking_from_pile(colour: str = "red") -> tuple[State, int]:
    """The seat tucks a card whose bonus takes a cube of its choice from the pile (R12.1)."""
    state, seat = base()
    state = t.play(give(state, seat, PILE_CARD), f"tuck {PILE_CARD}")
    assert f"rubble {colour}" in moves(state)
    return state, seat


def test_c29_discard_a_taken_cube_for_two_wigs() -> None:
    # A.4 C29 / R12.4 / R17.2.8: the cube just taken may be discarded for 2 wigs.
    state, seat = taking_from_pile()
    plain = checked(t.play(state, "rubble red"))
    held = t.play(hold(state, seat, "C29"), "rubble red")
    assert moves(held) == ["yes", "no"]
    held = checked(t.play(held, "yes", "discard red"))
    red = RUBBLE.index("red")
    assert plain.players[seat].rubble[red] == 1 and held.players[seat].rubble[red] == 0
    assert held.players[seat].wigs - plain.players[seat].wigs == 2
    assert held.rubble_out == plain.rubble_out + 1


def test_c29_at_most_one_cube_per_taking() -> None:
    # A.4 C29: the 2 cubes of a public-building site are one taking: one cube, 2 wigs.
    state, seat, plan = opening()
    cubes = state.site_rubble[[s.id for s in RULES.sites].index(SITE.id)]
    assert len(cubes) == 2
    plain = build(state, SITE, plan)
    held = build(hold(state, seat, "C29"), SITE, plan)  # says yes and discards once
    assert sum(plain.players[seat].rubble) == 2 and sum(held.players[seat].rubble) == 1
    assert held.players[seat].wigs - plain.players[seat].wigs == 2


def test_c30_one_real_per_cube_taken_from_the_pile() -> None:
    # A.4 C30 / R17.2.8: +1 real per rubble cube taken.
    state, seat = taking_from_pile()
    pair = both(state, seat, "C30", "rubble red")
    assert diff(pair, seat, "reis") == 1


def test_c30_both_site_cubes_pay() -> None:
    # A.4 C30: opening a public building takes the site's 2 cubes: 2 reis.
    state, seat, plan = opening()
    plain = build(state, SITE, plan)
    held = build(hold(state, seat, "C30"), SITE, plan)
    assert held.players[seat].reis - plain.players[seat].reis == 2


def test_c30_a_cube_lost_to_a_full_row_still_pays() -> None:
    # A.4 C30 (recommended): also for a cube that is lost at once (R12.3: its row is full).
    state, seat = base()
    state = give_rubble(state, seat, (0, RULES.player_board.rubble_per_colour, 0))
    state = t.play(give(state, seat, PILE_CARD), f"tuck {PILE_CARD}")
    pair = both(state, seat, "C30", "rubble red")
    assert pair[0].rubble_out == state.rubble_out + 1  # the cube left the game
    assert diff(pair, seat, "reis") == 1


# --- R17.2.9 immediate tiles: C32, C33 ---------------------------------------------------

ORDINARY = "C12"  # a tile without an "on taken" effect, taken in the comparison scenario


def church_with(state: State, space: int, tile: str) -> State:
    """The church with ``tile`` on ``space``; the tile that was there takes the place of
    ``tile`` (in the bag or on another church space), so pieces are conserved."""
    church = list(state.church)
    bag = list(state.clergy_bag)
    old = church[space]
    assert old is not None
    if tile in church:
        church[church.index(tile)] = old
    else:
        bag[bag.index(tile)] = old
    church[space] = tile
    return t.with_state(state, church=tuple(church), clergy_bag=tuple(bag))


def meeting_the_cardinal(tile: str, influence: int = 1) -> tuple[State, int]:
    """The seat trades for Meet the Cardinal (R8.5) with ``tile`` on the church space beside
    gap 1 (the cardinal on gap 0) and takes it after one step."""
    state, seat = base()
    state = t.with_player(state, seat, influence=influence)
    state = church_with(t.with_state(state, cardinal=0), 1, tile)
    state = t.play(trading(state, seat), "trade meet-cardinal cloth", "cardinal 1")
    return checked(t.play(state, f"clergy {tile}")), seat


def test_c32_seven_influence_when_taken() -> None:
    # A.4 C32 / R17.2.9: gain 7 influence once, on taking the tile.
    plain, seat = meeting_the_cardinal(ORDINARY)
    held, _ = meeting_the_cardinal("C32")
    assert "C32" in held.players[seat].clergy
    assert held.players[seat].influence - plain.players[seat].influence == 7


def test_c32_cap_ten_and_c27_adds_two() -> None:
    # A.4 C32: the cap of 10 and the wig at 10 apply; C27 adds 2 if already held.
    held, seat = meeting_the_cardinal("C32", influence=4)
    assert held.players[seat].influence == BOARD.influence_max  # 4 + 7 capped at 10
    plain, _ = meeting_the_cardinal(ORDINARY, influence=4)
    assert held.players[seat].wigs - plain.players[seat].wigs == 1
    state, seat = base()
    state = hold(t.with_player(state, seat, influence=0), seat, "C27")
    state = church_with(t.with_state(state, cardinal=0), 1, "C32")
    state = t.play(trading(state, seat), "trade meet-cardinal cloth", "cardinal 1", "clergy C32")
    assert checked(state).players[seat].influence == 7 + 2


def test_c33_up_to_two_royal_favors_when_taken() -> None:
    # A.4 C33 / R17.2.9: take up to 2 royal favors of nobles you do not have.
    plain, seat = meeting_the_cardinal(ORDINARY)
    held, _ = meeting_the_cardinal("C33")
    assert moves(held) == [f"favor {n}" for n in NOBLES] + ["done"]
    held = checked(t.play(held, "favor manuel", "favor king"))
    assert held.pending[-1].kind != "take-favor"  # two at most
    assert plain.players[seat].favors == ()
    assert sorted(held.players[seat].favors) == ["king", "manuel"]
    assert sum(held.favor_supply) == sum(plain.favor_supply) - 2


# --- R17.2.10 / R17.2.11 end of period 1 and final scoring: C34-C37 -----------------------


def test_c34_rubble_sets_score_one_more_at_final_scoring() -> None:
    # A.4 C34 / R16.3 step 2 / R17.2.10: each set scores 4 instead of 3.
    state, seat = base()
    state = give_rubble(state, seat, (2, 2, 3))
    plain = score(checked(state)).seats[seat]
    held = score(checked(hold(state, seat, "C34"))).seats[seat]
    assert plain.category("rubble").wigs == BOARD.set_wigs * 2
    assert held.category("rubble").wigs - plain.category("rubble").wigs == 2
    assert held.total - plain.total == 2


def test_c34_rubble_sets_score_one_more_at_the_end_of_period_one() -> None:
    # A.4 C34 / R15.3 step 1 / R17.2.10: a 2nd set ends period 1 (R15.1); each set held at
    # that moment scores 4 instead of 3.
    state, seat = base()
    state = give_rubble(state, seat, (2, 2, 2))
    card = state.players[seat].hand[0]
    state = t.play(state, f"gold {card}")
    take = moves(state)[0]
    pair = both(state, seat, "C34", take)
    assert all(p.period == 2 for p in pair)
    assert pair[0].players[seat].wigs == 5 + BOARD.set_wigs * 2
    assert diff(pair, seat, "wigs") == 2


def with_completed(state: State, seat: int, plan: str) -> State:
    """The seat's plan (held or from a stack) is completed."""
    stacks = tuple(tuple(p for p in stack if p != plan) for stack in state.plan_stacks)
    p = state.players[seat]
    state = t.with_state(state, plan_stacks=stacks)
    return t.with_player(
        state, seat, plans=tuple(x for x in p.plans if x != plan), completed=(*p.completed, plan)
    )


def test_c35_completed_plans_add_officials_at_final_scoring() -> None:
    # A.4 C35 (recommended reading) / R16.7 / R17.2.11: +1 official per completed plan.
    # Both seats complete their starting plan (2 officials each): tied 1st in 2 players pay
    # (15 + 5) / 2 = 10 each (R16.6); one official more makes the holder 1st alone (15).
    state, seat = base()
    other = 1 - seat
    for s in (seat, other):
        state = with_completed(state, s, state.players[s].plans[0])
    printed = [RULES.typed(state.players[s].completed[0], m.Plan).officials for s in (seat, other)]
    assert printed[0] == printed[1]
    plain = score(checked(state)).seats[seat]
    held = score(checked(hold(state, seat, "C35"))).seats[seat]
    assert dict(plain.category("officials").items)["officials"] == printed[0]
    assert dict(held.category("officials").items)["officials"] == printed[0] + 1
    table = dict(BOARD.officials_majority)[2]
    assert plain.category("officials").wigs == (table[0] + table[1]) // 2
    assert held.category("officials").wigs == table[0]


def test_c35_one_more_official_per_completed_plan() -> None:
    # A.4 C35: the bonus is per completed plan: with two, +2.
    state, seat = base()
    state = with_completed(state, seat, state.players[seat].plans[0])
    state = with_completed(state, seat, state.plan_stacks[0][0])
    plain = score(checked(state)).seats[seat]
    held = score(checked(hold(state, seat, "C35"))).seats[seat]
    gained = [dict(s.category("officials").items)["officials"] for s in (plain, held)]
    assert gained[1] - gained[0] == 2


PLAN_TILES = [("C36", "blue"), ("C37", "green")]


def with_decree(state: State, seat: int, decree: str) -> State:
    state = t.with_state(
        state,
        decree_display=tuple(d for d in state.decree_display if d != decree),
        decree_deck=tuple(d for d in state.decree_deck if d != decree),
        removed=tuple(d for d in state.removed if d != decree),
    )
    return t.with_player(state, seat, decrees=(*state.players[seat].decrees, decree))


@pytest.mark.parametrize(("tile", "architect"), PLAN_TILES, ids=[p[0] for p in PLAN_TILES])
def test_c36_c37_counts_as_a_completed_plan_of_one_architect(tile: str, architect: str) -> None:
    # A.4 C36/C37 / R17.2.11: at final scoring the tile counts as one completed plan of its
    # architect: a decree "N per completed plan of that architect" gives N more (R17.6.5);
    # a decree of the other architect gives nothing more.
    other_architect = "green" if architect == "blue" else "blue"
    for counted, expected in ((architect, 1), (other_architect, 0)):
        decree = decree_scoring("completed-plans", architect=counted)
        state, seat = base()
        state = with_decree(state, seat, decree.id)
        plain = score(checked(state)).seats[seat]
        held = score(checked(hold(state, seat, tile))).seats[seat]
        gained = held.category("decrees").wigs - plain.category("decrees").wigs
        assert gained == decree.score.wigs * expected, counted


@pytest.mark.parametrize("tile", [tile for tile, _ in PLAN_TILES])
def test_c36_c37_no_officials_and_no_place_of_its_own(tile: str) -> None:
    # R17.2.11 (recommended): the tile adds 0 officials and on its own earns no place in the
    # officials majority; it counts for tie-breaker 3 (completed plans, R16.9).
    state, seat = base()
    held = checked(hold(state, seat, tile))
    assert score(held).seats[seat].category("officials").wigs == 0
    # Both seats equal in everything (a shared win): the holder wins on completed plans.
    assert set(score(checked(state)).winners) == {0, 1}
    assert score(held).winners == (seat,)


# --- more readings of A.4 ----------------------------------------------------------------


def church_scoring(state: State, seat: int) -> State:
    """The seat has laid the cardinal down (R14.3): after its Get 1 gold turn, church scoring
    starts with it (R14.4); stops at its decision."""
    state = t.with_state(state, church_scoring=seat)
    state = t.play(state, f"gold {state.players[seat].hand[0]}")
    state = play_until(state, "church")
    assert state.to_act == seat
    return state


CHURCH_GAIN = [("C27", 2), ("C28", 2)]


@pytest.mark.parametrize(("tile", "extra"), CHURCH_GAIN, ids=[c[0] for c in CHURCH_GAIN])
def test_c27_c28_church_scoring_influence(tile: str, extra: int) -> None:
    # R14.4 step 3 / A.4 C27, C28: the Gain Influence of a church scoring (one blue ship in
    # the top row) is 2 higher with the tile kept; a tile given up stops acting at once, so
    # giving it up pays its wigs (step 2) but no extra influence.
    state, seat = base()
    blue = ship("blue")
    state = t.with_player(give_ship(state, seat, blue.id), seat, influence=0)
    state = hold(state, seat, ORDINARY)
    kept = checked(
        t.play(church_scoring(hold(state, seat, tile), seat), f"give {ORDINARY}", "done")
    )
    plain = checked(t.play(church_scoring(state, seat), f"give {ORDINARY}", "done"))
    assert plain.players[seat].influence == blue.influence
    assert kept.players[seat].influence - plain.players[seat].influence == extra
    given = church_scoring(hold(state, seat, tile), seat)
    given = checked(t.play(given, f"give {ORDINARY}", f"give {tile}", "done"))
    assert given.players[seat].influence == blue.influence
    wigs = RULES.typed(tile, m.ClergyTile).wigs
    assert given.players[seat].wigs - plain.players[seat].wigs == wigs


def test_c28_counts_for_influence_power_decrees() -> None:
    # A.4 C28 (recommended) / R17.6.7: "1 per 2 points of influence shown on your top-row
    # cards" counts the 2 extra per ship.
    decree = next(
        d
        for d in RULES.decrees
        if d.score.form == "per" and d.score.quantity.subject == "influence-power"
    )
    state, seat = base()
    blue = ship("blue")
    state = with_decree(give_ship(state, seat, blue.id), seat, decree.id)
    plain = score(checked(state)).seats[seat].category("decrees").wigs
    held = score(checked(hold(state, seat, "C28"))).seats[seat].category("decrees").wigs
    rule = decree.score
    assert plain == rule.wigs * (blue.influence // rule.every)
    assert held == rule.wigs * ((blue.influence + 2) // rule.every)


def test_c31_all_hires_of_one_opening_are_one_payment() -> None:
    # A.5 (recommended): hiring is one payment, so C31 takes 1 real off all the hires
    # together (not 1 per official).
    state, seat, plan = opening()
    assert RULES.typed(plan, m.Plan).officials >= 2
    plain = build(state, SITE, plan)
    held = build(hold(state, seat, "C31"), SITE, plan)
    assert held.players[seat].reis - plain.players[seat].reis == 1


def test_c33_favors_only_of_nobles_you_lack_and_left_on_the_portraits() -> None:
    # A.4 C33: at most one favor per noble, limited by what is left on the portraits.
    state, seat = base()
    supply = list(state.favor_supply)
    supply[NOBLES.index("king")] -= 1
    supply[NOBLES.index("manuel")] = 0
    state = t.with_player(state, seat, favors=("king",), influence=1)
    state = t.with_state(state, favor_supply=tuple(supply), cardinal=0)
    state = church_with(state, 1, "C33")
    state = t.play(trading(state, seat), "trade meet-cardinal cloth", "cardinal 1", "clergy C33")
    assert moves(state) == ["favor marquis", "done"]
    state = checked(t.play(state, "favor marquis"))
    assert sorted(state.players[seat].favors) == ["king", "marquis"]


def test_c32_at_setup() -> None:
    # A.4 C32 / A.5: a tile kept at setup (R2.2.3) resolves its immediate effect then.
    for seed in range(200):
        state = new_game(2, seed)
        while state.pending[-1].kind == "keep-clergy":
            frame = state.pending[-1]
            if "C32" in frame.data:
                other = next(tile for tile in frame.data if tile != "C32")
                start = state.players[frame.seat].influence
                held = t.play(state, "keep C32")
                plain = t.play(state, f"keep {other}")
                assert held.players[frame.seat].influence == min(BOARD.influence_max, start + 7)
                assert plain.players[frame.seat].influence == start
                return
            state = t.play(state, moves(state)[0])
    pytest.fail("no seed below 200 draws C32 at setup")


def test_c35_counts_for_plan_officials_decrees() -> None:
    # A.4 C35 (recommended): also counts for "1 per 2 officials on completed plans" (D21).
    decree = next(
        d
        for d in RULES.decrees
        if d.score.form == "per" and d.score.quantity.subject == "plan-officials"
    )
    state, seat = base()
    state = with_completed(state, seat, state.players[seat].plans[0])
    state = with_completed(state, seat, state.plan_stacks[0][0])
    state = with_decree(state, seat, decree.id)
    printed = sum(RULES.typed(p, m.Plan).officials for p in state.players[seat].completed)
    plain = score(checked(state)).seats[seat].category("decrees").wigs
    held = score(checked(hold(state, seat, "C35"))).seats[seat].category("decrees").wigs
    rule = decree.score
    assert plain == rule.wigs * (printed // rule.every)
    assert held == rule.wigs * ((printed + 2) // rule.every)


@pytest.mark.parametrize(("tile", "architect"), PLAN_TILES, ids=[p[0] for p in PLAN_TILES])
def test_c36_c37_count_for_any_architect_and_most_decrees(tile: str, architect: str) -> None:
    # A.4 C36/C37: counts for D17 (N per completed plan, any architect) and D19/D20 (5 for
    # most completed plans, A39: at least 1).
    for decree in (
        decree_scoring("completed-plans"),
        next(
            d
            for d in RULES.decrees
            if d.score.form == "most"
            and d.score.quantity.subject == "completed-plans"
            and dict(d.score.quantity.filters).get("architect") == architect
        ),
    ):
        state, seat = base()
        state = with_decree(state, seat, decree.id)
        plain = score(checked(state)).seats[seat].category("decrees").wigs
        held = score(checked(hold(state, seat, tile))).seats[seat].category("decrees").wigs
        assert (plain, held) == (0, decree.score.wigs), decree.id


# --- every tile is covered -----------------------------------------------------------------


def _tile_ids(value: object) -> set[str]:
    if isinstance(value, str):
        return {value} if re.fullmatch(r"C\d\d", value) else set()
    if isinstance(value, (tuple, list)):
        return set().union(*(_tile_ids(v) for v in value)) if value else set()
    return set()


def test_every_clergy_tile_has_an_effect_test() -> None:
    # components.md A.4: 37 tiles, C01-C37; each appears in a test name or parameter id above.
    covered: set[str] = set()
    for name, test in globals().items():
        if not name.startswith("test_") or name == "test_every_clergy_tile_has_an_effect_test":
            continue
        covered |= {f"C{n}" for n in re.findall(r"c(\d\d)", name)}
        for mark in getattr(test, "pytestmark", []):
            if mark.name == "parametrize":
                covered |= _tile_ids(list(mark.args[1])) | _tile_ids(
                    list(mark.kwargs.get("ids", []))
                )
                if len(mark.args) > 2:
                    covered |= _tile_ids(list(mark.args[2]))
    catalogue = {tile.id for tile in RULES.of_kind("clergy")}
    assert len(catalogue) == 37
    assert covered == catalogue
