"""The decision → components plan and the custom-id codec, without Discord."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discord import customid as cid
from bot.discord.menus import Button, Select, choice_keys, costs_cards, plan, plan_confirm
from bot.engine import KEEP, ORDER, PICK, Decision, Option, Rng, parse_options, play
from bot.engine.names import seat_said
from bot.engine.said import Said
from bot.words import PSEUDO, english, language

EN = english()


def decision(n: int, *, lo: int = 1, hi: int = 1, kind: str = "pick",
             group: str = "hand") -> Decision:
    opts = tuple(Option(f"k{i}", Said(f"Card {i}"), group) for i in range(n))
    return Decision("t3.play.p1", 1, kind, Said("Play cards."), opts, lo, hi)


def test_single_choice_with_few_options_is_buttons_numbered_like_the_hand() -> None:
    menu = plan(7, decision(3), EN)
    assert len(menu.rows) == 1
    row = menu.rows[0]
    assert isinstance(row, tuple)
    assert [b.label for b in row] == ["1. Card 0", "2. Card 1", "3. Card 2"]
    assert cid.decode(row[2].custom_id) == cid.CustomId(7, "t3.play.p1", cid.PICK, (2,))


def test_multi_choice_is_a_select_with_the_decision_bounds() -> None:
    menu = plan(7, decision(8, lo=2, hi=5), EN)
    (select,) = menu.rows
    assert isinstance(select, Select)
    assert (select.min, select.max) == (2, 5)
    assert [o.value for o in select.options] == [str(i) for i in range(8)]


def test_optional_decision_offers_choose_nothing() -> None:
    menu = plan(7, decision(8, lo=0, hi=3), EN)
    last = menu.rows[-1]
    assert isinstance(last, tuple) and isinstance(last[0], Button)
    assert cid.decode(last[0].custom_id).verb == cid.SKIP


def test_order_is_built_click_by_click() -> None:
    d = decision(3, kind=ORDER)
    first = plan(7, d, EN)
    assert sum(len(r) for r in first.rows if isinstance(r, tuple)) == 3
    second = plan(7, d, EN, order=(2,))
    row = second.rows[0]
    assert isinstance(row, tuple)
    assert [cid.decode(b.custom_id).indexes for b in row] == [(2, 0), (2, 1)]
    assert "So far: 3. Card 2" in second.prompt


def test_confirm_carries_the_choice() -> None:
    menu = plan_confirm(7, decision(8, lo=2, hi=5), (1, 4), EN)
    row = menu.rows[0]
    assert isinstance(row, tuple)
    assert cid.decode(row[0].custom_id).indexes == (1, 4)
    assert "2. Card 1, 5. Card 4" in menu.prompt


def test_choice_keys_rejects_forged_indexes() -> None:
    d = decision(3)
    assert choice_keys(d, (0, 2)) == ("k0", "k2")
    with pytest.raises(cid.BadCustomId):
        choice_keys(d, (3,))


@pytest.mark.parametrize("text", [
    "parlor:1:d:p:x", "parlor:abc:d:p:1", "other:1:d:p:1", "parlor:1:d:p:" + "1." * 60,
    "parlor:1:bad id:p:1", "",
])
def test_forged_or_foreign_ids_are_rejected(text: str) -> None:
    with pytest.raises(cid.BadCustomId):
        cid.decode(text)


@given(st.integers(0, 10**12 - 1), st.from_regex(r"[A-Za-z0-9._\-]{1,40}", fullmatch=True),
       st.lists(st.integers(0, 24), max_size=5))
def test_codec_round_trips(match: int, decision_id: str, idx: list[int]) -> None:
    c = cid.CustomId(match, decision_id, cid.CONFIRM, tuple(idx))
    text = c.encode()
    assert len(text) <= cid.MAX_LEN
    assert cid.decode(text) == c


def test_limits_hold_for_large_decisions() -> None:
    for n in range(1, 26):
        for lo, hi in ((1, 1), (0, 1), (1, min(5, n)), (0, n)):
            menu = plan(1, decision(n, lo=lo, hi=hi), EN)
            assert len(menu.rows) <= 5
            for row in menu.rows:
                if isinstance(row, Select):
                    assert len(row.options) <= 25 and 1 <= row.max <= 25
                else:
                    assert len(row) <= 5


def test_a_menu_names_people_where_the_engine_wrote_player_n() -> None:
    asked = Decision("d1", 0, PICK, Said("Card 1 of 3 from {player}: block it?",
                                         {"player": seat_said(1)}),
                     (Option("b0", Said("Return to {player}", {"player": seat_said(1)}), "hand"),
                      Option("none", Said("No block"))))
    menu = plan(7, asked, EN, ["Ann", "Bo Li"])
    assert menu.prompt == "Card 1 of 3 from Bo Li: block it?"
    buttons = [b for row in menu.rows if isinstance(row, tuple) for b in row]
    assert [b.label for b in buttons] == ["1. Return to Bo Li", "No block"]


def test_a_name_is_literal_text_in_the_prompt_and_as_typed_on_the_controls() -> None:
    asked = Decision("d1", 0, ORDER, Said("Order the cards of {player}", {"player": seat_said(1)}),
                     (Option("a", Said("Give {player} a card", {"player": seat_said(1)})),
                      Option("b", Said("Keep it"))))
    name = "**Bo** <@1>"
    menu = plan(7, asked, EN, ["Ann", name], (0,))
    assert menu.prompt == ("Order the cards of \\*\\*Bo\\*\\* \\<@1>\n"
                           "So far: Give \\*\\*Bo\\*\\* \\<@1> a card")
    buttons = [b for row in menu.rows if isinstance(row, tuple) for b in row]
    assert [b.label for b in buttons] == ["Keep it"]
    confirm = plan_confirm(7, asked, (0,), EN, ["Ann", name])
    assert "You chose: Give \\*\\*Bo\\*\\* \\<@1> a card. Confirm?" in confirm.prompt
    whom = Decision("d2", 0, PICK, Said("Whom?"),
                    (Option("x", Said("Give it to {player}", {"player": seat_said(1)})),))
    picks = plan(7, whom, EN, ["A", name])
    assert [b.label for row in picks.rows if isinstance(row, tuple) for b in row] == \
        [f"Give it to {name}"]


def test_keeping_the_whole_opening_hand_is_one_press() -> None:
    hand = decision(7, lo=0, hi=7, kind=KEEP)
    menu = plan(7, hand, EN)
    keep, select, none = menu.rows
    assert isinstance(keep, tuple) and isinstance(select, Select)
    assert keep[0].label == "Keep my hand"
    # The button submits every card at once (Confirm is the submitting verb).
    assert cid.decode(keep[0].custom_id) == cid.CustomId(7, "t3.play.p1", cid.CONFIRM,
                                                         tuple(range(7)))
    assert isinstance(none, tuple) and none[0].label == "Keep none"
    assert not costs_cards(hand, list(hand.options)), "selecting all 7 keeps them: no Confirm"


def test_throwing_cards_back_asks_confirm_and_says_what_is_kept() -> None:
    hand = decision(7, lo=0, hi=7, kind=KEEP)
    assert costs_cards(hand, [hand.options[0], hand.options[3]])
    assert costs_cards(hand, []), "keeping none throws the whole hand back"
    assert "You keep: 1. Card 0, 4. Card 3; the other cards go back. Confirm?" in \
        plan_confirm(7, hand, (0, 3), EN).prompt


def test_a_choice_that_spends_nothing_needs_no_confirm() -> None:
    extra = Decision("d", 0, PICK, Said("Throw away one card of another landscape too?"),
                     (Option("forest", Said("Also throw away a Forest (card 2)"), "landscape"),
                      Option("none", Said("Keep the rest of my hand"), "keep")))
    assert not costs_cards(extra, [extra.options[1]])
    assert [b.label for r in plan(7, extra, EN).rows if isinstance(r, tuple) for b in r] == \
        ["Also throw away a Forest (card 2)", "Keep the rest of my hand"], "no number on either"
    play = decision(8, lo=0, hi=5)
    assert costs_cards(play, [play.options[0]]) and not costs_cards(play, [])


def test_aura_blocks_and_plays_need_no_confirm_their_cards_come_back() -> None:
    """Aura's played and block cards go under their owner's deck at cleanup: nothing is given
    up, so one press answers (blocking n cards takes n presses); a discard still confirms."""
    from bot.games.aura import GAME as AURA
    state = AURA.setup(2, parse_options(AURA.options, {}), 3)
    rng, seen = Rng(3), {}
    while AURA.result(state) is None and len(seen) < 3:
        decision = AURA.pending(state)[0]
        for kind in ("Play 2", "block it", "Discard "):
            if decision.prompt.startswith(kind) or f": {kind}" in decision.prompt:
                seen[kind] = decision
        action = AURA.ai_choose("random", AURA.view(state, decision.player), decision, rng)
        state, _ = play(AURA, state, decision.player, action)
    assert set(seen) == {"Play 2", "block it", "Discard "}
    hand = [o for o in seen["Play 2"].options if o.group == "hand"]
    assert not costs_cards(seen["Play 2"], hand[:2])
    block = seen["block it"]
    assert not costs_cards(block, [next(o for o in block.options if o.group == "hand")])
    discard = seen["Discard "]
    hand_card = next(o for o in discard.options if o.group == "hand")
    assert discard.spends and costs_cards(discard, [hand_card])


def test_a_long_label_is_cut_in_its_words_a_name_in_it_whole() -> None:
    """A button holds 80 characters and a select option 100: a pseudo-locale label longer
    than that loses words at its end, never part of the person's name in it."""
    pseudo = language(PSEUDO)
    name = "Bartholomew Featherstonehaugh"
    long = Said("Give {player} the card they asked for and every card they might want later",
                {"player": seat_said(1)})
    few = Decision("d", 0, PICK, Said("Whom?"), (Option("a", long), Option("b", Said("No"))))
    buttons = [b for row in plan(7, few, pseudo, ["A", name]).rows if isinstance(row, tuple)
               for b in row]
    assert len(buttons[0].label) <= 80 and buttons[0].label.endswith("…")
    assert name in buttons[0].label
    many = Decision("d", 0, PICK, Said("Whom?"), tuple(Option(f"k{i}", long) for i in range(3)),
                    1, 2)
    select = plan(7, many, pseudo, ["A", name]).rows[0]
    assert isinstance(select, Select)
    assert all(len(o.label) <= 100 and name in o.label for o in select.options)
    assert len(select.options[0].label) > 80, "a select option uses its longer limit"
