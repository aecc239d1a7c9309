"""A sentence as data: its catalogue message id and named values, said later in the reader's
language by the text layer (``bot.words``).

The rules and the match service run without knowing who will read what they produce, so they
hand over a ``Said`` rather than words; ``str()`` of one is its English form, for logs and for
callers not yet converted. This module is the marker the catalogue extractor looks for
(``said`` and ``said_n``); it needs nothing beyond the standard library.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from string import Formatter
from typing import Any, TypeAlias

Value: TypeAlias = "str | int | float | Said | tuple[str | Said, ...]"
"""What a placeholder holds: an ``int`` or ``float`` is a quantity, written with the reader's
digits; a ``str`` (names, ids, codes) is shown as it is; a ``Said`` is said in the same
language; a tuple is a list, joined as the language joins lists (``a, b and c``)."""


@dataclass(frozen=True)
class Said:
    """``msgid`` (and ``plural`` when the count ``n`` chooses the form) with named values."""

    msgid: str
    values: dict[str, Value] = field(default_factory=dict)
    plural: str | None = None
    n: int = 1

    def __str__(self) -> str:
        text = self.msgid if self.plural is None or self.n == 1 else self.plural
        return text.format(**{key: _english(value) for key, value in self.values.items()})

    def __hash__(self) -> int:
        # A sentence rides in decisions and options, which are compared and hashed.
        return hash((self.msgid, self.plural, self.n))

    def with_values(self, **values: Value) -> Said:
        """The same sentence with ``values`` (a table of sentences filled in where used)."""
        n = values.get("n", self.n)
        return Said(self.msgid, {**self.values, **values}, self.plural,
                    n if isinstance(n, int) else self.n)

    def to_json(self) -> dict[str, Any]:
        """The sentence as data to store, so that it is said again later in whichever
        language reads it then (never its words in one language)."""
        out: dict[str, Any] = {"msgid": self.msgid}
        if self.values:
            out["values"] = {key: _stored(value) for key, value in self.values.items()}
        if self.plural is not None:
            out |= {"plural": self.plural, "n": self.n}
        if isinstance(self, Seat):
            out["seat"] = True
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Said:
        """The sentence ``to_json`` stored (a seat in it is a seat again, to be named)."""
        kind = Seat if data.get("seat") else Said
        return kind(str(data["msgid"]),
                    {key: _restored(value) for key, value in data.get("values", {}).items()},
                    data.get("plural"), int(data.get("n", 1)))


@dataclass(frozen=True, eq=False)
class Seat(Said):
    """A seat named in a sentence: "Player N" in the reader's language until a front end
    that knows the people at the table puts a name in (``named``)."""

    def __hash__(self) -> int:
        return hash((self.msgid, self.n, self.values.get("n")))

    @property
    def seat(self) -> int:
        number = self.values["n"]
        assert isinstance(number, int)
        return number - 1


def named(sentence: Said, names: Sequence[str]) -> Said:
    """``sentence`` with every seat in it (at any depth) called by ``names``, a display name
    for each seat as the front end writes it."""
    def swap(value: Said) -> str | Said:
        if isinstance(value, Seat):
            return names[value.seat] if value.seat < len(names) else value
        return named(value, names)

    def each(value: Value) -> Value:
        if isinstance(value, Said):
            return swap(value)
        if isinstance(value, tuple):
            return tuple(swap(item) if isinstance(item, Said) else item for item in value)
        return value

    if not sentence.values:
        return sentence
    return Said(sentence.msgid, {key: each(value) for key, value in sentence.values.items()},
                sentence.plural, sentence.n)


def _english(value: Value) -> str | int | float:
    if isinstance(value, tuple):
        return ", ".join(str(item) for item in value)  # the languages join lists themselves
    return str(value) if isinstance(value, Said) else value


def _stored(value: Value) -> Any:
    if isinstance(value, Said):
        return value.to_json()
    if isinstance(value, tuple):
        return [item.to_json() if isinstance(item, Said) else item for item in value]
    return value


def _restored(value: Any) -> Value:
    if isinstance(value, Mapping):
        return Said.from_json(value)
    if isinstance(value, list):
        return tuple(Said.from_json(item) if isinstance(item, Mapping) else str(item)
                     for item in value)
    if isinstance(value, str | int | float):
        return value
    raise ValueError(f"not a stored sentence's value: {value!r}")


def said(msgid: str, **values: Value) -> Said:
    """A whole sentence with named ``{placeholders}``, translated when it is shown."""
    return Said(msgid, dict(values))


def said_n(singular: str, plural: str, n: int, **values: Value) -> Said:
    """A sentence whose form follows the count ``n`` (``{n}`` names it in the text)."""
    return Said(singular, {"n": n, **values}, plural, n)


def placeholders(text: str) -> set[str]:
    """The named placeholders of ``text``: ``{who} drew {n}`` → ``{"who", "n"}``."""
    names: set[str] = set()
    for _, name, _, _ in Formatter().parse(text):
        if name is not None:
            names.add(name)
    return names

