"""Clock texts and buttons: the notices of ``bot.match.notices`` as thread posts, a
clock's state for /match, and the pause / take-back buttons.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Final, Literal

import discord

from bot.discord import customid as cid
from bot.discord.items import ParlorButton
from bot.discord.runtime import match_title
from bot.discord.shows import Outgoing
from bot.engine.said import Said, said, said_n
from bot.match import MatchInfo
from bot.match.clock import AI, MatchClock, time_left
from bot.match.notices import (
    Autopiloted,
    AwayChanged,
    LastCall,
    NoAwayLeft,
    Notice,
    PauseChanged,
    PauseVote,
    Reminder,
    SeatTakenBack,
)
from bot.store import ACTIVE
from bot.words import Language

Interaction = discord.Interaction[Any]

CLOCK: Final = "clock"
"""The custom-id slot of clock buttons: ``parlor:<match>:clock:<verb>``."""
PAUSE, RESUME, BACK = "pause", "resume", "back"


def when(t: float, style: Literal["R", "f"] = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone, kept current."""
    return discord.utils.format_dt(datetime.fromtimestamp(t, UTC), style)


PRESETS: Final = {"live": said("live"), "standard": said("standard"), "async": said("async"),
                   "custom": said("custom")}
"""Each clock preset's name as a sentence says it."""


def clock_words(clock: MatchClock, lang: Language) -> str:
    """One line for lobby posts, /match info and /settings: the preset, the time per turn
    and what missed turns lead to."""
    preset = PRESETS.get(clock.preset, clock.preset)
    if clock.absent == AI:
        return lang.say(said_n(
            "{preset}, {time} per turn; after {n} missed turn in a row the AI takes the seat",
            "{preset}, {time} per turn; after {n} missed turns in a row the AI takes the seat",
            clock.autopilots, preset=preset, time=lang.span(clock.seconds)))
    return lang.say(said_n(
        "{preset}, {time} per turn; after {n} missed turn in a row the player forfeits",
        "{preset}, {time} per turn; after {n} missed turns in a row the player forfeits",
        clock.autopilots, preset=preset, time=lang.span(clock.seconds)))


def clock_note(info: MatchInfo, user_id: int, lang: Language) -> str:
    """How the clock stands for the user, for /match list and /match info ("" untimed)."""
    if info.clock is None or info.status != ACTIVE:
        return ""
    if info.paused:
        return lang.say(said("clocks paused"))
    deadline = info.deadline_for(user_id)
    if deadline is None:
        return ""
    if deadline.held_at is not None:
        return lang.say(said("clock stopped ({time} left)",
                             time=lang.span(time_left(deadline, deadline.held_at))))
    return lang.say(said("due {when}", when=when(deadline.due_at)))


def clock_view(match_id: int, verb: str, label: str,
               style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ParlorButton.make(cid.CustomId(match_id, CLOCK, verb).encode(), label, style))
    return view


def words(info: MatchInfo, notice: Notice, lang: Language) -> tuple[Outgoing, bool]:
    """A notice as a thread post in the server's language ``lang``, and whether it may ping
    the player it names."""
    title = match_title(info.game, info.id)

    def out(sentence: Said, view: discord.ui.View | None = None) -> Outgoing:
        return Outgoing(lang.say(sentence), view=view)

    match notice:
        case Reminder(user_id=user, due_at=due):
            return out(said("<@{user}>, half your time in **{match}** is gone: your move is due "
                            "{due}. Press **My hand** under the latest board.",
                            user=str(user), match=title, due=when(due))), True
        case LastCall(user_id=user, due_at=due):
            return out(said("⏳ <@{user}>, your move in **{match}** is due {due}; then the AI "
                            "moves for you.", user=str(user), match=title, due=when(due))), True
        case Autopiloted(user_id=user, streak=streak, limit=limit, then=None):
            return out(said_n("⌛ Time ran out for <@{user}>, so the AI played their turn "
                              "({streak} of {n} missed turn in a row before it keeps the "
                              "seat).",
                              "⌛ Time ran out for <@{user}>, so the AI played their turn "
                              "({streak} of {n} missed turns in a row before it keeps the "
                              "seat).", limit, user=str(user), streak=streak)), True
        case Autopiloted(match_id=match_id, user_id=user, streak=streak, then=then) if then == AI:
            return out(said_n("⌛ Time ran out for <@{user}> {n} turn in a row, so the AI plays "
                              "their seat from now on. Press **Take my seat back** to play "
                              "again.",
                              "⌛ Time ran out for <@{user}> {n} turns in a row, so the AI plays "
                              "their seat from now on. Press **Take my seat back** to play "
                              "again.", streak, user=str(user)),
                       clock_view(match_id, BACK, lang.say(said("Take my seat back")),
                                  discord.ButtonStyle.primary)), True
        case Autopiloted(user_id=user, streak=streak):
            return out(said_n("⌛ Time ran out for <@{user}> {n} turn in a row, so they forfeit; "
                              "the AI finishes their seat.",
                              "⌛ Time ran out for <@{user}> {n} turns in a row, so they "
                              "forfeit; the AI finishes their seat.", streak,
                              user=str(user))), True
        case SeatTakenBack(user_id=user):
            return out(said("<@{user}> takes their seat back from the AI.", user=str(user))), False
        case PauseVote(match_id=match_id, user_id=user, pause=pause, votes=votes,
                       needed=needed):
            if pause:
                return out(said("<@{user}> votes to pause the clocks of **{match}** ({votes} of "
                                "{needed} votes). Agree with the button or /pause.",
                                user=str(user), match=title, votes=votes, needed=needed),
                           clock_view(match_id, PAUSE, lang.say(said("Pause too")))), False
            return out(said("<@{user}> votes to restart the clocks of **{match}** ({votes} of "
                            "{needed} votes). Agree with the button or /resume.",
                            user=str(user), match=title, votes=votes, needed=needed),
                       clock_view(match_id, RESUME, lang.say(said("Restart too")))), False
        case PauseChanged(match_id=match_id, paused=True):
            return out(said("⏸️ The clocks of **{match}** are paused by vote; moves can still be "
                            "made. Vote to restart them with the button or /resume.",
                            match=title),
                       clock_view(match_id, RESUME, lang.say(said("Restart the clocks")))), False
        case PauseChanged():
            return out(said("▶️ The clocks of **{match}** run again.", match=title)), False
        case AwayChanged(user_id=user, until=None, used_up=used_up):
            if used_up:
                return out(said("<@{user}>'s time away is used up: their clock in **{match}** "
                                "runs again.", user=str(user), match=title)), True
            return out(said("<@{user}> is back: their clock in **{match}** runs again.",
                            user=str(user), match=title)), False
        case AwayChanged(user_id=user, until=until):
            assert until is not None
            return out(said("<@{user}> is away until {until}: their clock in **{match}** "
                            "stands still.", user=str(user), until=when(until, "f"),
                            match=title)), False
        case NoAwayLeft(user_id=user):
            return out(said("<@{user}> has no time away left in **{match}**.", user=str(user),
                            match=title)), False
    raise AssertionError(f"no words for {notice!r}")
