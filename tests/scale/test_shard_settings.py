"""SHARD_COUNT and SHARD_IDS: which shards a process runs, checked on start."""

from __future__ import annotations

import pytest

from bot.app import ParlorBot
from bot.settings import Settings, SettingsError, load_settings

PG = {"DATABASE_URL": "postgresql://parlor@/parlor?host=/tmp"}


def shards(**values: str) -> tuple[int | None, tuple[int, ...] | None]:
    settings = load_settings(None, values)
    return settings.shard_count, settings.shard_ids


def test_without_shard_settings_discord_decides_and_one_process_runs_all() -> None:
    assert shards() == (None, None)


def test_a_count_alone_runs_every_shard_here_even_on_sqlite() -> None:
    assert shards(SHARD_COUNT="4") == (4, None)
    assert shards(SHARD_COUNT="4", SHARD_IDS="0-3") == (4, (0, 1, 2, 3))


@pytest.mark.parametrize(("text", "ids"), [
    ("0", (0,)), ("2-3", (2, 3)), ("5,0-1,3", (0, 1, 3, 5)), (" 4 - 5 , 7 ", (4, 5, 7)),
])
def test_ids_take_numbers_and_ranges(text: str, ids: tuple[int, ...]) -> None:
    assert shards(SHARD_COUNT="8", SHARD_IDS=text, **PG) == (8, ids)


@pytest.mark.parametrize(("values", "message"), [
    ({"SHARD_COUNT": "0"}, r"^SHARD_COUNT must be a positive"),
    ({"SHARD_COUNT": "two"}, r"^SHARD_COUNT must be a positive"),
    ({"SHARD_IDS": "0-1", **PG}, r"^SHARD_IDS needs SHARD_COUNT"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1", **PG}, r"^SHARD_IDS must list .* rising"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "a", **PG}, r"^SHARD_IDS must list"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "1,,2", **PG}, r"^SHARD_IDS must list"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "2-4", **PG}, r"from 0 to 3"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "0-2,2", **PG}, r"each shard once"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "0-1"}, r"^SHARD_IDS gives .* DATABASE_URL"),
])
def test_bad_shard_settings_are_refused_by_name(values: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        load_settings(None, values)


def test_shards_show_in_the_settings_repr() -> None:
    text = repr(load_settings(None, {"SHARD_COUNT": "4", "SHARD_IDS": "2-3", **PG}))
    assert "shard_count=4, shard_ids=(2, 3)" in text


def test_the_bot_runs_the_shards_the_settings_name() -> None:
    bot = ParlorBot(Settings("t", shard_count=4, shard_ids=(2, 3), database_url=PG[
        "DATABASE_URL"]))
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])
    default = ParlorBot(Settings("t"))
    assert (default.shard_count, default.shard_ids) == (None, None)


def test_a_process_serves_the_servers_of_its_shards_by_discord_s_formula() -> None:
    bot = ParlorBot(Settings("t", shard_count=4, shard_ids=(2, 3), database_url=PG[
        "DATABASE_URL"]))
    on_shard = [(guild << 22) | 12345 for guild in range(4)]  # (id >> 22) % 4 == shard
    assert [bot.serves(g) for g in on_shard] == [False, False, True, True]
    assert bot.serves(None) is False, "a match outside any server is shard 0's"
    assert all(ParlorBot(Settings("t")).serves(g) for g in [*on_shard, None])
