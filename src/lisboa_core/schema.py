"""JSON Schemas of every document the library reads and writes.

The implementation lives in ``lisboa_core.persistence.schema``;
this module is its public face.
"""

from lisboa_core.persistence.schema import (
    SCHEMA_KINDS,
    json_schema,
)

__all__ = [
    "SCHEMA_KINDS",
    "json_schema",
]
