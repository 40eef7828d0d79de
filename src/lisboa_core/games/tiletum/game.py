"""Tiletum as a :class:`~lisboa_core.games.Game`: what the shared surfaces need of it."""

from __future__ import annotations

from typing import Any

from lisboa_core.games import Game
from lisboa_core.games.generic import PointsSheet
from lisboa_core.games.tiletum import rules as _rules  # noqa: F401  (registers every frame)
from lisboa_core.games.tiletum.catalogue import load_rules
from lisboa_core.games.tiletum.event_words import EVENT_WORDS
from lisboa_core.games.tiletum.language import VOCABULARY
from lisboa_core.games.tiletum.model import Rules
from lisboa_core.games.tiletum.options import Options
from lisboa_core.games.tiletum.scoring import CATEGORIES
from lisboa_core.games.tiletum.stack import STACK
from lisboa_core.games.tiletum.state import State

__all__ = ["GAME", "Tiletum"]


class Tiletum(Game):
    """Tiletum (Simone Luciani and Daniele Tascini, Board&Dice 2022), 2 to 4 players.

    Example::

        from lisboa_core import apply, is_over, legal_moves, new_game

        state = new_game(players=2, seed=1, game="tiletum")
        state = apply(state, legal_moves(state)[0])
        assert not is_over(state)
    """

    name = "tiletum"
    title = "Tiletum"
    players = (2, 3, 4)
    default_players = 4
    chance = True
    hidden_information = True
    rule_prefix = "TL"
    max_decisions = 5000
    event_words = EVENT_WORDS
    stack = STACK
    state_type = State
    options_type = Options
    rules_type = Rules
    sheet_type = PointsSheet
    boundaries = frozenset({"turn"})
    turn_decision = "turn"
    categories = CATEGORIES
    points_name = "VP"
    key_vocabulary = VOCABULARY

    def load_rules(self, *paths: Any, overlay: Any = (), reload: bool = False) -> Rules:
        """The catalogue (:func:`lisboa_core.games.tiletum.catalogue.load_rules`)."""
        return load_rules(*paths, overlay=overlay, reload=reload)

    def new_state(self, rules: Any, players: int, seed: int, options: Any) -> State:
        """The position after setup (TL2); ``options`` a
        :class:`~lisboa_core.games.tiletum.options.Options` (None: the base game)."""
        from lisboa_core.games.tiletum.setup import new_state

        return new_state(rules, players, seed, options)

    def score(self, state: Any) -> Any:
        """The final scoring of TL20 on any state."""
        from lisboa_core.games.tiletum.scoring import score

        return score(state)

    def observe(self, state: Any, seat: int) -> Any:
        """What a seat may see (TL26)."""
        from lisboa_core.games.tiletum.views import observe

        return observe(state, seat)

    def determinize(self, view: Any, seed: int) -> Any:
        """A playable state agreeing with a view."""
        from lisboa_core.games.tiletum.views import determinize

        return determinize(view, seed)

    def position_values(self, state: Any) -> list[float]:
        """The greedy bot's (and the search bot's) evaluation for every seat: the worth of
        each seat's position less the best other's
        (:func:`lisboa_core.games.tiletum.evaluation.position_values`)."""
        from lisboa_core.games.tiletum.evaluation import position_values

        return position_values(state)

    def render_text(self, state_or_view: Any) -> str:
        """The position as text (:func:`lisboa_core.games.tiletum.render.render_text`)."""
        from lisboa_core.games.tiletum.render import render_text

        return render_text(state_or_view)

    def svg(self, state_or_view: Any, **options: Any) -> str:
        """The position as an SVG picture: the map, the action wheel with its dice, the
        king track and each seat's player board
        (:func:`lisboa_core.games.tiletum.svg.board`; ``size``: the width in pixels)."""
        from lisboa_core.games.tiletum.svg import board

        return board(state_or_view, **options)

    def describe_move(self, state: Any, move: Any) -> str:
        """What ``move`` does, in words
        (:func:`lisboa_core.games.tiletum.move_words.describe_move`)."""
        from lisboa_core.games.tiletum.move_words import describe_move

        return describe_move(state, move)

    def describe_component(self, rules: Any, component_id: str) -> str:
        """A town, person, tile, cathedral or other component by name, with what it does."""
        from lisboa_core.games.tiletum.move_words import component_text

        return component_text(rules, component_id)

    def zones(self) -> Any:
        """Where the pieces lie (:data:`lisboa_core.games.tiletum.zones.ZONES`)."""
        from lisboa_core.games.tiletum.zones import ZONES

        return ZONES

    def check_invariants(self, state: Any) -> list[str]:
        """Piece and dice conservation and the king track (one marker per seat)."""
        from lisboa_core.games.tiletum.invariants import check_invariants

        return check_invariants(state)

    def rules_of(self, state: Any) -> Any:
        """The catalogue ``state`` was made with
        (:func:`lisboa_core.games.tiletum.rules.ops.rules_of`)."""
        from lisboa_core.games.tiletum.rules.ops import rules_of

        return rules_of(state)

    def action_space(self, rules: Any) -> tuple[Any, ...]:
        """Every move of any Tiletum state under ``rules``, in a fixed order."""
        from lisboa_core.games.tiletum.actions import action_space

        return action_space(rules)

    def encode(self, view: Any) -> Any:
        """Tiletum's observation vector (:mod:`lisboa_core.games.tiletum.observation`,
        needs numpy)."""
        from lisboa_core.games.tiletum.observation import encode

        return encode(view)

    def observation_size(self, state: Any) -> int:
        """The length of Tiletum's observation vector."""
        from lisboa_core.games.tiletum.observation import observation_size

        return observation_size(state)

    def observation_layout(self, state: Any) -> Any:
        """The layout Tiletum's vector is written with (the shared observation builder)."""
        from lisboa_core.games.tiletum.observation import observation_layout

        return observation_layout(state)


GAME = Tiletum()
"""The Tiletum game."""
