"""Applying an answered decision, and the turn moving on until the next decision.

``apply`` answers the open prompt (or a mulligan, or a best-of-three break) on a copy of the
state; the engine's ``play`` has already checked the answer against the offered options
(``decisions``), so only legality the options cannot express is checked here. ``advance``
then runs the work stack until a player must decide (``state.prompt``) or the game ends.
Work items are small JSON dicts, so a paused game (waiting on any choice) is plain data.

The chain (``chain``) and combat (``combat``) live in modules of their own; their steps
are work items this module runs.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Action, Event, IllegalAction
from bot.engine.said import Said, said_n
from bot.games.auroria import board, chain, combat, decisions, series, setup
from bot.games.auroria import sentences as words
from bot.games.auroria.derived import (
    card,
    has,
    name_said,
)
from bot.games.auroria.effects import run_ops
from bot.games.auroria.state import Perm, State


# ----- the runner ---------------------------------------------------------------------------
def advance(s: State, ev: list[Event]) -> None:
    """Run work until a decision is needed; state checks also run before pausing (not again
    when the last step only asked for the phase's decision, which changes no card)."""
    checked = False
    while s.winners is None and s.prompt is None and s.phase != "mulligan":
        if not checked:
            board.state_checks(s, ev)
            if s.winners is not None:
                return
        checked = False
        if s.trig and not (s.work and s.work[-1]["k"] == "ops"):
            chain.flush_triggers(s, ev)
            continue
        if s.work:
            item = s.work.pop()
            _do(s, item, ev)
            checked = item["k"] in _NO_CARD_CHANGES
            continue
        checked = _idle(s, ev)
    if s.winners is None and not checked:
        board.state_checks(s, ev)


_NO_CARD_CHANGES = frozenset(("grave", "block", "window"))
"""Work that moves no card into, out of or within a line and changes no record, modifier or
Influence (a card going from limbo to the graveyard, asking for a block or a response):
state checks done before it still hold."""


def _do(s: State, item: dict[str, Any], ev: list[Event]) -> None:
    kind = item["k"]
    if kind == "ops":
        run_ops(s, item, ev)
    elif kind == "chain":
        chain.resolve_top(s, ev)
    elif kind == "grave":
        if item["uid"] in s.limbo:  # still there (a card is in one zone only)
            board.to_grave(s, item["uid"])
    elif kind == "block":
        combat.block_step(s)
    elif kind == "damage":
        combat.damage(s, ev)
    elif kind == "after":
        combat.aftermath(s, ev)
    elif kind == "window":
        chain.open_window(s, item["p"], item.get("mirror", False))


def _idle(s: State, ev: list[Event]) -> bool:
    """Nothing is resolving: ask for the current phase's decision, or move the turn on.
    True when no card changed (state checks still hold)."""
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
        return False
    return True


# ----- turns --------------------------------------------------------------------------------
def begin_turn(s: State, p: int, ev: list[Event]) -> None:
    s.turn += 1
    s.active = p
    s.flags = {"moved": [False, False]}
    board.ready_all(s, p)
    ev.append(Event("turn", words.TURN, {"turn": s.turn, "player": p}, data={"turn": s.turn,
                                                                    "player": p}))
    s.phase = "draw"
    start_of_phase(s, ev)


def start_of_phase(s: State, ev: list[Event]) -> None:
    """Checks a phase makes as it starts (also for a scenario that starts there): the Draw
    Phase opens with the deck-out check, which skipping the draw does not avoid."""
    p = s.active
    if s.phase == "draw" and not s.zones[p]["deck"]:
        ev.append(Event("deck_out", words.DECK_OUT, {"player": p}))
        board.end_game(s, [1 - p], "deck-out", ev)


def end_phase(s: State, ev: list[Event]) -> None:
    """Temporary modifiers end, non-Structures lose marked damage, usage resets."""
    s.mods = [m for m in s.mods if m.until != "turn"]
    # (the records with anything to reset picked out first: most have nothing)
    for uid, perm in [(u, r) for u, r in s.perms.items()
                      if r.damage or r.attacks or r.blocks or r.used]:
        keep = perm.damage if (perm.damage and perm.role == "creature"
                               and has(s, uid, "Structure")) else 0
        if perm.damage != keep or perm.attacks or perm.blocks or perm.used:
            s.set_perm(uid, perm.but(damage=keep, attacks=0, blocks=0, used=False))
    s.combat = None
    ev.append(Event("end", words.END, {"player": s.active}))


# ----- answers ------------------------------------------------------------------------------
def apply(state: State, player: int, action: Action) -> tuple[State, list[Event]]:
    """``player``'s answer to their open decision, checked by the engine's ``play``. The
    state returned is frozen (``State.freeze``), so what is derived from it may be cached."""
    if state.winners is not None and state.series is not None:
        after, starter, news = series.answer(state, player, action)
        after = setup.next_game(after, starter, news) if starter is not None else after
        after.freeze()
        return after, news
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
    s.freeze()
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
            combat.declare_attack(s, prompt["att"], int(key[4:]), ev)
    elif k == "block":
        if key == "none":
            s.work.append({"k": "damage"})
        else:
            combat.declare_block(s, int(key[4:]), ev)
    elif k == "order":
        s.trig = [s.trig[int(i)] for i in choice]
        s.flags = {**s.flags, "ordered": True}
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
        s.zone(p, "energy").append(uid)
        s.set_perm(uid, Perm("energy", entered=s.turn))
        ev.append(Event("energy", words.ENERGY, {"player": p}, data={"player": p}))
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
        s.autopass = [*s.autopass]
        s.autopass[p] = True
    elif key.startswith(("play:", "ctr:", "act:")):
        uid = int(key.partition(":")[2])
        b = {"a": "act" if key.startswith("act:") else "play", "uid": uid, "p": p, "tg": [],
             "origin": origin}
        _step_build(s, b, ev)
    elif key.startswith("move:"):
        blocked = board.blocked_moves(s, [int(key[5:])])
        if blocked:
            ev.append(Event("move_blocked", words.MANUAL_MOVE_BLOCKED, blocked[p],
                            data={"player": p}))
            s.prompt = origin
            return
        moved = list(s.flags.get("moved", [False, False]))
        moved[p] = True
        s.flags = {**s.flags, "moved": moved}
        chain.after_action(s, p, None, origin["k"] == "main" and not s.slow)
        # the move itself runs first; into a full line it first asks which card makes room
        s.work.append({"k": "ops", "src": int(key[5:]), "p": p, "i": 0, "tg": [],
                       "ops": [{"op": "move", "to": "self"}]})
    elif key.startswith("disc:"):
        cr, it = (int(x) for x in key[5:].split(":"))
        s.zone(p, s.line_of(it)[1]).remove(it)  # type: ignore[index]
        s.zone(p, "gear").append(it)
        s.set_perm(it, Perm("equipped", entered=s.turn, host=cr))
        ev.append(Event("discover", words.DISCOVER, {"creature": name_said(s, cr),
                                                          "item": name_said(s, it)},
                        data={"creature": cr, "item": it}))
        chain.after_action(s, p, None, origin["k"] == "main" and not s.slow)


def mulligan(s: State, p: int, keep: list[int], ev: list[Event]) -> None:
    """Keep the chosen cards of the hand (every one: done), shuffle the rest back and draw;
    the decision offers any number, the paid mulligans' limit is checked here."""
    hand = s.zones[p]["hand"]
    m = s.mull[p]
    s.mull = [*s.mull]
    if len(keep) == len(hand):
        s.mull[p] = -1
        ev.append(Event("keep", words.KEEP, {"player": p, "cards": board.cards(len(hand))}))
    else:
        target = setup.HAND - m
        if len(keep) > target:
            raise IllegalAction(said_n("This mulligan lets you keep at most {n} card.",
                                        "This mulligan lets you keep at most {n} cards.", target))
        back = [u for u in hand if u not in keep]
        s.zone(p, "hand")[:] = keep
        s.zone(p, "deck").extend(back)
        board.shuffle_deck(s, p)
        board.draw(s, p, target - len(keep), [])
        n = len(back)
        ev.append(Event("mulligan", words.MULLIGAN_FREE if m == 0 else words.MULLIGAN,
                        {"player": p, "cards": board.cards(n), "left": target}))
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
            decisions.offer(s, {"k": "build", "p": b["p"], "b": b}, need)
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
        s.set_perm(uid, s.perms[uid].but(used=True))
        ev.append(Event("activate", words.ACTIVATE, {"player": p, "card": Said(c.name)},
                        data={"uid": uid}))
        entry = chain.push_entry(s, {"kind": "activate", "uid": uid, "p": p, "tg": b["tg"]})
        chain.after_action(s, p, entry, mirror_ok)
        return
    board.pay(s, p, c.cost, b.get("bloom") or 0, b["potions"], ev)
    ev.append(Event("play", words.PLAY, {"player": p, "card": Said(c.name)},
                    data={"uid": uid, "player": p}))
    if c.type == "potion":
        s.remove(uid)
        s.zone(p, "energy").append(uid)
        s.set_perm(uid, Perm("potion", exhausted=True, entered=s.turn))
        chain.after_action(s, p, None, mirror_ok)
        return
    s.remove(uid)
    s.limbo = [*s.limbo, uid]
    kind = {"creature": "summon", "spell": "spell", "aura": "aura", "item": "item",
            "counter": "counter"}[c.type]
    entry = chain.push_entry(s, {"kind": kind, "uid": uid, "p": p, "tg": b["tg"],
                                "line": b.get("line"), "host": b.get("host"),
                                "ctr": b.get("ctr")})
    chain.after_action(s, p, entry, mirror_ok)
