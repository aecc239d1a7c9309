"""The matches being changed: per-match locks, loading, the state cache, and the hooks that
follow every change (DESIGN §1).

Every change to a match runs inside ``Matches.locked``: one lock per match, the record read
fresh, a version conflict turned into ``StaleDecision``. When the change is over, still under
the lock, each ``MatchHooks`` collaborator sees the match as it was left (ratings fold in a
result, clocks line up their deadlines); that is the one seam for whatever follows a change.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from bot import logs
from bot.engine import Event, Game, MatchOver, Result, StaleDecision, registry
from bot.engine.said import Said, said
from bot.match.clock import MatchClock
from bot.match.errors import (
    LobbyClosed,
    MatchQuarantined,
    NotHost,
    NotSeated,
    NotStarted,
    UnknownMatch,
)
from bot.match.info import MatchInfo
from bot.match.outbound import Move
from bot.store import (
    ACTIVE,
    CANCELLED,
    FINISHED,
    LOBBY,
    DamagedRecord,
    MatchRecord,
    SeatRecord,
    Store,
    VersionConflict,
)

log = logging.getLogger(__name__)

LEFT = said("You resigned or were removed from this match; the AI plays your seat.")


@dataclass
class Live:
    """A match being changed under its lock: the record plus the game objects, and what this
    change did so far (events, moves, the seats people moved for)."""

    record: MatchRecord
    game: Game[Any, Any]
    state: Any
    seats: tuple[SeatRecord, ...]
    version: int
    result: Result | None = None
    events: list[Event] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    people_moved: set[int] = field(default_factory=set)
    """Seats a person moved for in this change (a clock's streak of missed turns ends)."""
    loaded_version: int = field(init=False)

    def __post_init__(self) -> None:
        self.loaded_version = self.version

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def changed(self) -> bool:
        """Something was committed since the match was loaded."""
        return self.version != self.loaded_version

    def info(self, result: Result | None = None) -> MatchInfo:
        r = self.record
        to_act: tuple[int, ...] = ()
        if r.status == ACTIVE and self.state is not None:
            to_act = tuple(sorted({d.player for d in self.game.pending(self.state)}))
        return MatchInfo(r.id, r.game, self.game.title, r.status, self.version, r.host_id,
                         r.guild_id, r.channel_id, r.thread_id, r.options, self.seats,
                         self.game.min_players, self.game.max_players, to_act, result,
                         clock=MatchClock.from_json(r.clock), paused=r.paused_at is not None,
                         undo=r.undo, lesson=r.lesson)


class MatchHooks:
    """A collaborator that follows match changes; the defaults do nothing."""

    async def after(self, live: Live) -> None:
        """A change under the match's lock is over (``live.changed``: something was
        committed, even if the change then failed); the lock is still held."""

    async def annotate(self, infos: list[MatchInfo]) -> list[MatchInfo]:
        """What front ends are told about matches, with this collaborator's additions."""
        return infos


@dataclass
class _Reads:
    """The matches read inside one ``Matches.reading``, by id; ``open`` while it lasts (a
    task started inside keeps the context, and must read afresh once it is over)."""

    lives: dict[int, Live] = field(default_factory=dict)
    open: bool = True


_shared: ContextVar[_Reads | None] = ContextVar("shared_reads", default=None)


class Matches:
    """Loads matches under their locks, caches their states, and tells the hooks."""

    def __init__(self, store: Store, cache_size: int) -> None:
        self.store = store
        self.hooks: list[MatchHooks] = []
        self._cache_size = cache_size
        self._states: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())
        self.quarantined: set[int] = set()
        """Matches found damaged since the start (each logged once)."""

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Reads of a match inside (``load``, and the queries built on it) share one load,
        in this task and those it starts: a delivery reads its match for each person's
        prompt, and so makes one store round trip and shows them one table. A change
        (``locked``) always reads afresh, and drops what was shared."""
        reads = _Reads()
        token = _shared.set(reads)
        try:
            yield
        finally:
            reads.open = False
            _shared.reset(token)

    @asynccontextmanager
    async def locked(self, match_id: int) -> AsyncIterator[Live]:
        """The match, loaded under its lock; every hook sees it when the change is over."""
        async with self._lock(match_id):
            shared = _shared.get()
            if shared is not None:
                shared.lives.pop(match_id, None)
            live = await self._load(match_id)
            try:
                yield live
            except VersionConflict:
                self._states.pop(match_id, None)
                raise StaleDecision(said(
                    "The match moved on meanwhile; nothing was changed.")) from None
            finally:
                for hook in self.hooks:
                    await hook.after(live)

    async def settled(self, match_id: int) -> Live:
        """The match between changes: loaded under its lock, changing nothing (a change
        commits AI moves one by one, so a read without the lock can land halfway)."""
        async with self._lock(match_id):
            return await self.load(match_id)

    def _lock(self, match_id: int) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    async def load(self, match_id: int) -> Live:
        """The match as stored (inside ``reading``: as first read there)."""
        shared = _shared.get()
        if shared is None or not shared.open:
            return await self._load(match_id)
        live = shared.lives.get(match_id)
        if live is None:
            live = shared.lives[match_id] = await self._load(match_id)
        return live

    async def _load(self, match_id: int) -> Live:
        logs.bind_match(match_id)
        if not 0 < match_id < 2**63:  # beyond the stores' integers: forged, never stored
            raise UnknownMatch(match_id)
        try:
            record = await self.store.get_match(match_id)
        except DamagedRecord as damaged:
            raise self._quarantine(match_id, damaged.guild_id, damaged.channel_id,
                                   str(damaged)) from damaged
        if record is None:
            raise UnknownMatch(match_id)
        try:
            return self.live(record)
        except Exception as exc:  # the game's own loader: any failure means a bad snapshot
            raise self._quarantine(match_id, record.guild_id,
                                   record.thread_id or record.channel_id,
                                   f"its snapshot does not load: {exc!r}") from exc

    def _quarantine(self, match_id: int, guild_id: int | None, channel_id: int | None,
                    detail: str) -> MatchQuarantined:
        """Set a damaged match aside (logged once per process) and say so."""
        if match_id not in self.quarantined:
            self.quarantined.add(match_id)
            log.error("match %s quarantined: %s", match_id, detail)
        return MatchQuarantined(match_id, guild_id, channel_id)

    def live(self, record: MatchRecord) -> Live:
        game = registry.get(record.game)
        return Live(record, game, self._state(record, game), record.seats, record.version)

    def _state(self, record: MatchRecord, game: Game[Any, Any]) -> Any:
        """The state object, from the bounded cache when it holds this version."""
        if record.state is None:
            return None
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            self._states.move_to_end(record.id)
            return cached[1]
        state = game.from_json(json.loads(record.state))
        self.remember(record.id, record.version, state)
        return state

    def remember(self, match_id: int, version: int, state: Any) -> None:
        self._states[match_id] = (version, state)
        self._states.move_to_end(match_id)
        while len(self._states) > self._cache_size:
            self._states.popitem(last=False)

    async def annotate(self, infos: list[MatchInfo]) -> list[MatchInfo]:
        for hook in self.hooks:
            infos = await hook.annotate(infos)
        return infos


# -- checks every part of the service shares ------------------------------------------------

def require_lobby(live: Live) -> None:
    status = live.record.status
    if status == CANCELLED:
        raise MatchOver(said("This match was cancelled."))
    if status != LOBBY:
        raise LobbyClosed(said("This match has already started; seats can no longer change."))


def require_active(live: Live) -> None:
    status = live.record.status
    if status == LOBBY:
        raise NotStarted(said("This match has not started yet."))
    if status == CANCELLED:
        raise MatchOver(said("This match was cancelled."))
    if status == FINISHED:
        raise MatchOver(said("This match is over."))


def require_host(live: Live, user_id: int, can_manage: bool = False,
                 refusal: Said | None = None) -> None:
    """``refusal``: what a player who may not is told ("Only the host can start the match.")."""
    if user_id != live.record.host_id and not can_manage:
        raise NotHost(refusal or said("Only the host can do that."))


def playing_seat(live: Live, user_id: int) -> SeatRecord:
    for seat in live.seats:
        if seat.user_id == user_id:
            if seat.resigned:
                raise NotSeated(LEFT)
            return seat
    raise NotSeated(said("You are not playing in this match."))
