"""Deck construction rules of the codex, as a pure check with player-readable problems
(sentences said in the reader's language; card names stay as a deck list writes them)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from bot.engine.said import Said, said
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
                  cards: Mapping[str, CardDef], side: Sequence[str] | None = None) -> list[Said]:
    """Everything that makes a deck illegal (empty when legal). ``card_ids`` excludes the
    leader; ``side`` is the optional 10-card side deck for best-of-three. Without a leader
    (``None``: the caller reports it) the checks that need one are skipped."""
    problems: list[Said] = []
    unknown = sorted({c for c in [leader_id or "", *card_ids, *(side or ())]
                      if c and c not in cards})
    if unknown:
        return [said("Unknown cards: {cards}.", cards=tuple(unknown))]
    leader = cards[leader_id] if leader_id else None
    if leader is not None and leader.type != "leader":
        problems.append(said("{card} is not a leader.", card=leader.name))
    if any(cards[c].type == "leader" for c in card_ids):
        problems.append(said("A deck has exactly one leader."))
    total = len(card_ids) + 1
    if not MIN_CARDS <= total <= MAX_CARDS:
        problems.append(said("A deck holds {low}-{high} cards with the leader, not {n}.",
                             low=MIN_CARDS, high=MAX_CARDS, n=total))
    _copy_problems(card_ids, side or (), cards, problems)
    enhanced = sum(1 for c in card_ids if cards[c].enhanced)
    if enhanced > ENHANCED:
        problems.append(said("At most {most} enhanced cards ({n}).", most=ENHANCED,
                             n=enhanced))
    if leader is not None:
        _identity_problems(leader, card_ids, cards, problems)
    if side is not None:
        if len(side) != SIDE_DECK:
            problems.append(said("A side deck holds exactly {size} cards, not {n}.",
                                 size=SIDE_DECK, n=len(side)))
        if any(cards[c].type == "leader" for c in side):
            problems.append(said("A side deck holds no leader."))
    return problems


def _identity_problems(leader: CardDef, card_ids: Sequence[str], cards: Mapping[str, CardDef],
                       problems: list[Said]) -> None:
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
                problems.append(_unshared(c.name, open_channels))
        elif (c.spell_like or c.type in ("energy", "potion")) and c.colour not in (
                leader.colour, ANY_COLOUR):
            problems.append(said("{card} must be {colour} like the leader.", card=c.name,
                                 colour=Said(leader.colour)))


def _copy_problems(card_ids: Sequence[str], side: Sequence[str],
                   cards: Mapping[str, CardDef], problems: list[Said]) -> None:
    """Four copies at most of a card (deck and side deck together), Basic Energy aside,
    and at most four Empowered Energy in all."""
    for cid, n in sorted(Counter([*card_ids, *side]).items()):
        c = cards[cid]
        basic = c.type == "energy" and not c.empowered
        if not basic and c.type != "leader" and n > COPIES:
            problems.append(said("At most {most} copies of {card} ({n}).", most=COPIES,
                                 card=c.name, n=n))
    empowered = [c for c in card_ids if cards[c].empowered]
    if len(empowered) > EMPOWERED and len(set(empowered)) > 1:  # one card: said above
        problems.append(said("At most {most} Empowered Energy cards ({n}).", most=EMPOWERED,
                             n=len(empowered)))


def _unshared(card: str, chs: set[tuple[str, str]]) -> Said:
    """The problem of a creature sharing no open channel; the open ones are card words (a
    colour, a race, a trait)."""
    if not chs:
        return said("{card} shares no identity channel with the leader and the creatures "
                    "before it (none is open).", card=card)
    return said("{card} shares no identity channel with the leader and the creatures before "
                "it (open: {channels}).", card=card,
                channels=tuple(Said(value) for _, value in sorted(chs)))
