"""A full Zura match through Discord: three people, one of them with closed DMs, at a quiet
table (issue 15): one post per turn, one prompt and one notification per decision window."""

from __future__ import annotations

import re
from collections import Counter

from tests.e2e.conftest import World
from tests.e2e.players import Players, is_board, open_match, opened_with_choices, start


async def test_three_players_finish_a_zura_match(world: World) -> None:
    fake = world.fake
    people = [world.alice, world.bob, world.cat]
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura",
                                         [world.bob, world.cat])
        note = await fake.wait_for_message(
            lambda m: "can't send you direct messages" in m.content, channel=thread)
        assert note.mentions == [world.cat.id]
        mark = fake.mark()
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, people)
        result = await players.play_out()
    tally = fake.tally(thread, people, since=mark)
    lines = result.content.split("\n")
    assert lines[1].startswith("1st: ")
    # The final post mentions every person once, with the summary image.
    assert sorted(result.mentions) == sorted(u.id for u in people)
    assert result.attachments, "the final summary image"
    # One post per turn, each with the board, none without events.
    boards = [fake.message(m) for m in fake.messages(thread) if is_board(m)]
    numbers = [int(re.findall(r"turn (\d+)", m.text)[0]) for m in boards]
    assert numbers == list(range(1, len(boards) + 1)) and len(boards) > 20
    assert all(m.attachments for m in boards)
    # Every picture carries the table in words for screen readers, with names, not seats.
    alts = [a.description or "" for m in boards for a in m.attachments]
    assert all(alts) and all(len(a) <= 1024 for a in alts)
    assert any(world.bob.name in a for a in alts) and not any("Seat " in a for a in alts)
    assert tally.posts_without_events == 0
    closed_pings = len([m for m in fake.messages(thread) if not is_board(m)
                        and m.mentions == [world.cat.id] and m.id != note.id])
    assert tally.thread_posts <= len(boards) + closed_pings + 1  # + the end post
    log = "\n".join(m.text for m in boards)
    assert "Player 1" not in log and "alice" in log, "the log names people, not seats"
    assert "'s turn.\n" not in log, "the heading names the turn; no line repeats it"
    # Only the live post keeps the way back to one's hand.
    assert not any(b.label == "My hand" for m in boards[:-1] for b in m.buttons)
    # DMs: one new prompt per decision window, each a notification; no DM only informs.
    own = Counter(re.findall(r"turn \d+ · <@(\d+)>'s turn", log))
    for user in (world.alice, world.bob):
        dms = [fake.message(m) for m in fake.dms(user)][1:]  # after the check at join
        prompts, rest = dms[:-1], dms[-1]
        assert all(opened_with_choices(m) for m in prompts)
        trades = len([m for m in prompts if "Trade with" in
                      repr(m.history[0].components if m.history else m.components)])
        assert len(prompts) <= own[str(user.id)] + trades
        assert "you placed" in rest.text and rest.attachments, "the result DM"
        assert len(tally.notifications[user.id]) == len(prompts) + 2  # + result DM, end post
    # Closed DMs: told once, never DMed, served privately, one mention per window.
    assert [n for n in fake.messages(thread) if "can't send you" in n.content] == [note]
    assert not fake.dms(world.cat)
    assert any(m.selects or m.buttons for m in fake.ephemerals(world.cat))
    cat_turns = own[str(world.cat.id)]
    assert cat_turns <= len(tally.notifications[world.cat.id]) <= 2 * cat_turns + 1
    assert "has started" in fake.message(lobby).content and not fake.message(lobby).buttons
