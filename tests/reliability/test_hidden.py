"""Hidden information, for every game, over random states: when only cards someone cannot see
change (``game.redeal_hidden``), nothing that reaches them changes — the public text and
board image for the table, and for each seat its whole DM (view, open decisions, hand image).

A state is reached by playing random AI moves from a random deal. Then, per viewer (the table
and each seat), the hidden cards are dealt again and everything that viewer is sent is
compared. The last move is replayed on a redealt copy of the state before it (redealt for
the mover, so the move stays legal): wherever the viewer's view came out the same, the lines
of the thread log (or the viewer's private news) must be the same too, or the text leaked.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import render
from bot.engine import Event, Game, Rng, Sentence, play, registry
from bot.engine.autoplay import ai_moves, new_game
from bot.match.outbound import private_update, public_update
from bot.store import SeatRecord

GAMES = registry.names()
MATCH = 1


def _seats(players: int) -> tuple[SeatRecord, ...]:
    return tuple(SeatRecord(i, 1000 + i) for i in range(players))


REVEALS = frozenset({"reveal", "reveal_row"})
"""Event kinds that turn face-down cards up, as the rules order: their text names cards that
were hidden before the move by design (an Aura turn whose last block leads straight through
the reveal and cleanup leaves a view after it that no longer shows them)."""


def _texts(events: list[Event], viewer: int | None) -> list[str]:
    """What the thread log (viewer None) or one seat's DMs say about a move, reveals aside."""
    if viewer is None:
        return [e.text for e in events if e.audience is None and e.kind not in REVEALS]
    return [e.text for e in events
            if e.audience is not None and viewer in e.audience and e.kind not in REVEALS]


def _played(game: Game[Any, Any], players: int, seed: int, steps: int) -> tuple[Any, Any, Any]:
    """(state before the last move, the move as (seat, action), state after it)."""
    state = new_game(game, players, seed)
    before = last = None
    for move in islice(ai_moves(game, state, Rng(seed ^ 0xD1CE), any_open=True), steps):
        before, last, state = move.before, (move.decision.player, move.action), move.after
    return before, last, state


def _images(game: Game[Any, Any], state: Any, viewer: int | None) -> bytes | None:
    if render.renderer(game.name) is None:
        return None
    view = game.view(state, viewer)
    return render.render_board(view) if viewer is None else render.render_hand(view, viewer)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**31), steps=st.integers(0, 80),
       salt=st.integers(0, 2**31))
def test_what_a_viewer_is_sent_does_not_depend_on_cards_hidden_from_them(
        name: str, data: st.DataObject, seed: int, steps: int, salt: int) -> None:
    game = registry.get(name)
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    pictured = data.draw(st.sampled_from([None, *range(players)]), label="pictured viewer")
    check(game, players, seed, steps, salt, pictured)


def check(game: Game[Any, Any], players: int, seed: int, steps: int, salt: int,
          pictured: int | None) -> None:
    """Everything above, for one random state; images only for the ``pictured`` viewer."""
    before, last, state = _played(game, players, seed, steps)
    seats = _seats(players)
    rng = Rng(salt)
    for viewer in [None, *range(players)]:
        other = game.redeal_hidden(state, viewer, rng)
        if other is None:
            continue
        if viewer is None:
            assert public_update(game, MATCH, other, seats) == \
                public_update(game, MATCH, state, seats), "the table shows hidden cards"
        else:
            seat = seats[viewer]
            assert private_update(game, MATCH, other, seat, seat.user_id) == \
                private_update(game, MATCH, state, seat, seat.user_id), \
                f"seat {viewer}'s DM shows cards hidden from it"
        if viewer == pictured:
            assert _images(game, other, viewer) == _images(game, state, viewer), \
                f"the image for {viewer} shows cards hidden from it"
    if last is not None:
        _check_move_texts(game, players, before, last, state, rng)


def _check_move_texts(game: Game[Any, Any], players: int, before: Any, last: tuple[int, Any],
                      state: Any, rng: Rng) -> None:
    mover, action = last
    _, events = play(game, before, mover, action)
    other_before = game.redeal_hidden(before, mover, rng)
    if other_before is None:
        return
    other, other_events = play(game, other_before, mover, action)
    for viewer in [None, *range(players)]:
        if game.view(other, viewer) == game.view(state, viewer):
            assert _texts(other_events, viewer) == _texts(events, viewer), \
                f"the news of the last move for {viewer} tells of cards hidden from it"


def test_a_last_block_that_runs_through_the_reveal_may_name_the_revealed_cards() -> None:
    """Found by the property above: Player 1's last block leads through the reveal, the
    cleanup and the draw in one move; the reveal names Player 2's face-down cards, which a
    world redealt before the block holds differently. The rest of the news must still agree."""
    check(registry.get("aura"), 2, 68, 68, 0, None)


# The checks above can fail: Zura made to leak, once on the table and once in its news.

ZURA = type(registry.get("zura"))


class TableShowsEverything(ZURA):
    def view(self, state: Any, viewer: int | None) -> Any:
        out = super().view(state, viewer)
        return {**out, "secret": self.to_json(state)} if viewer is None else out


class NewsTellsTheDeck(ZURA):
    def apply(self, state: Any, player: int, action: Any) -> Any:
        after, events = super().apply(state, player, action)
        deck = str(self.to_json(after).get("deck"))
        return after, [*events, Event("leak", Sentence("The deck is {deck}."), {"deck": deck})]


@pytest.mark.parametrize(("leaky", "message"), [
    (TableShowsEverything(), "the table shows hidden cards"),
    (NewsTellsTheDeck(), "the news of the last move"),
])
def test_a_leak_is_caught(leaky: Game[Any, Any], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        for seed in range(10):
            check(leaky, 2, seed, 6, seed, pictured=0)
