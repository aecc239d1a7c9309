"""Auroria Codex rules help by topic, in our own words (``/rules auroria``).

The rulebook stays the authority and the engine enforces it whatever these texts say. A
topic may name a moment of play that illustrates it (``shows``): a test on the public view
that returns a caption when the moment is there; ``/rules`` draws that table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from bot.engine.help import Topic, first_phase
from bot.engine.said import Said, said
from bot.games.auroria.view import AuroriaView, CardFace, Slot

Shows = Callable[[AuroriaView], Said | None]


def phase(name: str, caption: Said) -> Shows:
    return lambda view: caption if view["phase"] == name else None


def _slots(view: AuroriaView) -> Iterator[Slot]:
    for player in view["players"]:
        yield from player["front"]
        yield from player["back"]


def slot_where(test: Callable[[Slot], bool], caption: Said) -> Shows:
    """A moment when some slot of either line passes ``test``."""
    return lambda view: caption if any(test(slot) for slot in _slots(view)) else None


def _faces(view: AuroriaView) -> Iterator[CardFace]:
    """Every face-up card of the view, in the order the table reads."""
    for player in view["players"]:
        lead = player["leader"]
        if lead["item"] is not None:
            yield lead["item"]
        yield from lead["under"]
        for slot in (*player["front"], *player["back"]):
            if "card" in slot:
                yield slot["card"]
            if slot["kind"] == "creature" and slot["item"] is not None:
                yield slot["item"]
        yield from player["auras"]
        yield from player["grave"]
        yield from player.get("hand", [])
    for entry in view["chain"]:
        yield entry["card"]
    if "building" in view:
        yield view["building"]


def card_with(word: str, caption: Said, field: str = "keywords") -> Shows:
    """A face-up card whose keywords name ``word`` (or whose type or English text holds it);
    the caption names the card as ``{card}``."""
    def shows(view: AuroriaView) -> Said | None:
        for face in _faces(view):
            found = (word in face["keywords"] if field == "keywords"
                     else word.lower() in face["type" if field == "type" else "text"].lower())
            if found:
                return caption.with_values(card=Said(face["name"]))
        return None
    return shows


def _mirrored(view: AuroriaView) -> Said | None:
    if view["slow"] or len(view["waiting"]) < 2:
        return None
    return said("Two waiting players: a mirrored window.")


def _blocked(view: AuroriaView) -> Said | None:
    combat = view["combat"]
    blocked = combat is not None and combat["blocker"] is not None
    return said("A blocked attack.") if blocked else None


def _auroria_keyword(word: str, text: Said) -> Topic[AuroriaView]:
    """A keyword's topic, shown by a card that has it (the keyword is a card word)."""
    return Topic(text, card_with(word, said("{card} ({keyword}) is in view.",
                                            keyword=Said(word))))


TOPICS: dict[str, Topic[AuroriaView]] = {
    "overview": Topic(
        said("A duel of leaders. Bring your opponent's Influence to 0, or make them start a Draw "
             "Phase with an empty deck."), first_phase),
    "mulligan": Topic(
        said("Both players draw 7. Once, for free, you may keep any of them, shuffle the rest back "
             "and draw back to 7. Every further mulligan draws one card fewer."),
        phase("mulligan", said("Opening hands are being chosen."))),
    "turn": Topic(
        said("Ready step, Draw, Energy, Main, Battle, End. Each phase has its own topic."),
        phase("main", said("A turn in its Main Phase."))),
    "ready": Topic(
        said("At the start of your turn, everything you control that was exhausted stands up "
             "again. A ready creature can no longer be attacked by creatures."), first_phase),
    "draw": Topic(
        said("Draw a card. Starting this phase with an empty deck loses the game, even if you "
             "would skip the draw."), phase("draw", said("A Draw Phase."))),
    "energy": Topic(
        said("Once per turn you may put one Energy card from your hand face down into your Energy "
             "Zone. Energy is turned sideways to pay for cards and stands up next turn."),
        phase("energy", said("An Energy Phase."))),
    "main": Topic(
        said("Play creatures, spells, Aura Spells and items you can pay for, use Activate: Main "
             "effects, and move one creature between your lines."),
        phase("main", said("A Main Phase."))),
    "battle": Topic(
        said("Attack with ready creatures from your Frontline (and your leader). The target is the "
             "enemy leader or an exhausted enemy creature. The other player may block or respond, "
             "never attack."), phase("battle", said("A Battle Phase."))),
    "end-phase": Topic(
        said("Temporary power changes end, damage is wiped from every creature except Structures, "
             "and the turn passes.")),
    "mirrored": Topic(
        said("When the active player draws, places Energy or takes a Main Phase action, the other "
             "player may do the same kind of thing in answer. Skipping the action denies that "
             "answer. Slow Mode turns this off."),
        _mirrored),
    "slow-mode": Topic(
        said("A match option: no mirrored windows, like a classic card game. Counters, blocks and "
             "responses still work."), first_phase),
    "lines": Topic(
        said("Each side has a Frontline (attacks) and a Backline (guards the leader), five slots "
             "each. A creature has one power per line, e.g. 5 ~ 0: placed or moved where its power "
             "is 0, it is destroyed."),
        slot_where(lambda s: s["kind"] == "creature", said("Creatures in their lines."))),
    "moving": Topic(
        said("Once per turn in your Main Phase, move one creature to your other line. Moving does "
             "not ready or exhaust it, and it may still attack. Moving into a full line forces you "
             "to destroy cards there to make room."),
        slot_where(lambda s: s["kind"] == "creature", said("Creatures in their lines."))),
    "exhausted": Topic(
        said("Attacking or blocking turns a creature sideways (exhausted) at once. Exhausted "
             "creatures cannot attack or block, but can be attacked, and still hit back."),
        slot_where(lambda s: s["kind"] == "creature" and s["exhausted"],
                   said("An exhausted creature (turned sideways)."))),
    "attacking": Topic(
        said("A ready creature attacks once per turn, not on the turn it arrived (unless it has "
             "Quickness). Leaders attack once per turn without exhausting and can always be "
             "attacked."), lambda view: said("An attack.") if view["combat"] else None),
    "blocking": Topic(
        said("The defender may block with one ready creature, which exhausts. Backline creatures "
             "only guard the leader; Defender also guards creatures. Planted cards never block."),
        _blocked),
    "combat": Topic(
        said("Both sides deal damage at once with their current power in their line, minus damage "
             "already marked. Higher power survives, equal powers both die. Only unblocked hits on "
             "a leader, Piercing and card effects take Influence."),
        lambda view: said("Combat under way.") if view["combat"] else None),
    "influence": Topic(
        said("Your leader's life, starting at its printed value (20–25). Losses are permanent; "
             "reaching 0 loses the game. Effects may raise it above the start."), first_phase),
    "chain": Topic(
        said("Spells, effects and responses stack up and resolve last in, first out. A Counter "
             "negates what it answers and closes the chain to anything but other Counters."),
        lambda view: said("A chain is open.") if view["chain"] else None),
    "zones": Topic(
        said("Deck, hand (private), Frontline and Backline, Energy Zone, five Aura Spell zones, "
             "graveyard (face up) and the leader zone."), first_phase),
    "creatures": Topic(said("Played into either line; they attack, block and carry items."),
                       card_with("creature", said("{card} (creature) is in view."), "type")),
    "spells": Topic(said("Cast from hand in your Main Phase; they resolve and go to the "
                         "graveyard."),
                    card_with("spell", said("{card} (spell) is in view."), "type")),
    "aura-spells": Topic(said("Stay in one of your five Aura Spell zones and keep working until "
                              "removed."),
                         card_with("aura", said("{card} (Aura Spell) is in view."), "type")),
    "counters": Topic(said("Only played in answer to an opponent's action: they negate it, and "
                           "only another Counter may answer them."),
                      card_with("counter", said("{card} (Counter) is in view."), "type")),
    "items": Topic(said("Weapons and tools: equipped to a creature or your leader, or placed under "
                        "your leader, as the card says. They give their bonus only while "
                        "equipped."),
                   card_with("item", said("{card} (item) is in view."), "type")),
    "dropped": Topic(said("When an equipped creature dies, its item drops onto that slot and does "
                          "nothing until its owner's creature Discovers it (no cost), equipping "
                          "it. Leaders do not Discover."),
                     slot_where(lambda s: s["kind"] == "dropped", said("A dropped item."))),
    "gold-coin": Topic(said("Placed under your leader rather than equipped; it cannot be "
                            "Discovered, but item removal can destroy it."),
                       lambda view: said("An item under a leader.") if any(
                           p["leader"]["under"] for p in view["players"]) else None),
    "energy-cards": Topic(said("Only Energy cards go to the Energy Zone; each pays 1. Empowered "
                               "Energy (at most 4 per deck) also has a bonus."),
                          lambda view: said("Energy in the Energy Zone.") if any(
                              p["energy"] for p in view["players"]) else None),
    "potions": Topic(said("Potions enter the Energy Zone face up and exhausted. Spent to pay, a "
                          "Potion goes to the graveyard instead of standing up again. When Energy "
                          "and Potions could both pay, you choose (the default spends Energy and "
                          "keeps your Potions)."),
                     lambda view: said("A Potion.") if any(
                         e["potion"] for p in view["players"] for e in p["energy"]) else None),
    "planted": Topic(said("A face-down card in a line, in the colour of its leader. It cannot "
                          "attack, block, be attacked or carry items; Bloom cards spend it."),
                     slot_where(lambda s: s["kind"] == "planted", said("A Planted card."))),
    "bloom": _auroria_keyword("Bloom", said("Only Bloom cards may spend Planted cards: each one "
                                            "sent to the graveyard pays 1 of the cost, alongside "
                                            "Energy.")),
    "overgrowth": Topic(said("Overgrowth N plants N cards from the graveyard, ready for Bloom."),
                        card_with("Overgrowth", said("{card} (Overgrowth) is in view."),
                                  "text")),
    "on-play": Topic(said("Triggers when the card is played from hand and arrives; a negated card "
                          "never arrived."),
                     card_with("On Play", said("{card} (On Play) is in view."), "text")),
    "on-death": Topic(said("Triggers when the card is destroyed on the field, before it reaches "
                           "the graveyard."),
                      card_with("On Death", said("{card} (On Death) is in view."), "text")),
    "discarded": Topic(said("Triggers when a discard effect sends the card from hand to the "
                            "graveyard (not when played or destroyed)."),
                       card_with("Discarded", said("{card} (Discarded) is in view."), "text")),
    "activate": Topic(said("Activate: Main works once per turn in your Main Phase, or in a "
                           "mirrored window."),
                      card_with("Activate", said("{card} (Activate) is in view."), "text")),
    "quickness": _auroria_keyword("Quickness", said("May attack on the turn it arrives (still only "
                                                    "if ready, and only legal targets).")),
    "ranger": _auroria_keyword("Ranger", said("May attack from the Backline.")),
    "stealth": _auroria_keyword("Stealth", said("Cannot be attacked or blocked by creatures "
                                                "without Stealth, even while exhausted.")),
    "structure": _auroria_keyword("Structure", said("Keeps its damage between turns. It may block "
                                                    "while exhausted and stands up again after "
                                                    "blocking, so it can block again that turn.")),
    "swift": _auroria_keyword("Swift", said("After attacking and surviving it moves to the "
                                            "Backline; after blocking and surviving, to the "
                                            "Frontline.")),
    "defender": _auroria_keyword("Defender", said("May also block attacks aimed at your creatures, "
                                                  "once per turn.")),
    "dual-attack": _auroria_keyword("Dual Attack", said("Attacks twice in a turn: it readies "
                                                        "after the first attack and, after the "
                                                        "second, stays exhausted and moves to "
                                                        "the Backline.")),
    "piercing": _auroria_keyword("Piercing", said("Damage beyond what kills the creature it hits "
                                                  "(or the blocker of a leader attack) is taken "
                                                  "from the defending player's Influence.")),
    # Text only: being enhanced is a deck-building limit, nothing a table picture shows.
    "enhanced": Topic(said("Enhanced cards have an extra effect when their condition is met; a "
                           "deck holds at most 4.")),
    "deck-building": Topic(
        said("51–61 cards with one leader; at most 4 of each card (basic Energy free, Empowered "
             "Energy 4). Creatures must share the leader's colour, race or trait, and keep a "
             "common one among them; spells and Energy take the leader's colour."), first_phase),
}
