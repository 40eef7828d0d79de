"""One public API for every game (issue 31.4): every name of ``lisboa_core.__all__`` is used
here on a state (or the catalogue) of each registered game, so a name that works for one
game only fails here; a name added to ``__all__`` without a check here fails too."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import lisboa_core
from lisboa_core import (
    BUILD,
    CHANCE,
    Bot,
    CardSyntaxError,
    CardValidationError,
    GameRecord,
    GreedyBot,
    IllegalMoveError,
    ISMCTSBot,
    LisboaError,
    Match,
    Move,
    Problem,
    RandomBot,
    Recorder,
    ReplayResult,
    StateFormatError,
    View,
    __version__,
    action_index,
    action_space,
    apply,
    as_view,
    chance_outcomes,
    clear_caches,
    describe,
    describe_move,
    determinize,
    explain_illegal,
    from_json,
    is_chance,
    is_over,
    legal_mask,
    legal_moves,
    load_rules,
    new_game,
    observe,
    parse_move,
    play_game,
    random_move,
    record_game,
    replay,
    sample_chance,
    score,
    settle_forced,
    state_digest,
    to_json,
    winners,
)
from lisboa_core.dsl.catalogue import card_files
from lisboa_core.dsl.parser import parse_file
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.games import game, games

SHIPPED = [name for name in games() if name in ("lisboa", "puerto-rico", "tiletum")]


def _decision(name: str, seed: int = 5, moves: int = 12) -> Any:
    """A state of ``name`` some moves in, at a seat's decision."""
    state, rng = new_game(seed=seed, game=name), random.Random(seed)
    for _ in range(moves):
        state = apply(state, random_move(state, rng))
    while is_chance(state):
        state = apply(state, sample_chance(state))
    assert not is_over(state) and state.to_act != CHANCE
    return state


def _chance(name: str) -> Any | None:
    """A state of ``name`` at a chance step, or None for a game declared without chance."""
    if not game(name).chance:
        return None
    state, rng = new_game(seed=2, game=name), random.Random(2)
    for _ in range(2000):
        if is_chance(state):
            return state
        state = apply(state, random_move(state, rng))
    raise AssertionError(f"{name} declares chance but never reached a chance step")


def _check_constants(name: str) -> None:
    assert BUILD in ("pure", "compiled") and isinstance(__version__, str)
    assert CHANCE < 0 and not any(s == CHANCE for s in game(name).players)
    for error in (CardSyntaxError, CardValidationError, IllegalMoveError, StateFormatError):
        assert issubclass(error, LisboaError)
    assert Problem.__name__ == "Problem" and Move("pass").kind == "pass"


def _check_moves(name: str) -> None:
    state = _decision(name)
    legal = legal_moves(state)
    assert legal and all(isinstance(m, Move) for m in legal)
    assert explain_illegal(state, legal[0]) is None
    assert explain_illegal(state, Move("no-such-move")) is not None
    assert parse_move(state, str(legal[-1])) == legal[-1]
    with pytest.raises(IllegalMoveError):
        apply(state, Move("no-such-move"))
    assert describe_move(state, legal[0]) and describe_move(observe(state, 0), legal[0])
    after, forced = settle_forced(state)
    assert all(isinstance(m, Move) for m in forced) and (is_over(after) or after.pending)
    assert random_move(state, random.Random(1)) in legal


def _check_actions(name: str) -> None:
    state = _decision(name)
    space = action_space(name)
    assert space == action_space(game(name)) == action_space(rules=load_rules(game=name))
    mask = legal_mask(state)
    assert len(mask) == len(space)
    assert {space[i] for i, ok in enumerate(mask) if ok} == set(legal_moves(state))
    for move in legal_moves(state):
        assert space[action_index(state, move)] == move
    with pytest.raises(ValueError, match="action space"):
        action_index(state, Move("no-such-move"))


def _check_chance(name: str) -> None:
    at = _chance(name)
    if at is None:  # declared without chance: never a chance step in a whole game
        state, rng = new_game(seed=3, game=name), random.Random(3)
        while not is_over(state):
            assert not is_chance(state) and chance_outcomes(state) == ()
            state = apply(state, random_move(state, rng))
        with pytest.raises(LisboaError, match="no chance step"):
            sample_chance(state)
        return
    outcomes = chance_outcomes(at)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert sample_chance(at) in [m for m, _ in outcomes] == list(legal_moves(at))
    with pytest.raises(LisboaError, match="chance step"):
        as_view(at)
    for bot in (RandomBot(1), GreedyBot(1), ISMCTSBot(1, iterations=5)):
        assert bot.choose(at, legal_moves(at)) == sample_chance(at)


def _check_views(name: str) -> None:
    state = _decision(name)
    seen = as_view(state)
    assert isinstance(seen, View) and seen.seat == state.to_act and as_view(seen) is seen
    for seat in range(state.player_count):
        view = observe(state, seat)
        assert observe(determinize(view, 4), seat) == view
    if not game(name).hidden_information:  # declared fully seen: a view is the state
        assert all(observe(state, s).state == state for s in range(state.player_count))


def _check_bots(name: str) -> None:
    state = _decision(name)
    legal = legal_moves(state)
    quick = ISMCTSBot(2, iterations=4, width=0, finish=1, depth=2)
    for bot in (RandomBot(2), GreedyBot(2, depth=1), quick):
        assert isinstance(bot, Bot)
        assert bot.choose(observe(state, state.to_act), legal) in legal
        assert bot.choose(state, legal) in legal
    final, moves = play_game([RandomBot(3)], game(name).default_players, seed=3, game=name,
                             max_decisions=40)
    assert len(moves) <= 40 and (is_over(final) or final.pending)


def _check_saves(name: str) -> None:
    state = _decision(name)
    assert from_json(to_json(state)) == state
    view = observe(state, 0)
    assert to_json(view) and state_digest(state) == state_digest(from_json(to_json(state)))
    sheet = score(state)
    assert winners(state) == tuple(sheet.winners) and len(sheet.seats) == state.player_count


def _check_records(name: str) -> None:
    rng = random.Random(4)
    record = record_game(lambda s: random_move(s, rng), seed=4, game=name, max_decisions=25)
    assert isinstance(record, GameRecord) and record.game == name
    again = GameRecord.from_json(record.to_json())
    result = replay(again)
    assert isinstance(result, ReplayResult) and result.ok
    recorder = Recorder(seed=4, game=name)
    recorder.apply(str(legal_moves(recorder.state)[0]))
    assert recorder.record().moves == (str(legal_moves(new_game(seed=4, game=name))[0]),)
    match = Match.new(name, seed=4)
    match.push(legal_moves(match.state)[0])
    assert len(match.moves) == 1 and Match.from_record(match.record()).state == match.state


def _check_catalogue(name: str) -> None:
    rules = load_rules(game=name)
    assert new_game(seed=1, game=name, rules=rules).catalogue == rules.digest
    first = next(c.id for p in card_files([cards_dir(name)]) for c in parse_file(p).components)
    assert describe(first, rules)
    clear_caches()
    assert load_rules(game=name).digest == rules.digest


CHECKS: dict[str, Callable[[str], None]] = {
    "constants": _check_constants,
    "moves": _check_moves,
    "actions": _check_actions,
    "chance": _check_chance,
    "views": _check_views,
    "bots": _check_bots,
    "saves": _check_saves,
    "records": _check_records,
    "catalogue": _check_catalogue,
}
COVERED = {
    "constants": {"BUILD", "CHANCE", "CardSyntaxError", "CardValidationError",
                  "IllegalMoveError", "LisboaError", "StateFormatError", "Problem", "Move",
                  "__version__"},
    "moves": {"legal_moves", "explain_illegal", "parse_move", "apply", "describe_move",
              "settle_forced", "random_move", "new_game", "is_over", "is_chance",
              "sample_chance"},
    "actions": {"action_space", "action_index", "legal_mask", "load_rules"},
    "chance": {"chance_outcomes", "sample_chance", "as_view", "RandomBot", "GreedyBot",
               "ISMCTSBot"},
    "views": {"as_view", "View", "observe", "determinize"},
    "bots": {"Bot", "RandomBot", "GreedyBot", "ISMCTSBot", "play_game"},
    "saves": {"from_json", "to_json", "state_digest", "score", "winners"},
    "records": {"record_game", "GameRecord", "replay", "ReplayResult", "Recorder", "Match"},
    "catalogue": {"load_rules", "describe", "clear_caches"},
}


def test_every_public_name_is_checked_for_every_game() -> None:
    assert set().union(*COVERED.values()) == set(lisboa_core.__all__)
    assert set(COVERED) == set(CHECKS)


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("name", SHIPPED)
def test_the_public_api_works_for_the_game(name: str, check: str) -> None:
    CHECKS[check](name)
