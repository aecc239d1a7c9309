"""``/rules <game> [topic]``: the rules in the project's own words and the reader's language,
with a diagram.

A topic's diagram is a real table: the first moment, in seeded games the AI plays against
itself, whose public view shows what the topic is about (``bot.discord.rulebook``). The search runs
once per game and process, in a worker process; the table is drawn by the usual renderer.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.readers import reader
from bot.discord.rulebook import Moment, moments_of, topics
from bot.discord.rulebook import title as topic_title
from bot.discord.runtime import Runtime
from bot.discord.shows import Outgoing
from bot.discord.suggest import MAX_CHOICES, game_choices
from bot.engine import GameError, registry
from bot.engine.said import said
from bot.engine.usertext import quoted

log = logging.getLogger(__name__)


class Rules(commands.Cog):
    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime
        self._moments: dict[str, asyncio.Task[dict[str, Moment]]] = {}

    async def moment(self, game: str, topic: str) -> Moment | None:
        """The topic's moment, searched once per game; a failed search (a bug in a game)
        is logged, the help goes out as text, and the next request searches again."""
        task = self._moments.get(game)
        if task is None:
            task = self._moments[game] = asyncio.create_task(
                self.rt.service.workers.run_or_thread(moments_of, registry.get(game)))
        try:
            return (await asyncio.shield(task)).get(topic)
        except Exception:  # the text still helps; the diagram is a bonus
            log.exception("rules diagrams for %s could not be found", game)
            self._moments.pop(game, None)
            return None

    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="Which game", topic="A part of the rules (default: overview)")
    @app_commands.autocomplete(game=game_choices)
    async def rules(self, interaction: discord.Interaction[Any], game: str,
                    topic: str = "overview") -> None:
        title = registry.get(game).title
        known = topics(game)
        if topic not in known:
            raise GameError(said("{game} has no rules topic {topic}. Topics: {topics}.",
                                 game=title, topic=quoted(topic), topics=tuple(known)))
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = reader(interaction)
        lines = [f"**{title} · {lang.say(topic_title(topic))}**", lang.say(known[topic].text)]
        image = None
        found = await self.moment(game, topic)
        if found is not None:
            view, caption = found
            image = await self.rt.delivery.images.board(view, (), lang.code)
            if image is not None:
                diagram = lang.say(said("Diagram: {caption}", caption=caption))
                lines.append(f"*{diagram}*")
        out = Outgoing("\n".join(lines), image, f"{game}-{topic}.png")
        for part in out.parts():
            await interaction.followup.send(ephemeral=True, **part)

    @rules.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction[Any],
                      current: str) -> list[app_commands.Choice[str]]:
        game = str(interaction.namespace.game)
        names = topics(game) if game in registry.names() else {}
        lang = reader(interaction)
        shown = {name: lang.say(topic_title(name)) for name in names}
        wanted = current.lower()
        return [app_commands.Choice(name=said_as, value=name) for name, said_as in shown.items()
                if wanted in name or wanted in said_as.lower()][:MAX_CHOICES]
