"""``/rules <game> [topic]``: the rules in the project's own words, with a diagram.

A topic's diagram is a real table: the first moment, in seeded games the AI plays against
itself, whose public view shows what the topic is about (``cogs.rulebook``). The search runs
once per game and process, off the event loop; the table is drawn by the usual renderer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator, Mapping
from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import Game, GameError, Rng, View, parse_options, play, registry
from cogs.delivery import Outgoing
from cogs.rulebook import TOPICS, Topic
from cogs.runtime import Runtime
from cogs.suggest import MAX_CHOICES, game_choices

log = logging.getLogger(__name__)

SEEDS: Final = range(1, 13)
"""Seeded AI games searched for a topic's moment (every shipped topic is found in these)."""

Moment = tuple[View, str]


def public_views(game: Game[Any], players: int, seed: int) -> Iterator[View]:
    """The public table after the deal and after each move of a seeded random-AI game."""
    state = game.setup(players, parse_options(game.options, {}), seed)
    rng = Rng(seed)
    yield game.view(state, None)
    for _ in range(game.max_steps):
        if game.result(state) is not None:
            return
        decision = game.pending(state)[0]
        action = game.ai_choose("random", game.view(state, decision.player), decision, rng)
        state, _ = play(game, state, decision.player, action)
        yield game.view(state, None)


def find_moments(game: Game[Any], topics: Mapping[str, Topic]) -> dict[str, Moment]:
    """For each topic with a ``shows`` test, the first public view passing it, and its
    caption; one pass over the seeded games serves every topic."""
    todo = {name: (t.shows, t.players) for name, t in topics.items() if t.shows is not None}
    found: dict[str, Moment] = {}
    for seed in SEEDS:
        for players in sorted({n for _, n in todo.values()}):
            for view in public_views(game, players, seed):
                for name, (shows, n) in list(todo.items()):
                    caption = shows(view) if n == players else None
                    if caption is not None:
                        found[name] = (view, caption)
                        del todo[name]
                if all(n != players for _, n in todo.values()):
                    break
        if not todo:
            break
    return found


class Rules(commands.Cog):
    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime
        self._moments: dict[str, asyncio.Task[dict[str, Moment]]] = {}

    async def moment(self, game: str, topic: str) -> Moment | None:
        """The topic's moment, searched once per game; a failed search (a bug in a game)
        is logged, the help goes out as text, and the next request searches again."""
        task = self._moments.get(game)
        if task is None:
            task = self._moments[game] = asyncio.create_task(asyncio.to_thread(
                find_moments, registry.get(game), TOPICS.get(game, {})))
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
        topics = TOPICS.get(game, {})
        if topic not in topics:
            known = ", ".join(topics) or "none yet"
            raise GameError(f"{title} has no rules topic `{topic}`. Topics: {known}.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        lines = [f"**{title} · {topic}**", topics[topic].text]
        image = None
        found = await self.moment(game, topic)
        if found is not None:
            view, caption = found
            image = await self.rt.delivery.images.board(view, ())
            if image is not None:
                lines.append(f"*Diagram: {caption}*")
        out = Outgoing("\n".join(lines), image, f"{game}-{topic}.png")
        await interaction.followup.send(ephemeral=True, **out.kwargs())

    @rules.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction[Any],
                      current: str) -> list[app_commands.Choice[str]]:
        topics = TOPICS.get(str(interaction.namespace.game), {})
        return [app_commands.Choice(name=t, value=t) for t in topics
                if current.lower() in t][:MAX_CHOICES]
