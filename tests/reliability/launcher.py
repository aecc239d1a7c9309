"""The real bot as its own process, pointed at a fake Discord (for the crash tests).

    python -m tests.reliability.launcher API_BASE GATEWAY_URL [--quick-images]

Settings come from the environment exactly as for ``python -m bot`` (DISCORD_TOKEN,
PARLOR_DB, LOG_LEVEL). Only this test launcher knows about the fake: it patches discord.py's
REST base, gateway and CDN addresses the way ``FakeDiscord.patch_discord`` does in-process,
so the product needs no test setting.
"""

from __future__ import annotations

import argparse
import faulthandler
import signal
import sys

import discord.asset
import discord.gateway
import discord.http
import yarl

from bot import logs
from bot.app import ParlorBot
from bot.settings import load_settings


def point_at(api_base: str, gateway_url: str) -> None:
    base = api_base.rsplit("/api/", 1)[0]
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    discord.asset.Asset.BASE = base + "/cdn"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.reliability.launcher")
    parser.add_argument("api_base")
    parser.add_argument("gateway_url")
    parser.add_argument("--quick-images", action="store_true",
                        help="tiny PNGs instead of real renders (faster, same code path)")
    args = parser.parse_args(argv)
    faulthandler.register(signal.SIGUSR1)  # the crash harness asks a stuck bot where it is
    point_at(args.api_base, args.gateway_url)
    settings = load_settings(env_file=None)
    settings.prepare()
    logs.setup(settings.log_level_number, secrets=settings.secrets)
    images = None
    if args.quick_images:
        from tests.e2e.conftest import QuickImages
        images = QuickImages()
    bot = ParlorBot(settings, images=images, guild_ready_timeout=0.05)
    bot.run(settings.discord_token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
