"""Layer 1: card data, zones, state and JSON; set-up and mulligans (codex: opening hands)."""

from __future__ import annotations

import json

import pytest

from bot.engine import Action, BadScenario, IllegalAction, parse_options, play
from bot.games.auroria import GAME
from bot.games.auroria.cards import CardError, parse_card
from bot.games.auroria.derived import BUILTIN
from bot.games.auroria.state import State
from bot.games.auroria.testset import TEST_SET
from tests.games.auroria.helpers import keys, scen, uid, view

OPTS = parse_options(GAME.options, {"deck_1": "test", "deck_2": "test"})


def test_every_test_card_parses_and_every_keyword_and_type_appears() -> None:
    assert len(BUILTIN) == len(TEST_SET)
    kws = {k for c in BUILTIN.values() for k in c.keywords}
    assert kws >= {"Quickness", "Ranger", "Stealth", "Structure", "Swift", "Defender",
                   "Dual Attack", "Piercing", "Bloom"}
    types = {c.type for c in BUILTIN.values()}
    assert types == {"leader", "creature", "spell", "aura", "counter", "item", "energy",
                     "potion"}
    triggers = {e.trigger for c in BUILTIN.values() for e in c.effects}
    assert triggers == {"resolve", "on_play", "on_death", "discarded", "activate", "static"}


@pytest.mark.parametrize(("raw", "message"), [
    ({"id": "x", "name": "X", "type": "wizard"}, "unknown type"),
    ({"id": "x", "name": "X", "type": "creature", "keywords": ["Flying"]}, "unknown keywords"),
    ({"id": "x", "name": "X", "type": "spell", "effects": [{"trigger": "resolve",
      "ops": [{"op": "explode"}]}]}, "unknown op"),
    ({"id": "x", "name": "X", "type": "spell", "effects": [{"trigger": "resolve",
      "ops": [{"op": "damage", "n": 1, "to": "t0"}]}]}, "needs a target"),
    ({"id": "x", "name": "X", "type": "counter", "counters": []}, "must say what"),
    ({"id": "x", "name": "X", "type": "leader"}, "needs Influence"),
    ({"id": "x", "name": "X", "type": "creature", "front": -1}, "negative"),
    ({"id": "x", "name": "X", "type": "spell", "effects": [{"trigger": "resolve",
      "ops": [{"op": "draw", "n": 1, "colour": "red"}]}]}, "does not take"),
])
def test_bad_card_data_is_rejected_with_the_card_named(raw: dict[str, object],
                                                      message: str) -> None:
    with pytest.raises(CardError, match=message) as err:
        parse_card(raw)
    assert "`x`" in str(err.value)


def test_setup_puts_leaders_in_place_and_deals_seven() -> None:
    s = GAME.setup(2, OPTS, 7)
    for p in (0, 1):
        z = s.zones[p]
        assert len(z["hand"]) == 7
        assert len(z["leader"]) == 1
        lead = BUILTIN[s.kinds[z["leader"][0]]]
        assert lead.type == "leader"
        assert s.influence[p] == lead.influence
        assert len(z["deck"]) == 50 - 7
        for zone in ("front", "back", "energy", "auras", "grave", "under", "gear"):
            assert z[zone] == []
    assert [d.player for d in GAME.pending(s)] == [0, 1]


def test_state_json_round_trips_exactly() -> None:
    s = GAME.setup(2, OPTS, 3)
    text = json.dumps(GAME.to_json(s), sort_keys=True)
    again = GAME.from_json(json.loads(text))
    assert json.dumps(GAME.to_json(again), sort_keys=True) == text
    assert isinstance(again, State)


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    a, b, c = GAME.setup(2, OPTS, 11), GAME.setup(2, OPTS, 11), GAME.setup(2, OPTS, 12)
    assert GAME.to_json(a) == GAME.to_json(b)
    assert GAME.to_json(a) != GAME.to_json(c)


def _mull(s: State, p: int, keep: list[int]) -> State:
    d = next(d for d in GAME.pending(s) if d.player == p)
    s, _ = play(GAME, s, p, Action(d.id, tuple(str(u) for u in keep)))
    return s


def test_mercy_mulligan_is_free_and_keeps_the_chosen_cards() -> None:
    s = GAME.setup(2, OPTS, 5)
    hand = list(s.zones[0]["hand"])
    s2 = _mull(s, 0, hand[:3])
    assert len(s2.zones[0]["hand"]) == 7
    assert s2.zones[0]["hand"][:3] == hand[:3]
    assert len(s2.zones[0]["deck"]) == 43
    assert s.zones[0]["hand"] == hand  # apply never mutates its input


def test_each_paid_mulligan_costs_one_card() -> None:
    s = GAME.setup(2, OPTS, 5)
    s = _mull(s, 0, [])
    assert len(s.zones[0]["hand"]) == 7
    s = _mull(s, 0, [])
    assert len(s.zones[0]["hand"]) == 6
    s = _mull(s, 0, [])
    assert len(s.zones[0]["hand"]) == 5
    s = _mull(s, 0, s.zones[0]["hand"][:4])  # the third paid one: back to 4, keeping 4
    assert len(s.zones[0]["hand"]) == 4
    d = next(d for d in GAME.pending(s) if d.player == 0)
    with pytest.raises(IllegalAction, match="not one of the choices offered"):
        play(GAME, s, 0, Action(d.id, (str(s.zones[1]["hand"][0]),)))


def test_keeping_the_whole_hand_ends_mulligans_and_the_game_begins() -> None:
    s = GAME.setup(2, OPTS, 5)
    s = _mull(s, 0, list(s.zones[0]["hand"]))
    assert [d.player for d in GAME.pending(s)] == [1]
    s = _mull(s, 1, list(s.zones[1]["hand"]))
    assert s.phase == "draw" and s.turn == 1
    assert keys(s) == ["draw", "skip"]


def test_mulligan_decisions_are_simultaneous_and_keep_their_ids() -> None:
    s = GAME.setup(2, OPTS, 5)
    before = {d.player: d.id for d in GAME.pending(s)}
    s = _mull(s, 0, [])
    after = {d.player: d.id for d in GAME.pending(s)}
    assert after[1] == before[1] and after[0] != before[0]


def test_scenario_places_boards_and_inline_cards() -> None:
    s = scen([{"leader": "l_red", "hand": ["golem"], "front": [{"id": "squire",
               "exhausted": True, "damage": 1, "item": "sword"}], "energy": 2,
               "under": ["coin"]}], cards=[{"id": "golem", "name": "Clay Golem",
                                            "type": "creature", "cost": 1, "front": 3,
                                            "back": 3}])
    sq = uid(s, "squire", 0, "front")
    assert s.perms[sq].exhausted and s.perms[sq].damage == 1
    v = view(s, 0)
    slot = v["players"][0]["front"][0]
    assert slot["power"] == 4 and slot["item"]["name"] == "Long Sword"
    assert v["players"][0]["hand"][0]["name"] == "Clay Golem"
    assert v["players"][0]["leader"]["power"] == 4  # 3 + Gold Coin
    assert "play:" + str(uid(s, "golem")) in keys(s)


def test_scenario_errors_are_clear() -> None:
    with pytest.raises(BadScenario, match="Unknown card id `nope`"):
        scen([{"hand": ["nope"]}])
    with pytest.raises(BadScenario, match="Card `bad`"):
        scen(cards=[{"id": "bad", "name": "B", "type": "wizard"}])


def test_every_card_is_in_exactly_one_zone_after_setup() -> None:
    s = GAME.setup(2, OPTS, 9)
    GAME.invariants(s)
    s.zones[0]["grave"].append(s.zones[0]["hand"][0])
    with pytest.raises(AssertionError, match="two zones"):
        GAME.invariants(s)
