"""Strong AI seats think in worker processes, so the event loop keeps serving (DESIGN §7).

A search takes about a second of CPU; run on the loop it would stall every match on the
server. The state crosses as JSON (the same text the store keeps), the answer comes back
as an action. Workers start on first use, one per CPU this process may run on; searches
beyond that queue, and workers run at a lower CPU priority than the bot, so presses are
served first when searches fill every core. Workers know the built-in games only.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.engine import Action, Decision, Game, Rng, StaleDecision, registry
from bot.engine.search import Budget, search
from bot.settings import DEFAULT_THINK_MS

log = logging.getLogger(__name__)


def cpu_count() -> int:
    """CPUs this process may use (its affinity mask where the platform has one)."""
    counter = getattr(os, "process_cpu_count", None) or os.cpu_count
    return max(1, counter() or 1)


WORKER_NICE = 5
"""How much lower than the bot's a worker's scheduling priority is (Unix ``nice``)."""


def _lower_priority() -> None:
    if hasattr(os, "nice"):
        os.nice(WORKER_NICE)


def _think(game_name: str, state_json: dict[str, Any], decision_id: str, seed: int,
           iterations: int, seconds: float) -> dict[str, Any]:
    """The worker's side: rebuild the state, search, answer as JSON."""
    game = registry.get(game_name)
    state = game.from_json(state_json)
    decision = next((d for d in game.pending(state) if d.id == decision_id), None)
    if decision is None:
        raise StaleDecision(f"decision {decision_id} is not open in the state sent")
    return search(game, state, decision, Rng(seed), Budget(iterations, seconds)).to_json()


class Thinker:
    """The pool and the budget: ``think_ms`` of search per decision, or exactly
    ``iterations`` (reproducible, for tests) when that is set."""

    def __init__(self, think_ms: int = DEFAULT_THINK_MS, iterations: int = 0,
                 workers: int | None = None) -> None:
        self.budget = Budget(iterations, 0.0 if iterations else think_ms / 1000)
        self.workers = workers or cpu_count()
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, game: Game[Any, Any], state: Any, decision: Decision,
                     seed: int) -> Action:
        """The searched answer; the normal AI's if a worker died (the pool restarts)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_lower_priority)
        try:
            answer = await asyncio.get_running_loop().run_in_executor(
                self._pool, _think, game.name, game.to_json(state), decision.id, seed,
                self.budget.iterations, self.budget.seconds)
        except BrokenProcessPool:
            log.warning("a search worker died; the normal AI answers this decision")
            self._pool = None
            view = game.view(state, decision.player)
            return game.ai_choose("normal", view, decision, Rng(seed))
        return Action.from_json(answer)

    def close(self) -> None:
        """Stop the workers (a search in progress is abandoned)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
