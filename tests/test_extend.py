"""A user-registered effect kind: the card language accepts it, the interpreter runs it,
describe says it, saves carry it, and the lookahead stays exact (R3.6: the oracle, the full
search without shortcuts, offers the same moves)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from lisboa_core import (
    LisboaError,
    apply,
    describe,
    from_json,
    is_over,
    legal_moves,
    load_rules,
    new_game,
    to_json,
)
from lisboa_core.core import stack as core
from lisboa_core.extend import (
    fire,
    register_effect,
    register_event,
    register_subject,
    unregister_effect,
    unregister_event,
    unregister_subject,
)
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.rules.effects import run_effect
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import State


def _festival(state: State, seat: int, args: dict[str, object]) -> State:
    player = state.players[seat]
    stores = sum(1 for _land, owner, _street in state.stores if owner == seat)
    amount = args["amount"]
    assert isinstance(amount, int)
    richer = player.replaced({"wigs": player.wigs + amount * stores})
    return state.with_players((*state.players[:seat], richer, *state.players[seat + 1:]))


TILE = '''clergy C90 "Festival" {
  wigs 2
  on sell cloth: festival 2
  on tuck political: may (pay 3 reis, festival 1)
  provenance reconstructed wigs
}
'''


@pytest.fixture
def festival(tmp_path: Path) -> Iterator[Path]:
    register_effect("festival", "festival <amount:pos>",
                    "gain {amount} wig(s) per store you own", _festival)
    (tmp_path / "festival.lsb").write_text(TILE, encoding="utf-8")
    try:
        yield tmp_path / "festival.lsb"
    finally:
        unregister_effect("festival")


def test_the_card_language_and_describe_know_it(festival: Path) -> None:
    rules = load_rules(overlay=[festival], reload=True)
    assert "gain 2 wigs per store you own" in describe(rules["C90"])


def test_it_does_what_it_says(festival: Path) -> None:
    """Two stores, `festival 2`: 4 wigs."""
    rules = load_rules(overlay=[festival], reload=True)
    state = t.first_turn(2, 1, rules=rules)
    state = t.add_store(t.add_store(state, 0, "A1"), 0, "B1")
    effect = rules["C90"].behaviour.triggers[0].effect  # type: ignore[attr-defined]
    after = STACK.advance(run_effect(state, 0, effect))
    assert after.players[0].wigs == state.players[0].wigs + 4


@pytest.mark.slow
def test_games_with_it_play_exactly_and_save(festival: Path) -> None:
    rules = load_rules(overlay=[festival], reload=True)
    checked = 0
    for seed in range(2):
        state, rng = new_game(3, seed, rules=rules), random.Random(seed)
        state = t.give_clergy(state, 0, "C90")
        while not is_over(state):
            if rng.random() < 0.2 and state.pending[-1].kind != "keep-clergy":
                core.SWITCHES.shortcuts = False
                try:
                    exact = STACK.offered(t.with_state(state))  # a fresh copy: no cached offer
                finally:
                    core.SWITCHES.shortcuts = True
                assert exact == legal_moves(t.with_state(state))
                assert from_json(to_json(state), rules=rules) == state
                checked += 1
            state = apply(state, rng.choice(legal_moves(state)))
    assert checked > 20


def test_bad_registrations_are_refused() -> None:
    with pytest.raises(LisboaError, match="already exists"):
        register_effect("gain", "gain <amount:pos>", "x", _festival)
    with pytest.raises(LisboaError, match="start with a word"):
        register_effect("odd", "<amount:pos> odd", "x", _festival)
    with pytest.raises(LisboaError, match="no user effect"):
        unregister_effect("gain")


# --- registered events and scoring subjects ------------------------------------------------


def _market(state: State, seat: int, args: dict[str, object]) -> State:
    """A registered effect that announces the registered event ``market``."""
    return fire(state, seat, "market", str(args["good"]))


MARKET = '''clergy C01 "Market day" {
  wigs 2
  on visit: hold market gold
  on market gold: gain 2 reis
  on market: gain 1 wig
  provenance reconstructed all
}

decree DC01 "Hands full" {
  score 2 per hand-card
  score 5 if at least 9 hand-cards
  provenance reconstructed all
}
'''


@pytest.fixture
def market(tmp_path: Path) -> Iterator[Path]:
    register_event("market", "each time a market is held {what}", qualifier="[<what:good>]")
    register_effect("hold_market", "hold market <good:good>", "hold a {good} market", _market)
    register_subject("hand-cards", ["hand-card", "hand-cards"], "{your}cards in hand",
                     lambda state, seat, filters: len(state.players[seat].hand))
    (tmp_path / "market.lsb").write_text(MARKET, encoding="utf-8")
    try:
        yield tmp_path / "market.lsb"
    finally:
        unregister_effect("hold_market")
        unregister_event("market")
        unregister_subject("hand-cards")


def test_a_registered_event_fires_its_listeners_in_a_real_game(market: Path) -> None:
    rules = load_rules(overlay=[market], reload=True)
    assert rules.full_search  # the hints know nothing of "market"
    state = t.first_turn(2, 1, rules=rules)
    seat = state.current
    state = t.with_player(state, seat, influence=10, reis=10)
    card = next(c for c in state.players[seat].hand if not rules[c].is_treasury)  # type: ignore[attr-defined]
    plain = t.play(state, f"visit {card}")
    held = t.play(t.give_clergy(state, seat, "C01"), f"visit {card}")
    # visit -> hold market gold -> "on market gold" (2 reis) and "on market" (1 wig)
    assert held.players[seat].wigs - plain.players[seat].wigs == 1
    assert held.players[seat].reis - plain.players[seat].reis == 2
    assert "each time a market is held" in describe(rules["C01"])


def test_a_registered_subject_scores_and_describes(market: Path) -> None:
    from lisboa_core.games.lisboa.model import Decree
    from lisboa_core.games.lisboa.rules.scoring import decree_wigs

    rules = load_rules(overlay=[market], reload=True)
    state = t.give_decree(t.first_turn(2, 1, rules=rules), 0, "DC01")
    decree = rules.typed("DC01", Decree)
    hand = len(state.players[0].hand)
    assert hand < 9 and decree_wigs(state, 0, decree) == 2 * hand
    assert "2 wigs for each of your cards in hand" in describe(decree)


def test_registering_twice_or_a_taken_word_is_refused(market: Path) -> None:
    with pytest.raises(LisboaError, match="already exists"):
        register_event("market", "again")
    with pytest.raises(LisboaError, match="already exists"):
        register_event("visit", "a shipped event")
    with pytest.raises(LisboaError, match="already name a subject"):
        register_subject("more-ships", ["ships"], "ships", lambda s, seat, f: 0)
    with pytest.raises(LisboaError, match="no event"):
        fire(new_game(2, 1), 0, "no-such-event")
