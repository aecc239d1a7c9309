"""The built-in ``test`` card set and a seeded test-deck builder.

A compact pool touching every keyword and card type of the codex, used by rule tests and,
with the match option ``deck_N=test``, for random playouts with varied decks (the Set 1
structure decks are the default). Names and texts are the project's own.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Rng

ENEMY = {"kind": "creature", "side": "enemy"}
OWN = {"kind": "creature", "side": "own"}

TEST_SET: list[dict[str, Any]] = [
    # leaders
    {"id": "l_white", "name": "Caravan Warden", "type": "leader", "colour": "white",
     "race": "Human", "traits": ["Bandit"], "front": 2, "influence": 20},
    {"id": "l_red", "name": "Ember Marshal", "type": "leader", "colour": "red",
     "race": "Dwarf", "traits": ["Soldier"], "front": 3, "influence": 20},
    {"id": "l_blue", "name": "Tide Scholar", "type": "leader", "colour": "blue",
     "race": "Elf", "traits": ["Mage"], "front": 1, "influence": 22},
    {"id": "l_green", "name": "Grove Keeper", "type": "leader", "colour": "green",
     "race": "Sylvan", "traits": ["Druid"], "front": 2, "influence": 21},
    # energy and potions
    {"id": "energy", "name": "Basic Energy", "type": "energy", "colour": "any"},
    {"id": "empowered", "name": "Bright Energy", "type": "energy", "colour": "any",
     "empowered": True, "text": "On Play: draw a card.",
     "effects": [{"trigger": "on_play", "ops": [{"op": "draw", "n": 1, "who": "you"}]}]},
    {"id": "potion", "name": "Flask of Sparks", "type": "potion", "colour": "any"},
    # creatures
    {"id": "squire", "name": "Road Squire", "type": "creature", "colour": "white",
     "race": "Human", "cost": 1, "front": 2, "back": 1},
    {"id": "spearman", "name": "Gate Spear", "type": "creature", "colour": "white",
     "race": "Human", "cost": 2, "front": 3, "back": 1},
    {"id": "brute", "name": "Ash Brute", "type": "creature", "colour": "red", "race": "Dwarf",
     "cost": 3, "front": 5, "back": 0},
    {"id": "archer", "name": "Reed Archer", "type": "creature", "colour": "green",
     "race": "Sylvan", "cost": 2, "front": 1, "back": 2, "keywords": ["Ranger"]},
    {"id": "raider", "name": "Cinder Raider", "type": "creature", "colour": "red",
     "race": "Dwarf", "cost": 2, "front": 2, "back": 1, "keywords": ["Quickness"]},
    {"id": "shade", "name": "Mist Shade", "type": "creature", "colour": "blue", "race": "Elf",
     "cost": 2, "front": 2, "back": 2, "keywords": ["Stealth"]},
    {"id": "palisade", "name": "Oak Palisade", "type": "creature", "colour": "white",
     "race": "Human", "cost": 3, "front": 2, "back": 4, "keywords": ["Structure"]},
    {"id": "guard", "name": "Shield Bearer", "type": "creature", "colour": "white",
     "race": "Human", "cost": 2, "front": 2, "back": 3, "keywords": ["Defender"]},
    {"id": "twinblade", "name": "Twin Blade", "type": "creature", "colour": "red",
     "race": "Dwarf", "cost": 3, "front": 3, "back": 1, "keywords": ["Dual Attack"]},
    {"id": "runner", "name": "Dune Runner", "type": "creature", "colour": "red",
     "race": "Dwarf", "cost": 2, "front": 2, "back": 2, "keywords": ["Swift"]},
    {"id": "lancer", "name": "Pike Lancer", "type": "creature", "colour": "red",
     "race": "Dwarf", "cost": 3, "front": 4, "back": 1, "keywords": ["Piercing"]},
    {"id": "thornback", "name": "Thornback", "type": "creature", "colour": "green",
     "race": "Sylvan", "cost": 4, "front": 4, "back": 3, "keywords": ["Bloom"]},
    {"id": "herald", "name": "Dawn Herald", "type": "creature", "colour": "blue",
     "race": "Elf", "cost": 2, "front": 1, "back": 1, "text": "On Play: draw a card.",
     "effects": [{"trigger": "on_play", "ops": [{"op": "draw", "n": 1, "who": "you"}]}]},
    {"id": "martyr", "name": "Ember Martyr", "type": "creature", "colour": "red",
     "race": "Dwarf", "cost": 2, "front": 2, "back": 1,
     "text": "On Death: the opponent loses 1 Influence.",
     "effects": [{"trigger": "on_death", "ops": [{"op": "influence", "n": -1, "who": "opp"}]}]},
    {"id": "seedling", "name": "Seedling", "type": "creature", "colour": "green",
     "race": "Sylvan", "cost": 1, "front": 1, "back": 1, "text": "On Death: plant this card.",
     "effects": [{"trigger": "on_death", "ops": [{"op": "plant", "src": "self", "n": 1}]}]},
    {"id": "tinker", "name": "Gear Tinker", "type": "creature", "colour": "white",
     "race": "Human", "cost": 2, "front": 2, "back": 2,
     "text": "Activate: Main (1): +1 power this turn.",
     "effects": [{"trigger": "activate", "cost": 1,
                  "ops": [{"op": "power", "n": 1, "to": "self", "until": "turn"}]}]},
    {"id": "gravekeeper", "name": "Moss Warden", "type": "creature", "colour": "green",
     "race": "Sylvan", "cost": 3, "front": 2, "back": 2, "text": "On Play: Overgrowth 2.",
     "effects": [{"trigger": "on_play", "ops": [{"op": "overgrowth", "n": 2}]}]},
    {"id": "wisp", "name": "Ash Wisp", "type": "creature", "colour": "blue", "race": "Elf",
     "cost": 1, "front": 1, "back": 1, "text": "Discarded: draw a card.",
     "effects": [{"trigger": "discarded", "ops": [{"op": "draw", "n": 1, "who": "you"}]}]},
    # spells
    {"id": "bolt", "name": "Spark Bolt", "type": "spell", "colour": "red", "cost": 1,
     "text": "Deal 2 damage to an enemy creature.",
     "effects": [{"trigger": "resolve", "targets": [ENEMY],
                  "ops": [{"op": "damage", "n": 2, "to": "t0"}]}]},
    {"id": "rally", "name": "Rally", "type": "spell", "colour": "white", "cost": 1,
     "text": "A creature of yours gets +2 power this turn.",
     "effects": [{"trigger": "resolve", "targets": [OWN],
                  "ops": [{"op": "power", "n": 2, "to": "t0", "until": "turn"}]}]},
    {"id": "snare", "name": "Snare", "type": "spell", "colour": "green", "cost": 1,
     "text": "Exhaust a ready enemy creature.",
     "effects": [{"trigger": "resolve", "targets": [{**ENEMY, "state": "ready"}],
                  "ops": [{"op": "exhaust", "to": "t0"}]}]},
    {"id": "insight", "name": "Insight", "type": "spell", "colour": "blue", "cost": 1,
     "text": "Draw two cards, then discard one.",
     "effects": [{"trigger": "resolve", "ops": [{"op": "draw", "n": 2, "who": "you"},
                                                 {"op": "discard", "n": 1, "who": "you"}]}]},
    {"id": "smite", "name": "Searing Word", "type": "spell", "colour": "red", "cost": 2,
     "text": "The opponent loses 2 Influence.",
     "effects": [{"trigger": "resolve", "ops": [{"op": "influence", "n": -2, "who": "opp"}]}]},
    {"id": "rot", "name": "Rot", "type": "spell", "colour": "green", "cost": 2,
     "text": "Destroy an exhausted creature.",
     "effects": [{"trigger": "resolve", "targets": [{"kind": "creature", "state": "exhausted"}],
                  "ops": [{"op": "destroy", "to": "t0"}]}]},
    {"id": "recall", "name": "Recall", "type": "spell", "colour": "blue", "cost": 1,
     "text": "Return a creature to its owner's hand.",
     "effects": [{"trigger": "resolve", "targets": [{"kind": "creature"}],
                  "ops": [{"op": "return", "to": "t0"}]}]},
    {"id": "crossroads", "name": "Crossroads", "type": "spell", "colour": "white", "cost": 1,
     "text": "Choose one: draw a card, or gain 2 Influence.",
     "effects": [{"trigger": "resolve", "ops": [{"op": "choose", "modes": [
         {"label": "Draw a card", "ops": [{"op": "draw", "n": 1, "who": "you"}]},
         {"label": "Gain 2 Influence", "ops": [{"op": "influence", "n": 2, "who": "you"}]},
     ]}]}]},
    {"id": "shatter", "name": "Shatter", "type": "spell", "colour": "red", "cost": 1,
     "text": "Destroy an item.",
     "effects": [{"trigger": "resolve", "targets": [{"kind": "item"}],
                  "ops": [{"op": "destroy_item", "to": "t0"}]}]},
    {"id": "unravel", "name": "Unravel", "type": "spell", "colour": "blue", "cost": 1,
     "text": "Destroy an Aura Spell.",
     "effects": [{"trigger": "resolve", "targets": [{"kind": "aura"}],
                  "ops": [{"op": "destroy_aura", "to": "t0"}]}]},
    {"id": "harrow", "name": "Harrow", "type": "spell", "colour": "blue", "cost": 2,
     "text": "The opponent discards a card.",
     "effects": [{"trigger": "resolve", "ops": [{"op": "discard", "n": 1, "who": "opp"}]}]},
    {"id": "wildfire", "name": "Wildfire", "type": "spell", "colour": "green", "cost": 3,
     "keywords": ["Bloom"], "text": "Bloom. Deal 3 damage to an enemy creature.",
     "effects": [{"trigger": "resolve", "targets": [ENEMY],
                  "ops": [{"op": "damage", "n": 3, "to": "t0"}]}]},
    {"id": "hoard", "name": "Dragon's Hoard", "type": "spell", "colour": "white", "cost": 2,
     "text": "If three or more items are under your leader, you win the game.",
     "effects": [{"trigger": "resolve", "ops": [{"op": "call", "fn": "hoard_win"}]}]},
    # counters
    {"id": "negate", "name": "Hush", "type": "counter", "colour": "blue", "cost": 1,
     "counters": ["spell", "aura"], "text": "Counter a spell or Aura Spell."},
    {"id": "deny", "name": "Refusal", "type": "counter", "colour": "blue", "cost": 2,
     "counters": ["summon", "item", "activate", "trigger"],
     "text": "Counter a summon, an item, an Activate effect or a triggered effect."},
    {"id": "parry", "name": "Parry", "type": "counter", "colour": "white", "cost": 1,
     "counters": ["attack"], "text": "Counter an attack."},
    {"id": "feint", "name": "Feint", "type": "counter", "colour": "red", "cost": 1,
     "counters": ["block"], "text": "Counter a block: the attack goes on unblocked."},
    {"id": "rebuke", "name": "Rebuke", "type": "counter", "colour": "blue", "cost": 0,
     "counters": ["counter"], "text": "Counter a Counter."},
    # auras
    {"id": "banner", "name": "War Banner", "type": "aura", "colour": "white", "cost": 2,
     "text": "Your creatures get +1 power.",
     "effects": [{"trigger": "static",
                  "ops": [{"op": "power", "n": 1, "to": "own_creatures"}]}]},
    {"id": "blight", "name": "Blight", "type": "aura", "colour": "green", "cost": 3,
     "text": "Enemy creatures get -1 power.",
     "effects": [{"trigger": "static",
                  "ops": [{"op": "power", "n": -1, "to": "enemy_creatures"}]}]},
    # items
    {"id": "sword", "name": "Long Sword", "type": "item", "colour": "white", "cost": 1,
     "equip": "creature", "text": "Equipped creature gets +2 power.",
     "effects": [{"trigger": "static", "ops": [{"op": "power", "n": 2, "to": "host"}]}]},
    {"id": "cloak", "name": "Shadow Cloak", "type": "item", "colour": "blue", "cost": 1,
     "equip": "creature", "text": "Equipped creature has Stealth.",
     "effects": [{"trigger": "static", "ops": [{"op": "grant", "kw": "Stealth", "to": "host"}]}]},
    {"id": "crown", "name": "Iron Crown", "type": "item", "colour": "white", "cost": 1,
     "equip": "leader", "text": "Equipped leader gets +1 power.",
     "effects": [{"trigger": "static", "ops": [{"op": "power", "n": 1, "to": "host"}]}]},
    {"id": "coin", "name": "Gold Coin", "type": "item", "colour": "white", "cost": 0,
     "equip": "under", "text": "Under your leader: your leader gets +1 power.",
     "effects": [{"trigger": "static", "ops": [{"op": "power", "n": 1, "to": "own_leader"}]}]},
]

BY_COLOUR = {"white": "l_white", "red": "l_red", "blue": "l_blue", "green": "l_green"}
NONENERGY = [c["id"] for c in TEST_SET if c["type"] not in ("leader", "energy", "potion")]


def test_deck(rng: Rng, size: int = 50) -> tuple[str, list[str]]:
    """A varied random deck: a leader, 18 Energy (2 Empowered), 2 Potions, the rest drawn
    from the pool with at most 4 copies each (the test set ignores colour identity)."""
    leader = rng.choice(sorted(BY_COLOUR.values()))
    deck = ["energy"] * 16 + ["empowered"] * 2 + ["potion"] * 2
    pool = rng.sample(NONENERGY, 12)
    while len(deck) < size:
        card = rng.choice(pool)
        if deck.count(card) < 4:
            deck.append(card)
    return leader, deck
