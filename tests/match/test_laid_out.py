"""Aura plays in a live match lie face down in an order nobody at the table can tell from the
cards: picked in hand order (sorted by colour), their places told the blockers every colour.
The log holds the play as laid, so it replays to the snapshot and a repeated click counts once.
"""

from __future__ import annotations

import pytest

from bot.engine import Action, StaleDecision
from bot.games.aura import GAME
from bot.games.aura.cards import COLOUR, LABEL, parse_card
from bot.match import AlreadyDone, MatchService, PrivateUpdate, state_text
from bot.match.moves import laid_out
from bot.match.replay import timeline
from tests.match.conftest import HOST

FIVE = tuple(str(parse_card(name))
             for name in ("Red 1", "Purple 3", "Green 5", "Beige 7", "Blue 2"))
"""A five-colour play in hand (and colour) order."""


async def _host_to_play(svc: MatchService) -> tuple[int, str, tuple[str, ...]]:
    """An Aura match of HOST against a random AI seat, HOST answering defaults until their
    first play: (match, the play's decision id, a card of each colour in hand, picked in
    hand order)."""
    info = await svc.create("aura", HOST, guild_id=1, channel_id=2)
    await svc.add_ai(info.id, HOST, "random")
    await svc.start(info.id, HOST)
    for _ in range(200):
        (decision,) = (await svc.hand(info.id, HOST)).decisions
        if decision.id.endswith(".play"):
            break
        await svc.submit(info.id, HOST, decision.id, list(decision.default or ()))
    else:
        raise AssertionError("HOST never got to play")
    first: dict[int, str] = {}
    for option in decision.options:
        first.setdefault(COLOUR[int(option.key)], option.key)
    picked = tuple(first.values())[:5]
    assert len(picked) >= 3 and list(picked) == sorted(picked, key=int)
    return info.id, decision.id, picked


async def test_a_persons_play_is_laid_out_of_picked_order_and_replays(
        svc: MatchService) -> None:
    match_id, decision_id, picked = await _host_to_play(svc)
    out = await svc.submit(match_id, HOST, decision_id, list(picked))
    log = await svc.store.actions(match_id)
    row = next(r for r in log if r.decision_id == decision_id)
    laid = Action.from_json(row.action).choice
    assert sorted(laid) == sorted(picked) and laid != picked
    record = await svc.store.get_match(match_id)
    assert record is not None
    steps = list(timeline(GAME, record, log))
    assert state_text(GAME, steps[-1].state) == record.state

    # The player is told their cards, and sees them, in the order they lie.
    mine = next(o for o in out if isinstance(o, PrivateUpdate) and o.user_id == HOST)
    assert f"You play {', '.join(LABEL[int(k)] for k in laid)}." in map(str, mine.events)
    played = next(s for s in steps if s.row is not None and s.row.seq == row.seq)
    table = GAME.view(played.state, 0)["table"]
    assert table is not None
    assert [slot["card"] and slot["card"].get("label") for slot in table["cards"]
            ] == [LABEL[int(k)] for k in laid]

    # A repeated click, picked in another order, is the same answer; another play is not.
    with pytest.raises(AlreadyDone, match="counted once"):
        await svc.submit(match_id, HOST, decision_id, list(reversed(picked)))
    with pytest.raises(StaleDecision, match="already answered") as info:
        await svc.submit(match_id, HOST, decision_id, list(picked[:2]))
    assert not isinstance(info.value, AlreadyDone)


async def test_ai_seats_plays_are_laid_out_too(svc: MatchService) -> None:
    """The normal AI picks a play in hand order; every live answer passes the lay-out."""
    info = await svc.create("aura", HOST, guild_id=1, channel_id=2, seat_host=False)
    for _ in range(2):
        await svc.add_ai(info.id, HOST, "normal")
    await svc.start(info.id, HOST)
    plays = [Action.from_json(r.action).choice for r in await svc.store.actions(info.id)
             if r.decision_id.endswith(".play")]
    mixed = [p for p in plays if len({COLOUR[int(k)] for k in p}) > 1]
    assert len(mixed) >= 5
    assert any(list(p) != sorted(p, key=int) for p in mixed)


def test_where_a_colour_lies_varies_with_the_decision_and_the_match() -> None:
    """Over 30 plays of one match, and the same play in 30 matches, the red card (lowest in
    colour order) lies in every place; the same cards picked in any order lie alike."""
    for laid in ([laid_out(GAME, 12345, Action(f"a{2 * k}.play", FIVE)).choice
                  for k in range(30)],
                 [laid_out(GAME, seed, Action("a8.play", FIVE)).choice for seed in range(30)]):
        assert {row.index(FIVE[0]) for row in laid} == set(range(5))
    for seed in range(30):
        rows = {laid_out(GAME, seed, Action("a8.play", picked)).choice
                for picked in (FIVE, FIVE[::-1], FIVE[2:] + FIVE[:2])}
        assert len(rows) == 1
