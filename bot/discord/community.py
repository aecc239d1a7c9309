"""Texts and buttons of /stats, /history, /replay and /undo: record lines, replay logs,
the undo request and its Agree / Refuse buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Final

import discord
from discord import app_commands

from bot.discord.delivery import ordinal as nth
from bot.discord.items import buttons_view
from bot.discord.runtime import match_title, runtime_of
from bot.discord.suggest import MAX_CHOICES
from bot.engine import GameError
from bot.engine.names import with_names
from bot.match import MatchInfo
from bot.match.ratings import ordinal, page
from bot.match.replay import Replay
from bot.match.results import ending
from bot.match.undo import UndoAsked
from bot.store import CANCELLED, FINISHED, MatchRecord, RatingRecord, ResultRecord

Interaction = discord.Interaction[Any]

UNDO: Final = "undo"
"""The custom-id slot of undo answers."""
YES, NO = "yes", "no"
PAGE_SIZE: Final = 10
"""Players on a leaderboard page."""


def guild_of(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise GameError("Ratings and history belong to a server: use this in one.")
    return interaction.guild_id


def when(t: float) -> str:
    return discord.utils.format_dt(datetime.fromtimestamp(t, UTC), "d")


def rating_text(row: RatingRecord) -> str:
    return f"{ordinal(row.mu, row.sigma):.1f}"


def board_lines(title: str, rows: Sequence[RatingRecord], page_number: int,
                more: str) -> list[str]:
    """A leaderboard page: its title line, a line per player, and how to see the other
    pages (``more`` takes the page range, as ``{pages}``)."""
    shown, pages = page(rows, page_number, PAGE_SIZE)
    lines = [f"**{title}** · page {min(page_number, pages)} of {pages}"]
    lines += [f"{rank}. <@{row.user_id}> · {rating_text(row)} · {row.matches} rated "
              f"match{'es' * (row.matches != 1)}" for rank, row in shown]
    if pages > 1:
        lines.append(more.format(pages=pages))
    return lines


def thread_link(record: MatchRecord) -> str:
    guild = record.guild_id if record.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{record.thread_id or record.channel_id}"


def standings(record: MatchRecord, result: ResultRecord) -> str:
    """"1st @a, 2nd AI 2" in placing order."""
    order = sorted(range(len(result.placings)), key=lambda s: result.placings[s])
    return ", ".join(f"{nth(result.placings[s])} {_who(record, s)}" for s in order
                     if s < len(record.seats))


def _who(record: MatchRecord, seat: int) -> str:
    user = record.seats[seat].user_id
    return f"<@{user}>" if user is not None else f"AI {seat + 1}"


def history_line(record: MatchRecord, result: ResultRecord) -> str:
    parts = [f"**{match_title(record.game, record.id)}**", when(result.finished_at),
             ending(record.game, result.reason)]
    if record.status == FINISHED:
        parts.append(standings(record, result))
    return " · ".join([*parts, thread_link(record)])


def undo_view(match_id: int) -> discord.ui.View:
    return buttons_view(match_id, UNDO, ((YES, "Agree", discord.ButtonStyle.success),
                                         (NO, "Refuse", discord.ButtonStyle.danger)))


def asked_text(info: MatchInfo, asked: UndoAsked) -> str:
    waiting = ", ".join(f"<@{u}>" for u in asked.waiting_for)
    return (f"**{match_title(info.game, info.id)}** · <@{asked.user_id}> asks to take back "
            f"their last move (and anything played after it). Waiting for: {waiting}.")


async def closed_choices(interaction: Interaction,
                         current: str) -> list[app_commands.Choice[int]]:
    """The server's recent closed matches, the user's first."""
    if interaction.guild_id is None:
        return []
    store = runtime_of(interaction.client).store
    mine = await store.closed_matches(interaction.guild_id, user_id=interaction.user.id,
                                      limit=MAX_CHOICES)
    everyone = await store.closed_matches(interaction.guild_id, limit=MAX_CHOICES)
    seen: set[int] = set()
    out = []
    text = current.lower().lstrip("#")
    for record, result in [*mine, *everyone]:
        label = f"{match_title(record.game, record.id)} · " + (
            ending(record.game, result.reason) if result is not None else CANCELLED)
        if record.id not in seen and text in label.lower():
            seen.add(record.id)
            out.append(app_commands.Choice(name=label[:100], value=record.id))
    return out[:MAX_CHOICES]


def log_text(info: MatchInfo, replay: Replay, names: Sequence[str]) -> str:
    """The replay's log file, people called by ``names`` as in the thread."""
    head = f"{match_title(info.game, info.id)} — replay"
    if replay.viewer is not None:
        head += f" with the cards of {names[replay.viewer]}"
    return "\n".join([head, "", *(with_names(line, names) for line in replay.lines), ""])
