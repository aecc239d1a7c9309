"""The lobby post's text and the /play variants parser, shared by the lobby, deck and
match commands and the lobby buttons.
"""

from __future__ import annotations

import re
from typing import Any

from bot.discord.runtime import match_title
from bot.engine import registry
from bot.match import MatchInfo
from bot.match.decks import deck_options, seat_decks
from bot.store import ACTIVE, CANCELLED, FINISHED, LOBBY


def lobby_text(info: MatchInfo) -> str:
    """The lobby post: who hosts, who sits where, the options that differ from the defaults."""
    title = match_title(info.game, info.id)
    head = {
        LOBBY: f"**{title}** · lobby hosted by <@{info.host_id}> · "
               f"{info.min_players}–{info.max_players} players",
        ACTIVE: f"**{title}** has started.",
        FINISHED: f"**{title}** is over.",
        CANCELLED: f"**{title}** was cancelled.",
    }[info.status]
    decks = seat_decks(info)
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


def parse_variants(text: str) -> dict[str, Any]:
    """``advanced, beginner`` or ``name=value`` pairs; a bare name switches an option on."""
    raw: dict[str, Any] = {}
    for part in re.split(r"[,\s]+", text.strip()):
        if part:
            name, sep, value = part.partition("=")
            raw[name] = value if sep else "true"
    return raw
