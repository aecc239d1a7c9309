"""Issue 36, done when: one match at a mixed table. Alice's Discord is in English, Bob's in
German, the server speaks Brazilian Portuguese. Each DM is in its reader's language, what the
thread shows in the server's; the clock's reminder and the result DM, sent by no interaction
of the reader's, follow the locale remembered from their latest press."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.pseudo import MANAGE_SERVER, TIMEOUT, Agents, verb_of
from tests.e2e.test_clock import clocked_bot
from tests.fakediscord import FakeMessage, FakeUser
from tests.match.clocks import START, Now

EN, DE, PT = "en-US", "de", "pt-BR"


def dm_with(world: World, user: FakeUser, text: str) -> FakeMessage | None:
    return next((m for m in world.fake.dms(user) if text in m.text), None)


async def test_each_dm_in_its_readers_language_the_thread_in_the_servers(
        world: World) -> None:
    fake, now = world.fake, Now()
    alice, bob = world.alice, world.bob
    locales = {alice.id: EN, bob.id: DE}
    mod = world.user("mod")
    fake.add_member(world.guild, mod, permissions=MANAGE_SERVER)
    async with clocked_bot(world, now):
        await (await fake.slash(mod, "settings", {"language": "pt_BR"}, channel=world.table,
                                locale=PT)).reply(TIMEOUT)
        reply = await (await fake.slash(alice, "play", {"game": "zura", "clock": "live"},
                                        channel=world.table, locale=EN)).reply(TIMEOUT)
        assert reply.content.startswith("**Zura #1** está aberta em <#"), reply.content
        thread = next(t for t in fake.threads(world.table) if f"<#{t.id}>" in reply.content)
        lobby = fake.messages(thread)[0]
        await (await fake.click(bob, lobby, label="Entrar", locale=DE)).callback(TIMEOUT)
        await fake.wait_until(lambda: f"<@{bob.id}>" in fake.message(lobby).content,
                              TIMEOUT, what="Bob in the lobby")
        # The DM that checks at join that DMs reach each player: in each one's language.
        assert dm_with(world, alice, "You are in **Zura #1**. Your cards")
        await fake.wait_until(lambda: dm_with(world, bob, "Du spielst in **Zura #1** mit."),
                              TIMEOUT, what="Bob's check DM in German")
        await (await fake.click(alice, lobby, label="Começar", locale=EN)).callback(TIMEOUT)
        agents = Agents(fake, thread, [alice, bob], seed=4, locales=locales)
        first = await fake.wait_until(agents.open_prompt, TIMEOUT, what="the first prompt")
        # The live turn post's button is the server's; the lobby post became the start post.
        live = next(m for m in reversed(fake.messages(thread))
                    if any(verb_of(c) == "hand" for c in m.custom_ids))
        assert [b.label for b in live.buttons] == ["Minha mão"]
        assert fake.message(lobby).content.startswith("**Zura #1** começou.")
        # Half the first player's time: the reminder DM, sent by the clock, in their language.
        user = first[0]
        now.to(START + 60)
        half = {alice.id: "Half your time is gone", bob.id: "Die Hälfte deiner Zeit ist um"}
        reminder = await fake.wait_until(lambda: dm_with(world, user, half[user.id]),
                                         TIMEOUT, what="the reminder in the player's language")
        assert "**Zura #1**" in reminder.text
        await agents.play_out()
        end = agents.over()
        assert end is not None and end.content.startswith("**Zura #1** terminou: ")
        await fake.wait_until(lambda: dm_with(world, alice, "**Zura #1** is over: you placed")
                              and dm_with(world, bob, "**Zura #1** ist vorbei: Du bist"),
                              TIMEOUT, what="each result DM in its reader's language")
    # Every prompt Bob got speaks German where Parlor's own words are shown; none English.
    bobs = [m.text for m in fake.dms(bob)]
    assert any("Fürs Erste erledigt" in t or "die Partie ist vorbei" in t for t in bobs)
    assert not any("Done for now" in t or "You are in" in t or "is over:" in t for t in bobs)
    alices = [m.text for m in fake.dms(alice)]
    assert not any("Fürs Erste" in t or "Du spielst" in t for t in alices)
