"""Small scenario builders for the Puerto Rico tests: a fresh game with a chosen governor,
players built from plain dicts, moves written as text ("role mayor", "build Harbor").

Expected numbers in the tests come from docs/games/puerto-rico/rules.md, never from here.
"""

from __future__ import annotations

from collections.abc import Mapping

import lisboa_core
from lisboa_core import testing
from lisboa_core.core.replace import replace
from lisboa_core.games.puerto_rico.model import Rules
from lisboa_core.games.puerto_rico.player import PlayerState
from lisboa_core.games.puerto_rico.rules.ops import rules_of
from lisboa_core.games.puerto_rico.state import NOT_OWNED, State
from lisboa_core.games.puerto_rico.testing import new_position

GOODS = ("corn", "indigo", "sugar", "tobacco", "coffee")
TILES = ("quarry", "corn", "indigo", "sugar", "tobacco", "coffee")


def fresh(players: int = 4, seed: int = 1, governor: int = 0) -> State:
    """A new game with ``governor`` holding the governor card and about to choose."""
    return new_position(players, seed, governor)


def rules(state: State) -> Rules:
    """The catalogue of ``state``."""
    return rules_of(state)


def player(
    state: State,
    *,
    doubloons: int = 0,
    vp: int = 0,
    goods: Mapping[str, int] | None = None,
    island: Mapping[str, tuple[int, int]] | None = None,
    city: Mapping[str, int] | None = None,
    san_juan: int = 0,
) -> PlayerState:
    """A seat's record: ``island`` maps a tile word to (tiles, occupied), ``city`` a building
    id to its colonists."""
    r = rules(state)
    goods = goods or {}
    island = island or {}
    city = city or {}
    for word in goods:
        assert word in GOODS, word
    for word in island:
        assert word in TILES, word
    return PlayerState(
        doubloons=doubloons,
        vp=vp,
        goods=tuple(goods.get(g.word, 0) for g in r.goods),
        island=tuple(island.get(t.word, (0, 0))[0] for t in r.tiles),
        staffed=tuple(island.get(t.word, (0, 0))[1] for t in r.tiles),
        city=tuple(city.get(b.id, NOT_OWNED) for b in r.buildings),
        san_juan=san_juan,
    )


def seat(state: State, index: int, **kwargs: object) -> State:
    """``state`` with seat ``index`` rebuilt by :func:`player`; the supply of the buildings
    it owns is left as it is."""
    p = player(state, **kwargs)  # type: ignore[arg-type]
    players = list(state.players)
    players[index] = p
    return replace(state, players=tuple(players))


def blank(state: State) -> State:
    """Every seat with nothing at all (no plantation, no doubloons)."""
    empty = player(state)
    return replace(state, players=(empty,) * state.player_count)


def goods_supply(state: State, **counts: int) -> State:
    """The goods supply with the given kinds changed."""
    supply = list(state.goods_supply)
    for word, n in counts.items():
        supply[GOODS.index(word)] = n
    return replace(state, goods_supply=tuple(supply))


def ships(state: State, *loads: tuple[str | None, int]) -> State:
    """The three cargo ships' cargo, smallest ship first: (good word or None, count)."""
    return replace(
        state,
        ship_goods=tuple(-1 if g is None else GOODS.index(g) for g, _ in loads),
        ship_loads=tuple(n for _, n in loads),
    )


def play(state: State, *moves: str) -> State:
    """Apply moves written in their notation, each legal at its turn."""
    return testing.play(state, *moves)


def moves(state: State) -> set[str]:
    """The legal moves now, as text."""
    return {str(m) for m in lisboa_core.legal_moves(state)}


def top(state: State) -> str:
    """The kind of the decision now."""
    return state.pending[-1].kind


def good(state: State, index: int, word: str) -> int:
    """How many goods of ``word`` seat ``index`` holds."""
    return state.players[index].goods[GOODS.index(word)]


def staffed(state: State, index: int, word: str) -> int:
    """Occupied island tiles of ``word`` of seat ``index``."""
    return state.players[index].staffed[TILES.index(word)]


def tiles(state: State, index: int, word: str) -> int:
    """Island tiles of ``word`` of seat ``index``."""
    return state.players[index].island[TILES.index(word)]


def on(state: State, index: int, building: str) -> int:
    """Colonists on ``building`` of seat ``index`` (-1 if he does not own it)."""
    return state.players[index].city[rules(state).building_index[building]]
