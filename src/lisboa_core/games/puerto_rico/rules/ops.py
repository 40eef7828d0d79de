"""Small operations every Puerto Rico rules module uses: the catalogue of a state, a seat's
record, the seats in phase order, what a seat's occupied buildings add up to, VP awards and
the game-end conditions."""

from __future__ import annotations

from typing import Final

from lisboa_core.core.catalogues import Catalogues
from lisboa_core.core.replace import replace
from lisboa_core.games.puerto_rico.catalogue import rules_by_digest
from lisboa_core.games.puerto_rico.model import Rules
from lisboa_core.games.puerto_rico.player import PlayerState
from lisboa_core.games.puerto_rico.state import State

__all__ = [
    "allows",
    "award_vp",
    "city_spaces",
    "end_when",
    "occupied_sum",
    "order_from",
    "privilege",
    "rules_of",
    "set_player",
    "take_colonist",
    "with_item",
]

_RULES: Final[Catalogues[Rules]] = Catalogues("puerto_rico.rules_of", rules_by_digest)


def rules_of(state: State) -> Rules:
    """The catalogue a state was made with."""
    return _RULES.of(state.catalogue)


def set_player(state: State, seat: int, new: PlayerState) -> State:
    """A state with the record at ``seat`` replaced."""
    players = state.players
    return state.with_players((*players[:seat], new, *players[seat + 1 :]))


def with_item(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with the item at ``index`` set to ``value``."""
    return (*values[:index], value, *values[index + 1 :])


def order_from(first: int, players: int) -> list[int]:
    """The seats clockwise from ``first`` (PR0.1.2), ``first`` included."""
    return [(first + i) % players for i in range(players)]


def occupied_sum(table: tuple[int, ...], city: tuple[int, ...]) -> int:
    """What the occupied buildings of a city add up to in a per-building table (PR0.1.7:
    only occupied buildings work)."""
    total = 0
    for i, colonists in enumerate(city):
        if colonists > 0:
            total += table[i]
    return total


def allows(rules: Rules, city: tuple[int, ...], permission: str) -> bool:
    """Whether an occupied building of the city gives ``permission`` (``allow ...``)."""
    allowed = rules.b_allows
    return any(colonists > 0 and permission in allowed[i] for i, colonists in enumerate(city))


def city_spaces(rules: Rules, city: tuple[int, ...]) -> int:
    """City spaces the owned buildings use (PR6.3.3)."""
    spaces = rules.b_spaces
    return sum(spaces[i] for i, colonists in enumerate(city) if colonists >= 0)


def privilege(rules: Rules, role: str, kind: str) -> int:
    """The number of the role card's privilege if it is of ``kind`` (1 for a privilege that
    has no number), else 0."""
    card = rules.roles_by_id.get(role)
    if card is None or card.privilege != kind:
        return 0
    return card.amount or 1


def end_when(state: State, reason: str) -> State:
    """Note a game-end condition as met (PR15.1) if the catalogue's board has it; the game
    ends with the round (PR15.2)."""
    if reason in state.end_reasons or reason not in rules_of(state).board.end:
        return state
    return replace(state, end_reasons=(*state.end_reasons, reason))


def award_vp(state: State, seat: int, vp: int) -> State:
    """VP chips from the supply (PR9.3.4); beyond the supply they are noted all the same and
    the VP condition is met (PR9.3.5, PR15.1.3)."""
    p = state.players[seat]
    state = set_player(state, seat, replace(p, vp=p.vp + vp))
    state = replace(state, vp_supply=state.vp_supply - vp)
    return end_when(state, "vp-out") if state.vp_supply <= 0 else state


def take_colonist(state: State) -> tuple[State, bool]:
    """One colonist from the supply, else from the colonist ship (PR13.5.3, PR13.10.3):
    the state without it and whether there was one."""
    if state.colonist_supply > 0:
        return replace(state, colonist_supply=state.colonist_supply - 1), True
    if state.colonist_ship > 0:
        return replace(state, colonist_ship=state.colonist_ship - 1), True
    return state, False
