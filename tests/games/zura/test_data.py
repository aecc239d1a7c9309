"""The card file and scenario documents: the default set, and clear errors for bad input."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.engine import BadScenario
from bot.engine.datacheck import DataError
from bot.engine.scenario import run_scenario
from bot.games.zura import GAME, cards
from bot.games.zura.cards import CARDS, load_card_set, parse_card_set

CARDS_FILE = Path(cards.__file__).with_name("cards.json")
RAW = json.loads(CARDS_FILE.read_text(encoding="utf-8"))


def test_the_default_set_follows_the_house_rules() -> None:
    assert Counter(CARDS.landscapes[t].key for t in CARDS.travel) == {
        "forest": 20, "mountain": 20, "cave": 20}
    kinds = [CARDS.types[t] for t in CARDS.tz]
    assert len(kinds) == 35
    assert Counter(k.kind for k in kinds) == {"tzerzurian": 30, "hermit": 1, "imp": 4}
    for land in range(3):
        mine = [k for k in kinds if k.landscape == land]
        assert Counter(k.ability for k in mine) == {"peek4": 2, "steal5": 1, "extra12": 2,
                                                    "restack": 1, "discard2": 2, "scry": 1,
                                                    "swap": 1}
        assert sorted(str(k.points) for k in mine) == sorted(
            ["3", "4", "2", "2", "3", "2", "2", "2", "3", "None"])
    hermit = next(k for k in kinds if k.kind == "hermit")
    imp = next(k for k in kinds if k.kind == "imp")
    assert (hermit.points, hermit.ability, imp.points, imp.ability) == (1, "hand7", -2, "scry")
    assert (CARDS.deal, CARDS.hand_size, CARDS.slots) == (5, 6, 8)


def broken(change: Any) -> dict[str, Any]:
    data: dict[str, Any] = copy.deepcopy(RAW)
    change(data)
    return data


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("hand_size"), "missing hand_size"),
    (lambda d: d.update(extra=1), "unknown field"),
    (lambda d: d["tzerzurians"][0].update(ability="fly"), r"tzerzurians\[0\]\.ability"),
    (lambda d: d["tzerzurians"][1].update(points="many"), r"tzerzurians\[1\]\.points"),
    (lambda d: d["tzerzurians"][24].update(points="X"), "only landscape cards may be X"),
    (lambda d: d["tzerzurians"][2].update(landscape="desert"), "must be one of forest"),
    (lambda d: d["tzerzurians"][3].update(key="forest-seer"), "used twice"),
    (lambda d: d["tzerzurians"][24].update(landscape="forest"), "a hermit has no landscape"),
    (lambda d: d["landscapes"][0].update(travel_cards=0), "travel_cards"),
    (lambda d: [x.update(travel_cards=9) for x in d["landscapes"]], "too few for four hands"),
    (lambda d: d["abilities"].pop("swap"), r"`swap` is not one of"),
    (lambda d: d["search_area"].update(rows=9), "rows"),
    (lambda d: d.update(tzerzurians=d["tzerzurians"][:3]), "cannot fill a search area"),
])
def test_a_bad_card_file_names_the_fault(change: Any, message: str) -> None:
    with pytest.raises(DataError, match=message):
        parse_card_set(broken(change), "cards.json")


def test_the_file_itself_must_be_json(tmp_path: Path) -> None:
    bad = tmp_path / "cards.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match=r"cards\.json: not valid JSON"):
        load_card_set(bad)
    assert load_card_set(CARDS_FILE) == CARDS


@pytest.mark.parametrize(("setup", "message"), [
    ({"hands": [["desert"], []]}, "not a landscape"),
    ({"hands": [["forest"] * 21, []]}, "no forest card is left"),
    ({"hands": [["forest"] * 8, []]}, "at most 7"),
    ({"hands": [[]]}, "one list per player"),
    ({"search": ["hermit"]}, "needs 8 entries"),
    ({"search": [{"card": "hermit", "up": True}] + [None] * 7}, "only a lone Imp"),
    ({"search": ["hermit"] + [None] * 7}, "empty slot while the Tzerzurian pile"),
    ({"search": [{"card": "hermit", "peeked_by": [5]}] + ["imp"] * 3 + ["forest-seer"] * 1
      + ["cave-seer", "mountain-seer", "cave-elder"]}, "seat numbers"),
    ({"stacks": [["dragon"], []]}, "not a Tzerzurian card"),
    ({"turn": 2}, "seat number"),
    ({"rest": "box"}, "`rest`"),
    ({"tz_rest": 7}, "`tz_rest`"),
])
def test_a_bad_scenario_names_the_fault(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(BadScenario, match=message):
        GAME.scenario(2, {}, 0, setup)


def test_a_scenario_document_plays_through_the_engine() -> None:
    run = run_scenario({
        "game": "zura", "players": 2, "seed": 4,
        "setup": {"hands": [["forest"] * 3 + ["cave"] * 3, ["mountain"] * 6],
                  "search": ["forest-seer", "imp", "imp", "hermit",
                             "cave-seer", "forest-elder", "cave-elder", "mountain-elder"],
                  "tz_deck": ["cave-keeper"]},
        "actions": [{"player": 0, "choice": ["forest:3"]}, {"player": 0, "choice": ["A1"]},
                    {"player": 1, "choice": ["mountain:3"]}, {"player": 1, "choice": ["B4"]}],
    })
    assert [k for k in (e.kind for e in run.events) if k == "claim"] == ["claim", "claim"]
    assert GAME.view(run.state, None)["scores"] == [3, 2 + 1]
    with pytest.raises(BadScenario, match=r"Action 1 \(player 0\)"):
        run_scenario({"game": "zura", "setup": {"hands": [["forest"] * 6, []]},
                      "actions": [{"player": 0, "choice": ["cave:1"]}]})
