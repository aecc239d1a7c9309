"""Crash consistency: the bot process is SIGKILLed at random moments while scripted players
play Zura against AI seats through the fake Discord; after every kill the database is
checked, and after every restart each match must take a move again.

The fake Discord runs in this process and outlives every bot process; the bot runs in a
subprocess (``tests.reliability.launcher``) on one SQLite file. A kill is armed to fire
after a random number of further requests reach the fake, plus up to 10 ms, so it lands
anywhere in a click's path: before the commit, inside it, between a move and the AI's
answers, or while messages go out.
Checked after each kill, for every match: the action log's ``seq`` runs 1..n without gaps;
no decision was answered twice; every move the player saw confirmed is in the log exactly
once; ``version - n`` is the same as after the deal (nothing but moves changed it); the
snapshot equals seed + log replayed; finished ⇔ a result. After each restart the player
whose click was cut off presses the same button again (a replayed click: it must count
exactly once), and every running match must take one more move. Before anyone presses,
within ``LIVE`` seconds of the restart, Discord must show each running match as it stands:
the live turn post is the current turn's, holds every line and carries "My hand" exactly
when a person must act, and the player whose decision is open has a DM prompt for that
decision window with its buttons. Nothing may be shown twice: a turn's post, a window's
prompt, an end post or a result DM.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.discord import customid as cid
from bot.engine import Action, parse_options, registry
from bot.engine.playout import replay
from bot.match import state_text
from bot.store import (
    ACTIVE,
    CANCELLED,
    FINISHED,
    LOBBY,
    PostgresStore,
    SqliteStore,
    Store,
)
from bot.store.records import STATUSES
from tests.e2e.players import TURN_POST, Players, has_choices, opened_with_choices
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, InteractionHandle
from tests.fakediscord import components as comp

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTIzNDU2Nzg5.crash-test.secret-token-do-not-log"
GAME = "zura"
AI_SEATS = 2
WAIT = 20.0
"""Seconds any one step may take on a busy machine before it counts as stuck."""
JITTER = 0.05
"""Up to this many seconds between the chosen request and the kill."""
LIVE = 5.0
"""Seconds after a restart within which every running match is shown as it stands."""


@dataclass
class Submission:
    """A click that submits a move, kept until the player sees it confirmed."""

    match_id: int
    decision: str
    message_id: int
    custom_id: str
    values: tuple[str, ...]
    edits: int
    """Versions of the prompt before the press: one more means the move is shown."""


@dataclass
class Slot:
    """One scripted player's seat at the table: the match they play now, if any."""

    user: FakeUser
    match_id: int | None = None
    thread: FakeChannel | None = None
    lobby: FakeMessage | None = None
    players: Players | None = None
    pending: Submission | None = None


@dataclass
class CrashReport:
    kills: int = 0
    restarts: int = 0
    matches_opened: int = 0
    matches_finished: int = 0
    lobbies_left: int = 0
    """Lobbies a kill cut off before the player saw them (a lobby holds no moves)."""
    moves_confirmed: int = 0
    moves_logged: int = 0
    ai_moves_logged: int = 0
    replayed_clicks: int = 0
    replays_counted: int = 0
    """Replayed clicks whose first press never reached the database: now counted once."""
    replays_refused: int = 0
    """Replayed clicks already counted: answered as such, nothing changed."""
    continued: int = 0
    """Matches that took a move right after a restart."""
    shown: int = 0
    """Running matches shown as they stood after a restart, unpressed."""
    shown_live: int = 0
    """Of those, shown within ``LIVE`` seconds (a figure for the bench, not a test)."""
    shown_seconds: list[float] = field(default_factory=list)
    """Wall-clock seconds from each restart (the bot connected) until a running match was
    seen shown as it stood."""
    ends_shown: int = 0
    """Matches a kill cut off at their end whose end post and result DM came after the
    restart, unpressed."""
    checks: int = 0
    duplicates: list[str] = field(default_factory=list)
    """Things Discord showed twice: a turn's post, a decision window's DM prompt, an end post
    or a result DM (a restart must not repeat what was sent before the kill)."""
    error_lines: int = 0
    failures: list[str] = field(default_factory=list)


class CrashRun:
    def __init__(self, workdir: Path, *, kills: int, seed: int = 1, slots: int = 2,
                 max_requests: int = 80, quick_images: bool = True,
                 database_url: str = "") -> None:
        """``database_url``: the bot stores on that PostgreSQL database, else on a SQLite
        file in ``workdir``."""
        self.db = workdir / "parlor.sqlite3"
        self.database_url = database_url
        self.reader: Store = self.store()
        self.log = workdir / "bot.log"
        self.kills = kills
        self.rng = random.Random(seed)
        self.slot_count = slots
        self.max_requests = max_requests
        self.quick_images = quick_images
        self.report = CrashReport()
        self.confirmed: set[tuple[int, str]] = set()
        self.bases: dict[int, int] = {}
        self.users = 0

    # -- the run ------------------------------------------------------------------------------

    def store(self) -> Store:
        """A store on the bot's database, the way the harness reads it (unopened)."""
        return PostgresStore(self.database_url) if self.database_url else SqliteStore(self.db)

    async def run(self) -> CrashReport:
        await self.reader.open()
        try:
            await self._lives()
        finally:
            await self.reader.close()
        self.report.duplicates = self.duplicates()
        self.report.error_lines = sum(1 for line in self.log.read_text().splitlines()
                                      if " level=ERROR " in line)
        return self.report

    async def _lives(self) -> None:
        """Start the bot, play, kill it, check the database; ``kills`` times, then once more."""
        async with FakeDiscord(token=TOKEN) as fake:
            self.fake = fake
            self.guild = fake.add_guild("Crash Test")
            self.table = fake.add_channel(self.guild, "card-table")
            slots = [Slot(self.new_user()) for _ in range(self.slot_count)]
            for life in range(self.kills + 1):
                proc = await self.start_bot()
                if life:
                    self.report.restarts += 1
                    await self.after_restart(slots)
                if life == self.kills:
                    proc.terminate()
                    await proc.wait()
                    break
                await self.play_until_killed(proc, slots)
                self.report.kills += 1
                await self.check_store()
            await self.check_store()

    def new_user(self) -> FakeUser:
        """A fresh player per match, so nobody runs into /play's cooldown."""
        self.users += 1
        return self.fake.add_user(f"player{self.users}", guilds=[self.guild])

    async def start_bot(self) -> asyncio.subprocess.Process:
        env = {**os.environ, "DISCORD_TOKEN": TOKEN, "PARLOR_DB": str(self.db),
               "LOG_LEVEL": "INFO", "DATABASE_URL": self.database_url}
        args = [sys.executable, "-m", "tests.reliability.launcher", self.fake.api_base,
                self.fake.gateway_url]
        if self.quick_images:
            args.append("--quick-images")
        with self.log.open("ab") as out:
            proc = await asyncio.create_subprocess_exec(*args, cwd=ROOT, env=env,
                                                        stdout=out, stderr=out)
        await self.fake.wait_until(
            lambda: proc.returncode is not None or self.fake.server.connected(self.guild.id),
            WAIT, what="the bot process to connect")
        if proc.returncode is not None:
            raise RuntimeError(f"the bot exited with {proc.returncode}; see {self.log}")
        return proc

    async def play_until_killed(self, proc: asyncio.subprocess.Process,
                                slots: list[Slot]) -> None:
        start = len(self.fake.state.requests)
        trigger = start + self.rng.randint(1, self.max_requests)
        drivers = [asyncio.create_task(self.drive(slot)) for slot in slots]
        try:
            await self.fake.wait_until(
                lambda: len(self.fake.state.requests) >= trigger or any(d.done() for d in drivers),
                WAIT * 3, what="the moment to kill")
        except Exception as exc:  # stuck: report it, then kill all the same
            self.report.failures.append(f"kill {self.report.kills + 1}: {exc}")
        if any(d.done() for d in drivers):  # a player is stuck: the bot's stacks go to its log
            proc.send_signal(signal.SIGUSR1)
            await asyncio.sleep(0.5)
        await _stop(drivers)
        # A little later than the request itself, so kills also land while the bot works
        # between requests: checking a move, in the middle of a commit, rendering.
        await asyncio.sleep(self.rng.random() * JITTER)
        proc.kill()
        await proc.wait()
        for driver in drivers:
            failure = None if driver.cancelled() else driver.exception()
            if failure is not None:
                self.report.failures.append(
                    f"kill {self.report.kills + 1}: a player got stuck: {failure!r}")

    async def drive(self, slot: Slot) -> None:
        while True:
            await self.step(slot)

    # -- one player ----------------------------------------------------------------------------

    async def step(self, slot: Slot) -> bool:
        """Advance ``slot`` once: open a match, start it, or make a move (True: a move)."""
        if slot.match_id is None:
            await self.open(slot)
            return False
        status = await self.status(slot.match_id)
        if status == LOBBY:
            if slot.lobby is None:
                self.report.lobbies_left += 1
                self.leave_match(slot)
            else:
                await self.start(slot)
            return False
        if status != ACTIVE:
            self.report.matches_finished += status == FINISHED
            self.leave_match(slot)
            return False
        return await self.move(slot)

    def leave_match(self, slot: Slot) -> None:
        slot.match_id, slot.thread, slot.lobby, slot.players = None, None, None, None
        slot.user = self.new_user()

    async def open(self, slot: Slot) -> None:
        fake = self.fake
        reply = await (await fake.slash(slot.user, "play",
                                        {"game": GAME, "ai_players": AI_SEATS},
                                        channel=self.table)).reply(WAIT)
        found = re.search(r"#(\d+)\*\* is open in <#(\d+)>", reply.content)
        if found is None:
            raise AssertionError(f"/play answered {reply.content!r}")
        slot.match_id = int(found.group(1))
        slot.thread = next(t for t in fake.threads(self.table) if t.id == int(found.group(2)))
        slot.players = Players(fake, slot.thread, [slot.user], seed=self.rng.randrange(1 << 30))
        self.report.matches_opened += 1
        thread = slot.thread
        slot.lobby = await fake.wait_until(
            lambda: next((m for m in fake.messages(thread) if m.buttons), None), WAIT,
            what="the lobby post")
        await self.start(slot)

    async def start(self, slot: Slot) -> None:
        assert slot.lobby is not None and slot.players is not None
        players = slot.players
        await (await self.fake.click(slot.user, slot.lobby, label="Start")).callback(WAIT)
        await self.fake.wait_until(lambda: players.boards() or None, WAIT, what="the first board")

    async def move(self, slot: Slot) -> bool:
        """Open "My hand" under the latest board and answer the decision shown there."""
        fake, players = self.fake, slot.players
        assert players is not None and slot.match_id is not None
        boards = players.boards()
        if not boards:  # started, but killed before the first board went out
            handle = await fake.slash(slot.user, "hand", {"match": slot.match_id},
                                      channel=slot.thread)
        else:
            handle = await fake.click(slot.user, boards[-1], label="My hand")
        await handle.callback(WAIT)
        message = await fake.wait_until(lambda: _first_answer(handle), WAIT,
                                        what="the private hand")
        if not has_choices(message):
            return False  # nothing to decide: the match just ended
        while True:
            edits = len(fake.message(message).history)
            press = await players.press(slot.user, message)
            callback = await press.callback(WAIT)
            if callback.type != 7:  # submitted (not a confirm or ordering step)
                break
            message = fake.message(message)
        slot.pending = _submission(slot.match_id, message, press, edits)
        return await self.settle(slot, press)

    async def settle(self, slot: Slot, press: InteractionHandle) -> bool:
        """Wait for the prompt to show the choice (confirmed) or a refusal; True: confirmed."""
        fake, pending = self.fake, slot.pending
        assert pending is not None

        def outcome() -> str | None:
            if len(fake.message(pending.message_id).history) > pending.edits:
                return "confirmed"
            answers = [*press.followups, *([press.original] if press.original else [])]
            refusals = [m for m in answers
                        if m.ephemeral and m.id != pending.message_id and not m.loading]
            return refusals[0].content if refusals else None

        result = await fake.wait_until(outcome, WAIT, what="the answer to a move")
        slot.pending = None
        if result == "confirmed":
            self.confirmed.add((pending.match_id, pending.decision))
            self.report.moves_confirmed += 1
            return True
        over = await self.status(pending.match_id) == FINISHED and "over" in result
        if "already" not in result and not over:  # a finished match refuses every press
            self.report.failures.append(f"match {pending.match_id}: a fresh prompt was refused: "
                                        f"{result!r}")
        return False

    # -- after a restart -----------------------------------------------------------------------

    async def after_restart(self, slots: list[Slot]) -> None:
        restarted = time.monotonic()  # the bot is connected: its reconciliation is under way
        for slot in slots:
            if slot.match_id is not None and await self.status(slot.match_id) == FINISHED:
                try:
                    await self.fake.wait_until(lambda s=slot: self.ended(s), WAIT,
                                               what="the end post and the result DM")
                    self.report.ends_shown += 1
                except Exception as exc:
                    self.report.failures.append(
                        f"restart {self.report.restarts}: match {slot.match_id} ended without "
                        f"its end notices ({exc!r})")
        for slot in slots:
            if slot.match_id is not None and await self.status(slot.match_id) == ACTIVE:
                try:
                    await self.until_shown(slot)
                    self.report.shown += 1
                    self.report.shown_seconds.append(time.monotonic() - restarted)
                    self.report.shown_live += self.report.shown_seconds[-1] <= LIVE
                except Exception as exc:
                    self.report.failures.append(
                        f"restart {self.report.restarts}: match {slot.match_id} not shown "
                        f"within {WAIT:g} s: {await self.unshown(slot)} ({exc!r})")
        for slot in slots:
            try:
                if slot.pending is not None:
                    await self.replay_click(slot)
                await self.continue_match(slot)
            except Exception as exc:
                self.report.failures.append(
                    f"restart {self.report.restarts}: match {slot.match_id} did not go on: "
                    f"{exc!r}")
                self.leave_match(slot)

    async def replay_click(self, slot: Slot) -> None:
        """Press the cut-off button again: it must count once, whatever the kill interrupted."""
        pending = slot.pending
        assert pending is not None
        message = self.fake.message(pending.message_id)
        if len(message.history) > pending.edits:  # the kill came after the confirmation
            slot.pending = None
            self.confirmed.add((pending.match_id, pending.decision))
            self.report.moves_confirmed += 1
            return
        self.report.replayed_clicks += 1
        if pending.values:
            press = await self.fake.select(slot.user, message, pending.custom_id,
                                           list(pending.values))
        else:
            press = await self.fake.click(slot.user, message, pending.custom_id)
        await press.callback(WAIT)
        if await self.settle(slot, press):
            self.report.replays_counted += 1
        else:
            self.report.replays_refused += 1
            self.confirmed.add((pending.match_id, pending.decision))

    async def continue_match(self, slot: Slot) -> None:
        """A running match must take a move now (the lobby or the deal is finished first)."""
        for _ in range(4):
            if slot.match_id is None:
                return
            if await self.step(slot):
                self.report.continued += 1
                return
        raise AssertionError("no move went through after the restart")

    def ended(self, slot: Slot) -> bool:
        """The end post is in the match's thread and the result DM in the player's DMs."""
        assert slot.thread is not None
        title = f"#{slot.match_id}**"
        posted = any(title in m.text and " is over: " in m.text
                     for m in self.fake.messages(slot.thread))
        return posted and any(title in m.text and "you placed" in m.text
                              for m in self.fake.dms(slot.user))

    async def until_shown(self, slot: Slot) -> None:
        """Wait (up to ``WAIT`` seconds) until Discord shows the match as it stands."""
        deadline = time.monotonic() + WAIT
        while await self.unshown(slot):
            if time.monotonic() > deadline:
                raise TimeoutError("the match shown as it stands")
            await asyncio.sleep(0.02)

    async def unshown(self, slot: Slot) -> str:
        """What Discord does not show yet of the match as it stands ("" when all is)."""
        assert slot.match_id is not None
        record = await self.reader.get_match(slot.match_id)
        assert record is not None and record.state is not None
        seats = {s.seat: s.user_id for s in record.seats}
        slots = {d.slot: (d.message_id, json.loads(d.shown))
                 for d in await self.reader.deliveries(slot.match_id)}
        game = registry.get(record.game)
        state = game.from_json(json.loads(record.state))
        if game.result(state) is not None:
            return ""
        turn = game.turn(state)
        post = slots.get("turn")
        if post is None or post[1].get("turn") != (turn.number if turn else 0):
            return "the turn post is not the current turn's"
        if post[1].get("dirty"):
            return "the turn post misses lines"
        live = self.fake.state.messages.get(post[0])
        acting = any(seats.get(d.player) is not None for d in game.pending(state))
        if live is None or acting != any(b.label == "My hand" for b in live.buttons):
            return "the live turn post's My hand button does not match who acts"
        for decision in game.pending(state):
            if seats.get(decision.player) != slot.user.id:
                continue
            prompt = slots.get(f"prompt:{decision.player}")
            if prompt is None or prompt[1].get("window") != decision.window_id:
                return "the open decision window has no prompt"
            message = self.fake.state.messages.get(prompt[0])
            if message is None or not has_choices(message):
                return "the prompt offers no choice"
        return ""

    def duplicates(self) -> list[str]:
        """Posts and DMs that repeat one already made (see ``CrashReport.duplicates``)."""
        seen: Counter[tuple[int, str]] = Counter()
        for thread in self.fake.threads(self.table):
            for message in self.fake.messages(thread):
                head = message.text.split("\n", 1)[0]
                if TURN_POST.match(head) or " is over: " in head:
                    # A long turn's continuations share a heading: each is its own text.
                    seen[thread.id, message.text if "(continued)" in head else head] += 1
        for user in self.fake.state.users.values():
            if user.dm_channel_id is None:
                continue
            for message in self.fake.dms(user):
                if "you placed" in message.text:
                    seen[user.id, message.text] += 1
                elif opened_with_choices(message):
                    first = message.history[0].components if message.history else \
                        message.components
                    seen[user.id, _decision(first)] += 1
        return [f"{n} times: {what[:80]!r}" for (_, what), n in seen.items() if n > 1]

    # -- the database ----------------------------------------------------------------------------

    async def status(self, match_id: int) -> str:
        record = await self.reader.get_match(match_id)
        if record is None:
            raise AssertionError(f"match {match_id} is not in the database")
        return record.status

    async def check_store(self) -> None:
        """Every invariant, on every match, with no bot process running."""
        self.report.checks += 1
        logged = ai = 0
        async with self.store() as store:
            ids = sorted([i for status in STATUSES for i in await store.match_ids(status)])
            for match_id in ids:
                record = await store.get_match(match_id)
                assert record is not None
                log = await store.actions(match_id)
                logged += len(log)
                ai += sum(1 for a in log if a.user_id is None)
                for problem in await self.check_match(store, record, log):
                    self.report.failures.append(
                        f"check {self.report.checks}, match {match_id}: {problem}")
        self.report.moves_logged, self.report.ai_moves_logged = logged, ai

    async def check_match(self, store: Store, record: Any, log: list[Any]) -> list[str]:
        problems = []
        if record.status == LOBBY or (record.status == CANCELLED and record.state is None):
            return [] if not log and record.state is None else ["a lobby holds moves or a state"]
        seqs = [a.seq for a in log]
        if seqs != list(range(1, len(log) + 1)):
            problems.append(f"log seq is not 1..{len(log)}: {seqs}")
        answered = [(a.seat, a.decision_id) for a in log]
        if len(set(answered)) != len(answered):
            problems.append("a decision was answered twice")
        for match_id, decision in self.confirmed:
            if match_id == record.id:
                count = sum(1 for a in log if a.decision_id == decision and a.user_id is not None)
                if count != 1:
                    problems.append(f"confirmed move {decision} is logged {count} times")
        base = self.bases.setdefault(record.id, record.version - len(log))
        if record.version - len(log) != base:
            problems.append(f"version {record.version} with {len(log)} moves (base was {base})")
        game = registry.get(record.game)
        options = parse_options(game.options, record.options)
        again = replay(game, len(record.seats), options, record.seed,
                       [(a.seat, Action.from_json(a.action)) for a in log])
        if record.state is None or state_text(game, again) != record.state:
            problems.append("the snapshot differs from the replayed log")
        ended = game.result(again) is not None
        if ended != (record.status == FINISHED):
            problems.append(f"status {record.status} but the game ended: {ended}")
        if ended and await store.get_result(record.id) is None:
            problems.append("finished without a stored result")
        return problems


async def _stop(tasks: list[asyncio.Task[None]]) -> None:
    """Cancel until done: before Python 3.12 ``wait_for`` can swallow one cancellation."""
    while not all(task.done() for task in tasks):
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=0.1)


def _first_answer(handle: InteractionHandle) -> FakeMessage | None:
    """The first private message answering a "My hand" click, once it has content."""
    for message in handle.followups:
        if not message.loading:
            return message
    return None


def _submission(match_id: int, message: FakeMessage, press: InteractionHandle,
                edits: int) -> Submission:
    data = press.record.data
    custom_id = str(data["custom_id"])
    values = tuple(str(v) for v in data.get("values", ()))
    return Submission(match_id, cid.decode(custom_id).decision, message.id, custom_id, values,
                      edits)


def _decision(components: list[Any]) -> str:
    """The decision a prompt's first version answered (its first Parlor control's)."""
    for c in comp.walk(components):
        try:
            return cid.decode(str(c.get("custom_id"))).decision
        except cid.BadCustomId:
            continue
    return ""


def summary(report: CrashReport) -> str:
    return (f"{report.kills} SIGKILLs, {report.restarts} restarts, {report.checks} checks; "
            f"{report.matches_opened} matches opened, {report.matches_finished} finished; "
            f"{report.moves_confirmed} moves confirmed, {report.moves_logged} logged "
            f"({report.ai_moves_logged} by AI); {report.replayed_clicks} clicks replayed "
            f"({report.replays_counted} counted then, {report.replays_refused} already in); "
            f"{report.continued} matches went on after a restart; "
            f"{report.shown} shown as they stood, unpressed ({report.shown_live} within "
            f"{LIVE:g} s); {report.ends_shown} ended matches announced after a restart; "
            f"{len(report.duplicates)} duplicates; {len(report.failures)} failures; "
            f"{report.error_lines} ERROR lines")
