"""Decisions: what each prompt offers (``options``) and what an answer does (``answer``).

The same ``options`` function builds the menu, validates a submitted key and feeds the AI.
Playing a card or an Activate effect is assembled by a small builder (line, item carrier,
targets, Counter target, Bloom payment); each missing piece is one sub-decision with a
``back`` option, and a piece with a single possibility is filled in automatically.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.engine import Event, IllegalAction, Option
from bot.games.auroria import board, flow, legal
from bot.games.auroria.legal import option
from bot.games.auroria.derived import (
    card,
    energy_available,
    line_free,
    name,
    planted,
)
from bot.games.auroria.state import LINES, Perm, State

Build = dict[str, Any]


# ----- the card/activate builder ------------------------------------------------------------
def _need(s: State, b: Build) -> tuple[str, list[Option]] | None:
    """The next missing piece of a play and its possibilities, or None when complete."""
    p, uid = b["p"], b["uid"]
    c = card(s, uid)
    if b["a"] == "play":
        if c.type == "creature" and b.get("line") is None:
            return "line", [option(f"line:{ln}", f"{ln.capitalize()}line", "line")
                            for ln in LINES if line_free(s, p, ln)]
        if c.type == "item" and c.equip != "under" and b.get("host") is None:
            return "host", [option(f"host:{h}", name(s, h), "host")
                            for h in legal.hosts(s, p, c)]
        if c.type == "counter" and b.get("ctr") is None:
            return "ctr", [option(f"ent:{e['id']}", f"{e['kind']}: {name(s, e['uid'])}",
                                  "chain") for e in legal.counter_targets(s, p, c)]
    eff = c.effect("activate") if b["a"] == "act" else (
        c.effect("resolve") if c.type == "spell" else None)
    if eff is not None and len(b["tg"]) < len(eff.targets):
        spec = eff.targets[len(b["tg"])]
        taken = b["tg"] + legal.already_doomed(s, c, eff)
        return "tg", [option(f"tg:{u}", name(s, u), "target")
                      for u in legal.targets(s, p, spec, taken)]
    if b["a"] == "play" and "Bloom" in c.keywords and b.get("bloom") is None:
        lo = max(0, c.cost - energy_available(s, p))
        hi = min(c.cost, len(planted(s, p)))
        return "bloom", [option(f"bloom:{k}", f"Use {k} Planted", "bloom")
                         for k in range(lo, hi + 1)]
    if b.get("potions") is None:
        due = (eff.cost if b["a"] == "act" and eff is not None else c.cost) - (
            b.get("bloom") or 0)
        return "pay", [option(f"pay:{k}", _pay_label(due - k, k), "pay")
                       for k in board.potion_choices(s, p, due)]
    return None


def _pay_label(energy: int, potions: int) -> str:
    spent = [f"{energy} Energy"] * bool(energy) + [
        f"{potions} Potion{'s' * (potions > 1)}"] * bool(potions)
    return f"Pay with {' and '.join(spent) or 'nothing'}" + (
        " (keep your Potions)" if not potions else "")


def _fill(b: Build, key: str) -> None:
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


def _step_build(s: State, b: Build, ev: list[Event]) -> None:
    """Fill forced pieces; ask for the next open one, or commit the play."""
    while True:
        need = _need(s, b)
        if need is None:
            _commit(s, b, ev)
            return
        _, opts = need
        if len(opts) != 1:
            s.prompt = {"k": "build", "p": b["p"], "b": b}
            return
        _fill(b, opts[0].key)


def _commit(s: State, b: Build, ev: list[Event]) -> None:
    p, uid = b["p"], b["uid"]
    c = card(s, uid)
    mirror_ok = b["origin"]["k"] == "main" and not s.slow
    if b["a"] == "act":
        eff = c.effect("activate")
        assert eff is not None
        board.pay(s, p, eff.cost, 0, b["potions"], ev)
        s.perms[uid] = replace(s.perms[uid], used=True)
        ev.append(Event("activate", f"{board.who(p)} activates {c.name}.", data={"uid": uid}))
        entry = flow.push_entry(s, {"kind": "activate", "uid": uid, "p": p, "tg": b["tg"]})
        flow.after_action(s, p, entry, mirror_ok)
        return
    board.pay(s, p, c.cost, b.get("bloom") or 0, b["potions"], ev)
    ev.append(Event("play", f"{board.who(p)} plays {c.name}.",
                    data={"uid": uid, "player": p}))
    if c.type == "potion":
        s.remove(uid)
        s.zones[p]["energy"].append(uid)
        s.perms[uid] = Perm("potion", exhausted=True, entered=s.turn)
        flow.after_action(s, p, None, mirror_ok)
        return
    s.remove(uid)
    s.limbo.append(uid)
    kind = {"creature": "summon", "spell": "spell", "aura": "aura", "item": "item",
            "counter": "counter"}[c.type]
    entry = flow.push_entry(s, {"kind": kind, "uid": uid, "p": p, "tg": b["tg"],
                                "line": b.get("line"), "host": b.get("host"),
                                "ctr": b.get("ctr")})
    flow.after_action(s, p, entry, mirror_ok)


# ----- options per prompt -------------------------------------------------------------------
def options(s: State, prompt: dict[str, Any]) -> list[Option]:
    k, p = prompt["k"], prompt["p"]
    if k == "draw":
        return [option("draw", "Draw a card"), option("skip", "Skip the draw")]
    if k == "energy":
        return [*[option(f"en:{u}", f"Place {name(s, u)}", "energy")
                  for u in legal.energy_cards(s, p)], option("skip", "Place no Energy")]
    if k == "main":
        return legal.menu(legal.main_actions(s, p, False),
                          [option("battle", "Go to battle", "pass")])
    if k == "menu":
        inner = [o for o in _origin_options(s, prompt["origin"]) if o.group == prompt["group"]]
        return [*inner[:legal.MAX_OPTIONS - 1], option("back", "Back", "pass")]
    if k == "window":
        opts = legal.window_options(s, prompt)
        return legal.menu(opts[:-1], [opts[-1]])
    if k == "build":
        need = _need(s, prompt["b"])
        assert need is not None
        return [*need[1][:legal.MAX_OPTIONS - 1], option("back", "Back", "pass")]
    if k == "battle":
        return [*[option(f"atk:{u}", f"Attack with {name(s, u)}", "attack")
                  for u in legal.attackers(s, p)], option("end", "End the turn", "pass")]
    if k == "target":
        return [*[option(f"tgt:{u}", name(s, u), "target")
                  for u in legal.attack_targets(s, prompt["att"])], option("back", "Back")]
    if k == "block":
        return [*[option(f"blk:{u}", f"Block with {name(s, u)}", "block")
                  for u in legal.blockers(s)], option("none", "Do not block", "pass")]
    if k == "order":
        return [option(str(i), f"{name(s, t['uid'])} ({t['tr'].replace('_', ' ')})")
                for i, t in enumerate(s.trig)]
    if k == "ttarget":
        t = s.trig[-1]
        eff = card(s, t["uid"]).effect(t["tr"])
        assert eff is not None
        chosen = t.get("tg", [])
        return [option(f"tg:{u}", name(s, u), "target")
                for u in legal.targets(s, t["p"], eff.targets[len(chosen)], chosen)]
    if k == "op":
        return [option(key, label) for key, label in prompt["opts"]]
    raise AssertionError(f"unknown prompt {k}")


def _origin_options(s: State, origin: dict[str, Any]) -> list[Option]:
    if origin["k"] == "main":
        return legal.main_actions(s, origin["p"], False)
    return legal.window_options(s, origin)


PROMPT_TEXTS = {
    "draw": "Draw Phase.",
    "energy": "Energy Phase: place one Energy card?",
    "main": "Main Phase: choose an action.",
    "menu": "Choose.",
    "window": "You may respond.",
    "battle": "Battle Phase: attack or end the turn.",
    "target": "Choose the attack's target.",
    "block": "Block this attack?",
    "order": "Order the triggered effects (first resolves first).",
    "ttarget": "Choose a target for the triggered effect.",
}
MIRROR_TEXTS = {"draw": "Your opponent drew: draw too?",
                "energy": "Your opponent placed Energy: place one too?"}
BUILD_TEXTS = {"line": "Which line?", "host": "Equip to whom?", "ctr": "Counter what?",
               "tg": "Choose a target.", "bloom": "Pay how much with Planted cards?",
               "pay": "Pay with Energy or Potions?"}


def prompt_text(s: State, prompt: dict[str, Any]) -> str:
    k = prompt["k"]
    if k == "op":
        return str(prompt["what"])
    if k == "build":
        need = _need(s, prompt["b"])
        return BUILD_TEXTS.get(need[0] if need else "", "Choose.")
    if prompt.get("mirror") and k in MIRROR_TEXTS:
        return MIRROR_TEXTS[k]
    return PROMPT_TEXTS[k]


def validate(offered: list[Option], lo: int, hi: int, ordered: bool,
             choice: tuple[str, ...]) -> None:
    """The game's own check: every key was offered, in the allowed number."""
    allowed = {o.key for o in offered}
    if any(c not in allowed for c in choice) or len(set(choice)) != len(choice):
        raise IllegalAction("That choice is not available now.")
    if (len(choice) != len(offered)) if ordered else not lo <= len(choice) <= hi:
        raise IllegalAction("Wrong number of choices.")


def limits(prompt: dict[str, Any]) -> tuple[int, int]:
    if prompt["k"] == "op":
        return int(prompt["min"]), int(prompt["max"])
    return 1, 1


# ----- answers ------------------------------------------------------------------------------
def answer(s: State, choice: tuple[str, ...], ev: list[Event]) -> None:
    """Apply an answer to ``s.prompt`` (``s`` is already a private copy), once ``validate``
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
            flow.declare_attack(s, prompt["att"], int(key[4:]), ev)
    elif k == "block":
        if key == "none":
            s.work.append({"k": "damage"})
        else:
            flow.declare_block(s, int(key[4:]), ev)
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
    if not mirror and placed and not s.slow and legal.energy_cards(s, 1 - p):
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
        flow.after_action(s, p, None, origin["k"] == "main" and not s.slow)
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
        flow.after_action(s, p, None, origin["k"] == "main" and not s.slow)
