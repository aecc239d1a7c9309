"""Derived values, recomputed on demand from base values plus ordered modifiers.

Current power and keywords come from the printed card, then ``mods`` in the order they were
added, then static effects of cards in play (auras, equipped items, items under a leader).
Nothing derived is stored, so nothing goes stale. (Named for what it holds: ``rules.py``
is the role every game gives to applying an answer, see ``bot/games/README.md``.)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from bot.engine.said import Said
from bot.games.auroria.cards import CardDef, parse_cards
from bot.games.auroria.pool import POOL
from bot.games.auroria.state import LINES, State
from bot.games.auroria.testset import TEST_SET

LINE_SIZE = 5
"""House rule: a line holds at most 5 cards (creatures, Planted cards, dropped items)."""
AURA_ZONES = 5
BUILTIN = parse_cards(TEST_SET)
CATALOG = {**BUILTIN, **POOL.cards}
"""Every card a game may hold: the test set and the Set 1 pool (their ids are disjoint)."""


@lru_cache(maxsize=64)
def _with_extra(extra_json: str) -> dict[str, CardDef]:
    out = dict(CATALOG)
    out.update(parse_cards(json.loads(extra_json)))
    return out


def catalog(s: State) -> dict[str, CardDef]:
    """Built-in definitions plus the ones a scenario defined inline (kept in the state)."""
    if not s.extra:
        return CATALOG
    return _with_extra(json.dumps(s.extra, sort_keys=True))


def card(s: State, uid: int) -> CardDef:
    try:
        return s.memo["defs"][uid]  # type: ignore[no-any-return]
    except KeyError:
        cat = catalog(s)
        defs: list[CardDef] = [cat[k] for k in s.kinds]
        s.memo["defs"] = defs
        return defs[uid]


def name(s: State, uid: int) -> str:
    return card(s, uid).name


def name_said(s: State, uid: int) -> Said:
    """A card as a sentence's value: its name, a catalogue message of its own, so the log
    names it in the reader's language."""
    return Said(card(s, uid).name)


def leader(s: State, p: int) -> int:
    return s.zones[p]["leader"][0]


def controller(s: State, uid: int) -> int:
    """Who controls a card in play (the player whose zone holds it)."""
    p, _ = s.zone_of(uid)
    return p if p >= 0 else s.owner[uid]


def creatures(s: State, p: int) -> list[int]:
    """``p``'s creatures in the lines, front first. (A loop: asked many times a decision of
    a handful of cards, where a comprehension's own call costs more than its work.)"""
    z, perms = s.zones[p], s.perms
    out = []
    for line in LINES:
        for u in z[line]:
            if perms[u].role == "creature":
                out.append(u)
    return out


def all_creatures(s: State) -> list[int]:
    return creatures(s, 0) + creatures(s, 1)


@lru_cache(maxsize=1024)
def _static_ops(c: CardDef) -> tuple[Mapping[str, Any], ...]:
    return tuple(op for eff in c.effects if eff.trigger == "static" for op in eff.ops)


def _static_cards(s: State) -> list[tuple[int, tuple[Mapping[str, Any], ...]]]:
    """(uid, static ops) of the cards whose printed text has any (fixed per deal, so
    memoised)."""
    found = s.memo.get("static")
    if found is None:
        cat = catalog(s)
        found = s.memo["static"] = [(u, ops) for u, k in enumerate(s.kinds)
                                    if (ops := _static_ops(cat[k]))]
    return found


def zeroable(s: State) -> dict[str, frozenset[int]]:
    """Per line, the creatures printed with 0 power there (fixed per deal, so memoised)."""
    found = s.memo.get("zero")
    if found is None:
        cat = catalog(s)
        creature = [(u, cat[k]) for u, k in enumerate(s.kinds) if cat[k].type == "creature"]
        found = s.memo["zero"] = {"front": frozenset(u for u, c in creature if not c.front),
                                  "back": frozenset(u for u, c in creature if not c.back)}
    return found


def weakening(s: State) -> bool:
    """Whether some power may now be below its printed value (a negative modifier, or a
    negative static op anywhere in the deal): without one, an undamaged creature with
    printed power in its line cannot die, which spares state checks most work."""
    found = s.memo.get("weakens")
    if found is None:
        found = s.memo["weakens"] = any(op["op"] == "power" and op["n"] < 0
                                        for _, ops in _static_cards(s) for op in ops)
    return bool(found) or (bool(s.mods) and any(m.n < 0 for m in s.mods))


def base_power(s: State, uid: int, where: tuple[int, str] | None = None) -> int:
    """Printed power in the occupied line; ``where`` (side, line) saves looking it up."""
    c = card(s, uid)
    if c.type == "leader":
        return c.front
    where = where or s.line_of(uid)
    return c.back if where and where[1] == "back" else c.front


Statics = list[tuple[int, int, Mapping[str, Any]]]
_STATIC_ROLES = frozenset(("aura", "equipped", "under", "creature"))
"""The roles of cards whose static ops are in effect (Auras, equipped items, items under a
leader, creatures in a line)."""


def _static_rows(s: State) -> dict[int, Statics]:
    """uid -> its ``statics`` rows, for the cards whose printed text has static ops (fixed
    per deal: cards never change sides, so the controller of a card in play is its owner)."""
    found = s.memo.get("static_rows")
    if found is None:
        found = s.memo["static_rows"] = {u: [(s.owner[u], u, op) for op in ops]
                                         for u, ops in _static_cards(s)}
    return found


def statics(s: State) -> Statics:
    """(controller, source uid, op) for every static op in effect now; pass it to ``power``
    when asking about many cards. Read from the play records of the deal's static cards (a
    dozen or so); every reader adds the ops up, so their order does not matter. Only the
    roles count, so the last answer holds for as long as ``State.roles`` is the same
    object. Read-only: callers share the list."""
    last = s.memo.get("statics")
    if last is not None and last[0] is s.roles:
        return last[1]  # type: ignore[no-any-return]
    perms = s.perms
    out: Statics = []
    for uid, rows in _static_rows(s).items():
        perm = perms.get(uid)
        if perm is not None and perm.role in _STATIC_ROLES:
            out += rows
    s.memo["statics"] = (s.roles, out)
    return out


Effects = tuple[dict[int, int], dict[int, set[str]]]


def static_effects(s: State) -> Effects:
    """Per card, what the static effects in force add: power, and granted keywords. Who
    they reach depends on the roles and hosts in the play records only (a creature is on
    its owner's side: cards never change sides), so the last answer holds for as long as
    ``State.roles`` is the same object. Read-only: callers share it."""
    last = s.memo.get("effects")
    if last is not None and last[0] is s.roles:
        return last[1]  # type: ignore[no-any-return]
    perms = s.perms
    bonus: dict[int, int] = {}
    grants: dict[int, set[str]] = {}
    in_play: list[int] | None = None
    for p, src, op in statics(s):
        to: str = op.get("to", "")
        if to == "host":
            reached: list[int] = [perms[src].host]
        elif to == "self":
            reached = [src]
        elif to in ("own_leader", "enemy_leader"):
            reached = [leader(s, p if to == "own_leader" else 1 - p)]
        else:
            if in_play is None:
                in_play = [u for u, perm in perms.items() if perm.role == "creature"]
            sides = {"own_creatures": (p,), "enemy_creatures": (1 - p,),
                     "all_creatures": (0, 1)}.get(to, ())
            reached = [u for u in in_play if s.owner[u] in sides]
        for uid in reached:
            if op["op"] == "power":
                bonus[uid] = bonus.get(uid, 0) + op["n"]
            elif op["op"] == "grant":
                grants.setdefault(uid, set()).add(op["kw"])
    s.memo["effects"] = (s.roles, (bonus, grants))
    return bonus, grants


def power(s: State, uid: int, where: tuple[int, str] | None = None) -> int:
    """Current power in the occupied line (leaders: their power), never below 0; ``where``
    (side, line) saves looking the line up."""
    total = base_power(s, uid, where)
    for m in s.mods:
        if m.target == uid:
            total += m.n
    return max(0, total + static_effects(s)[0].get(uid, 0))


def remaining(s: State, uid: int) -> int:
    """Power left after marked damage: what the card deals in combat."""
    return max(0, power(s, uid) - s.perms[uid].damage)


def keywords(s: State, uid: int) -> set[str]:
    out = set(card(s, uid).keywords)
    for m in s.mods:
        if m.target == uid and m.kw:
            out.add(m.kw)
    return out | static_effects(s)[1].get(uid, set())


def has(s: State, uid: int, kw: str) -> bool:
    """``kw in keywords(s, uid)``, stopping at the first source."""
    if kw in card(s, uid).keywords:
        return True
    if s.mods and any(m.target == uid and m.kw == kw for m in s.mods):
        return True
    return kw in static_effects(s)[1].get(uid, ())


def line_free(s: State, p: int, line: str) -> int:
    return LINE_SIZE - len(s.zones[p][line])


def item_on(s: State, host: int) -> int | None:
    """The item equipped to ``host`` (a creature or leader); one item per carrier."""
    for p in (0, 1):
        for uid in s.zones[p]["gear"]:
            if s.perms[uid].host == host:
                return uid
    return None


def energy_available(s: State, p: int) -> int:
    """Ready Energy and Potions: each pays 1."""
    perms = s.perms
    return [perms[u].exhausted for u in s.zones[p]["energy"]].count(False)


def planted(s: State, p: int) -> list[int]:
    return [u for line in LINES for u in s.zones[p][line] if s.perms[u].role == "planted"]


def can_pay(s: State, p: int, c: CardDef, energy: int) -> bool:
    """Whether ``p`` can pay for ``c`` with ``energy`` (``energy_available``); Bloom cards
    may also use Planted cards (1 each)."""
    return energy >= c.cost or ("Bloom" in c.keywords and energy + len(planted(s, p)) >= c.cost)
