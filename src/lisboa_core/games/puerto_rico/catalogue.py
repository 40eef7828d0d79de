"""Read Puerto Rico's card files (``cards/puerto-rico/*.lsb``) into a :class:`Rules`.

The files are in the card language's syntax and are parsed by
:mod:`lisboa_core.dsl.parser`; what the keys mean is read here, with every problem reported
at its file, line and column (:class:`~lisboa_core.errors.CardValidationError`, the
card-language codes: LB101 unknown key, LB102 missing key, LB103 unknown word, LB104 a
wrong number, LB105 a wrong shape, LB106 a key given twice, LB112 an unknown ability kind,
LB120 a duplicate id, LB121 an unknown id, LB130 a wrong count, LB131 a broken constraint,
LB140 provenance).

What the cards may say (the component kinds, their keys, the ability kinds and words) is
described in :mod:`lisboa_core.games.puerto_rico.language`: each key's required flag, default
and lowest number are read from there, and after each component the reader checks it read
exactly the keys described, so the generated card-language reference cannot drift from it.
The grammar is the one every game shares (any lower-case kind word parses); a kind this game
does not have is LB101 at its place.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Final

from lisboa_core.core.memo import Memo
from lisboa_core.dsl import ast
from lisboa_core.dsl.catalogue import card_files
from lisboa_core.dsl.parser import parse_text_all_errors, read_card_file
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.errors import CardSyntaxError, CardValidationError, Problem
from lisboa_core.games.puerto_rico import model as m
from lisboa_core.games.puerto_rico.language import (
    END,
    EVENTS,
    MODIFIERS,
    PERMISSIONS,
    PHASES,
    PRIVILEGES,
    QUANTITIES,
    SCORES,
    TIEBREAK,
    VOCABULARY,
)

__all__ = [
    "EVENTS",
    "KINDS",
    "PERMISSIONS",
    "PHASES",
    "PRIVILEGES",
    "default_cards",
    "load_rules",
    "parse_catalogue",
    "rules_by_digest",
]

KINDS: Final = VOCABULARY.kind_names()
"""The component kinds of a Puerto Rico catalogue."""

class _Problems:
    def __init__(self) -> None:
        self.found: list[Problem] = []
        self.lines: dict[str, list[str]] = {}

    def add(self, loc: ast.Loc, code: str, message: str) -> None:
        lines = self.lines.get(loc.file, [])
        source = lines[loc.line - 1] if 0 < loc.line <= len(lines) else ""
        self.found.append(Problem(loc.file, loc.line, loc.column, code, message, source))


class _Reader:
    """The items of one component, read key by key; whatever is left is reported."""

    def __init__(self, comp: ast.Component, problems: _Problems) -> None:
        self.comp = comp
        self.problems = problems
        self.items: dict[str, list[ast.Field | ast.Clause | ast.Section]] = {}
        for item in comp.items:
            self.items.setdefault(item.key.text, []).append(item)
        self.used: set[str] = set()
        self.ok = True
        self.keys = VOCABULARY.kind(comp.kind)

    def bad(self, loc: ast.Loc, code: str, message: str) -> None:
        self.problems.add(loc, code, message)
        self.ok = False

    def fields(self, key: str) -> list[ast.Field]:
        self.keys.key(key)  # VocabularyDrift if the vocabulary does not describe it
        self.used.add(key)
        found = []
        for item in self.items.get(key, []):
            if isinstance(item, ast.Field):
                found.append(item)
            else:
                self.bad(item.loc, "LB105", f"'{key}' takes values on its line, not a body")
        return found

    def one(self, key: str) -> ast.Field | None:
        required = self.keys.key(key).required
        found = self.fields(key)
        if len(found) > 1:
            self.bad(found[1].loc, "LB106", f"'{key}' given twice")
        if not found:
            if required:
                self.bad(self.comp.loc, "LB102", f"{self.comp.kind} {self.comp.id} has no '{key}'")
            return None
        return found[0]

    def values(self, key: str) -> tuple[ast.Value, ...]:
        found = self.one(key)
        return () if found is None else found.values

    def count(self, key: str) -> int:
        spec = self.keys.key(key)
        found = self.one(key)
        if found is None:
            return spec.default if isinstance(spec.default, int) else spec.low
        return self.number(found.values, found.loc, key, spec.low)

    def number(self, values: tuple[ast.Value, ...], loc: ast.Loc, key: str, low: int = 0) -> int:
        if len(values) != 1 or not isinstance(values[0], ast.Int):
            self.bad(values[0].loc if values else loc, "LB105", f"{key}: expected one number")
            return low
        if values[0].value < low:
            self.bad(values[0].loc, "LB104",
                     f"{key}: expected a number {low} or more, found {values[0].value}")
        return values[0].value

    def word(self, key: str, choices: Iterable[str]) -> str:
        found = self.one(key)
        if found is None:
            return ""
        return self.choice(found.values[0] if found.values else None, found.loc, key,
                           tuple(choices), len(found.values) == 1)

    def choice(self, value: ast.Value | None, loc: ast.Loc, key: str, choices: tuple[str, ...],
               single: bool = True) -> str:
        if not single or not isinstance(value, ast.Word):
            self.bad(value.loc if value is not None else loc, "LB105",
                     f"{key}: expected one word of {', '.join(choices)}")
            return ""
        if value.text not in choices:
            self.bad(value.loc, "LB103",
                     f"unknown {key} '{value.text}'; expected one of {', '.join(choices)}")
        return value.text

    def refs(self, key: str) -> tuple[ast.Ref, ...]:
        required = self.keys.key(key).required
        found = self.one(key)
        if found is None:
            return ()
        refs = []
        for value in found.values:
            if isinstance(value, ast.Ref):
                refs.append(value)
            else:
                self.bad(value.loc, "LB105", f"{key}: expected component ids, found {value}")
        if not refs and required:
            self.bad(found.loc, "LB105", f"{key}: expected at least one component id")
        return tuple(refs)

    def provenance(self) -> m.Provenance:
        if "provenance" not in self.items:
            self.used.add("provenance")
            self.bad(self.comp.loc, "LB140", f"{self.comp.kind} {self.comp.id} has no provenance")
            return m.Provenance("rules")
        found = self.one("provenance")
        assert found is not None
        words = list(found.values)
        if not words or not isinstance(words[0], ast.Word) or words[0].text not in (
                "rules", "reconstructed"):
            self.bad(found.loc, "LB140", "provenance: expected 'rules' or 'reconstructed'")
            return m.Provenance("rules")
        source = words[0].text
        keys: list[str] = []
        cited: list[str] = []
        in_sources = False
        for value in words[1:]:
            if isinstance(value, ast.Word) and value.text == "source":
                in_sources = True
            elif in_sources and isinstance(value, ast.Ref):
                cited.append(value.text)
            elif not in_sources and source == "reconstructed" and isinstance(value, ast.Word):
                if value.text not in self.items and value.text != "all":
                    self.bad(value.loc, "LB140",
                             f"provenance names '{value.text}', a key {self.comp.id} lacks")
                keys.append(value.text)
            else:
                self.bad(value.loc, "LB140", f"provenance: unexpected {value}")
        if not cited:
            self.bad(found.loc, "LB140", "provenance: cite the sources ('source TAG ...')")
        if source == "reconstructed" and not keys:
            self.bad(found.loc, "LB140", "provenance reconstructed: name the keys (or 'all')")
        return m.Provenance(source, tuple(keys), tuple(cited))

    def finish(self) -> None:
        self.keys.check_read(self.used)
        for key, items in self.items.items():
            if key not in self.used:
                self.bad(items[0].loc, "LB101", f"unknown key '{key}' for a {self.comp.kind}")


def _base(r: _Reader) -> dict[str, Any]:
    c = r.comp
    return {"id": c.id, "name": c.name or c.id, "provenance": r.provenance(), "loc": c.loc}


def _good(r: _Reader) -> m.Good:
    flag = r.word("needs-building", ("yes", "no"))
    colour = r.values("colour")
    return m.Good(**_base(r), colour=str(colour[0]) if colour else "", count=r.count("count"),
                  price=r.count("price"), needs_building=flag == "yes")


def _tile(r: _Reader) -> m.IslandTile:
    plantation = r.comp.kind == "plantation"
    good = r.refs("good") if plantation else ()
    circles = r.count("circles")
    if circles != 1:
        r.bad(r.comp.loc, "LB131", f"{r.comp.id}: an island tile has one circle (PR0.1.6)")
    return m.IslandTile(
        **_base(r), kind=r.comp.kind, good=good[0].text if good else None,
        count=r.count("count"), circles=circles,
        discount=0 if plantation else r.count("discount"),
    )


def _ability(r: _Reader, item: ast.Field | ast.Clause | ast.Section) -> m.Ability | None:
    if item.key.text == "on":
        if not isinstance(item, ast.Clause) or len(item.values) != 1:
            r.bad(item.loc, "LB105", "on: expected 'on EVENT: EFFECT'")
            return None
        event = str(item.values[0])
        effects = item.effects.effects
        effect = effects[0] if len(effects) == 1 else None
        optional = isinstance(effect, ast.Optional)
        if isinstance(effect, ast.Optional) and len(effect.body.effects) == 1:
            effect = effect.body.effects[0]
        if not isinstance(effect, ast.Phrase):
            r.bad(item.loc, "LB105", "on: expected one effect, or may (one effect)")
            return None
        verb = effect.verb.text
        unit = EVENTS.get((event, verb))
        if unit is None:
            known = ", ".join(f"on {e}: {v}" for e, v in EVENTS)
            r.bad(effect.loc, "LB112", f"unknown ability 'on {event}: {verb}'; known: {known}")
            return None
        numbers = tuple(v.value for v in effect.args if isinstance(v, ast.Int))
        words = [v for v in effect.args if not isinstance(v, ast.Int)]
        if not numbers or (unit and [str(w) for w in words] != [unit]) or (not unit and words):
            r.bad(effect.loc, "LB105",
                  f"{verb}: expected numbers" + (f" then '{unit}'" if unit else ""))
        return m.Ability("on", event, verb, numbers, unit, optional, item.loc)
    if not isinstance(item, ast.Field) or not item.values or not isinstance(
            item.values[0], ast.Word):
        r.bad(item.loc, "LB105", f"{item.key.text}: expected a word")
        return None
    name = item.values[0].text
    if item.key.text == "allow":
        if name not in PERMISSIONS or len(item.values) != 1:
            r.bad(item.values[0].loc, "LB112",
                  f"unknown permission '{name}'; known: {', '.join(PERMISSIONS)}")
        return m.Ability("allow", name, loc=item.loc)
    if name not in MODIFIERS:
        r.bad(item.values[0].loc, "LB112",
              f"unknown modifier '{name}'; known: {', '.join(MODIFIERS)}")
    amount = r.number(item.values[1:], item.loc, f"modify {name}", 1)
    return m.Ability("modify", name, numbers=(amount,), loc=item.loc)


def _score(r: _Reader, item: ast.Field) -> m.ScoreRule | None:
    values = item.values
    if len(values) < 3 or not all(isinstance(v, ast.Word) for v in values[:2]) or not all(
            isinstance(v, ast.Int) for v in values[2:]):
        r.bad(item.loc, "LB105", "score: expected 'score KIND SUBJECT NUMBERS...'")
        return None
    kind, subject = str(values[0]), str(values[1])
    numbers = tuple(v.value for v in values[2:] if isinstance(v, ast.Int))
    if kind not in SCORES:
        r.bad(values[0].loc, "LB112", f"unknown score kind '{kind}'; known: {', '.join(SCORES)}")
    elif kind != "per-building" and subject not in QUANTITIES:
        r.bad(values[1].loc, "LB103",
              f"unknown quantity '{subject}'; expected one of {', '.join(QUANTITIES)}")
    elif (kind == "steps" and len(numbers) % 2) or (kind != "steps" and len(numbers) != 1):
        r.bad(values[2].loc, "LB105", f"score {kind}: wrong count of numbers")
    elif kind == "per-full" and numbers[0] < 1:
        r.bad(values[2].loc, "LB104", "score per-full: the divisor must be 1 or more")
    return m.ScoreRule(kind, subject, numbers, item.loc)


def _building(r: _Reader) -> m.Building:
    abilities = []
    for key in ("on", "allow", "modify"):
        r.keys.key(key)
        r.used.add(key)
        for item in r.items.get(key, []):
            found = _ability(r, item)
            if found is not None:
                abilities.append(found)
    scoring = [s for s in (_score(r, f) for f in r.fields("score")) if s is not None]
    produces = r.refs("produces")
    groups = r.values("group")
    return m.Building(
        **_base(r), cost=r.count("cost"), vp=r.count("vp"), column=r.count("column"),
        circles=r.count("circles"), spaces=r.count("spaces"), copies=r.count("copies"),
        produces=produces[0].text if produces else None,
        groups=tuple(str(g) for g in groups), abilities=tuple(abilities),
        scoring=tuple(scoring),
    )


def _role(r: _Reader) -> m.Role:
    phase = r.word("phase", PHASES)
    found = r.one("privilege")
    privilege, amount = "", 0
    if found is not None:
        privilege = r.choice(found.values[0] if found.values else None, found.loc,
                             "privilege", tuple(PRIVILEGES))
        acts, numbers = PRIVILEGES.get(privilege, ("", 0))
        if numbers:
            amount = r.number(found.values[1:], found.loc, f"privilege {privilege}", 1)
        elif len(found.values) > 1:
            r.bad(found.values[1].loc, "LB105", f"privilege {privilege}: expected nothing more")
        if acts and phase and acts != phase:
            r.bad(found.loc, "LB131",
                  f"privilege {privilege} acts in the {acts} phase, not in {phase}")
    return m.Role(**_base(r), phase=phase, privilege=privilege, amount=amount)


def _words(r: _Reader, key: str, choices: tuple[str, ...]) -> tuple[str, ...]:
    found = r.one(key)
    if found is None:
        return ()
    return tuple(r.choice(v, found.loc, key, choices) for v in found.values)


def _read(comp: ast.Component, problems: _Problems) -> m.Component | None:
    r = _Reader(comp, problems)
    kind = comp.kind
    made: m.Component
    if kind == "good":
        made = _good(r)
    elif kind in ("plantation", "quarry"):
        made = _tile(r)
    elif kind == "building":
        made = _building(r)
    elif kind == "role":
        made = _role(r)
    elif kind == "ship":
        made = m.CargoShip(**_base(r), capacity=r.count("capacity"))
    elif kind == "trading-house":
        made = m.TradingHouse(**_base(r), spaces=r.count("spaces"))
    elif kind == "board":
        made = m.GameBoard(**_base(r), columns=r.count("columns"),
                           role_bonus=r.count("role-bonus"), end=_words(r, "end", END),
                           tiebreak=_words(r, "tiebreak", TIEBREAK))
    elif kind == "player-board":
        made = m.PlayerMat(**_base(r), island=r.count("island"), city=r.count("city"),
                           keep_goods=r.count("keep-goods"))
    elif kind == "setup":
        made = m.Setup(
            **_base(r), players=r.count("players"), doubloons=r.count("doubloons"),
            colonists=r.count("colonists"), colonist_ship=r.count("colonist-ship"),
            refill_minimum=r.count("refill-minimum"), vp=r.count("vp"),
            ships=tuple(x.text for x in r.refs("ships")),
            roles=tuple(x.text for x in r.refs("roles")),
            start=tuple(x.text for x in r.refs("start")), face_up=r.count("face-up"),
        )
    else:
        problems.add(comp.loc, "LB001",
                     f"unknown component kind '{kind}'; the Puerto Rico kinds are "
                     + ", ".join(KINDS))
        return None
    r.finish()
    return made if r.ok else None


def _check(components: list[m.Component], problems: _Problems) -> None:
    """What holds across components: ids, references, counts and constraints."""
    by_id: dict[str, m.Component] = {}
    for c in components:
        if c.id in by_id:
            problems.add(c.loc, "LB120", f"duplicate id {c.id} (first at {by_id[c.id].loc})")
        by_id.setdefault(c.id, c)

    def ref(c: m.Component, target: str, cls: type, what: str) -> None:
        if not isinstance(by_id.get(target), cls):
            problems.add(c.loc, "LB121", f"{c.id}: {target} is not a known {what}")

    for kind, cls, low, high in (("board", m.GameBoard, 1, 1), ("player-board", m.PlayerMat, 1, 1),
                                 ("trading-house", m.TradingHouse, 1, 1),
                                 ("quarry", m.IslandTile, 0, 1), ("good", m.Good, 1, 99),
                                 ("setup", m.Setup, 1, 99)):
        count = sum(isinstance(c, cls) and (kind != "quarry" or getattr(c, "kind", "") == kind)
                    for c in components)
        if not low <= count <= high:
            where = components[0].loc if components else ast.NOWHERE
            problems.add(ast.Loc(where.file, 0, 0), "LB130",
                         f"expected {low}" + (f" to {high}" if high != low else "")
                         + f" {kind} components, found {count}")
    columns = next((c.columns for c in components if isinstance(c, m.GameBoard)), 99)
    for c in components:
        if isinstance(c, m.IslandTile) and c.good is not None:
            ref(c, c.good, m.Good, "good")
        elif isinstance(c, m.Building):
            if c.produces is not None:
                ref(c, c.produces, m.Good, "good")
            if c.column > columns:
                problems.add(c.loc, "LB131", f"{c.id}: column {c.column} beyond the board's "
                             f"{columns}")
        elif isinstance(c, m.Setup):
            for target in c.ships:
                ref(c, target, m.CargoShip, "cargo ship")
            for target in c.roles:
                ref(c, target, m.Role, "role card")
            for target in c.start:
                found = by_id.get(target)
                if not isinstance(found, m.IslandTile) or found.kind != "plantation":
                    problems.add(c.loc, "LB121", f"{c.id}: {target} is not a known plantation")
            if len(c.start) != c.players:
                problems.add(c.loc, "LB131",
                             f"{c.id}: {len(c.start)} starting plantations for {c.players} seats")
            if len(set(c.roles)) != len(c.roles) or len(c.roles) <= c.players:
                problems.add(c.loc, "LB131",
                             f"{c.id}: needs more distinct role cards than players")
            if len(set(c.ships)) != len(c.ships):
                problems.add(c.loc, "LB131", f"{c.id}: a cargo ship listed twice")
    counts = [c.players for c in components if isinstance(c, m.Setup)]
    if len(set(counts)) != len(counts):
        problems.add(ast.NOWHERE, "LB131", "two setup tables for one player count")


def parse_catalogue(files: Iterable[Path], overlay: Iterable[Path] = ()) -> m.Rules:
    """The catalogue of the given card files; ``overlay`` files replace components by id
    (or add them).

    :raises CardSyntaxError: for text that does not parse.
    :raises CardValidationError: for a component that breaks the vocabulary or the counts.
    """
    problems = _Problems()
    syntax: list[Problem] = []
    parsed: list[list[m.Component]] = []
    for group in (list(files), list(overlay)):
        found: list[m.Component] = []
        for path in group:
            text, problem = read_card_file(path)
            if problem is not None:
                syntax.append(problem)
                continue
            name = str(path)
            problems.lines[name] = text.splitlines()
            tree, errors = parse_text_all_errors(text, name)
            syntax.extend(
                Problem(e.file, e.line, e.column, e.code, e.message, _line(text, e.line))
                for e in errors)
            for comp in tree.components:
                if comp.kind not in KINDS:
                    problems.add(comp.loc, "LB101", f"unknown component kind {comp.kind!r}; "
                                 "the Puerto Rico kinds are " + ", ".join(KINDS))
                    continue
                made = _read(comp, problems)
                if made is not None:
                    found.append(made)
        parsed.append(found)
    if syntax:
        raise CardSyntaxError(syntax)
    base, extra = parsed
    replaced = {c.id: c for c in extra}
    for c in base:  # an overlay replaces a component of its own kind only (issue 24.4)
        new = replaced.get(c.id)
        if new is not None and type(new) is not type(c):
            problems.add(new.loc, "LB120", f"{new.id}: the id of a {type(c).__name__} "
                         f"(defined at {c.loc}); an overlay component replaces only one "
                         f"of its own kind")
            replaced[c.id] = c
    components = [replaced.pop(c.id, c) for c in base] + [
        c for c in extra if c.id in replaced]
    _check(components, problems)
    if problems.found:
        raise CardValidationError(problems.found)
    digest = hashlib.sha256(repr(tuple(components)).encode()).hexdigest()[:16]

    def typed(cls: type[Any], test: Callable[[Any], bool] = lambda _c: True) -> tuple[Any, ...]:
        return tuple(c for c in components if isinstance(c, cls) and test(c))

    tiles = typed(m.IslandTile)
    goods_word = {g.id: g.word for g in typed(m.Good)}
    tiles = tuple(
        m.IslandTile(id=t.id, name=t.name, provenance=t.provenance, loc=t.loc, kind=t.kind,
                     good=t.good, count=t.count, circles=t.circles, discount=t.discount,
                     good_word=goods_word.get(t.good or "", ""))
        for t in tiles
    )
    tile_ids = {t.id: t for t in tiles}
    components = [tile_ids.get(c.id, c) if isinstance(c, m.IslandTile) else c
                  for c in components]
    rules = m.Rules(
        components=tuple(components), digest=digest, goods=typed(m.Good), tiles=tiles,
        buildings=typed(m.Building), roles=typed(m.Role), ships=typed(m.CargoShip),
        trading_house=typed(m.TradingHouse)[0], board=typed(m.GameBoard)[0],
        mat=typed(m.PlayerMat)[0], setups=typed(m.Setup),
    )
    _REGISTERED[rules.digest] = rules
    return rules


def _line(text: str, number: int) -> str:
    lines = text.splitlines()
    return lines[number - 1] if 0 < number <= len(lines) else ""


def default_cards() -> Path:
    """The folder of the shipped Puerto Rico cards."""
    return cards_dir("puerto-rico")


_REGISTERED: Final[dict[str, m.Rules]] = {}
_CACHE: Final[Memo[tuple[Any, ...], m.Rules]] = Memo("puerto_rico.catalogue._CACHE", 8, evict=1)


def _stamp(files: list[Path]) -> tuple[tuple[str, int, int], ...]:
    out = []
    for path in files:
        try:
            st = os.stat(path)
            out.append((str(path), st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((str(path), -1, -1))
    return tuple(out)


def load_rules(*paths: str | Path, overlay: Iterable[str | Path] = (),
               reload: bool = False) -> m.Rules:
    """The Puerto Rico catalogue: the shipped cards (no ``paths``) or the given card files
    and folders (every ``*.lsb`` inside); ``overlay`` files replace or add components by id.
    Loaded once per content (the files' names, times and sizes), unless ``reload``.

    Example::

        from lisboa_core.games.puerto_rico.catalogue import load_rules

        assert load_rules() is load_rules()
    """
    files = card_files(paths or (default_cards(),))
    extra = card_files(overlay)
    key = (_stamp(files), _stamp(extra))
    found = None if reload else _CACHE.get(key)
    if found is None:
        found = parse_catalogue(files, extra)
        _CACHE.put(key, found)
    return found


def rules_by_digest(digest: str) -> m.Rules:
    """The catalogue a state was made with (loaded in this process, or the shipped one).

    :raises KeyError: if no catalogue with this digest was loaded.
    """
    found = _REGISTERED.get(digest)
    if found is None:
        shipped = load_rules()
        if shipped.digest == digest:
            return shipped
        raise KeyError(f"no Puerto Rico catalogue with digest {digest} was loaded")
    return found
