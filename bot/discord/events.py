"""What an event looks like on Discord: its name, the announcement with Join / Leave, the
pairings and the standings rows. Texts only; the cog (``cogs/tournaments.py``) sends them.

The buttons are persistent: ``parlor:<event>:event:join|leave`` (the match slot of the id
carries the event), routed to the Tournaments cog by ``bot.discord.clicks``.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord.items import JOIN, LEAVE, buttons_view
from bot.engine import registry
from bot.events import Format, Standing
from bot.events.formats import LABELS
from bot.render.standings import StandingRow
from bot.store.events import (
    CANCELLED,
    FINISHED,
    OPEN,
    EntrantRecord,
    EventRecord,
    PairingRecord,
)

EVENT = "event"
"""The decision slot of an event's buttons."""
SCORES = {1.0: " · 1–0", 0.5: " · ½–½", 0.0: " · 0–1"}


def event_title(event: EventRecord) -> str:
    """How an event is named everywhere: ``Zura Swiss #3``."""
    return f"{registry.get(event.game).title} {LABELS[Format(event.format)]} #{event.id}"


def event_view(event_id: int) -> discord.ui.View:
    return buttons_view(event_id, EVENT, ((JOIN, "Join", discord.ButtonStyle.success),
                                          (LEAVE, "Leave", discord.ButtonStyle.secondary)))


def announcement(event: EventRecord, entrants: Sequence[EntrantRecord]) -> str:
    """The event's post: what it is, when it starts, and who is in."""
    rounds = f"{event.rounds} rounds" if event.rounds else "rounds to suit the entrants"
    head = f"**{event_title(event)}** · organised by <@{event.organiser_id}> · {rounds}"
    if event.status == OPEN:
        when = (f"Starts <t:{int(event.starts_at)}:R>, or when the organiser starts it."
                if event.starts_at is not None
                else "Starts when the organiser starts it (/tournament start).")
    elif event.status == CANCELLED:
        when = "This event was cancelled."
    elif event.status == FINISHED:
        when = "This event is over."
    else:
        when = f"Under way: round {event.round}."
    names = ", ".join(f"<@{e.user_id}>" for e in entrants if e.dropped_at is None)
    count = sum(1 for e in entrants if e.dropped_at is None)
    who = f"Entrants ({count}/{event.max_players}): {names or 'nobody yet'}."
    return "\n".join((head, when, who))


def pairings_text(event: EventRecord, number: int, pairings: Sequence[PairingRecord]) -> str:
    lines = [f"**{event_title(event)}** · round {number}"]
    for p in pairings:
        if p.second_id is None:
            lines.append(f"{p.table_no}. <@{p.first_id}> has a bye (a win).")
            continue
        score = "" if p.score is None else SCORES[p.score]
        lines.append(f"{p.table_no}. <@{p.first_id}> (moves first) v <@{p.second_id}>{score}")
    return "\n".join(lines)


def pairing_dm(event: EventRecord, p: PairingRecord, user_id: int, thread_id: int | None
               ) -> str:
    """The one DM each player gets for a round: who they play, who moves first, where."""
    other = p.second_id if user_id == p.first_id else p.first_id
    first = "You move first." if user_id == p.first_id else "Your opponent moves first."
    where = f" Your match: <#{thread_id}>." if thread_id is not None else ""
    return (f"**{event_title(event)}** · round {p.round}: you play <@{other}>. {first}"
            f"{where}")


def standing_rows(table: Sequence[Standing], names: dict[int, str],
                  dropped: set[int]) -> list[StandingRow]:
    return [StandingRow(s.rank, names.get(s.player, str(s.player)), s.points,
                        s.buchholz_cut1, s.sonneborn_berger, s.player in dropped)
            for s in table]


def winners_text(event: EventRecord, table: Sequence[Standing]) -> str:
    podium = [f"{n}. <@{s.player}> ({s.points:g} points)" for n, s in
              zip(("1st", "2nd", "3rd"), table, strict=False)]
    return f"**{event_title(event)}** is over. " + " · ".join(podium)
