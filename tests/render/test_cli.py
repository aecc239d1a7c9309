"""``python -m bot render``: files for a scenario, one-line errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from bot.cli.render import main
from tests.render.playing import game_or_skip, moves


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_writes_the_board_and_every_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    game_or_skip("zura")
    scenario = write(tmp_path / "s.json", {"game": "zura", "players": 3, "seed": 4,
                                           "actions": [{"player": 0, "choice": ["deck"]}]})
    out = tmp_path / "images"
    assert main([str(scenario), "--out", str(out), "--names", "Ada,Bo,Cy"]) == 0
    files = sorted(p.name for p in out.iterdir())
    assert files == ["board.png", "hand-0.png", "hand-1.png", "hand-2.png"]
    assert capsys.readouterr().out.split() == [str(out / f) for f in files]
    for name in files:
        assert Image.open(out / name).format == "PNG"


def test_a_finished_game_also_gets_its_summary(tmp_path: Path) -> None:
    game = game_or_skip("zura")
    actions = [{"player": seat, "decision": action.decision, "choice": list(action.choice)}
               for seat, action, _ in moves(game, 2, 6)]
    scenario = write(tmp_path / "s.json", {"game": "zura", "players": 2, "seed": 6,
                                           "actions": actions})
    assert main([str(scenario), "--out", str(tmp_path / "o")]) == 0
    assert (tmp_path / "o" / "summary.png").is_file()


@pytest.mark.parametrize(("content", "message"), [
    (None, "cannot read"),
    ("{", "not valid JSON"),
    ({"game": "zura", "players": 9}, "2–4 players"),
    ({"game": "nonesuch"}, "no game called"),
    ({"game": "zura", "players": 2, "actions": [{"player": 0, "choice": ["fly"]}]},
     "Action 1"),
])
def test_bad_input_is_one_line_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          content: object, message: str) -> None:
    game_or_skip("zura")
    path = tmp_path / "s.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif content is not None:
        write(path, content)
    assert main([str(path), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and err.count("\n") == 1
    assert not (tmp_path / "o").exists()
