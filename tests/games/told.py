"""Checks a game's table of sentences against rows written out in full, for every reader.

A row is (sentence name, placeholder values, reader seat, the text that reader reads), seats
named Ann, Bo, Cy and Di. The sentences are enumerated from the game's ``sentences`` module,
so a new one without rows fails, and so does one whose form for some reader has no row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bot.engine import Event, Sentence
from bot.engine.names import with_names

NAMES = ("Ann", "Bo", "Cy", "Di")
Row = tuple[str, Mapping[str, Any], int | None, str]


def sentences(module: ModuleType) -> dict[str, Sentence]:
    return {name: value for name, value in vars(module).items() if isinstance(value, Sentence)}


def told(sentence: Sentence, args: Mapping[str, Any], reader: int | None) -> str:
    """What ``reader`` reads in a log, names swapped in as the front ends do."""
    return with_names(Event("kind", sentence, args).told(reader), NAMES)


def check_row(module: ModuleType, row: Row) -> None:
    name, args, reader, text = row
    sentence = sentences(module)[name]
    assert told(sentence, args, reader) == text
    if reader not in [args[s] for s in sentence.seats]:
        assert told(sentence, args, None) == text, "a reader the sentence is not about reads "\
                                                   "what the public log says"


def uncovered(module: ModuleType, rows: Sequence[Row]) -> dict[str, list[str]]:
    """Per sentence, the forms (by the reader's part) no row reads."""
    seen: dict[str, set[str]] = {}
    for name, args, reader, _ in rows:
        seen.setdefault(name, set()).add(sentences(module)[name].form(args, reader))
    out = {}
    for name, sentence in sentences(module).items():
        left = [part or "someone else" for part, form in sentence.parts().items()
                if form not in seen.get(name, set())]
        if left:
            out[name] = left
    return out


def made_elsewhere(package: Path) -> list[str]:
    """Modules of a game's package that write a sentence outside ``sentences.py``: every
    word of its log must be in the table the tests enumerate."""
    return sorted(p.name for p in package.glob("*.py")
                  if p.name != "sentences.py" and "Sentence(" in p.read_text())


def sentence_checks(module: ModuleType, rows: Sequence[Row]) -> tuple[Callable[..., None], ...]:
    """The three tests of a game's table of sentences, for its test module to bind."""

    @pytest.mark.parametrize("row", rows, ids=[f"{r[0]}-{r[2]}" for r in rows])
    def test_each_reader_reads_a_sentence_that_agrees_with_them(row: Row) -> None:
        check_row(module, row)

    def test_every_sentence_has_a_row_for_every_reader() -> None:
        assert uncovered(module, rows) == {}

    def test_every_sentence_of_the_log_is_in_the_table() -> None:
        assert module.__file__ is not None
        assert made_elsewhere(Path(module.__file__).parent) == []

    return (test_each_reader_reads_a_sentence_that_agrees_with_them,
            test_every_sentence_has_a_row_for_every_reader,
            test_every_sentence_of_the_log_is_in_the_table)
