"""Tiletum's components and conventions (docs/games/tiletum/rules.md TL0-TL1, TL10.1, TL15.3,
TL21.1) checked on the shipped catalogue; expected counts and values are those of
docs/games/tiletum/components.md."""

from __future__ import annotations

from collections import Counter

from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.model import RESOURCES
from tiletum_scenarios import fresh

RULES = load_rules()


def test_tl0_1_five_resources() -> None:
    """TL0.1: gold, food, wool, stone and iron."""
    assert set(RESOURCES) == {"gold", "food", "wool", "stone", "iron"} and len(RESOURCES) == 5


def test_tl0_3_and_tl1_10_pieces_per_player() -> None:
    """TL0.3 / TL1.10 / components.md J.7: 8 trading posts (5 roofs, 1 in Tiletum, 2 in the
    supply), 7 pillars (5 on KS1-KS5, 2 in the supply), a merchant, an architect, 5 bonus AP
    markers (none in play yet, TL2.2.9)."""
    for s in RULES.setups:
        assert (s.posts, s.pillars) == (8, 7)
    state = fresh(4)
    for seat, p in enumerate(state.players):
        on_map = state.posts.count(seat)
        assert p.posts + sum(p.roofs) + on_map == 8 and on_map == 1
        assert p.pillars + RULES.start_pillars == 7 and RULES.start_pillars == 5
        assert len(p.bonus_ap) == 5 and not any(p.bonus_ap)
        assert p.merchant and p.architect


def test_tl0_4_and_tl10_1_the_map_graph() -> None:
    """TL0.4 / TL10.1 / components.md D: 20 towns, 21 road spaces R01-R21, 48 edges; the
    adjacency is symmetric; only towns hold trading-post spaces, cathedral sites and bonus
    spaces; the distances the sources state (D.6)."""
    towns = {t.id for t in RULES.towns}
    assert len(towns) == 20 and RULES.roads == tuple(f"R{i:02d}" for i in range(1, 22))
    assert len(RULES.edges) == 48
    for space in RULES.spaces:
        for other in RULES.adjacent(space):
            assert space in RULES.adjacent(other)
    assert {p.town for p in RULES.posts} <= towns
    assert {c.town for c in RULES.cathedrals} <= towns
    assert "NUR" in RULES.adjacent("FRA") and "PRA" in RULES.adjacent("NUR")  # E14, E15
    assert RULES.adjacent("R15") == ("ARL", "GEN") and "PAR" in RULES.adjacent("TIL")
    assert RULES.adjacent("R08") == ("BOR", "PAR")
    assert RULES.extra["town"]["TIL"].posts == ("TIL-1", "TIL-2", "TIL-3", "TIL-4")
    assert RULES.extra["cathedral"]["CD6"].town == "PRA"
    assert RULES.extra["town"]["NUR"].bonus_space


def test_tl0_13_component_ids() -> None:
    """TL0.13: the ids the rules use name components of the catalogue."""
    assert RULES.areas[2] == "person"  # AR3
    assert "TIL" in RULES.extra["town"] and "R15" in RULES.roads
    assert len(RULES.king_values) > 8  # KT8
    assert "P02a" in RULES.extra["person"] and "C14" in RULES.extra["tile"]
    assert "B40" in RULES.extra["tile"] and "FT03" in RULES.extra["fair"]
    assert "CA2" in RULES.coats and len(RULES.contract_costs) >= 4  # CS4


def test_tl1_1_main_board() -> None:
    """TL1.1: 5 contract slots, 5 person slots, a 16-space king track, 3 turn-track spaces,
    4 fair spaces after the printed Tiletum, 9 cathedral sites, 6 action areas."""
    assert len(RULES.contract_costs) == 5 and RULES.person_slots == 5
    assert len(RULES.king_values) == 16 and RULES.corruption_on_track == 3
    assert len(RULES.fair_vp) == 4 and RULES.first_fair_town == "TIL"
    assert len(RULES.cathedrals) == 9 and len(RULES.areas) == 6


def test_tl1_2_and_tl1_3_dice_and_bag() -> None:
    """TL1.2-TL1.3 / components.md B: 5 colours, yellow gold, pink food, white wool, dark grey
    stone, light blue iron, 4 of each in the box (all in the dice bag with 4 players)."""
    assert dict(RULES.dice) == {"DY": "gold", "DP": "food", "DW": "wool", "DG": "stone",
                                "DB": "iron"}
    state = fresh(4)
    colours = Counter(state.bag) + Counter(d[:2] for a in state.area_dice for d in a)
    assert colours == Counter({c: 4 for c, _ in RULES.dice})


def test_tl1_4_the_wheel_and_its_areas() -> None:
    """TL1.4 / TL2.1.3 / components.md C.1: six areas showing architect, merchant, person,
    contract, king and joker; the wheel offset takes six values."""
    assert RULES.areas == ("architect", "merchant", "person", "contract", "king", "joker")
    assert {fresh(4, seed).wheel for seed in range(1, 40)} <= set(range(6))


def test_tl1_6_town_fair_and_order_tiles() -> None:
    """TL1.6: 8 town tiles (each a different town), 11 fair tiles, 4 fairs (one per round)."""
    assert len(RULES.town_tiles) == 8 and len({t for _, t in RULES.town_tiles}) == 8
    assert len(RULES.fairs) == 11 and len(fresh().fair_towns) == 4


def test_tl1_7_cost_and_cathedral_tiles() -> None:
    """TL1.7 / components.md E: 9 cost tiles, 8 with stone 3, 4, 4, 5, 5, 6, 7, 8 and VP 1,
    2, 3, 3, 4, 5, 6, 8, one "not built"; 25 cathedral tiles, the fewest VP at the bottom."""
    open_costs = [c for c in RULES.costs if not c.closed]
    assert len(RULES.costs) == 9 and len(open_costs) == 8
    assert [(c.stone, c.vp) for c in open_costs] == [(3, 1), (4, 2), (4, 3), (5, 3), (5, 4),
                                                      (6, 5), (7, 6), (8, 8)]
    assert sum(len(c.tiles) for c in RULES.cathedrals) == 25
    assert all(list(c.tiles) == sorted(c.tiles, reverse=True) for c in RULES.cathedrals)


def test_tl1_8_corruption_tokens() -> None:
    """TL1.8 / components.md F.2: six tokens 0, 0, 1, 1, 2, 2."""
    assert sorted(RULES.corruption) == [0, 0, 1, 1, 2, 2]


def test_tl1_9_tile_counts_and_marks() -> None:
    """TL1.9: 54 bonus, 26 contract, 45 person tiles; marks on persons P05, P08 (3+) and P06,
    P09, P12 (4) (components.md K)."""
    assert (len(RULES.bonus_tiles), len(RULES.contract_tiles), len(RULES.persons)) == (54, 26,
                                                                                        45)
    marked = {p.person: p.players for p in RULES.persons if p.players > 2}
    assert marked == {"P05": 3, "P08": 3, "P06": 4, "P09": 4, "P12": 4}


def test_tl1_12_player_board() -> None:
    """TL1.12 / components.md J: warehouse 4; contract spaces KS1-KS8 printed 0, 1, 1, 2, 2,
    3, 4, 5, the first five holding pillars; B1-B6 with 3, 3, 2, 2, 1 and no rooms; coat
    spaces CO1-CO6 costing 6, 6, 5, 4, 3, 2 food; roof posts on B1-B5 only."""
    assert RULES.warehouse == 4 and RULES.contract_spaces == (0, 1, 1, 2, 2, 3, 4, 5)
    assert RULES.start_pillars == 5
    assert [b.rooms for b in RULES.buildings] == [3, 3, 2, 2, 1, 0]
    assert [b.coat_food for b in RULES.buildings] == [6, 6, 5, 4, 3, 2]
    assert [b.id for b in RULES.buildings] == ["B1", "B2", "B3", "B4", "B5", "B6"]
    assert fresh().players[0].roofs == (1, 1, 1, 1, 1, 0)


def test_tl15_3_tile_kinds() -> None:
    """TL15.3 / components.md L.3, O.1: bonus tiles are 18 coats, 4 contracts and 32
    assistants; contract-deck tiles are 20 contracts and 6 coats."""
    assert Counter(t.kind for t in RULES.bonus_tiles) == {"coat": 18, "contract": 4,
                                                           "assistant": 32}
    assert Counter(t.kind for t in RULES.contract_tiles) == {"contract": 20, "coat": 6}


def test_tl15_4_coat_types() -> None:
    """TL15.4 / components.md M: six coat types, four copies of each."""
    held = Counter(t.holds for t in (*RULES.bonus_tiles, *RULES.contract_tiles)
                   if t.kind == "coat")
    assert held == {f"CA{i}": 4 for i in range(1, 7)}


def test_tl21_1_persons_share_one_icon() -> None:
    """TL21.1 / components.md K: 15 persons of 3 tiles; all tiles of a person share one icon;
    three persons per action icon."""
    icons: dict[str, set[str]] = {}
    for p in RULES.persons:
        icons.setdefault(p.person, set()).add(p.icon)
    assert len(icons) == 15 and all(len(v) == 1 for v in icons.values())
    assert Counter(next(iter(v)) for v in icons.values()) == {
        "contract": 3, "person": 3, "king": 3, "merchant": 3, "architect": 3}
    assert Counter(p.person for p in RULES.persons) == {f"P{i:02d}": 3 for i in range(1, 16)}
