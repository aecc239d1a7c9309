"""Auroria Codex rules help by topic, in our own words (``/rules auroria``).

The rulebook stays the authority and the engine enforces it whatever these texts say. A
topic may name a moment of play that illustrates it (``shows``): a test on the public view
that returns a caption when the moment is there; ``/rules`` draws that table.
"""

from __future__ import annotations

from bot.engine.help import Topic, card_with, dict_where, first_phase, phase
from bot.engine.types import View


def _auroria_keyword(word: str, text: str) -> Topic[View]:
    return Topic(text, card_with(word))


TOPICS: dict[str, Topic[View]] = {
    "overview": Topic(
        "A duel of leaders. Bring your opponent's Influence to 0, or make them start a Draw "
        "Phase with an empty deck.", first_phase),
    "mulligan": Topic(
        "Both players draw 7. Once, for free, you may keep any of them, shuffle the rest back "
        "and draw back to 7. Every further mulligan draws one card fewer.",
        phase("mulligan", "Opening hands are being chosen.")),
    "turn": Topic(
        "Ready step, Draw, Energy, Main, Battle, End. Each phase has its own topic.",
        phase("main", "A turn in its Main Phase.")),
    "ready": Topic(
        "At the start of your turn, everything you control that was exhausted stands up "
        "again. A ready creature can no longer be attacked by creatures.", first_phase),
    "draw": Topic(
        "Draw a card. Starting this phase with an empty deck loses the game, even if you "
        "would skip the draw.", phase("draw", "A Draw Phase.")),
    "energy": Topic(
        "Once per turn you may put one Energy card from your hand face down into your Energy "
        "Zone. Energy is turned sideways to pay for cards and stands up next turn.",
        phase("energy", "An Energy Phase.")),
    "main": Topic(
        "Play creatures, spells, Aura Spells and items you can pay for, use Activate: Main "
        "effects, and move one creature between your lines.",
        phase("main", "A Main Phase.")),
    "battle": Topic(
        "Attack with ready creatures from your Frontline (and your leader). The target is "
        "the enemy leader or an exhausted enemy creature. The other player may block or "
        "respond, never attack.", phase("battle", "A Battle Phase.")),
    "end-phase": Topic(
        "Temporary power changes end, damage is wiped from every creature except Structures, "
        "and the turn passes."),
    "mirrored": Topic(
        "When the active player draws, places Energy or takes a Main Phase action, the other "
        "player may do the same kind of thing in answer. Skipping the action denies that "
        "answer. Slow Mode turns this off.",
        lambda view: None if view.get("slow") else (
            "Two waiting players: a mirrored window." if len(view.get("waiting") or []) > 1
            else None)),
    "slow-mode": Topic(
        "A match option: no mirrored windows, like a classic card game. Counters, blocks and "
        "responses still work.", first_phase),
    "lines": Topic(
        "Each side has a Frontline (attacks) and a Backline (guards the leader), five slots "
        "each. A creature has one power per line, e.g. 5 ~ 0: placed or moved where its "
        "power is 0, it is destroyed.",
        dict_where(lambda d: d.get("kind") == "creature", "Creatures in their lines.")),
    "moving": Topic(
        "Once per turn in your Main Phase, move one creature to your other line. Moving does "
        "not ready or exhaust it, and it may still attack. Moving into a full line forces "
        "you to destroy cards there to make room.",
        dict_where(lambda d: d.get("kind") == "creature", "Creatures in their lines.")),
    "exhausted": Topic(
        "Attacking or blocking turns a creature sideways (exhausted) at once. Exhausted "
        "creatures cannot attack or block, but can be attacked, and still hit back.",
        dict_where(lambda d: d.get("kind") == "creature" and bool(d.get("exhausted")),
                   "An exhausted creature (turned sideways).")),
    "attacking": Topic(
        "A ready creature attacks once per turn, not on the turn it arrived (unless it has "
        "Quickness). Leaders attack once per turn without exhausting and can always be "
        "attacked.", lambda view: "An attack." if view.get("combat") else None),
    "blocking": Topic(
        "The defender may block with one ready creature, which exhausts. Backline creatures "
        "only guard the leader; Defender also guards creatures. Planted cards never block.",
        lambda view: "A blocked attack." if (view.get("combat") or {}).get("blocker")
        is not None else None),
    "combat": Topic(
        "Both sides deal damage at once with their current power in their line, minus damage "
        "already marked. Higher power survives, equal powers both die. Only unblocked hits "
        "on a leader, Piercing and card effects take Influence.",
        lambda view: "Combat under way." if view.get("combat") else None),
    "influence": Topic(
        "Your leader's life, starting at its printed value (20–25). Losses are permanent; "
        "reaching 0 loses the game. Effects may raise it above the start.", first_phase),
    "chain": Topic(
        "Spells, effects and responses stack up and resolve last in, first out. A Counter "
        "negates what it answers and closes the chain to anything but other Counters.",
        lambda view: "A chain is open." if view.get("chain") else None),
    "zones": Topic(
        "Deck, hand (private), Frontline and Backline, Energy Zone, five Aura Spell zones, "
        "graveyard (face up) and the leader zone.", first_phase),
    "creatures": Topic("Played into either line; they attack, block and carry items.",
                       card_with("creature", "type")),
    "spells": Topic("Cast from hand in your Main Phase; they resolve and go to the graveyard.",
                    card_with("spell", "type")),
    "aura-spells": Topic("Stay in one of your five Aura Spell zones and keep working until "
                         "removed.", card_with("aura", "type")),
    "counters": Topic("Only played in answer to an opponent's action: they negate it, and "
                      "only another Counter may answer them.", card_with("counter", "type")),
    "items": Topic("Weapons and tools: equipped to a creature or your leader, or placed under "
                   "your leader, as the card says. They give their bonus only while equipped.",
                   card_with("item", "type")),
    "dropped": Topic("When an equipped creature dies, its item drops onto that slot and does "
                     "nothing until its owner's creature Discovers it (no cost), equipping "
                     "it. Leaders do not Discover.",
                     dict_where(lambda d: d.get("kind") == "dropped", "A dropped item.")),
    "gold-coin": Topic("Placed under your leader rather than equipped; it cannot be "
                       "Discovered, but item removal can destroy it.",
                       dict_where(lambda d: bool(d.get("under")), "An item under a leader.")),
    "energy-cards": Topic("Only Energy cards go to the Energy Zone; each pays 1. Empowered "
                          "Energy (at most 4 per deck) also has a bonus.",
                          dict_where(lambda d: "potion" in d and "exhausted" in d,
                                     "Energy in the Energy Zone.")),
    "potions": Topic("Potions enter the Energy Zone face up and exhausted. Spent to pay, a "
                     "Potion goes to the graveyard instead of standing up again. When Energy "
                     "and Potions could both pay, you choose (the default spends Energy and "
                     "keeps your Potions).",
                     dict_where(lambda d: d.get("potion") is True, "A Potion.")),
    "planted": Topic("A face-down card in a line, in the colour of its leader. It cannot "
                     "attack, block, be attacked or carry items; Bloom cards spend it.",
                     dict_where(lambda d: d.get("kind") == "planted", "A Planted card.")),
    "bloom": _auroria_keyword("Bloom", "Only Bloom cards may spend Planted cards: each one "
                              "sent to the graveyard pays 1 of the cost, alongside Energy."),
    "overgrowth": Topic("Overgrowth N plants N cards from the graveyard, ready for Bloom.",
                        card_with("Overgrowth", "text")),
    "on-play": Topic("Triggers when the card is played from hand and arrives; a negated card "
                     "never arrived.", card_with("On Play", "text")),
    "on-death": Topic("Triggers when the card is destroyed on the field, before it reaches "
                      "the graveyard.", card_with("On Death", "text")),
    "discarded": Topic("Triggers when a discard effect sends the card from hand to the "
                       "graveyard (not when played or destroyed).",
                       card_with("Discarded", "text")),
    "activate": Topic("Activate: Main works once per turn in your Main Phase, or in a "
                      "mirrored window.", card_with("Activate", "text")),
    "quickness": _auroria_keyword("Quickness", "May attack on the turn it arrives (still "
                                  "only if ready, and only legal targets)."),
    "ranger": _auroria_keyword("Ranger", "May attack from the Backline."),
    "stealth": _auroria_keyword("Stealth", "Cannot be attacked or blocked by creatures "
                                "without Stealth, even while exhausted."),
    "structure": _auroria_keyword("Structure", "Keeps its damage between turns. It may block "
                                  "while exhausted and stands up again after blocking, so it "
                                  "can block again that turn."),
    "swift": _auroria_keyword("Swift", "After attacking and surviving it moves to the "
                              "Backline; after blocking and surviving, to the Frontline."),
    "defender": _auroria_keyword("Defender", "May also block attacks aimed at your "
                                 "creatures, once per turn."),
    "dual-attack": _auroria_keyword("Dual Attack", "Attacks twice in a turn: it readies after "
                                    "the first attack and, after the second, stays exhausted "
                                    "and moves to the Backline."),
    "piercing": _auroria_keyword("Piercing", "Damage beyond what kills the creature it hits "
                                 "(or the blocker of a leader attack) is taken from the "
                                 "defending player's Influence."),
    # Text only: being enhanced is a deck-building limit, nothing a table picture shows.
    "enhanced": Topic("Enhanced cards have an extra effect when their condition is met; a "
                      "deck holds at most 4."),
    "deck-building": Topic(
        "51–61 cards with one leader; at most 4 of each card (basic Energy free, Empowered "
        "Energy 4). Creatures must share the leader's colour, race or trait, and keep a "
        "common one among them; spells and Energy match the leader's colour.", first_phase),
}
