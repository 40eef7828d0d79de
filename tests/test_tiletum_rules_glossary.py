"""Tiletum's glossary and scope (docs/games/tiletum/rules.md TL0.14, TL1.13): the engine
speaks the reference's words, and plays only what the reference covers."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from lisboa_core import new_game
from lisboa_core.errors import LisboaError
from lisboa_core.games import game
from lisboa_core.games.tiletum import fields
from lisboa_core.games.tiletum.event_words import EVENT_WORDS
from lisboa_core.games.tiletum.language import KINDS

RULES = Path(__file__).resolve().parent.parent / "docs" / "games" / "tiletum" / "rules.md"

ELSEWHERE = {
    "fair order tile": "the round",  # the state counts rounds (TL3.1), no tiles needed
    "compass marker": "the start player",  # the first seat of the turn order (TL0.11)
    "turn order track": "turn order",
    "roof space": "roof",
}
"""Glossary terms the engine keeps as something else, and the words it uses for them."""


def _glossary() -> list[str]:
    """TL0.14's English terms, in its order (a parenthesis is another name of the same)."""
    text = RULES.read_text(encoding="utf-8")
    found = re.search(r"^- TL0\.14 [^:]*:(.*?)\n\n", text, re.MULTILINE | re.DOTALL)
    assert found, "TL0.14 is in the reference"
    entries = [e.strip() for e in " ".join(found.group(1).split()).split(";")]
    return [re.sub(r"\s*\(.*\)$", "", e.split(" ", 1)[1]).rstrip(".") for e in entries]


# Read from the source: a module compiled by mypyc keeps no docstring.
_DUTIES_DOC = ast.get_docstring(ast.parse((Path(__file__).resolve().parent.parent / "src"
                                           / "lisboa_core/games/tiletum/rules/duties.py")
                                          .read_text(encoding="utf-8"))) or ""


def _engine_words() -> str:
    """What the engine says about a Tiletum position: the state's field docs, the card
    vocabulary, the event words and the duties' description, lower case, hyphens as
    spaces."""
    parts = [spec.doc for module in fields.modules() for spec in module.records]
    parts += [f.doc for module in fields.modules() for spec in module.records
              for f in spec.fields]
    parts += [k.meaning for k in KINDS] + [key.meaning for k in KINDS for key in k.keys]
    parts += [*EVENT_WORDS.values(), _DUTIES_DOC]
    return " ".join(parts).lower().replace("-", " ").replace("king's", "king")


def test_tl0_14_the_engine_speaks_the_glossary() -> None:
    """TL0.14: each of the glossary's 29 terms is a word of the engine's state, cards or
    events, or one of the few it keeps as something else, named by the words it uses."""
    terms = _glossary()
    assert len(terms) == 29 and terms[0] == "trading post" and terms[-1] == "floor"
    words = _engine_words()

    def said(term: str) -> bool:  # the word or its plural
        plural = term[:-1] + "ies" if term.endswith("y") else term + "s"
        return re.search(rf"\b({re.escape(term)}|{re.escape(plural)})\b", words) is not None

    missing = [t for t in terms if not said(ELSEWHERE.get(t, t))]
    assert missing == []
    assert set(ELSEWHERE) <= set(terms)
    assert [t for t in ELSEWHERE if said(t)] == []  # truly kept as something else


def test_tl1_13_no_solo_game() -> None:
    """TL1.13: the solo components are not part of the reference: a game of one player is
    refused with a clear error (Tiletum is played by 2 to 4)."""
    assert game("tiletum").players == (2, 3, 4)
    with pytest.raises(LisboaError, match="Tiletum is played by 2, 3, 4 players, not 1"):
        new_game(players=1, seed=1, game="tiletum")
