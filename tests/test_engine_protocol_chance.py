"""``lisboa engine`` at a chance step, as docs/guide/engine-protocol.md#chance-steps says:
``to_act`` -2, the outcomes as moves with ``probabilities`` and ``sampled``, and any listed
outcome applied by the front end, kept by the record."""

from __future__ import annotations

import math

from lisboa_core import CHANCE, GameRecord, Match, chance_outcomes, new_game, sample_chance
from lisboa_core.fronts.engine_protocol import Session


def _tiletum(seed: int) -> Session:
    session = Session()
    status = session.handle({"cmd": "new", "game": "tiletum", "players": 2, "seed": seed})
    assert status["ok"] and status["to_act"] == CHANCE == -2 and status["decision"] == "roll"
    return session


def test_a_chance_step_answers_its_outcomes_their_probabilities_and_the_sampled_one() -> None:
    session = _tiletum(1)
    answer = session.handle({"cmd": "legal"})
    state = new_game(2, 1, game="tiletum")
    outcomes = chance_outcomes(state)
    assert answer["to_act"] == -2
    assert answer["moves"] == [str(move) for move, _ in outcomes]
    assert answer["probabilities"] == [p for _, p in outcomes]
    assert math.isclose(sum(answer["probabilities"]), 1.0)
    assert len(answer["descriptions"]) == len(answer["moves"])
    assert answer["sampled"] == str(sample_chance(state)) and answer["sampled"] in answer["moves"]


def test_playing_the_sampled_outcomes_is_the_seeded_game() -> None:
    session = _tiletum(4)
    match = Match.new("tiletum", 2, 4)
    for _ in range(12):
        answer = session.handle({"cmd": "legal"})
        if "sampled" not in answer:
            break
        after = session.handle({"cmd": "apply", "move": answer["sampled"]})
        assert after["ok"] and after["events"][0]["seat"] == -2
        match.push(sample_chance(match.state))
    assert session.state == match.state


def test_any_listed_outcome_may_be_applied_and_the_record_keeps_it() -> None:
    session = _tiletum(2)
    answer = session.handle({"cmd": "legal"})
    chosen = next(m for m in answer["moves"] if m != answer["sampled"])
    assert session.handle({"cmd": "apply", "move": chosen, "seat": 0})["ok"]
    record = GameRecord.from_json(session.handle({"cmd": "record"})["record"])
    assert record.moves == (chosen,)
    other = Session()
    assert other.handle({"cmd": "resume", "record": record.to_json()})["ok"]
    assert other.state == session.state
    refused = session.handle({"cmd": "apply", "move": "roll DX9"})
    assert refused["ok"] is False and refused["error"] == "illegal-move"


def test_games_without_chance_never_answer_minus_two() -> None:
    for game, players in (("lisboa", 2), ("puerto-rico", 3)):
        session = Session()
        session.handle({"cmd": "new", "game": game, "players": players, "seed": 5})
        for _ in range(30):
            answer = session.handle({"cmd": "legal"})
            assert answer["to_act"] >= 0 and "sampled" not in answer
            session.handle({"cmd": "apply", "move": answer["moves"][-1]})
