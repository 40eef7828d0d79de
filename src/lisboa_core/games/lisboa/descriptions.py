"""Plain-English text generated from a component's compiled effects, so text cannot drift."""

from __future__ import annotations

import re
from typing import Any

from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.language import VOCABULARY

__all__ = ["describe", "describe_behaviour", "describe_effect", "describe_score"]

_HOOKS = {h.name: h for h in VOCABULARY.hooks}
_CONDITIONS = {c.name: c for c in VOCABULARY.conditions}
_FORMS = {f.name: f for f in VOCABULARY.score_forms}
_NOBLE_NAMES = {"manuel": "Manuel", "marquis": "the Marquis", "king": "the King"}


def describe_effect(effect: m.Effect) -> str:
    """An effect tree in words."""
    if isinstance(effect, m.Do):
        args: dict[str, Any] = dict(effect.args)
        kind = next(k for k in VOCABULARY.effect_kinds() if k.name == effect.kind)
        return _plural(kind.template.format(**args))
    if isinstance(effect, m.Seq):
        return ", then ".join(describe_effect(s) for s in effect.steps) or "nothing"
    if isinstance(effect, m.If):
        test = _CONDITIONS[effect.test].template.format(
            count=effect.count, quantity=_quantity(effect.quantity, yours=False, plain=True)
        )
        return f"{test}: {describe_effect(effect.body)}"
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
        "noble_part": f" to {_NOBLE_NAMES[quals['noble']]}" if "noble" in quals else "",
        "amount_goods": "no goods" if amount is None else f"{abs(amount)} good(s) fewer",
        "amount_rubble": "nothing" if amount is None else f"{abs(amount)} reis less",
    }
    return _plural(_HOOKS[mod.hook].template.format(**fields))


def describe_behaviour(behaviour: m.Behaviour) -> list[str]:
    """One sentence per passive item."""
    lines = [_modifier(mod) for mod in behaviour.modifiers]
    lines += [VOCABULARY.permissions[p.ability] for p in behaviour.permissions]
    for trig in behaviour.triggers:
        what = trig.qualifier or ""
        what = what.capitalize() if what in _NOBLE_NAMES else what
        when = {e.name: e for e in VOCABULARY.all_events()}[trig.event].template.format(
            what=what, what_sold="good" if what == "any" else what,
            what_noble=_NOBLE_NAMES.get(trig.qualifier or "", "a noble"),
        )
        lines.append(f"{when}: {describe_effect(trig.effect)}")
    return lines


def _quantity(q: m.Quantity, *, yours: bool, plain: bool = False) -> str:
    """The counted thing: the seat's own (``yours``) or anyone's (after "no other player
    has more"); ``plain`` after "you have" (no possessive)."""
    text = {s.name: s for s in VOCABULARY.all_subjects()}[q.subject].template.format(
        your="your " if yours else "", whose="your" if yours or plain else "their",
        the="the " if yours else "",
    )
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
    """A decree condition in words (a negative number of wigs reads "lose ...")."""
    theirs = score.form in ("most", "fewest", "at-least")
    text = _FORMS[score.form].template.format(
        wigs=abs(score.wigs),
        count=score.count,
        quantity=_quantity(score.quantity, yours=not theirs, plain=score.form == "at-least"),
        every_part=f"every {score.every} of " if score.every > 1 else "each of ",
        what="store" if score.quantity.subject == "stores" else "good",
    )
    return _plural(("lose " if score.wigs < 0 else "") + text)


_COUNTED = re.compile(r"\b(\d+) ((?:[a-z-]+ )?[a-z]+)\(s\)")


_SINGULAR = {"wigs": "wig", "reis": "real", "goods": "good", "officials": "official",
             "tools": "tool", "books": "book"}
_ONE = re.compile(r"\b1 (" + "|".join(_SINGULAR) + r")\b")


def _plural(text: str) -> str:
    """``1 wig(s)`` -> ``1 wig``, ``2 wig(s)`` -> ``2 wigs`` (templates write ``(s)``), and
    a resource written in the plural (``gain 1 wigs``) in the singular after 1."""
    text = _COUNTED.sub(lambda m: f"{m[1]} {m[2]}{'' if m[1] == '1' else 's'}", text)
    return _ONE.sub(lambda m: f"1 {_SINGULAR[m[1]]}", text)


def describe(component: m.Component) -> str:
    """Plain English for any component, generated from its compiled data.

    Example::

        from lisboa_core import describe, load_rules

        print(describe(load_rules().clergy[0]))  # the tile's effects in English
    """
    if not isinstance(component, m.Component):
        kind = type(component).__name__
        raise TypeError(f"describe(): component must be a Component, not {kind}")
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
        lines.append(_plural(f"Back: {component.wigs} wig(s)."))
    elif isinstance(component, m.Decree):
        lines += [f"At the end: {describe_score(score)}." for score in component.scores]
        if component.two_player_removal:
            lines.append("Removed from 2-player games.")
    elif isinstance(component, m.Ship):
        lines.append(_plural(
            f"{component.color.capitalize()} ship of period {component.period}: "
            f"hull {component.hull}, +{component.sale} reis per good sold, "
            f"influence {component.influence}."
        ))
    elif isinstance(component, m.Plan):
        start = "Starting plan" if component.starting else "Plan"
        lines.append(_plural(
            f"{start} of the {component.architect} architect: opening a public building with "
            f"it sends back {component.officials} official(s); a completed plan counts its "
            "officials at the end."))
    elif isinstance(component, m.PublicBuilding):
        lines.append(f"Public building: blue side {' and '.join(component.blue)} stores, "
                     f"green side {' and '.join(component.green)} stores.")
    elif isinstance(component, m.CityTile):
        lines.append(f"{component.size.capitalize()} city tile: a store takes its type from "
                     "the display space it came from.")
    elif isinstance(component, m.ScoringTile):
        lines.append(_plural(f"Scoring tile: {component.wigs} wig(s) for each relevant public "
                             "building, for the stores of its column."))
    elif isinstance(component, m.Noble):
        lines.append(_plural(
            f"Noble: accepts {' or '.join(component.accepts)} in trade for the state "
            f"actions {' and '.join(a.replace('-', ' ') for a in component.state_actions)}; "
            f"a visit's noble action: {component.noble_action.replace('-', ' ')}; "
            f"an office of {component.office} official(s)."))
    elif isinstance(component, m.Board):
        streets = ", ".join(f"{colour} ({good})" for colour, good in component.streets)
        lines.append(f"Main board: streets from west to east {streets}; goods prices from "
                     f"{component.price_min} to {component.price_max} reis; "
                     f"{len(component.treasury)} treasury spaces.")
    elif isinstance(component, m.LandSpace | m.Site):
        if isinstance(component, m.LandSpace):
            streets = " and ".join(component.streets)
            lines.append(f"{component.size.capitalize()} lot of row {component.row}, column "
                         f"{component.column}, on the {streets} street"
                         f"{'s' if len(component.streets) > 1 else ''}.")
        if component.reward is not None:
            lines.append(f"Reward: {describe_effect(component.reward)}.")
    elif isinstance(component, m.PlayerBoard):
        for ability in component.abilities:
            for s in describe_behaviour(ability.behaviour):
                lines.append(f"{ability.group.capitalize()} group, house {ability.index}: {s}.")
    if component.provenance.is_reconstructed:
        lines.append("Reconstructed values: " + ", ".join(component.provenance.reconstructed) + ".")
    return "\n".join(lines)
