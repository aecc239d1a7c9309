"""Replays: rebuilt from seed and log byte for byte, showing each viewer only what they saw."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image, ImageSequence

from bot.discord.community import log_text
from bot.engine import Game, Rng, registry
from bot.engine.said import named
from bot.match import MatchService, state_text
from bot.match.replay import (
    UNDO,
    Replay,
    ReplayError,
    build_replay,
    timeline,
    undo_action,
)
from bot.render import render_board, render_hand
from bot.render.replay import frame_pngs, pick, render_replay
from bot.store import ActionRecord, MatchRecord
from bot.words import english, language
from tests.match.conftest import HOST

GAMES = ("zura", "aura", "auroria")


async def finished(svc: MatchService, game: str, players: int = 2) -> int:
    """An all-AI match of ``game`` played to its end through the service."""
    info = await svc.create(game, HOST, guild_id=1, channel_id=2, seat_host=False)
    for _ in range(players):
        await svc.add_ai(info.id, HOST, "random")
    await svc.start(info.id, HOST)
    assert (await svc.info(info.id)).status == "finished"
    return info.id


async def stored(svc: MatchService, match_id: int) -> tuple[MatchRecord, list[ActionRecord]]:
    record = await svc.store.get_match(match_id)
    assert record is not None
    return record, await svc.store.actions(match_id)


def states(game: Game[Any, Any], record: MatchRecord, log: list[ActionRecord]) -> list[Any]:
    return [step.state for step in timeline(game, record, log)]


@pytest.mark.parametrize("name", GAMES)
async def test_a_finished_match_replays_to_its_stored_final_board(
        svc: MatchService, name: str) -> None:
    game = registry.get(name)
    record, log = await stored(svc, await finished(svc, name))
    replay = build_replay(game, record, log)
    assert state_text(game, replay.final_state) == record.state
    final = game.from_json(json.loads(record.state or "{}"))
    last = replay.frames[-1]
    assert last.table == game.view(final, None) and last.own is None
    assert frame_pngs(last.table) == [render_board(game.view(final, None))]


@pytest.mark.parametrize("name", GAMES)
async def test_no_public_frame_shows_what_was_hidden_at_its_moment(
        svc: MatchService, name: str) -> None:
    """Each frame is the public view of the state at its moment, and that view does not
    change when every hidden card at that moment is redealt."""
    game = registry.get(name)
    record, log = await stored(svc, await finished(svc, name))
    replay = build_replay(game, record, log)
    public = _distinct([game.view(s, None) for s in states(game, record, log)])
    assert [f.table for f in replay.frames] == public
    _assert_hidden_invariant(game, record, log, replay, viewer=None)


async def test_a_private_replay_adds_only_the_viewers_own_cards(svc: MatchService) -> None:
    game = registry.get("zura")
    record, log = await stored(svc, await finished(svc, "zura"))
    replay = build_replay(game, record, log, viewer=1)
    assert all(f.own is not None and f.own["viewer"] == 1 for f in replay.frames)
    assert all(f.table["viewer"] is None for f in replay.frames)
    _assert_hidden_invariant(game, record, log, replay, viewer=1)
    mine = [line for line in build_replay(game, record, log, viewer=1).lines
            if "You drew" in str(line)]
    assert mine and not [line for line in build_replay(game, record, log).lines
                         if "You drew" in str(line)]


def _distinct(views: list[Any]) -> list[Any]:
    out: list[Any] = []
    for v in views:
        if not out or out[-1] != v:
            out.append(v)
    return out


def _assert_hidden_invariant(game: Game[Any, Any], record: MatchRecord, log: list[ActionRecord],
                             replay: Replay, viewer: int | None) -> None:
    rng = Rng(7)
    frames = iter(replay.frames)
    frame = next(frames)
    shown = None
    for state in states(game, record, log):
        now = (game.view(state, None), game.view(state, viewer) if viewer is not None else None)
        if now != shown:
            assert (frame.table, frame.own) == now
            other = game.redeal_hidden(state, viewer, rng)
            assert other is not None
            assert game.view(other, None) == frame.table
            if viewer is not None:
                assert game.view(other, viewer) == frame.own
            shown, frame = now, next(frames, frame)


async def test_an_undo_row_returns_the_replay_to_the_state_before_the_move(
        svc: MatchService) -> None:
    game = registry.get("highcard")
    match_id = await finished(svc, "highcard")
    record, log = await stored(svc, match_id)
    undo = ActionRecord(len(log) + 1, 0, HOST, UNDO, undo_action(3).to_json(), 0.0)
    again = log[2:4]
    renumbered = [replace(a, seq=len(log) + 2 + i) for i, a in enumerate(again)]
    full = [*log[:4], undo, *renumbered]
    partial = replace(record, state=None)
    after = states(game, partial, full)
    assert state_text(game, after[-1]) == state_text(game, states(game, record, log[:4])[-1])
    assert state_text(game, after[5]) == state_text(game, after[2])
    lines = [str(line) for line in build_replay(game, partial, full).lines]
    assert f"#{len(log) + 1} · Player 1's move is taken back, with everyone's consent." in lines


async def test_a_log_that_no_longer_matches_its_snapshot_is_refused(
        svc: MatchService) -> None:
    game = registry.get("highcard")
    record, log = await stored(svc, await finished(svc, "highcard"))
    with pytest.raises(ReplayError, match="differs from the stored one"):
        build_replay(game, record, log[:-1])
    with pytest.raises(ReplayError, match="no longer replays"):
        build_replay(game, record, [*log, log[-1]])
    bad = ActionRecord(99, 0, HOST, UNDO, undo_action(500).to_json(), 0.0)
    with pytest.raises(ReplayError, match="not in force"):
        build_replay(game, replace(record, state=None), [bad])


def test_thinning_keeps_the_deal_and_the_end() -> None:
    assert pick(5, 40) == [0, 1, 2, 3, 4]
    chosen = pick(161, 40)
    assert len(chosen) == 40 and chosen[0] == 0 and chosen[-1] == 160
    assert chosen == sorted(set(chosen))
    assert pick(10, 1) == [9]


async def test_the_animation_is_made_of_the_frames_it_names(svc: MatchService) -> None:
    game = registry.get("zura")
    record, log = await stored(svc, await finished(svc, "zura"))
    replay = build_replay(game, record, log, viewer=0)
    views = [(f.table, f.own) for f in replay.frames]
    gif = render_replay(views, limit=4, width=300)
    with Image.open(io.BytesIO(gif)) as im:
        assert im.format == "GIF" and im.width == 300
        assert len(list(ImageSequence.Iterator(im))) == 4, "two moments: each table, then hand"
    # Each moment's table and hand follow each other, each as legible as when it was sent.
    board, hand = render_board(views[-1][0]), render_hand(views[-1][1] or {}, 0)
    assert frame_pngs(*views[-1]) == [board, hand]
    assert frame_pngs(views[-1][0]) == [board]


async def test_a_german_reader_reads_the_replay_log_in_german(svc: MatchService) -> None:
    """The log file of /replay is said in its reader's language, people by their names."""
    game = registry.get("zura")
    match_id = await finished(svc, "zura")
    record, log = await stored(svc, match_id)
    undo = ActionRecord(len(log) + 1, 0, HOST, UNDO, undo_action(3).to_json(), 0.0)
    replay = build_replay(game, replace(record, state=None), [*log[:4], undo])
    names = ["Ann", "Bo"]
    german, english_ = language("de"), english()
    text = log_text(await svc.info(match_id), replay, names, german)
    head, _, *lines, _ = text.split("\n")
    assert head.endswith(" — Wiederholung")
    assert lines[-1] == (f"#{len(log) + 1} · Der Zug von Ann wird mit dem Einverständnis "
                         "aller zurückgenommen.")
    assert len(lines) == len(replay.lines) > 1
    for said_line, line in zip(replay.lines, lines, strict=True):
        assert line == german.say(named(said_line, names)) != english_.say(named(said_line, names))
    assert replay.frames[0].caption is not None
    assert german.say(replay.frames[0].caption) != str(replay.frames[0].caption)
