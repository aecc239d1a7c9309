"""Low-level board changes shared by effects, combat and the turn flow.

Every function changes a (cloned) state in place and appends events to ``ev``. Cards leave
and enter zones only through these, so conservation and clean-up (mods, items dropping,
On Death) are handled in one place.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.engine import Event, Rng
from bot.engine.said import Said, said, said_n
from bot.games.auroria import sentences as words
from bot.games.auroria.derived import (
    LINE_SIZE,
    card,
    has,
    item_on,
    name_said,
    planted,
    power,
    weakening,
    zeroable,
)
from bot.games.auroria.state import LINES, Perm, State


def draw(s: State, p: int, n: int, ev: list[Event]) -> int:
    """Draw up to ``n`` from the top; an empty deck simply stops drawing (no loss here)."""
    got = max(0, min(n, len(s.zones[p]["deck"])))
    if got:
        deck = s.zone(p, "deck")
        drawn = deck[:got]
        del deck[:got]
        s.zone(p, "hand").extend(drawn)
        for uid in drawn:
            ev.append(Event("draw_private", words.DRAW_CARD, {"player": p,
                                                              "card": name_said(s, uid)},
                            (p,), {"uid": uid}))
        ev.append(Event("draw", words.DRAW, {"player": p, "cards": cards(got)},
                        data={"player": p, "n": got}))
    return got


def shuffle_deck(s: State, p: int) -> None:
    rng = Rng(s.rng)
    rng.shuffle(s.zone(p, "deck"))
    s.rng = rng.state


def change_influence(s: State, p: int, delta: int, cause: str, ev: list[Event]) -> None:
    """Influence moves only here; ``cause`` is leader_attack, piercing or effect."""
    if delta == 0:
        return
    s.influence = [*s.influence]
    s.influence[p] += delta
    s.inf_log = [*s.inf_log, [p, delta, cause]]
    said = words.GAIN if delta > 0 else _LOSS[cause]
    ev.append(Event("influence", said, {"player": p, "n": abs(delta), "total": s.influence[p]},
                    data={"player": p, "delta": delta, "cause": cause}))


_LOSS = {"leader_attack": words.LOSE_LEADER, "piercing": words.LOSE_PIERCING,
         "effect": words.LOSE}
"""How an Influence loss reads in the log by its cause (a card effect names itself already)."""


def cards(n: int) -> Said:
    """'1 card', '3 cards': a count as the log says it."""
    return said_n("{n} card", "{n} cards", n)


def exhaust(s: State, uid: int, flag: bool = True) -> None:
    if uid in s.perms:
        s.set_perm(uid, s.perms[uid].but(exhausted=flag))


def to_grave(s: State, uid: int) -> None:
    s.remove(uid)
    s.zone(s.owner[uid], "grave").append(uid)


def clear_play_state(s: State, uid: int) -> None:
    s.set_perm(uid, None)
    if s.mods and any(m.target == uid for m in s.mods):
        s.mods = [m for m in s.mods if m.target != uid]


def _leave_line(s: State, uid: int) -> tuple[int, str, int]:
    """Take a creature off its line; an item it carried drops onto the freed slot."""
    p, line, index = s.remove(uid)
    item = item_on(s, uid)
    if item is not None:
        s.zone(p, "gear").remove(item)
        s.zone(p, line).insert(index, item)
        s.set_perm(item, Perm("dropped"))
    clear_play_state(s, uid)
    return p, line, index


def destroy(s: State, uid: int, ev: list[Event]) -> bool:
    """Destroy a creature or Planted card unless protected; On Death waits in limbo."""
    perm = s.perms.get(uid)
    if perm is None or perm.role not in ("creature", "planted"):
        return False
    if perm.role == "creature" and has(s, uid, "Protected"):
        return False
    role = perm.role
    p, _, _ = _leave_line(s, uid)
    ev.append(Event("destroyed", words.DESTROYED, {"player": p, "card": name_said(s, uid)},
                    data={"uid": uid, "player": p}) if role == "creature" else
              Event("destroyed", words.PLANTED_DESTROYED, {"player": p},
                    data={"uid": uid, "player": p}))
    if role == "creature" and card(s, uid).effect("on_death") is not None:
        s.limbo = [*s.limbo, uid]
        s.trig.append({"uid": uid, "p": p, "tr": "on_death", "dying": True})
    else:
        s.zone(s.owner[uid], "grave").append(uid)
    return True


def return_to_hand(s: State, uid: int, ev: list[Event]) -> None:
    if s.perms.get(uid) is None or s.perms[uid].role != "creature":
        return
    _leave_line(s, uid)
    s.zone(s.owner[uid], "hand").append(uid)
    ev.append(Event("returned", words.RETURNED, {"player": s.owner[uid],
                                                 "card": name_said(s, uid)},
                    data={"uid": uid}))


def destroy_item(s: State, uid: int, ev: list[Event]) -> None:
    perm = s.perms.get(uid)
    if perm is None or perm.role not in ("equipped", "dropped", "under"):
        return
    to_grave(s, uid)
    clear_play_state(s, uid)
    ev.append(Event("item_destroyed", words.GEAR_DESTROYED, {"card": name_said(s, uid)},
                    data={"uid": uid}))


def destroy_aura(s: State, uid: int, ev: list[Event]) -> None:
    if s.perms.get(uid) is None or s.perms[uid].role != "aura":
        return
    to_grave(s, uid)
    clear_play_state(s, uid)
    ev.append(Event("aura_destroyed", words.GEAR_DESTROYED, {"card": name_said(s, uid)},
                    data={"uid": uid}))


def enter_line(s: State, p: int, uid: int, line: str, role: str = "creature") -> bool:
    """Put a card (from limbo or a hand) into a line; False when the line is full."""
    if len(s.zones[p][line]) >= LINE_SIZE:
        return False
    s.remove(uid)
    s.zone(p, line).append(uid)
    s.set_perm(uid, Perm(role, entered=s.turn))
    return True


def plant(s: State, uid: int, ev: list[Event]) -> bool:
    """Plant a card face down for its owner: Backline first, else Frontline."""
    p = s.owner[uid]
    for line in ("back", "front"):
        if enter_line(s, p, uid, line, "planted"):
            ev.append(Event("planted", words.PLANTED, {"player": p}, data={"player": p}))
            return True
    return False


def move_line(s: State, uid: int, ev: list[Event]) -> str:
    """Move a creature to its other line, keeping its slot state; returns the new line.

    The destination must have room (callers apply the full-line rule first; ``room_needed``).
    """
    where = s.line_of(uid)
    assert where is not None
    p, line = where
    dest = other_line(line)
    s.zone(p, line).remove(uid)
    s.zone(p, dest).append(uid)
    ev.append(Event("moved", words.MOVED, {"card": name_said(s, uid),
                                           "line": words.LINE_NAMES[dest]},
                    data={"uid": uid, "line": dest}))
    return dest


def other_line(line: str) -> str:
    return "back" if line == "front" else "front"


def can_make_room_with(s: State, uid: int) -> bool:
    """A card in a line that may be destroyed to make room: not a protected creature."""
    perm = s.perms[uid]
    return perm.role in ("planted", "dropped") or (
        perm.role == "creature" and not has(s, uid, "Protected"))


_MOVES = (("front", "back"), ("back", "front"))
"""(destination, origin) of a move, destination in ``LINES`` order."""


def room_needed(s: State, movers: list[int], moved: Collection[int] = ()
                ) -> list[tuple[int, str, int, list[int]]]:
    """For each line the ``movers`` go to at once: (owner, line, cards still to destroy there,
    the cards that may be destroyed). Only cards already in that line count, never a moved
    one: neither the ``movers`` nor the cards ``moved`` there earlier by the same effect; a
    moved card leaving a line frees its slot (house rules, moving into a full line)."""
    out = []
    at = [s.line_of(u) for u in movers]
    for p in (0, 1):
        for dest, source in _MOVES:
            origin = (p, source)
            if origin not in at:
                continue
            incoming = [u for u, where in zip(movers, at, strict=True) if where == origin]
            staying = [u for u in s.zones[p][dest] if u not in movers]
            need = len(staying) + len(incoming) - LINE_SIZE
            out.append((p, dest, need, [u for u in staying
                                        if u not in moved and can_make_room_with(s, u)]))
    return out


def blocked_moves(s: State, movers: list[int], moved: Collection[int] = ()
                  ) -> dict[int, dict[str, object]]:
    """Players whose cards cannot all move (too few cards in a full line can be destroyed),
    with the values of the sentence saying why (``MOVE_BLOCKED``, or ``MOVE_BLOCKED_MOVED``
    when ``moved``, as for ``room_needed``, holds cards there). An equipped creature frees
    no slot by itself (its item drops there) but the dropped item may then be destroyed, so
    it still counts as one."""
    out: dict[int, dict[str, object]] = {}
    for p, dest, need, pool in room_needed(s, movers, moved):
        if need > len(pool) and p not in out:
            kept = [u for u in s.zones[p][dest] if u not in movers and u not in pool]
            moving = [name_said(s, u) for u in movers if s.line_of(u) == (p, other_line(dest))]
            room = said_n("only {n} card", "only {n} cards", len(pool)) if pool \
                else said("no card")
            out[p] = {"player": p, "cards": tuple(moving), "line": words.LINE_NAMES[dest],
                      "room": room, "kept": tuple(dict.fromkeys(name_said(s, u) for u in kept)),
                      "moved": any(u in moved for u in kept)}
    return out


def ready_payers(s: State, p: int) -> tuple[list[int], list[int]]:
    """``p``'s ready Energy cards and ready Potions, in Energy Zone order."""
    ready = [u for u in s.zones[p]["energy"] if not s.perms[u].exhausted]
    return ([u for u in ready if s.perms[u].role != "potion"],
            [u for u in ready if s.perms[u].role == "potion"])


def potion_choices(s: State, p: int, due: int) -> range:
    """How many Potions may pay ``due``: the payer chooses (house rules, paying); the first
    spends Energy first and keeps Potions."""
    energy, potions = ready_payers(s, p)
    return range(max(0, due - len(energy)), min(due, len(potions)) + 1)


def pay(s: State, p: int, cost: int, bloom: int, potions: int, ev: list[Event]) -> None:
    """Pay with ``bloom`` Planted cards and ``potions`` Potions (both to the graveyard), the
    rest by exhausting Energy."""
    for uid in planted(s, p)[:bloom]:
        to_grave(s, uid)
        clear_play_state(s, uid)
    energy, ready_potions = ready_payers(s, p)
    for uid in ready_potions[:potions]:
        to_grave(s, uid)
        clear_play_state(s, uid)
    for uid in energy[:max(0, cost - bloom - potions)]:
        exhaust(s, uid)
    if cost:
        paid = [said_n("{n} by Bloom", "{n} by Bloom", bloom)] * bool(bloom) + [
            said_n("{n} by Potion", "{n} by Potions", potions)] * bool(potions)
        ev.append(Event("paid", words.PAID_WITH if paid else words.PAID,
                        {"player": p, "cost": cost, "how": tuple(paid)},
                        data={"player": p}))


def ready_all(s: State, p: int) -> None:
    """The Ready Step: every exhausted card the player controls stands up."""
    z = s.zones[p]
    for uid in (*z["front"], *z["back"], *z["energy"], *z["gear"], *z["auras"], *z["leader"]):
        perm = s.perms.get(uid)
        if perm is not None and perm.exhausted:
            s.set_perm(uid, perm.but(exhausted=False))


def state_checks(s: State, ev: list[Event]) -> None:
    """Destroy creatures whose marked damage reaches their power (0 power included), then
    end the game on Influence 0 or less. Whether a creature dies depends on the lines, the
    roles, hosts and damage in the play records (``State.marks``) and the modifiers only:
    with none changed since the checks last passed (``State.checked``), they pass again."""
    last = s.checked
    if (last is None or last[0] is not s.marks or last[1] != s.line_edits
            or last[2] != s.mods):
        while True:
            suspects = _suspects(s)
            if not suspects:
                break
            doomed = [u for u, where in suspects if s.perms[u].damage >= power(s, u, where)
                      and not has(s, u, "Protected")]
            if not doomed:
                break
            for uid in doomed:
                destroy(s, uid, ev)
        s.checked = (s.marks, s.line_edits, s.mods)
    if (s.influence[0] <= 0 or s.influence[1] <= 0) and s.winners is None and (
            s.phase != "mulligan"):
        end_game(s, [p for p in (0, 1) if s.influence[p] > 0], "influence", ev)


def _suspects(s: State) -> list[tuple[int, tuple[int, str]]]:
    """Creatures in a line that may have to die: damaged ones, ones printed with 0 power in
    their line, and every one while some power may be below its printed value. (Run after
    every step of the work loop, so it stops early.)"""
    perms = s.perms
    weak = weakening(s)
    zero = zeroable(s)
    out = []
    for p, z in enumerate(s.zones):
        for line in LINES:
            printed_zero = zero[line]
            for u in z[line]:
                perm = perms[u]
                if (weak or perm.damage or u in printed_zero) and perm.role == "creature":
                    out.append((u, (p, line)))
    return out


WIN_WORDS = {"influence": words.WIN_INFLUENCE, "deck-out": words.WIN_DECK_OUT,
             "card effect": words.WIN_EFFECT}
"""How a game ended, as the log says it ("Ann wins on Influence.")."""


def end_game(s: State, winners: list[int], reason: str, ev: list[Event]) -> None:
    s.winners = winners
    s.reason = reason
    s.prompt = None
    s.phase = "over"
    said = WIN_WORDS.get(reason, words.WIN) if winners else words.DRAW_GAME
    ev.append(Event("game_over", said, {"player": winners[0]} if winners else {},
                    data={"winners": winners, "reason": reason}))
