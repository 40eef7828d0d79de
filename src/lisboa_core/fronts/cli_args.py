"""Argument types shared by the ``lisboa`` commands: each refuses a bad value with a usage
error (exit status 2) that names the valid range."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable

__all__ = ["at_least", "one_of", "whole_number"]


def whole_number(text: str) -> int:
    """``text`` as an integer, or a usage error."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def at_least(low: int) -> Callable[[str], int]:
    """An argument type for integers of ``low`` or more."""

    def parse(text: str) -> int:
        value = whole_number(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, got {value}")
        return value

    parse.__name__ = f"an integer >= {low}"  # argparse names the type in some messages
    return parse


def one_of(choices: Iterable[str], what: str) -> Callable[[str], str]:
    """An argument type accepting only ``choices`` (listed in the message when refused)."""
    allowed = tuple(choices)

    def parse(text: str) -> str:
        if text not in allowed:
            raise argparse.ArgumentTypeError(
                f"unknown {what} {text!r}; choose from: {', '.join(allowed)}"
            )
        return text

    return parse
