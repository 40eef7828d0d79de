"""Effects of tiles and spaces (TL21-TL25): gains, granted actions, free moves, placing
trading posts and pillars anywhere or where a piece stands, and the frames of their choices
(:data:`CHOICES`, registered by the duties module, which mixes the duties into them)."""

from __future__ import annotations

from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.stack import ApplyFn, MovesFn, push
from lisboa_core.games.tiletum.model import RESOURCES, Effect
from lisboa_core.games.tiletum.rules.ops import (
    add_resources,
    add_vp,
    advance_king,
    rules_of,
    set_player,
    with_item,
)
from lisboa_core.games.tiletum.state import Frame, State

__all__ = [
    "CHOICES",
    "apply_effects",
    "pillar_sites",
    "place_pillar",
    "place_post",
    "post_spaces",
]

_STOP = Move("stop")


def post_spaces(state: State, seat: int, town: str | None = None) -> list[str]:
    """The spaces where ``seat`` may place a trading post (TL10.3-TL10.5): usable at this
    player count, empty, in a town without one of theirs; in ``town`` only when given."""
    rules = rules_of(state)
    if state.players[seat].posts <= 0:
        return []
    n = state.player_count
    index = rules.extra["post_index"]
    out = []
    for t in rules.towns if town is None else (rules.extra["town"][town],):
        ids = t.posts
        if any(state.posts[index[i]] == seat for i in ids):
            continue
        out += [i for i in ids if state.posts[index[i]] < 0 and rules.extra["post"][i].players <= n]
    return out


def place_post(state: State, seat: int, space: str) -> State:
    """A trading post from the supply onto ``space``, with its build bonus (TL10.5, TL25.1)."""
    rules = rules_of(state)
    p = state.players[seat]
    state = set_player(state, seat, replace(p, posts=p.posts - 1))
    state = state.replaced({"posts": with_item(state.posts, rules.extra["post_index"][space],
                                                seat)})
    bonus = rules.extra["post"][space].bonus
    if bonus and bonus[0] == "vp":
        return add_vp(state, seat, int(bonus[1]))
    if bonus and bonus[0] == "persons":
        return apply_effects(state, seat, (("persons", ()),))
    return state


def pillar_sites(state: State, seat: int, town: str | None = None) -> list[str]:
    """The cathedral sites where ``seat`` may place a pillar (TL10.7): open, with an empty
    pillar space, none of theirs; in ``town`` only when given."""
    rules = rules_of(state)
    if state.players[seat].pillars <= 0:
        return []
    out = []
    for i, site in enumerate(rules.cathedrals):
        if town is not None and site.town != town:
            continue
        if rules.extra["cost"][state.costs[i]].closed:
            continue
        if len(state.pillars[i]) < site.pillars and seat not in state.pillars[i]:
            out.append(site.id)
    return out


def place_pillar(state: State, seat: int, site: str) -> State:
    """A pillar from the supply onto the site (TL10.7)."""
    i = rules_of(state).extra["site_index"][site]
    p = state.players[seat]
    state = set_player(state, seat, replace(p, pillars=p.pillars - 1))
    pillars = state.pillars
    return state.replaced({"pillars": (*pillars[:i], (*pillars[i], seat), *pillars[i + 1 :])})


def apply_effects(state: State, seat: int, effects: tuple[Effect, ...]) -> State:
    """Carry out effect phrases in order: immediate gains now, the choices as frames (the
    first on top)."""
    frames: list[Frame] = []
    for verb, args in effects:
        if verb == "gain":
            amounts = {str(args[i]): int(args[i + 1]) for i in range(0, len(args) - 1, 2)}
            state = add_resources(state, seat, **amounts)
        elif verb == "any":
            frames.append(Frame("gain-any", seat, (int(args[0]),)))
        elif verb == "action":
            kind, ap = str(args[0]), int(args[1])
            frames.append(Frame("choose-action", seat, (ap,)) if kind == "any"
                          else Frame("action", seat, (kind, ap, 0, 0)))
        elif verb == "step":
            piece, n, build = str(args[0]), int(args[1]), str(args[2]) if len(args) > 2 else ""
            if piece == "both":
                frames += [Frame("step", seat, ("architect", n, "")),
                           Frame("step", seat, ("merchant", n, ""))]
            else:
                frames.append(Frame("step", seat, (piece, n, build)))
        elif verb == "king":
            state = advance_king(state, seat, int(args[0]))
        elif verb == "persons":
            frames.append(Frame("persons", seat))
        elif verb in ("post-anywhere", "pillar-anywhere"):
            frames.append(Frame(verb, seat))
        elif verb in ("merchant-anywhere", "architect-anywhere"):
            frames.append(Frame("teleport", seat, (verb.partition("-")[0],)))
        # plus-ap and die-type are used by the action and the turn (TL22.1.7-TL22.1.8)
    return push(state, *reversed(frames)) if frames else state


def _gain_any_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("gain", (r,)) for r in RESOURCES)


def _gain_any(state: State, frame: Frame, move: Move | None) -> State:
    """TL0.1: one resource of any type per move, ``n`` in all."""
    assert move is not None
    state = add_resources(state, frame.seat, **{str(move.args[0]): 1})
    n = int(frame.data[0]) - 1
    return push(state, Frame("gain-any", frame.seat, (n,))) if n > 0 else state


def _choose_action_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    from lisboa_core.games.tiletum.rules.ops import ACTIONS

    return tuple(Move("action", (k,)) for k in ACTIONS)


def _choose_action(state: State, frame: Frame, move: Move | None) -> State:
    """TL7.8: "any one action with n AP": the player names the kind."""
    assert move is not None
    return push(state, Frame("action", frame.seat, (str(move.args[0]), frame.data[0], 0, 0)))


def _step_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    piece, n, build = frame.data
    p = state.players[frame.seat]
    here = p.merchant if piece == "merchant" else p.architect
    rules = rules_of(state)
    moves = [Move("step", (s,)) for s in rules.adjacent(here)] if n > 0 else []
    if build == "post" and here in rules.extra["town"]:
        moves += [Move("post", (s,)) for s in post_spaces(state, frame.seat, here)]
    if build == "pillar" and here in rules.extra["town"]:
        moves += [Move("pillar", (s,)) for s in pillar_sites(state, frame.seat, here)]
    return (*moves, _STOP)


def _step(state: State, frame: Frame, move: Move | None) -> State:
    """TL21.2.7, TL21.2.12-TL21.2.17: free steps of one piece (no AP, no bonus tiles,
    TL21.3), with an optional trading post or pillar where it stands."""
    assert move is not None
    piece, n, build = frame.data
    seat = frame.seat
    if move.kind == "stop":
        return state
    if move.kind == "step":
        p = state.players[seat]
        state = set_player(state, seat, replace(p, **{str(piece): str(move.args[0])}))
        n -= 1
        return push(state, Frame("step", seat, (piece, n, build))) if n > 0 or build else state
    # the rest of the steps wait under any frame the build bonus pushes
    if n > 0:
        state = push(state, Frame("step", seat, (piece, n, "")))
    if move.kind == "post":
        return place_post(state, seat, str(move.args[0]))
    return place_pillar(state, seat, str(move.args[0]))


def _anywhere_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    if frame.kind == "post-anywhere":
        return (*(Move("post", (s,)) for s in post_spaces(state, frame.seat)), Move("skip"))
    return (*(Move("pillar", (s,)) for s in pillar_sites(state, frame.seat)), Move("skip"))


def _anywhere(state: State, frame: Frame, move: Move | None) -> State:
    """TL25.2.1-TL25.2.2: a trading post in any town, a pillar on any cathedral (or
    nothing, when none can be placed: TL14.4.4)."""
    assert move is not None
    if move.kind == "skip":
        return state
    if move.kind == "post":
        return place_post(state, frame.seat, str(move.args[0]))
    return place_pillar(state, frame.seat, str(move.args[0]))


def _teleport_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("to", (s,)) for s in rules_of(state).spaces)


def _teleport(state: State, frame: Frame, move: Move | None) -> State:
    """TL25.2.3-TL25.2.4, TL10.9: the piece to any space, no path needed."""
    assert move is not None
    p = state.players[frame.seat]
    return set_player(state, frame.seat, replace(p, **{str(frame.data[0]): str(move.args[0])}))


def _persons_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    rules = rules_of(state)
    p = state.players[frame.seat]
    moves = [Move("repeat", (b.id,)) for i, b in enumerate(rules.buildings) if any(p.rooms[i])]
    return tuple(moves) if moves else (Move("skip"),)


def _persons(state: State, frame: Frame, move: Move | None) -> State:
    """TL25.1.2, TL22.1.12: one of the player's buildings holding a person tile is chosen
    (nothing when there is none); its person tiles' bonuses are then offered one at a time."""
    assert move is not None
    if move.kind == "skip":
        return state
    rules = rules_of(state)
    index = next(i for i, b in enumerate(rules.buildings) if b.id == move.args[0])
    tiles = tuple(t for t in state.players[frame.seat].rooms[index] if t)
    return push(state, Frame("persons-left", frame.seat, tiles))


def _persons_left_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return (*(Move("repeat", (t,)) for t in frame.data), _STOP)


def _persons_left(state: State, frame: Frame, move: Move | None) -> State:
    """TL25.1.2, TL22.1.12: the bonus of one person tile of the chosen building not gained
    yet, in any order, each at most once; ``stop`` skips the rest. The rest wait under any
    frame the bonus pushes, so each bonus is carried out before the next is chosen."""
    assert move is not None
    if move.kind == "stop":
        return state
    tile = str(move.args[0])
    left = tuple(t for t in frame.data if t != tile)
    if left:
        state = push(state, Frame("persons-left", frame.seat, left))
    return apply_effects(state, frame.seat, rules_of(state).extra["person"][tile].bonus)


CHOICES: Final[dict[str, tuple[ApplyFn[State], MovesFn[State]]]] = {
    "gain-any": (_gain_any, _gain_any_moves),
    "choose-action": (_choose_action, _choose_action_moves),
    "step": (_step, _step_moves),
    "post-anywhere": (_anywhere, _anywhere_moves),
    "pillar-anywhere": (_anywhere, _anywhere_moves),
    "teleport": (_teleport, _teleport_moves),
    "persons": (_persons, _persons_moves),
    "persons-left": (_persons_left, _persons_left_moves),
}
"""The frames of the choices an effect opens (kind: handler, moves). They are registered by
:mod:`~lisboa_core.games.tiletum.rules.duties`, which offers the duties in them too (TL14.1):
registering them here would need the duties, which need :func:`apply_effects`."""
