"""Auroria Codex on the engine protocol: set-up, mulligans, decisions, checks, leak test."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.engine import (
    ORDER,
    PICK,
    Action,
    BadScenario,
    Decision,
    Event,
    Game,
    IllegalAction,
    Option,
    OptionSpec,
    Result,
    Rng,
    Turn,
    View,
)
from bot.engine.decks import DeckBook
from bot.engine.help import Topic
from bot.games.auroria import ai, board, choices, flow, series, text
from bot.games.auroria.deckbook import DECKS
from bot.games.auroria.decklist import deck_option, seat_deck
from bot.games.auroria.help import TOPICS
from bot.games.auroria.rules import card, catalog, has, power
from bot.games.auroria.scenario import build_scenario
from bot.games.auroria.state import LINES, PLAYER_ZONES, Perm, State
from bot.games.auroria.view import build_view

HAND = 7
INFLUENCE_CAUSES = ("leader_attack", "piercing", "effect")


def new_state(slow: bool, decks: list[tuple[str, list[str]]], rng: Rng) -> State:
    """Two players with leaders in place and shuffled decks (nothing drawn yet)."""
    kinds: list[str] = []
    owner: list[int] = []
    zones: list[dict[str, list[int]]] = []
    for p, (lead, deck) in enumerate(decks):
        z: dict[str, list[int]] = {name: [] for name in PLAYER_ZONES}
        for i, kind_id in enumerate([lead, *deck]):
            kinds.append(kind_id)
            owner.append(p)
            (z["leader"] if i == 0 else z["deck"]).append(len(kinds) - 1)
        rng.shuffle(z["deck"])
        zones.append(z)
    s = State(slow=slow, kinds=kinds, owner=owner, zones=zones, influence=[0, 0], rng=0)
    for p in (0, 1):
        lead_uid = zones[p]["leader"][0]
        s.perms[lead_uid] = Perm("leader")
        s.influence[p] = card(s, lead_uid).influence
    s.rng = rng.state
    return s


class Auroria(Game[State, View]):
    name = "auroria"
    title = "Auroria Codex"
    min_players = 2
    max_players = 2
    max_steps = 6000
    endings: ClassVar[Mapping[str, str]] = {
        "influence": "won on Influence", "deck-out": "won by deck-out",
        "card effect": "won by a card's effect"}
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("slow_mode", "bool", False,
                   "Slow Mode: no mirrored Draw, Energy or Main Phase windows."),
        *(deck_option(f"deck_{seat}", f"Seat {seat}'s deck: a structure deck (city, valley, "
                      "potions, overgrowth), random, test, or a deck code.") for seat in (1, 2)),
        series.OPTION,
    )

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        rng = Rng(seed)
        decks = [seat_deck(options[f"deck_{seat}"], rng) for seat in (1, 2)]
        s = new_state(bool(options["slow_mode"]), [(lead, main) for lead, main, _ in decks], rng)
        s.active = rng.randrange(2)
        s.rng = rng.state
        s.series = series.start(options["best_of"], decks, s.active)
        for p in (0, 1):
            board.draw(s, p, HAND, [])
        return s

    def decks(self) -> DeckBook:
        return DECKS

    def _next_game(self, old: State, starter: int, ev: list[Event]) -> State:
        """Deal the next game of a best-of-three with the sideboarded decks."""
        assert old.series is not None
        rng = Rng(old.rng)
        s = new_state(old.slow, [(d["leader"], d["main"]) for d in old.series["decks"]], rng)
        s.active = starter
        s.rng = rng.state
        s.step = old.step
        s.series = {**old.series, "stage": "play", "starts": [*old.series["starts"], starter]}
        for p in (0, 1):
            board.draw(s, p, HAND, [])
        ev.append(Event("game_start", f"Game {len(old.series['games']) + 1} begins: "
                        f"{board.who(starter)} starts."))
        return s

    def scenario(self, players: int, options: Mapping[str, Any], seed: int,
                 setup: Mapping[str, Any]) -> State:
        """See ``scenario.build_scenario`` for the documented format."""
        if options["best_of"] != "1":
            raise BadScenario("A scenario sets up a single game, not a best-of-three match.")
        s = build_scenario(bool(options["slow_mode"]), seed, setup)
        flow.start_of_phase(s, [])
        flow.advance(s, [])
        return s

    # ----- decisions --------------------------------------------------------------------
    def turn(self, state: State) -> Turn | None:
        return None if state.phase == "mulligan" else Turn(state.turn, state.active)

    def pending(self, state: State) -> list[Decision]:
        if state.decisions is None:
            state.decisions = self._pending(state)
        return list(state.decisions)

    def _pending(self, state: State) -> list[Decision]:
        if state.winners is not None:
            return series.pending(state.series) if state.series is not None else []
        if state.phase == "mulligan":
            return [self._mulligan_decision(state, p) for p in (0, 1) if state.mull[p] >= 0]
        prompt = state.prompt
        if prompt is None:
            return []
        opts = tuple(choices.options(state, prompt))
        lo, hi = choices.limits(prompt)
        kind = ORDER if prompt["k"] == "order" else PICK
        default = tuple(o.key for o in opts) if kind == ORDER else _safe_default(opts, lo)
        # The active player's whole turn is one window, the opponent's responses another.
        window = f"{state.turn}." + ("turn" if prompt["p"] == state.active else "response")
        return [Decision(f"{state.step}.{prompt['k']}", prompt["p"], kind,
                         choices.prompt_text(state, prompt), opts, lo, hi, default, window)]

    def _mulligan_decision(self, s: State, p: int) -> Decision:
        hand = s.zones[p]["hand"]
        m = s.mull[p]
        text = ("Mercy mulligan: pick the cards to keep; the rest go back and you draw to 7."
                if m == 0 else f"Mulligan again? Keep at most {HAND - m} (or all).")
        opts = tuple(Option(str(u), card(s, u).name, "hand") for u in hand)
        game = f"g{len(s.series['games'])}." if s.series is not None else ""
        return Decision(f"mul{game}{p}.{m}", p, PICK, text, opts, 0, len(hand),
                        tuple(o.key for o in opts), f"{game}mulligan")

    def apply(self, state: State, player: int, action: Action) -> tuple[State, list[Event]]:
        mine = [d for d in self.pending(state) if d.player == player]
        if not mine:
            raise IllegalAction("It is not your decision.")
        if state.winners is not None and state.series is not None:
            after, starter, news = series.answer(state, player, action)
            return (self._next_game(after, starter, news) if starter is not None else after), news
        d = mine[0]
        if state.phase != "mulligan":
            choices.validate(list(d.options), d.min, d.max, d.kind == ORDER, action.choice)
        s = state.clone()
        s.step += 1
        ev: list[Event] = []
        if s.phase == "mulligan":
            self._mulligan(s, player, [int(k) for k in action.choice], ev)
        else:
            choices.answer(s, action.choice, ev)
        flow.advance(s, ev)
        if s.winners is not None and s.series is not None:
            series.game_over(s, ev)
        return s, ev

    def _mulligan(self, s: State, p: int, keep: list[int], ev: list[Event]) -> None:
        hand = s.zones[p]["hand"]
        if s.mull[p] < 0 or any(u not in hand for u in keep):
            raise IllegalAction("Pick cards from your own hand.")
        m = s.mull[p]
        if len(keep) == len(hand):
            s.mull[p] = -1
            ev.append(Event("keep", f"{board.who(p)} keeps {len(hand)} cards."))
        else:
            target = HAND - m
            if len(keep) > target:
                raise IllegalAction(f"This mulligan lets you keep at most {target} cards.")
            back = [u for u in hand if u not in keep]
            s.zones[p]["hand"] = list(keep)
            s.zones[p]["deck"].extend(back)
            board.shuffle_deck(s, p)
            board.draw(s, p, target - len(keep), [])
            ev.append(Event("mulligan", f"{board.who(p)} mulligans {len(back)} cards"
                            + (" (free)." if m == 0 else f" (now {target}).")))
            s.mull[p] = m + 1 if HAND - (m + 1) > 0 else -1
        if s.mull == [-1, -1]:
            flow.begin_turn(s, s.active, ev)

    # ----- views and results ------------------------------------------------------------
    def view(self, state: State, viewer: int | None) -> View:
        waiting = sorted({d.player for d in self.pending(state)})
        out = build_view(state, viewer, waiting)
        if state.series is not None:
            out["match"] = series.view(state.series, viewer)
        return out

    def result(self, state: State) -> Result | None:
        if state.series is not None:
            return series.result(state.series)
        if state.winners is None:
            return None
        if not state.winners:
            return Result((0.5, 0.5), (1, 1), state.reason)
        w = state.winners[0]
        return Result(tuple(1.0 if p == w else 0.0 for p in (0, 1)),
                      tuple(1 if p == w else 2 for p in (0, 1)), state.reason)

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> State:
        return State.from_json(dict(data))

    def ai_choose(self, level: str, view: View, decision: Decision, rng: Rng) -> Action:
        return ai.choose(level, view, decision, rng)

    # ----- checker hooks ----------------------------------------------------------------
    def invariants(self, state: State) -> None:
        s = state
        seen: list[int] = [u for z in s.zones for cards in z.values() for u in cards]
        seen += s.limbo
        assert sorted(seen) == list(range(len(s.kinds))), "a card is lost or in two zones"
        in_play = {u for z in s.zones for name in (*LINES, "energy", "auras", "gear", "under",
                                                   "leader") for u in z[name]}
        assert set(s.perms) == in_play, "play records do not match the cards in play"
        for p in (0, 1):
            start = card(s, s.zones[p]["leader"][0]).influence
            log = [d for q, d, cause in s.inf_log if q == p and cause in INFLUENCE_CAUSES]
            assert s.influence[p] == start + sum(log), "Influence changed without a cause"
            for line in LINES:
                assert len(s.zones[p][line]) <= 5, "a line holds more than 5 cards"
        if s.winners is None and s.prompt is not None:
            for p in (0, 1):
                for line in LINES:
                    for u in s.zones[p][line]:
                        if s.perms[u].role == "creature" and not has(s, u, "Protected"):
                            assert power(s, u) > 0, "a 0-power creature stayed in a line"
                            assert s.perms[u].damage < power(s, u), "a dead creature stayed"
        for uid in s.zones[0]["energy"] + s.zones[1]["energy"]:
            assert card(s, uid).type in ("energy", "potion"), "a non-Energy in the Energy Zone"
        assert catalog(s)
        if s.series is not None:
            series.invariants(s)

    def topics(self) -> Mapping[str, Topic[View]]:
        return TOPICS

    def describe(self, view: View, names: Sequence[str], *, full: bool = False) -> str:
        return text.describe(view, names, full=full)

    def redeal_hidden(self, state: State, viewer: int | None, rng: Rng) -> State | None:
        """Permute what ``viewer`` cannot see: other hands with their decks, and own deck."""
        kinds = list(state.kinds)
        prompt = state.prompt
        building = prompt["b"]["uid"] if prompt is not None and prompt["k"] == "build" else -1
        for p in (0, 1):
            pool = list(state.zones[p]["deck"])
            if p != viewer:
                pool += [u for u in state.zones[p]["hand"] if u != building]
            if len(pool) < 2:
                continue
            # shuffled from sorted order: the strong AI searches these redeals
            for u, v in zip(pool, rng.deal([kinds[u] for u in pool]), strict=True):
                kinds[u] = v
        out = state.clone()
        out.kinds = kinds
        out.memo = {}
        if state.series is not None:
            out.series = series.hide(state.series, viewer)
        return out


def _safe_default(opts: tuple[Option, ...], lo: int) -> tuple[str, ...]:
    """A harmless answer for an absent player: pass/skip/no block when offered; when paying,
    the offered default (Energy first, Potions kept: house rules, paying)."""
    if opts and opts[0].key.startswith("pay:"):
        return (opts[0].key,)
    offered = {o.key for o in opts}
    for key in ("pass", "none", "back", "draw", "skip", "battle", "end"):
        if key in offered:
            return (key,)
    return tuple(o.key for o in opts[:max(lo, 1)])
