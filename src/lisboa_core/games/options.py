"""A game's rule options, declared once: each a typed field of its options class with its
help text and the rule it comes from, read by every surface (the command line's flags, the
engine protocol, the table, records and balance studies) without naming a game.

A game's options class (:attr:`Game.options_type <lisboa_core.games.Game.options_type>`) is
a frozen attrs class; each field is declared with :func:`option`. :func:`option_fields`
reads the declarations back as :class:`OptionField` values and :func:`options_from` builds
the options from the values a surface was given, refusing an option the game does not have.

Example::

    import attrs
    from lisboa_core.games.options import option, option_fields, options_from

    @attrs.frozen
    class Variants:
        short: bool = option(False, help="a shorter game", cites="X1.2")

    (field,) = option_fields(Variants)
    assert (field.name, field.flag, field.cites) == ("short", "--short", "X1.2")
    assert options_from(Variants, {"short": True}, "Example") == Variants(short=True)
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from lisboa_core.errors import LisboaError

__all__ = ["OptionField", "option", "option_fields", "options_from"]

_HELP = "lisboa_core.help"
_RULE = "lisboa_core.rule"
_CHOICES = "lisboa_core.choices"


def option(default: Any, *, help: str, cites: str = "",
           choices: Sequence[Any] | None = None, validator: Any = None) -> Any:
    """A field of a game's options class: its default, what it does (``help``), the rule it
    comes from (``cites``: ``TL27``) and, for a number, the values it may take
    (``choices``); ``validator`` is attrs' (it raises on a bad value at construction).

    Example::

        import attrs
        from lisboa_core.games.options import option, option_fields

        @attrs.frozen
        class Variants:
            rounds: int = option(5, help="rounds played", cites="X3", choices=range(3, 8))

        assert option_fields(Variants)[0].choices == (3, 4, 5, 6, 7)
    """
    metadata: dict[str, Any] = {_HELP: help, _RULE: cites}
    if choices is not None:
        metadata[_CHOICES] = tuple(choices)
    return attrs.field(default=default, validator=validator, metadata=metadata)


@attrs.frozen
class OptionField:
    """One declared option: its field name, its type (``bool``: a switch; ``int``: a
    number), whether it may be ``None`` (drawn or unset), its default, help text, the rule
    it cites and
    the values it may take (empty: any of its type).

    Example::

        from lisboa_core.games import game
        from lisboa_core.games.options import option_fields

        wheel = {f.name: f for f in option_fields(game("tiletum").options_type)}["wheel"]
        assert wheel.type is int and wheel.optional and wheel.cites == "TL2.1.2"
    """

    name: str
    type: type
    optional: bool
    default: Any
    help: str
    cites: str
    choices: tuple[Any, ...] = ()

    @property
    def flag(self) -> str:
        """Its command-line flag: ``--`` and the name with hyphens (``--action-tiles``).
    """
        return "--" + self.name.replace("_", "-")

    @property
    def text(self) -> str:
        """Its help text with its rule: ``the action-tile variant (TL27)``.
    """
        return f"{self.help} ({self.cites})" if self.cites else self.help


def option_fields(options_type: type | None) -> tuple[OptionField, ...]:
    """The options ``options_type`` declares, in order (none for ``None``: a game without
    rule options).

    :raises LisboaError: for a field of a type other than ``bool`` or ``int`` (optionally
        ``None``), which no surface could read.

    Example::

        from lisboa_core.games import game
        from lisboa_core.games.options import option_fields

        assert [f.flag for f in option_fields(game("lisboa").options_type)] == [
            "--gold-only-when-stuck", "--draft", "--leftmost-slot"]
        assert option_fields(None) == ()
    """
    if options_type is None:
        return ()
    hints = typing.get_type_hints(options_type)
    found = []
    for field in attrs.fields(options_type):
        kind, optional = _kind(hints[field.name])
        if kind is None:
            raise LisboaError(f"{options_type.__qualname__}.{field.name}: an option is a bool "
                              f"or an int (or None), not {hints[field.name]}")
        found.append(OptionField(field.name, kind, optional, field.default,
                                 field.metadata.get(_HELP, field.name.replace("_", " ")),
                                 field.metadata.get(_RULE, ""),
                                 field.metadata.get(_CHOICES, ())))
    return tuple(found)


def _kind(hint: Any) -> tuple[type | None, bool]:
    if hint in (bool, int):
        return hint, False
    arguments = typing.get_args(hint)
    if len(arguments) == 2 and type(None) in arguments:
        (inner,) = (a for a in arguments if a is not type(None))
        return (inner if inner in (bool, int) else None), True
    return None, False


def options_from(options_type: type | None, values: Mapping[str, Any], title: str) -> Any:
    """The options of ``options_type`` with ``values`` (by field name) and the defaults for
    the others; ``None`` for a game without options given no values. ``title`` names the
    game in the error.

    :raises LisboaError: for a name the game does not declare, or a value its field refuses.

    Example::

        from lisboa_core.games import game
        from lisboa_core.games.options import options_from

        tiletum = game("tiletum")
        assert options_from(tiletum.options_type, {"wheel": 2}, "Tiletum").wheel == 2
    """
    declared = {f.name for f in option_fields(options_type)}
    unknown = sorted(set(values) - declared)
    if unknown:
        listed = ", ".join(sorted(declared)) or "none"
        raise LisboaError(f"{title} has no option {unknown[0]!r} (its options: {listed})")
    if options_type is None:
        return None
    try:
        return options_type(**values)
    except (TypeError, ValueError) as err:
        raise LisboaError(f"{title} options: {err}") from None
