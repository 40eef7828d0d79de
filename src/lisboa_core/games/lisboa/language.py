"""Lisboa's card language: the vocabulary its card files are read with, and the counts a
complete catalogue has."""

from __future__ import annotations

from typing import Any

import attrs

from lisboa_core.dsl.nodes import Choose, Do, May, Seq
from lisboa_core.dsl.vocabulary import Vocabulary
from lisboa_core.games.lisboa.checks import check_catalogue
from lisboa_core.games.lisboa.schemas import KINDS
from lisboa_core.games.lisboa.vocabulary import (
    EFFECT_KINDS,
    EVENTS,
    HINTLESS_EVENTS,
    HOOKS,
    PERMISSIONS,
    SCORE_FORMS,
    SUBJECTS,
    TYPES,
)

__all__ = ["EXPECTED_COUNTS", "STRUCTURAL_KINDS", "VOCABULARY"]

# How many components of each kind a complete Lisboa catalogue has (components.md E1, F).
EXPECTED_COUNTS: dict[str, int] = {
    "political": 82,
    "ship": 12,
    "clergy": 37,
    "decree": 70,
    "building": 16,
    "plan": 20,
    "city": 27,
    "scoring": 4,
    "favor": 12,
    "land": 27,
    "site": 14,
    "noble": 3,
    "board": 1,
    "player-board": 1,
}

# The kinds whose number the board and the engine are built on: an overlay may add or
# replace cards, tiles, decrees, plans, ships and buildings, but not change these counts.
STRUCTURAL_KINDS = frozenset(
    {"city", "scoring", "land", "site", "noble", "board", "player-board", "favor"}
)
"""Kinds whose counts an overlay may not change."""


def _if_able(effect: Any) -> Any:
    """``effect`` with every ``pay`` turned into ``pay ... if you can`` (R4.5)."""
    if isinstance(effect, Do):
        return attrs.evolve(effect, kind="pay_if_able") if effect.kind == "pay" else effect
    if isinstance(effect, Seq):
        return attrs.evolve(effect, steps=tuple(_if_able(s) for s in effect.steps))
    if isinstance(effect, May):
        return attrs.evolve(effect, body=_if_able(effect.body))
    if isinstance(effect, Choose):
        return attrs.evolve(effect, options=tuple(_if_able(o) for o in effect.options))
    return effect


_GROUPS = TYPES["group"].members


def _finish(kind: str, values: dict[str, Any]) -> dict[str, Any]:
    """Lisboa's last word on a component's values (see ``Vocabulary.finish``)."""
    if values.get("penalty") is not None:
        # R4.5: a penalty you cannot pay you simply do not pay, so a penalty's `pay` is
        # paid if the seat can (everywhere else `pay` is a cost that must be payable).
        values["penalty"] = _if_able(values["penalty"])
    if kind == "decree" and values.get("score"):
        first, *more = values["score"]  # a compound decree: every line scores
        values["score"], values["more"] = first, tuple(more)
    if kind == "noble":
        values.pop("key_check", None)
    if kind == "player-board" and "houses" in values:
        # The engine reads the groups left to right, whatever order the file gives.
        values["houses"] = tuple(sorted(values["houses"], key=lambda h: _GROUPS.index(h[0])))
    return values


VOCABULARY = Vocabulary(
    game="lisboa",
    digest_names_game=False,  # Lisboa's digests predate the other games
    types=TYPES,
    kinds=KINDS,
    effects=EFFECT_KINDS,
    hooks=HOOKS,
    permissions=PERMISSIONS,
    events=EVENTS,
    subjects=SUBJECTS,
    score_forms=SCORE_FORMS,
    hintless_events=HINTLESS_EVENTS,
    counts=EXPECTED_COUNTS,
    structural=STRUCTURAL_KINDS,
    check=check_catalogue,
    finish=_finish,
    contexts={
        "produce": "inside `on produce`",
        "take-rubble": "inside `on take-rubble`",
        "quantity": "in a trigger whose event has a quantity (take-rubble, sail)",
    },
)
"""Every word of Lisboa's card files."""
