"""Texts and buttons of /stats, /history, /replay and /undo: record lines, replay logs,
the undo request and its Agree / Refuse buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Final

import discord
from discord import app_commands

from bot.discord.items import buttons_view
from bot.discord.readers import reader
from bot.discord.runtime import code, match_title, mention, runtime_of
from bot.discord.suggest import MAX_CHOICES
from bot.engine import GameError
from bot.engine.said import Said, named, said, said_n
from bot.match import MatchInfo
from bot.match.ratings import ordinal, page
from bot.match.replay import Replay
from bot.match.results import ENDINGS, ending
from bot.match.undo import UndoAsked
from bot.store import CANCELLED, FINISHED, MatchRecord, RatingRecord, ResultRecord
from bot.words import Language

Interaction = discord.Interaction[Any]

UNDO: Final = "undo"
"""The custom-id slot of undo answers."""
YES, NO = "yes", "no"
PAGE_SIZE: Final = 10
"""Players on a leaderboard page."""


def guild_of(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise GameError(said("Ratings and history belong to a server: use this in one."))
    return interaction.guild_id


def when(t: float) -> str:
    return discord.utils.format_dt(datetime.fromtimestamp(t, UTC), "d")


def rating_text(row: RatingRecord, lang: Language) -> str:
    return lang.number(ordinal(row.mu, row.sigma), places=1)


def board_lines(title: str, rows: Sequence[RatingRecord], page_number: int,
                more: str, lang: Language) -> list[str]:
    """A leaderboard page in ``lang``: its title line, a line per player, and how to see the
    other pages (``more``: the command, which takes the page range as ``{pages}``)."""
    shown, pages = page(rows, page_number, PAGE_SIZE)
    lines = [lang.say(said("**{title}** · page {page} of {pages}", title=title,
                           page=min(page_number, pages), pages=pages))]
    lines += [lang.say(said_n("{rank}. {person} · {rating} · {n} rated match",
                              "{rank}. {person} · {rating} · {n} rated matches", row.matches,
                              rank=rank, person=mention(row.user_id),
                              rating=rating_text(row, lang)))
              for rank, row in shown]
    if pages > 1:
        lines.append(lang.say(said("More: {command}",
                                   command=code(more.format(pages=pages)))))
    return lines


def thread_link(record: MatchRecord) -> str:
    guild = record.guild_id if record.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{record.thread_id or record.channel_id}"


def standings(record: MatchRecord, result: ResultRecord, lang: Language) -> str:
    """"1st @a, 2nd AI 2" in placing order, in ``lang``."""
    order = sorted(range(len(result.placings)), key=lambda s: result.placings[s])
    return ", ".join(lang.say(said("{place} {person}", place=lang.ordinal(result.placings[s]),
                                   person=_who(record, s)))
                     for s in order if s < len(record.seats))


def _who(record: MatchRecord, seat: int) -> str | Said:
    user = record.seats[seat].user_id
    return f"<@{user}>" if user is not None else said("AI {seat}", seat=seat + 1)


def history_line(record: MatchRecord, result: ResultRecord, lang: Language) -> str:
    parts = [f"**{match_title(record.game, record.id)}**", when(result.finished_at),
             lang.say(ending(record.game, result.reason))]
    if record.status == FINISHED:
        parts.append(standings(record, result, lang))
    return " · ".join([*parts, thread_link(record)])


def undo_view(match_id: int, lang: Language) -> discord.ui.View:
    """Agree / Refuse in ``lang`` (the server's: under a thread post)."""
    return buttons_view(match_id, UNDO, (
        (YES, lang.say(said("Agree")), discord.ButtonStyle.success),
        (NO, lang.say(said("Refuse")), discord.ButtonStyle.danger)))


def asked_text(info: MatchInfo, asked: UndoAsked, lang: Language) -> str:
    return lang.say(said(
        "**{match}** · {person} asks to take back their last move (and anything played "
        "after it). Waiting for: {waiting}.", match=match_title(info.game, info.id),
        person=mention(asked.user_id), waiting=tuple(map(mention, asked.waiting_for))))


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
    lang = reader(interaction)
    for record, result in [*mine, *everyone]:
        how = ending(record.game, result.reason) if result is not None else ENDINGS[CANCELLED]
        label = lang.say(said("{match} · {ending}", match=match_title(record.game, record.id),
                              ending=how))
        if record.id not in seen and text in label.lower():
            seen.add(record.id)
            out.append(app_commands.Choice(name=label[:100], value=record.id))
    return out[:MAX_CHOICES]


def log_text(info: MatchInfo, replay: Replay, names: Sequence[str], lang: Language) -> str:
    """The replay's log file in ``lang``, people called by ``names`` as in the thread."""
    title = match_title(info.game, info.id)
    head = lang.say(said("{match} — replay", match=title) if replay.viewer is None else
                    said("{match} — replay with the cards of {person}", match=title,
                         person=names[replay.viewer]))
    # A file, not a message: the names go in as written, with no markdown to escape.
    return "\n".join([head, "", *(lang.say(named(line, names)) for line in replay.lines), ""])
