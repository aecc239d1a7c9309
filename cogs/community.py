"""What keeps a server playing: /stats, /leaderboard, /history, /replay and /undo.

Everything shown here comes from stored results, ratings and public views; a replay adds a
player's own cards only for that player, privately, once the match is over. Undo answers
are persistent buttons (``parlor:<match>:undo:yes|no``) routed here by ``bot.discord.clicks``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import customid as cid
from bot.discord.community import (
    NO,
    YES,
    asked_text,
    board_lines,
    closed_choices,
    guild_of,
    history_line,
    log_text,
    rating_text,
    undo_view,
)
from bot.discord.readers import reader
from bot.discord.replies import say
from bot.discord.runtime import Runtime, code, match_title, mention
from bot.discord.shows import Outgoing
from bot.discord.suggest import MATCH_HELP, game_choices, pick_match
from bot.engine import registry
from bot.engine.said import said
from bot.match import Outbound
from bot.match.ratings import standing
from bot.match.results import Record, records
from bot.match.seasons import Seasons
from bot.match.undo import UndoAsked, UndoDeclined
from bot.words import Language

HISTORY_LIMIT: Final = 10
LOG_NAME = "replay-{}.txt"
GIF_NAME = "replay-{}.gif"
QUIET = discord.AllowedMentions.none()

Interaction = discord.Interaction[Any]
UndoOut = Outbound | UndoAsked | UndoDeclined


class Community(commands.Cog):
    def __init__(self, runtime: Runtime, seasons: Seasons) -> None:
        self.rt = runtime
        self.seasons = seasons

    # -- ratings and records ---------------------------------------------------------------

    @app_commands.command(name="stats", description="A player's results and ratings here")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose (default: yours)", game="Only this game")
    @app_commands.autocomplete(game=game_choices)
    async def stats(self, interaction: Interaction, user: discord.User | None = None,
                    game: str | None = None) -> None:
        guild = guild_of(interaction)
        who = user or interaction.user
        if game is not None:
            registry.get(game)
        await interaction.response.defer()  # ratings may be brought up to date first
        lang = await self.rt.readers.of_server(guild)  # a public answer
        mine = records(who.id, await self.rt.store.closed_matches(guild, user_id=who.id,
                                                                  game=game))
        season = await self.seasons.current(guild)
        lines = [lang.say(
            said("**Results of {player} on this server** · season {number}",
                 player=mention(who.id), number=str(season.number)) if season is not None
            else said("**Results of {player} on this server**", player=mention(who.id)))]
        for name in sorted(mine) if game is None else [game]:
            lines.append(await self._game_line(guild, who.id, name, mine.get(name), lang))
        if len(lines) == 1:
            lines.append(lang.say(said("No finished match yet. Start one with /play.")))
        await interaction.followup.send("\n".join(lines), allowed_mentions=QUIET)

    async def _game_line(self, guild: int, user_id: int, game: str,
                         record: Record | None, lang: Language) -> str:
        title = registry.get(game).title
        if record is None:
            return lang.say(said("{game}: no finished match yet.", game=title))
        rows = await self.rt.service.ratings.leaderboard(guild, game)
        found = standing(rows, user_id)
        rated = (said("rating {rating} (#{rank} of {n})", rating=rating_text(found[1], lang),
                      rank=found[0], n=len(rows))
                 if found is not None else said("not rated yet"))
        line = lang.say(said("{game}: {rated} · {played} played · {won} won · average place "
                             "{average}", game=title, rated=rated, played=record.played,
                             won=record.wins,
                             average=lang.number(record.average_placing, places=1)))
        return line + (" · " + lang.say(said("left {n}", n=record.left)) if record.left
                       else "")

    @app_commands.command(name="leaderboard", description="The best rated players of a game here")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game", page_number="Which page (10 players a page)")
    @app_commands.rename(page_number="page")
    @app_commands.autocomplete(game=game_choices)
    async def leaderboard(self, interaction: Interaction, game: str,
                          page_number: app_commands.Range[int, 1, 1000] = 1) -> None:
        title, guild = registry.get(game).title, guild_of(interaction)
        await interaction.response.defer()  # ratings may be brought up to date first
        lang = await self.rt.readers.of_server(guild)  # a public answer
        rows = await self.rt.service.ratings.leaderboard(guild, game)
        season = await self.seasons.current(guild)
        heading = (said("{game} leaderboard · season {season}", game=title,
                        season=season.number) if season is not None
                   else said("{game} leaderboard", game=title))
        lines = board_lines(lang.say(heading), rows, page_number,
                            f"/leaderboard game:{game} page:<1–{{pages}}>", lang)
        if not rows:
            lines.append(lang.say(said("Nobody is rated yet: finish a match against another "
                                       "person.")))
        if season is not None and season.ends_at is not None:
            ends = f"<t:{int(season.ends_at)}:D>"
            lines.append(lang.say(said("This season ends {when}; its final table stays "
                                       "readable with /season show.", when=ends)))
        rules = code(f"/rules game:{game} topic:ratings")
        lines.append(lang.say(said("How ratings work: {command}", command=rules)))
        await interaction.followup.send("\n".join(lines), allowed_mentions=QUIET)

    @app_commands.command(name="history", description="Recent matches here, with their threads")
    @app_commands.guild_only()
    @app_commands.describe(user="Only matches with this player", game="Only this game")
    @app_commands.autocomplete(game=game_choices)
    async def history(self, interaction: Interaction, user: discord.User | None = None,
                      game: str | None = None) -> None:
        if game is not None:
            registry.get(game)
        guild = guild_of(interaction)
        await interaction.response.defer()
        lang = await self.rt.readers.of_server(guild)  # a public answer
        closed = await self.rt.store.closed_matches(
            guild, user_id=user.id if user else None, game=game, limit=2 * HISTORY_LIMIT)
        played = [(m, r) for m, r in closed if r is not None][:HISTORY_LIMIT]
        lines = [lang.say(said("**Recent matches** with {person}", person=mention(user.id))
                          if user else said("**Recent matches**"))]
        lines += ([history_line(m, r, lang) for m, r in played]
                  or [lang.say(said("None yet."))])
        await interaction.followup.send("\n".join(lines), allowed_mentions=QUIET)

    # -- replays ---------------------------------------------------------------------------

    @app_commands.command(name="replay", description="A match from its deal: the log and "
                                                     "an animation of the table")
    @app_commands.describe(match="Which match (its number)",
                           private="Add your own cards, shown only to you (after the end)")
    @app_commands.autocomplete(match=closed_choices)
    async def replay(self, interaction: Interaction, match: int, private: bool = False) -> None:
        await interaction.response.defer(ephemeral=private, thinking=True)
        replay = await self.rt.service.replay(match, interaction.user.id, private)
        info = await self.rt.service.info(match)
        lang = (reader(interaction) if private  # a private answer, else a public one
                else await self.rt.readers.of_server(interaction.guild_id))
        names = await self.rt.delivery.names(info)
        files = [discord.File(io.BytesIO(log_text(info, replay, names, lang).encode()),
                              LOG_NAME.format(match))]
        gif = await self.rt.delivery.images.replay(
            [(f.table, f.own) for f in replay.frames], names, lang.code)
        if gif is not None:
            files.append(discord.File(io.BytesIO(gif), GIF_NAME.format(match)))
        title, moments, lines = (match_title(info.game, info.id), len(replay.frames),
                                 len(replay.lines))
        await interaction.followup.send(lang.say(
            said("**{match}** replay with your cards: {moments} moments of the table, {lines} "
                 "lines of log.", match=title, moments=moments, lines=lines)
            if replay.viewer is not None else
            said("**{match}** replay: {moments} moments of the table, {lines} lines of log.",
                 match=title, moments=moments, lines=lines)),
            files=files, ephemeral=private, allowed_mentions=QUIET)

    # -- undo by consent -------------------------------------------------------------------

    @app_commands.command(name="undo", description="Ask to take back your last move "
                                                   "(if the match allows it)")
    @app_commands.describe(match=MATCH_HELP)
    async def undo(self, interaction: Interaction, match: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # before the reads
        match_id = await pick_match(self.rt, interaction, match)
        out = await self.rt.service.ask_undo(match_id, interaction.user.id)
        info = await self.rt.service.info(match_id)
        asked = [o for o in out if isinstance(o, UndoAsked)]
        if asked:
            public = await self.rt.readers.of_server(info.guild_id)
            await self.rt.delivery.post(info, Outgoing(asked_text(info, asked[0], public),
                                                       view=undo_view(match_id, public)))
            text = said("The other players are asked in the match's thread.")
        else:
            text = said("Your move is taken back.")
        await self.deliver(out, interaction)
        await say(interaction, text)

    async def click(self, interaction: Interaction, c: cid.CustomId) -> None:
        """An Agree / Refuse press on an undo request."""
        if c.verb not in (YES, NO):
            raise cid.BadCustomId(f"unknown undo verb {c.verb}")
        await interaction.response.defer()
        out = await self.rt.service.answer_undo(c.match, interaction.user.id, c.verb == YES)
        info = await self.rt.service.info(c.match)
        asked = [o for o in out if isinstance(o, UndoAsked)]
        declined = [o for o in out if isinstance(o, UndoDeclined)]
        public = await self.rt.readers.of_server(info.guild_id)  # the thread's post
        title = match_title(info.game, info.id)
        if asked:
            await interaction.edit_original_response(content=asked_text(info, asked[0], public))
        elif declined:
            await interaction.edit_original_response(content=public.say(said(
                "**{match}** · {person} refused: the move stands.", match=title,
                person=mention(declined[0].by_user_id))), view=None)
        else:
            await interaction.edit_original_response(content=public.say(said(
                "**{match}** · everyone agreed: the move is taken back.", match=title)),
                view=None)
        await self.deliver(out, interaction)

    async def deliver(self, out: Sequence[UndoOut], interaction: Interaction) -> None:
        moves = [o for o in out if not isinstance(o, UndoAsked | UndoDeclined)]
        await self.rt.delivery.deliver(moves, actor=interaction)


