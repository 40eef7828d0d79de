"""Tiletum's setup and the round (docs/games/tiletum/rules.md TL2-TL5, TL19, TL26): each
test builds a position and checks the engine against the rules reference."""

from __future__ import annotations

from collections import Counter

from lisboa_core import apply, chance_outcomes, is_over, new_game, sample_chance
from lisboa_core.core.chance import CHANCE
from lisboa_core.core.frame import Frame
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.rules.draws import face_down
from lisboa_core.games.tiletum.rules.turn import area_of
from lisboa_core.games.tiletum.stack import STACK
from lisboa_core.games.tiletum.state import State
from lisboa_core.games.tiletum.views import HIDDEN_TOKEN
from tiletum_scenarios import fresh, king_at, play, rolled, seat

RULES = load_rules()
POST = {p.id: i for i, p in enumerate(RULES.posts)}


def _run(state: State, *frames: Frame) -> State:
    """Run automatic frames (the last on top) down to a turn-end of seat 1 left to stop on."""
    return STACK.advance(state.with_pending((Frame("turn-end", 1), *frames)))


def _cleanup(state: State) -> State:
    """Run the cleanup (the bottom frame of a round) and the next round's start, its dice
    rolled (chance steps, resolved as the seeded game resolves them)."""
    return rolled(STACK.advance(state.with_pending((Frame("cleanup", -1),))))


def test_tl2_1_1_resources_are_unlimited() -> None:
    """TL2.1.1 / TL1.11 / TL0.7: the general supply never runs out: a player holding 100 gold
    still gains the 6 of a die."""
    state = fresh().replaced({"wheel": 0, "area_bonus": ("",) * 6,
                              "area_dice": ((), (), (), (), ("DY6",), ())})
    state = seat(state, 0, {"gold": 100})
    state = play(state.with_pending((Frame("turn", 0),)), "take AR5 DY6")
    assert state.players[0].resources[0] == 106


def test_tl2_1_2_the_wheel_offset_is_drawn() -> None:
    """TL2.1.2 / TL26.3: the offset is drawn from 0-5 at setup; different seeds give
    different offsets, the same seed the same."""
    offsets = {fresh(4, seed).wheel for seed in range(1, 30)}
    assert offsets <= set(range(6)) and len(offsets) > 2
    assert fresh(4, 7).wheel == fresh(4, 7).wheel


def test_tl2_1_6_to_tl2_1_7_displays_and_decks() -> None:
    """TL2.1.6-TL2.1.7: 5 contract tiles and 5 person tiles dealt face up from shuffled
    decks; display and deck together hold every tile in play (26 / 45 with 4 players)."""
    state = fresh(4)
    assert len(state.contract_display) == 5 and all(state.contract_display)
    assert len(state.contract_display) + len(state.contract_deck) == 26
    assert len(state.person_display) + len(state.person_deck) == 45
    assert fresh(4, 2).person_display != state.person_display  # shuffled (TL26.3)


def test_tl2_1_9_and_tl2_1_10_fair_schedule() -> None:
    """TL2.1.9-TL2.1.10 / TL18.1: Tiletum holds round 1's fair; rounds 2-4 take three
    different town tiles; four different fair tiles."""
    for seed in range(1, 8):
        state = fresh(4, seed)
        assert state.fair_towns[0] == "TIL" and len(set(state.fair_towns)) == 4
        assert set(state.fair_towns[1:]) <= {t for _, t in RULES.town_tiles}
        assert len(set(state.fair_tiles)) == 4


def test_tl2_1_11_corruption_tokens() -> None:
    """TL2.1.11: 3 tokens face down on the turn track, drawn from the six of TL1.8; the first
    one turned up (TL5.2) is any of the six with the same chance (TL26.3): 0, 1 and 2 each
    1/3. Once it is up, the other five are still unknown."""
    state = new_game(players=4, seed=1, game="tiletum")
    while state.pending[-1].kind != "corrupt":
        state = apply(state, sample_chance(state))
    assert state.corruption == (HIDDEN_TOKEN,) * 3 and state.corruption_aside == (0, 0, 1, 1, 2, 2)
    outcomes = {str(m): p for m, p in chance_outcomes(state)}
    assert outcomes.keys() == {"reveal 0", "reveal 1", "reveal 2"}
    assert all(abs(p - 1 / 3) < 1e-12 for p in outcomes.values())
    state = play(state, "reveal 1")
    assert state.corruption == (HIDDEN_TOKEN, HIDDEN_TOKEN, 1)
    assert state.corruption_aside == (0, 0, 1, 2, 2)


def test_tl2_2_1_start_player_and_clockwise_order() -> None:
    """TL2.2.1 / TL2.2.2 / TL2.2.5 / TL0.11: the start player is drawn; turn order runs
    clockwise from them; every seat has one position."""
    starts = set()
    for seed in range(1, 30):
        state = fresh(4, seed)
        first = state.order[0]
        starts.add(first)
        assert state.order == tuple((first + i) % 4 for i in range(4))
    assert len(starts) > 1


def test_tl2_2_8_pillars_on_contract_spaces() -> None:
    """TL2.2.8 / TL0.9: five pillars on KS1-KS5 are not in the supply: two are; fulfilling
    a contract (TL14.3.4) releases one."""
    state = fresh()
    assert all(p.pillars == 2 for p in state.players)
    state = seat(state, 0, {"iron": 2}, warehouse=("B21",))
    state = play(state.with_pending((Frame("turn", 0),)), "fulfil B21")
    assert state.players[0].pillars == 3


def test_tl2_2_9_no_bonus_ap_at_the_start() -> None:
    """TL2.2.9: bonus AP markers are beside the board, not in play."""
    assert all(p.bonus_ap == (0, 0, 0, 0, 0) for p in fresh().players)


def test_tl3_1_and_tl5_1_the_round_structure() -> None:
    """TL3.1 / TL5.1 / TL0.5: preparation, then 3 cycles of (corruption, one turn per
    player in turn order), then king, fair and cleanup; 3 turns per player per round."""
    state = fresh(3)
    kinds = [f.kind for f in reversed(state.pending)]
    # the first corruption step has run: turn 1 of cycle 1 is on top
    assert kinds[0] == "turn" and state.pending[-1].seat == state.order[0]
    assert kinds[-3:] == ["king-phase", "fair", "cleanup"]
    turns = [f.seat for f in reversed(state.pending) if f.kind == "turn"]
    assert turns == list(state.order) * 3
    assert kinds.count("corrupt") == 2 and state.cycle == 1


def test_tl3_2_round_four_ends_after_the_fair() -> None:
    """TL3.2 / TL20.1 / TL18.7 / TL3.3 / TL29.1: in round 4 the fair is held (reading A) and
    then the game ends without a cleanup."""
    state = fresh().replaced({"round": 4, "fair_tiles": ("FT06",) * 4,
                              "fair_towns": ("TIL", "PAR", "LON", "TIL")})
    vp = [p.vp for p in state.players]
    state = STACK.advance(state.with_pending((Frame("cleanup", -1), Frame("fair", -1))))
    # FT06: 1 trading post (Tiletum) x (printed 4 + tile 1)
    assert [p.vp - v for p, v in zip(state.players, vp, strict=True)] == [5, 5, 5, 5]
    assert state.round == 4 and not state.pending and is_over(state)


def test_tl4_2_dice_go_to_the_area_their_value_faces() -> None:
    """TL4.2 / TL4.4: every rolled die lies in the area the wheel shows its value at; the
    other dice stay there while one is taken."""
    for seed in range(1, 6):
        state = fresh(4, seed)
        for a, dice in enumerate(state.area_dice):
            assert all(area_of(state, int(d[2:])) == a for d in dice)
    state = fresh()
    area = next(a for a, dice in enumerate(state.area_dice) if dice)
    die = state.area_dice[area][0]
    after = play(state, f"take AR{area + 1} {die}")
    rest = list(state.area_dice[area])
    rest.remove(die)
    assert after.area_dice[area] == tuple(rest)
    assert [d for i, d in enumerate(after.area_dice) if i != area] == [
        d for i, d in enumerate(state.area_dice) if i != area]


def test_tl5_2_and_tl5_5_tokens_revealed_stay_face_up() -> None:
    """TL5.2 / TL5.5: the three tokens are revealed one per cycle, right to left; the
    revealed ones stay revealed until cleanup turns them all face down again (TL19.2)."""
    state = fresh().replaced(face_down(fresh()))
    state = _run(state, Frame("corrupt", CHANCE, (3,)), Frame("corrupt", CHANCE, (2,)))
    state = play(state, "reveal 0", "reveal 1")
    assert state.revealed == 2 and state.cycle == 3
    assert state.corruption == (HIDDEN_TOKEN, 1, 0)
    state = _cleanup(state)
    assert state.revealed == 1 and state.round == 2  # the next round's first reveal


def test_tl5_2_the_rightmost_token_first() -> None:
    """TL5.2: the first reveal is the rightmost token of the turn track."""
    state = fresh().replaced(face_down(fresh()))
    state = king_at(state, {5: (0, 1, 2, 3)})
    state = play(_run(state, Frame("corrupt", CHANCE, (1,))), "reveal 2")
    assert state.king[3] == (0, 1, 2, 3) and state.corruption == (HIDDEN_TOKEN,) * 2 + (2,)


def test_tl19_1_and_tl19_5_cleanup_refills() -> None:
    """TL19.1: empty area and king bonus spaces get a tile from the bonus deck, tiles still
    there stay; TL19.5: map bonus spaces and the two displays are not touched."""
    state = fresh()
    areas = ("", *state.area_bonus[1:])
    bonus = list(state.map_bonus)
    taken = next(i for i, t in enumerate(bonus) if t)
    bonus[taken] = ""
    display = ("", *state.contract_display[1:])
    state = state.replaced({"area_bonus": areas, "king_bonus": "",
                            "map_bonus": tuple(bonus), "contract_display": display})
    deck = state.bonus_deck
    after = STACK.advance(state.with_pending((Frame("cleanup", -1),)))
    outcomes = chance_outcomes(after)  # TL26.3: any tile of the deck, each as likely
    assert [str(m.args[0]) for m, _ in outcomes] == sorted(set(deck))
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    after = play(after, f"draw {deck[3]}", f"draw {deck[0]}")
    assert after.area_bonus == (deck[3], *areas[1:]) and after.king_bonus == deck[0]
    assert after.bonus_deck == (*deck[1:3], *deck[4:])
    assert after.map_bonus == tuple(bonus) and after.contract_display == display
    assert after.person_display == state.person_display


def test_tl19_3_every_die_back_and_tl19_6_next_round() -> None:
    """TL19.3: dice on boards, in areas and in the bag all go back, then (TL19.6) the next
    round's preparation rolls again; TL19.4: the wheel turns one area."""
    state = fresh()
    state = seat(state, 0, dice=("DY1", "DP2"))
    bag = list(state.bag)
    bag.remove("DY")
    bag.remove("DP")
    state = state.replaced({"bag": tuple(bag), "wheel": 5})
    after = _cleanup(state)
    colours = Counter(after.bag) + Counter(d[:2] for a in after.area_dice for d in a)
    assert sum(colours.values()) == 20 and all(n == 4 for n in colours.values())
    assert after.round == 2 and after.wheel == 0 and sum(len(a) for a in after.area_dice) == 14
    assert after.players[0].dice == ()


def test_tl19_keeps_the_map_and_the_boards() -> None:
    """TL8.4 / TL10.10 / TL11.8 / TL14.3.5: pillars, trading posts, placed persons and
    fulfilled contracts stay through cleanup."""
    state = fresh()
    posts = list(state.posts)
    posts[POST["LON-1"]] = 0
    state = state.replaced({"posts": tuple(posts), "pillars": ((0,), *((),) * 8)})
    state = seat(state, 0, contracts=("C04",),
                 rooms=(("P07a", "", ""), ("",) * 3, ("",) * 2, ("",) * 2, ("",), ()))
    after = _cleanup(state)
    assert after.posts == state.posts and after.pillars == state.pillars
    assert after.players[0].rooms == state.players[0].rooms
    assert after.players[0].contracts == ("C04",)


def test_tl26_4_dice_are_fair() -> None:
    """TL26.4 / TL4.1: each value 1-6 comes up about a sixth of the time over many seeded
    rolls (14 dice a game with 4 players)."""
    values: Counter[int] = Counter()
    for seed in range(1, 121):
        state = fresh(4, seed)
        values.update(int(d[2:]) for a in state.area_dice for d in a)
    total = sum(values.values())
    assert total == 120 * 14
    assert all(abs(values[v] - total / 6) < total / 6 * 0.25 for v in range(1, 7))
