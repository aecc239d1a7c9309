"""An Auroria Codex view as plain text: the terminal table prints it, and images' alt text.

Reads the view only, so a seat's text holds nothing its view does not: the opponent's
Energy and Planted cards stay unnamed. The short form fits the alt-text limit; the full form
adds card text, graves and the chain's targets.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.text import fit, listing, name_of, whose
from bot.games.auroria.view import AuroriaView, CardFace, PlayerView, Slot

_PHASES = {"draw": "Draw Phase", "energy": "Energy Phase",
           "main": "Main Phase", "battle": "Battle Phase", "end": "End Phase"}


def _card(card: CardFace, full: bool) -> str:
    """The name; in full, with cost, powers (front line / back line) and text."""
    name: str = card["name"]
    if not full:
        return name
    facts = [f"cost {card['cost']}"] if card["cost"] else []
    if card["type"] == "creature":
        facts.append(f"power {card['front']} front, {card['back']} back")
    if card["text"]:
        facts.append(card["text"].rstrip("."))
    return f"{name} ({'; '.join(facts)})" if facts else name


def _slot(slot: Slot, full: bool) -> str:
    if slot["kind"] == "planted":
        known = f": {_card(slot['card'], full)}" if "card" in slot else ""
        return f"a planted card{known}"
    if slot["kind"] == "dropped":
        return f"{_card(slot['card'], full)} lying on the ground"
    bits = [f"power {slot['power']}"]
    if slot["damage"]:
        bits.append(f"{slot['damage']} damage")
    if slot["exhausted"]:
        bits.append("exhausted")
    if slot["item"] is not None:
        bits.append(f"holding {slot['item']['name']}")
    if full and slot["keywords"]:
        bits.append(", ".join(slot["keywords"]))
    return f"{_card(slot['card'], full)} ({', '.join(bits)})"


def _names_by_uid(view: AuroriaView) -> dict[int, str]:
    out = {}
    for player in view["players"]:
        out[player["leader"]["uid"]] = player["leader"]["name"]
        for slot in player["front"] + player["back"]:
            if "card" in slot:
                out[slot["uid"]] = slot["card"]["name"]
    return out


def _owners_by_uid(view: AuroriaView) -> dict[int, int]:
    out = {}
    for player in view["players"]:
        out[player["leader"]["uid"]] = player["seat"]
        for slot in player["front"] + player["back"]:
            out[slot["uid"]] = player["seat"]
    return out


def _player(player: PlayerView, who: str, full: bool) -> list[str]:
    lead = player["leader"]
    item = f", holding {lead['item']['name']}" if lead["item"] else ""
    lines = [f"{who}: {player['influence']} influence; leader {lead['name']} "
             f"(power {lead['power']}{item}); {player['hand_count']} in hand, "
             f"{player['deck_count']} in deck."]
    for line in ("front", "back"):
        if player[line]:
            lines.append(f"  {line.capitalize()} line: "
                         + "; ".join(_slot(s, full) for s in player[line]) + ".")
    energy = player["energy"]
    if energy:
        ready = sum(1 for e in energy if not e["exhausted"])
        named = [e["name"] for e in energy if "name" in e]
        known = f" ({listing(named)})" if full and named else ""
        lines.append(f"  Energy: {ready} of {len(energy)} ready{known}.")
    if player["auras"]:
        lines.append("  Auras: " + listing([_card(c, full) for c in player["auras"]]) + ".")
    if full and player["grave"]:
        lines.append("  Grave: " + listing([c["name"] for c in player["grave"]]) + ".")
    return lines


def describe(view: AuroriaView, names: Sequence[str], *, full: bool = False) -> str:
    """The table read like the game: whose turn, both sides of the board, your hand."""
    viewer = view["viewer"]
    lines = []
    result = view["result"]
    if result is not None:
        winners = ["you" if s == viewer else name_of(names, s) for s in result["winners"]]
        lines.append(f"Auroria Codex, game over: {listing(winners, 'nobody')} won.")
    else:
        lines.append("Auroria Codex, before the first turn: mulligans."
                     if view["phase"] == "mulligan" else
                     f"Auroria Codex turn {view['turn']}: {whose(names, view['active'], viewer)}"
                     f" turn, {_PHASES.get(view['phase'], view['phase'])}.")
        waiting = [("you" if s == viewer else name_of(names, s)) for s in view["waiting"]]
        if waiting:
            lines.append(f"Waiting for {listing(waiting)}.")
    uids = _names_by_uid(view)
    owners = _owners_by_uid(view)

    def whose_card(uid: int, unknown: str) -> str:
        """"Ann's Vesk": in a mirror match both leaders have the same name."""
        if uid not in uids:
            return unknown
        return f"{whose(names, owners[uid], viewer)} {uids[uid]}"

    combat = view["combat"]
    if combat is not None:
        blocker = combat["blocker"]
        line = (f"{whose_card(combat['attacker'], 'A creature')} attacks "
                f"{whose_card(combat['target'], 'a target')}"
                + (f", blocked by {whose_card(blocker, 'a creature')}"
                   if blocker is not None else "") + ".")
        lines.append(line[0].upper() + line[1:])
    for entry in view["chain"]:
        targets = [uids.get(t, "a card") for t in entry["targets"]]
        aim = f" at {listing(targets)}" if full and targets else ""
        negated = " (negated)" if entry["negated"] else ""
        lines.append(f"On the chain: {whose(names, entry['controller'], viewer)} "
                     f"{entry['card']['name']}{aim}{negated}.")
    for player in sorted(view["players"], key=lambda p: p["seat"] != viewer):
        mine = player["seat"] == viewer
        lines.extend(_player(player, "You" if mine else name_of(names, player["seat"]), full))
        if mine:
            lines.append("Your hand: "
                         + listing([_card(c, full) for c in player["hand"]], "empty") + ".")
    if "building" in view:
        lines.append(f"You are playing {view['building']['name']}.")
    if "attacking" in view:
        lines.append(f"{uids.get(view['attacking'], 'Your creature')} is choosing a target.")
    return "\n".join(lines) if full else fit(lines)
