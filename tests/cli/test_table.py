"""``python -m bot table``: unattended AI games and a scripted human, in-process."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import table
from bot.engine import ORDER, PICK, Decision, Option


def run_table(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
              argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = table.main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_only_ai_seats_play_a_whole_game(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_table(monkeypatch, capsys,
                             ["highcard", "--seats", "ai,ai,ai", "--seed", "4"])
    assert code == 0
    assert "Game over." in out
    assert len(re.findall(r"wins the round", out)) == 5
    assert len(re.findall(r"^  \d(st|nd|rd|th): Seat \d \(AI normal\)", out, re.M)) == 3
    assert "Your choice" not in out and "You:" not in out


def test_the_same_seed_gives_the_same_game(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["highcard", "--seats", "ai,ai", "--seed", "9", "--level", "random"]
    first = run_table(monkeypatch, capsys, argv)
    assert first == run_table(monkeypatch, capsys, argv)


def test_a_human_plays_from_stdin_and_sees_only_their_hand(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Bad input first (out of range, not a number, two cards), then plain choices.
    script = "9\nx\n1,2\n1\n1 \n\n1\n1\n"
    code, out, err = run_table(monkeypatch, capsys,
                               ["highcard", "--seats", "ai,me", "--seed", "3"], script)
    assert (code, err) == (0, "")
    assert "Seat 2 (you)" in out and "Game over." in out
    assert out.count("Please enter numbers from 1 to 5.") == 2
    assert "Choose exactly 1." in out
    hands = re.findall(r"^  hand: (\[.*\])$", out, re.M)
    assert hands[0].count(",") == 4  # my five cards, printed once per update
    assert "hand: null" in out  # the public view never shows a hand
    # The AI's cards appear only once revealed, never as a hand.
    assert len(hands) == 6


def test_options_and_errors(monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_table(monkeypatch, capsys, ["highcard", "--seats", "ai,ai", "--seed",
                                                   "1", "--option", "rounds_to_win=1"])
    assert code == 0 and len(re.findall(r"wins the round", out)) == 1
    for argv, message in [
        (["highcard", "--option", "rounds_to_win=9"], "between 0 and 5"),
        (["highcard", "--option", "oops"], "NAME=VALUE"),
        (["highcard", "--seats", "me,me"], "only once"),
        (["highcard", "--seats", "me,bob"], "`me` and `ai`"),
        (["highcard", "--seats", "ai"], "needs 2–4 players"),
        (["highcard", "--level", "genius"], "AI level `genius`"),
        (["chess"], "no game called `chess`"),
    ]:
        code, _, err = run_table(monkeypatch, capsys, argv)
        assert code == 1 and err.startswith("error: ") and message in err, argv


def test_input_ending_early_is_a_clear_error(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_table(monkeypatch, capsys, ["highcard", "--seats", "me,ai"], "1\n")
    assert code == 1 and "input ended before the game did" in err


def test_the_command_line_entry_point_runs_a_game() -> None:
    """The real ``python -m bot table`` path, with the test game registered by a flag."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-m", "bot", "table", "highcard", "--seats", "ai,ai", "--seed", "2",
         "--game-module", "tests.highcard"],
        cwd=root, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Game over." in done.stdout


@pytest.mark.parametrize(("typed", "keys"), [
    ("1 3\n", ["a", "c"]), ("3,1\n", ["c", "a"]), (" 2 , 3 \n", ["b", "c"]),
    ("\n", ["b"]), ("0\n4\n2\n", ["b"]),
])
def test_choices_are_read_as_numbers(typed: str, keys: list[str]) -> None:
    decision = Decision("d", 0, PICK, "Pick up to two.",
                        (Option("a", "Ace"), Option("b", "Bee"), Option("c", "Sea")),
                        min=1, max=2, default=("b",))
    out = io.StringIO()
    assert table.Table(out, io.StringIO(typed)).ask(decision) == keys
    text = out.getvalue()
    assert "  1. Ace\n  2. Bee\n  3. Sea\n" in text
    assert "1 to 2 numbers; Enter for Bee" in text


def test_an_order_decision_asks_for_every_number() -> None:
    decision = Decision("d", 0, ORDER, "Order them.", (Option("a", "A"), Option("b", "B")))
    out = io.StringIO()
    assert table.Table(out, io.StringIO("2 1\n")).ask(decision) == ["b", "a"]
    assert "all numbers, first to last" in out.getvalue()
