"""Malformed scenario files: whatever a file holds, ``python -m bot scenario`` answers with one
``error:`` line and exit code 1, or runs it; it never ends in a traceback.

Random documents alone rarely get past the first checks, so each game's fuzz starts from a
plausible scenario and mutates it: values swapped for random JSON (huge numbers, NaN, deep
lists, odd text), keys dropped or added, list items duplicated.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.cli import scenario
from bot.engine import GameError
from bot.engine.scenario import run_scenario

LEAVES = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
          | st.floats(allow_nan=True, allow_infinity=True)
          | st.text(max_size=12) | st.sampled_from(["", "0", "-1", "deck", "red 7", "🂡", "\u202e"]))
JSON = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=10)

BASES: dict[str, dict[str, Any]] = {
    "zura": {"game": "zura", "players": 2, "seed": 3, "setup": {
        "turn": 1, "hands": [["forest", "cave"], ["mountain"]], "deck": ["cave", "forest"],
        "discard": ["mountain"], "rest": "deck", "tz_rest": "deck",
        "search": ["forest-seer", "mountain-keeper", {"card": "imp", "up": True},
                   {"card": "hermit", "peeked_by": [1]}, {"card": "cave-elder", "shown": True},
                   "forest-trader", "cave-gleaner", "mountain-dreamer"],
        "stacks": [["cave-seer"], []]},
        "actions": [{"player": 1, "choice": ["take"]}]},
    "aura": {"game": "aura", "players": 3, "seed": 5, "options": {"beginner": True},
             "setup": {"start": 1, "hands": [["red 7", "blue 2"], ["green 3", "red 4"], []],
                       "decks": [["red 1"], [], []], "discards": [[], ["blue 5"], []],
                       "rest": "deck", "surfaced": [0, 1, 2]},
             "actions": [{"player": 1, "choice": ["3"]}]},
    "auroria": {"game": "auroria", "players": 2, "seed": 7, "setup": {
        "first": 0, "phase": "main", "turn": 2,
        "players": [{"leader": "l_red", "influence": 20, "hand": ["bolt"],
                     "deck": ["squire"], "front": [{"id": "squire", "damage": 1}],
                     "energy": 3, "grave": ["bolt"]},
                    {"leader": "l_white", "back": ["squire"],
                     "energy": 2}]},
        "actions": [{"player": 0, "choice": ["battle"]}]},
}


@st.composite
def mutated(draw: st.DrawFn, value: Any, depth: int = 0) -> Any:
    """``value`` with some parts replaced, dropped or repeated (deeper parts change less)."""
    if draw(st.integers(0, 9)) < 2 + depth:  # keep this part as it is, deeper more often
        return value
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            fate = draw(st.sampled_from(["keep", "mutate", "mutate", "drop", "random"]))
            if fate == "keep":
                out[key] = item
            elif fate == "mutate":
                out[key] = draw(mutated(item, depth + 1))
            elif fate == "random":
                out[key] = draw(JSON)
        if draw(st.booleans()):
            out[draw(st.text(max_size=6))] = draw(JSON)
        return out
    if isinstance(value, list):
        items = [draw(mutated(item, depth + 1)) for item in value]
        if items and draw(st.booleans()):
            items.append(items[draw(st.integers(0, len(items) - 1))])
        return items
    return draw(JSON)


def _runs_or_explains(document: Any) -> None:
    try:
        run_scenario(document)
    except GameError as exc:
        event(f"explained: {str(exc).split(':')[0][:40]}")
    else:
        event("ran")


@st.composite
def scenarios(draw: st.DrawFn, game: str) -> dict[str, Any]:
    """The game's base scenario with its set-up always, and its actions often, mutated (the
    top-level fields are checked first, so changing them would hide the set-up's checks)."""
    doc = dict(BASES[game])
    doc["setup"] = draw(mutated(doc["setup"], depth=-2))
    if draw(st.booleans()):
        doc["actions"] = draw(mutated(doc["actions"], depth=-2))
    return doc


@pytest.mark.parametrize("game", ["aura", "auroria", "zura"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_scenario_runs_or_is_explained(game: str, data: st.DataObject) -> None:
    _runs_or_explains(data.draw(scenarios(game)))


@settings(max_examples=100, deadline=None)
@given(document=JSON)
def test_any_json_document_runs_or_is_explained(document: Any) -> None:
    _runs_or_explains(document)


@pytest.mark.parametrize("content", [
    b"\x00\xff\xfe garbage \x80",
    b"\xef\xbb\xbf" + json.dumps(BASES["zura"]).encode(),  # a byte-order mark
    b'{"game": "zura", "players": 2' + b", " * 10_000,
    b"[" * 50_000 + b"]" * 50_000,  # nesting deeper than the parser's recursion limit
    json.dumps({"game": "zura", "players": 10**400}).encode(),
    b'{"game": "zura", "seed": NaN}',
    json.dumps({"game": "zura" * 100_000}).encode(),
])
def test_a_hostile_file_gets_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            content: bytes) -> None:
    path = tmp_path / "scenario.json"
    path.write_bytes(content)
    assert scenario.main([str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ") and captured.err.count("\n") == 1
    assert len(captured.err) < 500, "an error names the problem, it does not echo the file"
