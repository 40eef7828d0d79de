"""``lisboa --game NAME``: every command that plays, checks cards, serves or studies works for
each registered game (issue 22 item 3), here Puerto Rico (PR1: 3 to 5 players) beside
Lisboa (R1: 2 to 4 players)."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from lisboa_core import GameRecord, is_over, new_game, replay
from lisboa_core.errors import LisboaError
from lisboa_core.fronts.cli import main
from lisboa_core.fronts.engine_protocol import Session
from lisboa_core.fronts.engine_protocol import serve as engine_serve
from lisboa_core.games import game
from table_messages import settled

PR = "puerto-rico"
SRC = str(Path(__file__).resolve().parents[1] / "src")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(list(argv))
    assert stopped.value.code == 2
    return capsys.readouterr().err


# --- choosing a game ----------------------------------------------------------------------

@pytest.mark.parametrize("argv", [("games",), ("--list-games",)])
def test_the_games_are_listed_with_their_player_counts(
        capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    try:
        status = main(list(argv))
    except SystemExit as stopped:  # --list-games exits like --version
        status = int(stopped.code or 0)
    out = capsys.readouterr().out
    assert status == 0
    lines = out.splitlines()
    assert any(line.split()[0] == "lisboa" and "2 to 4 players" in line for line in lines)
    assert any(line.split()[0] == PR and "Puerto Rico, 3 to 5 players" in line for line in lines)


@pytest.mark.parametrize("argv", [
    ("--game", "chess", "simulate"),
    ("simulate", "--game", "chess"),
    ("--game", "chess", "cards", "check"),
])
def test_an_unknown_game_is_a_usage_error_listing_the_games(
        capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    err = _usage_error(capsys, *argv)
    assert "unknown game 'chess'" in err and "lisboa, puerto-rico" in err


@pytest.mark.parametrize("command", ["simulate", "play", "balance", "serve"])
def test_a_player_count_the_game_lacks_is_a_usage_error(
        capsys: pytest.CaptureFixture[str], command: str) -> None:
    extra = ("shipped", "shipped") if command == "balance" else ()
    err = _usage_error(capsys, "--game", PR, command, *extra, "--players", "2")
    assert "argument --players: Puerto Rico is played by 3, 4 or 5 players" in err


def test_lisboa_leftmost_slot_is_refused_for_another_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "--game", PR, "simulate", "--players", "3", "--games", "1",
                          "--leftmost-slot", "--quiet")
    assert status == 1
    assert "--leftmost-slot is an option of Lisboa; Puerto Rico has no such option" in err


# --- cards ---------------------------------------------------------------------------------

def test_cards_check_and_summary_read_the_games_own_cards(
        capsys: pytest.CaptureFixture[str]) -> None:
    rules = game(PR).load_rules()
    status, out, _ = _run(capsys, "--game", PR, "cards", "check")
    assert status == 0
    assert out == f"ok: {len(rules)} Puerto Rico components, catalogue digest {rules.digest}\n"
    status, out, _ = _run(capsys, "cards", "summary", "--game", PR)
    assert status == 0 and out == game(PR).render_catalogue(rules) + "\n"


def test_cards_check_reports_a_broken_puerto_rico_card_at_its_place(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shipped = Path(SRC).parent / "cards" / PR
    folder = tmp_path / "cards"
    folder.mkdir()
    for source in shipped.glob("*.lsb"):
        (folder / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    boards = folder / "boards.lsb"
    text = boards.read_text(encoding="utf-8")
    boards.write_text(text.replace("  columns 4\n", "  columns 4\n  bogus-field 3\n"),
                      encoding="utf-8")
    line = text.splitlines().index("  columns 4") + 2  # the line added after it, from 1
    status, out, _ = _run(capsys, "--game", PR, "cards", "check", str(folder))
    assert status == 1
    assert f"boards.lsb:{line}:3: LB101 unknown key 'bogus-field'" in out
    assert out.endswith(" problem(s) found\n")


def test_cards_check_reads_a_single_file_over_the_shipped_cards(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # One file alone is no whole catalogue (PR's needs a board, goods, roles...): it is
    # checked with the shipped cards around it, as Lisboa lints a file on its own.
    shipped = Path(SRC).parent / "cards" / PR / "ships.lsb"
    copy = tmp_path / "ships.lsb"
    copy.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    status, out, _ = _run(capsys, "--game", PR, "cards", "check", str(copy))
    digest = game(PR).load_rules().digest  # the same cards: the same catalogue
    assert status == 0
    assert out == f"ok: 1 file(s) checked over the shipped Puerto Rico cards, catalogue " \
        f"digest {digest}\n"
    copy.write_text("ship Broken {\n  nonsense 1\n}\n", encoding="utf-8")
    status, out, _ = _run(capsys, "--game", PR, "cards", "check", str(copy))
    assert status == 1 and "ships.lsb:2:3: LB101 unknown key 'nonsense'" in out
    assert "LB130" not in out  # no catalogue-wide count


def test_cards_show_and_list_read_the_games_own_cards(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24.4: Puerto Rico's components too (PR0.1: the role cards settler, mayor,
    builder, craftsman, trader and captain, besides the prospectors)."""
    status, out, _ = _run(capsys, "--game", PR, "cards", "list", "--kind", "role")
    assert status == 0 and {line.split()[0] for line in out.splitlines()} >= {
        "Settler", "Mayor", "Builder", "Craftsman", "Trader", "Captain"}
    status, _, err = _run(capsys, "--game", PR, "cards", "show", "x")
    assert status == 1 and "no Puerto Rico component with id 'x'" in err


# --- simulate, replay, show, play, balance ------------------------------------------------

@pytest.fixture(scope="module")
def pr_records(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, object], Path]:
    folder = tmp_path_factory.mktemp("records")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["--game", PR, "simulate", "--players", "3", "--games", "2", "--bots",
                       "random", "--seed", "5", "--json", "--quiet", "--records", str(folder)])
    assert status == 0
    return json.loads(out.getvalue()), folder


def test_simulate_plays_the_chosen_game(
        pr_records: tuple[dict[str, object], Path]) -> None:
    summary, folder = pr_records
    assert summary["game"] == PR and summary["games"] == 2 and summary["players"] == 3
    files = sorted(folder.glob("*.json"))
    assert [f.name for f in files] == ["game-00000-seed-5.json", "game-00001-seed-6.json"]
    for file in files:
        record = GameRecord.load(file)
        assert record.game == PR and record.players == 3
        assert replay(record).ok


def test_simulate_text_fits_the_games_categories(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "--game", PR, "simulate", "--players", "3", "--games", "1",
                          "--bots", "random", "--quiet")
    assert status == 0 and out.startswith("Puerto Rico: 1 game(s) of 3 players")
    lines = out.splitlines()
    rows = lines[lines.index("VP per seat-game, mean (sd):") + 2:][:5]
    assert [row.split()[0] for row in rows] == ["so", *game(PR).categories, "total"]
    # every mean starts in the same column, the longest category name included
    assert len({row.index(".") for row in rows}) == 1
    assert lines[-1].startswith("game length: ") and "turns" not in lines[-1]  # PR has none


def test_replay_uses_the_records_own_game(
        capsys: pytest.CaptureFixture[str], pr_records: tuple[dict[str, object], Path]) -> None:
    file = str(pr_records[1] / "game-00000-seed-5.json")
    status, out, _ = _run(capsys, "replay", file)
    assert status == 0
    assert out.startswith("replayed ") and ": Puerto Rico, 3 players, seed 5," in out
    assert "game over" in out and "final score:" in out
    for category in game(PR).categories:
        assert category in out
    status, same, _ = _run(capsys, "--game", PR, "replay", file)
    assert status == 0 and same == out


def test_a_game_option_disagreeing_with_the_record_is_an_error(
        capsys: pytest.CaptureFixture[str], pr_records: tuple[dict[str, object], Path]) -> None:
    file = str(pr_records[1] / "game-00000-seed-5.json")
    for command in ("replay", "show"):
        status, out, err = _run(capsys, "--game", "lisboa", command, file)
        assert status == 1 and out == ""
        assert "is a record of puerto-rico, not of lisboa" in err


def test_show_draws_the_records_game(
        capsys: pytest.CaptureFixture[str], pr_records: tuple[dict[str, object], Path],
        tmp_path: Path) -> None:
    file = str(pr_records[1] / "game-00000-seed-5.json")
    status, out, _ = _run(capsys, "show", file, "--turn", "0", "--seat", "1")
    start = new_game(3, 5, game=PR)
    assert status == 0
    assert out == game(PR).render_text(game(PR).observe(start, 1)) + "\n"
    picture = tmp_path / "end.svg"
    status, out, _ = _run(capsys, "show", file, "--svg", str(picture))
    assert status == 0 and out.startswith(f"wrote {picture}")
    assert picture.read_text(encoding="utf-8").startswith("<svg")


def test_play_a_few_moves_of_puerto_rico_then_save_and_replay(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    typed = iter(["1", "1", "board", "1", f"save {saved}", "quit"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(typed))
    status, out, _ = _run(capsys, "--game", PR, "play", "--players", "3", "--bots", "random",
                          "--seed", "2")
    assert status == 0
    assert out.startswith("Puerto Rico, 3 players, seed 2. You are seat 0;")
    assert "your decision (choose-role):" in out and "bye" in out
    record = GameRecord.load(saved)
    assert record.game == PR and record.players == 3 and record.names[0] == "you"
    result = replay(record)
    assert result.ok and len(record.moves) >= 3


def test_balance_studies_the_chosen_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "--game", PR, "balance", "shipped", "shipped", "--games",
                          "1", "--players", "3", "--bots", "random", "--json", "--quiet")
    assert status == 0
    report = json.loads(out)
    assert report["game"] == PR and report["players"] == 3 and report["games"] == 1


# --- the engine protocol --------------------------------------------------------------------

@pytest.mark.slow
def test_the_engine_plays_a_whole_puerto_rico_game() -> None:
    session = Session()
    status = session.handle({"cmd": "new", "game": PR, "players": 3, "seed": 4, "id": 1})
    assert status["ok"] and status["id"] == 1
    assert status["game"] == PR and status["players"] == 3 and status["over"] is False
    assert "turn" not in status and "period" not in status  # Lisboa's counters
    decisions = 0
    while not status["over"]:
        moves = session.handle({"cmd": "legal"})["moves"]
        # any legal move in turn (always the first, or the last, can stall the game)
        status = session.handle({"cmd": "apply", "move": moves[decisions % len(moves)],
                                 "seat": 0})
        assert status["ok"], status
        decisions += 1
        assert decisions < game(PR).max_decisions
    final = session.handle({"cmd": "score"})["score"]
    assert final["final"] is True and final["winners"]
    assert [s["seat"] for s in final["seats"]] == [0, 1, 2]
    for seat in final["seats"]:
        assert list(seat["categories"]) == list(game(PR).categories)
        assert seat["total"] == sum(seat["categories"].values()) + seat["so_far"]
    assert session.handle({"cmd": "legal"})["moves"] == []
    saved = session.handle({"cmd": "save"})["state"]
    again = Session()
    assert again.handle({"cmd": "load", "state": saved})["over"] is True


def test_the_engine_refuses_an_unknown_game_and_wrong_counts() -> None:
    session = Session()
    answer = session.handle({"cmd": "new", "game": "chess"})
    assert answer["error"] == "protocol" and "lisboa, puerto-rico" in answer["message"]
    answer = session.handle({"cmd": "new", "game": PR, "players": 2})
    assert answer["error"] == "game" and "Puerto Rico" in answer["message"]
    answer = session.handle({"cmd": "new", "game": PR, "options": {"leftmost_slot": True}})
    assert answer["error"] == "protocol" and answer["message"].startswith("options:")
    assert session.handle({"cmd": "status"})["error"] == "protocol"  # still no game


def test_the_engine_starts_its_own_game_by_default() -> None:
    sink = io.StringIO()
    engine_serve(io.StringIO('{"cmd": "new"}\n{"cmd": "view", "seat": 2}\n'), sink, game=PR)
    status, view = (json.loads(line) for line in sink.getvalue().splitlines())
    assert status["game"] == PR and status["players"] == game(PR).default_players
    assert view["ok"] and view["view"]["format"] == "puerto-rico-view"


@pytest.mark.slow
def test_lisboa_game_engine_on_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "lisboa_core", "--game", PR, "engine"],
        input='{"cmd": "new", "players": 5}\n{"cmd": "quit"}\n', capture_output=True,
        text=True, env={"PYTHONPATH": SRC}, timeout=120, check=True)
    first = json.loads(done.stdout.splitlines()[0])
    assert first["game"] == PR and first["players"] == 5


# --- the browser table ----------------------------------------------------------------------


def test_the_table_plays_puerto_rico_in_the_browser() -> None:
    from starlette.testclient import TestClient

    from lisboa_core.fronts.serve import LOOPBACK_NAMES, make_app

    app = make_app(players=3, seat=1, bots=["random"], seed=3, hosts=LOOPBACK_NAMES, game=PR)
    client = TestClient(app)
    page = client.get("http://127.0.0.1:8000/")
    assert "<title>Puerto Rico table</title>" in page.text and "Lisboa" not in page.text
    assert '<ul id="hand" hidden>' in page.text  # a Puerto Rico seat holds no hand
    with client.websocket_connect("ws://127.0.0.1:8000/ws") as socket:
        shown = socket.receive_json()
        assert shown["type"] == "position" and shown["seat"] == 1 and shown["hand"] == []
        assert shown["svg"].startswith("<svg") and shown["text"].startswith("Puerto Rico")
        for _ in range(5):
            assert shown["legal"] and not shown["over"]
            socket.send_json({"type": "move", "move": shown["legal"][0],
                              "decision": shown["decision"]})
            after = settled(socket)
            assert after["decision"] > shown["decision"]
            shown = after
        assert shown["events"] and all("text" in event for event in shown["events"])
        socket.send_json({"type": "move", "move": "role nothing", "decision": shown["decision"]})
        refused = socket.receive_json()
        assert refused["type"] == "error"


def test_the_table_plays_a_puerto_rico_game_to_its_score() -> None:
    from lisboa_core.fronts.serve import Table

    table = Table(players=3, seat=0, bots=("random",), seed=1, game=PR)
    shown = table.message()
    while not shown["over"]:
        assert table.play(shown["legal"][-1], shown["decision"]) is None
        shown = table.message()
    assert is_over(table.state) and shown["legal"] == []
    assert shown["score"]["final"] is True
    assert "large-buildings" in shown["score"]["table"]


def test_the_table_refuses_a_player_count_the_game_lacks() -> None:
    from lisboa_core.fronts.serve import Table

    with pytest.raises(LisboaError, match="Puerto Rico is played by 3, 4 or 5 players"):
        Table(players=2, game=PR)


def test_lisboas_table_page_is_the_file_as_it_is() -> None:
    from starlette.testclient import TestClient

    from lisboa_core.fronts.serve import LOOPBACK_NAMES, make_app

    page = Path(SRC) / "lisboa_core" / "fronts" / "web" / "index.html"
    client = TestClient(make_app(players=2, bots=["random"], hosts=LOOPBACK_NAMES))
    assert client.get("http://127.0.0.1:8000/").text == page.read_text(encoding="utf-8")
