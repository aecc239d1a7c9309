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
from bot.engine.said import Said, said, said_in
from bot.games.auroria.cardwords import words_of as card_words
from bot.games.auroria.view import AuroriaView, CardFace, EnergyCard, PlayerView, Slot
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
    header,
    named,
    number_disc,
    seat_label,
    stat,
)
from bot.render.outcome import Figures, Scoresheet, figure
from bot.render.palette import RGB, Suit
from bot.render.text import KEY_PX, TEXT_PX, Role
from bot.words import Language

Marks = Mapping[int, RGB]
"""uid -> the frame colour of a card in the current attack."""

SLOT_SIZE = (76, 106)
PITCH = 108
"""Slot width: room for an exhausted (turned) card and its power badge."""
LINE_LABEL = 72
LINE_LABELS = {"front": said_in("line label", "Front"), "back": said_in("line label", "Back")}
"""A line's label beside its slots: its own message, not the "Back" of a button."""
LINE_SLOTS = 5
LEADER_W = 240
LEADER_SIZE = (108, 151)
AURA_SIZE = (30, 42)
TOKEN_SIZE = (26, 36)
SIDE_H = 294
BAND_H = 48
AURA_ZONES = 5
POWER_R = 17
HAND_W = 200
PILL = pill_height(TEXT_PX)
MORE_W = 60
"""Room kept for the "+N" pill counting the chain entries that do not fit."""

PLANTED_BACK: RGB = (30, 62, 38)
ENERGY_BACK: RGB = (44, 40, 78)
ATTACKER: RGB = (232, 84, 64)
BLOCKER: RGB = (90, 170, 236)

TYPES = {"creature": said("Creature"), "spell": said("Spell"), "aura": said("Aura Spell"),
         "counter": said("Counter"), "item": said("Item"), "energy": said("Energy"),
         "potion": said("Potion"), "leader": said("Leader")}
PHASES = {"mulligan": said("Turn {turn}: {player} mulligans"),
          "draw": said("Turn {turn}: {player}, draw phase"),
          "energy": said("Turn {turn}: {player}, energy phase"),
          "main": said("Turn {turn}: {player}, main phase"),
          "battle": said("Turn {turn}: {player}, battle phase"),
          "end": said("Turn {turn}: {player}, end phase")}


def _suit(colour: str) -> Suit:
    return pal.AURORIA.get(colour, pal.NEUTRAL)


Key = tuple[str, str, str, str, int, int, int, str, str]
"""What a face shows, in the picture's language: name, type, type's word, colour, cost,
front and back power, keywords, text."""


def _key(card: CardFace, words: Language, keywords: Sequence[str] | None = None) -> Key:
    """What a face shows, hashable for the cache (uids differ between copies), said in
    ``words``; a creature in a line shows its current ``keywords``."""
    kind = card["type"]
    return (words.say(Said(card["name"])), kind,
            words.say(TYPES.get(kind, Said(kind.title()))), card["colour"], card["cost"],
            card["front"], card["back"],
            words.listing([words.say(Said(k)) for k in keywords or card["keywords"]]),
            words.say(card_words(card["text"])) if card["text"] else "")


def card_face(card: CardFace, size: tuple[int, int], words: Language,
              detail: bool = False) -> Image.Image:
    """Any card from the view: cost in the corner, name, then powers, keywords and text."""
    return _face(_key(card, words), size, detail)


@lru_cache(maxsize=1024)
def _face(key: Key, size: tuple[int, int], detail: bool) -> Image.Image:
    name, kind, kind_word, colour, cost, front, back, keywords, text = key
    body: list[str] = []
    if kind == "creature":
        body.append(f"{front} ~ {back}")
    elif detail or kind not in ("energy",):
        body.append(kind_word)
    if keywords:
        body.append(keywords)
    if detail and text:
        body.append(text)
    index = "" if kind in ("energy", "potion") else str(cost)
    return cards.face(size, _suit(colour), index, name, tuple(body))


@lru_cache(maxsize=512)
def _creature(key: Key, exhausted: bool) -> Image.Image:
    """A creature in a line, turned a quarter when exhausted."""
    name, _, _, colour, cost, front, back, keywords, _ = key
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


def _names(view: AuroriaView) -> dict[int, Said]:
    """uid → card name for everything on the table, to name the current attack (its cards
    are framed in its colours, so whose they are shows)."""
    out: dict[int, Said] = {}
    for player in view["players"]:
        out[player["leader"]["uid"]] = Said(player["leader"]["name"])
        for slot in [*player["front"], *player["back"]]:
            out[slot["uid"]] = Said(slot["card"]["name"]) if "card" in slot else \
                said("a Planted card")
    return out


def _status(view: AuroriaView, names: Names, words: Language) -> str:
    """The turn or the game's end; in a best-of-three, led by the game and the games won."""
    match = view.get("match")
    status = _game_status(view, names, words)
    if match is None:
        return words.say(status)
    won = "–".join(str(n) for n in match["score"])
    return words.say(said("Game {game} (games won {won}) · {status}", game=match["game"],
                          won=won, status=status))


def _game_status(view: AuroriaView, names: Names, words: Language) -> Said:
    result = view["result"]
    if result is not None:
        winners = result["winners"]
        if not winners:
            return said("Game over — a draw")
        return said("Game over — {player} wins", player=named(winners[0], names, words))
    who = named(view["active"], names, words)
    phase = PHASES.get(view["phase"], said("Turn {turn}: {player}, {phase}").with_values(
        phase=view["phase"]))
    return phase.with_values(turn=view["turn"], player=who)


# ----- board -------------------------------------------------------------------------------

def render_board(view: AuroriaView, names: Names, words: Language) -> bytes:
    """Both sides of the table, with the chain and the current attack between them."""
    c = Canvas(WIDTH, HEADER + 6 + SIDE_H + BAND_H + SIDE_H + 6, words)
    header(c, "Auroria", _status(view, names, words),
           c.say(said("Slow Mode")) if view["slow"] else "")
    combat = view["combat"]
    marks: dict[int, RGB] = {}
    if combat is not None:
        marks[combat["attacker"]] = ATTACKER
        if combat["blocker"] is not None:
            marks[combat["blocker"]] = BLOCKER
        marks[combat["target"]] = pal.GOLD
    top = HEADER + 6
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
    y1 = y0 + SIDE_H - 6
    c.panel((MARGIN, y0, WIDTH - MARGIN, y1), fill=pal.PANEL_ACTIVE if active else pal.PANEL,
            outline=pal.GOLD if active else pal.PANEL_EDGE, width=3 if active else 2)
    _leader(c, player, (MARGIN + 12, y0 + 8), seat, names, marks, active)
    lines_x = MARGIN + LEADER_W
    rows = ("back", "front") if facing_down else ("front", "back")
    row_h = (SIDE_H - 16) // 2
    for k, line in enumerate(rows):
        _line(c, player["front"] if line == "front" else player["back"], line,
              (lines_x, y0 + 8 + k * row_h), marks)
    zx = lines_x + LINE_LABEL + LINE_SLOTS * PITCH + 8
    _zones(c, player, (zx, y0 + 8, WIDTH - MARGIN - 12))


def _leader(c: Canvas, player: PlayerView, xy: tuple[int, int], seat: int,
            names: Names, marks: Marks, active: bool) -> None:
    x, y = xy
    lead = player["leader"]
    c.text((x, y), seat_label(seat, names, c.words), NAME_PX, "bold",
           pal.GOLD if active else pal.INK, max_width=LEADER_W - 24)
    suit = _suit(lead["colour"])
    face = cards.face(LEADER_SIZE, suit, str(lead["power"]), c.say(Said(lead["name"])))
    cy = y + 34
    _outline(c, marks.get(lead["uid"]), (x, cy), LEADER_SIZE)
    c.card(face, (x, cy))
    sx = x + LEADER_SIZE[0] + 12
    room = x + LEADER_W - 24 - sx
    # Each below the one before: a label takes a second line in a longer language.
    sy = cy - 4 + stat(c, (sx, cy - 4), c.say(said("Influence")), figure(player["influence"]),
                       KEY_PX + 9, pal.GOLD, max_width=room, max_lines=2) + 14
    sy += stat(c, (sx, sy), c.say(said("Power")), str(lead["power"]), KEY_PX, max_width=room,
               max_lines=2) + 9
    if lead["attacked"]:
        sy += c.plate((sx - 2, sy), c.say(said("attacked")), pal.PAPER, pal.INK_DARK,
                      max_width=x + LEADER_W - 14 - sx, align="l")
    gear = [(said("equipped: {card}"), lead["item"])] if lead["item"] else []
    gear += [(said("under: {card}"), item) for item in lead["under"]]
    gy = max(cy + LEADER_SIZE[1] + 8, sy + 6)
    if gear:
        label, item = gear[0]
        more = f" +{len(gear) - 1}" if len(gear) > 1 else ""
        c.paragraph((x, gy), c.say(label.with_values(card=Said(item["name"]))) + more,
                    TEXT_PX, pal.INK_SOFT, LEADER_W - 24, 2)  # a longer name wraps


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
    w, h = SLOT_SIZE
    c.label((x0, y0 + h / 2), c.say(LINE_LABELS[line]),
            TEXT_PX, "bold", pal.INK_SOFT, "lm", max_width=LINE_LABEL - 4, max_lines=3)
    for k in range(LINE_SLOTS):
        x = x0 + LINE_LABEL + k * PITCH
        if k >= len(slots):
            c.draw.rounded_rectangle((x + (PITCH - 6 - w) // 2, y0, x + (PITCH - 6 + w) // 2,
                                      y0 + h), 9, outline=pal.PANEL_EDGE, width=1)
            continue
        _slot(c, slots[k], (x, y0), marks)


def _slot(c: Canvas, slot: Slot, xy: tuple[int, int], marks: Marks) -> None:
    x, y = xy
    w, h = SLOT_SIZE
    mid = x + (PITCH - 6) // 2
    if slot["kind"] == "planted":
        colour = _suit(slot["colour"])
        back = cards.back(SLOT_SIZE, PLANTED_BACK, colour.fill, motif="leaf")
        c.card(back, (x + (PITCH - 6 - w) // 2, y))
        _tag(c, c.say(said("Planted")), pal.PAPER, (mid, y + h + 2))
        return
    if slot["kind"] == "dropped":
        c.card(card_face(slot["card"], SLOT_SIZE, c.words), (x + (PITCH - 6 - w) // 2, y),
               lift=False)
        _tag(c, c.say(said("dropped")), BLOCKER, (mid, y + h + 2))
        return
    exhausted = slot["exhausted"]
    im = _creature(_key(slot["card"], c.words, slot["keywords"]), exhausted)
    cx = x + max(0, (PITCH - 6 - im.width) // 2)  # a turned card keeps off the label
    cy = y + (h - im.height) // 2 if exhausted else y
    _outline(c, marks.get(slot["uid"]), (cx, cy), im.size)
    c.card(im, (cx, cy))
    # On the cost corner's far side: top right upright, top left once turned; the damage
    # in red at the bottom right, clear of the tag under the card.
    _badge(c, str(slot["power"]), (cx + 2 * POWER_R + 2 if exhausted else cx + im.width + 6,
                                   cy - 6), pal.INK_DARK, pal.GOLD)
    if slot["damage"]:
        _badge(c, f"−{slot['damage']}", (cx + im.width + 6, cy + im.height - 2 * POWER_R - 2),
               pal.BAD, pal.INK)
    # One tag under the card: the item it holds, else whether it is new.
    tag = (c.say(said("+ {card}", card=Said(slot["item"]["name"]))), pal.PAPER) \
        if slot["item"] else (c.say(said("new")), pal.GOLD) if slot["new"] else None
    if tag:
        _tag(c, tag[0], tag[1], (mid, y + h + 2))


def _tag(c: Canvas, text: str, fill: RGB, top_centre: tuple[float, float]) -> None:
    """A label under a card in a line; one a longer language puts on a second line rises
    over the card's foot, as there is no more room under it."""
    top = top_centre[1] + PILL - c.plate_height(text, PITCH - 4)
    c.plate((top_centre[0], top), text, fill, pal.INK_DARK, max_width=PITCH - 4)


def _badge(c: Canvas, text: str, top_right: tuple[int, int], fill: RGB, ink: RGB) -> None:
    """A figure in a disc (the creature's power in its line, its damage), upright even on
    a turned card."""
    x, y = top_right
    r = POWER_R
    w = max(2 * r, round(c.text_width(text, KEY_PX, "bold")) + 10)
    c.draw.rounded_rectangle((x - w, y, x, y + 2 * r), r, fill=fill, outline=ink, width=2)
    c.text((x - w / 2, y + r), text, KEY_PX, "bold", ink, "mm", role=Role.KEY)


def _zones(c: Canvas, player: PlayerView, box: tuple[int, int, int]) -> None:
    """Counts, the Energy Zone (ready / exhausted, Potions) and the 5 Aura Spell zones."""
    x0, y, x1 = box
    third = (x1 - x0) // 3
    stats = max(stat(c, (x0 + k * third, y), c.say(label), str(value), max_width=third - 4,
                     max_lines=2)
                for k, (label, value) in enumerate(((said("Deck"), player["deck_count"]),
                                                    (said("Hand"), player["hand_count"]),
                                                    (said("Grave"), player["grave_count"]))))
    energy: list[EnergyCard] = player["energy"]
    ready = sum(1 for e in energy if not e["exhausted"])
    ey = y + round(stats) + 13
    c.text((x0, ey), c.say(said("Energy {ready}/{all}", ready=ready, all=len(energy))),
           TEXT_PX + 3, "bold", max_width=x1 - x0)
    per_row = max(1, (x1 - x0) // 38)
    for k, token in enumerate(energy[:per_row * 2]):
        im = _token(token["exhausted"], token["potion"])
        tx = x0 + (k % per_row) * 38
        ty = ey + 30 + (k // per_row) * 42
        c.card(im, (tx + (38 - im.width) // 2 - 2, ty + (40 - im.height) // 2), lift=False)
    auras = player["auras"]
    ay = ey + 30 + 2 * 42 + 4
    # The five zones show how many are taken: the heading leaves the count to them, and
    # keeps to one line in a longer language, the room a wrapped count above takes.
    c.text((x0, ay), c.say(said("Aura Spells")), TEXT_PX + 1, "bold", max_width=x1 - x0)
    zy = ay + 28
    step = AURA_SIZE[0] + 6
    for k in range(AURA_ZONES):
        ax = x0 + k * step
        if k < len(auras):
            c.card(card_face(auras[k], AURA_SIZE, c.words), (ax, zy), lift=False)
        else:
            c.draw.rounded_rectangle((ax, zy, ax + AURA_SIZE[0], zy + AURA_SIZE[1]), 5,
                                     outline=pal.PANEL_EDGE)


CHAIN_WORDS = {"summon": said("{card} (summon)"), "aura": said("{card} (Aura)"),
               "item": said("{card} (equip)"), "activate": said("{card} (ability)"),
               "trigger": said("{card} (trigger)"), "attack": said("{card} (attack)"),
               "block": said("{card} (block)")}
"""What a chain entry does, in a word (a spell or counter is named by its card alone)."""


def _band(c: Canvas, view: AuroriaView, y0: int, names: Names) -> None:
    """Between the sides: the current attack, then the chain, newest (resolving first)
    on the left; what does not fit is counted (the alt text and ``/board`` list it all)."""
    y = y0 + (BAND_H - PILL) // 2 - 2
    combat = view["combat"]
    chain = view["chain"]
    if not combat and not chain:
        c.text((WIDTH / 2, y0 + BAND_H / 2 - 2), c.say(said("The chain is empty.")), TEXT_PX + 1,
               fill=pal.INK_SOFT, anchor="mm", max_width=WIDTH - 2 * MARGIN)
        return
    x = float(MARGIN)
    right = WIDTH - MARGIN
    if combat:
        known = _names(view)
        attack = said("{attacker} → {target}")
        if combat["blocker"] is not None:
            unknown = said("a creature")
            attack = said("{attacker} → {target}, blocked by {blocker}",
                          blocker=known.get(combat["blocker"], unknown))
        text = c.say(attack.with_values(
            attacker=known.get(combat["attacker"], said("A creature")),
            target=known.get(combat["target"], said("a target"))))
        x += c.pill((x, y), text, ATTACKER, pal.INK_DARK,
                    max_width=right - x if not chain else (right - x) / 2) + 12
    if chain:
        x += c.text((x, y + PILL / 2), c.say(said("Chain:")), TEXT_PX + 1, "bold",
                    anchor="lm", max_width=200) + 8
        entries = list(reversed(chain))
        for k, entry in enumerate(entries):
            card = Said(entry["card"]["name"])
            doing = CHAIN_WORDS.get(entry["kind"])
            text = c.say(doing.with_values(card=card) if doing else card)
            if entry["negated"]:
                text += " ✗"
            fill = pal.PAPER if not entry["negated"] else pal.INK_SOFT
            rest = len(entries) - k - 1
            room = right - x - (MORE_W if rest else 0)
            if room < 120:
                c.pill((x, y), f"+{rest + 1}", pal.INK_SOFT, pal.INK_DARK, role=Role.KEY)
                return
            x += c.pill((x, y), text, fill, pal.INK_DARK, max_width=min(room, 340)) + 8


# ----- hand --------------------------------------------------------------------------------

def _own(view: AuroriaView) -> tuple[int, PlayerView]:
    """The viewer's seat and side: a hand image needs the seat's own view."""
    seat = view["viewer"]
    if seat is None:
        raise ValueError("A hand image needs a seat's own view.")
    return seat, view["players"][seat]


def render_hand(view: AuroriaView, names: Names, words: Language) -> bytes:
    """A seat's hand in menu order (each card's whole text is in the message beside it),
    plus its face-down cards it alone knows."""
    seat, player = _own(view)
    hand = player.get("hand", [])
    lines = _secret_lines(view, player, words)
    secrets_h = 20 + len(lines) * 30
    top = HEADER + 12 + 34
    room = HEIGHT - top - secrets_h - 20
    rows = 1 if len(hand) <= 6 else 2 if len(hand) <= 14 else 3
    per_row = max(1, -(-len(hand) // rows))
    slot_h = room // rows
    w = min(HAND_W, (WIDTH - 2 * MARGIN + HAND_GAP) // per_row - HAND_GAP,
            round((slot_h - 2 * DISC_R - 14) / 1.45))
    while rows * (round(w * 1.45) + 2 * DISC_R + 14) > room:
        w -= 1  # rounding each row's card height up must not push the picture past the canvas
    size = w, h = w, round(w * 1.45)
    step = h + 2 * DISC_R + 14
    height = top + rows * step + secrets_h + 20
    c = Canvas(WIDTH, height, words)
    waiting = seat in view["waiting"]
    header(c, "Auroria", c.say(said("Your choice")) if waiting else _status(view, names, words),
           c.say(said("Influence {influence} · Deck {deck}", influence=figure(
               player["influence"]), deck=player["deck_count"])))
    c.text((MARGIN, HEADER + 12), c.say(said("{player}: your hand ({n})", player=seat_label(
        seat, names, words), n=len(hand))), NAME_PX, "bold", max_width=WIDTH - 2 * MARGIN)
    for k, card in enumerate(hand):
        x = MARGIN + (k % per_row) * (w + HAND_GAP)
        cy = top + (k // per_row) * step
        c.card(card_face(card, size, words, detail=True), (x, cy))
        number_disc(c, (x + w // 2, cy + h + DISC_R + 6), k + 1)
    y = top + rows * step
    c.panel((MARGIN, y, WIDTH - MARGIN, y + secrets_h))
    for k, line in enumerate(lines):
        c.text((MARGIN + 14, y + 10 + k * 30), line, TEXT_PX + 2,
               max_width=WIDTH - 2 * MARGIN - 28)
    return c.png()


def hand_texts(view: AuroriaView, words: Language) -> list[str]:
    """Each hand card's whole text, numbered as on the hand image, to show beside it (the
    image shows what fits at a size a phone can read)."""
    hand = _own(view)[1].get("hand", [])
    return [words.say(said("{n}. {card}", n=k, card=card_line(card))) for k, card in
            enumerate(hand, 1)]


def card_line(card: CardFace) -> Said:
    """"Pike Lancer (cost 3, Creature, power 4 front ~ 1 back; Piercing): text"."""
    kind = card["type"]
    kind_word = TYPES.get(kind, Said(kind.title()))
    if kind == "creature":
        facts = said("cost {cost}, {type}, power {front} front ~ {back} back",
                     cost=card["cost"], type=kind_word, front=card["front"], back=card["back"])
    elif kind in ("energy", "potion"):
        facts = kind_word
    else:
        facts = said("cost {cost}, {type}", cost=card["cost"], type=kind_word)
    name = Said(card["name"])
    keywords = tuple(Said(k) for k in card["keywords"])
    head = said("{facts}; {keywords}", facts=facts, keywords=keywords) if keywords else facts
    if card["text"]:
        return said("{card} ({facts}): {text}", card=name, facts=head,
                    text=card_words(card["text"]))
    return said("{card} ({facts})", card=name, facts=head)


def _secret_lines(view: AuroriaView, player: PlayerView, words: Language) -> list[str]:
    """What only this seat knows: its face-down Energy and Planted cards, the card it is
    playing now."""
    energy = Counter(e["name"] for e in player["energy"] if "name" in e and not e["potion"])
    planted = tuple(Said(s["card"]["name"]) for s in [*player["front"], *player["back"]]
                    if s["kind"] == "planted" and "card" in s)
    counted = tuple(said("{card} ×{n}", card=Said(n), n=k) for n, k in sorted(energy.items()))
    lines = [
        said("Your Energy: {cards}", cards=counted) if counted else said("Your Energy: none"),
        said("Your Planted cards: {cards}", cards=planted) if planted else
        said("Your Planted cards: none"),
    ]
    building = view.get("building")
    if building is not None:
        lines.append(said("Playing now: {card}", card=Said(building["name"])))
    return [words.say(line) for line in lines]


# -- the result ------------------------------------------------------------------------------

def _figures(view: AuroriaView, words: Language) -> list[tuple[str, ...]]:
    return [(figure(p["influence"]), str(p["deck_count"]), str(p["grave_count"]))
            for p in view["players"]]


WINS = {
    "influence": said("{player} brought the other leader's Influence to 0."),
    "deck-out": said("{player} won because the other player began a Draw Phase with an empty "
                     "deck."),
    "card effect": said("{player} won by a card's own winning condition."),
}


def _ending(view: AuroriaView | None, result: Result, names: Names, rest: tuple[str, ...],
            figures: Figures | None, words: Language) -> tuple[str, tuple[str, ...]]:
    score = result.said(None, names)  # a best-of-three says its score
    if result.reason == "normal" and score is not None:
        return words.say(score), rest
    if len(result.winners) != 1:
        return words.say(said("Both leaders fell at once: the game is a draw.")), rest
    winner = seat_label(result.winners[0], names, words)
    return words.say(WINS.get(result.reason, said("{player} won.")).with_values(
        player=winner)), rest


SCORESHEET = Scoresheet("Auroria", (said("Influence"), said("Deck"), said("Graveyard")),
                        _figures, _ending, all_tied=said("A draw"))
