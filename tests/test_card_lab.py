"""Custom catalogues and bots through every tool (the card author's path): simulate and the
command line take a catalogue and user bots, records carry the catalogue, and the
catalogue cache notices edited card files."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lisboa_core import GameRecord, GreedyBot, RandomBot, StateFormatError, load_rules, replay
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.games.lisboa.state import Options
from lisboa_core.studies.simulation import make_record, simulate


def _custom_cards(tmp_path: Path) -> Path:
    """The shipped cards with one penalty changed (R17.3: a noble card's penalty)."""
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(), folder)
    political = folder / "political.lsb"
    text = political.read_text(encoding="utf-8")
    assert "  penalty: pay 1 reis\n" in text
    political.write_text(text.replace("  penalty: pay 1 reis\n", "  penalty: pay 2 reis\n", 1),
                         encoding="utf-8")
    return folder


@pytest.mark.slow
def test_simulate_plays_with_a_custom_catalogue_and_user_bots(tmp_path: Path) -> None:
    rules = load_rules(_custom_cards(tmp_path))
    assert rules.digest != load_rules().digest
    alone = simulate(2, 2, 5, [GreedyBot, "random"], rotate=False, rules=rules)
    assert [r.bots for r in alone] == [("greedy", "random")] * 2
    shared = simulate(2, 1, 5, [RandomBot(9), "greedy"], rotate=False, rules=rules)  # a bot object
    assert shared[0].bots == ("random", "greedy")
    record = make_record(2, alone[0].seed, options=Options(), moves=alone[0].moves,
                         final=alone[0].digest, names=alone[0].bots, rules=rules)
    assert record.catalogue == rules.digest
    assert replay(record, rules=rules).ok
    with pytest.raises(StateFormatError, match="catalogue"):
        replay(record)  # the shipped catalogue is not the one the game was played with
    two = simulate(2, 2, 5, [GreedyBot, "random"], rotate=False, rules=rules, jobs=2)
    assert two[0].digest == alone[0].digest  # the same game whatever the processes


def _lisboa(*args: str, cwd: Path | None = None,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lisboa_core", *args], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=600, check=False,
                          cwd=cwd, env=env)


@pytest.mark.slow
def test_the_command_line_plays_custom_cards_and_a_user_bot(tmp_path: Path) -> None:
    folder = _custom_cards(tmp_path)
    (tmp_path / "my_bots.py").write_text(
        "from lisboa_core import RandomBot\n\n"
        "class Cautious(RandomBot):\n"
        "    name = 'cautious'\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    result = _lisboa("simulate", "--players", "2", "--games", "2", "--seed", "3", "--bots",
                     "my_bots:Cautious,greedy", "--cards", str(folder), "--records",
                     str(tmp_path / "recs"), "--json", "--quiet", env=env)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["bots"] == ["my_bots:Cautious", "greedy"]
    assert set(summary["wins_by_bot"]) == {"my_bots:Cautious", "greedy"}
    saved = sorted((tmp_path / "recs").glob("*.json"))
    assert len(saved) == 2
    assert GameRecord.load(saved[0]).catalogue == load_rules(folder).digest
    refused = _lisboa("replay", str(saved[0]))
    assert refused.returncode == 1 and "catalogue" in refused.stderr
    accepted = _lisboa("replay", str(saved[0]), "--cards", str(folder))
    assert accepted.returncode == 0, accepted.stderr
    missing = _lisboa("simulate", "--bots", "no_such_module:Bot", "--games", "1")
    assert missing.returncode == 1 and "cannot load" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_an_edited_card_file_is_read_again(tmp_path: Path) -> None:
    folder = _custom_cards(tmp_path)
    first = load_rules(folder)
    assert load_rules(folder) is first  # unchanged files: the cached catalogue
    political = folder / "political.lsb"
    text = political.read_text(encoding="utf-8")
    time.sleep(0.01)
    political.write_text(text.replace("  penalty: pay 2 reis\n", "  penalty: pay 3 reis\n", 1),
                         encoding="utf-8")
    edited = load_rules(folder)
    assert edited.digest != first.digest  # no stale card after an edit
    assert load_rules(folder, reload=True).digest == edited.digest


OVERLAY = '''clergy C13 "Book sale bonus, doubled" {
  wigs 3
  on sell books: gain 4 reis
  provenance reconstructed wigs
}

clergy C90 "Cloth sale bonus" {
  wigs 2
  on sell cloth: gain 1 reis
  provenance reconstructed wigs
}
'''


def test_an_overlay_replaces_and_adds_cards_by_id(tmp_path: Path) -> None:
    import random

    from lisboa_core import apply, describe, is_over, legal_moves, new_game

    mine = tmp_path / "mine.lsb"
    mine.write_text(OVERLAY, encoding="utf-8")
    shipped = load_rules()
    rules = load_rules(overlay=[mine])
    assert rules.digest != shipped.digest
    assert len(rules) == len(shipped) + 1  # C13 replaced, C90 added
    assert "4 reis" in describe(rules["C13"]) and "2 reis" in describe(shipped["C13"])
    assert "C90" in {c.id for c in rules} and "C90" not in {c.id for c in shipped}
    state, rng = new_game(3, 4, rules=rules), random.Random(4)
    while not is_over(state):  # a game with 38 clergy tiles in the bag plays to its end
        state = apply(state, rng.choice(legal_moves(state)))


def test_an_overlay_may_not_change_the_board_counts(tmp_path: Path) -> None:
    from lisboa_core import CardValidationError

    folder = tmp_path / "lands"
    folder.mkdir()
    board = (cards_dir() / "board.lsb").read_text(encoding="utf-8")
    start = board.index("land A1 ")
    end = board.index("}", start) + 1
    (folder / "extra.lsb").write_text(board[start:end].replace("land A1 ", "land Z9 ", 1),
                                      encoding="utf-8")
    with pytest.raises(CardValidationError, match="LB130"):
        load_rules(overlay=[folder])  # R1.8: the downtown map is fixed
    twice = tmp_path / "twice.lsb"
    twice.write_text(OVERLAY + OVERLAY.split("\n\n")[1], encoding="utf-8")
    with pytest.raises(CardValidationError, match="LB120"):
        load_rules(overlay=[twice])


COSTLY = '''clergy C90 "Costly luxury" {
  wigs 2
  on sell cloth: may (pay 5 reis, gain 3 wigs)
  provenance reconstructed wigs
}

clergy C91 "Tithe" {
  wigs 2
  on sell cloth: may (pay 5 reis if you can, gain 3 wigs)
  provenance reconstructed wigs
}
'''


def _at_a_turn(rules: object) -> object:
    import random

    from lisboa_core import apply, legal_moves, new_game

    state, rng = new_game(2, 1, rules=rules), random.Random(0)  # type: ignore[arg-type]
    while state.pending[-1].kind != "turn":
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def test_pay_is_a_cost_and_pay_if_you_can_is_not(tmp_path: Path) -> None:
    """R0.11: a payment that cannot be made blocks what needs it, so `may (pay 5 reis, gain
    3 wigs)` is declined by a seat that cannot pay; `pay ... if you can` (how a penalty
    pays, R4.5) never blocks."""
    from lisboa_core import legal_moves
    from lisboa_core.games.lisboa import testing as t
    from lisboa_core.games.lisboa.rules.effects import run_effect
    from lisboa_core.games.lisboa.stack import STACK

    (tmp_path / "costly.lsb").write_text(COSTLY, encoding="utf-8")
    rules = load_rules(overlay=[tmp_path / "costly.lsb"])
    state = _at_a_turn(rules)
    seat = state.to_act  # type: ignore[attr-defined]
    for tile, broke, rich in (("C90", ["no"], ["yes", "no"]), ("C91", ["yes", "no"],
                                                                 ["yes", "no"])):
        effect = rules[tile].behaviour.triggers[0].effect  # type: ignore[attr-defined]
        for reis, expected in ((0, broke), (10, rich)):
            poor = t.with_player(state, seat, reis=reis, influence=0)  # type: ignore[arg-type]
            asked = STACK.advance(run_effect(poor, seat, effect))
            assert [str(m) for m in legal_moves(asked)] == expected, (tile, reis)


def test_a_penalty_is_still_paid_only_if_it_can_be() -> None:
    """R4.5: a noble card's penalty you cannot pay you simply do not pay."""
    from lisboa_core.games.lisboa import model as m

    rules = load_rules()
    penalties = [c for c in rules.political if c.penalty is not None]
    kinds = {d.kind for c in penalties for d in m.elementary(c.penalty)}
    assert "pay" not in kinds and "pay_if_able" in kinds
