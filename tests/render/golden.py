"""Golden images: fixed views rendered and compared to stored PNGs with a small tolerance.

Each golden has two files in ``golden/``: ``<name>.json``, the view (and result) taken once
from a fixed scenario of the real game, and ``<name>.png``, the image of it. Storing the
view keeps the goldens about rendering: a game's rules or AI may change without moving
them (the tests in ``test_games.py`` keep rendering the live engines). After an intended
change to how images look, or to refresh the views from the engines, run::

    PARLOR_REFRESH_GOLDEN=1 .venv/bin/python -m pytest tests/render

and review the changed PNGs before committing them. ``PARLOR_REFRESH_GOLDEN=images`` redraws
the PNGs from the stored views and leaves the views as they are.

Two images match when they have the same size, the mean absolute difference over all
channels is at most ``MEAN_TOLERANCE`` (0–255 scale), and no 16×16 block differs on
average by more than ``BLOCK_TOLERANCE``: font hinting or zlib may move a few pixels,
a misplaced card or a wrong number may not.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

GOLDEN = Path(__file__).parent / "golden"
MEAN_TOLERANCE = 1.0
BLOCK_TOLERANCE = 12
BLOCK = 16


def refreshing() -> bool:
    """Views and images are both made anew."""
    return os.environ.get("PARLOR_REFRESH_GOLDEN") == "1"


def redrawing() -> bool:
    """Images are made anew (from the stored views, unless ``refreshing``)."""
    return refreshing() or os.environ.get("PARLOR_REFRESH_GOLDEN") == "images"


def fixture(name: str, build: Callable[[], Any]) -> Any:
    """The stored JSON input of golden ``name``; ``build`` makes it anew when refreshing."""
    path = GOLDEN / f"{name}.json"
    if refreshing():
        data = build()
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(data, sort_keys=True, indent=1) + "\n", encoding="utf-8")
    if not path.exists():
        pytest.fail(f"No golden input {path.name}; create it with PARLOR_REFRESH_GOLDEN=1.")
    return json.loads(path.read_text(encoding="utf-8"))


def difference(a: Image.Image, b: Image.Image) -> tuple[float, int]:
    """(mean absolute difference, worst 16×16 block mean) of two same-size RGB images."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    blocks = diff.convert("L").reduce(BLOCK)
    worst = blocks.getextrema()[1]
    assert isinstance(worst, int)
    return mean, worst


def assert_matches_golden(name: str, png: bytes) -> None:
    path = GOLDEN / f"{name}.png"
    image = Image.open(io.BytesIO(png))
    if redrawing():
        GOLDEN.mkdir(exist_ok=True)
        image.save(path, "PNG", optimize=True)  # smaller files in the repository
        return
    if not path.exists():
        pytest.fail(f"No golden image {path.name}; create it with PARLOR_REFRESH_GOLDEN=1.")
    golden = Image.open(path)
    assert image.size == golden.size, f"{name}: size {image.size} != golden {golden.size}"
    mean, worst = difference(image, golden)
    assert mean <= MEAN_TOLERANCE and worst <= BLOCK_TOLERANCE, (
        f"{name} differs from its golden image (mean {mean:.2f}, worst block {worst}); "
        "if the change is intended, refresh with PARLOR_REFRESH_GOLDEN=1")
