"""Many games between bots, run in parallel and summarised (``lisboa simulate``), for every
game.

:func:`simulate` plays games ``seed``, ``seed + 1``, ... of a game with the named bots
(:data:`~lisboa_core.bots.basic.BOTS`) and returns one :class:`GameResult` per game, in game
order whatever the number of worker processes; :func:`summarise` turns them into wins per
bot and per seat and the mean and spread of every score category of the game.
"""

from __future__ import annotations

import multiprocessing
import statistics
import warnings
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from lisboa_core._deprecation import keyword_only, renamed_parameters
from lisboa_core.bots.basic import Bot, make_bot, play_game
from lisboa_core.errors import LisboaDeprecationWarning, LisboaError
from lisboa_core.extend import load_extensions, loaded_extensions
from lisboa_core.games import Game, chosen_game, default_game
from lisboa_core.games import game as _game
from lisboa_core.persistence.records import GameRecord
from lisboa_core.persistence.serialize import state_digest

__all__ = [
    "BotSpec",
    "GameResult",
    "Progress",
    "bot_name",
    "bot_seed",
    "make_record",
    "play_one",
    "seat_bots",
    "simulate",
    "summarise",
    "summary_text",
]


@attrs.frozen(slots=True)
class GameResult:
    """One simulated game: who played which seat and how it ended.

    ``categories[seat]`` follows the game's score categories
    (:attr:`Game.categories <lisboa_core.games.Game.categories>`; Lisboa's are R16.3's);
    ``so_far`` are the points scored before final scoring;
    ``winners`` lists every winning seat (a shared win has several); ``moves`` are in
    notation and ``digest`` is :func:`~lisboa_core.state_digest` of the final state, so a
    :class:`~lisboa_core.GameRecord` can be made from a result.

    Example::

        from lisboa_core.studies.simulation import simulate

        result = simulate(2, 1, 3, ["random"])[0]
        assert result.seed == 3 and len(result.totals) == 2 and result.winners
    """

    index: int
    seed: int
    bots: tuple[str, ...]
    so_far: tuple[int, ...]
    categories: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    turns: int
    moves: tuple[str, ...]
    digest: str
    game: str = "lisboa"


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game started from ``game_seed``.

    Example::

        from lisboa_core.studies.simulation import bot_seed

        assert bot_seed(7, 0) != bot_seed(7, 1) != bot_seed(8, 1)
    """
    return game_seed * 16 + seat


BotSpec = str | Bot | Callable[[int], Bot]
"""A bot for :func:`simulate`: a name (built-in, or ``module:name`` for a user's class or
factory, see :func:`~lisboa_core.bots.basic.make_bot`), a factory called with the bot's seed
(a class such as :class:`~lisboa_core.GreedyBot`, or a function), or a bot object used as
it is in every game (its own state then carries from game to game; prefer a factory)."""


def bot_name(spec: BotSpec) -> str:
    """The name a bot spec is reported under: the name itself, or the bot's ``name``
    attribute, or the factory's name.

    Example::

        from lisboa_core import GreedyBot
        from lisboa_core.studies.simulation import bot_name

        assert bot_name("random") == "random" and bot_name(GreedyBot) == "greedy"
    """
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    return str(getattr(spec, "__name__", type(spec).__name__))


def _make(spec: BotSpec, seed: int) -> Bot:
    if isinstance(spec, str):
        return make_bot(spec, seed)
    if callable(getattr(spec, "choose", None)) and not isinstance(spec, type):
        return spec  # type: ignore[return-value]  # a bot object, used as it is
    if callable(spec):
        return spec(seed)
    raise LisboaError(f"not a bot, a bot factory or a bot name: {spec!r}")


@renamed_parameters({"names": "bots", "game": "index"}, "0.3")
def seat_bots(bots: Sequence[Any], players: int, index: int, rotate: bool) -> tuple[Any, ...]:
    """The bot of each seat in game ``index`` of a study: the list cycles over the seats,
    shifted by one seat per game when ``rotate`` is set (so every bot plays every seat).
    (The old keyword names ``names`` and ``game`` warn until 0.3.)

    Example::

        from lisboa_core.studies.simulation import seat_bots

        assert seat_bots(["a", "b"], 3, 0, rotate=False) == ("a", "b", "a")
        assert seat_bots(["a", "b"], 3, 1, rotate=True) == ("b", "a", "b")
    """
    shift = index if rotate else 0
    return tuple(bots[(seat - shift) % len(bots)] for seat in range(players))


_WORKER_RULES: Any = None  # the catalogue of a worker process (see simulate)


def _set_worker_rules(rules: Any) -> None:
    global _WORKER_RULES
    _WORKER_RULES = rules


def play_one(job: tuple[Any, ...]) -> GameResult:
    """Play game ``index`` (seed ``seed``) with the given bots (:data:`BotSpec`), one per
    seat, with the catalogue :func:`simulate` was given: ``job`` is ``(index, seed,
    players, bots, options)``, and a sixth item names the game (default Lisboa).

    A module-level function of plain arguments, so worker processes can run it.

    Example::

        from lisboa_core.games.lisboa.state import Options
        from lisboa_core.studies.simulation import play_one

        result = play_one((0, 5, 2, ("random", "random"), Options()))
        assert result.index == 0 and result.seed == 5
    """
    index, seed, players, specs, options = job[:5]
    found = _game(job[5]) if len(job) > 5 else default_game()
    bots = [_make(spec, bot_seed(seed, seat)) for seat, spec in enumerate(specs)]
    final, moves = play_game(bots, players, seed, options=options, rules=_WORKER_RULES,
                             game=found)
    sheet = found.score(final)
    return GameResult(
        index=index,
        seed=seed,
        bots=tuple(bot_name(spec) for spec in specs),
        so_far=tuple(s.so_far for s in sheet.seats),
        categories=tuple(tuple(s.points(c) for c in found.categories) for s in sheet.seats),
        totals=tuple(s.total for s in sheet.seats),
        winners=tuple(sheet.winners),
        decisions=len(moves),
        turns=getattr(final, "turn", 0),
        moves=tuple(str(m) for m in moves),
        digest=state_digest(final),
        game=found.name,
    )


class Progress:
    """A one-line progress bar on a text stream, drawn by ``tqdm``.

    ``update()`` counts finished items; ``close()`` draws the final bar and ends the line
    (tqdm pads each redraw, so a shorter line leaves nothing of a longer one behind).

    Example::

        import io
        from lisboa_core.studies.simulation import Progress

        stream = io.StringIO()
        bar = Progress(2, "games", stream)
        bar.update()
        bar.update()
        bar.close()
        assert "2/2 games" in stream.getvalue()
    """

    def __init__(self, total: int, label: str, stream: TextIO, width: int = 30) -> None:
        from tqdm import tqdm  # type: ignore[import-untyped]  # only bars need it

        self._bar = tqdm(
            total=total, file=stream, ascii=".#", mininterval=0.1, leave=True,
            bar_format="[{bar:" + str(width) + "}] {n_fmt}/{total_fmt} " + label
            + " ({elapsed}<{remaining})",
        )

    def update(self, count: int = 1) -> None:
        """Count ``count`` more finished items."""
        self._bar.update(count)

    def close(self) -> None:
        """Draw the final bar and end the line."""
        self._bar.close()


def simulate(
    players: int,
    games: int,
    seed: int,
    bots: Sequence[BotSpec] | None = None,
    *,
    jobs: int = 1,
    rotate: bool | None = None,
    options: Any = None,
    on_result: Callable[[GameResult], None] | None = None,
    rules: Any = None,
    backend: str = "processes",
    ray_address: str | None = None,
    game: str | Game | None = None,
    names: Sequence[BotSpec] | None = None,
) -> list[GameResult]:
    """Play ``games`` games between the bots; game ``i`` uses seed ``seed + i``.

    The results come back in game order whatever ``jobs`` (worker processes), and each game
    depends only on its own seed, so the same arguments give the same results.
    ``on_result`` is called as each result arrives (in order). The arguments are named as
    :func:`~lisboa_core.studies.balance.compare`'s.

    :param bots: the bots (:data:`BotSpec`: names, ``module:name``, factories or bot
        objects), cycled over the seats. With ``jobs`` above 1 they travel to the worker
        processes, so factories must be importable (module-level classes or functions).
    :param rotate: shift the bots a seat each game, so every bot sits everywhere. Left
        out, it is off until 0.3 and then on, as in
        :func:`~lisboa_core.studies.balance.compare`; bots that differ by seat warn of
        the change until then (pass ``rotate`` to choose).
    :param options: the rule variants (default: the game's default variants).
    :param rules: the Rules to play with (default: the game's shipped one), e.g. a card
        author's ``load_rules("my_cards/")``.
    :param backend: ``"processes"`` (local worker processes, the default) or ``"ray"``
        (Ray tasks: a local Ray with ``jobs`` CPUs, or the cluster at ``ray_address``;
        extra ``lisboa_core[ray]``). The results are the same whatever the backend.
    :param game: the game (a name of :func:`lisboa_core.games.games`; default: the game of
        ``rules``, else Lisboa). A game registered at run time (not installed) travels to
        worker processes by name: its module must be importable there.
    :param names: the old name of ``bots`` (deprecated, removed in 0.3).

    Example::

        from lisboa_core import GreedyBot, load_rules
        from lisboa_core.studies.simulation import simulate

        results = simulate(2, 2, 7, [GreedyBot, "random"], rotate=False, rules=load_rules())
        assert [r.bots for r in results] == [("greedy", "random")] * 2
    """
    if names is not None:
        warnings.warn("simulate(names=...) is deprecated and will be removed in lisboa_core "
                      "0.3; use bots (as compare does)", LisboaDeprecationWarning,
                      stacklevel=2)
        if bots is not None:
            raise TypeError("simulate(): give bots only")
        bots = names
    if not bots:
        raise LisboaError("simulate(): name at least one bot")
    if rotate is None:
        if len({bot_name(spec) for spec in bots}) > 1:
            warnings.warn("simulate()'s rotate default becomes True in lisboa_core 0.3, as "
                          "compare()'s is; pass rotate=False to keep each bot on its seat",
                          LisboaDeprecationWarning, stacklevel=2)
        rotate = False
    for spec in bots:
        if isinstance(spec, str):
            make_bot(spec)  # unknown names fail before any process starts
    if backend not in ("processes", "ray"):
        raise LisboaError(f"simulate(): backend must be 'processes' or 'ray', not {backend!r}")
    found = chosen_game(game, rules)
    if players not in found.players:
        counts = found.player_counts()
        raise LisboaError(f"simulate(): {found.title} is played by {counts} players, "
                          f"not {players}")
    chosen = options if options is not None else found.default_options()
    work = [
        (i, seed + i, players, seat_bots(tuple(bots), players, i, rotate), chosen)
        + (() if found.unnamed else (found.name,))
        for i in range(games)
    ]
    if backend == "ray":
        from lisboa_core.studies.ray_backend import play_on_ray

        return play_on_ray(work, rules, jobs, ray_address, on_result, found,
                           loaded_extensions())
    results: list[GameResult] = []
    if jobs <= 1 or games <= 1:
        previous = _WORKER_RULES
        _set_worker_rules(rules)
        try:
            for job in work:
                results.append(play_one(job))
                if on_result:
                    on_result(results[-1])
        finally:
            _set_worker_rules(previous)
        return results
    with multiprocessing.Pool(min(jobs, games), initializer=_set_worker_process,
                              initargs=(rules, found, loaded_extensions())) as pool:
        for result in pool.imap(play_one, work, chunksize=1):
            results.append(result)
            if on_result:
                on_result(result)
    return results


def _set_worker_process(rules: Any, found: Game, extensions: Sequence[str] = ()) -> None:
    """A worker's catalogue, its game known by name (a game registered at run time
    arrives pickled by name and is looked up, or imported, there), and the extensions the
    parent loaded (a spawned worker has not imported them: the effects of its cards would
    be unknown)."""
    load_extensions(extensions)
    _set_worker_rules(rules)
    del found  # unpickling it registered it


def _mean_sd(values: Sequence[float]) -> dict[str, float]:
    mean = statistics.fmean(values) if values else 0.0
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return {"mean": round(mean, 4), "sd": round(sd, 4)}


def summarise(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """The summary of a simulation as plain JSON values.

    ``wins_by_bot``: seat-games played, wins (a win shared by k seats counts 1/k for each)
    and the win rate per seat-game; ``wins_by_seat`` likewise per seat; ``score_by_bot``:
    mean and sample standard deviation of every score category of the game, the points
    before final scoring (``so_far``) and the ``total``; ``decisions`` and ``turns``: game
    lengths. A game other than Lisboa is named (``game``).

    Example::

        from lisboa_core.studies.simulation import simulate, summarise

        summary = summarise(simulate(2, 2, 1, ["random"]), 2)
        assert summary["wins_by_bot"]["random"]["wins"] == 2  # a shared win counts 1/k each
    """
    names = sorted({name for r in results for name in r.bots})
    seat_games = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0.0)
    seat_wins = [0.0] * players
    found = _game(results[0].game if results else "lisboa")
    columns = ("so_far", *found.categories, "total")
    samples: dict[str, dict[str, list[float]]] = {n: {c: [] for c in columns} for n in names}
    for r in results:
        for seat, name in enumerate(r.bots):
            seat_games[name] += 1
            values = (r.so_far[seat], *r.categories[seat], r.totals[seat])
            for column, value in zip(columns, values, strict=True):
                samples[name][column].append(value)
        for seat in r.winners:
            wins[r.bots[seat]] += 1 / len(r.winners)
            seat_wins[seat] += 1 / len(r.winners)
    games = len(results)
    named = {} if found.unnamed else {"game": found.name}
    return {
        **named,
        "games": games,
        "players": players,
        "seeds": [r.seed for r in results],
        "wins_by_bot": {
            n: {
                "seat_games": seat_games[n],
                "wins": round(wins[n], 4),
                "win_rate": round(wins[n] / seat_games[n], 4) if seat_games[n] else 0.0,
            }
            for n in names
        },
        "wins_by_seat": [
            {"seat": s, "wins": round(w, 4), "win_rate": round(w / games, 4) if games else 0.0}
            for s, w in enumerate(seat_wins)
        ],
        "score_by_bot": {n: {c: _mean_sd(samples[n][c]) for c in columns} for n in names},
        "decisions": _mean_sd([r.decisions for r in results]),
        "turns": _mean_sd([r.turns for r in results]),
    }


@renamed_parameters({"names": "bots"}, "0.3")
def summary_text(summary: dict[str, Any], bots: Sequence[str], rotate: bool) -> str:
    """The summary as tables for the terminal (``bots``: the bots' names as given to
    :func:`simulate`; the old keyword ``names`` warns until 0.3).

    Example::

        from lisboa_core.studies.simulation import simulate, summarise, summary_text

        bots = ["random"]
        print(summary_text(summarise(simulate(2, 2, 1, bots), 2), bots, rotate=False))
    """
    games = summary["games"]
    seeds = summary["seeds"]
    found = _game(summary["game"]) if "game" in summary else default_game()
    span = f"seeds {seeds[0]}-{seeds[-1]}" if seeds else "no games"
    title = "" if found.unnamed else f"{found.title}: "
    lines = [
        f"{title}{games} game(s) of {summary['players']} players, {span}; bots "
        f"{','.join(bots)}{' (rotated each game)' if rotate else ''}",
        "",
        f"{'bot':<12}{'seat-games':>11}{'wins':>9}{'win rate':>10}",
    ]
    for name, row in summary["wins_by_bot"].items():
        lines.append(
            f"{name:<12}{row['seat_games']:>11}{row['wins']:>9.2f}{row['win_rate']:>9.1%}"
        )
    lines += ["", f"{'seat':<12}{'wins':>9}{'win rate':>10}"]
    for row in summary["wins_by_seat"]:
        lines.append(f"{row['seat']:<12}{row['wins']:>9.2f}{row['win_rate']:>9.1%}")
    bots = list(summary["score_by_bot"])
    # Lisboa's category names fit 12 characters; a longer one widens the column.
    width = max(12, *(len(c) + 1 for c in found.categories))
    lines += ["", f"{found.points_name} per seat-game, mean (sd):",
              f"{'category':<{width}}" + "".join(f"{name:>17}" for name in bots)]
    for column in ("so_far", *found.categories, "total"):
        stats = [summary["score_by_bot"][n][column] for n in bots]
        cells = "".join(f"{c['mean']:>9.2f} ({c['sd']:>5.2f})" for c in stats)
        lines.append(f"{column.replace('_', ' '):<{width}}{cells}")
    d, t = summary["decisions"], summary["turns"]
    length = f"game length: {d['mean']:.1f} decisions (sd {d['sd']:.1f})"
    if "turn" in getattr(found.state_type, "FIELDS", ("turn",)):  # a game without turns
        length += f", {t['mean']:.1f} turns (sd {t['sd']:.1f})"  # leaves them out
    lines += ["", length]
    return "\n".join(lines)


@keyword_only(("options", "moves", "final", "names", "rules", "game"), "0.3")
def make_record(
    players: int,
    seed: int,
    *,
    moves: Sequence[str],
    final: Any,
    options: Any = None,
    names: Sequence[str] = (),
    rules: Any = None,
    game: str | Game | None = None,
) -> GameRecord:
    """The :class:`~lisboa_core.GameRecord` of a simulated game.

    :param players: number of seats.
    :param seed: the game's seed.
    :param moves: every move so far, in notation.
    :param final: the last state reached, or its :func:`~lisboa_core.state_digest`.
    :param options: the game's rule variants (default: the game's default variants).
    :param names: the seats' names (bots or people), by seat.
    :param rules: the catalogue the game was played with (default: the shipped one); the
        record carries its digest, and replaying with another catalogue is refused.
    :param game: the game (default: the game of ``rules``, else Lisboa).

    Every parameter after ``seed`` is keyword-only; the old positional form
    (``make_record(players, seed, options, moves, final, ...)``) still works until 0.3,
    with a ``LisboaDeprecationWarning``.

    Example::

        from lisboa_core import replay
        from lisboa_core.studies.simulation import make_record, simulate

        result = simulate(2, 1, 3, ["random"])[0]
        record = make_record(2, result.seed, moves=result.moves, final=result.digest,
                             names=result.bots)
        assert replay(record).ok
    """
    found = chosen_game(game, rules)
    return GameRecord(
        game=found.name,
        catalogue=(rules if rules is not None else found.load_rules()).digest,
        players=players,
        seed=seed,
        options=options if options is not None else found.default_options(),
        moves=tuple(moves),
        final_digest=final if isinstance(final, str) else state_digest(final),
        names=tuple(names),
    )
