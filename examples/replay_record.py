"""Record a game, save it, load it back and replay it.

Plays a short 3-player game between random bots with a ``Recorder``, saves the record as
JSON in a temporary folder, loads it with ``GameRecord.load`` and checks it with
``replay``: the moves rebuild the same final state (same digest). Then saves the
position itself with ``to_json`` / ``from_json``, which works even in the middle of a
decision. Run: ``.venv/bin/python examples/replay_record.py``.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from lisboa_core import (
    GameRecord,
    Recorder,
    from_json,
    is_over,
    legal_moves,
    replay,
    score,
    state_digest,
    to_json,
)

PLAYERS, SEED, MOVES = 3, 2026, 200


def main() -> None:
    """Record, save, load, replay and print the score."""
    bot = random.Random(SEED)  # the bots' own randomness, independent of the game's
    recorder = Recorder(PLAYERS, SEED, names=("ana", "bruno", "carla"), date="2026-05-01")
    while not is_over(recorder.state) and len(recorder.moves) < MOVES:
        recorder.apply(bot.choice(legal_moves(recorder.state)))
    record = recorder.record()
    print(f"played {len(record.moves)} moves; first: {', '.join(record.moves[:4])}")

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        record.save(path)
        print(f"saved the record ({path.stat().st_size} bytes)")
        loaded = GameRecord.load(path)

    result = replay(loaded)
    if not result.ok:
        raise SystemExit(f"replay failed at move {result.failed_at}: {result.reason}")
    print(f"replayed: final digest {result.digest} (recorded {loaded.final_digest})")

    state = result.final
    text = to_json(state)
    assert from_json(text) == state and state_digest(from_json(text)) == result.digest
    print(f"the final position saves too: {len(text)} characters of JSON, "
          f"{len(state.pending)} pending frames, seat {state.to_act} to act")

    sheet = score(state)
    print("score if the game ended now:" if not is_over(state) else "final score:")
    for seat in sheet.seats:
        print(f"  seat {seat.seat} ({loaded.names[seat.seat]}): {seat.total} wigs")
    print("leading:", ", ".join(loaded.names[s] for s in sheet.winners))


if __name__ == "__main__":
    main()
