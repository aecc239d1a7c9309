"""Lobbies: opening a match, taking and leaving seats, AI seats, each seat's own deck, the
start and the cancel."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot import logs
from bot.engine import BadOptions, MatchOver, parse_options, registry
from bot.engine.said import said, said_n
from bot.match.clock import MatchClock
from bot.match.errors import (
    AlreadyJoined,
    BadSeatCount,
    HostCannotLeave,
    LobbyClosed,
    LobbyFull,
    NotSeated,
)
from bot.match.info import MatchInfo
from bot.match.live import Live, Matches, require_host, require_lobby
from bot.match.outbound import MatchCancelled, Outbound, build_outbound
from bot.match.replay import first_state, state_text
from bot.match.results import cancelled_result, result_record
from bot.match.turns import AiTurns
from bot.store import ACTIVE, CANCELLED, FINISHED, LOBBY, NewMatch, SeatRecord, Store


async def save_seats(store: Store, live: Live, seats: Sequence[SeatRecord]) -> MatchInfo:
    """Store the lobby's seats, numbered in order."""
    numbered = tuple(replace(s, seat=i) for i, s in enumerate(seats))
    live.version = await store.save_lobby(live.id, live.version, numbered)
    live.seats = numbered
    return live.info()


class Lobby:
    def __init__(self, matches: Matches, turns: AiTurns,
                 seed_source: Callable[[], int]) -> None:
        self.matches = matches
        self.turns = turns
        self.seed_source = seed_source

    async def create(self, game_name: str, host_id: int, *, guild_id: int | None = None,
                     channel_id: int | None = None, options: Mapping[str, Any] | None = None,
                     seed: int | None = None, seat_host: bool = True,
                     clock: MatchClock | None = None, undo: bool = False,
                     lesson: bool = False) -> MatchInfo:
        """A new lobby; the host takes seat 0 unless ``seat_host`` is False. Without a
        ``clock`` the match is untimed; ``undo`` lets players take moves back by consent;
        ``lesson`` deals the game's lesson (its own options and seed) instead."""
        game = registry.get(game_name)
        parsed = parse_options(game.options, options)
        seats = (SeatRecord(0, host_id),) if seat_host else ()
        record = await self.matches.store.create_match(NewMatch(
            game.name, parsed, self.seed_source() if seed is None else seed, host_id,
            guild_id, channel_id, None, seats, clock.to_json() if clock is not None else {},
            undo=undo, lesson=lesson))
        logs.bind_match(record.id)
        return Live(record, game, None, record.seats, record.version).info()

    @staticmethod
    def _check_room(live: Live) -> None:
        if len(live.seats) >= live.game.max_players:
            raise LobbyFull(said("This lobby is full ({n} seats).", n=live.game.max_players))

    async def join(self, match_id: int, user_id: int) -> MatchInfo:
        async with self.matches.locked(match_id) as live:
            require_lobby(live)
            if any(s.user_id == user_id for s in live.seats):
                raise AlreadyJoined(said("You have already joined this match."))
            self._check_room(live)
            return await save_seats(self.matches.store, live,
                                    (*live.seats, SeatRecord(0, user_id)))

    async def leave(self, match_id: int, user_id: int) -> MatchInfo:
        async with self.matches.locked(match_id) as live:
            require_lobby(live)
            if user_id == live.record.host_id:
                raise HostCannotLeave(said("You are hosting this match: cancel it instead."))
            if not any(s.user_id == user_id for s in live.seats):
                raise NotSeated(said("You are not in this lobby."))
            return await save_seats(
                self.matches.store, live, [s for s in live.seats if s.user_id != user_id])

    async def add_ai(self, match_id: int, user_id: int, level: str = "normal",
                     can_manage: bool = False) -> MatchInfo:
        async with self.matches.locked(match_id) as live:
            require_lobby(live)
            require_host(live, user_id, can_manage, said("Only the host can add AI players."))
            if level not in live.game.ai_levels:
                raise BadOptions(said("AI level `{level}` is unknown. Levels: {levels}.",
                                      level=level, levels=tuple(live.game.ai_levels)))
            self._check_room(live)
            ai = SeatRecord(0, None, is_ai=True, ai_level=level)
            return await save_seats(self.matches.store, live, (*live.seats, ai))

    async def choose_deck(self, match_id: int, user_id: int, value: str) -> MatchInfo:
        """Play the deck option ``value`` from the user's seat, in a lobby of a game whose
        seats choose their decks (``Game.decks``). Under the match's lock like every lobby
        change, so a start deals either the deck chosen before it or refuses the choice."""
        async with self.matches.locked(match_id) as live:
            book = live.game.decks()
            if book is None:
                raise LobbyClosed(said("{game} is played without choosing decks.",
                                       game=live.game.title))
            if live.record.status != LOBBY:
                raise LobbyClosed(said("This match has already started; its decks are dealt."))
            seat = next((s for s in live.seats if s.user_id == user_id), None)
            if seat is None:
                raise NotSeated(said("Join the lobby first, then choose your deck."))
            name = book.option(seat.seat)
            if live.record.options.get(name) == value:
                return live.info()
            options = parse_options(live.game.options, {**live.record.options, name: value})
            live.version = await self.matches.store.set_options(live.id, live.version, options)
            live.record = replace(live.record, options=options)
            return live.info()

    async def start(self, match_id: int, user_id: int) -> list[Outbound]:
        """Deal the game (host only) and let AI seats make their opening moves."""
        async with self.matches.locked(match_id) as live:
            require_lobby(live)
            require_host(live, user_id, refusal=said("Only the host can start the match."))
            game, n = live.game, len(live.seats)
            if not game.min_players <= n <= game.max_players:
                raise BadSeatCount(said_n(
                    "{game} needs {least}–{most} players; this lobby has {n}.",
                    "{game} needs {least}–{most} players; this lobby has {n}.", n,
                    game=game.title, least=game.min_players, most=game.max_players))
            state = first_state(game, live.record)
            live.version = await self.matches.store.start_match(live.id, live.version,
                                                                state_text(game, state))
            live.state = state
            self.matches.remember(live.id, live.version, state)
            await self.turns.run(live)
            return build_outbound(game, live.id, live.seats, live.state, live.events,
                                  None, live.result, live.moves, version=live.version)

    async def cancel(self, match_id: int, user_id: int,
                     can_manage: bool = False) -> list[Outbound]:
        """Host (or, with ``can_manage``, a server manager) calls the match off."""
        async with self.matches.locked(match_id) as live:
            if live.record.status == CANCELLED:
                raise MatchOver(said("This match was already cancelled."))
            if live.record.status == FINISHED:
                raise MatchOver(said("This match is over."))
            require_host(live, user_id, can_manage, said("Only the host can cancel the match."))
            result = None
            if live.record.status == ACTIVE:
                by = "the host" if user_id == live.record.host_id else "a server manager"
                result = result_record(cancelled_result(len(live.seats), f"Called off by {by}."))
            live.version = await self.matches.store.close_match(live.id, live.version,
                                                                CANCELLED, result)
            live.record = replace(live.record, status=CANCELLED)
            return [MatchCancelled(live.id, user_id)]
