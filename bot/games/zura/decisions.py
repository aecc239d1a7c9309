"""The open decisions of a Zura state: the one source of legal moves for menus, checks and AI.

Every menu stays within Discord's 25 options: discards are offered as "landscape × count"
(a hand holds at most 7 cards, so at most 7 such options), slots are at most 25 by the card
file's validation, restack lists card types (at most 25 besides the top one).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from bot.engine import ORDER, PICK, Decision, Option
from bot.games.zura.cards import CARDS
from bot.games.zura.rules import (
    SLOT_NAMES,
    effects,
    face_down,
    land_name,
    stealable,
    top_ability,
    tz_name,
    who,
)
from bot.games.zura.scoring import card_value, colour_counts
from bot.games.zura.state import ZState


def _window(s: ZState, player: int) -> str:
    """A whole turn is one window for the seat playing it; a trade partner's answer is one
    window of its own."""
    return f"{s.turns}" if player == s.turn else f"{s.turns}.trade"


def _pick(s: ZState, player: int, prompt: str, options: Sequence[Option],
          default: str | None = None) -> Decision:
    chosen = default if default is not None else options[0].key
    return Decision(f"{s.step}.{s.phase}.{player}", player, PICK, prompt, tuple(options),
                    default=(chosen,), window=_window(s, player))


def _effect_text(n: int, ability: str | None) -> str:
    peeks, flips, steals = effects(n, ability)
    parts = ([f"peek{' ×2' if peeks > 1 else ''}"] if peeks else []) + (
        [f"flip {flips}"] if flips else []) + (
        [f"steal{' ×2' if steals > 1 else ''}"] if steals else [])
    return f": {', '.join(parts)}" if parts else ""


def _hand_groups(hand: tuple[int, ...]) -> list[tuple[int, int, int]]:
    return _land_groups(tuple(CARDS.travel[c] for c in hand))


def _land_groups(lands: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """(landscape, first card number, count) for each landscape in the hand, in hand order."""
    groups: list[tuple[int, int, int]] = []
    for number, land in enumerate(lands, start=1):
        if groups and groups[-1][0] == land:
            groups[-1] = (land, groups[-1][1], groups[-1][2] + 1)
        else:
            groups.append((land, number, 1))
    return groups


_TRAVEL_LAND = CARDS.travel.__getitem__


def _act(s: ZState) -> Decision:
    ability = top_ability(s, s.turn)
    lands = tuple(map(_TRAVEL_LAND, s.hands[s.turn]))
    if ability not in ("swap", "restack"):
        return _pick(s, s.turn, _ACT_PROMPT, _discard_options(lands, ability))
    options = list(_discard_options(lands, ability))
    if ability == "swap" and "swap" not in s.used:
        options += [Option(f"swap:{p}", f"Swap a travel card with {who(p)}", "ability")
                    for p in range(s.players) if p != s.turn and s.hands[p]]
    if ability == "restack" and "restack" not in s.used and _restack_options(s):
        options.append(Option("restack", "Restack: move one of your cards to the top", "ability"))
    return _pick(s, s.turn, _ACT_PROMPT, options)


_ACT_PROMPT = "Discard travel cards of one landscape."


@lru_cache(maxsize=4096)
def _discard_options(lands: tuple[int, ...], ability: str | None) -> tuple[Option, ...]:
    """"Landscape × count" options for a hand given by its landscapes, in hand order."""
    options = []
    for land, first, count in _land_groups(lands):
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


def _restack_options(s: ZState) -> list[Option]:
    stack = s.stacks[s.turn]
    counts = colour_counts(stack)
    seen = {CARDS.tz[stack[-1]]} if stack else set()
    options = []
    for card in reversed(stack):
        kind = CARDS.types[CARDS.tz[card]]
        if kind.index in seen:
            continue
        seen.add(kind.index)
        points = card_value(kind, counts, s.players)
        worth = f"{points} point{'s' * (points != 1)}"
        options.append(Option(str(card), f"{kind.name} ({worth})", "stack"))
    return options


def _landscape_options(hand: tuple[int, ...], verb: str, skip: int = -1) -> list[Option]:
    """One option per landscape in the hand: the card it spends is the first of that
    landscape, named by its number on the hand image. The group is not "hand", which the
    Discord menus would number as if each option were one card in hand order (issue 16)."""
    return [Option(CARDS.landscapes[land].key, f"{verb} a {land_name(land)} (card {first})",
                   "landscape")
            for land, first, _ in _hand_groups(hand) if land != skip]


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
        return [_pick(s, me, prompt, menu, "deck")]
    if phase == "scry":
        top = land_name(CARDS.travel[s.scried])
        return [_pick(s, me, f"The top travel card is a {top}. Leave it or move it?",
                      [Option("top", f"Leave the {top} on top", "scry"),
                       Option("bottom", f"Put the {top} at the bottom", "scry")])]
    if phase in ("peek", "flip"):
        verb = "Peek at" if phase == "peek" else "Flip"
        left = s.peeks if phase == "peek" else s.flips
        return [_pick(s, me, f"{verb} a face-down card ({left} left).", _slot_options(s))]
    if phase == "steal":
        options = [Option(f"p{p}", f"Take {tz_name(s.stacks[p][-1])} from {who(p)}", "steal")
                   for p in stealable(s)]
        options.append(Option("none", "Take nothing", "steal"))
        return [_pick(s, me, "Steal the top card of an opponent's stack?", options, "none")]
    if phase == "order":
        claimed = tuple(Option(str(c), tz_name(c), "claimed") for c in s.gained)
        return [Decision(f"{s.step}.order.{me}", me, ORDER,
                         "Order your new cards: the first one goes on top.", claimed,
                         default=tuple(o.key for o in claimed), window=_window(s, me))]
    if phase == "swap":
        out = []
        for side, seat in enumerate((me, s.swap_with)):
            if s.swap_give[side] < 0:
                partner = s.swap_with if side == 0 else me
                out.append(_pick(s, seat, f"Trade with {who(partner)}: which card do you give?",
                                 _landscape_options(s.hands[seat], "Give")))
        return out
    if phase == "extra":
        options = _landscape_options(s.hands[me], "Also throw away", skip=s.land)
        options.append(Option("none", "Keep the rest of my hand", "keep"))
        return [_pick(s, me, "Throw away one card of another landscape too?", options, "none")]
    if phase == "restack":
        return [_pick(s, me, "Which card goes on top of your stack?", _restack_options(s))]
    return []
