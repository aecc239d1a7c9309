"""The ``strong`` AI: determinized Monte Carlo search over any ``Game`` (DESIGN §7).

Each round samples a world the acting seat cannot tell from the real one (``redeal_hidden``
from that seat, and a fresh generator position so future shuffles are unknown too) and
plays every candidate answer still in the race out in that same world with the normal AI
on every seat, from the same generator: common random numbers, so the luck of the deal
cancels out of the comparison and a few dozen rounds tell answers apart that hundreds of
independent playouts would not. After each round, answers clearly behind the leader drop
out (a paired test on the per-world differences); the search ends when one answer is left,
when every answer has scored the same in every world so far (the choice does not matter),
or when the budget is spent. The normal AI's answer is played unless another beats it in
the paired test: the search only overrules it on evidence. Candidates are every single
pick when a decision takes at most one; larger picks and orders (pick 2–5 of 8…) are
sampled, not enumerated; a game may name its own (``Game.search_candidates``).

Pure and deterministic: the same state, decision, seed and iteration count give the same
answer. A time budget stops early and is not.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
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
DROP_Z = 1.5
"""An answer leaves the race when its paired mean is this many standard errors below the
leader's."""
PICK_Z = 2.0
"""The leader replaces the normal AI's answer (and drops it from the race) only this many
standard errors ahead of it: with eight answers racing, 1.0 let noise overrule the normal
AI in about half the decisions where every answer was worth the same."""
SAME_ROUNDS = 6
"""Rounds after which answers that all scored alike in every world end the search."""
ROLLOUT_CAP = 2.0
"""Playouts stop after this many times the game's usual length bound per decision, scored
as a draw: a guard, not a rule (``Game.max_steps`` already bounds every game)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long to think: ``iterations`` (playouts; deterministic) and/or ``seconds``
    (0 = no limit)."""

    iterations: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        if self.iterations <= 0 and self.seconds <= 0:
            raise ValueError("a search budget needs iterations or seconds")


def placing_reward(result: Result, seat: int) -> float:
    """1 for sole first, else 0; a first place shared by ``k`` seats is worth 1/k each. A win
    is what a game is played for: a reward that also paid for second place (2/3 of a win in
    four players) led the search to settle for it."""
    first = min(result.placings)
    if result.placings[seat] != first:
        return 0.0
    return 1 / sum(1 for p in result.placings if p == first)


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
    if (chosen := game.search_candidates(view, decision, rng)) is not None:
        out += chosen
    elif decision.kind != ORDER and decision.max <= 1:
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
    world = game.search_world(state, seat, rng)
    data = game.to_json(state if world is None else world)
    if "rng" in data:
        data["rng"] = rng.next_u64()
    return game.from_json(data)


def _rollout(game: Game[S, Any], start: S, state: S, seat: int, rng: Rng, cap: int,
             out_of_time: Callable[[], bool]) -> float | None:
    """Play ``state`` (reached from ``start``) out with the normal AI on every seat, to the
    end or as far as the game's ``playout_estimate`` wants; ``seat``'s reward, or None when
    the time ran out first (a long playout on a busy machine must not overrun the budget)."""
    for _ in range(cap):
        if out_of_time():
            return None
        result = game.result(state)
        if result is not None:
            return placing_reward(result, seat)
        estimate = game.playout_estimate(start, state, seat)
        if estimate is not None:
            return estimate
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
    """One candidate answer and its reward in each world of the race so far."""

    choice: tuple[str, ...]
    rewards: list[float] = field(default_factory=list)

    def mean(self) -> float:
        return sum(self.rewards) / len(self.rewards) if self.rewards else 0.0


def _behind(arm: _Arm, other: _Arm) -> float:
    """How many standard errors ``arm``'s mean lies below ``other``'s, paired world by
    world. One pseudo-difference as large as the largest seen keeps a few identical worlds
    from looking certain (for won-or-lost rewards it is 1; estimated rewards differ by a
    few hundredths per card, and a pseudo-difference of 1 would drown them)."""
    diffs = [b - a for a, b in zip(arm.rewards, other.rewards, strict=True)]
    n = len(diffs)
    largest = max((d * d for d in diffs), default=0.0)
    if largest == 0.0:
        return 0.0
    mean = sum(diffs) / n
    spread = (sum((d - mean) ** 2 for d in diffs) + largest) / n
    return mean / math.sqrt(spread / n)


def search(game: Game[S, Any], state: S, decision: Decision, rng: Rng, budget: Budget,
           clock: Callable[[], float] = time.perf_counter) -> Action:
    """The searched answer to ``decision`` in ``state`` (which holds the real hidden cards;
    only a redeal of them from the deciding seat is ever played)."""
    return think(game, state, decision, rng, budget, clock)[0]


def think(game: Game[S, Any], state: S, decision: Decision, rng: Rng, budget: Budget,
          clock: Callable[[], float] = time.perf_counter) -> tuple[Action, int]:
    """``search``'s answer and the playouts it took (the benchmark calibrates on them)."""
    arms, live, used = _contest(game, state, decision, rng, budget, clock, _race)
    return Action(decision.id, _pick(arms[0], live).choice), used


def weigh(game: Game[S, Any], state: S, decision: Decision, rng: Rng, budget: Budget,
          clock: Callable[[], float] = time.perf_counter) -> list[tuple[tuple[str, ...], float]]:
    """Every candidate answer with its estimated reward (a chance to win, from the deciding
    seat's information only), best first. Unlike ``search`` no answer drops out: each is
    played in every world until the budget is spent, so the estimates rest on the same
    worlds and can be compared (the hints, ``bot.match.hints``)."""
    arms, _, _ = _contest(game, state, decision, rng, budget, clock, _everyone)
    ranked = sorted(arms, key=_Arm.mean, reverse=True)
    return [(arm.choice, arm.mean()) for arm in ranked if arm.rewards]


def _everyone(arms: list[_Arm], live: list[_Arm], rounds: int) -> list[_Arm]:
    """Every answer stays in the race while two or more are left."""
    return live


Narrow = Callable[[list["_Arm"], list["_Arm"], int], list["_Arm"]]
"""Which answers stay in the race after a round: (all, scored this round, rounds so far)."""


def _contest(game: Game[S, Any], state: S, decision: Decision, rng: Rng, budget: Budget,
             clock: Callable[[], float], narrow: Narrow) -> tuple[list[_Arm], list[_Arm], int]:
    """Race the candidate answers world by world: every answer, the answers ``narrow``
    left in the race, and the playouts taken."""
    seat = decision.player
    arms = [_Arm(c) for c in _candidates(game, state, decision, rng)]
    deadline = clock() + budget.seconds if budget.seconds > 0 else math.inf

    def out_of_time() -> bool:
        return deadline != math.inf and clock() >= deadline

    cap = int(game.max_steps * ROLLOUT_CAP)
    live, used, rounds = list(arms), 0, 0
    while len(live) > 1 and not out_of_time():
        if budget.iterations > 0 and used + len(live) > budget.iterations:
            break
        world = _world(game, state, seat, rng)
        seed = rng.next_u64()
        scored: list[tuple[_Arm, float]] = []
        for arm in live:
            try:
                after, _ = game.apply(world, seat, Action(decision.id, arm.choice))
            except GameError:
                continue  # structurally fine but refused by the rules: out of the race
            reward = _rollout(game, world, after, seat, Rng(seed), cap, out_of_time)
            if reward is None:
                break
            scored.append((arm, reward))
        else:
            used += len(live)
            rounds += 1
            for arm, reward in scored:
                arm.rewards.append(reward)
            live = narrow(arms, [arm for arm, _ in scored], rounds)
            continue
        break  # out of time mid-round: the round is not paired, so it does not count
    return arms, live, used


def _race(arms: list[_Arm], live: list[_Arm], rounds: int) -> list[_Arm]:
    """The answers still in the race: none clearly behind the leader (the normal AI's, first
    in ``arms``, by ``PICK_Z``), and none left to tell apart once every answer has scored
    alike in every world for ``SAME_ROUNDS`` rounds."""
    if not live:
        return []
    leader = max(live, key=_Arm.mean)
    live = [a for a in live
            if a is leader or _behind(a, leader) < (PICK_Z if a is arms[0] else DROP_Z)]
    if rounds >= SAME_ROUNDS and all(a.rewards == leader.rewards for a in live):
        return [arms[0]] if arms[0] in live else [leader]
    return live


def _pick(normal: _Arm, live: list[_Arm]) -> _Arm:
    """The best answer left, unless the normal AI's is still in and not clearly behind it."""
    if not live:
        return normal
    leader = max(live, key=_Arm.mean)
    if normal in live and _behind(normal, leader) < PICK_Z:
        return normal
    return leader
