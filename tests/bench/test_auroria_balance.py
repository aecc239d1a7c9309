"""``bench auroria_balance --resume``: a stopped deck table continues where it stopped, and
its table is the file's. Random AIs on two games a pairing keep it fast."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.auroria_balance import load, run, schedule

# the four pairings naming overgrowth, two games each
ARGS = ["--level", "random", "--games", "2", "--decks", "overgrowth"]


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_every_game_is_a_line_and_a_second_run_plays_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.jsonl"
    run(False, [*ARGS, "--resume", str(path)])
    assert "0 games recorded, 8 of 8 still to play" in capsys.readouterr().out
    games = lines(path)
    assert sorted((g["a"], g["b"], g["seed"]) for g in games) == sorted(
        (a, b, seed) for a, b in [("city", "overgrowth"), ("valley", "overgrowth"),
                                  ("potions", "overgrowth"), ("overgrowth", "overgrowth")]
        for seed in (0, 1))
    for g in games:
        assert g["a_seat"] == g["seed"]  # deck A sits first in game 0, second in game 1
        assert g["level"] == "random" and g["think_ms"] == 0
        assert g["first"] in (0, 1) and isinstance(g["length"], int) and g["length"] > 0
        scores = g["scores"]
        assert isinstance(scores, list)
        assert g["winner"] == (None if scores[0] == scores[1] else scores.index(1.0))
    before = path.read_text()
    run(False, [*ARGS, "--resume", str(path)])
    assert "8 games recorded, 0 of 8 still to play" in capsys.readouterr().out
    assert path.read_text() == before


def test_a_stopped_run_plays_only_the_games_left(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.jsonl"
    run(False, [*ARGS, "--resume", str(path)])
    kept = path.read_text().splitlines(keepends=True)[:3]
    # a run stopped after three games, while writing the fourth
    path.write_text("".join(kept) + '{"a":"city","b":"overgr')
    capsys.readouterr()
    run(False, [*ARGS, "--resume", str(path), "--jobs", "2"])
    out = capsys.readouterr().out
    assert "dropped a last line cut short" in out
    assert "3 games recorded, 5 of 8 still to play" in out
    text = path.read_text()
    assert text.startswith("".join(kept))
    keys = [(g["a"], g["b"], g["seed"]) for g in lines(path)]
    assert len(keys) == len(set(keys)) == 8


def test_the_table_is_computed_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "table.jsonl"
    run(False, [*ARGS, "--resume", str(path)])
    # deck A wins every game of the file, by deck-out, in 300 decisions
    games = lines(path)
    for g in games:
        a_seat = g["a_seat"]
        assert isinstance(a_seat, int)
        g.update(scores=[1.0 - a_seat, float(a_seat)], winner=a_seat, deck_out=True, length=300)
    path.write_text("".join(json.dumps(g) + "\n" for g in games))
    rows = {r.name: r.value for r in run(False, [*ARGS, "--resume", str(path), "--report"])}
    assert rows["city vs overgrowth: A's points"] == 100.0
    assert rows["city vs overgrowth: deck-outs"] == 100.0
    assert rows["potions vs overgrowth: median length"] == 300


def test_a_file_of_another_level_or_think_time_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "table.jsonl"
    run(False, [*ARGS, "--resume", str(path)])
    with pytest.raises(SystemExit, match="random games at 0 ms"):
        run(False, ["--level", "normal", "--games", "3", "--decks", "overgrowth",
                    "--resume", str(path)])
    played = load(path)
    with pytest.raises(SystemExit, match="this run is strong at 150 ms"):
        schedule([("city", "overgrowth")], 3, "strong", 150, played)


def test_games_are_played_round_by_round(tmp_path: Path) -> None:
    """A run stopped early has about as many games in every pairing."""
    todo = schedule([("city", "city"), ("city", "valley")], 2, "strong", 150, [])
    assert [(a, b, seed) for a, b, _, seed, _ in todo] == [
        ("city", "city", 0), ("city", "valley", 0), ("city", "city", 1), ("city", "valley", 1)]
    assert {ms for *_, ms in todo} == {150}


def test_a_record_that_is_not_a_game_is_named(tmp_path: Path) -> None:
    path = tmp_path / "table.jsonl"
    path.write_text('{"a": "city"}\n')
    with pytest.raises(SystemExit, match=r"line 1: not a game's record"):
        load(path)
