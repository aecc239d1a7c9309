"""What an event looks like on Discord: its name, the announcement with Join / Leave, the
pairings and the standings rows, in the language given. Texts only; the cog
(``cogs/tournaments.py``) sends them (public posts in the server's language, DMs and private
answers in their reader's).

The buttons are persistent: ``parlor:<event>:event:join|leave`` (the match slot of the id
carries the event), routed to the Tournaments cog by ``bot.discord.clicks``.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord.items import JOIN, LEAVE, buttons_view
from bot.engine import registry
from bot.engine.said import Value, said, said_n
from bot.events import Format, Standing, ai_parts, is_ai
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
from bot.words import Language

EVENT = "event"
"""The decision slot of an event's buttons."""
SCORES = {1.0: " · 1–0", 0.5: " · ½–½", 0.0: " · 0–1"}


def event_title(event: EventRecord, lang: Language) -> str:
    """How an event is named everywhere: ``Zura Swiss #3``."""
    return lang.say(said("{game} {format} #{number}", game=registry.get(event.game).title,
                         format=LABELS[Format(event.format)], number=str(event.id)))


def player_name(player: int, game: str, lang: Language) -> str:
    """A person as a mention; an AI entrant as ``AI 2 (normal)``."""
    if not is_ai(player):
        return f"<@{player}>"
    number, level = ai_parts(player)
    return lang.say(said("AI {number} ({level})", number=str(number),
                         level=registry.get(game).ai_levels[level]))


def event_view(event_id: int, lang: Language) -> discord.ui.View:
    return buttons_view(event_id, EVENT, (
        (JOIN, lang.say(said("Join")), discord.ButtonStyle.success),
        (LEAVE, lang.say(said("Leave")), discord.ButtonStyle.secondary)))


def announcement(event: EventRecord, entrants: Sequence[EntrantRecord],
                 lang: Language) -> str:
    """The event's post: what it is, when it starts, and who is in."""
    title, organiser = event_title(event, lang), f"<@{event.organiser_id}>"
    head = lang.say(said_n("**{event}** · organised by {organiser} · {n} round",
                           "**{event}** · organised by {organiser} · {n} rounds", event.rounds,
                           event=title, organiser=organiser) if event.rounds
                    else said("**{event}** · organised by {organiser} · rounds to suit the "
                              "entrants", event=title, organiser=organiser))
    if event.status == OPEN:
        when = (said("Starts {when}, or when the organiser starts it.",
                     when=f"<t:{int(event.starts_at)}:R>")
                if event.starts_at is not None
                else said("Starts when the organiser starts it (/tournament start)."))
    elif event.status == CANCELLED:
        when = said("This event was cancelled.")
    elif event.status == FINISHED:
        when = said("This event is over.")
    else:
        when = said("Under way: round {n}.", n=event.round)
    names = [player_name(e.user_id, event.game, lang) for e in entrants
             if e.dropped_at is None]
    who = (said("Entrants ({count}/{most}): {names}.", count=len(names),
                most=event.max_players, names=tuple(names)) if names
           else said("Entrants (0/{most}): nobody yet.", most=event.max_players))
    lines = [head, lang.say(when), lang.say(who)]
    if event.table_size > 2:
        lines.insert(1, lang.say(said(
            "Tables of {size}: everyone meets everyone, a pod at a time. A pod's winner "
            "scores 1 point and its last 0; in between, the share of the others you finished "
            "ahead of (a tie counts half).", size=event.table_size)))
    return "\n".join(lines)


def pairings_text(event: EventRecord, number: int, pairings: Sequence[PairingRecord],
                  lang: Language) -> str:
    lines = [lang.say(said("**{event}** · round {n}", event=event_title(event, lang),
                           n=number))]
    for p in pairings:
        first = player_name(p.first_id, event.game, lang)
        if p.seats:
            values: dict[str, Value] = {
                "table": str(p.table_no), "n": len(p.seats),
                "players": tuple(player_name(u, event.game, lang) for u in p.seats)}
            lines.append(lang.say(
                said("{table}. Table of {n}: {players}, in seat order; placed {places}.",
                     places="–".join(str(place) for place in p.places), **values)
                if p.places else
                said("{table}. Table of {n}: {players}, in seat order.", **values)))
            continue
        if p.second_id is None:
            lines.append(lang.say(said("{table}. {player} has a bye (a win).",
                                       table=str(p.table_no), player=first)))
            continue
        score = "" if p.score is None else SCORES[p.score]
        lines.append(lang.say(said("{table}. {first} (moves first) v {second}",
                                   table=str(p.table_no), first=first,
                                   second=player_name(p.second_id, event.game, lang)))
                     + score)
    return "\n".join(lines)


def pairing_dm(event: EventRecord, p: PairingRecord, user_id: int, thread_id: int | None,
               lang: Language) -> str:
    """The one DM each player gets for a round: who they play, who moves first, where."""
    where = (" " + lang.say(said("Your match: {thread}.", thread=f"<#{thread_id}>"))
             if thread_id is not None else "")
    if p.seats:
        pod = said("**{event}** · round {n}: you play {opponents} at a table of {count}. "
                   "{first} moves first.", event=event_title(event, lang), n=p.round,
                   opponents=tuple(player_name(u, event.game, lang) for u in p.seats
                                   if u != user_id),
                   count=len(p.seats), first=player_name(p.first_id, event.game, lang))
        return lang.say(pod) + where
    other = p.second_id if user_id == p.first_id else p.first_id
    assert other is not None
    values: dict[str, Value] = {"event": event_title(event, lang), "n": p.round,
              "opponent": player_name(other, event.game, lang)}
    head = said("**{event}** · round {n}: you play {opponent}. You move first.", **values) \
        if user_id == p.first_id \
        else said("**{event}** · round {n}: you play {opponent}. Your opponent moves first.",
                  **values)
    return lang.say(head) + where


def points_form(points: float) -> int:
    """The count that chooses a sentence's plural form for ``points`` (a whole number, or
    one that reads as "many" for halves)."""
    return int(points) if points == int(points) else 2


def standing_rows(table: Sequence[Standing], names: dict[int, str],
                  dropped: set[int]) -> list[StandingRow]:
    return [StandingRow(s.rank, names.get(s.player, str(s.player)), s.points,
                        s.buchholz_cut1, s.sonneborn_berger, s.player in dropped)
            for s in table]


def winners_text(event: EventRecord, table: Sequence[Standing], lang: Language) -> str:
    podium = [lang.say(said_n("{place} {player} ({points} point)",
                              "{place} {player} ({points} points)", points_form(s.points),
                              place=lang.ordinal(place),
                              player=player_name(s.player, event.game, lang), points=s.points))
              for place, s in zip((1, 2, 3), table, strict=False)]
    return lang.say(said("**{event}** is over.", event=event_title(event, lang))) + " " + \
        " · ".join(podium)
