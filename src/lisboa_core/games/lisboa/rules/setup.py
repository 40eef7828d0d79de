"""Setting up a game (rules.md R2), every shuffle drawn from the seeded generator."""

from __future__ import annotations

from typing import Final

from lisboa_core.core.replace import replace
from lisboa_core.core.rng import Rng
from lisboa_core.errors import LisboaError
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.rules.ops import register_rules
from lisboa_core.games.lisboa.state import (
    GOODS,
    NEUTRAL,
    NOBLES,
    Frame,
    Options,
    PlayerState,
    State,
)

# Model classes bound once (compiled code reads them faster than through ``m``).
_Decree: Final = m.Decree

__all__ = ["new_state"]


def _deal(rng: Rng, items: tuple[str, ...]) -> tuple[tuple[str, ...], Rng]:
    return rng.shuffle(items)


def new_state(
    rules: Rules, players: int = 4, seed: int = 0, options: Options | None = None
) -> State:

    """The position after setup (R2), with the setup decisions pending (keep a clergy tile).

    The order of the steps is fixed (R2.7.0) so a seed always gives the same game.
    """
    if players not in (2, 3, 4):
        raise LisboaError(f"Lisboa is played by 2, 3 or 4 players, not {players}")
    options = options or Options()
    register_rules(rules)
    board, pboard = ops.board_of(rules), ops.player_board_of(rules)
    rng = Rng(seed)
    two = players == 2
    covered = board.two_player_row if two else None  # R2.3.2

    start, rng = rng.below(players)  # R2.2.7: seeded "most recent visitor to Lisbon"
    order = [(start + i) % players for i in range(players)]

    # R2.1.1, R2.2.4, R2.4.8: royal favors (one per noble per player) drawn from the bag.
    bag = tuple(noble for noble in NOBLES for _ in range(players))
    bag, rng = _deal(rng, bag)
    favors_drawn = bag[:players]
    favor_supply = tuple(players - favors_drawn.count(n) for n in NOBLES)

    # R2.2.3: each player draws 2 clergy tiles (the keep decision is a frame below).
    clergy_bag, rng = _deal(rng, tuple(t.id for t in rules.clergy))
    pairs = [clergy_bag[2 * i : 2 * i + 2] for i in range(players)]
    clergy_bag = clergy_bag[2 * players :]

    # R2.2.5: one random starting plan each; the rest go back to the box.
    starting, rng = _deal(rng, tuple(p.id for p in rules.plans if p.starting))

    # R2.7.1-R2.7.2: blue hands.
    blue, rng = _deal(rng, tuple(c.id for c in rules.political if c.deck == "blue"))
    hands = [blue[5 * i : 5 * i + 5] for i in range(players)]

    influence_start = board.influence_start
    people = []
    for seat in range(players):
        people.append(
            PlayerState(
                hand=() if options.draft else hands[seat],
                top=(None,) * pboard.portfolio_top,
                bottom=(None,) * pboard.portfolio_bottom,
                cargo=((),) * pboard.portfolio_top,
                sailed=(0,) * pboard.portfolio_top,
                goods=(1, 1, 1, 1),  # R2.2.2
                reis=board.start_reis,
                wigs=board.start_wigs,
                influence=influence_start[order.index(seat)],  # R2.2.8
                clergy=(),
                favors=(favors_drawn[seat],),
                plans=(starting[seat],),
                completed=(),
                decrees=(),
                rubble=(0, 0, 0),
                markers=0,
                houses=(0, 0, 0),
                officials=pboard.officials - 1,  # R2.2.6: one into the Marquis's office
            )
        )

    # R2.2.6 and R2.3.1: officials in offices (neutral ones in 2-player games).
    offices = tuple(
        ((NEUTRAL,) if two else ()) + (tuple(range(players)) if noble == "marquis" else ())
        for noble in NOBLES
    )

    # R2.4.1: public buildings, two stacks of 8, one turned to the green side.
    buildings, rng = _deal(rng, tuple(b.id for b in rules.buildings))
    half = len(buildings) // 2
    building_stacks = (buildings[:half], buildings[half:])

    # R2.4.2: plan stacks by architect, fewest officials on top.
    regular = [p for p in rules.plans if not p.starting]
    plan_stacks = tuple(
        tuple(
            p.id
            for p in sorted((p for p in regular if p.architect == a), key=lambda p: p.officials)
        )
        for a in ("blue", "green")
    )

    # R2.4.4: city display (tiles are generic; the stacks need no shuffle).
    large = tuple(t.id for t in rules.city_tiles if t.size == "large")
    small = tuple(t.id for t in rules.city_tiles if t.size == "small")
    display: list[str | None] = []
    for _colour, size in board.city_spaces:
        if size == "large":
            display.append(large[0] if large else None)
            large = large[1:]
        else:
            display.append(small[0] if small else None)
            small = small[1:]

    # R2.4.5: scoring tiles shuffled onto the spaces.
    scoring, rng = _deal(rng, tuple(t.id for t in rules.scoring_tiles))

    # R2.5: earthquake damage.
    cubes: tuple[str, ...] = tuple(c for c, n, _ in board.rubble for _ in range(n))
    cubes, rng = _deal(rng, cubes)
    row_rubble = []
    for row, slots in board.row_rubble:
        take = 0 if covered and row == covered else slots  # R2.5.2
        row_rubble.append(cubes[:take])
        cubes = cubes[take:]
    column_rubble = []
    for _column, slots in board.column_rubble:
        column_rubble.append(cubes[:slots])
        cubes = cubes[slots:]
    site_rubble = []
    for site in rules.sites:
        take = 0 if covered and site.row == covered else site.rubble  # R2.5.3
        site_rubble.append(cubes[:take])
        cubes = cubes[take:]
    pile = cubes[: board.rubble_pile]  # R2.5.4: the rest stays in the box

    # R2.6: decrees (2-player removal happens whenever a card is revealed).
    decrees, rng = _deal(rng, tuple(d.id for d in rules.decrees))
    display_decrees: list[str] = []
    boxed_decrees: tuple[str, ...] = ()
    while decrees and len(display_decrees) < board.decree_display:
        card, decrees = decrees[0], decrees[1:]
        if two and ops.typed(rules, card, _Decree).two_player_removal:
            boxed_decrees += (card,)
            continue
        display_decrees.append(card)

    # R2.7.3: red piles by type, top card face up.
    piles = []
    for card_type in board.political_display:
        pile_cards, rng = _deal(
            rng, tuple(c.id for c in rules.political if c.deck == "red" and c.type == card_type)
        )
        piles.append(pile_cards)
    purple, rng = _deal(rng, tuple(c.id for c in rules.political if c.deck == "purple"))
    brown, rng = _deal(rng, tuple(c.id for c in rules.political if c.deck == "brown"))

    # R2.7.4-R2.7.5: players - 1 copies of each ship; blue on top of red.
    def ships(colour: str) -> tuple[str, ...]:
        return tuple(s.id for s in rules.ships if s.color == colour)[: players - 1]

    envelope = next(g for g, icon in board.church_icons if icon == "envelope")
    state = State(
        players=tuple(people),
        current=start,
        start_player=start,
        period=1,
        pending=(),
        rng=rng,
        options=options,
        catalogue=rules.digest,
        offices=offices,
        plazas=((), (), ()),
        favor_supply=(favor_supply[0], favor_supply[1], favor_supply[2]),
        covered=(),
        treasury=board.treasury_start_index,
        prices=tuple(dict(board.price_start)[g] for g in GOODS),
        piles=tuple(piles),
        later_decks=(purple, brown),
        shipyard=ships("blue") + ships("red"),
        later_ships=ships("purple") + ships("brown"),
        decree_deck=decrees,
        decree_display=tuple(display_decrees),
        clergy_bag=clergy_bag,
        church=(None,) * board.clergy_track,
        cardinal=envelope,
        church_scoring=None,
        city_display=tuple(display),
        city_stacks=(large, small),
        stores=(),
        row_rubble=tuple(row_rubble),
        column_rubble=tuple(column_rubble),
        site_rubble=tuple(site_rubble),
        rubble_pile=pile,
        opened=(),
        scoring_tiles=scoring,
        plan_stacks=(plan_stacks[0], plan_stacks[1]),
        building_stacks=(building_stacks[0], building_stacks[1]),
    )
    # Decisions run top-first: keep-clergy in seat order from the start player, then the
    # church is filled (after the returned tiles are back in the bag) and play begins.
    frames = [Frame("start-turn", start), Frame("fill-church", start)]
    frames += [Frame("keep-clergy", seat, pairs[seat]) for seat in reversed(order)]
    # Pieces that go back to the box at setup: starting plans not dealt (R2.2.5), blue
    # cards not dealt (R2.7.2), ship copies not used (R2.7.4), cubes left in the bag (R2.5.4).
    used_ships = set(state.shipyard) | set(state.later_ships)
    boxed = (
        starting[players:]
        + blue[5 * players :]
        + tuple(s.id for s in rules.ships if s.id not in used_ships)
        + boxed_decrees
    )
    state = replace(state, pending=tuple(frames), removed=boxed, rubble_out=len(cubes) - len(pile))
    if options.draft:  # R2.7.6 replaces R2.7.2: the draft is decided first
        from lisboa_core.games.lisboa.rules.draft import start_draft

        state = start_draft(state, tuple(hands))
    return state
