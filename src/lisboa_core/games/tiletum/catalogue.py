"""Read Tiletum's card files (``cards/tiletum/*.lsb``) into a :class:`~.model.Rules`.

The files use the card language every game shares (``grammar/lisboa.lark``); this module is
the one place that knows Tiletum's component kinds and keys. Problems are reported at their
file, line and column (:class:`~lisboa_core.errors.CardValidationError`: LB101 unknown kind or
key, LB102 missing key, LB104 a wrong number, LB121 an unknown id, LB140 no provenance).

The kinds and keys are described in :mod:`lisboa_core.games.tiletum.language`: the reader
takes their required flags and defaults from there, refuses any key not described (LB101)
and checks after reading that it consulted exactly the described keys of every component
(:class:`~lisboa_core.dsl.keys.VocabularyDrift` otherwise).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

from lisboa_core.dsl import ast
from lisboa_core.dsl.catalogue import card_files
from lisboa_core.dsl.parser import parse_text_all_errors, read_card_file
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.errors import CardSyntaxError, CardValidationError, Problem
from lisboa_core.games.tiletum import model as m
from lisboa_core.games.tiletum.language import ACTIONS as _ACTIONS
from lisboa_core.games.tiletum.language import EFFECTS as _EFFECTS
from lisboa_core.games.tiletum.language import PLAYERS as _PLAYERS
from lisboa_core.games.tiletum.language import VOCABULARY

__all__ = ["KINDS", "default_cards", "load_rules", "parse_catalogue", "rules_by_digest"]

KINDS: Final = VOCABULARY.kind_names()
"""The component kinds of a Tiletum catalogue."""


class _Bad(Exception):
    def __init__(self, loc: ast.Loc, code: str, message: str) -> None:
        super().__init__(message)
        self.loc, self.code, self.message = loc, code, message


def _plain(value: ast.Value) -> str | int:
    return value.value if isinstance(value, ast.Int) else value.text


class _Comp:
    """One component's fields (key -> list of value lists) and clauses, with the keys the
    reader consulted (every consultation goes through the vocabulary)."""

    def __init__(self, comp: ast.Component) -> None:
        self.comp = comp
        self.keys = VOCABULARY.kind(comp.kind)
        self.used = {"provenance"}
        self.fields: dict[str, list[tuple[str | int, ...]]] = {}
        self.clauses: dict[str, list[tuple[tuple[str | int, ...], tuple[m.Effect, ...]]]] = {}
        self.provenance = False
        self.unknown: list[_Bad] = []
        described = {key.key for key in self.keys.keys}
        for item in comp.items:
            key = item.key.text
            if key not in described:
                self.unknown.append(_Bad(item.loc, "LB101",
                                         f"unknown key '{key}' for a {comp.kind}"))
                continue
            if isinstance(item, ast.Field):
                if key == "provenance":
                    self.provenance = bool(item.values)
                    continue
                self.fields.setdefault(key, []).append(tuple(_plain(v) for v in item.values))
            elif isinstance(item, ast.Clause):
                self.clauses.setdefault(key, []).append(
                    (tuple(_plain(v) for v in item.values), _effects(item.effects, item.loc)))
            else:
                raise _Bad(item.loc, "LB105", f"'{key}' takes no body in Tiletum cards")
        if not self.provenance:
            raise _Bad(comp.loc, "LB140", f"{comp.id}: no provenance line")
        for spec in self.keys.keys:
            if spec.required and spec.key not in self.fields and spec.key not in self.clauses \
                    and spec.key != "provenance":
                self.unknown.append(_Bad(comp.loc, "LB102",
                                         f"{comp.kind} {comp.id}: missing '{spec.key}'"))

    def _use(self, key: str) -> None:
        self.keys.key(key)  # VocabularyDrift if the vocabulary does not describe it
        self.used.add(key)

    def has(self, key: str) -> bool:
        self._use(key)
        return key in self.fields

    def all(self, key: str) -> list[tuple[str | int, ...]]:
        self._use(key)
        return self.fields.get(key, [])

    def clause(self, key: str) -> list[tuple[tuple[str | int, ...], tuple[m.Effect, ...]]]:
        self._use(key)
        return self.clauses.get(key, [])

    def consulted(self, *keys: str) -> None:
        """Keys a branch of the reader does not need for this component (a closed cost
        tile's price): still the kind's keys, so consulted for the drift check."""
        for key in keys:
            self._use(key)

    def one(self, key: str) -> tuple[str | int, ...]:
        found = self.all(key)
        if not found:
            raise _Bad(self.comp.loc, "LB102",
                       f"{self.comp.kind} {self.comp.id}: missing '{key}'")
        return found[0]

    def ints(self, key: str) -> tuple[int, ...]:
        values = self.one(key)
        if not all(isinstance(v, int) for v in values):
            raise _Bad(self.comp.loc, "LB104", f"{self.comp.id}: '{key}' takes numbers")
        return tuple(int(v) for v in values)

    def number(self, key: str) -> int:
        return self.ints(key)[0]

    def word(self, key: str) -> str:
        return str(self.one(key)[0])

    def players(self) -> int:
        word = self.word("players") if self.has("players") else self.keys.key("players").default
        return dict(zip(_PLAYERS, (2, 3, 4), strict=True)).get(str(word), 2)


def _effects(node: Any, loc: ast.Loc) -> tuple[m.Effect, ...]:
    if isinstance(node, ast.Phrase):
        if node.verb.text not in _EFFECTS:
            raise _Bad(node.verb.loc, "LB103", f"unknown effect {node.verb.text!r}")
        return ((node.verb.text, tuple(_plain(v) for v in node.args)),)
    if isinstance(node, ast.Sequence):
        return tuple(e for part in node.effects for e in _effects(part, loc))
    raise _Bad(loc, "LB105", "Tiletum effects are plain phrases joined by commas")


def _pairs(values: tuple[str | int, ...]) -> tuple[tuple[str, int], ...]:
    return tuple((str(values[i]), int(values[i + 1])) for i in range(0, len(values) - 1, 2))


def _cost(c: _Comp) -> m.CostTile:
    if c.has("closed"):
        c.consulted("stone", "vp")
        return m.CostTile(c.comp.id, 0, 0, True)
    return m.CostTile(c.comp.id, c.number("stone"), c.number("vp"), False)


def _build(comps: list[_Comp]) -> m.Rules:
    by: dict[str, list[_Comp]] = {}
    for c in comps:
        by.setdefault(c.comp.kind, []).append(c)

    def single(kind: str) -> _Comp:
        found = by.get(kind, [])
        if len(found) != 1:
            raise _Bad(ast.NOWHERE, "LB130", f"exactly one '{kind}' component is needed")
        return found[0]

    towns, posts = [], []
    for c in by.get("town", []):
        ids = []
        for values in c.all("post"):
            pid, mark, bonus = str(values[0]), str(values[1]), values[2:]
            ids.append(pid)
            posts.append(m.PostSpace(pid, c.comp.id, {"all": 2, "3": 3, "4": 4}[mark], bonus))
        space = c.all("bonus-space")
        towns.append(m.Town(c.comp.id, c.comp.name or c.comp.id, tuple(ids),
                            {"all": 2, "3": 3, "4": 4}[str(space[0][0])] if space else 0,
                            c.word("cathedral") if c.has("cathedral") else ""))
    roads = tuple(c.comp.id for c in by.get("road", []))
    names = {t.id for t in towns} | set(roads)
    edges = []
    for c in by.get("edge", []):
        a, b = (str(v) for v in c.one("between"))
        for end in (a, b):
            if end not in names:
                raise _Bad(c.comp.loc, "LB121", f"edge {c.comp.id}: unknown space {end!r}")
        edges.append((a, b))
    board = single("player-board")
    buildings = tuple(
        m.Building(str(v[0]), int(v[2]), int(v[4]), (str(v[6]), tuple(v[7:])))
        for v in board.all("building"))
    king = single("king-track")
    corruption = single("corruption")
    fair_spaces = single("fair-spaces")
    contracts = []
    for c in by.get("contract", []):
        extra = c.clause("extra")
        contracts.append(m.Contract(c.comp.id, _pairs(c.one("pay")), c.number("vp"),
                                    extra[0][1] if extra else ()))
    persons = []
    for c in by.get("person", []):
        for values, effects in c.clause("tile"):
            persons.append(m.PersonTile(str(values[0]), c.comp.id, c.word("icon"), c.players(),
                                        effects))
    coats = tuple(c.comp.id for c in by.get("coat", []))
    contract_ids = {k.id for k in contracts}

    def tile(c: _Comp) -> m.Tile:
        assistant = c.clause("assistant") if c.comp.kind == "bonus-tile" else []
        c.consulted("holds")
        if assistant:
            return m.Tile(c.comp.id, "assistant", "", c.players(), assistant[0][1])
        holds = c.word("holds")
        if holds in contract_ids:
            return m.Tile(c.comp.id, "contract", holds, c.players(), ())
        if holds in coats:
            return m.Tile(c.comp.id, "coat", holds, c.players(), ())
        raise _Bad(c.comp.loc, "LB121", f"{c.comp.id}: holds unknown {holds!r}")

    at = {c.comp.id: c.ints("at")[:2] for c in (*by.get("town", []), *by.get("road", []))
          if c.has("at")}
    for c in (*by.get("area", []), *by.get("action-tile", [])):
        if c.word("action") not in _ACTIONS:
            raise _Bad(c.comp.loc, "LB103", f"{c.comp.id}: unknown action {c.word('action')!r}")
    built = m.Rules(
        digest="",
        towns=tuple(towns), roads=roads, edges=tuple(edges), posts=tuple(posts),
        dice=tuple((c.comp.id, c.word("resource")) for c in by.get("die", [])),
        areas=tuple(c.word("action") for c in by.get("area", [])),
        action_tiles=tuple(c.word("action") for c in by.get("action-tile", [])),
        king_values=king.ints("values"), king_start=king.number("start"),
        king_last_vp=king.number("last-round-vp"),
        corruption=corruption.ints("tokens"), corruption_on_track=corruption.number("on-track"),
        cathedrals=tuple(m.Cathedral(c.comp.id, c.word("town"), c.number("pillars"),
                                     c.ints("tiles")) for c in by.get("cathedral", [])),
        costs=tuple(_cost(c) for c in by.get("cost", [])),
        fair_vp=fair_spaces.ints("vp"), first_fair_town=fair_spaces.word("first-town"),
        fairs=tuple(m.Fair(c.comp.id, tuple(str(v) for v in c.one("counts")), c.number("vp"))
                    for c in by.get("fair", [])),
        town_tiles=tuple((c.comp.id, c.word("town")) for c in by.get("town-tile", [])),
        contract_costs=single("contract-display").ints("costs"),
        person_slots=single("person-display").number("slots"),
        person_cost=single("person-display").number("cost"),
        warehouse=board.number("warehouse"), contract_spaces=board.ints("contract-spaces"),
        start_pillars=board.number("start-pillars"), buildings=buildings,
        completed_vp=board.ints("completed-vp"), resources_per_vp=board.number("resources-per-vp"),
        setups=tuple(m.Setup(c.number("players"), c.number("dice-per-colour"),
                             c.number("dice-rolled"),
                             c.ints("gold"),
                             tuple(int(dict(_pairs(c.one("start")))[r]) for r in m.RESOURCES),
                             c.number("vp"), c.number("posts"), c.number("pillars"))
                     for c in by.get("setup", [])),
        persons=tuple(persons), contracts=tuple(contracts), coats=coats,
        contract_tiles=tuple(tile(c) for c in by.get("contract-tile", [])),
        bonus_tiles=tuple(tile(c) for c in by.get("bonus-tile", [])),
    )
    built.extra["at"] = at
    built.extra["names"] = {c.comp.id: c.comp.name for c in comps if c.comp.name}
    built.extra["ids"] = {kind: tuple(c.comp.id for c in found) for kind, found in by.items()}
    return built


def parse_catalogue(files: Iterable[Path], overlay: Iterable[Path] = ()) -> m.Rules:
    """The catalogue of the given card files; ``overlay`` components replace those with the
    same id (or are added).

    :raises CardSyntaxError: for text that does not parse.
    :raises CardValidationError: for a component that breaks Tiletum's vocabulary.
    """
    syntax: list[Problem] = []
    problems: list[Problem] = []
    groups: list[list[_Comp]] = []
    lines: dict[str, list[str]] = {}
    for group in (list(files), list(overlay)):
        found: list[_Comp] = []
        for path in group:
            text, problem = read_card_file(path)
            if problem is not None:
                syntax.append(problem)
                continue
            lines[str(path)] = text.splitlines()
            tree, errors = parse_text_all_errors(text, str(path))
            syntax.extend(errors)
            for comp in tree.components:
                try:
                    if comp.kind not in KINDS:
                        raise _Bad(comp.loc, "LB101", f"unknown component kind {comp.kind!r}; "
                                   "the Tiletum kinds are " + ", ".join(KINDS))
                    found.append(_Comp(comp))
                except _Bad as bad:
                    problems.append(_problem(bad, lines))
        groups.append(found)
    if syntax:
        raise CardSyntaxError(syntax)
    if problems:
        raise CardValidationError(problems)
    base, extra = groups
    replaced = {c.comp.id: c for c in extra}
    comps = [replaced.pop(c.comp.id, c) for c in base] + [
        c for c in extra if c.comp.id in replaced]
    # Undescribed keys and missing required ones are reported after reading (with what the
    # reading found), so that a reader consulting an undescribed key is drift, not LB101.
    found_keys = [_problem(bad, lines) for group in groups for c in group for bad in c.unknown]
    try:
        rules = _build(comps)
    except (_Bad, KeyError, IndexError, ValueError) as err:
        broken = err if isinstance(err, _Bad) else _Bad(ast.NOWHERE, "LB105", str(err))
        problem = _problem(broken, lines)
        raise CardValidationError(
            [*found_keys, problem] if problem not in found_keys else found_keys) from None
    if found_keys:
        raise CardValidationError(found_keys)
    for c in comps:
        c.keys.check_read(c.used)
    digest = hashlib.sha256(repr(rules).encode()).hexdigest()[:16]
    # drawing positions, printed names and component ids: not rules, so not in the digest
    kept = {k: rules.extra[k] for k in ("at", "names", "ids")}
    rules = m.Rules(**{**rules.__dict__, "digest": digest, "extra": {}})
    rules.extra.update(kept)
    _REGISTERED[digest] = rules
    return rules


def _problem(bad: _Bad, lines: dict[str, list[str]]) -> Problem:
    text = lines.get(bad.loc.file, [])
    source = text[bad.loc.line - 1] if 0 < bad.loc.line <= len(text) else ""
    return Problem(bad.loc.file, bad.loc.line, bad.loc.column, bad.code, bad.message, source)


def default_cards() -> Path:
    """The folder of the shipped Tiletum cards."""
    return cards_dir("tiletum")


_REGISTERED: Final[dict[str, m.Rules]] = {}
_SHIPPED: list[m.Rules] = []


def load_rules(*paths: str | Path, overlay: Iterable[str | Path] = (),
               reload: bool = False) -> m.Rules:
    """The Tiletum catalogue: the shipped cards (no ``paths``) or the given files and
    folders; ``overlay`` files replace or add components by id. The shipped catalogue is
    read once per process unless ``reload``.

    Example::

        from lisboa_core.games.tiletum.catalogue import load_rules

        assert len(load_rules().towns) == 20
    """
    extra = card_files(overlay)
    if not paths and not extra and _SHIPPED and not reload:
        return _SHIPPED[0]
    rules = parse_catalogue(card_files(paths or (default_cards(),)), extra)
    if not paths and not extra:
        _SHIPPED[:] = [rules]
    return rules


def rules_by_digest(digest: str) -> m.Rules:
    """The catalogue a state was made with (loaded in this process, or the shipped one).

    :raises KeyError: if no catalogue with this digest was loaded.
    """
    found = _REGISTERED.get(digest)
    if found is None:
        shipped = load_rules()
        if shipped.digest == digest:
            return shipped
        raise KeyError(f"no Tiletum catalogue with digest {digest} was loaded")
    return found
