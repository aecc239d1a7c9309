"""One description of how a match ended, in player words: the result image and the result
message are both made from it, so they cannot disagree.

Pure and free of Pillow: the Discord layer writes ``describe(...).lines()`` as text, and
each game's ``render_summary`` draws the same ``Outcome``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.engine import Result, View
from bot.engine.names import with_names

if TYPE_CHECKING:  # types only: this module stays free of any game's rules at run time
    from bot.games.aura.view import AuraView
    from bot.games.auroria.view import AuroriaView
    from bot.games.zura.view import ZView

Names = Sequence[str] | None
"""Display names per seat; ``None`` (or a short list) falls back to "Seat N"."""

RESIGNATION = "resignation"
FORFEIT = "forfeit"
CANCELLED = "cancelled"
"""The service's ways to end a match early (``bot.match.results`` writes them)."""

RESIGNED = re.compile(r"\bPlayer ([1-9][0-9]?) resigned\b")
"""The note ``bot.match.results.rank_resigned_last`` adds to a result's detail."""

PLACE = {1: "1st", 2: "2nd", 3: "3rd"}
TITLES = {"aura": "Aura", "zura": "Zura", "auroria": "Auroria"}
COLUMNS = {"aura": ("Cards left", "Wild/action out", "Discarded sum"),
           "zura": ("Points", "Stack", "Top card"),
           "auroria": ("Influence", "Deck", "Graveyard")}
AURORIA_WINS = {
    "influence": "brought the other leader's Influence to 0",
    "deck-out": "won because the other player began a Draw Phase with an empty deck",
    "card effect": "won by a card's own winning condition",
}


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


def describe(view: View | None, result: Result, names: Names = None) -> Outcome:
    """The outcome of ``result`` with the final public ``view`` (None: no figures)."""
    game = str((view or {}).get("game", ""))
    figures = FIGURES[game](view) if view is not None and game in FIGURES else None
    columns = COLUMNS.get(game, ()) if figures is not None else ()
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
        headline = "A draw" if game == "auroria" else f"{who} share the win"
    else:
        headline = f"{who} wins" if len(winners) == 1 else f"{who} share the win"
    left = _left(result)
    ending, notes = _ending(game, view, result, names, left, figures)
    return Outcome(TITLES.get(game, game.title()), headline, ending, columns, standings, notes)


def _place(placing: int) -> str:
    return PLACE.get(placing, f"{placing}th")


def _left(result: Result) -> list[int]:
    """Seats that resigned or forfeited: named in the detail, or (when the match ended that
    way) everyone not placed first."""
    named = sorted({int(m.group(1)) - 1 for m in RESIGNED.finditer(result.detail)})
    if named or result.reason not in (RESIGNATION, FORFEIT):
        return named
    return [s for s, p in enumerate(result.placings) if p > 1]


def _ending(game: str, view: View | None, result: Result, names: Names, left: Sequence[int],
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
    if game == "aura":
        note = _aura_tie(figures, names) if figures is not None else ""
        return ("Most cards left (hand and deck) wins; on a tie, fewer wild and action cards "
                "discarded, then the lower total of discarded numbers.",
                (*((note,) if note else ()), *rest))
    if game == "zura":
        notes = list(rest)
        if len(result.winners) > 1:
            notes.insert(0, "Equal points: the rules name no tie-break, so the win is shared.")
        final = (view or {}).get("final_turns")
        if isinstance(final, Mapping) and isinstance(seat := final.get("emptied_by"), int):
            notes.append(f"{seat_label(seat, names)} emptied the "
                         "Tzerzurian deck; everyone else had one last turn.")
        return "Most points wins.", tuple(notes)
    if game == "auroria":
        if len(result.winners) != 1 and not result.detail:
            return "Both leaders fell at once: the game is a draw.", rest
        if result.reason == "normal" and result.detail:  # a best-of-three says its score
            return with_names(result.detail, names) if names else result.detail, rest
        winner = seat_label(result.winners[0], names)
        how = AURORIA_WINS.get(result.reason, "won")
        return f"{winner} {how}.", rest
    return "The game was played to its end.", rest


def _aura_tie(figures: Sequence[tuple[str, ...]], names: Names) -> str:
    """Which tie-break settled first place, in words; empty when cards left did."""
    counts = [tuple(int(v) for v in f) for f in figures]
    best = max(f[0] for f in counts)
    tied = [s for s, f in enumerate(counts) if f[0] == best]
    if len(tied) < 2:
        return ""
    who = joined([seat_label(s, names) for s in tied])
    fewest = min(counts[s][1] for s in tied)
    still = [s for s in tied if counts[s][1] == fewest]
    if len(still) == 1:
        return f"{who} tied on {best} cards left; fewer wild and action cards discarded decided."
    lowest = min(counts[s][2] for s in still)
    if sum(1 for s in still if counts[s][2] == lowest) == 1:
        return (f"{who} tied on {best} cards left and on wild and action cards; the lower "
                "discarded total decided.")
    return f"{who} tied on every count: they share the win."


def _aura(view: AuraView) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for info in view["seats"]:
        pile = info["discarded"] or []
        special = sum(1 for card in pile if card["kind"] in ("wild", "action"))
        total = sum(card["value"] or 0 for card in pile if card["kind"] == "number")
        out.append((str(info["remaining"]), str(special), str(total)))
    return out


def _zura(view: ZView) -> list[tuple[str, ...]]:
    return [(figure(score), str(stack["size"]), stack["top"]["name"] if stack["top"] else "—")
            for score, stack in zip(view["scores"], view["stacks"], strict=True)]


def _auroria(view: AuroriaView) -> list[tuple[str, ...]]:
    return [(figure(p["influence"]), str(p["deck_count"]), str(p["grave_count"]))
            for p in view["players"]]


FIGURES: dict[str, Callable[[Any], list[tuple[str, ...]]]] = {
    "aura": _aura, "zura": _zura, "auroria": _auroria}
"""Each game's end-of-game figures, from its own (typed) view."""
