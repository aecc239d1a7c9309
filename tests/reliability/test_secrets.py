"""The token stays secret: it is in no log line of a whole match (discord.py's DEBUG lines
included), in no error a failed login raises, and ``.env`` is never committed."""

from __future__ import annotations

import io
import logging
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import logs
from bot.app import ParlorBot
from bot.settings import Settings
from tests.e2e.conftest import QuickImages, World
from tests.e2e.players import Players, open_match, start

ROOT = Path(__file__).resolve().parents[2]
SECRET = "MTA5OTk5.Gsecret.only-in-this-test-0123456789abcdef"
PRODUCT = ("bot", "cogs", "discord")


@pytest.fixture
def fake_discord_options() -> dict[str, Any]:
    return {"token": SECRET}


@pytest.fixture
def everything_logged() -> Iterator[io.StringIO]:
    """Every record of the bot and discord.py at DEBUG, formatted, with no redaction."""
    out = io.StringIO()
    handler = logs.handler(out)
    handler.addFilter(lambda r: r.name.split(".")[0] in PRODUCT)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield out
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def test_env_is_ignored_by_git() -> None:
    checked = subprocess.run(["git", "check-ignore", "--no-index", "-q", ".env"], cwd=ROOT)
    assert checked.returncode == 0, ".env must be listed in .gitignore"
    tracked = subprocess.run(["git", "ls-files", "--error-unmatch", ".env"], cwd=ROOT,
                             capture_output=True)
    assert tracked.returncode != 0, ".env is committed"


async def test_a_whole_match_logs_no_token(world: World,
                                           everything_logged: io.StringIO) -> None:
    fake = world.fake
    assert fake.token == SECRET
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura", [world.bob])
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob])
        for _ in range(3):
            await players.move(players.to_act()[0])
        fake.inject_error("POST /channels/{channel_id}/messages", status=403, code=50013,
                          message="Missing Permissions", channel_id=thread.id)
        await (await fake.slash(world.bob, "board", channel=thread)).reply()
    text = everything_logged.getvalue()
    assert "level=DEBUG logger=discord" in text and "logger=bot.match" in text
    assert "could not post" in text, "the failed post was logged"
    assert SECRET not in text


async def test_a_refused_login_names_no_token(world: World,
                                              everything_logged: io.StringIO) -> None:
    bot = ParlorBot(Settings(SECRET + "-wrong", world.db), images=QuickImages(),
                    guild_ready_timeout=0.05)
    with pytest.raises(discord.LoginFailure) as refused:
        await bot.start(SECRET + "-wrong")
    await bot.close()
    assert SECRET not in str(refused.value) and SECRET not in repr(refused.value)
    assert SECRET not in everything_logged.getvalue()
    assert SECRET not in repr(Settings(SECRET, world.db))


def test_the_log_handler_blanks_secrets_whatever_carries_them() -> None:
    out = io.StringIO()
    logger = logging.getLogger("bot.test_secrets")
    handler = logs.handler(out, secrets=(SECRET,))
    logger.addHandler(handler)
    try:
        logger.warning("token %s in a message", SECRET)
        try:
            raise RuntimeError(f"bad {SECRET}")
        except RuntimeError:
            logger.exception("and in a traceback")
    finally:
        logger.removeHandler(handler)
    text = out.getvalue()
    assert SECRET not in text and text.count(logs.REDACTED) == 2
