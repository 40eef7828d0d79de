"""The library's surfaces work for any registered game, not only Lisboa (issue 22).

A toy game is defined here, as a third party would: two-seat Nim (a heap of 21 stones,
each turn takes 1, 2 or 3, whoever takes the last stone wins). Its state class is
generated from a field list by :mod:`lisboa_core.core.stategen`, its rules are one frame
kind on its own :class:`~lisboa_core.core.stack.DecisionStack`, and it supplies only what
the :class:`~lisboa_core.games.Game` base cannot know: its catalogue, its setup, its score
and its judgement of a position. Everything else (views, saves, records, bots, simulation,
events, text and SVG) must come from the library's game-agnostic code.

Expected values come from the rules of Nim, not from running the code: with 1-3 stones a
turn, a heap that is a multiple of 4 is lost for the seat to move, so the first seat
(facing 21) wins by always leaving a multiple of 4.
"""

from __future__ import annotations

import hashlib
import json
import sys
import types
from typing import Any

import attrs
import pytest

import lisboa_core
from lisboa_core.bots.basic import GreedyBot, RandomBot, play_game
from lisboa_core.bots.ismcts import ISMCTSBot
from lisboa_core.core.frame import Frame
from lisboa_core.core.moves import Move
from lisboa_core.core.native import pure_init
from lisboa_core.core.rng import Rng
from lisboa_core.core.stack import BOTTOM, DecisionStack, pop, push
from lisboa_core.core.stategen import Field, ModuleSpec, RecordSpec, render
from lisboa_core.errors import IllegalMoveError, StateFormatError
from lisboa_core.events import apply_with_events
from lisboa_core.games import Game, game, game_of, games, register_game
from lisboa_core.games.generic import PointsCategory, PointsSeat, ranked
from lisboa_core.persistence.records import GameRecord, record_game, replay
from lisboa_core.persistence.schema import json_schema
from lisboa_core.persistence.serialize import from_json, state_digest, to_json
from lisboa_core.render import render_score_sheet, render_text
from lisboa_core.studies.simulation import simulate, summarise
from lisboa_core.svg import board
from lisboa_core.views import View, determinize, observe

HEAP = 21

# -- the state class, generated from a field list as every game's is ----------------------

_NIM_STATE = ModuleSpec(
    filename="state.py",
    doc="The toy Nim state.",
    imports=("from lisboa_core.core.frame import Frame", "from lisboa_core.core.rng import Rng"),
    records=(
        RecordSpec(
            name="NimState",
            doc="A Nim position.",
            state=True,
            fields=(
                Field("players", "tuple[int, ...]", "Stones each seat has taken."),
                Field("heap", "int", "Stones left."),
                Field("last", "int", "The seat that took the last stone (-1: none yet)."),
                Field("pending", "tuple[Frame, ...]", "The pending decisions."),
                Field("rng", "Rng", "The generator (Nim draws nothing)."),
                Field("catalogue", "str", "The catalogue's digest."),
            ),
        ),
    ),
)

_MODULE = types.ModuleType("toy_nim_state")
sys.modules[_MODULE.__name__] = _MODULE  # the codec reads the annotations through it
_SOURCE = render(_NIM_STATE, "tests.test_game_registry_surfaces")
# The generated module gives its classes their pure-Python constructor unless the library
# is compiled; this module is never compiled, so it always needs it.
exec(compile(_SOURCE.replace("if not compiled():", "if True:"), "toy_nim_state", "exec"),
     _MODULE.__dict__)
NimState: type = _MODULE.NimState
assert pure_init  # imported for the reader: the generated module calls it


@attrs.frozen
class NimRules:
    """The toy catalogue: only the heap's size, and the digest saves and records name."""

    heap: int = HEAP

    @property
    def digest(self) -> str:
        """16 hex digits, as every catalogue's digest (saves and records check the form)."""
        return hashlib.sha256(f"toy-nim {self.heap}".encode()).hexdigest()[:16]


# -- the rules: one decision kind --------------------------------------------------------

STACK: DecisionStack[Any] = DecisionStack("toy-nim")


def _take_moves(state: Any, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("take", (n,)) for n in range(1, min(3, state.heap) + 1))


def _take(state: Any, frame: Frame, move: Move | None) -> Any:
    assert move is not None
    n = int(move.args[0])
    seat = frame.seat
    taken = tuple(t + n if s == seat else t for s, t in enumerate(state.players))
    state = pop(state).replaced({"players": taken, "heap": state.heap - n, "last": seat})
    if state.heap > 0:
        state = push(state, Frame("take", 1 - seat, ()))
    return state


# A take lies at the bottom of the stack (it is the whole turn): a loaded save is checked
# against what the game declares here.
STACK.register("take", _take, _take_moves, lookahead=False, under=frozenset({BOTTOM}))


class ToyNim(Game):
    """Two-seat Nim: just what the Game base cannot know."""

    name = "toy-nim"
    title = "Toy Nim"
    players = (2,)
    default_players = 2
    hidden_information = False
    max_decisions = HEAP
    boundaries = frozenset()
    turn_decision = "take"
    categories = ("last stone",)
    points_name = "wins"
    stack = STACK
    state_type = NimState
    rules_type = NimRules

    def load_rules(self, *paths: Any, overlay: Any = (), reload: bool = False) -> NimRules:
        return NimRules()

    def new_state(self, rules: Any, players: int, seed: int, options: Any) -> Any:
        return NimState(
            players=(0,) * players, heap=rules.heap, last=-1,
            pending=(Frame("take", 0, ()),), rng=Rng(seed), catalogue=rules.digest,
        )

    def score(self, state: Any) -> Any:
        seats = [PointsSeat(s, 0, (PointsCategory("last stone", int(s == state.last)),))
                 for s in range(len(state.players))]
        return ranked(seats, final=not state.pending)

    def position_values(self, state: Any) -> list[float]:
        """Nim's theory: facing a multiple of 4 loses (the game over: the last taker won)."""
        if not state.pending:
            return [1.0 if s == state.last else -1.0 for s in range(2)]
        mover = state.pending[-1].seat
        mover_wins = state.heap % 4 != 0
        return [1.0 if (s == mover) == mover_wins else -1.0 for s in range(2)]

    # What the AI adapters need (PettingZoo, OpenSpiel): a fixed action space and a vector.

    def action_space(self, rules: Any) -> tuple[Move, ...]:
        return tuple(Move("take", (n,)) for n in (1, 2, 3))

    def encode(self, view: Any) -> Any:
        import numpy as np

        state, seat = view.state, view.seat
        mine, theirs = state.players[seat], state.players[1 - seat]
        return np.array([state.heap, mine, theirs], dtype=np.float32) / HEAP

    def observation_size(self, state: Any) -> int:
        return 3


NIM = register_game(ToyNim())


def _play(moves: list[int]) -> Any:
    state = lisboa_core.new_game(game="toy-nim")
    for n in moves:
        state = lisboa_core.apply(state, Move("take", (n,)))
    return state


# -- the top-level api ----------------------------------------------------------------------


def test_the_toy_game_is_registered_and_found_from_its_states() -> None:
    assert "toy-nim" in games()
    state = lisboa_core.new_game(game="toy-nim")
    assert game_of(state) is NIM and game("toy-nim") is NIM
    assert state.heap == HEAP and state.to_act == 0 and state.player_count == 2


def test_legal_moves_apply_parse_and_refusal_go_through_the_game() -> None:
    state = lisboa_core.new_game(game="toy-nim")
    assert [str(m) for m in lisboa_core.legal_moves(state)] == ["take 1", "take 2", "take 3"]
    after = lisboa_core.apply(state, lisboa_core.parse_move(state, "take 3"))
    assert after.heap == HEAP - 3 and after.to_act == 1 and after.players == (3, 0)
    with pytest.raises(IllegalMoveError):
        lisboa_core.apply(state, Move("take", (4,)))
    assert lisboa_core.explain_illegal(state, Move("take", (4,))) is not None
    low = _play([3] * 6)  # 3 stones left
    assert [str(m) for m in lisboa_core.legal_moves(low)] == ["take 1", "take 2", "take 3"]
    one = _play([3] * 6 + [2])
    assert [str(m) for m in lisboa_core.legal_moves(one)] == ["take 1"]


def test_score_and_winners_on_a_finished_game() -> None:
    # 21 stones: seat 0 takes 1, then each pair of turns takes 4; seat 0 takes the last.
    final = _play([1] + [2, 2] * 5)
    assert lisboa_core.is_over(final) and final.heap == 0 and final.last == 0
    sheet = lisboa_core.score(final)
    assert sheet.final and [s.total for s in sheet.seats] == [1, 0]
    assert lisboa_core.winners(final) == (0,)
    assert lisboa_core.legal_moves(final) == ()


# -- views, saves and digests --------------------------------------------------------------


def test_a_game_without_hidden_information_shows_everything() -> None:
    state = _play([2, 1])
    view = observe(state, 1)
    assert isinstance(view, View) and view.seat == 1 and view.state == state
    assert determinize(view, seed=3) == state
    assert lisboa_core.as_view(state).seat == state.to_act


def test_a_state_saves_and_loads_back_mid_game() -> None:
    state = _play([3, 2, 1])
    text = to_json(state)
    document = json.loads(text)
    assert document["format"] == "toy-nim-state"
    assert document["catalogue"] == NimRules().digest
    again = from_json(text)
    assert again == state and game_of(again) is NIM
    assert state_digest(again) == state_digest(state) != state_digest(_play([3, 2]))
    assert lisboa_core.legal_moves(again) == lisboa_core.legal_moves(state)


def test_a_wrong_saved_field_is_named() -> None:
    document = json.loads(to_json(_play([1])))
    document["state"]["heap"] = "twenty"
    with pytest.raises(StateFormatError, match="heap"):
        from_json(json.dumps(document))


def test_a_view_saves_and_loads_back() -> None:
    from lisboa_core.serialize import view_from_json

    view = observe(_play([1, 1]), 0)
    again = view_from_json(to_json(view))
    assert again == view


def test_the_games_json_schemas_accept_its_documents_and_refuse_a_wrong_field() -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="the schema checks use jsonschema (dev extra)")

    def validator(kind: str) -> Any:
        schema = json_schema(kind, game="toy-nim")
        jsonschema.Draft202012Validator.check_schema(schema)
        return jsonschema.Draft202012Validator(schema)

    state = _play([3, 1])
    saved = json.loads(to_json(state))
    validator("state").validate(saved)
    validator("view").validate(json.loads(to_json(observe(state, 0))))
    record = record_game(lambda s: lisboa_core.legal_moves(s)[0], game="toy-nim")
    validator("record").validate(json.loads(record.to_json()))
    _after, events = apply_with_events(state, Move("take", (1,)))
    for event in events:
        validator("event").validate(event.to_dict())
    saved["state"]["heap"] = "twenty"
    assert not validator("state").is_valid(saved)


# -- records -----------------------------------------------------------------------------


def test_a_record_names_its_game_and_replays() -> None:
    record = record_game(lambda s: lisboa_core.legal_moves(s)[-1], game="toy-nim",
                         names=("ana", "bo"))
    # Always taking 3 from 21: seven turns, the seventh (seat 0) takes the last stone.
    assert record.game == "toy-nim" and len(record.moves) == 7
    assert json.loads(record.to_json())["game"] == "toy-nim"
    again = GameRecord.from_json(record.to_json())
    assert again == record
    result = replay(again)
    assert result.ok and lisboa_core.winners(result.final) == (0,)
    assert result.digest == record.final_digest


def test_a_record_with_a_move_the_game_refuses_stops_there() -> None:
    record = record_game(lambda s: lisboa_core.legal_moves(s)[0], game="toy-nim")
    bad = attrs.evolve(record, moves=("take 1", "take 4", *record.moves[2:]))
    result = replay(bad)
    assert not result.ok and result.failed_at == 1


# -- bots and simulation --------------------------------------------------------------------


def test_random_bot_plays_legal_moves_to_the_end() -> None:
    final, moves = play_game([RandomBot(1), RandomBot(2)], game="toy-nim", seed=4)
    assert lisboa_core.is_over(final) and sum(int(m.args[0]) for m in moves) == HEAP
    assert lisboa_core.winners(final) == (final.last,)


@pytest.mark.parametrize("seed", range(5))
def test_greedy_bot_judges_by_the_games_evaluation_and_wins_nim(seed: int) -> None:
    # The first seat faces 21 (not a multiple of 4): perfect play wins whatever the other
    # seat does, and the game's evaluation is perfect play one decision ahead.
    final, moves = play_game([GreedyBot(seed), RandomBot(seed)], game="toy-nim", seed=seed)
    assert lisboa_core.winners(final) == (0,)
    heaps = HEAP - sum(int(m.args[0]) for m in moves[:1])
    assert heaps % 4 == 0  # its first move leaves a multiple of 4


def test_the_search_bot_plays_any_game_through_its_registry() -> None:
    bot = ISMCTSBot(3, iterations=4)
    final, moves = play_game([bot, RandomBot(3)], game="toy-nim", seed=3)
    assert lisboa_core.is_over(final) and sum(int(m.args[0]) for m in moves) == HEAP


@pytest.mark.parametrize("iterations", [1, 2, 5])
def test_the_search_bot_honours_its_iterations_at_the_games_turn_decision(
        iterations: int) -> None:
    # Issue 33: at the decision the game names its turn (Nim's only one, "take") the bot
    # played width x samples greedy playouts (3 x 3 here) whatever its iterations.
    state = lisboa_core.new_game(game="toy-nim")
    work: list[tuple[int, int]] = []
    bot = ISMCTSBot(3, iterations=iterations, seconds=None)
    bot.progress = lambda done, planned: work.append((done, planned))
    assert bot.choose(observe(state, 0), lisboa_core.legal_moves(state)) in \
        lisboa_core.legal_moves(state)
    assert len(work) <= iterations and all(p <= iterations for _d, p in work)


@pytest.mark.parametrize("turn_decision", ["take", None])
def test_the_search_bot_honours_its_time_budget_at_every_decision(
        monkeypatch: pytest.MonkeyPatch, turn_decision: str | None) -> None:
    # Issue 33: a default budget per decision that every decision honours. A clock that
    # moves 0.01 s whenever it is read (between tree iterations, before each decision of a
    # playout): with the default 0.25 s, a search planned for 1,000 units of work stops
    # after at most 25 of them, the turn search's playouts and the tree's iterations alike.
    from lisboa_core.bots import ismcts

    now = [0.0]

    def tick() -> float:
        now[0] += 0.01
        return now[0]

    monkeypatch.setattr(ismcts.time, "monotonic", tick)
    monkeypatch.setattr(NIM, "turn_decision", turn_decision)
    state = lisboa_core.new_game(game="toy-nim")
    work: list[tuple[int, int]] = []
    bot = ISMCTSBot(3, iterations=1000, samples=1000)
    assert bot.seconds == ismcts.SECONDS == 0.25
    bot.progress = lambda done, planned: work.append((done, planned))
    assert bot.choose(observe(state, 0), lisboa_core.legal_moves(state)) in \
        lisboa_core.legal_moves(state)
    assert 1 <= len(work) <= 25 and now[0] < 0.3


def test_a_game_has_no_turn_decision_unless_it_declares_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 33: a game whose decision is called "turn" got the turn search without asking.
    # Undeclared (Nim as if it named no turn decision), the tree search takes the decision,
    # exactly its iterations.
    class PlainNim(ToyNim):
        turn_decision = Game.turn_decision

    assert Game.turn_decision is None and PlainNim().turn_decision is None
    monkeypatch.setattr(NIM, "turn_decision", None)
    state = lisboa_core.new_game(game="toy-nim")
    work: list[tuple[int, int]] = []
    bot = ISMCTSBot(3, iterations=5, seconds=None)
    bot.progress = lambda done, planned: work.append((done, planned))
    bot.choose(observe(state, 0), lisboa_core.legal_moves(state))
    assert work == [(n, 5) for n in range(1, 6)]


def test_cards_check_and_summary_serve_a_registered_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`lisboa --game NAME cards check` and `cards summary` take any registered game, one
    whose catalogue does not count components included."""
    from lisboa_core.fronts.cli import main

    digest = NimRules().digest
    assert main(["--game", "toy-nim", "cards", "check"]) == 0
    assert capsys.readouterr().out == f"ok: the Toy Nim catalogue, catalogue digest {digest}\n"
    assert main(["--game", "toy-nim", "cards", "summary"]) == 0
    assert capsys.readouterr().out == f"Toy Nim catalogue: digest {digest}\n"


def test_simulate_plays_the_toy_game_and_summarises_it() -> None:
    results = simulate(2, 4, 10, ["greedy", "random"], rotate=False, game="toy-nim")
    assert [r.game for r in results] == ["toy-nim"] * 4
    assert [r.winners for r in results] == [(0,)] * 4  # greedy sits first, and wins
    summary = summarise(results, 2)
    assert summary["game"] == "toy-nim"
    assert summary["wins_by_bot"]["greedy"]["wins"] == 4
    assert summary["wins_by_bot"]["random"]["wins"] == 0
    assert set(summary["score_by_bot"]["greedy"]) == {"so_far", "last stone", "total"}


# -- events and rendering ----------------------------------------------------------------


def test_events_and_pictures_come_from_the_generic_reading() -> None:
    state = _play([1])
    after, events = apply_with_events(state, Move("take", (2,)))
    assert after.heap == HEAP - 3
    shown = [e.to_dict() for e in events]
    assert {"kind": "move", "seat": 1, "move": "take 2", "decision": "take"} in shown
    assert {"kind": "count", "seat": None, "what": "heap", "before": 20, "after": 18} in shown
    text = render_text(after)
    assert text.startswith("Toy Nim\n") and "heap=18" in text
    assert "as seat 1 sees it" in render_text(observe(after, 1))
    picture = board(after)
    assert picture.startswith("<svg") and "heap=18" in picture
    table = render_score_sheet(lisboa_core.score(_play([1] + [2, 2] * 5)), ("ana", "bo"))
    assert "winners: ana" in table
