"""Saving and loading states and views as JSON, and a state's digest.

The implementation lives in ``lisboa_core.persistence.serialize``;
this module is its public face.
"""

from lisboa_core.persistence.serialize import (
    HOUSE_GROUPS,
    READ_VERSIONS,
    STATE_FORMAT,
    STATE_VERSION,
    VIEW_FORMAT,
    from_json,
    state_digest,
    to_json,
    view_from_json,
)

__all__ = [
    "HOUSE_GROUPS",
    "READ_VERSIONS",
    "STATE_FORMAT",
    "STATE_VERSION",
    "VIEW_FORMAT",
    "from_json",
    "state_digest",
    "to_json",
    "view_from_json",
]
