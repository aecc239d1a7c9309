"""The lobby post's and the /play reply's texts, kept true as the lobby changes, and the
/play variants parser, shared by the lobby, deck and match commands and the lobby buttons.
"""

from __future__ import annotations

import re
from typing import Any

from bot.discord.delivery import Delivery
from bot.discord.runtime import match_title
from bot.discord.shows import LOBBY as LOBBY_POST
from bot.engine import View, registry
from bot.match import MatchInfo
from bot.match.decks import deck_options, seat_decks
from bot.store import ACTIVE, CANCELLED, FINISHED, LOBBY

REPLY = "reply"
"""The kind of message record of the /play reply (edited as the lobby changes)."""


def lobby_text(info: MatchInfo, view: View | None = None) -> str:
    """The lobby post: who hosts, who sits where, the options that differ from the defaults;
    with the dealt table's ``view``, each seat's deck as dealt."""
    title = match_title(info.game, info.id)
    head = {
        LOBBY: f"**{title}** · lobby hosted by <@{info.host_id}> · "
               f"{info.min_players}–{info.max_players} players",
        ACTIVE: f"**{title}** has started.",
        FINISHED: f"**{title}** is over.",
        CANCELLED: f"**{title}** was cancelled.",
    }[info.status]
    decks = seat_decks(info, view)
    seats = [f"{s.seat + 1}. " + (f"AI ({s.ai_level})" if s.is_ai else f"<@{s.user_id}>")
             + (f" · {decks[s.seat]}" if s.seat in decks else "") for s in info.seats]
    game = registry.get(info.game)
    shown_by_seat = deck_options(game)
    changed = [f"{spec.name}={info.options[spec.name]}" for spec in game.options
               if info.options.get(spec.name, spec.default) != spec.default
               and spec.name not in shown_by_seat]
    lines = [head, *seats]
    if changed:
        lines.append("Options: " + ", ".join(changed))
    if info.clock is not None:
        lines.append(f"Clock: {info.clock.describe()}")
    if info.undo:
        lines.append("Undo: a player may take a move back if everyone else agrees (/undo)")
    return "\n".join(lines)


def reply_text(info: MatchInfo) -> str:
    """The /play reply, true to the lobby's state: Join is offered only while a seat is free."""
    title = f"**{match_title(info.game, info.id)}**"
    where = f" in <#{info.thread_id}>" if info.thread_id is not None else ""
    if info.status == LOBBY:
        if len(info.seats) >= info.max_players:
            return f"{title} is open{where}: every seat is taken, so the host can press Start."
        return f"{title} is open{where}: press Join to take a seat."
    return {ACTIVE: f"{title} has started{where}.", FINISHED: f"{title} is over{where}.",
            CANCELLED: f"{title} was cancelled."}[info.status]


async def refresh(delivery: Delivery, info: MatchInfo, *, post: bool = True) -> None:
    """Keep what was said about the lobby true: its post (seats; ``post`` False when the
    caller edits it) and the /play reply (its state); a failed edit is logged, not raised."""
    if post:
        await delivery.edit_posts(info, LOBBY_POST, lobby_text(info))
    await delivery.edit_posts(info, REPLY, reply_text(info))


def parse_variants(text: str) -> dict[str, Any]:
    """``advanced, beginner`` or ``name=value`` pairs; a bare name switches an option on."""
    raw: dict[str, Any] = {}
    for part in re.split(r"[,\s]+", text.strip()):
        if part:
            name, sep, value = part.partition("=")
            raw[name] = value if sep else "true"
    return raw
