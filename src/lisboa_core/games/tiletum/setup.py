"""Setting up a game of Tiletum (TL2) for 2 to 4 players, every shuffle and draw from the
seed. What is left of each deck is held sorted (a multiset: its draws during play are
chance steps) and the corruption tokens lie face down (turning one up is a chance step)."""

from __future__ import annotations

from typing import Any

from lisboa_core.core.rng import Rng
from lisboa_core.games.tiletum.model import Rules
from lisboa_core.games.tiletum.options import Options, area_actions, wheel_offset
from lisboa_core.games.tiletum.player import PlayerState
from lisboa_core.games.tiletum.rules.draws import FACE_DOWN
from lisboa_core.games.tiletum.rules.phases import round_frames
from lisboa_core.games.tiletum.state import State

__all__ = ["new_state"]


def new_state(rules: Rules, players: int, seed: int, options: Any = None) -> State:
    """The position before the first preparation phase (TL2.1-TL2.2).

    :raises KeyError: for a player count the catalogue has no setup for.
    """
    setup = rules.setup_for(players)
    rng = Rng(seed)
    options = options if options is not None else Options()
    wheel, rng = wheel_offset(options, rng)  # TL2.1.2
    start, rng = rng.below(players)  # TL2.2.1
    order = tuple((start + i) % players for i in range(players))
    bonus, rng = rng.shuffle([t.id for t in rules.bonus_tiles if t.players <= players])
    contracts, rng = rng.shuffle([t.id for t in rules.contract_tiles if t.players <= players])
    persons, rng = rng.shuffle([t.id for t in rules.persons if t.players <= players])
    costs, rng = rng.shuffle([c.id for c in rules.costs])
    towns, rng = rng.shuffle([t for _, t in rules.town_tiles])
    fairs, rng = rng.shuffle([f.id for f in rules.fairs])
    actions, rng = area_actions(rules, options, rng)  # TL2.1.3, TL27.1
    area_bonus, bonus = bonus[:6], bonus[6:]  # TL2.1.5
    king_bonus, bonus = bonus[0], bonus[1:]
    map_bonus = []
    for town in rules.towns:
        if town.bonus_space and town.bonus_space <= players and bonus:
            map_bonus.append(bonus[0])
            bonus = bonus[1:]
        else:
            map_bonus.append("")
    posts = [-1] * len(rules.posts)
    tiletum = rules.extra["town"][rules.first_fair_town]
    for position, seat in enumerate(order):  # TL2.2.7 (components.md D.3)
        posts[rules.extra["post_index"][tiletum.posts[position]]] = seat
    seats = []
    for seat in range(players):
        position = order.index(seat)
        resources = list(setup.start)
        resources[0] += setup.gold[position]  # TL2.2.10
        roofs = tuple(1 if b.rooms else 0 for b in rules.buildings)
        seats.append(PlayerState(
            vp=setup.vp, resources=tuple(resources),
            merchant=tiletum.id, architect=tiletum.id,
            posts=setup.posts - sum(roofs) - 1,
            pillars=setup.pillars - rules.start_pillars,
            roofs=roofs, rooms=tuple(("",) * b.rooms for b in rules.buildings),
            coats=("",) * len(rules.buildings), warehouse=(), contracts=(), dice=(),
            cathedral_tiles=(), contributed=(0,) * len(rules.cathedrals),
            bonus_ap=(0,) * 5,
        ))
    king: list[tuple[int, ...]] = [() for _ in rules.king_values]
    king[rules.king_start] = order  # TL2.2.4: the start player at the bottom
    slots = rules.person_slots
    shown = len(rules.contract_costs)
    on = rules.corruption_on_track
    state = State(
        players=tuple(seats), pending=(), rng=rng, catalogue=rules.digest,
        round=1, cycle=0, order=order, king=tuple(king), wheel=wheel,
        bag=tuple(sorted(d for d, _ in rules.dice for _ in range(setup.dice_per_colour))),
        area_dice=((),) * 6, area_bonus=tuple(area_bonus), area_actions=actions,
        king_bonus=king_bonus,
        map_bonus=tuple(map_bonus), posts=tuple(posts),
        pillars=((),) * len(rules.cathedrals),
        costs=tuple(costs),
        cathedral_left=tuple(0 if rules.extra["cost"][c].closed else site.pillars
                             for c, site in zip(costs, rules.cathedrals, strict=True)),
        contract_display=contracts[:shown], contract_deck=tuple(sorted(contracts[shown:])),
        person_display=persons[:slots], person_deck=tuple(sorted(persons[slots:])),
        bonus_deck=tuple(sorted(bonus)),
        corruption=(FACE_DOWN,) * on, revealed=0,
        corruption_aside=tuple(sorted(rules.corruption)),
        fair_towns=(rules.first_fair_town, *towns[:3]), fair_tiles=fairs[:4],
    )
    return round_frames(state)
