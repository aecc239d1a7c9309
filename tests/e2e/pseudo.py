"""Whole matches with everyone on the pseudo-locale (issue 36), for the e2e test and the bench.

Every person picks ``/language pseudo`` and the server ``/settings language pseudo``; then the
probe matches are played (three people in Zura, two in Aura, one against the AI in Auroria).
The players here read no words: they know a prompt, a button and the end by their custom ids
and files, so they play whatever language the bot speaks. The strings that reached Discord
are then read back by ``tests.e2e.untranslated``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from bot.discord import customid as cid
from bot.discord.items import LOBBY, START, TABLE
from bot.discord.review import REVIEW
from bot.discord.shows import RESULT_FILE
from bot.engine import registry
from bot.words import PSEUDO, Language, language, said
from bot.words.locales import NAMES
from tests.e2e.conftest import World
from tests.e2e.players import settled
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

TIMEOUT = 20.0
MANAGE_SERVER = 1 << 5
PROBES = (("zura", 3, 0), ("aura", 2, 0), ("auroria", 1, 1))
"""(game, people, AI seats): the probe matches of ``bench light``."""

WORDS: Language = language(PSEUDO)

def verb_of(custom_id: str | None) -> str | None:
    """A Parlor component's verb (``p``, ``c``, ``back``, ``hand`` …); None for others."""
    if custom_id is None or not cid.claimed(custom_id):
        return None
    return cid.decode(custom_id).verb


def choices(message: FakeMessage) -> list[str]:
    """The custom ids of the controls that answer a decision (not Back or Hint, not the
    table's, not a result DM's Review)."""
    return [c for c in message.custom_ids
            if verb_of(c) not in (None, cid.BACK, cid.HINT)
            and cid.decode(c).decision not in (LOBBY, TABLE, REVIEW)]


class Agents:
    """People who answer every prompt in their DMs by custom id, seeded; each presses with
    their Discord's locale (``locales``: user id → locale, default ``en-US``)."""

    def __init__(self, fake: FakeDiscord, thread: FakeChannel, users: Sequence[FakeUser],
                 seed: int = 3, locales: Mapping[int, str] | None = None) -> None:
        self.fake = fake
        self.thread = thread
        self.users = list(users)
        self.rng = random.Random(seed)
        self.presses = 0
        self.locales = dict(locales or {})

    def over(self) -> FakeMessage | None:
        return next((m for m in self.fake.messages(self.thread)
                     if any(a.filename == RESULT_FILE for a in m.attachments)), None)

    def open_prompt(self) -> tuple[FakeUser, FakeMessage] | None:
        for user in self.users:
            message = next((m for m in reversed(self.fake.dms(user)) if choices(m)), None)
            if message is not None:
                return user, message
        return None

    def next_step(self) -> tuple[FakeUser | None, FakeMessage] | None:
        """(who answers, their prompt), or (None, the end post) once the match is over."""
        found = self.open_prompt()
        if found is not None:
            return found
        end = self.over()
        return (None, end) if end is not None else None

    async def play_out(self, max_moves: int = 3000) -> FakeMessage:
        for _ in range(max_moves):
            user, message = await self.fake.wait_until(self.next_step, TIMEOUT,
                                                       what="a prompt or the end")
            if user is None:
                return message
            await self.answer(user, message)
        raise AssertionError(f"the match did not end within {max_moves} moves")

    async def answer(self, user: FakeUser, message: FakeMessage) -> None:
        """Press through one decision: a select's random values, else Confirm when offered,
        else a random button; steps (confirm, order) answer in place and go on."""
        locale = self.locales.get(user.id, "en-US")
        while choices(message):
            self.presses += 1
            ids = choices(message)
            if message.selects and any(s.custom_id in ids for s in message.selects):
                menu = self.rng.choice([s for s in message.selects if s.custom_id in ids])
                values = self.rng.sample(menu.values, max(1, menu.min_values))
                handle = await self.fake.select(user, message, menu.custom_id, values,
                                                locale=locale)
            else:
                confirm = [c for c in ids if verb_of(c) == cid.CONFIRM]
                handle = await self.fake.click(
                    user, message, confirm[0] if confirm else self.rng.choice(ids),
                    locale=locale)
            await handle.callback(TIMEOUT)
            await handle.reply(TIMEOUT)
            await self.settle()
            message = self.fake.message(message)

    async def settle(self) -> None:
        await settled(self.fake)


async def speak_pseudo(world: World, users: Sequence[FakeUser]) -> FakeUser:
    """Everyone's own language and the server's set to the pseudo-locale; the moderator."""
    fake = world.fake
    mod = world.user("mod")
    fake.add_member(world.guild, mod, permissions=MANAGE_SERVER)
    for user in [mod, *users]:
        await (await fake.slash(user, "language", {"language": PSEUDO},
                                channel=world.table)).reply(TIMEOUT)
    await (await fake.slash(mod, "settings", {"language": PSEUDO},
                            channel=world.table)).reply(TIMEOUT)
    return mod


async def pseudo_match(world: World, game: str, users: Sequence[FakeUser], ais: int = 0,
                       seed: int = 3) -> Agents:
    """``game`` played out by ``users`` (and ``ais`` AI seats), opened in the table channel."""
    fake = world.fake
    host, joiners = users[0], users[1:]
    options: dict[str, object] = {"game": game, **({"ai_players": ais} if ais else {})}
    reply = await (await fake.slash(host, "play", options, channel=world.table)).reply(TIMEOUT)
    thread = next(t for t in fake.threads(world.table) if f"<#{t.id}>" in reply.content)
    lobby = fake.messages(thread)[0]
    for user in joiners:
        await (await fake.click(user, lobby, label=WORDS.say(said("Join")))).callback(TIMEOUT)
        await fake.wait_until(lambda u=user: f"<@{u.id}>" in fake.message(lobby).content,  # type: ignore[misc]
                              TIMEOUT, what=f"{user.name} in the lobby")
    agents = Agents(fake, thread, users, seed)
    if any(verb_of(c) == START for c in fake.message(lobby).custom_ids):
        start = next(c for c in fake.message(lobby).custom_ids if verb_of(c) == START)
        await (await fake.click(host, lobby, start)).callback(TIMEOUT)
    await agents.play_out()
    await agents.settle()
    return agents


def names_shown(world: World, users: Sequence[FakeUser]) -> list[str]:
    """What may stay as it is under the pseudo-locale: people's and games' names, the
    languages' own names, the server's and channel's names."""
    return [*(u.name for u in users), "mod", *(registry.get(g).title for g in registry.names()),
            *NAMES.values(), world.guild.name, world.table.name or ""]
