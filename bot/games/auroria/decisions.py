"""The open decisions: the one source of legal moves for menus, checks and the AIs.

``pending`` turns the state's prompt (or the mulligans, or the best-of-three break) into
``Decision`` objects; the engine's ``play`` checks an answer against those options before
``rules.answer`` applies it, so nothing here is checked twice. Playing a card or an Activate
effect is assembled piece by piece (line, item carrier, targets, Counter target, Bloom
payment): ``missing_piece`` names the next one and its possibilities.

Option keys: ``play:<uid>``, ``act:<uid>``, ``move:<uid>``, ``disc:<creature>:<item>``,
``ctr:<uid>`` (a Counter), ``atk:<uid>``, ``tgt:<uid>``, ``blk:<uid>``, plus plain words
(``battle``, ``end``, ``pass``, ``none``, ``skip``, ``back``, ``autopass``).
"""

from __future__ import annotations

from functools import lru_cache
from operator import attrgetter
from typing import Any

from bot.engine import KEEP, ORDER, PICK, Decision, Option
from bot.engine.said import Said, said, said_n
from bot.games.auroria import board, series
from bot.games.auroria.board import blocked_moves
from bot.games.auroria.cards import CardDef, Effect, Target
from bot.games.auroria.derived import (
    AURA_ZONES,
    can_pay,
    card,
    catalog,
    creatures,
    energy_available,
    has,
    item_on,
    keywords,
    leader,
    line_free,
    name_said,
    planted,
    power,
)
from bot.games.auroria.sentences import LINE_NAMES
from bot.games.auroria.setup import HAND
from bot.games.auroria.state import LINES, State

MAX_OPTIONS = 25
Build = dict[str, Any]
"""A play being assembled: ``a`` (play/act), ``uid``, ``p``, ``tg`` and the pieces chosen."""

option = lru_cache(maxsize=8192)(Option)
"""Options are immutable and the same few recur all game: share them (building one is
most of what a menu costs)."""

_CARD_OPTIONS = {"play": (said("Play {card} ({cost})"), "play"),
                 "ctr": (said("Counter with {card} ({cost})"), "counter"),
                 "act": (said("Activate {card}"), "activate"),
                 "en": (said("Place {card}"), "energy"),
                 "atk": (said("Attack with {card}"), "attack"),
                 "blk": (said("Block with {card}"), "block"),
                 "tgt": (None, "target"), "tg": (None, "target")}
"""A verb's label, filled in with ``card`` and ``cost`` (None: the card's name alone)."""


_DRAW = Option("draw", said("Draw a card"))
_SKIP_DRAW = Option("skip", said("Skip the draw"))
_NO_ENERGY = Option("skip", said("Place no Energy"))
_BATTLE = Option("battle", said("Go to battle"), "pass")
_END = Option("end", said("End the turn"), "pass")
_BACK = Option("back", said("Back"), "pass")
_BACK_TO_ATTACKERS = Option("back", said("Back"))
_NO_BLOCK = Option("none", said("Do not block"), "pass")
_PASS = Option("pass", said("Pass"), "pass")
_AUTOPASS = Option("autopass", said("Pass; stop offering mirrored turns"), "pass")
"""The fixed options (built once, not looked up in ``option``'s cache per menu)."""

_GROUPS = {"play": said("Play…"), "counter": said("Counter…"), "activate": said("Activate…"),
           "move": said("Move…"), "discover": said("Discover…"), "pass": said("Pass…")}
"""The entry that opens one group of a menu too long for one list."""
_LINES = {"front": said("Frontline"), "back": said("Backline")}
"""A line to put a creature in."""
_MOVES = {"": said("Move {card} to the {line}"),
          "free": said("Move {card} to the {line} (full: make room)"),
          "blocked": said("Move {card} to the {line} (full: cannot make room)")}
"""A manual move, by how full its line is."""
_CHAIN = {"summon": said("Summon: {card}"), "spell": said("Spell: {card}"),
          "aura": said("Aura Spell: {card}"), "item": said("Item: {card}"),
          "counter": said("Counter: {card}"), "activate": said("Activate: {card}"),
          "trigger": said("Triggered effect: {card}"), "attack": said("Attack: {card}"),
          "block": said("Block: {card}")}
"""A chain entry a Counter may negate, by its kind (``cards.COUNTERABLE``)."""
_TRIGGERS = {"on_play": said("{card} (on play)"), "on_death": said("{card} (on death)"),
             "discarded": said("{card} (discarded)"), "resolve": said("{card} (resolve)"),
             "activate": said("{card} (activate)"), "static": said("{card} (static)")}
"""A triggered effect to put in order, by its trigger."""



def card_option(s: State, verb: str, uid: int) -> Option:
    """The option ``<verb>:<uid>`` naming one card; fixed per deal, so built once a deal."""
    cache: dict[tuple[str, int], Option] | None = s.memo.get("options")
    if cache is None:
        cache = s.memo["options"] = {}
    found = cache.get((verb, uid))
    if found is None:
        label, group = _CARD_OPTIONS[verb]
        c = card(s, uid)
        words = Said(c.name) if label is None else label.with_values(card=Said(c.name),
                                                                     cost=c.cost)
        found = cache[verb, uid] = option(f"{verb}:{uid}", words, group)
    return found


def distinct_hand(s: State, p: int) -> list[int]:
    """One uid per distinct card in hand (identical copies are one menu entry). Asked
    several times a decision, also while a move is being made (the hand may still change
    in place): the last answer is kept with a copy of the hand it came from."""
    hand = s.zones[p]["hand"]
    last = s.memo.get(_DISTINCT[p])
    if last is not None and last[0] == hand:
        return last[1]  # type: ignore[no-any-return]
    seen: set[str] = set()
    out = []
    for uid in hand:
        if s.kinds[uid] not in seen:
            seen.add(s.kinds[uid])
            out.append(uid)
    s.memo[_DISTINCT[p]] = (hand.copy(), out)
    return out


_DISTINCT = ("distinct_hand0", "distinct_hand1")
"""``State.memo`` keys of ``distinct_hand``'s last answer per player."""


def energy_cards(s: State, p: int) -> list[int]:
    return [u for u in distinct_hand(s, p) if card(s, u).type == "energy"]


# ----- targets ------------------------------------------------------------------------------
def targets(s: State, p: int, spec: Target, chosen: list[int]) -> list[int]:
    """Cards an effect of ``p`` may aim at (Stealth only guards against attacks)."""
    sides = {"own": (p,), "enemy": (1 - p,), "any": (0, 1)}[spec.side]
    out: list[int] = []
    for side in sides:
        z = s.zones[side]
        if spec.kind == "creature":
            pool = creatures(s, side)
            if spec.state:
                want = spec.state == "exhausted"
                pool = [u for u in pool if s.perms[u].exhausted == want]
        elif spec.kind == "planted":
            pool = planted(s, side)
        elif spec.kind == "aura":
            pool = list(z["auras"])
        else:
            pool = [*z["gear"], *z["under"],
                    *[u for line in LINES for u in z[line] if s.perms[u].role == "dropped"]]
        out += [u for u in pool if u not in chosen]
    return out


def already_doomed(s: State, c: CardDef, eff: Effect) -> list[int]:
    """Ruling: the same destruction effect cannot aim at one card twice in a chain."""
    if not any(op["op"] == "destroy" for op in eff.ops):
        return []
    return [u for e in s.chain if s.kinds[e["uid"]] == c.id for u in e["tg"]]


def _targets_exist(s: State, p: int, c: CardDef, eff: Effect) -> bool:
    chosen: list[int] = already_doomed(s, c, eff)
    for spec in eff.targets:
        found = targets(s, p, spec, chosen)
        if not found:
            return False
        chosen.append(found[0])
    return True


# ----- playing cards ------------------------------------------------------------------------
def can_carry(s: State, p: int, host: int) -> bool:
    """A creature of ``p`` (not Planted) or ``p``'s leader, without an item already."""
    if host == leader(s, p):
        return item_on(s, host) is None
    perm = s.perms.get(host)
    return (perm is not None and perm.role == "creature" and s.line_of(host) is not None
            and s.line_of(host)[0] == p and item_on(s, host) is None)  # type: ignore[index]


def hosts(s: State, p: int, c: CardDef) -> list[int]:
    pool = []
    if c.equip in ("creature", "any"):
        pool += creatures(s, p)
    if c.equip in ("leader", "any"):
        pool.append(leader(s, p))
    return [h for h in pool if can_carry(s, p, h)]


def playable(s: State, p: int, c: CardDef, window: bool, energy: int) -> bool:
    """Whether ``p`` may play ``c`` now; ``energy``: what ``p`` can pay with Energy and
    Potions (``energy_available``, the same for every card of a menu)."""
    if c.type in ("leader", "energy"):
        return False
    if c.type == "counter":
        return window and bool(counter_targets(s, p, c)) and can_pay(s, p, c, energy)
    if not can_pay(s, p, c, energy):
        return False
    if c.type == "creature":
        return bool(line_free(s, p, "front") or line_free(s, p, "back"))
    if c.type == "aura":
        return len(s.zones[p]["auras"]) < AURA_ZONES
    if c.type == "item":
        return c.equip == "under" or bool(hosts(s, p, c))
    if c.type == "spell":
        eff = c.effect("resolve")
        return eff is None or _targets_exist(s, p, c, eff)
    return True  # potion


def counter_targets(s: State, p: int, c: CardDef) -> list[dict[str, Any]]:
    """Chain entries of the opponent that this Counter can negate."""
    return [e for e in s.chain if e["p"] != p and not e["neg"] and e["kind"] in c.counters]


def activatable(s: State, p: int, energy: int) -> list[int]:
    """Unused Activate effects of ready creatures and of Aura Spells (the codex keeps only
    non-activated abilities for exhausted creatures) that ``energy`` pays for."""
    out = []
    for uid in (*creatures(s, p), *s.zones[p]["auras"]):
        c = card(s, uid)
        eff = c.effect("activate")
        perm = s.perms[uid]
        if (eff is not None and not perm.used and not perm.exhausted
                and energy >= eff.cost and _targets_exist(s, p, c, eff)):
            out.append(uid)
    return out


def movable(s: State, p: int) -> list[tuple[int, str]]:
    """(creature, its line) for a manual move: one creature per player per turn. Into a full
    line it is still legal: the mover then destroys cards there to make room (the codex's
    full-line rule); when too few can be destroyed, choosing it only says why and keeps the
    move unused."""
    if s.flags.get("moved", [False, False])[p]:
        return []
    perms = s.perms
    return [(u, line) for line in LINES for u in s.zones[p][line]
            if perms[u].role == "creature"]


def discoveries(s: State, p: int) -> list[tuple[int, int]]:
    """(creature, dropped item) pairs in the same line; only the item's owner may Discover."""
    out = []
    for line in LINES:
        cards = s.zones[p][line]
        items = [u for u in cards if s.perms[u].role == "dropped" and s.owner[u] == p]
        if not items:
            continue
        for cr in cards:
            if s.perms[cr].role == "creature" and item_on(s, cr) is None:
                out += [(cr, it) for it in items]
    return out


def main_actions(s: State, p: int, window: bool) -> list[Option]:
    out = []
    energy = energy_available(s, p)
    for uid in distinct_hand(s, p):
        c = card(s, uid)
        if c.type != "counter" and playable(s, p, c, window, energy):
            out.append(card_option(s, "play", uid))
    for uid in activatable(s, p, energy):  # loops, not comprehensions: mostly empty
        out.append(card_option(s, "act", uid))
    for uid, line in movable(s, p):
        dest = "back" if line == "front" else "front"
        full = "" if line_free(s, p, dest) else (
            "blocked" if blocked_moves(s, [uid]) else "free")
        out.append(_move_option(s, uid, dest, full))
    for cr, it in discoveries(s, p):
        out.append(option(f"disc:{cr}:{it}", said(
            "{creature} picks up {item}", creature=name_said(s, cr), item=name_said(s, it)),
            "discover"))
    return out


def _move_option(s: State, uid: int, dest: str, full: str) -> Option:
    """The option ``move:<uid>`` to ``dest``, ``full`` saying how full it is (``_MOVES``): fixed per
    deal for each of these, so built once a deal (like ``card_option``)."""
    cache: dict[tuple[int, str, str], Option] | None = s.memo.get("moves")
    if cache is None:
        cache = s.memo["moves"] = {}
    found = cache.get((uid, dest, full))
    if found is None:
        words = _MOVES[full].with_values(card=name_said(s, uid), line=LINE_NAMES[dest])
        found = cache[uid, dest, full] = option(f"move:{uid}", words, "move")
    return found


def counters_in_hand(s: State, p: int) -> list[Option]:
    out = []
    energy = energy_available(s, p)
    for uid in distinct_hand(s, p):
        c = card(s, uid)
        if c.type == "counter" and playable(s, p, c, True, energy):
            out.append(card_option(s, "ctr", uid))
    return out


def window_options(s: State, prompt: dict[str, Any]) -> list[Option]:
    """A response window: Counters, and in a mirrored window a matching Main Phase action."""
    p = prompt["p"]
    out = counters_in_hand(s, p)
    if prompt.get("mirror") and not s.autopass[p]:
        mirrored = main_actions(s, p, True)
        if mirrored:
            out += [*mirrored, _AUTOPASS]
    return [*out, _PASS]


def menu(options: list[Option], tail: list[Option]) -> list[Option]:
    """Keep a decision within the UI limit: too many options fold into one entry per group."""
    if len(options) + len(tail) <= MAX_OPTIONS:
        return options + tail
    groups: list[str] = []
    for o in options:
        if o.group not in groups:
            groups.append(o.group)
    return [option(f"menu:{g}", _GROUPS[g], "menu") for g in groups] + tail


# ----- combat -------------------------------------------------------------------------------
def attackers(s: State, p: int) -> list[int]:
    """Ready creatures that may attack now, and the leader once per turn."""
    out = []
    for line in LINES:
        for uid in s.zones[p][line]:
            perm = s.perms[uid]
            if perm.role != "creature" or perm.exhausted:
                continue
            kws = keywords(s, uid)
            limit = 2 if "Dual Attack" in kws else 1
            if (perm.attacks < limit and power(s, uid, (p, line)) > 0
                    and (line == "front" or "Ranger" in kws)
                    and (perm.entered < s.turn or "Quickness" in kws)):
                out.append(uid)
    lead = leader(s, p)
    if s.perms[lead].attacks == 0 and power(s, lead) > 0:
        out.append(lead)
    return out


def attack_targets(s: State, attacker: int) -> list[int]:
    """The opposing leader, or an exhausted enemy creature Stealth does not hide."""
    p = s.active
    stealthy = has(s, attacker, "Stealth")
    out = [leader(s, 1 - p)]
    for uid in creatures(s, 1 - p):
        if s.perms[uid].exhausted and (stealthy or not has(s, uid, "Stealth")):
            out.append(uid)
    return out


def blockers(s: State) -> list[int]:
    """Legal blockers for the current attack (see the codex's blocking rules)."""
    c = s.combat
    assert c is not None
    att, tgt = c["a"], c["t"]
    defender = 1 - s.active
    on_leader = tgt == leader(s, defender)
    stealthy = has(s, att, "Stealth")
    out = []
    for uid in creatures(s, defender):
        perm = s.perms[uid]
        structure = has(s, uid, "Structure")
        if uid == tgt:
            continue
        if perm.exhausted and not structure:
            continue
        if perm.blocks and not structure:
            continue
        if stealthy and not has(s, uid, "Stealth"):
            continue
        if not on_leader and not has(s, uid, "Defender"):
            continue
        out.append(uid)
    return out


# ----- the card/activate builder ------------------------------------------------------------
def missing_piece(s: State, b: Build) -> tuple[str, list[Option]] | None:
    """The next missing piece of a play and its possibilities, or None when complete."""
    p, uid = b["p"], b["uid"]
    c = card(s, uid)
    if b["a"] == "play":
        if c.type == "creature" and b.get("line") is None:
            return "line", [option(f"line:{ln}", _LINES[ln], "line")
                            for ln in LINES if line_free(s, p, ln)]
        if c.type == "item" and c.equip != "under" and b.get("host") is None:
            return "host", [option(f"host:{h}", name_said(s, h), "host")
                            for h in hosts(s, p, c)]
        if c.type == "counter" and b.get("ctr") is None:
            return "ctr", [option(f"ent:{e['id']}",
                                  _CHAIN[e["kind"]].with_values(card=name_said(s, e["uid"])),
                                  "chain") for e in counter_targets(s, p, c)]
    eff = c.effect("activate") if b["a"] == "act" else (
        c.effect("resolve") if c.type == "spell" else None)
    if eff is not None and len(b["tg"]) < len(eff.targets):
        spec = eff.targets[len(b["tg"])]
        taken = b["tg"] + already_doomed(s, c, eff)
        return "tg", [card_option(s, "tg", u) for u in targets(s, p, spec, taken)]
    if b["a"] == "play" and "Bloom" in c.keywords and b.get("bloom") is None:
        lo = max(0, c.cost - energy_available(s, p))
        hi = min(c.cost, len(planted(s, p)))
        return "bloom", [option(f"bloom:{k}", said_n("Use {n} Planted card",
                                                     "Use {n} Planted cards", k), "bloom")
                         for k in range(lo, hi + 1)]
    if b.get("potions") is None:
        due = (eff.cost if b["a"] == "act" and eff is not None else c.cost) - (
            b.get("bloom") or 0)
        return "pay", [option(f"pay:{k}", _pay_label(due - k, k), "pay")
                       for k in board.potion_choices(s, p, due)]
    return None


def _pay_label(energy: int, potions: int) -> Said:
    if not potions:
        return said("Pay with {energy} Energy (keep your Potions)", energy=energy) if energy \
            else said("Pay with nothing (keep your Potions)")
    if not energy:
        return said_n("Pay with {n} Potion", "Pay with {n} Potions", potions)
    return said_n("Pay with {energy} Energy and {n} Potion",
                  "Pay with {energy} Energy and {n} Potions", potions, energy=energy)


# ----- options per prompt -------------------------------------------------------------------
def offer(s: State, prompt: dict[str, Any], found: Any) -> None:
    """Open ``prompt`` with what deciding to open it computed (a window's options, a build's
    missing piece): nothing changes the board between that and asking for its decision."""
    s.prompt = prompt
    s.offered = (prompt, found)


def _window(s: State, prompt: dict[str, Any]) -> list[Option]:
    if s.offered is not None and s.offered[0] is prompt:
        return s.offered[1]  # type: ignore[no-any-return]
    return window_options(s, prompt)


def _missing(s: State, prompt: dict[str, Any]) -> tuple[str, list[Option]] | None:
    if s.offered is not None and s.offered[0] is prompt:
        return s.offered[1]  # type: ignore[no-any-return]
    return missing_piece(s, prompt["b"])


def options(s: State, prompt: dict[str, Any]) -> list[Option]:
    k, p = prompt["k"], prompt["p"]
    if k == "draw":
        return [_DRAW, _SKIP_DRAW]
    if k == "energy":
        return [*[card_option(s, "en", u) for u in energy_cards(s, p)],
                _NO_ENERGY]
    if k == "main":
        return menu(main_actions(s, p, False), [_BATTLE])
    if k == "menu":
        inner = [o for o in _origin_options(s, prompt["origin"]) if o.group == prompt["group"]]
        return [*inner[:MAX_OPTIONS - 1], _BACK]
    if k == "window":
        opts = _window(s, prompt)
        return menu(opts[:-1], [opts[-1]])
    if k == "build":
        need = _missing(s, prompt)
        assert need is not None
        return [*need[1][:MAX_OPTIONS - 1], _BACK]
    if k == "battle":
        return [*[card_option(s, "atk", u) for u in attackers(s, p)],
                _END]
    if k == "target":
        return [*[card_option(s, "tgt", u) for u in attack_targets(s, prompt["att"])],
                _BACK_TO_ATTACKERS]
    if k == "block":
        return [*[card_option(s, "blk", u) for u in blockers(s)],
                _NO_BLOCK]
    if k == "order":
        return [option(str(i), _TRIGGERS[t["tr"]].with_values(card=name_said(s, t["uid"])))
                for i, t in enumerate(s.trig)]
    if k == "ttarget":
        t = s.trig[-1]
        eff = card(s, t["uid"]).effect(t["tr"])
        assert eff is not None
        chosen = t.get("tg", [])
        return [card_option(s, "tg", u) for u in targets(s, t["p"], eff.targets[len(chosen)],
                                                         chosen)]
    if k == "op":
        return [option(key, Said.from_json(label)) for key, label in prompt["opts"]]
    raise AssertionError(f"unknown prompt {k}")


def _origin_options(s: State, origin: dict[str, Any]) -> list[Option]:
    if origin["k"] == "main":
        return main_actions(s, origin["p"], False)
    return window_options(s, origin)


CHOOSE = said("Choose.")
PROMPT_TEXTS = {
    "draw": said("Draw Phase."),
    "energy": said("Energy Phase: place one Energy card?"),
    "main": said("Main Phase: choose an action."),
    "menu": CHOOSE,
    "window": said("You may respond."),
    "battle": said("Battle Phase: attack or end the turn."),
    "target": said("Choose the attack's target."),
    "block": said("Block this attack?"),
    "order": said("Order the triggered effects (first resolves first)."),
    "ttarget": said("Choose a target for the triggered effect."),
}
MIRROR_TEXTS = {"draw": said("Your opponent drew: draw too?"),
                "energy": said("Your opponent placed Energy: place one too?")}
BUILD_TEXTS = {"line": said("Which line?"), "host": said("Equip to whom?"),
               "ctr": said("Counter what?"), "tg": said("Choose a target."),
               "bloom": said("Pay how much with Planted cards?"),
               "pay": said("Pay with Energy or Potions?")}


def prompt_text(s: State, prompt: dict[str, Any]) -> Said:
    k = prompt["k"]
    if k == "op":
        return Said.from_json(prompt["what"])
    if k == "build":
        need = _missing(s, prompt)
        return BUILD_TEXTS.get(need[0] if need else "", CHOOSE)
    if prompt.get("mirror") and k in MIRROR_TEXTS:
        return MIRROR_TEXTS[k]
    return PROMPT_TEXTS[k]


# ----- kinds ----------------------------------------------------------------------------------
_SAME_KIND = {"menu": "main"}
"""A Main Phase menu too long for one list is split into groups: still the Main Phase's choice."""
KINDS = tuple(dict.fromkeys(_SAME_KIND.get(k, k) for k in ("mulligan", *PROMPT_TEXTS, "build",
                                                           "op")))
"""Every kind of decision in one game (a best-of-three break's are ``series``'s own)."""


def kind(decision_id: str) -> str:
    """The kind of a decision: its prompt's, which its id names (``<step>.<kind>``)."""
    if decision_id.startswith("mul"):
        return "mulligan"
    k = decision_id.partition(".")[2]
    return _SAME_KIND.get(k, k)


# ----- decisions ----------------------------------------------------------------------------
def pending(state: State) -> list[Decision]:
    """The open decisions: the prompt's, both mulligans, or a best-of-three break's."""
    if state.winners is not None:
        return [] if state.series is None else series.pending(state.series, catalog(state))
    if state.phase == "mulligan":
        return [_mulligan_decision(state, p) for p in (0, 1) if state.mull[p] >= 0]
    prompt = state.prompt
    if prompt is None:
        return []
    k, p = prompt["k"], prompt["p"]
    opts = tuple(options(state, prompt))
    if k == "order":
        lo, hi, kind, default = 1, 1, ORDER, tuple(o.key for o in opts)
    else:
        lo, hi = (int(prompt["min"]), int(prompt["max"])) if k == "op" else (1, 1)
        kind, default = PICK, _safe_default(opts, lo)
    # The active player's whole turn is one window, the opponent's responses another.
    window = f"{state.turn}.turn" if p == state.active else f"{state.turn}.response"
    return [_new(Decision, (f"{state.step}.{k}", p, kind, prompt_text(state, prompt), opts, lo,
                            hi, default, window, True))]


_new = tuple.__new__
"""Builds a ``Decision`` as the tuple itself (every field given): the named tuple's
``__new__`` is a Python function, and a decision is built every move."""


def _mulligan_decision(s: State, p: int) -> Decision:
    hand = s.zones[p]["hand"]
    m = s.mull[p]
    text = (said("Mercy mulligan: pick the cards to keep; the rest go back and you draw to 7.")
            if m == 0 else said("Mulligan again? Keep at most {n} (or all).", n=HAND - m))
    opts = tuple([option(str(u), name_said(s, u), "hand") for u in hand])
    game = f"g{len(s.series['games'])}." if s.series is not None else ""
    return Decision(f"mul{game}{p}.{m}", p, KEEP, text, opts, 0, len(hand),
                    tuple(o.key for o in opts), f"{game}mulligan")


def _safe_default(opts: tuple[Option, ...], lo: int) -> tuple[str, ...]:
    """A harmless answer for an absent player: pass/skip/no block when offered; when paying,
    the offered default (Energy first, Potions kept: house rules, paying)."""
    if opts and opts[0].key.startswith("pay:"):
        return (opts[0].key,)
    safe = _SAFE.keys() & map(_KEY, opts)
    if safe:
        return (min(safe, key=_SAFE.__getitem__),)
    return tuple(o.key for o in opts[:max(lo, 1)])


_SAFE_KEYS = ("pass", "none", "back", "draw", "skip", "battle", "end")
"""Harmless answers, the first offered one is the default."""
_SAFE = {key: rank for rank, key in enumerate(_SAFE_KEYS)}
_KEY = attrgetter("key")
