"""``python -m bot scenario``: JSON (or ``--next``/``--log`` text) out on success; otherwise an
``error:`` line, followed for a refused action by the decision it met and its options."""

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


AURA = {"game": "aura", "players": 2, "seed": 5, "options": {"beginner": True},
        "setup": {"start": 0, "hands": [["red 7", "blue 2", "green 3"],
                                        ["green 4", "red 4", "blue 5"]]}}
AURA_BLOCKS = [{"player": 0, "choice": ["6", "41"]}, {"player": 1, "choice": ["3"]},
               {"player": 1, "choice": ["none"]}]
"""Player 0 plays Red 7 and Blue 2; player 1 blocks the first with Red 4 and not the second,
so the reveal leaves player 1 to discard 2 (Aura rulebook: a lost block costs two cards)."""


def refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: object) -> list[str]:
    assert scenario.main([write(tmp_path, doc)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err.splitlines()


def test_next_prints_each_open_decision_with_key_and_label(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert scenario.main([write(tmp_path, {**AURA, "actions": AURA_BLOCKS[:1]}), "--next"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "decision `a1.block` for player 1 (choose exactly 1): Card 1 of 2 from Player 1 lies "
        "face down: block it with a card, or leave it.",
        "  3 — Red 4", "  23 — Green 4", "  44 — Blue 5", "  none — Leave it unblocked",
        "  done — Stop blocking (leave the rest)"]


def test_log_prints_event_lines_and_who_saw_private_ones(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert scenario.main([write(tmp_path, {**AURA, "actions": AURA_BLOCKS[:1]}), "--log"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Player 1 plays 2 cards face down.", "[seen by player 0] You play Red 7, Blue 2."]


def test_next_on_a_finished_game_gives_the_placings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = {**GOOD, "options": {"rounds_to_win": 1}, "actions": ACTIONS[:2]}
    assert scenario.main([write(tmp_path, doc), "--next"]) == 0
    assert capsys.readouterr().out.strip() == (
        "The game is over (normal); placings: player 0: 1, player 1: 2.")


def test_a_choice_not_offered_lists_the_offered_keys_with_labels(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = refused(tmp_path, capsys, {**GOOD, "actions": [{"player": 0, "choice": ["9"]}]})
    assert lines == [
        "error: Action 1 (player 0): `9` is neither a key nor a label offered.",
        "It was matched against decision `r1.p0` for player 0 (choose exactly 1): "
        "Play one card face down.",
        "Offered:", "  1 — 1", "  2 — 2", "  3 — 3", "  4 — 4", "  30 — 30"]


def test_an_extra_block_says_the_turn_moved_on_to_the_discard(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extra = [*AURA_BLOCKS, {"player": 1, "choice": ["none"]}]
    lines = refused(tmp_path, capsys, {**AURA, "actions": extra})
    assert lines[0] == "error: Action 4 (player 1): `none` is neither a key nor a label offered."
    assert lines[1].startswith("It was matched against decision `d3.1.discard` for player 1 "
                               "(choose exactly 2): Discard 2")
    assert lines[2].startswith("The action names no `decision`, so it went to the player's "
                               "only open one: the game moved on to `d3.1.discard` after "
                               "action 3 answered `a2.block`")
    assert lines[3:] == ["Offered:", "  b0 — Red 4 (your block on card 1)", "  23 — Green 4",
                         "  44 — Blue 5", "  t1 — Top of deck #1", "  t2 — Top of deck #2"]


def test_a_wrong_count_names_the_decision_and_what_it_offers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extra = [*AURA_BLOCKS, {"player": 1, "choice": ["23"]}]
    lines = refused(tmp_path, capsys, {**AURA, "actions": extra})
    assert lines[0] == "error: Action 4 (player 1): Choose exactly 2."
    assert "`d3.1.discard`" in lines[1] and "moved on to `d3.1.discard`" in lines[2]
    assert "  t2 — Top of deck #2" in lines


def test_a_choice_may_be_written_as_its_label_in_any_letter_case(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    by_label = [{"player": 0, "choice": ["red 7", "Blue 2"]},
                {"player": 1, "choice": ["RED 4"]},
                {"player": 1, "choice": ["Leave it unblocked"]}]
    assert scenario.main([write(tmp_path, {**AURA, "actions": by_label})]) == 0
    by_label_out = capsys.readouterr().out
    assert scenario.main([write(tmp_path, {**AURA, "actions": AURA_BLOCKS})]) == 0
    assert by_label_out == capsys.readouterr().out


def test_a_label_two_options_share_is_refused_as_ambiguous(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    two_squires = {"game": "auroria", "players": 2, "setup": {
        "players": [{"front": ["squire", "squire"]}, {}]},
        "actions": [{"player": 0, "choice": ["Move Road Squire to the backline"]}]}
    lines = refused(tmp_path, capsys, two_squires)
    assert lines[0] == ("error: Action 1 (player 0): `Move Road Squire to the backline` is the "
                        "label of several options (move:1, move:2); write the key instead.")
    assert lines[-3:] == ["  move:1 — Move Road Squire to the backline",
                          "  move:2 — Move Road Squire to the backline", "  battle — Go to battle"]


def test_an_action_for_a_player_with_nothing_to_decide_lists_who_is_awaited(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = refused(tmp_path, capsys, {**AURA, "actions": [{"player": 1, "choice": ["3"]}]})
    assert lines[0] == "error: Action 1: player 1 has no open decision."
    assert lines[1] == "The game waits on:"
    assert lines[2].startswith("decision `a0.play` for player 0 (choose 2 to 3)")


def test_a_named_decision_that_is_not_open_lists_the_open_ones(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = {**AURA, "actions": [{"player": 0, "decision": "a9.play", "choice": ["6", "41"]}]}
    lines = refused(tmp_path, capsys, doc)
    assert lines[0] == "error: Action 1: decision `a9.play` is not open."
    assert lines[2].startswith("decision `a0.play` for player 0")


BOLT = {"game": "auroria", "players": 2, "seed": 7, "setup": {
    "players": [{"hand": ["bolt"], "energy": 3}, {"back": ["squire"], "energy": 2}]},
    "actions": [{"player": 0, "choice": ["Play Spark Bolt (1)"]}]}


@pytest.mark.parametrize(("autopass", "waits_on"), [(False, "1.window"), (True, "1.main")])
def test_auroria_setup_autopass_skips_the_mirrored_main_phase_window(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], autopass: bool,
        waits_on: str) -> None:
    """Player 1 could answer Spark Bolt by moving their Road Squire (a mirrored turn); with
    ``autopass`` in their set-up the scenario goes straight back to player 0's Main Phase."""
    doc = json.loads(json.dumps(BOLT))
    doc["setup"]["players"][1]["autopass"] = autopass
    assert scenario.main([write(tmp_path, doc), "--next"]) == 0
    assert capsys.readouterr().out.startswith(f"decision `{waits_on}`")


def test_zura_ordering_step_takes_names_even_for_two_alike_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A face-up lone Imp and a flipped one are claimed as a pair (Zura rulebook), with the
    Hermit after them: three new cards to order, two of them named alike."""
    doc = {"game": "zura", "players": 2, "seed": 1, "setup": {
        "hands": [["mountain"] * 4 + ["cave", "forest"], ["cave"]],
        "search": [{"card": "imp", "up": True}, "imp", "hermit", "forest-seer", "cave-keeper",
                   "forest-elder", "cave-dreamer", "mountain-wanderer"]},
        "actions": [{"player": 0, "choice": ["mountain:4"]}, {"player": 0, "choice": ["A2"]},
                    {"player": 0, "choice": ["A3"]},
                    {"player": 0, "choice": ["Zuran Imp", "The Hermit", "zuran imp"]}]}
    assert scenario.main([write(tmp_path, doc), "--log"]) == 0
    assert "Player 1 now shows Zuran Imp on top." in capsys.readouterr().out.splitlines()
