"""Load a custom card set: copy the shipped cards, change one value, load and play with it.

The shipped catalogue's folder is found through the public API (every component knows the
file it was read from). The copy changes clergy tile C12 ("Gold sale bonus": on selling a
gold, gain 2 reis) to pay 5 reis, loads the folder with ``load_rules(path)``, shows the
tile in words, checks that the catalogue digest changed, then starts a game with the custom
rules. Run: ``.venv/bin/python examples/custom_cards.py``.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from lisboa_core import describe, legal_moves, load_rules, new_game


def main() -> None:
    """Make, load and use a custom catalogue in a temporary folder."""
    shipped = load_rules()
    cards = Path(shipped["C12"].loc.file).parent  # the folder of the shipped card files
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "my_cards"
        shutil.copytree(cards, folder)
        clergy = folder / "clergy.lsb"
        text = clergy.read_text(encoding="utf-8")
        old = "on sell gold: gain 2 reis"
        assert text.count(old) == 1, "C12 is the only tile with this trigger"
        clergy.write_text(text.replace(old, "on sell gold: gain 5 reis"), encoding="utf-8")

        custom = load_rules(folder)  # parsed, validated and cached like the shipped set
        print("shipped:", describe(shipped["C12"]).splitlines()[1])
        print("custom: ", describe(custom["C12"]).splitlines()[1])
        print(f"{len(custom)} components; digest {shipped.digest} -> {custom.digest}")

        state = new_game(players=2, seed=1, rules=custom)
        assert state.catalogue == custom.digest  # the state remembers its catalogue
        print("a game with the custom rules starts with:", [str(m) for m in legal_moves(state)])


if __name__ == "__main__":
    main()
