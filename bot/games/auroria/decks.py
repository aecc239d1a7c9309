"""Deck construction rules of the codex, as a pure check with player-readable problems."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from bot.games.auroria.cards import CardDef

MIN_CARDS, MAX_CARDS = 51, 61
"""Including the leader."""
COPIES = 4
ENHANCED = 4
EMPOWERED = 4
"""In the whole deck (house rules: at most 4 Empowered Energy), on top of four per card."""
SIDE_DECK = 10
ANY_COLOUR = "any"


def channels(c: CardDef) -> set[tuple[str, str]]:
    """Identity channels a card carries: its colour, race and each trait."""
    out = {("colour", c.colour), ("race", c.race)} | {("trait", t) for t in c.traits}
    return {ch for ch in out if ch[1]}


def deck_problems(leader_id: str | None, card_ids: Sequence[str],
                  cards: Mapping[str, CardDef], side: Sequence[str] | None = None) -> list[str]:
    """Everything that makes a deck illegal (empty when legal). ``card_ids`` excludes the
    leader; ``side`` is the optional 10-card side deck for best-of-three. Without a leader
    (``None``: the caller reports it) the checks that need one are skipped."""
    problems: list[str] = []
    unknown = sorted({c for c in [leader_id or "", *card_ids, *(side or ())]
                      if c and c not in cards})
    if unknown:
        return [f"Unknown cards: {', '.join(unknown)}."]
    leader = cards[leader_id] if leader_id else None
    if leader is not None and leader.type != "leader":
        problems.append(f"{leader.name} is not a leader.")
    if any(cards[c].type == "leader" for c in card_ids):
        problems.append("A deck has exactly one leader.")
    total = len(card_ids) + 1
    if not MIN_CARDS <= total <= MAX_CARDS:
        problems.append(f"A deck holds {MIN_CARDS}-{MAX_CARDS} cards with the leader, "
                        f"not {total}.")
    _copy_problems(card_ids, side or (), cards, problems)
    enhanced = sum(1 for c in card_ids if cards[c].enhanced)
    if enhanced > ENHANCED:
        problems.append(f"At most {ENHANCED} enhanced cards ({enhanced}).")
    if leader is not None:
        _identity_problems(leader, card_ids, cards, problems)
    if side is not None:
        if len(side) != SIDE_DECK:
            problems.append(f"A side deck holds exactly {SIDE_DECK} cards, not {len(side)}.")
        if any(cards[c].type == "leader" for c in side):
            problems.append("A side deck holds no leader.")
    return problems


def _identity_problems(leader: CardDef, card_ids: Sequence[str], cards: Mapping[str, CardDef],
                       problems: list[str]) -> None:
    """The leader opens its channels; each creature closes those it does not share, and
    one that shares none left open is named. Spell-likes and Energy take the leader's
    colour (Potions too: they are Energy markers)."""
    open_channels = channels(leader)
    for cid in dict.fromkeys(card_ids):
        c = cards[cid]
        if c.type == "creature":
            narrowed = open_channels & channels(c)
            if narrowed:
                open_channels = narrowed
            else:
                problems.append(f"{c.name} shares no identity channel with the leader and "
                                f"the creatures before it (open: {_named(open_channels)}).")
        elif (c.spell_like or c.type in ("energy", "potion")) and c.colour not in (
                leader.colour, ANY_COLOUR):
            problems.append(f"{c.name} must be {leader.colour} like the leader.")


def _copy_problems(card_ids: Sequence[str], side: Sequence[str],
                   cards: Mapping[str, CardDef], problems: list[str]) -> None:
    """Four copies at most of a card (deck and side deck together), Basic Energy aside,
    and at most four Empowered Energy in all."""
    for cid, n in sorted(Counter([*card_ids, *side]).items()):
        c = cards[cid]
        basic = c.type == "energy" and not c.empowered
        if not basic and c.type != "leader" and n > COPIES:
            problems.append(f"At most {COPIES} copies of {c.name} ({n}).")
    empowered = [c for c in card_ids if cards[c].empowered]
    if len(empowered) > EMPOWERED and len(set(empowered)) > 1:  # one card: said above
        problems.append(f"At most {EMPOWERED} Empowered Energy cards ({len(empowered)}).")


def _named(chs: set[tuple[str, str]]) -> str:
    return ", ".join(value for _, value in sorted(chs)) or "none"
