"""An Aura view as plain text: the terminal table prints it, every image carries it as alt text.

Reads the view only, so a seat's text holds nothing its view does not: a face-down card is
"face down", a sealed row is "sealed". The short form fits the alt-text limit; the full form
adds discard piles and how each block stood. Every line is whole sentences said by ``say``
(the reader's language; plain ``str``, the default, reads English); a card is its catalogue
name (``cards.NAMED``).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.said import Said, said, said_n
from bot.engine.text import Reader, Say, fit, name_of
from bot.games.aura.cards import NAMED
from bot.games.aura.view import AuraView, Cell, Row, Shown

_PHASES = {
    "play": said("playing cards face down"),
    "block": said("blocking"),
    "reveal": said("revealing and resolving effects"),
    "discard": said("discarding"),
    "cleanup": said("finishing the turn"),
    "extra": said("choosing for an extra turn"),
}
_PLAYING = said("playing")
_BEATS = {"trump": said("{card} (trumps it)"), "higher": said("{card} (beats it)"),
          "block": said("{card} (blocks it)")}
_DOUBLE, _REVERSE = said("Double"), said("Reverse")
_NO_CARD = "—"


def _card(card: Shown | None) -> Said:
    if card is None:
        return said("gone")
    if "back" in card:
        return said("face down")
    name = NAMED[card["id"]]
    if card["kind"] == "wild" and card["value"] is not None:
        return said("{card} as {n}", card=name, n=card["value"])
    return name


def _cell(cell: Cell | None, full: bool) -> str | Said:
    if cell is None or cell["card"] is None:
        return _NO_CARD
    card = _card(cell["card"])
    if full and cell["beats"] is not None:
        return _BEATS[cell["beats"]].with_values(card=card)
    if full and cell["blocked"] is False:
        return said("{card} (does not stop it)", card=card)
    return card


class _Reader(Reader[AuraView]):
    """Aura's table in words for one reader."""

    def mine(self, seat: int) -> bool:
        return seat == self.view["viewer"]

    def label(self, seat: int) -> str | Said:
        """A seat heading its own line: "You" for the viewer."""
        return said("You") if self.mine(seat) else name_of(self.names, seat)

    def heading(self) -> list[str]:
        view = self.view
        if view["phase"] == "over":
            return [self.say(said("Aura, game over."))]
        doing = _PHASES.get(view["phase"], _PLAYING)
        mine = self.mine(view["active"])
        if view["additional_turn"]:
            line = (said("Aura turn {turn} (an additional turn): your turn, {doing}.") if mine
                    else said("Aura turn {turn} (an additional turn): {player}'s turn, "
                              "{doing}."))
        else:
            line = (said("Aura turn {turn}: your turn, {doing}.") if mine
                    else said("Aura turn {turn}: {player}'s turn, {doing}."))
        lines = [self.say(line.with_values(turn=view["turn"], doing=doing,
                                           player=name_of(self.names, view["active"])))]
        if view["ending"]:
            lines.append(self.say(said("This is the last turn.")))
        waiting = tuple(said("you") if self.mine(s) else name_of(self.names, s)
                        for s in view["waiting"])
        if waiting:
            lines.append(self.say(said("Waiting for {players}.", players=waiting)))
        return lines

    def row(self, row: Row, revealed: bool, full: bool) -> str:
        """One blocker's row: its blocks, or that it is sealed, and what it costs them."""
        seat, mine = row["seat"], self.mine(row["seat"])
        who = name_of(self.names, seat)
        if row["sealed"]:
            return self.say(said("You blocked face down, sealed until the reveal.") if mine
                            else said("{player} blocked face down, sealed until the reveal.",
                                      player=who))
        parts: list[Said] = []
        if row["choosing"]:
            parts.append(said("You are choosing blocks now.") if mine
                         else said("{player} is choosing blocks now.", player=who))
        cells = tuple(_cell(cell, full) for cell in row["cells"])
        if any(cell != _NO_CARD for cell in cells):
            parts.append(said("You block: {cards}.", cards=cells) if mine
                         else said("{player} blocks: {cards}.", player=who, cards=cells))
        elif revealed:
            parts.append(said("You have no blocks.") if mine
                         else said("{player} has no blocks.", player=who))
        else:
            parts.append(said("You have no blocks yet.") if mine
                         else said("{player} has no blocks yet.", player=who))
        if row["owes"]:
            parts.append(said_n("You must discard {n} card.", "You must discard {n} cards.",
                                row["owes"]) if mine else
                         said_n("{player} must discard {n} card.",
                                "{player} must discard {n} cards.", row["owes"], player=who))
        if row["blocked_all"]:
            parts.append(said("You stopped every card.") if mine
                         else said("{player} stopped every card.", player=who))
        return " ".join(self.say(part) for part in parts)

    def table(self, full: bool) -> list[str]:
        table = self.view["table"]
        if table is None:
            return [self.say(said("The table is empty."))]
        played = tuple(said("{card} (chain {n})", card=_card(slot["card"]), n=slot["chain"])
                       if slot["chain"] else _card(slot["card"]) for slot in table["cards"])
        lines = [self.say(said("You played: {cards}.", cards=played)
                          if self.mine(table["active"]) else
                          said("{player} played: {cards}.", cards=played,
                               player=name_of(self.names, table["active"])))]
        lines.extend(self.row(row, table["revealed"], full) for row in table["blockers"])
        effects = table["effects"]
        on = tuple(name for name, flag in ((_DOUBLE, effects["double"]),
                                           (_REVERSE, effects["reverse"])) if flag)
        if on:
            lines.append(self.say(said("In effect: {effects}.", effects=on)))
        return lines

    def seats(self, full: bool) -> list[str]:
        lines = []
        for seat in self.view["seats"]:
            s = seat["seat"]
            line = said_n("{player}: {n} card left ({hand} in hand, {deck} in deck), "
                          "{discard} discarded.",
                          "{player}: {n} cards left ({hand} in hand, {deck} in deck), "
                          "{discard} discarded.", seat["remaining"], player=self.label(s),
                          hand=seat["hand"], deck=seat["deck"], discard=seat["discard"])
            text = self.say(line)
            if seat["aura_surfaced"]:
                text += " " + self.say(said_n("The Aura card surfaced {n} time.",
                                              "The Aura card surfaced {n} times.",
                                              seat["aura_surfaced"]))
            lines.append(text)
            if full and seat["discarded"]:
                cards = tuple(_card(c) for c in seat["discarded"])
                lines.append("  " + self.say(
                    said("You discarded: {cards}.", cards=cards) if self.mine(s) else
                    said("{player} discarded: {cards}.", player=name_of(self.names, s),
                         cards=cards)))
        return lines


def _score(score: float) -> int | float:
    return int(score) if float(score).is_integer() else score


def describe(view: AuraView, names: Sequence[str], *, full: bool = False,
             say: Say = str) -> str:
    """The table read like the game: whose turn, the cards in play, every player, your hand."""
    reader = _Reader(view, names, say)
    lines = [*reader.heading(), *reader.table(full), *reader.seats(full)]
    if view["hand"] is not None:
        hand = tuple(_card(c) for c in view["hand"])
        lines.append(say(said("Your hand: {cards}.", cards=hand) if hand else
                         said("Your hand: empty.")))
    result = view["result"]
    if result is not None:
        order = sorted(range(len(result["placings"])), key=lambda s: result["placings"][s])
        scores = tuple(said("{player}: {score}", player=name_of(names, s),
                            score=_score(result["scores"][s])) for s in order)
        lines.append(say(said("Final scores: {scores}.", scores=scores)))
    return "\n".join(lines) if full else fit(lines)
