"""Both backends implement the whole ``Store`` interface, with the same signatures.

The interface grows as features land; a method added to ``Store`` and one backend but
forgotten in the other fails here before any caller meets it.
"""

from __future__ import annotations

import inspect

import pytest

from bot.store import PostgresStore, SqliteStore, Store

METHODS = sorted(name for name, member in vars(Store).items()
                 if inspect.iscoroutinefunction(member) and not name.startswith("_"))


def test_the_interface_is_found() -> None:
    assert {"open", "close", "create_match", "commit_move", "get_guild_settings"} <= set(METHODS)


@pytest.mark.parametrize("backend", [SqliteStore, PostgresStore], ids=["sqlite", "postgres"])
@pytest.mark.parametrize("name", METHODS)
def test_every_method_is_implemented_alike(backend: type, name: str) -> None:
    method = getattr(backend, name, None)
    assert inspect.iscoroutinefunction(method), f"{backend.__name__} lacks async {name}"
    assert inspect.signature(method) == inspect.signature(getattr(Store, name))
