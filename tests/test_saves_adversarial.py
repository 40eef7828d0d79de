"""Saves that cannot be broken: the decision stack is validated on load, and seeded
adversarial suites (tampered saves and records, fuzzed card files, games in threads) find
no way to break the engine through its public entries."""

from __future__ import annotations

import json
import random
import re
import threading
from pathlib import Path

import pytest

from lisboa_core import (
    LisboaError,
    StateFormatError,
    apply,
    from_json,
    is_over,
    legal_moves,
    load_rules,
    new_game,
    state_digest,
    to_json,
)
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import State
from lisboa_core.studies.adversarial import (
    MUTATIONS,
    judge_record,
    judge_state,
    play_on,
    probe_views,
    sample_records,
    sample_saves,
    tamper,
)


def _position(players: int, seed: int, moves: int) -> State:
    """The state after ``moves`` random moves of the game ``seed`` (Random(seed) chooses)."""
    state = new_game(players, seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        state = apply(state, chooser.choice(legal_moves(state)))
    return state


def _document(state: State) -> dict[str, object]:
    document: dict[str, object] = json.loads(to_json(state))
    return document


def _pending(document: dict[str, object]) -> list[dict[str, object]]:
    body = document["state"]
    assert isinstance(body, dict)
    pending = body["pending"]
    assert isinstance(pending, list)
    return pending


def _first_position_with(kinds: tuple[str, ...]) -> State:
    """The first position of random 2-player games whose stack is exactly ``kinds``, or whose
    top frame is ``kinds[0]`` when one kind is given."""
    for seed in range(40):
        state = new_game(2, seed)
        chooser = random.Random(seed)
        while not is_over(state):
            now = tuple(f.kind for f in state.pending)
            if now == kinds or (len(kinds) == 1 and now[-1] == kinds[0]):
                return state
            state = apply(state, chooser.choice(legal_moves(state)))
    raise AssertionError(f"no position with {kinds} in 40 games")


# --- the decision stack on load ------------------------------------------------------------


def test_an_automatic_step_on_top_is_refused_naming_the_frame() -> None:
    state = _position(3, 5, 40)
    document = _document(state)
    pending = _pending(document)
    pending.append({"kind": "ship-built", "seat": 0, "data": []})
    with pytest.raises(StateFormatError, match=re.escape(
        f"pending[{len(pending) - 1}] (ship-built): an automatic step cannot wait on top"
    )):
        from_json(json.dumps(document))


def test_a_frame_the_turn_structure_places_elsewhere_is_refused() -> None:
    # R3.2, R3.7: Sell or Trade is decided inside the turn, before the card is taken; with
    # the take-card step removed it would lie directly on the end of the turn.
    state = _first_position_with(("end-turn", "take-card", "sell-or-trade"))
    document = _document(state)
    del _pending(document)[1]
    with pytest.raises(StateFormatError, match=re.escape(
        "pending[1] (sell-or-trade): cannot lie on a 'end-turn' frame"
    )):
        from_json(json.dumps(document))


def test_a_period_left_half_changed_is_refused() -> None:
    # R15.3: with the period setup removed, the period-2 decks would never come into play.
    state = _first_position_with(("start-turn", "period-setup", "period-discard"))
    document = _document(state)
    del _pending(document)[1]
    with pytest.raises(StateFormatError, match=re.escape(
        "later_decks[0][0]: " + document["state"]["later_decks"][0][0] + " is a purple "
    ) + r"\w+ card; this place holds nothing after the period-2 setup"):
        from_json(json.dumps(document))


def test_a_frame_that_cannot_be_the_bottom_is_refused() -> None:
    state = _first_position_with(("move-cardinal",))
    document = _document(state)
    pending = _pending(document)
    del pending[: len(pending) - 1]
    with pytest.raises(StateFormatError, match=re.escape(
        "pending[0] (move-cardinal): cannot be the bottom of the stack"
    )):
        from_json(json.dumps(document))


def test_frame_data_that_does_not_fit_the_board_is_refused() -> None:
    # R14.3: the cardinal moves at least one gap.
    state = _first_position_with(("move-cardinal",))
    document = _document(state)
    pending = _pending(document)
    pending[-1]["data"] = [0, 0, False]
    top = len(pending) - 1
    with pytest.raises(StateFormatError, match=re.escape(
        f"pending[{top}] (move-cardinal): the cardinal cannot move 0 to 0 gaps"
    )):
        from_json(json.dumps(document))


def test_a_decision_whose_data_leaves_no_legal_move_is_refused() -> None:
    # The officials still to place for a building (R10.2) cannot exceed what the player and
    # the board can give: with an impossible count the decision offers nothing.
    state = _first_position_with(("building-officials",))
    document = _document(state)
    pending = _pending(document)
    needed, place = pending[-1]["data"]  # type: ignore[misc]
    pending[-1]["data"] = [9, place]
    top = len(pending) - 1
    with pytest.raises(StateFormatError, match=re.escape(f"pending[{top}] (building-officials):")):
        from_json(json.dumps(document))
    assert needed != 9


@pytest.mark.slow
def test_every_state_of_real_games_passes_the_stack_checks() -> None:
    # The declared places (`under`) and checks must never refuse a state the engine made:
    # games of 2, 3 and 4 players, with the draft and leftmost-slot options, every state.
    from pathlib import Path

    from lisboa_core import load_rules
    from lisboa_core.games.lisboa.state import Options
    from lisboa_core.persistence.stack_check import check_pending

    # the last game's cards listen to turn-end, which adds the turn-ended frame
    lab = load_rules(overlay=[Path(__file__).parent / "data" / "open_words.lsb"])
    seen: set[str] = set()
    for seed in range(10):
        options = Options(draft=seed % 3 == 1, leftmost_slot=seed % 2 == 1)
        state = new_game(2 + seed % 3, seed, options=options, rules=lab if seed == 9 else None)
        chooser = random.Random(seed)
        while not is_over(state):
            check_pending(state)
            seen.update(f.kind for f in state.pending)
            state = apply(state, chooser.choice(legal_moves(state)))
    placed = {k for k in STACK.kinds() if STACK.handler(k).under is not None}
    assert placed <= seen, f"never seen, so never checked here: {sorted(placed - seen)}"


# --- tampered saves and records --------------------------------------------------------------


_SAVES = sample_saves(games=9)
_RECORDS = sample_records(games=3)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_tampered_saves_are_refused_or_playable(chunk: int) -> None:
    outcomes: dict[str, int] = {}
    broken = []
    for case in range(chunk * 500, (chunk + 1) * 500):
        rng = random.Random(case)
        text, what = tamper(rng.choice(_SAVES), rng)
        verdict = judge_state(text, rng, moves=200)
        outcomes[verdict.outcome] = outcomes.get(verdict.outcome, 0) + 1
        if verdict.outcome == "broken":
            broken.append(f"case {case}: {what}: {verdict.detail}")
    assert broken == []
    assert outcomes.get("rejected", 0) > 0 and outcomes.get("playable", 0) > 0


@pytest.mark.slow
def test_tampered_records_are_refused_or_playable() -> None:
    broken = []
    for case in range(300):
        rng = random.Random(10_000 + case)
        text, what = tamper(rng.choice(_RECORDS), rng)
        verdict = judge_record(text, rng, moves=200)
        if verdict.outcome == "broken":
            broken.append(f"case {case}: {what}: {verdict.detail}")
    assert broken == []


def test_the_judge_samples_every_view_of_a_loaded_state() -> None:
    # A state that only the views show broken: a public building in two stacks leaves no
    # unseen building for determinize to put below the visible ones (R1.8.9).
    from lisboa_core.core.replace import replace

    state = _position(3, 5, 40)
    stacks = state.building_stacks
    broken = replace(state, building_stacks=(stacks[0] + (stacks[1][0],), stacks[1]))
    assert probe_views(state) is None
    assert "no unseen public building fits" in (probe_views(broken) or "")


def test_tamper_covers_every_mutation_kind() -> None:
    seen = set()
    rng = random.Random(1)
    for _ in range(200):
        _text, what = tamper(_SAVES[0], rng)
        seen.add(what.split(" ", 1)[0])
    assert seen == set(MUTATIONS)


def test_a_refusal_leaves_the_text_and_nothing_else_changed() -> None:
    text = _SAVES[3]
    document = json.loads(text)
    document["state"]["pending"].append({"kind": "end-turn", "seat": 0, "data": []})
    tampered = json.dumps(document)
    with pytest.raises(StateFormatError):
        from_json(tampered)
    assert from_json(text) == from_json(text)  # the untouched save still loads, equal


# --- fuzzed card files -----------------------------------------------------------------------


def _mutate_cards(folder: Path, rng: random.Random) -> str:
    files = sorted(cards_dir().glob("*.lsb"))
    for path in files:
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    target = folder / rng.choice(files).name
    lines = target.read_text(encoding="utf-8").splitlines()
    i = rng.randrange(len(lines))
    line = lines[i]
    numbers = list(re.finditer(r"\d+", line))
    words = list(re.finditer(r"[a-z][a-z-]+", line))
    if numbers and rng.random() < 0.6:
        m = rng.choice(numbers)
        new = str(rng.choice([0, 1, int(m.group()) + 1, int(m.group()) * 3, 99]))
        lines[i] = line[: m.start()] + new + line[m.end():]
    elif words:
        m = rng.choice(words)
        other = rng.choice([w.group() for w in re.finditer(r"[a-z][a-z-]+", "\n".join(lines))])
        lines[i] = line[: m.start()] + other + line[m.end():]
    else:
        del lines[i]
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"{target.name}:{i + 1}: {lines[i] if i < len(lines) else '(deleted)'}"


@pytest.mark.parametrize("seed", range(24))
def test_a_mutated_catalogue_loads_with_located_errors_or_plays_to_the_end(
    tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    what = _mutate_cards(tmp_path, rng)
    try:
        rules = load_rules(tmp_path)
    except LisboaError as err:
        problems = getattr(err, "problems", ())
        assert problems, f"{what}: {err}"
        assert all(p.file.endswith(".lsb") or p.file == "<catalogue>" for p in problems)
        return
    state = new_game(2 + seed % 3, seed, rules=rules)
    try:
        fault = play_on(state, rng, 2000)
    except LisboaError:
        return  # a Lisboa error is a clean outcome for a catalogue the rules cannot play
    assert fault is None or "LisboaError" in fault, f"{what}: {fault}"


def test_shipped_catalogue_is_left_alone_by_the_fuzzer() -> None:
    assert load_rules().digest == load_rules(cards_dir()).digest


# --- games in threads ------------------------------------------------------------------------


def _play(players: int, seed: int) -> str:
    state = new_game(players, seed)
    chooser = random.Random(seed)
    while not is_over(state):
        state = apply(state, chooser.choice(legal_moves(state)))
    return state_digest(state)


def test_concurrent_games_in_threads_give_the_same_digests_as_alone() -> None:
    games = [(2 + i % 3, 300 + i) for i in range(6)]
    alone = [_play(*game) for game in games]
    together: list[str | None] = [None] * len(games)

    def run(i: int) -> None:
        together[i] = _play(*games[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(games))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert together == alone
