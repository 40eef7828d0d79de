"""Lisboa (Vital Lacerda, 2017): its state, rules, hints, scoring, views and pictures.

The classes of Lisboa's public API are named here (imported when first used, so importing
one module of the package loads no more than it needs): its state and rule options, its
catalogue and its score sheet.

Example::

    from lisboa_core import new_game, score
    from lisboa_core.games.lisboa import ScoreSheet, State

    state = new_game(players=2, seed=1)
    assert isinstance(state, State) and isinstance(score(state), ScoreSheet)
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["Category", "Options", "Rules", "ScoreSheet", "SeatScore", "State"]

_HOMES = {
    "Category": "lisboa_core.games.lisboa.rules.scoring",
    "Options": "lisboa_core.games.lisboa.state",
    "Rules": "lisboa_core.games.lisboa.catalogue",
    "ScoreSheet": "lisboa_core.games.lisboa.rules.scoring",
    "SeatScore": "lisboa_core.games.lisboa.rules.scoring",
    "State": "lisboa_core.games.lisboa.state",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
