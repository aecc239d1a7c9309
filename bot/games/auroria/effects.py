"""The op interpreter: runs an effect's ops in order, pausing when a player must choose.

A running effect is a work item ``{"k": "ops", "src", "p", "ops", "i", "tg"}`` on the state's
work stack. An op that needs a choice sets ``state.prompt`` (kind ``op``) and leaves the item
on the stack; the answer is stored in ``item["ans"]`` and the same op runs again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.engine import Event
from bot.games.auroria import board
from bot.games.auroria import sentences as words
from bot.games.auroria.derived import (
    all_creatures,
    card,
    creatures,
    leader,
    line_free,
    name,
    name_said,
)
from bot.games.auroria.state import Mod, State

Item = dict[str, Any]
CustomFn = Callable[[State, Item, list[Event]], None]


def _hoard_win(s: State, item: Item, ev: list[Event]) -> None:
    """Dragon's Hoard: three items under your leader win the game."""
    p = item["p"]
    if len(s.zones[p]["under"]) >= 3:
        board.end_game(s, [p], "card effect", ev)


CUSTOM: dict[str, CustomFn] = {"hoard_win": _hoard_win}
"""Registered functions for what the op vocabulary cannot say (op ``call``)."""


def _alive(s: State, uid: int, roles: tuple[str, ...]) -> bool:
    perm = s.perms.get(uid)
    return perm is not None and perm.role in roles


def refs(s: State, item: Item, to: str) -> list[int]:
    """The cards an op aims at, still valid now (a target that left play is skipped)."""
    p: int = item["p"]
    if to in ("t0", "t1"):
        tg = item["tg"]
        index = int(to[1])
        return [tg[index]] if index < len(tg) and tg[index] in s.perms else []
    if to == "self":
        return [item["src"]] if _alive(s, item["src"], ("creature", "aura")) else []
    if to == "own_creatures":
        return creatures(s, p)
    if to == "enemy_creatures":
        return creatures(s, 1 - p)
    if to == "all_creatures":
        return all_creatures(s)
    if to == "own_leader":
        return [leader(s, p)]
    if to == "enemy_leader":
        return [leader(s, 1 - p)]
    host = s.perms[item["src"]].host if item["src"] in s.perms else -1
    return [host] if host >= 0 else []


def _ask(s: State, item: Item, player: int, what: str, keys: list[list[Any]], lo: int,
         hi: int) -> None:
    """Pause for a choice: ``keys`` is [[key, label], ...]."""
    s.prompt = {"k": "op", "p": player, "what": what, "opts": keys, "min": lo, "max": hi}


def _discard(s: State, item: Item, op: Mapping[str, Any], ev: list[Event]) -> bool:
    victim = item["p"] if op.get("who", "you") == "you" else 1 - item["p"]
    hand = s.zones[victim]["hand"]
    n = min(op.get("n", 1), len(hand))
    if n == 0:
        return True
    if "ans" not in item:
        if n == len(hand):
            item["ans"] = list(hand)
        else:
            opts = [[str(u), name(s, u)] for u in hand[:25]]
            _ask(s, item, victim, f"Discard {n} card{'s' * (n > 1)}.", opts, n, n)
            return False
    for uid in [int(k) for k in item.pop("ans")]:
        board.to_grave(s, uid)
        ev.append(Event("discarded", words.DISCARDED,
                        {"player": victim, "card": name_said(s, uid)},
                        data={"uid": uid, "player": victim}))
        if card(s, uid).effect("discarded") is not None:
            s.trig.append({"uid": uid, "p": victim, "tr": "discarded", "dying": False})
    return True


def _pick_plant(s: State, item: Item, pool: list[int], n: int, what: str,
                ev: list[Event]) -> bool:
    room = line_free(s, item["p"], "front") + line_free(s, item["p"], "back")
    n = min(n, len(pool), room)
    if n == 0:
        return True
    if "ans" not in item:
        if n == len(pool):
            item["ans"] = [str(u) for u in pool]
        else:
            _ask(s, item, item["p"], what, [[str(u), name(s, u)] for u in pool[:25]], n, n)
            return False
    for uid in [int(k) for k in item.pop("ans")]:
        board.plant(s, uid, ev)
    return True


def _move(s: State, item: Item, targets: list[int], ev: list[Event]) -> bool:
    """Move the targets to their other lines at once. Into a full line, the line's owner
    destroys cards already there until all the moved cards fit: never a moved one, nor one
    an earlier move of the same effect brought there (``item["moved"]``); a player whose
    line cannot be cleared enough keeps all their cards where they are, and the log says why
    (house rules, moving cards into a full line)."""
    item.setdefault("mv", list(targets))
    moved = item.get("moved", [])
    while True:
        movers = [u for u in item["mv"] if s.line_of(u) is not None]
        blocked = board.blocked_moves(s, movers, moved)
        for p, why in blocked.items():
            ev.append(Event("move_blocked", words.MOVE_BLOCKED_MOVED if why["moved"]
                            else words.MOVE_BLOCKED, why, data={"player": p}))
        movers = [u for u in movers if s.owner[u] not in blocked]
        item["mv"] = movers
        short = [row for row in board.room_needed(s, movers, moved) if row[2] > 0]
        if not short:
            break
        p, dest, need, pool = short[0]
        if "ans" not in item:
            if len(pool) > need:
                opts = [[str(u), _slot_label(s, u)] for u in pool]
                _ask(s, item, p, f"Your {dest}line is full: destroy {_count(need)} there to "
                     "make room.", opts, need, need)
                return False
            item["ans"] = [str(u) for u in pool]  # no choice left: all of them go
        for victim in (int(k) for k in item.pop("ans")):
            if not board.destroy(s, victim, ev):
                board.destroy_item(s, victim, ev)
    del item["mv"]
    for uid in movers:
        board.move_line(s, uid, ev)
    item["moved"] = [*moved, *movers]
    return True


def _slot_label(s: State, uid: int) -> str:
    role = s.perms[uid].role
    if role == "planted":
        return "Planted card"
    return f"{name(s, uid)} (dropped)" if role == "dropped" else name(s, uid)


def _count(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def run_op(s: State, item: Item, op: Mapping[str, Any], ev: list[Event]) -> bool:
    """Run one op; False when it paused for a choice (the prompt is set)."""
    kind = op["op"]
    p: int = item["p"]
    if kind == "draw":
        board.draw(s, p if op.get("who", "you") == "you" else 1 - p, op.get("n", 1), ev)
    elif kind == "discard":
        return _discard(s, item, op, ev)
    elif kind == "damage":
        for uid in refs(s, item, op["to"]):
            if s.perms[uid].role == "creature":
                s.set_perm(uid, s.perms[uid].but(damage=s.perms[uid].damage + op["n"]))
                ev.append(Event("damage", words.DAMAGE,
                                {"card": name_said(s, uid), "n": op["n"]},
                                data={"uid": uid, "n": op["n"]}))
    elif kind in ("power", "grant"):
        for uid in refs(s, item, op["to"]):
            s.mods = [*s.mods, Mod(uid, op.get("n", 0), op.get("kw", ""), op.get("until", "turn"))]
    elif kind in ("exhaust", "ready"):
        for uid in refs(s, item, op["to"]):
            board.exhaust(s, uid, kind == "exhaust")
    elif kind == "move":
        return _move(s, item, refs(s, item, op["to"]), ev)
    elif kind == "destroy":
        for uid in refs(s, item, op["to"]):
            board.destroy(s, uid, ev)
    elif kind == "return":
        for uid in refs(s, item, op["to"]):
            board.return_to_hand(s, uid, ev)
    elif kind == "influence":
        target = p if op.get("who", "opp") == "you" else 1 - p
        board.change_influence(s, target, op["n"], "effect", ev)
    elif kind == "plant":
        return _plant(s, item, op, ev)
    elif kind == "overgrowth":
        grave = s.zones[p]["grave"]
        return _pick_plant(s, item, list(grave), op["n"], f"Overgrowth: plant {op['n']} "
                           "cards from your graveyard.", ev)
    elif kind == "destroy_item":
        for uid in refs(s, item, op["to"]):
            board.destroy_item(s, uid, ev)
    elif kind == "destroy_aura":
        for uid in refs(s, item, op["to"]):
            board.destroy_aura(s, uid, ev)
    elif kind == "choose":
        return _choose(s, item, op)
    elif kind == "call":
        CUSTOM[op["fn"]](s, item, ev)
    return True


def _plant(s: State, item: Item, op: Mapping[str, Any], ev: list[Event]) -> bool:
    p: int = item["p"]
    src = op.get("src", "self")
    if src == "self":
        uid = item["src"]
        if s.zone_of(uid)[1] in ("limbo", "grave", "hand"):
            board.plant(s, uid, ev)
        return True
    if src == "deck":
        for uid in s.zones[p]["deck"][:op.get("n", 1)]:
            board.plant(s, uid, ev)
        return True
    pool = list(s.zones[p][src if src == "hand" else "grave"])
    return _pick_plant(s, item, pool, op.get("n", 1), "Choose cards to plant.", ev)


def _choose(s: State, item: Item, op: Mapping[str, Any]) -> bool:
    if "ans" not in item:
        opts = [[str(i), m["label"]] for i, m in enumerate(op["modes"])]
        _ask(s, item, item["p"], "Choose one.", opts, 1, 1)
        return False
    mode = op["modes"][int(item.pop("ans")[0])]
    item["then"] = list(mode.get("ops", []))
    return True


def run_ops(s: State, item: Item, ev: list[Event]) -> None:
    """Continue ``item`` until it finishes or pauses (then it goes back on the stack)."""
    ops = item["ops"]
    while item["i"] < len(ops):
        if s.winners is not None:
            return
        if not run_op(s, item, ops[item["i"]], ev):
            s.work.append(item)
            return
        item["i"] += 1
        then = item.pop("then", None)
        if then:
            s.work.append(item)
            s.work.append({**item, "ops": then, "i": 0})
            return
