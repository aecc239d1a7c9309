"""The chain: entries put on it, the response window after each, resolution last in first
out, and pending triggers going on it in the order the active player chose.

Every played card, Activate effect, triggered effect, attack declaration and block
declaration is an entry. After an entry is added, the opponent of its controller gets a
response window (only if they have a legal response). A pass resolves the whole chain
last-in-first-out. A Counter marks its target negated. Resolution only queues work items;
``rules.advance`` runs them.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Event
from bot.games.auroria import board, decisions
from bot.games.auroria import sentences as words
from bot.games.auroria.derived import card, has, name_said, power
from bot.games.auroria.state import Perm, State

Entry = dict[str, Any]


def push_entry(s: State, entry: Entry) -> Entry:
    s.serial += 1
    entry = {"id": s.serial, "neg": False, "tg": [], **entry}
    s.chain.append(entry)
    return entry


def open_window(s: State, p: int, mirror: bool) -> None:
    """Offer ``p`` a response window, but only when they have something legal to do."""
    prompt = {"k": "window", "p": p, "mirror": mirror}
    found = decisions.window_options(s, prompt)
    if len(found) > 1:
        decisions.offer(s, prompt, found)


def after_action(s: State, p: int, entry: Entry | None, mirror_ok: bool) -> None:
    """After ``p`` acted: resolve what it put on the chain once the opponent has had a say."""
    if entry is not None:
        s.work.append({"k": "chain"})
    s.work.append({"k": "window", "p": 1 - p, "mirror": mirror_ok})


def resolve_top(s: State, ev: list[Event]) -> None:
    if not s.chain:
        return
    entry = s.chain.pop()
    s.work.append({"k": "chain"})
    uid = entry.get("uid", -1)
    kind = entry["kind"]
    if entry["neg"]:
        ev.append(Event("negated", words.NEGATED, {"card": name_said(s, uid)},
                        data={"entry": entry["id"]}))
        if kind == "attack":
            s.combat = None
        elif kind == "block" and s.combat is not None:
            s.combat = {**s.combat, "b": -1}  # the attack goes on unblocked
            s.work.append({"k": "damage"})
        elif uid >= 0 and s.zone_of(uid)[1] == "limbo":
            board.to_grave(s, uid)
        return
    if kind == "counter":
        for other in s.chain:
            if other["id"] == entry["ctr"]:
                other["neg"] = True
        board.to_grave(s, uid)
        _push_ops(s, entry, "resolve")
    elif kind == "spell":
        s.work.append({"k": "grave", "uid": uid})
        _push_ops(s, entry, "resolve")
    elif kind in ("summon", "aura", "item"):
        _enter_play(s, entry, ev)
    elif kind == "activate":
        _push_ops(s, entry, "activate")
    elif kind == "trigger":
        if entry.get("dying"):
            s.work.append({"k": "grave", "uid": uid})
        _push_ops(s, entry, entry["tr"])
    elif kind == "attack":
        s.work.append({"k": "block"})
    elif kind == "block":
        s.work.append({"k": "damage"})


def _push_ops(s: State, entry: Entry, trigger: str) -> None:
    eff = card(s, entry["uid"]).effect(trigger)
    if eff is not None and eff.ops:
        s.work.append({"k": "ops", "src": entry["uid"], "p": entry["p"],
                       "ops": [dict(op) for op in eff.ops], "i": 0, "tg": entry["tg"]})


def _enter_play(s: State, entry: Entry, ev: list[Event]) -> None:
    uid, p, kind = entry["uid"], entry["p"], entry["kind"]
    entered = False
    if kind == "summon":
        entered = board.enter_line(s, p, uid, entry["line"])
        if entered and power(s, uid) == 0 and not has(s, uid, "Protected"):
            ev.append(Event("summoned", words.SUMMONED,
                            {"card": name_said(s, uid), "line": words.LINE_NAMES[entry["line"]]}))
            board.destroy(s, uid, ev)  # zero power: gone before anything triggers
            return
    elif kind == "aura" and len(s.zones[p]["auras"]) < 5:
        s.remove(uid)
        s.zone(p, "auras").append(uid)
        s.set_perm(uid, Perm("aura", entered=s.turn))
        entered = True
    elif kind == "item":
        entered = _place_item(s, entry)
    if not entered:
        board.to_grave(s, uid)
        ev.append(Event("fizzled", words.FIZZLED, {"card": name_said(s, uid)}))
        return
    ev.append(Event("entered", words.ENTERED, {"player": p, "card": name_said(s, uid)},
                    data={"uid": uid, "player": p}))
    if card(s, uid).effect("on_play") is not None:
        s.trig.append({"uid": uid, "p": p, "tr": "on_play", "dying": False})


def _place_item(s: State, entry: Entry) -> bool:
    uid, p = entry["uid"], entry["p"]
    if card(s, uid).equip == "under":
        s.remove(uid)
        s.zone(p, "under").append(uid)
        s.set_perm(uid, Perm("under", entered=s.turn))
        return True
    host = entry["host"]
    if not decisions.can_carry(s, p, host):
        return False
    s.remove(uid)
    s.zone(p, "gear").append(uid)
    s.set_perm(uid, Perm("equipped", entered=s.turn, host=host))
    return True


# ----- triggers -----------------------------------------------------------------------------
def flush_triggers(s: State, ev: list[Event]) -> None:
    """Put pending triggers on the chain: the active player orders simultaneous ones, each
    controller picks targets; then the opponent of the top entry may respond."""
    if len(s.trig) > 1 and not s.flags.get("ordered"):
        s.prompt = {"k": "order", "p": s.active}
        return
    while s.trig:
        t = s.trig[-1]  # the last in the chosen order goes on the chain first
        eff = card(s, t["uid"]).effect(t["tr"])
        assert eff is not None
        chosen = t.get("tg", [])
        if len(chosen) < len(eff.targets):
            options = decisions.targets(s, t["p"], eff.targets[len(chosen)], chosen)
            if not options:
                s.trig.pop()
                if t["dying"]:
                    board.to_grave(s, t["uid"])
                continue
            if len(options) > 1:
                s.prompt = {"k": "ttarget", "p": t["p"]}
                return
            t["tg"] = [*chosen, options[0]]
            continue
        s.trig.pop()
        push_entry(s, {"kind": "trigger", "uid": t["uid"], "p": t["p"], "tr": t["tr"],
                       "tg": chosen, "dying": t["dying"]})
        ev.append(Event("trigger", words.TRIGGER,
                        {"card": name_said(s, t["uid"]), "trigger": words.TRIGGERS[t["tr"]]},
                        data={"uid": t["uid"]}))
        s.flags = {**s.flags, "pushed": True}
    flags = s.flags
    if "ordered" in flags or "pushed" in flags:
        s.flags = {k: v for k, v in flags.items() if k != "ordered" and k != "pushed"}
    if flags.get("pushed", False):
        s.work.append({"k": "chain"})
        open_window(s, 1 - s.chain[-1]["p"], False)
