"""Structured logs: one ``key=value`` line per record, and every line about a match carries
``match=<id>`` (and ``decision=<id>`` while a move or a click on a prompt is handled)."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Iterator

import pytest

from bot import logs
from tests.e2e.conftest import World
from tests.e2e.players import Players, open_match, settled, start, stepped

FIELD = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)')


def fields(line: str) -> dict[str, str]:
    return {k: v.strip('"') for k, v in FIELD.findall(line)}


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    """INFO and above from the bot's own loggers, as the structured handler writes them."""
    out = io.StringIO()
    handler = logs.handler(out)
    handler.addFilter(lambda r: r.name.split(".")[0] in ("bot", "cogs"))
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield out
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def test_a_line_is_whole_and_tagged(captured: io.StringIO) -> None:
    log = logging.getLogger("bot.test_logs")
    with logs.about(12, "3.draw.0"):
        log.info("two words\nand a second line with a \"quote\"")
        with logs.about(13):
            log.warning("inner")
        log.info("outer again")
    log.info("untagged")
    lines = captured.getvalue().splitlines()
    assert len(lines) == 4
    first = fields(lines[0])
    assert (first["level"], first["logger"], first["match"], first["decision"]) == \
        ("INFO", "bot.test_logs", "12", "3.draw.0")
    assert lines[0].endswith('msg="two words\\nand a second line with a \\"quote\\""')
    assert re.match(r"time=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z ", lines[0])
    assert fields(lines[1])["match"] == "13" and "decision" not in fields(lines[1])
    assert fields(lines[2])["match"] == "12" and fields(lines[2])["decision"] == "3.draw.0"
    assert "match" not in fields(lines[3])


def test_a_traceback_stays_on_its_line(captured: io.StringIO) -> None:
    try:
        raise ValueError("broken")
    except ValueError:
        with logs.about(5):
            logging.getLogger("bot.test_logs").exception("it failed")
    (line,) = captured.getvalue().splitlines()
    assert fields(line)["match"] == "5" and "ValueError: broken" in fields(line)["exc"]


async def test_a_task_s_match_is_its_own(captured: io.StringIO) -> None:
    log = logging.getLogger("bot.test_logs")

    async def handle(match_id: int) -> None:
        logs.bind_match(match_id)
        await asyncio.sleep(0)
        log.info("working")

    await asyncio.gather(handle(1), handle(2), handle(3))
    log.info("the test's own line")
    tags = [fields(line).get("match") for line in captured.getvalue().splitlines()]
    assert sorted(tags[:3]) == ["1", "2", "3"] and tags[3] is None


async def test_every_line_about_a_match_names_it(world: World, captured: io.StringIO) -> None:
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura", [world.bob])
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob])
        for _ in range(3):
            await players.move(players.to_act()[0])
        user = players.to_act()[0]
        prompt = await players.prompt(user)
        decision = prompt.custom_ids[0].split(":")[2]
        fake.inject_error("PATCH /channels/{channel_id}/messages/{message_id}", status=403,
                          code=50013, message="Missing Permissions", channel_id=thread.id,
                          message_id=players.live().id)
        while True:
            handle = await players.press(user, prompt)
            if not stepped(fake, handle, (await handle.callback()).type, prompt):
                break
            prompt = fake.message(prompt)
        await handle.reply()  # the pressed prompt shows the result
        await settled(fake)  # and the rest of the press is handled
    lines = [fields(line) for line in captured.getvalue().splitlines()]
    about_match = [f for f in lines if re.search(r"\bmatch \d+", f["msg"])
                   or f["logger"].startswith(("bot.match", "bot.discord.delivery",
                                              "bot.discord.clicks"))]
    assert len(about_match) >= 4
    for f in about_match:
        named = re.search(r"\bmatch (\d+)", f["msg"])
        assert f.get("match") == (named.group(1) if named else "1"), f
    moves = [f for f in lines if " played " in f["msg"]]
    assert moves and all(f.get("decision") for f in moves)
    failed = [f for f in lines if "could not post" in f["msg"]]
    assert failed and failed[0]["level"] == "WARNING" and failed[0]["match"] == "1"
    assert failed[0].get("decision") == decision, "the click's decision tags its lines"
