"""What front ends ask about matches: their state for a lobby post or a list, a seat's hand,
the public board, and the replay; plus the few settings a front end records."""

from __future__ import annotations

from bot.engine import Result
from bot.engine.said import said
from bot.match.errors import NotSeated, NotStarted
from bot.match.info import MatchInfo, by_urgency
from bot.match.live import LEFT, Live, Matches, require_active
from bot.match.outbound import PrivateUpdate, PublicUpdate, private_update, public_update
from bot.match.replay import Replay, build_replay
from bot.store import ACTIVE, FINISHED, LOBBY
from bot.workers import Workers


class Queries:
    def __init__(self, matches: Matches, workers: Workers) -> None:
        self.matches = matches
        self.workers = workers
        self.store = matches.store

    async def info(self, match_id: int) -> MatchInfo:
        live = await self.matches.load(match_id)
        (info,) = await self.matches.annotate([live.info(await self._result_of(live))])
        return info

    async def settled(self, match_id: int) -> tuple[MatchInfo, PublicUpdate | None]:
        """The match and its public board as they stand between changes (``info``'s version
        is the board's): what a front end reconciles to. No board before the deal."""
        live = await self.matches.settled(match_id)
        (info,) = await self.matches.annotate([live.info(await self._result_of(live))])
        if live.state is None or live.record.status not in (ACTIVE, FINISHED):
            return info, None
        return info, public_update(live.game, live.id, live.state, live.seats)

    async def _result_of(self, live: Live) -> Result | None:
        if live.record.status != FINISHED:
            return None
        stored = await self.store.get_result(live.id)
        if stored is None:
            return None
        # The stored detail is English words; the game's own result of the final state
        # holds them as a sentence, to say in each reader's language.
        own = live.game.result(live.state) if live.state is not None else None
        if own is None or own.reason != stored.reason:
            return Result(stored.scores, stored.placings, stored.reason, stored.detail)
        return Result(stored.scores, stored.placings, stored.reason, stored.detail,
                      own.sentence, own.args)

    async def matches_of(self, user_id: int) -> list[MatchInfo]:
        """The user's lobbies and running matches, those waiting for them first."""
        infos = [self.matches.live(record).info()
                 for record in await self.store.matches_of_user(user_id, (ACTIVE, LOBBY))]
        return by_urgency(await self.matches.annotate(infos), user_id)

    async def hand(self, match_id: int, user_id: int) -> PrivateUpdate:
        """The user's current private view and open decisions (for /hand)."""
        live = await self.matches.load(match_id)
        if live.record.status != FINISHED:
            require_active(live)
            if any(s.user_id == user_id and s.resigned for s in live.seats):
                raise NotSeated(LEFT)  # who left sees no more cards until the match ends
        for seat in live.seats:
            if seat.user_id == user_id:
                return private_update(live.game, live.id, live.state, seat, user_id)
        raise NotSeated(said("You are not seated in this match, so there is no hand to show: "
                        "you can follow the table in its thread."))

    async def board(self, match_id: int) -> PublicUpdate:
        """The public view and who must act (for /board)."""
        live = await self.matches.load(match_id)
        if live.record.status != FINISHED:
            require_active(live)
        return public_update(live.game, live.id, live.state, live.seats)

    async def replay(self, match_id: int, user_id: int, private: bool = False) -> Replay:
        """The match from its deal, rebuilt from the log: the public table, or with
        ``private`` the user's own cards too (only their seat's, and only once it is over).
        The log is read under the lock; the rebuild runs in a worker process."""
        async with self.matches.locked(match_id) as live:
            if live.state is None:
                raise NotStarted(said("This match has not started yet."))
            viewer = None
            if private:
                mine = next((s for s in live.seats if s.user_id == user_id), None)
                if mine is None:
                    raise NotSeated(said("Only the players of this match can see their own cards "
                                    "in its replay."))
                if live.record.status == ACTIVE:
                    raise NotStarted(said("Your own cards join the replay once the match is over."))
                viewer = mine.seat
            log = await self.store.actions(live.id)
        return await self.workers.run_or_thread(build_replay, live.game, live.record, log, viewer)

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        await self.store.set_thread(match_id, thread_id)

    async def set_dm_ok(self, user_id: int, ok: bool) -> None:
        await self.store.set_dm_ok(user_id, ok)
