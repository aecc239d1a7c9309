from tests.fakediscord.pytest_plugin import error_logs, fake_discord, fake_discord_options

__all__ = ["error_logs", "fake_discord", "fake_discord_options"]
