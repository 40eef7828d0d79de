"""What one seat owns: :class:`PlayerState`, a plain immutable class like
:class:`~lisboa_core.games.lisboa.state.State`, which holds one per seat."""

from __future__ import annotations

from typing import Any, ClassVar, NoReturn

__all__ = ["PlayerState", "dump_fields"]


class PlayerState:
    """Everything one seat owns. Per-good tuples follow
    :data:`~lisboa_core.games.lisboa.state.GOODS`,
    per-colour tuples :data:`~lisboa_core.games.lisboa.state.RUBBLE`; cards, tiles and plans are
    catalogue
    ids."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "hand",
        "top",
        "bottom",
        "cargo",
        "sailed",
        "goods",
        "reis",
        "wigs",
        "influence",
        "clergy",
        "favors",
        "plans",
        "completed",
        "decrees",
        "rubble",
        "markers",
        "houses",
        "officials",
    )
    """The field names, in constructor order."""

    hand: tuple[str, ...]
    """Political card ids in hand (hidden from the other seats, R3.11)."""
    top: tuple[str | None, ...]
    """3 top portfolio slots: noble card or ship ids."""
    bottom: tuple[str | None, ...]
    """3 bottom slots: treasury card ids."""
    cargo: tuple[tuple[str, ...], ...]
    """Goods on the ship in each top slot."""
    sailed: tuple[int, ...]
    """Per top slot: how many of its goods are crates (at sea)."""
    goods: tuple[int, ...]
    """Goods in the warehouse, per type in :data:`~lisboa_core.games.lisboa.state.GOODS` order."""
    reis: int
    """Cash."""
    wigs: int
    """Wigs (victory points) scored so far."""
    influence: int
    """Position of the influence marker, 0 to the track's top (R5)."""
    clergy: tuple[str, ...]
    """Clergy tile ids held (at most 4, R8.5)."""
    favors: tuple[str, ...]
    """Nobles whose royal favor is held."""
    plans: tuple[str, ...]
    """Incomplete plan ids."""
    completed: tuple[str, ...]
    """Completed plan ids."""
    decrees: tuple[str, ...]
    """Decree ids taken (scored at the end, R16.3.5)."""
    rubble: tuple[int, ...]
    """Cubes per colour (RUBBLE order), at most 5 each."""
    markers: int
    """Rubble-set markers on the Marquis portrait, not yet spent."""
    houses: tuple[int, ...]
    """Houses taken from the left, middle and right groups."""
    officials: int
    """Officials in the player's storage."""

    def __init__(
        self,
        hand: tuple[str, ...],
        top: tuple[str | None, ...],
        bottom: tuple[str | None, ...],
        cargo: tuple[tuple[str, ...], ...],
        sailed: tuple[int, ...],
        goods: tuple[int, ...],
        reis: int,
        wigs: int,
        influence: int,
        clergy: tuple[str, ...],
        favors: tuple[str, ...],
        plans: tuple[str, ...],
        completed: tuple[str, ...],
        decrees: tuple[str, ...],
        rubble: tuple[int, ...],
        markers: int,
        houses: tuple[int, ...],
        officials: int,
    ) -> None:
        self.hand = hand
        self.top = top
        self.bottom = bottom
        self.cargo = cargo
        self.sailed = sailed
        self.goods = goods
        self.reis = reis
        self.wigs = wigs
        self.influence = influence
        self.clergy = clergy
        self.favors = favors
        self.plans = plans
        self.completed = completed
        self.decrees = decrees
        self.rubble = rubble
        self.markers = markers
        self.houses = houses
        self.officials = officials

    def values(self) -> tuple[Any, ...]:
        """Every field's value, in :attr:`FIELDS` order."""
        return (
            self.hand,
            self.top,
            self.bottom,
            self.cargo,
            self.sailed,
            self.goods,
            self.reis,
            self.wigs,
            self.influence,
            self.clergy,
            self.favors,
            self.plans,
            self.completed,
            self.decrees,
            self.rubble,
            self.markers,
            self.houses,
            self.officials,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not PlayerState:
            return NotImplemented
        assert isinstance(other, PlayerState)
        return self is other or self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"PlayerState is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"PlayerState is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (PlayerState, self.values())

    def replaced(self, changes: dict[str, Any]) -> PlayerState:
        """A copy with the fields named in ``changes`` set to new values (names unchecked:
        the engine passes field names it knows). The copy reads each change once, not
        every field from the dictionary (the engine copies states on every step)."""
        hand = self.hand
        top = self.top
        bottom = self.bottom
        cargo = self.cargo
        sailed = self.sailed
        goods = self.goods
        reis = self.reis
        wigs = self.wigs
        influence = self.influence
        clergy = self.clergy
        favors = self.favors
        plans = self.plans
        completed = self.completed
        decrees = self.decrees
        rubble = self.rubble
        markers = self.markers
        houses = self.houses
        officials = self.officials
        for name, value in changes.items():
            if name == "hand":
                hand = value
            elif name == "top":
                top = value
            elif name == "bottom":
                bottom = value
            elif name == "cargo":
                cargo = value
            elif name == "sailed":
                sailed = value
            elif name == "goods":
                goods = value
            elif name == "reis":
                reis = value
            elif name == "wigs":
                wigs = value
            elif name == "influence":
                influence = value
            elif name == "clergy":
                clergy = value
            elif name == "favors":
                favors = value
            elif name == "plans":
                plans = value
            elif name == "completed":
                completed = value
            elif name == "decrees":
                decrees = value
            elif name == "rubble":
                rubble = value
            elif name == "markers":
                markers = value
            elif name == "houses":
                houses = value
            elif name == "officials":
                officials = value
        return PlayerState(
            hand,
            top,
            bottom,
            cargo,
            sailed,
            goods,
            reis,
            wigs,
            influence,
            clergy,
            favors,
            plans,
            completed,
            decrees,
            rubble,
            markers,
            houses,
            officials,
        )

    def __repr__(self) -> str:
        return (
            f"<PlayerState reis {self.reis} wigs {self.wigs} influence {self.influence}"
            f" hand {len(self.hand)} goods {self.goods}>"
        )

    def dump(self) -> str:
        """Every field as ``name=value``, one per line (``repr`` is a one-line summary)."""
        return dump_fields(self)

    @property
    def sets(self) -> int:
        """Completed rubble sets (R12.5)."""
        return min(self.rubble)

    @property
    def portfolio_size(self) -> int:
        """Cards in the portfolio, both rows."""
        return sum(c is not None for c in self.top) + sum(c is not None for c in self.bottom)


def dump_fields(obj: Any) -> str:
    """Every field of a state class as ``name=value``, one per line, players indented."""
    lines = [f"{type(obj).__name__}("]
    for name, value in zip(obj.FIELDS, obj.values(), strict=True):
        if isinstance(value, tuple) and value and isinstance(value[0], PlayerState):
            lines.append(f"  {name}=(")
            lines.extend("    " + line for p in value for line in (p.dump() + ",").splitlines())
            lines.append("  ),")
        else:
            lines.append(f"  {name}={value!r},")
    lines.append(")")
    return "\n".join(lines)
