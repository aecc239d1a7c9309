"""Views hold exactly what a seat may know; menus fit Discord; state survives JSON."""

from __future__ import annotations

import json
import re

import pytest

from bot.engine import Action, Rng, parse_options, play
from bot.games.aura import GAME
from bot.games.aura.ai import choose_random
from bot.games.aura.state import OVER
from tests.games.aura.helpers import Match

TOP_KEYS = {"game", "viewer", "players", "variant", "turn", "active", "additional_turn",
            "phase", "waiting", "ending", "opening", "seats", "table", "hand", "result"}


def test_the_view_has_the_documented_shape_and_is_json() -> None:
    m = Match([["red 5", "purple 6", "double"], ["blue 1", "purple 2"]])
    m.do(0, "Red 5", "Purple 6", "Double")
    view = m.view(1)
    assert set(view) == TOP_KEYS
    assert json.loads(json.dumps(view)) == view
    assert set(view["seats"][0]) == {"seat", "aura", "back", "hand", "deck", "under_aura",
                                     "aura_surfaced", "discard", "discarded", "remaining"}
    assert set(view["table"]) == {"active", "revealed", "cards", "blockers", "resolving",
                                  "effects", "final"}


def test_face_down_cards_show_only_their_back_to_others() -> None:
    m = Match([["red 5", "green 6"], ["blue 1", "purple 2"], ["beige 1"]])
    m.do(0, "Red 5", "Green 6")
    assert [s["card"] for s in m.view(1)["table"]["cards"]] == [{"back": 1}, {"back": 1}]
    assert [s["card"] for s in m.view(None)["table"]["cards"]] == [{"back": 1}, {"back": 1}]
    assert m.view(0)["table"]["cards"][0]["card"]["label"] == "Red 5"
    m.do(1, "Blue 1")
    assert m.row(1, viewer=2)["cells"][0]["card"] == {"back": 2}
    assert m.row(1, viewer=None)["cells"][0]["card"] == {"back": 2}


def test_other_hands_are_counts_and_the_own_hand_follows_the_menu_order() -> None:
    m = Match([["green 6", "red 5", "blue 7", "red 1"], ["blue 1", "purple 2"]])
    view = m.view(0)
    assert m.view(1)["hand"] == [
        {"id": 11, "colour": "purple", "kind": "number", "value": 2, "action": None,
         "label": "Purple 2"},
        {"id": 40, "colour": "blue", "kind": "number", "value": 1, "action": None,
         "label": "Blue 1"}]
    assert [c["label"] for c in view["hand"]] == ["Red 1", "Red 5", "Green 6", "Blue 7"]
    assert [c["label"] for c in view["hand"]] == [o.label for o in m.decision(0).options]
    assert m.view(None)["hand"] is None
    assert [s["hand"] for s in view["seats"]] == [4, 2]
    m.do(0, "Red 5", "Green 6")
    blocking = m.decision(1)
    assert [c["label"] for c in m.view(1)["hand"]] == [
        o.label for o in blocking.options if o.group == "hand"]


def test_after_the_reveal_the_marks_and_effects_are_shown() -> None:
    m = Match([["red 5", "purple 6", "double"], ["blue 1", "purple 2", "block"], ["beige 1"]])
    m.do(0, "Red 5", "Purple 6", "Double")
    m.block(1, "Blue 1", None, "Block")
    m.block(2)
    table = m.view(2)["table"]
    assert table["revealed"] and table["final"]
    assert table["effects"] == {"double": True, "reverse": False, "block": [1]}
    assert [c["beats"] for c in m.row(1)["cells"]] == ["block", "block", "block"]
    assert [c["card"] for c in m.row(2)["cells"]] == [None, None, None]
    assert m.row(2)["owes"] == 6 and m.row(1)["owes"] == 0


def test_views_and_menus_stay_within_discord_limits_in_random_games() -> None:
    for seed in range(12):
        options = parse_options(GAME.options, {"simultaneous_blocks": seed % 2 == 1})
        state = GAME.setup(2 + seed % 3, options, seed)
        rng = Rng(seed)
        while GAME.result(state) is None:
            for decision in GAME.pending(state):
                assert len(decision.options) <= 25, decision
                assert all(len(o.label) <= 80 for o in decision.options)
                assert decision.default is not None
                assert len({o.key for o in decision.options}) == len(decision.options)
            decision = GAME.pending(state)[0]
            state, _ = play(GAME, state, decision.player, choose_random(decision, rng))
        assert state.phase == OVER


@pytest.mark.parametrize("seed", range(6))
def test_the_default_of_every_decision_is_legal(seed: int) -> None:
    state = GAME.setup(3, parse_options(GAME.options, {"advanced": True}), seed)
    steps = 0
    while GAME.result(state) is None and steps < 400:
        decision = GAME.pending(state)[-1]
        assert decision.default is not None
        state, _ = play(GAME, state, decision.player, Action(decision.id, decision.default))
        steps += 1
    assert steps > 10


def test_state_json_round_trips_and_every_card_stays_in_one_place() -> None:
    m = Match([["red 5", "green 6"], ["blue 1", "purple 2"]])
    m.do(0, "Red 5", "Green 6")
    text = json.dumps(GAME.to_json(m.state))
    again = GAME.from_json(json.loads(text))
    assert again == m.state
    GAME.invariants(m.state)
    broken = GAME.from_json({**json.loads(text), "hands": [[0, 1], [40]]})
    with pytest.raises(AssertionError, match="not all in one place"):
        GAME.invariants(broken)


def test_redeal_changes_only_what_the_viewer_cannot_see() -> None:
    m = Match([["red 5", "green 6", "red 7"], ["blue 1", "purple 2", "blue 3"]])
    m.do(0, "Red 5", "Green 6")
    other = GAME.redeal_hidden(m.state, 1, Rng(3))
    assert other.hands[1] == m.state.hands[1]
    assert other.table[0] != m.state.table[0]   # the face-down cards changed
    assert other.decks[0] != m.state.decks[0] and other.decks[1] != m.state.decks[1]
    assert GAME.view(other, 1) == GAME.view(m.state, 1)
    GAME.invariants(other)


def test_card_faces_in_views_are_shared_but_read_only() -> None:
    import copy

    m = Match([["red 5", "green 6"], ["blue 1"]])
    face = m.view(0)["hand"][0]
    assert face is m.view(0)["hand"][0]
    with pytest.raises(TypeError, match="read-only"):
        face["label"] = "changed"
    view = m.view(0)
    assert copy.deepcopy(view) == view and dict(face) == face



@pytest.mark.parametrize("players", [2, 4])
def test_views_are_read_only_and_nothing_that_reads_them_writes(players: int) -> None:
    """Cards, cells and slots are shared between views: the AI, the text, the help and the
    renderer's reading must leave every view as built, and later views must not change an
    earlier one."""
    from bot.render import render_board, render_hand
    from bot.render.alt import alt_text

    state = GAME.setup(players, parse_options(GAME.options, {"simultaneous_blocks": True}), 4)
    rng = Rng(4)
    names = [f"P{s}" for s in range(players)]
    seen: list[tuple[object, str]] = []
    while state.phase != OVER:
        d = GAME.pending(state)[0]
        for viewer in (None, *range(players)):
            v = GAME.view(state, viewer)
            seen.append((v, json.dumps(v, sort_keys=True)))
            GAME.describe(v, names, full=True)
            alt_text("aura", v, names)
            for topic in GAME.topics().values():
                if topic.shows is not None:
                    topic.shows(v)
        if len(seen) % 40 < players + 1:  # images are slow: every few steps
            render_board(v, names)
            render_hand(v, names=names)
        action = GAME.ai_choose("normal", GAME.view(state, d.player), d, rng)
        state, _ = play(GAME, state, d.player, action)
    assert len(seen) > 100
    for v, text in seen:
        assert json.dumps(v, sort_keys=True) == text


PLAYER_WORDS = re.compile(r"\b[a-z]+_[a-z_]+\b|\bSeat \d|\bPlayer 0\b|(?<!\d)1 cards\b"
                          r"|\b[2-9]\d* card\b|\s-[\s,;.]|\bNone\b|\{|\}")
"""What a player would not write: snake_case keys, seat numbers, code leftovers, and
counts in the wrong number ('1 cards', '3 card')."""


def test_texts_a_player_reads_use_their_words() -> None:
    for seed in range(6):
        options = parse_options(GAME.options, {"advanced": seed % 2 == 1})
        state = GAME.setup(2 + seed % 3, options, seed)
        rng = Rng(seed)
        texts: list[str] = []
        while (result := GAME.result(state)) is None:
            for decision in GAME.pending(state):
                texts += [decision.prompt, *(o.label for o in decision.options)]
            decision = GAME.pending(state)[0]
            state, events = play(GAME, state, decision.player, choose_random(decision, rng))
            texts += [e.text for e in events if e.text]
        texts.append(result.detail)
        bad = sorted({t for t in texts if PLAYER_WORDS.search(t)})
        assert not bad, bad[:5]
