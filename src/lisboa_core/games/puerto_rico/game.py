"""Puerto Rico as a :class:`~lisboa_core.games.Game`: what the shared surfaces need of it."""

from __future__ import annotations

from typing import Any

from lisboa_core.games import Game
from lisboa_core.games.puerto_rico import rules as _rules  # noqa: F401  (registers every frame)
from lisboa_core.games.puerto_rico.catalogue import load_rules
from lisboa_core.games.puerto_rico.event_words import EVENT_WORDS
from lisboa_core.games.puerto_rico.language import VOCABULARY
from lisboa_core.games.puerto_rico.model import Rules
from lisboa_core.games.puerto_rico.scoring import CATEGORIES, ScoreSheet
from lisboa_core.games.puerto_rico.stack import STACK
from lisboa_core.games.puerto_rico.state import State

__all__ = ["GAME", "PuertoRico"]


class PuertoRico(Game):
    """Puerto Rico (Andreas Seyfarth, alea 2002), 3 to 5 players, base game.

    Example::

        from lisboa_core import apply, is_over, legal_moves, new_game

        state = new_game(players=5, seed=1, game="puerto-rico")
        state = apply(state, legal_moves(state)[0])
        assert not is_over(state)
    """

    name = "puerto-rico"
    title = "Puerto Rico"
    players = (3, 4, 5)
    default_players = 4
    chance = False
    hidden_information = True
    rule_prefix = "PR"
    max_decisions = 5000
    stack = STACK
    state_type = State
    options_type = None
    rules_type = Rules
    sheet_type = ScoreSheet
    boundaries = frozenset({"choose-role"})
    turn_decision = "choose-role"
    categories = CATEGORIES
    points_name = "VP"
    event_words = EVENT_WORDS
    key_vocabulary = VOCABULARY

    def load_rules(self, *paths: Any, overlay: Any = (), reload: bool = False) -> Rules:
        """The catalogue (:func:`lisboa_core.games.puerto_rico.catalogue.load_rules`)."""
        return load_rules(*paths, overlay=overlay, reload=reload)

    def new_state(self, rules: Any, players: int, seed: int, options: Any) -> State:
        """The position after setup (PR2)."""
        from lisboa_core.games.puerto_rico.setup import new_state

        return new_state(rules, players, seed, options)

    def score(self, state: Any) -> Any:
        """The final scoring of PR16 on any state."""
        from lisboa_core.games.puerto_rico.scoring import score

        return score(state)

    def observe(self, state: Any, seat: int) -> Any:
        """What a seat may see (PR17)."""
        from lisboa_core.games.puerto_rico.views import observe

        return observe(state, seat)

    def determinize(self, view: Any, seed: int) -> Any:
        """A playable state agreeing with a view."""
        from lisboa_core.games.puerto_rico.views import determinize

        return determinize(view, seed)

    def position_values(self, state: Any) -> list[float]:
        """The greedy bot's heuristic for every seat."""
        from lisboa_core.games.puerto_rico.heuristics import position_values

        return position_values(state)

    def render_text(self, state_or_view: Any) -> str:
        """The position as text."""
        from lisboa_core.games.puerto_rico.render import render_text

        return render_text(state_or_view)

    def svg(self, state_or_view: Any, **options: Any) -> str:
        """The position as an SVG picture of the table and the player boards
        (:func:`lisboa_core.games.puerto_rico.svg.board`; ``size``: the width in pixels)."""
        from lisboa_core.games.puerto_rico.svg import board

        return board(state_or_view, **options)

    def render_score_sheet(self, sheet: Any, names: Any = ()) -> str:
        """A score sheet as a text table."""
        from lisboa_core.games.puerto_rico.render import render_score_sheet

        return render_score_sheet(sheet, names)

    def describe_move(self, state: Any, move: Any) -> str:
        """What ``move`` does, in words."""
        from lisboa_core.games.puerto_rico.heuristics import describe_move

        return describe_move(state, move)

    def describe_component(self, rules: Any, component_id: str) -> str:
        """A building, role card or other component by name, with what it does."""
        from lisboa_core.games.puerto_rico.move_words import component_text

        return component_text(rules, component_id)

    def zones(self) -> Any:
        """Where the pieces lie (:data:`lisboa_core.games.puerto_rico.zones.ZONES`)."""
        from lisboa_core.games.puerto_rico.zones import ZONES

        return ZONES

    def check_invariants(self, state: Any) -> list[str]:
        """Piece conservation over every zone and every capacity."""
        from lisboa_core.games.puerto_rico.invariants import check_invariants

        return check_invariants(state)

    def rules_of(self, state: Any) -> Any:
        """The catalogue ``state`` was made with
        (:func:`lisboa_core.games.puerto_rico.rules.ops.rules_of`)."""
        from lisboa_core.games.puerto_rico.rules.ops import rules_of

        return rules_of(state)

    def action_space(self, rules: Any) -> tuple[Any, ...]:
        """Every move of any Puerto Rico state under ``rules``, in a fixed order."""
        from lisboa_core.games.puerto_rico.actions import action_space

        return action_space(rules)

    def encode(self, view: Any) -> Any:
        """Puerto Rico's observation vector
        (:mod:`lisboa_core.games.puerto_rico.observation`, needs numpy)."""
        from lisboa_core.games.puerto_rico.observation import encode

        return encode(view)

    def observation_size(self, state: Any) -> int:
        """The length of Puerto Rico's observation vector."""
        from lisboa_core.games.puerto_rico.observation import observation_size

        return observation_size(state)

    def observation_layout(self, state: Any) -> Any:
        """The layout Puerto Rico's vector is written with (the shared observation builder)."""
        from lisboa_core.games.puerto_rico.observation import observation_layout

        return observation_layout(state)


GAME = PuertoRico()
"""The Puerto Rico game."""
