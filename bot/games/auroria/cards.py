"""Cards are data: a definition is parsed from a plain dict and validated with clear errors.

A card's behaviour is a list of effects, each a trigger plus a list of ops from a small
vocabulary (see ``OPS``). Anything the vocabulary cannot say is an op ``call`` naming a
Python function registered in ``effects.CUSTOM``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import GameError

TYPES = ("leader", "creature", "spell", "aura", "counter", "item", "energy", "potion")
KEYWORDS = ("Quickness", "Ranger", "Stealth", "Structure", "Swift", "Defender", "Dual Attack",
            "Piercing", "Bloom")
GRANTABLE = (*KEYWORDS, "Protected")
"""``Protected``: the creature cannot be destroyed (granted by effects, usually for a turn)."""

TRIGGERS = ("resolve", "on_play", "on_death", "discarded", "activate", "static")
"""``resolve`` is a spell's or Counter's own body; ``static`` applies while the card is in play."""

REFS = ("self", "host", "t0", "t1", "own_creatures", "enemy_creatures", "all_creatures",
        "own_leader", "enemy_leader")
OPS: dict[str, tuple[str, ...]] = {
    # op name: the fields it accepts (besides "op")
    "draw": ("n", "who"),
    "discard": ("n", "who"),
    "damage": ("n", "to"),
    "power": ("n", "to", "until"),
    "grant": ("kw", "to", "until"),
    "exhaust": ("to",),
    "ready": ("to",),
    "move": ("to",),
    "destroy": ("to",),
    "return": ("to",),
    "influence": ("n", "who"),
    "plant": ("src", "n"),
    "overgrowth": ("n",),
    "destroy_item": ("to",),
    "destroy_aura": ("to",),
    "choose": ("modes",),
    "call": ("fn",),
}
COUNTERABLE = ("spell", "summon", "aura", "item", "activate", "trigger", "counter", "attack",
               "block")
TARGET_KINDS = ("creature", "item", "aura", "planted")
SIDES = ("own", "enemy", "any")
EQUIP = ("creature", "leader", "any", "under")


class CardError(GameError):
    """A card definition that cannot be used; the message names the card and the field."""


@dataclass(frozen=True, slots=True)
class Target:
    """What an effect may be aimed at, chosen when the effect is put on the chain."""

    kind: str = "creature"
    side: str = "any"
    state: str = ""
    """``exhausted`` / ``ready`` to restrict creatures; empty for any."""


@dataclass(frozen=True, slots=True)
class Effect:
    trigger: str
    ops: tuple[Mapping[str, Any], ...]
    targets: tuple[Target, ...] = ()
    cost: int = 0
    """Energy paid to use an ``activate`` effect."""
    label: str = ""


@dataclass(frozen=True, slots=True, eq=False)
class CardDef:
    """A printed card. Compared and hashed by identity, so derived data can be cached."""

    id: str
    name: str
    type: str
    colour: str
    race: str = ""
    traits: tuple[str, ...] = ()
    cost: int = 0
    front: int = 0
    back: int = 0
    influence: int = 0
    keywords: frozenset[str] = frozenset()
    effects: tuple[Effect, ...] = ()
    equip: str = ""
    counters: tuple[str, ...] = ()
    enhanced: bool = False
    empowered: bool = False
    text: str = ""

    def effect(self, trigger: str) -> Effect | None:
        for eff in self.effects:
            if eff.trigger == trigger:
                return eff
        return None

    @property
    def spell_like(self) -> bool:
        return self.type in ("spell", "aura", "counter")


def _need(cond: bool, card: str, msg: str) -> None:
    if not cond:
        raise CardError(f"Card `{card}`: {msg}")


def _int(raw: Mapping[str, Any], name: str, card: str, default: int = 0) -> int:
    value = raw.get(name, default)
    _need(isinstance(value, int) and not isinstance(value, bool), card, f"`{name}` must be a "
          "whole number.")
    return int(value)


def _check_op(op: Any, card: str) -> Mapping[str, Any]:
    _need(isinstance(op, Mapping), card, "each op must be an object.")
    name = op.get("op")
    _need(name in OPS, card, f"unknown op `{name}`.")
    extra = set(op) - {"op", *OPS[name]}
    _need(not extra, card, f"op `{name}` does not take {sorted(extra)}.")
    if "to" in op:
        _need(op["to"] in REFS, card, f"op `{name}` aims at unknown `{op['to']}`.")
    if "who" in op:
        _need(op["who"] in ("you", "opp"), card, f"op `{name}`: `who` is you or opp.")
    if "until" in op:
        _need(op["until"] in ("turn", "perm"), card, f"op `{name}`: `until` is turn or perm.")
    if "kw" in op:
        _need(op["kw"] in GRANTABLE, card, f"op `{name}`: unknown keyword `{op['kw']}`.")
    if "src" in op:
        _need(op["src"] in ("self", "hand", "grave", "deck"), card, "plant `src` is self, hand, "
              "grave or deck.")
    if "n" in op:
        _need(isinstance(op["n"], int) and not isinstance(op["n"], bool), card,
              f"op `{name}`: `n` must be a whole number.")
    if name == "choose":
        modes = op.get("modes")
        _need(isinstance(modes, list) and 2 <= len(modes) <= 5, card, "choose needs 2-5 modes.")
        for mode in modes:
            _need(isinstance(mode, Mapping) and isinstance(mode.get("label"), str), card,
                  "each mode needs a label.")
            for inner in mode.get("ops", []):
                _check_op(inner, card)
    return dict(op)


def _effect(raw: Any, card: str) -> Effect:
    _need(isinstance(raw, Mapping), card, "each effect must be an object.")
    trigger = raw.get("trigger")
    _need(trigger in TRIGGERS, card, f"unknown trigger `{trigger}`.")
    ops = raw.get("ops", [])
    _need(isinstance(ops, list), card, "`ops` must be a list.")
    targets = []
    for t in raw.get("targets", []):
        _need(isinstance(t, Mapping), card, "each target must be an object.")
        target = Target(t.get("kind", "creature"), t.get("side", "any"), t.get("state", ""))
        _need(target.kind in TARGET_KINDS, card, f"unknown target kind `{target.kind}`.")
        _need(target.side in SIDES, card, f"unknown target side `{target.side}`.")
        _need(target.state in ("", "exhausted", "ready"), card, "bad target state.")
        targets.append(target)
    _need(len(targets) <= 2, card, "at most two targets.")
    checked = tuple(_check_op(op, card) for op in ops)
    for op in checked:
        _need(op.get("to") != "t1" or len(targets) == 2, card, "`t1` needs two targets.")
        _need(op.get("to") != "t0" or bool(targets), card, "`t0` needs a target.")
    return Effect(trigger, checked, tuple(targets), _int(raw, "cost", card),
                  str(raw.get("label", "")))


def parse_card(raw: Mapping[str, Any]) -> CardDef:
    """A validated definition; every problem raises ``CardError`` naming the card."""
    card = str(raw.get("id", "?"))
    _need(isinstance(raw.get("id"), str) and raw["id"], card, "needs an `id`.")
    _need(isinstance(raw.get("name"), str) and raw["name"], card, "needs a `name`.")
    ctype = raw.get("type")
    _need(ctype in TYPES, card, f"unknown type `{ctype}`.")
    keywords = frozenset(raw.get("keywords", ()))
    unknown = keywords - set(KEYWORDS)
    _need(not unknown, card, f"unknown keywords {sorted(unknown)}.")
    effects = tuple(_effect(e, card) for e in raw.get("effects", ()))
    equip = str(raw.get("equip", "creature" if ctype == "item" else ""))
    _need(ctype != "item" or equip in EQUIP, card, f"unknown equip `{equip}`.")
    counters = tuple(raw.get("counters", ("spell",) if ctype == "counter" else ()))
    _need(all(c in COUNTERABLE for c in counters), card, "unknown `counters` entry.")
    _need(ctype != "counter" or bool(counters), card, "a Counter must say what it counters.")
    front, back = _int(raw, "front", card), _int(raw, "back", card)
    _need(front >= 0 and back >= 0, card, "powers cannot be negative.")
    if ctype == "leader":
        _need(_int(raw, "influence", card) > 0, card, "a leader needs Influence.")
    return CardDef(
        id=card, name=raw["name"], type=str(ctype), colour=str(raw.get("colour", "")),
        race=str(raw.get("race", "")), traits=tuple(raw.get("traits", ())),
        cost=_int(raw, "cost", card), front=front, back=back,
        influence=_int(raw, "influence", card), keywords=keywords, effects=effects,
        equip=equip if ctype == "item" else "", counters=counters,
        enhanced=bool(raw.get("enhanced", False)), empowered=bool(raw.get("empowered", False)),
        text=str(raw.get("text", "")),
    )


def parse_cards(raws: Sequence[Mapping[str, Any]]) -> dict[str, CardDef]:
    out: dict[str, CardDef] = {}
    for raw in raws:
        card = parse_card(raw)
        _need(card.id not in out, card.id, "defined twice.")
        out[card.id] = card
    return out
