"""An event's words for each reader: a whole sentence per part the reader has in it.

A game writes each sentence once, as templates with named placeholders: the form a reader
the sentence is not about reads ("{player} draws {cards}."), the form its subject reads
("You draw {cards}.") and, for each other seat it names, the form that seat reads
("{player} takes {card} from you."). Seat placeholders hold seat numbers and are filled
with the neutral "Player N" that front ends swap for display names, so a verb always agrees
with whoever reads it: the reader picks a sentence, nothing is patched afterwards. Each
template is one whole sentence, the shape a message catalogue wants: ``said`` gives the
form as a ``Said`` for the reader's language, and ``bot.words.extract`` puts every form of
every sentence module (``bot/**/sentences.py``) into the catalogues.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine.names import player, seat_said
from bot.engine.said import Said, named


@dataclass(frozen=True, slots=True)
class Sentence:
    """One thing that can happen, told to anyone.

    ``seats``: the placeholders that hold seats; the first is the subject, who reads
    ``you``. ``by``: the form read by the seat in another placeholder ("target"), or by a
    reader in several of them ("player+owner"), in ``seats`` order. A sentence naming no
    seat has only ``they``.
    """

    they: str
    you: str = ""
    seats: tuple[str, ...] = ()
    by: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if bool(self.seats) != bool(self.you):
            raise ValueError(f"a sentence names seats exactly when it has a you-form: {self.they}")
        missing = [s for s in self.seats[1:] if s not in self.by]
        if missing:
            raise ValueError(f"no form for the reader as {', '.join(missing)}: {self.they}")

    def form(self, args: Mapping[str, Any], reader: int | None) -> str:
        """The template ``reader`` reads (None: someone the sentence is not about)."""
        if reader is None or not self.seats:
            return self.they
        held = [s for s in self.seats if args[s] == reader]
        if not held:
            return self.they
        key = "+".join(held)
        if key in self.by:
            return self.by[key]
        return self.you if held[0] == self.seats[0] else self.by[held[0]]

    def told(self, args: Mapping[str, Any], reader: int | None) -> str:
        """The sentence as ``reader`` reads it, seats still called "Player N"."""
        values = {**args, **{s: player(args[s]) for s in self.seats}}
        return str(Said(self.form(args, reader), values))

    def said(self, args: Mapping[str, Any], reader: int | None,
             names: Sequence[str] | None = None) -> Said:
        """The sentence ``reader`` reads, as a catalogue message to say in their language:
        each seat is its name in ``names`` (written as the front end shows names), else
        "Player N" in the reader's language. Every other value is passed as it is (a card
        name is a ``Said`` of its English name, a count an ``int``)."""
        values = {**args, **{s: seat_said(args[s]) for s in self.seats}}
        out = Said(self.form(args, reader), values)
        return out if names is None else named(out, names)

    def parts(self) -> dict[str, str]:
        """Every form by the reader's part in it ("" for nobody's): what a catalogue holds."""
        out = {"": self.they}
        if self.seats:
            out[self.seats[0]] = self.you
        return {**out, **self.by}
