"""Every decision fits a Discord menu, has a legal default, numbers cards as the hand image
does, and goes stale once answered."""

from __future__ import annotations

import re

import pytest

from bot.engine import ORDER, Action, Rng, StaleDecision, play
from bot.engine.playout import run_playout
from bot.games.zura import GAME
from tests.games.zura.helpers import SIX, do, table


@pytest.mark.parametrize("players", [2, 4])
def test_every_menu_fits_discord_and_every_default_is_legal(players: int) -> None:
    seen = set()
    for seed in range(12):
        out = run_playout(GAME, players, seed, check=False)
        state = GAME.setup(players, {}, seed)
        rng = Rng(seed)
        for player, action in out.actions:
            for d in GAME.pending(state):
                seen.add(d.id.split(".")[1])
                assert 1 <= len(d.options) <= 25, d
                assert all(0 < len(o.label) <= 80 for o in d.options), d
                assert len({o.key for o in d.options}) == len(d.options)
                assert d.default is not None
                if rng.randrange(4) == 0:  # the clock's choice must be accepted
                    play(GAME, state, d.player, Action(d.id, d.default))
                if d.kind == ORDER:
                    assert sorted(d.default) == sorted(o.key for o in d.options)
            before = GAME.to_json(state)
            after, _ = play(GAME, state, player, action)
            assert GAME.to_json(state) == before  # apply never mutates its input
            state = after
    assert seen >= {"draw", "act", "peek", "flip", "steal", "order", "extra", "scry", "swap",
                    "restack"}


def test_an_answered_decision_is_stale() -> None:
    s = table(hands=[["forest"] * 3 + ["cave"] * 3, SIX])
    old = GAME.pending(s)[0]
    s2 = do(s, "forest:3")
    with pytest.raises(StaleDecision):
        play(GAME, s2, 0, Action(old.id, ("forest:3",)))
    assert GAME.pending(s2)[0].id != old.id
    assert GAME.pending(s) == [old]  # the old state is untouched


_CARDS = re.compile(r"\(cards? (\d+)(?:–(\d+))?\)")


@pytest.mark.parametrize("players", [2, 4])
def test_a_number_on_an_option_is_that_cards_number_on_the_hand_image(players: int) -> None:
    # Issue 16: "2. Give a Mountain (3 in hand)" sat beside a hand whose card 2 was a Forest.
    # Options say which cards they spend by their numbers on the image, and none is in the
    # "hand" group, which the Discord menus number as single hand cards.
    checked = set()
    for seed in range(12):
        out = run_playout(GAME, players, seed, levels=["normal", "random"] * 2, check=False)
        state = GAME.setup(players, {}, seed)
        for player, action in out.actions:
            for d in GAME.pending(state):
                hand = GAME.view(state, d.player)["hand"] or []
                for o in d.options:
                    assert o.group != "hand", o
                    found = _CARDS.search(o.label)
                    if found is None:
                        continue
                    first, last = int(found[1]), int(found[2] or found[1])
                    land = o.key.split(":")[0]
                    assert [c["landscape"] for c in hand[first - 1:last]] == [land] * (
                        last - first + 1), (o, hand)
                    checked.add(d.id.split(".")[1])
            state, _ = play(GAME, state, player, action)
    assert checked >= {"act", "swap", "extra"}


def test_the_trade_and_extra_card_options_name_the_card_they_spend() -> None:
    s = table(hands=[["forest"] * 3 + ["mountain"] * 2 + ["cave"], ["mountain"] * 6],
              stacks=[["forest-trader"], []])
    s = do(s, "swap:1")
    labels = [o.label for o in GAME.pending(s)[0].options]
    assert labels == ["Give a Forest (card 1)", "Give a Mountain (card 4)", "Give a Cave (card 6)"]
    s = table(hands=[["forest"] * 2 + ["mountain"] * 2 + ["cave"] * 2, SIX],
              stacks=[["mountain-wanderer"], []])
    s = do(s, "forest:2")  # the hand is now Mountain, Mountain, Cave, Cave
    labels = [o.label for o in GAME.pending(s)[0].options]
    assert labels == ["Also throw away a Mountain (card 1)", "Also throw away a Cave (card 3)",
                      "Keep the rest of my hand"]
