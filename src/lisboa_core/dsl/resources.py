"""Where the grammar and the shipped card catalogue are, in a checkout or an installed wheel."""

from __future__ import annotations

from pathlib import Path

__all__ = ["cards_dir", "grammar_path"]

_PACKAGE = Path(__file__).resolve().parent.parent
_CHECKOUT = _PACKAGE.parent.parent


def _locate(relative: str) -> Path:
    # An installed wheel carries copies under lisboa_core/_data; an editable install or a
    # checkout uses the top-level folders, which are the ones users edit.
    for base in (_CHECKOUT, _PACKAGE / "_data"):
        candidate = base / relative
        if candidate.exists():
            return candidate
    raise FileNotFoundError(f"lisboa_core data not found: {relative}")


def grammar_path() -> Path:
    """The path of ``lisboa.lark``."""
    return _locate("grammar/lisboa.lark")


def cards_dir(game: str = "lisboa") -> Path:
    """The folder of a game's shipped card catalogue (``cards/<game>/*.lsb``)."""
    return _locate(f"cards/{game}")
