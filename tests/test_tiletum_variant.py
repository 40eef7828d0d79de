"""Tiletum's rule options (docs/games/tiletum/rules.md): the action-tile variant of TL27 and
the fixed wheel offset of TL2.1.2."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from lisboa_core import apply, is_over, legal_moves, new_game
from lisboa_core.core.frame import Frame
from lisboa_core.errors import LisboaError, StateFormatError
from lisboa_core.fronts.cli import main
from lisboa_core.games import game
from lisboa_core.games.lisboa.state import Options as LisboaOptions
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.invariants import check_invariants
from lisboa_core.games.tiletum.options import Options
from lisboa_core.games.tiletum.rules.turn import area_of
from lisboa_core.games.tiletum.state import State
from lisboa_core.persistence.records import GameRecord, record_game, replay
from lisboa_core.persistence.serialize import from_json, state_digest, to_json
from tiletum_scenarios import at, play, rolled, seat

PRINTED = ("architect", "merchant", "person", "contract", "king", "joker")
"""components.md C.1: the actions printed on AR1-AR6 (TL2.1.3)."""
VARIANT = Options(action_tiles=True)


def _setup_fields(state: State) -> dict[str, object]:
    """Everything setup lays out except the generator and the areas' actions."""
    return {name: getattr(state, name) for name in State.FIELDS
            if name not in ("rng", "area_actions")}


def _take(state: State, area: int, die: str, actions: tuple[str, ...]) -> State:
    """Seat 0's turn with only ``die`` on area index ``area`` and the areas offering
    ``actions``: the die taken."""
    dice = tuple((die,) if a == area else () for a in range(6))
    state = state.replaced({"area_dice": dice, "area_bonus": ("",) * 6,
                            "area_actions": actions})
    return play(at(state, Frame("turn", 0)), f"take AR{area + 1} {die}")


def test_tl27_2_the_variant_is_off_by_default() -> None:
    """TL27.2: off by default; TL2.1.3: the areas carry the printed actions, in a game with
    no options as with the default ones."""
    assert game("tiletum").default_options() == Options(action_tiles=False, wheel=None)
    for players in (2, 3, 4):
        for s in range(5):
            plain = new_game(players=players, seed=s, game="tiletum")
            assert plain.area_actions == PRINTED
            assert new_game(players=players, seed=s, game="tiletum",
                            options=Options()) == plain


def test_tl27_2_the_default_game_takes_the_printed_action() -> None:
    """TL2.1.3 / TL6.6: a 3 taken from AR2 (printed merchant) opens a merchant action with
    4 AP; from AR6 (joker) the choice of kind (TL7.6)."""
    state = rolled(new_game(players=2, seed=1, game="tiletum"))
    after = _take(state, 1, "DY3", state.area_actions)
    assert after.pending[-1].kind == "action" and after.pending[-1].data[:2] == ("merchant", 4)
    after = _take(state, 5, "DY3", state.area_actions)
    assert after.pending[-1] == Frame("joker", 0, (4,))


def test_tl27_1_one_tile_per_area_shuffled_at_setup() -> None:
    """TL27.1 / TL1.4 / components.md C.4: the six action tiles (one per action) are
    shuffled and laid one on each area; the rest of the setup does not change."""
    rules = load_rules()
    assert sorted(rules.action_tiles) == sorted(PRINTED)
    seen = set()
    for players in (2, 3, 4):
        for s in range(8):
            plain = new_game(players=players, seed=s, game="tiletum")
            variant = new_game(players=players, seed=s, game="tiletum", options=VARIANT)
            assert sorted(variant.area_actions) == sorted(PRINTED)
            assert _setup_fields(variant) == _setup_fields(plain)
            assert variant == new_game(players=players, seed=s, game="tiletum",
                                       options=VARIANT)
            seen.add(variant.area_actions)
    assert len(seen) > 1 and seen != {PRINTED}  # drawn, not fixed


def test_tl27_1_each_area_offers_its_tile_action() -> None:
    """TL27.1: with the king tile on AR1 and the merchant tile on AR4, a 3 from AR1 opens a
    king action and a 3 from AR4 a merchant action (4 AP each, TL6.6); the joker tile's area
    offers the choice of kind (TL7.6). The wheel still decides which value faces which area
    (TL4.3)."""
    tiles = ("king", "joker", "architect", "merchant", "contract", "person")
    state = rolled(new_game(players=2, seed=3, game="tiletum", options=VARIANT))
    after = _take(state, 0, "DY3", tiles)
    assert after.pending[-1].data[:2] == ("king", 4)
    after = _take(state, 3, "DY3", tiles)
    assert after.pending[-1].data[:2] == ("merchant", 4)
    assert _take(state, 1, "DY3", tiles).pending[-1] == Frame("joker", 0, (4,))
    state = state.replaced({"wheel": 0})
    assert [area_of(state, v) for v in range(1, 7)] == [0, 1, 2, 3, 4, 5]


def test_tl27_1_bonus_ap_markers_follow_the_action() -> None:
    """TL27.1 / TL16.2 / TL28.1.1: a completed 2-room building tied to the merchant action
    puts its +2 marker beside the area showing the merchant tile: a 5 from that area gives
    2 + 2 = 4 AP; a 5 from the area printed merchant, now showing contract, gives 2."""
    tiles = ("contract", "person", "architect", "merchant", "joker", "king")
    state = rolled(new_game(players=2, seed=3, game="tiletum", options=VARIANT))
    state = seat(state, 0, bonus_ap=(0, 2, 0, 0, 0))
    assert _take(state, 3, "DY5", tiles).pending[-1].data[:2] == ("merchant", 4)
    assert _take(state, 1, "DY5", tiles).pending[-1].data[:2] == ("person", 2)
    assert _take(state, 0, "DY5", tiles).pending[-1].data[:2] == ("contract", 2)


def _random_variant_game(players: int, seed: int) -> list[State]:
    chooser = random.Random(seed)
    state = new_game(players=players, seed=seed, game="tiletum", options=VARIANT)
    states = [state]
    while not is_over(state):
        state = apply(state, chooser.choice(legal_moves(state)))
        states.append(state)
    return states


def test_tl27_1_a_seeded_variant_game_plays_to_the_end() -> None:
    """TL27.1: a whole 2-player game with the variant ends (4 rounds, TL3.1), keeps the
    invariants and plays the same again from the same seed; the tiles stay put all game."""
    states = _random_variant_game(2, 11)
    assert is_over(states[-1]) and states[-1].round == 4
    assert {s.area_actions for s in states} == {states[0].area_actions}
    assert all(check_invariants(s) == [] for s in states[:: max(1, len(states) // 40)])
    again = _random_variant_game(2, 11)
    assert [state_digest(s) for s in states] == [state_digest(s) for s in again]


def test_tl27_2_saves_and_records_keep_the_variant() -> None:
    """TL27.2: a saved variant state loads back equal; a record keeps the options and
    replays to the same end."""
    state = rolled(new_game(players=3, seed=5, game="tiletum", options=VARIANT))
    state = apply(state, legal_moves(state)[0])
    assert from_json(to_json(state)) == state
    chooser = random.Random(2)
    record = record_game(lambda s: chooser.choice(legal_moves(s)), players=2, seed=2,
                         game="tiletum", options=Options(action_tiles=True, wheel=4))
    back = GameRecord.from_json(record.to_json())
    assert back.options == Options(action_tiles=True, wheel=4)
    result = replay(back)
    assert result.ok and result.digest == record.final_digest
    assert result.states[0].area_actions != ()


def test_tl27_2_invalid_options_get_a_clear_error() -> None:
    """TL27.2 / TL2.1.2: an option of the wrong type or out of range is refused, naming the
    option; a save or record carrying one is refused naming the field; the variant needs one
    tile per area."""
    with pytest.raises(LisboaError, match=r"Options\.wheel: .*0 to 5"):
        Options(wheel=6)
    with pytest.raises(LisboaError, match=r"Options\.wheel"):
        Options(wheel=True)
    with pytest.raises(LisboaError, match=r"Options\.action_tiles: expected true or false"):
        Options(action_tiles="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"options must be a .*tiletum.*Options, not .*lisboa"):
        new_game(players=2, seed=1, game="tiletum", options=LisboaOptions())
    record = record_game(lambda s: legal_moves(s)[0], players=2, seed=1, game="tiletum",
                         options=VARIANT, max_decisions=3)
    document = json.loads(record.to_json())
    for bad in ({"action_tiles": "yes", "wheel": None}, {"action_tiles": True, "wheel": 9},
                {"action_tiles": True}, {"action_tiles": True, "wheel": None, "x": 1}):
        document["options"] = bad
        with pytest.raises(StateFormatError, match="options"):
            GameRecord.from_json(json.dumps(document))
    saved = json.loads(to_json(rolled(new_game(players=2, seed=1, game="tiletum",
                                               options=VARIANT))))
    body = saved["state"]
    body["area_actions"] = ["king"] * 6
    with pytest.raises(StateFormatError, match="area actions"):
        from_json(json.dumps(saved))
    no_tiles = dataclasses.replace(load_rules(), action_tiles=())
    with pytest.raises(LisboaError, match="0 action tiles for 6 areas"):
        new_game(players=2, seed=1, game="tiletum", rules=no_tiles, options=VARIANT)


def test_tl2_1_2_an_option_fixes_the_wheel_offset() -> None:
    """TL2.1.2: a game option fixes the offset (0 puts section 1 in front of AR1: every die
    of value v lies on area v, TL4.3); without it the offset is drawn (several seeds give
    several offsets)."""
    for s in range(4):
        state = rolled(new_game(players=4, seed=s, game="tiletum", options=Options(wheel=0)))
        assert state.wheel == 0
        assert all(int(d[2:]) == a + 1 for a, dice in enumerate(state.area_dice) for d in dice)
    assert new_game(players=2, seed=1, game="tiletum", options=Options(wheel=5)).wheel == 5
    assert len({new_game(players=2, seed=s, game="tiletum").wheel for s in range(12)}) > 1



def test_tl27_2_the_command_line_offers_the_options(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """TL27.2 / TL2.1.2: ``simulate --action-tiles --wheel N`` plays the variant with the
    offset fixed (kept in the records); an offset outside 0-5 is a usage error; another game
    refuses the Tiletum options."""
    assert main(["--game", "tiletum", "simulate", "--players", "2", "--games", "1", "--bots",
                 "random", "--action-tiles", "--wheel", "2", "--records", str(tmp_path),
                 "--quiet"]) == 0
    (saved,) = tmp_path.glob("*.json")
    record = GameRecord.load(saved)
    assert record.options == Options(action_tiles=True, wheel=2)
    result = replay(record)
    assert result.ok and result.states[0].wheel == 2
    capsys.readouterr()
    with pytest.raises(SystemExit) as stopped:
        main(["--game", "tiletum", "simulate", "--players", "2", "--wheel", "6"])
    assert stopped.value.code == 2 and "--wheel" in capsys.readouterr().err
    assert main(["--game", "puerto-rico", "simulate", "--players", "3", "--games", "1",
                 "--action-tiles", "--quiet"]) == 1
    assert ("--action-tiles is an option of Tiletum; Puerto Rico has no such option"
            in capsys.readouterr().err)


def test_tl27_1_the_board_picture_labels_each_area_with_its_tile() -> None:
    """TL27.1: in a variant game the wheel's areas show the actions of their tiles, not the
    printed ones."""
    from xml.etree import ElementTree

    from lisboa_core.svg import board

    for s in range(8):
        state = new_game(players=2, seed=s, game="tiletum", options=VARIANT)
        if state.area_actions != PRINTED:
            break
    tree = ElementTree.fromstring(board(state))
    shown = [e.get("data-action") for e in tree.iter()
             if e.get("data-kind") == "area"]
    assert tuple(shown) == state.area_actions != PRINTED


def test_tl27_2_the_engine_protocol_sets_both_options() -> None:
    """TL27.2 / TL2.1.2: the engine protocol starts a variant game with a fixed wheel (a
    switch and a number), and refuses a value the option does not take, naming it."""
    from lisboa_core.fronts.engine_protocol import Session

    session = Session()
    answer = session.handle({"cmd": "new", "game": "tiletum", "players": 2, "seed": 4,
                             "options": {"action_tiles": True, "wheel": 3}})
    assert "error" not in answer
    state = session.state
    assert state.wheel == 3 and sorted(state.area_actions) == sorted(PRINTED)
    assert state == new_game(players=2, seed=4, game="tiletum",
                             options=Options(action_tiles=True, wheel=3))
    for bad in ({"wheel": 6}, {"wheel": True}, {"action_tiles": 1}, {"colour": 1}):
        answer = session.handle({"cmd": "new", "game": "tiletum", "options": bad})
        assert answer["error"] == "protocol" and answer["message"].startswith("options:")
    assert "wheel" in session.handle({"cmd": "new", "game": "tiletum",
                                      "options": {"wheel": 6}})["message"]
