"""Names are text, never markup (issue 34, "Done when"): each game played through Discord by
people who rename themselves before every press, through a list of hostile names; then every
version of every message the bot sent — thread posts, DMs, private copies, edits — is read
the way Discord reads markdown (``tests.fakediscord.markdown``): each name is seen as typed
(cleaned), no formatting, link, mention, heading, quote or list comes of it, nothing
invisible or direction-changing is left; alt texts, labels and thread names carry the plain
cleaned name. A renamed person is shown by the new name from their next press."""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Iterable

import pytest

from bot.discord.usertext import literal
from bot.engine.usertext import NAME_MAX, TYPED_MAX, clean
from bot.games.auroria.decklist import format_list
from bot.games.auroria.pool import POOL
from tests.e2e.players import Players, open_match, start
from tests.e2e.test_decks import MINE, RED
from tests.e2e.test_decks import _import as import_deck
from tests.e2e.test_words import NumberedImages, shown
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord import components as comp
from tests.fakediscord.markdown import ZWSP, render

from .conftest import World

HOSTILE = [
    "[Free Nitro](https://evil.example) **@everyone** ||x||",
    "[Nitro](https://evil.example)", "**Bold** Ann", "__Under__", "~~Struck~~", "||Hidden||",
    "`tick` Bo", "```\nfence\n```", "# Heading", "> Quote", "- List", "1. First",
    "<@123456789012345678>", "<@&123456789012345678>", "<#123456789012345678>", "@everyone",
    "@here", "\u202eRTL Override", "Zero\u200dWidth\u200bJoiner", "L" + "o" * 198 + "ng",
    "🔥🔥🔥", "Z\u0336\u0338\u0301\u0300\u0336\u0338a\u0301\u0300\u0336\u0338l\u0336go",
]
MARKUP_FREE = "Ann"
"""What a name is replaced by to see the bot's own markup alone."""
HIDDEN = {ch for ch in "".join(HOSTILE)
          if unicodedata.category(ch) in ("Cf", "Cc") and ch != "\n"}


class Renaming(Players):
    """Players who take the next hostile name before each move."""

    def __init__(self, fake: FakeDiscord, thread: object, users: list[FakeUser],
                 seed: int) -> None:
        super().__init__(fake, thread, users, seed=seed)  # type: ignore[arg-type]
        self.names = itertools.cycle(HOSTILE)

    async def move(self, user: FakeUser) -> FakeMessage:
        user.global_name = next(self.names)
        return await super().move(user)


def _forms(texts: Iterable[str] = HOSTILE, limit: int = NAME_MAX) -> list[tuple[str, str]]:
    """(cleaned, literal) of each of ``texts``, longest literal first."""
    return sorted(((clean(t, limit), literal(t, limit)) for t in texts),
                  key=lambda f: -len(f[1]))


def _styled(text: str, forms: list[tuple[str, str]]) -> list[tuple[str, frozenset[str]]]:
    """The runs of ``text`` Discord shows formatted, linked or as mentions, each name in
    ``forms`` read as the markup-free one (a name may sit inside the message's own bold)."""
    runs: list[tuple[str, frozenset[str]]] = []
    for ch, kinds in render(text).chars:
        if not kinds or ch == ZWSP:
            continue
        if runs and runs[-1][1] == kinds:
            runs[-1] = (runs[-1][0] + ch, kinds)
        else:
            runs.append((ch, kinds))
    out = []
    for run, kinds in runs:
        for plain, _ in forms:
            run = run.replace(plain.replace(ZWSP, ""), MARKUP_FREE)
        out.append((run, kinds))
    return out


def markdown_problems(text: str, forms: list[tuple[str, str]] | None = None,
                      framing: frozenset[str] = frozenset()) -> tuple[list[str], set[str]]:
    """What is wrong with one message text, and the names (``forms``: the hostile ones by
    default) it shows as typed (in the message's own ``framing``, if any)."""
    forms = _forms() if forms is None else forms
    found, seen = [], set()
    hidden = HIDDEN & set(text)
    if hidden:
        found.append(f"invisible characters {sorted(map(ord, hidden))} in {text!r}")
    neutral = text
    rest = text
    for _, written in forms:
        rest = rest.replace(written, "\x00")
    for plain, written in forms:
        if plain != written and plain in rest:
            found.append(f"the name {plain!r} unescaped in {text!r}")
        if written in text:
            if render(text).plain(plain, framing):
                seen.add(plain)
            else:
                found.append(f"the name {plain!r} is not seen as typed in {text!r}")
            neutral = neutral.replace(written, MARKUP_FREE)
    if _styled(text, forms) != _styled(neutral, forms):
        found.append(f"markup from a name: {_styled(text, forms)} in {text!r}")
    return found, seen


def plain_problems(text: str) -> list[str]:
    """Labels, alt texts and thread names are not markdown: they take the plain name."""
    found = []
    if HIDDEN & set(text):
        found.append(f"invisible characters in {text!r}")
    for plain, written in _forms():
        if plain != written and written in text:
            found.append(f"the escaped name {written!r} in plain text {text!r}")
    return found


def problems(fake: FakeDiscord, threads: Iterable[str]) -> tuple[list[str], set[str]]:
    found: list[str] = []
    seen: set[str] = set()
    for s in shown(fake):
        *texts, = s.texts
        markdown = [t for t in texts if t]
        # ``shown`` lists content and text displays first, then alt texts (descriptions).
        message = fake.state.messages[s.message]
        alts = {a.description or "" for v in [*message.history, message] for a in v.attachments}
        for text in markdown:
            if text in alts:
                found += plain_problems(text)
                continue
            more, names = markdown_problems(text)
            found += more
            seen |= names
        for label in s.labels:
            found += plain_problems(label)
    for name in threads:
        found += plain_problems(name)
    return found, seen


GAMES = [
    # game, AI players, who else joins, seed for the people's presses
    ("aura", 1, ["bob"], 3),
    ("zura", 1, ["cat"], 1),  # cat's DMs are closed: her prompts come privately
    ("auroria", 0, ["bob"], 5),
]


@pytest.mark.parametrize(("game", "ais", "joiners", "seed"), GAMES,
                         ids=[g[0] for g in GAMES])
async def test_hostile_names_are_seen_as_typed_in_every_message(
        world: World, game: str, ais: int, joiners: list[str], seed: int) -> None:
    fake = world.fake
    people = [world.alice, *(getattr(world, name) for name in joiners)]
    for person, name in zip(people, HOSTILE, strict=False):
        person.global_name = name
    async with world.bot(images=NumberedImages()):
        thread, lobby = await open_match(fake, world.alice, world.table, game, people[1:],
                                         ai_players=ais)
        await start(fake, world.alice, lobby)
        await Renaming(fake, thread, people, seed).play_out()
        detail = await (await fake.slash(world.alice, "board", {"detail": True},
                                         channel=thread)).reply()
    assert any(literal(h) in t for h in HOSTILE for t in comp.text_displays(detail.components)), \
        "/board detail names the players"
    found, seen = problems(fake, [t.name or "" for t in fake.threads()])
    assert found == [], "\n".join(found[:20])
    # Every name reached the messages: in the log of the moves made under it, at least.
    wanted = {clean(h) for h in HOSTILE}
    assert seen == wanted, f"not shown: {sorted(wanted - seen)}"


async def test_a_renamed_player_is_shown_by_the_new_name_from_the_next_press(
        world: World) -> None:
    fake = world.fake
    world.alice.global_name = "Old Name"
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura", [],
                                         ai_players=1)
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice], seed=2)

        async def move_and_read() -> str:
            """Alice's move, and the lines it added to the thread's turn posts."""
            def lines() -> list[str]:
                return [line for m in players.boards()
                        for line in fake.message(m).text.split("\n") if line.startswith("• ")]

            before = lines()
            await players.move(world.alice)
            return "\n".join(lines()[len(before):])

        assert "Old Name" in await move_and_read()
        world.alice.global_name = "**New** Name"
        text = await move_and_read()
        assert literal("**New** Name") in text and "Old Name" not in text, text
        assert render(text).plain("**New** Name")
        world.guild.members[world.alice.id].nick = "Ali <@1>"
        await (await fake.click(world.alice, players.live(), label="My hand")).reply()
        text = await move_and_read()
        assert render(text).plain("Ali <@1>"), "the server nickname comes first"
        assert literal("**New** Name") not in text


def test_the_check_finds_a_name_left_as_markup(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = "**Zura #1** · turn 2\n• [Nitro](https://evil.example) draws a card"
    found, _ = markdown_problems(raw)
    assert any("unescaped" in f for f in found), found
    escaped = "**Zura #1** · turn 2\n• " + literal("[Nitro](https://evil.example)") + " draws"
    assert markdown_problems(escaped) == ([], {"[Nitro](https://evil.example)"})
    assert plain_problems("Give " + literal("**Bold** Ann")), "escapes do not belong in labels"
    assert markdown_problems("• \u202eRTL Override plays")[0], "a hidden control is found"
    # An escaping that forgets links: the name is not seen as typed, and its link is found.
    monkeypatch.setattr(f"{__name__}.literal",
                        lambda text, limit: clean(text, limit).replace("*", "\\*"))
    found, _ = markdown_problems("• [Nitro](https://evil.example) draws")
    assert any("not seen as typed" in f for f in found), found
    assert any("markup from a name" in f for f in found), found


DECK_NAMES = ["[Nitro](https://evil.example)", "**Bold** <@123456789012345678>",
              "# Deck ||x||", "> @everyone deck", "\u202eEvil\u200b Deck", "1. `tick`"]
TYPED = ["`**x**` [a](https://evil.example)", "<@123456789012345678> @everyone",
         "# big ||s|| ~~x~~", "a" * 300]


BOLD = frozenset({"bold"})
"""Deck names are shown in bold."""


def echo_problems(text: str, typed: str) -> list[str]:
    """An answer quoting back what was typed: it is there, cleaned, and only as code."""
    shown = render(text)
    styled = {kind for _, kinds in shown.chars for kind in kinds}
    found = [f"markup {styled - {'code'}} in {text!r}"] if styled - {"code"} else []
    quoted = clean(typed, TYPED_MAX).replace("`", "ˋ")
    if quoted not in shown.text:
        found.append(f"{quoted!r} is not shown in {text!r}")
    return found + (plain_problems(text) if HIDDEN & set(text) else [])


async def test_deck_names_and_typed_text_are_seen_as_typed(world: World) -> None:
    fake = world.fake
    found: list[str] = []
    forms = _forms(DECK_NAMES, TYPED_MAX)
    deck = format_list(RED.leader, MINE)
    async with world.bot():
        for name in DECK_NAMES:
            saved = await import_deck(fake, world.alice, world, name, deck)
            found += markdown_problems(saved.content, forms, BOLD)[0]
            assert markdown_problems(saved.content, forms, BOLD)[1], repr(saved.content)
        listing = await (await fake.slash(world.alice, "deck list", channel=world.table)).reply()
        problems_, seen = markdown_problems(listing.content, forms, BOLD)
        found += problems_
        assert seen == {plain for plain, _ in forms}, listing.content
        for name in DECK_NAMES:
            shown_ = await (await fake.slash(world.alice, "deck show", {"deck": name},
                                             channel=world.table)).reply()
            found += markdown_problems(shown_.content, forms, BOLD)[0]
        for typed in TYPED:
            for command, options in [("deck show", {"deck": typed}),
                                     ("deck card", {"name": typed}),
                                     ("play", {"game": typed}),
                                     ("rules", {"game": "zura", "topic": typed})]:
                answer = await (await fake.slash(world.alice, command, options,
                                                 channel=world.table)).reply()
                found += echo_problems(answer.content, typed)
        variants = await (await fake.slash(world.alice, "play", {
            "game": "zura", "variants": "**x** [a](https://e.x) <@1>"},
            channel=world.table)).reply()
        for part in ["**x**", "[a](https://e.x)", "<@1>"]:
            found += echo_problems(variants.content, part)
        await open_match(fake, world.alice, world.table, "auroria", [])
        picker = await fake.wait_until(
            lambda: next((m for m in fake.ephemerals(world.alice) if m.selects), None),
            what="the deck select")
        labels = [o.label for o in picker.selects[0].options]
        for plain, _ in forms:
            assert f"{plain} (yours)" in labels, labels
        for label in labels:
            found += plain_problems(label)
    assert found == [], "\n".join(found)
    assert POOL.decks["valley"].name in listing.content
