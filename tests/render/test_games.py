"""What every game's images must do: work for each player count mid-game and at the end,
stay within size limits, and show nothing that hidden cards could change (leak test)."""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.engine import Game, Rng
from bot.render import render_board, render_hand, render_summary
from bot.render.text import CANVAS
from tests.render.golden import GOLDEN
from tests.render.playing import game_or_skip, playout

MAX_BYTES = 300 * 1024
GAMES = ("zura", "aura", "auroria")


def check_png(png: bytes) -> Image.Image:
    assert len(png) <= MAX_BYTES
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "RGB"
    assert 1000 <= image.width <= 1400 and 300 <= image.height <= 1400
    return image


def sampled(game: Game[Any, Any], players: int, seed: int, samples: int) -> list[Any]:
    """About ``samples`` states spread over one game, always including the last one."""
    states = list(playout(game, players, seed))
    step = max(1, len(states) // samples)
    return [*states[1::step], states[-1]]


def player_counts() -> list[tuple[str, int]]:
    out = []
    for name in GAMES:
        for players in (2, 3, 4):
            out.append((name, players))
    return out


@pytest.mark.parametrize(("name", "players"), player_counts())
def test_every_image_renders_mid_game_and_at_the_end(name: str, players: int) -> None:
    game = game_or_skip(name)
    if not game.min_players <= players <= game.max_players:
        pytest.skip(f"{game.title} does not take {players} players")
    states = sampled(game, players, seed=10 + players, samples=6)
    for state in states:
        check_png(render_board(game.view(state, None)))
        for seat in range(players):
            check_png(render_hand(game.view(state, seat), seat))
    final = states[-1]
    result = game.result(final)
    assert result is not None
    check_png(render_summary(game.view(final, None), result))


@pytest.mark.parametrize("name", GAMES)
def test_hidden_cards_do_not_change_any_image(name: str) -> None:
    game = game_or_skip(name)
    players = game.max_players if game.max_players < 4 else 3
    rng = Rng(99)
    redealt = 0
    for state in sampled(game, players, seed=7, samples=5):
        for viewer in [None, *range(players)]:
            other = game.redeal_hidden(state, viewer, rng)
            assert other is not None, "the game must support redeal_hidden for this test"
            same_state = json.dumps(game.to_json(other), sort_keys=True) == json.dumps(
                game.to_json(state), sort_keys=True)
            redealt += not same_state
            if viewer is None:
                assert render_board(game.view(other, None)) == render_board(
                    game.view(state, None))
            else:
                assert render_hand(game.view(other, viewer)) == render_hand(
                    game.view(state, viewer))
    assert redealt > 0, "redeal_hidden never changed a hidden card: the test proved nothing"


@pytest.mark.parametrize("name", GAMES)
def test_same_view_same_bytes(name: str) -> None:
    game = game_or_skip(name)
    state = sampled(game, game.min_players, seed=3, samples=2)[0]
    view = game.view(state, None)
    assert render_board(view) == render_board(json.loads(json.dumps(view)))
    hand = game.view(state, 0)
    assert render_hand(hand) == render_hand(json.loads(json.dumps(hand)))


def test_a_hand_needs_the_seats_own_view() -> None:
    game = game_or_skip("zura")
    state = game.setup(2, {}, 1)
    with pytest.raises(ValueError, match="own view"):
        render_hand(game.view(state, None))
    with pytest.raises(ValueError, match="own view"):
        render_hand(game.view(state, 0), seat=1)


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="No renderer"):
        render_board({"game": "chess"})


def stored_view(name: str) -> Any:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def test_crowded_hands_stay_within_the_board_width() -> None:
    zura = stored_view("zura_hand_3p_peeked")
    zura["hand"] = [dict(card, number=k + 1) for k, card in enumerate(zura["hand"] * 3)]
    zura["looking_at"] = zura["hand"][0]
    auroria = stored_view("auroria_hand_planted")
    seat = auroria["viewer"]
    auroria["players"][seat]["hand"] = (auroria["players"][seat]["hand"] * 40)[:40]
    for view in (zura, auroria):
        image = check_png(render_hand(view))
        assert image.size[0] == CANVAS[0] and image.size[1] <= CANVAS[1]


def test_output_does_not_depend_on_what_the_process_drew_before() -> None:
    """Per-process caches must not change pixels: a fresh process draws the same bytes."""
    view = stored_view("zura_board_3p_mid")
    render_board(stored_view("aura_board_4p_effect"))  # warm caches with other cards first
    here = hashlib.sha256(render_board(view)).hexdigest()
    code = ("import json, sys, hashlib; from bot.render import render_board; "
            "print(hashlib.sha256(render_board(json.load(sys.stdin))).hexdigest())")
    fresh = subprocess.run([sys.executable, "-c", code], input=json.dumps(view), text=True,
                           capture_output=True, check=True, cwd=Path(__file__).parents[2])
    assert fresh.stdout.strip() == here
