"""Issue 36, done when: whole matches of each game with every person and the server on the
pseudo-locale show nothing untranslated on Discord (apart from names and numbers), and every
string stays within Discord's limits (the fake refuses a payload past one: the test fails at
teardown). The detector is ``tests.e2e.untranslated``; ``tests.e2e.pseudo.GAPS`` names what
other parts of the issue still leave in English, each to be emptied as that part lands."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World
from tests.e2e.pseudo import (
    FRONT_END_LINES,
    GAPS,
    NEWS_OPENINGS,
    PROBES,
    names_shown,
    own_labels,
    pseudo_match,
    speak_pseudo,
)
from tests.e2e.untranslated import (
    allowed,
    command_findings,
    everything_shown,
    findings,
    plain_words,
    worklist,
)


@pytest.mark.parametrize(("game", "people", "ais"), PROBES)
async def test_a_whole_match_on_the_pseudo_locale_shows_nothing_untranslated(
        world: World, game: str, people: int, ais: int) -> None:
    users = [world.alice, world.bob, world.user("dora")][:people]
    async with world.bot():
        await speak_pseudo(world, users)
        agents = await pseudo_match(world, game, users, ais)
    assert agents.presses > 5 and agents.over() is not None
    found = findings(world.fake, names_shown(world, users))
    left = allowed(found, GAPS)
    for n, what in worklist(left):
        print(f"{n:5} {what}")
    assert not left, f"{len(left)} untranslated:\n" + "\n".join(map(str, left))
    # What the gaps let pass holds none of the front end's own words in English.
    labels = own_labels(world.fake)
    assert labels and not [label for label in labels if plain_words(label)]
    assert not [line for _, text in everything_shown(world.fake) for line in text.split("\n")
                if line.startswith(FRONT_END_LINES)]
    # Nor a player's private news, in the same DM text as the decision the gaps let pass.
    assert not [line for where, text in everything_shown(world.fake)
                if where.startswith("DM") and where.endswith(".content")
                for line in text.split("\n") if line.startswith(NEWS_OPENINGS)]


async def test_every_slash_command_string_is_translated_and_synced(world: World) -> None:
    async with world.bot():
        synced = world.fake.command_snapshot()
    assert synced and command_findings(synced) == []
