"""Card text written from card data, so what a card says and what it does cannot disagree.

``card_words`` turns a parsed definition (its type, equip rule, Counter targets and effects)
into the player-facing rules text as one catalogue message: the whole text with its numbers
as named placeholders (``Deal {damage} damage to an enemy creature.``), so a translator reads
it whole and cards that say the same share one translation. ``card_text`` is its English
form; keywords are shown apart from the text, as the views do. ``mode_words`` names one mode
of a ``choose`` op for its menu button. ``bot.words.extract`` writes every card's messages
into the catalogues (``cardwords.messages``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine.said import Said
from bot.games.auroria.cards import CardDef, Effect, Target

PREFIX = {"on_play": "On Play", "on_death": "On Death", "discarded": "Discarded"}
COUNTERED = {"spell": "a spell", "aura": "an Aura Spell", "summon": "a summon",
             "item": "an item", "activate": "an Activate effect",
             "trigger": "a triggered effect", "counter": "a Counter", "attack": "an attack",
             "block": "a block"}
EQUIP_TEXT = {"creature": "Equip to a creature of yours.", "leader": "Equip to your leader.",
              "any": "Equip to a creature of yours or to your leader.",
              "under": "Place under your leader."}
CUSTOM_TEXT = {"hoard_win": "If three or more items are under your leader, you win the game."}
"""Texts of the registered functions an op ``call`` may name (``effects.CUSTOM``)."""
PLURAL = {"own_creatures": ("your creatures", "each of your creatures"),
          "enemy_creatures": ("enemy creatures", "each enemy creature"),
          "all_creatures": ("all creatures", "each creature")}
SINGLE = {"own_leader": "your leader", "enemy_leader": "the enemy leader"}
NOUNS = {"creature": "creature", "item": "item", "aura": "Aura Spell", "planted": "Planted card"}
KEEP_CAPITAL = ("Overgrowth",)


class CardTextError(ValueError):
    """The data uses something the text writer cannot say (an unknown custom function)."""


def _article(phrase: str) -> str:
    return ("an " if phrase[0].lower() in "aeiou" else "a ") + phrase


def target_phrase(t: Target, another: bool = False) -> str:
    """``an exhausted enemy creature``, ``a creature of yours``, ``an Aura Spell``…"""
    words = [w for w in (t.state, "enemy" if t.side == "enemy" else "", NOUNS[t.kind]) if w]
    phrase = " ".join(words)
    if t.side == "own":
        phrase += " of yours"
    return f"another {phrase}" if another else _article(phrase)


class _Numbers:
    """The numbers of one message, each written as a placeholder named for what it counts
    (``{damage}``; a second, different one of the same kind is ``{damage2}``)."""

    def __init__(self) -> None:
        self.values: dict[str, int] = {}

    def __call__(self, kind: str, n: int) -> str:
        name, more = kind, 2
        while self.values.get(name, n) != n:
            name, more = f"{kind}{more}", more + 1
        self.values[name] = n
        return "{" + name + "}"


class _Refs:
    """Names what an op aims at: a target's full phrase on first mention, then ``it``; and
    holds the numbers of the message being written."""

    def __init__(self, card: CardDef, targets: Sequence[Target],
                 numbers: _Numbers | None = None) -> None:
        self.card = card
        self.targets = targets
        self.named: set[str] = set()
        self.num = numbers or _Numbers()

    def plural(self, to: str) -> bool:
        return to in PLURAL

    def subject(self, to: str) -> str:
        """The ref as the subject of ``gets``/``gains`` (plural refs read as a group)."""
        if to in PLURAL:
            return PLURAL[to][0]
        return self.obj(to)

    def obj(self, to: str) -> str:
        """The ref as an object (plural refs read ``each …``)."""
        if to in PLURAL:
            return PLURAL[to][1]
        if to in SINGLE:
            return SINGLE[to]
        if to == "self":
            return "this Aura Spell" if self.card.type == "aura" else "this creature"
        if to == "host":
            return {"leader": "your leader", "creature": "the equipped creature"}.get(
                self.card.equip, "the equipped card")
        index = int(to[1])
        if to in self.named:
            if len(self.targets) > 1:
                return "the first one" if index == 0 else "the second one"
            return "it"
        self.named.add(to)
        same = index == 1 and self.targets[0] == self.targets[1]
        return target_phrase(self.targets[index], another=same)


def _count(refs: _Refs, n: int, noun: str) -> str:
    return f"a {noun}" if n == 1 else f"{refs.num(noun + 's', n)} {noun}s"


def _verb(refs: _Refs, to: str, singular: str, plural: str) -> str:
    return plural if refs.plural(to) else singular


def op_text(op: Mapping[str, Any], refs: _Refs, static: bool = False) -> str:
    """One sentence for one op, ending with a full stop; ``static``: a lasting effect."""
    kind = op["op"]
    n = int(op.get("n", 1))
    to = str(op.get("to", ""))
    you = op.get("who", "you") == "you"
    if kind == "draw":
        cards = _count(refs, n, "card")
        return f"Draw {cards}." if you else f"The opponent draws {cards}."
    if kind == "discard":
        cards = _count(refs, n, "card")
        return f"Discard {cards}." if you else f"The opponent discards {cards}."
    if kind == "damage":
        return f"Deal {refs.num('damage', n)} damage to {refs.obj(to)}."
    if kind in ("power", "grant"):
        return _changes([op], refs, static)
    if kind in ("exhaust", "ready", "destroy", "destroy_item", "destroy_aura"):
        verb = {"destroy_item": "destroy", "destroy_aura": "destroy"}.get(kind, kind)
        return f"{_cap(verb)} {refs.obj(to)}."
    if kind == "move":
        return f"Move {refs.obj(to)} to its other line."
    if kind == "return":
        return f"Return {refs.obj(to)} to its owner's hand."
    if kind == "influence":
        gains = n > 0
        amount = refs.num("influence", abs(n))
        if op.get("who", "opp") == "you":
            return f"You {'gain' if gains else 'lose'} {amount} Influence."
        return f"The opponent {'gains' if gains else 'loses'} {amount} Influence."
    if kind == "plant":
        src = op.get("src", "self")
        if src == "self":
            return "Plant this card."
        if src == "deck":
            return ("Plant the top card of your deck." if n == 1
                    else f"Plant the top {refs.num('cards', n)} cards of your deck.")
        where = "hand" if src == "hand" else "graveyard"
        return f"Plant {_count(refs, n, 'card')} from your {where}."
    if kind == "overgrowth":
        return (f"Overgrowth {refs.num('overgrowth', n)} (plant "
                f"{'a card' if n == 1 else refs.num('overgrowth', n) + ' cards'} from your "
                "graveyard).")
    if kind == "choose":
        modes = [_lower(mode_text(m, refs)).rstrip(".") for m in op["modes"]]
        return "Choose one: " + "; or ".join(modes) + "."
    if kind == "call":
        fn = str(op["fn"])
        if fn not in CUSTOM_TEXT:
            raise CardTextError(f"no text for the custom function `{fn}`")
        return CUSTOM_TEXT[fn]
    raise CardTextError(f"no text for the op `{kind}`")


def _change(op: Mapping[str, Any], refs: _Refs, static: bool) -> str:
    """The predicate of a power change or keyword grant: ``gets +2 power``, ``has Stealth``."""
    to = str(op["to"])
    if op["op"] == "power":
        n = int(op["n"])
        sign = "+" if n >= 0 else "-"
        return f"{_verb(refs, to, 'gets', 'get')} {sign}{refs.num('power', abs(n))} power"
    if op["kw"] == "Protected":
        return "cannot be destroyed"
    verb = _verb(refs, to, "has", "have") if static else _verb(refs, to, "gains", "gain")
    return f"{verb} {op['kw']}"


def _changes(ops: Sequence[Mapping[str, Any]], refs: _Refs, static: bool) -> str:
    """Changes to one card (or group) for one duration, as one sentence."""
    lasting = static or ops[0].get("until", "turn") != "turn"
    subject = _cap(refs.subject(str(ops[0]["to"])))
    return (f"{subject} " + " and ".join(_change(op, refs, static) for op in ops)
            + ("" if lasting else " this turn") + ".")


def _same_change(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return (a["op"] in ("power", "grant") and b["op"] in ("power", "grant")
            and a["to"] == b["to"] and a.get("until", "turn") == b.get("until", "turn"))


def ops_text(ops: Sequence[Mapping[str, Any]], refs: _Refs, static: bool = False) -> str:
    """Sentences for a list of ops: changes to one card share a sentence, and one-off steps
    read in order (``draw a card, then discard a card``)."""
    groups: list[list[Mapping[str, Any]]] = []
    for op in ops:
        if groups and _same_change(groups[-1][-1], op):
            groups[-1].append(op)
        else:
            groups.append([op])
    parts = [_changes(g, refs, static) if len(g) > 1 else op_text(g[0], refs, static)
             for g in groups]
    if static:
        return " ".join(parts)
    return parts[0][:-1] + "".join(f", then {_lower(p)[:-1]}" for p in parts[1:]) + "." \
        if parts else ""


def mode_text(mode: Mapping[str, Any], refs: _Refs) -> str:
    return ops_text(mode.get("ops", []), refs)


def mode_words(card: CardDef, effect: Effect, mode: Mapping[str, Any]) -> Said:
    """The button label of one mode: its text without the final full stop."""
    refs = _Refs(card, effect.targets)
    return Said(mode_text(mode, refs).rstrip("."), dict(refs.num.values))


def mode_label(card: CardDef, effect: Effect, mode: Mapping[str, Any]) -> str:
    """The English label of one mode (what the card data stores)."""
    return str(mode_words(card, effect, mode))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower(text: str) -> str:
    if text.startswith(KEEP_CAPITAL):
        return text
    return text[:1].lower() + text[1:]


def effect_text(card: CardDef, effect: Effect, numbers: _Numbers | None = None) -> str:
    refs = _Refs(card, effect.targets, numbers)
    static = effect.trigger == "static"
    body = ops_text(effect.ops, refs, static)
    if effect.trigger == "activate":
        cost = f" ({refs.num('cost', effect.cost)})" if effect.cost else ""
        return f"Activate: Main{cost}: {_lower(body)}"
    if effect.trigger in PREFIX:
        return f"{PREFIX[effect.trigger]}: {_lower(body)}"
    return body


def card_words(card: CardDef) -> Said:
    """The whole rules text of ``card`` as one message (keywords are shown apart); its
    ``msgid`` is empty for a card without text."""
    numbers = _Numbers()
    parts: list[str] = []
    if card.enhanced:
        parts.append("Enhanced.")
    if card.type == "counter":
        what = [COUNTERED[c] for c in card.counters]
        listed = what[0] if len(what) == 1 else ", ".join(what[:-1]) + " or " + what[-1]
        parts.append(f"Counter {listed}.")
    if card.type == "item":
        parts.append(EQUIP_TEXT[card.equip])
    if card.type == "potion":
        parts.append("Goes to your Energy Zone exhausted; it pays 1 once, then goes to the "
                     "graveyard.")
    if card.type == "energy" and card.empowered:
        parts.append("Empowered Energy.")
    parts += [t for t in (effect_text(card, e, numbers) for e in card.effects) if t]
    return Said(" ".join(parts), dict(numbers.values))


def card_text(card: CardDef) -> str:
    """The whole rules text of ``card`` in English."""
    return str(card_words(card))
