"""What the match service states, made true on Discord: the quiet table (DESIGN §4).

This is the half that makes Discord match (calls, their order and concurrency, retries,
which picture is uploaded); what each message should show is ``bot.discord.shows``.

Delivery is a reconciliation. Each match has slots (``deliveries`` in the store): the live
turn post in its thread, each person's prompt, the end notices. After a change the slots are
compared with what the match shows now and Discord is made to match: a message is sent
only when a slot is empty or a new turn or decision window begins, and edited otherwise.
So a restart, or a send that failed, is repaired by reconciling again: what was cut off is
sent, what was sent is not sent twice.

Order: changes are committed one at a time but their batches can reach ``deliver`` out of
order (the clocks deliver theirs after a round; a press can overtake them). Each batch
carries the version it was committed as and the turn slot the version it shows, so a batch
behind the thread posts no turn again. A reconciliation reads the match between changes and
leaves a match alone while a change's batch is on its way: that batch holds the moves' lines.
The turn slot is written before and after each message of a turn post (dirty in between),
so a stop halfway is finished by the next reconciliation, with the same nonces.

- One thread post per turn, created when the turn begins and edited as it goes; it ends as
  the turn's record (board and lines).
- One prompt per decision window (a DM, or privately through "My hand" when DMs are
  closed); every click inside the window edits it.
- One notification per person per window: the new DM, or one mention in the thread when
  their DMs are closed. AI seats are never mentioned; edits never notify.
- At the end: one post mentioning every person once, and a result DM to each.

Order and load: a press is answered first, in the pressed message (``bot.discord.press``);
then the turn post, then the other people's prompts, each in its own channel and so sent
side by side. A picture is uploaded only when its bytes differ from what the message shows
(``shows.Picture``); another person's prompt is edited only under ``shows.prompt_changes``.
Discord's 429s are waited out by discord.py itself; a failed send is reconciled again later.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import replace
from typing import Any

import discord

from bot.discord import menus
from bot.discord.images import Images, view_text
from bot.discord.inflight import InFlight
from bot.discord.items import HAND_LABEL, TEXT_MAX, card, hand_button, menu_rows
from bot.discord.people import People
from bot.discord.press import Press
from bot.discord.readers import Readers, reader
from bot.discord.review import review_row
from bot.discord.runtime import match_title, mention
from bot.discord.shows import (
    BOARD_FILE,
    END,
    HAND_FILE,
    MENTION,
    RESULT,
    RESULT_FILE,
    TURN,
    Card,
    Outgoing,
    Picture,
    digest,
    hand_shown,
    merged_turns,
    once,
    prompt_changes,
    prompt_face,
    prompt_menu,
    prompt_slot,
    prompt_text,
    replace_shown,
    result_slot,
    showing,
    shown_lines,
    stored_lines,
    text_of,
    turn_texts,
    who,
)
from bot.discord.usertext import literals, told
from bot.engine import Decision, Result, View, registry
from bot.engine import said as speech
from bot.engine.said import Said
from bot.engine.text import fit
from bot.engine.usertext import clean
from bot.match import (
    MatchCancelled,
    MatchEnded,
    MatchInfo,
    MatchQuarantined,
    MatchService,
    Outbound,
    PrivateUpdate,
    PublicUpdate,
    TurnUpdate,
)
from bot.match.claims import Lease
from bot.match.live import Live, MatchHooks
from bot.render import hand_texts
from bot.render.alt import alt_text
from bot.render.outcome import describe
from bot.store import ACTIVE, FINISHED, DeliveryRecord, MessageRecord, Store
from bot.words import Language

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
UNKNOWN_MESSAGE = 10008
RETRY_DMS = 600.0
"""Seconds after DMs failed before a new window tries them again."""
RETRY_SENDS = 5.0
"""Seconds after a failed send before the match is reconciled again."""
LATER_TRIES = 20
"""A reconciliation planned for later tries again while a change is still on its way (its
batch may show everything, or not: held lines wait for the reconciliation)."""
RECONCILE_AT_ONCE = 8
"""Matches a start reconciles side by side."""
COALESCE = 1.5
"""Seconds the live turn post's new lines wait for more before it is edited: a burst of
commits (an AI's chain, simultaneous blocks, quick presses) edits it once. Who must act
is never held: a change of it edits the post at once."""
BUSY_COALESCE = 5.0
"""Seconds they wait while the bot is busy (``Delivery.busy_now``), when also a change that
only takes people off "To act" waits: someone who has just acted knows it, and a person
added to it (a new turn, a new decision) still edits the post at once."""
NO_PROMPT = -1
"""In ``Delivery._answered``: the delivery under way touches no prompt."""
DM_CHANNELS_KEPT = 50_000
"""People whose DM channel id is kept (about 100 bytes each)."""
QUIET = discord.AllowedMentions.none()

Interaction = discord.Interaction[Any]
Serves = Callable[[int | None], bool]
"""Whether this process runs the shard of a server (None: a match outside any server)."""
Windows = dict[int, tuple[int, tuple[Decision, ...]]]
"""Each seated person's open decisions: seat → (user id, decisions)."""


class Delivery(MatchHooks):
    """Follows the service's changes (``after``) to know which batches are on their way."""

    def __init__(self, client: discord.Client, service: MatchService, store: Store,
                 images: Images, clock: Callable[[], float] = time.time,
                 retry_after: float = RETRY_SENDS, coalesce: float = COALESCE,
                 readers: Readers | None = None,
                 busy_now: Callable[[], bool] = lambda: False,
                 lease: Lease | None = None) -> None:
        """``clock``: Unix seconds (when DMs failed is stored, so it must outlive a process);
        ``coalesce``: seconds the live post's new lines wait for more (0: none wait);
        ``readers``: each person's language (the bot's, shared with its commands);
        ``busy_now``: whether the token's budget is filling (``BUSY_COALESCE``);
        ``lease``: with several processes, the one that delivers a match at a time (None:
        this process is the bot's only one)."""
        self.client = client
        self.readers = readers if readers is not None else Readers(store, client)
        self.service = service
        self.store = store
        self.images = images
        self.clock = clock
        self.people = People(client)
        self._locks: dict[int, asyncio.Lock] = {}
        self.retry_after = retry_after
        self._retries: dict[int, asyncio.Task[None]] = {}
        self.coalesce = coalesce
        self.busy_now = busy_now
        self.lease = lease
        self._held: dict[int, asyncio.Task[None]] = {}
        """Match → the reconciliation that shows its live post's held lines."""
        self._due: dict[int, int] = {}
        """Match → the version of the latest change whose moves ``deliver`` has not shown."""
        self.busy = InFlight()
        """Clicks, deliveries and reconciliations in progress, which a shutdown waits for."""
        self.deferred = 0
        """Presses that had to be deferred (their result took longer than ``DEFER_AFTER``)."""
        self._answering: dict[int, asyncio.Lock] = {}
        """Match → the lock its presses' own answers take: one answer at a time."""
        self._answered: dict[int, int] = {}
        """Match → the seat whose press the delivery holding the match's lock has answered
        (``NO_PROMPT``: it edits the live post alone): it touches that seat's prompt no
        more, so that person's next press is answered without waiting for the rest of it
        (the thread post, the others' prompts)."""
        self._dms: dict[int, int] = {}
        """Person → their DM channel's id (at most ``DM_CHANNELS_KEPT``, the oldest go)."""
        service.observe(self)

    async def after(self, live: Live) -> None:
        """A change made moves: its batch, which alone holds their lines, is on its way to
        ``deliver`` (under the match's lock, so a reconciliation reading after it knows)."""
        if live.moves and live.changed:
            self._due[live.id] = max(live.version, self._due.get(live.id, 0))

    # -- the whole batch ---------------------------------------------------------------------

    def press(self, interaction: Interaction) -> Press:
        """A press on a prompt, to be answered in place by ``deliver``; counted in
        ``deferred`` when its work outran the deadline's margin."""
        return Press(interaction, self._count_deferred)

    def _count_deferred(self) -> None:
        self.deferred += 1

    async def deliver(self, outbound: Sequence[Outbound], *, actor: Interaction | None = None,
                      pressed: Press | None = None) -> None:
        """Make Discord show what one change produced. ``actor``: the interaction that caused
        it (a person whose DMs are closed gets their prompt there); ``pressed``: it was a
        press on the actor's prompt, answered first and in place (its window goes on or
        ends)."""
        if not outbound:
            if pressed is not None:
                await self._close_pressed(pressed)
            return
        match_id = outbound[0].match_id
        turns = [o for o in outbound if isinstance(o, TurnUpdate)]
        version = max((t.version for t in turns), default=None)
        with self.busy.track(), self.service.reading():  # one read of the match
            async with self._alone(match_id):
                early, answered = (await self._answer_first(match_id, outbound, pressed)
                                   if pressed is not None else (False, None))
                async with self._lock(match_id):
                    try:
                        await self._deliver(match_id, outbound, turns, actor,
                                            None if early else pressed, answered)
                    finally:
                        self._answered.pop(match_id, None)
                        if version is not None and self._due.get(match_id,
                                                                 version) <= version:
                            self._due.pop(match_id, None)

    def _alone(self, match_id: int) -> AbstractAsyncContextManager[None]:
        """While this process makes Discord show ``match_id``, no other process does (its
        ``lease``): each records what it sent as it sends it."""
        return self.lease.hold(match_id) if self.lease is not None else nullcontext()

    async def _answer_first(self, match_id: int, outbound: Sequence[Outbound],
                            pressed: Press) -> tuple[bool, int | None]:
        """The press answered at once, while the match's previous delivery still sends its
        posts and the others' prompts, when that delivery answered the same person's
        press and so touches their prompt no more (a person pressing on through their
        turn, or through steps against the AI). Returns whether it was answered here, and
        the seat whose prompt that was (as ``_answer``)."""
        if self._answered.get(match_id) is None:
            return False, None
        async with self._answer_lock(match_id):
            info = await self.service.info(match_id)
            seat = info.seat_of(pressed.user_id)
            if seat is None or self._answered.get(match_id) not in (seat.seat, NO_PROMPT):
                return False, None
            names = await self.names(info)
            slots = {r.slot: r for r in await self.store.deliveries(match_id)}
            windows = await self._windows(info)
            answered = await self._answer(info, windows, names, slots, _news(outbound),
                                          _fresh(windows, slots), pressed)
            return True, answered

    async def _deliver(self, match_id: int, outbound: Sequence[Outbound],
                       turns: list[TurnUpdate], actor: Interaction | None,
                       pressed: Press | None, answered: int | None) -> None:
        """``answered``: the seat whose press ``_answer_first`` answered already."""
        info = await self.service.info(match_id)
        names = await self.names(info)
        slots = {r.slot: r for r in await self.store.deliveries(match_id)}
        news = _news(outbound)
        ended: Result | None = None
        shown = showing(slots.get(TURN)).get("v", 0)
        if turns and turns[-1].version <= shown:
            # A later change reached the thread first (changes are committed in order
            # but can come here out of it): this one's turns are behind the table shown.
            log.info("match %s: the turns of version %s came after version %s was shown",
                     match_id, turns[-1].version, shown)
            turns = []
        for item in outbound:
            if isinstance(item, MatchEnded):
                ended = item.result
            elif isinstance(item, MatchCancelled):
                public = await self.readers.of_server(info.guild_id)
                await self.post(info, Outgoing(public.say(speech.said(
                    "**{match}** was cancelled by {person}.",
                    match=match_title(info.game, info.id), person=mention(item.by_user_id)))),
                    mentions=False)
        await self._table(info, names, slots, merged_turns(turns), news, actor, pressed,
                          hold=self.coalesce > 0, answered=answered)
        if ended is not None:
            await self._end(info, ended, names, slots)

    async def reconcile(self, match_id: int, held: bool = False,
                        serves: Serves | None = None) -> bool:
        """Make Discord show the match as it stands, with no change to report: after a
        restart or a failed send. Only what is missing or out of date is sent or edited.
        False when it was left to a change still on its way (see below). ``held``: it
        shows the live post's held lines; when nothing was committed since they were
        recorded, the change that brought them delivered everything else, and only the
        post is edited (the prompts are not compared again). ``serves``: the match is
        left alone unless its server is one of this process's (``reconcile_all``). A stop
        waits for it, as for a delivery."""
        with self.busy.track(), self.service.reading():
            async with self._alone(match_id):
                return await self._reconcile(match_id, held, serves)

    async def _reconcile(self, match_id: int, held: bool, serves: Serves | None) -> bool:
        async with self._lock(match_id):
            # Read between changes (never halfway through AI moves), and left to the batch
            # of a change still on its way: it shows the moves with their lines.
            info, board = await self.service.settled(match_id)
            if board is None or (serves is not None and not serves(info.guild_id)):
                return True
            if match_id in self._due:
                return False
            names = await self.names(info)
            slots = {r.slot: r for r in await self.store.deliveries(match_id)}
            if info.status == ACTIVE:
                turns = []
                number = board.turn.number if board.turn is not None else 0
                shown = showing(slots.get(TURN))
                if shown.get("turn") != number or shown.get("dirty"):
                    turns.append(self._opening(board, info.version))
                if held and turns and shown.get("turn") == number and shown.get(
                        "v") == info.version:
                    self._answered[match_id] = NO_PROMPT  # a press is answered meanwhile
                    try:
                        await self._turn_post(info, turns[0], names, slots, [])
                    finally:
                        self._answered.pop(match_id, None)
                else:
                    await self._table(info, names, slots, turns, {}, None, None)
            elif info.result is not None:
                await self._end(info, info.result, names, slots, board.view)
        return True

    async def reconcile_all(self, serves: Serves | None = None) -> None:
        """Reconcile every running match, and every finished one whose end notices a stop
        cut off (on start): nothing stays unsent. Matches are reconciled side by side (their
        channels are Discord buckets of their own), a few at a time, so held lines that a
        stop left unshown do not wait for every match before them. ``serves``: the servers
        this process runs; with several processes each reconciles its own matches, never
        one that another process is delivering a change of at the same moment (two
        deliveries of one match would each record what they sent over the other's)."""
        gate = asyncio.Semaphore(RECONCILE_AT_ONCE)

        async def one(match_id: int) -> None:
            async with gate:
                try:
                    await self.reconcile(match_id, serves=serves)
                except MatchQuarantined as damaged:  # logged when found; its thread is told
                    await self._set_aside(damaged)
                except Exception:  # one broken match must not keep the others waiting
                    log.exception("match %s: reconciling failed", match_id)

        await asyncio.gather(*(one(match_id) for match_id in
                               [*await self.store.match_ids(ACTIVE),
                                *await self.store.ends_undelivered()]))

    async def _set_aside(self, damaged: MatchQuarantined) -> None:
        """Tell a damaged match's thread (or channel) that it is set aside (on each start,
        until it is repaired); a failure is logged, never raised."""
        if damaged.channel_id is None:
            return
        channel = self.client.get_partial_messageable(damaged.channel_id,
                                                      guild_id=damaged.guild_id)
        public = await self.readers.of_server(damaged.guild_id)
        text = public.say(damaged.said) if damaged.said is not None else str(damaged)
        try:
            await channel.send(text, allowed_mentions=QUIET)
        except discord.HTTPException as exc:
            log.warning("match %s: could not say it is set aside (%s)", damaged.match_id, exc)

    def stop(self) -> None:
        """Drop the retries and held lines still waiting (on shutdown: their slots are
        recorded as not yet shown, so the next start's reconciliation shows them)."""
        for task in [*self._retries.values(), *self._held.values()]:
            task.cancel()

    def _failed(self, match_id: int) -> None:
        """A send failed: reconcile the match again a little later (once at a time)."""
        self._later(self._retries, match_id, self.retry_after)

    def _hold(self, match_id: int, busy: bool) -> None:
        """The live post's new lines wait (recorded, dirty) for ``coalesce`` seconds, or
        ``BUSY_COALESCE`` when the bot is ``busy``, so that a burst of commits edits it
        once: a reconciliation then shows them all."""
        self._later(self._held, match_id,
                    max(self.coalesce, BUSY_COALESCE) if busy else self.coalesce, held=True)

    def _later(self, tasks: dict[int, asyncio.Task[None]], match_id: int,
               delay: float, held: bool = False) -> None:
        """Reconcile the match after ``delay`` seconds, unless that is already planned
        (``held``: see ``reconcile``)."""
        if match_id in tasks and not tasks[match_id].done():
            return

        async def later() -> None:
            for _ in range(LATER_TRIES):
                await asyncio.sleep(delay)
                try:
                    if await self.reconcile(match_id, held):
                        return
                except Exception:  # logged; the next change or restart reconciles again
                    log.exception("match %s: reconciling later failed", match_id)
                    return

        tasks[match_id] = asyncio.create_task(later())

    @staticmethod
    def _opening(board: PublicUpdate, version: int) -> TurnUpdate:
        """The turn open on ``board`` (the match at ``version``), with no lines of its own."""
        turn = board.turn
        return TurnUpdate(board.match_id, turn.number if turn is not None else 0,
                          turn.seat if turn is not None else None, (), board.view,
                          board.mention_user_ids, version)

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    def _answer_lock(self, match_id: int) -> asyncio.Lock:
        return self._answering.setdefault(match_id, asyncio.Lock())

    async def _table(self, info: MatchInfo, names: Sequence[str],
                     slots: dict[str, DeliveryRecord], turns: Sequence[TurnUpdate],
                     news: Mapping[int, tuple[Said, ...]], actor: Interaction | None,
                     pressed: Press | None, hold: bool = False,
                     answered: int | None = None) -> None:
        """The presser's own result first, then the turn posts, then everyone else's
        prompt (each in its own DM channel, so side by side). ``news``: the seats whose
        view changed, with their private lines; ``hold``: the live post's new lines may
        wait for more (``coalesce``); ``answered``: the seat whose press was answered
        already (``_answer_first``)."""
        windows = await self._windows(info)
        fresh = _fresh(windows, slots)
        if pressed is not None:
            async with self._answer_lock(info.id):
                answered = await self._answer(info, windows, names, slots, news, fresh,
                                              pressed)
        if answered is not None:  # the person's next press need not wait for the rest
            self._answered[info.id] = answered
        # People whose DMs are closed are mentioned in the new turn post, unless their DMs
        # are tried again now (a working DM is then their one notification).
        tried = await self._dms_to_try(info) if fresh else set()
        pings = [windows[s][0] for s in sorted(fresh) if windows[s][0] not in tried]
        pinged: set[int] = set()
        for i, update in enumerate(turns):
            last = i == len(turns) - 1
            pinged |= await self._turn_post(info, update, names, slots, pings if last else [],
                                            hold=hold and last, over=not last)
        await asyncio.gather(*(
            self._prompt(info, seat, user_id, decisions, names, slots, news.get(seat),
                         seat in fresh, actor, pinged)
            for seat, (user_id, decisions) in sorted(windows.items()) if seat != answered))

    async def _answer(self, info: MatchInfo, windows: Windows,
                      names: Sequence[str], slots: dict[str, DeliveryRecord],
                      news: Mapping[int, tuple[Said, ...]], fresh: set[int],
                      pressed: Press) -> int | None:
        """The presser's own result, in the pressed message: the window's next decision, or
        the prompt closed. Returns the seat whose prompt that was (None: their prompt is
        still to be sent, a new window, or they hold no seat)."""
        seat = next((s for s, (u, _) in windows.items() if u == pressed.user_id), None)
        record = slots.get(prompt_slot(seat)) if seat is not None else None
        pressed_id = pressed.message.id if pressed.message is not None else None
        ours = record is not None and record.message_id == pressed_id
        if seat is not None and seat in fresh and ours and record is not None:
            return await self._answer_window(info, seat, windows[seat][1], names, slots,
                                             news.get(seat, ()), record, pressed)
        if seat is None or seat in fresh:
            await self._close_pressed(pressed)  # a new window opens in a new message
            if record is not None and ours:  # closed now: not to be closed again
                await self._remember(slots, replace_shown(record, {**showing(record),
                                                                   "open": False}))
            return None
        decisions = windows[seat][1]
        out, face = await self._prompt_card(info, seat, decisions, names, news.get(seat, ()))
        kept = _attachment(pressed.message, out, record) if ours else None
        message = await pressed.update(allowed_mentions=QUIET, **out.edit_kwargs(kept))
        if record is None:
            return seat
        if message is None and ours:
            # Not shown (answered past Discord's deadline on a starved machine, or refused):
            # the prompt is edited like anyone's, right after, as its record now says.
            await self._remember(slots, replace_shown(record, {**showing(record), "face": ""}))
            return None
        state = {"window": decisions[0].window_id if decisions else showing(record).get(
            "window"), "open": bool(decisions), "face": face}
        if ours:
            await self._remember(slots, replace(replace_shown(record, state),
                                                picture=_picture(message, out, record)))
        elif record.message_id:
            # The press came from a private copy ("My hand"): its DM follows, after the rest.
            await self._remember(slots, replace_shown(record, {**state, "face": ""}))
            return None
        else:  # the prompt lives only privately (DMs closed)
            await self._remember(slots, replace_shown(record, state))
        return seat

    async def _answer_window(self, info: MatchInfo, seat: int, decisions: Sequence[Decision],
                             names: Sequence[str], slots: dict[str, DeliveryRecord],
                             news: Sequence[Said], record: DeliveryRecord,
                             pressed: Press) -> int:
        """The presser's next window, opened in the prompt they pressed: they are looking at
        it, so it needs no new DM and no notification. The slot is written first (the new
        window, its face unknown), so a stop before the answer leaves the reconciliation an
        edit of this same message to make, never a second prompt."""
        out, face = await self._prompt_card(info, seat, decisions, names,
                                            [*shown_lines(showing(record), "news"), *news])
        state = {"window": decisions[0].window_id, "open": True}
        await self._remember(slots, replace(replace_shown(record, {**state, "face": ""}),
                                            picture=""))
        message = await pressed.update(allowed_mentions=QUIET, **out.edit_kwargs(
            _attachment(pressed.message, out, record)))
        if message is None:  # not shown (past the deadline, refused): edited instead
            edited = await self._edit_dm(info, record, out)
            if edited is None:  # the reconciliation edits it later
                self._failed(info.id)
            else:
                await self._remember(slots, replace_shown(edited, {**state, "face": face}))
            return seat
        await self._remember(slots, replace(replace_shown(record, {**state, "face": face}),
                                            picture=_picture(message, out, record)))
        return seat

    async def _windows(self, info: MatchInfo) -> Windows:
        """Each person's open decisions now (one who left, or whose seat the AI took over,
        has none: their prompt closes)."""
        out: dict[int, tuple[int, tuple[Decision, ...]]] = {}
        for seat in info.seats:
            if seat.user_id is None:
                continue
            decisions: tuple[Decision, ...] = ()
            if info.status == ACTIVE and not seat.is_ai:
                decisions = (await self.service.hand(info.id, seat.user_id)).decisions
            out[seat.seat] = (seat.user_id, decisions)
        return out

    async def names(self, info: MatchInfo) -> list[str]:
        """Each seat's name as of its person's latest press, cleaned (``said`` writes them
        into message text); "AI n", or "Guest n" when Discord cannot say or nothing visible
        is left of a name (never the engine's "Player n"), in the server's language: seats
        are named alike for everyone at the table."""
        out = []
        public = await self.readers.of_server(info.guild_id)
        for seat in info.seats:
            name = (await self.people.name(seat.user_id, info.guild_id)
                    if seat.user_id is not None else None)
            out.append(clean(name or "") or public.say(
                speech.said("AI {seat}", seat=seat.seat + 1) if seat.user_id is None
                else speech.said("Guest {seat}", seat=seat.seat + 1)))
        return out

    # -- the thread --------------------------------------------------------------------------

    def where(self, info: MatchInfo) -> discord.PartialMessageable | None:
        channel_id = info.thread_id or info.channel_id
        if channel_id is None:
            return None
        return self.client.get_partial_messageable(channel_id, guild_id=info.guild_id)

    async def post(self, info: MatchInfo, out: Outgoing, kind: str | None = None,
                   mentions: bool = True, nonce: Mapping[str, Any] | None = None
                   ) -> discord.Message | None:
        """Post in the match's thread (or channel); a failure is logged, never raised. A long
        text continues in further posts, which ping nobody; the first is returned.
        ``nonce``: from ``once``, for a post a restart may repeat (the first part carries it)."""
        channel = self.where(info)
        if channel is None:
            return None
        allowed = discord.AllowedMentions(users=mentions, roles=False, everyone=False)
        message = None
        try:
            for kwargs in out.parts():
                first = message is None
                sent = await channel.send(allowed_mentions=allowed if first else QUIET,
                                          **((nonce or {}) if first else {}), **kwargs)
                message = message or sent
        except discord.HTTPException as exc:
            log.warning("match %s: could not post in channel %s (%s)", info.id, channel.id, exc)
            return None
        assert message is not None
        if kind is not None:
            await self.store.put_message(MessageRecord(info.id, kind, channel.id, message.id))
        return message

    async def edit_posts(self, info: MatchInfo, kind: str, content: str) -> None:
        """Edit the match's posts of ``kind`` (the lobby post, after its seats or decks
        changed elsewhere); a failure is logged, never raised."""
        for record in await self.store.messages(info.id, kind):
            channel = self.client.get_partial_messageable(record.channel_id)
            try:
                await channel.get_partial_message(record.message_id).edit(
                    content=content, allowed_mentions=QUIET)
            except discord.HTTPException as exc:
                log.warning("match %s: %s post not updated (%s)", info.id, kind, exc)

    async def table_words(self, match_id: int, lang: Language) -> str:
        """The public table in words, whole (``/board detail``), in ``lang``: what its picture
        leaves out at the size Discord shows it (full card names, the whole chain, every
        count)."""
        info, board = await self.service.settled(match_id)
        title = match_title(info.game, info.id)
        if board is None:
            return lang.say(speech.said("**{match}**: nothing is on the table yet.",
                                        match=title))
        words = registry.get(info.game).describe(board.view, literals(await self.names(info)),
                                                 full=True, say=lang.say)
        head = lang.say(speech.said("**{match}**, the whole table:", match=title))
        return "\n".join([head, fit(words.split("\n"), TEXT_MAX - len(head) - 1)])

    async def repost(self, match_id: int) -> None:
        """The live turn post again, at the bottom of the thread (/board): the turn goes on
        in the new post; nobody is pinged."""
        async with self._alone(match_id), self._lock(match_id):
            info, board = await self.service.settled(match_id)
            if board is None:
                return
            names = await self.names(info)
            slots = {r.slot: r for r in await self.store.deliveries(match_id)}
            update = self._opening(board, info.version)
            shown = showing(slots.get(TURN))
            if shown.get("turn") == update.number:
                # Its lines move along; the old post stays as it was.
                slots[TURN] = replace_shown(slots[TURN], {**shown, "turn": -1})
            update = TurnUpdate(match_id, update.number, update.seat,
                                tuple(shown_lines(shown, "lines")) if shown.get("turn")
                                == update.number else (), update.view, update.acting,
                                update.version)
            await self._turn_post(info, update, names, slots, [], again=True)

    async def _turn_post(self, info: MatchInfo, update: TurnUpdate, names: Sequence[str],
                         slots: dict[str, DeliveryRecord], pings: Sequence[int],
                         again: bool = False, hold: bool = False,
                         over: bool = False) -> set[int]:
        """Create the turn's post or edit it with its new lines; a new post may carry the
        mentions of people whose DMs are closed. A turn too long for one post continues in
        further posts (pinging nobody): the last is the live one. Returns those it pinged.
        ``again``: a second post of the turn on purpose (/board), which a nonce would refuse;
        ``hold``: new lines that change nothing else (the same turn, post and people to act;
        while the bot is busy, people may also leave "To act") are recorded now and shown
        a moment later, with any that follow them; ``over``: the
        turn ended and the next turn's post follows with the table after it, so this post
        gets its last lines and keeps the picture it shows (nothing uploaded for it)."""
        record = slots.get(TURN)
        shown = showing(record)
        same = record is not None and shown.get("turn") == update.number
        lines = [*(shown_lines(shown, "lines") if same else []), *update.lines]
        server = await self.readers.of_server(info.guild_id)
        pinged = set(pings) if not same else set()
        message_id = (record.message_id or None) if same and record is not None else None
        channel = self.where(info)
        if channel is None:
            return set()
        posts = turn_texts(info, update, [told(line, names, server) for line in lines], server)
        # Written ahead and after each message: a stop or a failed send halfway leaves the
        # slot dirty, saying which message holds what is left, and the next reconciliation
        # finishes it (a send it repeats keeps its nonce: Discord makes it once).
        sending = {"sending": shown["sending"]} if same and "sending" in shown else {}
        await self._turn_record(slots, channel.id, message_id, update, lines, True, sending)
        if hold and message_id is not None and len(posts) == 1:
            busy = self.busy_now()
            if shown.get("acting") == list(update.acting) or (
                    busy and set(update.acting) <= set(shown.get("acting", []))):
                self._hold(info.id, busy)
                return set()
        # Drawn only now: held lines show the table when they are shown.
        image = await self.images.board(update.view, names, server.code)
        alt = alt_text(info.game, update.view, names, words=server)
        before = first = 0
        for k, (text, part) in enumerate(posts):
            live = k == len(posts) - 1
            out = Card(text, image, BOARD_FILE,
                       [_row(hand_button(info.id, server))] if live and update.acting else (),
                       alt)
            if out.image is None:
                out = Card(out.text + "\n" + view_text(update.view), None, BOARD_FILE, out.rows)
            try:
                message = (await self._edit_post(channel, message_id, out, slots.get(TURN),
                                                 over and len(posts) == 1)
                           if message_id is not None else None)
                if message is None:
                    allowed = discord.AllowedMentions(
                        users=[discord.Object(u) for u in pinged] if k == 0 else False,
                        roles=False, everyone=False)
                    # A continuation is known by the post it follows, however it was split.
                    what = [update.number, before] if before else update.number
                    nonce, repeated = ({}, False) if again else await self._sending(
                        slots, info, TURN, what)
                    message = await self._as_sent(await channel.send(
                        allowed_mentions=allowed, **nonce, **out.kwargs()), out, repeated)
                message_id = message.id
            except discord.HTTPException as exc:
                log.warning("match %s: could not post turn %s (%s)", info.id, update.number,
                            exc)
                self._failed(info.id)
                return set()
            await self._turn_record(slots, channel.id, message_id, update, lines[first:],
                                    not live, picture=_picture(message, out, slots.get(TURN)))
            first += len(part)
            if not live:  # this post is full: the turn goes on in a new one
                before, message_id = message_id, None
        return pinged

    async def _turn_record(self, slots: dict[str, DeliveryRecord], channel_id: int,
                           message_id: int | None, update: TurnUpdate, lines: Sequence[Said],
                           dirty: bool, more: Mapping[str, Any] | None = None,
                           picture: str | None = None) -> None:
        """The turn slot: the live post (0: none yet), the lines it shows from the first on,
        the version shown, and ``dirty`` while Discord is not yet made to match;
        ``picture``: the post's picture now (None: as recorded)."""
        shown = {**(more or {}), "turn": update.number, "lines": stored_lines(lines),
                 "v": update.version, "acting": list(update.acting),
                 **({"dirty": True} if dirty else {})}
        record = slots.get(TURN)
        if picture is None:
            picture = record.picture if record is not None else ""
        await self._remember(slots, DeliveryRecord(update.match_id, TURN, channel_id,
                                                   message_id or 0, json.dumps(shown),
                                                   picture))

    async def _edit_post(self, channel: discord.PartialMessageable, message_id: int,
                         out: Card, record: DeliveryRecord | None,
                         over: bool = False) -> discord.Message | None:
        """Edit a turn post, keeping its picture when the bytes are the same, or whatever
        they are once the turn is ``over`` (the next post shows the table after it); None
        when the post was deleted meanwhile (a new one is then sent and recorded)."""
        kept = (self._kept(record, out, any_bytes=over)
                if record is not None and record.message_id == message_id else None)
        try:
            return await channel.get_partial_message(message_id).edit(
                allowed_mentions=QUIET, **out.edit_kwargs(kept))
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_MESSAGE:
                raise
            log.info("turn post %s was deleted: it is sent again", message_id)
            return None

    # -- one person's prompt -----------------------------------------------------------------

    async def _prompt(self, info: MatchInfo, seat: int, user_id: int,
                      decisions: Sequence[Decision], names: Sequence[str],
                      slots: dict[str, DeliveryRecord], news: Sequence[Said] | None,
                      fresh: bool, actor: Interaction | None, pinged: set[int]) -> None:
        """The person's window: open a new prompt (the one notification), edit the one they
        are in when what it shows them for their decision changed, or close it once
        nothing is left to decide."""
        slot = prompt_slot(seat)
        record = slots.get(slot)
        was = showing(record)
        window = decisions[0].window_id if decisions else was.get("window")
        lang = await self.readers.of_user(user_id)
        face = prompt_face(*prompt_menu(info, seat, decisions, names, lang))
        state = {"window": window, "open": bool(decisions), "face": face}
        news = [*shown_lines(was, "news"), *(news or ())]
        if not fresh:
            if record is None or not record.message_id:
                return
            if prompt_changes(was, face, bool(decisions), bool(news)):
                out, _ = await self._prompt_card(info, seat, decisions, names, news)
                edited = await self._edit_dm(info, record, out)
                if edited is not None:
                    await self._remember(slots, replace_shown(edited, state))
            elif (kept := stored_lines(news)) != was.get("news", []):  # for their next prompt
                await self._remember(slots, replace_shown(record, {**was, "news": kept}))
            return
        out, _ = await self._prompt_card(info, seat, decisions, names, news)
        helped = actor if actor is not None and actor.user.id == user_id else None
        key, repeated = await self._sending(slots, info, slot, window)
        sent, message = await self._open_window(info, seat, user_id, out, helped, pinged,
                                                key["nonce"])
        if message is not None:
            try:
                message = await self._as_sent(message, out, repeated)
            except discord.HTTPException as exc:  # shown as it was: edited when reconciled
                log.warning("match %s: prompt %s not brought up to date (%s)", info.id, slot,
                            exc)
                state["face"] = ""
                self._failed(info.id)
        await self._remember(slots, DeliveryRecord(info.id, slot, sent[0], sent[1],
                                                   json.dumps(state),
                                                   _picture(message, out)))
        if (record is not None and record.message_id and was.get("open")
                and record.message_id != sent[1]):
            closed, _ = await self._prompt_card(info, seat, (), names, ())
            await self._edit_dm(info, record, closed)

    async def _open_window(self, info: MatchInfo, seat: int, user_id: int, out: Card,
                           actor: Interaction | None, pinged: set[int],
                           key: str) -> tuple[tuple[int, int], discord.Message | None]:
        """A new window: a new DM (the notification) when DMs reach the person, else their
        private path (the actor's follow-up) and one mention in the thread. Returns where
        the prompt went (0, 0 when it lives only privately) and the DM sent. ``key``: the
        window's nonce (``_sending``), so a restart repeating it does not notify twice."""
        record = info.seats[seat]
        if record.dm_ok or await self._retry_due(user_id):
            sent = await self._dm_card(info, user_id, out, {"nonce": key})
            if sent is not None:
                if not record.dm_ok:
                    await self.service.set_dm_ok(user_id, True)
                return (sent.channel.id, sent.id), sent
        if actor is not None:
            try:
                await actor.followup.send(ephemeral=True, **out.kwargs())
            except discord.HTTPException as exc:
                log.warning("match %s: private prompt failed (%s)", info.id, exc)
        if user_id not in pinged:
            public = await self.readers.of_server(info.guild_id)
            await self.post(info, Outgoing(public.say(speech.said(
                "{person}, your move in **{match}**: press **{button}** under the turn post "
                "(or use /hand).", person=mention(user_id), match=match_title(info.game, info.id),
                button=HAND_LABEL))), nonce=once(MENTION, key))
        return (0, 0), None

    async def _dms_to_try(self, info: MatchInfo) -> set[int]:
        """The match's people whose DMs a new window tries: open, or due a retry."""
        return {s.user_id for s in info.seats if s.user_id is not None
                and (s.dm_ok or await self._retry_due(s.user_id))}

    async def _retry_due(self, user_id: int) -> bool:
        """DMs are tried again RETRY_DMS after they last failed (stored: a restart keeps it)."""
        failed = await self.store.dms_failed_at(user_id)
        return failed is None or self.clock() - failed >= RETRY_DMS

    async def _prompt_card(self, info: MatchInfo, seat: int, decisions: Sequence[Decision],
                           names: Sequence[str], news: Sequence[Said],
                           closed_hand: bool = False) -> tuple[Card, str]:
        """The prompt: the match, the person's news, what to decide, their hand, the menu;
        and its face (``shows.prompt_face``). With nothing to decide it is closed: no
        controls, a word on what comes next, and no hand (``shows.hand_shown``) unless
        ``closed_hand`` asks for it (/hand: the cards are what was asked for)."""
        user_id, gone = info.seats[seat].user_id, info.seats[seat].is_ai
        update = (await self.service.hand(info.id, user_id)
                  if user_id is not None and not gone and info.status in (ACTIVE, FINISHED)
                  and hand_shown(bool(decisions), closed_hand) else None)
        lang = (await self.readers.of_user(user_id) if user_id is not None
                else await self.readers.of_server(info.guild_id))
        menu, status = prompt_menu(info, seat, decisions, names, lang)
        face = prompt_face(menu, status)
        lines = [menu.prompt if menu is not None else status]
        if menu is not None and update is not None:
            menu, intro = await self._learning(info, seat, update.user_id, decisions[0], menu)
            lines[:0] = intro
        image = await self.images.hand(update.view, names, lang.code) \
            if update is not None else None
        if image is None and update is not None:
            lines.append(view_text(update.view))
        under, alt = "", ""
        if image is not None and update is not None:
            alt = alt_text(info.game, update.view, names, words=lang)
            under = "\n".join(hand_texts(update.view, lang))
        text = prompt_text(info, [told(line, names, lang) for line in news], lines, under, lang)
        rows = menu_rows(menu) if menu is not None else []
        return Card(text, image, HAND_FILE, rows, alt, under), face

    async def _learning(self, info: MatchInfo, seat: int, user_id: int, decision: Decision,
                        menu: menus.Menu) -> tuple[menus.Menu, list[str]]:
        """What a prompt adds for learning, in the person's language: the Hint button where
        the match offers hints, and in a lesson the introduction of a new kind of decision
        (``bot.match.lessons``). Neither is part of the prompt's face: they follow from the
        match and its log, not from what the decision asks."""
        words = await self.readers.of_user(user_id)
        if await self.service.hints_offered(info.id):
            menu = menus.with_hint(menu, info.id, decision.id, words.say(speech.said("Hint")))
        intro = await self.service.introduction(info.id, seat, decision) if info.lesson else None
        return menu, [words.say(intro)] if intro is not None else []

    async def _close_pressed(self, pressed: Press) -> None:
        """The pressed prompt's window is over: keep its text, drop its controls."""
        message = pressed.message
        text = text_of(message) if message is not None else ""
        done = "✅ " + reader(pressed.interaction).say(speech.said("Done.")) if not text else ""
        await pressed.update(view=card(text or done))

    async def _edit_dm(self, info: MatchInfo, record: DeliveryRecord,
                       out: Card) -> DeliveryRecord | None:
        """Edit a prompt's DM, keeping its picture when the bytes are the same; the record
        as it now is (None when the edit failed: the next change edits it again). A DM
        deleted meanwhile is sent again, as a new message recorded in the slot."""
        channel = self.client.get_partial_messageable(record.channel_id)
        try:
            message = await channel.get_partial_message(record.message_id).edit(
                **out.edit_kwargs(self._kept(record, out)))
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_MESSAGE:
                log.warning("match %s: prompt %s not updated (%s)", info.id, record.slot, exc)
                return None
            try:
                message = await channel.send(**out.kwargs())
            except discord.HTTPException as failed:
                log.warning("match %s: prompt %s not sent again (%s)", info.id, record.slot,
                            failed)
                return None
        except discord.HTTPException as exc:
            log.warning("match %s: prompt %s not updated (%s)", info.id, record.slot, exc)
            return None
        return replace(record, channel_id=message.channel.id, message_id=message.id,
                       picture=_picture(message, out, record))

    def _kept(self, record: DeliveryRecord, out: Card,
              any_bytes: bool = False) -> discord.Attachment | None:
        """The attachment a slot's message shows, when it holds ``out``'s picture already
        (an edit then keeps it by its id instead of uploading the same bytes); with
        ``any_bytes``, whatever picture it holds."""
        picture = Picture.of(record)
        if picture is None or out.image is None or not picture.attachment_id or not (
                any_bytes or picture.shows(out.image)):
            return None
        return discord.Attachment(data={"id": picture.attachment_id, "filename": out.filename,
                                        "size": 0, "url": "", "proxy_url": ""},
                                  state=self.client._connection)

    async def _sending(self, slots: dict[str, DeliveryRecord], info: MatchInfo, slot: str,
                       what: object) -> tuple[dict[str, Any], bool]:
        """The nonce of a new message for ``slot`` showing ``what`` (a turn, a window), stored
        before the send: a restart repeating the send uses the same one, whatever moved
        since, and Discord answers it with the message already made. Also whether this
        repeats an earlier try (see ``_as_sent``)."""
        record = slots.get(slot)
        shown = showing(record)
        sending = shown.get("sending")
        if isinstance(sending, list) and sending[0] == what:
            return {"nonce": sending[1]}, True
        nonce = once(slot, info.id, what, info.version)
        await self._remember(slots, DeliveryRecord(
            info.id, slot, record.channel_id if record is not None else 0,
            record.message_id if record is not None else 0,
            json.dumps({**shown, "sending": [what, nonce["nonce"]]})))
        return nonce, False

    @staticmethod
    async def _as_sent(message: discord.Message, out: Card, repeated: bool) -> discord.Message:
        """``message``, answered to a send of ``out``, made to show it: a ``repeated`` send
        may be answered with the message an earlier try made, as it was then (a stop came
        before its record, or another process sent it, and the window or turn moved on
        since), so it is edited (an ``HTTPException`` is the caller's)."""
        if not repeated:
            return message
        return await message.edit(allowed_mentions=QUIET, **out.edit_kwargs())

    async def _remember(self, slots: dict[str, DeliveryRecord], record: DeliveryRecord) -> None:
        slots[record.slot] = record
        await self.store.put_delivery(record)

    async def _dm_card(self, info: MatchInfo, user_id: int, out: Card,
                       nonce: Mapping[str, Any] | None = None) -> discord.Message | None:
        """A new DM; None when DMs are closed (the person is told once in the thread)."""
        _, message = await self._send_dms(info, user_id, [{**out.kwargs(), **(nonce or {})}])
        return message

    async def dm(self, info: MatchInfo, user_id: int, messages: Sequence[Outgoing]) -> bool:
        """Plain DMs; False when DMs are closed (the person is then told once)."""
        is_open, _ = await self._send_dms(info, user_id,
                                          [part for out in messages for part in out.parts()])
        return is_open

    async def _send_dms(self, info: MatchInfo, user_id: int, sends: Sequence[dict[str, Any]]
                        ) -> tuple[bool, discord.Message | None]:
        """(whether the person's DMs are open, the last message sent or None if a send
        failed). A closed DM marks them closed; a working one switches them back."""
        try:
            channel = await self._dm_channel(user_id)
            message = None
            for kwargs in sends:
                message = await channel.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                log.warning("match %s: DM to %s refused (%s)", info.id, user_id, exc)
            await self.dms_closed(info, user_id)
            return False, None
        except discord.HTTPException as exc:
            log.warning("match %s: DM to %s failed (%s)", info.id, user_id, exc)
            return True, None
        if await self.store.dms_failed_at(user_id) is not None:
            await self.store.set_dms_failed(user_id, None)
        return True, message

    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The person's DM channel: by its id once known. discord.py keeps only 128 DM
        channels, and asking Discord for one is a call under the global rate limit: with
        a few hundred people playing, a tenth of all calls went to that."""
        known = self._dms.get(user_id)
        if known is not None:
            return self.client.get_partial_messageable(known, type=discord.ChannelType.private)
        channel = await self.client.create_dm(discord.Object(user_id))
        if len(self._dms) >= DM_CHANNELS_KEPT:
            self._dms.pop(next(iter(self._dms)))
        self._dms[user_id] = channel.id
        return channel

    async def dms_closed(self, info: MatchInfo, user_id: int) -> None:
        """Mark the person's DMs closed; tell them once (not again while they stay closed)."""
        already = await self.store.dms_failed_at(user_id) is not None or any(
            s.user_id == user_id and not s.dm_ok for s in info.seats)
        await self.store.set_dms_failed(user_id, self.clock())
        if already:
            return
        await self.service.set_dm_ok(user_id, False)
        public = await self.readers.of_server(info.guild_id)
        await self.post(info, Outgoing(public.say(speech.said(
            "{person}, I can't send you direct messages, so your cards and choices will show "
            "up only to you: press **{button}** under the turn post (or use /hand).",
            person=mention(user_id), button=HAND_LABEL))))

    async def probe_dm(self, info: MatchInfo, user_id: int) -> None:
        """Check at join that DMs reach the player, so a closed inbox is known up front."""
        lang = await self.readers.of_user(user_id)
        await self.dm(info, user_id, [Outgoing(lang.say(speech.said(
            "You are in **{match}**. Your cards and the choices you must make will arrive "
            "here.", match=match_title(info.game, info.id))))])

    async def show_hand(self, interaction: Interaction, match_id: int) -> None:
        """The player's hand and open choices, privately (the "My hand" button and /hand).
        Closed DMs are tried again here: a DM that works switches the person back."""
        if not interaction.response.is_done():  # /hand acknowledged it already
            await interaction.response.defer(ephemeral=True, thinking=True)
        # AI turns a restart cut short are played first, so the table and hand are current.
        await self.deliver(await self.service.resume(match_id))
        update = await self.service.hand(match_id, interaction.user.id)
        info = await self.service.info(match_id)
        seat = info.seat_of(interaction.user.id)
        names = await self.names(info)
        out, face = await self._prompt_card(info, seat.seat if seat is not None else 0,
                                            update.decisions, names, (), closed_hand=True)
        if seat is not None and not seat.dm_ok and update.decisions:
            async with self._alone(match_id), self._lock(match_id):  # the prompt's slot
                sent = await self._dm_card(info, interaction.user.id, out)
                if sent is not None:
                    await self.service.set_dm_ok(interaction.user.id, True)
                    await self.store.put_delivery(DeliveryRecord(
                        match_id, prompt_slot(seat.seat), sent.channel.id, sent.id,
                        json.dumps({"window": update.decisions[0].window_id, "open": True,
                                    "face": face}), _picture(sent, out)))
            if sent is not None:
                await interaction.followup.send(reader(interaction).say(speech.said(
                    "Your DMs work again: your prompt is there.")), ephemeral=True)
                return
        # The "thinking" placeholder keeps the flags it was deferred with, so it says where
        # the prompt is and the prompt follows as a message of its own.
        await interaction.edit_original_response(content=reader(interaction).say(speech.said(
            "Your cards in **{match}**, only for you:", match=match_title(info.game, info.id))))
        await interaction.followup.send(ephemeral=True, **out.kwargs())

    # -- the end -----------------------------------------------------------------------------

    async def _end(self, info: MatchInfo, result: Result, names: Sequence[str],
                   slots: dict[str, DeliveryRecord], view: View | None = None) -> None:
        """One post mentioning every person once, then a result DM to each (each once).
        What a failure or a stop cut off is sent by the next reconciliation."""
        if view is None:
            view = (await self.service.board(info.id)).view
        server = await self.readers.of_server(info.guild_id)
        image = await self.images.summary(view, result, names, server.code)
        alt = alt_text(info.game, view, names, result, server)
        pictures = {server.code: (image, alt)}
        """The summary in each language it is shown in: the thread's, each reader's DM."""
        if END not in slots:
            # The headline names people; the standings mention each person once.
            outcome = describe(view, result, literals(names), server)
            tagged = describe(view, result, [who(info, s.seat, server) for s in info.seats], server)
            lines = [server.say(speech.said("**{match}** is over: {outcome}.",
                                            match=match_title(info.game, info.id),
                                            outcome=outcome.headline)),
                     *tagged.table_lines(), outcome.ending, *outcome.notes]
            message = await self.post(info, Outgoing("\n".join(lines), image, RESULT_FILE,
                                                     alt=alt), nonce=once(END, info.id))
            if message is not None:
                await self._remember(slots, DeliveryRecord(info.id, END, message.channel.id,
                                                           message.id))
            elif self.where(info) is None:  # nowhere to post: nothing will ever be sent
                await self._remember(slots, DeliveryRecord(info.id, END, 0, 0))
            else:
                self._failed(info.id)
        for seat in info.seats:
            if seat.user_id is None or result_slot(seat.seat) in slots:
                continue
            words = await self.readers.of_user(seat.user_id)
            text = words.say(speech.said("**{match}** is over: you placed {place} of {n}.",
                                  match=match_title(info.game, info.id),
                                  place=words.ordinal(result.placings[seat.seat]),
                                  n=len(result.placings)))
            sent: discord.Message | None = None
            if seat.dm_ok or await self._retry_due(seat.user_id):
                if words.code not in pictures:
                    pictures[words.code] = (
                        await self.images.summary(view, result, names, words.code),
                        alt_text(info.game, view, names, result, words))
                picture, described = pictures[words.code]
                out = Card(text, picture, RESULT_FILE, alt=described,
                           rows=[review_row(info.id, words)])
                is_open, sent = await self._send_dms(
                    info, seat.user_id, [{**out.kwargs(), **once(RESULT, info.id, seat.seat)}])
                if is_open and sent is None:  # a passing failure: tried again later
                    self._failed(info.id)
                    continue
            await self._remember(slots, DeliveryRecord(
                info.id, result_slot(seat.seat), sent.channel.id if sent is not None else 0,
                sent.id if sent is not None else 0))
            prompt = slots.get(prompt_slot(seat.seat))
            if prompt is not None and prompt.message_id and showing(prompt).get("open"):
                await self._edit_dm(info, prompt, Card(words.say(speech.said(
                    "**{match}** · the match is over.", match=match_title(info.game, info.id)))))
                await self._remember(slots, replace_shown(prompt, {"open": False}))


def _news(outbound: Sequence[Outbound]) -> dict[int, tuple[Said, ...]]:
    """The seats whose view a change changed, with their private lines."""
    return {item.seat: item.events for item in outbound if isinstance(item, PrivateUpdate)}


def _fresh(windows: Windows, slots: Mapping[str, DeliveryRecord]) -> set[int]:
    """The seats whose open window their prompt does not show yet: a new prompt each."""
    return {seat for seat, (_, decisions) in windows.items() if decisions
            and showing(slots.get(prompt_slot(seat))).get("window") != decisions[0].window_id}


def _row(item: discord.ui.Item[Any]) -> discord.ui.ActionRow[Any]:
    row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
    row.add_item(item)
    return row


def _attachment(message: discord.Message | None, out: Card,
                record: DeliveryRecord | None) -> discord.Attachment | None:
    """The attachment ``message`` shows that holds ``out``'s picture already, if any."""
    picture = Picture.of(record)
    if message is None or picture is None or not picture.shows(out.image):
        return None
    return next((a for a in message.attachments if a.id == picture.attachment_id), None)


def _picture(message: discord.Message | None, out: Card,
             record: DeliveryRecord | None = None) -> str:
    """The picture a message shows once sent or edited with ``out`` (for its slot's
    record): the one recorded if the message kept that attachment, else ``out``'s; unknown
    (empty: uploaded again next time) if the answer did not say."""
    if out.image is None or message is None:
        return ""
    held = next((a for a in message.attachments if a.filename == out.filename), None)
    if held is None:
        return ""
    was = Picture.of(record)
    if was is not None and was.attachment_id == held.id:
        return was.stored()
    return Picture(digest(out.image), held.id).stored()


def menu_card(message: discord.Message | None, menu: menus.Menu) -> discord.ui.LayoutView:
    """A step inside a window (a confirmation, an ordering): the pressed prompt keeps its
    title and picture and shows the step's text and controls."""
    text = text_of(message) if message is not None else ""
    title = text.split("\n", 1)[0] if text.startswith("**") else ""
    has_hand = message is not None and any(a.filename == HAND_FILE
                                           for a in message.attachments)
    return card("\n".join(part for part in (title, menu.prompt) if part),
                HAND_FILE if has_hand else None, menu_rows(menu))

