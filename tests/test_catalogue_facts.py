"""Component counts and the constraints the references state, checked on the shipped catalogue.

Every expected number below is taken from docs/games/lisboa/components.md (sections
A-G) or docs/games/lisboa/rules.md, cited next to the assertion; nothing is copied from the card files.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import pytest

from lisboa_core import load_rules
from lisboa_core.dsl import ast
from lisboa_core.dsl.parser import parse_file
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.model import (
    Behaviour,
    Decree,
    Do,
    HouseAbility,
    Modifier,
    Permission,
    PoliticalCard,
    Seq,
    Trigger,
)

NOBLES = ("manuel", "marquis", "king")
CARD_TYPES = (*NOBLES, "treasury")
STREETS = ("yellow", "pink", "brown", "blue")
GOODS = ("gold", "books", "cloth", "tools")
ROWS = ("A", "B", "C", "D", "E")


@pytest.fixture(scope="module")
def rules() -> Rules:
    return load_rules()


def _syntax_components() -> list[ast.Component]:
    return [c for p in sorted(cards_dir().glob("*.lsb")) for c in parse_file(p).components]


# --- counts (components.md E1, rules.md R1.2) -------------------------------------------------


@pytest.mark.parametrize(
    ("attr", "count"),
    [
        ("political", 82),  # E1, R1.2.9
        ("ships", 12),  # E1, R1.2.10
        ("clergy", 37),  # E1, A.1, R1.2.8
        ("decrees", 70),  # E1, C.1, R1.2.11
        ("buildings", 16),  # E1, E5, R1.2.4
        ("plans", 20),  # E1, E4, R1.2.3
        ("city_tiles", 27),  # E1: 22 large + 5 small, R1.2.5
        ("scoring_tiles", 4),  # E1, E7, R1.2.6
        ("favors", 12),  # E1, E8: 3 nobles x 4, R1.2.7
        ("lands", 27),  # one per city tile: 22 large + 5 small (provenance.md, downtown)
        ("sites", 14),  # F1: west 5, north 4, east 5; R1.8.6
        ("nobles", 3),  # E20, R1.5.2
    ],
)
def test_component_counts(rules: Rules, attr: str, count: int) -> None:
    assert len(getattr(rules, attr)) == count


# --- political cards (components.md B, G; rules.md R1.2.9, R4.5) -----------------------------


def _deck(rules: Rules, deck: str) -> list[PoliticalCard]:
    return [c for c in rules.political if c.deck == deck]


def _face(card: PoliticalCard) -> tuple[object, ...]:
    return (card.type, card.influence, card.reward, card.penalty, card.event, card.permanent)


@pytest.mark.parametrize("deck", ["red", "brown"])
def test_display_decks_are_four_piles_of_five_different_cards(rules: Rules, deck: str) -> None:
    # G / R1.2.9: the red deck is 20 cards = 4 piles (Manuel, Marquis, King, Treasury) of 5
    # unique cards (STATED); the brown deck is prepared the same way (A40: also 4 x 5).
    cards = _deck(rules, deck)
    assert Counter(c.type for c in cards) == {t: 5 for t in CARD_TYPES}
    for card_type in CARD_TYPES:
        faces = [_face(c) for c in cards if c.type == card_type]
        assert len(set(map(repr, faces))) == 5, f"{deck} {card_type} pile repeats a card"
        assert all(a != b for i, a in enumerate(faces) for b in faces[i + 1:])


def test_hand_decks_fill_the_rest(rules: Rules) -> None:
    # G / R1.2.9, A40: blue + purple = 82 - 20 - 20 = 42, each at least 20 (4 players x 5).
    counts = Counter(c.deck for c in rules.political)
    assert set(counts) == {"blue", "red", "purple", "brown"}
    assert counts["blue"] + counts["purple"] == 42
    assert counts["blue"] >= 20 and counts["purple"] >= 20


def test_every_deck_type_is_a_defined_noble_or_treasury(rules: Rules) -> None:
    # B.1 / R1.2.9: each political card is a noble card of one of the 3 nobles or a treasury card.
    assert {c.type for c in rules.political} <= set(CARD_TYPES)


def test_noble_cards_have_exactly_one_of_reward_or_penalty(rules: Rules) -> None:
    # B.1 / R17.1.1: a noble card shows an influence value and ONE reward or ONE penalty; it has
    # no event and no permanent effect.
    for card in rules.political:
        if card.type == "treasury":
            continue
        assert (card.reward is None) != (card.penalty is None), card.id
        assert card.event is None and not card.permanent, card.id
        assert card.influence >= 1, card.id  # B.2: a printed influence value


def test_treasury_cards_have_an_event_and_a_permanent(rules: Rules) -> None:
    # B.1 / R17.1.2: treasury card = treasury icons, a centre event and a bottom permanent.
    for card in rules.political:
        if card.type != "treasury":
            continue
        assert card.event is not None and card.event.steps, card.id
        assert isinstance(card.permanent, Behaviour) and card.permanent, card.id
        assert card.reward is None and card.penalty is None, card.id


@pytest.mark.parametrize("deck", ["blue", "red", "purple", "brown"])
def test_penalty_cards_carry_more_influence_than_the_rest_of_their_deck(
    rules: Rules, deck: str
) -> None:
    # B.2 (STATED, design rule) / R4.5 step 1: "Cards with penalties show more influence than
    # other cards of their deck" -- strictly more than every non-penalty noble card.
    nobles = [c for c in _deck(rules, deck) if c.type != "treasury"]
    penalties = [c for c in nobles if c.penalty is not None]
    others = [c for c in nobles if c.penalty is None]
    assert penalties and others
    top = max(c.influence for c in others)
    for card in penalties:
        assert card.influence > top, f"{card.id} shows {card.influence}, another card {top}"


def test_penalties_only_pay_or_return(rules: Rules) -> None:
    # B.3: the only penalties are NB01 (return an official) and NB02 (pay 1 real).
    for card in rules.political:
        if card.penalty is not None:
            assert card.penalty in (
                Seq((Do("return_official"),)),  # NB01
                # NB02: `pay 1 reis` binds only the amount; a penalty pays if it can (R4.5)
                Seq((Do("pay_if_able", (("amount", 1),)),)),
            ), card.id


# --- ships (components.md E3; rules.md R1.2.10, A2) ------------------------------------------

HULLS = {"blue": 1, "red": 2, "purple": 3, "brown": 4}  # E3 / R1.2.10, A2
PERIODS = {"blue": 1, "red": 1, "purple": 2, "brown": 2}  # E3 / R1.2.10


def test_ships_three_per_colour(rules: Rules) -> None:
    # E1 / R1.2.10: 4 kinds x 3 copies.
    assert Counter(s.color for s in rules.ships) == {c: 3 for c in HULLS}


def test_ship_hull_and_period(rules: Rules) -> None:
    # E3 / R1.2.10: blue 1, red 2 (period 1); purple 3, brown 4 (period 2).
    for ship in rules.ships:
        assert ship.hull == HULLS[ship.color], ship.id
        assert ship.period == PERIODS[ship.color], ship.id


def test_ship_sale_modifiers_from_examples(rules: Rules) -> None:
    # E3 / R1.2.10: the red ship's modifier is +1 per good; the purple (hull 3) ship's +2.
    for ship in rules.ships:
        if ship.color == "red":
            assert ship.sale == 1, ship.id
        if ship.color == "purple":
            assert ship.sale == 2, ship.id


# --- decrees (components.md C.2; rules.md R17.6) ---------------------------------------------


def decree_type(decree: Decree) -> str | None:
    """The scoring type D01-D30 of components.md C.2 that a compiled score expresses."""
    score = decree.score
    form, subject = score.form, score.quantity.subject
    keys = frozenset(k for k, _ in score.quantity.filters)
    table: dict[tuple[str, str, frozenset[str]], str] = {
        ("per", "buildings", frozenset({"side"})): "D01",  # per building at location X
        ("per", "buildings", frozenset({"architect"})): "D02",  # per building of architect X
        ("per", "stores", frozenset({"row"})): "D03",  # per own store at location X (a row ...
        ("per", "stores", frozenset({"column"})): "D03",  # ... or a column: C.2 note, UNKNOWN)
        ("per", "stores", frozenset({"street"})): "D04",  # per own store facing street X
        ("every-type", "stores", frozenset()): "D05",  # a store of every type
        ("per", "stores", frozenset()): "D06",  # per own store
        ("most", "stores", frozenset()): "D07",  # most stores on the map
        ("most", "stores", frozenset({"street"})): "D08",  # most stores on street X
        ("most", "stores", frozenset({"row"})): "D09",  # most stores in row X
        ("per", "any-stores", frozenset({"street"})): "D10",  # any owner's stores on street X
        ("per", "any-stores", frozenset({"row"})): "D11",  # any owner's stores in row X
        ("per", "rubble", frozenset({"colour"})): "D12",  # per own cube of colour X
        ("most", "rubble", frozenset()): "D13",  # most rubble
        ("every-type", "goods", frozenset()): "D15",  # a good of every type
        ("per", "completed-plans", frozenset()): "D17",  # per completed plan
        ("per", "completed-plans", frozenset({"architect"})): "D18",
        ("most", "completed-plans", frozenset()): "D19",
        ("most", "completed-plans", frozenset({"architect"})): "D20",
        ("per", "plan-officials", frozenset()): "D21",  # per 2 officials on completed plans
        ("most", "plan-officials", frozenset()): "D22",
        ("most", "decrees", frozenset()): "D23",
        ("per", "decrees", frozenset()): "D24",
        ("per", "influence", frozenset()): "D25",  # per 2 influence
        ("most", "influence", frozenset()): "D26",
        ("per", "influence-power", frozenset()): "D27",  # per 2 influence power
        ("per", "portfolio-cards", frozenset()): "D28",
        ("most", "reis", frozenset()): "D29",
        ("per", "ships", frozenset()): "D30",
    }
    if subject in GOODS and not keys:
        return {"most": "D14", "per": "D16"}.get(form)  # most / per good of type X
    return table.get((form, subject, keys))


# Fixed wig values and rates of components.md C.2 (types with N printed on the card are absent).
FIXED = {
    "D03": (2, 1), "D04": (2, 1), "D05": (6, 1), "D06": (1, 1), "D07": (5, 1), "D08": (5, 1),
    "D09": (5, 1), "D10": (1, 1), "D11": (1, 1), "D12": (1, 1), "D13": (5, 1), "D14": (5, 1),
    "D15": (5, 1), "D16": (1, 1), "D19": (5, 1), "D20": (5, 1), "D21": (1, 2), "D22": (5, 1),
    "D23": (5, 1), "D24": (1, 1), "D25": (1, 2), "D26": (5, 1), "D27": (1, 2), "D28": (1, 1),
    "D29": (5, 1), "D30": (2, 1),
}


def test_every_decree_has_a_scoring_type(rules: Rules) -> None:
    # C.2: every decree card is one of the 30 atomic scoring types.
    untyped = [d.id for d in rules.decrees if decree_type(d) is None]
    assert not untyped


def test_decrees_cover_all_30_scoring_types(rules: Rules) -> None:
    # C.2 / H.9: 30 atomic types D01-D30; each type present at least once.
    found = {decree_type(d) for d in rules.decrees}
    assert found == {f"D{i:02d}" for i in range(1, 31)}


def test_decree_fixed_values(rules: Rules) -> None:
    # C.2 "Wigs" column / R17.6: fixed values (2 each, 6, 1 each, 5, 1 per 2).
    for decree in rules.decrees:
        kind = decree_type(decree)
        if kind in FIXED:
            assert (decree.score.wigs, decree.score.every) == FIXED[kind], decree.id


def test_decree_architect_and_side_parameters(rules: Rules) -> None:
    # C.2: D02/D18/D20 X in {blue, green}; D01 a location (sides west/north/east, F1).
    for decree in rules.decrees:
        filters = dict(decree.score.quantity.filters)
        if "architect" in filters:
            assert filters["architect"] in ("blue", "green"), decree.id
        if "side" in filters:
            assert filters["side"] in ("west", "north", "east"), decree.id


# --- buildings, plans, tiles, favors (components.md E4-E8) -----------------------------------


def test_buildings_two_different_colours_per_side(rules: Rules) -> None:
    # E5 / R1.2.4: double-sided; each side shows two store colours (types).
    for b in rules.buildings:
        for side in (b.blue, b.green):
            assert len(side) == 2 and side[0] != side[1], b.id
            assert set(side) <= set(STREETS), b.id


def test_plans(rules: Rules) -> None:
    # E4 / R1.2.3: 20 plans, 4 starting (dark-blue back), 16 regular; architect blue or green.
    plans = rules.plans
    assert sum(p.starting for p in plans) == 4
    assert {p.architect for p in plans} <= {"blue", "green"}
    # E4 / R2.4.2: the regular plans form two stacks, one per architect.
    assert {p.architect for p in plans if not p.starting} == {"blue", "green"}
    assert all(p.officials >= 1 for p in plans)
    # E4: plans with 2 and with 3 officials appear in the examples.
    assert {2, 3} <= {p.officials for p in plans}


def test_city_tiles(rules: Rules) -> None:
    # E1, E6 / R1.2.5: 22 large and 5 small.
    assert Counter(t.size for t in rules.city_tiles) == {"large": 22, "small": 5}


def test_scoring_tiles(rules: Rules) -> None:
    # E7 / R1.2.6: 4 tiles; the values 3 and 4 appear in the examples.
    values = [t.wigs for t in rules.scoring_tiles]
    assert len(values) == 4
    assert {3, 4} <= set(values)


def test_royal_favors(rules: Rules) -> None:
    # E8 / R1.2.7: 12 = 4 per noble.
    assert Counter(f.noble for f in rules.favors) == {n: 4 for n in NOBLES}


# --- land spaces and sites (components.md F1, F2) --------------------------------------------


def test_land_spaces_grid(rules: Rules) -> None:
    # F1: rows A-E x columns 1-5, column 5 the thin column of small spaces. Reconstructed
    # (provenance.md, "Downtown geometry"; tests/test_board_geometry.py): one space per
    # cell except the two cells flanking the pink street in row C, which hold two lots.
    cells = Counter((land.row, land.column) for land in rules.lands)
    assert cells == {(r, c): 2 if (r, c) in {("C", 2), ("C", 3)} else 1
                     for r in ROWS for c in range(1, 6)}
    for land in rules.lands:
        assert (land.size == "small") == (land.column == 5), land.id
        # R1.8.3: a land space touches 1 or 2 streets.
        assert 1 <= len(land.streets) <= 2, land.id


def test_sites(rules: Rules) -> None:
    # F1 / R1.8.6: west 5 (one per row), north 4 (one per street), east 5 (one per row);
    # each holds 2 rubble at setup.
    sites = rules.sites
    assert Counter(s.side for s in sites) == {"west": 5, "north": 4, "east": 5}
    assert sorted(s.row for s in sites if s.side == "west") == list(ROWS)
    assert sorted(s.row for s in sites if s.side == "east") == list(ROWS)
    assert sorted(s.street for s in sites if s.side == "north") == sorted(STREETS)
    assert all(s.rubble == 2 for s in sites)


# --- board (components.md E9-E20, F1; rules.md R1.5-R1.9, R2, R16) ---------------------------


def test_treasury_track(rules: Rules) -> None:
    board = rules.board
    values = [s.value for s in board.treasury]
    # R1.6.1, R2.4.9, A8: the marker starts on the space whose treasury value is 3.
    assert board.treasury_start == 3
    assert 3 in values
    assert board.treasury[board.treasury_start_index].value == 3
    # R1.6.4: a higher space never has a lower treasury value.
    assert values == sorted(values)
    # R1.6.4 / E11: spaces with value 5 and with modifier +1 exist; modifiers can be negative.
    assert 5 in values
    assert any(s.modifier == 1 for s in board.treasury)
    assert any(s.modifier < 0 for s in board.treasury)


def test_rubble_cubes(rules: Rules) -> None:
    board = rules.board
    # E10 / R1.2.12, A3: 63 cubes, 21 of each colour; land-price costs brown 3, red 2, blue 1.
    assert sorted(board.rubble) == sorted([("brown", 21, 3), ("red", 21, 2), ("blue", 21, 1)])
    assert sum(n for _, n, _ in board.rubble) == 63


def test_rubble_slots_hold_all_cubes(rules: Rules) -> None:
    board = rules.board
    # F1 table: row rubble 5 x 3, column rubble 4 x 3 + 2, pile 6 (R1.8.7), sites 14 x 2.
    assert sorted(board.row_rubble) == [(r, 3) for r in ROWS]
    assert sorted(board.column_rubble) == [(1, 3), (2, 3), (3, 3), (4, 3), (5, 2)]
    assert board.rubble_pile == 6
    sites = sum(s.rubble for s in rules.sites)
    slots = (sites + sum(n for _, n in board.row_rubble)
             + sum(n for _, n in board.column_rubble) + board.rubble_pile)
    # F1: the setup slots hold exactly the 63 cubes (3-4 players).
    assert slots == 63


def test_store_majority_table(rules: Rules) -> None:
    # R16.4 table (components.md E15).
    assert {g: (a, b, c) for g, a, b, c in rules.board.store_majority} == {
        "gold": (3, 2, 1),
        "tools": (6, 3, 1),
        "books": (9, 6, 3),
        "cloth": (9, 6, 3),
    }
    assert len(rules.board.store_majority) == 4


def test_officials_majority_table(rules: Rules) -> None:
    # R16.7 (components.md E16): 3-4 players 15 / 10 / 5; 2 players 15 / 5.
    assert dict(rules.board.officials_majority) == {4: (15, 10, 5), 3: (15, 10, 5), 2: (15, 5)}
    assert len(rules.board.officials_majority) == 3


def test_start_prices(rules: Rules) -> None:
    # R2.4.3, R1.7.1, A7 (components.md E12): tools 4, books 5, cloth 5, gold 6.
    assert dict(rules.board.price_start) == {"tools": 4, "books": 5, "cloth": 5, "gold": 6}
    assert len(rules.board.price_start) == 4


def test_price_bounds(rules: Rules) -> None:
    board = rules.board
    # R1.9.3, A4: lowest price 1.
    assert board.price_min == 1
    # R1.7.2: prices never rise, so the track reaches at least the highest start price.
    assert board.price_max >= max(p for _, p in board.price_start)


def test_influence_track(rules: Rules) -> None:
    board = rules.board
    # R2.2.8 (E2, E13): influence markers start on 4 / 5 / 6 / 7 by seat order.
    assert board.influence_start == (4, 5, 6, 7)
    # R1.5.4 / E13: the track runs 0..10.
    assert board.influence_max == 10


def test_office_capacity(rules: Rules) -> None:
    # R1.9.4, A5 (components.md E20, H21): 6 official spaces per office.
    assert sorted(n.office for n in rules.nobles) == [6, 6, 6]


def test_nobles(rules: Rules) -> None:
    # R1.5.2 (components.md glossary, E9, E20): goods accepted and actions of each noble.
    by_key = {n.key: n for n in rules.nobles}
    assert set(by_key) == set(NOBLES)
    assert set(by_key["manuel"].accepts) == {"tools", "gold"}
    assert set(by_key["marquis"].accepts) == {"books", "gold"}
    assert set(by_key["king"].accepts) == {"cloth", "gold"}
    assert set(by_key["manuel"].state_actions) == {"recruit-officials", "acquire-plan"}
    assert set(by_key["marquis"].state_actions) == {"build-ship", "produce-goods"}
    assert set(by_key["king"].state_actions) == {"meet-cardinal", "royal-favor"}
    assert by_key["manuel"].noble_action == "build-store"
    assert by_key["marquis"].noble_action == "take-decree"
    assert by_key["king"].noble_action == "open-building"
    # E20: the Marquis's office is in the centre.
    assert [n.key for n in rules.nobles][1] == "marquis"


def test_streets_and_goods(rules: Rules) -> None:
    # R1.8.1 / E6, E9: yellow = gold, pink = cloth, brown = books, blue = tools.
    assert dict(rules.board.streets) == {
        "yellow": "gold", "pink": "cloth", "brown": "books", "blue": "tools",
    }


def test_board_misc_stated_numbers(rules: Rules) -> None:
    board = rules.board
    assert board.political_display == ("manuel", "marquis", "king", "treasury")  # R1.5.7, F1
    assert board.decree_display == 8  # C.1, F1
    assert board.clergy_track == 6  # A.2, F1
    assert board.church_gaps == 6  # F1: 6 gaps between the 6 tile spaces
    assert [i for _, i in board.church_icons].count("envelope") == 1  # F1, R1.5.9
    assert "treasury" in [i for _, i in board.church_icons]  # F1
    assert board.start_reis == 10  # E2, R2.2.2
    assert board.start_wigs == 5  # E2, E14, R2.2.6
    assert board.set_wigs == 3  # E10, E17
    assert board.favor_wigs == 2  # E8, E17
    assert board.reis_per_wig == 5  # E17, R16.3 step 4
    # E6 / R1.8.8: display spaces large yellow, pink, brown, blue and small blue.
    assert sorted(board.city_spaces) == sorted(
        [("yellow", "large"), ("pink", "large"), ("brown", "large"), ("blue", "large"),
         ("blue", "small")]
    )


# --- player board (components.md D, E19; rules.md R1.4, R13) ---------------------------------


def test_player_board_capacities(rules: Rules) -> None:
    pb = rules.player_board
    # E19 / R1.4.1: 3 top and 3 bottom slots; total cards <= 2 + completed sets.
    assert (pb.portfolio_top, pb.portfolio_bottom, pb.portfolio_base) == (3, 3, 2)
    # E19 / R4.8: warehouse 2 + sets per type; clergy 4; rubble 5 per colour; 5 sets.
    assert (pb.warehouse_base, pb.clergy_spaces, pb.rubble_per_colour, pb.set_columns) == (
        2, 4, 5, 5)
    assert pb.officials == 8  # E1 / R1.3.4


def test_player_board_houses(rules: Rules) -> None:
    # D / R1.4.4: 8 houses in 3 groups: left 2, middle 3, right 3.
    assert dict(rules.player_board.houses) == {"left": 2, "middle": 3, "right": 3}
    assert len(rules.player_board.houses) == 3


def test_player_board_abilities(rules: Rules) -> None:
    # components.md D table / R13: the only abilities are L2, M1, M3, R1, R3 (L1, M2, R2
    # reveal nothing new).
    expected = {
        # L2: pay reis instead of influence when visiting or following, 1:1.
        ("left", 2): Behaviour(permissions=(Permission("reis-for-influence"),)),
        # M1: building a ship costs 1 good less.
        ("middle", 1): Behaviour(modifiers=(Modifier("ship-goods", -1),)),
        # M3: building a ship costs no goods at all.
        ("middle", 3): Behaviour(modifiers=(Modifier("ship-goods", None),)),
        # R1: when you produce, 1 more good of ONE type you produced.
        ("right", 1): Behaviour(triggers=(
            Trigger("produce", None, Seq((Do("gain_produced", (("amount", 1),)),))),)),
        # R3: when you produce, 1 more good of EACH type you produced.
        ("right", 3): Behaviour(triggers=(
            Trigger("produce", None, Seq((Do("gain_each_produced", (("amount", 1),)),))),)),
    }
    abilities: list[HouseAbility] = list(rules.player_board.abilities)
    found = {(a.group, a.index): a.behaviour for a in abilities}
    assert len(found) == len(abilities)  # no group/space given twice
    assert found == expected


# --- provenance (card-language.md "Provenance"; components.md H) -----------------------------


def test_every_component_has_one_provenance() -> None:
    # card-language.md: every component has exactly one `provenance` field.
    for comp in _syntax_components():
        fields = [i for i in comp.items if i.key.text == "provenance"]
        assert len(fields) == 1, f"{comp.kind} {comp.id}"
        assert isinstance(fields[0], ast.Field), f"{comp.kind} {comp.id}"


def test_every_compiled_component_has_provenance(rules: Rules) -> None:
    for comp in rules:
        assert comp.provenance.source in ("rules", "reconstructed"), comp.id
        assert (comp.provenance.source == "reconstructed") == bool(
            comp.provenance.reconstructed), comp.id


def test_reconstructed_keys_are_keys_of_the_kind() -> None:
    # card-language.md: the listed keys (or `all`) name fields or clause heads of the kind; a
    # key may be named while absent, the absence being the reconstructed value (a land space
    # with no reward).
    from lisboa_core.games.lisboa.schemas import KINDS

    bad: list[str] = []
    for comp in _syntax_components():
        keys = {s.key for s in KINDS[comp.kind].specs} | {"modify", "allow", "on"}
        for item in comp.items:
            if item.key.text != "provenance" or not isinstance(item, ast.Field):
                continue
            named = [v.text for v in item.values[1:] if isinstance(v, ast.Word)]
            for name in named:
                if name != "all" and name not in keys:
                    bad.append(f"{comp.kind} {comp.id}: {name!r}")
    assert not bad


def test_shipped_card_files_exist() -> None:
    files = sorted(Path(cards_dir()).glob("*.lsb"))
    assert files
    # every kind of the catalogue is defined somewhere
    kinds = {c.kind for c in _syntax_components()}
    assert kinds == {"political", "ship", "clergy", "decree", "building", "plan", "city",
                     "scoring", "favor", "land", "site", "noble", "board", "player-board"}


def test_decks_by_deck_and_type_are_complete(rules: Rules) -> None:
    # G: 4 decks by back colour; each deck holds cards of the 4 types.
    by = defaultdict(set)
    for c in rules.political:
        by[c.deck].add(c.type)
    assert {d: set(CARD_TYPES) for d in ("blue", "red", "purple", "brown")} == dict(by)
