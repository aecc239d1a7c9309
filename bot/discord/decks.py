"""Own decks on Discord (games that declare them, ``Game.decks``): the lobby's persistent
deck select, deck texts and the import / check form.
"""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands

from bot.discord import customid as cid
from bot.discord.items import ParlorSelect
from bot.discord.lobby import lobby_post
from bot.discord.readers import reader
from bot.discord.replies import explain, say
from bot.discord.runtime import Runtime, match_title, runtime_of
from bot.discord.shows import LOBBY as LOBBY_POST
from bot.discord.suggest import MAX_CHOICES
from bot.discord.usertext import literal
from bot.engine import Game, registry
from bot.engine.decks import DeckView
from bot.engine.said import Said, said, said_n
from bot.engine.usertext import TYPED_MAX
from bot.match import MatchInfo
from bot.match.decks import DeckService, deck_games, seat_decks
from bot.store import LOBBY
from bot.words import Language

Interaction = discord.Interaction[Any]

DECK: Final = "deck"
"""The custom-id slot of the deck select."""
LIST_MAX: Final = 4000
"""Discord's limit for a text input: a full list with a side deck is about 1,200."""


def decks_of(rt: Runtime, game: Game[Any, Any] | None = None) -> DeckService:
    """The decks of ``game``; without one, of the game /deck is about (the first game with
    own decks)."""
    return DeckService(rt.store, rt.service, game if game is not None else deck_games()[0])


def show_text(view: DeckView, lang: Language) -> str:
    """A deck for a message in ``lang``: what it is, its list, its code, and any problems."""
    head = f"**{deck_name(view, lang)}**" if view.name else lang.say(said("**Your list**"))
    if view.leader:
        head += " · " + lang.say(led_by(view))
    lines = [head]
    if view.about:
        lines.append(lang.say(Said(view.about)) if view.key else view.about)
    if view.text:
        lines += ["```", view.text, "```"]
    if view.problems:
        lines.append(lang.say(said("Not a legal deck yet:")))
        lines += [f"• {lang.say(p)}" for p in view.problems]
    elif view.code:
        lines.append(lang.say(said("Deck code: `{code}`", code=view.code)))
    return "\n".join(lines)


def led_by(view: DeckView) -> Said:
    """``Red, led by Ann · 61 cards (with the leader) + side deck of 10``."""
    cards = said_n("{n} card (with the leader)", "{n} cards (with the leader)", view.size)
    if view.side:
        return said("{colour}, led by {leader} · {cards} + {side}", colour=Said(view.colour),
                    leader=Said(view.leader), cards=cards,
                    side=said_n("side deck of {n}", "side deck of {n}", view.side))
    return said("{colour}, led by {leader} · {cards}", colour=Said(view.colour),
                leader=Said(view.leader), cards=cards)


def deck_name(view: DeckView, lang: Language) -> str:
    """A deck's name in a message: a ready-made deck's in ``lang``, a saved deck's as its
    owner typed it."""
    return lang.say(Said(view.name)) if view.key else literal(view.name, TYPED_MAX)


def picker(match_id: int, choices: list[tuple[str, str]], lang: Language) -> discord.ui.View:
    """A select of the decks the user may play in the match (persistent), in ``lang``."""
    select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=cid.CustomId(match_id, DECK, cid.SELECT).encode(),
        placeholder=lang.say(said("Choose your deck")), min_values=1, max_values=1,
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
    lang = reader(interaction)
    await interaction.followup.send(
        lang.say(said("Choose your deck for **{match}** (until you do, you get {deck}). Save "
                      "your own with /deck import.", match=match_title(info.game, info.id),
                      deck=service.book.label(default))),
        view=picker(info.id, labelled(await service.choices(interaction.user.id), lang), lang),
        ephemeral=True)
    return info


async def picked(interaction: Interaction, match_id: int, values: tuple[str, ...]) -> None:
    """The deck select was used: play that deck, and show it on the lobby post."""
    if len(values) != 1:
        raise cid.BadCustomId("a deck select with other than one value")
    rt = runtime_of(interaction.client)
    await interaction.response.defer()
    info = await decks_of(rt).choose(match_id, interaction.user.id, values[0])
    await interaction.edit_original_response(content=reader(interaction).say(said(
        "You play {deck} in **{match}**; choose again to change it before the match starts.",
        deck=playing(info, interaction.user.id), match=match_title(info.game, info.id))))
    await rt.delivery.edit_posts(info, LOBBY_POST, await lobby_post(rt.delivery, info))


def labelled(choices: list[tuple[str, Said]], lang: Language) -> list[tuple[str, str]]:
    """Deck choices with their labels in ``lang``."""
    return [(value, lang.say(label)) for value, label in choices]


def playing(info: MatchInfo, user_id: int) -> Said:
    """The deck ``user_id`` plays in the lobby, named (a sentence when it has no name)."""
    seat = info.seat_of(user_id)
    deck = seat_decks(info).get(seat.seat) if seat is not None else None
    return deck if deck is not None else said("your deck")


async def deck_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The structure decks and the user's saved decks (``random`` too where one is played)."""
    rt = runtime_of(interaction.client)
    text = current.casefold()
    return [app_commands.Choice(name=label[:100], value=value[:100])
            for value, label in labelled(await decks_of(rt).choices(interaction.user.id),
                                         reader(interaction))
            if text in label.casefold() or text in value.casefold()][:MAX_CHOICES]


async def card_choices(interaction: Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
    """The cards whose name, in the reader's language, contains what was typed."""
    text = current.casefold()
    lang = reader(interaction)
    named = sorted(((card_id, lang.say(name)) for card_id, name in
                    decks_of(runtime_of(interaction.client)).book.cards()),
                   key=lambda card: card[1].casefold())
    return [app_commands.Choice(name=name[:100], value=card_id)
            for card_id, name in named if text in name.casefold()][:MAX_CHOICES]


class DeckModal(discord.ui.Modal):
    """Paste a deck list or a deck code; with ``save`` it is also kept under a name."""

    def __init__(self, rt: Runtime, save: bool, lang: Language) -> None:
        """``lang``: the language of the person it opens for."""
        super().__init__(title=lang.say(said("Import a deck") if save else said("Check a deck")),
                         timeout=900)
        self.service = decks_of(rt)
        self.save = save
        self.lang = lang
        self.name: discord.ui.TextInput[DeckModal] = discord.ui.TextInput(
            label=lang.say(said("Name to save it under")), max_length=40, required=save)
        hint = self.service.book.paste_hint
        self.deck: discord.ui.TextInput[DeckModal] = discord.ui.TextInput(
            label=lang.say(said("Deck list or deck code")), style=discord.TextStyle.paragraph,
            max_length=LIST_MAX, placeholder=lang.say(hint) if hint is not None else None)
        if save:
            self.add_item(self.name)
        self.add_item(self.deck)

    async def on_submit(self, interaction: Interaction) -> None:
        service = self.service
        lang = reader(interaction)
        if self.save:
            view = await service.save(interaction.user.id, self.name.value, self.deck.value)
            head = lang.say(said("Saved as **{deck}**: choose it in a lobby of {game}.",
                                 deck=deck_name(view, lang), game=service.title)) + "\n"
        else:
            view, head = service.check(self.deck.value), ""
        await say(interaction, head + show_text(view, lang))

    async def on_error(self, interaction: Interaction, error: Exception,  # type: ignore[override]
                       /) -> None:
        """A refused deck is a private answer, like any command's error."""
        await explain(interaction, error, None)
