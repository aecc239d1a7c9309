"""Zura AI players, deciding from the seat's view only (DESIGN §7).

``random`` is a fuzzer: a uniform choice at every decision, except that the main discard picks
a landscape at random and then, half of the time, all its cards. Purely uniform play almost
never discards five or six of a kind, so it would rarely reach peeks, steals and abilities and
would need some 300 turns to end a game.

``normal`` plays heuristics on its own view: it gathers one landscape, throwing away one or
two cards of the others, and discards a group when the flips it forces are worth it. A flip
is valued by what it would claim, Imps counting against: with a lone Imp face up, an unknown
card risks the pair, weighed well beyond its 4 points, so it flips cards it knows (its peeks,
cards shown earlier), keeps its cards when every forced flip looks bad, and never flips a
known Imp it can avoid; that caution fades in a game that drags on, so games end. Cards
are also valued by what they are worth to the leading opponent (denial): it claims and steals
the cards that feed an opponent's colour (above all the variable card of that colour), never
takes an Imp, and keeps its best ability on top (each ability's ``rank``, in its handler).

Steps of abilities it knows nothing special about are answered with the decision's
default, so a new ability needs nothing here.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from functools import cached_property

from bot.engine import ORDER, Action, Decision, Rng
from bot.games.zura.abilities import effects, handler
from bot.games.zura.cards import CARDS, TzType
from bot.games.zura.view import Slot, ZView

LEVELS = ("random", "normal")

_TYPES = {t.key: t for t in CARDS.types}
_LANDS = [land.key for land in CARDS.landscapes]
_COPIES = Counter(CARDS.types[t].key for t in CARDS.tz)


def choose(level: str, view: ZView, decision: Decision, rng: Rng) -> Action:
    if level == "normal":
        return Action(decision.id, _Normal(view, rng).choose(decision))
    return Action(decision.id, random_choice(decision, rng))


def random_choice(decision: Decision, rng: Rng) -> tuple[str, ...]:
    """The ``random`` level's answer: it reads no view."""
    options = decision.options
    if decision.kind == ORDER:
        keys = [o.key for o in options]
        rng.shuffle(keys)
        return tuple(keys)
    # Only the main decision offers discards, and it lists them first.
    if options[0].group == "discard" and rng.randrange(2):
        discards = [o.key for o in options if o.group == "discard"]
        land = rng.choice(discards).split(":")[0]
        return ([k for k in discards if k.startswith(land + ":")][-1],)
    return (rng.choice(options).key,)


class _Normal:
    """One decision's worth of reasoning over a view."""

    def __init__(self, view: ZView, rng: Rng) -> None:
        self.v = view
        self.rng = rng
        assert view["viewer"] is not None, "an AI plays a seat"
        self.me = view["viewer"]
        self.players = view["players"]
        self.hand = Counter(c["landscape"] for c in view["hand"] or [])
        mine = (view["my_stack"] or []) + view["this_turn"]["gained"]
        self.colours = Counter(c["landscape"] for c in mine if c["landscape"])
        self.elders = {c["landscape"] for c in mine if c["points"] == "X"}
        top = view["stacks"][self.me]["top"]
        self.ability: str | None = top["ability"] if top else None
        self.slots = view["search"]["slots"]
        self.lone_imp = any(s["lone_imp"] for s in self.slots)
        self.mine = mine
        self.unknown: dict[str, float] = {}

    @cached_property
    def pool(self) -> Counter[str]:
        """Card types this seat has not located: they may lie face down or in the pile."""
        pool = Counter(_COPIES)
        seen = [c["key"] for c in self.mine]
        seen += [s["card"]["key"] for s in self.slots if "card" in s]
        seen += [s["seen"]["key"] for s in self.slots if "seen" in s]
        seen += [st["top"]["key"] for st in self.v["stacks"]
                 if st["top"] and st["seat"] != self.me]
        pool.subtract(seen)
        return +pool

    @cached_property
    def patience(self) -> float:
        """0 in a game of usual length, rising to 1 in one that drags on: when every seat
        avoids the Imps nobody searches, so caution fades as the steps pile up."""
        step = self.v["step"]
        return min(1.0, max(0.0, (step - _PATIENT_STEPS) / _PATIENT_STEPS))

    @cached_property
    def imp_pair(self) -> float:
        """Worth of flipping the second Imp: the pair costs 4 points, and every pair ends
        with someone, so flipping it also spares the opponents; weighted so that a known
        safe flip is preferred, down to the bare points as patience runs out."""
        return _IMP_PAIR + (-4.0 - _IMP_PAIR) * self.patience

    @cached_property
    def rivals(self) -> list[tuple[int, float]]:
        """Opponents with the weight their gains carry for this seat: the leader counts in
        full, the others half (in a two-player game the one opponent counts in full)."""
        scores = self.v["scores"]
        others = [p for p in range(self.players) if p != self.me]
        best = max(scores[p] for p in others)
        return [(p, 1.0 if scores[p] == best else 0.5) for p in others]

    # --- valuing cards ------------------------------------------------------------------

    def worth(self, kind: TzType) -> float:
        """Points the card would add to this seat's collection (an elder of its colour held
        here counts it once more)."""
        if kind.kind == "imp":
            return -2.0
        if kind.landscape < 0:
            return float(kind.points or 0)
        land = CARDS.landscapes[kind.landscape].key
        if kind.points is None:
            return float(self.players + self.colours[land] + 1)
        return kind.points + (land in self.elders)

    def rival_worth(self, kind: TzType, seat: int) -> float:
        """What ``kind`` is likely worth to ``seat``, judged from its visible top card: the
        opponent is taken to collect the colour on top, about a third of its stack."""
        if kind.points is not None or kind.landscape < 0:
            return float(kind.points or 0)
        stack = self.v["stacks"][seat]
        top = stack["top"]
        land = CARDS.landscapes[kind.landscape].key
        same: float = stack["size"] / len(_LANDS) + (top is not None and top["landscape"] == land)
        if top is not None and top["points"] == "X" and top["landscape"] == land:
            same = top["value"] - self.players  # the elder on top tells its colour count
        return self.players + same + 1

    def denial(self, kind: TzType) -> float:
        """What taking ``kind`` out of reach keeps from the opponents, weighted."""
        if kind.kind == "imp":
            return 0.0
        return max(w * self.rival_worth(kind, p) for p, w in self.rivals) * _DENY

    def flip_value(self, slot: Slot, land: str) -> float:
        """Expected points from flipping ``slot`` after discarding ``land``."""
        known = slot.get("seen")
        if known:
            kind = _TYPES[known["key"]]
            value = self._value_if(kind, land)
            if value > 0:
                return value + self.denial(kind)
            if not slot["public"]:  # flipping shows everyone a card only this seat knew
                return value - self.denial(kind)
            return value
        if land not in self.unknown:
            total = sum(self.pool.values()) or 1
            self.unknown[land] = sum(n * self._value_if(_TYPES[k], land)
                                     for k, n in self.pool.items()) / total
        return self.unknown[land]

    def _value_if(self, kind: TzType, land: str) -> float:
        """What turning up ``kind`` brings: a claim, an Imp pair (or a lone Imp), or nothing."""
        if kind.kind == "imp":
            return self.imp_pair if self.lone_imp else _IMP_LONE
        if kind.kind == "hermit" or (kind.landscape >= 0 and
                                     CARDS.landscapes[kind.landscape].key == land):
            return self.worth(kind)
        return 0.0

    def take_value(self, seat: int) -> float:
        """Taking ``seat``'s top card: what it adds here plus what the owner loses."""
        top = self.v["stacks"][seat]["top"]
        if top is None:
            return 0.0
        weight = dict(self.rivals)[seat]
        return self.worth(_TYPES[top["key"]]) + weight * float(top["value"])

    def steal_value(self) -> float:
        return max([self.take_value(st["seat"]) for st in self.v["stacks"]
                    if st["seat"] != self.me and st["top"]] + [0.0])

    def discard_value(self, land: str, n: int) -> float:
        """Expected gain of discarding ``n`` of ``land``: every flip it owes must be made, so
        the best slots count even when they are bad; a steal may be declined."""
        peeks, flips, steals = effects(n, self.ability)
        down = sorted((self.flip_value(s, land) for s in self.slots if s["state"] == "down"),
                      reverse=True)
        value = sum(down[:flips]) + _PEEK * peeks
        return value + (self.steal_value() if steals else 0.0)

    # --- decisions ------------------------------------------------------------------------

    def choose(self, decision: Decision) -> tuple[str, ...]:
        keys = [o.key for o in decision.options]
        phase = self.v["phase"]
        if decision.kind == ORDER:
            return tuple(sorted(keys, key=lambda k: -self._top_rank(int(k))))
        step: Callable[[Decision, list[str]], str] | None = getattr(self, f"_{phase}", None)
        return (step(decision, keys) if step is not None else (decision.default or keys)[0],)

    def _top_rank(self, card: int) -> float:
        kind = CARDS.types[CARDS.tz[card]]
        return handler(kind.ability).rank - (5 if kind.kind == "imp" else 0)

    def _best_land(self) -> str:
        return max(_LANDS, key=lambda land: (self.hand[land], self.colours[land]))

    def _scry(self, decision: Decision, keys: list[str]) -> str:
        top = self.v["looking_at"]
        return "top" if top is not None and top["landscape"] == self._best_land() else "bottom"

    def _draw(self, decision: Decision, keys: list[str]) -> str:
        top = self.v["discard"]["top"]
        land = top["landscape"] if top is not None else ""
        return "take" if self.hand[land] and land == self._best_land() else "deck"

    def _act(self, decision: Decision, keys: list[str]) -> str:
        if "restack" in keys and self._restack_gain() > 0:
            return "restack"
        late = self.v["final_turns"] is not None or self.v["tz_deck"] <= 2
        # A search must promise something; on the last turns any gain will do, and in a
        # game that has dragged on any search at all (someone has to move the game on).
        best, best_value = "", (-math.inf if self.patience == 1.0 else 0.0 if late
                                else _SEARCH_AT_LEAST * (1.0 - self.patience))
        for key in keys:
            land, _, count = key.partition(":")
            n = int(count or 0)
            if n >= 3 and (n == self.hand[land] or late):
                value = self.discard_value(land, n)
                if value > best_value:
                    best, best_value = key, value
        return best or self._cycle()

    def _cycle(self) -> str:
        """Throw away the weakest landscape (one or two cards) to gather the strongest."""
        keep = self._best_land()
        weak = sorted((land for land in self.hand if land != keep), key=lambda x: self.hand[x])
        if not weak:
            return f"{keep}:1"
        land = weak[0]
        return f"{land}:{min(2, self.hand[land])}"

    def _restack_gain(self) -> float:
        below = (self.v["my_stack"] or [])[:-1]
        if not below:
            return 0.0
        best = max(handler(c["ability"]).rank for c in below)
        return best - handler(self.ability).rank

    def _restack(self, decision: Decision, keys: list[str]) -> str:
        return max(keys, key=lambda k: self._top_rank(int(k)))

    def _extra(self, decision: Decision, keys: list[str]) -> str:
        keep = self._best_land()
        others = [k for k in keys if k not in ("none", keep)]
        return min(others, key=lambda k: self.hand[k]) if others else "none"

    def _swap(self, decision: Decision, keys: list[str]) -> str:
        keep = self._best_land()
        return min(keys, key=lambda k: (k == keep, self.hand[k]))

    def _peek(self, decision: Decision, keys: list[str]) -> str:
        unknown = [s["name"] for s in self.slots if s["state"] == "down" and "seen" not in s]
        return self.rng.choice(unknown) if unknown else keys[0]

    def _flip(self, decision: Decision, keys: list[str]) -> str:
        done = self.v["this_turn"]["discarded"]
        land = done["landscape"] if done is not None else ""
        by_name = {s["name"]: s for s in self.slots}
        return max(keys, key=lambda k: self.flip_value(by_name[k], land))

    def _steal(self, decision: Decision, keys: list[str]) -> str:
        best, best_value = "none", 0.0
        for key in keys:
            if key != "none" and (value := self.take_value(int(key[1:]))) > best_value:
                best, best_value = key, value
        return best


_DENY = 0.5
"""Share of a card's worth to an opponent that keeping it from them is worth here (they may
never have claimed it)."""
_PEEK = 0.6
"""Worth of a peek: it turns a blind flip into a chosen one."""
_SEARCH_AT_LEAST = 0.5
"""Expected gain a search must promise before a group is spent on it."""
_IMP_PAIR = -16.0
"""See ``_Normal.imp_pair``."""
_PATIENT_STEPS = 300
"""Steps after which caution starts to fade (games between normal players last about 200),
and over which it fades out."""
_IMP_LONE = -1.0
"""Flipping a first Imp: no points yet, but a trap for every later flip, this seat's too."""
