"""AI players from a seat's view only: ``random`` (fuzzing) and ``normal`` (heuristics)."""

from __future__ import annotations

from typing import Any

from bot.engine import ORDER, Action, Decision, Rng, View


def choose(level: str, view: View, decision: Decision, rng: Rng) -> Action:
    if level == "normal":
        return Action(decision.id, _normal(view, decision))
    return Action(decision.id, _random(decision, rng))


def _random(d: Decision, rng: Rng) -> tuple[str, ...]:
    keys = [o.key for o in d.options]
    if d.kind == ORDER:
        rng.shuffle(keys)
        return tuple(keys)
    # stepping back is legal but would only make the fuzzing walk in circles
    forward = [k for k in keys if k not in ("back", "autopass")] or keys
    if d.max == 1:
        return (rng.choice(forward),)
    n = d.min + rng.randrange(d.max - d.min + 1)
    return tuple(rng.sample(keys, n))


# ----- normal -----------------------------------------------------------------------------
def _cards_in_play(view: View) -> dict[int, tuple[int, dict[str, Any]]]:
    """uid -> (seat, slot) for every creature on the board."""
    out = {}
    for pl in view["players"]:
        for line in ("front", "back"):
            for slot in pl[line]:
                if slot["kind"] == "creature":
                    out[slot["uid"]] = (pl["seat"], slot)
    return out


def _strength(slot: dict[str, Any]) -> int:
    return max(0, int(slot["power"]) - int(slot["damage"]))


def _by_prefix(d: Decision, prefix: str) -> list[str]:
    return [o.key for o in d.options if o.key.startswith(prefix)]


def _normal(view: View, d: Decision) -> tuple[str, ...]:
    me = view["viewer"]
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


def _mulligan(view: View, d: Decision) -> tuple[str, ...]:
    hand = {str(c["uid"]): c for c in view["players"][view["viewer"]]["hand"]}
    energy = [k for k in hand if hand[k]["type"] == "energy"]
    if 2 <= len(energy) <= 4 or not d.id.endswith(".0"):
        return tuple(o.key for o in d.options)
    spells = [k for k in hand if hand[k]["type"] != "energy"]
    return tuple(energy[:3] + spells[:3])


def _counter(view: View, d: Decision, board: Any, me: int) -> str | None:
    counters = _by_prefix(d, "ctr:")
    return counters[0] if counters else None


def _build(view: View, d: Decision, board: Any, me: int) -> str | None:
    lines = _by_prefix(d, "line:")
    if lines:
        building = view.get("building") or {}
        back_better = building.get("back", 0) > building.get("front", 0)
        return "line:back" if back_better and "line:back" in lines else lines[0]
    for prefix in ("tg:", "host:"):
        opts = _by_prefix(d, prefix)
        if opts:
            host = prefix == "host:"

            def score(key: str, host: bool = host) -> int:
                uid = int(key.partition(":")[2])
                seat, slot = board.get(uid, (me, {"power": 0, "damage": 0}))
                return _strength(slot) if (seat == me) == host else -1
            if prefix == "tg:":
                enemy = [k for k in opts if board.get(int(k[3:]), (me,))[0] != me]
                opts = enemy or opts
            return max(opts, key=score)
    blooms = _by_prefix(d, "bloom:")
    if blooms:
        return blooms[-1]
    ents = _by_prefix(d, "ent:")
    return ents[0] if ents else None


def _main(view: View, d: Decision, board: Any, me: int) -> str | None:
    plays = _by_prefix(d, "play:") + _by_prefix(d, "act:") + _by_prefix(d, "disc:")
    if plays:
        labels = {o.key: o.label for o in d.options}

        def cost(key: str) -> int:
            label = labels[key]
            return int(label[label.rfind("(") + 1:-1]) if label.endswith(")") else 0
        return max(plays, key=cost)
    menus = _by_prefix(d, "menu:play") or _by_prefix(d, "menu:")
    if menus:
        return menus[0]
    if "battle" in [o.key for o in d.options]:
        return "battle"
    return None


def _attack(view: View, d: Decision, board: Any, me: int) -> str | None:
    """Attack with the leader (it risks nothing) and with creatures no ready enemy blocker
    would beat; otherwise end the turn."""
    enemy = view["players"][1 - me]
    blockers = [slot for line in ("front", "back") for slot in enemy[line]
                if slot["kind"] == "creature"
                and (not slot["exhausted"] or "Structure" in slot["keywords"])]
    for key in _by_prefix(d, "atk:"):
        uid = int(key[4:])
        if uid not in board:
            return key  # the leader
        mine = board[uid][1]
        stealthy = "Stealth" in mine["keywords"]
        able = [b for b in blockers if not stealthy or "Stealth" in b["keywords"]]
        if all(_strength(b) < _strength(mine) for b in able):
            return key
    return None


def _attack_target(view: View, d: Decision, board: Any, me: int) -> str | None:
    targets = _by_prefix(d, "tgt:")
    if not targets:
        return None
    combat_att = view.get("attacking")
    mine = board.get(combat_att, (me, {"power": 0, "damage": 0}))[1] if combat_att else None
    power = _strength(mine) if mine else 0
    kills = [k for k in targets if int(k[4:]) in board and _strength(board[int(k[4:])][1]) < power]
    if kills:
        return max(kills, key=lambda k: _strength(board[int(k[4:])][1]))
    return next(k for k in targets if int(k[4:]) not in board)


def _block(view: View, d: Decision, board: Any, me: int) -> str | None:
    blocks = _by_prefix(d, "blk:")
    if not blocks or view["combat"] is None:
        return None
    att = view["combat"]["attacker"]
    att_power = _strength(board[att][1]) if att in board else 0
    good = [k for k in blocks if _strength(board[int(k[4:])][1]) > att_power]
    if good:
        return min(good, key=lambda k: _strength(board[int(k[4:])][1]))
    if view["players"][me]["influence"] <= 2 * max(att_power, 1):
        return min(blocks, key=lambda k: _strength(board[int(k[4:])][1]))
    return "none"
