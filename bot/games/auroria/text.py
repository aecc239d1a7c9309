"""An Auroria Codex view as plain text: the terminal table prints it, and images' alt text.

Reads the view only, so a seat's text holds nothing its view does not: the opponent's
Energy and Planted cards stay unnamed. The short form fits the alt-text limit; the full form
adds card text, graves and the chain's targets. Every line is a sentence said by ``say``
(the reader's language; plain ``str``, the default, reads English); card names and texts
are card words (``cardwords``).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.said import Said, Value, said
from bot.engine.text import Reader, Say, fit, name_of
from bot.games.auroria.cardwords import words_of
from bot.games.auroria.view import AuroriaView, CardFace, PlayerView, Slot

_PHASES = {"draw": said("Draw Phase"), "energy": said("Energy Phase"),
           "main": said("Main Phase"), "battle": said("Battle Phase"), "end": said("End Phase")}
_FRONTLINE = said("  Frontline: {slots}.")
_BACKLINE = said("  Backline: {slots}.")


class _Reader(Reader[AuroriaView]):
    """Auroria Codex's table in words for one reader."""

    def card(self, card: CardFace, full: bool) -> str:
        """The name; in full, with cost, powers (front line / back line) and text."""
        name = Said(card["name"])
        if not full:
            return self.say(name)
        text = self.say(words_of(card["text"])).rstrip(".") if card["text"] else ""
        if card["type"] == "creature":
            line = (said("{card} (cost {cost}; power {front} front, {back} back; {text})")
                    if text else said("{card} (cost {cost}; power {front} front, {back} back)"))
            return self.say(line.with_values(card=name, cost=card["cost"], front=card["front"],
                                             back=card["back"], text=text))
        if card["cost"]:
            line = said("{card} (cost {cost}; {text})") if text else said("{card} (cost {cost})")
            return self.say(line.with_values(card=name, cost=card["cost"], text=text))
        return self.say(said("{card} ({text})", card=name, text=text)) if text else \
            self.say(name)

    def slot(self, slot: Slot, full: bool) -> str:
        if slot["kind"] == "planted":
            if "card" in slot:
                return self.say(said("a planted card: {card}",
                                     card=self.card(slot["card"], full)))
            return self.say(said("a planted card"))
        if slot["kind"] == "dropped":
            return self.say(said("{card} lying on the ground", card=self.card(slot["card"], full)))
        bits = [said("power {power}", power=slot["power"])]
        if slot["damage"]:
            bits.append(said("{damage} damage", damage=slot["damage"]))
        if slot["exhausted"]:
            bits.append(said("exhausted"))
        if slot["item"] is not None:
            bits.append(said("holding {item}", item=Said(slot["item"]["name"])))
        facts = ", ".join(self.say(bit) for bit in bits)
        if full and slot["keywords"]:
            facts = ", ".join([facts, *(self.say(Said(word)) for word in slot["keywords"])])
        return self.say(said("{card} ({facts})", card=self.card(slot["card"], full),
                             facts=facts))

    def player(self, player: PlayerView, mine: bool, full: bool) -> list[str]:
        lead = player["leader"]
        values: dict[str, Value] = {"influence": player["influence"], "leader": Said(lead["name"]),
                  "power": lead["power"], "hand": player["hand_count"],
                  "deck": player["deck_count"],
                  "who": name_of(self.names, player["seat"])}
        if lead["item"]:
            values["item"] = Said(lead["item"]["name"])
            line = (said("You: {influence} Influence; leader {leader} (power {power}, holding "
                         "{item}); {hand} in hand, {deck} in deck.") if mine else
                    said("{who}: {influence} Influence; leader {leader} (power {power}, "
                         "holding {item}); {hand} in hand, {deck} in deck."))
        else:
            line = (said("You: {influence} Influence; leader {leader} (power {power}); {hand} "
                         "in hand, {deck} in deck.") if mine else
                    said("{who}: {influence} Influence; leader {leader} (power {power}); "
                         "{hand} in hand, {deck} in deck."))
        lines = [self.say(line.with_values(**values))]
        for sentence, slots in ((_FRONTLINE, player["front"]), (_BACKLINE, player["back"])):
            if slots:
                lines.append(self.say(sentence.with_values(
                    slots="; ".join(self.slot(s, full) for s in slots))))
        energy = player["energy"]
        if energy:
            ready = sum(1 for e in energy if not e["exhausted"])
            named = tuple(Said(e["name"]) for e in energy if "name" in e)
            counted = (said("  Energy: {ready} of {total} ready ({cards}).", cards=named)
                       if full and named else said("  Energy: {ready} of {total} ready."))
            lines.append(self.say(counted.with_values(ready=ready, total=len(energy))))
        if player["auras"]:
            lines.append(self.say(said("  Auras: {cards}.", cards=tuple(
                self.card(c, full) for c in player["auras"]))))
        if full and player["grave"]:
            lines.append(self.say(said("  Grave: {cards}.", cards=tuple(
                Said(c["name"]) for c in player["grave"]))))
        return lines

    def seat(self, seat: int) -> str | Said:
        """A seat in a list of people: ``you`` for the viewer."""
        return said("you") if seat == self.view["viewer"] else name_of(self.names, seat)

    def whose_card(self, uid: int, unknown: Said, names: dict[int, str],
                   owners: dict[int, int]) -> Said:
        """"Ann's Vesk" / "your Vesk": in a mirror match both leaders have the same name."""
        if uid not in names:
            return unknown
        if owners[uid] == self.view["viewer"]:
            return said("your {card}", card=Said(names[uid]))
        return said("{player}'s {card}", player=name_of(self.names, owners[uid]),
                    card=Said(names[uid]))

    def heading(self) -> str:
        view = self.view
        result = view["result"]
        if result is not None:
            winners = result["winners"]
            if not winners:
                return self.say(said("Auroria Codex, game over: nobody won."))
            if list(winners) == [view["viewer"]]:
                return self.say(said("Auroria Codex, game over: you won."))
            return self.say(said("Auroria Codex, game over: {players} won.",
                                 players=tuple(self.seat(s) for s in winners)))
        if view["phase"] == "mulligan":
            return self.say(said("Auroria Codex, before the first turn: mulligans."))
        phase = _PHASES.get(view["phase"], Said(view["phase"]))
        if view["active"] == view["viewer"]:
            return self.say(said("Auroria Codex turn {turn}: your turn, {phase}.",
                                 turn=view["turn"], phase=phase))
        return self.say(said("Auroria Codex turn {turn}: {player}'s turn, {phase}.",
                             turn=view["turn"], player=name_of(self.names, view["active"]),
                             phase=phase))


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


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe(view: AuroriaView, names: Sequence[str], *, full: bool = False,
             say: Say = str) -> str:
    """The table read like the game: whose turn, both sides of the board, your hand."""
    reader = _Reader(view, names, say)
    viewer = view["viewer"]
    lines = [reader.heading()]
    if view["result"] is None and view["waiting"]:
        lines.append(say(said("Waiting for {players}.",
                              players=tuple(reader.seat(s) for s in view["waiting"]))))
    uids = _names_by_uid(view)
    owners = _owners_by_uid(view)
    combat = view["combat"]
    if combat is not None:
        attacker = reader.whose_card(combat["attacker"], said("a creature"), uids, owners)
        target = reader.whose_card(combat["target"], said("a target"), uids, owners)
        blocker = combat["blocker"]
        line = (said("{attacker} attacks {target}.") if blocker is None else
                said("{attacker} attacks {target}, blocked by {blocker}.",
                     blocker=reader.whose_card(blocker, said("a creature"), uids, owners)))
        lines.append(_capital(say(line.with_values(attacker=attacker, target=target))))
    for entry in view["chain"]:
        targets = tuple(Said(uids[t]) if t in uids else said("a card") for t in entry["targets"])
        aimed = full and bool(targets)
        if entry["negated"]:
            line = (said("On the chain: {card} ({player}), aimed at {targets}, negated.")
                    if aimed else said("On the chain: {card} ({player}), negated."))
        else:
            line = (said("On the chain: {card} ({player}), aimed at {targets}.")
                    if aimed else said("On the chain: {card} ({player})."))
        lines.append(say(line.with_values(card=Said(entry["card"]["name"]),
                                          player=reader.seat(entry["controller"]),
                                          targets=targets)))
    for player in sorted(view["players"], key=lambda p: p["seat"] != viewer):
        mine = player["seat"] == viewer
        lines.extend(reader.player(player, mine, full))
        if mine:
            hand = tuple(reader.card(c, full) for c in player["hand"])
            lines.append(say(said("Your hand: {cards}.", cards=hand) if hand else
                             said("Your hand: empty.")))
    if "building" in view:
        lines.append(say(said("You are playing {card}.", card=Said(view["building"]["name"]))))
    if "attacking" in view:
        attacking = view["attacking"]
        lines.append(say(said("{card} is choosing a target.", card=Said(uids[attacking]))
                         if attacking in uids else said("Your creature is choosing a target.")))
    return "\n".join(lines) if full else fit(lines)
