"""Lessons (``/learn``, DESIGN §10): a private first match against a gentle AI on the game's
fixed deal, where each kind of decision is introduced in the prompt the first time it comes.

A lesson is an ordinary match (the same rules, log, clocks, delivery) marked ``lesson``: its
deal comes from ``Game.lesson`` (``bot.match.replay.first_state``), it is untimed and played
without a thread, and it rates nobody. Leaving it is simply not answering; ``/learn`` again
(or ``/hand``) brings the learner's prompt back.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import BadScenario, Decision, registry
from bot.engine.lesson import LEARNER, introduction
from bot.engine.said import Said, said
from bot.match.errors import MatchError
from bot.match.info import MatchInfo
from bot.match.live import Matches
from bot.match.lobby import Lobby
from bot.match.outbound import Outbound
from bot.match.play import Play
from bot.match.replay import undone_from
from bot.store import ACTIVE, FINISHED, ResultRecord


class NoLesson(MatchError):
    """The game has no lesson to play."""


@dataclass(frozen=True)
class Rehearsal:
    """A lesson played along its line as a real match: how many decisions it took (the
    learner's, and everyone's), the decisions introduced (``(id, kind)``, in the order the
    learner met them) and the result."""

    match_id: int
    learner_decisions: int
    decisions: int
    introduced: tuple[tuple[str, str], ...]
    result: ResultRecord


class Lessons:
    def __init__(self, matches: Matches, lobby: Lobby, play: Play) -> None:
        self.matches = matches
        self.lobby = lobby
        self.play = play

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

    async def rehearse(self, game_name: str, user_id: int) -> Rehearsal:
        """Play the game's lesson as ``user_id`` along its documented line, a real match
        like any other (``tests/match/test_lessons.py`` and ``bench tutorial``). Raises
        ``BadScenario`` when the line and the game part ways (the rules or the AI changed)."""
        info, _, _ = await self.learn(game_name, user_id, None)
        lesson = registry.get(game_name).lesson()
        assert lesson is not None
        introduced: dict[str, str] = {}
        for answer in lesson.line:
            live = await self.matches.load(info.id)
            if live.record.status != ACTIVE:
                raise BadScenario(f"The {game_name} lesson ended before its line did.")
            mine = [d for d in live.game.pending(live.state) if d.player == LEARNER]
            if not mine:
                raise BadScenario(f"The {game_name} lesson waits on nobody.")
            for decision in mine:
                if decision.id not in introduced and await self.introduction(
                        info.id, LEARNER, decision) is not None:
                    introduced[decision.id] = live.game.kind(decision.id)
            await self.play.submit(info.id, user_id, mine[0].id, answer)
        record = await self.matches.store.get_match(info.id)
        result = await self.matches.store.get_result(info.id)
        if record is None or record.status != FINISHED or result is None:
            raise BadScenario(f"The {game_name} lesson's line ends before the game does.")
        log = await self.matches.store.actions(info.id)
        return Rehearsal(info.id, sum(1 for row in log if row.seat == LEARNER), len(log),
                         tuple(introduced.items()), result)
