"""Simulated players: they read what the bot shows them and press something offered.

A player finds their prompt in their DMs, or — with DMs closed — by pressing "My hand" under
the live turn post. The pressed prompt shows a submission's result first (the press answers
itself); the rest follows, so a player waits until the bot in this process has shown it all
(``settles``) before reading whom the live turn post names.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, InteractionHandle

TIMEOUT = 10.0


TURN_POST = re.compile(r"^\*\*.+\*\* · (turn \d+|setup)")


def is_board(m: FakeMessage) -> bool:
    """A turn post: the turn's record (board and lines), live while the turn goes on."""
    return bool(TURN_POST.match(m.text))


def has_choices(m: FakeMessage) -> bool:
    return bool(m.selects) or any(b.label not in ("My hand", "Back") for b in m.buttons)


def controls(components: list[Any]) -> bool:
    """Whether a components payload offers a choice (anything but "My hand")."""
    for c in components:
        if c.get("type") in (2, 3) and not str(c.get("custom_id", "")).endswith(":table:hand"):
            return True
        if controls(c.get("components") or []):
            return True
    return False


def opened_with_choices(m: FakeMessage) -> bool:
    """Whether a message offered a choice when it was sent (a prompt, not a notice)."""
    first = m.history[0].components if m.history else m.components
    return controls(first)


_SETTLING: dict[int, list[Callable[[], Awaitable[None]]]] = {}


@contextmanager
def settles(fake: FakeDiscord, idle: Callable[[], Awaitable[None]]) -> Iterator[None]:
    """While a bot runs in this process on ``fake``: ``idle`` waits until it has shown all
    it is working on (a press's other messages come after the pressed prompt's result)."""
    waits = _SETTLING.setdefault(id(fake), [])
    waits.append(idle)
    try:
        yield
    finally:
        waits.remove(idle)


async def settled(fake: FakeDiscord) -> None:
    """Wait until the bots running in this process on ``fake`` have shown all they do."""
    for idle in list(_SETTLING.get(id(fake), ())):
        await idle()


def stepped(fake: FakeDiscord, handle: InteractionHandle, callback_type: int,
            message: FakeMessage) -> bool:
    """Whether a press on ``message`` was a step inside its decision (a confirmation, an
    ordering, a refusal): answered in place (type 7) with that decision still offered.
    Otherwise it submitted the choice (whose result is shown in place too)."""
    custom_id = str(handle.record.data.get("custom_id", ""))
    head = ":".join(custom_id.split(":")[:3]) + ":"
    now = fake.message(message)
    return callback_type == 7 and any((c.custom_id or "").startswith(head)
                                      for c in [*now.buttons, *now.selects])


class Players:
    def __init__(self, fake: FakeDiscord, thread: FakeChannel, users: list[FakeUser],
                 seed: int = 1) -> None:
        self.fake = fake
        self.thread = thread
        self.by_id = {u.id: u for u in users}
        self.presses = 0
        self.rng = random.Random(seed)

    def boards(self) -> list[FakeMessage]:
        return [m for m in self.fake.messages(self.thread) if is_board(m)]

    def live(self) -> FakeMessage:
        return self.fake.message(self.boards()[-1])

    def table(self) -> tuple[int, str]:
        """What the thread shows of the table: how many turn posts, the live one's text."""
        return len(self.boards()), self.live().text

    def over(self) -> FakeMessage | None:
        for m in self.fake.messages(self.thread):
            if "** is over: " in m.content.split("\n", 1)[0]:
                return m
        return None

    async def prompt(self, user: FakeUser) -> FakeMessage:
        """The message where ``user`` answers their open decision."""
        if user.dm_open:
            return await self.fake.wait_until(
                lambda: next((m for m in reversed(self.fake.dms(user)) if has_choices(m)), None),
                TIMEOUT, what=f"a prompt in {user.name}'s DMs")
        handle = await self.fake.click(user, self.live(), label="My hand")
        await handle.reply(TIMEOUT)
        return await self.fake.wait_until(
            lambda: next((m for m in handle.followups if has_choices(m)), None),
            TIMEOUT, what=f"{user.name}'s private prompt")

    async def press(self, user: FakeUser, message: FakeMessage) -> InteractionHandle:
        """Pick an offered choice at random (seeded): always picking the first can stall a
        game. Confirm is always pressed when offered."""
        self.presses += 1
        if message.selects:
            menu = self.rng.choice(message.selects)
            values = self.rng.sample(menu.values, max(1, menu.min_values))
            return await self.fake.select(user, message, menu.custom_id, values)
        buttons = [b for b in message.buttons if b.label not in ("Back", "My hand", "Hint")]
        confirm = [b for b in buttons if b.label == "Confirm"]
        button = confirm[0] if confirm else self.rng.choice(buttons)
        return await self.fake.click(user, message, button.custom_id)

    async def move(self, user: FakeUser) -> FakeMessage:
        """Answer one decision of ``user``, through any confirm/order steps; the answer to
        the last press (the prompt moved on, or a refusal)."""
        message = await self.prompt(user)
        while True:
            handle = await self.press(user, message)
            callback = await handle.callback(TIMEOUT)
            if not stepped(self.fake, handle, callback.type, message):  # submitted
                break
            message = self.fake.message(message)
        answer = await handle.reply(TIMEOUT)  # the pressed prompt shows the result
        await settled(self.fake)  # and the rest of the move is shown
        return answer

    def to_act(self) -> list[FakeUser]:
        lines = [line for line in self.live().text.split("\n") if line.startswith("To act: ")]
        mentioned = [int(u) for u in re.findall(r"<@!?(\d+)>", lines[0])] if lines else []
        return [self.by_id[u] for u in mentioned if u in self.by_id]

    def next_to_act(self) -> tuple[list[FakeUser]] | None:
        """Whom the live post names, once the first of them has their prompt (a bot in
        another process may show the press's result before the post and prompt follow):
        None while it is not there yet; an empty list once the match is over."""
        acting = self.to_act()
        if not acting:
            return ([],) if self.over() is not None else None
        if acting[0].dm_open and not any(has_choices(m) for m in self.fake.dms(acting[0])):
            return None
        return (acting,)

    async def play_out(self, max_moves: int = 2000) -> FakeMessage:
        """Let whoever the latest board names act until the match is over."""
        for _ in range(max_moves):
            (acting,) = await self.fake.wait_until(self.next_to_act, TIMEOUT,
                                                   what="the next person's prompt")
            if not acting:
                return await self.fake.wait_until(self.over, TIMEOUT, what="the final result")
            await self.move(acting[0])
        raise AssertionError(f"the match did not end within {max_moves} moves")


async def open_match(fake: FakeDiscord, host: FakeUser, channel: FakeChannel, game: str,
                     joiners: list[FakeUser], **options: object) -> tuple[FakeChannel, FakeMessage]:
    """``/play`` by ``host``, everyone in ``joiners`` presses Join; the thread and lobby post."""
    reply = await (await fake.slash(host, "play", {"game": game, **options},
                                    channel=channel)).reply()
    thread = next(t for t in fake.threads(channel) if f"<#{t.id}>" in reply.content)
    lobby = fake.messages(thread)[0]
    for user in joiners:
        await (await fake.click(user, lobby, label="Join")).callback()
        await fake.wait_until(lambda u=user: f"<@{u.id}>" in fake.message(lobby).content,
                              what=f"{user.name} in the lobby")
    return thread, lobby


async def start(fake: FakeDiscord, host: FakeUser, lobby: FakeMessage) -> None:
    """The host presses Start (a lobby the AIs filled at /play has started already)."""
    if not fake.message(lobby).buttons:
        await fake.wait_until(lambda: any(is_board(m) for m in fake.messages(lobby.channel_id)),
                              TIMEOUT, what="the first board")
        return
    boards = len([m for m in fake.messages(lobby.channel_id) if is_board(m)])
    await (await fake.click(host, lobby, label="Start")).callback()
    await fake.wait_until(
        lambda: len([m for m in fake.messages(lobby.channel_id) if is_board(m)]) > boards,
        TIMEOUT, what="the first board")
