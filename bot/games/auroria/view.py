"""What one seat may know (``viewer`` None: the public/spectator view), as declared types.

The view stays a JSON-compatible dict at run time (images, alt text, replays, the render
process pool and the rules-help moment search rely on that); these TypedDicts let mypy check
every key the renderer, the AI, the help and the text read. Hidden cards (the opponent's
hand, both decks, face-down Energy and Planted cards of the other seat) are absent, not
flagged. Card faces are fixed per deal, so they are built once and shared by every view of
the deal: views are read-only.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal, NotRequired, TypedDict

from bot.games.auroria import series
from bot.games.auroria.derived import Statics, card, keywords, leader, power, statics
from bot.games.auroria.pool import POOL
from bot.games.auroria.state import State


class CardFace(TypedDict):
    """A card's printed face; ``front``/``back`` are its powers in the two lines."""

    uid: int
    id: str
    name: str
    type: str
    colour: str
    cost: int
    front: int
    back: int
    keywords: list[str]
    text: str


class CreatureSlot(TypedDict):
    kind: Literal["creature"]
    uid: int
    card: CardFace
    power: int
    exhausted: bool
    damage: int
    keywords: list[str]
    """Current keywords, granted ones included."""
    new: bool
    """Entered this turn."""
    item: CardFace | None


class PlantedSlot(TypedDict):
    kind: Literal["planted"]
    uid: int
    colour: str
    """The leader's colour: a Planted card is face down."""
    card: NotRequired[CardFace]
    """Only in the owner's view."""


class DroppedSlot(TypedDict):
    """An item lying on the slot of the creature that carried it."""

    kind: Literal["dropped"]
    uid: int
    card: CardFace


Slot = CreatureSlot | PlantedSlot | DroppedSlot
"""One of at most five places in a line, left to right."""


class EnergyCard(TypedDict):
    uid: int
    exhausted: bool
    potion: bool
    name: NotRequired[str]
    """Only for the owner (Energy is face down); Potions are face up, so always named."""


class LeaderView(TypedDict):
    uid: int
    name: str
    colour: str
    race: str
    traits: list[str]
    power: int
    base_power: int
    attacked: bool
    item: CardFace | None
    """The equipped item."""
    under: list[CardFace]
    """Items under the leader (Gold Coin)."""


class PlayerView(TypedDict):
    seat: int
    influence: int
    leader: LeaderView
    front: list[Slot]
    back: list[Slot]
    energy: list[EnergyCard]
    auras: list[CardFace]
    """At most five Aura Spell zones in use."""
    hand_count: int
    deck_count: int
    grave_count: int
    grave: list[CardFace]
    """Face up, oldest first."""
    hand: NotRequired[list[CardFace]]
    """Only in that seat's own view."""


class ChainEntry(TypedDict):
    """Bottom first: the last entry resolves first."""

    id: int
    kind: str
    """spell, summon, aura, item, counter, activate, trigger, attack or block."""
    controller: int
    card: CardFace
    targets: list[int]
    negated: bool


class CombatView(TypedDict):
    attacker: int
    target: int
    blocker: int | None


class ResultView(TypedDict):
    winners: list[int]
    reason: str


class DeckCount(TypedDict):
    id: str
    name: str
    count: int


class MatchView(TypedDict):
    """A best-of-three: the games won and the stage; a player's own deck and side deck only
    while swapping."""

    best_of: int
    score: list[int]
    games: list[int | None]
    game: int
    stage: str
    deck: NotRequired[list[DeckCount]]
    side: NotRequired[list[DeckCount]]


class AuroriaView(TypedDict):
    game: str
    viewer: int | None
    turn: int
    active: int
    phase: str
    """mulligan, draw, energy, main, battle or end."""
    slow: bool
    """Slow Mode: no mirrored windows."""
    waiting: list[int]
    """Seats with an open decision."""
    players: list[PlayerView]
    """Index = seat."""
    chain: list[ChainEntry]
    combat: CombatView | None
    result: ResultView | None
    building: NotRequired[CardFace]
    """Own view: the card being played while its line, targets and payment are chosen."""
    attacking: NotRequired[int]
    """Own view: the attacker whose target is being chosen."""
    match: NotRequired[MatchView]
    """Only in a best-of-three."""


def card_view(s: State, uid: int) -> CardFace:
    """A card's printed face, built once per deal and shared (views are read-only)."""
    cache: dict[int, CardFace] = s.memo.setdefault("views", {})
    found = cache.get(uid)
    if found is None:
        c = card(s, uid)
        found = cache[uid] = {"uid": uid, "id": c.id, "name": c.name, "type": c.type,
                              "colour": c.colour, "cost": c.cost, "front": c.front,
                              "back": c.back, "keywords": sorted(c.keywords), "text": c.text}
    return found


def _faces(s: State, uids: list[int]) -> list[CardFace]:
    """The faces of a zone's cards (grave, hand, Aura zones, under the leader); the list is
    cached per content, like ``card_view``."""
    cache: dict[tuple[int, ...], list[CardFace]] = s.memo.setdefault("faces", {})
    key = tuple(uids)
    found = cache.get(key)
    if found is None:
        if len(cache) > 4096:
            cache.clear()
        found = cache[key] = [card_view(s, u) for u in uids]
    return found


def _slot(s: State, uid: int, viewer: int | None, where: tuple[int, str], active: Statics,
          gear: dict[int, int]) -> Slot:
    p = where[0]
    perm = s.perms[uid]
    if perm.role == "planted":
        planted: PlantedSlot = {"kind": "planted", "uid": uid,
                                "colour": card(s, leader(s, p)).colour}
        if viewer == p:
            planted["card"] = card_view(s, uid)
        return planted
    if perm.role == "dropped":
        return {"kind": "dropped", "uid": uid, "card": card_view(s, uid)}
    item = gear.get(uid)
    return {"kind": "creature", "uid": uid, "card": card_view(s, uid),
            "power": power(s, uid, active, where), "exhausted": perm.exhausted,
            "damage": perm.damage, "keywords": sorted(keywords(s, uid, active, where)),
            "new": perm.entered == s.turn,
            "item": card_view(s, item) if item is not None else None}


def _energy(s: State, uids: list[int], named: bool) -> list[EnergyCard]:
    """The Energy Zone; rows are shared like ``card_view`` (a handful per card)."""
    rows: dict[tuple[int, bool, bool, bool], EnergyCard] = s.memo.setdefault("energy", {})
    out = []
    for uid in uids:
        perm = s.perms[uid]
        potion = perm.role == "potion"
        key = (uid, perm.exhausted, potion, named or potion)
        row = rows.get(key)
        if row is None:
            row = rows[key] = {"uid": uid, "exhausted": perm.exhausted, "potion": potion}
            if key[3]:
                row["name"] = card(s, uid).name
        out.append(row)
    return out


def _player(s: State, p: int, viewer: int | None, active: Statics,
            gear: dict[int, int]) -> PlayerView:
    z = s.zones[p]
    lead = leader(s, p)
    lc = card(s, lead)
    item = gear.get(lead)
    out: PlayerView = {
        "seat": p, "influence": s.influence[p],
        "leader": {"uid": lead, "name": lc.name, "colour": lc.colour, "race": lc.race,
                   "traits": list(lc.traits), "power": power(s, lead, active),
                   "base_power": lc.front,
                   "attacked": s.perms[lead].attacks > 0,
                   "item": card_view(s, item) if item is not None else None,
                   "under": _faces(s, z["under"])},
        "front": [_slot(s, u, viewer, (p, "front"), active, gear) for u in z["front"]],
        "back": [_slot(s, u, viewer, (p, "back"), active, gear) for u in z["back"]],
        "energy": _energy(s, z["energy"], viewer == p),
        "auras": _faces(s, z["auras"]),
        "hand_count": len(z["hand"]), "deck_count": len(z["deck"]),
        "grave_count": len(z["grave"]), "grave": _faces(s, z["grave"]),
    }
    if viewer == p:
        out["hand"] = _faces(s, z["hand"])
    return out


def _decks(ids: list[str]) -> list[DeckCount]:
    return [{"id": c, "name": POOL.cards[c].name, "count": n} for c, n in Counter(ids).items()]


def match_view(record: series.Series, viewer: int | None) -> MatchView:
    """Public: the games score and stage; a player's own deck and side deck while swapping."""
    out: MatchView = {"best_of": 3, "score": series.score(record),
                      "games": list(record["games"]),
                      "game": len(record["games"]) + (record["stage"] == "play"),
                      "stage": record["stage"]}
    if viewer is not None and record["stage"] == "side":
        deck = record["decks"][viewer]
        out["deck"] = _decks(deck["main"])
        out["side"] = _decks(deck["side"])
    return out


def build_view(s: State, viewer: int | None, waiting: list[int]) -> AuroriaView:
    c = s.combat
    active = statics(s)
    gear = {s.perms[u].host: u for z in s.zones for u in z["gear"]}  # carrier -> item
    out: AuroriaView = {
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
    if s.series is not None:
        out["match"] = match_view(s.series, viewer)
    return out
