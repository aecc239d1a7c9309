"""One description of how a match ended, in player words: the result image and the result
message are both made from it, so they cannot disagree.

Pure and free of Pillow: the Discord layer writes ``describe(...).lines()`` as text, and
each game's ``render_summary`` draws the same ``Outcome``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import Result, View
from bot.words import english

Names = Sequence[str] | None
"""Display names per seat; ``None`` (or a short list) falls back to "Seat N"."""

RESIGNATION = "resignation"
FORFEIT = "forfeit"
CANCELLED = "cancelled"
"""The service's ways to end a match early (``bot.match.results`` writes them)."""

RESIGNED = re.compile(r"\bPlayer ([1-9][0-9]?) resigned\b")
"""The note ``bot.match.results.rank_resigned_last`` adds to a result's detail."""

def seat_label(seat: int, names: Names = None) -> str:
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat + 1}"


def joined(words: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def figure(value: object) -> str:
    """A number as printed, with a true minus sign (−2, not -2); other values as they are."""
    if isinstance(value, int) and value < 0:
        return f"−{-value}"
    return str(value)


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str
    place: str
    """"1st", "2nd"…; empty when nobody is placed (a cancelled match)."""
    won: bool
    figures: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    title: str
    headline: str
    """"Alice wins", "Alice and Bob share the win", "A draw", "Cancelled"."""
    ending: str
    """How it ended, one sentence: who resigned, who ran out of time, what decided."""
    columns: tuple[str, ...]
    standings: tuple[Standing, ...]
    """Every seat, in finishing order."""
    notes: tuple[str, ...]
    """Tie-breaks and other facts that explain the placings."""

    def table_lines(self) -> list[str]:
        """The image's table as message lines, one seat a line."""
        out = []
        for s in self.standings:
            figures = ", ".join(f"{c} {v}" for c, v in zip(self.columns, s.figures, strict=True))
            out.append(" ".join(p for p in (f"{s.place}:" if s.place else "•", s.name) if p)
                       + (f" — {figures}" if figures else ""))
        return out

    def lines(self) -> list[str]:
        """The image's table and notes as message lines (the headline goes in the message's
        first line)."""
        return [*self.table_lines(), self.ending, *self.notes]


Figures = Sequence[tuple[str, ...]]
"""Each seat's end-of-game figures, in the order of its game's columns."""


@dataclass(frozen=True)
class Scoresheet:
    """How one game's result reads; its ``bot/render/<game>.py`` defines ``SCORESHEET``, so
    nothing here names a game. ``figures`` and ``ending`` read that game's own view."""

    title: str
    columns: tuple[str, ...]
    figures: Callable[[Any], list[tuple[str, ...]]]
    ending: Callable[[Any, Result, Names, tuple[str, ...], Figures | None],
                     tuple[str, tuple[str, ...]]]
    """(how a game played to its end was decided, notes); ``rest`` notes who left."""
    all_tied: str = ""
    """The headline when every seat ties ("A draw"); empty: they share the win."""


def scoresheet(game: str) -> Scoresheet | None:
    """The game's scoresheet, or None (a game without one gets a result with no figures)."""
    from bot.render import renderer  # the package imports this module: look up late

    sheet = getattr(renderer(game), "SCORESHEET", None) if game else None
    return sheet if isinstance(sheet, Scoresheet) else None


def describe(view: View | None, result: Result, names: Names = None) -> Outcome:
    """The outcome of ``result`` with the final public ``view`` (None: no figures)."""
    game = str((view or {}).get("game", ""))
    sheet = scoresheet(game)
    figures = sheet.figures(view) if sheet is not None and view is not None else None
    columns = sheet.columns if sheet is not None and figures is not None else ()
    n = len(result.placings)
    cancelled = result.reason == CANCELLED
    winners = result.winners
    order = sorted(range(n), key=lambda s: (result.placings[s], s))
    standings = tuple(
        Standing(s, seat_label(s, names), "" if cancelled else _place(result.placings[s]),
                 not cancelled and s in winners, figures[s] if figures is not None else ())
        for s in order)
    who = joined([seat_label(s, names) for s in winners])
    if cancelled:
        headline = "Cancelled"
    elif len(winners) == n and n > 1:
        headline = sheet.all_tied if sheet is not None and sheet.all_tied else \
            f"{who} share the win"
    else:
        headline = f"{who} wins" if len(winners) == 1 else f"{who} share the win"
    left = _left(result)
    ending, notes = _ending(sheet, view, result, names, left, figures)
    title = sheet.title if sheet is not None else game.title()
    return Outcome(title, headline, ending, columns, standings, notes)


def _place(placing: int) -> str:
    return english().ordinal(placing)  # drawn in the reader's language once pictures take one


def _left(result: Result) -> list[int]:
    """Seats that resigned or forfeited: named in the detail, or (when the match ended that
    way) everyone not placed first."""
    named = sorted({int(m.group(1)) - 1 for m in RESIGNED.finditer(result.detail)})
    if named or result.reason not in (RESIGNATION, FORFEIT):
        return named
    return [s for s, p in enumerate(result.placings) if p > 1]


def _ending(sheet: Scoresheet | None, view: View | None, result: Result, names: Names,
            left: Sequence[int],
            figures: Sequence[tuple[str, ...]] | None) -> tuple[str, tuple[str, ...]]:
    """(how the match ended, notes explaining the placings)."""
    gone = joined([seat_label(s, names) for s in left]) if left else ""
    if result.reason == CANCELLED:
        by = result.detail.removeprefix("Called off by ").rstrip(".")
        return (f"The match was called off{f' by {by}' if by else ''}; nobody won or lost.",
                ())
    if result.reason == RESIGNATION:
        return f"{gone} resigned.", ()
    if result.reason == FORFEIT:
        verb = "ran out of time" if len(left) == 1 else "left the match, the last on time"
        return f"{gone} {verb} and forfeited.", ()
    rest = (f"{gone} resigned and {'is' if len(left) == 1 else 'are'} placed last.",) \
        if left else ()
    if sheet is not None:
        return sheet.ending(view, result, names, rest, figures)
    return "The game was played to its end.", rest
