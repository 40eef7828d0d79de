"""A game is a declaration (issue 31.1): its frozen game type is checked when it is
registered, the conformance suite holds the game to its declared flags, and a score sheet
can rank lowest-first."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lisboa_core import legal_moves, new_game
from lisboa_core.core.rng import Rng
from lisboa_core.errors import LisboaError
from lisboa_core.games import (
    CAPABILITIES,
    Game,
    GameType,
    default_game,
    game,
    games,
    register_game,
)
from lisboa_core.games.conformance import ConformanceError, check_random_play, check_views
from lisboa_core.games.generic import PointsCategory, PointsSeat, ranked


@pytest.mark.parametrize("name", games())
def test_every_registered_game_declares_a_sound_type(name: str) -> None:
    declared = game(name).game_type
    assert isinstance(declared, GameType) and declared.problems() == []
    assert declared.name == name and declared.default_players in declared.players
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        declared.name = "other"  # type: ignore[misc]


def test_only_the_first_game_is_unnamed() -> None:
    assert [n for n in games() if game(n).unnamed] == [default_game().name] == ["lisboa"]


class _Declared(Game):
    name = "declared-game"
    title = "Declared"
    players = (2, 3)
    default_players = 2


@pytest.mark.parametrize(("changes", "says"), [
    ({"name": "Bad Name"}, "name 'Bad Name': lower case words joined by hyphens"),
    ({"default_players": 4}, "default_players 4: one of the player counts (2, 3)"),
    ({"players": ()}, "players (): one or more player counts"),
    ({"categories": ("a", "a")}, "categories ('a', 'a'): each named once"),
    ({"max_decisions": 0}, "max_decisions 0: 1 or more"),
    ({"unnamed": True}, "only the library's first game, 'lisboa', is unnamed"),
])
def test_a_game_declaring_nonsense_is_refused_at_registration(
        changes: dict[str, object], says: str) -> None:
    bad = type("Bad", (_Declared,), changes)()
    with pytest.raises(LisboaError, match="declares") as refused:
        register_game(bad)
    assert says in str(refused.value)
    assert bad.name not in games()


def test_a_game_declared_without_chance_must_never_reach_a_chance_step(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Tiletum rolls dice at the start of each round (TL4): declared without chance, the
    # conformance suite refuses it at its first roll.
    monkeypatch.setattr(game("tiletum"), "chance", False)
    with pytest.raises(ConformanceError, match="declared without chance"):
        check_random_play("tiletum", seed=1)


def test_a_game_declared_without_hidden_information_must_be_fully_seen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Lisboa's hands are hidden (R3.11): declared fully seen, its views give it away.
    monkeypatch.setattr(game("lisboa"), "hidden_information", False)
    with pytest.raises(ConformanceError, match="declared without hidden information"):
        check_views("lisboa", seed=1)


@given(st.lists(st.integers(-20, 40), min_size=2, max_size=5))
def test_a_lowest_first_sheet_crowns_the_fewest_points(totals: list[int]) -> None:
    seats = [PointsSeat(i, 0, (PointsCategory("penalties", t),)) for i, t in enumerate(totals)]
    low = ranked(seats, final=True, lower_wins=True)
    high = ranked(seats, final=True)
    assert low.winners == tuple(i for i, t in enumerate(totals) if t == min(totals))
    assert high.winners == tuple(i for i, t in enumerate(totals) if t == max(totals))


def test_the_default_evaluation_of_a_lowest_first_game_prefers_fewer_points() -> None:
    class Penalties(_Declared):
        lower_wins = True

        def score(self, state: object) -> object:
            return ranked((PointsSeat(0, 3), PointsSeat(1, 7)), final=False, lower_wins=True)

    values = Penalties().position_values(None)
    assert values == [4.0, -4.0]  # seat 0 is 4 points ahead by having 4 fewer


def test_a_setup_leaving_the_generator_at_zero_is_refused_not_taken_for_a_view(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A view's state holds Rng(0, 0); a game with hidden information whose setup drew
    # nothing would be refused by every function as "a view's state" later, so new_game
    # says why at once.
    tiletum = game("tiletum")
    setup = tiletum.new_state
    monkeypatch.setattr(tiletum, "new_state", lambda rules, players, seed, options: setup(
        rules, players, seed, options).replaced({"rng": Rng(0, 0)}))
    with pytest.raises(LisboaError, match="left the generator at its zero value"):
        new_game(players=2, seed=0, game="tiletum")
    monkeypatch.setattr(tiletum, "hidden_information", False)  # fully seen: no view to fear
    assert legal_moves(new_game(players=2, seed=0, game="tiletum"))


def test_capability_groups_are_what_a_game_supplies() -> None:
    bare = _Declared()
    assert not any(bare.provides(group) for group in CAPABILITIES)
    for name in ("lisboa", "puerto-rico", "tiletum"):
        assert all(game(name).provides(group) for group in CAPABILITIES)

    class Drawn(_Declared):
        def render_text(self, state_or_view: object) -> str:
            return "drawn"

    assert not Drawn().provides("presentation")  # a text alone is not the whole group
    with pytest.raises(ValueError, match="the groups are presentation, learning, language"):
        bare.provides("sound")
