"""Lisboa as a :class:`~lisboa_core.games.Game`: what the shared surfaces need of it."""

from __future__ import annotations

from typing import Any

from lisboa_core.games import Game
from lisboa_core.games.lisboa import hints as _hints  # noqa: F401  (registers every frame and its hints)
from lisboa_core.games.lisboa.catalogue import Rules, load_rules
from lisboa_core.games.lisboa.event_words import EVENT_WORDS
from lisboa_core.games.lisboa.language import VOCABULARY
from lisboa_core.games.lisboa.rules.effects import DO_HANDLERS, emit
from lisboa_core.games.lisboa.rules.scoring import SUBJECT_COUNTS, ScoreSheet
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Options, State

__all__ = ["GAME", "Lisboa"]


class Lisboa(Game):
    """Lisboa (Vital Lacerda, 2017), 2 to 4 players."""

    name = "lisboa"
    title = "Lisboa"
    players = (2, 3, 4)
    default_players = 4
    chance = False
    hidden_information = True
    rule_prefix = "R"
    max_decisions = 1500
    categories = ("ships", "rubble", "stores", "money", "decrees", "officials", "favors")
    points_name = "wigs"
    unnamed = True
    event_words = EVENT_WORDS
    boundaries = frozenset({"turn", "take-card"})
    turn_decision = "turn"
    stack = STACK
    state_type = State
    options_type = Options
    rules_type = Rules
    vocabulary = VOCABULARY
    effect_handlers = DO_HANDLERS
    subject_counts = SUBJECT_COUNTS

    def emit(self, state: Any, seat: int, event: str, what: str | None = None) -> Any:
        """Announce ``event`` to ``seat``'s triggers (R17)."""
        return emit(state, seat, event, what)
    sheet_type = ScoreSheet

    def load_rules(self, *paths: Any, overlay: Any = (), reload: bool = False) -> Rules:
        """The Lisboa catalogue (:func:`lisboa_core.load_rules`)."""
        return load_rules(*paths, overlay=overlay, reload=reload)

    def new_state(self, rules: Any, players: int, seed: int, options: Any) -> State:
        """The position after setup (R2)."""
        from lisboa_core.games.lisboa.rules.setup import new_state

        return new_state(rules, players, seed, options)

    def score(self, state: Any) -> Any:
        """The final scoring of R16 on any state."""
        from lisboa_core.games.lisboa.rules.scoring import score

        return score(state)

    def observe(self, state: Any, seat: int) -> Any:
        """What a seat may see (R3.11)."""
        from lisboa_core.games.lisboa.views import observe

        return observe(state, seat)

    def determinize(self, view: Any, seed: int) -> Any:
        """A playable state agreeing with a view."""
        from lisboa_core.games.lisboa.views import determinize

        return determinize(view, seed)

    def position_values(self, state: Any) -> list[float]:
        """The greedy bot's heuristic for every seat (:mod:`.heuristic`)."""
        from lisboa_core.games.lisboa.heuristic import position_values

        return position_values(state)

    def render_text(self, state_or_view: Any) -> str:
        """The position as text."""
        from lisboa_core.games.lisboa.render import render_text

        return render_text(state_or_view)

    def render_score_sheet(self, sheet: Any, names: Any = ()) -> str:
        """A score sheet as a text table."""
        from lisboa_core.games.lisboa.render import render_score_sheet

        return render_score_sheet(sheet, tuple(names))

    def render_catalogue(self, rules: Any) -> str:
        """Counts by kind and provenance."""
        from lisboa_core.games.lisboa.render import render_catalogue

        return render_catalogue(rules)

    def svg(self, state_or_view: Any, **options: Any) -> str:
        """The board picture."""
        from lisboa_core.games.lisboa.svg import board

        return board(state_or_view, **options)

    def lint_cards(self, *paths: Any) -> list[Any]:
        """Lisboa's card linter (:func:`lisboa_core.games.lisboa.catalogue.check_paths`)."""
        from lisboa_core.games.lisboa.catalogue import check_paths

        return check_paths(*paths)

    def list_components(self, rules: Any, kind: str | None = None) -> list[Any]:
        """Each component with what its kind adds
        (:func:`lisboa_core.games.lisboa.listing.list_components`)."""
        from lisboa_core.games.lisboa.listing import list_components

        return list_components(rules, kind)

    def check_invariants(self, state: Any) -> list[str]:
        """Lisboa's invariants (piece conservation, capacities, the decision stack)."""
        from lisboa_core.games.lisboa.invariants import check_invariants

        return check_invariants(state)

    def rules_of(self, state: Any) -> Any:
        """The catalogue ``state`` was made with
        (:func:`lisboa_core.games.lisboa.rules.ops.rules_of`)."""
        from lisboa_core.games.lisboa.rules.ops import rules_of

        return rules_of(state)

    def action_space(self, rules: Any) -> tuple[Any, ...]:
        """Every move of any Lisboa state under ``rules``, in a fixed order."""
        from lisboa_core.games.lisboa.actions import action_space

        return action_space(rules)

    def describe_move(self, state: Any, move: Any) -> str:
        """What the move does, with the names and texts of the cards it names
        (:func:`lisboa_core.games.lisboa.move_words.describe_move`)."""
        from lisboa_core.games.lisboa.move_words import describe_move

        return describe_move(state, move)

    def describe_component(self, rules: Any, component_id: str) -> str:
        """The generated text of a card, tile or board part (:func:`lisboa_core.describe`)."""
        from lisboa_core.games.lisboa.descriptions import describe

        return describe(rules[component_id])

    def events_between(self, before: Any, after: Any, move: Any = None,
                       seat: int | None = None) -> Any:
        """Lisboa's events, named after the places of its board."""
        from lisboa_core.games.lisboa.events import events_between

        return events_between(before, after, move, seat)

    def encode(self, view: Any) -> Any:
        """Lisboa's observation vector (:mod:`lisboa_core.games.lisboa.observation`)."""
        from lisboa_core.games.lisboa.observation import encode

        return encode(view)

    def observation_size(self, state: Any) -> int:
        """The length of Lisboa's observation vector."""
        from lisboa_core.games.lisboa.observation import observation_size

        return observation_size(state)

    def observation_layout(self, state: Any) -> Any:
        """The layout Lisboa's vector is written with (the shared observation builder)."""
        from lisboa_core.games.lisboa.observation import observation_layout

        return observation_layout(state)

    def codec(self) -> Any:
        """Lisboa's saved-state codec (:class:`~lisboa_core.games.lisboa.codec.LisboaCodec`)."""
        found = self.__dict__.get("_codec")
        if found is None:
            from lisboa_core.games.lisboa.codec import LisboaCodec

            found = self.__dict__["_codec"] = LisboaCodec(self)
        return found


GAME = Lisboa()
"""The Lisboa game."""
