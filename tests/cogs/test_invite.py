"""The README's invite permission integer is the one the code computes."""

from __future__ import annotations

from pathlib import Path

from bot.app import invite_permissions

README = Path(__file__).parents[2] / "README.md"


def test_readme_states_the_computed_permission_integer() -> None:
    value = invite_permissions().value
    text = README.read_text()
    assert f"permissions={value}" in text and f"**`{value}`**" in text


def test_the_bot_asks_for_nothing_it_does_not_use() -> None:
    perms = invite_permissions()
    assert not (perms.administrator or perms.manage_messages or perms.mention_everyone
                or perms.manage_threads or perms.read_message_history)
