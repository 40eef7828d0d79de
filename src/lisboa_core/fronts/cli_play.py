"""``lisboa simulate`` (many games between bots, summarised; the work is done by
:mod:`lisboa_core.studies.simulation`) and ``lisboa play`` (a person plays one seat in the terminal
against bots).

Both are built on the public API only: :func:`~lisboa_core.bots.basic.play_game`,
the game's :meth:`~lisboa_core.games.Game.observe`, ``legal_moves``, ``apply``,
``parse_move``, ``explain_illegal`` and ``score``, so both play every registered game
(``--game``). :func:`add_parsers` registers the two commands on the
``lisboa`` command line (:mod:`lisboa_core.fronts.cli`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lisboa_core._deprecation import moved
from lisboa_core.api import explain_illegal, legal_moves, parse_move
from lisboa_core.bots.basic import BOTS, Bot, make_bot
from lisboa_core.core.moves import Move
from lisboa_core.errors import IllegalMoveError, LisboaError
from lisboa_core.fronts.cli_args import (
    at_least,
    chosen_options,
    load_catalogue,
    rule_options,
    whole_number,
)
from lisboa_core.fronts.cli_balance import ray_backend, ray_option
from lisboa_core.fronts.score_sheet import sheet_text
from lisboa_core.games import Game
from lisboa_core.games import game as _game
from lisboa_core.match import Match
from lisboa_core.persistence.records import GameRecord
from lisboa_core.studies.simulation import (
    GameResult,
    Progress,
    bot_seed,
    make_record,
    simulate,
    summarise,
    summary_text,
)

__all__ = ["add_parsers", "play_session"]


# --- simulate ------------------------------------------------------------------------------

def _bot_names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise LisboaError("--bots needs at least one bot name")
    for name in names:
        make_bot(name)
    return names


def _rules(args: argparse.Namespace, found: Game) -> Any:
    """The catalogue of ``--cards`` and ``--overlay`` (None: the game's shipped one), with
    the overlay's warnings on standard error as every command that reads cards prints them."""
    if not args.paths and not args.overlay:
        return None
    return load_catalogue(args, found)


def _simulate_command(args: argparse.Namespace) -> int:
    names = _bot_names(args.bots)
    found = _game(args.game)
    rules = _rules(args, found)
    options = chosen_options(args, found)
    progress = None
    if not args.quiet and (args.progress or sys.stderr.isatty()):
        progress = Progress(args.games, "games", sys.stderr)
    records_dir = Path(args.records) if args.records else None
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)

    def arrived(result: GameResult) -> None:
        if progress is not None:
            progress.update()
        if records_dir is not None:
            target = records_dir / f"game-{result.index:05d}-seed-{result.seed}.json"
            record = make_record(
                args.players, result.seed, options=options, moves=result.moves,
                final=result.digest, names=result.bots, rules=rules, game=found,
            )
            record.save(target)

    started = time.monotonic()
    backend, address = ray_backend(args)
    results = simulate(
        args.players, args.games, args.seed, names,
        jobs=args.jobs, rotate=args.rotate, options=options, on_result=arrived, rules=rules,
        backend=backend, ray_address=address, game=found,
    )
    if progress is not None:
        progress.close()
    summary = summarise(results, args.players)
    if args.json:
        print(json.dumps({"bots": names, "rotate": args.rotate, **summary}, indent=1))
    else:
        print(summary_text(summary, names, args.rotate))
    if not args.quiet:
        elapsed = time.monotonic() - started
        print(f"simulated {len(results)} game(s) in {elapsed:.1f} s", file=sys.stderr)
    return 0


# --- play ----------------------------------------------------------------------------------


HELP = """commands:
  N or MOVE      play legal move number N, or the move written in notation
  show ID        the text of a card, tile or other component (by its id)
  explain MOVE   why MOVE is illegal now (or that it is legal)
  board          show the position again
  undo           take back your last move (and the bots' moves after it)
  save FILE      save the game so far (`lisboa play --resume FILE` goes on with it)
  quit           stop playing"""


def _probe(text: str) -> Move:
    """A move read from text without checking it is legal (numbers become integers)."""
    words = text.split()
    args = tuple(int(w) if w.lstrip("-").isdigit() else w for w in words[1:])
    return Move(words[0] if words else "", args)


def _said(match: Match, move: Move) -> str:
    """A move as the person reads it: its description, then its notation when the words do
    not start with it (so it can be typed)."""
    words = match.describe(move)
    return words if words.startswith(str(move)) else f"{words}  [{move}]"


def play_session(
    players: int,
    seat: int,
    bots: Sequence[Bot],
    seed: int = 0,
    options: Any = None,
    rules: Any = None,
    game: str | Game = "lisboa",
    *,
    match: Match | None = None,
    autosave: str | Path | None = None,
    confirm_forced: bool = False,
) -> int:
    """Run a terminal game of ``game`` (default Lisboa): ``seat`` is played by the person at
    the keyboard (``input()``), the other seats by ``bots`` in turn, with the catalogue
    ``rules`` (default: the shipped one). Returns the exit status (0).

    :param match: a game to go on with (:meth:`Match.load` of a saved game); its game,
        players, seed, options and catalogue are used instead of the arguments.
    :param autosave: a file the game is saved to when the session ends (quit, end of input
        or the end of the game).
    :param confirm_forced: ask the person even at a decision with one legal move (by
        default that move is played for them, and said).
    """
    found = match.game if match is not None else _game(game)
    if match is None:
        options = options or found.default_options()
        if not 0 <= seat < players:
            raise LisboaError(f"--seat must be between 0 and {players - 1}")
    else:
        players = match.state.player_count
        if not 0 <= seat < players:
            raise LisboaError(f"--seat must be between 0 and {players - 1} for this game")
    others = [s for s in range(players) if s != seat]
    bot_of = {s: bots[i % len(bots)] for i, s in enumerate(others)}
    names = tuple("you" if s == seat else bot_of[s].name for s in range(players))
    if match is None:
        match = Match.new(found, players, seed, options=options, rules=rules, names=names)
    else:
        match.names = names
    resumed = f", resumed after {len(match)} moves" if len(match) else ""
    print(f"{found.title}, {players} players, seed {match.seed}{resumed}. You are seat {seat}; "
          + ", ".join(f"seat {s}: {bot_of[s].name}" for s in others) + ". Type help.")
    try:
        _loop(match, seat, bot_of, confirm_forced)
    finally:
        if autosave is not None:
            _save(match, str(autosave))
    return 0


def _loop(match: Match, seat: int, bot_of: dict[int, Bot], confirm_forced: bool = False) -> None:
    found = match.game
    shown: tuple[int, int] | None = None
    while not match.is_over:
        state = match.state
        actor = state.to_act
        assert actor is not None
        if match.is_chance:
            move = match.push_chance()
            print(f"  chance: {move}")
            continue
        legal = match.legal_moves()
        if actor != seat:
            move = bot_of[actor].choose(found.observe(state, actor), legal)
            print(f"  seat {actor} ({bot_of[actor].name}): {move} \u2014 {match.describe(move)}")
            match.push(move)
            continue
        if len(legal) == 1 and not confirm_forced:  # nothing to choose: played, and said
            print(f"  you: {_said(match, legal[0])} (the only move)")
            match.push(legal[0])
            continue
        # The board is shown again when a new turn starts (every decision for a game
        # without turns).
        turn = getattr(state, "turn", -len(match))
        if shown != (turn, len(match)):
            if shown is None or shown[0] != turn:
                print(found.render_text(found.observe(state, seat)))
            _list_moves(match, legal)
            shown = (turn, len(match))
        try:
            line = input("> ").strip()
        except EOFError:
            line = "quit"
        command, _, rest = line.partition(" ")
        rest = rest.strip()
        if not line:
            continue
        if command in ("quit", "exit"):
            print("bye")
            return
        if command in ("help", "?"):
            print(HELP)
        elif command == "board":
            print(found.render_text(found.observe(state, seat)))
            _list_moves(match, legal)
        elif command == "show":
            print(_show(match, rest) if rest else "show needs an id (a card, tile, ...)")
        elif command == "undo":
            if _undo(match, seat, confirm_forced):
                shown = None
                print("undone")
            else:
                print("nothing to undo")
        elif command == "save":
            if rest:
                _save(match, rest)
            else:
                print("save needs a file name")
        elif command == "explain":
            if not rest:
                print("explain needs a move")
                continue
            chosen = _pick(rest, legal, state)
            if chosen is not None:
                print(f"{chosen} is legal: {match.describe(chosen)}")
            else:
                print(explain_illegal(state, _probe(rest)) or f"{rest} is legal")
        else:
            _play_line(match, line, legal)
    print("game over")
    print(sheet_text(match.score(), match.names))


def _play_line(match: Match, line: str, legal: Sequence[Move]) -> None:
    """Play the move ``line`` names, or say why none."""
    if line.isdigit() and not 1 <= int(line) <= len(legal):
        print(f"there is no move {line}; choose 1\u2013{len(legal)}")
        return
    move = _pick(line, legal, match.state)
    if move is None:
        try:
            parse_move(match.state, line)
        except IllegalMoveError as err:
            print(err)
        return
    match.push(move)


def _undo(match: Match, seat: int, confirm_forced: bool = False) -> bool:
    """Take back the person's last move and every move after it (the bots', and the person's
    forced moves, played for them); False when the person has chosen no move (in this
    session or before it was saved)."""
    states = match.states
    chosen = next((i for i in reversed(range(len(match))) if states[i].to_act == seat
                   and (confirm_forced or len(legal_moves(states[i])) > 1)), None)
    if chosen is None:
        return False
    while len(match) > chosen:
        match.pop()
    return True


def _save(match: Match, path: str) -> None:
    try:
        match.save(Path(path))
    except OSError as err:  # a failed save must never end the game in progress
        print(f"could not save to {path}: {err.strerror or err}; the game goes on")
        return
    print(f"saved the game so far ({len(match)} moves) to {path}; "
          f"`lisboa play --resume {path}` goes on with it")


def _show(match: Match, ident: str) -> str:
    """The text of the component ``ident`` of the match's catalogue."""
    try:
        return match.game.describe_component(match.rules, ident)
    except KeyError:
        return f"no component {ident!r} in the catalogue (ids are as in the move list)"


def _list_moves(match: Match, legal: Sequence[Move]) -> None:
    print(f"your decision ({match.state.pending[-1].kind}):")
    for number, move in enumerate(legal, 1):
        print(f"  {number:>3}. {_said(match, move)}")


def _pick(text: str, legal: Sequence[Move], state: Any) -> Move | None:
    """The legal move ``text`` names (its number in the list, or its notation)."""
    if text.isdigit():
        number = int(text)
        return legal[number - 1] if 1 <= number <= len(legal) else None
    try:
        return parse_move(state, text)
    except IllegalMoveError:
        return None


def _check_play(args: argparse.Namespace) -> str | None:
    if args.resume is None and (args.seat or 0) >= args.players:
        return f"argument --seat: must be 0 to {args.players - 1} for {args.players} players"
    return None


def _resumed_bots(match: Match, seat: int) -> str:
    """The bots of a resumed game's other seats, as its record names them (a name that is
    not a built-in bot's, a person's or one of your own bot classes, plays greedy)."""
    others = [s for s in range(match.state.player_count) if s != seat]
    named = [match.names[s] if s < len(match.names) else "greedy" for s in others]
    return ",".join(name if name in BOTS else "greedy" for name in named) or "greedy"


def _play_command(args: argparse.Namespace) -> int:
    match = None
    if args.resume is not None:
        record = GameRecord.load(args.resume)
        if args.game_given and record.game != args.game:
            raise LisboaError(f"{args.resume} is a game of {record.game}, not {args.game}")
        found = _game(record.game)
        match = Match.from_record(record, _rules(args, found))
        seed = record.seed
    else:
        found = _game(args.game)
        seed = args.seed
    seat = args.seat or 0
    if match is not None:
        # the person's seat of the saved game unless --seat says otherwise
        seat = args.seat if args.seat is not None else (
            match.names.index("you") if "you" in match.names else 0)
    chosen = args.bots or (_resumed_bots(match, seat) if match is not None else "greedy")
    bots = [make_bot(name, bot_seed(seed, i)) for i, name in enumerate(_bot_names(chosen))]
    if match is not None:
        return play_session(match.state.player_count, seat, bots, match=match,
                            autosave=args.autosave, confirm_forced=args.confirm_forced)
    return play_session(args.players, seat, bots, args.seed, chosen_options(args, found),
                        _rules(args, found), found, autosave=args.autosave,
                        confirm_forced=args.confirm_forced)


# --- the parsers ---------------------------------------------------------------------------


def add_parsers(subparsers: Any) -> None:
    """Add the ``simulate`` and ``play`` commands to the ``lisboa`` command line.

    ``subparsers`` is what ``ArgumentParser.add_subparsers()`` returned; each command sets
    ``run`` to the function that runs it (returning the exit status).
    """
    known = ", ".join(sorted(BOTS))
    sim = subparsers.add_parser(
        "simulate",
        help="play many games between bots and summarise the results",
        description=(
            "Play GAMES games between bots and print wins per bot and per seat (a win shared "
            "by k seats counts 1/k), the mean and standard deviation of every score "
            "category per bot, and the mean game length. Game i uses seed SEED+i; the "
            "output is the same for the same arguments whatever --jobs."
        ),
    )
    sim.add_argument("--players", type=whole_number, default=None,
                     help="a player count of the game (default: its usual one; Lisboa: 2, 3 "
                     "or 4, default 4)")
    sim.add_argument("--games", type=at_least(1), default=10,
                     help="number of games, 1 or more (default 10)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument(
        "--bots", default="greedy,random",
        help=f"comma-separated bots, cycled over the seats ({known}, or module:name for "
        "your own bot class; default greedy,random)",
    )
    sim.add_argument("--cards", dest="paths", action="append", default=[],
                     help="card folder or file to play with instead of the shipped catalogue "
                     "(repeatable)")
    sim.add_argument("--overlay", action="append", default=[], metavar="FILE",
                     help="card file laid over the catalogue, replacing or adding cards by id "
                     "(repeatable)")
    sim.add_argument("--rotate", action="store_true",
                     help="shift the bots one seat further each game")
    sim.add_argument("--jobs", type=at_least(1), default=1,
                     help="worker processes (or local Ray CPUs), 1 or more (default 1)")
    ray_option(sim)
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument(
        "--records", metavar="DIR",
        help="save a game record of every game in DIR (replay one with `lisboa replay FILE`)",
    )
    rule_options(sim)
    sim.add_argument("--progress", action="store_true",
                     help="draw the progress bar even when stderr is not a terminal")
    sim.add_argument("--quiet", action="store_true", help="nothing on stderr")
    sim.set_defaults(run=_simulate_command)

    play = subparsers.add_parser(
        "play",
        help="play one seat in the terminal against bots",
        description=(
            "Play a game in the terminal. Seats count from 0, as in the API. At each of "
            "your decisions the legal moves are listed with numbers and what each does; type "
            "a number or a move in notation, or one of: show ID, explain MOVE, board, undo, "
            "save FILE, help, quit. --resume FILE goes on with a saved game."
        ),
    )
    play.add_argument("--players", type=whole_number, default=None,
                      help="a player count of the game (default: its usual one; Lisboa: 2, 3 "
                      "or 4, default 4)")
    play.add_argument("--seat", type=at_least(0), default=None,
                      help="your seat, 0 to players - 1 (default 0; with --resume, the seat "
                      "named 'you' in the saved game)")
    play.add_argument(
        "--bots", default=None,
        help=f"bots for the other seats, comma-separated, cycled ({known}, or module:name; "
        "default greedy; with --resume, the built-in bots the saved game names)",
    )
    play.add_argument("--cards", dest="paths", action="append", default=[],
                      help="card folder or file to play with instead of the shipped catalogue")
    play.add_argument("--overlay", action="append", default=[], metavar="FILE",
                      help="card file laid over the catalogue, replacing or adding cards by id")
    play.add_argument("--seed", type=int, default=0, help="game seed (default 0)")
    rule_options(play)
    play.add_argument("--resume", metavar="FILE",
                      help="go on with a saved game (a game record: `save FILE` at the prompt, "
                      "--autosave, or any record); its game, players, seed and options are used")
    play.add_argument("--confirm-forced", action="store_true",
                      help="ask even at a decision with one legal move (by default that move "
                      "is played for you, and said)")
    play.add_argument("--autosave", metavar="FILE",
                      help="save the game to FILE when the session ends (quit, end of input or "
                      "the end of the game)")
    play.set_defaults(run=_play_command, check=_check_play)


__getattr__ = moved(  # names that moved out of this module in 0.2
    __name__, {"render_view": "lisboa_core.games.lisboa.render.render_text"}, "0.3")
