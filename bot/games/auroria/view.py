"""What one seat may know, as a JSON dict (``viewer`` None: the public/spectator view).

Shape (every key is always present unless marked optional)::

    {
      "game": "auroria", "viewer": 0 | 1 | None,
      "turn": int, "active": 0 | 1, "phase": "mulligan|draw|energy|main|battle|end|over",
      "slow": bool,                       # Slow Mode (no mirrored windows)
      "waiting": [seat, ...],             # seats with an open decision
      "players": [                        # index = seat
        {
          "seat": int, "influence": int,
          "leader": {"uid", "name", "colour", "race", "traits": [str], "power": int,
                     "base_power": int, "attacked": bool,
                     "item": CARD | None,          # equipped item
                     "under": [CARD, ...]},        # items under the leader (Gold Coin)
          "front": [SLOT, ...], "back": [SLOT, ...],   # at most 5 each, left to right
          "energy": [{"uid", "exhausted": bool, "potion": bool, "name"?: str}],
                                          # "name" only for the owner (Energy is face down);
                                          # Potions are face up, so always named
          "auras": [CARD, ...],           # at most 5 Aura Spell zones in use
          "hand_count": int, "deck_count": int, "grave_count": int,
          "grave": [CARD, ...],           # face up, oldest first
          "hand": [CARD, ...]             # optional: only in that seat's own view
        }, ...],
      "chain": [{"id", "kind": "spell|summon|aura|item|counter|activate|trigger|attack|block",
                 "controller": seat, "card": CARD, "targets": [uid], "negated": bool}],
                                          # bottom first; the last resolves first
      "combat": None | {"attacker": uid, "target": uid, "blocker": uid | None},
      "result": None | {"winners": [seat], "reason": str},
      "building": CARD,                   # optional, own view: the card being played while
                                          # its line/targets/payment are chosen
      "attacking": uid                    # optional, own view: the attacker whose target
                                          # is being chosen
    }

    CARD = {"uid", "id", "name", "type", "colour", "cost", "front", "back",
            "keywords": [str], "text"}
    SLOT = {"kind": "creature", "uid", "card": CARD, "power": int, "exhausted": bool,
            "damage": int, "keywords": [str],   # current keywords, including granted ones
            "new": bool,                         # entered this turn
            "item": CARD | None}
         | {"kind": "planted", "uid", "colour": str,      # the leader's colour
            "card"?: CARD}                                # only in the owner's view
         | {"kind": "dropped", "uid", "card": CARD}      # an item lying on the slot

Hidden cards (the opponent's hand, both decks, face-down Energy and Planted cards of the
other seat) are absent, not flagged.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bot.games.auroria.cards import CardDef
from bot.games.auroria.derived import Statics, card, keywords, leader, power, statics
from bot.games.auroria.state import State


@lru_cache(maxsize=1024)
def _printed(c: CardDef) -> dict[str, Any]:
    return {"id": c.id, "name": c.name, "type": c.type, "colour": c.colour, "cost": c.cost,
            "front": c.front, "back": c.back, "keywords": sorted(c.keywords), "text": c.text}


def card_view(s: State, uid: int) -> dict[str, Any]:
    """A card's printed face. Fixed per deal, so built once and shared by every view of
    the deal (views are read-only)."""
    cache: dict[int, dict[str, Any]] = s.memo.setdefault("views", {})
    found = cache.get(uid)
    if found is None:
        found = cache[uid] = {"uid": uid, **_printed(card(s, uid))}
    return found


def _faces(s: State, uids: list[int]) -> list[dict[str, Any]]:
    """The faces of a zone's cards (grave, hand, Aura zones, under the leader); the list is
    cached per content, like ``card_view``."""
    cache: dict[tuple[int, ...], list[dict[str, Any]]] = s.memo.setdefault("faces", {})
    key = tuple(uids)
    found = cache.get(key)
    if found is None:
        if len(cache) > 4096:
            cache.clear()
        found = cache[key] = [card_view(s, u) for u in uids]
    return found


def _slot(s: State, uid: int, viewer: int | None, where: tuple[int, str], active: Statics,
          gear: dict[int, int]) -> dict[str, Any]:
    p = where[0]
    perm = s.perms[uid]
    if perm.role == "planted":
        out: dict[str, Any] = {"kind": "planted", "uid": uid,
                               "colour": card(s, leader(s, p)).colour}
        if viewer == p:
            out["card"] = card_view(s, uid)
        return out
    if perm.role == "dropped":
        return {"kind": "dropped", "uid": uid, "card": card_view(s, uid)}
    item = gear.get(uid)
    return {"kind": "creature", "uid": uid, "card": card_view(s, uid),
            "power": power(s, uid, active, where), "exhausted": perm.exhausted,
            "damage": perm.damage, "keywords": sorted(keywords(s, uid, active, where)),
            "new": perm.entered == s.turn,
            "item": card_view(s, item) if item is not None else None}


def _player(s: State, p: int, viewer: int | None, active: Statics,
            gear: dict[int, int]) -> dict[str, Any]:
    z = s.zones[p]
    lead = leader(s, p)
    lc = card(s, lead)
    item = gear.get(lead)
    rows: dict[tuple[int, bool, bool, bool], dict[str, Any]] = s.memo.setdefault("energy", {})
    energy = []
    for uid in z["energy"]:
        perm = s.perms[uid]
        potion = perm.role == "potion"
        key = (uid, perm.exhausted, potion, viewer == p or potion)
        row = rows.get(key)
        if row is None:  # a handful per card, shared like ``card_view``
            row = rows[key] = {"uid": uid, "exhausted": perm.exhausted, "potion": potion}
            if key[3]:
                row["name"] = card(s, uid).name
        energy.append(row)
    out: dict[str, Any] = {
        "seat": p, "influence": s.influence[p],
        "leader": {"uid": lead, "name": lc.name, "colour": lc.colour, "race": lc.race,
                   "traits": list(lc.traits), "power": power(s, lead, active),
                   "base_power": lc.front,
                   "attacked": s.perms[lead].attacks > 0,
                   "item": card_view(s, item) if item is not None else None,
                   "under": _faces(s, z["under"])},
        "front": [_slot(s, u, viewer, (p, "front"), active, gear) for u in z["front"]],
        "back": [_slot(s, u, viewer, (p, "back"), active, gear) for u in z["back"]],
        "energy": energy,
        "auras": _faces(s, z["auras"]),
        "hand_count": len(z["hand"]), "deck_count": len(z["deck"]),
        "grave_count": len(z["grave"]), "grave": _faces(s, z["grave"]),
    }
    if viewer == p:
        out["hand"] = _faces(s, z["hand"])
    return out


def build_view(s: State, viewer: int | None, waiting: list[int]) -> dict[str, Any]:
    c = s.combat
    active = statics(s)
    gear = {s.perms[u].host: u for z in s.zones for u in z["gear"]}  # carrier -> item
    out = {
        "game": "auroria", "viewer": viewer, "turn": s.turn, "active": s.active,
        "phase": s.phase, "slow": s.slow, "waiting": waiting,
        "players": [_player(s, p, viewer, active, gear) for p in (0, 1)],
        "chain": [{"id": e["id"], "kind": e["kind"], "controller": e["p"],
                   "card": card_view(s, e["uid"]), "targets": list(e["tg"]),
                   "negated": e["neg"]} for e in s.chain],
        "combat": None if c is None else {"attacker": c["a"], "target": c["t"],
                                          "blocker": c["b"] if c["b"] >= 0 else None},
        "result": None if s.winners is None else {"winners": s.winners, "reason": s.reason},
    }
    prompt = s.prompt
    if prompt is not None and viewer == prompt["p"]:
        if prompt["k"] == "build":
            out["building"] = card_view(s, prompt["b"]["uid"])
        elif prompt["k"] == "target":
            out["attacking"] = prompt["att"]
    return out
