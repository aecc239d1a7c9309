"""AI turns: AI seats answer their open decisions through the same checked, logged path as
people, until only people (or nobody) must act."""

from __future__ import annotations

import logging

from bot.engine import Action, Decision, IllegalAction, Rng
from bot.engine.search import STRONG
from bot.match.live import Live, Matches
from bot.match.moves import commit_move
from bot.match.thinker import Thinker
from bot.store import SeatRecord

log = logging.getLogger(__name__)


class AiTurns:
    def __init__(self, matches: Matches, thinker: Thinker) -> None:
        self.matches = matches
        self.thinker = thinker

    async def run(self, live: Live) -> None:
        """Let AI seats answer their open decisions until only people (or nobody) must act."""
        game = live.game
        for _ in range(game.max_steps + 1):
            if live.result is not None:
                return
            ai_seats = {s.seat: s for s in live.seats if s.is_ai}
            todo = [d for d in game.pending(live.state) if d.player in ai_seats]
            if not todo:
                return
            seat = ai_seats[todo[0].player]
            await self.move(live, seat, todo[0], seat.ai_level or "normal")
        raise RuntimeError(f"match {live.id}: AI seats kept playing past {game.max_steps} steps")

    async def move(self, live: Live, seat: SeatRecord, decision: Decision, level: str,
                   autopilot: bool = False) -> None:
        """The AI answers ``decision`` from the seat's view (a strong AI searches redeals of
        what it cannot see, in a worker process); its default if that is refused."""
        rng = Rng(live.record.seed).fork(live.version)
        if level == STRONG:
            action = await self.thinker.choose(live.game, live.state, decision, rng.next_u64())
        else:
            view = live.game.view(live.state, seat.seat)
            action = live.game.ai_choose(level, view, decision, rng)
        try:
            await commit_move(self.matches, live, seat, action, None, autopilot)
        except IllegalAction as exc:
            if decision.default is None:
                raise
            log.warning("match %s: AI move %s rejected (%s); playing the default",
                        live.id, action, exc)
            await commit_move(self.matches, live, seat, Action(decision.id, decision.default),
                              None, autopilot)
