"""A Zura view as plain text: the terminal table prints it, every image carries it as alt text.

Reads the view only, so a seat's text holds nothing its view does not. The short form keeps
to the alt-text limit by naming what a player acts on (search area, stacks, hand); the full
form adds each slot, the viewer's whole stack and card abilities. Every line is whole
sentences said by ``say`` (the reader's language; plain ``str``, the default, reads
English); card, landscape, slot and ability texts are catalogue messages of their own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.engine.said import Said, said, said_n
from bot.engine.text import Reader, Say, fit, name_of
from bot.games.zura.abilities import of_phase
from bot.games.zura.view import Slot, TravelCard, TzCard, ZView

_PHASES = {
    "draw": said("drawing"),
    "act": said("discarding travel cards to search"),
    "peek": said("peeking at face-down cards"),
    "flip": said("turning cards face up"),
    "steal": said("taking a card from an opponent's stack"),
    "order": said("ordering claimed cards"),
}
"""The turn's own steps; an ability's step is named by its handler (``doing``)."""
_PLAYING = said("playing")


def _doing(phase: str) -> Said:
    ability = of_phase(phase)
    return ability.doing if ability is not None else _PHASES.get(phase, _PLAYING)


def _tz(card: TzCard) -> Said:
    points = card.get("value", card["points"])
    if isinstance(points, int):
        signed = f"{points:+d}"
        return said("{card} ({points})", card=Said(card["name"]), points=signed)
    return said("{card} (X points)", card=Said(card["name"]))


def _ability(card: TzCard, shown: Said, full: bool) -> Said:
    """``shown`` followed by the card's ability text, in the full form."""
    if not full:
        return shown
    return said("{card} — {ability}", card=shown, ability=Said(card["ability_text"]))


def _slot(slot: Slot, full: bool) -> Said | None:
    """One search-area place, or None for a face-down card nobody here knows."""
    name = Said(slot["name"])
    if slot["state"] == "empty":
        return said("{slot} empty", slot=name) if full else None
    if slot["state"] == "up":
        card = slot["card"]
        up = (said("{slot} {card} face up, waiting for a second Imp") if slot["lone_imp"]
              else said("{slot} {card} face up"))
        return _ability(card, up.with_values(slot=name, card=_tz(card)), full)
    if "seen" in slot:
        seen = slot["seen"]
        return _ability(seen, said("{slot} face down, known: {card}", slot=name,
                                   card=_tz(seen)), full)
    return None


def _hand(hand: list[TravelCard]) -> tuple[Said, ...]:
    counts = Counter(card["name"] for card in hand)
    return tuple(said("{card} ×{n}", card=Said(name), n=n) if n > 1 else Said(name)
                 for name, n in counts.items())


class _Reader(Reader[ZView]):
    """Zura's table in words for one reader."""

    def heading(self) -> list[str]:
        view = self.view
        if view["over"]:
            return [self.say(said("Zura, game over."))]
        doing = _doing(view["phase"])
        lines = [self.say(said("Zura: your turn, {doing}.", doing=doing)
                          if view["turn"] == view["viewer"] else
                          said("Zura: {player}'s turn, {doing}.", doing=doing,
                               player=name_of(self.names, view["turn"])))]
        final = view["final_turns"]
        if final is not None:
            lines.append(self.say(said_n(
                "The Tzerzurian pile ran out ({player}); {n} turn left.",
                "The Tzerzurian pile ran out ({player}); {n} turns left.",
                final["turns_left"], player=name_of(self.names, final["emptied_by"]))))
        return lines

    def search(self, full: bool) -> list[str]:
        slots = self.view["search"]["slots"]
        shown = tuple(text for slot in slots if (text := _slot(slot, full)) is not None)
        unknown = tuple(Said(slot["name"]) for slot in slots
                        if slot["state"] == "down" and "seen" not in slot)
        if full:
            lines = [self.say(said("Search area:"))]
            lines.extend(f"  {self.say(text)}" for text in shown)
            if unknown:
                lines.append("  " + self.say(said("Face down, unknown: {slots}.",
                                                  slots=unknown)))
            return lines
        line = (said_n("Search area: {cards}; {n} unknown face down.",
                       "Search area: {cards}; {n} unknown face down.", len(unknown),
                       cards=shown) if shown else
                said_n("Search area: nothing face up; {n} unknown face down.",
                       "Search area: nothing face up; {n} unknown face down.", len(unknown)))
        return [self.say(line)]

    def this_turn(self) -> list[str]:
        view = self.view
        turn = view["this_turn"]
        lines = []
        if turn["discarded"] is not None:
            spent = turn["discarded"]
            land = next(land["name"] for land in view["landscapes"]
                        if land["key"] == spent["landscape"])
            lines.append(self.say(said("Discarded this turn: {land} ×{n}.", land=Said(land),
                                       n=spent["count"])))
        if turn["gained"]:
            lines.append(self.say(said("Claimed this turn: {cards}.",
                                       cards=tuple(_tz(c) for c in turn["gained"]))))
        return lines

    def stacks(self) -> list[str]:
        view = self.view
        lines = []
        for stack in view["stacks"]:
            seat = stack["seat"]
            held = view["hand_sizes"][seat]
            line = (said("{player}: {points}, {size} stacked, top {card}, {cards}.",
                         card=_tz(stack["top"])) if stack["top"] else
                    said("{player}: {points}, {size} stacked, {cards}."))
            lines.append(self.say(line.with_values(
                player=said("You") if seat == view["viewer"] else name_of(self.names, seat),
                points=said_n("{n} point", "{n} points", stack["score"]), size=stack["size"],
                cards=said_n("{n} travel card", "{n} travel cards", held))))
        return lines

    def mine(self, full: bool) -> list[str]:
        """The viewer's hand, what they look at and (in full) their whole stack."""
        view = self.view
        hand = _hand(view["hand"] or [])
        lines = [self.say(said("Your hand: {cards}.", cards=hand) if hand else
                          said("Your hand: empty."))]
        if view["looking_at"] is not None:
            lines.append(self.say(said("You see {card} on top of the travel deck.",
                                       card=Said(view["looking_at"]["name"]))))
        if full and view["my_stack"]:
            lines.append(self.say(said("Your stack, bottom first:")))
            lines.extend(f"  {self.say(_ability(c, _tz(c), True))}" for c in view["my_stack"])
        return lines

    def piles(self) -> str:
        view = self.view
        top = view["discard"]["top"]
        line = (said("Discard pile {n} (top {card}); travel deck {travel}; Tzerzurian pile "
                     "{tz}.", card=Said(top["name"])) if top else
                said("Discard pile {n}; travel deck {travel}; Tzerzurian pile {tz}."))
        return self.say(line.with_values(n=view["discard"]["size"], travel=view["travel_deck"],
                                         tz=view["tz_deck"]))


def describe(view: ZView, names: Sequence[str], *, full: bool = False,
             say: Say = str) -> str:
    """The table read like the game: whose turn, the search area, every player, your hand."""
    reader = _Reader(view, names, say)
    lines = [*reader.heading(), *reader.search(full), *reader.this_turn(), *reader.stacks()]
    if view["viewer"] is not None:
        lines.extend(reader.mine(full))
    lines.append(reader.piles())
    return "\n".join(lines) if full else fit(lines)
