"""The open decisions of a Zura state: the one source of legal moves for menus, checks and AI.

Every menu stays within Discord's 25 options: discards are offered as "landscape × count"
(a hand holds at most 7 cards, so at most 7 such options), slots are at most 25 by the card
file's validation, restack lists card types (at most 25 besides the top one).
"""

from __future__ import annotations

from functools import cache, lru_cache

from bot.engine import ORDER, Decision, Option
from bot.games.zura.abilities import ABILITIES, effects, of_phase, on_top
from bot.games.zura.board import (
    SLOT_NAMES,
    face_down,
    land_groups,
    land_name,
    pick,
    stealable,
    tz_name,
    who,
    window,
)
from bot.games.zura.cards import CARDS
from bot.games.zura.state import ZState


def _effect_text(n: int, ability: str | None) -> str:
    peeks, flips, steals = effects(n, ability)
    parts = ([f"peek{' ×2' if peeks > 1 else ''}"] if peeks else []) + (
        [f"flip {flips}"] if flips else []) + (
        [f"steal{' ×2' if steals > 1 else ''}"] if steals else [])
    return f": {', '.join(parts)}" if parts else ""


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


_ACT_PROMPT = "Discard travel cards of one landscape."


@lru_cache(maxsize=4096)
def _discard_options(lands: tuple[int, ...], ability: str) -> tuple[Option, ...]:
    """"Landscape × count" options for a hand given by its landscapes, in hand order."""
    options = []
    for land, first, count in land_groups(lands):
        for n in range(1, count + 1):
            cards = f"card {first}" if n == 1 else f"cards {first}–{first + n - 1}"
            label = f"Discard {n} {land_name(land)} ({cards}){_effect_text(n, ability)}"
            options.append(Option(f"{CARDS.landscapes[land].key}:{n}", label, "discard"))
    return tuple(options)


@cache
def _draw_menu(land: int, again: bool) -> tuple[str, tuple[Option, ...]]:
    """The draw prompt and options when the discard pile shows ``land``."""
    top = land_name(land)
    first = "the next discard" if again else "the top discard"
    return (f"Draw: take {first} ({top}) or draw from the deck?",
            (Option("take", f"Take the {top} from the discard pile", "draw"),
             Option("deck", "Draw from the travel deck", "draw")))


_SLOT_OPTIONS = tuple(Option(name, name, "search") for name in SLOT_NAMES)
"""The option for each slot whose card the chooser does not know."""


@cache
def _seen_slot_option(slot: int, card: int) -> Option:
    """The option for a slot whose card the chooser knows."""
    name = SLOT_NAMES[slot]
    return Option(name, f"{name} (seen: {tz_name(card)})", "search")


def _slot_options(s: ZState) -> list[Option]:
    bit = 1 << s.turn
    slots, shown, peeked = s.slots, s.shown, s.peeked
    return [_seen_slot_option(i, slots[i]) if shown[i] or peeked[i] & bit
            else _SLOT_OPTIONS[i] for i in face_down(s)]


def pending(s: ZState) -> list[Decision]:
    phase, me = s.phase, s.turn
    if phase == "act":
        return [_act(s)]
    if phase == "draw":
        prompt, menu = _draw_menu(CARDS.travel[s.discard[-1]], s.taken > 0)
        return [pick(s, me, prompt, menu, "deck")]
    if phase in ("peek", "flip"):
        verb = "Peek at" if phase == "peek" else "Flip"
        left = s.peeks if phase == "peek" else s.flips
        return [pick(s, me, f"{verb} a face-down card ({left} left).", _slot_options(s))]
    if phase == "steal":
        options = [Option(f"p{p}", f"Take {tz_name(s.stacks[p][-1])} from {who(p)}", "steal")
                   for p in stealable(s)]
        options.append(Option("none", "Take nothing", "steal"))
        return [pick(s, me, "Steal the top card of an opponent's stack?", options, "none")]
    if phase == "order":
        claimed = tuple(Option(str(c), str(tz_name(c)), "claimed") for c in s.gained)
        return [Decision(f"{s.step}.order.{me}", me, ORDER,
                         "Order your new cards: the first one goes on top.", claimed,
                         default=tuple(o.key for o in claimed), window=window(s, me))]
    ability = of_phase(phase)
    return ability.pending(s) if ability is not None else []
