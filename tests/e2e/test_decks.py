"""/deck through Discord: list, show, import and validate by modal, delete, and choosing a
deck in an Auroria lobby (the private select after /play and Join, and /deck choose)."""

from __future__ import annotations

import json

from bot.engine import registry
from bot.games.auroria.decklist import encode, format_list
from bot.games.auroria.pool import POOL
from tests.e2e.conftest import World
from tests.e2e.players import open_match, start
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser

RED = POOL.decks["valley"]
MINE = [c for c in RED.main if c != "r_wyrm"] + ["r_energy"]


async def _import(fake: FakeDiscord, user: FakeUser, world: World, name: str,
                  text: str) -> FakeMessage:
    opened = await fake.slash(user, "deck import", channel=world.table)
    modal = await opened.modal()
    assert modal.title == "Import a deck"
    inputs = {i.label: i.custom_id for i in modal.text_inputs}
    submitted = await fake.submit_modal(user, {inputs["Name to save it under"]: name,
                                               inputs["Deck list or deck code"]: text})
    return await submitted.reply()


async def test_list_show_import_validate_and_delete(world: World) -> None:
    fake = world.fake
    async with world.bot():
        listing = await (await fake.slash(world.alice, "deck list", channel=world.table)).reply()
        assert listing.ephemeral
        assert "**The Burning Valley** (valley) · red, led by Vesk" in listing.content
        assert "You have no saved decks" in listing.content
        shown = await (await fake.slash(world.alice, "deck show", {"deck": "valley"},
                                        channel=world.table)).reply()
        assert "```\nLeader: Vesk, Warlord of Cinders\n18 Red Energy" in shown.content
        assert f"Deck code: `{encode(RED.leader, RED.main, RED.side)}`" in shown.content

        saved = await _import(fake, world.alice, world, "Red Rush", format_list(RED.leader, MINE))
        assert saved.ephemeral and saved.content.startswith("Saved as **Red Rush**")
        refused = await _import(fake, world.alice, world, "Broken",
                                "Leader: Vesk, Warlord of Cinders\n5 Ember Courier\n1 Cindr Bolt")
        assert "This deck cannot be saved yet" in refused.content
        assert "did you mean Cinder Bolt?" in refused.content
        assert "At most 4 copies of Ember Courier (5)." in refused.content

        opened = await fake.slash(world.alice, "deck validate", channel=world.table)
        modal = await opened.modal()
        assert [i.label for i in modal.text_inputs] == ["Deck list or deck code"]
        checked = await (await fake.submit_modal(
            world.alice, {modal.text_inputs[0].custom_id: "\x00\u202e" + "zz" * 40})).reply()
        assert "Not a legal deck yet:" in checked.content and "No leader" in checked.content

        choices = await (await fake.autocomplete(world.alice, "deck show", {"deck": "rush"},
                                                 focused="deck", channel=world.table)).choices()
        assert choices == [{"name": "Red Rush (yours)", "value": "Red Rush"}]
        mine = await (await fake.slash(world.alice, "deck show", {"deck": "red rush"},
                                       channel=world.table)).reply()
        assert mine.content.startswith("**Red Rush** · red, led by Vesk")
        gone = await (await fake.slash(world.alice, "deck delete", {"deck": "Red Rush"},
                                       channel=world.table)).reply()
        assert gone.content == "Deleted."
        again = await (await fake.slash(world.alice, "deck delete", {"deck": "Red Rush"},
                                        channel=world.table)).reply()
        assert again.content == "You have no saved deck of that name."


async def test_decks_are_chosen_in_an_auroria_lobby_and_dealt(world: World) -> None:
    fake = world.fake
    async with world.bot():
        await _import(fake, world.bob, world, "Red Rush", format_list(RED.leader, MINE))
        thread, lobby = await open_match(fake, world.alice, world.table, "auroria", [world.bob])
        # /play offered Alice a private deck select, and Join offered Bob one
        alice_pick = next(m for m in fake.ephemerals(world.alice) if m.selects)
        bob_pick = next(m for m in fake.ephemerals(world.bob) if m.selects)
        assert "Red Rush" in bob_pick.selects[0].values
        assert "Red Rush" not in alice_pick.selects[0].values
        assert "2. <@" in fake.message(lobby).content
        assert "a random structure deck" in fake.message(lobby).content

        picked = await fake.select(world.alice, alice_pick, values=["potions"])
        assert "You play **Potion Spells**" in (await picked.reply()).content
        await fake.wait_until(lambda: "· **Potion Spells**" in fake.message(lobby).content,
                              what="Alice's deck on the lobby post")
        chosen = await (await fake.slash(world.bob, "deck choose", {"deck": "Red Rush"},
                                         channel=thread)).reply()
        assert "an own deck led by **Vesk, Warlord of Cinders**" in chosen.content
        await fake.wait_until(lambda: "own deck led by" in fake.message(lobby).content,
                              what="Bob's deck on the lobby post")
        outsider = world.user("dan")
        refused = await (await fake.slash(outsider, "deck choose", {"deck": "valley"},
                                          channel=thread)).reply()
        assert refused.content.startswith("Say which lobby")
        await start(fake, world.alice, lobby)
        late = await fake.select(world.alice, alice_pick, values=["city"])
        assert "already started" in (await late.reply()).content

    async with world.store() as store:
        record = await store.get_match(1)
    assert record is not None and record.state is not None
    state = registry.get("auroria").from_json(json.loads(record.state))
    leaders = [state.kinds[state.zones[p]["leader"][0]] for p in (0, 1)]
    assert leaders == [POOL.decks["potions"].leader, RED.leader]
    dealt = sorted(state.kinds[u] for zone in ("deck", "hand") for u in state.zones[1][zone])
    assert dealt == sorted(MINE)


async def test_a_seat_someone_left_starts_from_a_random_deck(world: World) -> None:
    fake = world.fake
    async with world.bot():
        _, lobby = await open_match(fake, world.alice, world.table, "auroria", [world.bob])
        bob_pick = next(m for m in fake.ephemerals(world.bob) if m.selects)
        await (await fake.select(world.bob, bob_pick, values=["overgrowth"])).reply()
        await fake.wait_until(lambda: "**Verdant Overgrowth**" in fake.message(lobby).content,
                              what="Bob's deck on the lobby post")
        await (await fake.click(world.bob, lobby, label="Leave")).callback()
        dan = world.user("dan")
        await (await fake.click(dan, lobby, label="Join")).callback()
        await fake.wait_until(lambda: f"<@{dan.id}>" in fake.message(lobby).content,
                              what="Dan in the lobby")
        seat = fake.message(lobby).content.split("\n")[2]
        assert seat == f"2. <@{dan.id}> · a random structure deck"


async def test_a_card_can_be_read_in_full(world: World) -> None:
    fake = world.fake
    async with world.bot():
        found = await fake.autocomplete(world.alice, "deck card", {"name": "walk"},
                                        focused="name", channel=world.table)
        names = [c["name"] for c in await found.choices()]
        assert names == ["Walking Bastion"]
        card = await (await fake.slash(world.alice, "deck card", {"name": "w_bastion"},
                                       channel=world.table)).reply()
        assert card.ephemeral
        assert card.content.startswith("**Walking Bastion** — Creature · white · cost 5")
        assert "Enhanced." in card.content and "On Play" in card.content
        unknown = await (await fake.slash(world.alice, "deck card", {"name": "Dragon"},
                                          channel=world.table)).reply()
        assert unknown.ephemeral and "no Set 1 card called `Dragon`" in unknown.content
