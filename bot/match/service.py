"""MatchService: lobbies, seats and moves, persisted before anything is announced (DESIGN §1).

Every change to a match runs under that match's lock, is checked, committed with a
compare-and-swap on the version, and only then turned into outbound messages (data, never
Discord calls). AI seats move through the same checked, logged path as people.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from bot import logs
from bot.engine import (
    Action,
    BadOptions,
    Decision,
    Event,
    Game,
    IllegalAction,
    MatchOver,
    Result,
    Rng,
    StaleDecision,
    find_decision,
    parse_options,
    play,
    registry,
)
from bot.engine.search import STRONG
from bot.match.clock import MatchClock
from bot.match.errors import (
    AlreadyDone,
    AlreadyJoined,
    BadSeatCount,
    HostCannotLeave,
    LobbyClosed,
    LobbyFull,
    NotHost,
    NotSeated,
    NotStarted,
    UnknownMatch,
)
from bot.match.info import MatchInfo, by_urgency
from bot.match.outbound import (
    MatchCancelled,
    Move,
    Outbound,
    PrivateUpdate,
    PublicUpdate,
    build_outbound,
    private_update,
    public_update,
)
from bot.match.ratings import Ratings
from bot.match.replay import Replay, build_replay, state_text, undo_action
from bot.match.results import (
    RESIGNATION,
    cancelled_result,
    rank_resigned_last,
    result_record,
)
from bot.match.thinker import Thinker
from bot.match.undo import (
    OFF,
    Moment,
    UndoAsked,
    UndoDeclined,
    UndoRefused,
    consent_needed,
    undoable,
)
from bot.store import (
    ACTIVE,
    CANCELLED,
    FINISHED,
    LOBBY,
    ActionRow,
    MatchRecord,
    NewMatch,
    SeatRecord,
    Store,
    UndoRequestRecord,
    VersionConflict,
)

log = logging.getLogger(__name__)

LEFT = "You resigned or were removed from this match; the AI plays your seat."

def _random_seed() -> int:
    return secrets.randbits(63)


@dataclass
class _Live:
    """A match being changed under its lock: the record plus the game objects."""

    record: MatchRecord
    game: Game[Any, Any]
    state: Any
    seats: tuple[SeatRecord, ...]
    version: int
    result: Result | None = None
    events: list[Event] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)

    @property
    def id(self) -> int:
        return self.record.id


class MatchService:
    """The one place where matches change; front ends call it and deliver what it returns."""

    def __init__(self, store: Store, *, seed_source: Callable[[], int] = _random_seed,
                 cache_size: int = 256, thinker: Thinker | None = None) -> None:
        self.store = store
        self.thinker = thinker if thinker is not None else Thinker()
        """Where strong AI seats search (worker processes, started on first use)."""
        self._seed_source = seed_source
        self._cache_size = cache_size
        self._states: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())
        self.ratings = Ratings(store)

    # -- loading ---------------------------------------------------------------------------

    @asynccontextmanager
    async def _locked(self, match_id: int) -> AsyncIterator[_Live]:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        async with lock:
            live = await self._load(match_id)
            try:
                yield live
            except VersionConflict:
                self._states.pop(match_id, None)
                raise StaleDecision("The match moved on meanwhile; nothing was changed.") from None
            if live.result is not None:
                await self._rate(live)

    async def _rate(self, live: _Live) -> None:
        """Fold a match that just ended into the ratings. The result is committed already, so
        a failure here only delays the rating: the next reader of the ratings catches up."""
        if live.record.guild_id is None:
            return
        try:
            await self.ratings.bring_up_to_date(live.record.guild_id, live.record.game)
        except Exception:  # the move stands; ratings are caught up on the next read
            log.exception("match %s: rating the result failed", live.id)

    async def _load(self, match_id: int) -> _Live:
        logs.bind_match(match_id)
        if not 0 < match_id < 2**63:  # beyond the stores' integers: forged, never stored
            raise UnknownMatch(match_id)
        record = await self.store.get_match(match_id)
        if record is None:
            raise UnknownMatch(match_id)
        game = registry.get(record.game)
        state = self._state(record, game)
        return _Live(record, game, state, record.seats, record.version)

    def _state(self, record: MatchRecord, game: Game[Any, Any]) -> Any:
        """The state object, from the bounded cache when it holds this version."""
        if record.state is None:
            return None
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            self._states.move_to_end(record.id)
            return cached[1]
        state = game.from_json(json.loads(record.state))
        self._remember(record.id, record.version, state)
        return state

    def _remember(self, match_id: int, version: int, state: Any) -> None:
        self._states[match_id] = (version, state)
        self._states.move_to_end(match_id)
        while len(self._states) > self._cache_size:
            self._states.popitem(last=False)

    def _info(self, live: _Live, result: Result | None = None) -> MatchInfo:
        r = live.record
        to_act: tuple[int, ...] = ()
        if r.status == ACTIVE and live.state is not None:
            to_act = tuple(sorted({d.player for d in live.game.pending(live.state)}))
        return MatchInfo(r.id, r.game, live.game.title, r.status, live.version, r.host_id,
                         r.guild_id, r.channel_id, r.thread_id, r.options, live.seats,
                         live.game.min_players, live.game.max_players, to_act, result,
                         clock=MatchClock.from_json(r.clock), paused=r.paused_at is not None,
                         undo=r.undo)

    async def _result_of(self, live: _Live) -> Result | None:
        if live.record.status != FINISHED:
            return None
        stored = await self.store.get_result(live.id)
        if stored is None:
            return None
        return Result(stored.scores, stored.placings, stored.reason, stored.detail)

    # -- checks ----------------------------------------------------------------------------

    @staticmethod
    def _require_lobby(live: _Live) -> None:
        status = live.record.status
        if status == CANCELLED:
            raise MatchOver("This match was cancelled.")
        if status != LOBBY:
            raise LobbyClosed("This match has already started; seats can no longer change.")

    @staticmethod
    def _require_active(live: _Live) -> None:
        status = live.record.status
        if status == LOBBY:
            raise NotStarted("This match has not started yet.")
        if status == CANCELLED:
            raise MatchOver("This match was cancelled.")
        if status == FINISHED:
            raise MatchOver("This match is over.")

    @staticmethod
    def _require_host(live: _Live, user_id: int, can_manage: bool = False,
                      what: str = "do that") -> None:
        if user_id != live.record.host_id and not can_manage:
            raise NotHost(f"Only the host can {what}.")

    @staticmethod
    def _playing_seat(live: _Live, user_id: int) -> SeatRecord:
        for seat in live.seats:
            if seat.user_id == user_id:
                if seat.resigned:
                    raise NotSeated(LEFT)
                return seat
        raise NotSeated("You are not playing in this match.")

    # -- lobby -----------------------------------------------------------------------------

    async def create(self, game_name: str, host_id: int, *, guild_id: int | None = None,
                     channel_id: int | None = None, options: Mapping[str, Any] | None = None,
                     seed: int | None = None, seat_host: bool = True,
                     clock: MatchClock | None = None, undo: bool = False) -> MatchInfo:
        """A new lobby; the host takes seat 0 unless ``seat_host`` is False. Without a
        ``clock`` the match is untimed; ``undo`` lets players take moves back by consent."""
        game = registry.get(game_name)
        parsed = parse_options(game.options, options)
        seats = (SeatRecord(0, host_id),) if seat_host else ()
        record = await self.store.create_match(NewMatch(
            game.name, parsed, self._seed_source() if seed is None else seed, host_id,
            guild_id, channel_id, None, seats, clock.to_json() if clock is not None else {},
            undo=undo))
        logs.bind_match(record.id)
        return self._info(_Live(record, game, None, record.seats, record.version))

    async def _save_seats(self, live: _Live, seats: Sequence[SeatRecord]) -> MatchInfo:
        numbered = tuple(replace(s, seat=i) for i, s in enumerate(seats))
        live.version = await self.store.save_lobby(live.id, live.version, numbered)
        live.seats = numbered
        return self._info(live)

    def _check_room(self, live: _Live) -> None:
        if len(live.seats) >= live.game.max_players:
            raise LobbyFull(f"This lobby is full ({live.game.max_players} seats).")

    async def join(self, match_id: int, user_id: int) -> MatchInfo:
        async with self._locked(match_id) as live:
            self._require_lobby(live)
            if any(s.user_id == user_id for s in live.seats):
                raise AlreadyJoined("You have already joined this match.")
            self._check_room(live)
            return await self._save_seats(live, (*live.seats, SeatRecord(0, user_id)))

    async def leave(self, match_id: int, user_id: int) -> MatchInfo:
        async with self._locked(match_id) as live:
            self._require_lobby(live)
            if user_id == live.record.host_id:
                raise HostCannotLeave("You are hosting this match: cancel it instead.")
            if not any(s.user_id == user_id for s in live.seats):
                raise NotSeated("You are not in this lobby.")
            return await self._save_seats(
                live, [s for s in live.seats if s.user_id != user_id])

    async def add_ai(self, match_id: int, user_id: int, level: str = "normal",
                     can_manage: bool = False) -> MatchInfo:
        async with self._locked(match_id) as live:
            self._require_lobby(live)
            self._require_host(live, user_id, can_manage, "add AI players")
            if level not in live.game.ai_levels:
                raise BadOptions(f"AI level `{level}` is unknown. Levels: "
                                 f"{', '.join(live.game.ai_levels)}.")
            self._check_room(live)
            return await self._save_seats(
                live, (*live.seats, SeatRecord(0, None, is_ai=True, ai_level=level)))

    async def start(self, match_id: int, user_id: int) -> list[Outbound]:
        """Deal the game (host only) and let AI seats make their opening moves."""
        async with self._locked(match_id) as live:
            self._require_lobby(live)
            self._require_host(live, user_id, what="start the match")
            game, n = live.game, len(live.seats)
            if not game.min_players <= n <= game.max_players:
                raise BadSeatCount(f"{game.title} needs {game.min_players}–{game.max_players} "
                                   f"players; this lobby has {n}.")
            options = parse_options(game.options, live.record.options)
            state = game.setup(n, options, live.record.seed)
            live.version = await self.store.start_match(live.id, live.version,
                                                        state_text(game, state))
            live.state = state
            self._remember(live.id, live.version, state)
            await self._run_ai(live)
            return build_outbound(game, live.id, live.seats, live.state, live.events,
                                  None, live.result, live.moves)

    async def cancel(self, match_id: int, user_id: int,
                     can_manage: bool = False) -> list[Outbound]:
        """Host (or, with ``can_manage``, a server manager) calls the match off."""
        async with self._locked(match_id) as live:
            if live.record.status == CANCELLED:
                raise MatchOver("This match was already cancelled.")
            if live.record.status == FINISHED:
                raise MatchOver("This match is over.")
            self._require_host(live, user_id, can_manage, "cancel the match")
            result = None
            if live.record.status == ACTIVE:
                by = "the host" if user_id == live.record.host_id else "a server manager"
                result = result_record(cancelled_result(len(live.seats), f"Called off by {by}."))
            live.version = await self.store.close_match(live.id, live.version, CANCELLED, result)
            return [MatchCancelled(live.id, user_id)]

    # -- play ------------------------------------------------------------------------------

    async def submit(self, match_id: int, user_id: int, decision_id: str,
                     choice: Sequence[str]) -> list[Outbound]:
        """Play ``choice`` for ``decision_id``; then AI seats move until a person must act."""
        async with self._locked(match_id) as live:
            self._require_active(live)
            seat = self._playing_seat(live, user_id)
            action = Action(decision_id, tuple(choice))
            try:
                find_decision(live.game, live.state, seat.seat, decision_id)
            except StaleDecision:
                await self._explain_stale(live, seat, action)
                raise
            before = live.state
            await self._play(live, seat, action, user_id)
            await self._run_ai(live)
            return build_outbound(live.game, live.id, live.seats, live.state, live.events,
                                  before, live.result, live.moves)

    async def _explain_stale(self, live: _Live, seat: SeatRecord, action: Action) -> None:
        """Tell a repeated submission (double click) apart from an old prompt."""
        logged = await self.store.find_action(live.id, seat.seat, action.decision)
        if logged is None:
            return
        if logged.autopilot:
            raise StaleDecision("Time ran out on that prompt, so the AI chose for you; "
                                "nothing was changed.")
        if Action.from_json(logged.action) == action:
            raise AlreadyDone("You already made that choice; it counted once.")
        raise StaleDecision("You already answered that prompt; nothing was changed.")

    async def _play(self, live: _Live, seat: SeatRecord, action: Action,
                    user_id: int | None, autopilot: bool = False) -> None:
        """One checked move, committed with the version check before anything else sees it.

        ``autopilot``: the AI moves for a person whose clock ran out (logged as such)."""
        with logs.about(live.id, action.decision):
            turn = live.game.turn(live.state)
            state, events = play(live.game, live.state, seat.seat, action)
            result = live.game.result(state)
            if result is not None:
                result = rank_resigned_last(result, live.seats)
            live.version = await self.store.commit_move(
                live.id, live.version, state_text(live.game, state),
                ActionRow(seat.seat, user_id, action.decision, action.to_json(), autopilot),
                result_record(result) if result is not None else None)
            log.info("seat %d (%s) played %s; version %d", seat.seat + 1,
                     "AI" if user_id is None else f"user {user_id}", list(action.choice),
                     live.version)
        live.state, live.result = state, result
        live.events += events
        live.moves.append(Move(turn, tuple(events), state))
        self._remember(live.id, live.version, state)

    async def _run_ai(self, live: _Live) -> None:
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
            await self._ai_move(live, seat, todo[0], seat.ai_level or "normal")
        raise RuntimeError(f"match {live.id}: AI seats kept playing past {game.max_steps} steps")

    async def _ai_move(self, live: _Live, seat: SeatRecord, decision: Decision, level: str,
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
            await self._play(live, seat, action, None, autopilot)
        except IllegalAction as exc:
            if decision.default is None:
                raise
            log.warning("match %s: AI move %s rejected (%s); playing the default",
                        live.id, action, exc)
            await self._play(live, seat, Action(decision.id, decision.default), None, autopilot)

    async def resume(self, match_id: int) -> list[Outbound]:
        """Finish AI turns that a stop cut short (a move is committed before the AI answers
        it, so a process killed in between leaves a match waiting on an AI seat)."""
        async with self._locked(match_id) as live:
            ai = {s.seat for s in live.seats if s.is_ai}
            if (live.record.status != ACTIVE
                    or not any(d.player in ai for d in live.game.pending(live.state))):
                return []
            before = live.state
            await self._run_ai(live)
            return build_outbound(live.game, live.id, live.seats, live.state, live.events,
                                  before, live.result, live.moves)

    async def resign(self, match_id: int, user_id: int) -> list[Outbound]:
        """Leave a running match: the AI takes the seat, ranked last; a last player left wins."""
        async with self._locked(match_id) as live:
            self._require_active(live)
            seat = self._playing_seat(live, user_id)
            return await self._resign(live, seat, f"Player {seat.seat + 1} resigned.")

    async def remove(self, match_id: int, by_user: int, user_id: int,
                     can_manage: bool = False) -> list[Outbound]:
        """The host (or, with ``can_manage``, a server manager) takes a player out: a lobby
        seat is freed; in a running match the AI plays the seat on, as after a resignation."""
        async with self._locked(match_id) as live:
            self._require_host(live, by_user, can_manage, "remove a player")
            if live.record.status == LOBBY and user_id == live.record.host_id:
                raise HostCannotLeave("The host can't be removed: cancel the match instead.")
            if live.record.status != LOBBY:
                self._require_active(live)
            seat = next((s for s in live.seats if s.user_id == user_id and not s.resigned), None)
            if seat is None:
                raise NotSeated("That user is not playing in this match.")
            if live.record.status == LOBBY:
                await self._save_seats(live, [s for s in live.seats if s.user_id != user_id])
                return []
            return await self._resign(live, seat, f"Player {seat.seat + 1} was removed.")

    async def _resign(self, live: _Live, seat: SeatRecord, text: str,
                      reason: str = RESIGNATION) -> list[Outbound]:
        """Hand ``seat`` to the AI, ranked last; the match ends when one player is left, for
        ``reason`` (``bot.match.results``: a resignation, or a forfeit on time)."""
        before = live.state
        gone = replace(seat, is_ai=True, ai_level="normal", resigned=True)
        live.seats = tuple(gone if s.seat == seat.seat else s for s in live.seats)
        live.events.append(Event(RESIGNATION, text))
        live.moves.append(Move(live.game.turn(live.state), tuple(live.events[-1:]), live.state))
        staying = [s.seat for s in live.seats if not s.resigned]
        if len(staying) <= 1:
            # One transaction: the match ends; the result records who resigned.
            scores = tuple(1.0 if i in staying else 0.0 for i in range(len(live.seats)))
            result = rank_resigned_last(
                Result(scores, (1,) * len(live.seats), reason), live.seats)
            live.version = await self.store.close_match(
                live.id, live.version, FINISHED, result_record(result))
            live.result = result
        else:
            live.version = await self.store.update_seat(live.id, live.version, gone)
            await self._run_ai(live)
        return build_outbound(live.game, live.id, live.seats, live.state, live.events,
                              before, live.result, live.moves)

    # -- undo by consent (bot.match.undo) ----------------------------------------------------

    async def ask_undo(self, match_id: int,
                       user_id: int) -> list[Outbound | UndoAsked | UndoDeclined]:
        """Ask to take back one's latest move (and every move after it). With nobody else to
        ask (only AI opponents) it is taken back at once; else the others are asked."""
        async with self._locked(match_id) as live:
            self._require_active(live)
            if not live.record.undo:
                raise UndoRefused(OFF)
            seat = self._playing_seat(live, user_id)
            moments = await self._undoable(live, seat.seat)
            waiting = consent_needed(live.seats, user_id)
            if not waiting:
                return [*await self._undo(live, seat, user_id, moments)]
            await self.store.put_undo_request(
                UndoRequestRecord(live.id, seat.seat, user_id, live.version))
            return [UndoAsked(live.id, seat.seat, user_id, waiting)]

    async def answer_undo(self, match_id: int, user_id: int,
                          accept: bool) -> list[Outbound | UndoAsked | UndoDeclined]:
        """Another player's answer; the last agreement takes the moves back."""
        async with self._locked(match_id) as live:
            self._require_active(live)
            asked = await self.store.get_undo_request(live.id)
            if asked is None or asked.version != live.version:
                raise StaleDecision("That request to take a move back is out of date; "
                                    "nothing was changed.")
            needed = consent_needed(live.seats, asked.user_id)
            if user_id not in needed:
                raise NotSeated("Only the other players answer this request.")
            if user_id in asked.accepted:
                raise AlreadyDone("You already agreed; it counted once.")
            if not accept:
                await self.store.delete_undo_request(live.id)
                return [UndoDeclined(live.id, user_id)]
            accepted = (*asked.accepted, user_id)
            waiting = tuple(u for u in needed if u not in accepted)
            if waiting:
                await self.store.put_undo_request(replace(asked, accepted=accepted))
                return [UndoAsked(live.id, asked.seat, asked.user_id, waiting)]
            seat = live.seats[asked.seat]
            moments = await self._undoable(live, seat.seat)
            await self.store.delete_undo_request(live.id)
            return [*await self._undo(live, seat, asked.user_id, moments)]

    async def _undoable(self, live: _Live, seat: int) -> list[Moment]:
        """The moves an undo by ``seat`` takes back, checked (``UndoRefused`` if not); the
        rebuild runs off the event loop, the match's lock still held."""
        return await asyncio.to_thread(
            undoable, live.game, live.record, await self.store.actions(live.id), seat,
            Rng(live.record.seed).fork(live.version))

    async def _undo(self, live: _Live, seat: SeatRecord, user_id: int,
                    moments: Sequence[Moment]) -> list[Outbound]:
        """Log the undo row with the earlier snapshot, then let AI seats move again."""
        before, state = live.state, moments[0].before
        action = undo_action(moments[0].row.seq)
        live.version = await self.store.commit_move(
            live.id, live.version, state_text(live.game, state),
            ActionRow(seat.seat, user_id, action.decision, action.to_json()))
        live.state = state
        self._remember(live.id, live.version, state)
        n = len(moments)
        live.events.append(Event("undo", f"Player {seat.seat + 1} takes back "
                                          f"{'a move' if n == 1 else f'{n} moves'}."))
        live.moves.append(Move(live.game.turn(state), tuple(live.events[-1:]), state))
        await self._run_ai(live)
        return build_outbound(live.game, live.id, live.seats, live.state, live.events,
                              before, live.result, live.moves)

    # -- what front ends ask ---------------------------------------------------------------

    async def replay(self, match_id: int, user_id: int, private: bool = False) -> Replay:
        """The match from its deal, rebuilt from the log: the public table, or with
        ``private`` the user's own cards too (only their seat's, and only once it is over).
        The log is read under the lock; the rebuild runs off the event loop."""
        async with self._locked(match_id) as live:
            if live.state is None:
                raise NotStarted("This match has not started yet.")
            viewer = None
            if private:
                mine = next((s for s in live.seats if s.user_id == user_id), None)
                if mine is None:
                    raise NotSeated("Only the players of this match can see their own cards "
                                    "in its replay.")
                if live.record.status == ACTIVE:
                    raise NotStarted("Your own cards join the replay once the match is over.")
                viewer = mine.seat
            log = await self.store.actions(live.id)
        return await asyncio.to_thread(build_replay, live.game, live.record, log, viewer)

    async def info(self, match_id: int) -> MatchInfo:
        live = await self._load(match_id)
        return self._info(live, await self._result_of(live))

    async def matches_of(self, user_id: int) -> list[MatchInfo]:
        """The user's lobbies and running matches, those waiting for them first."""
        infos = []
        for record in await self.store.matches_of_user(user_id, (ACTIVE, LOBBY)):
            game = registry.get(record.game)
            live = _Live(record, game, self._state(record, game), record.seats, record.version)
            infos.append(self._info(live))
        return by_urgency(infos, user_id)

    async def hand(self, match_id: int, user_id: int) -> PrivateUpdate:
        """The user's current private view and open decisions (for /hand)."""
        live = await self._load(match_id)
        if live.record.status != FINISHED:
            self._require_active(live)
            if any(s.user_id == user_id and s.resigned for s in live.seats):
                raise NotSeated(LEFT)  # who left sees no more cards until the match ends
        for seat in live.seats:
            if seat.user_id == user_id:
                return private_update(live.game, live.id, live.state, seat, user_id)
        raise NotSeated("You are not seated in this match, so there is no hand to show: "
                        "you can follow the table in its thread.")

    async def board(self, match_id: int) -> PublicUpdate:
        """The public view and who must act (for /board)."""
        live = await self._load(match_id)
        if live.record.status != FINISHED:
            self._require_active(live)
        return public_update(live.game, live.id, live.state, live.seats)

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        await self.store.set_thread(match_id, thread_id)

    async def set_dm_ok(self, user_id: int, ok: bool) -> None:
        await self.store.set_dm_ok(user_id, ok)
