"""Scenario set-ups that start mid-game behave as the same moment of a real game (issue 19:
start-of-phase checks, an exhausted leader, the first turn after mulligans)."""

from __future__ import annotations

from bot.games.auroria.derived import leader
from tests.games.auroria.helpers import act, do, keys, result, scen


def test_a_scenario_starting_in_the_draw_phase_with_an_empty_deck_loses_by_deck_out() -> None:
    s = scen([{"deck": []}], phase="draw")
    r = result(s)
    assert r is not None and r.winners == (1,) and r.reason == "deck-out"


def test_a_scenario_starting_after_the_draw_phase_has_no_deck_out_check() -> None:
    for phase in ("energy", "main", "battle"):
        s = scen([{"deck": []}], phase=phase)  # the last card may have been drawn this turn
        assert result(s) is None and keys(s, 0)


def test_the_set_up_may_give_an_exhausted_leader() -> None:
    s = scen([{"leader": {"id": "l_red", "exhausted": True, "attacks": 1}}], phase="battle",
             slow=True)
    lead = leader(s, 0)
    assert s.perms[lead].exhausted and f"atk:{lead}" not in keys(s)  # its attack is made
    s = do(s, "end", "skip", "battle", "end")  # its next Ready Step readies it
    assert s.active == 0 and not s.perms[lead].exhausted and s.perms[lead].attacks == 0


def test_a_scenario_started_at_mulligan_begins_play_at_turn_1() -> None:
    for turn, first in ((None, 1), (5, 5)):
        s = scen([{"hand": ["squire"] * 7}, {"hand": ["squire"] * 7}], phase="mulligan",
                 **({} if turn is None else {"turn": turn}))
        for p in (0, 1):
            s, _ = act(s, *keys(s, p), player=p)
        assert s.turn == first and s.phase == "draw"
