"""Persistent components: every Parlor button and select is a ``DynamicItem``.

Everything a click needs rides in the custom id (``bot.discord.customid``), so a component sent
before a restart still works. The items only decode the id and hand the click to the
runtime's ``Clicks``; the views here are built from the pure plans of ``bot.discord.menus``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord import customid as cid
from bot.discord import menus
from bot.discord.runtime import runtime_of
from bot.engine.said import said
from bot.words import Language

# Component ids that are not about a game decision: the lobby's and the table's buttons.
LOBBY, TABLE = "lobby", "table"
JOIN, LEAVE, ADD_AI, START, CANCEL = "join", "leave", "ai", "start", "cancel"
HAND, RESIGN = "hand", "resign"

Interaction = discord.Interaction[discord.Client]


class ParlorButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=cid.BUTTON_PATTERN):
    def __init__(self, button: discord.ui.Button[discord.ui.View]) -> None:
        super().__init__(button)
        assert button.custom_id is not None
        self.cid = cid.decode(button.custom_id)

    @classmethod
    def make(cls, custom_id: str, label: str, style: discord.ButtonStyle,
             row: int | None = None) -> ParlorButton:
        return cls(discord.ui.Button(label=label, style=style, custom_id=custom_id, row=row))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ParlorButton:
        if not isinstance(item, discord.ui.Button):
            raise cid.BadCustomId("a button id on something else")
        return cls(item)

    async def callback(self, interaction: Interaction) -> None:
        await runtime_of(interaction.client).clicks.on_click(interaction, self.cid, ())


class ParlorSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                   template=cid.SELECT_PATTERN):
    def __init__(self, select: discord.ui.Select[discord.ui.View]) -> None:
        super().__init__(select)
        assert select.custom_id is not None
        self.cid = cid.decode(select.custom_id)

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ParlorSelect:
        if not isinstance(item, discord.ui.Select):
            raise cid.BadCustomId("a select id on something else")
        return cls(item)

    async def callback(self, interaction: Interaction) -> None:
        values = tuple(self.item.values)
        await runtime_of(interaction.client).clicks.on_click(interaction, self.cid, values)


TEXT_MAX = 4000
"""Discord's limit for the text displays of one components-v2 message."""

Row = discord.ui.ActionRow[Any]


def menu_rows(menu: menus.Menu) -> list[Row]:
    """The plan of ``bot.discord.menus`` as action rows (rows kept as planned)."""
    rows: list[Row] = []
    for part in menu.rows:
        row: Row = discord.ui.ActionRow()
        rows.append(row)
        if isinstance(part, menus.Select):
            select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
                custom_id=part.custom_id, placeholder=part.placeholder[:150],
                min_values=part.min, max_values=part.max,
                options=[discord.SelectOption(label=o.label, value=o.value)
                         for o in part.options])
            row.add_item(ParlorSelect(select))
        else:
            for b in part:
                row.add_item(ParlorButton.make(b.custom_id, b.label,
                                               discord.ButtonStyle[b.style]))
    return rows


def card(text: str, image: str | None = None, rows: Sequence[Row] = (),
         under: str = "") -> discord.ui.LayoutView:
    """One components-v2 message: the text, the picture (an attachment of that name), the
    text ``under`` it (a hand's card texts) and the controls, in one container. The callers
    keep the texts within ``TEXT_MAX`` together; this cut is only the last guard."""
    box: discord.ui.Container[Any] = discord.ui.Container()
    box.add_item(discord.ui.TextDisplay(text if len(text) <= TEXT_MAX
                                        else text[: TEXT_MAX - 1] + "…"))
    if image is not None:
        box.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{image}")))
    if under and len(text) + len(under) <= TEXT_MAX:
        box.add_item(discord.ui.TextDisplay(under))
    for row in rows:
        box.add_item(row)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(box)
    return view


def _id(match_id: int, slot: str, verb: str, *args: int) -> str:
    return cid.CustomId(match_id, slot, verb, args).encode()


def buttons_view(target: int, slot: str,
                 buttons: Sequence[tuple[str, str, discord.ButtonStyle]]) -> discord.ui.View:
    """Persistent buttons (verb, label, style) in one row, for ``target``'s ``slot``."""
    view = discord.ui.View(timeout=None)
    for verb, label, style in buttons:
        view.add_item(ParlorButton.make(_id(target, slot, verb), label, style))
    return view


def lobby_view(match_id: int, ai_level: int, lang: Language) -> discord.ui.View:
    """Join / Leave / Add AI / Start / Cancel in ``lang``; Add AI carries the level chosen at
    /play."""
    view = discord.ui.View(timeout=None)
    for verb, label, style, args in (
        (JOIN, said("Join"), discord.ButtonStyle.success, ()),
        (LEAVE, said("Leave"), discord.ButtonStyle.secondary, ()),
        (ADD_AI, said("Add AI"), discord.ButtonStyle.secondary, (ai_level,)),
        (START, said("Start"), discord.ButtonStyle.primary, ()),
        (CANCEL, said("Cancel"), discord.ButtonStyle.danger, ()),
    ):
        view.add_item(ParlorButton.make(_id(match_id, LOBBY, verb, *args), lang.say(label),
                                        style))
    return view


HAND_LABEL = said("My hand")
"""The button under the live turn post that shows a person their cards privately."""


def hand_button(match_id: int, lang: Language) -> ParlorButton:
    """**My hand** in ``lang`` (the server's: it is under a public post)."""
    return ParlorButton.make(_id(match_id, TABLE, HAND), lang.say(HAND_LABEL),
                             discord.ButtonStyle.primary)


def resign_view(match_id: int, lang: Language) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ParlorButton.make(_id(match_id, TABLE, RESIGN), lang.say(said("Resign")),
                                    discord.ButtonStyle.danger))
    return view
