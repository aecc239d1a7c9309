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
from collections.abc import Mapping
from typing import Literal, NamedTuple, NotRequired, TypedDict, cast

from bot.games.auroria import series
from bot.games.auroria.cards import CardDef
from bot.games.auroria.derived import (
    Statics,
    card,
    catalog,
    keywords,
    leader,
    power,
    statics,
)
from bot.games.auroria.state import LINES, PLAYER_ZONES, Mod, State


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
    return _caches(s).face(s, uid)


class _Caches:
    """What the views of one deal share, read-only: the cards' faces (by uid, each built
    the first time a view shows it: most of a deck is never seen), the faces of zone
    contents, Energy rows, leaders, and the last part built per player and viewpoint."""

    __slots__ = ("cards", "faces", "leaders", "parts", "rows")

    def __init__(self, s: State) -> None:
        self.cards: list[CardFace | None] = [None] * len(s.kinds)
        self.faces: dict[tuple[int, ...], list[CardFace]] = {}
        self.rows: dict[tuple[int, bool, bool], EnergyCard] = {}
        self.leaders: dict[tuple[int, int, bool, int, tuple[int, ...]], LeaderView] = {}
        self.parts: list[_Part | None] = [None] * 4
        """By ``2 * player + (player == viewer)``."""

    def face(self, s: State, uid: int) -> CardFace:
        """``uid``'s face (read ``cards[uid] or face(s, uid)`` where it counts)."""
        found = self.cards[uid]
        if found is None:
            c = card(s, uid)
            found = self.cards[uid] = {
                "uid": uid, "id": c.id, "name": c.name, "type": c.type, "colour": c.colour,
                "cost": c.cost, "front": c.front, "back": c.back,
                "keywords": sorted(c.keywords), "text": c.text}
        return found


def _caches(s: State) -> _Caches:
    found: _Caches | None = s.memo.get("view")
    if found is None:
        found = s.memo["view"] = _Caches(s)
    return found


class _Builder:
    """One view's inputs: the state, the viewer, the deal's caches and the effects in force
    now. With no modifier and no static effect (most states) a card's power and keywords
    are printed."""

    __slots__ = ("active", "c", "printed", "s", "viewer")

    def __init__(self, s: State, viewer: int | None, active: Statics, c: _Caches) -> None:
        self.s = s
        self.viewer = viewer
        self.active = active
        self.printed = not active and not s.mods
        self.c = c

    def faces_of(self, uids: list[int]) -> list[CardFace]:
        """The faces of a zone's cards (grave, hand, Aura zones, under the leader), cached
        per content like ``card_view``."""
        key = tuple(uids)
        faces = self.c.faces
        found = faces.get(key)
        if found is None:
            if len(faces) > 4096:
                faces.clear()
            c, s = self.c, self.s
            found = faces[key] = [c.cards[u] or c.face(s, u) for u in uids]
        return found

    def slot(self, uid: int, p: int, line: str, gear: dict[int, int]) -> Slot:
        s = self.s
        perm = s.perms[uid]
        role = perm.role
        c = self.c
        face = c.cards[uid] or c.face(s, uid)
        if role == "creature":
            item = gear.get(uid)
            if self.printed:
                pw = face["back"] if line == "back" else face["front"]
                kws = face["keywords"]
            else:
                pw = power(s, uid, (p, line))
                kws = sorted(keywords(s, uid))
            return {"kind": "creature", "uid": uid, "card": face, "power": pw,
                    "exhausted": perm.exhausted, "damage": perm.damage, "keywords": kws,
                    "new": perm.entered == s.turn,
                    "item": c.face(s, item) if item is not None else None}
        if role == "planted":
            planted: PlantedSlot = {"kind": "planted", "uid": uid,
                                    "colour": card(s, leader(s, p)).colour}
            if self.viewer == p:
                planted["card"] = face
            return planted
        return {"kind": "dropped", "uid": uid, "card": face}

    def energy(self, uids: list[int], named: bool) -> list[EnergyCard]:
        """The Energy Zone; rows are shared like ``card_view`` (a handful per card)."""
        perms, rows = self.s.perms, self.c.rows
        out = []
        for uid in uids:
            perm = perms[uid]
            key = (uid, perm.exhausted, named)
            row = rows.get(key)
            if row is None:
                potion = perm.role == "potion"
                row = rows[key] = {"uid": uid, "exhausted": perm.exhausted, "potion": potion}
                if named or potion:
                    row["name"] = card(self.s, uid).name
            out.append(row)
        return out

    def leader(self, lead: int, under: list[int], gear: dict[int, int]) -> LeaderView:
        s = self.s
        lc = card(s, lead)
        pw = lc.front if self.printed else power(s, lead)
        attacked = s.perms[lead].attacks > 0
        item = gear.get(lead, -1)
        key = (lead, pw, attacked, item, tuple(under))
        leaders = self.c.leaders
        found = leaders.get(key)
        if found is None:
            if len(leaders) > 1024:
                leaders.clear()
            found = leaders[key] = {
                "uid": lead, "name": lc.name, "colour": lc.colour, "race": lc.race,
                "traits": list(lc.traits), "power": pw, "base_power": lc.front,
                "attacked": attacked, "item": self.c.face(s, item) if item >= 0 else None,
                "under": self.faces_of(under)}
        return found

    def player(self, p: int, last: _Part | None) -> PlayerView:
        """``p``'s part: ``last``, the last one built for this viewpoint, with only its
        changed pieces rebuilt (or every piece, without one). A zone list is replaced
        whenever its cards or their play records change (``State.set_perm``), so a piece
        whose zone lists are the same objects still holds."""
        s = self.s
        own = self.viewer == p
        z = s.zones[p]
        if last is None:
            was, effects, then, out = _NO_SIDE, False, -1, _blank(p, own)
        else:
            was, then = last.side, last.turn
            effects = last.active == self.active and last.mods == s.mods
            out = last.view.copy()
        out["influence"] = s.influence[p]
        gear = was["gear"] is z["gear"]
        if not (effects and gear and z["leader"] is was["leader"]
                and z["under"] is was["under"]):
            out["leader"] = self.leader(z["leader"][0], z["under"], _carriers(s, z))
        if not (effects and gear and z["front"] is was["front"] and z["back"] is was["back"]
                and (then == s.turn or not _arrived(s, z, then))):
            carriers = _carriers(s, z)
            out["front"] = [self.slot(u, p, "front", carriers) for u in z["front"]]
            out["back"] = [self.slot(u, p, "back", carriers) for u in z["back"]]
        if z["energy"] is not was["energy"]:
            out["energy"] = self.energy(z["energy"], own)
        if z["auras"] is not was["auras"]:
            out["auras"] = self.faces_of(z["auras"])
        if z["hand"] is not was["hand"]:
            out["hand_count"] = len(z["hand"])
            if own:
                out["hand"] = self.faces_of(z["hand"])
        if z["deck"] is not was["deck"]:
            out["deck_count"] = len(z["deck"])
        if z["grave"] is not was["grave"]:
            out["grave_count"] = len(z["grave"])
            out["grave"] = self.faces_of(z["grave"])
        if not s.owned:  # frozen (``State.freeze``): its zone lists never change again
            self.c.parts[2 * p + own] = _new(_Part, (z, self.active, s.mods, s.turn,
                                                s.influence[p], out))
        return out


class _Part(NamedTuple):
    """A player's part of a view for one viewpoint, with what it was built from: that
    player's side, the static effects and the modifiers in force, the turn and the
    player's Influence."""

    side: dict[str, list[int]]
    active: Statics
    mods: list[Mod]
    turn: int
    influence: int
    view: PlayerView


_new = tuple.__new__
"""Builds a ``_Part`` as the tuple itself: the named tuple's ``__new__`` is a Python
function."""
_NO_SIDE: dict[str, list[int]] = {name: [] for name in PLAYER_ZONES}
"""A side no state holds: a part built against it builds every piece."""


def _carriers(s: State, z: dict[str, list[int]]) -> dict[int, int]:
    """Carrier -> the item equipped to it, on side ``z``."""
    perms = s.perms
    return {perms[u].host: u for u in z["gear"]} if z["gear"] else {}


def _arrived(s: State, z: dict[str, list[int]], turn: int) -> bool:
    """Whether a card in side ``z``'s lines entered play in ``turn``: else no creature's
    ``new`` changes as the turn moves on."""
    perms = s.perms
    for line in LINES:
        for u in z[line]:
            if perms[u].entered == turn:
                return True
    return False


def _blank(p: int, own: bool) -> PlayerView:
    """A part to fill in, its keys in their order ("hand" only in the seat's own view;
    each value is replaced)."""
    out = dict.fromkeys(_KEYS if own else _KEYS[:-1])
    out["seat"] = p
    return cast(PlayerView, out)


_KEYS = ("seat", "influence", "leader", "front", "back", "energy", "auras", "hand_count",
         "deck_count", "grave_count", "grave", "hand")


def _decks(ids: list[str], cards: Mapping[str, CardDef]) -> list[DeckCount]:
    return [{"id": c, "name": cards[c].name, "count": n} for c, n in Counter(ids).items()]


def match_view(record: series.Series, viewer: int | None,
               cards: Mapping[str, CardDef]) -> MatchView:
    """Public: the games score and stage; a player's own deck and side deck while swapping,
    named from ``cards``, the deal's catalog (test decks are not in the Set 1 pool)."""
    out: MatchView = {"best_of": 3, "score": series.score(record),
                      "games": list(record["games"]),
                      "game": len(record["games"]) + (record["stage"] == "play"),
                      "stage": record["stage"]}
    if viewer is not None and record["stage"] == "side":
        deck = record["decks"][viewer]
        out["deck"] = _decks(deck["main"], cards)
        out["side"] = _decks(deck["side"], cards)
    return out


def _part(s: State, viewer: int | None, p: int, active: Statics, c: _Caches) -> PlayerView:
    """``p``'s part, the last one built for this viewpoint when nothing it shows can have
    changed: ``p``'s side is the same object (``State.side``), with the same Influence and
    effects in force, and the same turn or one where no creature of it stops being ``new``.
    Cards and equipped items stay on their owner's side (invariants), so nothing else of
    the other side matters."""
    at = 2 * p + (viewer == p)
    last = c.parts[at]
    if last is not None:
        side, effects, mods, turn, influence, view = last
        if (side is s.zones[p] and influence == s.influence[p] and effects == active
                and mods == s.mods):
            if turn == s.turn:
                return view
            if not _arrived(s, side, turn):  # a new turn, and no creature stops being new
                if not s.owned:
                    c.parts[at] = _new(_Part, (side, effects, mods, s.turn, influence, view))
                return view
    return _Builder(s, viewer, active, c).player(p, last)


def build_view(s: State, viewer: int | None, waiting: list[int]) -> AuroriaView:
    c = s.combat
    caches: _Caches | None = s.memo.get("view")
    if caches is None:
        caches = _caches(s)
    active = statics(s)
    out: AuroriaView = {
        "game": "auroria", "viewer": viewer, "turn": s.turn, "active": s.active,
        "phase": s.phase, "slow": s.slow, "waiting": waiting,
        "players": [_part(s, viewer, 0, active, caches), _part(s, viewer, 1, active, caches)],
        "chain": [{"id": e["id"], "kind": e["kind"], "controller": e["p"],
                   "card": card_view(s, e["uid"]), "targets": list(e["tg"]),
                   "negated": e["neg"]} for e in s.chain] if s.chain else [],
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
        out["match"] = match_view(s.series, viewer, catalog(s))
    return out
