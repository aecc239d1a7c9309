"""Boards are drawn once for each table shown (``bot.discord.images``): the latest are kept
by what they were drawn from, so a finished turn's post and the next turn's new post, which
show the same table, cost one drawing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.discord.images import BOARDS_KEPT, Images
from bot.engine import Rng, View, registry
from bot.engine.autoplay import new_game, states
from bot.workers import Workers


class Drawer(Workers):
    """Workers that count what they are asked to draw and draw a stand-in."""

    def __init__(self) -> None:
        super().__init__(size=1)
        self.drawn: list[tuple[Any, ...]] = []

    async def run_or_thread(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        self.drawn.append(args)
        return f"picture {len(self.drawn)}".encode()


def tables(n: int) -> list[View]:
    """``n`` different public tables of one Zura match, as it goes."""
    game = registry.get("zura")
    out: list[View] = []
    for state in states(game, new_game(game, 2, 1), Rng(1)):
        view = game.view(state, None)
        if view not in out:
            out.append(view)
        if len(out) == n:
            return out
    raise AssertionError(f"the match showed fewer than {n} tables")


def table(k: int) -> View:
    return TABLES[k]


TABLES = tables(BOARDS_KEPT + 1)


async def test_the_same_table_is_drawn_once_and_shown_with_the_same_bytes() -> None:
    drawer = Drawer()
    images = Images(drawer)
    first = await images.board(table(1), ["Ann", "Bo"], "en")
    again = await images.board(table(1), ["Ann", "Bo"], "en")
    assert again == first and len(drawer.drawn) == 1


async def test_another_table_names_or_language_is_drawn_anew() -> None:
    drawer = Drawer()
    images = Images(drawer)
    await images.board(table(1), ["Ann", "Bo"], "en")
    await images.board(table(2), ["Ann", "Bo"], "en")
    await images.board(table(1), ["Ann", "Cy"], "en")
    await images.board(table(1), ["Ann", "Bo"], "de")
    assert len(drawer.drawn) == 4


async def test_only_the_latest_boards_are_kept() -> None:
    drawer = Drawer()
    images = Images(drawer)
    for seed in range(BOARDS_KEPT + 1):
        await images.board(table(seed), ["Ann", "Bo"], "en")
    await images.board(table(BOARDS_KEPT), ["Ann", "Bo"], "en")  # the newest: kept
    assert len(drawer.drawn) == BOARDS_KEPT + 1
    await images.board(table(0), ["Ann", "Bo"], "en")  # the oldest: let go, drawn again
    assert len(drawer.drawn) == BOARDS_KEPT + 2
