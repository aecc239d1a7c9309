"""Laydown's images: the cards laid so far, and a seat's own hand."""

from __future__ import annotations

from bot.games.laydown.view import LaydownView
from bot.render.canvas import Canvas
from bot.render.chrome import HEADER, MARGIN, WIDTH, Names, header, seat_label
from bot.words import Language


def _laid(c: Canvas, view: LaydownView, y: int, names: Names) -> None:
    for seat, (cards, total) in enumerate(zip(view["played"], view["totals"], strict=True)):
        laid = " ".join(str(card) for card in cards) or "—"
        c.text((MARGIN, y + 40 * seat), f"{seat_label(seat, names)}: {laid}  (total {total})", 24)


def render_board(view: LaydownView, names: Names = None, words: Language | None = None) -> bytes:
    c = Canvas(WIDTH, HEADER + 120, words)
    status = "Over" if view["over"] else f"{seat_label(view['turn'], names)} to lay a card"
    header(c, "Laydown", status)
    _laid(c, view, HEADER + 30, names)
    return c.png()


def render_hand(view: LaydownView, names: Names = None, words: Language | None = None) -> bytes:
    c = Canvas(WIDTH, HEADER + 170, words)
    seat = view["viewer"] if view["viewer"] is not None else 0
    header(c, "Laydown", f"{seat_label(seat, names)} — your hand")
    hand = " ".join(str(card) for card in view["hand"] or []) or "empty"
    c.text((MARGIN, HEADER + 30), f"Your cards: {hand}", 28, "bold")
    _laid(c, view, HEADER + 80, names)
    return c.png()
