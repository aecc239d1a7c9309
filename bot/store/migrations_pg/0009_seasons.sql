-- Parlor schema, version 9, PostgreSQL dialect of migrations/0009_seasons.sql: seasons and
-- their final ratings; same columns and rules.

CREATE TABLE seasons (
    guild_id    BIGINT  NOT NULL,
    number      INTEGER NOT NULL CHECK (number >= 1),
    started_at  DOUBLE PRECISION NOT NULL,
    ends_at     DOUBLE PRECISION,
    ended_at    DOUBLE PRECISION,
    PRIMARY KEY (guild_id, number)
);
CREATE UNIQUE INDEX seasons_open ON seasons (guild_id) WHERE ended_at IS NULL;
CREATE INDEX seasons_due ON seasons (ends_at) WHERE ended_at IS NULL;

CREATE TABLE season_ratings (
    guild_id  BIGINT  NOT NULL,
    season    INTEGER NOT NULL,
    game      TEXT    NOT NULL,
    user_id   BIGINT  NOT NULL,
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL,
    ordinal   DOUBLE PRECISION NOT NULL,
    matches   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, game, user_id),
    FOREIGN KEY (guild_id, season) REFERENCES seasons (guild_id, number)
);
