"""Issue 34.3: every component of the three games in a player's words.

The pinned texts are written from the card files (the numbers and names in the comments are
the cards'), not copied from the output; the sweep checks that no component of any game reads
as engine notation: a plural noun after 1, ``a`` before a vowel, a raw ``on EVENT:`` trigger,
a vocabulary word with its hyphen, or a bare id where the text should say what it is.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lisboa_core.dsl.catalogue import card_files
from lisboa_core.dsl.parser import parse_file
from lisboa_core.dsl.phrases import a_or_an, counted, filled, uncited
from lisboa_core.fronts.cli import main
from lisboa_core.games import game

SHIPPED = ("lisboa", "puerto-rico", "tiletum")
"""The games shipped with the engine (a test may register a toy game besides)."""


def _ids(name: str) -> list[tuple[str, str]]:
    return [(kind, ident) for kind, ident, _ in _written(name)]


def _written(name: str) -> list[tuple[str, str, str]]:
    """Each component of the game's card files: its kind, id and printed name."""
    from lisboa_core.dsl.resources import cards_dir

    return [(c.kind, c.id, c.name or "") for path in card_files([cards_dir(name)])
            for c in parse_file(path).components]


def _text(name: str, ident: str) -> str:
    found = game(name)
    return found.describe_component(found.load_rules(), ident)


# --- the phrase helper -------------------------------------------------------------------


def test_filled_puts_the_numbers_in_with_the_noun_singular_after_one() -> None:
    assert filled("N more doubloons for a sale (Q13.1)", 1) == "1 more doubloon for a sale"
    assert filled("N more doubloons for a sale", 2) == "2 more doubloons for a sale"
    assert filled("keep N more kinds (Q13.4, Q13.8)", 1) == "keep 1 more kind"
    assert counted(1, "colonist circles") == "1 colonist circle"
    assert counted(3, "colonist circles") == "3 colonist circles"
    assert counted(1, "doubloons") + " less" == "1 doubloon less"
    assert filled("draw N tiles from the stack", 1) == "draw 1 tile from the stack"
    assert uncited("pay (Q6.2.2) now") == "pay now"
    assert a_or_an("Indigo plant") == "an Indigo plant" and a_or_an("Hacienda") == "a Hacienda"


@given(st.integers(min_value=0, max_value=10_000),
       st.sampled_from(["doubloons", "colonist circles", "tiles", "more kinds", "VP",
                        "free steps", "resources"]))
def test_counted_says_the_number_and_the_noun_singular_only_after_one(
        number: int, noun: str) -> None:
    said = counted(number, noun)
    assert said.startswith(f"{number} ")
    if number == 1 and noun != "VP":
        assert said == f"1 {noun[:-1]}"  # the last word loses its s: "1 colonist circle"
    else:
        assert said == f"{number} {noun}"


# --- pinned texts, written from the cards ----------------------------------------------------

PINNED = [
    # building SmallMarket: cost 1, vp 1, column 1, circles 1, on sell: gain 1 doubloons
    ("puerto-rico", "SmallMarket",
     "Small market (SmallMarket): a building costing 1 doubloon (quarries take off up to 1), "
     "worth 1 VP, with 1 colonist circle; while occupied, each sale earns you 1 more "
     "doubloon"),
    # building Hacienda: cost 2, vp 1, column 1, circles 1, on settle: may (draw-plantation 1)
    ("puerto-rico", "Hacienda",
     "Hacienda (Hacienda): a building costing 2 doubloons (quarries take off up to 1), "
     "worth 1 VP, with 1 colonist circle; while occupied, in the settler phase you may "
     "first draw 1 tile from the hidden plantation stack"),
    # building IndigoPlant: cost 3, vp 2, column 2, circles 3, produces Indigo
    ("puerto-rico", "IndigoPlant",
     "Indigo plant (IndigoPlant): a building costing 3 doubloons (quarries take off up to "
     "2), worth 2 VP, with 3 colonist circles; occupied, it turns the harvest of your "
     "occupied indigo plantations into goods"),
    # building Residence: spaces 2, score steps island-tiles 0 4 10 5 11 6 12 7 (PR14.2)
    ("puerto-rico", "Residence",
     "Residence (Residence): a large building on 2 city spaces costing 10 doubloons "
     "(quarries take off up to 4), worth 4 VP, with 1 colonist circle; at the end, if "
     "occupied: 4 VP for fewer than 10 island tiles, 5 VP for 10, 6 VP for 11 and 7 VP for "
     "12 island tiles or more"),
    # role Builder: phase build, privilege discount 1 (PR6.1)
    ("puerto-rico", "Builder",
     "Builder (Builder): each player in turn may build one building; privilege: your "
     "building costs 1 doubloon less"),
    # ship Ship4: capacity 4
    ("puerto-rico", "Ship4",
     "Cargo ship (4 spaces) (Ship4): a cargo ship that holds 4 barrels of one good"),
    # bonus-tile B09: holds CA3 ("Tower"), players all
    ("tiletum", "B09",
     "the Tower coat of arms (B09), a bonus tile: taken into the warehouse, placed as a duty "
     "on an empty coat space of your board, paying that space's food for its bonus; nobody "
     "owns two coats of arms of one type; used in every game"),
    # contract-tile C10: holds K14 (pay wool 5, vp 7, extra: step merchant 1)
    ("tiletum", "C10",
     "the contract C10, a contract tile: taken into the warehouse, fulfilled as a duty: pay "
     "5 wool for 7 VP, and 1 free step for your merchant; used in every game"),
    # corruption: tokens 0 0 1 1 2 2, on-track 3
    ("tiletum", "Corruption",
     "the corruption tokens (Corruption): worth 0, 0, 1, 1, 2, 2; 3 are put face down on "
     "the track"),
    # cost CC1: stone 3, vp 1; CC9: closed
    ("tiletum", "CC1",
     "cathedral cost tile CC1: a contribution to a cathedral costs 3 stone and gives 1 VP"),
    ("tiletum", "CC9", "cathedral cost tile CC9: it closes the cathedral track"),
    # person-display: slots 5, cost 1
    ("tiletum", "PersonDisplay",
     "the person display (PersonDisplay): 5 persons on show; taking one costs 1 AP"),
    # political BL09: Marquis, blue deck, influence 3, reward: gain 1 tools
    ("lisboa", "BL09",
     "Marquis, blue 4 (BL09)\nMarquis card of the blue deck, influence 3.\n"
     "Reward when tucked: gain 1 tool.\n"
     "Reconstructed values: deck, type, influence, reward."),
]


@pytest.mark.parametrize(("name", "ident", "expected"), PINNED)
def test_a_component_reads_as_its_card_says(name: str, ident: str, expected: str) -> None:
    assert _text(name, ident) == expected


def test_a_blue_period_one_ship_sells_for_one_real_more() -> None:
    # ship BLUE1: color blue, period 1, hull 1, sale 1
    assert "+1 real per good sold" in _text("lisboa", "BLUE1")
    # noble Manuel: accepts tools gold; state-actions recruit-officials acquire-plan;
    # noble-action build-store; office 6 (R7.1: tools or gold for Manuel)
    assert _text("lisboa", "Manuel").splitlines()[1] == (
        "Noble: accepts tools or gold in trade for the state actions recruit officials and "
        "acquire plan; a visit's noble action: build store; an office of 6 officials.")


def test_building_a_building_named_with_a_vowel_takes_an() -> None:
    """PR6: "build an Indigo plant", not "build a Indigo plant" (the article from the
    printed name)."""
    import random

    from lisboa_core.api import apply, describe_move, is_over, legal_moves, new_game

    rules = game("puerto-rico").load_rules()
    state, rng, said = new_game(3, 0, game="puerto-rico"), random.Random(0), []
    while not is_over(state) and not said:
        moves = legal_moves(state)
        said = [describe_move(state, m) for m in moves if m.kind == "build"
                and rules.by_id[str(m.args[0])].name[:1] in "AEIOU"]
        state = apply(state, rng.choice(moves))
    assert said and all(text.startswith("build an ") for text in said)


# --- the sweep over every component of every game --------------------------------------------

_ENGINE_SPEAK = [
    (re.compile(r"(?<![\w.+-])1 (?:more |fewer )?[a-z]+[^s\W]s\b"), "a plural after 1"),
    (re.compile(r"\b[Aa] [AEIOUaeiou]\w"), "'a' before a vowel"),
    (re.compile(r"\bon [a-z-]+: "), "a raw trigger"),
    (re.compile(r"\ballows \w"), "a raw permission"),
    (re.compile(r"\b(?:store-kinds|store kinds|gain-by-kinds|draw-plantation|staff-tile|"
                r"private-ship|sell-duplicate|take-quarry|plus-ap|die-type)\b"),
     "a vocabulary word"),
    (re.compile(r"[?]|\.\s\.|\(\)"), "a placeholder"),
]


@pytest.mark.parametrize("name", SHIPPED)
def test_no_component_text_is_engine_speak(name: str) -> None:
    found = game(name)
    rules = found.load_rules()
    bad = []
    for _kind, ident in _ids(name):
        try:
            text = found.describe_component(rules, ident)
        except KeyError:
            bad.append(f"{ident}: no text")
            continue
        for pattern, what in _ENGINE_SPEAK:
            hit = pattern.search(text)
            if hit:
                bad.append(f"{ident}: {what}: {hit[0]!r} in {text!r}")
        if text.strip() in (ident, f"{ident} ({ident})"):
            bad.append(f"{ident}: a bare id")
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("name", SHIPPED)
def test_every_component_says_more_than_its_name(name: str) -> None:
    """``show ID``: each component's text goes beyond its name and id (what it is or does),
    save a favor, whose printed name is what the tile says."""
    found = game(name)
    rules = found.load_rules()
    bare = []
    for kind, ident, printed in _written(name):
        text = found.describe_component(rules, ident)
        said = [line for line in text.splitlines()
                if not line.startswith("Reconstructed values:")]
        rest = " ".join(said).replace(printed or ident, " ").replace(ident, " ")
        if len(re.findall(r"[A-Za-z]{2,}", rest)) < 3 and kind != "favor":
            bare.append(f"{kind} {ident}: {text!r}")
    assert not bare, "\n".join(bare[:20])


def test_show_prints_the_whole_text_of_a_tiletum_bonus_tile(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "tiletum", "cards", "show", "B09"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bonus-tile B09 {")
    assert "the Tower coat of arms (B09), a bonus tile: taken into the warehouse" in out
    assert main(["--game", "tiletum", "cards", "show", "Players3"]) == 0
    # setup Players3: dice-per-colour 3, dice-rolled 11, gold 1 3 5, vp 10, posts 8, pillars 7
    assert ("the setup for 3 players (Players3): 3 dice of each colour, 11 rolled each "
            "round; starting gold by seat 1, 3, 5") in capsys.readouterr().out
