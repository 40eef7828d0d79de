"""Syntax tree to canonical text (the formatter).

``parse_text(format_file(tree)) == tree`` for every tree the grammar can produce: the
formatter prints exactly what the parser reads, in one canonical layout (two-space indent,
one item per line, a blank line between components).
"""

from __future__ import annotations

from lisboa_core.dsl.ast import (
    CardFile,
    Choice,
    Clause,
    Component,
    Conditional,
    Effect,
    Field,
    Item,
    Optional,
    Phrase,
    Section,
    Sequence,
    Value,
)

__all__ = ["format_component", "format_effects", "format_file"]

_INDENT = "  "


def _values(values: tuple[Value, ...]) -> str:
    return "".join(f" {v}" for v in values)


def format_effects(seq: Sequence) -> str:
    """One comma sequence of effects on one line."""
    return ", ".join(_effect(e) for e in seq.effects)


def _effect(effect: Effect) -> str:
    if isinstance(effect, Phrase):
        return f"{effect.verb}{_values(effect.args)}"
    if isinstance(effect, Choice):
        head = "choose one" if effect.up_to is None else f"choose up to {effect.up_to}"
        return f"{head} (" + " | ".join(format_effects(o.body) for o in effect.options) + ")"
    if isinstance(effect, Conditional):
        return f"if{_values(effect.words)} ({format_effects(effect.body)})"
    assert isinstance(effect, Optional)
    return f"may ({format_effects(effect.body)})"


def _item(item: Item, depth: int) -> list[str]:
    pad = _INDENT * depth
    if isinstance(item, Field):
        return [f"{pad}{item.key}{_values(item.values)}"]
    if isinstance(item, Clause):
        return [f"{pad}{item.key}{_values(item.values)}: {format_effects(item.effects)}"]
    assert isinstance(item, Section)
    lines = [f"{pad}{item.key}{_values(item.values)} {{"]
    for sub in item.items:
        lines.extend(_item(sub, depth + 1))
    lines.append(f"{pad}}}")
    return lines


def format_component(component: Component) -> str:
    """The canonical text of one component."""
    name = f' "{component.name}"' if component.name is not None else ""
    lines = [f"{component.kind} {component.id}{name} {{"]
    for item in component.items:
        lines.extend(_item(item, 1))
    lines.append("}")
    return "\n".join(lines) + "\n"


def format_file(card_file: CardFile) -> str:
    """The canonical text of a whole file."""
    return "\n".join(format_component(c) for c in card_file.components)
