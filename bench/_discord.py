"""What the benchmarks through Discord share: the fake Discord in this process, the bot in a
process of its own, and players who open matches and answer their DM prompts.

The bot runs apart (``tests/scale/botprocess.py``) so that its event loop, its memory and
its CPU are its own, as in production, and the fake's work (validating every request,
keeping every message) does not queue behind the bot's on one loop. Loopback only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from tests.e2e.players import Players, has_choices, open_match, start, stepped
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, InteractionHandle
from tests.scale import botprocess

T = TypeVar("T")

GAME = "zura"
WAIT = 30.0
"""Seconds any one step may take before the run counts it as stuck."""


@dataclass
class Stats:
    """What the bot process wrote about itself, second by second: memory, event-loop lag
    and the loop's CPU-heavy steps (``tests/scale/botprocess.py``)."""

    seconds: list[float]
    rss_mb: list[float]
    lag_ms: list[float]
    steps: int
    """Loop steps run (callbacks, and tasks each up to their next await)."""
    slow_steps: list[tuple[float, str]]
    """The steps that used 5 ms of CPU or more: (ms, the project line they stopped at)."""

    @classmethod
    def read(cls, path: Path, since: float = 0.0) -> Stats:
        """The lines written ``since`` seconds after the bot started, or later."""
        lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        lines = [line for line in lines if line["t"] >= since]
        return cls([line["t"] for line in lines], [line["rss_mb"] for line in lines],
                   [lag for line in lines for lag in line["lag_ms"]],
                   sum(line["steps"] for line in lines),
                   [(ms, at) for line in lines for ms, at in line["slow_steps"]])

    def step_ms(self, q: float) -> float:
        """The ``q`` quantile of the loop steps' CPU in ms, if it is one of the slow ones
        (else 0: below 5 ms)."""
        rank = int(self.steps * (1 - q))
        slow = sorted((ms for ms, _ in self.slow_steps), reverse=True)
        return slow[rank] if rank < len(slow) else 0.0

    def heaviest(self, n: int = 3) -> str:
        """Where the slow steps' CPU went: the ``n`` places with the most, in ms."""
        total: Counter[str] = Counter()
        for ms, at in self.slow_steps:
            total[at] += ms
        return "; ".join(f"{at} {ms:.0f} ms" for at, ms in total.most_common(n))


@dataclass
class Pair:
    """Two players at one match, reached through the match's thread and their DMs."""

    host: FakeUser
    guest: FakeUser
    thread: FakeChannel | None = None
    game: str = GAME
    table: FakeChannel | None = None
    """The card-table channel they play from (None: the first server's)."""

    @property
    def users(self) -> tuple[FakeUser, FakeUser]:
        return self.host, self.guest


@dataclass
class Turn:
    """A prompt waiting for a press: whose it is and the DM it came in."""

    pair: Pair
    user: FakeUser
    prompt: FakeMessage


@dataclass
class Answered:
    """What a press led to once the bot is done with it: the new prompts, maybe none."""

    turns: list[Turn]


@dataclass
class Played:
    """One answered prompt, timed from the submitting press (``perf_counter`` seconds)."""

    handle: InteractionHandle
    acknowledged: float
    """From the press to the bot's first answer to it."""
    next_prompt: float | None
    """From the press to the next prompt (None when it opened none: the match is over, or
    the other player still has one to answer). A next prompt may be a new DM or the
    pressed DM edited in place: either counts."""
    turns: list[Turn]
    """The prompts it opened."""


class Table:
    """A server with one card-table channel on a fake Discord, and the bot as a process."""

    def __init__(self, fake: FakeDiscord, workdir: Path, strong_every: int = 0,
                 games: tuple[str, ...] = (GAME,), servers: int = 1) -> None:
        self.fake = fake
        self.games = games
        """The games new pairs play, in turn."""
        self.tables = [fake.add_channel(fake.add_guild(f"Bench {i + 1}"), "card-table")
                       for i in range(1, servers)]
        """The card-table channels of further servers: new pairs play in each in turn."""
        self.strong_every = strong_every
        """Every ``strong_every``-th match seats a strong AI as a third player (0: none)."""
        self._opened = 0
        self.workdir = workdir
        self.guild = fake.add_guild("Bench")
        self.channel = fake.add_channel(self.guild, "card-table")
        self.chooser = Players(fake, self.channel, [], seed=1)
        """Picks what to press, as the end-to-end tests' players do (seeded)."""
        self._users = 0
        self.edits: dict[int, int] = {}
        """Per prompt, its versions before the latest submitting press."""
        self._choices: dict[int, tuple[int, bool]] = {}
        """Message → (its versions, whether the latest offers choices): every waiting
        player looks through their DMs at each change of the fake, so the answers are kept
        (else the players' own CPU grows with the length of the matches and, past 40 clicks
        a second, this process is what makes presses wait)."""
        self._prompts: dict[int, tuple[int, FakeMessage | None]] = {}
        self._over: dict[int, tuple[int, bool]] = {}
        """DM channel → (its changes, the prompt found there); thread → (its changes, whether
        it shows the result): a channel is looked through again only once it changed."""

    def pair(self) -> Pair:
        """Two new players: each opens at most one match, well within /play's cooldown."""
        users = []
        for _ in range(2):
            self._users += 1
            users.append(self.fake.add_user(f"player{self._users}", guilds=[self.guild]))
        index = self._users // 2 - 1
        channel = [self.channel, *self.tables][index % (len(self.tables) + 1)]
        if channel.guild_id is not None and channel.guild_id != self.guild.id:
            for user in users:
                self.fake.add_member(self.fake.state.guilds[channel.guild_id], user)
        host, guest = users
        return Pair(host, guest, game=self.games[index % len(self.games)], table=channel)

    @contextlib.asynccontextmanager
    async def bot(self, *, images: str, stats: Path | None = None, seed: int | None = None,
                  database_url: str = "", profile: Path | None = None
                  ) -> AsyncIterator[asyncio.subprocess.Process]:
        """The bot process on the SQLite file in the work folder (or on ``database_url``),
        connected and with its commands synced; stopped on exit. ``images``, ``seed`` and
        ``profile``: see ``tests/scale/botprocess.py``."""
        proc = await botprocess.start(
            self.fake, {"PARLOR_DB": str(self.workdir / "parlor.sqlite3"),
                        "DATABASE_URL": database_url},
            self.workdir / "bot.log", images=images, stats=stats, seed=seed, profile=profile)
        try:
            await self.fake.wait_until(
                lambda: proc.returncode is not None or (
                    self.fake.server.connected(self.guild.id) and self.fake.commands()),
                WAIT, what="the bot process to connect")
            if proc.returncode is not None:
                raise RuntimeError(f"the bot exited with {proc.returncode}; see "
                                   f"{self.workdir / 'bot.log'}")
            yield proc
        finally:
            await botprocess.stop(proc)

    def errors_logged(self) -> int:
        """ERROR lines in the bot's log (expected: none)."""
        log = self.workdir / "bot.log"
        return sum(" level=ERROR " in line for line in log.read_text().splitlines())

    async def open(self, pair: Pair) -> None:
        """``/play``, the guest joins, the host starts: the first prompts go out by DM."""
        self._opened += 1
        strong = self.strong_every and self._opened % self.strong_every == 0
        extra = {"ai_players": 1, "ai_level": "strong"} if strong else {}
        pair.thread, lobby = await open_match(self.fake, pair.host, pair.table or self.channel,
                                              pair.game,
                                              [pair.guest], **extra)
        await start(self.fake, pair.host, lobby)

    def over(self, pair: Pair) -> bool:
        """The result is posted in the thread."""
        thread = pair.thread
        assert thread is not None

        def look() -> bool:
            last = self.fake.messages(thread)[-1:]
            return bool(last) and last[0].content.split("\n", 1)[0].endswith("** is over.")

        return self._look(self._over, thread.id, look)

    def prompt(self, user: FakeUser) -> FakeMessage | None:
        """``user``'s newest DM still offering choices (answered ones lose their buttons)."""
        if user.dm_channel_id is None:
            return None
        return self._look(self._prompts, user.dm_channel_id, lambda: next(
            (m for m in reversed(self.fake.dms(user)) if self.offers(m)), None))

    def _look(self, kept: dict[int, tuple[int, T]], channel_id: int,
              look: Callable[[], T]) -> T:
        """What ``look`` finds in a channel, looked for again only once it changed."""
        changes = self.fake.state.channel_changes.get(channel_id, 0)
        found = kept.get(channel_id)
        if found is None or found[0] != changes:
            found = kept[channel_id] = (changes, look())
        return found[1]

    def offers(self, message: FakeMessage) -> bool:
        """``has_choices``, kept per version of the message."""
        versions = len(message.history)
        kept = self._choices.get(message.id)
        if kept is None or kept[0] != versions:
            kept = self._choices[message.id] = (versions, has_choices(message))
        return kept[1]

    async def first_turns(self, pair: Pair) -> list[Turn]:
        """Open a match for ``pair``; its prompts once they are out."""
        await self.open(pair)
        return await self.fake.wait_until(lambda: self.open_turns(pair, set()), WAIT,
                                          what="the first prompt")

    def open_turns(self, pair: Pair, known: set[int]) -> list[Turn]:
        """Prompts of the pair still waiting for a press, other than the ``known`` ones."""
        out = []
        for user in pair.users:
            prompt = self.prompt(user)
            if prompt is not None and prompt.id not in known:
                out.append(Turn(pair, user, prompt))
        return out

    def after_press(self, turn: Turn, known: set[int]) -> Answered | None:
        """None while the bot is still at it; then the new prompts the press led to. Empty
        when there are none to wait for: the match is over, or the other player still has
        a ``known`` prompt to answer first (a decision both make at once)."""
        if len(self.fake.message(turn.prompt).history) <= self.edits.get(turn.prompt.id, -1):
            return None  # the pressed prompt shows the press first; the rest follows
        # A player's next prompt may be the pressed DM edited in place: new, though known.
        others = known - {turn.prompt.id}
        fresh = self.open_turns(turn.pair, others)
        if fresh:
            return Answered(fresh)
        pending = any(t.prompt.id in others for t in self.open_turns(turn.pair, set()))
        return Answered([]) if pending or self.over(turn.pair) else None

    async def play(self, turn: Turn, known: set[int]) -> Played:
        """Answer ``turn``'s prompt (``press``) and wait for what follows (``after_press``
        with the ``known`` prompts): what every benchmark that plays through DMs counts."""
        pressed, handle = await self.press(turn.user, turn.prompt)
        acknowledged = time.perf_counter() - pressed
        answered = await self.fake.wait_until(lambda: self.after_press(turn, known), WAIT,
                                              what="the next prompt")
        prompt = time.perf_counter() - pressed if answered.turns else None
        return Played(handle, acknowledged, prompt, answered.turns)

    async def press(self, user: FakeUser,
                    message: FakeMessage) -> tuple[float, InteractionHandle]:
        """Answer a prompt with a random offered choice, through any in-place steps. Returns
        when the press that submitted it was made (``perf_counter``) and its handle."""
        while True:
            pressed = time.perf_counter()
            edits = len(self.fake.message(message).history)
            handle = await self.chooser.press(user, message)
            if not stepped(self.fake, handle, (await handle.callback(WAIT)).type, message):
                self.edits[message.id] = edits
                return pressed, handle
            message = self.fake.message(message)
