"""The built-in bots, the Bot protocol and play_game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from lisboa_core import (
    Bot,
    GreedyBot,
    IllegalMoveError,
    LisboaError,
    Move,
    RandomBot,
    View,
    apply,
    determinize,
    is_over,
    legal_moves,
    new_game,
    observe,
    parse_move,
    play_game,
    score,
    winners,
)
from lisboa_core.bots.basic import as_view, make_bot, position_value
from lisboa_core.games.lisboa.state import State
from lisboa_core.games.lisboa.testing import first_turn


def test_builtin_bots_follow_the_protocol() -> None:
    for bot in (RandomBot(1), GreedyBot(1), make_bot("random"), make_bot("greedy", 3)):
        assert isinstance(bot, Bot)
    assert (RandomBot.name, GreedyBot.name) == ("random", "greedy")
    with pytest.raises(LisboaError, match=r"unknown bot 'clever'.*greedy, ismcts, random"):
        make_bot("clever")


def test_random_bot_is_seeded_and_picks_a_legal_move() -> None:
    state = first_turn(3, seed=4)
    legal = legal_moves(state)
    view = observe(state, state.to_act or 0)
    picks = [RandomBot(9).choose(view, legal) for _ in range(3)]
    assert picks[0] in legal and picks == [picks[0]] * 3
    bot = RandomBot(9)
    assert len({bot.choose(view, legal) for _ in range(40)}) > 1
    with pytest.raises(LisboaError, match="no legal moves"):
        RandomBot().choose(view, [])


def test_greedy_bot_decides_from_the_view_only() -> None:
    """Two states that differ only in hidden parts get the same choice (same seed)."""
    state = first_turn(4, seed=8)
    seat = state.to_act
    assert seat is not None
    sample = determinize(observe(state, seat), 99)
    assert sample != state
    legal = legal_moves(state)
    assert legal_moves(sample) == legal
    move = GreedyBot(5).choose(state, legal)
    assert move in legal
    assert GreedyBot(5).choose(sample, legal) == move
    assert GreedyBot(5).choose(observe(state, seat), legal) == move


def test_greedy_bot_prefers_the_better_position() -> None:
    """A custom value function steers it: here, the fewest reis."""
    state = first_turn(2, seed=2)
    legal = legal_moves(state)
    seat = state.to_act
    assert seat is not None

    def poorest(s: State, who: int) -> float:
        return -s.players[who].reis

    move = GreedyBot(0, value=poorest, depth=0).choose(state, legal)
    best = min(apply(state, m).players[seat].reis for m in legal)
    assert apply(state, move).players[seat].reis == best
    assert GreedyBot().choose(state, legal[:1]) == legal[0]


def test_position_value_is_the_score_margin_plus_resources() -> None:
    state = first_turn(2, seed=2)
    totals = [s.total for s in score(state).seats]
    assert position_value(state, 0) >= totals[0] - totals[1]
    richer = apply(state, legal_moves(state)[0])
    assert isinstance(position_value(richer, 1), float)


def test_as_view_of_a_state_is_the_acting_seat_view() -> None:
    state = new_game(2, 1)
    assert as_view(state) == observe(state, state.to_act or 0)
    view = observe(state, 1)
    assert as_view(view) is view


def test_play_game_plays_to_the_end_and_replays() -> None:
    seen: list[tuple[int, Move]] = []

    def on_move(before: State, move: Move, after: State) -> None:
        assert before.to_act is not None
        seen.append((before.to_act, move))

    final, moves = play_game([RandomBot(1), RandomBot(2)], seed=3, on_move=on_move)
    assert final.pending == () and winners(final)
    assert [m for _, m in seen] == list(moves)
    state = new_game(2, 3)
    for move in moves:
        state = apply(state, parse_move(state, str(move)))
    assert state == final
    again, moves_again = play_game([RandomBot(1), RandomBot(2)], seed=3)
    assert (again, moves_again) == (final, moves)


class _Recorder:
    """A bot that notes the views it gets and plays the first legal move."""

    name = "recorder"

    def __init__(self) -> None:
        self.views: list[View] = []

    def choose(self, view: View | State, legal: Sequence[Move]) -> Move:
        assert isinstance(view, View)
        self.views.append(view)
        return legal[0]


def test_play_game_gives_each_bot_its_own_seat_view_and_cycles_bots() -> None:
    bot = _Recorder()
    final, moves = play_game([bot], players=3, seed=2, max_decisions=30)
    assert len(moves) == 30 == len(bot.views) and final.pending  # stopped early
    for view in bot.views:
        assert view.seat == view.state.to_act
        assert all(set(p.hand) <= {"?card"} for i, p in enumerate(view.state.players)
                   if i != view.seat)
    assert {v.seat for v in bot.views} == {0, 1, 2}


class _Cheater:
    name = "cheater"

    def choose(self, view: View | State, legal: Sequence[Move]) -> Move:
        return Move("take-everything")


def test_play_game_rejects_an_illegal_bot_move() -> None:
    with pytest.raises(IllegalMoveError, match=r"bot 'cheater' .* take-everything"):
        play_game([_Cheater(), RandomBot()], seed=1)
    with pytest.raises(LisboaError, match="at least one bot"):
        play_game([], players=2)


@pytest.mark.slow
def test_greedy_beats_random_in_a_two_player_game() -> None:
    for greedy_seat in (0, 1):
        bots: list[Bot] = [RandomBot(11), RandomBot(12)]
        bots[greedy_seat] = GreedyBot(13)
        final, _ = play_game(bots, seed=20 + greedy_seat)
        sheet = score(final)
        assert sheet.final and sheet.winners == (greedy_seat,)
        assert sheet.seats[greedy_seat].total > sheet.seats[1 - greedy_seat].total + 20


# --- the ISMCTS search bot -------------------------------------------------------------------


def _decision_with_choices(players: int, seed: int) -> State:
    """A position from random play where the seat to act has several moves."""
    state = new_game(players, seed)
    chooser = random.Random(seed)
    for _ in range(60):
        state = apply(state, chooser.choice(legal_moves(state)))
    while len(legal_moves(state)) < 3:
        state = apply(state, chooser.choice(legal_moves(state)))
    return state


def test_ismcts_is_seeded_and_chooses_a_legal_move() -> None:
    from lisboa_core import ISMCTSBot

    state = _decision_with_choices(3, 4)
    legal = legal_moves(state)
    view = observe(state, state.to_act)
    first = ISMCTSBot(7, iterations=6, seconds=None).choose(view, legal)
    assert first in legal
    assert ISMCTSBot(7, iterations=6, seconds=None).choose(view, legal) == first


def test_ismcts_reads_only_what_its_seat_sees() -> None:
    # R3.11: a state sampled to agree with the seat's view differs in every hidden part;
    # the bot, seeing the same view, makes the same choice.
    from lisboa_core import ISMCTSBot

    state = _decision_with_choices(4, 9)
    seat = state.to_act
    other = determinize(observe(state, seat), seed=99)
    assert other != state
    legal = legal_moves(state)
    bot = ISMCTSBot(3, iterations=5, seconds=None)
    assert bot.choose(observe(state, seat), legal) == ISMCTSBot(
        3, iterations=5, seconds=None
    ).choose(observe(other, seat), legal)


def _turn_decision(players: int, seed: int) -> State:
    """A position from random play where the seat to act chooses its turn's action (R3)."""
    state = _decision_with_choices(players, seed)
    chooser = random.Random(seed)
    while state.pending[-1].kind != "turn" or len(legal_moves(state)) < 3:
        state = apply(state, chooser.choice(legal_moves(state)))
    return state


@pytest.mark.slow
def test_ismcts_searches_a_turn_with_greedy_playouts_seen_from_its_seat() -> None:
    # R3.11 again, at a turn decision: the action is searched over sampled deals with
    # greedy playouts; the same view and seed give the same choice, whatever is hidden.
    from lisboa_core import ISMCTSBot

    state = _turn_decision(3, 12)
    seat = state.to_act
    legal = legal_moves(state)
    other = determinize(observe(state, seat), seed=5)
    chosen = ISMCTSBot(2, width=3, samples=2, seconds=None).choose(observe(state, seat), legal)
    assert chosen in legal
    again = ISMCTSBot(2, width=3, samples=2, seconds=None)
    assert again.choose(observe(other, seat), legal) == chosen


@pytest.mark.slow
def test_ismcts_plays_from_the_bot_registry_and_validates_its_budget() -> None:
    from lisboa_core import ISMCTSBot

    bot = make_bot("ismcts", 5)
    assert isinstance(bot, ISMCTSBot) and bot.name == "ismcts"
    final, moves = play_game([bot, make_bot("greedy", 6)], seed=3, max_decisions=25)
    assert len(moves) == 25 and not is_over(final)
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSBot(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        ISMCTSBot(seconds=0)
    with pytest.raises(ValueError, match="width"):
        ISMCTSBot(width=-1)
    with pytest.raises(ValueError, match="samples"):
        ISMCTSBot(samples=0)


@pytest.mark.slow
def test_a_user_bot_typed_with_a_view_passes_mypy_strict(tmp_path: Path) -> None:
    import subprocess
    import sys

    source = tmp_path / "my_bot.py"
    source.write_text(
        "from collections.abc import Sequence\n\n"
        "from lisboa_core import Bot, GreedyBot, Move, View, play_game\n\n\n"
        "class FirstBot:\n"
        "    name = 'first'\n\n"
        "    def choose(self, view: View, legal: Sequence[Move]) -> Move:\n"
        "        return legal[0]\n\n\n"
        "def seat(bot: Bot) -> str:\n"
        "    return bot.name\n\n\n"
        "seat(FirstBot())\n"
        "play_game([FirstBot(), GreedyBot(1)], seed=1, max_decisions=3)\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(source)],
        capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
