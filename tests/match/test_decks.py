"""The deck service: structure decks, checking lists, saved decks, and decks in a lobby,
chosen through the match service under the match's lock."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.engine import registry
from bot.engine.decks import DeckRefused
from bot.engine.said import said
from bot.games.auroria.deckbook import DECKS
from bot.games.auroria.decklist import encode, format_list
from bot.games.auroria.pool import POOL
from bot.match import LobbyClosed, MatchService, NotSeated
from bot.match.decks import MAX_SAVED, DeckNotFound, DeckService, deck_games, seat_decks
from tests.match.conftest import ANN, BOB, HOST

RED = POOL.decks["valley"]
RED_TEXT = format_list(RED.leader, RED.main)
MINE = [c for c in RED.main if c != "r_wyrm"] + ["r_energy"]
MINE_TEXT = format_list(RED.leader, MINE)


@pytest.fixture
def decks(svc: MatchService) -> DeckService:
    return DeckService(svc.store, svc, registry.get("auroria"))


def test_the_structure_decks_are_listed_with_their_codes(decks: DeckService) -> None:
    shown = decks.structure_decks()
    assert [d.name for d in shown] == ["The Traveling City", "The Burning Valley",
                                       "Potion Spells", "Verdant Overgrowth"]
    for view in shown:
        assert view.legal and view.size == 61 and view.side == 10
        assert view.code.startswith("AUR-") and view.text.startswith("Leader: ")
        assert view.about
    assert shown[1].counts() == "61 cards (with the leader) + side deck of 10"


def test_check_reports_every_problem(decks: DeckService) -> None:
    view = decks.check("Leader: Vesk, Warlord of Cinders\n5 Ember Courier\n2 Wagon Portr")
    assert not view.legal
    assert view.leader == "Vesk, Warlord of Cinders" and view.size == 6
    problems = [str(p) for p in view.problems]
    assert any("did you mean Wagon Porter?" in p for p in problems)
    assert any("At most 4 copies of Ember Courier" in p for p in problems)
    assert any("51-61 cards" in p for p in problems)
    assert decks.check(encode(RED.leader, RED.main)).legal
    nothing = decks.check("")
    assert nothing.code == "" and nothing.leader == "" and not nothing.legal


async def test_show_finds_structure_decks_by_key_or_name(decks: DeckService) -> None:
    assert (await decks.show(ANN, "valley")).name == "The Burning Valley"
    assert (await decks.show(ANN, "  the burning   VALLEY ")).key == "valley"
    with pytest.raises(DeckNotFound, match="No deck is called `Red Rush`"):
        await decks.show(ANN, "Red Rush")


async def test_a_saved_deck_comes_back_for_its_owner_only(decks: DeckService) -> None:
    saved = await decks.save(ANN, "  Red   Rush ", MINE_TEXT)
    assert saved.name == "Red Rush" and saved.legal
    again = await decks.show(ANN, "red rush")
    assert again.text == MINE_TEXT and again.code == saved.code
    assert [d.name for d in await decks.saved(ANN)] == ["Red Rush"]
    assert await decks.saved(BOB) == []
    with pytest.raises(DeckNotFound):
        await decks.show(BOB, "Red Rush")
    assert ("Red Rush", said("{deck} (yours)", deck="Red Rush")) in await decks.choices(ANN)
    assert ("valley", "The Burning Valley (red)") in [
        (value, str(label)) for value, label in await decks.choices(ANN)]
    await decks.delete(ANN, "RED RUSH")
    assert await decks.saved(ANN) == []
    with pytest.raises(DeckNotFound):
        await decks.delete(ANN, "Red Rush")


async def test_an_illegal_deck_is_not_saved_and_says_why(decks: DeckService) -> None:
    with pytest.raises(DeckRefused) as err:
        await decks.save(ANN, "Broken", "Leader: Vesk, Warlord of Cinders\n5 Ember Courier")
    assert "\n• At most 4 copies of Ember Courier (5)." in str(err.value)
    assert "• A deck holds 51-61 cards" in str(err.value)
    assert await decks.saved(ANN) == []


@pytest.mark.parametrize(("name", "message"), [
    ("", "Give the deck a name"), ("\u200b \x00", "Give the deck a name"),
    ("x" * 41, "at most 40 characters"), ("The Burning Valley", "name of a structure deck"),
    ("Random", "name of a structure deck"),
])
def test_deck_names_are_checked(name: str, message: str) -> None:
    with pytest.raises(DeckRefused, match=message):
        DECKS.clean_name(name)


async def test_saved_decks_are_limited_but_one_can_be_replaced(decks: DeckService) -> None:
    for i in range(MAX_SAVED):
        await decks.save(ANN, f"Deck {i}", MINE_TEXT)
    with pytest.raises(DeckRefused, match=f"{MAX_SAVED} saved decks already"):
        await decks.save(ANN, "One more", MINE_TEXT)
    await decks.save(ANN, "deck 3", RED_TEXT)
    assert (await decks.show(ANN, "Deck 3")).text == RED_TEXT


async def _auroria_lobby(svc: MatchService, *users: int) -> int:
    info = await svc.create("auroria", HOST, guild_id=1, channel_id=2)
    for user in users:
        await svc.join(info.id, user)
    return info.id


async def test_choosing_decks_in_a_lobby_sets_each_seats_option(svc: MatchService,
                                                                decks: DeckService) -> None:
    match = await _auroria_lobby(svc, ANN)
    await decks.save(ANN, "Red Rush", MINE_TEXT)
    info = await decks.choose(match, HOST, "Potion Spells")
    assert info.options["deck_1"] == "potions" and info.options["deck_2"] == "random"
    info = await decks.choose(match, ANN, "red rush")
    assert info.options["deck_2"] == encode(RED.leader, MINE)
    same = await decks.choose(match, ANN, "Red Rush")
    assert same.version == info.version  # nothing to change: nothing written
    assert str(DECKS.label(info.options["deck_2"])) == ("an own deck led by **Vesk, Warlord "
                                                        "of Cinders**")
    assert str(DECKS.label("random")) == "a random structure deck"
    assert str(DECKS.label("city")) == "**The Traveling City**"
    assert {seat: str(deck) for seat, deck in seat_decks(info).items()} == {
        0: "**Potion Spells**", 1: "an own deck led by **Vesk, Warlord of Cinders**"}
    await svc.start(match, HOST)
    record = await svc.store.get_match(match)
    assert record is not None and record.state is not None
    state = registry.get("auroria").from_json(json.loads(record.state))
    dealt = sorted(state.kinds[u] for name in ("deck", "hand") for u in state.zones[1][name])
    assert dealt == sorted(MINE)
    assert state.kinds[state.zones[0]["leader"][0]] == POOL.decks["potions"].leader


async def test_a_pasted_code_can_be_chosen_and_a_bad_one_is_refused(
        svc: MatchService, decks: DeckService) -> None:
    match = await _auroria_lobby(svc)
    info = await decks.choose(match, HOST, encode(RED.leader, MINE).lower())
    assert info.options["deck_1"] == encode(RED.leader, MINE)
    with pytest.raises(DeckRefused, match="At most 4 copies of Cinder Bolt"):
        await decks.choose(match, HOST, encode(RED.leader, [*RED.main, "r_bolt", "r_bolt"]))
    with pytest.raises(DeckRefused, match="damaged"):
        await decks.choose(match, HOST, "AUR-ZZZZZZZZ")


async def test_only_seated_players_choose_and_only_in_a_lobby_of_a_game_with_decks(
        svc: MatchService, decks: DeckService) -> None:
    match = await _auroria_lobby(svc, ANN)
    with pytest.raises(NotSeated, match="Join the lobby first"):
        await decks.choose(match, BOB, "valley")
    with pytest.raises(DeckNotFound):
        await decks.choose(match, ANN, "no such deck")
    other = await svc.create("highcard", HOST)
    assert deck_games() == [registry.get("auroria")] and seat_decks(other) == {}
    with pytest.raises(LobbyClosed, match="High Card is played without choosing decks"):
        await decks.choose(other.id, HOST, "valley")
    await svc.start(match, HOST)
    with pytest.raises(LobbyClosed, match="already started"):
        await decks.choose(match, ANN, "valley")
    before = await svc.store.get_match(match)
    assert before is not None and before.options["deck_2"] == "random"


async def test_a_deck_choice_and_the_start_at_once_never_deal_another_deck(
        svc: MatchService, decks: DeckService) -> None:
    """Whichever comes first under the match's lock: the start deals the chosen deck, or the
    choice is refused with the lobby's options unchanged."""
    for choice_first in (True, False):
        match = await _auroria_lobby(svc, ANN)
        choose = decks.choose(match, ANN, "city")
        start = svc.start(match, HOST)
        outcome = await asyncio.gather(*((choose, start) if choice_first else (start, choose)),
                                       return_exceptions=True)
        record = await svc.store.get_match(match)
        assert record is not None and record.state is not None
        state = registry.get("auroria").from_json(json.loads(record.state))
        leader = state.kinds[state.zones[1]["leader"][0]]
        chose = outcome[0 if choice_first else 1]
        if choice_first:
            assert not isinstance(chose, BaseException)
            assert record.options["deck_2"] == "city" and leader == POOL.decks["city"].leader
        else:
            assert isinstance(chose, LobbyClosed) and "decks are dealt" in str(chose)
            assert record.options["deck_2"] == "random"
