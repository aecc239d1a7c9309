"""The Auroria game state: plain data with a cheap explicit ``clone`` and a JSON round trip.

Cards are numbered (uids); ``kinds[uid]`` names the definition and ``owner[uid]`` its owner.
Each card sits in exactly one zone list. Cards in play carry a ``Perm`` record (exhaustion,
marked damage, per-turn usage); ``mods`` hold power changes and keyword grants, so current
values are always recomputed from base values and never go stale.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

PLAYER_ZONES = ("deck", "hand", "front", "back", "energy", "auras", "grave", "under", "gear",
                "leader")
"""``gear`` holds equipped items (their ``Perm.host`` says on whom); ``under`` holds items
placed under the leader (Gold Coin). Lines (``front``/``back``) hold creatures, Planted
cards and dropped items, one per slot."""
LINES = ("front", "back")
_SEARCH_ORDER = (*PLAYER_ZONES[1:], PLAYER_ZONES[0])
"""``PLAYER_ZONES`` with the decks last."""
_ZONE_OF_ROLE = {"creature": "", "planted": "", "dropped": "", "energy": "energy",
                 "potion": "energy", "aura": "auras", "equipped": "gear", "under": "under",
                 "leader": "leader"}
"""The zone holding a card in play with that role; "" for a line."""


class Perm(NamedTuple):
    """What a card in play remembers. ``role`` is creature, planted, dropped, equipped, under,
    aura, energy, potion or leader. A named tuple rather than a frozen dataclass: records
    are made several times a turn, and a frozen dataclass sets each field through
    ``object.__setattr__``."""

    role: str
    exhausted: bool = False
    damage: int = 0
    entered: int = 0
    attacks: int = 0
    blocks: int = 0
    used: bool = False
    host: int = -1

    def but(self, *, exhausted: bool | None = None, damage: int | None = None,
            attacks: int | None = None, blocks: int | None = None,
            used: bool | None = None) -> Perm:
        """This record with the given fields changed, built as the tuple itself: neither
        ``_replace``'s generic walk over the fields nor the named tuple's Python ``__new__``
        (records change several times a turn)."""
        return _new(Perm, (self.role, self.exhausted if exhausted is None else exhausted,
                           self.damage if damage is None else damage, self.entered,
                           self.attacks if attacks is None else attacks,
                           self.blocks if blocks is None else blocks,
                           self.used if used is None else used, self.host))


_new = tuple.__new__
"""Builds a named tuple from every field at once (see ``Perm.but``)."""


@dataclass(frozen=True, slots=True)
class Mod:
    """A power change or keyword grant on one card; ``until`` is ``turn`` or ``perm``."""

    target: int
    n: int = 0
    kw: str = ""
    until: str = "turn"


@dataclass
class State:
    slow: bool
    kinds: list[str]
    owner: list[int]
    zones: list[dict[str, list[int]]]
    influence: list[int]
    rng: int
    extra: list[dict[str, Any]] = field(default_factory=list)
    step: int = 0
    turn: int = 0
    active: int = 0
    phase: str = "mulligan"
    limbo: list[int] = field(default_factory=list)
    """Destroyed cards whose On Death is still to resolve, and cards on the chain. Never
    changed in place (clones share it)."""
    perms: dict[int, Perm] = field(default_factory=dict)
    mods: list[Mod] = field(default_factory=list)
    """Never changed in place: clones, state checks and views share it."""
    inf_log: list[list[Any]] = field(default_factory=list)
    """Every Influence change as ``[player, delta, cause]`` (checked by the invariants)."""
    flags: dict[str, Any] = field(default_factory=dict)
    """Per-turn facts: ``moved`` (a manual move used, per player), ``ordered`` and
    ``pushed`` (bookkeeping while pending triggers go on the chain). Never changed in
    place (clones share it)."""
    mull: list[int] = field(default_factory=lambda: [0, 0])
    """Mulligans taken per player; -1 once that player keeps."""
    chain: list[dict[str, Any]] = field(default_factory=list)
    work: list[dict[str, Any]] = field(default_factory=list)
    prompt: dict[str, Any] | None = None
    trig: list[dict[str, Any]] = field(default_factory=list)
    combat: dict[str, Any] | None = None
    """The attack under way; never changed in place (clones share it)."""
    autopass: list[bool] = field(default_factory=lambda: [False, False])
    winners: list[int] | None = None
    reason: str = ""
    serial: int = 0
    """Source of chain entry ids."""
    series: dict[str, Any] | None = None
    """Best-of-three bookkeeping (``series.py``); None for a single game. Never changed in
    place, so clones share it."""
    memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """Derived from ``kinds`` (shared by clones; reset whenever ``kinds`` changes), and the
    last answers derived from frozen sides, kept with the sides they came from (``side``,
    ``freeze``): a state with the same side objects reuses them."""
    decisions: list[Any] | None = field(default=None, repr=False, compare=False)
    """The open decisions, cached once the state is final (clones start without)."""
    offered: tuple[dict[str, Any], Any] | None = field(default=None, repr=False,
                                                       compare=False)
    """(prompt, what deciding to open it computed: a window's options, a build's missing
    piece), so the open decision reuses it; clones start without (see ``decisions.offer``)."""
    line_edits: int = field(default=0, repr=False, compare=False)
    """How often a line was handed out to change (``zone``): with ``marks``, what the state
    checks depend on."""
    checked: tuple[object, int, list[Mod]] | None = field(default=None, repr=False,
                                                         compare=False)
    """The ``marks``, ``line_edits`` and modifiers the state checks last passed with
    (``board.state_checks``)."""
    roles: object = field(default_factory=object, repr=False, compare=False)
    """A token replaced whenever a card's role or host changes (a card enters, leaves or
    changes play, ``set_perm``), not when only its exhaustion, damage or usage does: what
    depends on roles alone (the static effects in force and whom they reach) is cached
    under it by identity, and survives the far more frequent other changes."""
    marks: object = field(default_factory=object, repr=False, compare=False)
    """Like ``roles``, also replaced when marked damage changes: what the state checks
    depend on of the records (``board.state_checks``)."""
    owned: set[tuple[int, str]] = field(default_factory=set, repr=False, compare=False)
    """What this state may change in place: ``(p, name)`` a zone list, ``(p, "")`` a side
    (see ``zone`` and ``side``). Each state's own set (clones start a new one), so it is
    emptied in place."""

    def clone(self) -> State:
        """A copy safe to change: containers changed in place are copied, the rest shared
        (frozen records; ``perms``, ``limbo``, ``mods``, ``flags``, ``combat``, ``prompt``,
        ``influence``, ``inf_log``, ``mull``, ``autopass`` and ``winners``, which are only
        ever replaced; each player's side until changed, see ``zone``). Built from the
        attribute dict rather than through ``__init__``: a copy per move, so its cost
        matters."""
        new = object.__new__(State)
        d = self.__dict__.copy()
        d["zones"] = self.zones.copy()
        d["owned"] = set()
        if self.owned:  # the sides are shared now: neither copy may change them in place
            self.owned.clear()
        # mostly empty: a new empty list costs a tenth of ``list(map(dict.copy, []))``
        d["chain"] = list(map(dict.copy, self.chain)) if self.chain else []
        d["work"] = list(map(dict.copy, self.work)) if self.work else []
        d["trig"] = list(map(dict.copy, self.trig)) if self.trig else []
        d["decisions"] = None
        d["offered"] = None
        new.__dict__ = d
        return new

    # ----- copy on write ------------------------------------------------------------------
    def freeze(self) -> None:
        """Done changing in place: from now on a change copies first, as in a clone. A side
        no state owns never changes again, so caches may key on it by identity (a state
        with nothing ``owned`` is frozen); ``rules.apply`` freezes the state it returns."""
        if self.owned:
            self.owned.clear()

    def side(self, p: int) -> dict[str, list[int]]:
        """``p``'s zone dict, to change in place. Clones share both sides, and a side is
        copied the first time a state changes it (one of its zone lists or the play record
        of one of its cards), so an unchanged side is the same object from state to state:
        caches of what is derived from a side (views, static effects, state checks) compare
        sides by identity."""
        z = self.zones[p]
        if (p, "") not in self.owned:
            z = self.zones[p] = z.copy()
            self.owned.add((p, ""))
        return z

    def zone(self, p: int, name: str) -> list[int]:
        """``p``'s zone ``name``, to change in place: clones share zone lists (most moves
        touch one or two), so a list is copied the first time a state changes it. Reading
        needs no copy: ``zones[p][name]``."""
        if name in LINES:
            self.line_edits += 1
        return self._own(p, name)

    def _own(self, p: int, name: str) -> list[int]:
        """``zone`` without counting a line edit."""
        if (p, name) in self.owned:
            return self.zones[p][name]
        z = self.side(p)
        cards = z[name] = z[name].copy()
        self.owned.add((p, name))
        return cards

    def set_perm(self, uid: int, perm: Perm | None) -> None:
        """Record ``perm`` for ``uid`` (None: forget it, the card has left play). The
        records are never changed in place: each change makes a new dict (a handful a
        turn, of a dozen or so entries), so clones share it. A record is part of the zone
        list holding its card (cards never change sides), so that list is copied too
        (``zone``): an unchanged zone list is the same object with the same records, and
        what is derived from it (a view's piece) may be kept by its identity. A card
        leaving play has already left its list."""
        perms = self.perms.copy()
        if perm is None:
            old = perms.pop(uid, None)
        else:
            old = perms.get(uid)
            perms[uid] = perm
            p = self.owner[uid]
            name = _ZONE_OF_ROLE[perm.role]
            if not name:
                name = "front" if uid in self.zones[p]["front"] else "back"
            self._own(p, name)
        if old is None or perm is None or old.role != perm.role or old.host != perm.host:
            self.roles = self.marks = object()
        elif old.damage != perm.damage:
            self.marks = object()
        self.perms = perms

    def zone_of(self, uid: int) -> tuple[int, str]:
        """(player, zone) holding ``uid``; player -1 and ``limbo`` for the shared zone. The
        decks, the longest lists and the least often asked about, are searched last."""
        for name in _SEARCH_ORDER:
            for p, zones in enumerate(self.zones):
                if uid in zones[name]:
                    return p, name
        if uid in self.limbo:
            return -1, "limbo"
        raise KeyError(uid)

    def remove(self, uid: int) -> tuple[int, str, int]:
        """Take ``uid`` out of its zone; returns (player, zone, index) it was at."""
        p, name = self.zone_of(uid)
        if p < 0:
            cards = self.limbo = self.limbo.copy()
        else:
            cards = self.zone(p, name)
        index = cards.index(uid)
        del cards[index]
        return p, name, index

    def line_of(self, uid: int) -> tuple[int, str] | None:
        for p, zones in enumerate(self.zones):
            for line in LINES:
                if uid in zones[line]:
                    return p, line
        return None

    @property
    def opp(self) -> int:
        return 1 - self.active

    def to_json(self) -> dict[str, Any]:
        return {
            "slow": self.slow, "kinds": self.kinds, "owner": self.owner,
            "zones": self.zones, "influence": self.influence, "rng": self.rng,
            "extra": self.extra, "step": self.step, "turn": self.turn, "active": self.active,
            "phase": self.phase, "limbo": self.limbo,
            "perms": [[uid, p.role, p.exhausted, p.damage, p.entered, p.attacks, p.blocks,
                       p.used, p.host] for uid, p in sorted(self.perms.items())],
            "mods": [[m.target, m.n, m.kw, m.until] for m in self.mods],
            "inf_log": self.inf_log,
            "flags": self.flags, "mull": self.mull, "chain": self.chain, "work": self.work,
            "prompt": self.prompt, "trig": self.trig, "combat": self.combat,
            "autopass": self.autopass, "winners": self.winners, "reason": self.reason,
            "serial": self.serial, "series": self.series,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> State:
        return cls(
            slow=d["slow"], kinds=list(d["kinds"]), owner=list(d["owner"]),
            zones=[{k: list(v) for k, v in z.items()} for z in d["zones"]],
            influence=list(d["influence"]), rng=d["rng"], extra=list(d["extra"]),
            step=d["step"], turn=d["turn"], active=d["active"], phase=d["phase"],
            limbo=list(d["limbo"]),
            perms={row[0]: Perm(*row[1:]) for row in d["perms"]},
            mods=[Mod(*m) for m in d["mods"]], inf_log=[list(x) for x in d["inf_log"]],
            flags=dict(d["flags"]), mull=list(d["mull"]),
            chain=[dict(e) for e in d["chain"]], work=[dict(w) for w in d["work"]],
            prompt=dict(d["prompt"]) if d["prompt"] is not None else None,
            trig=[dict(t) for t in d["trig"]],
            combat=dict(d["combat"]) if d["combat"] is not None else None,
            autopass=list(d["autopass"]),
            winners=list(d["winners"]) if d["winners"] is not None else None,
            reason=d["reason"], serial=d["serial"], series=d.get("series"),
        )
