"""``python -m bot scenario``: JSON out on success, one ``error:`` line and exit 1 otherwise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import scenario

HANDS = {"hands": [[1, 2, 3, 4, 30], [5, 6, 7, 8, 9]]}
ACTIONS = [{"player": 0, "choice": ["30"]}, {"player": 1, "choice": ["9"]},
           {"player": 0, "choice": ["1"]}]
GOOD = {"game": "highcard", "players": 2, "seed": 1, "setup": HANDS, "actions": ACTIONS}


def write(tmp_path: Path, content: object) -> str:
    path = tmp_path / "scenario.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)


def test_prints_views_events_pending_and_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert scenario.main([write(tmp_path, GOOD)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["views"]) == {"public", "seat0", "seat1"}
    assert out["views"]["public"]["hand"] is None
    assert out["views"]["seat0"]["hand"] == [2, 3, 4]
    assert out["views"]["seat1"]["hand"] == [5, 6, 7, 8]
    assert out["views"]["public"]["won"] == [1, 0]
    assert [e["kind"] for e in out["events"]] == ["sealed", "sealed", "reveal", "sealed"]
    assert all("audience" not in e for e in out["events"])  # all of these are public
    assert [d["id"] for d in out["pending"]] == ["r2.p1"]
    assert out["result"] is None


def test_a_finished_scenario_prints_the_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = {"game": "highcard", "players": 2, "options": {"rounds_to_win": 1},
           "setup": HANDS, "actions": ACTIONS[:2]}
    assert scenario.main([write(tmp_path, doc)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"]["placings"] == [1, 2] and out["pending"] == []


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "is not valid JSON (line 1, column 2"),
    ([], "must be a JSON object"),
    ({**GOOD, "actions": [{"player": 0, "choice": ["9"]}]},
     "Action 1 (player 0): `9` is not one of the choices offered."),
    ({**GOOD, "game": "chess"}, "no game called `chess`"),
])
def test_bad_files_exit_1_with_the_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          content: object, message: str) -> None:
    assert scenario.main([write(tmp_path, content)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ") and message in captured.err
    assert captured.err.count("\n") == 1


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert scenario.main([str(tmp_path / "nope.json")]) == 1
    assert "error: cannot read" in capsys.readouterr().err


def test_a_bad_game_module(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert scenario.main([write(tmp_path, GOOD), "--game-module", "tests.nope"]) == 1
    assert "cannot import game module `tests.nope`" in capsys.readouterr().err
