"""Rules help as data: a topic's text and, optionally, the moment of play that shows it.

Each game keeps its topics in its own ``help.py`` (``Game.topics``); ``shows`` tests a public
view and returns a caption when the moment the topic is about is on the table, so the
front end can draw that table as the topic's diagram. Texts and captions are sentences
(``said``), said in the reader's language by ``/rules``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.engine.said import Said, said

V = TypeVar("V")

Shows = Callable[[Any], Said | None]
"""A moment test usable on any game's view (it reads keys, not types)."""


@dataclass(frozen=True)
class Topic(Generic[V]):
    text: Said
    shows: Callable[[V], Said | None] | None = None
    players: int = 2


def first_phase(view: Any) -> Said | None:
    return said("The table as the game begins.")


def phase(name: str, caption: Said) -> Shows:
    return lambda view: caption if view.get("phase") == name else None
