"""What each message of a match should show: the pure half of delivery (DESIGN §4).

Nothing here calls Discord or the store; ``bot.discord.delivery`` makes Discord match what
this says. The rules that decide what people see live here, each once:

- the slots a match fills (the live turn post, each seat's prompt, the end notices) and
  what a slot's record says it shows;
- the texts and layouts of turn posts and prompts, split to Discord's limits;
- which prompts change (``prompt_changes``): another person's prompt is edited only when
  what it shows them for their decision changed;
- how a burst of commits is shown once (``merged_turns``);
- when a picture must be uploaded again (``Picture``): only when its bytes changed.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.discord import menus
from bot.discord.items import TEXT_MAX, card
from bot.discord.runtime import match_title
from bot.engine import Decision
from bot.engine.said import Said, said
from bot.match import MatchInfo, TurnUpdate
from bot.store import ACTIVE, DeliveryRecord
from bot.words import Language, english

LOBBY = "lobby"
TURN, END = "turn", "end"
PROMPT, RESULT, MENTION = "prompt", "result", "mention"
BOARD_FILE, HAND_FILE, RESULT_FILE = "board.png", "hand.png", "result.png"
MORE_NEWS = said("(older lines left out: your hand below is up to date)")
CONTENT_MAX = 2000
"""Discord's limit for a plain message's text; a longer one continues in further messages."""
NONCE_MAX = 25
"""Discord's longest message nonce."""


def prompt_slot(seat: int) -> str:
    return f"{PROMPT}:{seat}"


def result_slot(seat: int) -> str:
    return f"{RESULT}:{seat}"


def showing(record: DeliveryRecord | None) -> dict[str, Any]:
    """What a slot's message shows, as its record says (nothing for an empty slot)."""
    return json.loads(record.shown) if record is not None else {}


def replace_shown(record: DeliveryRecord, now: Mapping[str, Any]) -> DeliveryRecord:
    return replace(record, shown=json.dumps(dict(now)))


def stored_lines(lines: Sequence[Said]) -> list[dict[str, Any]]:
    """A slot's lines (the turn post's, a prompt's news) as its record keeps them: the
    sentences, not their words, so that they are said again in whichever language shows
    them after a restart."""
    return [line.to_json() for line in lines]


def shown_lines(shown: Mapping[str, Any], key: str) -> list[Said]:
    """The lines a slot's record keeps under ``key`` (``stored_lines``). Words an older
    version stored (text in one language) are left out, never shown again as words."""
    return [Said.from_json(line) for line in shown.get(key, []) if isinstance(line, Mapping)]


@dataclass(frozen=True)
class Picture:
    """The picture a slot's message shows: its bytes' hash and the attachment holding it.

    Stored with the slot (``DeliveryRecord.picture``, "hash:attachment id"), so that after a
    restart too an edit keeps the attachment instead of uploading the same bytes again."""

    digest: str
    attachment_id: int

    @staticmethod
    def of(record: DeliveryRecord | None) -> Picture | None:
        if record is None or not record.picture:
            return None
        digest, _, attachment = record.picture.partition(":")
        return Picture(digest, int(attachment or 0))

    def stored(self) -> str:
        return f"{self.digest}:{self.attachment_id}"

    def shows(self, image: bytes | None) -> bool:
        """Whether the message already shows exactly ``image`` (no upload needed)."""
        return image is not None and self.attachment_id != 0 and digest(image) == self.digest


def digest(image: bytes) -> str:
    return hashlib.blake2b(image, digest_size=16).hexdigest()


@dataclass(frozen=True)
class Outgoing:
    """One plain message to send, wherever it goes (thread, DM or ephemeral follow-up)."""

    content: str
    image: bytes | None = None
    filename: str = "image.png"
    view: discord.ui.View | None = None
    alt: str = ""
    """The image's description, read aloud by screen readers."""

    def parts(self) -> list[dict[str, Any]]:
        """Fresh send arguments (a ``discord.File`` can be sent only once): one message per
        piece of a long text, split between lines, never cut; the picture and controls go
        with the last piece."""
        out: list[dict[str, Any]] = [{"content": piece}
                                     for piece in pieces(self.content, CONTENT_MAX)]
        if self.image is not None:
            out[-1]["file"] = discord.File(io.BytesIO(self.image), self.filename,
                                           description=self.alt or None)
        if self.view is not None:
            out[-1]["view"] = self.view
        return out


@dataclass(frozen=True)
class Card:
    """One components-v2 message: text, an optional picture and controls."""

    text: str
    image: bytes | None = None
    filename: str = BOARD_FILE
    rows: Sequence[Any] = ()
    alt: str = ""
    """The picture's description, read aloud by screen readers (the table in words)."""
    under: str = ""
    """Text under the picture: each hand card's whole text, numbered as on it."""

    def layout(self) -> discord.ui.LayoutView:
        return card(self.text, self.filename if self.image is not None else None, self.rows,
                    self.under)

    def file(self) -> list[discord.File]:
        return ([discord.File(io.BytesIO(self.image), self.filename,
                              description=self.alt or None)]
                if self.image is not None else [])

    def kwargs(self) -> dict[str, Any]:
        """Send arguments: the layout, and its picture as the message's one file."""
        return {"view": self.layout(), "files": self.file()}

    def edit_kwargs(self, kept: discord.Attachment | None = None) -> dict[str, Any]:
        """Edit arguments: the picture uploaded, or ``kept`` (the attachment the message
        shows already, with the same bytes) so that nothing is uploaded twice."""
        return {"view": self.layout(),
                "attachments": [kept] if kept is not None and self.image is not None
                else self.file()}


def pieces(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, split between lines (a line too
    long on its own between words), so that a long log continues instead of being cut."""
    out: list[str] = []
    for line in text.split("\n"):
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit + 1)
            cut = cut if cut > 0 else limit
            out.append(line[:cut])
            line = line[cut:].lstrip(" ")
        if out and len(out[-1]) + 1 + len(line) <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out or [""]


def who(info: MatchInfo, seat: int, lang: Language) -> str:
    """A seat as text: a mention for a person, "AI n" in ``lang`` for a machine."""
    word = seat_word(info, seat)
    return word if isinstance(word, str) else lang.say(word)


def once(*what: object) -> dict[str, Any]:
    """Send arguments that make the send of ``what`` idempotent: Discord answers a second
    send with the same nonce (within minutes) by the first message, so a send whose record
    a stop cut off is not made twice by the restart's reconciliation."""
    key = ".".join(map(str, what)).encode()
    return {"nonce": hashlib.blake2b(key, digest_size=NONCE_MAX // 2).hexdigest()}


# -- bursts ------------------------------------------------------------------------------------


def merged_turns(turns: Sequence[TurnUpdate]) -> list[TurnUpdate]:
    """A burst of updates shown once: consecutive updates of one turn (an AI's chain of
    moves, several commits waiting for the same post) become one, with all their lines and
    the table after the last. A turn post is then edited once per burst, not per move."""
    out: list[TurnUpdate] = []
    for update in turns:
        if out and out[-1].number == update.number:
            out[-1] = replace(update, lines=(*out[-1].lines, *update.lines))
        else:
            out.append(update)
    return out


# -- which prompts change -------------------------------------------------------------------


def prompt_menu(info: MatchInfo, seat: int, decisions: Sequence[Decision],
                names: Sequence[str], lang: Language) -> tuple[menus.Menu | None, str]:
    """What a prompt asks, in its reader's ``lang``: the menu of the person's first open
    decision, or, with nothing to decide, the line a closed prompt ends on."""
    if decisions:
        return menus.plan(info.id, decisions[0], lang, names), ""
    if info.seats[seat].is_ai and info.status == ACTIVE:
        return None, lang.say(said("The AI plays your seat now."))
    if info.status == ACTIVE:
        return None, "✅ " + lang.say(said("Done for now: I'll message you when it is your "
                                           "move again."))
    return None, lang.say(said("The match is over."))


def prompt_face(menu: menus.Menu | None, status: str) -> str:
    """What a prompt shows a person for their decision, as a short hash: the decision's
    menu (its prompt, which states the public facts the decision turns on, and every
    option), or the line a closed prompt ends on."""
    return hashlib.blake2b(repr((menu, status)).encode(), digest_size=8).hexdigest()


def hand_shown(is_open: bool, asked: bool = False) -> bool:
    """Whether a prompt shows the person's hand (its picture and card texts): while its
    window is open, or when they asked to see it (/hand, **My hand**). A closed prompt drops
    it: removing an attachment uploads nothing, and a closed prompt is not edited for news
    (``prompt_changes``), so a hand kept there would go stale; the next window opens with
    the hand as it is then."""
    return is_open or asked


def prompt_changes(was: Mapping[str, Any], face: str, is_open: bool, news: bool) -> bool:
    """The rule for another person's prompt (not the one just pressed, not a new window):
    edit it only when what it shows them for their decision changed, that is its decision
    or options (``face``), whether it is open, or, while it is open, they have private news
    (a card drawn, given or taken: their hand changed). Public events alone — someone
    else's play, a score — are for the live turn post, which every player sees. A closed
    prompt has no decision to inform: its news wait for the person's next prompt, which
    shows them with the hand they led to."""
    return (news and is_open) or was.get("face") != face or bool(was.get("open")) != is_open


# -- texts ---------------------------------------------------------------------------------------


def seat_word(info: MatchInfo, seat: int) -> str | Said:
    """A seat in a sentence: a mention for a person, "AI n" in the reader's language for a
    machine."""
    record = info.seats[seat]
    return f"<@{record.user_id}>" if record.user_id is not None else said("AI {n}", n=seat + 1)


def turn_texts(info: MatchInfo, update: TurnUpdate, lines: Sequence[str],
               lang: Language | None = None) -> list[tuple[str, list[str]]]:
    """The turn's post text, and the lines it shows; several posts when the lines do not
    fit Discord's limit for one, each going on where the one before stopped. Its own words
    are in ``lang`` (the server's language; English when not given), ``lines`` are said
    already."""
    lang = lang or english()
    title = match_title(info.game, info.id)
    tail = []
    if update.acting:
        closed = {s.user_id for s in info.seats if not s.dm_ok}
        mentions = {u: f"<@{u}>" for u in update.acting}
        acting = tuple(said("{player} (press **My hand**)", player=mentions[u]) if u in closed
                       else mentions[u] for u in update.acting)
        tail.append(lang.say(said("To act: {players}", players=acting)))

    def head(more: bool) -> str:
        if not update.number:
            return lang.say(said("**{match}** · setup (continued)", match=title) if more
                            else said("**{match}** · setup", match=title))
        n = update.number
        if update.seat is None:
            return lang.say(said("**{match}** · turn {n} (continued)", match=title, n=n)
                            if more else said("**{match}** · turn {n}", match=title, n=n))
        player = seat_word(info, update.seat)
        return lang.say(
            said("**{match}** · turn {n} (continued) · {player}'s turn", match=title, n=n,
                 player=player) if more
            else said("**{match}** · turn {n} · {player}'s turn", match=title, n=n,
                      player=player))

    room = TEXT_MAX - sum(len(t) + 1 for t in tail)
    posts: list[list[str]] = [[]]
    used = len(head(False))
    for line in lines:
        cost = len(line) + 3  # "\n• "
        if posts[-1] and used + cost > room:
            posts.append([])
            used = len(head(True))
        posts[-1].append(line)
        used += cost
    return [("\n".join([head(k > 0), *(f"• {line}" for line in part),
                        *(tail if k == len(posts) - 1 else [])]), part)
            for k, part in enumerate(posts)]


def prompt_text(info: MatchInfo, news: Sequence[str], lines: Sequence[str],
                under: str, lang: Language) -> str:
    """A prompt's text: the match, the person's news, what to decide. Within the one
    message's limit the oldest private lines give way, said so (the hand shows what they
    led to); the decision and the card texts stay whole. Seeded matches never come near
    it (tests/e2e/test_words.py)."""
    title = f"**{match_title(info.game, info.id)}**"
    kept = list(news)
    left_out = lang.say(MORE_NEWS)
    while kept and (len(title) + sum(len(x) + 1 for x in [*kept, *lines]) + len(under)
                    + len(left_out) > TEXT_MAX):
        kept = kept[1:]
    more = [left_out] if len(kept) < len(news) else []
    return "\n".join([title, *more, *kept, *lines])


def text_of(message: discord.Message) -> str:
    """The text a message shows: its content, or its v2 text displays."""
    if message.content:
        return message.content
    texts: list[str] = []

    def walk(components: Sequence[Any]) -> None:
        for c in components:
            content = getattr(c, "content", None)
            if isinstance(content, str):
                texts.append(content)
            walk(getattr(c, "children", None) or getattr(c, "components", None) or ())

    walk(message.components)
    return "\n".join(texts)
