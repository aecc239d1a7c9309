"""The open decisions of a Zura state: the one source of legal moves for menus, checks and AI.

Every menu stays within Discord's 25 options: discards are offered as "landscape × count"
(a hand holds at most 7 cards, so at most 7 such options), slots are at most 25 by the card
file's validation, restack lists card types (at most 25 besides the top one).
"""

from __future__ import annotations

from functools import cache, lru_cache

from bot.engine import ORDER, Decision, Option
from bot.engine.names import seat_said
from bot.engine.said import Said, said, said_n
from bot.games.zura.abilities import ABILITIES, effects, of_phase, on_top
from bot.games.zura.board import (
    SLOT_NAMES,
    face_down,
    land_groups,
    land_name,
    pick,
    stealable,
    tz_name,
    window,
)
from bot.games.zura.cards import CARDS
from bot.games.zura.state import ZState


def _effects(n: int, ability: str | None) -> tuple[Said, ...]:
    """What a discard of ``n`` does beyond discarding: "peek ×2", "flip 3", "steal"."""
    peeks, flips, steals = effects(n, ability)
    return ((said("peek ×2") if peeks > 1 else said("peek"),) if peeks else ()) + (
        (said("flip {n}", n=flips),) if flips else ()) + (
        (said("steal ×2") if steals > 1 else said("steal"),) if steals else ())


KINDS = ("act", "draw", "peek", "flip", "steal", "order",
         *dict.fromkeys(a.phase for a in ABILITIES.values() if a.phase))
"""Every kind of decision: a turn's own steps, then each ability's step of its own."""


def kind(decision_id: str) -> str:
    """The kind of a decision: the phase its id names (``<step>.<phase>.<seat>``)."""
    return decision_id.split(".")[1]


_TRAVEL_LAND = CARDS.travel.__getitem__


def _act(s: ZState) -> Decision:
    top = on_top(s, s.turn)
    options = _discard_options(tuple(map(_TRAVEL_LAND, s.hands[s.turn])), top.key)
    more = top.act_options(s)
    return pick(s, s.turn, _ACT_PROMPT, [*options, *more] if more else options)


_ACT_PROMPT = said("Discard travel cards of one landscape.")


@lru_cache(maxsize=4096)
def _discard_options(lands: tuple[int, ...], ability: str) -> tuple[Option, ...]:
    """"Landscape × count" options for a hand given by its landscapes, in hand order."""
    options = []
    for land, first, count in land_groups(lands):
        for n in range(1, count + 1):
            cards = said("card {n}", n=first) if n == 1 else \
                said("cards {first}–{last}", first=first, last=first + n - 1)
            does = _effects(n, ability)
            label = said("Discard {n} {land} ({cards}): {effects}", n=n, land=land_name(land),
                         cards=cards, effects=does) if does else \
                said("Discard {n} {land} ({cards})", n=n, land=land_name(land), cards=cards)
            options.append(Option(f"{CARDS.landscapes[land].key}:{n}", label, "discard"))
    return tuple(options)


@cache
def _draw_menu(land: int, again: bool) -> tuple[Said, tuple[Option, ...]]:
    """The draw prompt and options when the discard pile shows ``land``."""
    top = land_name(land)
    prompt = said("Draw: take the next discard ({land}) or draw from the deck?", land=top) \
        if again else said("Draw: take the top discard ({land}) or draw from the deck?",
                           land=top)
    return (prompt,
            (Option("take", said("Take the {land} from the discard pile", land=top), "draw"),
             Option("deck", said("Draw from the travel deck"), "draw")))


_SLOT_OPTIONS = tuple(Option(name, Said(name), "search") for name in SLOT_NAMES)
"""The option for each slot whose card the chooser does not know."""


@cache
def _seen_slot_option(slot: int, card: int) -> Option:
    """The option for a slot whose card the chooser knows."""
    name = SLOT_NAMES[slot]
    return Option(name, said("{slot} (seen: {card})", slot=Said(name), card=tz_name(card)),
                  "search")


def _slot_options(s: ZState) -> list[Option]:
    bit = 1 << s.turn
    slots, shown, peeked = s.slots, s.shown, s.peeked
    return [_seen_slot_option(i, slots[i]) if shown[i] or peeked[i] & bit
            else _SLOT_OPTIONS[i] for i in face_down(s)]


_ORDER_PROMPT = said("Order your new cards: the first one goes on top.")


def pending(s: ZState) -> list[Decision]:
    phase, me = s.phase, s.turn
    if phase == "act":
        return [_act(s)]
    if phase == "draw":
        prompt, menu = _draw_menu(CARDS.travel[s.discard[-1]], s.taken > 0)
        return [pick(s, me, prompt, menu, "deck")]
    if phase in ("peek", "flip"):
        prompt = said_n("Peek at a face-down card ({n} left).",
                        "Peek at a face-down card ({n} left).", s.peeks) if phase == "peek" \
            else said_n("Flip a face-down card ({n} left).", "Flip a face-down card ({n} left).",
                        s.flips)
        return [pick(s, me, prompt, _slot_options(s))]
    if phase == "steal":
        options = [Option(f"p{p}", said("Take {card} from {player}",
                                        card=tz_name(s.stacks[p][-1]), player=seat_said(p)),
                          "steal")
                   for p in stealable(s)]
        options.append(Option("none", said("Take nothing"), "steal"))
        return [pick(s, me, said("Steal the top card of an opponent's stack?"), options,
                     "none")]
    if phase == "order":
        claimed = tuple(Option(str(c), tz_name(c), "claimed") for c in s.gained)
        return [Decision(f"{s.step}.order.{me}", me, ORDER, _ORDER_PROMPT, claimed,
                         default=tuple(o.key for o in claimed), window=window(s, me))]
    ability = of_phase(phase)
    return ability.pending(s) if ability is not None else []
