"""Rules help as data: a topic's text and, optionally, the moment of play that shows it.

Each game keeps its topics in its own ``help.py`` (``Game.topics``); ``shows`` tests a public
view and returns a caption when the moment the topic is about is on the table, so the
front end can draw that table as the topic's diagram.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

V = TypeVar("V")

Shows = Callable[[Any], str | None]
"""A moment test usable on any game's view (it reads keys, not types)."""


@dataclass(frozen=True)
class Topic(Generic[V]):
    text: str
    shows: Callable[[V], str | None] | None = None
    players: int = 2


def mappings(data: Any) -> Iterator[Mapping[str, Any]]:
    if isinstance(data, Mapping):
        yield data
        for value in data.values():
            yield from mappings(value)
    elif isinstance(data, list):
        for value in data:
            yield from mappings(value)


def first_phase(view: Any) -> str | None:
    return "The table as the game begins."


def phase(name: str, caption: str) -> Shows:
    return lambda view: caption if view.get("phase") == name else None


def card_with(word: str, field: str = "keywords") -> Shows:
    """A face-up card whose keywords (or type, or text) name ``word``."""
    def shows(view: Any) -> str | None:
        for d in mappings(view):
            if "name" not in d or "type" not in d:
                continue
            value = d.get(field)
            found = (word in value if isinstance(value, list)
                     else isinstance(value, str) and word.lower() in value.lower())
            if found:
                return f"{d['name']} ({word}) is in view."
        return None
    return shows


def dict_where(test: Callable[[Mapping[str, Any]], bool], caption: str) -> Shows:
    return lambda view: caption if any(test(d) for d in mappings(view)) else None

