"""Seeded adversarial inputs for any game: tampered saves, game records and seat views,
and what the library makes of them.

A loader that trusts its input is a bug waiting for a hostile file. :func:`tamper` changes a
saved state, view or record the way an attacker or a careless editor would (a value
changed, a key removed or added, a list item duplicated, removed or swapped, the text cut
short); :func:`judge_state`, :func:`judge_view` and :func:`judge_record` then say what the
library made of it. The only acceptable outcomes are a clean refusal
(:class:`~lisboa_core.StateFormatError`) or a state that is consistent and playable to the
end: ``"broken"`` marks a bug. The conformance suite runs a seeded sample for every game
(:func:`lisboa_core.games.conformance.check_tampering`) and ``make tamper`` runs 10,000 of
each per game.

Example::

    import random
    from lisboa_core import new_game, to_json
    from lisboa_core.studies.adversarial import judge_state, tamper

    saved = to_json(new_game(players=2, seed=1))
    rng = random.Random(0)
    text, what = tamper(saved, rng)
    verdict = judge_state(text, rng)
    assert verdict.outcome in ("rejected", "playable"), verdict
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import attrs

from lisboa_core.api import apply, is_chance, is_over, legal_moves, new_game, sample_chance
from lisboa_core.errors import StateFormatError
from lisboa_core.games import game as _game
from lisboa_core.games import game_of
from lisboa_core.games.actions import legal_mask
from lisboa_core.persistence.records import GameRecord, record_game, replay
from lisboa_core.persistence.serialize import from_json, to_json, view_from_json
from lisboa_core.views import determinize, observe

__all__ = [
    "MUTATIONS",
    "Verdict",
    "judge_record",
    "judge_state",
    "judge_view",
    "play_on",
    "probe_views",
    "sample_records",
    "sample_saves",
    "sample_views",
    "tamper",
]

MUTATIONS: tuple[str, ...] = (
    "change",
    "remove-key",
    "add-key",
    "duplicate-item",
    "remove-item",
    "swap-items",
    "truncate",
)
"""The kinds of tampering :func:`tamper` chooses from, uniformly."""

Path = tuple[str | int, ...]


@attrs.frozen
class Verdict:
    """What the library made of one input.

    Example::

        from lisboa_core.studies.adversarial import Verdict

        assert Verdict("rejected", "players[0].reis: ...").outcome == "rejected"
    """

    outcome: str
    """``"rejected"`` (a clean :class:`~lisboa_core.StateFormatError`), ``"playable"``
    (loaded, consistent and played on without fault) or ``"broken"`` (a bug)."""
    detail: str = ""
    """The error message, or for ``"broken"`` what went wrong and when."""


def _walk(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, (*path, index))


def _get(document: Any, path: Path) -> Any:
    for step in path:
        document = document[step]
    return document


def _other_value(value: Any, strings: list[str], rng: random.Random) -> Any:
    if isinstance(value, bool):
        return not value if rng.random() < 0.7 else rng.choice([0, "true", None])
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, 0, -1, value + rng.randint(2, 12), 10**9])
    if isinstance(value, str):
        if strings and rng.random() < 0.8:
            return rng.choice(strings)
        return rng.choice(["", "x", value + "x", value[:-1], value.upper()])
    if value is None:
        return rng.choice([0, "", [], rng.choice(strings) if strings else "x"])
    # a container: another shape altogether
    return rng.choice([None, 0, "", [], {}])


def _containers(document: Any, kind: type) -> list[Path]:
    return [p for p, v in _walk(document) if isinstance(v, kind) and v]


def _focus(paths: list[Path], rng: random.Random) -> Path:
    # Half the time aim at the decision stack: the part of a save that is hardest to check.
    pending = [p for p in paths if "pending" in p]
    if pending and rng.random() < 0.5:
        return rng.choice(pending)
    return rng.choice(paths)


def _step(state: Any, chooser: random.Random) -> Any:
    """One random move: a uniform choice among the legal moves, or the chance outcome the
    state's own generator draws."""
    if is_chance(state):
        return apply(state, sample_chance(state))
    return apply(state, chooser.choice(legal_moves(state)))


def _positions(games: int, every: int, name: str) -> Iterator[Any]:
    """Positions of random games of every player count of ``name`` in turn (game ``i``
    from seed ``i``), every ``every`` decisions and at the end."""
    counts = _game(name).players
    for seed in range(games):
        state = new_game(counts[seed % len(counts)], seed, game=name)
        chooser = random.Random(seed)
        for number in itertools.count():
            if number % every == 0 or is_over(state):
                yield state
            if is_over(state):
                break
            state = _step(state, chooser)


def sample_saves(games: int = 12, every: int = 23, game: str = "lisboa") -> list[str]:
    """Saved states to tamper with: random games of each player count of ``game`` in turn
    (game ``i`` from seed ``i``), saved every ``every`` decisions and at the end, so the
    decision stacks cover setup, turns, follows and the game's end.

    Example::

        from lisboa_core import from_json
        from lisboa_core.studies.adversarial import sample_saves

        saves = sample_saves(1, every=40)
        assert saves and from_json(saves[0])
    """
    return [to_json(state) for state in _positions(games, every, game)]


def sample_views(games: int = 6, every: int = 31, game: str = "lisboa") -> list[str]:
    """Saved seat views to tamper with: the positions of :func:`sample_saves`, each seen
    by one seat in turn.

    Example::

        from lisboa_core.serialize import view_from_json
        from lisboa_core.studies.adversarial import sample_views

        assert view_from_json(sample_views(1, every=40, game="tiletum")[0]).seat == 0
    """
    return [to_json(observe(state, number % state.player_count))
            for number, state in enumerate(_positions(games, every, game))]


def sample_records(games: int = 6, game: str = "lisboa") -> list[str]:
    """Game records to tamper with: whole random games of each player count of ``game`` in
    turn, plus the same games cut short at a third and two thirds of their moves.

    Example::

        from lisboa_core import GameRecord
        from lisboa_core.studies.adversarial import sample_records

        assert GameRecord.from_json(sample_records(1)[0]).players >= 2
    """
    records = []
    counts = _game(game).players
    for seed in range(games):
        chooser = random.Random(seed)
        record = record_game(
            lambda state, chooser=chooser: chooser.choice(legal_moves(state)),  # type: ignore[misc]
            players=counts[seed % len(counts)],
            seed=seed,
            game=game,
        )
        records.append(record.to_json())
        for part in (3, 2):
            cut = attrs.evolve(record, moves=record.moves[: len(record.moves) // part],
                               final_digest=None)
            records.append(cut.to_json())
    return records


def tamper(text: str, rng: random.Random) -> tuple[str, str]:
    """``text`` (a saved state or record, JSON) with one seeded mutation.

    :param text: the JSON text to tamper with.
    :param rng: the random generator that chooses the mutation (seed it to repeat a case).
    :returns: the tampered text and a description of what was done
        (``"change state.pending[2].seat: 1 -> 5"``).

    Example::

        import random
        from lisboa_core import new_game, to_json
        from lisboa_core.studies.adversarial import tamper

        text, change = tamper(to_json(new_game(players=2, seed=1)), random.Random(5))
        print(change)  # what was changed, e.g. "state.players[1].reis: 10 -> -3"
    """
    mutation = rng.choice(MUTATIONS)
    if mutation == "truncate":
        cut = rng.randrange(len(text))
        return text[:cut], f"truncate at {cut} of {len(text)}"
    document = json.loads(text)
    strings = sorted({v for _, v in _walk(document) if isinstance(v, str)})
    if mutation == "change":
        path = _focus([p for p, _ in _walk(document) if p], rng)
        parent, key = _get(document, path[:-1]), path[-1]
        old = parent[key]
        parent[key] = _other_value(old, strings, rng)
        what = f"change {_show(path)}: {_short(old)} -> {_short(parent[key])}"
    elif mutation in ("remove-key", "add-key"):
        path = _focus(_containers(document, dict), rng)
        target = _get(document, path)
        if mutation == "remove-key":
            key = rng.choice(sorted(target))
            del target[key]
            what = f"remove-key {_show((*path, key))}"
        else:
            key = rng.choice(["extra", *strings[:20]])
            target[key] = rng.choice([0, "x", [], None])
            what = f"add-key {_show((*path, key))}"
    else:
        path = _focus(_containers(document, list), rng)
        items = _get(document, path)
        i = rng.randrange(len(items))
        if mutation == "duplicate-item":
            items.insert(i, items[i])
        elif mutation == "remove-item":
            del items[i]
        else:
            j = rng.randrange(len(items))
            items[i], items[j] = items[j], items[i]
        what = f"{mutation} {_show(path)}[{i}]"
    return json.dumps(document), what


def _show(path: Path) -> str:
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else f".{step}"
    return text.removeprefix(".")


def _short(value: Any) -> str:
    shown = json.dumps(value)
    return shown if len(shown) <= 30 else shown[:27] + "..."


def play_on(state: Any, rng: random.Random, moves: int | None = None) -> str | None:
    """Play random legal moves from ``state`` (a chance step: the outcome its generator
    draws), checking the game's invariants after each, to the end or for at most ``moves``
    moves (default: the game's ``max_decisions``); ``None`` if all went well, else what went
    wrong.

    Example::

        import random
        from lisboa_core import new_game
        from lisboa_core.studies.adversarial import play_on

        assert play_on(new_game(players=2, seed=1), random.Random(1), moves=30) is None
    """
    found = game_of(state)
    limit = found.max_decisions if moves is None else moves
    for number in range(limit):
        if is_over(state):
            return None
        try:
            if is_chance(state):
                state = apply(state, sample_chance(state))
            else:
                options = legal_moves(state)
                if not options:
                    return f"move {number}: no legal move while the game is not over"
                state = apply(state, rng.choice(options))
            problems = found.check_invariants(state)
        except Exception as err:  # any exception here is the bug being hunted
            return f"move {number}: {type(err).__name__}: {err}"
        if problems:
            return f"move {number}: invariant broken: {problems[0]}"
    if moves is None and not is_over(state):
        return f"the game is not over after {limit} decisions"
    return None


def _mask(state: Any) -> None:
    """What a learner asks of a state: the legal-move mask (:func:`legal_mask`: every legal
    move has its index in the game's action space); nothing for a game without one."""
    if is_over(state):
        return
    try:
        legal_mask(state)
    except NotImplementedError:
        return


def probe_views(state: Any, seed: int = 0) -> str | None:
    """What a search bot or a learner does with a loaded state before it plays: each seat's
    view sampled back into a whole state (:func:`~lisboa_core.determinize`), which must show
    the seat the same view, and the legal moves of the state and of each sample, each in
    the game's action space. ``None`` if all went well, else what went wrong.

    Example::

        from lisboa_core import new_game
        from lisboa_core.studies.adversarial import probe_views

        assert probe_views(new_game(players=3, seed=2)) is None
    """
    try:
        _mask(state)
        for seat in range(state.player_count):
            view = observe(state, seat)
            sample = determinize(view, seed)
            if observe(sample, seat) != view:
                return f"seat {seat}: determinize gives a state the seat sees otherwise"
            _mask(sample)
    except Exception as err:  # any exception here is the bug being hunted
        return f"views: {type(err).__name__}: {err}"
    return None


def judge_state(text: str, rng: random.Random, moves: int | None = None) -> Verdict:
    """What :func:`~lisboa_core.from_json` makes of ``text``, then of playing on.

    :param text: a (possibly tampered) saved state.
    :param rng: chooses the random moves played after loading.
    :param moves: how many moves to play after a successful load (default: to the end).

    Example::

        import random
        from lisboa_core.studies.adversarial import judge_state, sample_saves, tamper

        text, _change = tamper(sample_saves(1, every=40)[0], random.Random(2))
        assert judge_state(text, random.Random(2), moves=20).outcome in ("rejected", "playable")
    """
    try:
        state = from_json(text)
    except StateFormatError as err:
        return Verdict("rejected", str(err))
    except Exception as err:  # anything but StateFormatError is a loader bug
        return Verdict("broken", f"on load: {type(err).__name__}: {err}")
    fault = probe_views(state, rng.randrange(2**32)) or play_on(state, rng, moves)
    return Verdict("broken", fault) if fault else Verdict("playable")


def judge_record(text: str, rng: random.Random, moves: int | None = None) -> Verdict:
    """What :meth:`GameRecord.from_json` and :func:`~lisboa_core.replay` make of
    ``text``, then of playing on from where the replay stopped.

    A record whose moves no longer replay is a clean outcome too (``replay`` reports the
    first illegal move); it counts as ``"rejected"``.

    Example::

        import random
        from lisboa_core.studies.adversarial import judge_record, sample_records, tamper

        text, _change = tamper(sample_records(1)[0], random.Random(3))
        verdict = judge_record(text, random.Random(3), moves=20)
        assert verdict.outcome in ("rejected", "playable")  # never "broken"
    """
    try:
        record = GameRecord.from_json(text)
        result = replay(record)
    except StateFormatError as err:
        return Verdict("rejected", str(err))
    except Exception as err:
        return Verdict("broken", f"on load or replay: {type(err).__name__}: {err}")
    if result.failed_at is not None:
        return Verdict("rejected", result.reason or "")
    fault = probe_views(result.final, rng.randrange(2**32)) or play_on(result.final, rng, moves)
    if fault:
        return Verdict("broken", fault)
    return Verdict("rejected" if result.reason else "playable", result.reason or "")


def judge_view(text: str, rng: random.Random, moves: int | None = None) -> Verdict:
    """What :func:`~lisboa_core.serialize.view_from_json` makes of ``text``, then of what a
    search bot does with it: a whole state sampled from the view
    (:func:`~lisboa_core.determinize`), probed (:func:`probe_views`) and played on.

    :param text: a (possibly tampered) saved view.
    :param rng: chooses the sample and the random moves played after loading.
    :param moves: how many moves to play on the sample (default: to the end).

    Example::

        import random
        from lisboa_core.studies.adversarial import judge_view, sample_views, tamper

        text, _change = tamper(sample_views(1, every=40)[0], random.Random(4))
        assert judge_view(text, random.Random(4), moves=20).outcome in ("rejected", "playable")
    """
    try:
        view = view_from_json(text)
    except StateFormatError as err:
        return Verdict("rejected", str(err))
    except Exception as err:  # anything but StateFormatError is a loader bug
        return Verdict("broken", f"on load: {type(err).__name__}: {err}")
    seed = rng.randrange(2**32)
    try:
        sample = determinize(view, seed)
        if observe(sample, view.seat) != view:
            return Verdict("broken", "determinize gives a state the seat sees otherwise")
    except Exception as err:  # an accepted view must sample
        return Verdict("broken", f"determinize: {type(err).__name__}: {err}")
    fault = probe_views(sample, seed) or play_on(sample, rng, moves)
    return Verdict("broken", fault) if fault else Verdict("playable")
