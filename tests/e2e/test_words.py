"""Speak like a person (issue 16, "Done when"): each game played through Discord by people and
AIs, then everything the bot showed anyone — thread posts, DMs, private copies, every edit,
image descriptions, button and select labels — is read for seat numbers, internal words and
cut text, and every numbered control is checked against the number on the picture it came
with (the hand picture carries its numbering, so the check reads what the image shows)."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image
from PIL.PngImagePlugin import PngInfo

from bot.discord.shows import MORE_NEWS
from bot.engine import View
from bot.words import ENGLISH, english
from tests.e2e.conftest import QuickImages, World
from tests.e2e.players import Players, open_match, start
from tests.fakediscord import FakeDiscord
from tests.fakediscord import components as comp

FORBIDDEN = {
    "a seat number": re.compile(r"\b(?:Player|Seat) \d"),
    "a snake_case word": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a raw reason or chain code": re.compile(
        r"\((?:influence|effect|leader_attack|deck-out|resignation|forfeit|summon|"
        r"spell|aura|item|counter|activate|trigger|attack|block)[,)]"),
    "a cut marker": re.compile(r"\w…|• …"),
}
NUMBERED = re.compile(r"^(\d+)\. (.+)$")
CARD_REF = re.compile(r"\(cards? (\d+)")


def numbered_png(view: View) -> bytes:
    """A tiny PNG carrying what the real hand picture numbers: card k's name under its number."""
    out = io.BytesIO()
    info = PngInfo()
    info.add_text("hand", json.dumps(hand_numbers(view)))
    Image.new("RGB", (4, 3), (20, 90, 50)).save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def hand_numbers(view: View) -> dict[str, str]:
    """The number each renderer draws under each hand card, and the card's name."""
    if view["game"] == "auroria":
        hand = view["players"][view["viewer"]].get("hand") or []
        return {str(k): c["name"] for k, c in enumerate(hand, 1)}
    if view["game"] == "zura":
        return {str(c.get("number", k)): c["name"] for k, c in enumerate(view["hand"], 1)}
    return {str(k): c["label"] for k, c in enumerate(view["hand"] or [], 1)}


class NumberedImages(QuickImages):
    async def hand(self, view: View, names: Sequence[str], lang: str = ENGLISH) -> bytes | None:
        return numbered_png(view) if self.available(view) else None


@dataclass(frozen=True)
class Shown:
    """One version of one message: what a person read in it."""

    message: int
    texts: tuple[str, ...]
    labels: tuple[str, ...]
    hand: dict[str, str] | None


def shown(fake: FakeDiscord) -> Iterator[Shown]:
    """Every version of every message the bot sent (edits and private copies included)."""
    for m in fake.state.messages.values():
        if m.author_id != fake.bot_user.id:
            continue
        for v in [*m.history, m]:
            labels = [b.label or "" for b in comp.buttons(v.components)]
            for s in comp.selects(v.components):
                labels += [o.label for o in s.options] + [s.placeholder or ""]
            hand = next((json.loads(Image.open(io.BytesIO(a.data)).info["hand"])
                         for a in v.attachments if a.filename == "hand.png"), None)
            texts = [v.content, *comp.text_displays(v.components),
                     *(a.description or "" for a in v.attachments)]
            yield Shown(m.id, tuple(texts), tuple(labels), hand)


def problems(fake: FakeDiscord) -> list[str]:
    """What a person should not have read, and numbers that do not match the picture."""
    found = []
    for s in shown(fake):
        for text in [*s.texts, *s.labels]:
            for what, pattern in FORBIDDEN.items():
                hit = pattern.search(text)
                if hit:
                    found.append(f"message {s.message}: {what} {hit.group(0)!r} in {text!r}")
        if s.hand is None:
            continue
        under = [line for text in s.texts for line in text.split("\n")]
        for label in [*s.labels, *under]:
            number = NUMBERED.match(label)
            ref = CARD_REF.search(label) if label in s.labels else None
            n, rest = (number.group(1), number.group(2)) if number else (
                (ref.group(1), label) if ref else (None, ""))
            if n is not None and (n not in s.hand or s.hand[n] not in rest):
                found.append(f"message {s.message}: {label!r} but card {n} on the picture "
                             f"is {s.hand.get(n)!r}")
    return found


GAMES = [
    # game, AI players, who else joins, seed for the people's presses
    ("aura", 1, ["bob"], 3),
    ("zura", 1, ["cat"], 1),  # cat's DMs are closed: her prompts come privately
    ("auroria", 1, [], 5),
]


@pytest.mark.parametrize(("game", "ais", "joiners", "seed"), GAMES,
                         ids=[g[0] for g in GAMES])
async def test_a_match_speaks_like_a_person(world: World, game: str, ais: int,
                                            joiners: list[str], seed: int) -> None:
    fake = world.fake
    people = [world.alice, *(getattr(world, name) for name in joiners)]
    async with world.bot(images=NumberedImages()):
        thread, lobby = await open_match(fake, world.alice, world.table, game, people[1:],
                                         ai_players=ais)
        await start(fake, world.alice, lobby)
        await Players(fake, thread, people, seed=seed).play_out()
    seen = list(shown(fake))
    assert any(s.hand for s in seen), "hand pictures came with the prompts"
    assert any(NUMBERED.match(label) or CARD_REF.search(label)
               for s in seen if s.hand for label in s.labels), "some control was numbered"
    found = problems(fake)
    assert found == [], "\n".join(found)
    assert not [s for s in seen if any(english().say(MORE_NEWS) in t for t in s.texts)], \
        "every prompt had room for all its private lines"


async def test_the_check_catches_a_planted_seat_number(world: World,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from cogs import lobby

    plain = lobby.reply_text
    monkeypatch.setattr(lobby, "reply_text",
                        lambda info, lang: plain(info, lang) + " Seat 2 is free.")
    async with world.bot():
        await (await world.fake.slash(world.alice, "play", {"game": "zura"},
                                      channel=world.table)).reply()
    assert [p for p in problems(world.fake) if "'Seat 2'" in p], "the planted words are found"


def test_the_check_catches_a_number_that_is_not_the_pictures() -> None:
    png = numbered_png({"game": "zura", "hand": [{"number": 1, "name": "Forest"},
                                                  {"number": 2, "name": "Mountain"}]})
    hand: dict[str, Any] = json.loads(Image.open(io.BytesIO(png)).info["hand"])
    assert hand == {"1": "Forest", "2": "Mountain"}
    label = "Give a Forest (card 2)"
    ref = CARD_REF.search(label)
    assert ref is not None and hand[ref.group(1)] not in label
