"""The data that crosses the engine boundary: decisions, actions, events, results, views.

``Option``, ``Decision``, ``Action`` and ``Event`` are named tuples, not frozen dataclasses:
every move makes a few of each, and a named tuple is built several times faster (a frozen
dataclass sets each field through ``object.__setattr__``). They are immutable and compare
by value all the same; ``_replace`` makes a changed copy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.engine.said import Said
from bot.engine.sentences import Sentence

View = Mapping[str, object]
"""Any game's view, read only through that game (each declares its own in ``view.py``):
code that serves every game passes it on without reading its keys."""

JSON = dict[str, Any]


class Option(NamedTuple):
    """One choosable item of a decision: ``key`` is what an action names, ``said`` is shown,
    a catalogue sentence said in the reader's language."""

    key: str
    said: Said
    group: str = ""

    @property
    def label(self) -> str:
        """The label in English: for logs, JSON and rules writers' scenario files."""
        return str(self.said)

    def to_json(self) -> JSON:
        out: JSON = {"key": self.key, "label": self.label}
        if self.group:
            out["group"] = self.group
        return out


PICK = "pick"
"""Choose between ``min`` and ``max`` distinct options; their order is kept."""
ORDER = "order"
"""Arrange every option: the choice must be a permutation of all keys."""
KEEP = "keep"
"""A pick whose chosen cards are kept and the others given up (a mulligan): a front end asks
for confirmation when something is left out, not when everything is kept."""


class Decision(NamedTuple):
    """Something one seat must decide now. Several may be open at once (simultaneous play).

    ``id`` changes whenever the game moves on, so a button for an old decision is detectably
    stale. ``default`` is a legal, safe choice the clock may take for an absent player.
    ``window`` names the decision window it belongs to: a seat's decisions that share a
    window (a whole Zura turn, an Aura block) are one prompt and one notification on
    Discord, and one clock. Empty means the decision is a window of its own. ``spends``:
    the picked cards leave their owner (a discard, a cost), so a front end asks for Confirm;
    False where they come back (Aura's played and block cards go under their deck).
    """

    id: str
    player: int
    kind: str
    asked: Said
    """What the decision asks, a catalogue sentence said in the reader's language."""
    options: tuple[Option, ...]
    min: int = 1
    max: int = 1
    default: tuple[str, ...] | None = None
    window: str = ""
    spends: bool = True

    @property
    def prompt(self) -> str:
        """What the decision asks in English: for logs, JSON and scenario files."""
        return str(self.asked)

    @property
    def window_id(self) -> str:
        """The window this decision belongs to (its own id when the game names none)."""
        return self.window or self.id

    def option(self, key: str) -> Option | None:
        for opt in self.options:
            if opt.key == key:
                return opt
        return None

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [o.to_json() for o in self.options],
            "min": self.min,
            "max": self.max,
            "default": list(self.default) if self.default is not None else None,
            "window": self.window_id,
        }


@dataclass(frozen=True, slots=True)
class Turn:
    """The public turn marker: the turn's number (it grows by one each turn, additional
    turns included) and the seat whose turn it is (None while nobody's, e.g. mulligans).
    A new number is where a new turn begins, so the table's log starts a new post there."""

    number: int
    seat: int | None


class Action(NamedTuple):
    """A seat's answer to a decision: the chosen option keys, in order."""

    decision: str
    choice: tuple[str, ...]

    def to_json(self) -> JSON:
        return {"decision": self.decision, "choice": list(self.choice)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        return cls(str(data["decision"]), tuple(str(c) for c in data["choice"]))


NO_DATA: Mapping[str, Any] = {}
"""The data of every event made without any: one shared dict, typed read-only."""


class Event(NamedTuple):
    """Something that happened. ``audience`` None means public; otherwise only those seats.

    Its words are a ``Sentence`` and the values of its placeholders, told to each reader in
    the form that agrees with them (``told``); ``text`` is the form the public log reads.
    """

    kind: str
    sentence: Sentence
    args: Mapping[str, Any] = NO_DATA
    audience: tuple[int, ...] | None = None
    data: Mapping[str, Any] = NO_DATA

    @property
    def text(self) -> str:
        """The sentence as someone it is not about reads it (the public log, a spectator)."""
        return self.sentence.told(self.args, None)

    def told(self, reader: int | None) -> str:
        """The sentence as seat ``reader`` reads it: "You draw", not "Player 1 draws"."""
        return self.sentence.told(self.args, reader)

    def said(self, reader: int | None, names: Sequence[str] | None = None) -> Said:
        """The sentence seat ``reader`` reads, to say in their language; seats are called
        by ``names`` (as the front end writes them), else "Player N" in that language."""
        return self.sentence.said(self.args, reader, names)

    def visible_to(self, viewer: int | None) -> bool:
        return self.audience is None or (viewer is not None and viewer in self.audience)

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind, "text": self.text, "data": dict(self.data)}
        if self.audience is not None:
            out["audience"] = list(self.audience)
        return out


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: per-seat scores and placings (1 = first; ties share a placing)."""

    scores: tuple[float, ...]
    placings: tuple[int, ...]
    reason: str = "normal"
    detail: str = ""
    """A word on how it ended, as someone it is not about reads it."""
    sentence: Sentence | None = field(default=None, compare=False)
    """The detail's sentence, told to each reader by ``told``; kept only while the game is
    live (a stored result has the detail alone)."""
    args: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def told(self, reader: int | None) -> str:
        """The detail as seat ``reader`` reads it: "You win the match 2–1."."""
        return self.detail if self.sentence is None else self.sentence.told(self.args, reader)

    def said(self, reader: int | None, names: Sequence[str] | None = None) -> Said | None:
        """The detail as seat ``reader`` reads it, to say in their language (as
        ``Event.said``); None when there is none or only its stored English words are left."""
        return None if self.sentence is None else self.sentence.said(self.args, reader, names)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.placings) if p == 1)

    def to_json(self) -> JSON:
        return {
            "scores": list(self.scores),
            "placings": list(self.placings),
            "reason": self.reason,
            "detail": self.detail,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        return cls(
            tuple(float(s) for s in data["scores"]),
            tuple(int(p) for p in data["placings"]),
            str(data.get("reason", "normal")),
            str(data.get("detail", "")),
        )


def placings_from_scores(keys: list[tuple[Any, ...]]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3) from per-seat sort keys where larger is better."""
    out = []
    for k in keys:
        out.append(1 + sum(1 for other in keys if other > k))
    return tuple(out)
