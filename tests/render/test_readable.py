"""Readable where Discord shows it (issue 38, DESIGN §5): every text of every picture kind
meets its role's floor in CSS px at the picture's display size (desktop fitted within
550 × 350, phone 330 wide), and no two texts drawn on a canvas overlap.

Every ``ImageDraw.text`` call is recorded (``tests/render/display.py``), so text drawn
around the one helper in ``bot.render.text`` is caught too; it counts as secondary."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

import bot.render
from bot.engine import Result, parse_options
from bot.render import hand_texts, render_board, render_hand, render_summary
from bot.render.assets import font
from bot.render.text import (
    CANVAS,
    DESKTOP_FLOOR,
    FLOOR_PX,
    KEY_PX,
    PHONE_FLOOR,
    TEXT_PX,
    Role,
    display_scales,
    draw_text,
)
from tests.render.display import (
    LONG_NAMES,
    Picture,
    Recorder,
    measure,
    outside,
    overlaps,
    pictures,
    recording,
    rule_diagrams,
)
from tests.render.golden import GOLDEN
from tests.render.playing import game_or_skip, playout


@pytest.fixture
def seen() -> Iterator[Recorder]:
    with recording() as recorder:
        yield recorder


def below_floors(picture: Picture) -> list[tuple[str, float, str]]:
    """(role, CSS px, text) of every text under its floor on the desktop or the phone."""
    assert picture.texts, f"nothing was recorded for {picture.kind}: the check is vacuous"
    out = []
    for t in picture.texts:
        role = Role.KEY if t.role == Role.KEY else Role.SECONDARY
        desktop, phone = t.size * picture.desktop, t.size * picture.phone
        if desktop < DESKTOP_FLOOR[role] - 1e-6 or phone < PHONE_FLOOR[role] - 1e-6:
            out.append((f"{picture.kind} {role}", round(min(desktop, phone), 2), t.text))
    return sorted(set(out))


def check(picture: Picture) -> None:
    assert below_floors(picture) == []
    assert overlaps(picture) == [], picture.kind
    if picture.kind.endswith("replay"):  # a replay's frames are larger than the GIF
        assert picture.cut == []
    else:
        assert outside(picture) == [], picture.kind


def test_the_floors_in_picture_pixels_follow_from_the_largest_canvas() -> None:
    desktop, phone = display_scales(*CANVAS)
    assert (desktop, phone) == (0.5, 0.3)
    assert KEY_PX * desktop >= 12 and KEY_PX * phone >= 8 and (KEY_PX - 1) * phone < 8
    assert TEXT_PX * desktop >= 9 > (TEXT_PX - 1) * desktop
    assert display_scales(300, 200) == (1.0, 1.0), "a small picture is never enlarged"


def test_every_golden_image_is_readable_where_it_is_shown(seen: Recorder) -> None:
    names = ["Alice", "Bob", "Carol", "Dan"]
    shown = []
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        view = data.get("view", data)
        if "view" in data:  # the end of a game: its board and its summary
            shown.append(measure(seen, path.stem, render_board, view, names))
            result = Result.from_json(data["result"])
            shown.append(measure(seen, path.stem, render_summary, view, result, names))
        elif view.get("viewer") is not None:
            shown.append(measure(seen, path.stem, render_hand, view, None, names))
        else:
            shown.append(measure(seen, path.stem, render_board, view, names))
    for picture in shown:
        check(picture)


@pytest.mark.parametrize("name", ["zura", "aura", "auroria"])
def test_every_picture_kind_is_readable_with_the_longest_names(name: str,
                                                                seen: Recorder) -> None:
    """Boards, every seat's hand, the summary and a private replay over seeded playouts
    of every table size, each seat named with 32 wide characters."""
    kinds = set()
    for picture in pictures(game_or_skip(name), seen, samples=4, seed=31):
        check(picture)
        kinds.add(picture.kind.split()[-1])
    assert kinds == {"board", "hand", "summary", "replay"}


@pytest.mark.parametrize("name", ["zura", "aura", "auroria"])
def test_rule_diagrams_are_readable(name: str, seen: Recorder) -> None:
    shown = list(rule_diagrams(game_or_skip(name), seen))
    assert shown
    for picture in shown:
        check(picture)


def _worst_aura(game: Any) -> dict[str, Any]:
    """A real four-player table after the reveal, then every badge switched on: every
    effect, a chain on every card, every block marked and costing, every Aura surfaced,
    every variant and the last turn."""
    state = next(s for s in playout(game, 4, seed=7)
                 if (v := game.view(s, None))["table"] and v["table"]["revealed"]
                 and len(v["table"]["blockers"]) == 3)
    view: dict[str, Any] = json.loads(json.dumps(game.view(state, None)))
    table = view["table"]
    table["effects"] = {"double": True, "reverse": True, "block": [0, 1, 2, 3]}
    for slot in table["cards"]:
        slot["chain"] = 10
    for row in table["blockers"]:
        row["owes"], row["blocked_all"] = 10, False
        for cell in row["cells"]:
            if cell is not None:
                cell.update(blocked=False, discards=True, beats=None)
    for info in view["seats"]:
        info.update(aura_surfaced=2, remaining=100, hand=10, discard=100)
    view["variant"] = {key: True for key in view["variant"]}
    view["ending"] = view["additional_turn"] = True
    view["turn"] = 100
    return view


def test_a_four_player_aura_table_with_every_badge_fits(seen: Recorder) -> None:
    game = game_or_skip("aura")
    view = _worst_aura(game)
    picture = measure(seen, "aura board", render_board, view, LONG_NAMES)
    check(picture)
    drawn = {t.text for t in picture.texts}
    assert "…" in "".join(drawn), "the 32-character names are shortened, not shrunk"
    assert any(t.startswith("chain") for t in drawn)


def _longest(kind: str, n: int) -> list[str]:
    from bot.games.auroria.derived import CATALOG

    named = sorted(((-len(c.name), key) for key, c in CATALOG.items() if c.type == kind))
    return [key for _, key in named[:n]]


def test_the_longest_auroria_card_names_fit(seen: Recorder) -> None:
    """The longest names of every kind: in a full hand, and on a full table where every
    creature is damaged and holds the longest item, under an attack and a long chain."""
    game = game_or_skip("auroria")
    creatures = _longest("creature", 10)
    item = _longest("item", 1)[0]
    hand = [*_longest("spell", 3), *_longest("counter", 2), *_longest("aura", 2),
            *_longest("item", 2), *creatures[:3]]

    def side(leader: str) -> dict[str, Any]:
        line = [{"id": key, "damage": 9, "item": item, "exhausted": k % 2 == 1}
                for k, key in enumerate(creatures[:5])]
        return {"leader": leader, "hand": hand, "front": line, "back": line[::-1],
                "auras": _longest("aura", 5), "energy": 10, "leader_item": item}

    setup = {"players": [side(_longest("leader", 1)[0]), side(_longest("leader", 2)[1])],
             "phase": "main"}
    state = game.scenario(2, parse_options(game.options, {}), 0, setup)
    check(measure(seen, "auroria hand", render_hand, game.view(state, 1), 1, LONG_NAMES))
    check(measure(seen, "auroria board", render_board, game.view(state, None), LONG_NAMES))


@pytest.mark.parametrize("role", list(Role))
def test_the_one_text_helper_refuses_type_below_its_role(role: Role) -> None:
    draw = ImageDraw.Draw(bot.render.canvas.felt((40, 40)).copy())
    draw_text(draw, (0, 0), "ok", font(FLOOR_PX[role]), (255, 255, 255), role=role)
    with pytest.raises(ValueError, match=f"{role} text 'tiny'"):
        draw_text(draw, (0, 0), "tiny", font(FLOOR_PX[role] - 1), (255, 255, 255), role=role)


def test_no_picture_is_drawn_larger_than_its_box() -> None:
    with pytest.raises(ValueError, match="larger than 1100×700"):
        bot.render.canvas.Canvas(1100, 701)


def test_the_recorder_sees_small_type_drawn_around_the_helper(seen: Recorder) -> None:
    def tiny() -> bytes:
        c = bot.render.canvas.Canvas(1100, 700)
        c.draw.text((0, 0), "x", font=font(9))
        return c.png()

    picture = measure(seen, "test", tiny)
    assert below_floors(picture) == [("test secondary", 2.7, "x")]  # 9 px × 0.3 (phone)


def test_the_overlap_check_sees_texts_drawn_over_each_other(seen: Recorder) -> None:
    def crossed() -> bytes:
        c = bot.render.canvas.Canvas(1100, 700)
        c.text((100, 100), "Seat one")
        c.text((120, 105), "Seat two")
        c.text((100, 200), "apart")
        return c.png()

    assert overlaps(measure(seen, "test", crossed)) == [("Seat one", "Seat two")]


def test_hand_texts_give_each_auroria_card_whole() -> None:
    game = game_or_skip("auroria")
    setup = {"players": [{}, {"hand": ["lancer", "shatter", "energy"]}]}
    state = game.scenario(2, parse_options(game.options, {}), 0, setup)
    assert hand_texts(game.view(state, 1)) == [
        "1. Pike Lancer (cost 3, Creature, power 4 front ~ 1 back; Piercing)",
        "2. Shatter (cost 1, Spell): Destroy an item.",
        "3. Basic Energy (Energy)"]


def test_hand_texts_give_each_aura_action_its_text() -> None:
    """Aura's action cards show only their names on the hand image: their rules go beside
    it, numbered as on the image."""
    game = game_or_skip("aura")
    state = next(s for s in playout(game, 2, seed=3)
                 if any(c["kind"] == "action" for c in game.view(s, 0)["hand"] or []))
    view = game.view(state, 0)
    texts = hand_texts(view)
    actions = [(k, c) for k, c in enumerate(view["hand"], 1) if c["kind"] == "action"]
    assert len(texts) == len(actions)
    for line, (k, card) in zip(texts, actions, strict=True):
        assert line.startswith(f"{k}. {card['label']}: ") and line.endswith(".")


def test_the_recorder_sees_text_run_off_a_card(seen: Recorder) -> None:
    def off() -> bytes:
        card = bot.render.canvas.felt((80, 100)).copy()
        bot.render.text.draw_text(ImageDraw.Draw(card), (40, 90), "Appr", font(TEXT_PX),
                                  (0, 0, 0))
        c = bot.render.canvas.Canvas(200, 200)
        c.card(card.convert("RGBA"), (10, 10))
        return c.png()

    assert outside(measure(seen, "test", off)) == ["Appr"]


def test_a_summary_without_figures_is_readable(seen: Recorder) -> None:
    """A game with no scoresheet (or no final view): names and places only, names shortened."""
    from bot.render.chrome import summary
    from bot.render.outcome import describe

    result = Result(placings=[1, 2, 2, 4], scores=[3.0, 1.0, 1.0, 0.0], reason="normal")
    picture = measure(seen, "summary", lambda: summary(describe(None, result, LONG_NAMES)))
    check(picture)
    assert any(t.text.endswith("…") for t in picture.texts)
