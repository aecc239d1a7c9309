"""Zura on the engine protocol: set-up, checked steps, views, results and playout hooks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.engine import (
    Action,
    Decision,
    Event,
    Game,
    NotYourDecision,
    Result,
    Rng,
    StaleDecision,
    Turn,
    View,
    check_action,
    placings_from_scores,
)
from bot.engine.help import Topic
from bot.engine.search import STRONG
from bot.games.zura import ai, decisions, rules, text
from bot.games.zura.cards import CARDS
from bot.games.zura.help import TOPICS
from bot.games.zura.scenario import build_scenario
from bot.games.zura.scoring import score
from bot.games.zura.state import ZState, state_from_json, state_to_json
from bot.games.zura.view import view

_LAND = {land.key: land.index for land in CARDS.landscapes}
_SLOT = {rules.slot_name(i): i for i in range(CARDS.slots)}


class Zura(Game[ZState, View]):
    name = "zura"
    title = "Zura"
    min_players = 2
    max_players = 4
    schema_version = 1
    rules_version = "1"
    max_steps = 20_000
    ai_levels: ClassVar[tuple[str, ...]] = (*ai.LEVELS, STRONG)

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> ZState:
        rng = Rng(seed)
        travel = list(range(len(CARDS.travel)))
        rng.shuffle(travel)
        deal = CARDS.deal
        hands = tuple(tuple(sorted(travel[p * deal:(p + 1) * deal])) for p in range(players))
        rest = travel[players * deal:]
        tz = list(range(len(CARDS.tz)))
        tz = _mix(tz, rng)
        n = CARDS.slots
        state = ZState(players=players, rng=rng.state, step=0, turn=0, phase="act",
                       deck=tuple(rest[:-1]), discard=(rest[-1],), hands=hands,
                       tz_deck=tuple(tz[n:]), slots=tuple(tz[:n]), up=(False,) * n,
                       shown=(False,) * n, peeked=(0,) * n, stacks=((),) * players)
        rules.start_turn(state, [])
        return state

    def scenario(self, players: int, options: Mapping[str, Any], seed: int,
                 setup: Mapping[str, Any]) -> ZState:
        """A fixed table; the ``setup`` fields are documented in ``bot.games.zura.scenario``."""
        return build_scenario(players, seed, setup)

    def pending(self, state: ZState) -> list[Decision]:
        if state.cache is None:
            state.cache = decisions.pending(state)
        return list(state.cache)

    def apply(self, state: ZState, player: int, action: Action) -> tuple[ZState, list[Event]]:
        decision = None
        for d in state.cache or self.pending(state):
            if d.id == action.decision:
                decision = d
                if d.player == player:
                    break
        if decision is None:
            raise StaleDecision("That prompt is out of date; nothing was changed.")
        if decision.player != player:
            raise NotYourDecision("That choice belongs to another player.")
        check_action(decision, action)
        s = state.clone()
        ev: list[Event] = []
        phase = s.phase
        _STEPS[phase](s, player, action.choice, ev)
        if not (phase == "swap" and s.phase == "swap"):
            s.step += 1  # a sealed swap answer keeps the partner's decision id
        return s, ev

    def turn(self, state: ZState) -> Turn | None:
        return Turn(state.turns, state.turn)

    def view(self, state: ZState, viewer: int | None) -> View:
        return view(state, viewer)

    def result(self, state: ZState) -> Result | None:
        if state.phase != "over":
            return None
        scores = [score(stack, state.players) for stack in state.stacks]
        return Result(tuple(float(x) for x in scores),
                      placings_from_scores([(x,) for x in scores]))

    def to_json(self, state: ZState) -> dict[str, Any]:
        return {"schema": self.schema_version, "rules": self.rules_version,
                **state_to_json(state)}

    def from_json(self, data: Mapping[str, Any]) -> ZState:
        if data.get("schema") != self.schema_version:
            raise ValueError(f"Saved Zura state has schema {data.get('schema')!r}; "
                             f"this version reads {self.schema_version}.")
        return state_from_json({"turns": 0, **data})  # saved before turns were counted

    def ai_choose(self, level: str, view: View, decision: Decision, rng: Rng) -> Action:
        return ai.choose(level, view, decision, rng)

    def invariants(self, state: ZState) -> None:
        travel = [*state.deck, *state.discard, *(c for h in state.hands for c in h)]
        if state.scried >= 0:
            travel.append(state.scried)
        assert sorted(travel) == list(range(len(CARDS.travel))), "travel cards lost or doubled"
        tz = [*state.tz_deck, *(c for c in state.slots if c >= 0), *state.gained,
              *(c for st in state.stacks for c in st)]
        assert sorted(tz) == list(range(len(CARDS.tz))), "Tzerzurians lost or doubled"
        for i, card in enumerate(state.slots):
            if card < 0:
                assert not (state.up[i] or state.shown[i] or state.peeked[i]), "empty slot marked"
            assert not state.up[i] or state.shown[i], "face-up card not shown"
        assert all(h == tuple(sorted(h)) for h in state.hands), "hand out of order"
        assert all(len(h) <= CARDS.hand_size + 1 for h in state.hands), "hand too big"
        if state.land < 0 and state.tz_deck:
            assert all(c >= 0 for c in state.slots), "search area not refilled"

    def topics(self) -> Mapping[str, Topic[View]]:
        return TOPICS

    def describe(self, view: View, names: Sequence[str], *, full: bool = False) -> str:
        return text.describe(view, names, full=full)

    def redeal_hidden(self, state: ZState, viewer: int | None, rng: Rng) -> ZState | None:
        """Shuffle what ``viewer`` cannot see: other hands, the decks, unseen search cards."""
        s = state.clone()  # collections are public: the clone keeps their tally
        keep = {viewer} | ({s.swap_with} if s.swap_give[1] >= 0 else set())
        if s.swap_give[0] >= 0:
            keep.add(s.turn)
        seats = [p for p in range(s.players) if p not in keep]
        pool = list(s.deck)
        for p in seats:
            pool += s.hands[p]
        hidden_scry = s.scried >= 0 and viewer != s.turn
        if hidden_scry:
            pool.append(s.scried)
        pool = rng.deal(pool)
        hands = list(s.hands)
        for p in seats:
            size = len(hands[p])
            hands[p], pool = tuple(sorted(pool[:size])), pool[size:]
        if hidden_scry:
            s.scried = pool.pop()
        s.hands, s.deck = tuple(hands), tuple(pool)
        bit = 0 if viewer is None else 1 << viewer
        unseen = [i for i, c in enumerate(s.slots)
                  if c >= 0 and not s.shown[i] and not s.peeked[i] & bit]
        tz = list(s.tz_deck) + [s.slots[i] for i in unseen]
        tz = rng.deal(tz)
        slots = list(s.slots)
        for i in unseen:
            slots[i] = tz.pop()
        s.slots, s.tz_deck = tuple(slots), tuple(tz)
        return s


def _mix(items: list[int], rng: Rng) -> list[int]:
    """A cheap random rearrangement (rotate, swap two pairs): the checker redeals every step."""
    n = len(items)
    if n < 2:
        return items
    k = rng.randrange(n)
    items = items[k:] + items[:k]
    for _ in range(2):
        i, j = rng.randrange(n), rng.randrange(n)
        items[i], items[j] = items[j], items[i]
    return items


def _act(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    key = choice[0]
    if key == "restack":
        s.phase = "restack"
    elif key.startswith("swap:"):
        s.swap_with, s.phase = int(key[5:]), "swap"
        ev.append(Event("swap-start", f"{rules.who(s.turn)} trades a card with "
                        f"{rules.who(s.swap_with)}.", data={"seats": [s.turn, s.swap_with]}))
    else:
        land, n = key.split(":")
        rules.discard(s, _LAND[land], int(n), ev)


def _draw(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    if choice[0] == "take":
        rules.take_discard(s, ev)
    else:
        rules.fill_hand(s, ev)
        s.phase = "act"


def _slot_step(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    slot = _SLOT[choice[0]]
    if s.phase == "peek":
        rules.peek(s, slot, ev)
    else:
        rules.flip(s, slot, ev)


def _steal(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    rules.steal(s, None if choice[0] == "none" else int(choice[0][1:]), ev)


def _order(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    rules.stack_gains(s, tuple(int(c) for c in choice), ev)


def _swap(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    rules.swap_give(s, player, _LAND[choice[0]], ev)


def _extra(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    if choice[0] == "none":
        rules.end_turn(s, ev)
    else:
        rules.discard_extra(s, _LAND[choice[0]], ev)


def _scry(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    rules.scry(s, choice[0] == "top", ev)


def _restack(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    rules.restack(s, int(choice[0]), ev)


_STEPS = {"act": _act, "draw": _draw, "peek": _slot_step, "flip": _slot_step, "steal": _steal,
          "order": _order, "swap": _swap, "extra": _extra, "scry": _scry, "restack": _restack}
