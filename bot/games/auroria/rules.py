"""Applying an answered decision, and the turn moving on until the next decision.

``apply`` answers the open prompt (or a mulligan, or a best-of-three break) on a copy of the
state; the engine's ``play`` has already checked the answer against the offered options
(``decisions``), so only legality the options cannot express is checked here. ``advance``
then runs the work stack until a player must decide (``state.prompt``) or the game ends.
Work items are small JSON dicts, so a paused game (waiting on any choice) is plain data.

Chain model (interpretation noted in the report): every played card, Activate effect,
triggered effect, attack declaration and block declaration is an entry. After an entry is
added, the opponent of its controller gets a response window (only if they have a legal
response). A pass resolves the whole chain last-in-first-out. A Counter marks its target
negated.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.engine import Action, Event, IllegalAction
from bot.games.auroria import board, decisions, series, setup
from bot.games.auroria.derived import (
    card,
    has,
    line_free,
    name,
    power,
    remaining,
)
from bot.games.auroria.effects import run_ops
from bot.games.auroria.state import Perm, State

Entry = dict[str, Any]


# ----- the runner ---------------------------------------------------------------------------
def advance(s: State, ev: list[Event]) -> None:
    """Run work until a decision is needed; state checks also run before pausing."""
    while s.winners is None and s.prompt is None and s.phase != "mulligan":
        board.state_checks(s, ev)
        if s.winners is not None:
            return
        if s.trig and not (s.work and s.work[-1]["k"] == "ops"):
            flush_triggers(s, ev)
            continue
        if s.work:
            _do(s, s.work.pop(), ev)
            continue
        _idle(s, ev)
    if s.winners is None:
        board.state_checks(s, ev)


def _do(s: State, item: dict[str, Any], ev: list[Event]) -> None:
    kind = item["k"]
    if kind == "ops":
        run_ops(s, item, ev)
    elif kind == "chain":
        _resolve_top(s, ev)
    elif kind == "grave":
        if s.zone_of(item["uid"])[1] == "limbo":
            board.to_grave(s, item["uid"])
    elif kind == "block":
        _block_step(s)
    elif kind == "damage":
        _damage(s, ev)
    elif kind == "after":
        _aftermath(s, ev)
    elif kind == "window":
        open_window(s, item["p"], item.get("mirror", False))


def _idle(s: State, ev: list[Event]) -> None:
    """Nothing is resolving: ask for the current phase's decision, or move the turn on."""
    tp = s.active
    if s.phase == "draw":
        s.prompt = {"k": "draw", "p": tp}
    elif s.phase == "energy":
        if decisions.energy_cards(s, tp):
            s.prompt = {"k": "energy", "p": tp}
        else:
            s.phase = "main"
    elif s.phase == "main":
        s.prompt = {"k": "main", "p": tp}
    elif s.phase == "battle":
        s.prompt = {"k": "battle", "p": tp}
    elif s.phase == "end":
        end_phase(s, ev)
        begin_turn(s, 1 - tp, ev)


# ----- turns --------------------------------------------------------------------------------
def begin_turn(s: State, p: int, ev: list[Event]) -> None:
    s.turn += 1
    s.active = p
    s.flags = {"moved": [False, False]}
    board.ready_all(s, p)
    ev.append(Event("turn", f"Turn {s.turn}: {board.who(p)}.", data={"turn": s.turn,
                                                                    "player": p}))
    s.phase = "draw"
    start_of_phase(s, ev)


def start_of_phase(s: State, ev: list[Event]) -> None:
    """Checks a phase makes as it starts (also for a scenario that starts there): the Draw
    Phase opens with the deck-out check, which skipping the draw does not avoid."""
    p = s.active
    if s.phase == "draw" and not s.zones[p]["deck"]:
        ev.append(Event("deck_out", f"{board.who(p)} has no cards left to draw."))
        board.end_game(s, [1 - p], "deck-out", ev)


def end_phase(s: State, ev: list[Event]) -> None:
    """Temporary modifiers end, non-Structures lose marked damage, usage resets."""
    s.mods = [m for m in s.mods if m.until != "turn"]
    for uid, perm in list(s.perms.items()):
        keep = perm.damage if (perm.role == "creature" and has(s, uid, "Structure")) else 0
        if perm.damage != keep or perm.attacks or perm.blocks or perm.used:
            s.perms[uid] = replace(perm, damage=keep, attacks=0, blocks=0, used=False)
    s.combat = None
    ev.append(Event("end", f"{board.who(s.active)} ends the turn."))


# ----- chain --------------------------------------------------------------------------------
def push_entry(s: State, entry: Entry) -> Entry:
    s.serial += 1
    entry = {"id": s.serial, "neg": False, "tg": [], **entry}
    s.chain.append(entry)
    return entry


def open_window(s: State, p: int, mirror: bool) -> None:
    """Offer ``p`` a response window, but only when they have something legal to do."""
    prompt = {"k": "window", "p": p, "mirror": mirror}
    if len(decisions.window_options(s, prompt)) > 1:
        s.prompt = prompt


def after_action(s: State, p: int, entry: Entry | None, mirror_ok: bool) -> None:
    """After ``p`` acted: resolve what it put on the chain once the opponent has had a say."""
    if entry is not None:
        s.work.append({"k": "chain"})
    s.work.append({"k": "window", "p": 1 - p, "mirror": mirror_ok})


def _resolve_top(s: State, ev: list[Event]) -> None:
    if not s.chain:
        return
    entry = s.chain.pop()
    s.work.append({"k": "chain"})
    uid = entry.get("uid", -1)
    kind = entry["kind"]
    if entry["neg"]:
        ev.append(Event("negated", f"{name(s, uid)} is negated.", data={"entry": entry["id"]}))
        if kind == "attack":
            s.combat = None
        elif kind == "block" and s.combat is not None:
            s.combat["b"] = -1  # the attack goes on unblocked
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
            ev.append(Event("summoned", f"{name(s, uid)} enters the {entry['line']}line."))
            board.destroy(s, uid, ev)  # zero power: gone before anything triggers
            return
    elif kind == "aura" and len(s.zones[p]["auras"]) < 5:
        s.remove(uid)
        s.zones[p]["auras"].append(uid)
        s.perms[uid] = Perm("aura", entered=s.turn)
        entered = True
    elif kind == "item":
        entered = _place_item(s, entry)
    if not entered:
        board.to_grave(s, uid)
        ev.append(Event("fizzled", f"{name(s, uid)} finds no place and is lost."))
        return
    ev.append(Event("entered", f"{board.who(p)}'s {name(s, uid)} enters play.",
                    data={"uid": uid, "player": p}))
    if card(s, uid).effect("on_play") is not None:
        s.trig.append({"uid": uid, "p": p, "tr": "on_play", "dying": False})


def _place_item(s: State, entry: Entry) -> bool:
    uid, p = entry["uid"], entry["p"]
    if card(s, uid).equip == "under":
        s.remove(uid)
        s.zones[p]["under"].append(uid)
        s.perms[uid] = Perm("under", entered=s.turn)
        return True
    host = entry["host"]
    if not decisions.can_carry(s, p, host):
        return False
    s.remove(uid)
    s.zones[p]["gear"].append(uid)
    s.perms[uid] = Perm("equipped", entered=s.turn, host=host)
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
        ev.append(Event("trigger", f"{name(s, t['uid'])}: {t['tr'].replace('_', ' ')} "
                        "effect goes on the chain.", data={"uid": t["uid"]}))
        s.flags["pushed"] = True
    s.flags.pop("ordered", None)
    if s.flags.pop("pushed", False):
        s.work.append({"k": "chain"})
        open_window(s, 1 - s.chain[-1]["p"], False)


# ----- combat -------------------------------------------------------------------------------
def declare_attack(s: State, attacker: int, target: int, ev: list[Event]) -> None:
    p = s.active
    perm = s.perms[attacker]
    s.perms[attacker] = replace(perm, attacks=perm.attacks + 1,
                                exhausted=perm.exhausted or perm.role != "leader")
    s.combat = {"a": attacker, "t": target, "b": -1}
    ev.append(Event("attack", f"{name(s, attacker)} attacks {name(s, target)}.",
                    data={"attacker": attacker, "target": target}))
    entry = push_entry(s, {"kind": "attack", "uid": attacker, "p": p, "tg": [target]})
    after_action(s, p, entry, False)


def _block_step(s: State) -> None:
    if s.combat is None or s.combat["a"] not in s.perms:
        s.combat = None
        return
    if decisions.blockers(s):
        s.prompt = {"k": "block", "p": 1 - s.active}
    else:
        s.work.append({"k": "damage"})


def declare_block(s: State, blocker: int, ev: list[Event]) -> None:
    assert s.combat is not None
    perm = s.perms[blocker]
    # a Structure exhausts and at once readies again
    s.perms[blocker] = replace(perm, blocks=perm.blocks + 1,
                               exhausted=not has(s, blocker, "Structure"))
    s.combat["b"] = blocker
    ev.append(Event("block", f"{name(s, blocker)} blocks.", data={"blocker": blocker}))
    entry = push_entry(s, {"kind": "block", "uid": blocker, "p": 1 - s.active})
    after_action(s, 1 - s.active, entry, False)


def _damage(s: State, ev: list[Event]) -> None:
    """Simultaneous combat damage; Influence only from unblocked leader hits and Piercing."""
    c = s.combat
    if c is None or c["a"] not in s.perms:
        s.combat = None
        return
    att, tgt, blk = c["a"], c["t"], c["b"]
    defender = blk if blk >= 0 else tgt
    tp = s.active
    if defender not in s.perms:
        s.work.append({"k": "after"})
        return
    is_leader = s.perms[att].role == "leader"
    hit = power(s, att) if is_leader else remaining(s, att)
    if s.perms[defender].role == "leader":
        board.change_influence(s, 1 - tp, -hit, "leader_attack", ev)
    else:
        need = remaining(s, defender)
        back = need
        _mark(s, defender, hit, ev)
        if not is_leader:
            _mark(s, att, back, ev)
        if has(s, att, "Piercing") and hit > need:
            board.change_influence(s, 1 - tp, -(hit - need), "piercing", ev)
    s.work.append({"k": "after"})


def _mark(s: State, uid: int, n: int, ev: list[Event]) -> None:
    if n <= 0:
        return
    s.perms[uid] = replace(s.perms[uid], damage=s.perms[uid].damage + n)
    ev.append(Event("damage", f"{name(s, uid)} takes {n} damage.", data={"uid": uid, "n": n}))


def _aftermath(s: State, ev: list[Event]) -> None:
    """Dual Attack readies after a first attack and sends to the Backline after a second;
    Swift moves a surviving attacker back and a surviving blocker forward."""
    c = s.combat
    s.combat = None
    if c is None:
        return
    att, blk = c["a"], c["b"]
    if s.perms.get(att) is not None and s.perms[att].role == "creature":
        dual = has(s, att, "Dual Attack")
        if dual and s.perms[att].attacks == 1:
            board.exhaust(s, att, False)
        elif (dual and s.perms[att].attacks >= 2) or has(s, att, "Swift"):
            _shift(s, att, "back", ev)
    if blk >= 0 and s.perms.get(blk) is not None and has(s, blk, "Swift"):
        _shift(s, blk, "front", ev)


def _shift(s: State, uid: int, dest: str, ev: list[Event]) -> None:
    where = s.line_of(uid)
    if where is None or where[1] == dest:
        return
    if line_free(s, where[0], dest) == 0:
        s.work.append({"k": "ops", "src": uid, "p": where[0], "ops": [{"op": "move",
                       "to": "self"}], "i": 0, "tg": []})
        return
    board.move_line(s, uid, ev)


# ----- answers ------------------------------------------------------------------------------
def apply(state: State, player: int, action: Action) -> tuple[State, list[Event]]:
    """``player``'s answer to their open decision, checked by the engine's ``play``."""
    if state.winners is not None and state.series is not None:
        after, starter, news = series.answer(state, player, action)
        return (setup.next_game(after, starter, news) if starter is not None else after), news
    s = state.clone()
    s.step += 1
    ev: list[Event] = []
    if s.phase == "mulligan":
        mulligan(s, player, [int(k) for k in action.choice], ev)
    else:
        answer(s, action.choice, ev)
    advance(s, ev)
    if s.winners is not None and s.series is not None:
        series.game_over(s, ev)
    return s, ev


def answer(s: State, choice: tuple[str, ...], ev: list[Event]) -> None:
    """Apply an answer to ``s.prompt`` (``s`` is already a private copy), once ``play``
    has checked it against the options the decision offered."""
    prompt = s.prompt
    assert prompt is not None
    s.prompt = None
    key = choice[0] if choice else ""
    k, p = prompt["k"], prompt["p"]
    if k == "draw":
        _answer_draw(s, p, key == "draw", prompt.get("mirror", False), ev)
    elif k == "energy":
        _answer_energy(s, p, key, prompt.get("mirror", False), ev)
    elif k in ("main", "window", "menu"):
        _answer_action(s, p, key, prompt, ev)
    elif k == "build":
        b = dict(prompt["b"])
        if key == "back":
            s.prompt = b["origin"]
            return
        _fill(b, key)
        _step_build(s, b, ev)
    elif k == "battle":
        if key == "end":
            s.phase = "end"
        else:
            s.prompt = {"k": "target", "p": p, "att": int(key[4:])}
    elif k == "target":
        if key == "back":
            s.prompt = {"k": "battle", "p": p}
        else:
            declare_attack(s, prompt["att"], int(key[4:]), ev)
    elif k == "block":
        if key == "none":
            s.work.append({"k": "damage"})
        else:
            declare_block(s, int(key[4:]), ev)
    elif k == "order":
        s.trig = [s.trig[int(i)] for i in choice]
        s.flags["ordered"] = True
    elif k == "ttarget":
        t = s.trig[-1]
        t["tg"] = [*t.get("tg", []), int(key[3:])]
    elif k == "op":
        s.work[-1]["ans"] = list(choice)


def _answer_draw(s: State, p: int, drew: bool, mirror: bool, ev: list[Event]) -> None:
    if drew:
        board.draw(s, p, 1, ev)
    if not mirror and drew and not s.slow and s.zones[1 - p]["deck"]:
        s.prompt = {"k": "draw", "p": 1 - p, "mirror": True}
    else:
        s.phase = "energy"


def _answer_energy(s: State, p: int, key: str, mirror: bool, ev: list[Event]) -> None:
    placed = key.startswith("en:")
    if placed:
        uid = int(key[3:])
        s.remove(uid)
        s.zones[p]["energy"].append(uid)
        s.perms[uid] = Perm("energy", entered=s.turn)
        ev.append(Event("energy", f"{board.who(p)} places an Energy.", data={"player": p}))
        if card(s, uid).effect("on_play") is not None:
            s.trig.append({"uid": uid, "p": p, "tr": "on_play", "dying": False})
    if not mirror and placed and not s.slow and decisions.energy_cards(s, 1 - p):
        s.prompt = {"k": "energy", "p": 1 - p, "mirror": True}
    else:
        s.phase = "main"


def _answer_action(s: State, p: int, key: str, prompt: dict[str, Any], ev: list[Event]) -> None:
    origin = prompt.get("origin", prompt)
    if key == "back":
        s.prompt = origin
    elif key.startswith("menu:"):
        s.prompt = {"k": "menu", "p": p, "group": key[5:], "origin": origin}
    elif key == "battle":
        s.phase = "battle"
    elif key == "pass":
        pass
    elif key == "autopass":
        s.autopass[p] = True
    elif key.startswith(("play:", "ctr:", "act:")):
        uid = int(key.partition(":")[2])
        b = {"a": "act" if key.startswith("act:") else "play", "uid": uid, "p": p, "tg": [],
             "origin": origin}
        _step_build(s, b, ev)
    elif key.startswith("move:"):
        blocked = board.blocked_moves(s, [int(key[5:])])
        if blocked:
            ev.append(Event("move_blocked", f"{blocked[p]} {board.who(p)}'s manual move this "
                            "turn is not used.", data={"player": p}))
            s.prompt = origin
            return
        moved = list(s.flags.get("moved", [False, False]))
        moved[p] = True
        s.flags["moved"] = moved
        after_action(s, p, None, origin["k"] == "main" and not s.slow)
        # the move itself runs first; into a full line it first asks which card makes room
        s.work.append({"k": "ops", "src": int(key[5:]), "p": p, "i": 0, "tg": [],
                       "ops": [{"op": "move", "to": "self"}]})
    elif key.startswith("disc:"):
        cr, it = (int(x) for x in key[5:].split(":"))
        s.zones[p][s.line_of(it)[1]].remove(it)  # type: ignore[index]
        s.zones[p]["gear"].append(it)
        s.perms[it] = Perm("equipped", entered=s.turn, host=cr)
        ev.append(Event("discover", f"{name(s, cr)} picks up {name(s, it)}.",
                        data={"creature": cr, "item": it}))
        after_action(s, p, None, origin["k"] == "main" and not s.slow)


def mulligan(s: State, p: int, keep: list[int], ev: list[Event]) -> None:
    """Keep the chosen cards of the hand (every one: done), shuffle the rest back and draw;
    the decision offers any number, the paid mulligans' limit is checked here."""
    hand = s.zones[p]["hand"]
    m = s.mull[p]
    if len(keep) == len(hand):
        s.mull[p] = -1
        ev.append(Event("keep", f"{board.who(p)} keeps {len(hand)} cards."))
    else:
        target = setup.HAND - m
        if len(keep) > target:
            raise IllegalAction(f"This mulligan lets you keep at most {target} cards.")
        back = [u for u in hand if u not in keep]
        s.zones[p]["hand"] = list(keep)
        s.zones[p]["deck"].extend(back)
        board.shuffle_deck(s, p)
        board.draw(s, p, target - len(keep), [])
        ev.append(Event("mulligan", f"{board.who(p)} mulligans {len(back)} cards"
                        + (" (free)." if m == 0 else f" (now {target}).")))
        s.mull[p] = m + 1 if setup.HAND - (m + 1) > 0 else -1
    if s.mull == [-1, -1]:
        begin_turn(s, s.active, ev)


# ----- the card/activate builder ------------------------------------------------------------
def _fill(b: decisions.Build, key: str) -> None:
    head, _, rest = key.partition(":")
    if head == "line":
        b["line"] = rest
    elif head == "host":
        b["host"] = int(rest)
    elif head == "ent":
        b["ctr"] = int(rest)
    elif head == "tg":
        b["tg"] = [*b["tg"], int(rest)]
    elif head == "bloom":
        b["bloom"] = int(rest)
    elif head == "pay":
        b["potions"] = int(rest)


def _step_build(s: State, b: decisions.Build, ev: list[Event]) -> None:
    """Fill forced pieces; ask for the next open one, or commit the play."""
    while True:
        need = decisions.missing_piece(s, b)
        if need is None:
            _commit(s, b, ev)
            return
        _, opts = need
        if len(opts) != 1:
            s.prompt = {"k": "build", "p": b["p"], "b": b}
            return
        _fill(b, opts[0].key)


def _commit(s: State, b: decisions.Build, ev: list[Event]) -> None:
    p, uid = b["p"], b["uid"]
    c = card(s, uid)
    mirror_ok = b["origin"]["k"] == "main" and not s.slow
    if b["a"] == "act":
        eff = c.effect("activate")
        assert eff is not None
        board.pay(s, p, eff.cost, 0, b["potions"], ev)
        s.perms[uid] = replace(s.perms[uid], used=True)
        ev.append(Event("activate", f"{board.who(p)} activates {c.name}.", data={"uid": uid}))
        entry = push_entry(s, {"kind": "activate", "uid": uid, "p": p, "tg": b["tg"]})
        after_action(s, p, entry, mirror_ok)
        return
    board.pay(s, p, c.cost, b.get("bloom") or 0, b["potions"], ev)
    ev.append(Event("play", f"{board.who(p)} plays {c.name}.",
                    data={"uid": uid, "player": p}))
    if c.type == "potion":
        s.remove(uid)
        s.zones[p]["energy"].append(uid)
        s.perms[uid] = Perm("potion", exhausted=True, entered=s.turn)
        after_action(s, p, None, mirror_ok)
        return
    s.remove(uid)
    s.limbo.append(uid)
    kind = {"creature": "summon", "spell": "spell", "aura": "aura", "item": "item",
            "counter": "counter"}[c.type]
    entry = push_entry(s, {"kind": kind, "uid": uid, "p": p, "tg": b["tg"],
                                "line": b.get("line"), "host": b.get("host"),
                                "ctr": b.get("ctr")})
    after_action(s, p, entry, mirror_ok)
