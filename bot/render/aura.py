"""Aura images: the public board, a seat's private hand, and the end-of-match summary.

They read only the view documented in ``bot/games/aura/view.py``; the trump order and the
action cards' names and texts come from the game's card data.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.engine import Result
from bot.games.aura.cards import CARDS
from bot.games.aura.view import AuraView, Card, Cell, Row, Seat, Shown, Table
from bot.render import cards
from bot.render import palette as pal
from bot.render.canvas import Canvas
from bot.render.chrome import (
    HAND_GAP,
    HEADER,
    MARGIN,
    WIDTH,
    Names,
    columns,
    hand_card,
    header,
    number_disc,
    seat_label,
    seat_panel,
    stat,
)
from bot.render.outcome import Figures, Scoresheet, joined
from bot.render.palette import RGB, Suit

TABLE_SIZE = (96, 134)
MINI_SIZE = (56, 78)
SEATS_H = 146
ROW_H = TABLE_SIZE[1] + 44
LABEL_W = 236

AURA_COLOURS: dict[str, RGB] = {
    "gold": (228, 184, 60), "silver": (198, 204, 214), "teal": (36, 164, 164),
    "rose": (232, 122, 156),
}
BACK_BASE: RGB = (34, 40, 74)

TRUMPS = {colour: CARDS.colours[(k + 1) % len(CARDS.colours)]
          for k, colour in enumerate(CARDS.colours)}
"""Each colour and the colour it trumps (the card data lists them in trump order)."""
ACTIONS = {a.key: a for a in CARDS.actions}

def _suit(colour: str) -> Suit:
    return pal.AURA.get(colour, pal.NEUTRAL)


def aura_rgb(name: str) -> RGB:
    return AURA_COLOURS.get(name, (150, 150, 150))


def card_face(card: Card, size: tuple[int, int], detail: bool = False) -> Image.Image:
    """A number, wild or action card; a wild shows the number named for it in a badge."""
    colour = card["colour"]
    suit, beats = _suit(colour), _suit(TRUMPS.get(colour, ""))
    kind = card["kind"]
    value = card["value"]
    if kind == "wild":
        return cards.face(size, suit, "W", "Wild", beats=beats,
                          plate=str(value) if value else "")
    if kind == "action":
        action = ACTIONS.get(card["action"] or "")
        name = action.name if action else card["label"]
        body = (action.text,) if detail and action else ()
        return cards.face(size, suit, "", name, body, beats=beats)
    return cards.face(size, suit, str(value), beats=beats)


def card_back(lines: int, aura: str, size: tuple[int, int]) -> Image.Image:
    """A deck's back: its 1–4 lines, drawn in the owner's Aura colour."""
    return cards.back(size, BACK_BASE, aura_rgb(aura), lines=lines)


def _drawn(c: Canvas, item: Shown | None, seats: Sequence[Seat], owner: int,
           xy: tuple[int, int], size: tuple[int, int]) -> None:
    """A face, a back (``{"back": n}``) or an empty place."""
    if item is None:
        x, y = xy
        c.draw.rounded_rectangle((x, y, x + size[0], y + size[1]), 9, outline=pal.PANEL_EDGE,
                                 width=2)
    elif "back" in item:
        c.card(card_back(item["back"], seats[owner]["aura"], size), xy)
    else:
        c.card(card_face(item, size), xy)


def _winners(view: AuraView, names: Names) -> str:
    standing = view["result"]
    placings = standing["placings"] if standing else []
    return " & ".join(seat_label(s, names) for s, p in enumerate(placings) if p == 1)


def _status(view: AuraView, names: Names) -> str:
    phase = view["phase"]
    if phase == "over":
        return f"Game over — {_winners(view, names)} wins"
    active = seat_label(view["active"], names)
    waiting = " & ".join(seat_label(s, names) for s in view["waiting"])
    doing = {
        "play": "plays face down", "block": f"{waiting} to block",
        "reveal": "cards revealed, effects resolve", "discard": f"{waiting} to discard",
        "cleanup": "cleanup", "extra": "may play again",
    }.get(phase, phase)
    extra = " (additional turn)" if view["additional_turn"] else ""
    return f"Turn {view['turn']}{extra}: {active} — {doing}"


def _right(view: AuraView) -> str:
    flags = [k.replace("_", " ") for k, on in view["variant"].items() if on]
    if view["ending"] and view["phase"] != "over":
        flags.insert(0, "last turn")
    return " · ".join(flags)


# ----- board -------------------------------------------------------------------------------

def render_board(view: AuraView, names: Names = None) -> bytes:
    """Seats with their counts, then the table: the active cards and every block under them."""
    table = view["table"]
    rows = 1 + len(table["blockers"]) if table else max(1, len(view["opening"]))
    top = HEADER + 16 + SEATS_H + 16
    height = top + 44 + rows * ROW_H + 24
    c = Canvas(WIDTH, height)
    header(c, "Aura", _status(view, names), _right(view))
    _seats(c, view, HEADER + 16, names)
    box = (MARGIN, top, WIDTH - MARGIN, height - 16)
    c.panel(box)
    if table:
        _table(c, view, table, box, names)
    elif view["opening"] and view["turn"] == 1:
        _opening(c, view, box, names)
    elif view["phase"] == "over":
        _final(c, view, box, names)
    else:
        who = seat_label(view["active"], names)
        c.text((box[0] + 20, box[1] + 16), f"{who} chooses cards to play.", 20,
               fill=pal.INK_SOFT)
    return c.png()


def _seats(c: Canvas, view: AuraView, y0: int, names: Names) -> None:
    over = view["phase"] == "over"
    seats = view["seats"]
    for seat, (x, w) in enumerate(columns(len(seats), MARGIN, WIDTH - MARGIN, 14)):
        info = seats[seat]
        active = not over and seat == view["active"]
        waiting = not over and seat in view["waiting"]
        tag = "active" if active else ("to choose" if waiting else "")
        seat_panel(c, (x, y0, x + w, y0 + SEATS_H), seat, names, active, tag)
        bx, by = x + 14, y0 + 48
        c.card(card_back(info["back"], info["aura"], MINI_SIZE), (bx, by))
        sx = bx + MINI_SIZE[0] + 16
        room = x + w - sx - 10
        stat(c, (sx, by - 6), "Cards left", str(info["remaining"]), 28, pal.GOLD)
        stat(c, (sx + 96, by - 6), "Discard", str(info["discard"]), 22)
        c.text((sx, by + 50), f"Hand {info['hand']} · Deck {info['deck']}", 15, max_width=room)
        gem = aura_rgb(info["aura"])
        c.draw.ellipse((sx, by + 74, sx + 14, by + 88), fill=gem, outline=pal.INK, width=1)
        aura = f"{info['aura'].title()} Aura"
        surfaced = info["aura_surfaced"]
        if surfaced:
            aura += f", surfaced {surfaced}×"
        c.text((sx + 20, by + 81), aura, 14, fill=pal.INK_SOFT, anchor="lm", max_width=room - 20)


def _table(c: Canvas, view: AuraView, table: Table, box: tuple[int, int, int, int],
           names: Names) -> None:
    x0, y0, x1, _ = box
    seats = view["seats"]
    played = table["cards"]
    cols = columns(max(1, len(played)), x0 + LABEL_W, x1 - 16, 8)
    _effects(c, table, (x0 + 20, y0 + 14), x1 - 20, names)
    y = y0 + 52
    active = table["active"]
    w, h = TABLE_SIZE
    _row_label(c, (x0 + 20, y), seat_label(active, names), "plays", pal.GOLD)
    for (cx, cw), slot in zip(cols, played, strict=True):
        x = cx + (cw - w) // 2
        if slot["card"] is None:
            _drawn(c, None, seats, active, (x, y), TABLE_SIZE)
            c.text((x + w / 2, y + h / 2), "returned", 14, fill=pal.INK_SOFT, anchor="mm")
        else:
            _drawn(c, slot["card"], seats, active, (x, y), TABLE_SIZE)
        if slot["chain"]:
            c.pill((x + w // 2, y + h + 8), f"chain of {slot['chain']}s", pal.GOLD,
                   pal.INK_DARK, 13, align="m")
    rows = table["blockers"]
    turn = next((k for k, row in enumerate(rows) if row["choosing"]), len(rows))
    cost = 2 if table["effects"]["double"] else 1
    for k, row in enumerate(rows):
        y += ROW_H
        c.draw.line((x0 + 16, y - 12, x1 - 16, y - 12), fill=pal.PANEL_EDGE, width=1)
        _blocker(c, row, cols, y, x0, seats, names, done=k < turn, cost=cost)


def _row_label(c: Canvas, xy: tuple[int, int], name: str, status: str, colour: RGB,
               note: str = "") -> None:
    x, y = xy
    c.text((x, y + 6), name, 21, "bold", max_width=LABEL_W - 30)
    c.text((x, y + 36), status, 17, "bold", colour, max_width=LABEL_W - 30)
    if note:
        c.text((x, y + 62), note, 15, fill=pal.INK_SOFT, max_width=LABEL_W - 30)


def _blocker(c: Canvas, row: Row, cols: list[tuple[int, int]], y: int, x0: int,
             seats: Sequence[Seat], names: Names, done: bool, cost: int) -> None:
    """One blocking seat's row; ``done`` tells that its turn to place blocks has passed,
    ``cost`` is what one card that gets through costs (2 under Double)."""
    seat = row["seat"]
    owes = row["owes"]
    placed = sum(1 for cell in row["cells"] if cell and cell["card"])
    if row["choosing"]:
        status, colour, note = "placing blocks…", pal.GOLD, ""
    elif row["sealed"]:
        status, colour, note = "blocks hidden", pal.INK_SOFT, "revealed all at once"
    elif owes is None and not done:
        status, colour, note = "waits to block", pal.INK_SOFT, ""
    elif owes is None:
        status, colour, note = f"{placed} block{'s' * (placed != 1)}", pal.INK_SOFT, ""
    elif owes:
        status, colour, note = f"discards {owes}", pal.BAD, ""
    else:
        status, colour, note = "safe", pal.GOOD, ""
    if row["blocked_all"]:
        note = "stopped every card"
    _row_label(c, (x0 + 20, y), seat_label(seat, names), status, colour, note)
    w, h = TABLE_SIZE
    for (cx, cw), cell in zip(cols, row["cells"], strict=True):
        x = cx + (cw - w) // 2
        if cell is None:
            continue
        if cell["card"] is not None:
            _drawn(c, cell["card"], seats, seat, (x, y), TABLE_SIZE)
        elif cell["blocked"] is not None:
            c.draw.rounded_rectangle((x + 10, y + 10, x + w - 10, y + h - 10), 9,
                                     outline=pal.PANEL_EDGE, width=1)
        if cell["blocked"] is not None:
            _mark(c, cell, (x + w // 2, y + h + 8), cost)


def _mark(c: Canvas, cell: Cell, centre_top: tuple[int, int], cost: int) -> None:
    """How a block fared, in words as well as colour: ✓/✗ and the cards it costs."""
    blocked = bool(cell["blocked"])
    text = f"✓ {cell['beats'] or 'blocked'}" if blocked else "✗ through"
    if cell["discards"]:
        text += f" · −{cost}"
    fill = pal.BAD if cell["discards"] else pal.GOOD
    c.pill(centre_top, text, fill, pal.INK_DARK, 14, align="m")


def _effects(c: Canvas, table: Table, xy: tuple[int, int], right: int, names: Names) -> None:
    x, y = xy
    effects = table["effects"]
    shown = []
    if effects["double"]:
        shown.append("Double: discards ×2")
    if effects["reverse"]:
        shown.append("Reverse: blocks flipped")
    for seat in effects["block"]:
        shown.append(f"Block: {seat_label(seat, names)} stops all")
    resolving = table["resolving"]
    if not table["revealed"]:
        c.text((x, y + 4), "Face down until every block is placed", 18, fill=pal.INK_SOFT)
    elif resolving is not None:
        who = seat_label(resolving, names)
        c.text((x, y + 4), f"{who} resolves wilds and actions (marks so far)", 18, "bold",
               pal.GOLD)
    else:
        c.text((x, y + 4), "Revealed", 18, "bold")
    px = float(right)
    for text in reversed(shown):
        px -= c.pill((px, y), text, pal.GOLD, pal.INK_DARK, 15, align="r") + 10


def _final(c: Canvas, view: AuraView, box: tuple[int, int, int, int], names: Names) -> None:
    """After the game: who won and why, in the table's place."""
    x0, y0, x1, _ = box
    standing = view["result"]
    c.text((x0 + 20, y0 + 20), f"{_winners(view, names)} wins", 30, "bold", pal.GOLD)
    scores = standing["scores"] if standing else []
    line = " · ".join(f"{seat_label(s, names)}: {int(v)}" for s, v in enumerate(scores))
    c.text((x0 + 20, y0 + 70), f"Cards left — {line}", 20, max_width=x1 - x0 - 40)
    if standing and standing["detail"]:
        c.paragraph((x0 + 20, y0 + 110), standing["detail"], 18, pal.INK_SOFT, x1 - x0 - 40)


def _opening(c: Canvas, view: AuraView, box: tuple[int, int, int, int], names: Names) -> None:
    """Before the first play: the draws that chose the starting player."""
    x0, y0, x1, _ = box
    seats = view["seats"]
    c.text((x0 + 20, y0 + 16), "Drawing for the starting player", 18, "bold")
    cols = columns(len(seats), x0 + LABEL_W, x1 - 16, 8)
    for k, draw in enumerate(view["opening"]):
        y = y0 + 52 + k * ROW_H
        c.text((x0 + 20, y + 10), f"Draw {k + 1}", 20, "bold")
        for seat, ((cx, cw), card) in enumerate(zip(cols, draw, strict=True)):
            x = cx + (cw - TABLE_SIZE[0]) // 2
            if card is not None:
                c.card(card_face(card, TABLE_SIZE), (x, y))
            c.text((x + TABLE_SIZE[0] / 2, y + TABLE_SIZE[1] + 8), seat_label(seat, names), 15,
                   fill=pal.INK_SOFT, anchor="ma", max_width=cw)


# ----- hand --------------------------------------------------------------------------------

def _prompt(view: AuraView, seat: int, names: Names) -> str:
    phase = view["phase"]
    if phase == "over":
        return "Game over"
    waiting = view["waiting"]
    if seat not in waiting:
        return f"Waiting for {', '.join(seat_label(s, names) for s in waiting)}"
    if phase == "play":
        return "Your turn: play 2–5 cards, one colour or all different"
    if phase == "block":
        table = view["table"]
        played = len(table["cards"]) if table else 0
        return f"Place up to {played} blocks in front of the cards you want to stop"
    if phase == "discard":
        return "Choose the cards you discard"
    if phase == "reveal":
        return "Resolve your wild and action cards"
    if phase == "extra":
        return "Take your additional turn?"
    return "Your choice"


def render_hand(view: AuraView, names: Names = None) -> bytes:
    """A seat's hand numbered as in its menus, its cards on the table and its discard pile."""
    seat = view["viewer"]
    if seat is None:
        raise ValueError("A hand image needs a seat's own view.")
    hand = view["hand"] or []
    size = w, h = hand_card(len(hand))
    gap = HAND_GAP
    width = WIDTH
    height = HEADER + 52 + h + 56 + 190
    c = Canvas(width, height)
    info = view["seats"][seat]
    header(c, "Aura", f"{seat_label(seat, names)} — your hand",
           f"Deck {info['deck']} · cards left {info['remaining']}")
    y = HEADER + 20
    hand_w = c.text((MARGIN, y), f"Hand ({len(hand)})", 20, "bold")
    c.text((width - MARGIN, y), _prompt(view, seat, names), 19, "bold", pal.GOLD, "ra",
           max_width=width - 3 * MARGIN - hand_w)
    y += 32
    for k, card in enumerate(hand):
        x = MARGIN + k * (w + gap)
        c.card(card_face(card, size, detail=True), (x, y))
        number_disc(c, (x + w // 2, y + h + 22), k + 1)
    y += h + 56
    half = width // 2
    _on_table(c, view, seat, (MARGIN, y, half - 8, height - 16))
    _discards(c, info["discarded"] or [], (half + 8, y, width - MARGIN, height - 16))
    return c.png()


def _on_table(c: Canvas, view: AuraView, seat: int, box: tuple[int, int, int, int]) -> None:
    """The seat's own cards on the table (face up to it even while they lie face down)."""
    x0, y0, x1, _ = box
    c.panel(box)
    c.text((x0 + 16, y0 + 12), "Your cards on the table", 20, "bold")
    table = view["table"]
    mine: list[tuple[int, Shown]] = []
    if table:
        if table["active"] == seat:
            mine = [(k, s["card"]) for k, s in enumerate(table["cards"]) if s["card"]]
        for row in table["blockers"]:
            if row["seat"] == seat:
                mine = [(k, cell["card"]) for k, cell in enumerate(row["cells"])
                        if cell and cell["card"]]
    if not mine:
        c.text((x0 + 16, y0 + 50), "None.", 18, fill=pal.INK_SOFT)
        return
    w = MINI_SIZE[0] + 24
    for n, (k, card) in enumerate(mine):
        x = x0 + 16 + n * (w + 8)
        if x + w > x1:
            break
        _drawn(c, card, view["seats"], seat, (x + 12, y0 + 48), MINI_SIZE)
        c.text((x + w / 2, y0 + 52 + MINI_SIZE[1]), f"at {k + 1}", 14, fill=pal.INK_SOFT,
               anchor="ma")


def _discards(c: Canvas, pile: Sequence[Card], box: tuple[int, int, int, int]) -> None:
    """The seat's own discard pile, newest first (it lies face down for everyone else)."""
    x0, y0, x1, _ = box
    c.panel(box)
    c.text((x0 + 16, y0 + 12), f"Your discard pile ({len(pile)})", 20, "bold")
    if not pile:
        c.text((x0 + 16, y0 + 50), "Empty.", 18, fill=pal.INK_SOFT)
        return
    w = MINI_SIZE[0]
    room = x1 - x0 - 32 - w
    step = min(w + 6, max(12, room // max(1, len(pile) - 1)))
    for k, card in enumerate(list(pile)[::-1][: room // step + 1]):
        c.card(card_face(card, MINI_SIZE), (x0 + 16 + k * step, y0 + 48), lift=k == 0)


# -- the result ------------------------------------------------------------------------------

def _aura_tie(figures: Figures, names: Names) -> str:
    """Which tie-break settled first place, in words; empty when cards left did."""
    counts = [tuple(int(v) for v in f) for f in figures]
    best = max(f[0] for f in counts)
    tied = [s for s, f in enumerate(counts) if f[0] == best]
    if len(tied) < 2:
        return ""
    who = joined([seat_label(s, names) for s in tied])
    fewest = min(counts[s][1] for s in tied)
    still = [s for s in tied if counts[s][1] == fewest]
    if len(still) == 1:
        return f"{who} tied on {best} cards left; fewer wild and action cards discarded decided."
    lowest = min(counts[s][2] for s in still)
    if sum(1 for s in still if counts[s][2] == lowest) == 1:
        return (f"{who} tied on {best} cards left and on wild and action cards; the lower "
                "discarded total decided.")
    return f"{who} tied on every count: they share the win."


def _figures(view: AuraView) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for info in view["seats"]:
        pile = info["discarded"] or []
        special = sum(1 for card in pile if card["kind"] in ("wild", "action"))
        total = sum(card["value"] or 0 for card in pile if card["kind"] == "number")
        out.append((str(info["remaining"]), str(special), str(total)))
    return out


def _ending(view: AuraView | None, result: Result, names: Names, rest: tuple[str, ...],
            figures: Figures | None) -> tuple[str, tuple[str, ...]]:
    note = _aura_tie(figures, names) if figures is not None else ""
    return ("Most cards left (hand and deck) wins; on a tie, fewer wild and action cards "
            "discarded, then the lower total of discarded numbers.",
            (*((note,) if note else ()), *rest))


SCORESHEET = Scoresheet("Aura", ("Cards left", "Wild/action out", "Discarded sum"), _figures,
                        _ending)
