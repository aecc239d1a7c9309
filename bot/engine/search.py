"""The ``strong`` AI: determinized Monte Carlo search over any ``Game`` (DESIGN §7).

Each iteration samples a world the acting seat cannot tell from the real one
(``redeal_hidden`` from that seat, and a fresh generator position so future shuffles are
unknown too), picks one of the seat's candidate answers by PUCT (UCB weighted by a prior,
as in AlphaZero), and plays the world out with the normal AI on every seat. The prior puts
half its weight on the normal AI's own answer, so a small budget mostly plays it and a
large one overrules it only on evidence; the most visited answer is played. Candidates
are every single pick when a decision takes at most one; larger picks and orders (pick
2–5 of 8…) are sampled, not enumerated.

Pure and deterministic: the same state, decision, seed and iteration count give the same
answer. A time budget stops early and is not.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.engine.errors import GameError
from bot.engine.game import Game, check_action
from bot.engine.rng import Rng
from bot.engine.types import ORDER, Action, Decision, Result

S = TypeVar("S")

STRONG = "strong"
"""The level served here rather than by a game's ``ai_choose`` (it needs the state)."""
ROLLOUT = "normal"
"""The level that plays every seat in the playouts."""
SAMPLED = 8
"""Random answers tried for a decision too large to enumerate, besides the normal one."""
EXPLORE = 1.0
"""PUCT exploration constant (rewards lie in [0, 1])."""
PRIOR = 0.5
"""The prior's weight on the normal AI's answer; the other candidates share the rest."""
ROLLOUT_CAP = 2.0
"""Playouts stop after this many times the game's usual length bound per decision, scored
as a draw: a guard, not a rule (``Game.max_steps`` already bounds every game)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long to think: ``iterations`` (deterministic) and/or ``seconds`` (0 = no limit)."""

    iterations: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        if self.iterations <= 0 and self.seconds <= 0:
            raise ValueError("a search budget needs iterations or seconds")


def placing_reward(result: Result, seat: int) -> float:
    """1 for sole first, 0 for sole last; a tie shares the places it spans (2 players tied:
    0.5 each), so any number of players maps to [0, 1]."""
    n = len(result.placings)
    if n < 2:
        return 1.0
    place = result.placings[seat]
    tied = sum(1 for p in result.placings if p == place)
    spots = range(place, place + tied)
    return sum((n - q) / (n - 1) for q in spots) / tied


def ai_action(game: Game[S, Any], state: S, level: str, decision: Decision, rng: Rng,
              budget: Budget) -> Action:
    """Any level's answer: ``strong`` searches the state, the others read the seat's view."""
    if level == STRONG:
        return search(game, state, decision, rng, budget)
    return game.ai_choose(level, game.view(state, decision.player), decision, rng)


def _candidates(game: Game[S, Any], state: S, decision: Decision,
                rng: Rng) -> list[tuple[str, ...]]:
    """Distinct answers to weigh, the normal AI's first."""
    view = game.view(state, decision.player)
    first = game.ai_choose(ROLLOUT, view, decision, rng).choice
    out = [first]
    if decision.kind != ORDER and decision.max <= 1:
        if decision.min == 0:
            out.append(())
        out += [(o.key,) for o in decision.options]
    else:
        for _ in range(SAMPLED):
            out.append(game.ai_choose("random", view, decision, rng).choice)
    distinct = list(dict.fromkeys(out))
    return [c for c in distinct if _well_formed(decision, c)] or distinct[:1]


def _well_formed(decision: Decision, choice: tuple[str, ...]) -> bool:
    try:
        check_action(decision, Action(decision.id, choice))
    except GameError:
        return False
    return True


def _world(game: Game[S, Any], state: S, seat: int, rng: Rng) -> S:
    """A state ``seat`` cannot tell from ``state``, with an unknown generator position."""
    world = game.redeal_hidden(state, seat, rng)
    data = game.to_json(state if world is None else world)
    if "rng" in data:
        data["rng"] = rng.next_u64()
    return game.from_json(data)


def _rollout(game: Game[S, Any], state: S, seat: int, rng: Rng, cap: int,
             out_of_time: Callable[[], bool]) -> float | None:
    """Play ``state`` out with the normal AI on every seat; ``seat``'s reward, or None when
    the time ran out first (a long playout on a busy machine must not overrun the budget)."""
    for _ in range(cap):
        if out_of_time():
            return None
        result = game.result(state)
        if result is not None:
            return placing_reward(result, seat)
        pending = game.pending(state)
        decision = pending[rng.randrange(len(pending))] if len(pending) > 1 else pending[0]
        view = game.view(state, decision.player)
        action = game.ai_choose(ROLLOUT, view, decision, rng)
        try:
            state, _ = game.apply(state, decision.player, action)
        except GameError:
            fallback = game.ai_choose("random", view, decision, rng)
            state, _ = game.apply(state, decision.player, fallback)
    return 0.5


@dataclass(slots=True)
class _Arm:
    choice: tuple[str, ...]
    prior: float
    visits: int = 0
    total: float = 0.0
    legal: bool = True

    def score(self, sqrt_n: float, unvisited: float) -> float:
        """Mean reward (``unvisited`` before the first visit) plus the prior's pull."""
        mean = self.total / self.visits if self.visits else unvisited
        return mean + EXPLORE * self.prior * sqrt_n / (1 + self.visits)


def search(game: Game[S, Any], state: S, decision: Decision, rng: Rng, budget: Budget,
           clock: Callable[[], float] = time.perf_counter) -> Action:
    """The searched answer to ``decision`` in ``state`` (which holds the real hidden cards;
    only a redeal of them from the deciding seat is ever played)."""
    seat = decision.player
    choices = _candidates(game, state, decision, rng)
    if len(choices) == 1:
        return Action(decision.id, choices[0])
    rest = (1 - PRIOR) / (len(choices) - 1)
    arms = [_Arm(c, PRIOR if i == 0 else rest) for i, c in enumerate(choices)]
    deadline = clock() + budget.seconds if budget.seconds > 0 else math.inf

    def out_of_time() -> bool:
        return deadline != math.inf and clock() >= deadline

    cap = int(game.max_steps * ROLLOUT_CAP)
    done, total = 0, 0.0
    while (budget.iterations <= 0 or done < budget.iterations) and not out_of_time():
        live = [a for a in arms if a.legal]
        if len(live) <= 1:
            break
        sqrt_n, unvisited = math.sqrt(done + 1), total / done if done else 0.5
        arm = max(live, key=lambda a: a.score(sqrt_n, unvisited))
        world = _world(game, state, seat, rng)
        try:
            after, _ = game.apply(world, seat, Action(decision.id, arm.choice))
        except GameError:
            arm.legal = False  # structurally fine but refused by the rules: never again
            continue
        reward = _rollout(game, after, seat, rng, cap, out_of_time)
        if reward is None:
            break
        arm.visits += 1
        arm.total += reward
        total += reward
        done += 1
    best = max((a for a in arms if a.legal), key=_rank, default=arms[0])
    return Action(decision.id, best.choice)


def _rank(arm: _Arm) -> tuple[int, float]:
    """Most visited wins (the robust choice); the better mean breaks a tie."""
    return arm.visits, arm.total / arm.visits if arm.visits else 0.0

