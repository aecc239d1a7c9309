"""Deck construction rules of the codex, as a pure check with player-readable problems."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from bot.games.auroria.cards import CardDef

MIN_CARDS, MAX_CARDS = 51, 61
"""Including the leader."""
COPIES = 4
ENHANCED = 4
SIDE_DECK = 10
ANY_COLOUR = "any"


def channels(c: CardDef) -> set[tuple[str, str]]:
    """Identity channels a card carries: its colour, race and each trait."""
    out = {("colour", c.colour), ("race", c.race)} | {("trait", t) for t in c.traits}
    return {ch for ch in out if ch[1]}


def deck_problems(leader_id: str, card_ids: Sequence[str], cards: Mapping[str, CardDef],
                  side: Sequence[str] | None = None) -> list[str]:
    """Everything that makes a deck illegal (empty when legal). ``card_ids`` excludes the
    leader; ``side`` is the optional 10-card side deck for best-of-three."""
    problems: list[str] = []
    unknown = sorted({c for c in [leader_id, *card_ids] if c not in cards})
    if unknown:
        return [f"Unknown cards: {', '.join(unknown)}."]
    leader = cards[leader_id]
    if leader.type != "leader":
        problems.append(f"{leader.name} is not a leader.")
    if any(cards[c].type == "leader" for c in card_ids):
        problems.append("A deck has exactly one leader.")
    total = len(card_ids) + 1
    if not MIN_CARDS <= total <= MAX_CARDS:
        problems.append(f"A deck holds {MIN_CARDS}-{MAX_CARDS} cards with the leader, "
                        f"not {total}.")
    for cid, n in sorted(Counter(card_ids).items()):
        c = cards[cid]
        basic = c.type == "energy" and not c.empowered
        if not basic and n > COPIES:
            problems.append(f"At most {COPIES} copies of {c.name} ({n}).")
    enhanced = sum(1 for c in card_ids if cards[c].enhanced)
    if enhanced > ENHANCED:
        problems.append(f"At most {ENHANCED} enhanced cards ({enhanced}).")
    open_channels = channels(leader)
    for cid in dict.fromkeys(card_ids):
        c = cards[cid]
        if c.type == "creature":
            open_channels &= channels(c)
        elif (c.spell_like or c.type == "energy") and c.colour not in (leader.colour,
                                                                       ANY_COLOUR):
            problems.append(f"{c.name} must be {leader.colour} like the leader.")
    if not open_channels:
        problems.append("The creatures share no identity channel (colour, race or trait) "
                        "with each other and the leader.")
    if side is not None and len(side) != SIDE_DECK:
        problems.append(f"A side deck holds exactly {SIDE_DECK} cards.")
    return problems
