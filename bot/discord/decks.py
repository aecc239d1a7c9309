"""Own decks on Discord (games that declare them, ``Game.decks``): the lobby's persistent
deck select, deck texts and the import / check form.
"""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands

from bot.discord import customid as cid
from bot.discord.delivery import LOBBY as LOBBY_POST
from bot.discord.items import ParlorSelect
from bot.discord.lobby import lobby_text
from bot.discord.replies import explain, say
from bot.discord.runtime import Runtime, match_title, runtime_of
from bot.discord.suggest import MAX_CHOICES
from bot.discord.usertext import literal
from bot.engine import Game, registry
from bot.engine.decks import DeckView
from bot.engine.usertext import TYPED_MAX
from bot.match import MatchInfo
from bot.match.decks import DeckService, deck_games, seat_decks
from bot.store import LOBBY

Interaction = discord.Interaction[Any]

DECK: Final = "deck"
"""The custom-id slot of the deck select."""
LIST_MAX: Final = 4000
"""Discord's limit for a text input: a full list with a side deck is about 1,200."""


def decks_of(rt: Runtime, game: Game[Any, Any] | None = None) -> DeckService:
    """The decks of ``game``; without one, of the game /deck is about (the first game with
    own decks)."""
    return DeckService(rt.store, rt.service, game if game is not None else deck_games()[0])


def show_text(view: DeckView) -> str:
    """A deck for a message: what it is, its list, its code, and any problems."""
    head = f"**{deck_name(view)}**" if view.name else "**Your list**"
    if view.leader:
        head += f" · {view.colour}, led by {view.leader} · {view.counts()}"
    lines = [head]
    if view.about:
        lines.append(view.about)
    if view.text:
        lines += ["```", view.text, "```"]
    if view.problems:
        lines.append("Not a legal deck yet:")
        lines += [f"• {p}" for p in view.problems]
    elif view.code:
        lines.append(f"Deck code: `{view.code}`")
    return "\n".join(lines)


def deck_name(view: DeckView) -> str:
    """A deck's name in a message: a saved deck's was typed by its owner."""
    return literal(view.name, TYPED_MAX)


def picker(match_id: int, choices: list[tuple[str, str]]) -> discord.ui.View:
    """A select of the decks the user may play in the match (persistent)."""
    select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=cid.CustomId(match_id, DECK, cid.SELECT).encode(),
        placeholder="Choose your deck", min_values=1, max_values=1,
        options=[discord.SelectOption(label=label[:100], value=value[:100])
                 for value, label in choices[:MAX_CHOICES]])
    view = discord.ui.View(timeout=None)
    view.add_item(ParlorSelect(select))
    return view


async def offer_decks(interaction: Interaction, info: MatchInfo) -> MatchInfo:
    """After /play or Join in a lobby of a game with own decks: a private select to choose
    one's deck. The seat starts from the default deck (a seat someone left keeps its option
    otherwise); the lobby as it is now is returned, for the caller's lobby post."""
    game = registry.get(info.game)
    if game.decks() is None or info.status != LOBBY:
        return info
    service = decks_of(runtime_of(interaction.client), game)
    default = service.book.choices()[0][0]
    info = await service.choose(info.id, interaction.user.id, default)
    await interaction.followup.send(
        f"Choose your deck for **{match_title(info.game, info.id)}** (until you do, you get "
        f"{service.book.label(default)}). Save your own with /deck import.",
        view=picker(info.id, await service.choices(interaction.user.id)), ephemeral=True)
    return info


async def picked(interaction: Interaction, match_id: int, values: tuple[str, ...]) -> None:
    """The deck select was used: play that deck, and show it on the lobby post."""
    if len(values) != 1:
        raise cid.BadCustomId("a deck select with other than one value")
    rt = runtime_of(interaction.client)
    await interaction.response.defer()
    info = await decks_of(rt).choose(match_id, interaction.user.id, values[0])
    await interaction.edit_original_response(
        content=f"You play {playing(info, interaction.user.id)} in "
                f"**{match_title(info.game, info.id)}**; choose again to change it before the "
                "match starts.")
    await rt.delivery.edit_posts(info, LOBBY_POST, lobby_text(info))


def playing(info: MatchInfo, user_id: int) -> str:
    seat = info.seat_of(user_id)
    return seat_decks(info).get(seat.seat, "your deck") if seat is not None else "your deck"


async def deck_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The structure decks and the user's saved decks (``random`` too where one is played)."""
    rt = runtime_of(interaction.client)
    text = current.casefold()
    return [app_commands.Choice(name=label[:100], value=value[:100])
            for value, label in await decks_of(rt).choices(interaction.user.id)
            if text in label.casefold() or text in value.casefold()][:MAX_CHOICES]


async def card_choices(interaction: Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
    """The cards whose name contains what was typed."""
    text = current.casefold()
    return [app_commands.Choice(name=name[:100], value=card_id)
            for card_id, name in decks_of(runtime_of(interaction.client)).book.cards()
            if text in name.casefold()][:MAX_CHOICES]


class DeckModal(discord.ui.Modal):
    """Paste a deck list or a deck code; with ``save`` it is also kept under a name."""

    def __init__(self, rt: Runtime, save: bool) -> None:
        super().__init__(title="Import a deck" if save else "Check a deck", timeout=900)
        self.service = decks_of(rt)
        self.save = save
        self.name: discord.ui.TextInput[DeckModal] = discord.ui.TextInput(
            label="Name to save it under", max_length=40, required=save)
        self.deck: discord.ui.TextInput[DeckModal] = discord.ui.TextInput(
            label="Deck list or deck code", style=discord.TextStyle.paragraph,
            max_length=LIST_MAX, placeholder=self.service.book.paste_hint)
        if save:
            self.add_item(self.name)
        self.add_item(self.deck)

    async def on_submit(self, interaction: Interaction) -> None:
        service = self.service
        if self.save:
            view = await service.save(interaction.user.id, self.name.value, self.deck.value)
            head = f"Saved as **{deck_name(view)}**: choose it in a lobby of {service.title}.\n"
        else:
            view, head = service.check(self.deck.value), ""
        await say(interaction, head + show_text(view))

    async def on_error(self, interaction: Interaction, error: Exception,  # type: ignore[override]
                       /) -> None:
        """A refused deck is a private answer, like any command's error."""
        await explain(interaction, error, None)
