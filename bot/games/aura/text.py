"""An Aura view as plain text: the terminal table prints it, every image carries it as alt text.

Reads the view only, so a seat's text holds nothing its view does not: a face-down card is
"face down", a sealed row is "sealed". The short form fits the alt-text limit; the full form
adds discard piles and how each block stood.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.text import fit, listing, name_of, whose
from bot.games.aura.view import AuraView, Cell, Shown

_PHASES = {
    "play": "playing cards face down",
    "block": "blocking",
    "reveal": "revealing and resolving effects",
    "discard": "discarding",
    "cleanup": "finishing the turn",
    "extra": "choosing for an extra turn",
}
_BEATS = {"trump": "trumps it", "higher": "beats it", "block": "blocks it"}


def _card(card: Shown | None) -> str:
    if card is None:
        return "gone"
    if "back" in card:
        return "face down"
    label = card["label"]
    if card["kind"] == "wild" and card["value"] is not None:
        return f"{label} as {card['value']}"
    return label


def _cell(cell: Cell | None, full: bool) -> str:
    if cell is None or cell["card"] is None:
        return "—"
    text = _card(cell["card"])
    if full and cell["beats"] is not None:
        text += f" ({_BEATS[cell['beats']]})"
    elif full and cell["blocked"] is False:
        text += " (does not stop it)"
    return text


def _table(view: AuraView, names: Sequence[str], full: bool) -> list[str]:
    table = view["table"]
    if table is None:
        return ["The table is empty."]
    viewer = view["viewer"]
    active = "You" if table["active"] == viewer else name_of(names, table["active"])
    played = []
    for slot in table["cards"]:
        chain = f" (chain {slot['chain']})" if slot["chain"] else ""
        played.append(_card(slot["card"]) + chain)
    lines = [f"{active} played: {listing(played)}."]
    for row in table["blockers"]:
        who = "You" if row["seat"] == viewer else name_of(names, row["seat"])
        if row["sealed"]:
            lines.append(f"{who} blocked face down, sealed until the reveal.")
            continue
        cells = [_cell(cell, full) for cell in row["cells"]]
        doing = " (choosing now)" if row["choosing"] else ""
        if all(c == "—" for c in cells):
            text = f"{who}{doing}: no blocks yet" if not table["revealed"] else \
                f"{who}: no blocks"
        else:
            verb = "block" if row["seat"] == viewer else "blocks"
            text = f"{who}{doing} {verb}: {', '.join(cells)}"
        if row["owes"]:
            text += f"; must discard {row['owes']}"
        if row["blocked_all"]:
            text += "; stopped every card"
        lines.append(text + ".")
    effects = table["effects"]
    on = [name for name, flag in (("Double", effects["double"]), ("Reverse", effects["reverse"]))
          if flag]
    if on:
        lines.append(f"In effect: {listing(on)}.")
    return lines


def describe(view: AuraView, names: Sequence[str], *, full: bool = False) -> str:
    """The table read like the game: whose turn, the cards in play, every player, your hand."""
    viewer = view["viewer"]
    lines = []
    result = view["result"]
    if view["phase"] == "over":
        lines.append("Aura, game over.")
    else:
        extra = " (an additional turn)" if view["additional_turn"] else ""
        last = " This is the last turn." if view["ending"] else ""
        doing = _PHASES.get(view["phase"], "playing")
        lines.append(f"Aura turn {view['turn']}{extra}: {whose(names, view['active'], viewer)} "
                     f"turn, {doing}.{last}")
        waiting = [("you" if s == viewer else name_of(names, s)) for s in view["waiting"]]
        if waiting:
            lines.append(f"Waiting for {listing(waiting)}.")
    lines.extend(_table(view, names, full))
    for seat in view["seats"]:
        s = seat["seat"]
        who = "You" if s == viewer else name_of(names, s)
        surfaced = f", Aura card surfaced {seat['aura_surfaced']}×" if seat["aura_surfaced"] \
            else ""
        lines.append(f"{who}: {seat['remaining']} cards left ({seat['hand']} in hand, "
                     f"{seat['deck']} in deck), {seat['discard']} discarded{surfaced}.")
        if full and seat["discarded"]:
            lines.append(f"  {who} discarded: {listing([_card(c) for c in seat['discarded']])}.")
    if view["hand"] is not None:
        lines.append(f"Your hand: {listing([_card(c) for c in view['hand']], 'empty')}.")
    if result is not None:
        order = sorted(range(len(result["placings"])), key=lambda s: result["placings"][s])
        lines.append("Final: " + "; ".join(
            f"{name_of(names, s)} {result['scores'][s]:g}" for s in order) + ".")
    return "\n".join(lines) if full else fit(lines)
