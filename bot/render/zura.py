"""Zura images: the public board, a seat's private hand, and the end-of-match summary.

They read only the view declared in ``bot/games/zura/view.py`` (``ZView``). Each ability's
picture is its caption in ``ABILITY_SHORT``; big cards print the card's own text.
"""

from __future__ import annotations

from PIL import Image

from bot.engine import Result
from bot.games.zura.view import Landscape, Search, Slot, TravelCard, TzCard, ZView
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
from bot.render.outcome import Figures, Scoresheet, figure
from bot.render.palette import Suit
from bot.render.text import wrap

TZ_SIZE = (112, 157)
PILE_SIZE = (112, 157)
STACK_SIZE = (96, 134)
MINI_SIZE = (72, 101)

TRAVEL_BACK = ((92, 62, 40), (236, 204, 140))
SEAL_BACK = ((38, 36, 78), (196, 178, 240))

ABILITY_SHORT = {
    "peek4": "4+: peek", "steal5": "5+: steal", "extra12": "1–2: one more",
    "restack": "Restack", "hand7": "Hand of 7", "discard2": "2 from discard",
    "scry": "Scry the deck", "swap": "Swap a card",
}
"""Captions for small cards; big cards print the game's own ability text."""

PHASES = {
    "scry": "looks at the top travel card", "draw": "draws travel cards",
    "act": "discards travel cards", "restack": "restacks", "swap": "swaps a travel card",
    "extra": "may discard one more", "peek": "peeks at the search area",
    "flip": "flips search-area cards", "steal": "may steal a card",
    "order": "stacks claimed cards",
}


def _suit(landscape: str | None, colour: str | None, kind: str = "tzerzurian") -> Suit:
    """The palette entry for a landscape, falling back on its colour name."""
    if kind in pal.ZURA_SPECIAL:
        return pal.ZURA_SPECIAL[kind]
    if landscape in pal.ZURA:
        return pal.ZURA[landscape]
    return {**pal.AURA, **pal.AURORIA}.get(colour or "", pal.NEUTRAL)


def tz_face(card: TzCard, size: tuple[int, int], detail: bool = False) -> Image.Image:
    """A Tzerzurian's face: points, landscape symbol, name, ability (and X's current value)."""
    suit = _suit(card["landscape"], card["colour"], card["kind"])
    ability = card["ability"]
    text = card["ability_text"] if detail else ABILITY_SHORT.get(ability, ability)
    value = card.get("value")
    plate = f"={value}" if card["points"] == "X" and value is not None else ""
    return cards.face(size, suit, figure(card["points"]), card["name"],
                      (text,) if text else (), plate=plate)


def travel_face(card: TravelCard, size: tuple[int, int]) -> Image.Image:
    suit = _suit(card["landscape"], card["colour"])
    return cards.face(size, suit, "", card["name"])


def travel_back(size: tuple[int, int]) -> Image.Image:
    return cards.back(size, *TRAVEL_BACK, motif="compass")


def seal_back(size: tuple[int, int]) -> Image.Image:
    return cards.back(size, *SEAL_BACK, motif="seal")


def _status(view: ZView, names: Names) -> str:
    if view["over"]:
        scores = view["scores"]
        best = max(scores)
        leaders = " & ".join(seat_label(s, names) for s, v in enumerate(scores) if v == best)
        return f"Game over — {leaders}: {figure(best)} points"
    who = seat_label(view["turn"], names)
    return f"{who} {PHASES.get(view['phase'], 'plays')}"


def _right(view: ZView) -> str:
    final = view["final_turns"]
    if final:
        return f"Final turns: {final['turns_left']} left"
    return f"Step {view['step']}"


# ----- board -------------------------------------------------------------------------------

def render_board(view: ZView, names: Names = None) -> bytes:
    """The public table: search area, piles, this turn's progress, every seat's stack."""
    players = view["players"]
    height = HEADER + 460 + 214
    c = Canvas(WIDTH, height)
    header(c, "Zura", _status(view, names), _right(view))
    _search_area(c, view["search"], (MARGIN, HEADER + 16), names)
    _piles(c, view, (MARGIN + 560, HEADER + 16, WIDTH - MARGIN, HEADER + 444), names)
    _seats(c, view, players, HEADER + 460, height - 16, names)
    return c.png()


def _search_area(c: Canvas, search: Search, at: tuple[int, int], names: Names) -> None:
    cols, rows = search["columns"], search["rows"]
    w = TZ_SIZE[0]
    gap = 14
    x0, y0 = at
    width = cols * w + (cols - 1) * gap + 40
    c.panel((x0, y0, x0 + width, y0 + 428))
    c.text((x0 + 20, y0 + 12), "Search area", 20, "bold")
    row_h = (428 - 50) // max(1, rows)
    for slot in search["slots"]:
        x = x0 + 20 + slot["column"] * (w + gap)
        y = y0 + 44 + slot["row"] * row_h
        _slot(c, slot, (x, y), names)


def _slot(c: Canvas, slot: Slot, xy: tuple[int, int], names: Names) -> None:
    w, h = TZ_SIZE
    x, y = xy
    state = slot["state"]
    if state == "empty":
        c.draw.rounded_rectangle((x, y, x + w, y + h), 10, outline=pal.PANEL_EDGE, width=2)
    elif state == "up":
        c.card(tz_face(slot["card"], TZ_SIZE), xy)
    else:
        c.card(seal_back(TZ_SIZE), xy)
        seen = slot.get("seen")
        if slot["public"] and seen:
            # Everyone saw it face up earlier: the board reminds who it is.
            lines = wrap(seen["name"], 14, "bold", w - 16, 2)
            top = y + h - 12 - 18 * len(lines)
            c.draw.rounded_rectangle((x + 6, top, x + w - 6, y + h - 8), 6, fill=pal.PAPER)
            for k, line in enumerate(lines):
                c.text((x + w / 2, top + 11 + 18 * k), line, 14, "bold", pal.INK_DARK, "mm")
    label = slot["name"]
    if slot["lone_imp"]:
        label += " · lone Imp"
    c.text((x, y + h + 6), label, 15, "bold", pal.GOLD if slot["lone_imp"] else pal.INK_SOFT)
    peeked = slot["peeked_by"]
    if peeked:
        who = ", ".join(seat_label(p, names) for p in peeked)
        c.pill((x + w, y - 10), f"seen by {who}", pal.PAPER, pal.INK_DARK, 14, align="r")


def _piles(c: Canvas, view: ZView, box: tuple[int, int, int, int], names: Names) -> None:
    x0, y0, x1, y1 = box
    c.panel(box)
    w, h = PILE_SIZE
    xs = [x0 + 24 + k * (w + 70) for k in range(3)]
    y = y0 + 16
    discard = view["discard"]
    c.card(travel_back(PILE_SIZE), (xs[0], y))
    if discard["top"]:
        c.card(travel_face(discard["top"], PILE_SIZE), (xs[1], y))
    else:
        c.draw.rounded_rectangle((xs[1], y, xs[1] + w, y + h), 10, outline=pal.PANEL_EDGE,
                                 width=2)
    c.card(seal_back(PILE_SIZE), (xs[2], y))
    for x, label, count in ((xs[0], "Travel deck", view["travel_deck"]),
                            (xs[1], "Discard", discard["size"]),
                            (xs[2], "Tzerzurians", view["tz_deck"])):
        stat(c, (x + w / 2, y + h + 8), label, str(count), 26, anchor="m")
    _this_turn(c, view, (x0 + 20, y + h + 80, x1 - 20, y1 - 56), names)
    _legend(c, view["landscapes"], (x0 + 20, y1 - 44))


def _legend(c: Canvas, landscapes: list[Landscape], at: tuple[int, int]) -> None:
    """Each landscape's symbol and name, so no one needs to tell colours apart."""
    x, y = at
    for land in landscapes:
        suit = _suit(land["key"], land["colour"])
        c.symbol(suit.symbol, 28, suit.fill, suit.dark, (x, y))
        x += 36 + round(c.text((x + 34, y + 14), land["name"], 17, "regular",
                               pal.INK_SOFT, "lm")) + 24


def _this_turn(c: Canvas, view: ZView, box: tuple[int, int, int, int], names: Names) -> None:
    x0, y0, x1, y1 = box
    turn = view["this_turn"]
    c.text((x0, y0), "This turn", 18, "bold")
    y = y0 + 30
    done = turn["discarded"]
    if done:
        land = next((la for la in view["landscapes"] if la["key"] == done["landscape"]), None)
        suit = _suit(done["landscape"], land["colour"] if land else None)
        c.symbol(suit.symbol, 30, suit.fill, suit.dark, (x0, y - 2))
        name = land["name"] if land else suit.name
        c.text((x0 + 38, y), f"{name} ×{done['count']} discarded", 19)
    else:
        c.text((x0, y), "Nothing discarded yet", 19, fill=pal.INK_SOFT)
    left = [f"{n} {label}" for n, label in
            ((turn["flips_left"], "flip"), (turn["peeks_left"], "peek"),
             (turn["steals_left"], "steal"))
            if n]
    if left:
        c.text((x1, y), "To do: " + ", ".join(left), 19, "bold", pal.GOLD, "ra")
    gained = turn["gained"]
    if gained:
        y += 34
        c.text((x0, y + 4), "Claimed:", 17, fill=pal.INK_SOFT)
        for k, card in enumerate(gained[:6]):
            c.card(tz_face(card, MINI_SIZE), (x0 + 90 + k * (MINI_SIZE[0] + 8), y))
    swap = turn["swap_with"]
    if swap is not None:
        c.text((x0, y1 - 22), f"Swapping with {seat_label(swap, names)}", 17,
               fill=pal.INK_SOFT)


def _seats(c: Canvas, view: ZView, players: int, y0: int, y1: int, names: Names) -> None:
    over = view["over"]
    for seat, (x, w) in enumerate(columns(players, MARGIN, WIDTH - MARGIN, 16)):
        active = not over and seat == view["turn"]
        seat_panel(c, (x, y0, x + w, y1), seat, names, active, "to play" if active else "")
        stack = view["stacks"][seat]
        sx, sy = x + 14, y0 + 48
        sw, sh = STACK_SIZE
        top = stack["top"]
        if top:
            for k in range(min(3, stack["size"] - 1), 0, -1):
                c.card(seal_back(STACK_SIZE), (sx + 4 * k, sy + 4 * k), lift=k == 3)
            c.card(tz_face(top, STACK_SIZE), (sx, sy))
        else:
            c.draw.rounded_rectangle((sx, sy, sx + sw, sy + sh), 9, outline=pal.PANEL_EDGE,
                                     width=2)
            c.text((sx + sw / 2, sy + sh / 2), "no stack", 14, fill=pal.INK_SOFT, anchor="mm")
        tx = sx + sw + 26
        stat(c, (tx, sy), "Points", figure(view["scores"][seat]), 34, pal.GOLD)
        stat(c, (tx, sy + 66), "Stack", str(stack["size"]), 22)
        stat(c, (tx + 78, sy + 66), "Hand", str(view["hand_sizes"][seat]), 22)


# ----- hand --------------------------------------------------------------------------------

def render_hand(view: ZView, names: Names = None) -> bytes:
    """A seat's private image: numbered travel hand, own stack, what it knows of the area."""
    seat = view["viewer"]
    if seat is None:
        raise ValueError("A hand image needs a seat's own view.")
    hand = view["hand"] or []
    looking = view["looking_at"]
    size = w, h = hand_card(len(hand) + bool(looking), WIDTH - 2 * MARGIN - 40 * bool(looking))
    gap = HAND_GAP
    width = WIDTH
    height = HEADER + 52 + h + 56 + 336
    c = Canvas(width, height)
    mine = not view["over"] and view["turn"] == seat
    status = "Your turn" if mine else _status(view, names)
    header(c, "Zura", f"{seat_label(seat, names)} — your hand",
           f"{status} · {figure(view['scores'][seat])} points")
    y = HEADER + 20
    c.text((MARGIN, y), f"Travel cards ({len(hand)})", 20, "bold")
    y += 32
    for k, card in enumerate(hand):
        x = MARGIN + k * (w + gap)
        c.card(travel_face(card, size), (x, y))
        number_disc(c, (x + w // 2, y + h + 22), card.get("number", k + 1))
    if looking:
        x = MARGIN + len(hand) * (w + gap) + 40
        c.text((x, y - 32), "Top of the deck", 20, "bold", pal.GOLD)
        c.card(travel_face(looking, size), (x, y))
    y += h + 56
    _my_stack(c, view["my_stack"] or [], (MARGIN, y, width // 2 - 10, height - 16))
    _known_area(c, view["search"], (width // 2 + 10, y, width - MARGIN, height - 16))
    return c.png()


def _my_stack(c: Canvas, stack: list[TzCard], box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, _ = box
    c.panel(box)
    c.text((x0 + 16, y0 + 12), f"Your stack ({len(stack)})", 20, "bold")
    if not stack:
        c.text((x0 + 16, y0 + 50), "Nothing claimed yet.", 18, fill=pal.INK_SOFT)
        return
    top = stack[-1]
    c.card(tz_face(top, STACK_SIZE, detail=True), (x0 + 16, y0 + 46))
    tx = x0 + 16 + STACK_SIZE[0] + 14
    c.text((tx, y0 + 48), "On top: its ability is yours", 15, fill=pal.INK_SOFT)
    c.text((tx, y0 + 70), top["name"], 19, "bold", max_width=x1 - tx - 10)
    y = y0 + 100
    for line in wrap(top["ability_text"], 15, "regular", x1 - tx - 14, 4):
        c.text((tx, y), line, 15)
        y += 20
    below = stack[:-1][::-1]
    if not below:
        return
    w = MINI_SIZE[0]
    y = y0 + 46 + STACK_SIZE[1] + 14
    c.text((x0 + 16, y), "Underneath, newest first", 15, fill=pal.INK_SOFT)
    room = x1 - x0 - 32 - w
    step = min(w + 8, max(w // 3, room // max(1, len(below) - 1)))
    fit = room // step + 1
    for k, card in enumerate(below[:fit]):
        c.card(tz_face(card, MINI_SIZE), (x0 + 16 + k * step, y + 22))


def _known_area(c: Canvas, search: Search, box: tuple[int, int, int, int]) -> None:
    """The search area as this seat knows it: peeked cards are shown face up."""
    x0, y0 = box[:2]
    c.panel(box)
    c.text((x0 + 16, y0 + 12), "Search area as you know it", 20, "bold")
    w, h = MINI_SIZE
    gap = 10
    for slot in search["slots"]:
        x = x0 + 16 + slot["column"] * (w + gap)
        y = y0 + 46 + slot["row"] * (h + 24)
        up = slot["state"] == "up"
        known = slot.get("card") if up else slot.get("seen")
        private = bool(known) and not up and not slot["public"]
        if slot["state"] == "empty":
            c.draw.rounded_rectangle((x, y, x + w, y + h), 8, outline=pal.PANEL_EDGE, width=2)
        elif known:
            c.card(tz_face(known, MINI_SIZE), (x, y))
        else:
            c.card(seal_back(MINI_SIZE), (x, y))
        label = f"{slot['name']} · peeked" if private else slot["name"]
        c.text((x + w / 2, y + h + 4), label, 14, "bold", pal.GOLD if private else pal.INK_SOFT,
               "ma")


# -- the result ------------------------------------------------------------------------------

def _figures(view: ZView) -> list[tuple[str, ...]]:
    return [(figure(score), str(stack["size"]), stack["top"]["name"] if stack["top"] else "—")
            for score, stack in zip(view["scores"], view["stacks"], strict=True)]


def _ending(view: ZView | None, result: Result, names: Names, rest: tuple[str, ...],
            figures: Figures | None) -> tuple[str, tuple[str, ...]]:
    notes = list(rest)
    if len(result.winners) > 1:
        notes.insert(0, "Equal points: the rules name no tie-break, so the win is shared.")
    final = view["final_turns"] if view is not None else None
    if final is not None:
        notes.append(f"{seat_label(final['emptied_by'], names)} emptied the "
                     "Tzerzurian deck; everyone else had one last turn.")
    return "Most points wins.", tuple(notes)


SCORESHEET = Scoresheet("Zura", ("Points", "Stack", "Top card"), _figures, _ending)
