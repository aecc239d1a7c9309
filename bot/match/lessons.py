"""Lessons (``/learn``, DESIGN §10): a private first match against a gentle AI on the game's
fixed deal, where each kind of decision is introduced in the prompt the first time it comes.

A lesson is an ordinary match (the same rules, log, clocks, delivery) marked ``lesson``: its
deal comes from ``Game.lesson`` (``bot.match.replay.first_state``), it is untimed and played
without a thread, and it rates nobody. Leaving it is simply not answering; ``/learn`` again
(or ``/hand``) brings the learner's prompt back.
"""

from __future__ import annotations

from bot.engine import Decision, registry
from bot.engine.lesson import introduction
from bot.engine.said import Said, said
from bot.match.errors import MatchError
from bot.match.info import MatchInfo
from bot.match.live import Matches
from bot.match.lobby import Lobby
from bot.match.outbound import Outbound
from bot.match.replay import undone_from
from bot.store import ACTIVE


class NoLesson(MatchError):
    """The game has no lesson to play."""


class Lessons:
    def __init__(self, matches: Matches, lobby: Lobby) -> None:
        self.matches = matches
        self.lobby = lobby

    async def learn(self, game_name: str, user_id: int,
                    guild_id: int | None) -> tuple[MatchInfo, list[Outbound], bool]:
        """The user's lesson of the game: the one they left, if it is still running (True),
        else a new one dealt and started, the AI's opening moves made (False)."""
        game = registry.get(game_name)
        lesson = game.lesson()
        if lesson is None:
            raise NoLesson(said("{game} has no lesson yet.", game=game.title))
        for record in await self.matches.store.matches_of_user(user_id, (ACTIVE,)):
            mine = next((s for s in record.seats if s.user_id == user_id), None)
            if record.lesson and record.game == game.name and mine is not None \
                    and not mine.resigned:
                return self.matches.live(record).info(), [], True
        info = await self.lobby.create(game.name, user_id, guild_id=guild_id,
                                       options=lesson.options, seed=lesson.seed, lesson=True)
        for _ in range(lesson.players - 1):
            info = await self.lobby.add_ai(info.id, user_id, lesson.opponent)
        outbound = await self.lobby.start(info.id, user_id)
        return await self._info(info.id), outbound, False

    async def _info(self, match_id: int) -> MatchInfo:
        return (await self.matches.load(match_id)).info()

    async def introduction(self, match_id: int, seat: int, decision: Decision) -> Said | None:
        """What the prompt of ``decision`` says first in a lesson: its kind's introduction
        when the seat has answered no decision of that kind yet; None in any other match."""
        live = await self.matches.load(match_id)
        lesson = live.game.lesson() if live.record.lesson else None
        if lesson is None:
            return None
        answered = [row.decision_id for row in await self.matches.store.actions(match_id)
                    if row.seat == seat and undone_from(row) is None]
        return introduction(live.game, lesson, decision, answered)
