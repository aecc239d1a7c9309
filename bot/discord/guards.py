"""Guards in front of the match service: per-user cooldowns on slash commands, the bot's own
channel permissions before a match opens, an answer for component ids that are not ours,
and reply text that is safe to show whatever a user typed into it (the cog that answers
foreign ids is ``cogs.foreign``).
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import discord
from discord import app_commands

from bot.discord.people import saw
from bot.engine import GameError

Interaction = discord.Interaction[Any]

# (uses, seconds) per user and command. /play opens a thread and /board posts publicly, so
# they are the tightest; reading commands are only kept from flooding.
COOLDOWNS: Final[Mapping[str, tuple[int, float]]] = {
    "play": (3, 60.0),
    "board": (3, 60.0),
    "settings": (5, 60.0),
}
DEFAULT_COOLDOWN: Final = (8, 20.0)
SWEEP_AT: Final = 10_000
"""Forget expired windows once this many (user, command) pairs are remembered."""

REPLY_LIMIT: Final = 1800
"""Below Discord's 2000 characters, leaving room for what callers add."""

# The permissions a match needs where /play runs, named as Discord's settings show them.
ALWAYS: Final = {"view_channel": "View Channel", "send_messages": "Send Messages",
                 "attach_files": "Attach Files"}
IN_THREADS: Final = {"create_public_threads": "Create Public Threads",
                     "send_messages_in_threads": "Send Messages in Threads"}


class OnCooldown(app_commands.CheckFailure, GameError):
    """Too many uses of one command in a short time; the message says when to retry."""


class MissingBotPermissions(GameError):
    """The bot cannot run a match in this channel; the message names what is missing."""


class Cooldowns:
    """At most ``uses`` per ``seconds`` for each user and command (a sliding window)."""

    def __init__(self, limits: Mapping[str, tuple[int, float]] = COOLDOWNS,
                 default: tuple[int, float] = DEFAULT_COOLDOWN,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = dict(limits)
        self.default = default
        self.clock = clock
        self._uses: dict[tuple[int, str], deque[float]] = {}

    def hit(self, user_id: int, command: str) -> float:
        """Count one use; 0 when allowed, else the seconds until the next use is (uncounted)."""
        uses, seconds = self.limit(command)
        now = self.clock()
        if len(self._uses) >= SWEEP_AT:
            self._sweep(now)
        window = self._uses.setdefault((user_id, command), deque())
        while window and window[0] <= now - seconds:
            window.popleft()
        if len(window) >= uses:
            return window[0] + seconds - now
        window.append(now)
        return 0.0

    def refund(self, user_id: int, command: str) -> None:
        """Take back the latest counted use: the command was refused, so it does not count."""
        window = self._uses.get((user_id, command))
        if window:
            window.pop()

    def limit(self, command: str) -> tuple[int, float]:
        """A group's subcommands share the group's limit (``match list`` → ``match``)."""
        return self.limits.get(command.split(" ")[0], self.default)

    def _sweep(self, now: float) -> None:
        for key, window in list(self._uses.items()):
            if not window or window[-1] <= now - self.limit(key[1])[1]:
                del self._uses[key]


def command_path(data: Mapping[str, Any]) -> str:
    """``match list`` from a slash command's interaction data (subcommands included)."""
    parts = [str(data.get("name", ""))]
    options: Sequence[Mapping[str, Any]] = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # subcommand, subcommand group
        parts.append(str(options[0].get("name", "")))
        options = options[0].get("options") or []
    return " ".join(parts)


class GuardedTree(app_commands.CommandTree[Any]):
    """The bot's command tree: every slash command passes a per-user cooldown first; a
    command refused with a player's mistake is refunded (``refused``), so only accepted
    commands count. Every command and autocomplete also tells ``bot.discord.people`` the
    names its user goes by now."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cooldowns = Cooldowns()

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        saw(interaction)  # a renamed person is shown by the new name from now on
        if interaction.type is not discord.InteractionType.application_command:
            return True  # autocomplete only reads; it is answered even while cooling down
        command = command_path(interaction.data or {})
        wait = self.cooldowns.hit(interaction.user.id, command)
        if wait > 0:
            raise OnCooldown(f"Easy there: you can use /{command} again in {wait:.0f} s.")
        return True

    def refused(self, interaction: Interaction, error: BaseException) -> None:
        """A command answered with a player's mistake (a typo, too many AIs…) leaves no use
        behind; a cooldown refusal was never counted, and a bug counts."""
        if (interaction.type is discord.InteractionType.application_command
                and isinstance(error, GameError) and not isinstance(error, OnCooldown)):
            self.cooldowns.refund(interaction.user.id, command_path(interaction.data or {}))


def bot_permissions(interaction: Interaction) -> discord.Permissions:
    """The bot's permissions where the interaction happened (overwrites included)."""
    guild, channel = interaction.guild, interaction.channel
    me = guild.me if guild is not None else None
    if me is not None and isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        try:
            return channel.permissions_for(me)
        except discord.ClientException:  # a thread whose parent is not cached
            pass
    return interaction.app_permissions


def can_manage(interaction: Interaction) -> bool:
    """Manage Server (or Administrator): may cancel any match and remove players, like the
    match's host. Discord resolves the member's permissions into the interaction itself."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


def missing_permissions(perms: discord.Permissions, threads: bool) -> list[str]:
    """Discord's names of the permissions a match needs but ``perms`` lacks."""
    needed = {**ALWAYS, **(IN_THREADS if threads else {})}
    return [label for flag, label in needed.items() if not getattr(perms, flag)]


def require_bot_permissions(interaction: Interaction, threads: bool) -> None:
    """Refuse before anything is created when a match could not be played here."""
    missing = missing_permissions(bot_permissions(interaction), threads)
    if missing:
        where = f"<#{interaction.channel_id}>" if interaction.channel_id else "this channel"
        raise MissingBotPermissions(
            f"I can't run a match in {where}: I'm missing {_and(missing)}. Ask a server "
            "manager to give my role these permissions here, then try again.")


def _and(names: list[str]) -> str:
    bold = [f"**{n}**" for n in names]
    return bold[0] if len(bold) == 1 else ", ".join(bold[:-1]) + " and " + bold[-1]


def fit(text: str, limit: int = REPLY_LIMIT) -> str:
    """``text`` without invisible or direction-changing characters (echoed input could hide
    behind them), and short enough for one Discord message."""
    clean = "".join(c for c in text
                    if c == "\n" or unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co"))
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


FOREIGN = "That button is not one I can read (it may be from an old version); nothing changed."
