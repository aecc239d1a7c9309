"""Untranslated strings reaching Discord (issue 36): the three probe matches (three people in
Zura, two in Aura, one against the AI in Auroria) played through the fake Discord with every
person and the server on the pseudo-locale, and every string the bot showed read back.

Run: ``.venv/bin/python -m bench words`` (``--quick``: the Zura match only).

A line counts as untranslated when plain Latin words are left in it once names, numbers and
Discord markup are taken out (``tests.e2e.untranslated``): the pseudo-locale accents every
letter a catalogue gives. Every line of every string the bot showed is read (each version of
an edited message, labels, alt texts, thread names …); each distinct line counts once.
Target: 0.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from bench.report import Row
from tests.e2e.conftest import World
from tests.e2e.pseudo import PROBES, names_shown, pseudo_match, speak_pseudo
from tests.e2e.untranslated import findings
from tests.fakediscord import FakeDiscord


async def _one(game: str, people: int, ais: int) -> int:
    """Untranslated lines in one probe match."""
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake, fake.patch_discord():
            world = World(fake, Path(tmp) / "parlor.sqlite3")
            users = [world.alice, world.bob, world.user("dora")][:people]
            async with world.bot():
                await speak_pseudo(world, users)
                await pseudo_match(world, game, users, ais)
            problems = fake.check()
            found = findings(fake, names_shown(world, users))
    if problems:
        raise AssertionError(f"{game}: {problems}")
    return len(found)


async def _measure(quick: bool) -> list[Row]:
    rows: list[Row] = []
    total = 0
    for game, people, ais in PROBES[:1] if quick else PROBES:
        found = await _one(game, people, ais)
        total += found
        rows.append(Row(f"{game}: untranslated lines reaching Discord", found, ""))
    rows.append(Row("all: untranslated lines reaching Discord", total, "", "0"))
    return rows


def run(quick: bool) -> list[Row]:
    return asyncio.run(_measure(quick))
