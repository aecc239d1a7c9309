"""A game added as ``bot/games/<name>/`` plus ``bot/render/<name>.py`` only (the test game
Laydown, ``tests/newgame``) is offered by ``/play`` and ``/rules``, and a whole match runs
through the fake Discord: lobby, DM prompts, turn posts with images and alt text, end post."""

from __future__ import annotations

from bot.discord.images import Images
from tests.e2e.conftest import RENDERING, World
from tests.e2e.players import Players, is_board, open_match, start


async def test_a_new_game_is_offered_and_played_to_the_end(world: World, laydown: None) -> None:
    fake = world.fake
    people = [world.alice, world.bob]
    async with world.bot(images=Images()):
        games = await (await fake.autocomplete(world.alice, "play", {"game": "lay"},
                                               focused="game", channel=world.table)).choices()
        assert {"name": "Laydown", "value": "laydown"} in games
        rules = await (await fake.slash(world.bob, "rules", {"game": "laydown"},
                                        channel=world.table)).reply(RENDERING)
        assert rules.content.startswith("**Laydown · overview**") and rules.attachments
        thread, lobby = await open_match(fake, world.alice, world.table, "laydown", [world.bob])
        await start(fake, world.alice, lobby)
        result = await Players(fake, thread, people).play_out()
    assert sorted(result.mentions) == sorted(u.id for u in people)
    assert result.attachments, "the summary image"
    boards = [fake.message(m) for m in fake.messages(thread) if is_board(m)]
    assert len(boards) == 6, "one post per card laid"
    alts = [a.description or "" for m in boards for a in m.attachments]
    assert len(alts) == 6 and all("alice laid" in a and "bob laid" in a for a in alts)
    log = "\n".join(m.text for m in boards)
    assert "alice lays the" in log and "Player 1" not in log
    for user in people:
        dms = [fake.message(m) for m in fake.dms(user)]
        assert any("Lay the" in repr(m.history[0].components if m.history else m.components)
                   for m in dms), "the prompt came by DM"
        assert "you placed" in dms[-1].text and dms[-1].attachments, "the result DM"
