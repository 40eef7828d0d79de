"""The vocabulary of a game whose card files are read by its own reader, as data.

Lisboa's cards are compiled against a :class:`~lisboa_core.dsl.vocabulary.Vocabulary` of
patterns and effect phrases. A game may instead read the shared syntax with a reader of its
own (Puerto Rico does: :mod:`lisboa_core.games.puerto_rico.catalogue`); it then describes
what its cards may say with a :class:`KeyVocabulary`: per component kind the keys, how each
is written, whether it is required and its default, plus the named word lists (abilities,
events, phases, ...) its values come from.

The reader consults the description for every key it reads and checks, after each
component, that it read exactly the keys described (:meth:`KindKeys.check_read`), so the
card-language reference generated from the description (``docs/generate.py``) cannot drift
from what the reader accepts.
"""

from __future__ import annotations

import attrs

__all__ = ["Key", "KeyVocabulary", "KindKeys", "VocabularyDrift", "WordList"]


class VocabularyDrift(RuntimeError):
    """A game's reader and its described vocabulary disagree (a programming error of the
    game, not a problem of the card files): a key read but not described, or the reverse."""


@attrs.frozen(slots=True)
class Key:
    """One key a component kind may give.

    ``written`` is what follows the key on its line (``N``, ``GOOD-ID``, ``WORD ...``);
    ``low`` is the smallest number a numeric key takes; ``default`` is used when an
    optional key is absent (``None``: no value).
    """

    key: str
    written: str
    meaning: str
    required: bool = True
    default: int | str | None = None
    low: int = 0
    repeat: bool = False

    def __attrs_post_init__(self) -> None:
        if self.required and self.default is not None:
            raise ValueError(f"key {self.key!r}: a required key has no default")


@attrs.frozen(slots=True)
class KindKeys:
    """One component kind: what it is, the class it is read into and its keys (the
    ``provenance`` key, which every kind has, included)."""

    kind: str
    cls: type
    meaning: str
    keys: tuple[Key, ...]

    def key(self, name: str) -> Key:
        """The description of key ``name``.

        :raises VocabularyDrift: if this kind describes no such key.
        """
        for key in self.keys:
            if key.key == name:
                return key
        raise VocabularyDrift(f"the reader reads '{name}' for a {self.kind}, a key the "
                              "vocabulary does not describe")

    def check_read(self, read: set[str]) -> None:
        """Check that a reader consulted exactly this kind's keys for one component.

        :raises VocabularyDrift: naming the keys described but not read, or read but not
            described.
        """
        described = {key.key for key in self.keys}
        if read != described:
            raise VocabularyDrift(
                f"{self.kind}: the reader read {sorted(read - described)} beyond the "
                f"vocabulary and not {sorted(described - read)} of it"
            )


@attrs.frozen(slots=True)
class WordList:
    """A named list of the words (or phrases) some values are read from, with what they
    mean: ``meanings`` gives one line per word, in the order of ``words``."""

    name: str
    meaning: str
    words: tuple[str, ...]
    meanings: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        if self.meanings and len(self.meanings) != len(self.words):
            raise ValueError(f"word list {self.name!r}: one meaning per word")


@attrs.frozen(slots=True)
class KeyVocabulary:
    """Everything one game's card files may say, for a game with its own reader."""

    game: str
    kinds: tuple[KindKeys, ...]
    lists: tuple[WordList, ...] = ()

    def kind(self, name: str) -> KindKeys:
        """The description of component kind ``name``.

        :raises KeyError: if the game has no such kind.
        """
        for kind in self.kinds:
            if kind.kind == name:
                return kind
        raise KeyError(name)

    def kind_names(self) -> tuple[str, ...]:
        """Every component kind's card-file keyword, in description order."""
        return tuple(kind.kind for kind in self.kinds)

    def words(self, name: str) -> tuple[str, ...]:
        """The words of the list called ``name``.

        :raises KeyError: if there is no such list.
        """
        for found in self.lists:
            if found.name == name:
                return found.words
        raise KeyError(name)
