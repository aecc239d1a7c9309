"""``docs/scenarios.md`` stays true: every command it shows prints exactly the output shown,
every scenario kept in ``docs/scenarios/`` runs, and its table of Auroria test cards is the
card set the game has."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.cli import scenario
from bot.games.aura import scenario as aura_scenario
from bot.games.auroria import scenario as auroria_setup
from bot.games.auroria.testset import TEST_SET
from bot.games.zura import scenario as zura_setup

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "scenarios.md"
COMMAND = re.compile(r"```console\n\$ python -m bot scenario (?P<args>[^\n]*)\n(?P<out>.*?)```",
                     re.S)
TABLE = re.compile(r"<!-- auroria-test-set -->\n(?P<table>.*?)<!-- /auroria-test-set -->", re.S)
COMMANDS = [(m["args"], m["out"]) for m in COMMAND.finditer(DOC.read_text(encoding="utf-8"))]


def test_the_page_shows_a_worked_example_per_game() -> None:
    shown = {args.split()[0] for args, _ in COMMANDS}
    assert {f"docs/scenarios/{game}.json" for game in ("aura", "zura", "auroria")} <= shown


@pytest.mark.parametrize(("args", "expected"), COMMANDS, ids=[a for a, _ in COMMANDS])
def test_each_command_on_the_page_prints_what_the_page_shows(
        args: str, expected: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    scenario.main(args.split())
    captured = capsys.readouterr()
    assert captured.out + captured.err == expected


@pytest.mark.parametrize("path", sorted((ROOT / "docs" / "scenarios").glob("*.json")),
                         ids=lambda p: p.name)
def test_each_kept_scenario_runs(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert scenario.main([str(path), "--next"]) == 0, capsys.readouterr().err


def _row(card: dict[str, Any]) -> str:
    words = ", ".join(card.get("keywords", []))
    text = card.get("text", "")
    about = f"{words}. {text}" if words and text else words or text
    power = "/".join(str(card[line]) for line in ("front", "back") if line in card)
    return (f"| `{card['id']}` | {card['name']} | {card['type']} | {card.get('cost', '')} "
            f"| {power} | {about} |")


def card_table() -> str:
    """The table the page shows, from the card set itself."""
    return "\n".join(["| id | name | type | cost | power front/back | keywords, text |",
                      "|---|---|---|---|---|---|", *map(_row, TEST_SET)]) + "\n"


def test_the_auroria_card_table_is_the_test_set() -> None:
    found = TABLE.search(DOC.read_text(encoding="utf-8"))
    assert found is not None
    assert found["table"] == card_table()


@pytest.mark.parametrize("module", [aura_scenario, zura_setup, auroria_setup],
                         ids=lambda m: m.__name__)
def test_every_set_up_field_a_game_documents_is_on_the_page(module: Any) -> None:
    """A field added to a game's set-up (and to its docstring) must reach the page too."""
    fields = set(re.findall(r'"(\w+)":', module.__doc__))
    page = DOC.read_text(encoding="utf-8")
    assert fields and {f for f in fields if f'"{f}"' not in page} == set()
