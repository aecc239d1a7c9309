"""Issue 36, done when: whole matches of each game with every person and the server on the
pseudo-locale show nothing untranslated on Discord (apart from names and numbers), and every
string stays within Discord's limits (the fake refuses a payload past one: the test fails at
teardown). The detector is ``tests.e2e.untranslated``."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World
from tests.e2e.pseudo import PROBES, names_shown, pseudo_match, speak_pseudo
from tests.e2e.untranslated import command_findings, findings, worklist


@pytest.mark.parametrize(("game", "people", "ais"), PROBES)
async def test_a_whole_match_on_the_pseudo_locale_shows_nothing_untranslated(
        world: World, game: str, people: int, ais: int) -> None:
    users = [world.alice, world.bob, world.user("dora")][:people]
    async with world.bot():
        await speak_pseudo(world, users)
        agents = await pseudo_match(world, game, users, ais)
    assert agents.presses > 5 and agents.over() is not None
    found = findings(world.fake, names_shown(world, users))
    for n, what in worklist(found):
        print(f"{n:5} {what}")
    assert not found, f"{len(found)} untranslated:\n" + "\n".join(map(str, found))


async def test_every_slash_command_string_is_translated_and_synced(world: World) -> None:
    async with world.bot():
        synced = world.fake.command_snapshot()
    assert synced and command_findings(synced) == []
