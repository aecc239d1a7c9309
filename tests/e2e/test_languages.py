"""Who reads decides (issue 36): a private answer is in the language of the person who typed
(their Discord's locale, or their own choice with /language), remembered in the store for
messages sent without an interaction; slash commands carry their German and Portuguese
names."""

from __future__ import annotations

from bot.discord.runtime import runtime_of
from bot.engine.said import said
from bot.words.pseudo import is_pseudo
from tests.e2e.conftest import World
from tests.e2e.players import Players, open_match, start

NO_MATCH = {
    "en-US": "You are in no lobby or running match. Start one with /play.",
    "en-GB": "You are in no lobby or running match. Start one with /play.",
    "de": "Du bist in keiner Lobby und keiner laufenden Partie. Starte eine mit /spielen.",
    "pt-BR": "Você não está em nenhuma sala nem partida em andamento. Comece uma com /jogar.",
    "fr": "You are in no lobby or running match. Start one with /play.",
}


async def test_each_reader_is_answered_in_the_language_of_their_discord(world: World) -> None:
    fake = world.fake
    async with world.bot():
        for locale, words in NO_MATCH.items():
            reply = await (await fake.slash(world.alice, "match list", channel=world.table,
                                            locale=locale)).reply()
            assert reply.ephemeral and reply.content == words, locale


async def test_a_chosen_language_wins_over_discords_until_automatic_again(world: World) -> None:
    fake = world.fake
    async with world.bot() as bot:
        chosen = await (await fake.slash(world.bob, "language", {"language": "pseudo"},
                                         channel=world.table, locale="de")).reply()
        assert is_pseudo(chosen.content)
        reply = await (await fake.slash(world.bob, "match list", channel=world.table,
                                        locale="de")).reply()
        assert is_pseudo(reply.content) and "/play" in reply.content
        readers = runtime_of(bot).readers
        assert is_pseudo((await readers.of_user(world.bob.id)).say(said("Your vote counts.")))
        back = await (await fake.slash(world.bob, "language", {"language": "automatic"},
                                       channel=world.table, locale="pt-BR")).reply()
        assert back.content == "Volto a falar com você no idioma do seu Discord."
    async with world.store() as store:  # the latest locale is remembered for later DMs
        remembered = await store.user_language(world.bob.id)
        assert remembered.locale == "pt-BR" and remembered.chosen is None


async def test_a_language_chosen_survives_a_restart(world: World) -> None:
    fake = world.fake
    async with world.bot():
        await (await fake.slash(world.bob, "language", {"language": "de"},
                                channel=world.table)).reply()
    async with world.bot():
        reply = await (await fake.slash(world.bob, "match list", channel=world.table)).reply()
        assert reply.content.startswith("Du bist in keiner Lobby")


async def test_slash_commands_carry_their_german_and_portuguese_names(world: World) -> None:
    async with world.bot():
        synced = {c["name"]: c for c in world.fake.command_snapshot()}
    play = synced["play"]
    assert play["name_localizations"] == {"de": "spielen", "pt-BR": "jogar"}
    assert play["description_localizations"]["de"] == (
        "Eine Lobby für ein Kartenspiel in einem neuen Thread eröffnen")
    game = next(o for o in play["options"] if o["name"] == "game")
    assert game["name_localizations"] == {"de": "spiel", "pt-BR": "jogo"}


async def test_the_result_dm_follows_each_players_remembered_locale(world: World) -> None:
    """Bob last pressed in German, Alice in Portuguese: each result DM, sent by the match's
    end rather than by an interaction of theirs, is in their language."""
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura", [world.bob])
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob])
        await (await fake.slash(world.alice, "match list", channel=world.table,
                                locale="pt-BR")).reply()
        ask = await (await fake.slash(world.bob, "resign", channel=thread,
                                      locale="de")).reply()
        assert ask.content == "**Zura #1** aufgeben? Du wirst als Letzter gewertet."
        await (await fake.click(world.bob, ask, label="Aufgeben", locale="de")).callback()
        await fake.wait_until(players.over)
        await fake.wait_until(lambda: all(
            any("#1**" in m.text and "**Zura" in m.text for m in fake.dms(u)[-1:])
            for u in (world.alice, world.bob)), what="both result DMs")
    assert fake.dms(world.bob)[-1].text.startswith(
        "**Zura #1** ist vorbei: Du bist 2. von 2 geworden.")
    assert fake.dms(world.alice)[-1].text.startswith(
        "**Zura #1** terminou: você ficou em 1º de 2.")


async def test_a_lobby_in_a_portuguese_server_whatever_the_hosts_language(
        world: World) -> None:
    """The lobby post, its buttons and the /play reply are public: in the server's language,
    chosen with /settings language, though the host's Discord is German."""
    fake = world.fake
    mod = world.user("mod")
    fake.add_member(world.guild, mod, permissions=1 << 5)
    async with world.bot():
        await (await fake.slash(mod, "settings", {"language": "pt_BR"},
                                channel=world.table)).reply()
        reply = await (await fake.slash(world.alice, "play", {"game": "zura"},
                                        channel=world.table, locale="de")).reply()
        assert reply.content.startswith("**Zura #1** está aberta em <#")
        assert reply.content.endswith(": aperte Entrar para pegar um lugar.")
        thread = next(t for t in fake.threads(world.table) if f"<#{t.id}>" in reply.content)
        lobby = fake.messages(thread)[0]
        assert lobby.content.startswith(f"**Zura #1** · sala criada por <@{world.alice.id}>")
        assert [b.label for b in lobby.buttons] == [
            "Entrar", "Sair", "Adicionar IA", "Começar", "Cancelar"]
        await (await fake.click(world.bob, lobby, label="Entrar", locale="en-US")).callback()
        await fake.wait_until(lambda: f"<@{world.bob.id}>" in fake.message(lobby).content,
                              what="the lobby post naming Bob")
    assert fake.message(lobby).content.startswith("**Zura #1** · sala criada por")
