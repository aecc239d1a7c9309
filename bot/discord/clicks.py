"""What a click on a Parlor component does: lobby buttons, table buttons, decision menus.

A decision click goes: decode → (choices shown again, an ordering extended, or a confirm
step when a mis-click would give up cards, after the service checked the choice is legal)
→ ``MatchService.submit`` → the pressed prompt shows the result, as the press's
own answer (deferred only when that takes too long) → the rest of the outbound messages are
delivered. No rule is checked here:
the service and the engine decide, and their errors become one-line private answers.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot import logs
from bot.discord import customid as cid
from bot.discord import decks, items, menus, people, review
from bot.discord.clock import CLOCK
from bot.discord.community import UNDO
from bot.discord.delivery import Delivery, menu_card
from bot.discord.events import EVENT
from bot.discord.guards import can_manage
from bot.discord.hints import hint_lines
from bot.discord.lobby import lobby_post, refresh
from bot.discord.readers import reader
from bot.discord.replies import answering
from bot.engine import ORDER, Decision, GameError, IllegalAction, registry
from bot.engine.said import Said, said
from bot.match import MatchService

Interaction = discord.Interaction[Any]


class Clicks:
    def __init__(self, service: MatchService, delivery: Delivery) -> None:
        self.service = service
        self.delivery = delivery

    async def on_click(self, interaction: Interaction, c: cid.CustomId,
                       values: tuple[str, ...]) -> None:
        people.saw(interaction)  # a renamed person is shown by the new name from now on
        with self.delivery.busy.track():  # a shutdown lets it finish
            await self.dispatch(interaction, c, values)

    async def dispatch(self, interaction: Interaction, c: cid.CustomId,
                       values: tuple[str, ...]) -> None:
        logs.bind_match(c.match)
        logs.bind_decision(None if c.decision in (items.LOBBY, items.TABLE, CLOCK, UNDO,
                                                  decks.DECK, EVENT, review.REVIEW)
                           else c.decision)
        async with answering(interaction, c.match):
            if c.decision == items.LOBBY and c.verb in LOBBY_VERBS:
                await self.lobby(interaction, c)
            elif c.decision == items.TABLE and c.verb == items.HAND:
                await self.delivery.show_hand(interaction, c.match)
            elif c.decision == items.TABLE and c.verb == items.RESIGN:
                await self.resign(interaction, c.match)
            elif c.decision == decks.DECK and c.verb == cid.SELECT:
                await decks.picked(interaction, c.match, values)
            elif c.decision == review.REVIEW:
                await review.pressed(interaction, self.service, self.delivery, c)
            elif c.decision == CLOCK:
                await routed(interaction, c, "Clocks", said(
                    "The clocks are not running right now; try again in a moment."))
            elif c.decision == EVENT:
                await routed(interaction, c, "Tournaments", said(
                    "Events can't be joined or left right now; try again in a moment."))
            elif c.decision == UNDO:
                await routed(interaction, c, "Community", said(
                    "Undo requests can't be answered right now; try again in a moment."))
            elif c.verb == cid.HINT:
                await self.hint(interaction, c)
            else:
                await self.decide(interaction, c, values)

    # -- lobby -------------------------------------------------------------------------------

    async def lobby(self, interaction: Interaction, c: cid.CustomId) -> None:
        await interaction.response.defer()
        user = interaction.user.id
        if c.verb == items.JOIN:
            info = await self.service.join(c.match, user)
            await self.delivery.probe_dm(info, user)
            info = await decks.offer_decks(interaction, info)
        elif c.verb == items.LEAVE:
            info = await self.service.leave(c.match, user)
        elif c.verb == items.ADD_AI:
            levels = registry.get((await self.service.info(c.match)).game).ai_levels
            level = levels[c.indexes[0]] if c.indexes and c.indexes[0] < len(levels) else "normal"
            info = await self.service.add_ai(c.match, user, level, can_manage(interaction))
        elif c.verb in (items.START, items.CANCEL):
            outbound = (await self.service.start(c.match, user) if c.verb == items.START
                        else await self.service.cancel(c.match, user, can_manage(interaction)))
            info = await self.service.info(c.match)
            # Once dealt, the post names the decks as dealt (a random one too).
            view = ((await self.service.board(c.match)).view if c.verb == items.START
                    else None)
            await interaction.edit_original_response(
                content=await lobby_post(self.delivery, info, view), view=None)
            await refresh(self.delivery, info, post=False)
            await self.delivery.deliver(outbound, actor=interaction)
            return
        await interaction.edit_original_response(content=await lobby_post(self.delivery, info))
        await refresh(self.delivery, info, post=False)

    # -- table -------------------------------------------------------------------------------

    async def resign(self, interaction: Interaction, match_id: int) -> None:
        await interaction.response.defer()
        outbound = await self.service.resign(match_id, interaction.user.id)
        await interaction.edit_original_response(
            content=reader(interaction).say(said("You resigned; the AI plays your seat.")),
            view=None)
        await self.delivery.deliver(outbound, actor=interaction)

    # -- hints -------------------------------------------------------------------------------

    async def hint(self, interaction: Interaction, c: cid.CustomId) -> None:
        """The strong AI's best answers to the presser's open decision, only for them; the
        search takes up to the AI's think time, so the press is acknowledged first."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        hint = await self.service.hint(c.match, interaction.user.id, c.decision)
        names = await self.delivery.names(await self.service.info(c.match))
        words = reader(interaction)
        await interaction.followup.send(
            "\n".join(words.say(line) for line in hint_lines(hint, names, words)),
            ephemeral=True)

    # -- decisions ---------------------------------------------------------------------------

    async def decide(self, interaction: Interaction, c: cid.CustomId,
                     values: tuple[str, ...]) -> None:
        if c.verb not in DECISION_VERBS:
            raise cid.BadCustomId(f"unknown verb {c.verb}")
        # One read of the match before the answer (closed or not ours: the service says why).
        opened = await self.service.opened(c.match, interaction.user.id, c.decision)
        decision = opened.decision
        names = await self.delivery.names(opened.info)
        lang = reader(interaction)
        indexes = c.indexes
        if c.verb == cid.SELECT:
            if not all(v.isdigit() for v in values):
                raise cid.BadCustomId("malformed select value")
            indexes = tuple(int(v) for v in values)
        elif c.verb == cid.SKIP:
            indexes = ()
        keys = menus.choice_keys(decision, indexes)
        if c.verb == cid.BACK:
            await self.show(interaction, menus.plan(c.match, decision, lang, names))
        elif decision.kind == ORDER and c.verb == cid.ORDER and len(keys) < len(decision.options):
            await self.show(interaction, menus.plan(c.match, decision, lang, names, indexes))
        else:
            confirm = c.verb != cid.CONFIRM and menus.costs_cards(
                decision, [decision.options[i] for i in indexes])
            if confirm or c.verb == cid.SELECT:
                try:  # an illegal selection is refused now, in place, not after Confirm
                    opened.check(keys)
                except IllegalAction as refused:
                    menu = menus.plan(c.match, decision, lang, names)
                    why = lang.say(refused.said) if refused.said is not None else str(refused)
                    await self.show(interaction, replace(menu, prompt=f"{menu.prompt}\n❌ {why}"))
                    return
            if confirm:
                await self.show(interaction,
                                menus.plan_confirm(c.match, decision, indexes, lang, names))
            else:
                await self.submit(interaction, c.match, decision, indexes)

    async def show(self, interaction: Interaction, menu: menus.Menu) -> None:
        await interaction.response.edit_message(view=menu_card(interaction.message, menu))

    async def submit(self, interaction: Interaction, match_id: int, decision: Decision,
                     indexes: tuple[int, ...]) -> None:
        """The press answers itself: its result is the first thing delivered, in the pressed
        message (deferred only if the move and its AI replies outrun the deadline)."""
        press = self.delivery.press(interaction)
        try:
            keys = menus.choice_keys(decision, indexes)
            outbound = await self.service.submit(match_id, interaction.user.id, decision.id,
                                                 keys)
            await self.delivery.deliver(outbound, actor=interaction, pressed=press)
        finally:
            press.done()


@runtime_checkable
class Answers(Protocol):
    """A cog that answers its own buttons (clock votes, undo answers)."""

    async def click(self, interaction: Interaction, c: cid.CustomId) -> None: ...


async def routed(interaction: Interaction, c: cid.CustomId, cog_name: str,
                 unavailable: Said) -> None:
    """Hand a press to the cog that owns its slot, found by name: the adapter never imports
    a cog."""
    client = interaction.client
    cog = client.get_cog(cog_name) if isinstance(client, commands.bot.BotBase) else None
    if not isinstance(cog, Answers):
        raise GameError(unavailable)
    await cog.click(interaction, c)


LOBBY_VERBS = (items.JOIN, items.LEAVE, items.ADD_AI, items.START, items.CANCEL)
DECISION_VERBS = (cid.PICK, cid.SELECT, cid.CONFIRM, cid.ORDER, cid.SKIP, cid.BACK)

