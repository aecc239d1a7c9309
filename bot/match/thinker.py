"""Strong AI seats think in worker processes, so the event loop keeps serving (DESIGN §7).

A search takes about a second of CPU; run on the loop it would stall every match on the
server. The state crosses as JSON (the same text the store keeps), the answer comes back
as an action. The pool (``bot.workers``) has one worker per CPU this process may run on;
searches beyond that queue, and workers run at a lower CPU priority than the bot, so
presses are served first when searches fill every core. Workers know the built-in games
only.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.engine import Action, Decision, Game, Rng, StaleDecision, registry
from bot.engine.game import STALE
from bot.engine.search import Budget, search
from bot.settings import DEFAULT_THINK_MS
from bot.workers import Unavailable, Workers

log = logging.getLogger(__name__)

WORKER_NICE = 5
"""How much lower than the bot's a worker's scheduling priority is (Unix ``nice``)."""


def _think(game_name: str, state_json: dict[str, Any], decision_id: str, seed: int,
           iterations: int, seconds: float) -> dict[str, Any]:
    """The worker's side: rebuild the state, search, answer as JSON."""
    game = registry.get(game_name)
    state = game.from_json(state_json)
    decision = next((d for d in game.pending(state) if d.id == decision_id), None)
    if decision is None:
        raise StaleDecision(STALE)  # the state moved on since it was sent
    return search(game, state, decision, Rng(seed), Budget(iterations, seconds)).to_json()


class Thinker:
    """The pool and the budget: ``think_ms`` of search per decision, or exactly
    ``iterations`` (reproducible, for tests) when that is set."""

    def __init__(self, think_ms: int = DEFAULT_THINK_MS, iterations: int = 0,
                 workers: int | None = None) -> None:
        self.budget = Budget(iterations, 0.0 if iterations else think_ms / 1000)
        self.workers = Workers(workers, nice=WORKER_NICE)

    async def choose(self, game: Game[Any, Any], state: Any, decision: Decision,
                     seed: int) -> Action:
        """The searched answer; the normal AI's if no worker could search (a worker died:
        the pool restarts; or processes cannot run here): a search on the loop's own
        process would stall every match for its whole budget."""
        try:
            answer = await self.workers.run(
                _think, game.name, game.to_json(state), decision.id, seed,
                self.budget.iterations, self.budget.seconds)
        except Unavailable:
            log.warning("no search worker; the normal AI answers this decision")
            view = game.view(state, decision.player)
            return game.ai_choose("normal", view, decision, Rng(seed))
        return Action.from_json(answer)

    def close(self) -> None:
        """Stop the workers (a search in progress is abandoned)."""
        self.workers.close()
