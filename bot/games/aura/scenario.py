"""A table fixed card by card, for the rule tests and ``python -m bot scenario FILE``.

A scenario ``setup`` fixes the cards exactly; cards are named as in the game ('red 7',
'blue wild', 'return' or 'red action', and 'aura' for the Aura card)::

    {
      "start": 0,                          # the active player of turn 1 (default 0)
      "hands": [["red 7", ...], ...],      # required: one list per seat, at most 8 cards
      "decks": [["green 2", ...], ...],    # optional: per seat, the top of the deck in order
      "discards": [["blue 1", ...], ...],  # optional: per seat, oldest first (faces public)
      "rest": "deck" | "discard",          # where every card not listed goes (default deck)
      "surfaced": [0, ...]                 # optional: times each Aura card already surfaced
    }

With ``"rest": "deck"`` the unlisted cards are shuffled by the seed and put under the listed
deck cards; the Aura card goes to the very bottom unless a deck lists it ('aura'), in which
case it stays where it is listed and the unlisted cards go below everything listed. With
``"rest": "discard"`` they go to the discard pile instead, so a deck can be stated in full.
Variant options come from the scenario's ``options`` as usual.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import BadScenario, Rng
from bot.engine.names import player
from bot.games.aura.cards import AURA, LABEL, parse_card
from bot.games.aura.rules import HAND_LIMIT, PLAY_MIN
from bot.games.aura.setup import deck_cards, initial_state
from bot.games.aura.state import AuraState


def _per_seat(setup: Mapping[str, Any], name: str, players: int) -> list[Any]:
    value = setup.get(name, [[] for _ in range(players)])
    if not isinstance(value, list) or len(value) != players:
        raise BadScenario(f"`{name}` needs one entry per player ({players}).")
    return value


def _cards(raw: Any, where: str) -> list[int]:
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise BadScenario(f"{where} must be a list of card names.")
    try:
        return [parse_card(c) for c in raw]
    except ValueError as exc:
        raise BadScenario(f"{where}: {exc}") from None


def scenario_state(players: int, options: Mapping[str, Any], seed: int,
                   setup: Mapping[str, Any]) -> AuraState:
    """The state a scenario ``setup`` describes (see the module docstring)."""
    rng = Rng(seed)
    unknown = sorted(set(setup) - {"start", "hands", "decks", "discards", "rest", "surfaced"})
    if unknown:
        raise BadScenario(f"Unknown set-up field(s): {', '.join(unknown)}.")
    if "hands" not in setup:
        raise BadScenario("The set-up needs `hands`.")
    rest = setup.get("rest", "deck")
    if rest not in ("deck", "discard"):
        raise BadScenario("`rest` must be `deck` or `discard`.")
    start = setup.get("start", 0)
    if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < players:
        raise BadScenario(f"`start` must be a seat number 0–{players - 1}.")
    surfaced = tuple(setup.get("surfaced", [0] * players))
    if len(surfaced) != players or any(s not in (0, 1, 2) for s in surfaced):
        raise BadScenario("`surfaced` needs 0, 1 or 2 per player.")
    allowed = set(deck_cards(bool(options["beginner"])))
    hands, decks, discards = [], [], []
    for seat, (h, k, p) in enumerate(zip(_per_seat(setup, "hands", players),
                                         _per_seat(setup, "decks", players),
                                         _per_seat(setup, "discards", players), strict=True)):
        who = player(seat)
        hand = _cards(h, f"{who}'s hand")
        top = _cards(k, f"{who}'s deck")
        pile = _cards(p, f"{who}'s discards")
        listed = hand + top + pile
        bad = [c for c in listed if c not in allowed and c != AURA]
        if bad or AURA in hand + pile:
            raise BadScenario(f"{who}: {LABEL[(bad or [AURA])[0]]} is not in play here.")
        if len(set(listed)) != len(listed):
            raise BadScenario(f"{who}: a card is listed twice.")
        if len(hand) > HAND_LIMIT:
            raise BadScenario(f"{who} holds more than {HAND_LIMIT} cards.")
        unlisted = [c for c in sorted(allowed) if c not in listed]
        rng.shuffle(unlisted)
        if rest == "discard":
            pile += unlisted
            unlisted = []
        deck = top + unlisted if AURA in top else [*top, *unlisted, AURA]
        if deck[0] == AURA and surfaced[seat] < 2:
            raise BadScenario(f"{who}'s Aura card cannot start on top of the deck.")
        hands.append(tuple(sorted(hand)))
        decks.append(tuple(deck))
        discards.append(tuple(pile))
    if len(hands[start]) < PLAY_MIN:
        raise BadScenario(f"The starting player needs at least {PLAY_MIN} cards in hand.")
    return initial_state(players, options, rng, hands, decks, discards, start, surfaced, ())
