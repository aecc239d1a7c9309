"""``/tournament``: Swiss, round robin and knockout events, run by ``bot.match.tournaments``.

The announcement is the reply to /tournament create, with Join / Leave buttons, edited as
entrants come and go. Rounds open from /tournament start and then from the clock
scheduler's pass (``tick``): each table's match gets its own thread, each player one DM
with their pairing, and the channel the round's pairings. One standings post (a picture,
the table in words as its alt text) is sent with the first results and edited after each;
the last round ends with a post naming the winners. The organiser may enter AI players
(/tournament ai, or /tournament start fill); they play through AI seats and get no DM. Posts
are in the server's language, answers and DMs in their reader's.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import customid as cid
from bot.discord.events import (
    announcement,
    event_title,
    event_view,
    pairing_dm,
    pairings_text,
    player_name,
    standing_rows,
    winners_text,
)
from bot.discord.items import JOIN, LEAVE
from bot.discord.readers import reader
from bot.discord.runtime import Runtime, match_title
from bot.discord.shows import Outgoing
from bot.discord.suggest import game_choices
from bot.engine.said import Said, said, said_n
from bot.engine.usertext import clean
from bot.events import is_ai
from bot.match import Outbound
from bot.match.clock import FORFEIT, HOUR, make_clock
from bot.match.errors import NotEntered, NotOrganiser
from bot.match.tournaments import EventService, EventUpdate
from bot.render.standings import standings_alt, standings_png
from bot.store.events import EventRecord

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
QUIET = discord.AllowedMentions.none()
ROUND_HOURS = {"live": 1.0, "standard": 24.0, "async": 7 * 24.0}
"""A round's default length per clock: time for the clock's ladder to decide a no-show."""
EVENT_HELP = "The event's number (shown in its announcement)"


class Tournaments(commands.Cog, name="Tournaments"):
    tournament = app_commands.Group(name="tournament", guild_only=True,
                                    description="Swiss, round robin and knockout events")

    def __init__(self, runtime: Runtime, events: EventService,
                 clock: Any = time.time) -> None:
        self.rt = runtime
        self.events = events
        self.clock = clock

    async def cog_unload(self) -> None:
        """Stop the AI-only tables being played off the pass (the next start plays on)."""
        await self.events.stop()

    async def tick(self) -> None:
        """The clock scheduler's turn for events: start times, finished rounds, deadlines."""
        for update in await self.events.tick():
            await self.deliver(update)

    # -- commands --------------------------------------------------------------------------

    @tournament.command(name="create", description="Announce an event; players join with "
                        "its button")
    @app_commands.describe(
        game="Which game", format="Swiss (default), round robin or "
        "knockout seeded by rating", rounds="Swiss rounds (default: enough for the entrants)",
        clock="Time per turn: live 2 min, standard 1 h, async 24 h; a no-show forfeits",
        round_hours="Hours a round runs before its deadline (default: by the clock)",
        best_of="Best of three (Auroria)", starts_in_hours="Start on its own this many "
        "hours from now (at most 60 days)", max_players="Most entrants",
        table_size="Round robin of Aura or Zura in pods of 3 or 4 (default: two a table)")
    @app_commands.autocomplete(game=game_choices)
    async def create(self, interaction: Interaction, game: str,
                     format: Literal["swiss", "round_robin", "single_elimination"] = "swiss",
                     rounds: app_commands.Range[int, 1, 20] | None = None,
                     clock: Literal["live", "standard", "async"] = "async",
                     round_hours: app_commands.Range[float, 0.1, 1440.0] | None = None,
                     best_of: Literal[1, 3] = 1,
                     starts_in_hours: app_commands.Range[float, 0.0, 2000.0] | None = None,
                     max_players: app_commands.Range[int, 2, 512] | None = None,
                     table_size: Literal[2, 3, 4] = 2) -> None:
        assert interaction.guild_id is not None
        await self._require_organiser(interaction, interaction.guild_id)
        starts_at = (None if starts_in_hours is None
                     else self.clock() + starts_in_hours * HOUR)
        event = await self.events.create(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            organiser_id=interaction.user.id, game=game, form=format, rounds=rounds,
            clock=make_clock(clock, absent=FORFEIT),
            round_seconds=(round_hours or ROUND_HOURS[clock]) * HOUR, best_of=best_of,
            starts_at=starts_at, max_players=max_players, table_size=table_size)
        lang = await self.rt.readers.of_server(event.guild_id)
        await interaction.response.send_message(announcement(event, [], lang),
                                                view=event_view(event.id, lang),
                                                allowed_mentions=QUIET)
        message = await interaction.original_response()
        await self.events.events.set_message(event.id, message.id)

    @tournament.command(name="role", description="Let a role organise events (besides "
                        "Manage Events); without a role, only Manage Events")
    @app_commands.describe(role="Who may organise events (leave out to clear)")
    async def role(self, interaction: Interaction, role: discord.Role | None = None) -> None:
        if not interaction.permissions.manage_guild:
            raise NotOrganiser(said("Choosing who organises events needs the Manage Server "
                                    "permission."))
        assert interaction.guild_id is not None
        await self.events.events.set_organiser_role(interaction.guild_id,
                                                    role.id if role else None)
        answer = (said("Members with {role} may now organise events.", role=f"<@&{role.id}>")
                  if role else said("Only members with Manage Events may organise events now."))
        await interaction.response.send_message(reader(interaction).say(answer),
                                                ephemeral=True, allowed_mentions=QUIET)

    async def _require_organiser(self, interaction: Interaction, guild_id: int) -> None:
        """Manage Events, or the role the server chose (``/tournament role``)."""
        if interaction.permissions.manage_events:
            return
        role = await self.events.events.organiser_role(guild_id)
        if role is not None and any(r.id == role for r in getattr(interaction.user, "roles",
                                                                  ())):
            return
        raise NotOrganiser(
            said("Creating an event needs the Manage Events permission or the {role} role.",
                 role=f"<@&{role}>") if role is not None
            else said("Creating an event needs the Manage Events permission."))

    @tournament.command(name="join", description="Enter an event that has not started")
    @app_commands.describe(event=EVENT_HELP)
    async def join(self, interaction: Interaction, event: int) -> None:
        await self._join(interaction, event)

    @tournament.command(name="leave", description="Leave an event (after the start: drop "
                        "out; your finished games stand)")
    @app_commands.describe(event=EVENT_HELP)
    async def leave(self, interaction: Interaction, event: int) -> None:
        await self._leave(interaction, event)

    @tournament.command(name="remove", description="Take a player out of your event")
    @app_commands.describe(event=EVENT_HELP, player="Who", ai="Or which AI entrant (its "
                           "number: 2 for AI 2)")
    async def remove(self, interaction: Interaction, event: int,
                     player: discord.User | None = None,
                     ai: app_commands.Range[int, 1, 512] | None = None) -> None:
        if (player is None) == (ai is None):
            raise NotEntered(said("Name one player or one AI entrant to take out."))
        found = await self.events.get(event)
        who = player.id if player is not None else \
            await self.events.ai_entrant(event, ai or 0)
        outbound = await self.events.remove(event, interaction.user.id, who)
        await self._answer(interaction, event, outbound, said(
            "{player} is out of {event}.",
            player=player_name(who, found.game, reader(interaction))))

    @tournament.command(name="ai", description="Enter AI players in your event before it "
                        "starts")
    @app_commands.describe(event=EVENT_HELP, count="How many (default: one for every seat "
                           "left)", level="How they play: random, normal or strong")
    async def ai(self, interaction: Interaction, event: int,
                 count: app_commands.Range[int, 1, 512] | None = None,
                 level: Literal["random", "normal", "strong"] = "normal") -> None:
        added = await self.events.add_ai(event, interaction.user.id, level, count)
        found = await self.events.get(event)
        lang = reader(interaction)
        await interaction.response.send_message(lang.say(said_n(
            "{n} AI player joins {event}.", "{n} AI players join {event}.", len(added),
            event=event_title(found, lang))), ephemeral=True)
        await self.refresh(found)

    @tournament.command(name="start", description="Pair round one of your event now")
    @app_commands.describe(event=EVENT_HELP, fill="Give every seat left (up to the most "
                           "entrants) to an AI player of this level")
    async def start(self, interaction: Interaction, event: int,
                    fill: Literal["random", "normal", "strong"] | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await self.events.start(event, interaction.user.id, fill)
        await self.deliver(update)
        lang = reader(interaction)
        await interaction.followup.send(lang.say(said(
            "{event} has started: round 1 is paired.", event=event_title(update.event, lang))),
            ephemeral=True)

    @tournament.command(name="cancel", description="Call your event off")
    @app_commands.describe(event=EVENT_HELP)
    async def cancel(self, interaction: Interaction, event: int) -> None:
        outbound = await self.events.cancel(event, interaction.user.id)
        await self._answer(interaction, event, outbound, said("{event} is cancelled."))

    @tournament.command(name="standings", description="An event's table, with its "
                        "tie-breaks")
    @app_commands.describe(event=EVENT_HELP)
    async def standings(self, interaction: Interaction, event: int) -> None:
        found = await self.events.get(event)
        await interaction.response.defer(thinking=True)
        await interaction.followup.send(**(await self._standings(found)).parts()[0],
                                        allowed_mentions=QUIET)

    @tournament.command(name="pairings", description="An event's pairings (default: the "
                        "current round)")
    @app_commands.describe(event=EVENT_HELP, round="Which round")
    async def pairings(self, interaction: Interaction, event: int,
                       round: app_commands.Range[int, 1, 600] | None = None) -> None:
        found = await self.events.get(event)
        number = round or found.round
        shown = await self.events.pairings(event, number) if number else []
        lang = await self.rt.readers.of_server(found.guild_id)
        text = (pairings_text(found, number, shown, lang) if shown
                else lang.say(said("{event} has no pairings for that round yet.",
                                   event=event_title(found, lang))))
        await interaction.response.send_message(text, allowed_mentions=QUIET)

    # -- buttons ---------------------------------------------------------------------------

    async def click(self, interaction: Interaction, c: cid.CustomId) -> None:
        """Join or Leave under an announcement (``c.match`` holds the event)."""
        if c.verb == JOIN:
            await self._join(interaction, c.match)
        elif c.verb == LEAVE:
            await self._leave(interaction, c.match)
        else:
            raise cid.BadCustomId(f"unknown event verb {c.verb}")

    async def _join(self, interaction: Interaction, event_id: int) -> None:
        event = await self.events.join(event_id, interaction.user.id)
        lang = reader(interaction)
        await interaction.response.send_message(
            lang.say(said("You are in {event}.", event=event_title(event, lang))),
            ephemeral=True)
        await self.refresh(event)

    async def _leave(self, interaction: Interaction, event_id: int) -> None:
        outbound = await self.events.leave(event_id, interaction.user.id)
        await self._answer(interaction, event_id, outbound, said("You have left {event}."))

    async def _answer(self, interaction: Interaction, event_id: int,
                      outbound: list[Outbound], sentence: Said) -> None:
        """The private answer (``sentence`` with the event's name as ``{event}``), then what
        the change sends (a resigned game's table) and the announcement brought up to
        date."""
        event = await self.events.get(event_id)
        lang = reader(interaction)
        await interaction.response.send_message(
            lang.say(sentence.with_values(event=event_title(event, lang))), ephemeral=True,
            allowed_mentions=QUIET)
        await self.rt.delivery.deliver(outbound)
        await self.refresh(event)

    # -- sending ---------------------------------------------------------------------------

    async def deliver(self, update: EventUpdate) -> None:
        """Threads and DMs for the tables opened, the round's pairings, the final table."""
        event = update.event
        channel = await self._channel(event)
        lang = await self.rt.readers.of_server(event.guild_id)
        for table in update.opened:
            thread = await self._thread(channel, event, table.match_id)
            if thread is not None:
                await self.rt.service.set_thread(table.match_id, thread.id)
            await self.rt.delivery.deliver(table.outbound)
            info = await self.rt.service.info(table.match_id)
            pairing = table.pairing()
            for user in pairing.players():
                if is_ai(user):
                    continue
                text = pairing_dm(event, pairing, user, info.thread_id,
                                  await self.rt.readers.of_user(user))
                await self.rt.delivery.dm(info, user, [Outgoing(text)])
        if channel is not None and update.round_opened is not None:
            shown = await self.events.pairings(event.id, update.round_opened)
            await self._send(channel, Outgoing(pairings_text(event, update.round_opened,
                                                             shown, lang)))
        if channel is not None and update.finished:
            final = await self.events.standings(event.id)
            await self._send(channel, Outgoing(winners_text(event, final, lang)))
        if channel is not None and (update.scored or update.finished):
            await self.show_standings(channel, event)
        await self.refresh(event)

    async def show_standings(self, channel: Any, event: EventRecord) -> None:
        """The event's one standings post: sent with the first results, edited after."""
        out = await self._standings(event)
        (kwargs,) = out.parts()
        if event.standings_id is not None:
            try:
                await channel.get_partial_message(event.standings_id).edit(
                    content=kwargs["content"], attachments=[kwargs["file"]],
                    allowed_mentions=QUIET)
                return
            except discord.HTTPException as exc:
                log.warning("event %s: could not edit its standings (%s); posting anew",
                            event.id, exc)
            (kwargs,) = out.parts()  # a file is sent once: a fresh one
        try:
            message = await channel.send(allowed_mentions=QUIET, **kwargs)
        except discord.HTTPException as exc:
            log.warning("event %s: could not post its standings (%s)", event.id, exc)
            return
        await self.events.events.set_standings_message(event.id, message.id)

    async def refresh(self, event: EventRecord) -> None:
        """Bring the announcement up to date (entrants, status); a failure is logged."""
        channel = await self._channel(event)
        if channel is None or event.message_id is None:
            return
        entrants = await self.events.events.entrants(event.id)
        lang = await self.rt.readers.of_server(event.guild_id)
        try:
            await channel.get_partial_message(event.message_id).edit(
                content=announcement(event, entrants, lang), allowed_mentions=QUIET)
        except discord.HTTPException as exc:
            log.warning("event %s: could not edit its announcement (%s)", event.id, exc)

    async def _standings(self, event: EventRecord) -> Outgoing:
        table = await self.events.standings(event.id)
        entrants = await self.events.events.entrants(event.id)
        people = self.rt.delivery.people
        lang = await self.rt.readers.of_server(event.guild_id)
        names = {e.user_id: player_name(e.user_id, event.game, lang) if is_ai(e.user_id)
                 else clean(await people.name(e.user_id, event.guild_id) or "")
                 or str(e.user_id) for e in entrants}
        rows = standing_rows(table, names, {e.user_id for e in entrants
                                            if e.dropped_at is not None})
        title = lang.say(said("{event} · standings", event=event_title(event, lang)))
        subtitle = lang.say(said_n("After round {round} · {n} entrant",
                                   "After round {round} · {n} entrants", len(entrants),
                                   round=event.round))
        image = await asyncio.to_thread(standings_png, title, subtitle, rows, lang)
        alt = standings_alt(title, rows, lang)
        return Outgoing(f"**{title}**", image, "standings.png", alt=alt[:1024])

    async def _channel(self, event: EventRecord) -> Any:
        if event.channel_id is None:
            return None
        client = self.rt.delivery.client
        found = client.get_channel(event.channel_id)
        if found is None:
            try:
                found = await client.fetch_channel(event.channel_id)
            except discord.HTTPException as exc:
                log.warning("event %s: its channel is gone (%s)", event.id, exc)
                return None
        return found

    async def _thread(self, channel: Any, event: EventRecord,
                      match_id: int) -> discord.Thread | None:
        settings = await self.rt.store.get_guild_settings(event.guild_id)
        if not settings.use_threads or not isinstance(channel, discord.TextChannel):
            return None
        try:
            return await channel.create_thread(
                name=match_title(event.game, match_id),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=1440)
        except discord.HTTPException as exc:
            log.warning("match %s: no thread (%s); playing in the channel", match_id, exc)
            return None

    @staticmethod
    async def _send(channel: Any, out: Outgoing) -> None:
        try:
            for kwargs in out.parts():
                await channel.send(allowed_mentions=QUIET, **kwargs)
        except discord.HTTPException as exc:
            log.warning("could not post in channel %s (%s)", channel.id, exc)
