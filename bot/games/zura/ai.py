"""Zura AI players, deciding from the seat's view only (DESIGN §7).

``random`` is a fuzzer: a uniform choice at every decision, except that the main discard picks
a landscape at random and then, half of the time, all its cards. Purely uniform play almost
never discards five or six of a kind, so it would rarely reach peeks, steals and abilities and
would need some 300 turns to end a game.

``normal`` plays heuristics on its own view: it gathers one landscape, throwing away one or
two cards of the others, and discards a group as soon as it holds three; it flips cards it
knows match (its own peeks and cards shown earlier), avoids
pairing an Imp, steals the best top card, and keeps its best ability on top.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any

from bot.engine import ORDER, Action, Decision, Rng, View
from bot.games.zura.cards import CARDS, TzType
from bot.games.zura.rules import effects

LEVELS = ("random", "normal")

_ABILITY_RANK = {"steal5": 8, "peek4": 7, "hand7": 6, "discard2": 5, "extra12": 4, "swap": 3,
                 "restack": 2, "scry": 1}
_TYPES = {t.key: t for t in CARDS.types}
_LANDS = [land.key for land in CARDS.landscapes]
_COPIES = Counter(CARDS.types[t].key for t in CARDS.tz)


def choose(level: str, view: View, decision: Decision, rng: Rng) -> Action:
    if level == "normal":
        return Action(decision.id, _Normal(view, rng).choose(decision))
    return Action(decision.id, _random(view, decision, rng))


def _random(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
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

    def __init__(self, view: View, rng: Rng) -> None:
        self.v = view
        self.rng = rng
        self.me: int = view["viewer"]
        self.hand = Counter(c["landscape"] for c in view["hand"])
        mine = view["my_stack"] + view["this_turn"]["gained"]
        self.colours = Counter(c["landscape"] for c in mine if c["landscape"])
        top = view["stacks"][self.me]["top"]
        self.ability: str | None = top["ability"] if top else None
        self.slots: list[dict[str, Any]] = view["search"]["slots"]
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

    # --- valuing cards ------------------------------------------------------------------

    def worth(self, kind: TzType) -> float:
        """Points the card would add to this seat's collection."""
        if kind.points is not None:
            return float(kind.points)
        land = CARDS.landscapes[kind.landscape].key
        return float(self.v["players"] + self.colours[land] + 1)

    def flip_value(self, slot: dict[str, Any], land: str) -> float:
        """Expected points from flipping ``slot`` after discarding ``land``."""
        known = slot.get("seen")
        if known:
            return self._value_if(_TYPES[known["key"]], land)
        if land not in self.unknown:
            total = sum(self.pool.values()) or 1
            self.unknown[land] = sum(n * self._value_if(_TYPES[k], land)
                                     for k, n in self.pool.items()) / total
        return self.unknown[land]

    def _value_if(self, kind: TzType, land: str) -> float:
        """What turning up ``kind`` brings: a claim, an Imp pair (or a lone Imp), or nothing."""
        if kind.kind == "imp":
            return -4.0 if self.lone_imp else -0.5
        if kind.kind == "hermit" or (kind.landscape >= 0 and
                                     CARDS.landscapes[kind.landscape].key == land):
            return self.worth(kind)
        return 0.0

    def steal_value(self) -> float:
        tops = [st["top"] for st in self.v["stacks"] if st["seat"] != self.me and st["top"]]
        return max([self.worth(_TYPES[t["key"]]) + t["value"] / 2 for t in tops], default=0.0)

    def discard_value(self, land: str, n: int) -> float:
        peeks, flips, steals = effects(n, self.ability)
        down = sorted((self.flip_value(s, land) for s in self.slots if s["state"] == "down"),
                      reverse=True)
        value = sum(max(x, 0.0) for x in down[:flips]) + 0.6 * peeks
        return value + (self.steal_value() if steals else 0.0)

    # --- decisions ------------------------------------------------------------------------

    def choose(self, decision: Decision) -> tuple[str, ...]:
        keys = [o.key for o in decision.options]
        phase = self.v["phase"]
        if decision.kind == ORDER:
            return tuple(sorted(keys, key=lambda k: -self._top_rank(int(k))))
        pick = getattr(self, f"_{phase}")(decision, keys)
        return (pick,)

    def _top_rank(self, card: int) -> float:
        kind = CARDS.types[CARDS.tz[card]]
        return _ABILITY_RANK[kind.ability] - (5 if kind.kind == "imp" else 0)

    def _best_land(self) -> str:
        return max(_LANDS, key=lambda land: (self.hand[land], self.colours[land]))

    def _scry(self, decision: Decision, keys: list[str]) -> str:
        top = self.v["looking_at"]["landscape"]
        return "top" if top == self._best_land() else "bottom"

    def _draw(self, decision: Decision, keys: list[str]) -> str:
        top = self.v["discard"]["top"]["landscape"]
        return "take" if self.hand[top] and top == self._best_land() else "deck"

    def _act(self, decision: Decision, keys: list[str]) -> str:
        if "restack" in keys and self._restack_gain() > 0:
            return "restack"
        late = self.v["final_turns"] is not None or self.v["tz_deck"] <= 2
        best, best_value = "", -1.0
        for land, count in self.hand.items():
            value = self.discard_value(land, count)
            if (count >= 3 or late) and value > best_value:
                best, best_value = f"{land}:{count}", value
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
        below = [c for c in self.v["my_stack"][:-1]]
        if not below:
            return 0.0
        best = max(_ABILITY_RANK[c["ability"]] for c in below)
        return best - _ABILITY_RANK[self.ability or "restack"]

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
        land = self.v["this_turn"]["discarded"]["landscape"]
        by_name = {s["name"]: s for s in self.slots}
        return max(keys, key=lambda k: self.flip_value(by_name[k], land))

    def _steal(self, decision: Decision, keys: list[str]) -> str:
        stacks = self.v["stacks"]
        best, best_value = "none", 0.0
        for key in keys:
            if key == "none":
                continue
            top = stacks[int(key[1:])]["top"]
            value = self.worth(_TYPES[top["key"]]) + top["value"] / 2
            if value > best_value:
                best, best_value = key, value
        return best
