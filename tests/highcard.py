"""High Card: a tiny test game with hidden hands and one simultaneous face-down play per round.

Each of 2–4 players gets 5 cards numbered 1..30 from a shuffled deck. Every round all
players pick a card at once (sealed); when all are in, the highest card wins the round.
After 5 rounds the most rounds won wins. It exists so the engine, store and match service
exercise simultaneous decisions and hidden information before any real game lands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from bot.engine import (
    PICK,
    Action,
    Decision,
    Event,
    Game,
    IllegalAction,
    Option,
    OptionSpec,
    Result,
    Rng,
    Sentence,
    View,
    placings_from_scores,
)
from bot.engine.said import Said
from bot.engine.text import Say, fit, listing, name_of

HAND = 5
SEALED = Sentence("{player} plays a card face down.", "You play a card face down.", ("player",))
REVEAL = Sentence("Cards: {cards}; {player} wins the round.", "Cards: {cards}; you win the round.",
                  ("player",))


@dataclass(frozen=True)
class HCState:
    players: int
    rng: int
    round: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    sealed: tuple[int | None, ...]
    won: tuple[int, ...]
    target: int = 0
    last: tuple[int, ...] = field(default=())


class HighCard(Game[HCState, View]):
    name = "highcard"
    title = "High Card"
    min_players = 2
    max_players = 4
    max_steps = 4 * HAND
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("rounds_to_win", "int", 0, Said("Stop early at this many wins (0: play all)."),
                   low=0, high=HAND),
    )

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> HCState:
        rng = Rng(seed)
        deck = list(range(1, 31))
        rng.shuffle(deck)
        hands = tuple(tuple(sorted(deck[i * HAND:(i + 1) * HAND])) for i in range(players))
        return HCState(players, rng.state, 1, tuple(deck[players * HAND:]), hands,
                       (None,) * players, (0,) * players, options["rounds_to_win"])

    def scenario(self, players: int, options: Mapping[str, Any], seed: int,
                 setup: Mapping[str, Any]) -> HCState:
        hands = tuple(tuple(sorted(int(c) for c in h)) for h in setup["hands"])
        if len(hands) != players:
            raise IllegalAction("`hands` needs one list per player.")
        used = [c for h in hands for c in h]
        deck = tuple(c for c in range(1, 31) if c not in used)
        return HCState(players, Rng(seed).state, 1, deck, hands, (None,) * players,
                       (0,) * players, options["rounds_to_win"])

    def pending(self, state: HCState) -> list[Decision]:
        if self.result(state) is not None:
            return []
        return [
            Decision(f"r{state.round}.p{p}", p, PICK, "Play one card face down.",
                     tuple(Option(str(c), str(c), "hand") for c in state.hands[p]),
                     default=(str(state.hands[p][0]),))
            for p in range(state.players) if state.sealed[p] is None
        ]

    def apply(self, state: HCState, player: int, action: Action) -> tuple[HCState, list[Event]]:
        card = int(action.choice[0])
        if card not in state.hands[player]:
            raise IllegalAction("That card is not in your hand.")
        hands = list(state.hands)
        hands[player] = tuple(c for c in hands[player] if c != card)
        sealed = list(state.sealed)
        sealed[player] = card
        events = [Event("sealed", SEALED, {"player": player})]
        state = replace(state, hands=tuple(hands), sealed=tuple(sealed))
        if any(s is None for s in sealed):
            return state, events
        played = [s for s in sealed if s is not None]
        best = max(played)
        winner = played.index(best)
        won = list(state.won)
        won[winner] += 1
        events.append(Event("reveal", REVEAL, {"cards": played, "player": winner},
                            data={"cards": played, "winner": winner}))
        return replace(state, round=state.round + 1, sealed=(None,) * state.players,
                       won=tuple(won), last=tuple(played)), events

    def view(self, state: HCState, viewer: int | None) -> View:
        return {
            "players": state.players,
            "round": state.round,
            "won": list(state.won),
            "hand_sizes": [len(h) for h in state.hands],
            "sealed": [s is not None for s in state.sealed],
            "last": list(state.last),
            "hand": list(state.hands[viewer]) if viewer is not None else None,
            "my_sealed": state.sealed[viewer] if viewer is not None else None,
        }

    def describe(self, view: View, names: Sequence[str], *, full: bool = False,
                 say: Say = str) -> str:
        won = ", ".join(f"{name_of(names, s)} {w}" for s, w in enumerate(view["won"]))
        lines = [f"High Card round {view['round']}. Rounds won: {won}."]
        if view["hand"] is not None:
            lines.append(f"Your hand: {listing([str(c) for c in view['hand']], 'empty')}.")
        return fit(lines)

    def result(self, state: HCState) -> Result | None:
        early = state.target and max(state.won) >= state.target
        if state.round <= HAND and not early:
            return None
        keys = [(w,) for w in state.won]
        return Result(tuple(float(w) for w in state.won), placings_from_scores(keys))

    def to_json(self, state: HCState) -> dict[str, Any]:
        return {
            "players": state.players, "rng": state.rng, "round": state.round,
            "deck": list(state.deck), "hands": [list(h) for h in state.hands],
            "sealed": list(state.sealed), "won": list(state.won), "target": state.target,
            "last": list(state.last),
        }

    def from_json(self, data: Mapping[str, Any]) -> HCState:
        return HCState(data["players"], data["rng"], data["round"], tuple(data["deck"]),
                       tuple(tuple(h) for h in data["hands"]), tuple(data["sealed"]),
                       tuple(data["won"]), data["target"], tuple(data["last"]))

    def ai_choose(self, level: str, view: View, decision: Decision, rng: Rng) -> Action:
        keys = [o.key for o in decision.options]
        pick = max(keys, key=int) if level == "normal" else rng.choice(keys)
        return Action(decision.id, (pick,))

    def invariants(self, state: HCState) -> None:
        cards = list(state.deck) + [c for h in state.hands for c in h]
        cards += [s for s in state.sealed if s is not None]
        played_rounds = state.round - 1
        assert len(cards) + played_rounds * state.players == 30, "cards lost or duplicated"
        assert len(set(cards)) == len(cards), "a card is in two places"

    def redeal_hidden(self, state: HCState, viewer: int | None, rng: Rng) -> HCState | None:
        """Swap the cards of the other hands (and their sealed cards) with the deck."""
        others = [p for p in range(state.players) if p != viewer]
        pool = list(state.deck)
        for p in others:
            pool += state.hands[p]
            pool += [state.sealed[p]] if state.sealed[p] is not None else []
        rng.shuffle(pool)
        hands, sealed = list(state.hands), list(state.sealed)
        for p in others:
            n = len(hands[p])
            hands[p], pool = tuple(sorted(pool[:n])), pool[n:]
            if sealed[p] is not None:
                sealed[p], pool = pool[0], pool[1:]
        return replace(state, hands=tuple(hands), sealed=tuple(sealed), deck=tuple(pool))


GAME = HighCard()
