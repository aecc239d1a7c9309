"""A Zura view as plain text: the terminal table prints it, every image carries it as alt text.

Reads the view only, so a seat's text holds nothing its view does not. The short form keeps
to the alt-text limit by naming what a player acts on (search area, stacks, hand); the full
form adds each slot, the viewer's whole stack and card abilities.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.engine.text import fit, listing, name_of, whose
from bot.games.zura.abilities import of_phase
from bot.games.zura.view import Slot, TravelCard, TzCard, ZView

_PHASES = {
    "draw": "drawing",
    "act": "discarding travel cards to search",
    "peek": "peeking at face-down cards",
    "flip": "turning cards face up",
    "steal": "taking a card from an opponent's stack",
    "order": "ordering claimed cards",
}
"""The turn's own steps; an ability's step is named by its handler (``doing``)."""


def _doing(phase: str) -> str:
    ability = of_phase(phase)
    return ability.doing if ability is not None else _PHASES.get(phase, "playing")


def _tz(card: TzCard) -> str:
    points = card.get("value", card["points"])
    return f"{card['name']} ({points:+d})" if isinstance(points, int) else \
        f"{card['name']} (X points)"


def _ability(card: TzCard, full: bool) -> str:
    return f" — {card['ability_text']}" if full else ""


def _slot(slot: Slot, full: bool) -> str | None:
    """One search-area place, or None for a face-down card nobody here knows."""
    if slot["state"] == "empty":
        return f"{slot['name']} empty" if full else None
    if slot["state"] == "up":
        imp = ", waiting for a second Imp" if slot["lone_imp"] else ""
        return f"{slot['name']} {_tz(slot['card'])} face up{imp}{_ability(slot['card'], full)}"
    if "seen" in slot:
        return (f"{slot['name']} face down, known: {_tz(slot['seen'])}"
                f"{_ability(slot['seen'], full)}")
    return None


def _hand(hand: list[TravelCard]) -> str:
    counts = Counter(card["name"] for card in hand)
    return listing([f"{name} ×{n}" if n > 1 else name for name, n in counts.items()],
                   "empty")


def describe(view: ZView, names: Sequence[str], *, full: bool = False) -> str:
    """The table read like the game: whose turn, the search area, every player, your hand."""
    viewer = view["viewer"]
    turn = view["turn"]
    lines = []
    if view["over"]:
        lines.append("Zura, game over.")
    else:
        doing = _doing(view["phase"])
        lines.append(f"Zura: {whose(names, turn, viewer)} turn, {doing}.")
    final = view["final_turns"]
    if final is not None and not view["over"]:
        lines.append(f"The Tzerzurian pile ran out ({name_of(names, final['emptied_by'])}); "
                     f"{final['turns_left']} turn{'s' * (final['turns_left'] != 1)} left.")
    slots = view["search"]["slots"]
    shown = [text for slot in slots if (text := _slot(slot, full)) is not None]
    down = sum(1 for slot in slots if slot["state"] == "down" and "seen" not in slot)
    if full:
        unknown = [slot["name"] for slot in slots if slot["state"] == "down"
                   and "seen" not in slot]
        lines.append("Search area:")
        lines.extend(f"  {text}" for text in shown)
        if unknown:
            lines.append(f"  Face down, unknown: {listing(unknown)}.")
    else:
        lines.append(f"Search area: {listing(shown, 'nothing face up')}; "
                     f"{down} unknown face down.")
    turn_info = view["this_turn"]
    if turn_info["discarded"] is not None:
        spent = turn_info["discarded"]
        land = next(land["name"] for land in view["landscapes"]
                    if land["key"] == spent["landscape"])
        lines.append(f"Discarded this turn: {land} ×{spent['count']}.")
    if turn_info["gained"]:
        lines.append("Claimed this turn: "
                     + listing([_tz(c) for c in turn_info["gained"]]) + ".")
    for stack in view["stacks"]:
        seat = stack["seat"]
        who = "You" if seat == viewer else name_of(names, seat)
        top = f", top {_tz(stack['top'])}" if stack["top"] else ""
        points = "1 point" if stack["score"] == 1 else f"{stack['score']} points"
        held = view["hand_sizes"][seat]
        lines.append(f"{who}: {points}, {stack['size']} stacked{top}, "
                     f"{held} travel card{'s' * (held != 1)}.")
    if viewer is not None:
        lines.append(f"Your hand: {_hand(view['hand'] or [])}.")
        if view["looking_at"] is not None:
            lines.append(f"You see {view['looking_at']['name']} on top of the travel deck.")
        if full and view["my_stack"]:
            lines.append("Your stack, bottom first:")
            lines.extend(f"  {_tz(c)}{_ability(c, True)}" for c in view["my_stack"])
    pile = view["discard"]["top"]
    lines.append(f"Discard pile {view['discard']['size']}"
                 + (f" (top {pile['name']})" if pile else "")
                 + f"; travel deck {view['travel_deck']}; Tzerzurian pile {view['tz_deck']}.")
    return "\n".join(lines) if full else fit(lines)
