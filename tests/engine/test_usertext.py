"""The one cleaning of user text: nothing invisible or direction-changing survives, spacing is
one space, and the length is capped at a grapheme boundary with an ellipsis."""

from __future__ import annotations

import unicodedata

import regex
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.engine.usertext import ELLIPSIS, MARKS_MAX, NAME_MAX, clean, quoted

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u180e"
FAMILY = "👨\u200d👩\u200d👧"
SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
GRAPHEME = regex.compile(r"\X")

texts = st.lists(st.one_of(
    st.characters(), st.sampled_from(BIDI + ZERO_WIDTH + " \t\n\u0301\u0336"),
    st.sampled_from([FAMILY, SCOTLAND, "🔥", "e\u0301"])), max_size=80).map("".join)


@settings(deadline=None)  # timing varies on a shared machine; the property does not
@given(texts, st.integers(min_value=1, max_value=64))
@example("a\u202eb\u200bc", NAME_MAX)
@example("x" * 200, NAME_MAX)
@example(FAMILY * 40, NAME_MAX)
def test_clean_leaves_nothing_hidden_and_respects_the_cap(text: str, limit: int) -> None:
    out = clean(text, limit)
    graphemes = GRAPHEME.findall(out)
    assert len(graphemes) <= limit
    assert out == out.strip() and "  " not in out
    for k, ch in enumerate(out):
        kind = unicodedata.category(ch)
        if kind in ("Cf",):
            assert ch == "\u200d" or 0xE0020 <= ord(ch) < 0xE0080, repr(out)
            assert any(unicodedata.category(c) == "So" for c in out[:k]), "only in emoji"
        else:
            assert kind not in ("Cc", "Cs", "Co", "Zl", "Zp"), repr(out)
        assert ch == " " or not ch.isspace()
    assert clean(out, limit) == out, "cleaning twice changes nothing"


@settings(deadline=None)  # timing varies on a shared machine; the property does not
@given(st.text(alphabet="abc é", min_size=1, max_size=NAME_MAX))
def test_a_name_within_the_cap_keeps_every_letter(text: str) -> None:
    assert clean(text) == unicodedata.normalize("NFC", " ".join(text.split()))


def test_a_long_name_is_cut_with_an_ellipsis_at_a_grapheme() -> None:
    assert clean("x" * 200) == "x" * (NAME_MAX - 1) + ELLIPSIS
    cut = clean(FAMILY * 40)
    assert cut == FAMILY * (NAME_MAX - 1) + ELLIPSIS, "no emoji is split"
    assert clean("Ann " + "e\u0301" * 40, 6) == "Ann é" + ELLIPSIS


def test_controls_go_and_emoji_sequences_stay() -> None:
    assert clean("\u202eevil\u202c name") == "evil name"
    assert clean("a\u200bb\u200dc\ufeffd") == "abcd"
    assert clean(f"{FAMILY} and {SCOTLAND}") == f"{FAMILY} and {SCOTLAND}"
    assert clean("\u3164\u2800 \u200b") == "", "a name of invisible letters is empty"
    assert clean("Ann\n\n  Lee\t") == "Ann Lee"


def test_a_pile_of_combining_marks_is_kept_short() -> None:
    zalgo = "Z" + "\u0336\u0338\u0301\u0300" * 10 + "o"
    out = clean(zalgo)
    assert unicodedata.normalize("NFD", out)[0] == "Z" and out.endswith("o")
    assert sum(unicodedata.combining(c) > 0 for c in unicodedata.normalize("NFD", out)) \
        <= MARKS_MAX + 1, "at most the marks kept, one of them perhaps composed into the Z"
    assert clean("Nguyễn Thị") == "Nguyễn Thị", "real diacritics stay"


def test_typed_text_is_quoted_back_as_code_that_it_cannot_end() -> None:
    assert quoted("chess") == "`chess`"
    assert quoted("`**x**` <@1>") == "`ˋ**x**ˋ <@1>`"
    assert quoted("\u202e\u200b") == "` `", "nothing visible is still a well-formed quote"
    assert quoted("z" * 6000) == "`" + "z" * 59 + "…`"


@given(st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=80),
       st.integers(min_value=1, max_value=64))
def test_plain_ascii_takes_the_short_way_to_the_same_result(text: str, limit: int) -> None:
    # A zero-width space sends the text the long way; it is dropped there.
    assert clean(text, limit) == clean(text + "\u200b", limit)
