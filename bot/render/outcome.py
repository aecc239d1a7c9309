"""One description of how a match ended, in player words: the result image and the result
message are both made from it, so they cannot disagree.

Pure and free of Pillow: the Discord layer writes ``describe(...).lines()`` as text, and
each game's ``render_summary`` draws the same ``Outcome``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Result, View
from bot.engine.said import Said, said, said_n
from bot.words import Language, english

Names = Sequence[str] | None
"""Display names per seat; ``None`` (or a short list) falls back to "Seat N"."""

RESIGNATION = "resignation"
FORFEIT = "forfeit"
CANCELLED = "cancelled"
"""The service's ways to end a match early (``bot.match.results`` writes them)."""

RESIGNED = re.compile(r"\bPlayer ([1-9][0-9]?) resigned\b")
"""The note ``bot.match.results.rank_resigned_last`` adds to a result's detail."""

def seat_label(seat: int, names: Names = None, words: Language | None = None) -> str:
    """The seat's name, else "Seat N" in ``words`` (English by default)."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return (words or english()).say(said("Seat {n}", n=seat + 1))


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
    words: Language = field(default_factory=english, compare=False)
    """The language every text above is in."""

    def table_lines(self) -> list[str]:
        """The image's table as message lines, one seat a line."""
        out = []
        for s in self.standings:
            figures = tuple(said("{column} {value}", column=c, value=v)
                            for c, v in zip(self.columns, s.figures, strict=True))
            if s.place:
                line = said("{place}: {player} — {figures}", place=s.place, player=s.name,
                            figures=figures) if figures else \
                    said("{place}: {player}", place=s.place, player=s.name)
            else:
                line = said("• {player} — {figures}", player=s.name, figures=figures) \
                    if figures else said("• {player}", player=s.name)
            out.append(self.words.say(line))
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
    columns: tuple[Said, ...]
    figures: Callable[[Any, Language], list[tuple[str, ...]]]
    ending: Callable[[Any, Result, Names, tuple[str, ...], Figures | None, Language],
                     tuple[str, tuple[str, ...]]]
    """(how a game played to its end was decided, notes), said in the given language;
    ``rest`` notes who left."""
    all_tied: Said | None = None
    """The headline when every seat ties ("A draw"); None: they share the win."""


def scoresheet(game: str) -> Scoresheet | None:
    """The game's scoresheet, or None (a game without one gets a result with no figures)."""
    from bot.render import renderer  # the package imports this module: look up late

    sheet = getattr(renderer(game), "SCORESHEET", None) if game else None
    return sheet if isinstance(sheet, Scoresheet) else None


def describe(view: View | None, result: Result, names: Names = None,
             words: Language | None = None) -> Outcome:
    """The outcome of ``result`` with the final public ``view`` (None: no figures), in
    ``words`` (English by default)."""
    words = words or english()
    game = str((view or {}).get("game", ""))
    sheet = scoresheet(game)
    figures = sheet.figures(view, words) if sheet is not None and view is not None else None
    columns = tuple(words.say(c) for c in sheet.columns) \
        if sheet is not None and figures is not None else ()
    n = len(result.placings)
    cancelled = result.reason == CANCELLED
    winners = result.winners
    order = sorted(range(n), key=lambda s: (result.placings[s], s))
    standings = tuple(
        Standing(s, seat_label(s, names, words),
                 "" if cancelled else words.ordinal(result.placings[s]),
                 not cancelled and s in winners, figures[s] if figures is not None else ())
        for s in order)
    who = tuple(seat_label(s, names, words) for s in winners)
    if cancelled:
        headline = said("Cancelled")
    elif len(winners) == n and n > 1 and sheet is not None and sheet.all_tied is not None:
        headline = sheet.all_tied
    elif len(winners) == 1:
        headline = said("{player} wins", player=who[0])
    else:
        headline = said("{players} share the win", players=who)
    left = _left(result)
    ending, notes = _ending(sheet, view, result, names, left, figures, words)
    title = sheet.title if sheet is not None else game.title()
    return Outcome(title, words.say(headline), ending, columns, standings, notes, words)


def _left(result: Result) -> list[int]:
    """Seats that resigned or forfeited: named in the detail, or (when the match ended that
    way) everyone not placed first."""
    named = sorted({int(m.group(1)) - 1 for m in RESIGNED.finditer(result.detail)})
    if named or result.reason not in (RESIGNATION, FORFEIT):
        return named
    return [s for s, p in enumerate(result.placings) if p > 1]


def _ending(sheet: Scoresheet | None, view: View | None, result: Result, names: Names,
            left: Sequence[int], figures: Sequence[tuple[str, ...]] | None,
            words: Language) -> tuple[str, tuple[str, ...]]:
    """(how the match ended, notes explaining the placings)."""
    gone = tuple(seat_label(s, names, words) for s in left)
    if result.reason == CANCELLED:
        by = result.detail.removeprefix("Called off by ").rstrip(".")
        return words.say(said("The match was called off by {player}; nobody won or lost.",
                              player=by) if by else
                         said("The match was called off; nobody won or lost.")), ()
    if result.reason == RESIGNATION:
        return words.say(said_n("{players} resigned.", "{players} resigned.", len(left),
                                players=gone)), ()
    if result.reason == FORFEIT:
        return words.say(said_n("{players} ran out of time and forfeited.",
                                "{players} left the match, the last on time, and forfeited.",
                                len(left), players=gone)), ()
    rest = (words.say(said_n("{players} resigned and is placed last.",
                             "{players} resigned and are placed last.", len(left),
                             players=gone)),) if left else ()
    if sheet is not None:
        return sheet.ending(view, result, names, rest, figures, words)
    return words.say(said("The game was played to its end.")), rest
