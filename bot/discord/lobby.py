"""The lobby post's and the /play reply's texts, kept true as the lobby changes, and the
/play variants parser, shared by the lobby, deck and match commands and the lobby buttons.
"""

from __future__ import annotations

import re
from typing import Any

from bot.discord.clock import clock_words
from bot.discord.delivery import Delivery
from bot.discord.runtime import match_title
from bot.discord.shows import LOBBY as LOBBY_POST
from bot.engine import View, registry
from bot.engine.said import said
from bot.match import MatchInfo
from bot.match.decks import deck_options, seat_decks
from bot.store import ACTIVE, CANCELLED, FINISHED, LOBBY
from bot.words import Language

REPLY = "reply"
"""The kind of message record of the /play reply (edited as the lobby changes)."""


def lobby_text(info: MatchInfo, lang: Language, view: View | None = None) -> str:
    """The lobby post in ``lang``: who hosts, who sits where, the options that differ from
    the defaults; with the dealt table's ``view``, each seat's deck as dealt."""
    title, host = match_title(info.game, info.id), f"<@{info.host_id}>"
    head = lang.say({
        LOBBY: said("**{match}** · lobby hosted by {host} · {low}–{high} players", match=title,
                    host=host, low=info.min_players, high=info.max_players),
        ACTIVE: said("**{match}** has started.", match=title),
        FINISHED: said("**{match}** is over.", match=title),
        CANCELLED: said("**{match}** was cancelled.", match=title),
    }[info.status])
    decks = seat_decks(info, view)
    seats = [f"{s.seat + 1}. "
             + (lang.say(said("AI ({level})", level=level_name(str(s.ai_level), lang))) if s.is_ai
                else f"<@{s.user_id}>")
             + (f" · {lang.say(decks[s.seat])}" if s.seat in decks else "") for s in info.seats]
    game = registry.get(info.game)
    shown_by_seat = deck_options(game)
    changed = [f"{spec.name}={info.options[spec.name]}" for spec in game.options
               if info.options.get(spec.name, spec.default) != spec.default
               and spec.name not in shown_by_seat]
    lines = [head, *seats]
    if changed:
        lines.append(lang.say(said("Options: {options}", options=", ".join(changed))))
    if info.clock is not None:
        lines.append(lang.say(said("Clock: {clock}", clock=clock_words(info.clock, lang))))
    if info.undo:
        lines.append(lang.say(said(
            "Undo: a player may take a move back if everyone else agrees (/undo)")))
    return "\n".join(lines)


LEVELS = {"random": said("random"), "normal": said("normal"), "strong": said("strong")}
"""The AI levels in words (the games' ``ai_levels`` are identifiers)."""


def level_name(level: str, lang: Language) -> str:
    """An AI level as a person reads it in ``lang`` (an unknown one as it is)."""
    word = LEVELS.get(level)
    return lang.say(word) if word is not None else level


def reply_text(info: MatchInfo, lang: Language) -> str:
    """The /play reply in ``lang``, true to the lobby's state: Join is offered only while a
    seat is free."""
    title = match_title(info.game, info.id)
    if info.thread_id is None:
        return lang.say({
            LOBBY: said("**{match}** is open: press Join to take a seat.", match=title)
            if len(info.seats) < info.max_players else
            said("**{match}** is open: every seat is taken, so the host can press Start.",
                 match=title),
            ACTIVE: said("**{match}** has started.", match=title),
            FINISHED: said("**{match}** is over.", match=title),
            CANCELLED: said("**{match}** was cancelled.", match=title)}[info.status])
    thread = f"<#{info.thread_id}>"
    return lang.say({
        LOBBY: said("**{match}** is open in {thread}: press Join to take a seat.",
                    match=title, thread=thread)
        if len(info.seats) < info.max_players else
        said("**{match}** is open in {thread}: every seat is taken, so the host can press "
             "Start.", match=title, thread=thread),
        ACTIVE: said("**{match}** has started in {thread}.", match=title, thread=thread),
        FINISHED: said("**{match}** is over in {thread}.", match=title, thread=thread),
        CANCELLED: said("**{match}** was cancelled.", match=title)}[info.status])


async def lobby_post(delivery: Delivery, info: MatchInfo, view: View | None = None) -> str:
    """The lobby post's text in the server's language (``lobby_text``)."""
    return lobby_text(info, await delivery.readers.of_server(info.guild_id), view)


async def refresh(delivery: Delivery, info: MatchInfo, *, post: bool = True) -> None:
    """Keep what was said about the lobby true: its post (seats; ``post`` False when the
    caller edits it) and the /play reply (its state), in the server's language; a failed
    edit is logged, not raised."""
    lang = await delivery.readers.of_server(info.guild_id)
    if post:
        await delivery.edit_posts(info, LOBBY_POST, lobby_text(info, lang))
    await delivery.edit_posts(info, REPLY, reply_text(info, lang))


def parse_variants(text: str) -> dict[str, Any]:
    """``advanced, beginner`` or ``name=value`` pairs; a bare name switches an option on."""
    raw: dict[str, Any] = {}
    for part in re.split(r"[,\s]+", text.strip()):
        if part:
            name, sep, value = part.partition("=")
            raw[name] = value if sep else "true"
    return raw
