"""Puerto Rico scenario builders (public as ``lisboa_core.testing.puerto_rico``): a game
with a chosen governor, a phase started with a chosen seat to act, a seat's island, city,
goods and colonists set by name with the supplies balanced
(:func:`lisboa_core.games.scenarios.position`).

Example::

    from lisboa_core.testing import puerto_rico as pr

    state = pr.new_position(players=4, governor=2)
    state = pr.set_seat(state, 2, goods={"corn": 2}, island={"corn": (1, 1)})
    state = pr.start_phase(state, "captain", seat=2)
    assert state.to_act == 2 and state.phase.lower() == "captain"
"""

from __future__ import annotations

from collections.abc import Mapping

from lisboa_core.api import apply, new_game
from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.errors import LisboaError
from lisboa_core.games.puerto_rico.model import Rules
from lisboa_core.games.puerto_rico.rules.ops import rules_of
from lisboa_core.games.puerto_rico.rules.roles import round_frames
from lisboa_core.games.puerto_rico.state import NOT_OWNED, State
from lisboa_core.games.scenarios import position

__all__ = ["new_position", "set_seat", "start_phase", "with_governor"]


def with_governor(state: State, seat: int) -> State:
    """``state`` at the start of a round with ``seat`` holding the governor card (PR3.2.1):
    every role card out, ``seat`` about to choose first.

    Example::

        from lisboa_core import new_game
        from lisboa_core.testing import puerto_rico as pr

        state = pr.with_governor(new_game(players=3, seed=1, game="puerto-rico"), 1)
        assert state.governor == 1 == state.to_act
    """
    if not 0 <= seat < state.player_count:
        raise LisboaError(f"with_governor(): no seat {seat} in a {state.player_count}-player "
                          "game")
    return round_frames(replace(state, governor=seat, phase="", pending=(),
                                role_takers=(-1,) * len(state.roles)))


def new_position(players: int = 4, seed: int = 1, governor: int = 0) -> State:
    """A new game (set up from ``seed``) with ``governor`` holding the governor card and
    about to choose a role; no seed search needed.

    Example::

        from lisboa_core.testing import puerto_rico as pr

        assert pr.new_position(players=5, governor=3).to_act == 3
    """
    state = new_game(players=players, seed=seed, game="puerto-rico")
    assert isinstance(state, State)
    return with_governor(state, governor)


def start_phase(state: State, role: str, seat: int) -> State:
    """``state`` with a new round in which ``seat`` is the governor and chooses ``role``
    (a role card id as the move notation writes it, ``"mayor"``; any case), so its phase
    starts with ``seat`` to act first (PR3.2.3); the automatic steps of the start are
    played.

    :raises LisboaError: for a role card not in play.

    Example::

        from lisboa_core.testing import puerto_rico as pr

        state = pr.start_phase(pr.new_position(players=3), "builder", seat=2)
        assert state.phase.lower() == "builder" and state.to_act == 2
    """
    roles = {r.lower(): r for r in state.roles}
    if role.lower() not in roles:
        raise LisboaError(f"start_phase(): {role!r} is not a role card in play "
                          f"({', '.join(state.roles)})")
    return apply(with_governor(state, seat), Move("role", (role.lower(),)))


def _index(names: Mapping[str, int], name: str, what: str) -> int:
    found = names.get(name.lower())
    if found is None:
        raise LisboaError(f"set_seat(): unknown {what} {name!r} (one of {', '.join(names)})")
    return found


def set_seat(
    state: State,
    seat: int,
    *,
    doubloons: int | None = None,
    vp: int | None = None,
    goods: Mapping[str, int] | None = None,
    island: Mapping[str, tuple[int, int]] | None = None,
    city: Mapping[str, int] | None = None,
    san_juan: int | None = None,
) -> State:
    """``state`` with seat ``seat``'s board set by name, the rest of it left as it was:
    ``goods`` maps a good (``"corn"``) to its count, ``island`` a tile (``"corn"``,
    ``"quarry"``) to (tiles, occupied), ``city`` a building (its id as the move notation
    writes it, ``"harbor"``; any case) to its colonists (a building not named: not owned
    when ``city`` is given). The supplies give or take back what changed (goods,
    colonists, plantations, quarries, buildings, doubloons are the bank's, VP chips the
    supply's) and the position is checked.

    :raises LisboaError: for an unknown name, or a position no game reaches (a supply
        that would go below zero, more colonists than circles, a city too large).

    Example::

        from lisboa_core.testing import puerto_rico as pr

        state = pr.new_position(players=3)
        state = pr.set_seat(state, 0, city={"smallmarket": 1}, goods={"sugar": 1})
        assert state.players[0].goods[2] == 1
    """
    rules: Rules = rules_of(state)
    p = state.players[seat]
    changes: dict[str, object] = {}
    if doubloons is not None:
        changes["doubloons"] = doubloons
    if vp is not None:
        changes["vp"] = vp
    if san_juan is not None:
        changes["san_juan"] = san_juan
    if goods is not None:
        words = {g.word.lower(): i for i, g in enumerate(rules.goods)}
        counts = list(p.goods)
        for name, n in goods.items():
            counts[_index(words, name, "good")] = n
        changes["goods"] = tuple(counts)
    if island is not None:
        words = {t.word.lower(): i for i, t in enumerate(rules.tiles)}
        tiles, staffed = list(p.island), list(p.staffed)
        for name, (n, occupied) in island.items():
            i = _index(words, name, "island tile")
            tiles[i], staffed[i] = n, occupied
        changes["island"], changes["staffed"] = tuple(tiles), tuple(staffed)
    if city is not None:
        ids = {b.id.lower(): i for i, b in enumerate(rules.buildings)}
        built = [NOT_OWNED] * len(rules.buildings)
        for name, colonists in city.items():
            built[_index(ids, name, "building")] = colonists
        changes["city"] = tuple(built)
    players = (*state.players[:seat], replace(p, **changes), *state.players[seat + 1 :])
    return position(state, players=players, rules=rules)
