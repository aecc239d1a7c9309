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
from bot.match import MatchInfo
from bot.match.clock import AI, duration, time_left
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

Interaction = discord.Interaction[Any]

CLOCK: Final = "clock"
"""The custom-id slot of clock buttons: ``parlor:<match>:clock:<verb>``."""
PAUSE, RESUME, BACK = "pause", "resume", "back"


def when(t: float, style: Literal["R", "f"] = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone, kept current."""
    return discord.utils.format_dt(datetime.fromtimestamp(t, UTC), style)


def clock_note(info: MatchInfo, user_id: int) -> str:
    """How the clock stands for the user, for /match list and /match info ("" untimed)."""
    if info.clock is None or info.status != ACTIVE:
        return ""
    if info.paused:
        return "clocks paused"
    deadline = info.deadline_for(user_id)
    if deadline is None:
        return ""
    if deadline.held_at is not None:
        return f"clock stopped ({duration(time_left(deadline, deadline.held_at))} left)"
    return f"due {when(deadline.due_at)}"


def clock_view(match_id: int, verb: str, label: str,
               style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ParlorButton.make(cid.CustomId(match_id, CLOCK, verb).encode(), label, style))
    return view


def words(info: MatchInfo, notice: Notice) -> tuple[Outgoing, bool]:
    """A notice as a thread post, and whether it may ping the player it names."""
    title = f"**{match_title(info.game, info.id)}**"
    match notice:
        case Reminder(user_id=user, due_at=due):
            return Outgoing(f"<@{user}>, half your time in {title} is gone: your move is due "
                            f"{when(due)}. Press **My hand** under the latest board."), True
        case LastCall(user_id=user, due_at=due):
            return Outgoing(f"⏳ <@{user}>, your move in {title} is due {when(due)}; then the "
                            "AI moves for you."), True
        case Autopiloted(user_id=user, streak=streak, limit=limit, then=None):
            return Outgoing(f"⌛ Time ran out for <@{user}>, so the AI played their turn "
                            f"({streak} of {limit} missed turns in a row before it keeps the "
                            "seat)."), True
        case Autopiloted(match_id=match_id, user_id=user, streak=streak, then=then) if then == AI:
            return Outgoing(
                f"⌛ Time ran out for <@{user}> {streak} turns in a row, so the AI plays their "
                "seat from now on. Press **Take my seat back** to play again.",
                view=clock_view(match_id, BACK, "Take my seat back",
                                discord.ButtonStyle.primary)), True
        case Autopiloted(user_id=user, streak=streak):
            return Outgoing(f"⌛ Time ran out for <@{user}> {streak} turns in a row, so they "
                            "forfeit; the AI finishes their seat."), True
        case SeatTakenBack(user_id=user):
            return Outgoing(f"<@{user}> takes their seat back from the AI."), False
        case PauseVote(match_id=match_id, user_id=user, pause=pause, votes=votes,
                       needed=needed):
            what, verb = ("pause", PAUSE) if pause else ("restart", RESUME)
            return Outgoing(f"<@{user}> votes to {what} the clocks of {title} ({votes} of "
                            f"{needed} votes). Agree with the button or /{verb}.",
                            view=clock_view(match_id, verb, f"{what.capitalize()} too")), False
        case PauseChanged(match_id=match_id, paused=True):
            return Outgoing(f"⏸️ The clocks of {title} are paused by vote; moves can still be "
                            "made. Vote to restart them with the button or /resume.",
                            view=clock_view(match_id, RESUME, "Restart the clocks")), False
        case PauseChanged():
            return Outgoing(f"▶️ The clocks of {title} run again."), False
        case AwayChanged(user_id=user, until=None, used_up=used_up):
            if used_up:
                return Outgoing(f"<@{user}>'s time away is used up: their clock in {title} "
                                "runs again."), True
            return Outgoing(f"<@{user}> is back: their clock in {title} runs again."), False
        case AwayChanged(user_id=user, until=until):
            assert until is not None
            return Outgoing(f"<@{user}> is away until {when(until, 'f')}: their clock in "
                            f"{title} stands still."), False
        case NoAwayLeft(user_id=user):
            return Outgoing(f"<@{user}> has no time away left in {title}."), False
    raise AssertionError(f"no words for {notice!r}")
