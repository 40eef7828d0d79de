"""Bounded reads of the files the library is given (saves, records, card files), and
writes that cannot tear.

A path can name anything: a huge file, ``/dev/zero``, a pipe that never ends. Reading it
whole first would exhaust memory before any check runs, so every read stops one byte past a
documented limit and reports the file as too large instead.

Every file the library or the command line writes (a game record, a report, a picture) goes
through :func:`write_atomic`: the text is written to a temporary file beside the target,
flushed to the disk, and only then renamed over the target. A disk that fills up, an error
or a kill part-way leaves the earlier file whole (a rename is all or nothing), never a torn
file that no longer loads.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path

from lisboa_core.errors import LisboaError

__all__ = [
    "MAX_CARD_FILE_BYTES",
    "MAX_DOCUMENT_BYTES",
    "FileTooLargeError",
    "read_bounded",
    "write_atomic",
]

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


def write_atomic(path: str | Path, text: str, *, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` all at once: the file holds either its earlier content or
    all of ``text``, whatever fails on the way (a full disk, an encoding error, a kill).

    The text goes to a temporary file in the same folder (created with the permissions a
    new file gets, or those of the file replaced), which is flushed to the disk
    (``fsync``) and then renamed over ``path`` with :func:`os.replace`; on failure the
    temporary file is removed. A symbolic link is followed (the file it names is replaced).
    A path that names no regular file (``/dev/stdout``, a pipe) is written directly, as
    nothing there can be replaced.

    :param path: the file to write (replaced if it exists).
    :param text: its new content.
    :param encoding: how the text is encoded.
    :raises OSError: if the file cannot be written (the earlier file is then unchanged).
    """
    target = Path(os.path.realpath(path))
    data = text.encode(encoding)  # before anything is opened: an encoding error writes nothing
    try:
        found = os.stat(target)
    except FileNotFoundError:
        found = None
    if found is not None and not stat.S_ISREG(found.st_mode):
        with open(target, "wb") as handle:
            handle.write(data)
        return
    temporary, descriptor = _create_beside(target)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if found is not None:
            os.chmod(temporary, stat.S_IMODE(found.st_mode))
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def _create_beside(target: Path) -> tuple[Path, int]:
    """A new, empty, uniquely named temporary file in the folder of ``target`` (mode 0666
    less the umask, as a new file would get) and its open descriptor."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            return temporary, os.open(temporary, flags, 0o666)
        except FileExistsError:  # pragma: no cover - a 32-bit random name already taken
            continue


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry of the renamed file (POSIX; elsewhere a no-op)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
