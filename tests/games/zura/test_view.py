"""What each seat may see: private peeks, hidden hands, stack tops, the public discard top."""

from __future__ import annotations

import json
import types
import typing
from typing import Any

from bot.engine import Rng, play
from bot.engine.playout import run_playout
from bot.games.zura import GAME
from bot.games.zura.view import ZView
from tests.games.zura.helpers import SIX, decision, do, table

TOP_KEYS = {"game", "viewer", "players", "turn", "phase", "step", "landscapes", "search",
            "stacks", "my_stack", "scores", "hand_sizes", "hand", "looking_at", "discard",
            "travel_deck", "tz_deck", "this_turn", "final_turns", "over"}


def _conforms(value: Any, hint: Any, where: str) -> None:
    """``value`` (a run-time view part) holds exactly what the declared type ``hint`` says."""
    if typing.is_typeddict(hint):
        hints = typing.get_type_hints(hint)
        assert isinstance(value, dict), where
        assert hint.__required_keys__ <= set(value) <= set(hints), (where, set(value))
        for key, item in value.items():
            _conforms(item, hints[key], f"{where}.{key}")
        return
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.NotRequired:
        _conforms(value, args[0], where)
    elif origin in (typing.Union, types.UnionType):
        errors = []
        for arg in args:
            try:
                _conforms(value, arg, where)
                return
            except AssertionError as exc:
                errors.append(exc)
        raise AssertionError(where, value, errors)
    elif origin is typing.Literal:
        assert value in args, (where, value)
    elif origin is list:
        assert isinstance(value, list), where
        for i, item in enumerate(value):
            _conforms(item, args[0], f"{where}[{i}]")
    elif hint is type(None):
        assert value is None, where
    else:
        assert isinstance(value, hint) and not (hint is int and isinstance(value, bool)), \
            (where, value, hint)


def test_the_view_has_the_declared_keys_and_is_json() -> None:
    s = table(hands=[["forest"] * 5 + ["cave"], SIX], stacks=[["cave-keeper"], []])
    assert set(typing.get_type_hints(ZView)) == TOP_KEYS
    for viewer in (None, 0, 1):
        v = GAME.view(s, viewer)
        _conforms(v, ZView, "view")
        assert json.loads(json.dumps(v)) == v


def test_every_view_of_a_played_game_matches_its_declared_type() -> None:
    out = run_playout(GAME, 3, 5, check=False)
    state = GAME.setup(3, {}, 5)
    for step, (seat, action) in enumerate(out.actions):
        if step % 7 == 0:
            for viewer in (None, 0, 1, 2):
                _conforms(GAME.view(state, viewer), ZView, f"step {step} view")
        state, _ = play(GAME, state, seat, action)
    _conforms(GAME.view(state, None), ZView, "final view")


def test_hands_are_seen_by_their_owner_only() -> None:
    s = table(hands=[["forest"] * 5 + ["cave"], ["mountain"] * 6])
    assert [c["landscape"] for c in GAME.view(s, 1)["hand"] or []] == ["mountain"] * 6
    assert GAME.view(s, None)["hand"] is None
    assert "mountain" not in json.dumps(GAME.view(s, 0)["hand"])
    assert GAME.view(s, None)["hand_sizes"] == [6, 6]


def test_the_hand_is_numbered_in_menu_order() -> None:
    s = table(hands=[["cave", "forest", "mountain", "forest", "cave", "forest"], SIX])
    hand = GAME.view(s, 0)["hand"] or []
    assert [(c["number"], c["landscape"]) for c in hand] == [
        (1, "forest"), (2, "forest"), (3, "forest"), (4, "mountain"), (5, "cave"), (6, "cave")]
    labels = [o.label for o in decision(s).options]
    assert labels[:3] == ["Discard 1 Forest (card 1)", "Discard 2 Forest (cards 1–2)",
                          "Discard 3 Forest (cards 1–3): flip 1"]
    assert labels[3:] == ["Discard 1 Mountain (card 4)", "Discard 1 Cave (card 5)",
                          "Discard 2 Cave (cards 5–6)"]


def test_stacks_show_their_top_and_size_and_the_owner_sees_all() -> None:
    s = table(hands=[SIX, SIX], stacks=[["cave-keeper", "cave-dreamer"], []])
    for viewer in (None, 1):
        v = GAME.view(s, viewer)
        top = v["stacks"][0]["top"]
        assert v["stacks"][0]["size"] == 2 and top is not None and top["key"] == "cave-dreamer"
        assert "cave-keeper" not in json.dumps(v)
    assert GAME.view(s, 1)["my_stack"] == []
    assert [c["key"] for c in GAME.view(s, 0)["my_stack"] or []] == ["cave-keeper",
                                                                     "cave-dreamer"]
    assert GAME.view(s, None)["my_stack"] is None


def test_a_peek_is_private_but_everyone_sees_which_slot() -> None:
    s = table(hands=[["cave"] * 5 + ["forest"], SIX], tz_deck=["imp"])
    s = do(s, "cave:5")
    s = do(s, "B3")  # Mountain Trickster
    mine = GAME.view(s, 0)["search"]["slots"][6]
    assert mine["seen"]["key"] == "mountain-trickster" and mine["peeked_by"] == [0]
    for viewer in (None, 1):
        theirs = GAME.view(s, viewer)["search"]["slots"][6]
        assert "seen" not in theirs and theirs["peeked_by"] == [0]
        assert "trickster" not in json.dumps(GAME.view(s, viewer)["search"])
    assert "B3 (seen: Mountain Trickster)" in [o.label for o in decision(s).options]
    s = do(s, "A3")  # Cave Seer: claimed, the slot is refilled with a fresh card
    s = do(s, "A1")
    later = GAME.view(s, 0)["search"]["slots"]
    assert later[6]["seen"]["key"] == "mountain-trickster"  # still remembered next turn
    assert "seen" not in later[2] and later[2]["peeked_by"] == []


def test_the_discard_top_and_deck_sizes_are_public() -> None:
    s = table(hands=[["forest"] * 6, SIX], discard=["mountain", "cave"], deck=["cave"] * 3,
              rest="discard")
    v = GAME.view(s, None)
    top = v["discard"]["top"]
    assert top is not None and top["landscape"] == "mountain"
    assert v["discard"]["size"] == 60 - 15
    assert (v["travel_deck"], v["tz_deck"]) == (3, 35 - 8)


def test_views_do_not_change_when_only_hidden_cards_do() -> None:
    s = table(3, hands=[["cave"] * 5 + ["forest"], SIX, SIX])
    s = do(s, "cave:5")
    s = do(s, "A1")
    rng = Rng(3)
    for viewer in (None, 0, 1, 2):
        other = GAME.redeal_hidden(s, viewer, rng)
        assert other is not None
        assert GAME.view(other, viewer) == GAME.view(s, viewer)
    moved = GAME.redeal_hidden(s, 0, rng)  # seat 0 peeked at A1 and keeps knowing it
    assert moved is not None and moved.hands[0] == s.hands[0] and moved.slots[0] == s.slots[0]
    assert (moved.deck, moved.hands, moved.tz_deck) != (s.deck, s.hands, s.tz_deck)


def test_views_are_read_only_and_nothing_that_reads_them_writes() -> None:
    """Card faces and slots are shared between views: the AI, the text and the help must
    leave every view as built, and a later view must not change an earlier one."""
    state = GAME.setup(2, {}, 8)
    rng = Rng(8)
    seen: list[tuple[ZView, str]] = []
    for _ in range(400):
        pending = GAME.pending(state)
        if not pending:
            break
        d = pending[0]
        for viewer in (None, d.player):
            v = GAME.view(state, viewer)
            seen.append((v, json.dumps(v, sort_keys=True)))
            GAME.describe(v, ["Ann", "Bob"], full=True)
            for topic in GAME.topics().values():
                if topic.shows is not None:
                    topic.shows(v)
        action = GAME.ai_choose("normal", GAME.view(state, d.player), d, rng)
        state, _ = play(GAME, state, d.player, action)
    assert len(seen) > 100
    for v, text in seen:
        assert json.dumps(v, sort_keys=True) == text
