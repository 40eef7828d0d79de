"""Plain-English text generated from a component's compiled effects, so text cannot drift."""

from __future__ import annotations

from typing import Any

from . import model as m
from .dsl.vocabulary import EFFECT_KINDS, EVENTS, HOOKS, PERMISSIONS, SCORE_FORMS, SUBJECTS

__all__ = ["describe", "describe_behaviour", "describe_effect", "describe_score"]

_EFFECTS = {k.name: k for k in EFFECT_KINDS}
_HOOKS = {h.name: h for h in HOOKS}
_EVENTS = {e.name: e for e in EVENTS}
_FORMS = {f.name: f for f in SCORE_FORMS}
_SUBJECTS = {s.name: s for s in SUBJECTS}


def describe_effect(effect: m.Effect) -> str:
    """An effect tree in words."""
    if isinstance(effect, m.Do):
        args: dict[str, Any] = dict(effect.args)
        return _EFFECTS[effect.kind].template.format(**args)
    if isinstance(effect, m.Seq):
        return ", then ".join(describe_effect(s) for s in effect.steps) or "nothing"
    if isinstance(effect, m.Choose):
        options = " or ".join(f"({describe_effect(o)})" for o in effect.options)
        if effect.up_to is None:
            return f"choose one: {options}"
        return f"choose up to {effect.up_to} different: {options}"
    return f"you may {describe_effect(effect.body)}"


def _modifier(mod: m.Modifier) -> str:
    quals = dict(mod.qualifiers)
    amount = mod.amount
    fields = {
        **quals,
        "amount_abs": abs(amount) if amount is not None else 0,
        "noble_part": f" to {quals['noble']}" if "noble" in quals else "",
        "amount_goods": "no goods" if amount is None else f"{abs(amount)} good(s) fewer",
        "amount_rubble": "nothing" if amount is None else f"{abs(amount)} reis less",
    }
    return _HOOKS[mod.hook].template.format(**fields)


def describe_behaviour(behaviour: m.Behaviour) -> list[str]:
    """One sentence per passive item."""
    lines = [_modifier(mod) for mod in behaviour.modifiers]
    lines += [PERMISSIONS[p.ability] for p in behaviour.permissions]
    for trig in behaviour.triggers:
        what = trig.qualifier or ""
        when = _EVENTS[trig.event].template.format(
            what=what, what_sold="good" if what == "any" else what
        )
        lines.append(f"{when}: {describe_effect(trig.effect)}")
    return lines


def _quantity(q: m.Quantity) -> str:
    text = _SUBJECTS[q.subject].template
    filters = dict(q.filters)
    parts = {
        "street": f" facing the {filters.get('street')} street",
        "row": f" in row {filters.get('row')}",
        "column": f" in column {filters.get('column')}",
        "side": f" on {filters.get('side')} sites",
        "architect": f" of the {filters.get('architect')} architect",
        "colour": f" of colour {filters.get('colour')}",
    }
    return text + "".join(parts[k] for k in filters)


def describe_score(score: m.Score) -> str:
    """A decree condition in words."""
    return _FORMS[score.form].template.format(
        wigs=score.wigs,
        quantity=_quantity(score.quantity),
        every_part=f"{score.every} of " if score.every > 1 else "",
        what="store" if score.quantity.subject == "stores" else "good",
    )


def describe(component: m.Component) -> str:
    """Plain English for any component, generated from its compiled data."""
    lines = [f"{component.name} ({component.id})"]
    if isinstance(component, m.PoliticalCard):
        if component.is_treasury:
            lines.append(f"Treasury card of the {component.deck} deck.")
            tucked = describe_effect(component.tucked or m.Seq(()))
            lines.append(
                f"Tucked: {tucked}. Sponsored: {describe_effect(component.event or m.Seq(()))}."
            )
            lines += [f"While tucked: {s}." for s in describe_behaviour(component.permanent)]
        else:
            lines.append(
                f"{component.type.capitalize()} card of the {component.deck} deck, "
                f"influence {component.influence}."
            )
            if component.reward:
                lines.append(f"Reward when tucked: {describe_effect(component.reward)}.")
            if component.penalty:
                lines.append(f"Penalty when tucked: {describe_effect(component.penalty)}.")
    elif isinstance(component, m.ClergyTile):
        lines += [
            f"While held: {s}." if not s.startswith("when you take") else f"{s}."
            for s in describe_behaviour(component.behaviour)
        ]
        lines.append(f"Back: {component.wigs} wig(s).")
    elif isinstance(component, m.Decree):
        lines.append(f"At the end: {describe_score(component.score)}.")
        if component.two_player_removal:
            lines.append("Removed from 2-player games.")
    elif isinstance(component, m.Ship):
        lines.append(
            f"{component.color.capitalize()} ship of period {component.period}: "
            f"hull {component.hull}, +{component.sale} reis per good sold, "
            f"influence {component.influence}."
        )
    elif isinstance(component, m.LandSpace | m.Site):
        if component.reward is not None:
            lines.append(f"Reward: {describe_effect(component.reward)}.")
    elif isinstance(component, m.PlayerBoard):
        for ability in component.abilities:
            for s in describe_behaviour(ability.behaviour):
                lines.append(f"{ability.group.capitalize()} group, house {ability.index}: {s}.")
    if component.provenance.is_reconstructed:
        lines.append("Reconstructed values: " + ", ".join(component.provenance.reconstructed) + ".")
    return "\n".join(lines)
