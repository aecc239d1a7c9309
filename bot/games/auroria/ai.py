"""AI players from a seat's view only: ``random`` (fuzzing) and ``normal`` (heuristics)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any

from bot.engine import ORDER, Action, Decision, Rng
from bot.games.auroria.cards import CardDef
from bot.games.auroria.derived import CATALOG
from bot.games.auroria.view import AuroriaView, CreatureSlot

Board = dict[int, tuple[int, CreatureSlot]]
"""uid -> (seat, slot) for every creature in a line."""


def choose(level: str, view: AuroriaView, decision: Decision, rng: Rng) -> Action:
    if level == "normal":
        return Action(decision.id, _normal(view, decision))
    # the tuple itself: the named tuple's ``__new__`` is a Python function
    return _new(Action, (decision.id, _random(decision, rng)))


_new = tuple.__new__


def _random(d: Decision, rng: Rng) -> tuple[str, ...]:
    if d.kind != ORDER and d.max == 1:
        # stepping back is legal but would only make the fuzzing walk in circles
        keys = list(map(_KEY, d.options))
        # (most menus offer neither: a set test instead of a test per key)
        if not _CIRCLES.isdisjoint(keys):
            keys = [k for k in keys if k not in _CIRCLES] or keys
        return (keys[rng.randrange(len(keys))],)
    keys = [o.key for o in d.options]
    if d.kind == ORDER:
        rng.shuffle(keys)
        return tuple(keys)
    n = d.min + rng.randrange(d.max - d.min + 1)
    return tuple(rng.sample(keys, n))


_KEY = attrgetter("key")
_CIRCLES = frozenset(("back", "autopass"))
"""Answers the random AI leaves out when it has another."""


# ----- normal -----------------------------------------------------------------------------
def _cards_in_play(view: AuroriaView) -> Board:
    """uid -> (seat, slot) for every creature on the board."""
    out: Board = {}
    for pl in view["players"]:
        for slot in (*pl["front"], *pl["back"]):
            if slot["kind"] == "creature":
                out[slot["uid"]] = (pl["seat"], slot)
    return out


def _strength(slot: CreatureSlot) -> int:
    return max(0, slot["power"] - slot["damage"])


def _by_prefix(d: Decision, prefix: str) -> list[str]:
    return [o.key for o in d.options if o.key.startswith(prefix)]


def _seat(view: AuroriaView) -> int:
    me = view["viewer"]
    assert me is not None, "an AI plays from its own seat's view"
    return me


def _normal(view: AuroriaView, d: Decision) -> tuple[str, ...]:
    me = _seat(view)
    keys = [o.key for o in d.options]
    if d.kind == ORDER:
        return tuple(keys)
    if d.id.startswith("mul"):
        return _mulligan(view, d)
    if d.id.startswith(("side", "start")):
        return d.default or (keys[0],)  # keep the deck as built; start when given the choice
    board = _cards_in_play(view)
    for pick in (_counter, _attack_target, _block, _build, _main, _attack):
        got = pick(view, d, board, me)
        if got:
            return (got,)
    for safe in ("draw", "pass", "none", "end"):
        if safe in keys:
            return (safe,)  # always draw: skipping only delays a deck-out and can stall
    energy = _by_prefix(d, "en:")
    if energy:
        return (energy[0],)
    return tuple(keys[:max(d.min, 1)])


def _mulligan(view: AuroriaView, d: Decision) -> tuple[str, ...]:
    hand = {str(c["uid"]): c for c in view["players"][_seat(view)]["hand"]}
    energy = [k for k in hand if hand[k]["type"] == "energy"]
    if 2 <= len(energy) <= 4 or not d.id.endswith(".0"):
        return tuple(o.key for o in d.options)
    spells = [k for k in hand if hand[k]["type"] != "energy"]
    return tuple(energy[:3] + spells[:3])


def _counter(view: AuroriaView, d: Decision, board: Board, me: int) -> str | None:
    counters = _by_prefix(d, "ctr:")
    return counters[0] if counters else None


def _build(view: AuroriaView, d: Decision, board: Board, me: int) -> str | None:
    lines = _by_prefix(d, "line:")
    if lines:
        building = view.get("building")
        back_better = building is not None and building["back"] > building["front"]
        return "line:back" if back_better and "line:back" in lines else lines[0]
    for prefix in ("tg:", "host:"):
        opts = _by_prefix(d, prefix)
        if opts:
            host = prefix == "host:"

            def score(key: str, host: bool = host) -> int:
                found = board.get(int(key.partition(":")[2]))
                if found is None:  # a leader or an item: as an own card without strength
                    return 0 if host else -1
                seat, slot = found
                return _strength(slot) if (seat == me) == host else -1
            if prefix == "tg:":
                enemy = [k for k in opts if int(k[3:]) in board and board[int(k[3:])][0] != me]
                opts = enemy or opts
            return max(opts, key=score)
    blooms = _by_prefix(d, "bloom:")
    if blooms:
        return blooms[-1]
    ents = _by_prefix(d, "ent:")
    return ents[0] if ents else None


def _main(view: AuroriaView, d: Decision, board: Board, me: int) -> str | None:
    """Play the card worth most now (see ``_worth``); skip cards that would do nothing."""
    plays = _by_prefix(d, "play:") + _by_prefix(d, "act:") + _by_prefix(d, "disc:")
    if plays:
        worth = {k: _worth(view, d, board, me, k) for k in plays}
        best = max(plays, key=lambda k: worth[k])
        if worth[best] > 0 or d.id.endswith(".menu"):
            return best
    menus = _by_prefix(d, "menu:play") or _by_prefix(d, "menu:")
    if menus and not plays:
        return menus[0]
    if "battle" in [o.key for o in d.options]:
        return "battle"
    return None


def _own_card(view: AuroriaView, me: int, uid: int) -> CardDef | None:
    """The printed card of ``uid`` in the seat's hand, lines or Aura zones (None when it is
    defined only inside a scenario)."""
    pl = view["players"][me]
    for c in (*pl["hand"], *pl["auras"], *(s["card"] for s in (*pl["front"], *pl["back"])
                                           if "card" in s)):
        if c["uid"] == uid:
            return CATALOG.get(c["id"])
    return None


def _worth(view: AuroriaView, d: Decision, board: Board, me: int, key: str) -> float:
    """What an option does on this board, in rough power points (0 or less: nothing)."""
    head, _, rest = key.partition(":")
    if head == "disc":
        return 2.0
    uid = int(rest.partition(":")[0])
    c = _own_card(view, me, uid)
    if c is None:  # trust the printed cost
        label = next(o.label for o in d.options if o.key == key)
        return float(label[label.rfind("(") + 1:-1]) if label.endswith(")") else 1.0
    if head == "act":
        eff = c.effect("activate")
        return _ops_worth(view, board, me, eff.ops) if eff else 0.0
    if c.type == "creature":
        body = max(c.front, c.back) + 0.5 * len(c.keywords)
        return body + sum(_ops_worth(view, board, me, e.ops) for e in c.effects
                          if e.trigger == "on_play")
    if c.type == "potion":
        return 1.0
    if c.type == "item":
        mine = [s for s in board.values() if s[0] == me]
        if c.equip == "creature" and not mine:
            return 0.0
        return 1.0 + sum(_ops_worth(view, board, me, e.ops) for e in c.effects)
    eff = c.effect("resolve") or c.effect("static")
    return _ops_worth(view, board, me, eff.ops if eff else ())


def _ops_worth(view: AuroriaView, board: Board, me: int,
               ops: Sequence[Mapping[str, Any]]) -> float:
    enemy = sorted((_strength(s) for seat, s in board.values() if seat != me), reverse=True)
    mine = [s for seat, s in board.values() if seat == me]
    total = 0.0
    for op in ops:
        kind, n = op.get("op"), int(op.get("n", 1))
        to = str(op.get("to", ""))
        if kind in ("damage", "destroy", "return", "exhaust"):
            if to.startswith("t") or to.startswith("enemy"):
                if not enemy:
                    continue
                hits = [e for e in enemy if kind != "damage" or e <= n]
                total += (hits[0] if hits else 0.5) + (1 if kind == "destroy" else 0)
        elif kind == "power" and n < 0:
            total += -n if enemy else 0
        elif kind in ("power", "grant"):
            total += (n if kind == "power" else 1) if (mine or "leader" in to) else 0
        elif kind in ("draw", "influence", "plant", "overgrowth"):
            total += n if op.get("who", "you") == "you" else -n
        elif kind == "discard":
            total += n if op.get("who") == "opp" else -n
        else:
            total += 1
    return total


def _attackers_left(view: AuroriaView, seat: int, board: Board) -> bool:
    """Whether ``seat`` still has a creature able to attack this turn (seen from the view)."""
    for s_seat, slot in board.values():
        if s_seat != seat or slot["exhausted"] or _strength(slot) <= 0:
            continue
        front = any(x["uid"] == slot["uid"] for x in view["players"][seat]["front"])
        if (front or "Ranger" in slot["keywords"]) and (
                not slot["new"] or "Quickness" in slot["keywords"]):
            return True
    return False


def _leader_power(view: AuroriaView, seat: int) -> int:
    return view["players"][seat]["leader"]["power"]


def _attack(view: AuroriaView, d: Decision, board: Board, me: int) -> str | None:
    """Attack with creatures no ready enemy blocker would beat, then with the leader last
    (it takes no damage back, and blockers spent on creatures can no longer stop it); skip
    a leader attack that a blocker would absorb for nothing."""
    enemy = view["players"][1 - me]
    blockers = [slot for slot in (*enemy["front"], *enemy["back"])
                if slot["kind"] == "creature"
                and (not slot["exhausted"] or "Structure" in slot["keywords"])]
    leader_key = None
    for key in _by_prefix(d, "atk:"):
        uid = int(key[4:])
        if uid not in board:
            leader_key = key
            continue
        mine = board[uid][1]
        stealthy = "Stealth" in mine["keywords"]
        able = [b for b in blockers if not stealthy or "Stealth" in b["keywords"]]
        if all(_strength(b) <= _strength(mine) for b in able):
            return key  # at worst an even trade: boards that only wait end in deck-outs
    if leader_key is None:
        return None
    power = _leader_power(view, me)
    prey = [s for seat, s in board.values() if seat != me and s["exhausted"]
            and _strength(s) <= power]
    walls = [b for b in blockers if _strength(b) > power and "Structure" not in b["keywords"]]
    if prey or not walls or enemy["influence"] <= power:
        return leader_key
    return None


def _attack_target(view: AuroriaView, d: Decision, board: Board, me: int) -> str | None:
    """Kill the strongest exhausted creature the attacker survives (a leader takes no
    damage back, so it may also take an equal one); otherwise hit the leader."""
    targets = _by_prefix(d, "tgt:")
    if not targets:
        return None
    att = view["attacking"]
    face = next(k for k in targets if int(k[4:]) not in board)
    is_leader = att not in board
    power = _leader_power(view, me) if is_leader else _strength(board[att][1])
    if view["players"][1 - me]["influence"] <= power:
        return face
    kills = [k for k in targets if int(k[4:]) in board
             and (_strength(board[int(k[4:])][1]) < power
                  or (is_leader and _strength(board[int(k[4:])][1]) <= power))]
    if kills:
        return max(kills, key=lambda k: _strength(board[int(k[4:])][1]))
    return face


def _block(view: AuroriaView, d: Decision, board: Board, me: int) -> str | None:
    """Block only when it pays: a blocker that survives a creature (and kills it when
    stronger), an even trade for a dearer attacker, or a chump block against a lethal hit.
    A leader takes no damage back, so blocking it only saves Influence and exhausts the
    blocker: done with a Structure (it readies again) or once no attacker is left to use
    the opening."""
    blocks = _by_prefix(d, "blk:")
    if not blocks or view["combat"] is None:
        return None
    combat = view["combat"]
    att, foe = combat["attacker"], 1 - me
    is_leader = att not in board
    hit = _leader_power(view, foe) if is_leader else _strength(board[att][1])
    on_leader = combat["target"] == view["players"][me]["leader"]["uid"]
    slots = {k: board[int(k[4:])][1] for k in blocks}

    def weakest(keys: list[str]) -> str:
        return min(keys, key=lambda k: _strength(slots[k]))
    survive = [k for k in blocks if _strength(slots[k]) > hit]
    lethal = on_leader and view["players"][me]["influence"] <= hit
    if is_leader:
        free = [k for k in survive if "Structure" in slots[k]["keywords"]
                or not _attackers_left(view, foe, board)]
        if free:
            return weakest(free)
        return weakest(blocks) if lethal else "none"
    if survive:
        return weakest(survive)
    cost = board[att][1]["card"]["cost"]
    trade = [k for k in blocks if _strength(slots[k]) == hit
             and slots[k]["card"]["cost"] <= cost]
    if trade:
        return weakest(trade)
    return weakest(blocks) if lethal else "none"
