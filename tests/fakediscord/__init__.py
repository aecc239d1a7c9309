"""A fake Discord (REST + gateway on loopback) for end-to-end tests of a real discord.py bot.

See :class:`FakeDiscord` and ``pytest_plugin`` for the fixtures.
"""

from .clock import Clock, ManualClock, SystemClock
from .components import Button, Select, SelectOption, TextInput
from .harness import FakeDiscord, FakeDiscordError, FakeFile, FakeTimeout, InteractionHandle
from .server import ApiError, Fault
from .state import (
    CallbackRecord,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeUser,
    InteractionRecord,
    ModalRecord,
    Notification,
    RequestRecord,
)
from .tally import Tally

__all__ = [
    "ApiError",
    "Button",
    "CallbackRecord",
    "Clock",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeFile",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeTimeout",
    "FakeUser",
    "Fault",
    "InteractionHandle",
    "InteractionRecord",
    "ManualClock",
    "ModalRecord",
    "Notification",
    "RequestRecord",
    "Select",
    "SelectOption",
    "SystemClock",
    "Tally",
    "TextInput",
]
