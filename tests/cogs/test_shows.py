"""What each message should show, without Discord: which prompts change, bursts shown
once, pictures uploaded only when their bytes changed."""

from __future__ import annotations

import json

from bot.discord import menus
from bot.discord.shows import (
    Card,
    Picture,
    digest,
    hand_shown,
    merged_turns,
    prompt_changes,
    prompt_face,
    prompt_menu,
    shown_lines,
    stored_lines,
)
from bot.engine import Decision, Option
from bot.engine.names import seat_said
from bot.engine.said import Said, said_n
from bot.match import MatchInfo, TurnUpdate
from bot.store import ACTIVE, FINISHED, DeliveryRecord, SeatRecord
from bot.words import english

EN = english()

SEATS = (SeatRecord(0, 10), SeatRecord(1, 11), SeatRecord(2, None, is_ai=True,
                                                           ai_level="normal"))
INFO = MatchInfo(4, "zura", "Zura", ACTIVE, 9, 10, 1, 2, 3, {}, SEATS, 2, 4)
NAMES = ["alice", "bob", "AI 3"]


def decision(prompt: str, *labels: str) -> Decision:
    return Decision("d1", 0, "pick", prompt,
                    tuple(Option(f"k{i}", label) for i, label in enumerate(labels)))


def face(decisions: tuple[Decision, ...], info: MatchInfo = INFO) -> str:
    return prompt_face(*prompt_menu(info, 0, decisions, NAMES, EN))


def test_a_prompt_changes_only_when_its_decision_hand_or_openness_does() -> None:
    play = (decision("Play a card: the top card is the 7 of Cups.", "3 Cups", "9 Coins"),)
    was = {"window": "w1", "open": True, "face": face(play)}
    # Someone else's play changed nothing the prompt states: no edit.
    assert not prompt_changes(was, face(play), True, news=False)
    # Private news (a card drawn, given or taken) changes the hand: an edit.
    assert prompt_changes(was, face(play), True, news=True)
    # A public fact the decision states, or an option, changed: an edit.
    newer = (decision("Play a card: the top card is the 2 of Swords.", "3 Cups", "9 Coins"),)
    assert prompt_changes(was, face(newer), True, news=False)
    fewer = (decision("Play a card: the top card is the 7 of Cups.", "3 Cups"),)
    assert prompt_changes(was, face(fewer), True, news=False)
    # The window closed: an edit (its controls go).
    assert prompt_changes(was, face(()), False, news=False)
    # A closed prompt has nothing to decide: news alone wait for the next prompt.
    closed = {"window": "w1", "open": False, "face": face(())}
    assert not prompt_changes(closed, face(()), False, news=True)
    assert prompt_changes(closed, face(play), True, news=False)


def test_a_closed_prompt_states_what_comes_next() -> None:
    over = MatchInfo(4, "zura", "Zura", FINISHED, 9, 10, 1, 2, 3, {}, SEATS, 2, 4)
    assert prompt_menu(INFO, 0, (), NAMES, EN) == (
        None, "✅ Done for now: I'll message you when it is your move again.")
    assert prompt_menu(over, 0, (), NAMES, EN) == (None, "The match is over.")
    assert face((), INFO) != face((), over)
    menu, _ = prompt_menu(INFO, 0, (decision("Pick.", "a", "b"),), NAMES, EN)
    assert isinstance(menu, menus.Menu) and menu.prompt.startswith("Pick.")


def test_a_closed_prompt_shows_no_hand_unless_the_person_asks() -> None:
    assert hand_shown(is_open=True)
    assert not hand_shown(is_open=False), "closed: the picture goes, nothing is uploaded"
    assert hand_shown(is_open=False, asked=True), "/hand shows the cards with nothing to do"


def test_a_burst_of_one_turn_is_one_update_with_all_its_lines() -> None:
    updates = [TurnUpdate(4, 3, 0, ("a",), {"v": 1}, (10,), 7),
               TurnUpdate(4, 3, 0, ("b", "c"), {"v": 2}, (10,), 7),
               TurnUpdate(4, 4, 1, ("d",), {"v": 3}, (11,), 7),
               TurnUpdate(4, 4, 1, ("e",), {"v": 4}, (), 7)]
    merged = merged_turns(updates)
    assert [(u.number, u.lines, u.view, u.acting) for u in merged] == [
        (3, ("a", "b", "c"), {"v": 2}, (10,)), (4, ("d", "e"), {"v": 4}, ())]
    assert merged_turns(updates[:1]) == updates[:1]


def test_a_picture_is_kept_only_when_its_bytes_are_the_same() -> None:
    png, other = b"\x89PNG one", b"\x89PNG two"
    record = DeliveryRecord(4, "turn", 1, 2, json.dumps({}),
                            Picture(digest(png), 99).stored())
    picture = Picture.of(record)
    assert picture == Picture(digest(png), 99)
    assert picture.shows(png) and not picture.shows(other) and not picture.shows(None)
    assert Picture.of(DeliveryRecord(4, "turn", 1, 2)) is None
    # Nothing known of the attachment (a message sent before it was recorded): upload.
    assert not Picture(digest(png), 0).shows(png)


def test_an_edit_keeps_the_attachment_or_uploads_the_new_bytes() -> None:
    out = Card("text", b"\x89PNG", "hand.png")
    uploaded = out.edit_kwargs()["attachments"]
    assert [f.filename for f in uploaded] == ["hand.png"]
    kept = object()
    assert out.edit_kwargs(kept)["attachments"] == [kept]  # type: ignore[arg-type]
    assert Card("text").edit_kwargs(kept)["attachments"] == []  # type: ignore[arg-type]


def test_a_slots_lines_are_kept_as_sentences_and_words_kept_before_are_left_out() -> None:
    """A turn post's lines (a prompt's news) go into the slot's JSON as sentences and come
    back the same, seats still seats to name; English words an older version kept there are
    not shown again."""
    lines = [Said("{player} draws {cards}.", {"player": seat_said(1), "cards": said_n(
        "{n} card", "{n} cards", 2)}), Said("{player} plays {cards}.", {
            "player": seat_said(0), "cards": (Said("Blue {n}", {"n": 7}), Said("Beige wild"))})]
    shown = json.loads(json.dumps({"lines": ["Player 1 draws 2 cards.",
                                             *stored_lines(lines)]}))
    assert shown_lines(shown, "lines") == lines
    assert [english().say(line) for line in shown_lines(shown, "lines")] == [
        "Player 2 draws 2 cards.", "Player 1 plays Blue 7 and Beige wild."]
    assert shown_lines({}, "news") == []
