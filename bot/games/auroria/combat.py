"""Combat: declaring attacks and blocks (each a chain entry), simultaneous damage, and what
Dual Attack and Swift do afterwards. The steps between are work items run by
``rules.advance``."""

from __future__ import annotations

from bot.engine import Event
from bot.games.auroria import board, decisions
from bot.games.auroria import sentences as words
from bot.games.auroria.chain import after_action, push_entry
from bot.games.auroria.derived import has, line_free, name_said, power, remaining
from bot.games.auroria.state import State


def declare_attack(s: State, attacker: int, target: int, ev: list[Event]) -> None:
    p = s.active
    perm = s.perms[attacker]
    s.set_perm(attacker, perm.but(attacks=perm.attacks + 1,
                                  exhausted=perm.exhausted or perm.role != "leader"))
    s.combat = {"a": attacker, "t": target, "b": -1}
    # Whose, on both sides: in a mirror match both leaders have the same name.
    ev.append(Event("attack", words.ATTACK,
                    {"player": s.owner[attacker], "attacker": name_said(s, attacker),
                     "defender": s.owner[target], "target": name_said(s, target)},
                    data={"attacker": attacker, "target": target}))
    entry = push_entry(s, {"kind": "attack", "uid": attacker, "p": p, "tg": [target]})
    after_action(s, p, entry, False)


def block_step(s: State) -> None:
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
    s.set_perm(blocker, perm.but(blocks=perm.blocks + 1,
                                 exhausted=not has(s, blocker, "Structure")))
    s.combat = {**s.combat, "b": blocker}
    attacker = s.combat["a"]
    ev.append(Event("block", words.BLOCK,
                    {"player": s.owner[blocker], "blocker": name_said(s, blocker),
                     "attacker_owner": s.owner[attacker], "attacker": name_said(s, attacker)},
                    data={"blocker": blocker}))
    entry = push_entry(s, {"kind": "block", "uid": blocker, "p": 1 - s.active})
    after_action(s, 1 - s.active, entry, False)


def damage(s: State, ev: list[Event]) -> None:
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
    s.set_perm(uid, s.perms[uid].but(damage=s.perms[uid].damage + n))
    ev.append(Event("damage", words.DAMAGE, {"card": name_said(s, uid), "n": n},
                    data={"uid": uid, "n": n}))


def aftermath(s: State, ev: list[Event]) -> None:
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
