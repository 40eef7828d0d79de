"""One conformance suite for every game (issue 22): what any registered game, a third-party
one included, must satisfy to be served by the library's shared surfaces, in the spirit of
OpenSpiel's generic game tests. A game gets all of it by registering.

Each check takes the game's name and a seed, plays real games through the public API and
raises :class:`ConformanceError` naming what broke, at which decision. The suite:

* :func:`check_random_play`: random games of every player count end within
  ``max_decisions``, every state keeps the game's invariants, every offered move applies;
* :func:`check_determinism`: one seed, one game (the same moves, the same digests);
* :func:`check_illegal_moves`: a move that is not legal raises ``IllegalMoveError`` with a
  reason and leaves the state as it was;
* :func:`check_hints`: the game's lookahead hints offer exactly the moves of the bare
  search;
* :func:`check_saves`: every state and every seat's view round-trips through JSON;
* :func:`check_views`: a view never depends on what its seat cannot see (views of
  different determinizations agree) and a determinized state is playable;
* :func:`check_events`: the events of every move are JSON-ready and read back;
* :func:`check_records`: a recorded game replays to the same final digest;
* :func:`check_simulations`: simulations give the same results in one process and in two;
* :func:`check_tampering`: tampered saves, views and records are refused with a typed
  error, or load and play to the end with the invariants holding.

:data:`CHECKS` lists them. With the extras installed, for a game the AI adapters serve
(:func:`lisboa_core.envs.adapted_games`: it supplies ``action_space``, ``encode`` and
``observation_size``), the frameworks' own tests run too (:func:`adapter_checks`):

* :func:`check_pettingzoo`: PettingZoo's ``api_test`` at the fewest and the most players
  and its ``seed_test`` (extra ``[rl]``);
* :func:`check_openspiel`: OpenSpiel's ``random_sim_test`` with serialisation on the
  registered ``python_<name>`` game, the deal drawn at chance nodes and a fixed deal
  (extra ``[openspiel]``);

and on request :func:`check_ray`: the same simulation results on Ray as in one process
(extra ``[ray]``). :func:`check_game` runs them all and returns the names of the checks it
ran. The test suite runs every check on every installed game, the toy game of its tests
included (``tests/test_conformance.py``), in both builds.

Example::

    from lisboa_core.games.conformance import CHECKS, check_game

    ran = check_game("puerto-rico", seed=1, games=1, adapters=False)
    assert "check_saves" in ran == [check.__name__ for check in CHECKS]
"""

from __future__ import annotations

import importlib.util
import json
import math
import random
import warnings
from collections.abc import Callable
from typing import Any

from lisboa_core.core.moves import Move
from lisboa_core.errors import IllegalMoveError, LisboaError
from lisboa_core.games import Game, game
from lisboa_core.games.play import (
    apply,
    chance_outcomes,
    is_chance,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    random_move,
    sample_chance,
)
from lisboa_core.persistence.records import record_game, replay
from lisboa_core.persistence.serialize import from_json, state_digest, to_json, view_from_json

__all__ = [
    "CHECKS",
    "ConformanceError",
    "adapter_checks",
    "check_determinism",
    "check_events",
    "check_game",
    "check_hints",
    "check_illegal_moves",
    "check_openspiel",
    "check_pettingzoo",
    "check_random_play",
    "check_ray",
    "check_records",
    "check_saves",
    "check_simulations",
    "check_tampering",
    "check_views",
]


class ConformanceError(LisboaError):
    """A game broke a conformance check: the message names the check, the game, the
    player count and seed, and the decision where it broke."""


def _fail(check: str, found: Game, players: int, seed: int, step: int, what: str) -> None:
    raise ConformanceError(
        f"{check}: {found.name} ({players} players, seed {seed}) at decision {step}: {what}"
    )


def _walk(found: Game, players: int, seed: int) -> list[Any]:
    """The states of one random game, first to last."""
    chooser = random.Random(seed)
    state = new_game(players=players, seed=seed, game=found.name)
    states = [state]
    while not is_over(state):
        if len(states) > found.max_decisions:
            _fail("random play", found, players, seed, len(states),
                  f"no end after max_decisions={found.max_decisions}")
        state = apply(state, random_move(state, chooser))
        states.append(state)
    return states


def check_random_play(name: str, seed: int = 0, games: int = 1) -> None:
    """Random games of every player count end within the game's ``max_decisions``; each
    state keeps the game's invariants (:meth:`Game.check_invariants`), has a seat to act
    until the end, and offers only moves that apply. A game declared without chance
    (:attr:`Game.chance <lisboa_core.games.Game.chance>` false) never reaches a chance
    step. At a chance step the outcomes are the moves offered, their probabilities are
    positive and sum to 1, and
    :func:`~lisboa_core.sample_chance` picks one of them, the same each time; elsewhere
    there are no chance outcomes.

    :raises ConformanceError: naming the first broken state.
    """
    found = game(name)
    for players in found.players:
        for index in range(games):
            run = seed + index
            for step, state in enumerate(_walk(found, players, run)):
                problems = found.check_invariants(state)
                if problems:
                    _fail("invariants", found, players, run, step, "; ".join(problems[:3]))
                if is_over(state):
                    continue
                moves = legal_moves(state)
                if not moves or state.to_act is None:
                    _fail("random play", found, players, run, step, "no legal move, no end")
                _check_chance(found, players, run, step, state, moves)
                apply(state, random.Random(run + step).choice(moves))


def _check_chance(found: Game, players: int, run: int, step: int, state: Any,
                  moves: tuple[Any, ...]) -> None:
    """A chance step's outcomes are its moves, with probabilities summing to 1."""
    outcomes = chance_outcomes(state)
    if is_chance(state) and not found.chance:
        _fail("chance", found, players, run, step, "a chance step, though the game is "
              "declared without chance (Game.chance)")
    if not is_chance(state):
        if outcomes:
            _fail("chance", found, players, run, step, "chance outcomes at a decision")
        return
    total = sum(p for _, p in outcomes)
    if tuple(m for m, _ in outcomes) != moves or not math.isclose(total, 1.0) or any(
            p <= 0 for _, p in outcomes):
        _fail("chance", found, players, run, step,
              f"the outcomes are not the moves offered with probabilities summing to 1 "
              f"(sum {total})")
    if sample_chance(state) not in moves or sample_chance(state) != sample_chance(state):
        _fail("chance", found, players, run, step, "sample_chance drew no outcome, or two")


def check_determinism(name: str, seed: int = 0, games: int = 1) -> None:
    """The same seed gives the same game: the same moves offered and the same digests."""
    found = game(name)
    players = found.players[len(found.players) // 2]
    for index in range(games):
        run = seed + index
        first = _walk(found, players, run)
        again = _walk(found, players, run)
        if [state_digest(s) for s in first] != [state_digest(s) for s in again]:
            _fail("determinism", found, players, run, 0, "one seed gave two games")


def check_illegal_moves(name: str, seed: int = 0, games: int = 1) -> None:
    """At sampled decisions, a move offered at another decision but not here raises
    ``IllegalMoveError`` with a reason, and the state is unchanged."""
    found = game(name)
    players = found.players[0]
    for index in range(games):
        run = seed + index
        states = _walk(found, players, run)
        offered = {m for s in states[:-1] for m in legal_moves(s)}
        for step, state in enumerate(states[:-1:7]):
            legal = set(legal_moves(state))
            strangers = sorted((m for m in offered - legal), key=str)[:3]
            before = state_digest(state)
            for move in strangers:
                try:
                    apply(state, move)
                except IllegalMoveError as err:
                    if not str(err):
                        _fail("illegal moves", found, players, run, step * 7, "no reason given")
                else:
                    _fail("illegal moves", found, players, run, step * 7,
                          f"{move} was applied though not legal")
            if state_digest(state) != before:
                _fail("illegal moves", found, players, run, step * 7, "the state changed")


def check_saves(name: str, seed: int = 0, games: int = 1) -> None:
    """The states of random games (every third, the last included), and every seat's view
    of every fifteenth, read back equal from the JSON they write
    (``from_json(to_json(s)) == s``)."""
    found = game(name)
    for players in found.players:
        for index in range(games):
            run = seed + index
            states = _walk(found, players, run)
            for step, state in enumerate(states):
                if step % 3 and step != len(states) - 1:
                    continue
                if from_json(to_json(state)) != state:
                    _fail("saves", found, players, run, step, "the state did not round-trip")
                if step % 15 == 0 and found.hidden_information:
                    for seat in range(players):
                        view = found.observe(state, seat)
                        if view_from_json(to_json(view)) != view:
                            _fail("saves", found, players, run, step,
                                  f"seat {seat}'s view did not round-trip")


def check_views(name: str, seed: int = 0, games: int = 1) -> None:
    """A seat's view hides what the seat cannot see: two determinizations of its view (the
    hidden pieces sampled with different seeds) are seen the same by that seat, and each
    is a playable state offering the seat's own decision unchanged. A game declared without
    hidden information (:attr:`Game.hidden_information
    <lisboa_core.games.Game.hidden_information>` false) is fully seen: every seat's view
    holds the whole state."""
    found = game(name)
    if not found.hidden_information:
        for players in found.players:
            for step, state in enumerate(_walk(found, players, seed)[::9]):
                for seat in range(players):
                    if found.observe(state, seat).state != state:
                        _fail("views", found, players, seed, step * 9, f"seat {seat} does "
                              "not see everything, though the game is declared without "
                              "hidden information")
        return
    for players in found.players:
        for index in range(games):
            run = seed + index
            for step, state in enumerate(_walk(found, players, run)[::9]):
                for seat in range(players):
                    view = found.observe(state, seat)
                    one, two = found.determinize(view, run), found.determinize(view, run + 1)
                    if found.observe(one, seat) != view or found.observe(two, seat) != view:
                        _fail("views", found, players, run, step * 9,
                              f"a determinization of seat {seat}'s view looks different")
                    if state.to_act == seat and legal_moves(one) != legal_moves(state):
                        _fail("views", found, players, run, step * 9,
                              f"seat {seat}'s own decision changed under determinize")


def check_events(name: str, seed: int = 0, games: int = 1) -> None:
    """The events of every move are JSON-ready, start with the move played, and read
    back equal from their dictionaries."""
    from lisboa_core.events import apply_with_events, event_from_dict

    found = game(name)
    players = found.players[-1]
    for index in range(games):
        run = seed + index
        states = _walk(found, players, run)
        chooser = random.Random(run)
        for step, state in enumerate(states[:-1:3]):
            move = random_move(state, chooser)
            _after, events = apply_with_events(state, move)
            if not events or events[0].kind != "move":
                _fail("events", found, players, run, step * 3, "no move event first")
            for event in events:
                data = json.loads(json.dumps(event.to_dict()))
                if event_from_dict(data) != event:
                    _fail("events", found, players, run, step * 3,
                          f"a {event.kind} event did not read back")


def check_hints(name: str, seed: int = 0, games: int = 1) -> None:
    """The game's hints (judges, verdicts, bounds that shorten the lookahead) never change
    what is legal: at every fifth decision of random games at the fewest players, the
    moves offered are those of the bare search (``SWITCHES.shortcuts`` off)."""
    from lisboa_core.core.replace import replace
    from lisboa_core.core.stack import SWITCHES

    def offered(state: Any, shortcuts: bool) -> list[str]:
        fresh = replace(state)  # a new object: no answer cached for it
        SWITCHES.shortcuts = shortcuts
        try:
            return [str(m) for m in legal_moves(fresh)]
        finally:
            SWITCHES.shortcuts = True

    found = game(name)
    players = found.players[0]
    for index in range(games):
        run = seed + index
        for step, state in enumerate(_walk(found, players, run)[:-1:5]):
            hinted, bare = offered(state, True), offered(state, False)
            if hinted != bare:
                extra = sorted(set(hinted) - set(bare))[:3]
                lost = sorted(set(bare) - set(hinted))[:3]
                _fail("hints", found, players, run, step * 5,
                      f"the hints offer {extra} beyond the bare search and drop {lost}")


def _random_chooser(seed: int) -> Callable[[Any], Move]:
    chooser = random.Random(seed)

    def choose(state: Any) -> Move:
        return random_move(state, chooser)

    return choose


def check_records(name: str, seed: int = 0, games: int = 1) -> None:
    """A random game recorded, written as JSON, read back and replayed ends in the same
    state (the same digest)."""
    from lisboa_core.persistence.records import GameRecord

    found = game(name)
    for players in found.players:
        for index in range(games):
            run = seed + index
            record = record_game(_random_chooser(run), players=players, seed=run,
                                 game=found.name)
            again = GameRecord.from_json(record.to_json())
            result = replay(again)
            if not result.ok or not is_over(result.final):
                _fail("records", found, players, run, len(record.moves), "did not replay")
            state = new_game(players=players, seed=run, game=found.name)
            for text in record.moves:
                state = apply(state, parse_move(state, text))
            if state_digest(state) != state_digest(result.final):
                _fail("records", found, players, run, len(record.moves),
                      "the replay ended elsewhere than the moves played")


def check_simulations(name: str, seed: int = 0, games: int = 2) -> None:
    """A simulation gives the same results (digests, totals, winners) in one process and
    split over two."""
    from lisboa_core.studies.simulation import simulate

    found = game(name)
    players = found.players[0]
    bots = ["random"] * players
    one = simulate(players, games, seed, bots, game=found.name)
    two = simulate(players, games, seed, bots, jobs=2, game=found.name)
    key = [(r.digest, r.totals, r.winners) for r in one]
    if key != [(r.digest, r.totals, r.winners) for r in two]:
        _fail("simulations", found, players, seed, 0, "--jobs 2 changed the results")


TAMPERED = 20
"""The tampered saves, views and records :func:`check_tampering` judges per kind and per
game asked for (``make tamper`` runs 10,000 of each)."""


def check_tampering(name: str, seed: int = 0, games: int = 1) -> None:
    """Tampered saves, seat views (for a game with hidden information) and game records,
    each changed once by :func:`~lisboa_core.studies.adversarial.tamper` from positions of
    random games: every one is refused with a
    :class:`~lisboa_core.errors.StateFormatError` (a record: or stops at the first move
    that no longer replays), or loads and plays random games to the end with the
    invariants holding (:mod:`lisboa_core.studies.adversarial`). :data:`TAMPERED` cases of
    each kind per game asked for, seeded by ``seed``."""
    from lisboa_core.studies import adversarial as a

    found = game(name)
    count = len(found.players) * games
    kinds: list[tuple[str, list[str], Callable[..., Any]]] = [
        ("save", a.sample_saves(count, every=29, game=found.name), a.judge_state),
        ("record", a.sample_records(count, game=found.name), a.judge_record),
    ]
    if found.hidden_information:
        kinds.insert(1, ("view", a.sample_views(count, every=37, game=found.name),
                         a.judge_view))
    for kind, sources, judge in kinds:
        for case in range(TAMPERED * games):
            rng = random.Random(f"{seed}:{kind}:{case}")
            text, change = a.tamper(rng.choice(sources), rng)
            verdict = judge(text, rng)
            if verdict.outcome == "broken":
                raise ConformanceError(
                    f"tampering: {found.name}: a tampered {kind} ({change}; case {case}, "
                    f"seed {seed}) was accepted, then broke: {verdict.detail}")


CHECKS: tuple[Callable[..., None], ...] = (
    check_random_play,
    check_determinism,
    check_illegal_moves,
    check_hints,
    check_saves,
    check_views,
    check_events,
    check_records,
    check_simulations,
    check_tampering,
)
"""Every conformance check, in the order :func:`check_game` runs them."""


def _counts(found: Game) -> tuple[int, ...]:
    """The fewest and the most players (one count if the game has one)."""
    return tuple(sorted({found.players[0], found.players[-1]}))


def _framework(check: str, found: Game, players: int, seed: int, err: Exception) -> None:
    raise ConformanceError(
        f"{check}: {found.name} ({players} players, seed {seed}): "
        f"{type(err).__name__}: {err}"
    ) from err


def check_pettingzoo(name: str, seed: int = 0, games: int = 1) -> None:
    """PettingZoo's own ``api_test`` on the game's environment
    (:func:`lisboa_core.envs.pettingzoo.env`) at the fewest and the most players, and its
    ``seed_test`` (the same seed, the same games) at the middle count. Needs the ``[rl]``
    extra and a game :func:`~lisboa_core.envs.adapted_games` lists."""
    from pettingzoo.test import api_test, seed_test

    from lisboa_core.envs.pettingzoo import env

    found = game(name)
    for players in _counts(found):
        try:
            with warnings.catch_warnings():
                # A dict observation with an action mask is PettingZoo's own convention for
                # board games; api_test still suggests a plain Box for every environment.
                warnings.filterwarnings("ignore", "Observation space for each agent probably")
                warnings.filterwarnings("ignore", "Observation is not a NumPy array")
                api_test(env(players=players, game=found.name), num_cycles=200)
        except Exception as err:  # api_test reports by any exception
            _framework("pettingzoo api_test", found, players, seed, err)
    players = found.players[len(found.players) // 2]
    try:
        seed_test(lambda: env(players=players, game=found.name), num_cycles=60)
    except Exception as err:
        _framework("pettingzoo seed_test", found, players, seed, err)


def check_openspiel(name: str, seed: int = 0, games: int = 1) -> None:
    """OpenSpiel's own ``random_sim_test`` with serialisation on the game registered as
    ``python_<name>`` (:func:`lisboa_core.envs.openspiel.register`): at the fewest players
    with the deal drawn at chance nodes, at the most with the fixed deals ``seed``,
    ``seed + 1``, ... (``games`` simulations each). Needs the ``[openspiel]`` extra and a
    game :func:`~lisboa_core.envs.adapted_games` lists."""
    import pyspiel

    from lisboa_core.envs.openspiel import register

    found = game(name)
    short = register(found)
    for players, deal in ((found.players[0], -1), (found.players[-1], seed)):
        for index in range(games):
            params = {"players": players, "seed": deal if deal < 0 else deal + index}
            try:
                pyspiel.random_sim_test(pyspiel.load_game(short, params), num_sims=1,
                                        serialize=True, verbose=False)
            except Exception as err:  # OpenSpiel raises its own kinds
                _framework(f"openspiel random_sim_test {short}", found, players,
                           params["seed"], err)


def check_ray(name: str, seed: int = 0, games: int = 2) -> None:
    """A simulation on Ray gives the same results (digests, totals, winners) as in one
    process. Uses the running Ray if there is one (``ray.init`` once per session), else
    starts a local one for the call. Needs the ``[ray]`` extra; a game registered at run
    time must be importable by name on the workers."""
    from lisboa_core.studies.simulation import simulate

    found = game(name)
    players = found.players[0]
    bots = ["random"] * players
    one = simulate(players, games, seed, bots, game=found.name)
    on_ray = simulate(players, games, seed, bots, jobs=2, backend="ray", game=found.name)
    key = [(r.digest, r.totals, r.winners) for r in one]
    if key != [(r.digest, r.totals, r.winners) for r in on_ray]:
        _fail("ray", found, players, seed, 0, "the Ray backend changed the results")


def _installed(*modules: str) -> bool:
    try:
        return all(importlib.util.find_spec(module) is not None for module in modules)
    except ImportError:  # a finder may refuse outright (a module hidden or broken)
        return False


def adapter_checks(name: str) -> tuple[Callable[..., None], ...]:
    """The frameworks' checks that can run on this game here: :func:`check_pettingzoo`
    with the ``[rl]`` extra, :func:`check_openspiel` with ``[openspiel]``, for a game the
    adapters serve (:func:`~lisboa_core.envs.adapted_games`); none otherwise."""
    from lisboa_core.envs import adapted_games

    if game(name).name not in adapted_games():
        return ()
    found: list[Callable[..., None]] = []
    if _installed("numpy", "gymnasium", "pettingzoo"):
        found.append(check_pettingzoo)
    if _installed("numpy", "pyspiel"):
        found.append(check_openspiel)
    return tuple(found)


def check_game(name: str, seed: int = 0, games: int = 1, *, adapters: bool = True,
               ray: bool = False) -> list[str]:
    """Run every check of :data:`CHECKS` on the game called ``name``; with ``adapters``,
    also the frameworks' checks installed here (:func:`adapter_checks`); with ``ray``,
    :func:`check_ray`. Returns the names of the checks run, in order.

    :raises ConformanceError: at the first broken check.
    :raises LisboaError: if ``ray`` is asked for without Ray installed.
    """
    run: list[Callable[..., None]] = list(CHECKS)
    if adapters:
        run += adapter_checks(name)
    if ray:
        if not _installed("ray"):
            raise LisboaError("check_game(ray=True) needs Ray: pip install 'lisboa_core[ray]'")
        run.append(check_ray)
    for check in run:
        check(name, seed, games)
    return [check.__name__ for check in run]
