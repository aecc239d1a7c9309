"""The fake's markdown reader sees what Discord shows: markup where Discord makes some, the
typed characters where they are escaped."""

from __future__ import annotations

import pytest

from tests.fakediscord.markdown import render

MARKUP = [
    # text, what the reader must find in it
    ("**bold**", "bold"), ("__under__", "underline"), ("~~gone~~", "strike"),
    ("||hidden||", "spoiler"), ("*it*", "italic"), ("_it_", "italic"), ("`x`", "code"),
    ("``a`b``", "code"), ("```\nfenced\n```", "code"),
    ("[Free Nitro](https://evil.example)", "link"), ("go https://evil.example now", "link"),
    ("<https://evil.example>", "mention"), ("<@123>", "mention"), ("<@!123>", "mention"),
    ("<@&55>", "mention"), ("<#77>", "mention"), ("</ban:1>", "mention"),
    ("<t:1700000000:R>", "mention"), ("<:pog:1>", "mention"), ("<a:pog:1>", "mention"),
    ("@everyone", "mention"), ("hi @here", "mention"),
    ("# big", "heading"), ("### big", "heading"), ("-# small", "subtext"),
    ("> said", "quote"), (">>> all\nof it", "quote"), ("- item", "list"), ("* item", "list"),
    ("+ item", "list"), ("1. item", "list"), ("x\n# big", "heading"),
]


@pytest.mark.parametrize(("text", "kind"), MARKUP)
def test_markup_is_seen(text: str, kind: str) -> None:
    shown = render(text)
    assert any(kind in kinds for _, kinds in shown.chars), shown
    assert not shown.plain(text)


@pytest.mark.parametrize("text", [
    r"\*\*bold\*\*", r"\_\_under\_\_", r"\~\~gone\~\~", r"\|\|hidden\|\|", r"\`x\`",
    r"\[Free Nitro\](https\://evil.example)", r"\<@123>", r"\<t:1:R>", "@\u200beveryone",
    r"\@everyone", r"\@here",
    r"\# big", r"\-# small", r"\> said", r"\- item", r"1\. item", r"\+ item", "a # big",
    "a - b", r"back\\slash",
])
def test_escaped_text_is_seen_as_typed(text: str) -> None:
    shown = render(text)
    assert not any(kinds for _, kinds in shown.chars), shown
    typed = text.replace("\\\\", "\x00").replace("\\", "").replace("\x00", "\\")
    assert shown.plain(typed)


def test_the_bots_own_markup_around_a_name_leaves_the_name_plain() -> None:
    shown = render("**Zura #1** · turn 2\n• Ann plays a card")
    assert shown.text == "Zura #1 · turn 2\n• Ann plays a card"
    assert shown.plain("Ann") and not shown.plain("Zura #1")
