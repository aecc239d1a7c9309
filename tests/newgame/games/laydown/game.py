"""The ``Game`` subclass: deal, one open decision (lay a card), apply, score, view, AI."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.engine import (
    PICK,
    Action,
    Decision,
    Event,
    Game,
    Option,
    Result,
    Rng,
    Turn,
    placings_from_scores,
)
from bot.engine.help import Topic
from bot.engine.said import Said
from bot.engine.text import Say, fit, listing, name_of
from bot.games.laydown import sentences as words
from bot.games.laydown.help import TOPICS
from bot.games.laydown.state import CARDS, HAND, LaydownState
from bot.games.laydown.view import LaydownView, view


class Laydown(Game[LaydownState, LaydownView]):
    name = "laydown"
    title = "Laydown"
    min_players = 2
    max_players = 2
    max_steps = 2 * HAND

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> LaydownState:
        rng = Rng(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        hands = tuple(tuple(sorted(deck[p * HAND:(p + 1) * HAND])) for p in range(players))
        return LaydownState(rng.state, tuple(deck[players * HAND:]), hands, ((),) * players, 0)

    def turn(self, state: LaydownState) -> Turn | None:
        return Turn(state.moves + 1, state.turn)

    def pending(self, state: LaydownState) -> list[Decision]:
        hand = state.hands[state.turn]
        if not hand:
            return []
        return [Decision(f"m{state.moves}", state.turn, PICK, Said("Lay one card face up."),
                         tuple(Option(str(c), Said(f"Lay the {c}")) for c in hand),
                         default=(str(hand[0]),))]

    def apply(self, state: LaydownState, player: int,
              action: Action) -> tuple[LaydownState, list[Event]]:
        card = int(action.choice[0])
        hands, played = list(state.hands), list(state.played)
        hands[player] = tuple(c for c in hands[player] if c != card)
        played[player] = (*played[player], card)
        after = replace(state, hands=tuple(hands), played=tuple(played),
                        turn=(player + 1) % len(hands))
        return after, [Event("lay", words.LAY, {"player": player, "card": card})]

    def view(self, state: LaydownState, viewer: int | None) -> LaydownView:
        return view(state, viewer)

    def describe(self, view: LaydownView, names: Sequence[str], *, full: bool = False,
                 say: Say = str) -> str:
        laid = "; ".join(f"{name_of(names, s)} laid {listing([str(c) for c in p], 'nothing')}"
                         f" (total {t})"
                         for s, (p, t) in enumerate(zip(view["played"], view["totals"],
                                                        strict=True)))
        lines = [f"Laydown: {laid}."]
        if view["hand"] is not None:
            lines.append(f"Your hand: {listing([str(c) for c in view['hand']], 'empty')}.")
        return fit(lines)

    def topics(self) -> Mapping[str, Topic[LaydownView]]:
        return TOPICS

    def result(self, state: LaydownState) -> Result | None:
        if any(state.hands):
            return None
        totals = [sum(p) for p in state.played]
        return Result(tuple(float(t) for t in totals), placings_from_scores([(t,) for t in totals]))

    def to_json(self, state: LaydownState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> LaydownState:
        return LaydownState.from_json(data)

    def ai_choose(self, level: str, view: LaydownView, decision: Decision, rng: Rng) -> Action:
        keys = [o.key for o in decision.options]
        return Action(decision.id, (max(keys, key=int) if level == "normal" else rng.choice(keys),))

    def invariants(self, state: LaydownState) -> None:
        cards = [*state.deck, *(c for h in state.hands for c in h),
                 *(c for p in state.played for c in p)]
        assert sorted(cards) == list(CARDS), "cards lost or duplicated"

    def redeal_hidden(self, state: LaydownState, viewer: int | None, rng: Rng) -> LaydownState:
        """The other hands and the undealt cards, shuffled together and dealt again."""
        others = [p for p in range(len(state.hands)) if p != viewer]
        pool = [*state.deck, *(c for p in others for c in state.hands[p])]
        rng.shuffle(pool)
        hands = list(state.hands)
        for p in others:
            n = len(hands[p])
            hands[p], pool = tuple(sorted(pool[:n])), pool[n:]
        return replace(state, hands=tuple(hands), deck=tuple(pool))
