"""Zura images: the public board, a seat's private hand, and the end-of-match summary.

They read only the view declared in ``bot/games/zura/view.py`` (``ZView``). Each ability's
picture is its caption in ``ABILITY_SHORT``; big cards print the card's own text.
"""

from __future__ import annotations

from PIL import Image

from bot.engine import Result
from bot.engine.said import Said, said, said_n
from bot.games.zura.view import Landscape, Search, Slot, TravelCard, TzCard, ZView
from bot.render import cards
from bot.render import palette as pal
from bot.render.canvas import Canvas
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
    seat_panel,
    stat,
)
from bot.render.outcome import Figures, Scoresheet, figure
from bot.render.palette import Suit
from bot.render.text import KEY_PX, TEXT_PX, Role, wrap
from bot.words import Language

TZ_SIZE = (118, 165)
PILE_SIZE = (84, 118)
STACK_SIZE = (88, 123)
KNOWN_SIZE = (86, 120)
CLAIM_SIZE = (60, 84)
KNOWN_GAP = 36
"""Between the known search area's cards: room for a slot's label wider than its card."""
SEATS_H = 172

TRAVEL_BACK = ((92, 62, 40), (236, 204, 140))
SEAL_BACK = ((38, 36, 78), (196, 178, 240))

ABILITY_SHORT = {
    "peek4": said("4+: peek"), "steal5": said("5+: steal"), "extra12": said("1–2: one more"),
    "restack": said("Restack"), "hand7": said("Hand of 7"),
    "discard2": said("2 from discard"), "scry": said("Scry the deck"),
    "swap": said("Swap a card"),
}
"""Captions for small cards; big cards print the game's own ability text."""

PHASES = {
    "scry": said("{player} looks at the top travel card"),
    "draw": said("{player} draws travel cards"),
    "act": said("{player} discards travel cards"), "restack": said("{player} restacks"),
    "swap": said("{player} swaps a travel card"),
    "extra": said("{player} may discard one more"),
    "peek": said("{player} peeks at the search area"),
    "flip": said("{player} flips search-area cards"),
    "steal": said("{player} may steal a card"),
    "order": said("{player} stacks claimed cards"),
}
"""What the seat to play is doing, by phase."""


def _suit(landscape: str | None, colour: str | None, kind: str = "tzerzurian") -> Suit:
    """The palette entry for a landscape, falling back on its colour name."""
    if kind in pal.ZURA_SPECIAL:
        return pal.ZURA_SPECIAL[kind]
    if landscape in pal.ZURA:
        return pal.ZURA[landscape]
    return {**pal.AURA, **pal.AURORIA}.get(colour or "", pal.NEUTRAL)


def tz_face(card: TzCard, size: tuple[int, int], words: Language,
            detail: bool = False) -> Image.Image:
    """A Tzerzurian's face: points, landscape symbol, name, ability (and X's current value)."""
    suit = _suit(card["landscape"], card["colour"], card["kind"])
    ability = card["ability"]
    caption = Said(card["ability_text"]) if detail else ABILITY_SHORT.get(ability, Said(ability))
    text = words.say(caption) if caption.msgid else ""
    value = card.get("value")
    plate = f"={value}" if card["points"] == "X" and value is not None else ""
    return cards.face(size, suit, figure(card["points"]), words.say(Said(card["name"])),
                      (text,) if text else (), plate=plate)


def travel_face(card: TravelCard, size: tuple[int, int], words: Language) -> Image.Image:
    suit = _suit(card["landscape"], card["colour"])
    return cards.face(size, suit, "", words.say(Said(card["name"])))


def travel_back(size: tuple[int, int]) -> Image.Image:
    return cards.back(size, *TRAVEL_BACK, motif="compass")


def seal_back(size: tuple[int, int]) -> Image.Image:
    return cards.back(size, *SEAL_BACK, motif="seal")


def _status(view: ZView, names: Names, words: Language) -> str:
    if view["over"]:
        scores = view["scores"]
        best = max(scores)
        leaders = tuple(named(s, names, words) for s, v in enumerate(scores) if v == best)
        return words.say(said_n("Game over — {players}: {n} point",
                                "Game over — {players}: {n} points", best, players=leaders))
    who = named(view["turn"], names, words)
    return words.say(PHASES.get(view["phase"], said("{player} plays")).with_values(player=who))


def _right(view: ZView, words: Language) -> str:
    final = view["final_turns"]
    if final:
        return words.say(said("Final turns: {n} left", n=final["turns_left"]))
    return words.say(said("Step {n}", n=view["step"]))


# ----- board -------------------------------------------------------------------------------

def render_board(view: ZView, names: Names, words: Language) -> bytes:
    """The public table: search area, piles, this turn's progress, every seat's stack."""
    players = view["players"]
    c = Canvas(WIDTH, HEIGHT, words)
    header(c, "Zura", _status(view, names, words), _right(view, words))
    top = HEADER + 8
    seats_y = HEIGHT - SEATS_H - 8
    right = MARGIN + _search_area(c, view["search"], (MARGIN, top, seats_y - 8), names)
    _piles(c, view, (right + 12, top, WIDTH - MARGIN, seats_y - 8), names)
    _seats(c, view, players, seats_y, HEIGHT - 8, names)
    return c.png()


def _search_area(c: Canvas, search: Search, at: tuple[int, int, int], names: Names) -> int:
    """The search area's panel from ``at`` (left, top, bottom); returns its width."""
    cols, rows = search["columns"], search["rows"]
    w = TZ_SIZE[0]
    gap = 12
    x0, y0, y1 = at
    width = cols * w + (cols - 1) * gap + 28
    c.panel((x0, y0, x0 + width, y1))
    c.text((x0 + 14, y0 + 8), c.say(said("Search area")), NAME_PX, "bold",
           max_width=width - 28)
    row_h = (y1 - y0 - 44) // max(1, rows)
    for slot in search["slots"]:
        x = x0 + 14 + slot["column"] * (w + gap)
        y = y0 + 44 + slot["row"] * row_h
        _slot(c, slot, (x, y), names)
    return width


def _slot(c: Canvas, slot: Slot, xy: tuple[int, int], names: Names) -> None:
    w, h = TZ_SIZE
    x, y = xy
    state = slot["state"]
    if state == "empty":
        c.draw.rounded_rectangle((x, y, x + w, y + h), 10, outline=pal.PANEL_EDGE, width=2)
    elif state == "up":
        c.card(tz_face(slot["card"], TZ_SIZE, c.words), xy)
    else:
        c.card(seal_back(TZ_SIZE), xy)
        seen = slot.get("seen")
        if slot["public"] and seen:
            # Everyone saw it face up earlier: the board reminds who it is.
            lines = wrap(c.say(Said(seen["name"])), TEXT_PX, "bold", w - 12, 3)
            step = TEXT_PX + 3
            top = y + h - 10 - step * len(lines)
            c.draw.rounded_rectangle((x + 4, top, x + w - 4, y + h - 6), 6, fill=pal.PAPER)
            for k, line in enumerate(lines):
                c.text((x + w / 2, top + 2 + step * k), line, TEXT_PX, "bold", pal.INK_DARK, "ma")
    c.text((x, y + h + 4), c.say(Said(slot["name"])), TEXT_PX + 2, "bold",
           pal.GOLD if slot["lone_imp"] else pal.INK_SOFT, max_width=w + 10)
    # Notes from the card's top edge down, on more lines where a longer language (or a
    # longer list) needs them.
    notes = [(c.say(said("lone Imp")), pal.GOLD)] if slot["lone_imp"] else []
    if slot["peeked_by"]:
        who = tuple(named(p, names, c.words) for p in slot["peeked_by"])
        notes.append((c.say(said("seen: {players}", players=who)), pal.PAPER))
    note_y = float(y - 10)
    for note, fill in notes:
        note_y += c.plate((x + w / 2, note_y), note, fill, pal.INK_DARK, max_width=w - 8,
                          max_lines=3) + 4


def _piles(c: Canvas, view: ZView, box: tuple[int, int, int, int], names: Names) -> None:
    """The three piles and their counts, this turn's progress, the landscapes' legend."""
    x0, y0, x1, y1 = box
    c.panel(box)
    w, h = PILE_SIZE
    pitch = (x1 - x0 - 24) // 3
    xs = [x0 + 12 + k * pitch + (pitch - w) // 2 for k in range(3)]
    y = y0 + 12
    discard = view["discard"]
    c.card(travel_back(PILE_SIZE), (xs[0], y))
    if discard["top"]:
        c.card(travel_face(discard["top"], PILE_SIZE, c.words), (xs[1], y))
    else:
        c.draw.rounded_rectangle((xs[1], y, xs[1] + w, y + h), 10, outline=pal.PANEL_EDGE,
                                 width=2)
    c.card(seal_back(PILE_SIZE), (xs[2], y))
    for x, label, count in ((xs[0], said("Travel deck"), view["travel_deck"]),
                            (xs[1], said("Discard"), discard["size"]),
                            (xs[2], said("Tzerzurians"), view["tz_deck"])):
        stat(c, (x + w / 2, y + h + 4), c.say(label), str(count), KEY_PX + 3, anchor="m",
             max_width=pitch - 4)
    turn_y = y + h + 4 + TEXT_PX + 4 + KEY_PX + 18
    c.draw.line((x0 + 12, turn_y - 8, x1 - 12, turn_y - 8), fill=pal.PANEL_EDGE, width=1)
    c.text((x0 + 14, turn_y), c.say(said("This turn")), TEXT_PX + 4, "bold",
           max_width=x1 - x0 - 28)
    turn_y += 36
    _this_turn(c, view, (x0 + 14, turn_y, x1 - 14), names)
    _legend(c, view["landscapes"], (x0 + 14, y1 - 36))


def _legend(c: Canvas, landscapes: list[Landscape], at: tuple[int, int]) -> None:
    """Each landscape's symbol and name, so no one needs to tell colours apart."""
    x, y = at
    for land in landscapes:
        suit = _suit(land["key"], land["colour"])
        c.symbol(suit.symbol, 26, suit.fill, suit.dark, (x, y))
        x += 32 + round(c.text((x + 31, y + 13), c.say(Said(land["name"])), TEXT_PX + 1,
                               "regular", pal.INK_SOFT, "lm")) + 20


def _this_turn(c: Canvas, view: ZView, box: tuple[int, int, int], names: Names) -> None:
    x0, y0, x1 = box
    turn = view["this_turn"]
    y = y0
    done = turn["discarded"]
    if done:
        land = next((la for la in view["landscapes"] if la["key"] == done["landscape"]), None)
        suit = _suit(done["landscape"], land["colour"] if land else None)
        c.symbol(suit.symbol, 30, suit.fill, suit.dark, (x0, y))
        name = c.say(Said(land["name"] if land else suit.name))
        used = 38 + c.text((x0 + 38, y + 15), c.say(said("{landscape} ×{n}", landscape=name,
                                                         n=done["count"])), KEY_PX, "bold",
                           anchor="lm", role=Role.KEY, max_width=x1 - x0 - 38)
    else:  # the counts left go under it where a longer language leaves no room beside
        used = c.text((x0, y + 15), c.say(said("Nothing discarded yet")), TEXT_PX + 2,
                      fill=pal.INK_SOFT, anchor="lm", max_width=x1 - x0)
    left = tuple(c.say(sentence) for sentence in (
        said_n("{n} flip", "{n} flips", turn["flips_left"]),
        said_n("{n} peek", "{n} peeks", turn["peeks_left"]),
        said_n("{n} steal", "{n} steals", turn["steals_left"]))
        if sentence.n)
    if left:
        counts = ", ".join(left)
        if c.text_width(counts, KEY_PX, "bold") > x1 - x0 - used - 16:
            y += 38  # a longer language: on a line of its own, under what was discarded
        c.text((x1, y + 15), counts, KEY_PX, "bold", pal.GOLD, "rm", role=Role.KEY,
               max_width=x1 - x0)
    y += 42
    gained = turn["gained"]
    swap = turn["swap_with"]
    if gained:
        c.text((x0, y + 4), c.say(said("Claimed:")), TEXT_PX, fill=pal.INK_SOFT,
               max_width=86)
        step = min(CLAIM_SIZE[0] + 6, (x1 - x0 - 90 - CLAIM_SIZE[0]) // max(1, len(gained) - 1))
        for k, card in enumerate(gained):
            c.card(tz_face(card, CLAIM_SIZE, c.words), (x0 + 90 + k * step, y))
    elif swap is not None:
        c.text((x0, y + 4), c.say(said("Swapping with {player}",
                                       player=named(swap, names, c.words))), TEXT_PX + 2,
               fill=pal.INK_SOFT, max_width=x1 - x0)


def _seats(c: Canvas, view: ZView, players: int, y0: int, y1: int, names: Names) -> None:
    over = view["over"]
    for seat, (x, w) in enumerate(columns(players, MARGIN, WIDTH - MARGIN, 12)):
        active = not over and seat == view["turn"]
        seat_panel(c, (x, y0, x + w, y1), seat, names, active,
                   c.say(said("to play")) if active else "")
        stack = view["stacks"][seat]
        sx, sy = x + 12, y0 + 42
        sw, sh = STACK_SIZE
        top = stack["top"]
        if top:
            for k in range(min(3, stack["size"] - 1), 0, -1):
                c.card(seal_back(STACK_SIZE), (sx + 3 * k, sy + 3 * k), lift=k == 3)
            c.card(tz_face(top, STACK_SIZE, c.words), (sx, sy))
        else:
            c.draw.rounded_rectangle((sx, sy, sx + sw, sy + sh), 9, outline=pal.PANEL_EDGE,
                                     width=2)
        tx = sx + sw + 20
        stat(c, (tx, sy - 2), c.say(said("Points")), figure(view["scores"][seat]), KEY_PX + 7,
             pal.GOLD, max_width=x + w - tx - 8)
        c.text((tx, sy + 70), c.say(said("stack {n}", n=stack["size"])), TEXT_PX + 2,
               max_width=x + w - tx - 8)
        c.text((tx, sy + 96), c.say(said("hand {n}", n=view["hand_sizes"][seat])), TEXT_PX + 2,
               max_width=x + w - tx - 8)


# ----- hand --------------------------------------------------------------------------------

def render_hand(view: ZView, names: Names, words: Language) -> bytes:
    """A seat's private image: numbered travel hand, own stack, what it knows of the area."""
    seat = view["viewer"]
    if seat is None:
        raise ValueError("A hand image needs a seat's own view.")
    hand = view["hand"] or []
    looking = view["looking_at"]
    y = HEADER + 12
    known_h = 42 + 2 * (KNOWN_SIZE[1] + 30) + 10
    size = w, h = hand_card(len(hand) + bool(looking), WIDTH - 2 * MARGIN - 30 * bool(looking),
                            HEIGHT - 12 - known_h - 14 - 2 * DISC_R - 34 - y)
    mine = not view["over"] and view["turn"] == seat
    panels = y + 34 + h + 2 * DISC_R + 14
    c = Canvas(WIDTH, panels + known_h + 12, words)
    score = view["scores"][seat]
    header(c, "Zura", c.say(said("Your turn")) if mine else _status(view, names, words),
           c.say(said_n("{points} point", "{points} points", score if isinstance(score, int)
                        else 0, points=figure(score))))
    end = float(WIDTH - MARGIN)
    mine_label = c.say(said("{player}: travel cards ({n})",
                            player=seat_label(seat, names, words), n=len(hand)))
    if looking:  # over its card, and further left as far as the hand's heading leaves room
        x = MARGIN + len(hand) * (w + HAND_GAP) + 30
        room = x + w - MARGIN - c.text_width(mine_label, NAME_PX, "bold") - 16
        end = x + w - c.text((x + w, y), c.say(said("Top of the deck")), NAME_PX, "bold",
                             pal.GOLD, "ra", max_width=max(w + 30.0, room))
    c.text((MARGIN, y), mine_label, NAME_PX, "bold", max_width=end - MARGIN - 16)
    y += 34
    for k, card in enumerate(hand):
        x = MARGIN + k * (w + HAND_GAP)
        c.card(travel_face(card, size, words), (x, y))
        number_disc(c, (x + w // 2, y + h + DISC_R + 6), card.get("number", k + 1))
    if looking:
        c.card(travel_face(looking, size, words),
               (MARGIN + len(hand) * (w + HAND_GAP) + 30, y))
    known_w = 4 * (KNOWN_SIZE[0] + KNOWN_GAP) + 20
    _my_stack(c, view["my_stack"] or [], (MARGIN, panels, WIDTH - MARGIN - known_w - 12,
                                          c.height - 12))
    _known_area(c, view["search"], (WIDTH - MARGIN - known_w, panels, WIDTH - MARGIN,
                                    c.height - 12))
    return c.png()


def _my_stack(c: Canvas, stack: list[TzCard], box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    c.panel(box)
    c.text((x0 + 14, y0 + 10), c.say(said("Your stack ({n})", n=len(stack))), NAME_PX, "bold",
           max_width=x1 - x0 - 28)
    if not stack:
        c.text((x0 + 14, y0 + 48), c.say(said("Nothing claimed yet.")), TEXT_PX + 2,
               fill=pal.INK_SOFT, max_width=x1 - x0 - 28)
        return
    top = stack[-1]
    c.card(tz_face(top, STACK_SIZE, c.words), (x0 + 14, y0 + 44))
    tx = x0 + 14 + STACK_SIZE[0] + 14
    c.paragraph((tx, y0 + 44), c.say(said("On top, its ability is yours:")), TEXT_PX,
                pal.INK_SOFT, x1 - tx - 10, 1)
    c.text((tx, y0 + 68), c.say(Said(top["name"])), NAME_PX, "bold", max_width=x1 - tx - 10)
    c.paragraph((tx, y0 + 100), c.say(Said(top["ability_text"])), TEXT_PX + 1, pal.INK,
                x1 - tx - 12, 4)
    below = stack[:-1][::-1]
    if not below:
        return
    w = CLAIM_SIZE[0]
    y = y0 + 44 + STACK_SIZE[1] + 12
    if y + 26 + CLAIM_SIZE[1] > y1:
        return
    c.text((x0 + 14, y), c.say(said("Underneath, newest first")), TEXT_PX, fill=pal.INK_SOFT,
           max_width=x1 - x0 - 28)
    room = x1 - x0 - 28 - w
    step = min(w + 8, max(40, room // max(1, len(below) - 1)))
    for k, card in enumerate(below[:room // step + 1]):
        c.card(tz_face(card, CLAIM_SIZE, c.words), (x0 + 14 + k * step, y + 26))


def _known_area(c: Canvas, search: Search, box: tuple[int, int, int, int]) -> None:
    """The search area as this seat knows it: peeked cards are shown face up."""
    x0, y0 = box[:2]
    c.panel(box)
    c.text((x0 + 14, y0 + 10), c.say(said("Search area, as you know it")), TEXT_PX + 2, "bold",
           max_width=box[2] - x0 - 28)
    w, h = KNOWN_SIZE
    for slot in search["slots"]:
        x = x0 + 14 + slot["column"] * (w + KNOWN_GAP)
        y = y0 + 42 + slot["row"] * (h + 30)
        up = slot["state"] == "up"
        known = slot.get("card") if up else slot.get("seen")
        private = bool(known) and not up and not slot["public"]
        if slot["state"] == "empty":
            c.draw.rounded_rectangle((x, y, x + w, y + h), 8, outline=pal.PANEL_EDGE, width=2)
        elif known:
            c.card(tz_face(known, KNOWN_SIZE, c.words), (x, y))
        else:
            c.card(seal_back(KNOWN_SIZE), (x, y))
        if private:
            c.draw.rounded_rectangle((x - 3, y - 3, x + w + 3, y + h + 3), 10, outline=pal.GOLD,
                                     width=3)
        label = c.say(said("{slot} seen", slot=slot["name"])) if private else slot["name"]
        c.text((x + w / 2, y + h + 3), label, TEXT_PX, "bold",
               pal.GOLD if private else pal.INK_SOFT, "ma", max_width=w + KNOWN_GAP - 2)


# -- the result ------------------------------------------------------------------------------

def _figures(view: ZView, words: Language) -> list[tuple[str, ...]]:
    return [(figure(score), str(stack["size"]),
             words.say(Said(stack["top"]["name"])) if stack["top"] else "—")
            for score, stack in zip(view["scores"], view["stacks"], strict=True)]


def _ending(view: ZView | None, result: Result, names: Names, rest: tuple[str, ...],
            figures: Figures | None, words: Language) -> tuple[str, tuple[str, ...]]:
    notes = list(rest)
    if len(result.winners) > 1:
        notes.insert(0, words.say(said("Equal points: the rules name no tie-break, so the win "
                                       "is shared.")))
    final = view["final_turns"] if view is not None else None
    if final is not None:
        notes.append(words.say(said("{player} emptied the Tzerzurian deck; everyone else had "
                                    "one last turn.",
                                    player=seat_label(final["emptied_by"], names, words))))
    return words.say(said("Most points wins.")), tuple(notes)


SCORESHEET = Scoresheet("Zura", (said("Points"), said("Stack"), said("Top card")), _figures,
                        _ending)
