"""Lisboa's catalogue listed for ``lisboa cards list``: each component as plain data
(:meth:`Lisboa.list_components <lisboa_core.games.lisboa.game.Lisboa.list_components>`).

Example::

    from lisboa_core.games.lisboa.catalogue import load_rules
    from lisboa_core.games.lisboa.listing import list_components

    ships = list_components(load_rules(), "ship")
    assert ships and all(row["kind"] == "ship" for row in ships)
"""

from __future__ import annotations

from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.catalogue import Rules, json_kind

__all__ = ["component_record", "list_components"]


def list_components(rules: Rules, kind: str | None = None) -> list[dict[str, object]]:
    """Every component of ``rules`` (of ``kind`` only, written as in card files or as in
    the listing: ``building`` or ``public_building``), each as :func:`component_record`."""
    return [component_record(c) for c in rules
            if kind in (None, rules.kind_of(c), json_kind(c))]


def component_record(component: m.Component) -> dict[str, object]:
    """A component as plain JSON data: id, kind, name, provenance (the source and what was
    reconstructed) and what its kind adds (a card's deck and type, a ship's colour and
    hull, a plan's architect and officials, a city tile's size)."""
    record: dict[str, object] = {
        "id": component.id,
        "kind": json_kind(component),
        "name": component.name,
        "provenance": component.provenance.source,
        "reconstructed": list(component.provenance.reconstructed),
    }
    if isinstance(component, m.PoliticalCard):
        record |= {"deck": component.deck, "type": component.type}
    elif isinstance(component, m.Ship):
        record |= {"color": component.color, "hull": component.hull}
    elif isinstance(component, m.Plan):
        record |= {
            "architect": component.architect,
            "officials": component.officials,
            "starting": component.starting,
        }
    elif isinstance(component, m.CityTile):
        record |= {"size": component.size}
    return record
