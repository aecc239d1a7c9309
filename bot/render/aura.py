"""Aura images: the public board, a seat's private hand, and the end-of-match summary.

They read only the view documented in ``bot/games/aura/view.py``; the trump order and the
action cards' names and texts come from the game's card data.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.engine import Result
from bot.engine.said import Said, said, said_n
from bot.games.aura.cards import CARDS
from bot.games.aura.view import AuraView, Card, Cell, Row, Seat, Shown, Table
from bot.render import cards
from bot.render import palette as pal
from bot.render.canvas import Canvas, pill_height
from bot.render.chrome import (
    DISC_R,
    HAND_GAP,
    HEADER,
    HEIGHT,
    MARGIN,
    NAME_PX,
    WIDTH,
    Names,
    columns,
    hand_card,
    header,
    named,
    number_disc,
    seat_label,
)
from bot.render.outcome import Figures, Scoresheet
from bot.render.palette import RGB, Suit
from bot.render.text import KEY_PX, TEXT_PX, Role, folded
from bot.words import Language

MINI_SIZE = (64, 90)
BACK_SIZE = (36, 50)
INFO_W = 300
"""Each seat's row starts with its name, counts and status; its cards follow."""
STRIP_H = 32
ROW_MAX = 190
PILL = pill_height(TEXT_PX)

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


def card_face(card: Card, size: tuple[int, int], words: Language) -> Image.Image:
    """A number, wild or action card; a wild shows the number named for it in a badge. An
    action's text goes beside the hand image (``hand_texts``), not on the card."""
    colour = card["colour"]
    suit, beats = _suit(colour), _suit(TRUMPS.get(colour, ""))
    kind = card["kind"]
    value = card["value"]
    word = words.say(said("beats"))
    if kind == "wild":
        return cards.face(size, suit, words.say(said("W")), words.say(said("Wild")),
                          beats=beats, plate=str(value) if value else "", beats_word=word)
    if kind == "action":
        action = ACTIONS.get(card["action"] or "")
        name = action.name if action else card["label"]
        return cards.face(size, suit, "", words.say(Said(name)), beats=beats, beats_word=word)
    return cards.face(size, suit, str(value), beats=beats, beats_word=word)


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
        c.card(card_face(item, size, c.words), xy)


PHASES = {"play": said("plays"), "reveal": said("reveal"), "cleanup": said("cleanup"),
          "extra": said("may play again")}
"""What the turn is doing, after the name of who plays."""
WAITING = {"block": said_n("{players} blocks", "{players} block", 1),
           "discard": said_n("{players} discards", "{players} discard", 1)}
"""What the turn waits for, with the seats it waits on."""
VARIANTS = {"beginner": said("beginner"), "advanced": said("advanced"),
            "simultaneous_blocks": said("simultaneous blocks")}
"""The variants a table may play, named in its header."""


def _status(view: AuraView, names: Names, words: Language) -> str:
    phase = view["phase"]
    if phase == "over":
        standing = view["result"]
        placings = standing["placings"] if standing else []
        winners = tuple(named(s, names, words) for s, p in enumerate(placings) if p == 1)
        return words.say(said_n("{players} wins", "{players} win", len(winners),
                                players=winners))
    active = named(view["active"], names, words)
    waiting = tuple(named(s, names, words) for s in view["waiting"])
    doing = WAITING[phase].with_values(players=waiting, n=len(waiting)) if phase in WAITING else \
        PHASES.get(phase, Said(phase))
    turn = said("Turn {turn}+: {player} · {doing}") if view["additional_turn"] else \
        said("Turn {turn}: {player} · {doing}")
    return words.say(turn.with_values(turn=view["turn"], player=active, doing=doing))


def _right(view: AuraView, words: Language) -> str:
    flags = [words.say(VARIANTS[k]) for k, on in view["variant"].items() if on]
    if view["ending"] and view["phase"] != "over":
        flags.insert(0, words.say(said("last turn")))
    return " · ".join(flags)


# ----- board -------------------------------------------------------------------------------

def _order(view: AuraView) -> list[int]:
    """The seats top to bottom: the one who plays, then the blockers in their order."""
    table = view["table"]
    first = [table["active"], *(row["seat"] for row in table["blockers"])] if table else []
    return [*first, *(s for s in range(len(view["seats"])) if s not in first)]


def render_board(view: AuraView, names: Names, words: Language) -> bytes:
    """One row per seat (name, cards left, what it is doing), its cards beside it: the
    active seat's play, each blocker's blocks under it. Effects and the table's state run
    along the top."""
    seats = _order(view)
    top = HEADER + 4 + STRIP_H + 2
    row_h = min(ROW_MAX, (HEIGHT - top - 2) // len(seats))
    c = Canvas(WIDTH, top + row_h * len(seats) + 2, words)
    header(c, "Aura", _status(view, names, words), _right(view, words))
    _strip(c, view, (MARGIN, HEADER + 4, WIDTH - MARGIN), names)
    table = view["table"]
    # A pill on a card (a chain, how a block fared) covers its "beats" strip: the rule it
    # reminds of is settled by then.
    card_h = row_h - 6 - 6 - 4
    size = (round(card_h / 1.35), card_h)
    turn = next((k for k, row in enumerate(table["blockers"]) if row["choosing"]),
                len(table["blockers"])) if table else 0
    for k, seat in enumerate(seats):
        y = top + k * row_h
        box = (MARGIN, y, WIDTH - MARGIN, y + row_h - 6)
        status, colour = _seat_status(view, seat, k - 1, turn)
        _seat_row(c, view, seat, box, names, status, colour)
        cells = (WIDTH - MARGIN - 10 - box[0] - INFO_W)
        area = (box[0] + INFO_W, y + 6, box[0] + INFO_W + cells)  # left, top, right
        if table and k == 0:
            _played(c, view, table, area, size)
        elif table and k <= len(table["blockers"]):
            _blocks(c, view, table, table["blockers"][k - 1], area, size)
        elif not table and view["opening"] and view["turn"] == 1:
            _draws(c, view, seat, area, size)
        elif view["phase"] == "over":
            _placing(c, view, seat, area, row_h)
        elif not table and seat == view["active"]:
            c.text((area[0] + 10, y + row_h / 2), c.say(said("chooses cards to play")), 22,
                   fill=pal.INK_SOFT, anchor="lm", max_width=area[2] - area[0] - 10)
    return c.png()


def _strip(c: Canvas, view: AuraView, at: tuple[int, int, int], names: Names) -> None:
    """The table's state on the left, the effects in force as pills on the right."""
    x0, y, x1 = at
    table = view["table"]
    shown = []
    if table:
        effects = table["effects"]
        if effects["double"]:
            shown.append(c.say(said("Double: discards ×2")))
        if effects["reverse"]:
            shown.append(c.say(said("Reverse")))
        if effects["block"]:
            shown.append(c.say(said("Block: {players}", players=tuple(
                named(s, names, c.words) for s in effects["block"]))))
    px = float(x1)
    for text in reversed(shown):  # each shortened to the room left, the table's state first
        room = min(px - x0 - 160, 420)
        px -= c.pill((px, y + (STRIP_H - PILL) // 2), text, pal.GOLD, pal.INK_DARK, align="r",
                     max_width=room) + 8
    if table is None and view["opening"] and view["turn"] == 1:
        note, weight, colour = c.say(said("Drawing for the starting player")), "bold", pal.INK
    elif table is None:
        note = _final_counts(view, names, c.words) if view["result"] else ""
        weight, colour = "regular", pal.INK_SOFT
    elif not table["revealed"]:
        note = c.say(said("Face down until every block is placed"))
        weight, colour = "regular", pal.INK_SOFT
    elif table["resolving"] is not None:
        note = c.say(said("{player} resolves wilds and actions",
                          player=named(table["resolving"], names, c.words)))
        weight, colour = "bold", pal.GOLD
    else:
        note, weight, colour = c.say(said("Revealed")), "bold", pal.INK
    c.text((x0 + 4, y + STRIP_H / 2), note, TEXT_PX + 2, weight, colour, "lm",
           max_width=px - x0 - 16)


def _seat_status(view: AuraView, seat: int, row: int, turn: int) -> tuple[Said | None, RGB]:
    """What the seat in table row ``row`` (-1: the active seat) is doing, and its colour;
    ``turn`` is the first blocker row still to place its blocks."""
    table = view["table"]
    if view["phase"] == "over":
        return None, pal.INK_SOFT
    if table is None:
        return (said("to play"), pal.GOLD) if seat == view["active"] else (None, pal.INK_SOFT)
    if row < 0:
        return said("plays"), pal.GOLD
    if row >= len(table["blockers"]):
        return None, pal.INK_SOFT
    blocker = table["blockers"][row]
    owes = blocker["owes"]
    placed = sum(1 for cell in blocker["cells"] if cell and cell["card"])
    if blocker["choosing"]:
        return said("placing blocks…"), pal.GOLD
    if blocker["sealed"]:
        return said("blocks hidden"), pal.INK_SOFT
    if owes is None and row >= turn:
        return said("waits to block"), pal.INK_SOFT
    if owes is None:
        return said_n("{n} block", "{n} blocks", placed), pal.INK_SOFT
    if owes:
        return said("discards {n}", n=owes), pal.BAD
    return (said("stopped every card") if blocker["blocked_all"] else said("safe")), pal.GOOD


def _seat_row(c: Canvas, view: AuraView, seat: int, box: tuple[int, int, int, int],
              names: Names, status: Said | None, colour: RGB) -> None:
    """The seat's panel and its first column: name, cards left, hand and discard, status."""
    x0, y0, _, y1 = box
    info = view["seats"][seat]
    over = view["phase"] == "over"
    active = not over and seat == view["active"]
    c.panel(box, fill=pal.PANEL_ACTIVE if active else pal.PANEL,
            outline=pal.GOLD if active else pal.PANEL_EDGE, width=3 if active else 2, radius=12)
    x, w = x0 + 12, INFO_W - 24
    c.text((x, y0 + 8), seat_label(seat, names, c.words), NAME_PX, "bold", max_width=w)
    c.card(card_back(info["back"], info["aura"], BACK_SIZE), (x, y0 + 42))
    tx = x + BACK_SIZE[0] + 12
    left = c.text((tx, y0 + 38), str(info["remaining"]), KEY_PX + 3, "bold", pal.GOLD,
                  role=Role.KEY)
    c.text((tx + left + 8, y0 + 46), c.say(said_n("card left", "cards left", info["remaining"])),
           TEXT_PX, fill=pal.INK_SOFT, max_width=x0 + INFO_W - tx - left - 8)
    c.text((tx, y0 + 74), c.say(said("hand {hand} · discard {discard}", hand=info["hand"],
                                     discard=info["discard"])), TEXT_PX + 1,
           max_width=x0 + INFO_W - tx)
    sy = y0 + 100
    if sy + 26 > y1:
        return
    gone = 0.0
    surfaced = info["aura_surfaced"]
    if surfaced:
        c.draw.ellipse((x + 2, sy + 4, x + 18, sy + 20), fill=aura_rgb(info["aura"]),
                       outline=pal.INK, width=1)
        gone = 24 + c.text((x + 24, sy + 12), c.say(said("Aura {n}×", n=surfaced)), TEXT_PX,
                           fill=pal.INK_SOFT, anchor="lm") + 12
    if status is not None:  # its lines go down from the first where the row is tall enough
        text, size = c.say(status), TEXT_PX + 3
        most = max(1, (y1 - 4 - sy) // round(size * 1.2))
        face, lines = folded(text, size, "bold", w - gone, most)
        c.label((x + gone, sy + 12 + (len(lines) - 1) * round(face.size * 1.2) / 2), text, size,
                "bold", colour, "lm", max_width=w - gone, max_lines=most)


def _room(area: tuple[int, int, int], count: int) -> int:
    """The width of one card's column."""
    return columns(max(1, count), area[0], area[2], 8)[0][1]


def _slots(area: tuple[int, int, int], count: int, size: tuple[int, int]) -> list[int]:
    """The left edge of each card in a row of ``count`` (at most five) columns."""
    return [cx + (cw - size[0]) // 2 for cx, cw in columns(max(1, count), area[0], area[2], 8)]


def _played(c: Canvas, view: AuraView, table: Table, area: tuple[int, int, int],
            size: tuple[int, int]) -> None:
    """The active seat's cards, each with its chain under it."""
    y = area[1]
    active = table["active"]
    w, h = size
    room = _room(area, len(table["cards"]))
    for x, slot in zip(_slots(area, len(table["cards"]), size), table["cards"], strict=True):
        _drawn(c, slot["card"], view["seats"], active, (x, y), size)
        if slot["card"] is None:
            c.text((x + w / 2, y + h / 2), c.say(said("back")), TEXT_PX, fill=pal.INK_SOFT,
                   anchor="mm", max_width=w - 4)
        if slot["chain"]:
            c.pill((x + w // 2, y + h - PILL - 3), c.say(said("chain {n}", n=slot["chain"])),
                   pal.GOLD,
                   pal.INK_DARK, align="m", max_width=room)


def _blocks(c: Canvas, view: AuraView, table: Table, row: Row, area: tuple[int, int, int],
            size: tuple[int, int]) -> None:
    """One blocking seat's cards under the cards they face, and how each block fared."""
    y = area[1]
    w, h = size
    cost = 2 if table["effects"]["double"] else 1
    room = _room(area, len(table["cards"]))
    for x, cell in zip(_slots(area, len(table["cards"]), size), row["cells"], strict=True):
        if cell is None:
            continue
        if cell["card"] is not None:
            _drawn(c, cell["card"], view["seats"], row["seat"], (x, y), size)
        elif cell["blocked"] is not None:
            c.draw.rounded_rectangle((x + 8, y + 8, x + w - 8, y + h - 8), 9,
                                     outline=pal.PANEL_EDGE, width=1)
        if cell["blocked"] is not None:
            _mark(c, cell, (x + w // 2, y + h - PILL - 3), cost, room)


BLOCKED = {"trump": said("✓ trump"), "higher": said("✓ higher"), "block": said("✓ block")}
"""How a block stopped a card: by trump, by a higher number, by a Block action."""


def _mark(c: Canvas, cell: Cell, centre_top: tuple[int, int], cost: int, room: int) -> None:
    """How a block fared, in words as well as colour: ✓/✗ and the cards it costs."""
    blocked = bool(cell["blocked"])
    if not blocked:
        fared = said("✗ through")
    else:
        fared = BLOCKED.get(cell["beats"] or "", said("✓ blocked"))
    text = c.say(fared)
    if cell["discards"]:
        text += f" −{cost}"
    fill = pal.BAD if cell["discards"] else pal.GOOD
    c.pill(centre_top, text, fill, pal.INK_DARK, align="m", max_width=room)


def _draws(c: Canvas, view: AuraView, seat: int, area: tuple[int, int, int],
           size: tuple[int, int]) -> None:
    """Before the first play: this seat's draws for the starting player, left to right."""
    draws = view["opening"]
    for x, draw in zip(_slots(area, max(len(draws), 3), size), draws, strict=False):
        card = draw[seat]
        if card is not None:
            c.card(card_face(card, size, c.words), (x, area[1]))


def _placing(c: Canvas, view: AuraView, seat: int, area: tuple[int, int, int],
             row_h: int) -> None:
    """After the game: the seat's place."""
    standing = view["result"]
    if not standing:
        return
    place = standing["placings"][seat]
    won = place == 1
    text = c.words.ordinal(place)
    c.text((area[0] + 20, area[1] + row_h / 2 - 6),
           c.say(said("{place} · wins", place=text)) if won else text,
           KEY_PX + 5, "bold", pal.GOLD if won else pal.INK, "lm", role=Role.KEY)


# ----- hand --------------------------------------------------------------------------------

def _prompt(view: AuraView, seat: int, names: Names, words: Language) -> Said:
    """What the seat is asked, short: the message beside the image says it whole."""
    phase = view["phase"]
    if phase == "over":
        return said("Game over")
    waiting = view["waiting"]
    if seat not in waiting:
        return said("Waiting for {players}",
                    players=tuple(named(s, names, words) for s in waiting))
    table = view["table"]
    if phase == "block":
        most = len(table["cards"]) if table else 0
        return said_n("Block up to {n} card", "Block up to {n} cards", most)
    return {
        "play": said("Your turn: play 2–5 cards"),
        "discard": said("Choose cards to discard"),
        "reveal": said("Resolve your wilds and actions"),
        "extra": said("Take your additional turn?"),
    }.get(phase, said("Your choice"))


def render_hand(view: AuraView, names: Names, words: Language) -> bytes:
    """A seat's hand numbered as in its menus, its cards on the table and its discard pile."""
    seat = view["viewer"]
    if seat is None:
        raise ValueError("A hand image needs a seat's own view.")
    hand = view["hand"] or []
    size = w, h = hand_card(len(hand))
    info = view["seats"][seat]
    y = HEADER + 12
    panels = y + 36 + h + 2 * DISC_R + 14
    c = Canvas(WIDTH, panels + MINI_SIZE[1] + 86, words)
    header(c, "Aura", c.say(_prompt(view, seat, names, words)),
           c.say(said("deck {deck} · {n} left", deck=info["deck"], n=info["remaining"])))
    c.text((MARGIN, y), c.say(said("{player}: your hand ({n})",
                                   player=seat_label(seat, names, words), n=len(hand))),
           NAME_PX, "bold", max_width=WIDTH - 2 * MARGIN)
    y += 36
    for k, card in enumerate(hand):
        x = MARGIN + k * (w + HAND_GAP)
        c.card(card_face(card, size, words), (x, y))
        number_disc(c, (x + w // 2, y + h + DISC_R + 6), k + 1)
    half = WIDTH // 2
    _on_table(c, view, seat, (MARGIN, panels, half - 8, c.height - 12))
    _discards(c, info["discarded"] or [], (half + 8, panels, WIDTH - MARGIN,
                                           c.height - 12))
    return c.png()


def hand_texts(view: AuraView, words: Language) -> list[str]:
    """Each action card in the viewer's hand with its text, numbered as on the hand image,
    for the message beside it (the cards show only their names)."""
    out = []
    for k, card in enumerate(view["hand"] or [], 1):
        action = ACTIONS.get(card["action"] or "") if card["kind"] == "action" else None
        if action is not None:
            out.append(words.say(said("{n}. {card}: {text}", n=k, card=Said(card["label"]),
                                      text=Said(action.text))))
    return out


def _on_table(c: Canvas, view: AuraView, seat: int, box: tuple[int, int, int, int]) -> None:
    """The seat's own cards on the table (face up to it even while they lie face down)."""
    x0, y0, x1, _ = box
    c.panel(box)
    c.text((x0 + 14, y0 + 10), c.say(said("On the table")), TEXT_PX + 4, "bold",
           max_width=x1 - x0 - 28)
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
        c.text((x0 + 14, y0 + 46), c.say(said("None.")), TEXT_PX + 2, fill=pal.INK_SOFT)
        return
    w = MINI_SIZE[0] + 30
    for n, (k, card) in enumerate(mine):
        x = x0 + 14 + n * (w + 4)
        if x + w > x1:
            break
        _drawn(c, card, view["seats"], seat, (x + 15, y0 + 42), MINI_SIZE)
        c.text((x + w / 2, y0 + 46 + MINI_SIZE[1]), c.say(said("at {n}", n=k + 1)), TEXT_PX,
               fill=pal.INK_SOFT, anchor="ma", max_width=w)


def _discards(c: Canvas, pile: Sequence[Card], box: tuple[int, int, int, int]) -> None:
    """The seat's own discard pile, newest first (it lies face down for everyone else)."""
    x0, y0, x1, _ = box
    c.panel(box)
    c.text((x0 + 14, y0 + 10), c.say(said("Your discards ({n})", n=len(pile))), TEXT_PX + 4,
           "bold", max_width=x1 - x0 - 28)
    if not pile:
        c.text((x0 + 14, y0 + 46), c.say(said("None yet.")), TEXT_PX + 2, fill=pal.INK_SOFT)
        return
    w = MINI_SIZE[0]
    room = x1 - x0 - 28 - w
    step = min(w + 6, max(44, room // max(1, len(pile) - 1)))
    for k, card in enumerate(list(pile)[::-1][: room // step + 1]):
        c.card(card_face(card, MINI_SIZE, c.words), (x0 + 14 + k * step, y0 + 42), lift=k == 0)


# -- the result ------------------------------------------------------------------------------

def _aura_tie(figures: Figures, names: Names, words: Language) -> str:
    """Which tie-break settled first place, in words; empty when cards left did."""
    counts = [tuple(int(v) for v in f) for f in figures]
    best = max(f[0] for f in counts)
    tied = [s for s, f in enumerate(counts) if f[0] == best]
    if len(tied) < 2:
        return ""
    who = tuple(seat_label(s, names, words) for s in tied)
    fewest = min(counts[s][1] for s in tied)
    still = [s for s in tied if counts[s][1] == fewest]
    if len(still) == 1:
        return words.say(said_n(
            "{players} tied on {n} card left; fewer wild and action cards discarded decided.",
            "{players} tied on {n} cards left; fewer wild and action cards discarded decided.",
            best, players=who))
    lowest = min(counts[s][2] for s in still)
    if sum(1 for s in still if counts[s][2] == lowest) == 1:
        return words.say(said_n(
            "{players} tied on {n} card left and on wild and action cards; the lower "
            "discarded total decided.",
            "{players} tied on {n} cards left and on wild and action cards; the lower "
            "discarded total decided.", best, players=who))
    return words.say(said("{players} tied on every count: they share the win.", players=who))


def _counts(view: AuraView) -> list[tuple[int, int, int]]:
    """Each seat's cards left, wild and action cards discarded and discarded total: what
    placed them (``bot.games.aura.scoring``)."""
    out = []
    for info in view["seats"]:
        pile = info["discarded"] or []
        special = sum(1 for card in pile if card["kind"] in ("wild", "action"))
        total = sum(card["value"] or 0 for card in pile if card["kind"] == "number")
        out.append((info["remaining"], special, total))
    return out


def _figures(view: AuraView, words: Language) -> list[tuple[str, ...]]:
    return [tuple(str(n) for n in counts) for counts in _counts(view)]


def _final_counts(view: AuraView, names: Names, words: Language) -> str:
    """The board's note once the game is over: each seat's counts, in words."""
    return "; ".join(words.say(said(
        "{player}: {cards} left, {specials} and {points} discarded",
        player=named(seat, names, words),
        cards=said_n("{n} card", "{n} cards", left),
        specials=said_n("{n} wild or action card", "{n} wild or action cards", special),
        points=said_n("{n} point", "{n} points", total)))
        for seat, (left, special, total) in enumerate(_counts(view)))


def _ending(view: AuraView | None, result: Result, names: Names, rest: tuple[str, ...],
            figures: Figures | None, words: Language) -> tuple[str, tuple[str, ...]]:
    note = _aura_tie(figures, names, words) if figures is not None else ""
    return (words.say(said("Most cards left (hand and deck) wins; on a tie, fewer wild and "
                           "action cards discarded, then the lower total of discarded "
                           "numbers.")),
            (*((note,) if note else ()), *rest))


SCORESHEET = Scoresheet("Aura", (said("Cards left"), said("Wild/action out"),
                                 said("Discarded sum")), _figures, _ending)
