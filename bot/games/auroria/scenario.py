"""Scenario set-up: a fixed board for tests and ``python -m bot scenario``.

Format of ``setup`` (all keys optional except ``players``)::

    {
      "cards": [CARD_DEF, ...],        # inline definitions (cards.parse_card format),
                                       # usable by id next to the test set and Set 1
      "first": 0,                      # the active player of the first turn
      "phase": "main",                 # mulligan | draw | energy | main | battle
      "turn": 1,                       # turn number to start at (default 1); from a
                                       # mulligan, the number of the first turn played
      "players": [                     # exactly two
        {"leader": "l_red" | {"id": "l_red", "exhausted": true, "attacks": 1},
                                       # card id (default l_white); ``attacks``: leader
                                       # attacks made this turn
         "influence": 20,              # default: the leader's printed Influence
         "hand": ["bolt", ...],        # ids
         "deck": ["squire", ...],      # ids, top first
         "front": [BOARD, ...], "back": [BOARD, ...],
         "energy": 3 | [ENERGY, ...],  # a number means that many ready Basic Energy
         "auras": ["banner"], "grave": ["bolt"], "under": ["coin"],
         "leader_item": "crown",
         "autopass": true},            # no mirrored Main Phase windows for this player
        ...]                           # (as if they had answered `autopass`; default false)
    }

    BOARD = "id" | {"id", "exhausted": bool, "damage": int, "new": bool (entered this turn),
                    "item": "id" (equipped), "planted": bool, "dropped": bool,
                    "attacks": int, "blocks": int}
    ENERGY = "id" | {"id", "exhausted": bool}

With ``phase`` mulligan the hands given are the opening hands; otherwise mulligans are done
and the turn starts at that phase (the Ready Step is not run). The phase's start-of-phase
checks run as in a real turn: starting in the Draw Phase with an empty deck loses by deck-out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import BadScenario, Rng
from bot.games.auroria.cards import CardError, parse_cards
from bot.games.auroria.derived import CATALOG, catalog
from bot.games.auroria.state import PLAYER_ZONES, Perm, State

PHASES = ("mulligan", "draw", "energy", "main", "battle")


def _spec(raw: Any) -> dict[str, Any]:
    return {"id": raw} if isinstance(raw, str) else dict(raw)


def build_scenario(slow: bool, seed: int, setup: Mapping[str, Any]) -> State:
    extra = list(setup.get("cards", []))
    try:
        known = {**CATALOG, **parse_cards(extra)}
    except CardError as exc:
        raise BadScenario(str(exc)) from None
    players = setup.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise BadScenario("`players` must list exactly two players.")
    phase = setup.get("phase", "main")
    if phase not in PHASES:
        raise BadScenario(f"`phase` must be one of {', '.join(PHASES)}.")
    turn = int(setup.get("turn", 1))
    if setup.get("first", 0) not in (0, 1):
        raise BadScenario("`first` must be 0 or 1.")
    s = State(slow=slow, kinds=[], owner=[], zones=[], influence=[0, 0], rng=Rng(seed).state,
              extra=extra, turn=turn, active=int(setup.get("first", 0)), phase=phase)

    def add(p: int, raw: Any) -> int:
        spec = _spec(raw)
        if spec.get("id") not in known:
            raise BadScenario(f"Unknown card id `{spec.get('id')}`.")
        s.kinds.append(spec["id"])
        s.owner.append(p)
        return len(s.kinds) - 1

    for p, pl in enumerate(players):
        z: dict[str, list[int]] = {name: [] for name in PLAYER_ZONES}
        s.zones.append(z)
        lead_spec = _spec(pl.get("leader", "l_white"))
        lead = add(p, lead_spec)
        z["leader"].append(lead)
        s.perms[lead] = Perm("leader", exhausted=bool(lead_spec.get("exhausted", False)),
                             attacks=int(lead_spec.get("attacks", 0)))
        s.influence[p] = int(pl.get("influence", known[s.kinds[lead]].influence))
        if pl.get("leader_item"):
            item = add(p, pl["leader_item"])
            z["gear"].append(item)
            s.perms[item] = Perm("equipped", host=lead)
        for zone in ("hand", "deck", "grave"):
            z[zone] = [add(p, raw) for raw in pl.get(zone, [])]
        for raw in pl.get("under", []):
            uid = add(p, raw)
            z["under"].append(uid)
            s.perms[uid] = Perm("under")
        for raw in pl.get("auras", []):
            uid = add(p, raw)
            z["auras"].append(uid)
            s.perms[uid] = Perm("aura")
        energy = pl.get("energy", 0)
        for raw in (["energy"] * energy if isinstance(energy, int) else energy):
            spec = _spec(raw)
            uid = add(p, spec)
            z["energy"].append(uid)
            role = "potion" if known[spec["id"]].type == "potion" else "energy"
            s.perms[uid] = Perm(role, exhausted=bool(spec.get("exhausted", False)))
        for line in ("front", "back"):
            for raw in pl.get(line, []):
                _place(s, p, line, _spec(raw), add)
        if phase != "mulligan":
            s.mull = [-1, -1]
    # the state's start Influence is the leader's; a scenario override is logged as such
    for p in (0, 1):
        start = catalog(s)[s.kinds[s.zones[p]["leader"][0]]].influence
        if s.influence[p] != start:
            s.inf_log.append([p, s.influence[p] - start, "effect"])
    s.flags = {"moved": [False, False]}
    s.autopass = [pl.get("autopass") is True for pl in players]
    if phase == "mulligan":
        s.turn = turn - 1  # the turn after the mulligans is ``turn``
    return s


def _place(s: State, p: int, line: str, spec: dict[str, Any], add: Any) -> None:
    uid = add(p, spec)
    s.zones[p][line].append(uid)
    role = "planted" if spec.get("planted") else "dropped" if spec.get("dropped") else "creature"
    s.perms[uid] = Perm(role, exhausted=bool(spec.get("exhausted", False)),
                        damage=int(spec.get("damage", 0)),
                        entered=s.turn if spec.get("new") else s.turn - 1,
                        attacks=int(spec.get("attacks", 0)), blocks=int(spec.get("blocks", 0)))
    if spec.get("item"):
        item = add(p, spec["item"])
        s.zones[p]["gear"].append(item)
        s.perms[item] = Perm("equipped", host=uid)
