-- Parlor schema, version 8, PostgreSQL dialect of migrations/0008_events.sql: events, their
-- entrants, rounds and pairings; same columns and rules.

CREATE TABLE events (
    id             BIGSERIAL PRIMARY KEY,
    guild_id       BIGINT  NOT NULL,
    channel_id     BIGINT,
    organiser_id   BIGINT  NOT NULL,
    game           TEXT    NOT NULL,
    format         TEXT    NOT NULL,
    rounds         INTEGER NOT NULL CHECK (rounds >= 0),
    best_of        INTEGER NOT NULL DEFAULT 1 CHECK (best_of >= 1),
    max_players    INTEGER NOT NULL CHECK (max_players >= 2),
    clock          TEXT    NOT NULL DEFAULT '{}',
    round_seconds  DOUBLE PRECISION NOT NULL CHECK (round_seconds > 0),
    starts_at      DOUBLE PRECISION,
    status         TEXT    NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    round          INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    message_id     BIGINT,
    standings_id   BIGINT,
    created_at     DOUBLE PRECISION NOT NULL
);
CREATE INDEX events_by_guild ON events (guild_id, status);

CREATE TABLE entrants (
    event_id    BIGINT  NOT NULL REFERENCES events (id),
    user_id     BIGINT  NOT NULL,
    rating      DOUBLE PRECISION NOT NULL DEFAULT 0,
    joined_at   DOUBLE PRECISION NOT NULL,
    dropped_at  DOUBLE PRECISION,
    PRIMARY KEY (event_id, user_id)
);

CREATE TABLE rounds (
    event_id   BIGINT  NOT NULL REFERENCES events (id),
    number     INTEGER NOT NULL CHECK (number >= 1),
    opened_at  DOUBLE PRECISION NOT NULL,
    deadline   DOUBLE PRECISION NOT NULL,
    closed_at  DOUBLE PRECISION,
    PRIMARY KEY (event_id, number)
);

CREATE TABLE pairings (
    event_id   BIGINT  NOT NULL,
    round      INTEGER NOT NULL,
    table_no   INTEGER NOT NULL CHECK (table_no >= 1),
    first_id   BIGINT  NOT NULL,
    second_id  BIGINT,
    match_id   BIGINT  REFERENCES matches (id),
    score      DOUBLE PRECISION CHECK (score IN (0, 0.5, 1)),
    PRIMARY KEY (event_id, round, table_no),
    FOREIGN KEY (event_id, round) REFERENCES rounds (event_id, number)
);
CREATE UNIQUE INDEX pairings_by_match ON pairings (match_id) WHERE match_id IS NOT NULL;

CREATE TABLE event_settings (
    guild_id           BIGINT  PRIMARY KEY,
    organiser_role_id  BIGINT
);
