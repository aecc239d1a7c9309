"""Play-by-post clocks for the match service (DESIGN §6): a collaborator, not a subclass.

``Timekeeper`` observes the service (``MatchService.observe``): every change to a timed
match ends, still under the match's lock, by bringing its deadlines in line with the
decision windows open for people (``Decision.window_id``): a window that opens gets a full
clock, the decisions inside it share that clock, a closed window loses it. The scheduler
calls ``tick``: each due rung is taken once — its stage is stored before the notice is
returned, and the expiry is logged moves — so a restart repeats nothing, and a bot that was
down takes each overdue rung when it is back. On expiry the autopilot answers the whole
window: one missed turn, one notice. Nothing lives only in memory.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Collection
from dataclasses import replace

from bot.engine import Event, StaleDecision
from bot.engine.said import said
from bot.match import results
from bot.match import sentences as words
from bot.match.clock import (
    EXPIRE,
    EXPIRED,
    FORFEIT,
    REMIND,
    MatchClock,
    away_until,
    back,
    climbed,
    due_rung,
    hold,
    new_deadline,
    parked,
    release,
    reopened,
    votes_needed,
)
from bot.match.errors import MatchError, MatchQuarantined, NotSeated
from bot.match.info import MatchInfo
from bot.match.live import Live, MatchHooks, playing_seat, require_active
from bot.match.notices import (
    Autopiloted,
    AwayChanged,
    ClockOut,
    LastCall,
    NoAwayLeft,
    PauseChanged,
    PauseVote,
    Reminder,
    SeatTakenBack,
)
from bot.match.outbound import build_outbound, private_update
from bot.match.service import MatchService
from bot.store import ACTIVE, CANCELLED, FINISHED, DeadlineRecord, SeatClock, SeatRecord

log = logging.getLogger(__name__)

AUTOPILOT_LEVEL = "normal"
AUTOPILOT = "autopilot"
AUTOPILOT_NEWS = words.AUTOPILOT.you
"""What the seat the AI played for reads."""
RETRY_SECONDS = 60.0
"""A rung that failed (a bug, a database hiccup) is tried again this much later."""


def is_person(seat: SeatRecord) -> bool:
    """A seat a person plays now (not the AI, not handed over, not resigned)."""
    return seat.user_id is not None and not seat.is_ai


class Timekeeper(MatchHooks):
    """Deadlines, reminders and autopilot moves for the timed matches of ``service``.

    ``now`` gives Unix seconds; tests inject a clock they move by hand.
    """

    def __init__(self, service: MatchService, *, now: Callable[[], float] = time.time) -> None:
        self.service = service
        self.store = service.store
        self.now = now
        self.clocks_changed = asyncio.Event()
        """Set after every change under a match's lock: the scheduler looks at its clocks."""
        self._matches = service.matches
        service.observe(self)

    # -- every change keeps the deadlines in line ----------------------------------------------

    async def after(self, live: Live) -> None:
        if live.changed:
            await self._sync(live)
        self.clocks_changed.set()

    def _people(self, live: Live) -> set[int]:
        """Seats people play in a running match (none once it is over)."""
        if (live.state is None or live.result is not None
                or live.record.status in (FINISHED, CANCELLED)):
            return set()
        return {s.seat for s in live.seats if is_person(s)}

    def _open_for_people(self, live: Live) -> set[tuple[str, int]]:
        """(window id, seat) of every decision window a person has open now."""
        people = self._people(live)
        if not people:
            return set()
        return {(d.window_id, d.player) for d in live.game.pending(live.state)
                if d.player in people}

    async def _sync(self, live: Live) -> None:
        """Clocks for exactly the open windows of people; streaks of seats that moved end.

        A window the autopilot answered stays parked while its seat has no other window open
        (it may open again within the same turn); opening again, it falls due at once.
        """
        clock = MatchClock.from_json(live.record.clock)
        if clock is None:
            return
        seats = await self._seat_clocks(live.id)
        for n in live.people_moved:
            if n in seats and seats[n].autopilots:
                await self.store.put_seat_clock(replace(seats[n], autopilots=0))
        have = {(d.decision_id, d.seat): d for d in await self.store.deadlines_of([live.id])}
        wanted = self._open_for_people(live)
        busy, people = {seat for _, seat in wanted}, self._people(live)
        now = self.now()
        put = [new_deadline(live.id, window, seat, clock.seconds, now,
                            self._held(live, seats.get(seat)))
               for window, seat in sorted(wanted - have.keys())]
        put += [reopened(d, now) for key, d in sorted(have.items())
                if key in wanted and d.stage == EXPIRED and d.held_at is not None]
        drop = sorted(key for key, d in have.items() if key not in wanted and not (
            d.stage == EXPIRED and d.seat in people and d.seat not in busy))
        if put or drop:
            await self.store.save_deadlines(live.id, put, drop)

    @staticmethod
    def _held(live: Live, seat: SeatClock | None) -> bool:
        return live.record.paused_at is not None or (seat is not None and seat.away)

    async def _seat_clocks(self, match_id: int) -> dict[int, SeatClock]:
        return {s.seat: s for s in await self.store.seat_clocks(match_id)}

    async def _seat_clock(self, match_id: int, seat: int) -> SeatClock:
        return (await self._seat_clocks(match_id)).get(seat, SeatClock(match_id, seat))

    # -- the scheduler ---------------------------------------------------------------------------

    async def recover(self) -> list[list[ClockOut]]:
        """On start: finish AI turns a stop cut short and give every running match the clocks
        of its open decisions (a stop between a move and its clocks leaves none)."""
        out: list[list[ClockOut]] = []
        for match_id in await self.store.match_ids(ACTIVE):
            try:
                batch: list[ClockOut] = list(await self.service.resume(match_id))
                async with self._matches.locked(match_id) as live:
                    await self._sync(live)
            except MatchQuarantined:  # set aside (and logged) by the loader; the rest go on
                continue
            if batch:
                out.append(batch)
        return out

    async def tick(self) -> list[list[ClockOut]]:
        """Take every rung due now and end time away that ran out; one list per match change.

        A failing step is logged and tried again later; the others go on.
        """
        now = self.now()
        out: list[list[ClockOut]] = []
        for seat in await self.store.due_away_ends(now):
            try:
                async with self._matches.locked(seat.match_id) as live:
                    out.append(await self._end_away(live, seat.seat, now))
            except Exception:
                log.exception("match %s: ending time away of seat %d failed", seat.match_id,
                              seat.seat + 1)
        for deadline in await self.store.due_deadlines(now):
            try:
                out.append(await self._fire(deadline, now))
            except StaleDecision:
                continue  # another process moved this match first; nothing was changed here
            except Exception:
                log.exception("match %s: clock of %s failed", deadline.match_id,
                              deadline.decision_id)
                await self.store.advance_deadline(
                    replace(deadline, next_at=now + RETRY_SECONDS), deadline.stage)
        return [batch for batch in out if batch]

    async def _fire(self, deadline: DeadlineRecord, now: float) -> list[ClockOut]:
        async with self._matches.locked(deadline.match_id) as live:
            key = (deadline.decision_id, deadline.seat)
            current = next((d for d in await self.store.deadlines_of([live.id])
                            if (d.decision_id, d.seat) == key), None)
            if current != deadline:
                return []  # changed since it was read; the next tick sees it as it is now
            clock = MatchClock.from_json(live.record.clock)
            if clock is None or key not in self._open_for_people(live):
                await self.store.save_deadlines(live.id, [], [key])
                return []
            seat = live.seats[deadline.seat]
            assert seat.user_id is not None
            rung = due_rung(deadline, clock.seconds, now)
            if rung == EXPIRE:
                return await self._autopilot(live, seat, deadline, clock, now)
            if rung is None or not await self.store.advance_deadline(
                    climbed(deadline, rung, clock.seconds), deadline.stage):
                return []
            if rung == REMIND:
                return [Reminder(live.id, seat.seat, seat.user_id, seat.dm_ok, deadline.due_at)]
            return [LastCall(live.id, seat.seat, seat.user_id, deadline.due_at)]

    async def _autopilot(self, live: Live, seat: SeatRecord, deadline: DeadlineRecord,
                         clock: MatchClock, now: float) -> list[ClockOut]:
        """The AI answers the seat's whole window, logged as autopilot: one missed turn, one
        notice. Enough in a row and the seat goes to the AI for good, or the player forfeits.
        A parked window opening again is answered on, without another notice or miss."""
        assert seat.user_id is not None
        before, window = live.state, deadline.decision_id
        for _ in range(live.game.max_steps + 1):
            mine = [d for d in live.game.pending(live.state)
                    if d.player == seat.seat and d.window_id == window]
            if live.result is not None or not mine:
                break
            await self.service.turns.move(live, seat, mine[0], AUTOPILOT_LEVEL, autopilot=True)
            await self.service.turns.run(live)  # an AI trade partner answers within the window
        await self.store.save_deadlines(live.id, [parked(deadline, now)], [])
        # Private news for the seat: its prompt for this window says who answered it.
        live.events.append(Event(AUTOPILOT, words.AUTOPILOT, {"player": seat.seat},
                                 audience=(seat.seat,)))
        out: list[ClockOut] = []
        if deadline.stage != EXPIRED:
            streak = (await self._seat_clock(live.id, seat.seat)).autopilots + 1
            then = None
            if streak >= clock.autopilots and live.result is None:
                then = clock.absent
                if clock.absent == FORFEIT:
                    await self.service.play.hand_over(
                        live, seat, words.FORFEITS, results.FORFEIT, n=streak)
                else:
                    await self._set_seat(live, replace(seat, is_ai=True,
                                                       ai_level=AUTOPILOT_LEVEL))
                await self.service.turns.run(live)
            await self.store.put_seat_clock(replace(await self._seat_clock(live.id, seat.seat),
                                                    autopilots=streak))
            out.append(Autopiloted(live.id, seat.seat, seat.user_id, streak, clock.autopilots,
                                   then, window))
            if then is not None:  # no longer a person's seat, but their prompt still closes
                out.append(private_update(live.game, live.id, live.state, seat, seat.user_id,
                                          live.events))
        return [*out, *build_outbound(live.game, live.id, live.seats, live.state, live.events,
                                      before, live.result, live.moves, version=live.version)]

    async def _set_seat(self, live: Live, seat: SeatRecord) -> None:
        live.version = await self.store.update_seat(live.id, live.version, seat)
        live.seats = tuple(seat if s.seat == seat.seat else s for s in live.seats)

    async def overtime(self, match_id: int) -> None:
        """The match's time is up (its event round's deadline passed): every clock of a
        person's open window falls due now and stands still no more, so the ladder decides
        the game under its rules (the autopilot, then the AI or a forfeit). Called on every
        pass of the event until the game ends, for the windows opened since."""
        now = self.now()
        async with self._matches.locked(match_id) as live:
            if not self._people(live):
                return
            due = [replace(d, due_at=min(d.due_at, now), next_at=min(d.next_at, now),
                           held_at=None)
                   for d in await self.store.deadlines_of([live.id])
                   if d.stage != EXPIRED and (d.due_at > now or d.held_at is not None)]
            if due:
                await self.store.save_deadlines(live.id, due, [])

    # -- taking a seat back ----------------------------------------------------------------------

    async def take_back(self, match_id: int, user_id: int) -> list[ClockOut]:
        """The player plays their seat again after the AI took it over for missed turns."""
        async with self._matches.locked(match_id) as live:
            require_active(live)
            seat = playing_seat(live, user_id)
            if not seat.is_ai:
                raise MatchError(said("You are playing your seat already."))
            mine = replace(seat, is_ai=False, ai_level=None)
            await self._set_seat(live, mine)
            await self.store.put_seat_clock(replace(await self._seat_clock(live.id, seat.seat),
                                                    autopilots=0))
            # The AI answered whatever was open for the seat: the next decision prompts.
            return [SeatTakenBack(live.id, seat.seat, user_id)]

    # -- pause by vote ---------------------------------------------------------------------------

    async def vote_pause(self, match_id: int, user_id: int, pause: bool) -> list[ClockOut]:
        """A person's vote to stop (``pause``) or restart the clocks; more than half of the
        people playing carry it."""
        async with self._matches.locked(match_id) as live:
            require_active(live)
            if MatchClock.from_json(live.record.clock) is None:
                raise MatchError(said("This match has no clock to pause."))
            seat = playing_seat(live, user_id)
            if not is_person(seat):
                raise NotSeated(said("The AI plays your seat; take it back to vote."))
            paused = live.record.paused_at is not None
            if pause == paused:
                raise MatchError(said("The clocks are paused already.") if paused
                                 else said("The clocks are running already."))
            voters = {s.seat for s in live.seats if is_person(s)}
            votes = set(live.record.pause_votes) & voters
            if seat.seat in votes:
                raise MatchError(said("You voted already; the others have to agree."))
            votes.add(seat.seat)
            needed = votes_needed(len(voters))
            if len(votes) < needed:
                await self.store.set_pause(live.id, live.record.paused_at, sorted(votes))
                live.record = replace(live.record, pause_votes=tuple(sorted(votes)))
                return [PauseVote(live.id, user_id, pause, len(votes), needed)]
            now = self.now()
            await self.store.set_pause(live.id, now if pause else None, ())
            live.record = replace(live.record, paused_at=now if pause else None, pause_votes=())
            if pause:
                await self._restyle(live, None, lambda d: hold(d, now))
            else:
                away = {n for n, s in (await self._seat_clocks(live.id)).items() if s.away}
                await self._restyle(live, {s.seat for s in live.seats} - away,
                                    lambda d: release(d, now))
            return [PauseChanged(live.id, pause)]

    async def _restyle(self, live: Live, seats: Collection[int] | None,
                       change: Callable[[DeadlineRecord], DeadlineRecord]) -> None:
        """Apply ``change`` to the deadlines of ``seats`` (None: all) and store what changed."""
        rows = await self.store.deadlines_of([live.id])
        changed = [new for d in rows if seats is None or d.seat in seats
                   if (new := change(d)) != d]
        if changed:
            await self.store.save_deadlines(live.id, changed, [])

    # -- time away -------------------------------------------------------------------------------

    async def _timed_matches(self, user_id: int, guild_id: int) -> list[int]:
        return [r.id for r in await self.store.matches_of_user(user_id, (ACTIVE,))
                if r.guild_id == guild_id and r.clock]

    @staticmethod
    def _person_seat(live: Live, user_id: int) -> SeatRecord | None:
        return next((s for s in live.seats if s.user_id == user_id and is_person(s)), None)

    async def go_away(self, user_id: int, guild_id: int, days: float) -> list[list[ClockOut]]:
        """Stop the player's clocks in this server's matches for ``days``, within what is left
        of the server's allowance per match."""
        settings = await self.store.get_guild_settings(guild_id)
        if settings.away_days <= 0:
            raise MatchError(said("This server does not allow time away."))
        if not 0 < days <= settings.away_days:
            raise MatchError(said("Time away here is up to {n} days per match.",
                                  n=settings.away_days))
        now = self.now()
        out: list[list[ClockOut]] = []
        for match_id in await self._timed_matches(user_id, guild_id):
            async with self._matches.locked(match_id) as live:
                seat = self._person_seat(live, user_id)
                if seat is None:
                    continue
                mine = await self._seat_clock(live.id, seat.seat)
                until = away_until(mine, now, days, settings.away_days)
                if until is None:
                    out.append([NoAwayLeft(live.id, user_id)])
                    continue
                since = now if mine.away_since is None else mine.away_since
                await self.store.put_seat_clock(replace(mine, away_since=since, away_until=until))
                await self._restyle(live, {seat.seat}, lambda d: hold(d, now))
                out.append([AwayChanged(live.id, seat.seat, user_id, until)])
        if not out:
            raise MatchError(said("You have no running match with a clock on this server."))
        return out

    async def come_back(self, user_id: int, guild_id: int) -> list[list[ClockOut]]:
        """End the player's time away in this server's matches: their clocks run again."""
        now = self.now()
        out: list[list[ClockOut]] = []
        for match_id in await self._timed_matches(user_id, guild_id):
            async with self._matches.locked(match_id) as live:
                seat = self._person_seat(live, user_id)
                if seat is not None:
                    out.append(await self._end_away(live, seat.seat, now))
        out = [batch for batch in out if batch]
        if not out:
            raise MatchError(said("You are not away in any match on this server."))
        return out

    async def _end_away(self, live: Live, seat: int, now: float) -> list[ClockOut]:
        """The seat's time away ends (asked, or its time is up): its clocks run from then."""
        mine = await self._seat_clock(live.id, seat)
        if mine.away_until is None:
            return []
        ended = min(now, mine.away_until)
        await self.store.put_seat_clock(back(mine, now))
        if live.record.paused_at is None:
            await self._restyle(live, {seat}, lambda d: release(d, ended))
        user = live.seats[seat].user_id
        assert user is not None
        return [AwayChanged(live.id, seat, user, None, used_up=now >= mine.away_until)]

    # -- what front ends ask ---------------------------------------------------------------------

    async def _clocks_of(self, match_ids: list[int]) -> list[DeadlineRecord]:
        """The running or standing clocks (not the parked windows the autopilot answered)."""
        return [d for d in await self.store.deadlines_of(match_ids) if d.stage != EXPIRED]

    async def annotate(self, infos: list[MatchInfo]) -> list[MatchInfo]:
        """Each match with its running or standing clocks."""
        rows = await self._clocks_of([i.id for i in infos])
        return [replace(i, deadlines=tuple(d for d in rows if d.match_id == i.id))
                for i in infos]
