"""A new Zura ability is a card entry, a handler and a picture: shown by adding one here.

``recycle`` ("put one travel card under the travel deck, once per turn, before discarding")
is not in the shipped set. The test builds a fresh Zura from a copy of ``cards.json`` with a
Recycler card, registers the handler, gives the renderer its caption, and plays it: the
rules, menus, view, text, help and both AIs take it with no other change.
"""

from __future__ import annotations

import copy
import importlib
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import bot.engine.datacheck
import bot.games
from bot.engine import Action, Event, Option, Rng, Sentence, play
from bot.engine.datacheck import DataError
from bot.engine.playout import run_playout
from bot.engine.said import Said, said
from bot.games.zura.abilities import ABILITIES, handler
from bot.render import cards as card_faces
from bot.render import render_board, render_hand
from bot.render import zura as picture

ROOT = Path(__file__).resolve().parents[3]
CARD_FILE = ROOT / "bot" / "games" / "zura" / "cards.json"
NEW = "recycle"
PUT_AWAY = Sentence("{player} puts a travel card under the deck.",
                    "You put a travel card under the deck.", ("player",))


def _with_recycler() -> dict[str, Any]:
    """The shipped card set with the Forest Dreamer replaced by three Forest Recyclers."""
    data: dict[str, Any] = copy.deepcopy(json.loads(CARD_FILE.read_text(encoding="utf-8")))
    data["abilities"][NEW] = ("Once per turn, before discarding: put one travel card from "
                              "your hand under the travel deck.")
    data["tzerzurians"] = [
        {"key": "forest-recycler", "name": "Forest Recycler", "landscape": "forest",
         "points": 2, "ability": NEW, "copies": 3} if t["key"] == "forest-dreamer" else t
        for t in data["tzerzurians"]]
    return data


@pytest.fixture
def zura(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """A fresh import of ``bot.games.zura`` built from the copy, with the handler registered
    and the caption added; the shipped package is back in place afterwards."""
    monkeypatch.setattr(bot.games, "zura", sys.modules["bot.games.zura"])
    for name in [m for m in sys.modules if m == "bot.games.zura" or
                 m.startswith("bot.games.zura.")]:
        monkeypatch.delitem(sys.modules, name)
    data = _with_recycler()
    load = bot.engine.datacheck.load_json
    monkeypatch.setattr(bot.engine.datacheck, "load_json",
                        lambda path: data if path == CARD_FILE else load(path))
    package = importlib.import_module("bot.games.zura")
    abilities = importlib.import_module("bot.games.zura.abilities")
    board = importlib.import_module("bot.games.zura.board")

    class Recycle(abilities.Ability):  # type: ignore[name-defined,misc]
        key = NEW
        topic = said("Once in your turn, before discarding, put one travel card from your "
                     "hand at the bottom of the travel deck.")
        phase = NEW
        doing = said("putting a travel card under the deck")

        def act_options(self, s: Any) -> list[Option]:
            if self.key in s.used or not s.hands[s.turn]:
                return []
            return [Option(self.key, "Recycle: put a travel card under the deck", "ability")]

        def act(self, s: Any, key: str, ev: list[Event]) -> None:
            s.phase = self.phase

        def pending(self, s: Any) -> list[Any]:
            return [board.pick(s, s.turn, said("Which travel card goes under the deck?"),
                               board.landscape_options(s.hands[s.turn],
                                                       said("Put away a {land} (card {n})")))]

        def answer(self, s: Any, player: int, choice: tuple[str, ...],
                   ev: list[Event]) -> str:
            cards, hand = board.take_from_hand(s.hands[s.turn], board.LAND[choice[0]], 1)
            board.set_hand(s, s.turn, hand)
            s.deck = (*cards, *s.deck)
            s.used += (self.key,)
            ev.append(Event(NEW, PUT_AWAY, {"player": s.turn}, data={"seat": s.turn}))
            return "act"

    abilities.register(Recycle())
    monkeypatch.setitem(picture.ABILITY_SHORT, NEW, Said("Recycle a card"))
    yield package


SIX = ["forest"] * 3 + ["mountain"] * 2 + ["cave"]


def test_a_new_ability_is_played_from_its_handler(zura: ModuleType) -> None:
    game = zura.GAME
    s = game.scenario(2, {}, 0, {"hands": [["forest"] * 3 + ["cave"] * 3, SIX],
                                 "stacks": [["forest-recycler"], []], "deck": ["mountain"]})
    (d,) = game.pending(s)
    assert [o.key for o in d.options][-1] == NEW
    s, _ = play(game, s, 0, Action(d.id, (NEW,)))
    (d,) = game.pending(s)
    assert s.phase == NEW and [o.key for o in d.options] == ["forest", "cave"]
    deck = len(s.deck)
    s, events = play(game, s, 0, Action(d.id, ("cave",)))
    assert [e.kind for e in events] == [NEW]
    assert len(s.deck) == deck + 1 and zura.cards.CARDS.travel[s.deck[0]] == 2  # a Cave, under
    (d,) = game.pending(s)
    assert s.phase == "act" and NEW not in [o.key for o in d.options]  # once per turn
    game.invariants(s)


def test_the_new_ability_is_seen_described_pictured_and_explained(
        zura: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    game = zura.GAME
    s = game.scenario(2, {}, 0, {"hands": [["forest"] * 3 + ["cave"] * 3, SIX],
                                 "stacks": [["forest-recycler"], []]})
    view = game.view(s, 0)
    top = view["stacks"][0]["top"]
    assert top["ability"] == NEW and top["ability_text"].startswith("Once per turn")
    assert "Forest Recycler" in game.describe(view, ["Ada", "Bo"])
    topic = game.topics()[NEW]
    assert str(topic.shows(game.view(s, None))) == ("Forest Recycler is on top of a stack: its "
                                                "power is in play.")
    assert f"`{NEW}`" in str(game.topics()["abilities"].text)
    drawn: list[tuple[str, ...]] = []
    face = card_faces.face

    def recording(size: Any, suit: Any, corner: str, name: str,
                  lines: tuple[str, ...] = (), **kw: Any) -> Any:
        drawn.append(tuple(lines))
        return face(size, suit, corner, name, lines, **kw)

    monkeypatch.setattr(card_faces, "face", recording)
    render_board(game.view(s, None))
    assert ("Recycle a card",) in drawn
    s, _ = play(game, s, 0, Action(game.pending(s)[0].id, (NEW,)))
    assert "putting a travel card under the deck" in game.describe(game.view(s, 1), ["A", "B"])
    render_hand(game.view(s, 0))


def test_both_ais_play_the_new_ability_without_knowing_it(zura: ModuleType) -> None:
    game = zura.GAME
    s = game.scenario(2, {}, 0, {"hands": [["forest"] * 3 + ["cave"] * 3, SIX],
                                 "stacks": [["cave-seer", "forest-recycler"], []]})
    s, _ = play(game, s, 0, Action(game.pending(s)[0].id, (NEW,)))
    (d,) = game.pending(s)
    for level in ("normal", "random"):
        action = game.ai_choose(level, game.view(s, 0), d, Rng(1))
        play(game, s, 0, action)  # legal
    used = 0
    for seed in range(12):
        out = run_playout(game, 3, seed, levels=["random", "normal", "normal"])
        used += sum(action.choice == (NEW,) for _, action in out.actions)
    assert used > 0


def test_an_ability_lives_in_three_places() -> None:
    """The places an ability is named: its entry in ``cards.json``, its handler in
    ``abilities.py`` and its caption in ``bot/render/zura.py``. The AI may know an ability
    better (``ai.py``; it never has to), the renderer words a step, and the lesson introduces an
    ability's own kind of decision (``lessons.py``, keyed by kind, and the line in
    ``lesson.json``); nothing else names one.
    """
    data = json.loads(CARD_FILE.read_text(encoding="utf-8"))
    keys = set(data["abilities"])
    assert keys == set(ABILITIES) == set(picture.ABILITY_SHORT)
    assert {t["ability"] for t in data["tzerzurians"]} == keys
    places = {"bot/games/zura/cards.json", "bot/games/zura/abilities.py", "bot/render/zura.py"}
    optional = {"bot/games/zura/ai.py", "bot/games/zura/lessons.py",
                "bot/games/zura/lesson.json"}
    named: dict[str, set[str]] = {key: set() for key in keys}
    for folder in ("bot", "cogs", "bench"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".json") or "auroria" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            for key in keys:
                if re.search(rf"[\"']{key}[\"']", text):
                    named[key].add(str(path.relative_to(ROOT)))
    for key, files in named.items():
        assert places <= files <= places | optional, (key, files)


def test_an_ability_without_a_handler_names_the_missing_place() -> None:
    with pytest.raises(DataError, match=r"`fly` has no handler in bot/games/zura/abilities\.py"):
        handler("fly")
