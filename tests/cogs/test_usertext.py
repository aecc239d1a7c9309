"""User text in a message is seen as typed: whatever a name holds, Discord's markdown (as the
fake reads it, ``tests.fakediscord.markdown``) makes no formatting, link, mention, heading,
quote or list of it, alone, at a line's start, or beside other names and the bot's words."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.discord.usertext import literal, told
from bot.engine.names import seat_said
from bot.engine.said import Said
from bot.engine.usertext import clean
from bot.words import english
from tests.fakediscord.markdown import render

HOSTILE = [
    "[Free Nitro](https://evil.example) **@everyone** ||x||", "**bold**", "__under__",
    "~~gone~~", "||spoiler||", "`code`", "```\nfence\n```", "# heading", "-# small",
    "> quote", ">>> all", "- list", "* list", "1. list", "+ list", "<@123456789012345678>",
    "<@&123456789012345678>", "<#123456789012345678>", "@everyone", "@here", "<t:1:R>",
    "</ban:1>", "<:pog:1>", "https://evil.example", "<https://evil.example>",
    "\u202eevil\u202c", "a\u200db\u200bc", "x" * 200, "🔥🔥🔥", "Z\u0336\u0338\u0301" * 3,
    "[", "](https://evil.example)", "\\", "\\*", "_", "*",
]
PIECES = st.sampled_from(["*", "_", "~", "|", "`", "[", "]", "(", ")", "<", ">", "@", "#", "-",
                          "+", "1.", ":", "//", "\\", " ", "\n", "https://e.x", "everyone",
                          "here", "@&", "t:", "\u202e", "\u200b", "a", "Zoë", "🔥"])
names = st.one_of(st.sampled_from(HOSTILE),
                  st.lists(st.one_of(PIECES, st.text(max_size=3)), max_size=12).map("".join))


def _seen(text: str, name: str) -> bool:
    shown = render(text)
    return shown.plain(clean(name)) if clean(name) else True


@settings(deadline=None)  # timing varies on a shared machine; the property does not
@given(names)
@example("[**x**](https://e.x)")
def test_a_name_is_seen_as_typed_alone_and_at_a_lines_start(name: str) -> None:
    text = literal(name)
    assert not any(kinds for _, kinds in render(text).chars), text
    assert _seen(text, name)
    assert _seen(f"{text} draws a card", name)
    assert _seen(f"**Zura #3** · turn 2\n• {text} draws", name)


@settings(deadline=None)  # timing varies on a shared machine; the property does not
@given(names, names)
@example("[a", "](https://evil.example)")
@example("*a", "b*")
@example("<", "@123456789012345678>")
def test_two_names_and_the_words_between_make_no_markup(a: str, b: str) -> None:
    gives = Said("{one} gives {two} a card; {two}{one}", {"one": seat_said(0), "two": seat_said(1)})
    text = told(gives, [clean(a), clean(b)], english())
    shown = render(text)
    assert not any(kinds for _, kinds in shown.chars), text
    assert _seen(text, a) and _seen(text, b)


def test_the_escaped_form_is_what_discord_py_and_the_extra_rules_write() -> None:
    assert literal("[Free Nitro](https://evil.example) **@everyone** ||x||", 60) == (
        "\\[Free Nitro\\](https\\://evil.example) \\*\\*\\@everyone\\*\\* \\|\\|x\\|\\|")
    assert literal("1. Ann") == "1\\. Ann"
    assert literal("<@123>") == "\\<@123>"
    assert literal("Ann Lee") == "Ann Lee", "an ordinary name is left as it is"


def test_the_check_fails_on_a_name_left_as_markup() -> None:
    for name in ["**bold**", "[x](https://e.x)", "<@1>", "# big", "@everyone", "||s||"]:
        assert not render(name).plain(name), name
