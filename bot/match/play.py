"""Playing a running match: a person's move (a double submit counts once), finishing AI turns
after a restart, and leaving a match (resigning, or being removed by the host)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.engine import (
    Action,
    Decision,
    Event,
    Game,
    Result,
    Sentence,
    StaleDecision,
    find_decision,
    play,
)
from bot.engine.said import said
from bot.match import sentences as words
from bot.match.errors import AlreadyDone, HostCannotLeave, NotSeated
from bot.match.info import MatchInfo
from bot.match.live import Live, Matches, playing_seat, require_active, require_host
from bot.match.lobby import save_seats
from bot.match.moves import commit_move, laid_out
from bot.match.outbound import Move, Outbound, build_outbound
from bot.match.results import RESIGNATION, rank_resigned_last, result_record
from bot.match.turns import AiTurns
from bot.store import ACTIVE, FINISHED, LOBBY, SeatRecord


@dataclass(frozen=True)
class OpenDecision:
    """A decision open for a person, as the match stood when it was read: what a click on
    its prompt works from before it answers, with no further read (``submit`` checks
    again against the stored match)."""

    decision: Decision
    info: MatchInfo
    """The match as read (seats for names; not annotated by the hooks)."""
    game: Game[Any, Any]
    state: Any

    def check(self, choice: Sequence[str]) -> None:
        """Raise what ``submit`` would raise for ``choice``, changing nothing: a menu refuses
        an illegal selection before asking to confirm it."""
        play(self.game, self.state, self.decision.player, Action(self.decision.id, tuple(choice)))


class Play:
    def __init__(self, matches: Matches, turns: AiTurns) -> None:
        self.matches = matches
        self.turns = turns

    async def submit(self, match_id: int, user_id: int, decision_id: str,
                     choice: Sequence[str]) -> list[Outbound]:
        """Play ``choice`` for ``decision_id``; then AI seats move until a person must act."""
        async with self.matches.locked(match_id) as live:
            require_active(live)
            seat = playing_seat(live, user_id)
            action = Action(decision_id, tuple(choice))
            try:
                find_decision(live.game, live.state, seat.seat, decision_id)
            except StaleDecision:
                await self._explain_stale(live, seat, action)
                raise
            before = live.state
            await commit_move(self.matches, live, seat, action, user_id)
            await self.turns.run(live)
            return build_outbound(live.game, live.id, live.seats, live.state, live.events,
                                  before, live.result, live.moves, version=live.version)

    async def opened(self, match_id: int, user_id: int, decision_id: str) -> OpenDecision:
        """``decision_id`` if it is open for the user, from one read of the match (a click
        is answered within Discord's deadline even on a busy machine); else what
        ``submit`` would raise (already answered, out of date, over...)."""
        live = await self.matches.load(match_id)
        require_active(live)
        seat = playing_seat(live, user_id)
        try:
            decision = find_decision(live.game, live.state, seat.seat, decision_id)
        except StaleDecision:
            await self._explain_stale(live, seat, Action(decision_id, ()))
            raise
        return OpenDecision(decision, live.info(), live.game, live.state)

    async def _explain_stale(self, live: Live, seat: SeatRecord, action: Action) -> None:
        """Tell a repeated submission (double click) apart from an old prompt."""
        logged = await self.matches.store.find_action(live.id, seat.seat, action.decision)
        if logged is None:
            return
        if logged.autopilot:
            raise StaleDecision(said("Time ran out on that prompt, so the AI chose for you; "
                                "nothing was changed."))
        if Action.from_json(logged.action) == laid_out(live.game, live.record.seed, action):
            raise AlreadyDone(said("You already made that choice; it counted once."))
        raise StaleDecision(said("You already answered that prompt; nothing was changed."))

    async def resume(self, match_id: int) -> list[Outbound]:
        """Finish AI turns that a stop cut short (a move is committed before the AI answers
        it, so a process killed in between leaves a match waiting on an AI seat)."""
        async with self.matches.locked(match_id) as live:
            ai = {s.seat for s in live.seats if s.is_ai}
            if (live.record.status != ACTIVE
                    or not any(d.player in ai for d in live.game.pending(live.state))):
                return []
            before = live.state
            await self.turns.run(live)
            return build_outbound(live.game, live.id, live.seats, live.state, live.events,
                                  before, live.result, live.moves, version=live.version)

    async def resign(self, match_id: int, user_id: int) -> list[Outbound]:
        """Leave a running match: the AI takes the seat, ranked last; a last player left wins."""
        async with self.matches.locked(match_id) as live:
            require_active(live)
            seat = playing_seat(live, user_id)
            return await self.hand_over(live, seat, words.RESIGNED)

    async def remove(self, match_id: int, by_user: int, user_id: int,
                     can_manage: bool = False) -> list[Outbound]:
        """The host (or, with ``can_manage``, a server manager) takes a player out: a lobby
        seat is freed; in a running match the AI plays the seat on, as after a resignation."""
        async with self.matches.locked(match_id) as live:
            require_host(live, by_user, can_manage,
                         said("Only the host can remove a player."))
            if live.record.status == LOBBY and user_id == live.record.host_id:
                raise HostCannotLeave(said("The host can't be removed: cancel the match instead."))
            if live.record.status != LOBBY:
                require_active(live)
            seat = next((s for s in live.seats if s.user_id == user_id and not s.resigned), None)
            if seat is None:
                raise NotSeated(said("That user is not playing in this match."))
            if live.record.status == LOBBY:
                await save_seats(self.matches.store, live,
                                 [s for s in live.seats if s.user_id != user_id])
                return []
            return await self.hand_over(live, seat, words.REMOVED)

    async def hand_over(self, live: Live, seat: SeatRecord, said: Sentence,
                        reason: str = RESIGNATION, **args: object) -> list[Outbound]:
        """Hand ``seat`` to the AI, ranked last; the match ends when one player is left, for
        ``reason`` (``bot.match.results``: a resignation, or a forfeit on time). The log says
        ``said`` about the seat ({player}), with ``args`` for its other placeholders."""
        before = live.state
        gone = replace(seat, is_ai=True, ai_level="normal", resigned=True)
        live.seats = tuple(gone if s.seat == seat.seat else s for s in live.seats)
        live.events.append(Event(RESIGNATION, said, {**args, "player": seat.seat}))
        live.moves.append(Move(live.game.turn(live.state), tuple(live.events[-1:]), live.state))
        staying = [s.seat for s in live.seats if not s.resigned]
        if len(staying) <= 1:
            # One transaction: the match ends; the result records who resigned.
            scores = tuple(1.0 if i in staying else 0.0 for i in range(len(live.seats)))
            result = rank_resigned_last(
                Result(scores, (1,) * len(live.seats), reason), live.seats)
            live.version = await self.matches.store.close_match(
                live.id, live.version, FINISHED, result_record(result))
            live.result = result
        else:
            live.version = await self.matches.store.update_seat(live.id, live.version, gone)
            await self.turns.run(live)
        return build_outbound(live.game, live.id, live.seats, live.state, live.events,
                              before, live.result, live.moves, version=live.version)
