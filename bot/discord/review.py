"""The Review button of a result DM and the review it answers with (issue 31).

A press is answered privately: the "thinking" placeholder becomes the one progress message,
edited while the decisions are weighed (at most every ``PROGRESS_EVERY`` seconds, so a long
review does not spend the channel's edits), and ends as the review's heading; each moment
follows as a message of its own with the table as the player saw it, its question and both
answers said as the player's prompt said them, in the reader's language (the moment's
English labels only where its decision is not found again). What the service refuses (not a
player, not over, already being prepared, no log) is one private sentence.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import customid as cid
from bot.discord import menus
from bot.discord.items import ParlorButton
from bot.discord.readers import reader
from bot.discord.runtime import match_title
from bot.discord.shows import BOARD_FILE, Card
from bot.discord.usertext import literals
from bot.engine.names import with_names
from bot.engine.said import Said, said, said_n
from bot.match.review import Moment, Scene
from bot.match.reviews import Reviewed
from bot.render.alt import alt_text
from bot.words import Language

if TYPE_CHECKING:  # the result DM (in ``delivery``) carries this module's button
    from bot.discord.delivery import Delivery
    from bot.match import MatchService

log = logging.getLogger(__name__)

REVIEW, GO = "review", "go"
"""The button's id: ``parlor:<match>:review:go``."""
NOTHING = said("nothing (you passed)")
"""An answer that picked nothing: a pass, a block left open."""
PROGRESS_EVERY = 2.0
"""Seconds between two progress edits (the first and the last are always shown)."""

Interaction = discord.Interaction[Any]


def review_row(match_id: int, words: Language) -> discord.ui.ActionRow[Any]:
    """The result DM's row: the Review button, labelled in the reader's language."""
    row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
    row.add_item(ParlorButton.make(cid.CustomId(match_id, REVIEW, GO).encode(),
                                   words.say(said("Review my decisions")),
                                   discord.ButtonStyle.secondary))
    return row


async def pressed(interaction: Interaction, service: MatchService, delivery: Delivery,
                  c: cid.CustomId) -> None:
    """Review pressed: weigh (or read back) the presser's decisions and show the moments."""
    if c.verb != GO:
        raise cid.BadCustomId(f"unknown review verb {c.verb}")
    await interaction.response.defer(ephemeral=True, thinking=True)
    words = reader(interaction)
    info = await service.info(c.match)
    title = match_title(info.game, info.id)
    shown_at = [-PROGRESS_EVERY]

    async def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if 0 < done < total and now - shown_at[0] < PROGRESS_EVERY:
            return
        shown_at[0] = now
        try:
            await interaction.edit_original_response(content=words.say(said_n(
                "Reviewing **{match}**: {done} of {n} decision weighed…",
                "Reviewing **{match}**: {done} of {n} decisions weighed…",
                total, match=title, done=done)))
        except discord.HTTPException as exc:  # a missed step of progress; the review goes on
            log.warning("match %s: review progress not shown (%s)", c.match, exc)

    review = await service.review(c.match, interaction.user.id, progress)
    await interaction.edit_original_response(content=words.say(heading(title, review)))
    names = await delivery.names(info)
    for place, moment in enumerate(review.moments, 1):
        scene = review.scenes[moment.seq]
        view = scene.view
        image = await delivery.images.hand(view, names, words.code)
        text = words.say(told(place, moment, scene, names, words))
        out = Card(text, image, BOARD_FILE,
                   alt=alt_text(review.game, view, names, words=words) if image is not None
                   else "")
        await interaction.followup.send(ephemeral=True, **out.kwargs())


def heading(title: str, review: Reviewed) -> Said:
    """The progress message's last words: what was weighed and what follows."""
    if not review.moments:
        return said_n("**{match}** reviewed: in your {n} decision, the strong AI found "
                      "nothing clearly better than what you played.",
                      "**{match}** reviewed: in your {n} decisions, the strong AI found "
                      "nothing clearly better than what you played.",
                      review.decisions, match=title)
    return said_n("**{match}** reviewed: {n} decision weighed. The moments that cost you "
                  "most follow, worst first.",
                  "**{match}** reviewed: {n} decisions weighed. The moments that cost you "
                  "most follow, worst first.",
                  review.decisions, match=title)


def told(place: int, moment: Moment, scene: Scene, names: Sequence[str],
         words: Language) -> Said:
    """One moment in plain words: the question, what was played, what was better, and each
    answer's chance to win as a whole percentage; seats called by ``names`` (cleaned)."""
    decision = scene.decision
    if decision is None:
        prompt = with_names(moment.prompt, literals(names))
        chosen, best = moment.chosen_labels, moment.best_labels
    else:
        said_as = dict(zip((o.key for o in decision.options),
                           menus.texts(decision, names, words), strict=True))
        prompt = menus.asked(decision, literals(names), words)
        chosen = tuple(said_as.get(key, label)
                       for key, label in zip(moment.chosen, moment.chosen_labels, strict=True))
        best = tuple(said_as.get(key, label)
                     for key, label in zip(moment.best, moment.best_labels, strict=True))
    return said("**{place}.** Move {seq}: {prompt}\nYou chose {chosen}, which left you about "
                "{chance} % to win.\nBetter was {best}: about {better} %.",
                place=place, seq=moment.seq, prompt=prompt, chosen=chosen or (NOTHING,),
                best=best or (NOTHING,), chance=round(moment.chance * 100),
                better=round(moment.best_chance * 100))
