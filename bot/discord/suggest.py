"""Autocomplete shared by several commands: games and the user's own matches."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.readers import reader
from bot.discord.runtime import Runtime, match_title, runtime_of
from bot.engine import GameError, registry
from bot.engine.said import said
from bot.match import MatchInfo
from bot.store import ACTIVE, CANCELLED, FINISHED, LOBBY
from bot.words import Language

MAX_CHOICES = 25
MATCH_HELP = "Which match (default: this thread's, else the one waiting for you)"


async def game_choices(interaction: discord.Interaction[Any],
                       current: str) -> list[app_commands.Choice[str]]:
    text = current.lower()
    out = []
    for name in registry.names():
        title = registry.get(name).title
        if text in name or text in title.lower():
            out.append(app_commands.Choice(name=title, value=name))
    return out[:MAX_CHOICES]


STATES = {LOBBY: said("lobby"), ACTIVE: said("running"), FINISHED: said("over"),
          CANCELLED: said("cancelled")}
"""A match's state in words (the store's are identifiers)."""


def match_label(info: MatchInfo, user_id: int, lang: Language) -> str:
    """``Zura #12 · your move`` in ``lang``."""
    state = (said("your move") if info.must_act(user_id)
             else STATES.get(info.status, said("unknown")))
    return f"{match_title(info.game, info.id)} · {lang.say(state)}"


async def match_choices(interaction: discord.Interaction[Any],
                        current: str) -> list[app_commands.Choice[int]]:
    """The user's lobbies and running matches, those waiting for them first."""
    infos = await runtime_of(interaction.client).service.matches_of(interaction.user.id)
    text = current.lower().lstrip("#")
    lang = reader(interaction)
    labels = [(i, match_label(i, interaction.user.id, lang)) for i in infos]
    return [app_commands.Choice(name=label[:100], value=i.id)
            for i, label in labels if text in label.lower()][:MAX_CHOICES]


async def pick_match(rt: Runtime, interaction: discord.Interaction[Any],
                     match: int | None) -> int:
    """The match meant: the one named, this thread's (whoever asks: a spectator there is
    told they are not seated), or the user's most urgent one."""
    if match is not None:
        return match
    mine = await rt.service.matches_of(interaction.user.id)
    for info in mine:
        if info.thread_id is not None and info.thread_id == interaction.channel_id:
            return info.id
    if interaction.channel_id is not None:
        here = await rt.store.matches_in_channel(interaction.channel_id, (ACTIVE, FINISHED))
        if here and here[-1].thread_id == interaction.channel_id:
            return here[-1].id
    running = [i for i in mine if i.status == ACTIVE]
    if not running:
        raise GameError(said("You are not playing any match right now. Start one with /play."))
    return running[0].id
