"""Events (DESIGN §10): a Swiss, round robin or single elimination run over days, no Discord.

Every step is a row first and is re-read from the store, so any pass may be the first after
a kill, and none does anything twice:

- a round and its pairings are one transaction, written only while the event's last round
  is the one before (``EventStore.open_round``): a kill mid-pairing pairs again from the
  same results (pairing is a pure function of them), and a second opener writes nothing;
- each table's match is created, joined, linked to its table and started in steps the next
  pass finds and finishes; a match created but not linked yet is adopted (same players and
  game, opened since the round), never created again;
- results are read from finished matches on every pass and recorded once per table.

``tick`` is that pass for every event: the clock scheduler runs it each round, so the start
time and the round deadlines are kept after any restart. Refusals are typed errors whose
message is the whole answer (``bot.match.errors``); none changes anything.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from bot.engine import BadOptions, parse_options, registry
from bot.engine.said import Said, said, said_n
from bot.engine.usertext import quoted
from bot.events import (
    TABLE_SIZES,
    Entrant,
    Format,
    Game,
    Round,
    Standing,
    ai_parts,
    bracket,
    default_rounds,
    is_ai,
    next_bracket,
    pair_swiss,
    pod_games,
    pod_round_robin,
    round_robin,
    standings,
)
from bot.events.formats import LABELS
from bot.events.records import DRAW, LOSS, WIN
from bot.match.clock import DAY, MatchClock
from bot.match.errors import (
    AlreadyEntered,
    BadEntrantCount,
    BadStartTime,
    ClockMismatch,
    EventFull,
    EventOver,
    EventStarted,
    NotEntered,
    NotOrganiser,
    UnknownEvent,
    UnknownFormat,
)
from bot.match.live import Live, MatchHooks
from bot.match.outbound import Outbound
from bot.match.service import MatchService
from bot.match.timekeeper import Timekeeper
from bot.store import ACTIVE, CANCELLED, FINISHED, LOBBY, Clock
from bot.store.events import (
    OPEN,
    RUNNING,
    EntrantRecord,
    EventRecord,
    EventStore,
    NewEvent,
    PairingRecord,
)
from bot.store.sql import SqlStore

log = logging.getLogger(__name__)

MAX_AHEAD = 60 * DAY
"""How far ahead an event may be set to start."""
LIMITS: Mapping[Format, int] = {Format.SWISS: 512, Format.ROUND_ROBIN: 16,
                                Format.SINGLE_ELIMINATION: 256}
"""Most entrants per format (a round robin of 16 already plays 15 rounds)."""
MAX_SWISS_ROUNDS = 20
MAX_FILL = 64
"""Seats a start fills with AI players at most (an event left at the format's size would
take hundreds)."""
ROUND_SECONDS = DAY
FORMAT_NAMES = ", ".join(f.value for f in Format)
START_ONLY = said("Only the organiser of this event can start it.")


@dataclass(frozen=True)
class TableOpened:
    """A table's match was started: the front end makes its thread and DMs the pairing."""

    event_id: int
    round: int
    table_no: int
    first_id: int
    second_id: int
    match_id: int
    outbound: list[Outbound] = field(default_factory=list)
    seats: tuple[int, ...] = ()
    """A pod's players in seat order; empty for a table of two."""

    def pairing(self) -> PairingRecord:
        """The table as its pairing row reads (no result yet)."""
        return PairingRecord(self.round, self.table_no, self.first_id, self.second_id,
                             self.match_id, seats=self.seats)


@dataclass(frozen=True)
class EventUpdate:
    """What one pass over an event did, for the front end to announce."""

    event: EventRecord
    opened: list[TableOpened] = field(default_factory=list)
    round_opened: int | None = None
    finished: bool = False
    scored: int = 0
    """Results recorded in this pass: the standings changed."""


class EventService(MatchHooks):
    """Events over the match service, which it follows to see its tables' matches end."""

    def __init__(self, store: SqlStore, matches: MatchService, *,
                 clocks: Timekeeper | None = None, now: Clock = time.time) -> None:
        """``clocks``: the timekeeper whose ladder decides a game still running at a round's
        deadline (without one, such a game is called off as a draw)."""
        self.store = store
        self.clocks = clocks
        self.events = EventStore(store)
        self.matches = matches
        self.now = now
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._ended: set[int] = set()
        """Matches that ended since the last pass (their events have something to do)."""
        self._recovered = False
        self._playing: dict[int, asyncio.Task[None]] = {}
        """AI-only tables being started off the pass, by match."""
        self._played: defaultdict[int, list[TableOpened]] = defaultdict(list)
        """AI-only tables started off the pass since, per event: the next pass hands them
        over to be shown."""
        matches.observe(self)

    async def after(self, live: Live) -> None:
        if live.changed and (live.result is not None
                             or live.record.status in (FINISHED, CANCELLED)):
            self._ended.add(live.id)

    # -- organising ------------------------------------------------------------------------

    async def create(self, *, guild_id: int, channel_id: int | None, organiser_id: int,
                     game: str, form: str = Format.SWISS.value, rounds: int | None = None,
                     clock: MatchClock | None = None, round_seconds: float = ROUND_SECONDS,
                     best_of: int = 1, starts_at: float | None = None,
                     max_players: int | None = None, table_size: int = 2) -> EventRecord:
        """``table_size`` 3 or 4: a round robin in pods of that size (games for up to four)."""
        found = registry.get(game)  # an unknown game raises its own sentence
        try:
            fmt = Format(form)
        except ValueError:
            raise UnknownFormat(said("There is no event format called {format}. Formats: "
                                     "{formats}.", format=quoted(form),
                                     formats=FORMAT_NAMES)) from None
        limit = LIMITS[fmt]
        cap = limit if max_players is None else max_players
        if not 2 <= cap <= limit:
            raise BadEntrantCount(said("This format ({format}) takes 2 to {most} entrants.",
                                       format=LABELS[fmt], most=limit))
        if rounds is not None and (fmt is not Format.SWISS
                                   or not 1 <= rounds <= MAX_SWISS_ROUNDS):
            raise BadOptions(said("Only a Swiss sets its rounds, 1 to {most}; the other "
                                  "formats play until they are decided.",
                                  most=MAX_SWISS_ROUNDS))
        now = self.now()
        if starts_at is not None and starts_at <= now:
            raise BadStartTime(said("That start time is in the past."))
        if starts_at is not None and starts_at > now + MAX_AHEAD:
            raise BadStartTime(said("An event can start at most 60 days ahead."))
        if clock is not None and round_seconds < clock.seconds * (clock.autopilots + 1):
            raise ClockMismatch(said("The round deadline is too short for this clock: a "
                                     "player who does not show up must be able to forfeit "
                                     "within a round."))
        if table_size != 2 and (fmt is not Format.ROUND_ROBIN
                                or table_size not in TABLE_SIZES):
            raise BadOptions(said("Tables of 3 or 4 are for a round robin; the other formats "
                                  "play two at a table."))
        if table_size > found.max_players:
            raise BadOptions(said_n("{game} seats at most {n} player at a table.",
                                    "{game} seats at most {n} players at a table.",
                                    found.max_players, game=found.title))
        if best_of != 1:
            parse_options(found.options, {"best_of": str(best_of)})  # BadOptions if not
        return await self.events.create_event(NewEvent(
            guild_id, channel_id, organiser_id, found.name, fmt.value, rounds or 0, cap,
            round_seconds, best_of, clock.to_json() if clock is not None else {}, starts_at,
            table_size))

    async def get(self, event_id: int) -> EventRecord:
        event = await self.events.get_event(event_id)
        if event is None:
            raise UnknownEvent(event_id)
        return event

    async def join(self, event_id: int, user_id: int) -> EventRecord:
        async with self._locks[event_id]:
            event = await self.get(event_id)
            self._require_open(event)
            rated = await self.store.get_ratings(event.guild_id, event.game, [user_id])
            rating = rated[user_id].mu - 3 * rated[user_id].sigma if user_id in rated else 0.0
            if not await self.events.add_entrant(event_id, user_id, rating):
                if any(e.user_id == user_id for e in await self.events.entrants(event_id)):
                    raise AlreadyEntered(said("You have already joined this event."))
                event = await self.get(event_id)
                self._require_open(event)
                raise EventFull(full(event))
            return event

    async def leave(self, event_id: int, user_id: int) -> list[Outbound]:
        """Leave (before the start) or drop (after): never paired again, games stand; a
        game under way is resigned."""
        async with self._locks[event_id]:
            return await self._take_out(await self.get(event_id), user_id,
                                        said("You are not in this event."))

    async def ai_entrant(self, event_id: int, number: int) -> int:
        """The player number of the event's AI ``number`` (as its name shows: ``AI 2``)."""
        for entrant in await self.events.entrants(event_id):
            if is_ai(entrant.user_id) and ai_parts(entrant.user_id)[0] == number:
                return entrant.user_id
        raise NotEntered(said("There is no AI {number} in this event.", number=str(number)))

    async def remove(self, event_id: int, by_user: int, user_id: int) -> list[Outbound]:
        """The organiser takes a player out (an AI entrant too: its game under way is
        played on by its AI seat and stands)."""
        async with self._locks[event_id]:
            event = await self.get(event_id)
            self._require_organiser(event, by_user, said("Only the organiser of this event "
                                                         "can remove a player."))
            return await self._take_out(event, user_id,
                                        said("That player is not in this event."))

    async def cancel(self, event_id: int, user_id: int) -> list[Outbound]:
        async with self._locks[event_id]:
            event = await self.get(event_id)
            self._require_organiser(event, user_id, said("Only the organiser of this event "
                                                         "can cancel it."))
            if not await self.events.set_status(event_id, [OPEN, RUNNING], CANCELLED):
                raise EventOver(said("This event is already over."))
            out: list[Outbound] = []
            for p in await self.events.pairings(event_id, event.round or None):
                if p.match_id is not None and p.score is None:
                    out += await self._call_off(event, p.match_id)
            return out

    async def add_ai(self, event_id: int, by_user: int, level: str,
                     count: int | None = None) -> list[int]:
        """The organiser enters ``count`` AI players (None: one for every seat left) at
        ``level``, before the start; their player numbers. Each plays its tables through
        an AI seat of the match, as in any lobby."""
        async with self._locks[event_id]:
            event = await self.get(event_id)
            self._require_organiser(event, by_user, said("Only the organiser of this event "
                                                         "can add AI players."))
            self._require_open(event)
            levels = registry.get(event.game).ai_levels
            if level not in levels:
                raise BadOptions(said("AI level {level} is unknown. Levels: {levels}.",
                                      level=quoted(level), levels=", ".join(levels)))
            room = event.max_players - len(await self.events.entrants(event_id))
            if room <= 0 or (count is not None and count > room):
                raise EventFull(full(event))
            return await self.events.add_ai_entrants(event_id, levels.index(level), count)

    async def start(self, event_id: int, user_id: int,
                    fill: str | None = None) -> EventUpdate:
        """Pair round one now; ``fill``: first give every seat left to an AI player of
        that level (the event's ``max_players`` is its size)."""
        if fill is not None:
            event = await self.get(event_id)
            self._require_organiser(event, user_id, START_ONLY)
            room = event.max_players - len(await self.events.entrants(event_id))
            if event.status == OPEN and room > MAX_FILL:
                raise EventFull(said_n(
                    "Filling this event would take {n} AI player, more than {most}: enter "
                    "them with /tournament ai instead.",
                    "Filling this event would take {n} AI players, more than {most}: enter "
                    "them with /tournament ai instead.", room, most=MAX_FILL))
            if event.status == OPEN and room > 0:
                await self.add_ai(event_id, user_id, fill)
        async with self._locks[event_id]:
            event = await self.get(event_id)
            self._require_organiser(event, user_id, START_ONLY)
            if event.status != OPEN:
                raise EventStarted(said("This event has already started."))
            count = len(await self.events.entrants(event_id))
            if count < 2:
                raise BadEntrantCount(said_n(
                    "An event needs at least 2 entrants to start; this one has {n}.",
                    "An event needs at least 2 entrants to start; this one has {n}.", count))
            return await self._advance(event)

    # -- reading ---------------------------------------------------------------------------

    async def standings(self, event_id: int) -> list[Standing]:
        event = await self.get(event_id)
        entrants = await self.events.entrants(event.id)
        games = _games(await self.events.pairings(event.id))
        return standings([Entrant(e.user_id, e.rating) for e in entrants], games)

    async def pairings(self, event_id: int, number: int | None = None) -> list[PairingRecord]:
        event = await self.get(event_id)
        return await self.events.pairings(event.id, number or event.round or None)

    # -- running ---------------------------------------------------------------------------

    async def tick(self) -> list[EventUpdate]:
        """One pass (the scheduler's round) over the events with something to do: those a
        match of theirs ended in (only those matches are read), those whose start time or
        round deadline has come, and, the first time after a start, every running one, in
        full (what a kill left undone)."""
        updates = []
        now = self.now()
        ended = set(self._ended)
        due = {e.id: e for e in await self.events.events_due(now)}
        if not self._recovered:
            due.update((e.id, e) for e in await self.events.events([RUNNING]))
        touched: defaultdict[int, set[int]] = defaultdict(set)
        for match_id in ended:
            found = await self.events.pairing_of_match(match_id)
            if found is not None and found[0] not in due:
                touched[found[0]].add(match_id)
        for event_id in list(self._played):
            if event_id not in due:
                touched.setdefault(event_id, set())
        todo: list[tuple[EventRecord, set[int] | None]] = [(e, None) for e in due.values()]
        todo += [(await self.get(event_id), matches) for event_id, matches in touched.items()]
        for event, only in todo:
            if event.status not in (OPEN, RUNNING) and event.id not in self._played:
                continue
            async with self._locks[event.id]:
                fresh = await self.get(event.id)
                if fresh.status == OPEN and len(await self.events.entrants(event.id)) < 2:
                    await self.events.set_status(event.id, [OPEN], CANCELLED)
                    updates.append(EventUpdate(await self.get(event.id)))
                elif fresh.status in (OPEN, RUNNING):
                    updates.append(await self._advance(fresh, only))
                else:  # its last AI table ended it before being handed over to be shown
                    updates.append(EventUpdate(fresh, self._played.pop(event.id, [])))
        self._recovered = True
        self._ended -= ended
        return updates

    async def _advance(self, event: EventRecord, only: set[int] | None = None) -> EventUpdate:
        """Finish what the current round left undone, close it when it is over (or at its
        deadline), and open the next one or end the event. Under the event's lock. ``only``:
        the matches that ended, when nothing else can have changed (else every table is
        looked at: after a start, at a deadline)."""
        entrants = await self.events.entrants(event.id)
        opened: list[TableOpened] = self._played.pop(event.id, [])
        scored = 0
        if event.round:
            current = await self.events.pairings(event.id, event.round)
            if only is None:
                opened += await self._open_tables(event, current)
            scored += await self._collect(
                event, [p for p in current if only is None or p.match_id in only])
            current = await self.events.pairings(event.id, event.round)
            late = [p for p in current if p.score is None]
            if late:
                (deadline,) = [r.deadline for r in await self.events.rounds(event.id)
                               if r.number == event.round]
                if self.now() < deadline:
                    return EventUpdate(event, opened, scored=scored)
                deciding, called_off = await self._adjudicate(event, late)
                scored += called_off
                if deciding:
                    return EventUpdate(event, opened, scored=scored)
            await self.events.close_round(event.id, event.round)
            if event.round >= _total_rounds(event, len(entrants)):
                await self.events.set_status(event.id, [RUNNING], FINISHED)
                return EventUpdate(await self.get(event.id), opened, finished=True,
                                   scored=scored)
        number = event.round + 1
        if event.table_size > 2:
            tables, pods = _pod_tables(entrants, event.table_size, number)
        else:
            tables, pods = _tables(event, entrants, await self.events.pairings(event.id),
                                   number), {}
        await self.events.open_round(event.id, number, self.now() + event.round_seconds,
                                     tables, pods)
        event = await self.get(event.id)
        opened += await self._open_tables(event, await self.events.pairings(event.id, number))
        return EventUpdate(event, opened, round_opened=number, scored=scored)

    async def _open_tables(self, event: EventRecord,
                           pairings: Sequence[PairingRecord]) -> list[TableOpened]:
        """Create, seat, link and start each table's match, as far as a previous pass did
        not. The first player takes seat 0 and the second seat 1 (``_collect`` reads the
        result that way); an AI entrant's seat is an AI seat at its level."""
        opened = []
        clock = MatchClock.from_json(event.clock)
        options = {"best_of": str(event.best_of)} if event.best_of != 1 else None
        levels = registry.get(event.game).ai_levels
        for p in pairings:
            if p.second_id is None or p.score is not None:
                continue
            if p.match_id in self._playing:
                continue
            order = p.players()
            host = _host(event, p)
            match_id = p.match_id or await self._adopt(event, p)
            if match_id is None:
                info = await self.matches.create(
                    event.game, host, guild_id=event.guild_id, channel_id=event.channel_id,
                    options=options, clock=clock, seat_host=host == p.first_id)
                match_id = info.id
            record = await self.store.get_match(match_id)
            if record is None or record.status != LOBBY:
                await self.events.link_match(event.id, p.round, p.table_no, match_id)
                continue
            for player in order[len(record.seats):]:
                if is_ai(player):
                    await self.matches.add_ai(match_id, host, levels[ai_parts(player)[1]],
                                              can_manage=True)
                else:
                    await self.matches.join(match_id, player)
            await self.events.link_match(event.id, p.round, p.table_no, match_id)
            table = TableOpened(event.id, p.round, p.table_no, p.first_id, p.second_id,
                                match_id, seats=p.seats)
            if all(is_ai(player) for player in order):
                self._play_out(table, host)
            else:
                table.outbound.extend(await self.matches.start(match_id, host))
                opened.append(table)
        return opened

    def _play_out(self, table: TableOpened, host: int) -> None:
        """Start an AI-only table off the pass: its AI seats play the whole game as it
        starts (a strong one searching for each decision), which would hold the
        scheduler's round, and every clock with it, meanwhile. A pass after that hands the
        table over to be shown and collects its result; a kill before the start leaves a
        linked lobby the next full pass starts, one mid-game the clocks' recovery plays
        on."""
        task = asyncio.create_task(self._start_ai_table(table, host))
        self._playing[table.match_id] = task
        task.add_done_callback(lambda _: self._playing.pop(table.match_id, None))

    async def _start_ai_table(self, table: TableOpened, host: int) -> None:
        try:
            outbound = await self.matches.start(table.match_id, host)
        except Exception:
            log.exception("event %s: the AI table of match %s did not start", table.event_id,
                          table.match_id)
            return
        self._played[table.event_id].append(replace(table, outbound=outbound))
        if self.clocks is not None:
            self.clocks.clocks_changed.set()  # the scheduler's next round shows it

    async def stop(self) -> None:
        """Stop the AI-only tables being played off the pass: the moves made stay, and the
        next start's clock recovery plays each game on."""
        for task in list(self._playing.values()):
            task.cancel()
        await asyncio.gather(*self._playing.values(), return_exceptions=True)

    async def played(self) -> None:
        """Wait until the AI-only tables started off the pass are played (tests, a stop)."""
        while self._playing:
            await asyncio.gather(*self._playing.values(), return_exceptions=True)

    async def _adopt(self, event: EventRecord, p: PairingRecord) -> int | None:
        """A match a killed pass created for this table but did not link yet: the table's
        host's lobby in the event's channel, opened since the round, seated so far as the
        table is."""
        (opened_at,) = [r.opened_at for r in await self.events.rounds(event.id)
                        if r.number == p.round]
        host = _host(event, p)
        order = p.players()
        found = (await self.store.matches_in_channel(event.channel_id, [LOBBY])
                 if event.channel_id is not None
                 else await self.store.matches_of_user(host, [LOBBY]))
        for match in found:
            if (match.game == event.game and match.channel_id == event.channel_id
                    and match.created_at >= opened_at and match.host_id == host
                    and len(match.seats) <= len(order)
                    and all(s.is_ai if player is not None and is_ai(player)
                            else s.user_id == player
                            for s, player in zip(match.seats, order, strict=False))
                    and await self.events.pairing_of_match(match.id) is None):
                return match.id
        return None

    async def _collect(self, event: EventRecord, pairings: Sequence[PairingRecord]) -> int:
        """Record the result of every finished match of ``pairings``; how many."""
        recorded = 0
        for p in pairings:
            if p.match_id is None or p.score is not None or p.second_id is None:
                continue
            match = await self.store.get_match(p.match_id)
            if match is None or match.status not in (FINISHED, CANCELLED):
                continue
            result = await self.store.get_result(p.match_id)
            places = tuple(1 for _ in p.players())  # called off: everyone level
            if match.status == FINISHED and result is not None:
                places = tuple(result.placings[:len(p.players())])  # seated in order
            recorded += await self.events.record_score(
                event.id, p.round, p.table_no, _score(places), places if p.seats else ())
        return recorded

    async def _adjudicate(self, event: EventRecord,
                          late: Sequence[PairingRecord]) -> tuple[bool, int]:
        """Past the round deadline: a game still under way with a clock is decided by its
        clock ladder (``Timekeeper.overtime``; its result is collected when it ends); one
        without (or never started) is called off as a draw. Whether a game is still being
        decided, and how many tables were called off."""
        deciding, called_off = False, 0
        for p in late:
            match = await self.store.get_match(p.match_id) if p.match_id is not None else None
            if match is not None and match.status in (FINISHED, CANCELLED):
                deciding = True  # ended since it was looked at: the next pass collects it
            elif (match is not None and match.status == ACTIVE and match.clock
                  and self.clocks is not None):
                await self.clocks.overtime(match.id)
                deciding = True
            else:
                if match is not None:
                    await self._call_off(event, match.id)
                called_off += await self.events.record_score(
                    event.id, p.round, p.table_no, DRAW, tuple(1 for _ in p.seats))
        return deciding, called_off

    async def _call_off(self, event: EventRecord, match_id: int) -> list[Outbound]:
        match = await self.store.get_match(match_id)
        if match is None or match.status not in (LOBBY, ACTIVE):
            return []
        return await self.matches.cancel(match_id, event.organiser_id, can_manage=True)

    async def _take_out(self, event: EventRecord, user_id: int,
                        missing: Said) -> list[Outbound]:
        entrants = {e.user_id: e for e in await self.events.entrants(event.id)}
        if user_id not in entrants or entrants[user_id].dropped_at is not None:
            raise NotEntered(missing)
        if event.status == OPEN:
            await self.events.remove_entrant(event.id, user_id)
            return []
        if event.status != RUNNING:
            raise EventOver(said("This event is over."))
        await self.events.drop_entrant(event.id, user_id)
        out: list[Outbound] = []
        for p in await self.events.pairings(event.id, event.round):
            if (p.match_id is not None and p.score is None and not is_ai(user_id)
                    and user_id in p.players()):
                match = await self.store.get_match(p.match_id)
                if match is not None and match.status == ACTIVE:
                    out += await self.matches.resign(p.match_id, user_id)
        return out

    @staticmethod
    def _require_open(event: EventRecord) -> None:
        if event.status != OPEN:
            raise EventStarted(said("This event has already started; entries are closed.")
                               if event.status == RUNNING else said("This event is over."))

    @staticmethod
    def _require_organiser(event: EventRecord, user_id: int, refusal: Said) -> None:
        if user_id != event.organiser_id:
            raise NotOrganiser(refusal)


def full(event: EventRecord) -> Said:
    return said_n("This event is full ({n} entrant).", "This event is full ({n} entrants).",
                  event.max_players)


def _games(pairings: Sequence[PairingRecord]) -> list[Game]:
    """The games the standings read: a pod's as the weighted games between each two."""
    games: list[Game] = []
    for p in pairings:
        if p.seats:
            games += pod_games(p.round, p.seats, p.places or None)
        else:
            games.append(Game(p.round, p.first_id, p.second_id, p.score))
    return games


def _score(places: Sequence[int]) -> float:
    """What the first seat scored against the second, from their placings (1 best)."""
    mine, theirs = places[0], places[1]
    return WIN if mine < theirs else LOSS if mine > theirs else DRAW


def _host(event: EventRecord, p: PairingRecord) -> int:
    """Who hosts a table's match: its first person (an AI hosts nothing), else the organiser,
    who then is not seated."""
    return next((u for u in p.players() if not is_ai(u)), event.organiser_id)


def _total_rounds(event: EventRecord, entrants: int) -> int:
    """The rounds the event plays, fixed by its entrants at the start."""
    if event.format == Format.SWISS and event.rounds:
        return event.rounds
    if event.table_size > 2:
        return len(pod_round_robin(range(entrants), event.table_size))
    return default_rounds(Format(event.format), entrants)


def _pod_tables(entrants: Sequence[EntrantRecord], size: int, number: int
                ) -> tuple[list[tuple[int, int | None, float | None]], dict[int, list[int]]]:
    """Round ``number`` of a round robin in pods: its tables (first, second or None, score
    for a bye) and, by table number, the seats of each table of three or more. A dropped
    player's seat is left out: a pod down to two is a game of two, to one a bye."""
    seeded = sorted(entrants, key=lambda e: (-e.rating, e.user_id))
    gone = {e.user_id for e in entrants if e.dropped_at is not None}
    tables: list[tuple[int, int | None, float | None]] = []
    pods: dict[int, list[int]] = {}
    for pod in pod_round_robin([e.user_id for e in seeded], size)[number - 1]:
        seats = [p for p in pod if p not in gone]
        if len(seats) == 1:
            tables.append((seats[0], None, WIN))
        elif seats:
            tables.append((seats[0], seats[1], None))
            if len(seats) > 2:
                pods[len(tables)] = seats
    return tables, pods


def _tables(event: EventRecord, entrants: Sequence[EntrantRecord],
            pairings: Sequence[PairingRecord],
            number: int) -> list[tuple[int, int | None, float | None]]:
    """Round ``number``'s tables (first, second or None, score for a bye or walkover)."""
    active = [Entrant(e.user_id, e.rating) for e in entrants if e.dropped_at is None]
    gone = {e.user_id for e in entrants if e.dropped_at is not None}
    fmt = Format(event.format)
    if fmt is Format.SWISS:
        return _rows(pair_swiss(active, _games(pairings)))
    if fmt is Format.ROUND_ROBIN:
        seeded = sorted(entrants, key=lambda e: (-e.rating, e.user_id))
        scheduled = round_robin([e.user_id for e in seeded])[number - 1]
        tables: list[tuple[int, int | None, float | None]] = []
        for a, b in scheduled.tables:
            if a in gone and b in gone:
                continue
            tables.append((b, None, WIN) if a in gone else (a, None, WIN) if b in gone
                          else (a, b, None))
        if scheduled.bye is not None and scheduled.bye not in gone:
            tables.append((scheduled.bye, None, WIN))
        return tables
    if number == 1:
        places = bracket(active)
    else:
        last = [p for p in pairings if p.round == number - 1]
        rating = {e.user_id: e.rating for e in entrants}
        places = next_bracket([_winner(p, rating) for p in last])
    out: list[tuple[int, int | None, float | None]] = []
    for pair in places:
        x, y = (None if p in gone else p for p in pair)
        if x is not None and y is not None:
            out.append((x, y, None))
        elif x is not None or y is not None:
            out.append((x or y or 0, None, WIN))  # the one still in walks over
    return out


def _winner(p: PairingRecord, rating: Mapping[int, float]) -> int:
    """Who goes through: the winner; on a draw, the higher-rated (the higher seed)."""
    if p.second_id is None or p.score == WIN:
        return p.first_id
    if p.score == LOSS:
        return p.second_id
    return max((p.first_id, p.second_id), key=lambda u: (rating.get(u, 0.0), -u))


def _rows(pairing: Round) -> list[tuple[int, int | None, float | None]]:
    tables: list[tuple[int, int | None, float | None]] = [(a, b, None)
                                                          for a, b in pairing.tables]
    return tables + ([(pairing.bye, None, WIN)] if pairing.bye is not None else [])
