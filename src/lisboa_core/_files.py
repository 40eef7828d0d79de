"""Bounded reads of the files the library is given (saves, records, card files).

A path can name anything: a huge file, ``/dev/zero``, a pipe that never ends. Reading it
whole first would exhaust memory before any check runs, so every read stops one byte past a
documented limit and reports the file as too large instead.
"""

from __future__ import annotations

from pathlib import Path

from .errors import LisboaError

__all__ = ["MAX_CARD_FILE_BYTES", "MAX_DOCUMENT_BYTES", "FileTooLargeError", "read_bounded"]

MAX_DOCUMENT_BYTES = 16 * 1024 * 1024
"""The largest saved state or game record read from a file (16 MiB; a whole 4-player record
is about 10 KiB, a saved state about 20 KiB)."""

MAX_CARD_FILE_BYTES = 4 * 1024 * 1024
"""The largest card file read (4 MiB; the whole shipped catalogue is about 150 KiB)."""


class FileTooLargeError(LisboaError):
    """A file is larger than the limit for its kind (nothing past the limit was read)."""


def read_bounded(path: str | Path, limit: int, what: str) -> bytes:
    """The bytes of ``path``, refusing a file larger than ``limit`` bytes.

    :param path: the file to read.
    :param limit: the most bytes accepted.
    :param what: what the file should be, for the message (``"game record"``).
    :raises FileTooLargeError: if the file holds more than ``limit`` bytes.
    :raises OSError: if the file cannot be opened or read.
    """
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(
            f"{path}: larger than {limit:,} bytes, the limit for a {what}; not read"
        )
    return data
