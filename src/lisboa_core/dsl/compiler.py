"""Syntax tree to typed components: schemas, vocabulary checks and problem reporting.

Every problem is collected (never only the first) as a :class:`~lisboa_core.errors.Problem`
with a stable code; :data:`CODES` documents them.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from lisboa_core.dsl import ast
from lisboa_core.dsl import nodes as m
from lisboa_core.dsl.patterns import Mismatch
from lisboa_core.dsl.schemas import KindSchema, Spec
from lisboa_core.dsl.vocabulary import Vocabulary
from lisboa_core.errors import Problem

__all__ = ["CODES", "Compiler"]

CODES: dict[str, str] = {
    "LB001": "syntax error: the text does not follow the grammar",
    "LB101": "unknown key for this kind of component",
    "LB102": "a required key is missing",
    "LB103": "unknown word where an enumeration member is expected (good, colour, noble, ...)",
    "LB104": "a value is out of range or of the wrong type",
    "LB105": "the values after a key do not have the expected shape",
    "LB106": "a key that may appear once appears again",
    "LB107": "two keys that exclude each other are both present",
    "LB110": "unknown effect phrase",
    "LB111": "an effect is used where it cannot act",
    "LB112": "unknown hook, event, permission or scoring subject",
    "LB120": "duplicate id",
    "LB121": "reference to an unknown id",
    "LB130": "wrong number of components of a kind",
    "LB131": "a constraint stated by the rules is broken",
    "LB140": "provenance missing or naming a key the component does not have",
}


def _readable(pattern: str) -> str:
    """A pattern as an author writes it: ``<amount:minus>`` reads ``AMOUNT``."""
    return re.sub(r"<(\w+):[\w-]+>", lambda found: found.group(1).upper(), pattern)


def _near(word: str, option: str) -> bool:
    """A likely typo: each hyphen-separated part close to the option's part, so a word that
    names another thing (``build-ship`` for ``build-store``) is never offered as a fix."""
    parts, theirs = word.split("-"), option.split("-")
    return len(parts) == len(theirs) and all(
        a == b or difflib.SequenceMatcher(None, a, b).ratio() >= 0.6
        for a, b in zip(parts, theirs, strict=True)
    )


def _suggest(word: str, options: Iterable[str], *, choices: bool = False) -> str:
    """`` (did you mean 'x'?)`` for a likely typo; with ``choices``, when there is none,
    ``; the choices are a, b, c`` (short lists) so the author need not look them up."""
    known = sorted(set(options))
    close = [o for o in difflib.get_close_matches(word, known, n=3, cutoff=0.6) if _near(word, o)]
    if close:
        return f" (did you mean {close[0]!r}?)"
    if choices and known:
        shown = ", ".join(known[:40]) + (", ..." if len(known) > 40 else "")
        return f"; the choices are {shown}"
    return ""


_BEHAVIOUR_KEYS = ("modify", "allow", "on")


@attrs.frozen(slots=True)
class _Context:
    """What the effect being compiled may rely on (its trigger's event)."""

    provides: frozenset[str] = frozenset()
    unit: str | None = None


class Compiler:
    """Turns parsed files into typed components, collecting every problem."""

    def __init__(self, sources: dict[str, list[str]], vocabulary: Vocabulary) -> None:
        self.sources = sources
        self.vocabulary = vocabulary
        """The game's words the components are read against."""
        self.problems: list[Problem] = []
        self._effects_by_verb: dict[str, list[Any]] = {}
        for kind in vocabulary.effect_kinds():
            self._effects_by_verb.setdefault(kind.verb, []).append(kind)
        self._events = {e.name: e for e in vocabulary.all_events()}
        self._subject_words = {w: s for s in vocabulary.all_subjects() for w in s.words}
        self._hooks = {h.name: h for h in vocabulary.hooks}

    # --- reporting ---------------------------------------------------------------------

    def report(self, loc: ast.Loc, code: str, message: str) -> None:
        """Record one problem at ``loc``."""
        lines = self.sources.get(loc.file, [])
        line = lines[loc.line - 1] if 0 < loc.line <= len(lines) else ""
        self.problems.append(Problem(loc.file, loc.line, loc.column, code, message, line))

    def _mismatch(
        self, miss: Mismatch, values: Sequence[ast.Value], after: ast.Loc, what: str
    ) -> None:
        what = _readable(what)
        if miss.index < len(values):
            value = values[miss.index]
            if (
                miss.type is not None
                and miss.type.members
                and isinstance(value, ast.Word | ast.Ref)
            ):
                self.report(
                    value.loc,
                    "LB103",
                    f"unknown {miss.type.called} {value.text!r}"
                    f"{_suggest(value.text, miss.type.members)}; expected "
                    f"{miss.type.description}",
                )
                return
            code = "LB104" if miss.type is not None else "LB105"
            self.report(value.loc, code, f"{what}: expected {miss.expected}, found {value}")
        else:
            self.report(after, "LB105", f"{what}: expected {miss.expected} after it")

    # --- components --------------------------------------------------------------------

    def component(self, comp: ast.Component) -> Any | None:
        """Compile one component, or return ``None`` if it has problems."""
        schema = self.vocabulary.kinds.get(comp.kind)
        if schema is None:
            kinds = list(self.vocabulary.kinds)
            self.report(
                comp.loc, "LB101",
                f"unknown component kind {comp.kind!r}{_suggest(comp.kind, kinds, choices=True)}",
            )
            return None
        before = len(self.problems)
        specs = {s.key: s for s in schema.specs if s.key}
        allows_behaviour = any(s.form == "behaviour" for s in schema.specs)
        values: dict[str, Any] = {}
        seen: dict[str, ast.Item] = {}
        behaviour_items: list[ast.Item] = []
        provenance: m.Provenance | None = None
        provenance_item: ast.Field | None = None
        for item in comp.items:
            key = item.key.text
            if key == "provenance" and isinstance(item, ast.Field):
                if provenance_item is not None:
                    self.report(item.loc, "LB106", "'provenance' given twice")
                provenance_item = item
                provenance = self._provenance(item)
                continue
            if allows_behaviour and key in _BEHAVIOUR_KEYS:
                behaviour_items.append(item)
                continue
            spec = specs.get(key)
            if spec is None:
                options = [*specs, "provenance"]
                if allows_behaviour:
                    options += list(_BEHAVIOUR_KEYS)
                self.report(
                    item.key.loc,
                    "LB101",
                    f"unknown key {key!r} for a {comp.kind}{_suggest(key, options)}",
                )
                continue
            if key in seen and not spec.repeat:
                self.report(item.key.loc, "LB106", f"{key!r} given twice")
                continue
            seen[key] = item
            result = self._item(spec, item, comp)
            if result is _BAD:
                continue
            attr = spec.attr or key
            if spec.repeat:
                values.setdefault(attr, []).append(result)
            else:
                values[attr] = result
        for spec in schema.specs:
            if spec.required and spec.key and spec.key not in seen and spec.form != "behaviour":
                self.report(comp.loc, "LB102", f"{comp.kind} {comp.id} has no {spec.key!r}")
        if provenance_item is None:
            self.report(comp.loc, "LB140", f"{comp.kind} {comp.id} has no 'provenance'")
        elif provenance is not None:
            known = (
                set(specs)
                | {"all"}
                | ({*_BEHAVIOUR_KEYS, "behaviour"} if allows_behaviour else set())
            )
            for name, value in zip(
                provenance.reconstructed, provenance_item.values[1:], strict=False
            ):
                if name not in known:
                    self.report(
                        value.loc,
                        "LB140",
                        f"provenance names {name!r}, which is not a key of a "
                        f"{comp.kind}{_suggest(name, known)}",
                    )
        if allows_behaviour:
            values["behaviour"] = self.behaviour(behaviour_items)
        for spec in schema.specs:
            if spec.repeat and spec.attr:
                values[spec.attr] = tuple(values.get(spec.attr, ()))
        if len(self.problems) > before or provenance is None:
            return None
        return self._construct(schema, comp, values, provenance)

    def _construct(
        self,
        schema: KindSchema,
        comp: ast.Component,
        values: dict[str, Any],
        provenance: m.Provenance,
    ) -> Any | None:
        if self.vocabulary.finish is not None:
            values = self.vocabulary.finish(comp.kind, values)
        try:
            obj: Any = schema.cls(
                id=comp.id,
                name=comp.name or comp.id,
                provenance=provenance,
                loc=comp.loc,
                **values,
            )
        except TypeError as err:  # a key the class needs but the file left out (reported)
            self.report(comp.loc, "LB102", f"{comp.kind} {comp.id} is incomplete ({err})")
            return None
        return obj

    def _provenance(self, item: ast.Field) -> m.Provenance | None:
        values = item.values
        if (
            not values
            or not isinstance(values[0], ast.Word)
            or values[0].text not in ("rules", "reconstructed")
        ):
            shown = str(values[0]) if values else "nothing"
            self.report(
                values[0].loc if values else item.loc,
                "LB103",
                f"unknown provenance {shown!r}; expected rules or reconstructed "
                "followed by the reconstructed keys",
            )
            return None
        source = values[0].text
        keys = []
        for value in values[1:]:
            if not isinstance(value, ast.Word):
                self.report(value.loc, "LB105", f"provenance keys are words, found {value}")
                return None
            keys.append(value.text)
        if source == "rules" and keys:
            self.report(values[1].loc, "LB140", "'provenance rules' takes no keys")
            return None
        if source == "reconstructed" and not keys:
            self.report(
                values[0].loc,
                "LB140",
                "'provenance reconstructed' must name the reconstructed keys (or 'all')",
            )
            return None
        return m.Provenance(source, tuple(keys))

    def _item(self, spec: Spec, item: ast.Item, comp: ast.Component) -> Any:
        key = item.key.text
        if spec.form in ("field", "flag"):
            if not isinstance(item, ast.Field):
                self.report(
                    item.loc,
                    "LB105",
                    f"{key!r} is a plain field: write `{key} ...` "
                    "on one line, without ':' or braces",
                )
                return _BAD
            if spec.form == "flag":
                if item.values:
                    self.report(item.values[0].loc, "LB105", f"{key!r} takes no values")
                    return _BAD
                return True
            assert spec.pattern is not None
            bound = spec.pattern.match(item.values)
            if isinstance(bound, Mismatch):
                self._mismatch(bound, item.values, item.loc, f"{key} {spec.pattern.text}")
                return _BAD
            return spec.build(bound) if spec.build else bound
        if spec.form == "score":
            if not isinstance(item, ast.Field):
                self.report(item.loc, "LB105", "'score' is written on one line: score N per ...")
                return _BAD
            return self.score(item)
        if spec.form == "clause":
            if not isinstance(item, ast.Clause):
                self.report(item.loc, "LB105", f"{key!r} needs effects: `{key}: effect, ...`")
                return _BAD
            if item.values:
                self.report(item.values[0].loc, "LB105", f"'{key}:' takes no words before ':'")
                return _BAD
            return self.effects(item.effects, _Context())
        if spec.form == "section":
            if not isinstance(item, ast.Section):
                self.report(item.loc, "LB105", f"{key!r} needs a block: `{key} ... {{ ... }}`")
                return _BAD
            assert spec.pattern is not None
            bound = spec.pattern.match(item.values)
            if isinstance(bound, Mismatch):
                self._mismatch(bound, item.values, item.loc, f"{key} {spec.pattern.text}")
                return _BAD
            behaviour = self.behaviour(item.items)
            if spec.build is not None:
                return spec.build({**bound, "behaviour": behaviour})
            return behaviour
        raise AssertionError(spec.form)  # pragma: no cover

    # --- behaviour (passive items) -----------------------------------------------------

    def behaviour(self, items: Iterable[ast.Item]) -> m.Behaviour:
        """Compile ``modify`` / ``allow`` / ``on`` items."""
        modifiers: list[m.Modifier] = []
        permissions: list[m.Permission] = []
        triggers: list[m.Trigger] = []
        for item in items:
            key = item.key.text
            if key == "modify" and isinstance(item, ast.Field):
                mod = self._modifier(item)
                if mod:
                    modifiers.append(mod)
            elif key == "allow" and isinstance(item, ast.Field):
                words = [str(v) for v in item.values]
                permissions_known = self.vocabulary.permissions
                if len(words) != 1 or words[0] not in permissions_known:
                    where = item.values[0].loc if item.values else item.loc
                    shown = " ".join(words)
                    self.report(
                        where,
                        "LB112",
                        f"unknown permission {shown!r}"
                        f"{_suggest(shown, permissions_known, choices=True)}",
                    )
                else:
                    permissions.append(m.Permission(words[0], item.loc))
            elif key == "on" and isinstance(item, ast.Clause):
                trig = self._trigger(item)
                if trig:
                    triggers.append(trig)
            else:
                self.report(
                    item.key.loc,
                    "LB101",
                    f"unknown passive item {key!r}{_suggest(key, _BEHAVIOUR_KEYS)}; "
                    "expected `modify HOOK ...`, `allow ABILITY` or `on EVENT: effects`",
                )
        return m.Behaviour(tuple(modifiers), tuple(permissions), tuple(triggers))

    def _head(
        self, item: ast.Field | ast.Clause, table: dict[str, Any], noun: str, example: str
    ) -> tuple[Any, dict[str, Any]] | None:
        """Read ``KEY NAME rest...``: NAME looked up in ``table``, rest matched to its pattern."""
        if not item.values or not isinstance(item.values[0], ast.Word):
            self.report(item.loc, "LB105", f"`{item.key}` needs a {noun}, e.g. {example}")
            return None
        head = item.values[0]
        entry = table.get(head.text)
        if entry is None:
            self.report(
                head.loc, "LB112",
                f"unknown {noun} {head.text!r}{_suggest(head.text, table, choices=True)}",
            )
            return None
        rest = item.values[1:]
        bound = entry.pattern.match(rest)
        if isinstance(bound, Mismatch):
            self._mismatch(bound, rest, head.loc, f"{item.key} {entry.name} {entry.pattern.text}")
            return None
        return entry, bound

    def _modifier(self, item: ast.Field) -> m.Modifier | None:
        found = self._head(item, self._hooks, "hook", "modify HOOK -1")
        if found is None:
            return None
        hook, bound = found
        amount = bound.pop("amount")
        return m.Modifier(hook.name, amount, tuple(sorted(bound.items())), item.loc)

    def _trigger(self, item: ast.Clause) -> m.Trigger | None:
        found = self._head(item, self._events, "event", "on EVENT: effects")
        if found is None:
            return None
        event, bound = found
        provides = event.provides | ({"quantity"} if event.unit else set())
        body = self.effects(item.effects, _Context(provides, event.unit))
        return m.Trigger(event.name, bound.get("what"), body, item.loc)

    # --- effects -----------------------------------------------------------------------

    def effects(self, seq: ast.Sequence, ctx: _Context) -> m.Seq:
        """Compile a comma sequence of effects."""
        steps: list[m.Effect] = []
        for effect in seq.effects:
            compiled = self._effect(effect, ctx)
            if compiled is not None:
                steps.append(compiled)
        return m.Seq(tuple(steps), seq.loc)

    def _effect(self, effect: ast.Effect, ctx: _Context) -> m.Effect | None:
        if isinstance(effect, ast.Choice):
            options = tuple(self.effects(alt.body, ctx) for alt in effect.options)
            if len(options) < 2:
                self.report(effect.loc, "LB105", "a choice needs at least two options")
            if effect.up_to is not None and not 1 <= effect.up_to <= len(options):
                self.report(
                    effect.loc,
                    "LB104",
                    f"'choose up to {effect.up_to}' with {len(options)} options",
                )
            return m.Choose(options, effect.up_to, effect.loc)
        if isinstance(effect, ast.Optional):
            return m.May(self.effects(effect.body, ctx), effect.loc)
        if isinstance(effect, ast.Conditional):
            return self._conditional(effect, ctx)
        return self._phrase(effect, ctx)

    def _conditional(self, effect: ast.Conditional, ctx: _Context) -> m.If | None:
        """``if TEST QUANTITY (effects)``: the test from :data:`CONDITIONS`."""
        words = effect.words
        best: Mismatch | None = None
        for condition in self.vocabulary.conditions:
            bound = condition.pattern.match_prefix(words)
            if isinstance(bound, Mismatch):
                if best is None or bound.index > best.index:
                    best = bound
                continue
            binding, end = bound
            quantity = self._quantity(words[end:], effect.loc)
            body = self.effects(effect.body, ctx)
            if quantity is None:
                return None
            return m.If(condition.name, binding.get("count", 0), quantity, body, effect.loc)
        assert best is not None
        self._mismatch(
            best, words, effect.loc,
            "if at least N QUANTITY | if at most N QUANTITY | if most QUANTITY | "
            "if fewest QUANTITY",
        )
        return None

    def _phrase(self, phrase: ast.Phrase, ctx: _Context) -> m.Do | None:
        verb = phrase.verb.text
        by_verb = self._effects_by_verb
        kinds = by_verb.get(verb)
        if not kinds:
            self.report(
                phrase.loc, "LB110", f"unknown effect {verb!r}{_suggest(verb, by_verb)}"
            )
            return None
        best: Mismatch | None = None
        for kind in kinds:
            bound = kind.pattern.match((phrase.verb, *phrase.args))
            if isinstance(bound, Mismatch):
                if best is None or bound.index > best.index:
                    best = bound
                continue
            missing = kind.needs - ctx.provides
            if missing:
                where = self.vocabulary.contexts
                self.report(
                    phrase.loc,
                    "LB111",
                    f"'{kind.pattern.text}' only acts "
                    + " and ".join(where.get(n, f"inside `on {n}`") for n in sorted(missing)),
                )
                return None
            if "unit" in bound and "quantity" in kind.needs and ctx.unit != bound["unit"]:
                self.report(
                    phrase.loc,
                    "LB111",
                    f"'per {bound['unit']}' does not fit this event (its unit is {ctx.unit})",
                )
                return None
            return m.Do(kind.name, tuple(sorted(bound.items())), phrase.loc)
        assert best is not None
        words = (phrase.verb, *phrase.args)
        self._mismatch(best, words, words[-1].loc, " | ".join(k.pattern.text for k in kinds))
        return None

    # --- decrees -----------------------------------------------------------------------

    def score(self, item: ast.Field) -> Any:
        """Compile ``score N per ...`` / ``score N if most ...`` / ``score N if every type``."""
        values = item.values
        best: Mismatch | None = None
        for form in self.vocabulary.score_forms:
            if form.name == "every-type":
                bound_full = form.pattern.match(values)
                if isinstance(bound_full, dict):
                    what = str(values[-1]).rstrip("s")
                    subject = "stores" if what == "store" else "goods"
                    return m.Score(
                        "every-type", bound_full["wigs"], m.Quantity(subject), loc=item.loc
                    )
                if best is None or bound_full.index > best.index:
                    best = bound_full
                continue
            bound = form.pattern.match_prefix(values)
            if isinstance(bound, Mismatch):
                if best is None or bound.index > best.index:
                    best = bound
                continue
            binding, end = bound
            quantity = self._quantity(values[end:], item.loc)
            if quantity is None:
                return _BAD
            return m.Score(
                form.name, binding["wigs"], quantity, binding.get("every") or 1, item.loc,
                binding.get("count", 0),
            )
        assert best is not None
        self._mismatch(
            best,
            values,
            item.loc,
            "score N per [K] QUANTITY | score N if most QUANTITY | "
            "score N if fewest QUANTITY | score N if at least K QUANTITY | "
            "score N if every type of store|good",
        )
        return _BAD

    def _quantity(self, values: Sequence[ast.Value], loc: ast.Loc) -> m.Quantity | None:
        if not values or not isinstance(values[0], ast.Word):
            self.report(
                values[0].loc if values else loc,
                "LB105",
                "expected what to count (store, decree, influence, ...)",
            )
            return None
        head = values[0]
        table = self._subject_words
        subject = table.get(head.text)
        if subject is None:
            self.report(
                head.loc,
                "LB112",
                f"unknown scoring subject {head.text!r}"
                f"{_suggest(head.text, table, choices=True)}",
            )
            return None
        rest = values[1:]
        bound = subject.filters.match(rest)
        if isinstance(bound, Mismatch):
            self._mismatch(bound, rest, head.loc, f"{head.text} {subject.filters.text}")
            return None
        return m.Quantity(subject.name, tuple(sorted(bound.items())))


class _Bad:
    def __repr__(self) -> str:
        return "<bad>"


_BAD: Any = _Bad()


