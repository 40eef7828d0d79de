"""Reference phrases made into a player's words: the card-language reference writes a
meaning with ``N`` for a number (``N more doubloons for a sale``); a component's text fills
it in with the noun after the number in the singular for 1, drops the rule citations and
puts ``a`` or ``an`` before a name. Shared by the games whose texts are read off their
vocabulary's word lists (:class:`~lisboa_core.dsl.keys.WordList`)."""

from __future__ import annotations

import re

__all__ = ["a_or_an", "counted", "filled", "uncited"]

_NUMBER = re.compile(r"\bN\b")
_ONE = re.compile(
    r"(?<![\w.])1 ((?:more |fewer |free )?(?:[a-z][a-z-]*[^s\W] )?)([a-z][a-z-]*[^s])s\b")
_CITATION = re.compile(r" \((?:[A-Z]{1,3}\d[\d.]*(?:, )?)+\)")


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun`` (written in the plural) with the noun in the singular for 1:
    ``counted(1, "doubloons")`` is ``1 doubloon``."""
    return filled("N " + noun, number)


def filled(phrase: str, *numbers: int) -> str:
    """``phrase`` with each ``N`` replaced by the next of ``numbers`` and a plural noun
    right after a 1 made singular (``1 more kinds`` -> ``1 more kind``); the citations of
    rules (``(PR13.2)``) are dropped."""
    given = iter(numbers)
    text = _NUMBER.sub(lambda _: str(next(given)), uncited(phrase))
    return _ONE.sub(lambda m: f"1 {m[1]}{m[2]}", text)


def uncited(phrase: str) -> str:
    """``phrase`` without its parenthesised rule citations (``(PR13.4, PR13.8)``)."""
    return _CITATION.sub("", phrase)


def a_or_an(name: str) -> str:
    """``name`` after the indefinite article it takes (``an olive grove``, ``a windmill``,
    by its first letter)."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
