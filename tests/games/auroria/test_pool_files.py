"""Loading the pool files: every defect is refused with the file and the card named."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.engine.datacheck import DataError
from bot.games.auroria.pool import FOLDER, POOL, load_pool

Data = dict[str, Any]


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "set1"
    shutil.copytree(FOLDER, folder)
    return folder


def _edit(folder: Path, name: str, change: Callable[[Data], None]) -> None:
    path = folder / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _card(data: Data, cid: str) -> Data:
    return next(c for c in data["cards"] if c["id"] == cid)


def test_the_shipped_files_load_and_a_copy_loads_the_same(tmp_path: Path) -> None:
    again = load_pool(_copy(tmp_path))
    assert again.numbers == POOL.numbers
    assert {k: d.main for k, d in again.decks.items()} == {
        k: d.main for k, d in POOL.decks.items()}


CASES: list[tuple[str, Callable[[Data], None], str]] = [
    ("valley.json", lambda d: _card(d, "r_bolt").update(txt="typo"),
     r"set1/valley.json: card `r_bolt`: unknown field\(s\) txt"),
    ("valley.json", lambda d: _card(d, "r_bolt").update(text="Deal 9 damage."),
     r"set1/valley.json: card `r_bolt`: unknown field\(s\) text"),
    ("valley.json", lambda d: _card(d, "r_bolt").update(type="wizard"),
     r"set1/valley.json: card `r_bolt`: Card `r_bolt`: unknown type"),
    ("valley.json", lambda d: _card(d, "r_bolt")["effects"][0].update(when="now"),
     r"set1/valley.json: card `r_bolt`.effects\[0\]: unknown field\(s\) when"),
    ("valley.json", lambda d: _card(d, "r_bolt")["effects"][0]["ops"][0].update(op="boom"),
     r"card `r_bolt`: Card `r_bolt`: unknown op `boom`"),
    ("valley.json", lambda d: _card(d, "r_bolt").update(no=30),
     r"set1/valley.json: card `r_bolt`: collector number 30 is taken"),
    ("valley.json", lambda d: _card(d, "r_bolt").update(no="x"),
     r"card `r_bolt`.no: must be a whole number"),
    ("valley.json", lambda d: _card(d, "r_bolt").update(name="Gold Coin"),
     r"card `r_bolt`: the name 'Gold Coin' is taken by `w_coin`"),
    ("valley.json", lambda d: _card(d, "r_bolt").update(id="w_coin"),
     r"set1/valley.json: card `w_coin`: the id is taken"),
    ("valley.json", lambda d: _card(d, "r_bolt").update(colour="purple"),
     r"card `r_bolt`: unknown colour `purple`"),
    ("leaders.json", lambda d: _card(d, "r_vesk").update(front=4),
     r"set1/leaders.json: card `r_vesk`.front: must be a whole number from 1 to 3"),
    ("leaders.json", lambda d: _card(d, "r_vesk").update(influence=30),
     r"card `r_vesk`.influence: must be a whole number from 20 to 25"),
    ("leaders.json", lambda d: _card(d, "r_vesk").update(traits=[]),
     r"card `r_vesk`: a leader opens three identity channels"),
    ("valley.json", lambda d: d["deck"]["main"].update(r_bolt=5),
     r"set1/valley.json: deck `valley`: not a legal deck: .*At most 4 copies of Cinder Bolt"),
    ("valley.json", lambda d: d["deck"]["main"].update(r_nope=1),
     r"deck `valley`.main: unknown card `r_nope`"),
    ("valley.json", lambda d: d["deck"]["main"].update(r_bolt=0),
     r"deck `valley`.main.r_bolt: must be a whole number from 1"),
    ("valley.json", lambda d: d["deck"].update(leader="w_edda"),
     r"deck `valley`: the deck's colour is not its leader's"),
    ("valley.json", lambda d: d["deck"]["side"].update(r_bolt=2),
     r"deck `valley`: not a legal deck: .*side deck holds exactly 10 cards, not 11"),
    ("potions.json", lambda d: d["deck"]["main"].update(r_bolt=1, b_energy=14),
     r"deck `potions`: not a legal deck: Cinder Bolt must be blue like the leader"),
    ("potions.json", lambda d: d["deck"]["main"].update(r_courier=1, b_energy=14),
     r"deck `potions`: not a legal deck: Ember Courier shares no identity channel"),
    ("city.json", lambda d: d.pop("deck"), r"set1/city.json: missing deck"),
]


@pytest.mark.parametrize(("name", "change", "message"), CASES)
def test_a_defect_is_named_by_file_and_card(tmp_path: Path, name: str,
                                            change: Callable[[Data], None],
                                            message: str) -> None:
    folder = _copy(tmp_path)
    _edit(folder, name, change)
    with pytest.raises(DataError, match=message):
        load_pool(folder)


def test_unreadable_json_names_the_file(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / "overgrowth.json").write_text("{ not json", encoding="utf-8")
    with pytest.raises(DataError, match=r"overgrowth.json: not valid JSON"):
        load_pool(folder)


def test_test_set_ids_are_reserved(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"card `r_bolt`: the id is taken"):
        load_pool(_copy(tmp_path), reserved={"r_bolt"})


WRONG = [None, 1, -3, "x", [], [1], {}, {"a": 1}, True, 2.5]


@pytest.mark.parametrize("value", WRONG, ids=repr)
def test_a_value_of_the_wrong_shape_anywhere_is_a_data_error(tmp_path: Path,
                                                              value: object) -> None:
    """Every field of a card with effects, targets and choose modes, and every deck field,
    set to a wrong shape: refused naming the file and the card or deck, never a crash."""
    folder = _copy(tmp_path)
    paths: list[tuple[str, Callable[[Data], Any]]] = [
        ("valley.json", lambda d: _card(d, "r_warcry")),
        ("valley.json", lambda d: _card(d, "r_warcry")["effects"][0]),
        ("valley.json", lambda d: _card(d, "r_warcry")["effects"][0]["targets"][0]),
        ("valley.json", lambda d: _card(d, "r_warcry")["effects"][0]["ops"][0]),
        ("city.json", lambda d: _card(d, "w_toll")["effects"][0]["ops"][0]["modes"][0]),
        ("city.json", lambda d: d["deck"]),
        ("leaders.json", lambda d: _card(d, "w_edda")),
    ]
    for name, where in paths:
        original = json.loads((FOLDER / name).read_text(encoding="utf-8"))
        for key in list(where(original)):
            def change(d: Data, where: Callable[[Data], Any] = where, key: str = key) -> None:
                where(d)[key] = value
            shutil.copy(FOLDER / name, folder / name)
            _edit(folder, name, change)
            try:
                load_pool(folder)
            except DataError as exc:  # a renamed id may surface where it is used
                assert str(exc).startswith("set1/") and "`" in str(exc), exc
        shutil.copy(FOLDER / name, folder / name)
