"""Balance studies: the same games played with two catalogues, and what changed (any game).

:func:`compare` plays ``games`` paired games: game ``i`` has the same seed and the same bots
in the same seats under catalogue A and catalogue B, so the only difference between a pair
is the cards. It reports, each with a 95% confidence interval:

* win rates per bot and per seat under A and B (Wilson intervals) and their paired
  difference (normal approximation on the per-game differences);
* the mean points (Lisboa: wigs) per seat of every score category of the game, the points
  before final scoring and the total, under A and B, and the paired difference;
* the cards whose text differs (added, removed, changed) and, for each, the paired
  difference in mean total points over the games where the card was used (its id appears in a
  move of the game under A or B) and over the others.

A difference whose interval contains 0 is reported as "no significant difference"; one
that is the same in every pair has no spread to build an interval from and says so (and a
win rate that is 0% or 100% under both catalogues says the bots tell nothing apart: "no
information"). The catalogues are named by their labels (``lisboa balance`` gives the files
it was given). The report prints as a table (:meth:`BalanceReport.to_text`), travels as JSON
(:meth:`BalanceReport.to_dict`) and renders as an HTML page with plots
(:meth:`BalanceReport.to_html`, extra ``lisboa_core[balance]`` for matplotlib).
"""

from __future__ import annotations

import base64
import html
import io
import math
import statistics
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from lisboa_core.errors import LisboaError
from lisboa_core.games import Game, chosen_game
from lisboa_core.games import game as _game
from lisboa_core.persistence.files import write_atomic
from lisboa_core.studies.simulation import BotSpec, GameResult, bot_name, simulate

__all__ = [
    "BalanceReport", "CardEffect", "Difference", "Rate", "changed_cards", "compare",
    "load_catalogue",
]

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution


@attrs.frozen(slots=True)
class Rate:
    """A win rate with its 95% Wilson interval (``wins`` may be fractional: a shared win
    counts 1/k for each of the k winners).

    Example::

        from lisboa_core.studies.balance import Rate

        rate = Rate.of(5, 10)
        assert rate.value == 0.5 and rate.low < 0.5 < rate.high
    """

    wins: float
    trials: int
    value: float
    low: float
    high: float

    @classmethod
    def of(cls, wins: float, trials: int) -> Rate:
        """The rate ``wins / trials`` and its Wilson interval."""
        if trials <= 0:
            return cls(wins, trials, 0.0, 0.0, 1.0)
        p = wins / trials
        denominator = 1 + Z95**2 / trials
        centre = (p + Z95**2 / (2 * trials)) / denominator
        half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
        return cls(wins, trials, p, max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen(slots=True)
class Difference:
    """A paired difference B - A: the mean of per-game differences with its 95% interval
    (normal approximation; with fewer than two games the interval is unbounded).

    Example::

        from lisboa_core.studies.balance import Difference

        same = Difference.of([0.0, 0.0, 0.0])
        assert same.mean == 0 and not same.significant
        assert Difference.of([2.0, 3.0, 2.5, 3.5]).significant
    """

    mean: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, differences: Sequence[float]) -> Difference:
        """The mean of ``differences`` and its interval."""
        n = len(differences)
        if n == 0:
            return cls(0.0, -math.inf, math.inf, 0)
        mean = statistics.fmean(differences)
        if n == 1:
            return cls(mean, -math.inf, math.inf, 1)
        half = Z95 * statistics.stdev(differences) / math.sqrt(n)
        return cls(mean, mean - half, mean + half, n)

    @property
    def significant(self) -> bool:
        """Whether the interval leaves out 0."""
        return self.low > 0 or self.high < 0

    @property
    def degenerate(self) -> bool:
        """Whether every pair gave the same difference (two or more of them): no spread, so
        the normal interval has no width and says nothing about other games."""
        return self.n >= 2 and self.low == self.high

    def verdict(self) -> str:
        """``"no significant difference"``, which way it goes, or, when every pair gave
        the same difference, ``"the same in every pair"`` (``"higher with B in every
        pair"`` ...); ``"no game to compare"`` without pairs."""
        if self.n == 0:
            return "no game to compare"
        if self.degenerate:
            if self.mean == 0:
                return "the same in every pair"
            return "higher with B in every pair" if self.mean > 0 else "lower with B in every pair"
        if not self.significant:
            return "no significant difference"
        return "higher with B" if self.mean > 0 else "lower with B"


@attrs.frozen(slots=True)
class CardEffect:
    """A card whose text differs between the catalogues, and how the games that used it
    compare with the others (paired difference of the mean total wigs per seat).

    Example::

        from lisboa_core.studies.balance import CardEffect, Difference

        card = CardEffect("XD99", "changed", 1, Difference.of([1.0]), Difference.of([]))
        assert card.change == "changed" and card.games_used == 1
    """

    card: str
    change: str  # added | removed | changed
    games_used: int
    used: Difference
    unused: Difference


@attrs.frozen(slots=True)
class BalanceReport:
    """What :func:`compare` found. ``rates_a``/``rates_b`` and ``win_shift`` are keyed by
    bot name and by ``seat N``; ``categories_a``/``categories_b`` (means) and
    ``category_shift`` by category (``so_far``, the score categories, ``total``).

    Example::

        from lisboa_core import load_rules
        from lisboa_core.studies.balance import compare

        report = compare(load_rules(), load_rules(), players=2, games=2, seed=1,
                         bots=["random"])
        assert report.changed_cards == () and "no significant difference" in report.to_text()
    """

    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    catalogue_a: str
    catalogue_b: str
    rates_a: dict[str, Rate]
    rates_b: dict[str, Rate]
    win_shift: dict[str, Difference]
    categories_a: dict[str, float]
    categories_b: dict[str, float]
    category_shift: dict[str, Difference]
    changed_cards: tuple[CardEffect, ...]
    totals_a: tuple[int, ...] = attrs.field(repr=False)
    totals_b: tuple[int, ...] = attrs.field(repr=False)
    game: str = "lisboa"
    label_a: str = ""
    """What catalogue A is called in the report (``lisboa balance``: the files given);
    empty: its digest."""
    label_b: str = ""
    """What catalogue B is called in the report; empty: its digest."""

    @property
    def name_a(self) -> str:
        """Catalogue A in the report: its label and digest (``shipped (catalogue 3edc...)``)."""
        return _named(self.label_a, self.catalogue_a)

    @property
    def name_b(self) -> str:
        """Catalogue B in the report: its label and digest."""
        return _named(self.label_b, self.catalogue_b)

    def win_verdict(self, key: str) -> str:
        """The verdict on the win rate of ``key`` (a bot or ``seat N``): as
        :meth:`Difference.verdict`, except that a bot that won every game (or none) under
        both catalogues, or that plays every seat, tells nothing about the cards: ``"no
        information: ..."``."""
        shift, a, b = self.win_shift[key], self.rates_a[key], self.rates_b[key]
        if key in self.bots and len(set(self.bots)) == 1:
            return f"no information: every seat is played by {key}"
        if key in self.bots and shift.degenerate and {a.value, b.value} <= {0.0, 1.0} \
                and a.value == b.value:
            won = "won every game" if a.value == 1.0 else "won no game"
            return f"no information: {key} {won} under A and B"
        return shift.verdict()

    def to_dict(self) -> dict[str, Any]:
        """The report as plain JSON values (infinite interval ends become ``null``)."""

        def diff(d: Difference, verdict: str | None = None) -> dict[str, Any]:
            return {"mean": d.mean, "low": _finite(d.low), "high": _finite(d.high), "n": d.n,
                    "degenerate": d.degenerate, "verdict": verdict or d.verdict()}

        return {
            "players": self.players, "games": self.games, "seed": self.seed,
            "bots": list(self.bots), "catalogue_a": self.catalogue_a,
            "catalogue_b": self.catalogue_b, "label_a": self.label_a, "label_b": self.label_b,
            "win_rates": {
                key: {"a": attrs.asdict(self.rates_a[key]), "b": attrs.asdict(self.rates_b[key]),
                      "shift": diff(self.win_shift[key], self.win_verdict(key))}
                for key in self.rates_a
            },
            "categories": {
                key: {"a": self.categories_a[key], "b": self.categories_b[key],
                      "shift": diff(self.category_shift[key])}
                for key in self.categories_a
            },
            "changed_cards": [
                {"card": c.card, "change": c.change, "games_used": c.games_used,
                 "used": diff(c.used), "unused": diff(c.unused)}
                for c in self.changed_cards
            ],
            "totals": {"a": list(self.totals_a), "b": list(self.totals_b)},
            **({} if _game(self.game).unnamed else {"game": self.game}),
        }

    def to_text(self) -> str:
        """The report as tables for the terminal."""
        found = _game(self.game)
        title = "" if found.unnamed else f"{found.title}: "
        lines = [
            f"{title}{self.games} paired game(s) of {self.players} players from seed "
            f"{self.seed}; bots {','.join(self.bots)}",
            f"A = {self.name_a}", f"B = {self.name_b}",
            "", f"{'win rate':<16}{'A':>8}{'B':>8}{'B - A (95% CI)':>26}  verdict",
        ]
        for key, shift in self.win_shift.items():
            verdict = self.win_verdict(key)
            shown = "n/a" if verdict.startswith("no information") else _interval(shift, True)
            lines.append(
                f"{key:<16}{self.rates_a[key].value:>8.1%}{self.rates_b[key].value:>8.1%}"
                f"{shown:>26}  {verdict}"
            )
        per_seat = f"{found.points_name} per seat"
        lines += ["", f"{per_seat:<16}{'A':>8}{'B':>8}{'B - A (95% CI)':>26}  verdict"]
        for key, shift in self.category_shift.items():
            lines.append(
                f"{key.replace('_', ' '):<16}{self.categories_a[key]:>8.2f}"
                f"{self.categories_b[key]:>8.2f}{_interval(shift):>26}  {shift.verdict()}"
            )
        lines.append("")
        if not self.changed_cards:
            lines.append("changed cards: none (the catalogues say the same)")
        else:
            lines.append(f"{'changed card':<16}{'change':>8}{'used in':>9}  "
                         f"total {found.points_name} B - A where used / elsewhere")
            for c in self.changed_cards:
                lines.append(
                    f"{c.card:<16}{c.change:>8}{c.games_used:>9}  {_interval(c.used)} "
                    f"({c.used.verdict()}) / {_interval(c.unused)} ({c.unused.verdict()})"
                )
        return "\n".join(lines)

    def to_html(self, path: str | Path) -> Path:
        """Write an HTML report with plots (win rates, the per-category difference B - A
        with its interval, the changed cards' usage and effect, the mean points per
        category, the distribution of totals) embedded as PNG images; returns the path.
        Needs matplotlib (extra ``lisboa_core[balance]``)."""
        try:
            import matplotlib

            matplotlib.use("Agg")
            from matplotlib import pyplot as plt
        except ImportError:
            raise LisboaError(
                "the HTML report needs matplotlib: pip install 'lisboa_core[balance]'"
            ) from None
        points = _game(self.game).points_name
        names = (f"A: {self.label_a or self.catalogue_a[:12]}",
                 f"B: {self.label_b or self.catalogue_b[:12]}")
        figures = [
            _bars(plt, "Win rate (95% interval)", list(self.rates_a),
                  [r.value for r in self.rates_a.values()],
                  [r.value for r in self.rates_b.values()],
                  [_error_bar(r) for r in self.rates_a.values()],
                  [_error_bar(r) for r in self.rates_b.values()], names=names),
            _shifts(plt, f"{points.capitalize()} per seat, B - A (95% interval), by category",
                    {key.replace("_", " "): d for key, d in self.category_shift.items()},
                    points),
            _bars(plt, f"Mean {points} per seat", list(self.categories_a),
                  list(self.categories_a.values()), list(self.categories_b.values()),
                  names=names),
            _histogram(plt, self.totals_a, self.totals_b, points, names),
        ]
        if self.changed_cards:
            figures.insert(2, _cards_plot(plt, self.changed_cards, self.games, points))
        target = Path(path)
        write_atomic(target, _page(self, figures))  # a failure part-way keeps an earlier file
        return target


def _named(label: str, digest: str) -> str:
    return f"{label} (catalogue {digest[:12]})" if label else f"catalogue {digest[:12]}"


def _error_bar(rate: Rate) -> tuple[float, float]:
    """The distances from a rate down and up to its interval's ends (never below 0: the
    ends are computed in floating point)."""
    return max(0.0, rate.value - rate.low), max(0.0, rate.high - rate.value)


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def _interval(d: Difference, percent: bool = False) -> str:
    def show(value: float) -> str:
        if not math.isfinite(value):
            return "-inf" if value < 0 else "inf"
        return f"{value:+.1%}" if percent else f"{value:+.2f}"

    if d.n == 0:
        return "n/a"
    if d.degenerate:  # a zero-width interval would claim a certainty the games do not give
        return f"{show(d.mean)} [no spread]"
    return f"{show(d.mean)} [{show(d.low)}, {show(d.high)}]"


def _png(plt: Any, figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _bars(plt: Any, title: str, labels: list[str], a: list[float], b: list[float],
          err_a: list[tuple[float, float]] | None = None,
          err_b: list[tuple[float, float]] | None = None,
          names: tuple[str, str] = ("A", "B")) -> str:
    figure, axes = plt.subplots(figsize=(8, 3.5))
    xs = range(len(labels))
    width = 0.4

    def yerr(err: list[tuple[float, float]] | None) -> Any:
        return None if err is None else [[e[0] for e in err], [e[1] for e in err]]

    axes.bar([x - width / 2 for x in xs], a, width, label=names[0], yerr=yerr(err_a),
             capsize=3)
    axes.bar([x + width / 2 for x in xs], b, width, label=names[1], yerr=yerr(err_b),
             capsize=3)
    axes.set_xticks(list(xs), labels, rotation=30, ha="right")
    axes.set_title(title)
    axes.legend()
    return _png(plt, figure)


def _shifts(plt: Any, title: str, shifts: dict[str, Difference], unit: str) -> str:
    """Each difference B - A as a point with its interval (none drawn where the interval
    is unbounded or has no spread), around a line at 0."""
    figure, axes = plt.subplots(figsize=(8, 0.6 + 0.35 * max(len(shifts), 1)))
    ys = list(range(len(shifts)))[::-1]
    for y, d in zip(ys, shifts.values(), strict=True):
        bounded = math.isfinite(d.low) and math.isfinite(d.high) and not d.degenerate
        colour = "tab:red" if d.significant and not d.degenerate else "tab:blue"
        axes.errorbar([d.mean], [y], xerr=[[d.mean - d.low], [d.high - d.mean]]
                      if bounded else None, fmt="o", color=colour, capsize=4)
    axes.axvline(0, color="grey", linewidth=1)
    axes.set_yticks(ys, list(shifts))
    axes.set_xlabel(f"B - A ({unit}; red: the interval leaves out 0)")
    axes.set_title(title)
    return _png(plt, figure)


def _cards_plot(plt: Any, cards: Sequence[CardEffect], games: int, points: str) -> str:
    """The changed cards: in how many games each was used, and the difference B - A of
    the mean total in those games with its interval."""
    figure, (used, effect) = plt.subplots(
        1, 2, figsize=(9, 0.8 + 0.35 * len(cards)), sharey=True)
    ys = list(range(len(cards)))[::-1]
    used.barh(ys, [c.games_used for c in cards], color="tab:grey")
    used.set_xlim(0, games)
    used.set_yticks(ys, [f"{c.card} ({c.change})" for c in cards])
    used.set_xlabel(f"games where used (of {games})")
    used.set_title("Changed cards: usage")
    for y, c in zip(ys, cards, strict=True):
        d = c.used
        bounded = math.isfinite(d.low) and math.isfinite(d.high) and not d.degenerate
        effect.errorbar([d.mean], [y], xerr=[[d.mean - d.low], [d.high - d.mean]]
                        if bounded else None, fmt="o", capsize=4)
    effect.axvline(0, color="grey", linewidth=1)
    effect.set_xlabel(f"total {points} per seat, B - A, where used")
    effect.set_title("Changed cards: effect (95% interval)")
    return _png(plt, figure)


def _histogram(plt: Any, a: Sequence[int], b: Sequence[int], points: str,
               names: tuple[str, str] = ("A", "B")) -> str:
    figure, axes = plt.subplots(figsize=(8, 3.5))
    axes.hist([list(a), list(b)], bins=20, label=list(names))
    axes.set_title(f"Final totals ({points}), every seat of every game")
    axes.legend()
    return _png(plt, figure)


def _page(report: BalanceReport, figures: list[str]) -> str:
    images = "\n".join(f'<img alt="plot {i + 1}" src="data:image/png;base64,{png}">'
                       for i, png in enumerate(figures))
    title = html.escape(_game(report.game).title)
    return (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{title} balance study</title>"
        "<style>body{font-family:sans-serif;margin:2em}pre{background:#f4f4f4;"
        "padding:1em}img{display:block;margin:1em 0}</style></head><body>\n"
        f"<h1>{title} balance study</h1>\n"
        f"<p>A = {html.escape(report.name_a)}<br>B = {html.escape(report.name_b)}</p>\n"
        f"<pre>{html.escape(report.to_text())}</pre>\n{images}\n</body></html>\n"
    )


def _texts(rules: Any) -> dict[str, object]:
    # A catalogue need only have a digest: one that does not iterate over its components
    # (one indexed by id alone, which Python would otherwise iterate by 0, 1, ...) has no
    # cards to compare.
    if not hasattr(type(rules), "__iter__"):
        return {}
    return {c.id: c for c in rules}


def changed_cards(rules_a: Any, rules_b: Any) -> list[tuple[str, str]]:
    """The ids whose components differ between the catalogues, with ``added``,
    ``removed`` or ``changed`` (file positions do not count).

    Example::

        from lisboa_core import load_rules
        from lisboa_core.studies.balance import changed_cards

        assert changed_cards(load_rules(), load_rules()) == []
    """
    a, b = _texts(rules_a), _texts(rules_b)
    found = [(i, "removed") for i in a if i not in b]
    found += [(i, "added") for i in b if i not in a]
    found += [(i, "changed") for i in a if i in b and a[i] != b[i]]
    return sorted(found)


def _uses(result: GameResult, card: str) -> bool:
    return any(card in move.split() for move in result.moves)


def _mean_total(result: GameResult) -> float:
    return statistics.fmean(result.totals)


def _seat_shares(result: GameResult) -> dict[str, float]:
    """Each bot's and each seat's share of this game's win (a bot in several seats is
    scored per seat-game: its wins divided by its seats)."""
    shares: dict[str, float] = {}
    seats_of: dict[str, int] = {}
    for seat, name in enumerate(result.bots):
        seats_of[name] = seats_of.get(name, 0) + 1
        won = 1 / len(result.winners) if seat in result.winners else 0.0
        shares[name] = shares.get(name, 0.0) + won
        shares[f"seat {seat}"] = won
    for name, count in seats_of.items():
        shares[name] /= count
    return shares


def compare(
    rules_a: Any,
    rules_b: Any,
    players: int,
    games: int,
    seed: int,
    bots: Sequence[BotSpec],
    *,
    jobs: int = 1,
    rotate: bool = True,
    options: Any = None,
    on_result: Callable[[GameResult], None] | None = None,
    backend: str = "processes",
    ray_address: str | None = None,
    game: str | Game | None = None,
) -> BalanceReport:
    """Play ``games`` paired games (game ``i``: seed ``seed + i``, the same bots in the same
    seats) with catalogue A and catalogue B and report what changed. The arguments after
    the two catalogues are named and mean as in
    :func:`~lisboa_core.studies.simulation.simulate`.

    :param bots: as :func:`~lisboa_core.studies.simulation.simulate` takes them, cycled over the
        seats (``rotate`` shifts them a seat each game, so every bot sits everywhere).
    :param jobs: worker processes (or local Ray CPUs); ``backend`` and ``ray_address`` as
        for :func:`~lisboa_core.studies.simulation.simulate`. Results do not depend on either.
    :param options: the rule variants of every game (default: the game's default ones).
    :param on_result: called with each game's result as it arrives (both catalogues).
    :param game: the game (default: the game of ``rules_a``, else Lisboa); both
        catalogues must be that game's.

    Example::

        from lisboa_core import load_rules
        from lisboa_core.studies.balance import compare

        report = compare(load_rules(), load_rules(), 2, 2, 7, ["random"])
        assert all(not d.significant for d in report.category_shift.values())
    """
    if games < 1:
        raise LisboaError(f"compare(): games must be 1 or more, not {games}")
    found = chosen_game(game, rules_a)
    chosen_game(found, rules_b)  # B must be a catalogue of the same game
    played_a, played_b = (
        simulate(players, games, seed, bots, rules=rules, jobs=jobs, rotate=rotate,
                 options=options, backend=backend, ray_address=ray_address,
                 on_result=on_result, game=found)
        for rules in (rules_a, rules_b)
    )
    keys = sorted({bot_name(b) for b in bots}) + [f"seat {s}" for s in range(players)]
    rates_a: dict[str, Rate] = {}
    rates_b: dict[str, Rate] = {}
    win_shift: dict[str, Difference] = {}
    shares = [(_seat_shares(a), _seat_shares(b)) for a, b in zip(played_a, played_b,
                                                                  strict=True)]
    for key in keys:
        pairs = [(sa[key], sb[key]) for sa, sb in shares if key in sa]
        rates_a[key] = Rate.of(sum(p[0] for p in pairs), len(pairs))
        rates_b[key] = Rate.of(sum(p[1] for p in pairs), len(pairs))
        win_shift[key] = Difference.of([b - a for a, b in pairs])
    categories = found.categories
    columns = ("so_far", *categories, "total")

    def per_game(result: GameResult, column: str) -> float:
        if column == "so_far":
            return statistics.fmean(result.so_far)
        if column == "total":
            return statistics.fmean(result.totals)
        index = categories.index(column)
        return statistics.fmean(seat[index] for seat in result.categories)

    categories_a = {c: statistics.fmean(per_game(r, c) for r in played_a) for c in columns}
    categories_b = {c: statistics.fmean(per_game(r, c) for r in played_b) for c in columns}
    category_shift = {
        c: Difference.of([per_game(b, c) - per_game(a, c)
                          for a, b in zip(played_a, played_b, strict=True)])
        for c in columns
    }
    cards = []
    for card, change in changed_cards(rules_a, rules_b):
        used = [(a, b) for a, b in zip(played_a, played_b, strict=True)
                if _uses(a, card) or _uses(b, card)]
        unused = [(a, b) for a, b in zip(played_a, played_b, strict=True)
                  if not (_uses(a, card) or _uses(b, card))]
        cards.append(CardEffect(
            card, change, len(used),
            Difference.of([_mean_total(b) - _mean_total(a) for a, b in used]),
            Difference.of([_mean_total(b) - _mean_total(a) for a, b in unused]),
        ))
    return BalanceReport(
        players=players, games=games, seed=seed,
        bots=tuple(bot_name(b) for b in bots),
        catalogue_a=rules_a.digest, catalogue_b=rules_b.digest,
        rates_a=rates_a, rates_b=rates_b, win_shift=win_shift,
        categories_a=categories_a, categories_b=categories_b, category_shift=category_shift,
        changed_cards=tuple(cards),
        totals_a=tuple(t for r in played_a for t in r.totals),
        totals_b=tuple(t for r in played_b for t in r.totals),
        game=found.name,
    )


def load_catalogue(spec: str, game: str | Game | None = None) -> Any:
    """A catalogue of ``game`` (default ``None``: Lisboa) named on the command line:
    ``shipped``, a folder of card files (a whole catalogue), or card files separated by
    commas (an overlay on the shipped cards, replacing or adding by id).

    Example::

        from lisboa_core.studies.balance import load_catalogue

        assert load_catalogue("shipped").digest
    """
    found = chosen_game(game)
    if spec == "shipped":
        return found.load_rules()
    paths = [Path(p) for p in spec.split(",") if p]
    if len(paths) == 1 and paths[0].is_dir():
        return found.load_rules(paths[0])
    return found.load_rules(overlay=paths)
