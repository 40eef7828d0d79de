"""Lisboa's moves in words: what a move does, with the names and texts of the cards it names.

Every text of a card comes from the catalogue through :mod:`.descriptions` (the generated
English of its effects), so a card edited in its file reads the new way here at once; no
card is known by its id. The notation comes first, so a person reading the words can still
type the move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.descriptions import (
    describe,
    describe_behaviour,
    describe_effect,
    describe_score,
)
from lisboa_core.games.lisboa.rules.ops import rules_of

__all__ = ["card_text", "describe_move"]

_RECONSTRUCTED = "Reconstructed values:"


def card_text(component: m.Component) -> str:
    """A component on one line: its generated text (:func:`.describe`) without the title
    and the provenance line, the sentences joined by ``; ``."""
    lines = describe(component).splitlines()[1:]
    return "; ".join(line.rstrip(".") for line in lines if not line.startswith(_RECONSTRUCTED))


def _named(rules: Any, ident: Any) -> str:
    """``ID (name)`` for a catalogue id, the id alone for anything else."""
    found = rules.get(str(ident))
    return f"{ident} ({found.name})" if found is not None else str(ident)


def _with_text(rules: Any, ident: Any) -> str:
    """``ID (name): its text`` (just ``ID (name)`` for a component without text)."""
    found = rules.get(str(ident))
    if found is None:
        return str(ident)
    text = card_text(found)
    return f"{ident} ({found.name})" + (f": {text}" if text else "")


def _noble(rules: Any, key: Any) -> m.Noble | None:
    return next((n for n in rules.nobles if n.id.lower() == str(key).lower()), None)


def _noble_name(rules: Any, key: Any) -> str:
    found = _noble(rules, key)
    return found.name if found is not None else str(key)


def _action(name: Any) -> str:
    """An action's name in words (``recruit-officials`` -> ``recruit officials``)."""
    return str(name).replace("-", " ")


def _political(rules: Any, card: m.PoliticalCard) -> str:
    """What tucking a political card gives (R4.5-R4.6)."""
    parts = []
    if card.is_treasury:
        if card.tucked is not None:
            parts.append(describe_effect(card.tucked))
        parts += [f"while tucked: {s}" for s in describe_behaviour(card.permanent)]
    else:
        if card.reward is not None:
            parts.append(describe_effect(card.reward))
        if card.penalty is not None:
            parts.append(f"penalty: {describe_effect(card.penalty)}")
        parts.append(f"influence {card.influence}")
    return "; ".join(parts)


def _tuck(state: Any, move: Move) -> str:
    rules = rules_of(state)
    card = rules.get(str(move.args[0]))
    head = f"tuck {_named(rules, move.args[0])}"
    if not isinstance(card, m.PoliticalCard):
        return head
    return f"{head}: {_political(rules, card)}; then sell goods or trade"


def _visit(state: Any, move: Move) -> str:
    rules = rules_of(state)
    card = rules.get(str(move.args[0]))
    if not isinstance(card, m.PoliticalCard):
        return f"visit with {move.args[0]}"
    noble = _noble(rules, card.type)
    if noble is None:
        return f"play {_named(rules, move.args[0])} into the royal court to visit"
    actions = " or ".join(_action(a) for a in noble.state_actions)
    return (f"play {_named(rules, move.args[0])} into the royal court and visit {noble.name}: "
            f"state action {actions}, then the noble action {_action(noble.noble_action)}")


def _sponsor(state: Any, move: Move) -> str:
    rules = rules_of(state)
    card = rules.get(str(move.args[0]))
    event = getattr(card, "event", None)
    head = f"play {_named(rules, move.args[0])} into the royal court and sponsor its event"
    return head if event is None else f"{head}: {describe_effect(event)}"


def _pile(state: Any, move: Move) -> str:
    rules = rules_of(state)
    found = rules.get(str(move.args[0]))
    text = f": {card_text(found)}" if found is not None else ""
    return f"take {_named(rules, move.args[0])} into your hand{text}"


def _discard(state: Any, move: Move) -> str:
    rules = rules_of(state)
    what = move.args[0]
    kind = state.pending[-1].kind
    if kind == "discard-rubble":
        return f"discard a {what} rubble cube just taken"
    if kind == "make-room":
        incoming = state.pending[-1].data[0]
        return (f"discard {_named(rules, what)} from your portfolio to make room for "
                f"{_named(rules, incoming)}")
    if kind == "period-discard":
        return f"discard {_named(rules, what)} from your hand (end of period 1)"
    return f"discard {_named(rules, what)}"


_DONE = {
    "sell": "stop selling",
    "trade": "stop trading",
    "recruit-officials": "recruit no more officials",
    "church": "give no more clergy tiles",
    "period-discard": "keep the rest of your hand",
    "place-officials": "place no more officials",
    "take-favor": "take no more royal favors",
    "choose-some": "choose no more options",
}


def _done(state: Any, move: Move) -> str:
    kind = state.pending[-1].kind
    return _DONE.get(kind, f"finish this choice ({kind.replace('-', ' ')})")


def _pass(state: Any, move: Move) -> str:
    frame = state.pending[-1]
    if frame.kind == "follow":
        return f"do not follow the visit to {_noble_name(rules_of(state), frame.data[0])}"
    if frame.kind == "church":
        return "give no clergy tile at this church scoring"
    return "pass"


def _yes_no(state: Any, move: Move) -> str:
    frame = state.pending[-1]
    body = frame.data[0].body if isinstance(frame.data[0], m.May) else None
    if body is None:
        return move.kind
    text = describe_effect(body)
    return f"yes: {text}" if move.kind == "yes" else f"no: do not {text}"


def _option(state: Any, move: Move) -> str:
    frame = state.pending[-1]
    choice = frame.data[0]
    number = int(move.args[0])
    if isinstance(choice, m.Choose) and 1 <= number <= len(choice.options):
        return f"option {number}: {describe_effect(choice.options[number - 1])}"
    return f"option {number}"


def _sell(state: Any, move: Move) -> str:
    if not move.args:
        return "sell goods (action 1): sell goods from ships of any portfolio"
    good, place = str(move.args[0]), str(move.args[1])
    seat_text, _, slot_text = place.removeprefix("p").partition(".")
    seat, slot = int(seat_text), int(slot_text)
    rules = rules_of(state)
    ship = state.players[seat].top[slot - 1] if seat < state.player_count else None
    whose = "your" if seat == state.pending[-1].seat else f"seat {seat}'s"
    named = f" {_named(rules, ship)}" if ship else ""
    return f"sell 1 {good} from {whose} ship{named} in slot {slot}"


def _trade(state: Any, move: Move) -> str:
    if not move.args:
        return "trade with the nobles (action 2): pay goods for state actions"
    action, good = move.args
    noble = next((n for n in rules_of(state).nobles if action in n.state_actions), None)
    who = noble.name if noble is not None else "a noble"
    return f"pay 1 {good} to {who} to {_action(action)}"


def _ship(state: Any, move: Move) -> str:
    rules = rules_of(state)
    found = rules.get(str(state.shipyard[0])) if state.shipyard else None
    new = f"{found.id} ({card_text(found)})" if found is not None else "the next ship"
    if move.args[0] == "upgrade":
        goods = move.args[2:]
        text = f"build {new}, replacing your {_named(rules, move.args[1])}"
    else:
        goods = move.args[1:]
        text = f"build {new}"
    paid = ", ".join(map(str, goods)) or "no goods"
    return f"{text}, paying {paid}"


def _rubble(state: Any, move: Move) -> str:
    if move.args[0] == "none":
        return "take no rubble (none left in the land's row and column)"
    if len(move.args) == 2:
        where, colour = move.args
        return f"take a {colour} rubble cube from the land's {where}"
    return f"take a {move.args[0]} rubble cube from the rubble pile"


def _store(state: Any, move: Move) -> str:
    rules = rules_of(state)
    space, land = move.args
    text = f"build a store on land {_named(rules, land)} with the city tile of the " \
        f"{str(space).replace('-', ' ')} display space"
    found = rules.get(str(land))
    return text + (f"; {card_text(found)}" if found is not None and card_text(found) else "")


def _build(state: Any, move: Move) -> str:
    rules = rules_of(state)
    site, plan = move.args
    found = rules.get(str(plan))
    needed = f", needs {found.officials} officials" if isinstance(found, m.Plan) else ""
    name = f" ({found.name}{needed})" if found is not None else ""
    text = f"open a public building on {_named(rules, site)} with plan {plan}{name}"
    place = rules.get(str(site))
    return text + (f"; {card_text(place)}" if place is not None and card_text(place) else "")


def _return(state: Any, move: Move) -> str:
    rules = rules_of(state)
    place = str(move.args[0])
    where = "plaza" if place.startswith("plaza-") else "office"
    noble = _noble_name(rules, place.removeprefix("plaza-"))
    text = f"return one of your officials from the {where} of {noble} to your board"
    if state.pending[-1].kind == "building-officials":
        return f"{text}, to staff the building"
    return text


def _house(state: Any, move: Move) -> str:
    group = str(move.args[0])
    board = rules_of(state).player_board
    player = state.players[state.pending[-1].seat]
    groups = [g for g, _ in board.houses]
    taken = player.houses[groups.index(group)] if group in groups else None
    ability = next((a for a in board.abilities
                    if a.group == group and taken is not None and a.index == taken + 1), None)
    text = f"take the next house of the {group} group"
    if ability is not None:
        lines = describe_behaviour(ability.behaviour)
        if lines:
            text += f" (uncovers: {'; '.join(lines)})"
    return text


def _decree(state: Any, move: Move) -> str:
    rules = rules_of(state)
    found = rules.get(str(move.args[0]))
    if not isinstance(found, m.Decree):
        return f"take decree {move.args[0]}"
    scores = "; ".join(describe_score(s) for s in found.scores)
    return f"take decree {_named(rules, move.args[0])}: at the end, {scores}"


def _plan(state: Any, move: Move) -> str:
    rules = rules_of(state)
    architect = str(move.args[0])
    stacks = dict(zip(("blue", "green"), state.plan_stacks, strict=False))
    top = stacks.get(architect, ())
    named = f": {_named(rules, top[0])}" if top else ""
    return f"take the top plan of the {architect} architect{named}"


def _pay_reis(state: Any, move: Move) -> str:
    noble = _noble_name(rules_of(state), state.pending[-1].data[0])
    return f"pay {move.args[0]} reis of the cost of visiting {noble}, the rest in influence"


def _cover(state: Any, move: Move) -> str:
    cost = state.pending[-1].data[0]
    return f"pay {cost} reis: cover {move.args[0]} of them with influence, the rest in cash"


def _slot(state: Any, move: Move) -> str:
    card = state.pending[-1].data[0]
    return f"put {_named(rules_of(state), card)} into slot {move.args[0]} of your portfolio"


def _draft(state: Any, move: Move) -> str:
    rules = rules_of(state)
    kept = " and ".join(_with_text(rules, c) for c in move.args)
    return f"keep {kept} from the packet; pass the rest to the left"


_WORDS: dict[str, Callable[[Any, Move], str]] = {
    "keep": lambda s, mv: f"keep clergy tile {_with_text(rules_of(s), mv.args[0])}; "
                          "the other goes back to the bag",
    "clergy": lambda s, mv: f"take clergy tile {_with_text(rules_of(s), mv.args[0])}",
    "give": lambda s, mv: f"give up clergy tile {_with_text(rules_of(s), mv.args[0])}",
    "draft": _draft,
    "tuck": _tuck,
    "visit": _visit,
    "sponsor": _sponsor,
    "gold": lambda s, mv: f"discard {_named(rules_of(s), mv.args[0])} from your hand and "
                          "gain 1 gold (instead of an action)",
    "take": _pile,
    "take-none": lambda s, mv: "take no card (every display pile is empty)",
    "sell": _sell,
    "trade": _trade,
    "state-action": lambda s, mv: f"do the state action {_action(mv.args[0])} of "
                                  f"{_noble_name(rules_of(s), s.pending[-1].data[0])}",
    "skip": lambda s, mv: f"skip the state action of "
                          f"{_noble_name(rules_of(s), s.pending[-1].data[0])}",
    "follow": lambda s, mv: f"follow the visit to "
                            f"{_noble_name(rules_of(s), s.pending[-1].data[0])}: "
                            f"{_action(mv.args[0])}",
    "pay-reis": _pay_reis,
    "cover": _cover,
    "slot": _slot,
    "pass": _pass,
    "done": _done,
    "yes": _yes_no,
    "no": _yes_no,
    "option": _option,
    "discard": _discard,
    "recruit": lambda s, mv: "put one of your officials into the office of "
                             f"{_noble_name(rules_of(s), mv.args[0])}",
    "place": lambda s, mv: "place one of your officials into the office of "
                           f"{_noble_name(rules_of(s), mv.args[0])}",
    "favor": lambda s, mv: f"take the royal favor of {_noble_name(rules_of(s), mv.args[0])}",
    "return": _return,
    "plan": _plan,
    "ship": _ship,
    "bonus": lambda s, mv: f"take the extra goods as {mv.args[0]}",
    "cardinal": lambda s, mv: f"move the cardinal {mv.args[0]} "
                              f"gap{'' if mv.args[0] == 1 else 's'} clockwise",
    "decree": _decree,
    "rubble": _rubble,
    "store": _store,
    "house": _house,
    "build": _build,
    "hire": lambda s, mv: f"hire the {mv.args[0]} "
                          f"official{'' if mv.args[0] == 1 else 's'} still needed",
}


def describe_move(state: Any, move: Move) -> str:
    """What ``move`` does in ``state``, in words: ``tuck ID (the card's name): its reward;
    penalty: its penalty; influence N; then sell goods or trade``.

    The cards, tiles, plans, decrees and sites the move names are given by name, with their
    text generated from the catalogue. ``state`` is the state the move is chosen in (a
    move's meaning can depend on the decision it answers: ``done``, ``pass``, ``option N``).
    """
    words = _WORDS.get(move.kind)
    if words is None or not state.pending:
        return str(move)
    return words(state, move)
