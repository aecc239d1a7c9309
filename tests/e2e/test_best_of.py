"""A whole Auroria best-of-three through Discord: one person against an AI seat."""

from __future__ import annotations

import re

from tests.e2e.conftest import World
from tests.e2e.players import Players, open_match, start
from tests.fakediscord.components import text_displays


async def test_a_player_finishes_an_auroria_best_of_three_against_the_ai(world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "auroria", [],
                                         ai_players=1, variants="best_of=3")
        assert "Options: best_of=3" in fake.message(lobby).content
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice], seed=3)
        result = await players.play_out(max_moves=6000)
        text = "\n".join(m.text for m in fake.messages(thread))
        stats = await (await fake.slash(world.alice, "stats", channel=world.table)).reply()
    assert "wins the match" in result.content or "The match is drawn" in result.content
    assert re.search(r"\b(alice|AI 2) wins game 1\. Games won: \1 1, ", text)
    assert "Game 2 begins" in text
    shown = [text_displays(v.components) for m in fake.dms(world.alice) for v in m.history]
    assert any("Bring in which side-deck card" in t for texts in shown for t in texts)
    assert "1 played" in stats.content
