"""Every piece of text on every image is at least ``MIN_TEXT_PX`` high (images are 1200 px
wide), over the whole golden set and seeded random positions of all three games.

Each ``ImageDraw.text`` call is recorded with its font size, whichever module makes it, so
text drawn around the one helper in ``bot.render.text`` is caught too."""

from __future__ import annotations

import functools
import importlib
import json
import pkgutil
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

import bot.render
from bot.engine import Result, parse_options
from bot.render import hand_texts, render_board, render_hand, render_summary
from bot.render.assets import font
from bot.render.text import MIN_TEXT_PX, draw_text
from tests.render.golden import GOLDEN
from tests.render.playing import game_or_skip, playout

Drawn = list[tuple[float, str]]


def _clear_caches() -> None:
    """Forget cached faces and glyph masks, so every text is drawn (and seen) again."""
    for info in pkgutil.iter_modules(bot.render.__path__):
        module = importlib.import_module(f"bot.render.{info.name}")
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    seen: Drawn = []
    original = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        face = kwargs.get("font") or (args[1] if len(args) > 1 else None)
        seen.append((float(getattr(face, "size", 10)), str(text)))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    _clear_caches()
    yield seen
    _clear_caches()


def _too_small(seen: Drawn) -> list[tuple[float, str]]:
    assert seen, "nothing was recorded: the check would pass vacuously"
    return sorted({(size, text) for size, text in seen if size < MIN_TEXT_PX})


def test_every_golden_image_keeps_text_readable(drawn: Drawn) -> None:
    names = ["Alice", "Bob", "Carol", "Dan"]
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        view = data.get("view", data)
        if "view" in data:  # the end of a game: its board and its summary
            render_board(view, names)
            render_summary(view, Result.from_json(data["result"]), names)
        elif view.get("viewer") is not None:
            render_hand(view, names=names)
        else:
            render_board(view, names)
    assert _too_small(drawn) == []


@pytest.mark.parametrize("name", ["zura", "aura", "auroria"])
def test_random_positions_keep_text_readable(name: str, drawn: Drawn) -> None:
    game = game_or_skip(name)
    for players in sorted({game.min_players, game.max_players}):
        states = list(playout(game, players, seed=31 + players))
        for state in [*states[1::max(1, len(states) // 5)], states[-1]]:
            _clear_caches()
            render_board(game.view(state, None))
            for seat in range(players):
                render_hand(game.view(state, seat), seat)
        result = game.result(states[-1])
        assert result is not None
        render_summary(game.view(states[-1], None), result)
    assert _too_small(drawn) == []


def test_the_one_text_helper_refuses_small_type() -> None:
    draw = ImageDraw.Draw(bot.render.canvas.felt((40, 40)).copy())
    with pytest.raises(ValueError, match="below 14 px"):
        draw_text(draw, (0, 0), "tiny", font(MIN_TEXT_PX - 1), (255, 255, 255))


def test_the_recorder_sees_small_type_drawn_around_the_helper(drawn: Drawn) -> None:
    ImageDraw.Draw(bot.render.canvas.felt((40, 40)).copy()).text((0, 0), "x", font=font(9))
    assert _too_small(drawn) == [(9.0, "x")]


def test_hand_texts_give_each_auroria_card_whole() -> None:
    game = game_or_skip("auroria")
    setup = {"players": [{}, {"hand": ["lancer", "shatter", "energy"]}]}
    state = game.scenario(2, parse_options(game.options, {}), 0, setup)
    assert hand_texts(game.view(state, 1)) == [
        "1. Pike Lancer (cost 3, Creature, power 4 front ~ 1 back; Piercing)",
        "2. Shatter (cost 1, Spell): Destroy an item.",
        "3. Basic Energy (Energy)"]
