"""``python -m bot table``: unattended AI games and a scripted human, in-process."""

from __future__ import annotations

import io
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import table
from bot.engine import ORDER, PICK, Decision, Option
from bot.engine.said import Said


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
    assert len(re.findall(r"^  \d(st|nd|rd|th): AI \d \(normal\)", out, re.M)) == 3
    assert "Your choice" not in out and "Your hand" not in out


def test_the_same_seed_gives_the_same_game(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["highcard", "--seats", "ai,ai", "--seed", "9", "--level", "random"]
    first = run_table(monkeypatch, capsys, argv)
    assert first == run_table(monkeypatch, capsys, argv)


def test_a_human_plays_from_stdin_and_sees_only_their_hand(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Bad input first (out of range, not a number, a bare Enter, two cards), then choices.
    script = "9\nx\n\n1,2\n1\n1 \n1\n1\n1\n"
    code, out, err = run_table(monkeypatch, capsys,
                               ["highcard", "--seats", "ai,me", "--seed", "3",
                                "--names", "Ann,Bo"], script)
    assert (code, err) == (0, "")
    assert "High Card, match #1: Ann and Bo." in out and "Game over." in out
    assert out.count("Please enter numbers from 1 to 5") == 3
    assert "Choose exactly 1." in out
    hands = re.findall(r"^Your hand: (.*)\.$", out, re.M)
    assert hands[0].count(",") == 3 and " and " in hands[0]  # my five cards
    assert hands[-1] == "empty" and len(hands) == 6  # printed when it changed
    assert "Ann plays a card face down." in out  # events name players as given


def test_the_log_speaks_to_you_in_the_second_person(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 33: the log read "You mulligans 6 cards (free)"; each sentence now agrees with
    its reader, and the AI seat keeps the third person."""
    _, out, _ = run_table(monkeypatch, capsys, ["auroria", "--seats", "me,ai", "--seed", "3"],
                          "1\n" * 40)
    log = [line for line in out.splitlines() if line.startswith("· ")]
    for line in ["· You mulligan 6 cards (free).", "· AI 2 (normal) keeps 7 cards.",
                 "· Turn 2: your turn.", "· You end the turn.", "· AI 2 (normal) ends the turn.",
                 "· You place an Energy.", "· (only you) You draw Thorn Cloak."]:
        assert line in log
    wrong = re.compile(r"\bYou('s| (mulligans|keeps|draws|plays|places|pays|ends|loses|gains"
                       r"|has|is|wins|blocks|attacks)\b)")
    assert [line for line in log if wrong.search(line)] == []


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
        (["highcard", "--seats", "me,ai", "--names", "Ann"], "needs 2 names"),
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
    ("\n2\n", ["b"]), ("0\n4\n2\n", ["b"]), ("?\nb\n1\n", ["a"]),
])
def test_choices_are_read_as_numbers(typed: str, keys: list[str]) -> None:
    decision = Decision("d", 0, PICK, Said("Pick up to two."),
                        (Option("a", Said("Ace")), Option("b", Said("Bee")),
                         Option("c", Said("Sea"))),
                        min=1, max=2, default=("b",))
    out = io.StringIO()
    assert table.Table(out, io.StringIO(typed)).ask(decision) == keys
    text = out.getvalue()
    assert "  1. Ace\n  2. Bee\n  3. Sea\n" in text
    assert "(1 to 2 numbers; ? for help)" in text and "Enter" not in text


def test_none_chooses_nothing_only_where_allowed() -> None:
    optional = Decision("d", 0, PICK, Said("Keep any?"),
                        (Option("a", Said("A")), Option("b", Said("B"))),
                        min=0, max=2)
    out = io.StringIO()
    assert table.Table(out, io.StringIO("none\n")).ask(optional) == []
    assert "0 to 2 numbers, or `none`" in out.getvalue()
    needed = Decision("d", 0, PICK, Said("Pick one."), (Option("a", Said("A")),))
    assert table.Table(io.StringIO(), io.StringIO("none\n1\n")).ask(needed) == ["a"]


def test_a_bare_enter_never_takes_the_default() -> None:
    decision = Decision("d", 0, PICK, Said("Pass?"),
                        (Option("pass", Said("Pass")), Option("go", Said("Go"))),
                        default=("pass",))
    with pytest.raises(table.InputEnded):
        table.Table(io.StringIO(), io.StringIO("\n\n")).ask(decision)


def test_an_order_decision_asks_for_every_number() -> None:
    decision = Decision("d", 0, ORDER, Said("Order them."),
                        (Option("a", Said("A")), Option("b", Said("B"))))
    out = io.StringIO()
    assert table.Table(out, io.StringIO("2 1\n")).ask(decision) == ["b", "a"]
    assert "all numbers, first to last" in out.getvalue()


JSON_OR_SEATS = re.compile(r"[{}\"]|\b(Seat|Player) \d|\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize(("game", "seats", "names"), [
    ("zura", "me,ai,ai", "Ann,Bo,Cy"),
    ("aura", "ai,me,ai", "Ann,Bo,Cy"),
    ("auroria", "me,ai", "Ann,Bo"),
])
def test_each_game_reads_like_a_game(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str],
                                     game: str, seats: str, names: str) -> None:
    code, out, err = run_table(monkeypatch, capsys,
                               [game, "--seats", seats, "--seed", "5", "--names", names],
                               "1\n" * 12)
    assert code == 1 and "input ended before the game did" in err  # 12 answers, then EOF
    assert not JSON_OR_SEATS.search(out), JSON_OR_SEATS.search(out)
    assert out.count("Your hand: ") >= 3
    assert "your turn" in out or "Waiting for you" in out
    others = [n for n, s in zip(names.split(","), seats.split(","), strict=True) if s == "ai"]
    me = names.split(",")[seats.split(",").index("me")]
    assert all(f"\n{n}: " in out for n in others)  # each opponent's line, by the given name
    assert f"\n{me}: " not in out  # in your own view you are "You"
    assert re.search(r"^  1\. \S", out, re.M) and "Your choice (" in out


class Interrupted(io.StringIO):
    """Standard input on which the player presses Ctrl-C at the first prompt."""

    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_leaves_with_a_short_message(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", Interrupted())
    assert table.main(["zura", "--seats", "me,ai"]) == 130
    err = capsys.readouterr().err
    assert err == "Left the table; the game was not finished.\n"


def test_a_real_ctrl_c_at_a_prompt_ends_without_a_traceback() -> None:
    root = Path(__file__).resolve().parents[2]
    with subprocess.Popen([sys.executable, "-m", "bot", "table", "zura", "--seats", "me,ai"],
                          cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None and child.stderr is not None
        seen = ""
        while "Your choice" not in seen:
            seen += child.stdout.read(1) or pytest.fail(seen + child.stderr.read())
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert err == "Left the table; the game was not finished.\n"

