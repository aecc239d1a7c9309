"""The storage interface the match service depends on; ``SqlStore`` (``sql.py``) implements it
once for SQLite and PostgreSQL.

Every method that changes a match takes the version the caller last saw and raises
``VersionConflict`` (writing nothing) when the stored version differs; a successful change
returns the new version. Each such change is one transaction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.store.records import (
    ActionRecord,
    ActionRow,
    DeadlineRecord,
    DeckRecord,
    DeliveryRecord,
    GuildSettings,
    MatchRecord,
    MessageRecord,
    NewMatch,
    RatingRecord,
    ResultRecord,
    SeatClock,
    SeatRecord,
    UndoRequestRecord,
    UserLanguage,
)


class Store(Protocol):
    async def open(self) -> None:
        """Connect and bring the schema up to date."""

    async def close(self) -> None: ...

    # Matches and seats.
    async def create_match(self, new: NewMatch) -> MatchRecord: ...

    async def get_match(self, match_id: int) -> MatchRecord | None:
        """The match, None when there is none, or ``DamagedRecord`` when its row cannot be
        read back (lists of matches leave such a match out, logging it)."""

    async def matches_of_user(self, user_id: int,
                              statuses: Sequence[str]) -> list[MatchRecord]: ...

    async def matches_in_channel(self, channel_id: int,
                                 statuses: Sequence[str]) -> list[MatchRecord]: ...

    async def save_lobby(self, match_id: int, expected_version: int,
                         seats: Sequence[SeatRecord]) -> int:
        """Replace the lobby's seats."""

    async def set_options(self, match_id: int, expected_version: int,
                          options: Mapping[str, Any]) -> int:
        """Replace the match's options (a lobby's players choosing their decks)."""

    async def start_match(self, match_id: int, expected_version: int, state: str) -> int:
        """Lobby → active with the first snapshot."""

    async def commit_move(self, match_id: int, expected_version: int, new_state: str,
                          action: ActionRow, result: ResultRecord | None = None) -> int:
        """Snapshot + log append (and, for the last move, the result) in one transaction."""

    async def update_seat(self, match_id: int, expected_version: int, seat: SeatRecord) -> int:
        """Change one seat of a running match (resignation hands it to the AI)."""

    async def close_match(self, match_id: int, expected_version: int, status: str,
                          result: ResultRecord | None = None) -> int:
        """Finish (with a result) or cancel a match without a move."""

    async def set_thread(self, match_id: int, thread_id: int | None) -> None: ...

    async def set_dm_ok(self, user_id: int, ok: bool) -> None:
        """Whether DMs reach this user, on every seat they hold in unfinished matches."""

    async def set_pause(self, match_id: int, paused_at: float | None,
                        votes: Sequence[int]) -> None:
        """The clocks' pause state and the seats voting to switch it (no version change)."""

    async def match_ids(self, status: str) -> list[int]:
        """Every match in ``status``, oldest first (the clock resumes them on start)."""

    # The action log and results.
    async def actions(self, match_id: int) -> list[ActionRecord]: ...

    async def find_action(self, match_id: int, seat: int,
                          decision_id: str) -> ActionRecord | None: ...

    async def get_result(self, match_id: int) -> ResultRecord | None: ...

    async def closed_matches(self, guild_id: int, user_id: int | None = None,
                             game: str | None = None, limit: int | None = None
                             ) -> list[tuple[MatchRecord, ResultRecord | None]]:
        """Finished and cancelled matches of a server (optionally one user's, one game's),
        the latest to close first, each with its result."""

    # Ratings (``bot.match.ratings``) and undo requests (``bot.match.undo``).
    async def unrated_results(self, guild_id: int,
                              game: str) -> list[tuple[MatchRecord, ResultRecord]]:
        """Finished matches of this server and game not folded into the ratings yet, in the
        order they ended."""

    async def get_ratings(self, guild_id: int, game: str,
                          user_ids: Sequence[int]) -> dict[int, RatingRecord]: ...

    async def save_ratings(self, match_id: int, ratings: Sequence[RatingRecord]) -> None:
        """Mark the match rated and write its players' new ratings, in one transaction.

        Each rating's ``matches`` must be one more than the stored one (or 1 for a new row),
        else ``VersionConflict`` is raised and nothing is written. A match already marked is
        left alone.
        """

    async def leaderboard(self, guild_id: int, game: str) -> list[RatingRecord]:
        """Everyone rated in this server's game: best ordinal first, then most matches."""

    async def put_undo_request(self, request: UndoRequestRecord) -> None:
        """Store (or replace) the match's open undo request."""

    async def get_undo_request(self, match_id: int) -> UndoRequestRecord | None: ...

    async def delete_undo_request(self, match_id: int) -> None: ...

    async def in_event(self, match_id: int) -> bool:
        """Whether the match is one of an event's pairings (a tournament's)."""

    # Discord bookkeeping: messages, deadlines, per-server settings.
    async def put_message(self, message: MessageRecord) -> None: ...

    async def messages(self, match_id: int, kind: str | None = None) -> list[MessageRecord]: ...

    async def put_delivery(self, delivery: DeliveryRecord) -> None:
        """Fill (or refill) a slot of a match with a message."""

    async def deliveries(self, match_id: int) -> list[DeliveryRecord]: ...

    async def ends_undelivered(self) -> list[int]:
        """Finished matches whose end notices are not all recorded: no ``end`` slot, or fewer
        ``result:<seat>`` slots than seated people, oldest first (a restart sends them).
        Matches with no slot at all ended before delivery kept slots and are left alone."""

    async def dms_failed_at(self, user_id: int) -> float | None:
        """When the person's DMs last failed (None: they have worked since, or never failed)."""

    async def set_dms_failed(self, user_id: int, at: float | None) -> None:
        """Record a failed DM at ``at``; None forgets it (a DM got through)."""

    async def put_deadline(self, deadline: DeadlineRecord) -> None: ...

    async def due_deadlines(self, now: float) -> list[DeadlineRecord]:
        """Deadlines whose ``next_at`` has come, soonest first."""

    async def delete_deadlines(self, match_id: int, decision_id: str | None = None) -> None: ...

    async def deadlines_of(self, match_ids: Sequence[int]) -> list[DeadlineRecord]:
        """Every deadline of these matches, held or running, soonest due first."""

    async def save_deadlines(self, match_id: int, put: Sequence[DeadlineRecord],
                             drop: Sequence[tuple[str, int]]) -> None:
        """Write the ``put`` rows (replacing) and delete the ``drop`` ones (decision id, seat)
        in one transaction."""

    async def advance_deadline(self, deadline: DeadlineRecord, from_stage: int) -> bool:
        """Store ``deadline``'s stage and ``next_at`` if the row is still at ``from_stage``;
        True when this call moved it (so each stage is acted on once, whoever races)."""

    async def seat_clocks(self, match_id: int) -> list[SeatClock]: ...

    async def put_seat_clock(self, seat: SeatClock) -> None: ...

    async def due_away_ends(self, now: float) -> list[SeatClock]:
        """Seats whose time away ends by ``now``, soonest first."""

    async def next_clock_at(self) -> float | None:
        """The soonest ``next_at`` of a running deadline or end of time away (None: none), so
        the scheduler sleeps exactly until something is due."""

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings, or the defaults when none were saved."""

    async def put_guild_settings(self, settings: GuildSettings) -> None: ...

    # Languages (``bot.discord.readers``).
    async def user_language(self, user_id: int) -> UserLanguage:
        """The person's latest Discord locale and chosen language (both None: never seen)."""

    async def chosen_languages(self) -> dict[int, str]:
        """Every person who chose a language, and the language."""

    async def note_locale(self, user_id: int, locale: str) -> None:
        """Remember the Discord locale of the person's latest interaction."""

    async def choose_language(self, user_id: int, chosen: str | None) -> None:
        """The person's own language (None: automatic again)."""

    # Post-game reviews (``bot.match.reviews``).
    async def get_review(self, match_id: int, seat: int) -> str | None:
        """The seat's stored review of the match (JSON), or None before its first press."""

    async def put_review(self, match_id: int, seat: int, body: str) -> None:
        """Keep the seat's review (a review computed again replaces it)."""

    # Hints (``bot.match.hints``).
    async def get_hint(self, match_id: int, seat: int, decision_id: str) -> str | None:
        """The seat's stored hint for the decision (JSON), or None before its first press."""

    async def put_hint(self, match_id: int, seat: int, decision_id: str, body: str) -> None:
        """Keep the seat's hint for the decision and, in the same transaction, count it in
        ``MatchRecord.hints`` when it is the first kept for that decision (a hint worked out
        again replaces it and is not counted twice)."""

    # Work that two processes could start at once (``bot.match.claims``).
    async def claim_work(self, match_id: int, seat: int, work: str, owner: str,
                         seconds: float) -> bool:
        """Claim the seat's ``work`` for ``owner`` for ``seconds`` from now, atomically across
        processes: True when it was free, its claim had lapsed, or ``owner`` held it already
        (the claim is renewed); False while another owner's claim runs."""

    async def release_work(self, match_id: int, seat: int, work: str, owner: str) -> None:
        """End ``owner``'s claim on the seat's ``work`` (nothing when another holds it now)."""

    # Saved decks (``bot.match.decks``).
    async def save_deck(self, deck: DeckRecord) -> None:
        """Store the user's deck under its name, replacing one of the same name (case aside)
        but keeping when it was first saved."""

    async def get_deck(self, user_id: int, game: str, name: str) -> DeckRecord | None:
        """The user's deck of that name, case aside."""

    async def decks_of(self, user_id: int, game: str) -> list[DeckRecord]:
        """The user's saved decks of a game, ordered by name (case aside)."""

    async def delete_deck(self, user_id: int, game: str, name: str) -> bool:
        """Forget the user's deck of that name; True when there was one."""
