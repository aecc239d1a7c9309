"""Auroria Codex images: the public board, a seat's private hand, the end-of-match summary.

They read only the view documented in ``bot/games/auroria/view.py``. Seat 0 sits at the
bottom and seat 1 at the top; each side's Frontline faces the middle of the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image

from bot.engine import Result
from bot.engine.names import with_names
from bot.games.auroria.view import AuroriaView, CardFace, EnergyCard, PlayerView, Slot
from bot.render import cards
from bot.render import palette as pal
from bot.render.canvas import Canvas
from bot.render.chrome import (
    HAND_GAP,
    HEADER,
    MARGIN,
    WIDTH,
    Names,
    header,
    number_disc,
    seat_label,
    stat,
)
from bot.render.outcome import Figures, Scoresheet, figure
from bot.render.palette import RGB, Suit

Marks = Mapping[int, RGB]
"""uid -> the frame colour of a card in the current attack."""

SLOT_SIZE = (86, 120)
PITCH = 126
"""Slot width: room for an exhausted (turned) card, 120 wide."""
LEADER_SIZE = (128, 178)
SMALL_SIZE = (50, 70)
AURA_SIZE = (30, 42)
TOKEN_SIZE = (26, 36)
SIDE_H = 334
BAND_H = 64
LINE_SLOTS = 5
AURA_ZONES = 5

PLANTED_BACK: RGB = (30, 62, 38)
ENERGY_BACK: RGB = (44, 40, 78)
ATTACKER: RGB = (232, 84, 64)
BLOCKER: RGB = (90, 170, 236)

TYPES = {"creature": "Creature", "spell": "Spell", "aura": "Aura Spell", "counter": "Counter",
         "item": "Item", "energy": "Energy", "potion": "Potion", "leader": "Leader"}
PHASES = {"mulligan": "mulligans", "draw": "draw phase", "energy": "energy phase",
          "main": "main phase", "battle": "battle phase", "end": "end phase"}



def _suit(colour: str) -> Suit:
    return pal.AURORIA.get(colour, pal.NEUTRAL)


def _key(card: CardFace, keywords: Sequence[str] | None = None
         ) -> tuple[str, str, str, int, int, int, str, str]:
    """What a face shows, hashable for the cache (uids differ between copies); a creature
    in a line shows its current ``keywords``."""
    return (card["name"], card["type"], card["colour"], card["cost"], card["front"],
            card["back"], ", ".join(keywords or card["keywords"]), card["text"])


def card_face(card: CardFace, size: tuple[int, int], detail: bool = False) -> Image.Image:
    """Any card from the view: cost in the corner, name, then powers, keywords and text."""
    return _face(_key(card), size, detail)


@lru_cache(maxsize=1024)
def _face(key: tuple[str, str, str, int, int, int, str, str], size: tuple[int, int],
          detail: bool) -> Image.Image:
    name, kind, colour, cost, front, back, keywords, text = key
    body: list[str] = []
    if kind == "creature":
        body.append(f"{front} ~ {back}")
    elif detail or kind not in ("energy",):
        body.append(TYPES.get(kind, kind.title()))
    if keywords:
        body.append(keywords)
    if detail and text:
        body.append(text)
    index = "" if kind in ("energy", "potion") else str(cost)
    return cards.face(size, _suit(colour), index, name, tuple(body))


@lru_cache(maxsize=512)
def _creature(key: tuple[str, str, str, int, int, int, str, str], exhausted: bool
              ) -> Image.Image:
    """A creature in a line, turned a quarter when exhausted."""
    name, _, colour, cost, front, back, keywords, _ = key
    body = (f"{front} ~ {back}", keywords) if keywords else (f"{front} ~ {back}",)
    face = cards.face(SLOT_SIZE, _suit(colour), str(cost), name, body)
    return face.rotate(-90, expand=True) if exhausted else face


@lru_cache(maxsize=64)
def _token(exhausted: bool, potion: bool) -> Image.Image:
    """An Energy card (face down) or a Potion marker, turned when exhausted."""
    accent = pal.GOLD if potion else (170, 160, 230)
    im = cards.back(TOKEN_SIZE, ENERGY_BACK, accent, lines=0 if potion else 1,
                    motif="star" if potion else "")
    return im.rotate(-90, expand=True) if exhausted else im


def _names(view: AuroriaView, names: Names) -> dict[int, str]:
    """uid → "name (seat)" for everything on the table, to describe the current attack."""
    out: dict[int, str] = {}
    for player in view["players"]:
        owner = seat_label(player["seat"], names)
        out[player["leader"]["uid"]] = f"{player['leader']['name']} ({owner})"
        for slot in [*player["front"], *player["back"]]:
            name = slot["card"]["name"] if "card" in slot else "a Planted card"
            out[slot["uid"]] = f"{name} ({owner})"
    return out


def _status(view: AuroriaView, names: Names) -> str:
    """The turn or the game's end; in a best-of-three, led by the game and the games won."""
    match = view.get("match")
    if match is None:
        return _game_status(view, names)
    won = "–".join(str(n) for n in match["score"])
    return f"Game {match['game']} (games won {won}) · {_game_status(view, names)}"


def _game_status(view: AuroriaView, names: Names) -> str:
    result = view["result"]
    if result is not None:
        winners = result["winners"]
        if not winners:
            return "Game over — a draw"
        return f"Game over — {seat_label(winners[0], names)} wins"
    who = seat_label(view["active"], names)
    return f"Turn {view['turn']}: {who}, {PHASES.get(view['phase'], view['phase'])}"


# ----- board -------------------------------------------------------------------------------

def render_board(view: AuroriaView, names: Names = None) -> bytes:
    """Both sides of the table, with the chain and the current attack between them."""
    height = HEADER + 12 + SIDE_H + BAND_H + SIDE_H + 12
    c = Canvas(WIDTH, height)
    header(c, "Auroria", _status(view, names), "Slow Mode" if view["slow"] else "")
    combat = view["combat"]
    marks: dict[int, RGB] = {}
    if combat is not None:
        marks[combat["attacker"]] = ATTACKER
        if combat["blocker"] is not None:
            marks[combat["blocker"]] = BLOCKER
        marks[combat["target"]] = pal.GOLD
    top = HEADER + 12
    _side(c, view, 1, top, facing_down=True, marks=marks, names=names)
    _band(c, view, top + SIDE_H, names)
    _side(c, view, 0, top + SIDE_H + BAND_H, facing_down=False, marks=marks, names=names)
    return c.png()


def _side(c: Canvas, view: AuroriaView, seat: int, y0: int, facing_down: bool,
          marks: Marks, names: Names) -> None:
    """One player's half: leader, Frontline and Backline, Energy, Aura Spells, counts."""
    player = view["players"][seat]
    over = view["result"] is not None
    active = not over and seat == view["active"]
    y1 = y0 + SIDE_H - 8
    c.panel((MARGIN, y0, WIDTH - MARGIN, y1), fill=pal.PANEL_ACTIVE if active else pal.PANEL,
            outline=pal.GOLD if active else pal.PANEL_EDGE, width=3 if active else 2)
    _leader(c, player, (MARGIN + 14, y0 + 12), seat, names, marks, active)
    lines_x = MARGIN + 262
    rows = ("back", "front") if facing_down else ("front", "back")
    for k, line in enumerate(rows):
        _line(c, player["front"] if line == "front" else player["back"], line,
              (lines_x, y0 + 22 + k * 156), marks)
    _zones(c, player, (lines_x + 62 + LINE_SLOTS * PITCH + 6, y0 + 12, WIDTH - MARGIN - 12))


def _leader(c: Canvas, player: PlayerView, xy: tuple[int, int], seat: int,
            names: Names, marks: Marks, active: bool) -> None:
    x, y = xy
    lead = player["leader"]
    c.text((x, y), seat_label(seat, names), 20, "bold", pal.GOLD if active else pal.INK,
           max_width=236)
    suit = _suit(lead["colour"])
    traits = " · ".join([lead["race"], *lead["traits"]]).strip(" ·")
    face = cards.face(LEADER_SIZE, suit, str(lead["power"]), lead["name"],
                      (traits,) if traits else ())
    cy = y + 30
    _outline(c, marks.get(lead["uid"]), (x, cy), LEADER_SIZE)
    c.card(face, (x, cy))
    sx = x + LEADER_SIZE[0] + 14
    stat(c, (sx, cy), "Influence", figure(player["influence"]), 34, pal.GOLD)
    stat(c, (sx, cy + 62), "Power", str(lead["power"]), 22)
    if lead["attacked"]:
        c.pill((sx, cy + 116), "attacked", pal.PAPER, pal.INK_DARK, 14)
    gear = [("equipped", lead["item"])] if lead["item"] else []
    gear += [("under", item) for item in lead["under"]]
    for k, (label, item) in enumerate(gear[:3]):
        gx = x + k * (SMALL_SIZE[0] + 30)
        c.card(card_face(item, SMALL_SIZE), (gx, cy + LEADER_SIZE[1] + 8), lift=False)
        c.text((gx + SMALL_SIZE[0] + 3, cy + LEADER_SIZE[1] + 12), label, 14,
               fill=pal.INK_SOFT)


def _outline(c: Canvas, colour: RGB | None, xy: tuple[int, int], size: tuple[int, int]) -> None:
    """A coloured frame marking a card in the current attack."""
    if colour is None:
        return
    x, y = xy
    c.draw.rounded_rectangle((x - 5, y - 5, x + size[0] + 5, y + size[1] + 5), 12,
                             outline=colour, width=4)


def _line(c: Canvas, slots: Sequence[Slot], line: str, xy: tuple[int, int],
          marks: Marks) -> None:
    x0, y0 = xy
    c.text((x0, y0 + 58), "Front" if line == "front" else "Back", 16, "bold", pal.INK_SOFT)
    w, h = SLOT_SIZE
    for k in range(LINE_SLOTS):
        x = x0 + 62 + k * PITCH
        if k >= len(slots):
            c.draw.rounded_rectangle((x + (PITCH - 6 - w) // 2, y0, x + (PITCH - 6 + w) // 2,
                                      y0 + h), 9, outline=pal.PANEL_EDGE, width=1)
            continue
        _slot(c, slots[k], (x, y0), marks)


def _slot(c: Canvas, slot: Slot, xy: tuple[int, int], marks: Marks) -> None:
    x, y = xy
    w, h = SLOT_SIZE
    if slot["kind"] == "planted":
        colour = _suit(slot["colour"])
        back = cards.back(SLOT_SIZE, PLANTED_BACK, colour.fill, motif="leaf")
        c.card(back, (x + (PITCH - 6 - w) // 2, y))
        c.pill((x + (PITCH - 6) // 2, y + h - 26), "Planted", pal.PAPER, pal.INK_DARK, 14,
               align="m")
        return
    if slot["kind"] == "dropped":
        c.card(card_face(slot["card"], SLOT_SIZE), (x + (PITCH - 6 - w) // 2, y), lift=False)
        c.pill((x + (PITCH - 6) // 2, y + h - 26), "dropped", BLOCKER, pal.INK_DARK, 14,
               align="m")
        return
    exhausted = slot["exhausted"]
    im = _creature(_key(slot["card"], slot["keywords"]), exhausted)
    cx = x + (PITCH - 6 - im.width) // 2
    cy = y + (h - im.height) // 2 if exhausted else y
    _outline(c, marks.get(slot["uid"]), (cx, cy), im.size)
    c.card(im, (cx, cy))
    # On the cost corner's far side: top right upright, top left once turned.
    _power(c, slot["power"], (cx + 26 if exhausted else cx + im.width - 4, cy - 6))
    tags = []
    if exhausted:
        tags.append(("exhausted", pal.PAPER))
    if slot["damage"]:
        tags.append((f"{slot['damage']} damage", pal.BAD))
    if slot["new"]:
        tags.append(("new", pal.GOLD))
    if slot["item"]:  # under the card, clear of the power badge on its corner
        tags.insert(0, (f"+ {slot['item']['name']}", pal.PAPER))
    ty = y + h + 4 if not exhausted else cy + im.height + 4
    for text, fill in tags[:3]:
        c.pill((x + (PITCH - 6) // 2, ty), text, fill, pal.INK_DARK, 14, align="m")
        ty += 26


def _power(c: Canvas, power: int, top_right: tuple[int, int]) -> None:
    """The creature's power in its current line, upright even on a turned card."""
    x, y = top_right
    r = 15
    c.draw.ellipse((x - 2 * r, y, x, y + 2 * r), fill=pal.INK_DARK, outline=pal.GOLD, width=2)
    c.text((x - r, y + r), str(power), 17, "bold", pal.GOLD, "mm")


def _zones(c: Canvas, player: PlayerView, box: tuple[int, int, int]) -> None:
    """Counts, the Energy Zone (ready / exhausted, Potions) and the 5 Aura Spell zones."""
    x0, y, x1 = box
    c.text((x0, y), f"Deck {player['deck_count']} · Hand {player['hand_count']}", 15,
           max_width=x1 - x0)
    c.text((x0, y + 20), f"Graveyard {player['grave_count']}", 15, max_width=x1 - x0)
    energy: list[EnergyCard] = player["energy"]
    ready = sum(1 for e in energy if not e["exhausted"])
    c.text((x0, y + 50), f"Energy {ready}/{len(energy)} ready", 15, "bold", max_width=x1 - x0)
    per_row = max(1, (x1 - x0) // 38)
    for k, token in enumerate(energy[:per_row * 3]):
        im = _token(token["exhausted"], token["potion"])
        tx = x0 + (k % per_row) * 38
        ty = y + 74 + (k // per_row) * 42
        c.card(im, (tx + (38 - im.width) // 2 - 2, ty + (40 - im.height) // 2), lift=False)
    potions = [e["name"] for e in energy if e["potion"] and e.get("name")]
    py = y + 74 + 3 * 42
    if potions:
        c.text((x0, py), "Potions: " + ", ".join(potions), 14, fill=pal.INK_SOFT,
               max_width=x1 - x0)
    auras = player["auras"]
    ay = py + 22
    c.text((x0, ay), f"Aura Spells {len(auras)}/{AURA_ZONES}", 15, "bold", max_width=x1 - x0)
    step = AURA_SIZE[0] + 6
    for k in range(AURA_ZONES):
        ax = x0 + k * step
        if k < len(auras):
            c.card(card_face(auras[k], AURA_SIZE), (ax, ay + 24), lift=False)
        else:
            c.draw.rounded_rectangle((ax, ay + 24, ax + AURA_SIZE[0], ay + 24 + AURA_SIZE[1]),
                                     5, outline=pal.PANEL_EDGE)
    for k, aura in enumerate(auras[:2]):
        c.text((x0, ay + 30 + AURA_SIZE[1] + 16 * k), aura["name"], 14, fill=pal.INK_SOFT,
               max_width=x1 - x0)


CHAIN_WORDS = {"summon": "being summoned", "aura": "Aura Spell", "item": "being equipped",
               "activate": "ability", "trigger": "triggered ability", "attack": "attacking",
               "block": "blocking"}
"""What a chain entry does, in words (a spell or counter is named by its card alone)."""


def _band(c: Canvas, view: AuroriaView, y0: int, names: Names) -> None:
    """Between the sides: the current attack and the chain (bottom first)."""
    y = y0 + 6
    known = _names(view, names)
    combat = view["combat"]
    chain = view["chain"]
    if not combat and not chain:
        c.text((WIDTH / 2, y0 + BAND_H / 2 - 4), "The chain is empty.", 16, fill=pal.INK_SOFT,
               anchor="mm")
        return
    x = float(MARGIN + 8)
    if combat:
        text = (f"{known.get(combat['attacker'], 'A creature')} attacks "
                f"{known.get(combat['target'], 'a target')}")
        if combat["blocker"] is not None:
            text += f", blocked by {known.get(combat['blocker'], 'a creature')}"
        x += c.pill((x, y), text, ATTACKER, pal.INK_DARK, 14) + 14
    if chain:
        x += c.text((x, y + 2), "Chain, last resolves first:", 15, "bold") + 8
        for entry in chain:
            who = seat_label(entry["controller"], names)
            doing = CHAIN_WORDS.get(entry["kind"], "")
            text = f"{who}'s {entry['card']['name']}" + (f" ({doing})" if doing else "")
            if entry["negated"]:
                text += " — negated"
            fill = pal.PAPER if not entry["negated"] else pal.INK_SOFT
            if x > WIDTH - 260:
                x, y = MARGIN + 8, y + 28
            x += c.pill((x, y), text, fill, pal.INK_DARK, 14) + 8


# ----- hand --------------------------------------------------------------------------------

def _own(view: AuroriaView) -> tuple[int, PlayerView]:
    """The viewer's seat and side: a hand image needs the seat's own view."""
    seat = view["viewer"]
    if seat is None:
        raise ValueError("A hand image needs a seat's own view.")
    return seat, view["players"][seat]


def render_hand(view: AuroriaView, names: Names = None) -> bytes:
    """A seat's hand in menu order, plus its face-down cards it alone knows."""
    seat, player = _own(view)
    hand = player.get("hand", [])
    # Big cards, five to a row, so each card's whole text fits at a readable size; at most
    # three rows: a very big hand gets narrower cards.
    per_row = max(5, -(-len(hand) // 3))
    gap = HAND_GAP
    w = (WIDTH - 2 * MARGIN + gap) // per_row - gap
    size = w, h = w, round(w * 1.45)
    rows = max(1, -(-len(hand) // per_row))
    height = HEADER + 52 + rows * (h + 56) + 150
    c = Canvas(WIDTH, height)
    waiting = seat in view["waiting"]
    header(c, "Auroria", f"{seat_label(seat, names)} — your hand",
           f"Influence {figure(player['influence'])} · Deck {player['deck_count']}")
    y = HEADER + 20
    c.text((MARGIN, y), f"Hand ({len(hand)})", 20, "bold")
    c.text((WIDTH - MARGIN, y), "Your choice" if waiting else _status(view, names), 19, "bold",
           pal.GOLD if waiting else pal.INK_SOFT, "ra", max_width=WIDTH * 0.6)
    y += 32
    for k, card in enumerate(hand):
        x = MARGIN + (k % per_row) * (w + gap)
        cy = y + (k // per_row) * (h + 56)
        c.card(card_face(card, size, detail=True), (x, cy))
        number_disc(c, (x + w // 2, cy + h + 22), k + 1)
    _secrets(c, view, player, (MARGIN, y + rows * (h + 56), WIDTH - MARGIN, height - 16))
    return c.png()


def hand_texts(view: AuroriaView) -> list[str]:
    """Each hand card's whole text, numbered as on the hand image, to show beside it (the
    image shows the same words, but a phone shrinks it)."""
    hand = _own(view)[1].get("hand", [])
    return [f"{k}. {card_line(card)}" for k, card in enumerate(hand, 1)]


def card_line(card: CardFace) -> str:
    """"Pike Lancer (cost 3, Creature, power 4 front ~ 1 back; Piercing): text"."""
    kind = card["type"]
    facts = [] if kind in ("energy", "potion") else [f"cost {card['cost']}"]
    facts.append(TYPES.get(kind, kind.title()))
    if kind == "creature":
        facts.append(f"power {card['front']} front ~ {card['back']} back")
    head = ", ".join(facts)
    if card["keywords"]:
        head += "; " + ", ".join(card["keywords"])
    text = card["text"]
    return f"{card['name']} ({head})" + (f": {text}" if text else "")


def _secrets(c: Canvas, view: AuroriaView, player: PlayerView,
             box: tuple[int, int, int, int]) -> None:
    """What only this seat knows: its face-down Energy and Planted cards, the card it is
    playing now."""
    x0, y0, x1, _ = box
    c.panel(box)
    energy = Counter(e["name"] for e in player["energy"] if "name" in e and not e["potion"])
    planted = [s["card"]["name"] for s in [*player["front"], *player["back"]]
               if s["kind"] == "planted" and "card" in s]
    lines = [
        "Your Energy (face down): " + (", ".join(f"{n} ×{k}" for n, k in sorted(energy.items()))
                                       or "none"),
        "Your Planted cards: " + (", ".join(planted) or "none"),
    ]
    building = view.get("building")
    if building is not None:
        lines.append(f"Playing now: {building['name']}")
    for k, line in enumerate(lines):
        c.text((x0 + 16, y0 + 14 + k * 30), line, 17, max_width=x1 - x0 - 32)


# -- the result ------------------------------------------------------------------------------

def _figures(view: AuroriaView) -> list[tuple[str, ...]]:
    return [(figure(p["influence"]), str(p["deck_count"]), str(p["grave_count"]))
            for p in view["players"]]


WINS = {
    "influence": "brought the other leader's Influence to 0",
    "deck-out": "won because the other player began a Draw Phase with an empty deck",
    "card effect": "won by a card's own winning condition",
}


def _ending(view: AuroriaView | None, result: Result, names: Names, rest: tuple[str, ...],
            figures: Figures | None) -> tuple[str, tuple[str, ...]]:
    if len(result.winners) != 1 and not result.detail:
        return "Both leaders fell at once: the game is a draw.", rest
    if result.reason == "normal" and result.detail:  # a best-of-three says its score
        return with_names(result.detail, names) if names else result.detail, rest
    winner = seat_label(result.winners[0], names)
    return f"{winner} {WINS.get(result.reason, 'won')}.", rest


SCORESHEET = Scoresheet("Auroria", ("Influence", "Deck", "Graveyard"), _figures, _ending,
                        all_tied="A draw")
