"""Traceability per bullet: every bullet of the codex is mapped to the tests that check it,
or marked as not a rule / not expressible, with the reason (``codex_bullets.json``).

A bullet's id is ``SS.BB-hhhhhh``: section number, bullet number within the section and
the first six hex digits of the SHA-1 of its text. Editing a bullet changes its id, so the
map must be reviewed again; a test that is renamed or removed breaks the map loudly.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CODEX = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "auroria-codex.txt"
MAP = Path(__file__).with_name("codex_bullets.json")
REASONS = ("not a rule: ", "cannot be expressed: ", "cannot be expressed yet: ")


@dataclass(frozen=True)
class Bullet:
    id: str
    text: str


def parse_bullets(codex: str) -> list[Bullet]:
    """Bullets in order; an indented block under a bullet (Example, Important) joins it."""
    out: list[Bullet] = []
    section = number = 0
    lines = codex.splitlines()[1:]  # the title
    for i, line in enumerate(lines):
        if line.startswith("• "):
            body = line[2:].strip()
            for more in lines[i + 1:]:
                if more and not more.startswith(" "):
                    break
                if more.strip():
                    body += " — " + more.strip()
            number += 1
            digest = hashlib.sha1(body.encode("utf-8")).hexdigest()[:6]
            out.append(Bullet(f"{section:02d}.{number:02d}-{digest}", body))
        elif line and not line.startswith(" "):
            section, number = section + 1, 0
    return out


def _entries() -> dict[str, dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(MAP.read_text(encoding="utf-8"))
    return {row["id"]: row for row in rows}


def test_the_parser_reads_sections_bullets_and_indented_examples() -> None:
    codex = ("Title\n\nFirst heading.\n\n• One.\n• Example\n\n  Indented text.\n\n"
             "Second heading.\n\n• Two.\n")
    got = parse_bullets(codex)
    assert [b.id[:5] for b in got] == ["01.01", "01.02", "02.01"]
    assert got[1].text == "Example — Indented text."


@pytest.mark.skipif(not CODEX.exists(), reason="the rulebooks are not next to this checkout")
def test_every_bullet_is_mapped_or_marked_with_a_reason() -> None:
    bullets = parse_bullets(CODEX.read_text(encoding="utf-8"))
    entries = _entries()
    assert [b.id for b in bullets if b.id not in entries] == []
    assert sorted(set(entries) - {b.id for b in bullets}) == []  # stale entries
    for b in bullets:
        row = entries[b.id]
        assert row["text"] == b.text, b.id
        tests, reason = row.get("tests", []), row.get("reason", "")
        assert bool(tests) != bool(reason), f"{b.id}: tests or a reason, not both"
        if reason:
            head = next((r for r in REASONS if reason.startswith(r)), None)
            assert head is not None and len(reason) > len(head) + 10, b.id


def test_every_mapped_test_exists() -> None:
    missing = []
    for row in _entries().values():
        for ref in row.get("tests", []):
            module, _, func = ref.partition(".")
            mod = importlib.import_module(f"tests.games.auroria.test_{module}")
            if not callable(getattr(mod, func, None)):
                missing.append(f"{row['id']}: {ref}")
    assert missing == []
