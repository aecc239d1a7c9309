"""``/deck``: Auroria's structure decks, checking and saving a pasted list or deck code, and
the deck one plays in a lobby (a private select after /play or Join, or ``/deck choose``).

The select is a persistent component (``parlor:<match>:deck:s``) whose values are deck
references, so it keeps working after a restart; no rule is checked here
(``bot.match.decks`` and the game decide).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.decks import (
    DeckModal,
    card_choices,
    deck_choices,
    deck_name,
    decks_of,
    led_by,
    playing,
    show_text,
)
from bot.discord.lobby import lobby_post
from bot.discord.readers import reader
from bot.discord.replies import say
from bot.discord.runtime import Runtime, match_title
from bot.discord.shows import LOBBY as LOBBY_POST
from bot.engine import GameError, registry
from bot.engine.said import Said, said
from bot.store import LOBBY

Interaction = discord.Interaction[Any]


class Decks(commands.Cog):
    group = app_commands.Group(name="deck", description="Auroria Codex decks: see, check, "
                               "save and choose")

    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime

    @group.command(name="list", description="The structure decks and your saved decks")
    async def list_(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # before the reads
        service = decks_of(self.rt)
        lang = reader(interaction)
        lines = [lang.say(said("**Structure decks** (/deck show for the list and code):"))]
        lines += [lang.say(said("• **{deck}** ({key}) · {colour}, led by {leader} — {about}",
                                deck=deck_name(d, lang), key=d.key, colour=Said(d.colour),
                                leader=Said(d.leader), about=Said(d.about)))
                  for d in service.structure_decks()]
        mine = await service.saved(interaction.user.id)
        lines.append(lang.say(said("**Your decks:**") if mine
                              else said("You have no saved decks: /deck import.")))
        lines += [f"• **{deck_name(d, lang)}** · {lang.say(led_by(d))}" for d in mine]
        await say(interaction, "\n".join(lines))

    @group.command(name="show", description="A deck's card list and its shareable code")
    @app_commands.describe(deck="A structure deck or one of your saved decks")
    @app_commands.autocomplete(deck=deck_choices)
    async def show(self, interaction: Interaction, deck: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        shown = await decks_of(self.rt).show(interaction.user.id, deck)
        await say(interaction, show_text(shown, reader(interaction)))

    @group.command(name="card", description="A Set 1 card's full text")
    @app_commands.describe(name="The card's name")
    @app_commands.autocomplete(name=card_choices)
    async def card(self, interaction: Interaction, name: str) -> None:
        lang = reader(interaction)
        await say(interaction, "\n".join(
            lang.say(line) for line in decks_of(self.rt).book.card_text(name)))

    @group.command(name="import", description="Paste a deck list or code and save it")
    async def import_(self, interaction: Interaction) -> None:
        await interaction.response.send_modal(DeckModal(self.rt, True, reader(interaction)))

    @group.command(name="validate", description="Paste a deck list or code and check it")
    async def validate(self, interaction: Interaction) -> None:
        await interaction.response.send_modal(DeckModal(self.rt, False, reader(interaction)))

    @group.command(name="delete", description="Forget one of your saved decks")
    @app_commands.describe(deck="One of your saved decks")
    @app_commands.autocomplete(deck=deck_choices)
    async def delete(self, interaction: Interaction, deck: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await decks_of(self.rt).delete(interaction.user.id, deck)
        await say(interaction, said("Deleted."))

    @group.command(name="choose", description="The deck you play in an Auroria lobby")
    @app_commands.describe(deck="A structure deck, random, one of yours, or a deck code",
                           match="Which lobby (default: this thread's)")
    @app_commands.autocomplete(deck=deck_choices)
    async def choose(self, interaction: Interaction, deck: str,
                     match: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match_id = match if match is not None else await self._lobby_here(interaction)
        info = await decks_of(self.rt).choose(match_id, interaction.user.id, deck)
        await say(interaction, said("You play {deck} in **{match}**.",
                                    deck=playing(info, interaction.user.id),
                                    match=match_title(info.game, info.id)))
        await self.rt.delivery.edit_posts(info, LOBBY_POST,
                                          await lobby_post(self.rt.delivery, info))

    async def _lobby_here(self, interaction: Interaction) -> int:
        if interaction.channel_id is not None:
            here = await self.rt.store.matches_in_channel(interaction.channel_id, (LOBBY,))
            mine = [m for m in here if registry.get(m.game).decks() is not None
                    and any(s.user_id == interaction.user.id for s in m.seats)]
            if len(mine) == 1:
                return mine[0].id
        raise GameError(said("Say which lobby: /deck choose deck:… match:…"))
