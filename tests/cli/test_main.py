"""``python -m bot``: the no-token message, help, dispatch, and settings that never leak."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from bot import __main__ as entry
from bot.settings import DEFAULT_DB, Settings, SettingsError, load_settings

SECRET = "MTIzNDU2Nzg5.secret-token-value"


def run_bot(cwd: Path, *args: str, env: dict[str, str] | None = None
            ) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items()
            if k not in ("DISCORD_TOKEN", "PARLOR_DB", "LOG_LEVEL", "DEV_GUILD_ID")}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, text=True,
                          capture_output=True, env={**base, **(env or {})}, timeout=60)


def test_without_a_token_the_bot_explains_how_to_get_one(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\nLOG_LEVEL=INFO\n")
    done = run_bot(tmp_path)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr
    assert ".env.example" in done.stderr and "Reset Token" in done.stderr
    assert "New Application" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_a_bad_setting_is_one_line_without_the_token(tmp_path: Path) -> None:
    done = run_bot(tmp_path, env={"DISCORD_TOKEN": SECRET, "DEV_GUILD_ID": "abc"})
    assert done.returncode == 2
    assert done.stderr.startswith("error: DEV_GUILD_ID")
    assert done.stderr.count("\n") == 1
    assert SECRET not in done.stderr + done.stdout
    assert "Traceback" not in done.stderr


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in ("table", "scenario", "render"):
        assert f"  {name} " in out


def test_an_unknown_command_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.main(["dance"]) == 2
    assert "unknown command `dance`" in capsys.readouterr().err


def test_commands_are_dispatched_lazily(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    fake = types.ModuleType("bot.cli.render")

    def render(argv: list[str]) -> int:
        seen.append(argv)
        return 7

    fake.main = render  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.cli.render", fake)
    assert entry.main(["render", "x.json", "--out", "y.png"]) == 7
    assert seen == [["x.json", "--out", "y.png"]]


def test_with_a_token_the_app_is_started_with_the_settings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Settings] = []
    fake = types.ModuleType("bot.app")
    fake.run = started.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.app", fake)
    levels: list[object] = []
    monkeypatch.setattr(logging, "basicConfig", lambda **kw: levels.append(kw["level"]))
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "deep" / "down" / "p.sqlite3"
    monkeypatch.setenv("DISCORD_TOKEN", SECRET)
    monkeypatch.setenv("PARLOR_DB", str(db))
    monkeypatch.setenv("LOG_LEVEL", "warning")
    assert entry.main([]) == 0
    assert levels == [logging.WARNING]
    (settings,) = started
    assert settings.discord_token == SECRET and settings.db_path == db
    assert db.parent.is_dir()  # created on start


def test_defaults() -> None:
    settings = load_settings(None, {})
    assert settings == Settings("", DEFAULT_DB, "INFO", None)
    assert not settings.has_token and settings.log_level_number == 20


def test_env_file_is_read_and_the_environment_wins(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nPARLOR_DB=/x/y.db\nLOG_LEVEL=debug\n"
                        "DEV_GUILD_ID=1234\n")
    settings = load_settings(env_file, {"LOG_LEVEL": "warning"})
    assert settings == Settings("from-file", Path("/x/y.db"), "WARNING", 1234)
    assert load_settings(tmp_path / "missing.env", {}).discord_token == ""


def test_the_strong_ai_thinks_a_second_unless_told_otherwise() -> None:
    assert load_settings(None, {}).ai_think_ms == 1000
    assert load_settings(None, {"AI_THINK_MS": " 250 "}).ai_think_ms == 250


def test_the_token_s_global_rate_is_discord_s_fifty_unless_told_otherwise() -> None:
    assert load_settings(None, {}).global_rate == 50
    assert load_settings(None, {"DISCORD_GLOBAL_RATE": "1200"}).global_rate == 1200


@pytest.mark.parametrize(("name", "value"), [
    ("LOG_LEVEL", "LOUD"), ("DEV_GUILD_ID", "12ab"), ("DEV_GUILD_ID", "-5"),
    ("DEV_GUILD_ID", "0"), ("LOG_LEVEL", SECRET), ("DEV_GUILD_ID", SECRET),
    ("AI_THINK_MS", "-3"), ("AI_THINK_MS", "1.5"), ("AI_THINK_MS", "600000"),
    ("AI_THINK_MS", SECRET), ("DISCORD_GLOBAL_RATE", "0"), ("DISCORD_GLOBAL_RATE", "fast"),
    ("DISCORD_GLOBAL_RATE", SECRET),
])
def test_bad_values_name_the_variable_and_never_echo_it(name: str, value: str) -> None:
    with pytest.raises(SettingsError) as info:
        load_settings(None, {"DISCORD_TOKEN": SECRET, name: value})
    message = str(info.value)
    assert message.startswith(name) and "\n" not in message
    assert value not in message and SECRET not in message


def test_repr_never_shows_the_token() -> None:
    settings = load_settings(None, {"DISCORD_TOKEN": SECRET})
    assert SECRET not in repr(settings) and SECRET not in str(settings)
    assert "discord_token=<set>" in repr(settings)
    assert "discord_token=<missing>" in repr(load_settings(None, {}))


def test_prepare_creates_the_folder_or_names_the_setting(tmp_path: Path) -> None:
    Settings("t", tmp_path / "a" / "b" / "db.sqlite3").prepare()
    assert (tmp_path / "a" / "b").is_dir()
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(SettingsError, match=r"^PARLOR_DB"):
        Settings("t", blocker / "sub" / "db.sqlite3").prepare()
